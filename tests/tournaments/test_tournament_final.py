"""Groups to the final (RULINGS TN5, issue 18 points 3 and 4): Sueca tournaments in one, two,
three and four groups drawn with `tournament draw` to their semi-finals and final, and the
standings that end with the final.

Every game here is a sweep: three deals of all ten tricks (4 points each, S2), so the winner
closes three mocas of 4 (S3) and writes 12 game points, the loser none (S5). A group win is 3
points (S5). Within a group the team listed first beats every other, the second every other but
the first, and so on: in a group of four, 9, 6, 3 and 0 points; mocas 9, 6, 3, 0; game points
36, 24, 12, 0. No tie anywhere, so S5's criteria are never reached."""

from __future__ import annotations

import json
import pathlib

import pytest
import yaml
from conftest import run

TEAMS = {
    "Nos": "Ana,Bruno",
    "Eles": "Carla,Duarte",
    "Ases": "Eva,Rui",
    "Copas": "Gil,Helena",
    "Trunfo": "Ines,Jorge",
    "Espadas": "Luis,Marta",
    "Ouros": "Nuno,Olga",
    "Paus": "Paulo,Rita",
    "Reis": "Sara,Tiago",
    "Damas": "Ursula,Vasco",
    "Valetes": "Xavier,Zita",
    "Setes": "Alice,Bento",
}
SWEEP = {"points": [120, 0], "all_tricks": True}


def new_tournament(folder: pathlib.Path, groups: dict[str, list[str]]) -> pathlib.Path:
    path = folder / "torneio.yaml"
    args = ["tournament", "new", "sueca", "--name", "Torneio de Sueca 2026", "-o", path]
    for team in (t for members in groups.values() for t in members):
        args += ["-t", f"{team}={TEAMS[team]}"]
    for group, members in groups.items():
        args += ["--group", f"{group}={','.join(members)}"]
    created = run(*args)
    assert created.exit_code == 0, created.output
    return path


def play(path: pathlib.Path, winner) -> None:
    """Each match of the file's last round swept by `winner(first, second)` (module docstring)."""
    last = yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"][-1]
    for match in last["matches"]:
        sheet = path.parent / match["sheet"]
        doc = yaml.safe_load(sheet.read_text(encoding="utf-8"))
        first, second = list(doc["teams"])
        won = winner(first, second)
        deal = dict(SWEEP, points=[120, 0] if won == first else [0, 120])
        doc["deals"] = [deal] * 3
        sheet.write_text(yaml.safe_dump(doc, sort_keys=False, default_flow_style=None), encoding="utf-8")


def by_order(groups: dict[str, list[str]]):
    """The team listed first in its group beats every other (the module docstring)."""
    rank = {team: index for members in groups.values() for index, team in enumerate(members)}
    return lambda first, second: first if rank[first] < rank[second] else second


def draw(path, *args) -> str:
    drawn = run("tournament", "draw", path, *args)
    assert drawn.exit_code == 0, drawn.output
    return drawn.output


def group_phase(path, groups) -> None:
    rounds = max(len(members) - (len(members) % 2 == 0) for members in groups.values())
    for _round in range(rounds):
        draw(path)
        play(path, by_order(groups))


def standings_json(path) -> list[dict]:
    done = run("tournament", "standings", path, "--format", "json")
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


TWO = {"A": ["Nos", "Eles", "Ases", "Copas"], "B": ["Trunfo", "Espadas", "Ouros", "Paus"]}


