"""A King season written to a folder, for the tests, the benchmarks and the docs: each union's
registry, one or more regional events per union (King tournaments whose tables' sheets are
complete, clean games: the example boletins played by other names), and the season file.

    from season_maker import make_season
    season = make_season(folder, {"norte": 12, "centro": 8, "sul-e-ilhas": 16})

Every union's players are `count` members (a multiple of four), members from 2020-01-01;
`lapsed` names members whose membership has a gap in the season (TN8). Each event seats its
players in tables of four by a rotation, so the points differ from player to player.
"""

from __future__ import annotations

import datetime
import itertools
import pathlib
import re

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
GAMES = ("king-final-nacional-mesa1.yaml", "king-final-nacional-mesa2.yaml")

FIRST = (
    "José",
    "Maria",
    "João",
    "Ana",
    "Manuel",
    "Joana",
    "Rui",
    "Inês",
    "Carlos",
    "Sofia",
    "Pedro",
    "Marta",
    "Luís",
    "Rita",
    "Paulo",
    "Teresa",
    "Nuno",
    "Helena",
    "Jorge",
    "Graça",
)
LAST = (
    "Magalhães",
    "Sousa",
    "Pires",
    "Costa",
    "Ferreira",
    "Gonçalves",
    "Martins",
    "Rodrigues",
    "Lopes",
    "Almeida",
    "Ribeiro",
    "Carvalho",
    "Teixeira",
    "Moreira",
    "Correia",
    "Mendes",
    "Nunes",
    "Soares",
    "Vieira",
    "Monteiro",
)
UNION_NAMES = {
    "norte": "Sindicato dos Bancários do Norte",
    "centro": "Sindicato dos Bancários do Centro",
    "sul-e-ilhas": "Sindicato dos Bancários do Sul e Ilhas",
}


def _games() -> list[tuple[str, tuple[str, ...]]]:
    """The example games' hands, each with its players' names as written."""
    found = []
    for name in GAMES:
        text = (EXAMPLES / name).read_text(encoding="utf-8")
        seats = re.search(r"^players: \[(.*)\]$", text, re.M).group(1).split(", ")
        found.append((text[text.index("hands:") :], tuple(seats)))
    return found


def person_names() -> list[str]:
    """Distinct full names, in a fixed order: the first and last names crossed, then a middle one."""
    pairs = [f"{first} {last}" for last, first in itertools.product(LAST, FIRST)]
    return pairs + [f"{first} {middle} {last}" for first, middle, last in itertools.product(FIRST, LAST, LAST)]


def played(game: tuple[str, tuple[str, ...]], four: list[str]) -> str:
    hands, seats = game
    for index, seat in enumerate(seats):
        hands = re.sub(rf"\b{re.escape(seat)}\b", f"@{index}@", hands)
    for index, name in enumerate(four):
        hands = hands.replace(f"@{index}@", name)
    return hands


def write_event(folder: pathlib.Path, title: str, players: list[str], rounds: int, salt: int = 0) -> pathlib.Path:
    """A King tournament of `players` (a multiple of four) over `rounds`, every sheet complete."""
    folder.mkdir(parents=True, exist_ok=True)
    games = _games()
    lines = [f"tournament: {title}", "rules: king", f"players: [{', '.join(players)}]", "rounds:"]
    count = len(players)
    for round_ in range(1, rounds + 1):
        shift = (round_ * 5 + salt) % count
        order = players[shift:] + players[:shift]
        step = 1 + (round_ + salt) % 3
        order = order[::step] + [name for name in order if name not in set(order[::step])]
        lines.append("  - tables:")
        for table in range(count // 4):
            four = order[table * 4 : table * 4 + 4]
            sheet = f"r{round_}-mesa{table + 1}.yaml"
            game = games[(table + round_ + salt) % len(games)]
            header = f"rules: king\nplayers: [{', '.join(four)}]\nevent: {title}\ntable: {table + 1}\nround: {round_}\n"
            (folder / sheet).write_text(header + played(game, four), encoding="utf-8")
            lines.append(f"      - {{table: {table + 1}, players: [{', '.join(four)}], sheet: {sheet}}}")
    path = folder / "torneio.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def write_registry(folder: pathlib.Path, union: str, members: list[tuple[str, str, list[tuple[str, str | None]]]]):
    """registry/UNION.yaml: (id, name, [(from, to or None)]) per member."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f"union: {union}", f"name: {UNION_NAMES.get(union, union)}", "members:"]
    for member_id, name, periods in members:
        spans = ", ".join("{from: " + start + ("" if end is None else f", to: {end}") + "}" for start, end in periods)
        lines.append(f"  - {{id: {member_id}, name: {name}, membership: [{spans}]}}")
    path = folder / f"{union}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def make_season(
    folder: pathlib.Path,
    players: dict[str, int],
    rounds: int = 3,
    events_per_union: int = 1,
    starts: datetime.date = datetime.date(2027, 1, 1),
    lapsed: tuple[str, ...] = (),
) -> pathlib.Path:
    """The season file of a season written under `folder` (see the module's docstring)."""
    folder = pathlib.Path(folder)
    names = iter(person_names())
    lines = [
        "season: Interbancário de King 2027",
        "rules: king-interbancario",
        f"starts: {starts.isoformat()}",
        "registries: [" + ", ".join(f"registry/{union}.yaml" for union in players) + "]",
        "events:",
    ]
    for number, (union, count) in enumerate(players.items()):
        members = []
        for index in range(1, count + 1):
            member_id = f"{union[0].upper()}{index:04d}"
            periods = [("2020-01-01", None)]
            if member_id in lapsed:  # TN8: out for February of the season
                periods = [("2020-01-01", f"{starts.year}-01-31"), (f"{starts.year}-03-01", None)]
            members.append((member_id, next(names), periods))
        write_registry(folder / "registry", union, members)
        for event in range(1, events_per_union + 1):
            day = starts + datetime.timedelta(days=60 + 7 * event + number)
            title = f"Regional {union} {event}"
            path = write_event(folder / union / f"e{event}", title, [name for _, name, _ in members], rounds, event)
            relative = path.relative_to(folder).as_posix()
            lines.append(f"  - {{file: {relative}, phase: regional, union: {union}, date: {day.isoformat()}}}")
    path = folder / "season.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
