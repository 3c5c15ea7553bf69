"""How every worksheet scorekeeper writes looks and prints: named cell styles, and the page."""

from __future__ import annotations

import math
from copy import copy

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.i18n import M_, Grouped, _
from scorekeeper.sheet.yaml_lines import header_number
from scorekeeper.workbook.layout import HEAD_ROW, NAMES_ROW
from scorekeeper.workbook.page import HEADER_MARGIN, SIDE_MARGIN, TOP_MARGIN

BOLD = Font(bold=True)
TITLE_FONT = Font(bold=True, size=14)
HEAD_FILL = PatternFill("solid", fgColor="DDEBF7")
TOTAL_FILL = PatternFill("solid", fgColor="F2F2F2")
RED_FILL = PatternFill("solid", fgColor="F8CBAD")
WARN_FILL = PatternFill("solid", fgColor="FFE699")
THIN = Side(style="thin", color="999999")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
CENTER = Alignment(horizontal="center", vertical="center", wrap_text=True)
NOTE_ALIGNMENT = Alignment(wrap_text=True, vertical="top")
HIDE_ZERO = "0;-0;;@"  # zeros print as blank, as on a paper boletim
SIGNED = "+0;-0;0"


STYLE_SPECS = {
    "title": {"font": TITLE_FONT},
    "bold": {"font": BOLD},
    "left": {"alignment": Alignment(horizontal="left")},
    "head": {"font": BOLD, "fill": HEAD_FILL, "alignment": CENTER, "border": BOX},
    "box": {"border": BOX},
    "box_hide_zero": {"border": BOX, "number_format": HIDE_ZERO},
    "box_signed": {"border": BOX, "number_format": SIGNED},
    "signed": {"number_format": SIGNED},
    "box_points": {"border": BOX, "number_format": "0.##"},
    "total": {"font": BOLD, "fill": TOTAL_FILL, "border": BOX},
    "total_signed": {"font": BOLD, "fill": TOTAL_FILL, "border": BOX, "number_format": SIGNED},
    "check": {"font": BOLD, "alignment": CENTER, "border": BOX},
    "check_error": {"font": BOLD, "alignment": CENTER, "border": BOX, "fill": RED_FILL},
    "note": {"alignment": Alignment(horizontal="left", vertical="top", wrap_text=True)},
    "box_note": {"border": BOX, "alignment": NOTE_ALIGNMENT},
    "ruled": {"border": Border(bottom=THIN)},
}


class Styles:
    """Named cell styles, built once per workbook and then copied from cell to cell.

    Setting style objects cell by cell makes openpyxl hash each of them every time, which was
    most of an export's time; copying the finished style array costs nearly nothing.
    """

    def __init__(self):
        self._arrays = {}

    def __call__(self, cell, name: str):
        quoted = cell.has_style and cell._style.quotePrefix  # text that must stay text (see `put`)
        array = self._arrays.get(name)
        if array is None:
            for attribute, value in STYLE_SPECS[name].items():
                setattr(cell, attribute, value)
            array = copy(cell._style)
            array.quotePrefix = 0
            self._arrays[name] = array
        cell._style = copy(array)
        if quoted:
            cell._style.quotePrefix = 1
        return cell


# --- values that leave scorekeeper: inert, and of a size a workbook holds -------------------

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what Excel and LibreOffice may run as a formula
MAX_CELL_CHARS = 32_767  # Excel's limit for one cell
MAX_MAGNITUDE = 10**12  # no number on a score sheet comes near it; import refuses more too


class Unwritable(SheetFormatError):
    """A value of a sheet that a workbook cannot hold: refused at export, never dropped."""


def put(ws, row: int, column: int, value):
    """Write a value of a sheet (a name, an event, a note, a count) as data: text is never
    written as a formula (text that a spreadsheet could run gets the quote prefix Excel and
    LibreOffice honour, and stays a string cell), and what a cell cannot hold is refused."""
    cell = ws.cell(row, column)
    if isinstance(value, str):
        if ILLEGAL_CHARACTERS_RE.search(value):
            raise Unwritable(M_("{value} holds a control character that a workbook cannot hold", value=quoted(value)))
        if len(value) > MAX_CELL_CHARS:
            raise Unwritable(
                M_(
                    "{value} is longer than a workbook cell holds ({most} characters)",
                    value=quoted(value),
                    most=Grouped(MAX_CELL_CHARS),
                )
            )
        cell.value = value
        if value.startswith(FORMULA_STARTS):
            cell.data_type = "s"
            cell.quotePrefix = True
        return cell
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if number and ((isinstance(value, float) and not math.isfinite(value)) or abs(value) > MAX_MAGNITUDE):
        raise Unwritable(
            M_(
                "{value} is too large for a score sheet's cell (at most {most})",
                value=quoted(value),
                most=Grouped(MAX_MAGNITUDE),
            )
        )
    cell.value = value
    return cell


