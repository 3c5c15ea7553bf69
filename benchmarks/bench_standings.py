"""Speed of `scorekeeper tournament standings` over a season, against a baseline measured in the
same run.

    python benchmarks/bench_standings.py [--players 400] [--rounds 25] [--runs 3] [--strict]

A King season of `players` players over `rounds` rounds (players/4 tables a round: 400 players
over 25 rounds are 2,500 sheets, the most a tournament file names since issue 16; issue 10's
10,000 sheets are refused up front now) is written to a temporary folder: the tournament file
and every table's complete sheet (the example final played by that table). The time bound at
the limits is measured by bench_tournament.py. The standings of the season are timed against parsing the
same sheets with yaml.CSafeLoader (target 2x). Both run as fresh processes, alternately; the
best time of each counts. Not a test: the machine's load moves the numbers; --strict exits 1
when the ratio is over its target.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_check import PARSE_ONLY, paired, report, scorekeeper_command  # noqa: E402

EXAMPLE = HERE.parent / "examples" / "king-final-nacional-mesa1.yaml"


def make_season(folder: pathlib.Path, players: int, rounds: int) -> tuple[pathlib.Path, list[str]]:
    """The tournament file and its sheets: each round seats the players in tables of four by a
    rotation, each table's sheet the example game played by its four."""
    text = EXAMPLE.read_text(encoding="utf-8")
    game = text[text.index("hands:") :]
    for index, name in enumerate(["Ana", "Bruno", "Carla", "Duarte"]):
        game = re.sub(rf"\b{name}\b", f"@{index}@", game)
    names = [f"P{number:04d}" for number in range(players)]
    lines = ["tournament: Benchmark season", "rules: king", f"players: [{', '.join(names)}]", "rounds:"]
    paths = []
    for round_ in range(1, rounds + 1):
        shift = (round_ * 7) % players
        order = names[shift:] + names[:shift]
        step = 1 + round_ % 3
        order = order[::step] + [n for n in order if n not in set(order[::step])]
        lines.append("  - tables:")
        for table in range(players // 4):
            four = order[table * 4 : table * 4 + 4]
            sheet = f"r{round_}-mesa{table + 1}.yaml"
            hands = game
            for index, name in enumerate(four):
                hands = hands.replace(f"@{index}@", name)
            (folder / sheet).write_text(f"rules: king\nplayers: [{', '.join(four)}]\n{hands}", encoding="utf-8")
            lines.append(f"      - {{table: {table + 1}, players: [{', '.join(four)}], sheet: {sheet}}}")
            paths.append(str(folder / sheet))
    path = folder / "season.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        season, sheets = make_season(pathlib.Path(tmp), args.players, args.rounds)
        ok = report(
            f"standings of {len(sheets):,} sheets / parse them with CSafeLoader",
            *paired(
                [*scorekeeper_command(), "tournament", "standings", str(season), "--format", "json"],
                [sys.executable, "-c", PARSE_ONLY, *sheets],
                args.runs,
            ),
            2.0,
        )
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "0")
    sys.exit(main())
