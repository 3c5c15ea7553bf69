"""CSV that no spreadsheet runs as a formula."""
from __future__ import annotations

import io
import re

# A cell that a spreadsheet would run as a formula when the CSV is opened (OWASP's list).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


# Patterns are compiled where they are used (re caches them): `check` of one sheet prints text
# and must not pay for the CSV and JSON paths at start-up.
_PLAIN_NUMBER = r"[+-]?[0-9]+(\.[0-9]+)?\Z"


def inert_cell(value, number: bool = True):
    """A CSV cell that no spreadsheet runs: text starting like a formula gets the quote prefix
    that Excel and LibreOffice honour. In a column of numbers (`number`) a signed number such as
    -60 stays a number; anywhere else (a name such as -1 or +1, a header) it is text too, or a
    spreadsheet would turn the name into a number."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not (number and re.match(_PLAIN_NUMBER, value)):
        return "'" + value
    return value


def csv_text(headers: list[str] | None, rows: list[list], numbers=None) -> str:
    """CSV of the rows (after `headers`, when given), every cell inert; `numbers` are the
    columns that hold numbers (None: any column may)."""
    import csv  # lazy: check of one sheet prints no CSV (benchmarks/bench_check.py)

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if headers is not None:
        writer.writerow([inert_cell(h, number=False) for h in headers])
    writer.writerows([inert_cell(c, numbers is None or i in numbers) for i, c in enumerate(row)] for row in rows)
    return out.getvalue()
