"""Speed of `scorekeeper season check` over a whole season, against a baseline measured in the
same run.

    python benchmarks/bench_season.py [--players 100 --rounds 4 --events 10] [--runs 3] [--strict]

A King season of three unions is written to a temporary folder by tools/season_maker.py: each
union `events` regional events of `players` players over `rounds` rounds (players/4 tables a
round): by default ten events of 100 tables each a union, 3,000 sheets (issue 27). `season check`
reads the registries, every event's tournament file and sheets, resolves every name and ranks
each union's race; it is timed against parsing the same files (sheets, tournament files and
registries) with yaml.CSafeLoader (target 1.5x). Both run as fresh processes, alternately; the
best CPU time of each is the verdict (bench_check.py says why). Not a test: CI prints the ratio
and never fails on it; --strict exits 1 when it is over its target.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tools"))

from bench_check import PARSE_ONLY, paired, report, scorekeeper_command  # noqa: E402
from season_maker import make_season  # noqa: E402

UNIONS = ("norte", "centro", "sul-e-ilhas")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--events", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        season = make_season(
            folder, dict.fromkeys(UNIONS, args.players), rounds=args.rounds, events_per_union=args.events
        )
        files = sorted(str(path) for path in folder.rglob("*.yaml"))
        sheets = sum(1 for path in files if "/r" in path and "-mesa" in path)
        ok = report(
            f"season check of {sheets:,} sheets / parse every file with CSafeLoader",
            *paired(
                [*scorekeeper_command(), "season", "check", str(season)],
                [sys.executable, "-c", PARSE_ONLY, *files],
                args.runs,
            ),
            1.5,
        )
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # as bench_check.py: the bytecode an install has
    sys.exit(main())
