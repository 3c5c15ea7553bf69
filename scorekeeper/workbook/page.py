"""The printed page every workbook is laid out for: A4, its margins, how wide a column prints,
how high a blank's rows are for writing on by hand, and how full a page is filled."""

from __future__ import annotations

# The paper: A4 landscape with these margins (inches), so that the table is printed near its
# size (portrait shrank it to half); a blank ficha's rows are written on by hand.
PAGE_MM = (297, 210)
MM_PER_WIDTH = 2.515  # a column width unit on LibreOffice's printed page, measured
SIDE_IN, MARGIN_IN, HEADER_IN = 0.4, 0.5, 0.25  # page_setup sets the sides to 0.4 with a print area
WRITING_MM = 7.4  # a blank's row, as high as a hand writes
REMARK_MAX_WIDTH = 30.0  # Observação grows with the longest note up to this; a longer one wraps
PAGE_FILL = 0.93  # of the printable height, for a page the spreadsheet fits (its scale is estimated)
BLANK_PAGE_FILL = 0.97  # of the printable height, for a blank's pages printed at our own scale


def fitted_scale(widths) -> float:
    """How much fitting columns of these widths to the landscape page's width shrinks them."""
    table_mm = sum(widths) * MM_PER_WIDTH
    return min(1.0, (PAGE_MM[0] - 2 * SIDE_IN * 25.4) / table_mm)


def writing_row_points(widths) -> float:
    """A blank's row height (points) that prints WRITING_MM high once its columns are fitted."""
    return round(WRITING_MM / fitted_scale(widths) / 25.4 * 72 + 0.5)