def list_formula(values) -> str | None:
    """The literal list of a list validation (`"Ana,Bruno"`), or None when there is nothing to
    list or it would pass Excel's 255 characters. A comma separates items, so an item holding
    one is left out; a quote is doubled, as in any formula string."""
    items = [
        str(v).replace('"', '""') for v in values if "," not in str(v) and not ILLEGAL_CHARACTERS_RE.search(str(v))
    ]
    text = ",".join(items)
    if not items or len(text) > 250:
        return None
    return f'"{text}"'


def typed_value(value):
    """A header value as a person would type it: numbers (of a header's size) as numbers, when
    the number reads back as the same text (`01` or a scorer named `00` stays text)."""
    number = header_number(str(value))
    return number if isinstance(number, str) or str(number) == str(value) else str(value)


# --- the printed page: text sizes and the page set-up (the geometry is page.py's) ------------

DEFAULT_ROW = 15.0  # points: a row's height at the default font
MIN_WIDTH = 4.0  # characters: the narrowest column a boletim has


def text_width(text: str, bold: bool = False) -> float:
    """A column width (in characters of the default font) that holds `text` on paper. Sized for
    DejaVu Sans, which LibreOffice prints in when Calibri is not installed (the widest of the
    fonts a boletim is printed in)."""
    return round(len(text) * (1.2 if bold else 1.05) + 1.5, 1)


def page_footer() -> str:
    """The page number at the foot of each printed page: &P and &N are the spreadsheet's codes
    for this page and the number of pages."""
    return _("Page &P of &N")


def page_setup(
    ws, *, header: str, landscape: bool, one_page: bool, area: str | None = None, repeat_titles: bool = True
) -> None:
    """A4, fitted to the page width (and height when `one_page`), the column headers repeated
    on every page (unless not `repeat_titles`), a title above and page numbers below."""
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1 if one_page else 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    if repeat_titles:
        ws.print_title_rows = f"{NAMES_ROW}:{HEAD_ROW}"
    if area is not None:
        ws.print_area = area
        ws.page_margins.left = ws.page_margins.right = SIDE_MARGIN
        ws.page_margins.top = ws.page_margins.bottom = TOP_MARGIN
        ws.page_margins.header = ws.page_margins.footer = HEADER_MARGIN
    ws.oddHeader.center.text = header.replace("&", "&&")  # '&' starts a header code (&P, &D...)
    ws.oddFooter.left.text = "scorekeeper"
    ws.oddFooter.right.text = page_footer()


def numbered_notes(
    ws,
    notes: list[tuple[int | None, str]],
    *,
    start: int,
    last_col: int,
    note_col: int,
    line_chars: float,
    marked_col: int = 1,
) -> int:
    """The findings of a ficha or planilha, numbered from row `start + 1`, each on a line merged
    from column B to `last_col` (wrapped, never cut: `line_chars` is what one line holds), and
    each row a finding is about marked with its numbers in `note_col`, its `marked_col` red with
    the findings as a comment. The last row written."""
    by_row: dict[int, list[int]] = {}
    for number, (row, text) in enumerate(notes, start=1):
        r = start + number
        cell = put(ws, r, 2, f"{number}. {text}")
        cell.alignment = NOTE_ALIGNMENT
        ws.merge_cells(start_row=r, start_column=2, end_row=r, end_column=last_col)
        lines = -(-len(cell.value) // line_chars)
        if lines > 1:
            ws.row_dimensions[r].height = 13.5 * lines
        if row is not None:
            by_row.setdefault(row, []).append(number)
    for row, numbers in by_row.items():
        mark = ws.cell(row, note_col, ", ".join(map(str, numbers)))
        mark.fill, mark.alignment = RED_FILL, CENTER
        ws.cell(row, marked_col).fill = RED_FILL
        ws.cell(row, marked_col).comment = Comment("\n".join(notes[n - 1][1] for n in numbers), "scorekeeper")
    return start + max(1, len(notes))
