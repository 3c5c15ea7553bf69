"""Tournament commands at the tournament file's limits (issue 16): each should take under 10 CPU
seconds, or be refused up front.

    python benchmarks/bench_tournament.py [--strict] [--only NAME]

Cases, each written to a temporary folder and run as a fresh `scorekeeper` process:
  season-34      the issue's file: 2,000 players, 34 drawn rounds of 500 tables, no sheets
                 (992 KB): check, standings, draw, and export (refused: 68,000 seats);
  sheets-2500    2,000 players over 5 rounds, every table's sheet a played King game (the most
                 sheets a file names): check, standings;
  workbook       the championship workbook at its limits (100 tables' sheets, 4,000 seats): export;
  dense-3mib     the sheets a command reads at most (3 MiB) as dense as YAML gets: 48 sheets of
                 64 KiB of hands, each refused for its length after it is parsed: check.
CPU seconds (user and system) are what the machine's other work moves least; wall seconds are
printed beside them. Not a test (tests/attacks/test_attack_tournament.py times the first three with a
generous bound); --strict exits 1 when a command takes 10 CPU seconds or more.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import resource
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "examples" / "king-final-nacional-mesa1.yaml"
TARGET = 10.0
COMMAND = [sys.executable, "-c", "from scorekeeper.launch import main; main()"]


def timed(args: list, cwd: pathlib.Path) -> tuple[float, float, int, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run([*COMMAND, *map(str, args)], cwd=cwd, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, wall, done.returncode, (done.stderr.strip().splitlines() or [""])[-1]


def season(path: pathlib.Path, rounds: int, sheets: bool) -> list[tuple[int, int, list[str]]]:
    """2,000 players over `rounds` rounds of 500 tables of four (seeded); the tables."""
    rng = random.Random(34)
    names = [f"P{number}" for number in range(1, 2001)]
    lines = ["tournament: Nacional", "rules: king", f"players: [{', '.join(names)}]", "rounds:"]
    tables = []
    for number in range(1, rounds + 1):
        order = rng.sample(names, len(names))
        lines += [f"  - seed: {number}", "    tables:"]
        for table in range(1, 501):
            four = order[4 * table - 4 : 4 * table]
            sheet = f", sheet: r{number}-mesa{table}.yaml" if sheets else ""
            lines.append(f"      - {{table: {table}, players: [{', '.join(four)}]{sheet}}}")
            tables.append((number, table, four))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tables


def played(folder: pathlib.Path, number: int, table: int, four: list[str]) -> None:
    """The example final's game, played by `four`, as table `table` of round `number`."""
    text = EXAMPLE.read_text(encoding="utf-8")
    hands = text[text.index("hands:") :]
    for seat, name in enumerate(["Ana", "Bruno", "Carla", "Duarte"]):
        hands = hands.replace(name, f"@{seat}@")
    for seat, name in enumerate(four):
        hands = hands.replace(f"@{seat}@", name)
    (folder / f"r{number}-mesa{table}.yaml").write_text(
        f"rules: king\nplayers: [{', '.join(four)}]\nevent: Nacional\ntable: {table}\nround: {number}\n{hands}",
        encoding="utf-8",
    )


def case_season(folder: pathlib.Path) -> list:
    path = folder / "t.yaml"
    season(path, 34, sheets=False)
    return [
        timed(["tournament", "export", path, "-o", folder / "t.xlsx"], folder),
        timed(["tournament", "check", path], folder),
        timed(["tournament", "standings", path, "--format", "json"], folder),
        timed(["tournament", "draw", path, "--force", "--seed", "1"], folder),
    ]


def case_sheets(folder: pathlib.Path) -> list:
    path = folder / "t.yaml"
    for number, table, four in season(path, 5, sheets=True):
        played(folder, number, table, four)
    return [
        timed(["tournament", "check", path], folder),
        timed(["tournament", "standings", path, "--format", "json"], folder),
    ]


def case_workbook(folder: pathlib.Path) -> list:
    path = folder / "t.yaml"
    tables = season(path, 2, sheets=False)
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, table, four in tables[:100]:  # round 1's first 100 tables are played and handed in
        played(folder, number, table, four)
        index = lines.index(f"      - {{table: {table}, players: [{', '.join(four)}]}}")
        lines[index] = lines[index][:-1] + f", sheet: r{number}-mesa{table}.yaml}}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [timed(["tournament", "export", path, "-o", folder / "t.xlsx"], folder)]


def case_dense(folder: pathlib.Path) -> list:
    path = folder / "t.yaml"
    entry = "  - {hand: vazas, counts: {A: 1, B: 4, C: 4, D: 4}}\n"
    body = "rules: king\nplayers: [A, B, C, D]\nhands:\n" + entry * ((64 * 1024 - 40) // len(entry))
    rounds = []
    for number in range(1, 49):
        (folder / f"s{number}.yaml").write_text(body, encoding="utf-8")
        rounds.append(f"  - tables: [{{table: 1, players: [A, B, C, D], sheet: s{number}.yaml}}]")
    path.write_text(
        "tournament: T\nrules: king\nplayers: [A, B, C, D]\nrounds:\n" + "\n".join(rounds) + "\n", encoding="utf-8"
    )
    return [timed(["tournament", "check", path], folder)]


CASES = {
    "season-34": (case_season, ["export (refused)", "check", "standings", "draw"]),
    "sheets-2500": (case_sheets, ["check", "standings"]),
    "workbook": (case_workbook, ["export"]),
    "dense-3mib": (case_dense, ["check"]),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--only", choices=sorted(CASES))
    args = parser.parse_args()
    slow = False
    for name, (case, commands) in CASES.items():
        if args.only and name != args.only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            for command, (cpu, wall, code, said) in zip(commands, case(pathlib.Path(tmp))):
                slow = slow or cpu >= TARGET
                mark = "ok" if cpu < TARGET else "SLOW"
                print(f"{name:12} {command:17} {cpu:6.2f} CPU s {wall:7.2f} s  exit {code}  {mark}  {said[:90]}")
    return 1 if slow and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
