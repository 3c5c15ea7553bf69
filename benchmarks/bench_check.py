"""Speed of `scorekeeper check` against baselines measured in the same run.

    python benchmarks/bench_check.py [--sheets 2000] [--runs 15] [--strict]

Prints, for each measure, our time, the baseline's, and the ratio against its target:
  1. `scorekeeper check one.yaml` vs `python -c "import click, yaml"` (target 1.3x)
  2. checking N sheets in one call vs parsing the same files with yaml.CSafeLoader (target 2x)
  3. `scorekeeper record` of one hand, on the record (its journal beside the sheet) vs
     `scorekeeper check` of the same sheet (target 1.5x: the journal must not be what makes it slow)
  4. whether checking or recording a YAML sheet imports openpyxl or tabulate (target: no)
Both sides of each ratio run as fresh processes, as a scorer would run them, alternately;
the best time of each counts. Not a test: the machine's load moves the numbers; --strict
exits 1 when a ratio is over its target.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "examples" / "king-final-nacional-mesa1.yaml"


def scorekeeper_command() -> list[str]:
    exe = shutil.which("scorekeeper")
    return [exe] if exe else [sys.executable, "-m", "scorekeeper"]


def paired(ours: list[str], baseline: list[str], runs: int) -> tuple[float, float]:
    """The best wall time of each command over `runs` runs, the two alternating (after one
    warm-up each), so that a change in the machine's load hits both sides alike."""
    for command in (ours, baseline):
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    best = [float("inf"), float("inf")]
    for _ in range(runs):
        for side, command in enumerate((ours, baseline)):
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            best[side] = min(best[side], time.perf_counter() - start)
    return best[0], best[1]


def make_sheets(folder: pathlib.Path, count: int) -> list[str]:
    """`count` different valid sheets: the example final with its vazas hand dealt anew."""
    text = EXAMPLE.read_text(encoding="utf-8")
    rng = random.Random(7)
    paths = []
    for index in range(count):
        a = rng.randint(0, 13)
        b = rng.randint(0, 13 - a)
        c = rng.randint(0, 13 - a - b)
        sheet = text.replace("counts: [3, 2, 1, 7]", f"counts: [{a}, {b}, {c}, {13 - a - b - c}]")
        path = folder / f"mesa{index:04d}.yaml"
        path.write_text(sheet.replace("table: 1", f"table: {index + 1}"), encoding="utf-8")
        paths.append(str(path))
    return paths


PARSE_ONLY = (
    "import sys, yaml\n"
    "for name in sys.argv[1:]:\n"
    "    with open(name, encoding='utf-8') as handle:\n"
    "        yaml.load(handle.read(), Loader=yaml.CSafeLoader)\n"
)

IMPORT_PROBE = (
    "import sys\nfrom scorekeeper.cli import cli\n"
    "try:\n    cli.main(sys.argv[1:], standalone_mode=False)\nexcept SystemExit:\n    pass\n"
    "print(','.join(m for m in ('openpyxl', 'tabulate') if m in sys.modules) or 'none')\n"
)


def record_vs_check(command: list[str], folder: pathlib.Path, runs: int) -> tuple[float, float]:
    """The best wall time of `record` of one hand into a fresh copy of a sheet whose folder
    has its journal (as after `new`), and of `check` of that sheet, alternating."""
    sheet = folder / "journalled.yaml"
    fresh = "rules: king\nplayers: [A, B, C, D]\nhands: []\n"
    sheet.write_text(fresh, encoding="utf-8")
    record = [*command, "record", str(sheet), "vazas", "3", "3", "3", "4"]
    subprocess.run(record, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # makes the journal; warms up
    best = [float("inf"), float("inf")]
    for _ in range(runs):
        sheet.write_text(fresh, encoding="utf-8")
        start = time.perf_counter()
        subprocess.run(record, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best[0] = min(best[0], time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run([*command, "check", str(sheet)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best[1] = min(best[1], time.perf_counter() - start)
    if "vazas" not in sheet.read_text(encoding="utf-8"):
        raise SystemExit("record did not record the hand")
    return best[0], best[1]


def report(label: str, ours: float, base: float, target: float) -> bool:
    ratio = ours / base
    verdict = "ok" if ratio <= target else "OVER"
    print(
        f"{label:<58} {ours * 1000:8.1f} ms vs {base * 1000:8.1f} ms  ratio {ratio:5.2f} (target {target:g}x) {verdict}"
    )
    return ratio <= target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    command = scorekeeper_command()
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        paths = make_sheets(folder, args.sheets)
        one = paths[0]
        ok &= report(
            "check one sheet / python -c 'import click, yaml'",
            *paired([*command, "check", one], [sys.executable, "-c", "import click, yaml"], args.runs),
            1.3,
        )
        ok &= report(
            f"check {len(paths)} sheets / parse them with CSafeLoader",
            *paired([*command, "check", *paths], [sys.executable, "-c", PARSE_ONLY, *paths], max(3, args.runs // 5)),
            2.0,
        )
        ok &= report(
            "record one hand, journalled / check that sheet", *record_vs_check(command, folder, args.runs), 1.5
        )
        record_sheet = folder / "record.yaml"
        record_sheet.write_text("rules: king\nplayers: [A, B, C, D]\nhands: []\n", encoding="utf-8")
        for what, argv in (
            ("check", ["check", one]),
            ("record", ["record", str(record_sheet), "vazas", "3", "3", "3", "4"]),
        ):
            done = subprocess.run([sys.executable, "-c", IMPORT_PROBE, *argv], capture_output=True, text=True)
            heavy = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else f"failed: {done.stderr}"
            print(f"{what} of a YAML sheet imports openpyxl/tabulate: {heavy}")
            ok &= heavy == "none"
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "0")
    sys.exit(main())
