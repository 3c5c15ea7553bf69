"""A workbook's history worksheet (issue 24): every correction (`fix`) and removal (`undo`) of
an entry that the journal holds for its sheets, with when, who and the entry before and after,
so that the printed boletim shows them. Written only when there is one: a workbook of sheets
with no correction on record is exactly as it was before there was a journal.

Import passes it over: nothing above its table is a boletim's header label (a test holds it),
so `read.read_worksheet` finds no Regras cell there."""

from __future__ import annotations

from scorekeeper.i18n import N_, _, pgettext
from scorekeeper.journal.change_words import by_text, entry_said, removed_word
from scorekeeper.journal.moments import printed
from scorekeeper.workbook.layout import col
from scorekeeper.workbook.sheet_style import Styles, page_setup, put

HISTORY_TITLE = N_("History")  # the worksheet's name and its title
HISTORY_NOTE = N_(
    "Every correction and removal of an entry that scorekeeper's journal holds for these sheets, "
    "oldest first (`scorekeeper history` lists every change)."
)
# The column heads (English message ids), and widths that hold each on one line and its values
# on a few: the entry's values before and after wrap.
HISTORY_HEADERS = (N_("Worksheet"), N_("Entry"), N_("Change"), N_("Before"), N_("After"), N_("When"), N_("Who"))
HISTORY_WIDTHS = (14, 18, 12, 34, 34, 20, 16)
HEAD_ROW = 3  # the title, the note, then the heads: all above a boletim's names row (4)
MAX_ROWS = 2000  # changes listed; a workbook's reader reads 10,000 rows of a worksheet at most
CHARS_PER_LINE = 40  # of a values' column (34 wide) as LibreOffice prints it, to give a wrapped row its height


def _change_word(change) -> str:
    if change.action == "undo":
        return pgettext("history", "removal")
    return pgettext("history", "correction")


def history_rows(written, histories) -> list[tuple]:
    """(worksheet title, sheet, change) for each correction of the boletins `written`
    ((title, sheet, ...) each) in `histories` (in the same order: journal.history.Change lists)."""
    return [
        (title, sheet, change)
        for (title, sheet, *_rest), changes in zip(written, histories)
        for change in (changes or ())
    ]


def write_history(ws, rows, styles: Styles) -> None:
    """The history worksheet `ws` (new, last in its workbook) listing `rows` (history_rows)."""
    styles(ws.cell(1, 1, _(HISTORY_TITLE)), "title")
    styles(ws.cell(2, 1, _(HISTORY_NOTE)), "note")
    ws.merge_cells(start_row=2, start_column=1, end_row=2, end_column=len(HISTORY_HEADERS))
    ws.row_dimensions[2].height = 30
    for column, header in enumerate(HISTORY_HEADERS, start=1):
        styles(ws.cell(HEAD_ROW, column, _(header)), "head")
    row = HEAD_ROW
    for title, sheet, change in rows[:MAX_ROWS]:
        row += 1
        name, before, after = entry_said(change, sheet.rules.game)
        if change.after is None:
            after = removed_word(sheet.rules.game)
        values = (title, name, _change_word(change), before, after, printed(change.when), by_text(change.by))
        for column, value in enumerate(values, start=1):
            cell = put(ws, row, column, value)  # text as data: never a formula, whoever wrote it
            styles(cell, "box_note")
        lines = max(1, *(-(-len(text) // CHARS_PER_LINE) for text in (before, after)))
        if lines > 1:
            ws.row_dimensions[row].height = 15 * lines
    if len(rows) > MAX_ROWS:
        row += 1
        more = ws.cell(
            row,
            1,
            _("and {count} more: `scorekeeper history` lists them all").format(count=len(rows) - MAX_ROWS),
        )
        styles(more, "note")
        ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=len(HISTORY_HEADERS))
    for column, width in enumerate(HISTORY_WIDTHS, start=1):
        ws.column_dimensions[col(column)].width = width
    page_setup(
        ws,
        header=_(HISTORY_TITLE),
        landscape=True,
        one_page=False,
        area=f"A1:{col(len(HISTORY_HEADERS))}{row}",
        repeat_titles=False,
    )
    ws.print_title_rows = f"{HEAD_ROW}:{HEAD_ROW}"
