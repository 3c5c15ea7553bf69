"""The score sheets (fichas) of the team games: export with live formulas, and import of what
a person typed.

A ficha is a row per deal or hand, a block of columns per team, the result (the winner and
what each team won) and numbered notes. What only one game knows (its columns, the formulas
of a row, how a row and its findings are read back) is its FichaColumns subclass, in the
game's own package. Every number a person would otherwise work out is a formula that follows
the rule file's numbers.
"""

from __future__ import annotations

import math

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.worksheet.datavalidation import DataValidation

from scorekeeper import games
from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.i18n import M_, Grouped, Message, _
from scorekeeper.team.workbook_columns import (
    FIRST,
    NOTE_HEAD,
    PLAYERS_ROW,
    REMARK_HEAD,
    TEAM_INFO_CELLS,
    WINNER_LABEL,
    CannotHold,
    FichaColumns,
)
from scorekeeper.workbook import layout as L
from scorekeeper.workbook.export import SummaryCells
from scorekeeper.workbook.finding_words import finding_words as describe
from scorekeeper.workbook.layout import col
from scorekeeper.workbook.page import (
    HEADER_MARGIN,
    MARGIN_IN,
    PAGE_MM,
    REMARK_MAX_WIDTH,
    fitted_scale,
    writing_row_points,
)
from scorekeeper.workbook.sheet_style import (
    DEFAULT_ROW,
    MAX_CELL_CHARS,
    MAX_MAGNITUDE,
    NOTE_ALIGNMENT,
    Styles,
    list_formula,
    numbered_notes,
    page_setup,
    put,
    text_width,
    typed_value,
)

SPARE_ROWS = 3  # empty rows after an exported game's last entry, for one written in by hand
BLANK_PAGES = 2


