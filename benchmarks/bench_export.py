"""Speed of `scorekeeper export` against openpyxl writing the same cells in a bare loop.

    python benchmarks/bench_export.py [--sheets 500] [--repeat 3] [--strict]

Builds and saves one workbook with a boletim per sheet (styles, validation, conditional
formatting, a chart each), then has openpyxl write the same number of worksheets and cells
(every cell the boletins hold, with its value, or 0 where a cell holds only a border), and
nothing else. Both run in this process, alternately, --repeat times; the best time of each
counts (the machine's other work only ever adds time).
Target: 2x. Not a test; --strict exits 1 when over the target.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_check import make_sheets  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()

    import gc

    import openpyxl

    from scorekeeper.sheet.load import load_sheet, score
    from scorekeeper.workbook.export import build_workbook, save

    with tempfile.TemporaryDirectory() as tmp:
        paths = make_sheets(pathlib.Path(tmp), args.sheets)
        games = [(sheet, score(sheet)) for sheet in (load_sheet(p) for p in paths)]

    scratch = tempfile.TemporaryDirectory()
    out = pathlib.Path(scratch.name) / "export.xlsx"

    def export_all():
        workbook = build_workbook(games)
        save(workbook, str(out), force=True)  # as `scorekeeper export --force` saves: locked, atomically
        return workbook

    workbook = export_all()
    cells = [
        [(row, column, 0 if cell.value is None else cell.value) for (row, column), cell in ws._cells.items()]
        for ws in workbook.worksheets
    ]
    count = sum(map(len, cells))
    del workbook

    def bare_loop():
        bare = openpyxl.Workbook()
        bare.remove(bare.active)
        for index, sheet_cells in enumerate(cells):
            ws = bare.create_sheet(f"S{index}")
            for row, column, value in sheet_cells:
                ws.cell(row, column, value)
        bare.save(str(out) + ".bare.xlsx")

    ours_times, base_times = [], []
    for _ in range(args.repeat):
        for run, times in ((export_all, ours_times), (bare_loop, base_times)):
            gc.collect()
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
    ours, base = min(ours_times), min(base_times)
    scratch.cleanup()

    ratio = ours / base
    verdict = "ok" if ratio <= 2 else "OVER"
    print(
        f"export {args.sheets} sheets ({count} cells) / openpyxl bare loop, same cells   "
        f"{ours * 1000:8.0f} ms vs {base * 1000:8.0f} ms  ratio {ratio:5.2f} (target 2x) {verdict}"
    )
    return 0 if ratio <= 2 or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())
