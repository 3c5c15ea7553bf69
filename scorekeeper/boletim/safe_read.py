"""Opening an untrusted workbook safely.

Sizes are checked from the zip directory before anything is parsed (the whole file, the
number of members, what they unpack to); XML is parsed by openpyxl through defusedxml (no
entities, no external references); worksheets are read in read-only mode within explicit
row and column bounds, so a cell at XFD1048576 costs nothing. Every problem is one
SheetFormatError naming the file.
"""
from __future__ import annotations

import os
import zipfile

from scorekeeper.boletim.layout import col
from scorekeeper.errors import SheetFormatError

MAX_FILE_BYTES = 20 << 20  # a boletim is some 30 KiB; a workbook of a whole tournament a few MiB
MAX_MEMBERS = 2000
MAX_UNPACKED_BYTES = 200 << 20  # everything the zip holds, unpacked
MAX_MEMBER_BYTES = 64 << 20
MAX_ROWS = 400  # rows read from each worksheet
MAX_COLUMNS = 60  # columns read from each worksheet


def check_zip(path: str) -> None:
    """Refuse what is not a workbook, or would unpack too large, before parsing any of it."""
    if os.path.isdir(path):
        raise SheetFormatError("is a directory, not a file", path)
    try:
        size = os.path.getsize(path)
    except OSError:
        raise SheetFormatError("no such file", path) from None
    if size > MAX_FILE_BYTES:
        raise SheetFormatError(f"{size >> 20} MiB is larger than a workbook of boletins can be "
                               f"({MAX_FILE_BYTES >> 20} MiB)", path)
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except zipfile.BadZipFile:
        raise SheetFormatError("not an .xlsx workbook (not a zip file, or a damaged one)", path) from None
    except OSError as exc:
        raise SheetFormatError(f"cannot read: {exc.strerror or exc}", path) from None
    if len(members) > MAX_MEMBERS:
        raise SheetFormatError(f"the workbook has {len(members)} parts; a boletim has a few dozen", path)
    unpacked = sum(m.file_size for m in members)
    biggest = max((m.file_size for m in members), default=0)
    if unpacked > MAX_UNPACKED_BYTES or biggest > MAX_MEMBER_BYTES:
        raise SheetFormatError(f"the workbook unpacks to {unpacked >> 20} MiB: refused as a zip bomb", path)
    names = {m.filename for m in members}
    if "[Content_Types].xml" not in names or "xl/workbook.xml" not in names:
        raise SheetFormatError("not an .xlsx workbook (no xl/workbook.xml inside)", path)


def open_workbook(path: str):
    """The workbook in read-only mode with formulas as written (never cached results)."""
    check_zip(path)
    import openpyxl
    from openpyxl import xml as openpyxl_xml

    if not openpyxl_xml.DEFUSEDXML:  # defusedxml is a dependency; refuse to parse without it
        raise SheetFormatError("defusedxml is not installed: refusing to read an untrusted workbook", path)
    try:
        return openpyxl.load_workbook(path, read_only=True, data_only=False, keep_links=False)
    except Exception as exc:  # openpyxl raises many kinds on damaged files; each is one line here
        detail = " ".join(str(exc).split())
        cause = exc.__cause__ or exc.__context__
        if cause is not None:  # e.g. defusedxml's EntitiesForbidden behind openpyxl's ValueError
            detail = f"{type(cause).__name__}: {' '.join(str(cause).split())}"
        raise SheetFormatError(f"damaged or unreadable workbook ({type(exc).__name__}: {detail})"[:300],
                               path) from None


def check_bounds(ws, path: str) -> None:
    """Refuse a worksheet whose declared size reaches far past a boletim (e.g. a cell at
    XFD1048576): it is not a boletim, and reading it would be all cost."""
    from openpyxl.utils import get_column_letter

    try:
        rows, columns = ws.max_row or 0, ws.max_column or 0
    except Exception:  # a damaged <dimension>: the bounded read below still protects us
        return
    if rows > MAX_ROWS * 10 or columns > MAX_COLUMNS * 4:
        far = f"{get_column_letter(max(columns, 1))}{max(rows, 1)}"
        raise SheetFormatError(f"worksheet {ws.title!r} reaches {far}; a boletim fits well inside "
                               f"{get_column_letter(MAX_COLUMNS)}{MAX_ROWS}", path)


def read_grid(ws, path: str) -> tuple[dict[tuple[int, int], object], set[tuple[int, int]]]:
    """The non-empty cells of a worksheet within the bounds: values, and which are formulas."""
    values: dict[tuple[int, int], object] = {}
    formulas: set[tuple[int, int]] = set()
    try:
        for row in ws.iter_rows(min_row=1, max_row=MAX_ROWS, min_col=1, max_col=MAX_COLUMNS):
            for cell in row:
                value = getattr(cell, "value", None)
                if value is None or value == "":
                    continue
                position = (cell.row, cell.column)
                if getattr(cell, "data_type", None) == "f" or (isinstance(value, str) and value.startswith("=")):
                    formulas.add(position)
                values[position] = value
    except Exception as exc:
        raise SheetFormatError(f"damaged worksheet {ws.title!r} ({type(exc).__name__})", path) from None
    return values, formulas


class Grid:
    """A worksheet's cells as read: typed values, and which cells hold formulas."""

    def __init__(self, path: str, title: str, values: dict, formulas: set):
        self.path, self.title, self.values, self.formulas = path, title, values, formulas

    def where(self, row: int, column: int) -> str:
        return f"{self.path}:{self.title}!{col(column)}{row}"

    def text(self, row: int, column: int) -> str | None:
        value = self.values.get((row, column))
        if value is None or (row, column) in self.formulas:
            return None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value).strip() or None

    def number(self, row: int, column: int, unsigned: bool = False) -> int | None:
        """A typed whole number; a formula or an empty cell is None."""
        if (row, column) in self.formulas:
            return None
        value = self.values.get((row, column))
        if value is None:
            return None
        if isinstance(value, str):
            text = value.strip()
            if not text:
                return None
            try:
                value = float(text.replace(",", "."))
            except ValueError:
                raise SheetFormatError(f"{text!r} is not a number", self.where(row, column)) from None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise SheetFormatError(f"{value!r} is not a number", self.where(row, column))
        if value != int(value):
            raise SheetFormatError(f"{value:g} is not a whole number", self.where(row, column))
        if unsigned and value < 0:
            raise SheetFormatError(f"{value:g}: write points without a sign in Negativos and Positivos",
                                   self.where(row, column))
        return int(value)