class TeamFichaWriter:
    """Writes one team game (or a blank ficha) onto a worksheet."""

    def __init__(
        self, ws, rules, teams: dict[str, list[str]], rows: int, styles: Styles, cols: FichaColumns, blank: bool = False
    ):
        self.ws, self.rules, self.teams, self.style = ws, rules, teams, styles
        self.names = list(teams)
        self.cols = cols
        self.rows = rows
        self.blank = blank
        self.last_row = FIRST + rows - 1
        self.result_row = self.last_row + 2
        self.notes_row = self.result_row + len(self.names) + 2

    def summary_cells(self, quoted: str, t: int):
        """The Resumo's cells for team t: its mocas or games won, and the winner."""
        return SummaryCells(f"{quoted}!C{self.result_row + 1 + t}", None, f"{quoted}!C{self.result_row}", "FALSE")

    def write(self, meta: dict, typed: list[dict], notes: list[tuple[int | None, str]]) -> None:
        ws, cols = self.ws, self.cols
        ws.sheet_view.showGridLines = False
        self.style(put(ws, 1, 1, f"{cols.title} — {self.rules.title}"), "title")
        for key, (info_row, label_col, value_col) in TEAM_INFO_CELLS.items():
            value = meta.get(key)
            if key == "scorer" and value is None:
                continue
            self.style(ws.cell(info_row, label_col, L.info_label(key)), "bold")
            if value is not None:
                self.style(put(ws, info_row, value_col, typed_value(value)), "left")
        for column, header in enumerate(cols.meta_heads(), start=1):
            self.style(ws.cell(L.HEAD_ROW, column, header), "head")
        team_heads = cols.team_heads()
        width = len(team_heads)
        for t, name in enumerate(self.names):
            first = cols.block(t)
            self.style(put(ws, L.NAMES_ROW, first, name), "head")
            put(ws, PLAYERS_ROW, first, ", ".join(self.teams[name]))  # the team's players, above its name
            ws.merge_cells(start_row=L.NAMES_ROW, start_column=first, end_row=L.NAMES_ROW, end_column=first + width - 1)
            for offset, header in enumerate(team_heads):
                self.style(ws.cell(L.HEAD_ROW, first + offset, header), "head")
        cols.extra_heads(self)
        self.style(ws.cell(L.HEAD_ROW, cols.note_col, _(NOTE_HEAD)), "head")
        self.style(ws.cell(L.HEAD_ROW, cols.remark_col, _(REMARK_HEAD)), "head")
        notes_typed = [line for row in typed if isinstance(row.get("note"), str) for line in row["note"].split("\n")]
        self.widths = [
            *cols.widths[:-1],
            max([cols.widths[-1], *(min(REMARK_MAX_WIDTH, text_width(line)) for line in notes_typed)]),
        ]
        for position, r in enumerate(range(FIRST, self.last_row + 1)):
            row = typed[position] if position < len(typed) else {}
            ws.cell(r, 1, position + 1)
            cols.write_row(self, r, row)
            if row.get("note") is not None:  # the entry's own note, as typed: inert text (put)
                put(ws, r, cols.remark_col, row["note"])
                if isinstance(row["note"], str):  # wrapped in Observação: the row as high as its lines
                    chars = self.widths[-1] - 1.5  # what a line holds (sheet_style.text_width)
                    lines = sum(-(-len(part) * 1.05 // chars) or 1 for part in row["note"].split("\n"))
                    if lines > 1:
                        ws.row_dimensions[r].height = DEFAULT_ROW * lines
            for column in range(1, cols.remark_col + 1):
                self.style(ws.cell(r, column), "box")
            ws.cell(r, cols.remark_col).alignment = NOTE_ALIGNMENT
        self._result()
        self._notes(notes)
        self._validation()
        self._print_setup(meta)

    def _unused(self, r: int) -> str:
        """True while nothing is typed in row r or below it: a spare row, whose computed cells
        stay empty (a spare row printing the last standing again reads as deals never played).
        Rows above a typed one are never spare, so the race runs on through a skipped row."""
        counts = [f'COUNTIF(${col(a)}{r}:${col(b)}${self.last_row},"<>")' for a, b in self.cols.inputs()]
        return f"{'+'.join(counts)}=0"

    def computed(self, r: int, formula: str) -> str:
        """A computed cell of row r: empty in a spare row."""
        return f'=IF({self._unused(r)},"",{formula})'

    def team_ref(self, t: int) -> str:
        """The cell holding team t's name (row 4), as formulas compare names with it."""
        return f"${col(self.cols.block(t))}${L.NAMES_ROW}"

    def _result(self) -> None:
        ws, cols, r = self.ws, self.cols, self.result_row
        last = self.last_row
        counter = cols.counter
        to_win = cols.to_win(self.rules)
        self.style(ws.cell(r, 2, _(WINNER_LABEL)), "bold")
        # Mocas and games won only grow down the column, and spare rows are empty: the
        # largest number is the last one written.
        won = [f"MAX({col(counter(t))}{FIRST}:{col(counter(t))}{last})" for t in range(2)]
        self.style(
            ws.cell(r, 3, f'=IF({won[0]}>={to_win},{self.team_ref(0)},IF({won[1]}>={to_win},{self.team_ref(1)},""))'),
            "check",
        )
        one, many = cols.result_texts()
        for t in range(len(self.names)):
            self.style(ws.cell(r + 1 + t, 2, f"={self.team_ref(t)}"), "bold")
            column = f"{col(counter(t))}{FIRST}:{col(counter(t))}{last}"
            ws.cell(r + 1 + t, 3, f'=IF(COUNT({column})=0,"",MAX({column}))')
            ws.cell(r + 1 + t, 4, f'=IF(C{r + 1 + t}=1,"{one}","{many}")')  # "1 Moca", "2 Mocas"

    def _notes(self, notes) -> None:
        """The findings, numbered, each on a line as wide as the table (wrapped, never cut),
        and each row a finding is about marked with its numbers in the Nota column."""
        ws, cols = self.ws, self.cols
        start = self.notes_row
        self.style(ws.cell(start, 2, L.notes_label()), "bold")
        if not notes and not self.blank:
            ws.cell(start + 1, 2, _("No findings: the score sheet checks out."))
        self.notes_end = numbered_notes(
            ws,
            notes,
            start=start,
            last_col=cols.remark_col,
            note_col=cols.note_col,
            line_chars=sum(self.widths[1:]) - 2,
        )  # what one line of a note holds

    def _validation(self) -> None:
        ws, cols = self.ws, self.cols

        def lst(column: int, values):
            formula = list_formula(values)
            if formula is None:
                return
            dv = DataValidation(type="list", formula1=formula, allow_blank=True, showErrorMessage=True)
            dv.add(f"{col(column)}{FIRST}:{col(column)}{self.last_row}")
            ws.add_data_validation(dv)

        cols.validation(self, lst)
        ws.freeze_panes = f"A{FIRST}"
        for column, width in enumerate(self.widths, start=1):
            ws.column_dimensions[col(column)].width = width
        ws.row_dimensions[L.HEAD_ROW].height = 30

    def _print_setup(self, meta: dict) -> None:
        """Landscape A4 as wide as the table; the print area ends with the last note. A blank
        ficha's rows are at least WRITING_MM high on the paper, however the width scales it."""
        ws = self.ws
        page_setup(
            ws,
            header=f"{self.cols.title} — {self.rules.title}",
            landscape=True,
            one_page=False,
            area=f"A1:{col(self.cols.remark_col)}{self.notes_end}",
        )
        ws.page_margins.top = ws.page_margins.bottom = MARGIN_IN
        ws.page_margins.header = ws.page_margins.footer = HEADER_MARGIN
        if self.blank:
            for r in range(FIRST, self.last_row + 1):
                ws.row_dimensions[r].height = blank_row_points(self.cols)


def _refuse_unwritable_players(sheet) -> None:
    """A team's players share one cell, separated by commas: a player's name that holds a comma
    would read back as two players, and is refused at export (Safety, promise 4)."""
    for team, players in sheet.teams.items():
        for player in players:
            if "," in player:
                raise SheetFormatError(
                    M_(
                        "cannot export: teams: {team}: the ficha writes a team's players in one "
                        "cell, separated by commas, and {name} would read back as two",
                        team=quoted(team),
                        name=quoted(player),
                    ),
                    sheet.source,
                    sheet.line,
                )


def typed_rows(sheet, cols: FichaColumns) -> list[dict]:
    """What a scorer would have typed in each row of the ficha for this sheet."""
    rows = []
    for number, item in enumerate(sheet.entries, start=1):
        try:
            row = cols.typed_row(sheet, item)
        except CannotHold as exc:  # the entry named by its game's word for one (deal, hand)
            word = M_(games.get(sheet.rules.game).entry_word[0])
            raise SheetFormatError(
                M_("cannot export: {entry} {number}: {why}", entry=word, number=number, why=exc.message),
                sheet.source,
                item.line,
            ) from None
        if "note" in item:
            row["note"] = _note_cell(sheet, cols, number, item)
        rows.append(row)
    return rows


def _note_cell(sheet, cols: FichaColumns, number: int, item):
    """An entry's note as its Observação cell holds it (text, or a number); a note that the cell
    cannot give back as typed is refused at export, naming the sheet and the entry (Safety,
    promise 4)."""
    note = item["note"]
    why: Message
    if isinstance(note, str):
        if not note.strip():
            why = M_("a cell of only blanks reads back as no note")
        elif ILLEGAL_CHARACTERS_RE.search(note) or "\r" in note:  # a workbook's XML reads a carriage return as none
            why = M_("it holds a control character that a workbook cannot hold")
        elif len(note) > MAX_CELL_CHARS:
            why = M_("it is longer than a workbook cell holds ({most} characters)", most=Grouped(MAX_CELL_CHARS))
        else:
            return note
    elif isinstance(note, bool) or not isinstance(note, (int, float)):
        why = M_("a cell holds a note that is text or a number")
    elif not math.isfinite(note) or abs(note) >= MAX_MAGNITUDE:
        why = M_("a number in a score sheet's cell is finite and below {most}", most=Grouped(MAX_MAGNITUDE))
    elif isinstance(note, float) and note.is_integer():
        why = M_("a spreadsheet keeps a whole number without its decimals (write it as text or without '.0')")
    elif isinstance(note, float) and float(f"{note:.15g}") != note:
        why = M_("a spreadsheet keeps 15 significant digits of a number (write it as text)")
    else:
        return note
    # The entry is named by its list's key (hands, deals), as the sheet file writes it.
    raise SheetFormatError(
        M_(
            "cannot export: {entry} {number}: note: the ficha cannot hold {note}: {why}",
            entry=cols.list_key[:-1],
            number=number,
            note=quoted(note),
            why=why,
        ),
        sheet.source,
        item.line_of("note"),
    )


def blank_row_points(cols) -> float:
    """A blank ficha's row height (points) that prints WRITING_MM high once scaled."""
    return writing_row_points(cols.widths)


def blank_rows(cols: FichaColumns, teams: int = 2) -> int:
    """The rows of a blank ficha: as many as fill BLANK_PAGES pages. The first page holds the
    title and header rows, each page the repeated column heads, and the last the result and
    the notes' heading."""
    points_per_mm = 72 / 25.4
    height = (PAGE_MM[1] - 2 * MARGIN_IN * 25.4) * points_per_mm / fitted_scale(cols.widths)  # the page's body
    heads = 15 + 30  # the team names and the column headers, on every page
    top = 20 + 2 * 15  # title, event and players
    bottom = 15 * (teams + 4)  # a gap, Vencedor, a line a team, a gap, Notas
    row = blank_row_points(cols)
    return int((BLANK_PAGES * (height - heads) - top - bottom) // row) - 1


def write_game(ws, sheet, result, styles: Styles, meta: dict, cols: FichaColumns) -> TeamFichaWriter:
    """A team sheet's ficha on `ws`: what was typed, live formulas, the findings as notes."""
    _refuse_unwritable_players(sheet)
    rows = typed_rows(sheet, cols)
    writer = TeamFichaWriter(ws, sheet.rules, sheet.teams, len(rows) + SPARE_ROWS, styles, cols)
    notes = [(FIRST + f.hand - 1 if f.hand else None, describe(f)) for f in result.findings]
    writer.write(meta, rows, notes)
    return writer


def write_blank(
    ws, rules, teams: dict[str, list[str]], styles: Styles, meta: dict, cols: FichaColumns
) -> TeamFichaWriter:
    """An empty ficha for `teams`, its rows as high as a hand writes."""
    writer = TeamFichaWriter(ws, rules, teams, blank_rows(cols, len(teams)), styles, cols, blank=True)
    writer.write(meta, [], [])
    return writer
