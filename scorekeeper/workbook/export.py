"""`scorekeeper export`: game sheets (or a blank boletim) into one Excel workbook."""

from __future__ import annotations

import contextlib
import gc
import io
import os
import re
from typing import NamedTuple

from openpyxl import Workbook
from openpyxl.styles import Alignment

from scorekeeper import games
from scorekeeper.errors import SheetFormatError
from scorekeeper.i18n import M_, N_, _
from scorekeeper.sheet.results import sheet_meta
from scorekeeper.sheet.saving import write_new
from scorekeeper.workbook import regras
from scorekeeper.workbook.history_sheet import HISTORY_TITLE, history_rows, write_history
from scorekeeper.workbook.layout import col, notes_label
from scorekeeper.workbook.sheet_style import Styles, Unwritable, page_footer, put, typed_value

_BAD_TITLE = re.compile(r"[\[\]:*?/\\\x00-\x1f\x7f]")  # Excel's forbidden characters, and control characters


def sheet_title(meta: dict, source: str, taken: set[str]) -> str:
    """A worksheet name from the table and round (`Mesa1 R1`, in the workbook's language: import
    looks no worksheet up by its name), else the file name; unique, <= 31."""
    if meta.get("table") is not None:
        if meta.get("round") is not None:
            base = _("Table{table} R{round}").format(table=meta["table"], round=meta["round"])
        else:
            base = _("Table{table}").format(table=meta["table"])
    else:
        base = os.path.splitext(os.path.basename(source))[0] if source else "Boletim"
    base = _BAD_TITLE.sub("-", base).strip("'")[:31] or "Boletim"
    title, number = base, 2
    while title.lower() in taken:
        suffix = f" ({number})"
        title, number = base[: 31 - len(suffix)] + suffix, number + 1
    taken.add(title.lower())
    return title


def _meta(sheet) -> dict:
    """The header of a sheet's worksheet; Regras names the rules as import can use them (a
    house variant by its name, never by its path: import is given the path with --rules)."""
    return {**sheet_meta(sheet), "rules": regras.written_name(sheet.rules, sheet.rules_ref)}


