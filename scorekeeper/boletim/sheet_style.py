"""How every worksheet scorekeeper writes looks and prints: named cell styles, and the page."""
from __future__ import annotations

from copy import copy

from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

BOLD = Font(bold=True)
TITLE_FONT = Font(bold=True, size=14)
HEAD_FILL = PatternFill("solid", fgColor="DDEBF7")
TOTAL_FILL = PatternFill("solid", fgColor="F2F2F2")
RED_FILL = PatternFill("solid", fgColor="F8CBAD")
THIN = Side(style="thin", color="999999")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
CENTER = Alignment(horizontal="center", vertical="center", wrap_text=True)
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
}


class Styles:
    """Named cell styles, built once per workbook and then copied from cell to cell.

    Setting style objects cell by cell makes openpyxl hash each of them every time, which was
    most of an export's time; copying the finished style array costs nearly nothing.
    """

    def __init__(self):
        self._arrays = {}

    def __call__(self, cell, name: str):
        array = self._arrays.get(name)
        if array is None:
            for attribute, value in STYLE_SPECS[name].items():
                setattr(cell, attribute, value)
            self._arrays[name] = copy(cell._style)
        else:
            cell._style = copy(array)
        return cell


def typed_value(value):
    """A header value as a person would type it: numbers as numbers."""
    text = str(value)
    return int(text) if text.isdigit() else text


def page_setup(ws, *, header: str, landscape: bool, one_page: bool, area: str | None = None) -> None:
    """A4, fitted to the page width (and height when `one_page`), the column headers repeated
    on every page, a title above and page numbers below."""
    from scorekeeper.boletim.layout import HEAD_ROW, NAMES_ROW

    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1 if one_page else 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_title_rows = f"{NAMES_ROW}:{HEAD_ROW}"
    if area is not None:
        ws.print_area = area
        ws.page_margins.left = ws.page_margins.right = 0.4
    ws.oddHeader.center.text = header
    ws.oddFooter.left.text = "scorekeeper"
    ws.oddFooter.right.text = "Página &P de &N"
