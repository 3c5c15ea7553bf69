"""Speed of `scorekeeper tournament standings` over a season, against a baseline measured in the
same run.

    python benchmarks/bench_standings.py [--players 400 --rounds 25] [--runs 3] [--strict]

A King season of `players` players over `rounds` rounds (players/4 tables a round) is written to
a temporary folder: the tournament file and every table's complete sheet (the example final
played by that table). With no --players and --rounds, two seasons of 2,500 sheets, the most a
tournament file names since issue 16: 400 players over 25 rounds, and 2,000 players over 5
rounds (issue 26). The time bound at the limits is measured by bench_tournament.py. The
standings of each season are timed against parsing the same sheets with yaml.CSafeLoader
(target 1.5x). Both run as fresh processes, alternately; the best time of each counts, CPU
time the verdict and wall time beside it (bench_check.py says why). Not a test: CI prints the
ratio and never fails on it; --strict exits 1 when it is over its target.
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


SEASONS = ((400, 25), (2000, 5))  # players, rounds: 2,500 sheets each


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int)
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    seasons = SEASONS
    if args.players is not None or args.rounds is not None:
        seasons = ((args.players or 400, args.rounds or 25),)
    ok = True
    for players, rounds in seasons:
        with tempfile.TemporaryDirectory() as tmp:
            season, sheets = make_season(pathlib.Path(tmp), players, rounds)
            ok &= report(
                f"standings of {len(sheets):,} sheets ({players:,} x {rounds}) / parse them with CSafeLoader",
                *paired(
                    [*scorekeeper_command(), "tournament", "standings", str(season), "--format", "json"],
                    [sys.executable, "-c", PARSE_ONLY, *sheets],
                    args.runs,
                ),
                1.5,
            )
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # as bench_check.py: the bytecode an install has
    sys.exit(main())