def test_two_groups_cross_their_first_two_to_the_semi_finals_and_end_with_the_final(tmp_path):
    path = new_tournament(tmp_path, TWO)
    group_phase(path, TWO)  # three rounds of four matches, two in each group
    # A: Nos 9, Eles 6, Ases 3, Copas 0; B: Trunfo 9, Espadas 6, Ouros 3, Paus 0. TN5: A1 v B2,
    # B1 v A2, so that no group's teams meet again before the final.
    semis = draw(path)
    assert semis == (
        f"Round 4 drawn into {path}:\n"
        "  Match 1: Nos v Espadas (r4-mesa1.yaml)\n"
        "  Match 2: Trunfo v Eles (r4-mesa2.yaml)\n"
    )
    # Espadas beat Nos, Trunfo beat Eles; the final is the first semi-final's winner against the second's.
    play(path, lambda first, second: {"Nos": "Espadas", "Trunfo": "Trunfo"}[first])
    assert draw(path) == (f"Round 5 drawn into {path}:\n  Match 1: Espadas v Trunfo (r5-mesa1.yaml)\n")
    before = standings_json(path)  # the final not yet played: the group phase, each team's stage
    assert [(r["place"], r["team"], r["stage"]) for r in before] == [
        (1, "Nos", "semi"),
        (2, "Eles", "semi"),
        (3, "Ases", "group"),
        (4, "Copas", "group"),
        (1, "Trunfo", "final"),
        (2, "Espadas", "final"),
        (3, "Ouros", "group"),
        (4, "Paus", "group"),
    ]
    play(path, lambda first, second: "Trunfo")
    # TN5: Trunfo won the final, Espadas lost it; Nos and Eles, the semi-finals' losers, share
    # 3rd (in the group phase's order); then the others by group, then by place: Ases, Copas
    # (group A), Ouros, Paus (group B).
    rows = standings_json(path)
    assert [
        (r["place"], r["team"], r["group"], r["stage"], r["points"], r["mocas"], r["game_points"], r["decided_by"])
        for r in rows
    ] == [
        (1, "Trunfo", "B", "final", 9, 9, 36, "won the final"),
        (2, "Espadas", "B", "final", 6, 6, 24, "reached the final"),
        (3, "Nos", "A", "semi", 9, 9, 36, "tied"),
        (3, "Eles", "A", "semi", 6, 6, 24, "reached the semi-finals"),
        (5, "Ases", "A", "group", 3, 3, 12, "points"),
        (6, "Copas", "A", "group", 0, 0, 0, "by group"),
        (7, "Ouros", "B", "group", 3, 3, 12, "points"),
        (8, "Paus", "B", "group", 0, 0, 0, None),
    ]
    table = run("tournament", "standings", path)
    assert table.exit_code == 0 and table.stderr == ""
    assert table.stdout == (
        "place  team     group  stage        points  played  wins  mocas  game pts  decided by\n"
        "-----  -------  -----  -----------  ------  ------  ----  -----  --------  -----------------------\n"
        "1      Trunfo   B      final             9       3     3      9        36  won the final\n"
        "2      Espadas  B      final             6       3     2      6        24  reached the final\n"
        "3      Nos      A      semi-final        9       3     3      9        36  tied\n"
        "3      Eles     A      semi-final        6       3     2      6        24  reached the semi-finals\n"
        "5      Ases     A      group phase       3       3     1      3        12  points\n"
        "6      Copas    A      group phase       0       3     0      0         0  by group\n"
        "7      Ouros    B      group phase       3       3     1      3        12  points\n"
        "8      Paus     B      group phase       0       3     0      0         0\n"
    )
    csv = run("tournament", "standings", path, "--format", "csv").stdout.splitlines()
    assert csv[0] == "place,team,group,stage,points,played,wins,mocas,game pts,decided by"
    assert csv[1] == "1,Trunfo,B,final,9,3,3,9,36,won the final"
    assert csv[3] == "3,Nos,A,semi,9,3,3,9,36,tied"
    assert run("tournament", "draw", path).output == f"Error: {path}: the final is drawn: the tournament is over\n"


@pytest.mark.parametrize(
    "language, words",
    [
        ("pt_PT", ("lugar", "fase", "meias-finais", "venceu a final", "chegou às meias-finais", "por grupo")),
        ("pt_BR", ("lugar", "fase", "semifinal", "venceu a final", "chegou às semifinais", "por grupo")),
    ],
)
def test_the_final_standings_speak_the_language_in_use(tmp_path, language, words):
    path = new_tournament(tmp_path, TWO)
    group_phase(path, TWO)
    draw(path)
    play(path, lambda first, second: {"Nos": "Espadas", "Trunfo": "Trunfo"}[first])
    draw(path)
    play(path, lambda first, second: "Trunfo")
    shown = run("--lang", language, "tournament", "standings", path).stdout
    for word in words:
        assert word in shown, (language, word)
    for english in ("won the final", "semi-final", "group phase", "by group"):
        assert english not in shown, (language, english)


FOUR = {
    "A": ["Nos", "Eles", "Ases", "Copas"],
    "B": ["Trunfo", "Espadas", "Ouros"],
    "C": ["Paus", "Reis", "Damas"],
    "D": ["Valetes", "Setes"],
}


def test_four_groups_send_their_winners_seeded_by_points(tmp_path):
    path = new_tournament(tmp_path, FOUR)
    group_phase(path, FOUR)  # three rounds: A's round robin of four, B's and C's of three (one rests), D's one game
    # The winners: Nos 9 points (A: three wins), Trunfo and Paus 6 (two wins each, 6 mocas, 24
    # game points: equal, seeds 2 and 3, which meet whichever is 2nd), Valetes 3 (one win).
    # TN5: 1 v 4 and 2 v 3.
    assert draw(path) == (
        f"Round 4 drawn into {path}:\n"
        "  Match 1: Nos v Valetes (r4-mesa1.yaml)\n"
        "  Match 2: Trunfo v Paus (r4-mesa2.yaml)\n"
    )
    play(path, lambda first, second: first)
    assert "Match 1: Nos v Trunfo (r5-mesa1.yaml)" in draw(path)
    play(path, lambda first, second: second)
    rows = standings_json(path)
    # Trunfo 1st, Nos 2nd, the semi-finals' losers 3rd in the group phase's order (the file's
    # groups: C's Paus before D's Valetes), then the others by group, then by place.
    assert [(r["place"], r["team"], r["stage"]) for r in rows] == [
        (1, "Trunfo", "final"),
        (2, "Nos", "final"),
        (3, "Paus", "semi"),
        (3, "Valetes", "semi"),
        (5, "Eles", "group"),
        (6, "Ases", "group"),
        (7, "Copas", "group"),
        (8, "Espadas", "group"),
        (9, "Ouros", "group"),
        (10, "Reis", "group"),
        (11, "Damas", "group"),
        (12, "Setes", "group"),
    ]


