"""The printed page every workbook is laid out for: A4, its margins, how wide a column prints,
how much fitting the columns to the page's width shrinks them, how high a blank's rows are for
writing on by hand, and how full a page is filled."""

from __future__ import annotations

A4_POINTS = (595.0, 842.0)  # portrait width and height
SIDE_MARGIN, TOP_MARGIN, HEADER_MARGIN = 0.4, 0.6, 0.25  # inches: what sheet_style.page_setup sets
WIDEST_DIGIT_PX = 9.4  # DejaVu Sans 11's digit, measured from LibreOffice's PDF (see column_points)

# The fichas' paper: A4 landscape with these margins (inches), so that the table is printed near
# its size (portrait shrank it to half); a blank ficha's rows are written on by hand.
PAGE_MM = (297, 210)
MM_PER_WIDTH = 2.515  # a column width unit on LibreOffice's printed page, measured
MARGIN_IN = 0.5  # the ficha's top and bottom (its sides and header are page_setup's)
WRITING_MM = 7.4  # a blank's row, as high as a hand writes
REMARK_MAX_WIDTH = 30.0  # Observação grows with the longest note up to this; a longer one wraps
PAGE_FILL = 0.93  # of the printable height, for a page the spreadsheet fits (its scale is estimated)
BLANK_PAGE_FILL = 0.97  # of the printable height, for a blank's pages printed at our own scale


def fitted_scale(widths) -> float:
    """How much fitting columns of these widths to the landscape page's width shrinks them."""
    table_mm = sum(widths) * MM_PER_WIDTH
    return min(1.0, (PAGE_MM[0] - 2 * SIDE_MARGIN * 25.4) / table_mm)


def writing_row_points(widths) -> float:
    """A blank's row height (points) that prints WRITING_MM high once its columns are fitted."""
    return round(WRITING_MM / fitted_scale(widths) / 25.4 * 72 + 0.5)


def column_points(width: float | None) -> float:
    """A column's width in points as printed at the widest: LibreOffice measures a column in
    digits of the default font, which is DejaVu Sans (9.4 px a digit at 96 dpi) where Calibri
    is not installed, and Calibri's 7 px elsewhere. Sizing for the wider keeps a page's columns
    on the page on every machine."""
    return WIDEST_DIGIT_PX * (width if width is not None else 8.43) * 0.75


def printable_points(landscape: bool) -> tuple[float, float]:
    """The width and height an A4 page prints on, inside the margins `page_setup` sets for a
    worksheet with a print area."""
    width, height = A4_POINTS[::-1] if landscape else A4_POINTS
    return width - 2 * SIDE_MARGIN * 72, height - 2 * TOP_MARGIN * 72


def page_scale(widths: list[float], landscape: bool) -> float:
    """How much fitting columns of these widths to the page's width shrinks them (1: not at
    all), measured as column_points does."""
    return min(1.0, printable_points(landscape)[0] / sum(column_points(w) for w in widths))
