"""Speed of `scorekeeper check` against baselines measured in the same run.

    python benchmarks/bench_check.py [--sheets 2000] [--runs 15] [--strict]

Prints, for each measure, our time, the baseline's, and the ratio against its target (issue 26):
  1. `scorekeeper check one.yaml` vs `python -c "import click, yaml"` (target 1.2x)
  2. checking N sheets in one call vs parsing the same files with yaml.CSafeLoader (target 1.5x)
  3. `scorekeeper record` of one hand, on the record (its journal beside the sheet) vs
     `scorekeeper check` of the same sheet (target 1.5x: the journal must not be what makes it slow)
  4. whether checking or recording a YAML sheet imports openpyxl or tabulate (target: no)
Both sides of each ratio run as fresh processes, as a scorer would run them, alternately, after
a warm-up run of each that leaves the bytecode compiled, as an installed package has it; the best
time of each counts. Each ratio is printed twice: of the processes' CPU time (user + system, the
verdict: the work each side does, which the machine's other work barely moves) and of wall time
(what a scorer waits, on a quiet machine the same). Not a test: CI prints the ratios and never
fails on them; --strict exits 1 when a CPU ratio is over its target.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import resource
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


class Timing:
    """The best wall and CPU seconds of one command over its runs."""

    def __init__(self) -> None:
        self.wall = float("inf")
        self.cpu = float("inf")

    def add(self, wall: float, cpu: float) -> None:
        self.wall = min(self.wall, wall)
        self.cpu = min(self.cpu, cpu)


def children_cpu() -> float:
    """The CPU seconds (user + system) of every child process waited for so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(command: list[str], timing: Timing) -> None:
    """Run `command` once, its output discarded, adding its wall and CPU time to `timing`."""
    cpu, start = children_cpu(), time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    timing.add(time.perf_counter() - start, children_cpu() - cpu)


def paired(ours: list[str], baseline: list[str], runs: int) -> tuple[Timing, Timing]:
    """The best times of each command over `runs` runs, the two alternating (after one
    warm-up each), so that a change in the machine's load hits both sides alike."""
    for command in (ours, baseline):
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    timings = (Timing(), Timing())
    for _ in range(runs):
        timed(ours, timings[0])
        timed(baseline, timings[1])
    return timings


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


def record_vs_check(command: list[str], folder: pathlib.Path, runs: int) -> tuple[Timing, Timing]:
    """The best times of `record` of one hand into a fresh copy of a sheet whose folder
    has its journal (as after `new`), and of `check` of that sheet, alternating."""
    sheet = folder / "journalled.yaml"
    fresh = "rules: king\nplayers: [A, B, C, D]\nhands: []\n"
    sheet.write_text(fresh, encoding="utf-8")
    record = [*command, "record", str(sheet), "vazas", "3", "3", "3", "4"]
    subprocess.run(record, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # makes the journal; warms up
    timings = (Timing(), Timing())
    for _ in range(runs):
        sheet.write_text(fresh, encoding="utf-8")
        timed(record, timings[0])
        timed([*command, "check", str(sheet)], timings[1])
    if "vazas" not in sheet.read_text(encoding="utf-8"):
        raise SystemExit("record did not record the hand")
    return timings


def report(label: str, ours: Timing, base: Timing, target: float) -> bool:
    """Print one measure (CPU, then wall) and whether its CPU ratio meets `target`."""
    ratio = ours.cpu / base.cpu
    verdict = "ok" if ratio <= target else "OVER"
    print(
        f"{label:<58} cpu {ours.cpu * 1000:8.1f} ms vs {base.cpu * 1000:8.1f} ms  ratio {ratio:5.2f}"
        f" (target {target:g}x) {verdict};  wall {ours.wall * 1000:8.1f} ms vs {base.wall * 1000:8.1f} ms"
        f"  ratio {ours.wall / base.wall:5.2f}"
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
            1.2,
        )
        ok &= report(
            f"check {len(paths)} sheets / parse them with CSafeLoader",
            *paired([*command, "check", *paths], [sys.executable, "-c", PARSE_ONLY, *paths], max(3, args.runs // 5)),
            1.5,
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
    # An installed package has its bytecode (pip compiles it): let the warm-up runs write it, as
    # any value of this variable, "0" too, would forbid.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.exit(main())
