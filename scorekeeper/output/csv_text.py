"""CSV that no spreadsheet runs as a formula."""

from __future__ import annotations

import io
import re
from collections.abc import Container, Sequence

# A cell that a spreadsheet would run as a formula when the CSV is opened (OWASP's list).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


# Patterns are compiled where they are used (re caches them): `check` of one sheet prints text
# and must not pay for the CSV and JSON paths at start-up.
_PLAIN_NUMBER = r"[+-]?[0-9]+(\.[0-9]+)?\Z"
# What a spreadsheet opening a CSV reads as a number: 1, 2.5, 1,5, .5, 1e3, 50%, with spaces around.
_NUMBER_LIKE = r"\s*[+-]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)([eE][+-]?[0-9]+)?%?\s*\Z"


def inert_cell(value: object, number: bool = True) -> object:
    """A CSV cell that no spreadsheet runs or turns into a number: text starting like a formula
    gets the quote prefix that Excel and LibreOffice honour. In a column of numbers (`number`) a
    number written as text (-60, +125) stays a number; anywhere else (a name such as 1, -1 or
    2.5, a header) text that a spreadsheet would read as a number gets the prefix too, or the
    name would become a number. A number given as a number (a hand's index) stays one."""
    if not isinstance(value, str):
        return value
    if number and re.match(_PLAIN_NUMBER, value):
        return value
    if value.startswith(_FORMULA_START) or (not number and re.match(_NUMBER_LIKE, value)):
        return "'" + value
    return value


def csv_text(headers: list[str] | None, rows: Sequence[Sequence[object]], numbers: Container[int] | None = None) -> str:
    """CSV of the rows (after `headers`, when given), every cell inert; `numbers` are the
    columns that hold numbers (None: any column may)."""
    import csv  # lazy: check of one sheet prints no CSV (benchmarks/bench_check.py)

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if headers is not None:
        writer.writerow([inert_cell(h, number=False) for h in headers])
    writer.writerows([inert_cell(c, numbers is None or i in numbers) for i, c in enumerate(row)] for row in rows)
    return out.getvalue()