def test_four_groups_whose_winners_cannot_be_seeded_are_the_organisers(tmp_path):
    groups = {"A": ["Nos", "Eles"], "B": ["Ases", "Copas"], "C": ["Trunfo", "Espadas"], "D": ["Ouros", "Paus"]}
    path = new_tournament(tmp_path, groups)
    group_phase(path, groups)
    # Four winners of one game each: 3 points, 3 mocas, 12 game points: TN5 cannot seed them.
    refused = run("tournament", "draw", path)
    assert refused.exit_code == 2
    assert refused.output == (
        f"Error: {path}: the semi-finals wait for the organiser: the group winners 'Nos' and 'Ases' are equal on "
        "every number that seeds them (TN5); write the semi-finals into the file: - {stage: semi, matches: "
        "[{teams: [TEAM, TEAM], sheet: r2-mesa1.yaml}, {teams: [TEAM, TEAM], sheet: r2-mesa2.yaml}]}\n"
    )


THREE = {"A": ["Nos", "Eles"], "B": ["Ases", "Copas"], "C": ["Trunfo", "Espadas"]}
THREE_REFUSED = (
    "the semi-finals are drawn from one, two or four groups (TN5), and this tournament has 3: the "
    "organiser writes them as the file's next round, - {stage: semi, matches: [{teams: [TEAM, TEAM], "
    "sheet: r2-mesa1.yaml}, {teams: [TEAM, TEAM], sheet: r2-mesa2.yaml}]}, and `tournament draw` "
    "draws the final"
)


def test_three_groups_are_refused_with_the_round_the_organiser_writes(tmp_path):
    path = new_tournament(tmp_path, THREE)
    group_phase(path, THREE)
    before = path.read_text(encoding="utf-8")
    refused = run("tournament", "draw", path)
    assert refused.exit_code == 2
    assert refused.output == f"Error: {path}: {THREE_REFUSED}\n"
    assert path.read_text(encoding="utf-8") == before and not (tmp_path / "r2-mesa1.yaml").exists()
    # The organiser writes the round the message gives (his choice of teams), its sheets, and
    # the final is drawn from it.
    written = (
        "  - {stage: semi, matches: [{teams: [Nos, Trunfo], sheet: r2-mesa1.yaml}, "
        "{teams: [Ases, Espadas], sheet: r2-mesa2.yaml}]}\n"
    )
    path.write_text(before + written, encoding="utf-8")
    for number, (first, second) in enumerate((("Nos", "Trunfo"), ("Ases", "Espadas")), start=1):
        created = run(
            "new",
            "sueca",
            "-t",
            f"{first}={TEAMS[first]}",
            "-t",
            f"{second}={TEAMS[second]}",
            "-o",
            tmp_path / f"r2-mesa{number}.yaml",
        )
        assert created.exit_code == 0, created.output
    play(path, lambda first, second: first)
    assert "Match 1: Nos v Ases (r3-mesa1.yaml)" in draw(path)


@pytest.mark.parametrize(
    "language, said",
    [
        (
            "pt_PT",
            "as meias-finais sorteiam-se de um, dois ou quatro grupos (TN5), e este torneio tem 3: a organização "
            "escreve-as como a próxima ronda do ficheiro, - {stage: semi, matches: [{teams: [EQUIPA, EQUIPA], "
            "sheet: r2-mesa1.yaml}, {teams: [EQUIPA, EQUIPA], sheet: r2-mesa2.yaml}]}, e `tournament draw` "
            "sorteia a final",
        ),
        (
            "pt_BR",
            "as semifinais são sorteadas de um, dois ou quatro grupos (TN5), e este torneio tem 3: a organização "
            "as escreve como a próxima rodada do arquivo, - {stage: semi, matches: [{teams: [EQUIPE, EQUIPE], "
            "sheet: r2-mesa1.yaml}, {teams: [EQUIPE, EQUIPE], sheet: r2-mesa2.yaml}]}, e `tournament draw` "
            "sorteia a final",
        ),
    ],
)
def test_three_groups_refused_in_the_language_in_use(tmp_path, language, said):
    path = new_tournament(tmp_path, THREE)
    group_phase(path, THREE)
    refused = run("--lang", language, "tournament", "draw", path)
    assert refused.exit_code == 2
    assert refused.output.endswith(f"{path}: {said}\n")