@contextlib.contextmanager
def no_cyclic_gc():
    """Pause the cyclic garbage collector: a workbook is a large graph of small objects that
    lives until it is saved, and collecting while it grows only walks it again and again
    (most of the time of a 500-sheet export). Nothing built here needs collecting early."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def build_workbook(scored, histories=None) -> Workbook:
    """A workbook with one boletim per (sheet, result), a summary when there are several, and
    a history worksheet when `histories` (one list per sheet, in order: its corrections and
    removals on record, core.history.corrections) holds any."""
    with no_cyclic_gc():
        return _build_workbook(scored, histories)


def _build_workbook(scored, histories=None) -> Workbook:
    wb = Workbook()
    wb.remove(wb.active)
    taken: set[str] = set()
    written = []
    styles = Styles()
    for sheet, result in scored:
        with _refused_at(sheet.source):
            meta = _meta(sheet)
            ws = wb.create_sheet(sheet_title(meta, sheet.source, taken))
            summary = games.get(sheet.rules.game).write_boletim(ws, sheet, result, styles, meta)
            written.append((ws.title, sheet, result, summary))
    if len(written) > 1:
        _summary(wb, written, styles)
    rows = history_rows(written, histories or ())
    if rows:
        write_history(wb.create_sheet(sheet_title({}, _(HISTORY_TITLE), taken)), rows, styles)
    return wb


@contextlib.contextmanager
def _refused_at(source: str | None):
    """A value a workbook cannot hold is refused naming the sheet it comes from."""
    try:
        yield
    except Unwritable as exc:
        raise SheetFormatError(M_("cannot export: {reason}", reason=exc.message), source) from None


def blank_workbook(game, rules, who, scorer: str | None, meta: dict) -> Workbook:
    """The empty boletim of a game for `who` (players, or {team: players}), ready to fill in
    at the table."""
    wb = Workbook()
    ws = wb.active
    meta = {**meta, "rules": regras.written_name(rules, str(meta.get("rules") or rules.name))}
    with _refused_at(None):
        ws.title = sheet_title(meta, "Boletim", set())
        game.write_blank(ws, rules, who, scorer, Styles(), meta)
    return wb


class SummaryCells(NamedTuple):
    """What the Resumo shows of one participant of a boletim, as formulas into its worksheet
    (written by each game's `write_boletim`): the standing, the table points (or None), the
    boletim's own check or winner, and a condition that is true when the boletim's own check
    says ERRO."""

    standing: str
    points: str | None
    check: str | None
    live_error: str


# The Resumo's column heads, English message ids (Event, Table, Round and Date are the header
# labels of every boletim, workbook.layout.INFO_LABELS, and said alike).
SUMMARY_HEADERS = (
    N_("Worksheet"),
    N_("Event"),
    N_("Table"),
    N_("Round"),
    N_("Date"),
    N_("Player / Team"),
    N_("Result"),
    N_("Table points"),
    N_("Check / Winner"),
    N_("Errors"),
    N_("Status"),
)
SUMMARY_TITLE = N_("Summary")  # the Resumo's title, and its worksheet's name
ERROR_WORD = N_("ERROR")  # what the Status column says of a worksheet with errors (else OK)
# Widths that hold each header on at most three lines and the values below it.
SUMMARY_WIDTHS = (14, 20, 6, 7, 11, 16, 10, 9, 11, 7, 8)
SUMMARY_HEAD_ROW = 3
SUMMARY_ROWS_PER_PAGE = 32  # rows of players or teams on a landscape A4 page, under the repeated header
SUMMARY_KEY = N_(
    "Errors: the errors scorekeeper found on each worksheet when exporting it (the worksheet's "
    "{notes}). Status: ERROR when there are errors, or when the boletim's own check does not add up."
)


def summary_headers() -> list[str]:
    """The Resumo's column heads in the language in use."""
    return [_(header) for header in SUMMARY_HEADERS]


def summary_pages(rows: int) -> int:
    """The pages the Resumo prints on for this many rows of players and teams."""
    return max(1, -(-(rows + 2) // SUMMARY_ROWS_PER_PAGE))


def _summary(wb: Workbook, written, styles: Styles) -> None:
    """The Resumo: each worksheet's players or teams with their result, and whether that
    worksheet has errors, on landscape A4 pages with the header repeated. Cells are styled
    through `styles` (style arrays copied, not style objects set cell by cell, which made
    the Resumo of a 500-sheet export a third of its time)."""
    title = _(SUMMARY_TITLE)
    ws = wb.create_sheet(title, 0)
    styles(ws.cell(1, 1, title), "title")
    head = SUMMARY_HEAD_ROW
    for column, header in enumerate(summary_headers(), start=1):
        styles(ws.cell(head, column, header), "head")
    ws.row_dimensions[head].height = 45
    row = head + 1
    for title, sheet, result, summary in written:
        quoted = "'" + title.replace("'", "''") + "'"
        errors = sum(1 for f in result.findings if f.is_error)
        for p, player in enumerate(sheet.players):
            values = (title, sheet.event, sheet.table, sheet.round, sheet.date, player)
            for column, value in enumerate(values, start=1):
                if value is not None:
                    with _refused_at(sheet.source):
                        put(ws, row, column, typed_value(value))
            cells = summary.summary_cells(quoted, p)
            ws.cell(row, 7, f"={cells.standing}")
            if cells.points is not None:
                ws.cell(row, 8, f"={cells.points}")
            if cells.check is not None:
                ws.cell(row, 9, f"={cells.check}")
            ws.cell(row, 10, errors)
            ws.cell(row, 11, f'=IF(OR(J{row}>0,{cells.live_error}),"{_(ERROR_WORD)}","OK")')
            for column in range(1, len(SUMMARY_HEADERS)):
                styles(ws.cell(row, column), "box")
            styles(ws.cell(row, 11), "check_error" if errors else "check")
            row += 1
    key = ws.cell(row + 1, 1, _(SUMMARY_KEY).format(notes=notes_label()))
    key.alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells(start_row=row + 1, start_column=1, end_row=row + 1, end_column=len(SUMMARY_HEADERS))
    ws.row_dimensions[row + 1].height = 30
    for column, width in enumerate(SUMMARY_WIDTHS, start=1):
        ws.column_dimensions[col(column)].width = width
    ws.freeze_panes = f"A{head + 1}"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_title_rows = f"{head}:{head}"
    ws.print_area = f"A1:{col(len(SUMMARY_HEADERS))}{row + 1}"
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = ws.page_margins.bottom = 0.5
    ws.page_margins.header = ws.page_margins.footer = 0.25
    ws.oddFooter.left.text = "scorekeeper"
    ws.oddFooter.right.text = page_footer()


def save(wb: Workbook, path: str, force: bool = False) -> None:
    """Save under the writer lock and atomically: the old file stays whole until the new one is
    complete, and an existing file is replaced only with `force`."""
    buffer = io.BytesIO()
    with no_cyclic_gc():
        wb.save(buffer)
    write_new(path, buffer.getvalue(), force)
