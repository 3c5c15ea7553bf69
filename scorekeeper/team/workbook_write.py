"""The score sheets (fichas) of the team games: export with live formulas, and import of what
a person typed.

A ficha is a row per deal or hand, a block of columns per team, the result (the winner and
what each team won) and numbered notes. What only one game knows (its columns, the formulas
of a row, how a row and its findings are read back) is its FichaColumns subclass, in the
game's own package. Every number a person would otherwise work out is a formula that follows
the rule file's numbers.
"""
from __future__ import annotations

import contextlib
import math
from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.worksheet.datavalidation import DataValidation

from scorekeeper import games
from scorekeeper.workbook import layout as L
from scorekeeper.workbook import regras
from scorekeeper.workbook.layout import STRIDE, code
from scorekeeper.workbook.safe_read import MAX_ROWS, ErrorValue, Merge
from scorekeeper.workbook.sheet_style import (DEFAULT_ROW, MAX_CELL_CHARS, MAX_MAGNITUDE, NOTE_ALIGNMENT, Styles,
                                             list_formula, numbered_notes, page_setup, put, text_width, typed_value)
from scorekeeper.workbook.layout import col
from scorekeeper.errors import SheetFormatError, quote
from scorekeeper.findings import Finding
from scorekeeper.i18n import N_, _, grouped, pgettext
from scorekeeper.names import name_problem
from scorekeeper.team.finding_codes import CELL_FORMULA
from scorekeeper.sheet.saving import flow
from scorekeeper.team.sheet import MAX_ENTRIES
from scorekeeper.sheet.yaml_lines import LineDict, LineList

FIRST = L.FIRST_ROW
SPARE_ROWS = 3  # empty rows after an exported game's last entry, for one written in by hand
YES = "sim"  # a typed value (a drop-down's, compared by formulas), not a word of the ficha: never translated
# The ficha's own words (message ids, written in the workbook's language). Column A's head and
# Observação's are what import looks for, in any language (layout.is_label).
NUMBER_HEAD = N_("No.")  # column A: the entry's number
REMARK_HEAD = N_("Remark")  # an entry's own `note:`, as typed (Nota holds the findings' numbers)
NOTE_HEAD = N_("Note")  # the numbers of the findings about the row
WINNER_LABEL = N_("Winner")
REMARK_MAX_WIDTH = 30.0  # Observação grows with the longest note up to this; a longer one wraps
# The paper: A4 landscape with these margins (inches), so that the table is printed near its
# size (portrait shrank it to half); a blank ficha's rows are written on by hand.
PAGE_MM = (297, 210)
MM_PER_WIDTH = 2.515  # a column width unit on LibreOffice's printed page, measured
SIDE_IN, MARGIN_IN, HEADER_IN = 0.4, 0.5, 0.25  # page_setup sets the sides to 0.4 with a print area
WRITING_MM = 7.4
BLANK_PAGES = 2
PLAYERS_ROW = 3
# Header cells: (row, label column, value column); the teams' players sit in row 3 above each team.
TEAM_INFO_CELLS = {"event": (2, 2, 3), "table": (2, 6, 7), "round": (2, 8, 9), "date": (2, 10, 12),
                   "rules": (3, 2, 3), "scorer": (3, 4, 5)}


# --- a game's columns ------------------------------------------------------------------------

class FichaColumns(ABC):
    """The columns of one team game's ficha, and what only that game knows of them: how a row's
    formulas are written, what a scorer typed, how a row is read back, and which cell a finding
    is about. Each team game has a subclass in its own package (games.TeamGame.ficha_columns)."""

    list_key: str  # the sheet's list of entries
    meta: tuple[str, ...]  # the heads of the row's own columns, from A (message ids; A's is NUMBER_HEAD's)
    team_headers: tuple[str, ...]  # the heads of each team's block (message ids)
    result_words: tuple[str, str]  # the standing under Vencedor, one and many (message ids): ("Moca", "Mocas")
    keys: dict[str, int]  # an entry's key -> the column of the row that holds it
    widths: list[float]  # every column's, Observação's last (its narrowest: a game's notes may widen it)
    last_col: int
    note_col: int
    teams: int

    @property
    def title(self) -> str:
        """The ficha's title, in the language in use."""
        return pgettext("ficha", "Score sheet")

    def meta_heads(self) -> list[str]:
        """The heads of the row's own columns in the language in use; A's is always NUMBER_HEAD,
        the head import looks for. A game whose words need a context of their own overrides this."""
        return [_(NUMBER_HEAD), *(_(head) for head in self.meta[1:])]

    def team_heads(self) -> list[str]:
        """The heads of each team's block in the language in use."""
        return [_(head) for head in self.team_headers]

    def result_texts(self) -> tuple[str, str]:
        """The standing's word for one and for many (1 Moca, 2 Mocas) in the language in use."""
        one, many = self.result_words
        return _(one), _(many)

    @property
    def remark_col(self) -> int:
        """Observação, after Nota: the entry's own `note:`, as typed."""
        return self.note_col + 1

    @abstractmethod
    def inputs(self) -> list[tuple[int, int]]:
        """The ranges of columns (first, last) a person types in."""

    @abstractmethod
    def block(self, team: int) -> int:
        """The first column of team `team`'s block."""

    @abstractmethod
    def counter(self, team: int) -> int:
        """The column of what the game is won by (mocas, games)."""

    @abstractmethod
    def team_value(self, team: int) -> int:
        """The column a finding about a team points at."""

    @abstractmethod
    def to_win(self, rules) -> int:
        """How many mocas or games win."""

    @abstractmethod
    def team_slot_column(self, key: str, team: int) -> int | None:
        """The column of a per-team key (points, standing, score) for team `team`."""

    def extra_heads(self, writer) -> None:
        """Heads of columns after the teams' blocks (Soma, Controlo), if any."""

    @abstractmethod
    def write_row(self, writer, r: int, row: dict) -> None:
        """Row r's typed values and formulas."""

    @abstractmethod
    def validation(self, writer, lst) -> None:
        """The row's drop-down lists (`lst(column, values)`) and any other validation."""

    @abstractmethod
    def typed_row(self, sheet, item) -> dict:
        """What a scorer would have typed in the row of entry `item`."""

    @abstractmethod
    def read_entry(self, grid, r: int, names: list[str]):
        """The entry typed in row r (a LineDict with coded lines), or None for an empty row."""

    @abstractmethod
    def computed_columns(self) -> list[int]:
        """The columns of a row that only hold the ficha's formulas (none is read): a value
        typed over one is refused, never skipped."""

    @abstractmethod
    def finding_column(self, ficha, finding: Finding, entry) -> int | None:
        """The column of the cell a finding about `entry` is about (None: the team's cell)."""


# --- writing ----------------------------------------------------------------------------------

class TeamFichaWriter:
    """Writes one team game (or a blank ficha) onto a worksheet."""

    def __init__(self, ws, rules, teams: dict[str, list[str]], rows: int, styles: Styles, cols: FichaColumns,
                 blank: bool = False):
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
        from scorekeeper.workbook.export import SummaryCells

        return SummaryCells(f"{quoted}!C{self.result_row + 1 + t}", None, f"{quoted}!C{self.result_row}", "FALSE")

    def write(self, meta: dict, typed: list[dict], notes: list[tuple[int | None, str]]) -> None:
        ws, cols = self.ws, self.cols
        ws.sheet_view.showGridLines = False
        self.style(put(ws, 1, 1, f"{cols.title} — {self.rules.title}"), "title")
        for key, (row, label_col, value_col) in TEAM_INFO_CELLS.items():
            value = meta.get(key)
            if key == "scorer" and value is None:
                continue
            self.style(ws.cell(row, label_col, L.info_label(key)), "bold")
            if value is not None:
                self.style(put(ws, row, value_col, typed_value(value)), "left")
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
        self.widths = [*cols.widths[:-1], max([cols.widths[-1], *(min(REMARK_MAX_WIDTH, text_width(line))
                                                                   for line in notes_typed)])]
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
        self.style(ws.cell(r, 3, f'=IF({won[0]}>={to_win},{self.team_ref(0)},IF({won[1]}>={to_win},'
                                 f'{self.team_ref(1)},""))'), "check")
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
        self.notes_end = numbered_notes(ws, notes, start=start, last_col=cols.remark_col, note_col=cols.note_col,
                                        line_chars=sum(self.widths[1:]) - 2)  # what one line of a note holds

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
        page_setup(ws, header=f"{self.cols.title} — {self.rules.title}", landscape=True, one_page=False,
                   area=f"A1:{col(self.cols.remark_col)}{self.notes_end}")
        ws.page_margins.top = ws.page_margins.bottom = MARGIN_IN
        ws.page_margins.header = ws.page_margins.footer = HEADER_IN
        if self.blank:
            for r in range(FIRST, self.last_row + 1):
                ws.row_dimensions[r].height = blank_row_points(self.cols)


def _refuse_unwritable_players(sheet) -> None:
    """A team's players share one cell, separated by commas: a player's name that holds a comma
    would read back as two players, and is refused at export (Safety, promise 4)."""
    for team, players in sheet.teams.items():
        for player in players:
            if "," in player:
                raise SheetFormatError(_("cannot export: teams: {team}: the ficha writes a team's players in one "
                                         "cell, separated by commas, and {name} would read back as two").format(
                                             team=quote(team), name=quote(player)), sheet.source, sheet.line)


def typed_rows(sheet, cols: FichaColumns) -> list[dict]:
    """What a scorer would have typed in each row of the ficha for this sheet."""
    rows = []
    for number, item in enumerate(sheet.entries, start=1):
        try:
            row = cols.typed_row(sheet, item)
        except CannotHold as exc:  # the entry named by its game's word for one (deal, hand)
            word = _(games.get(sheet.rules.game).entry_word[0])
            raise SheetFormatError(_("cannot export: {entry} {number}: {why}").format(
                entry=word, number=number, why=exc), sheet.source, item.line) from None
        if "note" in item:
            row["note"] = _note_cell(sheet, cols, number, item)
        rows.append(row)
    return rows


def _note_cell(sheet, cols: FichaColumns, number: int, item):
    """An entry's note as its Observação cell holds it (text, or a number); a note that the cell
    cannot give back as typed is refused at export, naming the sheet and the entry (Safety,
    promise 4)."""
    note = item["note"]
    if isinstance(note, str):
        if not note.strip():
            why = _("a cell of only blanks reads back as no note")
        elif ILLEGAL_CHARACTERS_RE.search(note) or "\r" in note:  # a workbook's XML reads a carriage return as none
            why = _("it holds a control character that a workbook cannot hold")
        elif len(note) > MAX_CELL_CHARS:
            why = _("it is longer than a workbook cell holds ({most} characters)").format(most=grouped(MAX_CELL_CHARS))
        else:
            return note
    elif isinstance(note, bool) or not isinstance(note, (int, float)):
        why = _("a cell holds a note that is text or a number")
    elif not math.isfinite(note) or abs(note) >= MAX_MAGNITUDE:
        why = _("a number in a score sheet's cell is finite and below {most}").format(most=grouped(MAX_MAGNITUDE))
    elif isinstance(note, float) and note.is_integer():
        why = _("a spreadsheet keeps a whole number without its decimals (write it as text or without '.0')")
    elif isinstance(note, float) and float(f"{note:.15g}") != note:
        why = _("a spreadsheet keeps 15 significant digits of a number (write it as text)")
    else:
        return note
    # The entry is named by its list's key (hands, deals), as the sheet file writes it.
    raise SheetFormatError(_("cannot export: {entry} {number}: note: the ficha cannot hold {note}: {why}").format(
        entry=cols.list_key[:-1], number=number, note=quote(note), why=why), sheet.source, item.line_of("note"))


def team_of(sheet, value):
    """The team's name as the ficha writes it (a player's name becomes their team's)."""
    if not isinstance(value, str):
        return None
    return sheet.team_of(value) or value


class CannotHold(Exception):
    """What an entry writes that its ficha's row has no cell for: refused at export, naming the
    entry (typed_rows), never dropped (Safety, promise 4)."""


def per_team(value, names, key: str = ""):
    """A value per team as the ficha's cells hold it, in team order: None for a team left out
    (the check's finding reads back as it is); a value for a name that is not a team, a list
    that is not one a team, or a value that is not a whole number has no cell."""
    if value is None:
        return None
    if isinstance(value, list) and len(value) == len(names):
        values = list(value)
    elif isinstance(value, dict) and all(name in names for name in value):
        values = [value.get(name) for name in names]
    elif isinstance(value, dict):
        unknown = next(name for name in value if name not in names)
        raise CannotHold(_("{key}: {name} is not a team at this table, and the ficha has a column for each team "
                           "only").format(key=key, name=quote(unknown)))
    else:
        raise CannotHold(_("{key}: {count} values for {teams} teams: the ficha has one cell for each").format(
            key=key, count=len(value) if isinstance(value, list) else 1, teams=len(names)))
    wrong = next((v for v in values if v is not None and (isinstance(v, bool) or not isinstance(v, int))), None)
    if wrong is not None:
        raise CannotHold(_("{key}: {value} is not a whole number, which is what the ficha's cell holds").format(
            key=key, value=quote(wrong)))
    return values


def scale(cols) -> float:
    """How much fitting the table to the page width shrinks it."""
    table_mm = sum(cols.widths) * MM_PER_WIDTH
    return min(1.0, (PAGE_MM[0] - 2 * SIDE_IN * 25.4) / table_mm)


def blank_row_points(cols) -> float:
    """A blank ficha's row height (points) that prints WRITING_MM high once scaled."""
    return round(WRITING_MM / scale(cols) / 25.4 * 72 + 0.5)


def blank_rows(cols: FichaColumns, teams: int = 2) -> int:
    """The rows of a blank ficha: as many as fill BLANK_PAGES pages. The first page holds the
    title and header rows, each page the repeated column heads, and the last the result and
    the notes' heading."""
    points_per_mm = 72 / 25.4
    height = (PAGE_MM[1] - 2 * MARGIN_IN * 25.4) * points_per_mm / scale(cols)  # the page's body
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
    notes = [(FIRST + f.hand - 1 if f.hand else None, f.describe())
             for f in result.findings]
    writer.write(meta, rows, notes)
    return writer


def write_blank(ws, rules, teams: dict[str, list[str]], styles: Styles, meta: dict,
                cols: FichaColumns) -> TeamFichaWriter:
    """An empty ficha for `teams`, its rows as high as a hand writes."""
    writer = TeamFichaWriter(ws, rules, teams, blank_rows(cols, len(teams)), styles, cols, blank=True)
    writer.write(meta, [], [])
    return writer


# --- reading ------------------------------------------------------------------------------

# Each value read from a ficha gets the line `code(row, slot)` (as every boletim import does), so that a refusal or a finding about it comes back to its cell (issue 8 item 7):
# the slot is the column of a row's own cells, a per-team slot for a key that has a cell per
# team (its team is the finding's), and ENTRY_SLOT for the entry as a whole.
ENTRY_SLOT = STRIDE - 1
TEAM_SLOTS = {"points": STRIDE - 2, "standing": STRIDE - 3, "score": STRIDE - 4}
@dataclass
class TeamFicha:
    """One team ficha as read: the sheet document and where each value sits."""

    path: str
    title: str
    rules_ref: str
    doc: LineDict
    cols: object
    rules_cell: str | None = None  # where the Regras cell is, for a refusal of what it names
    team_cols: dict[str, int] = field(default_factory=dict)  # team -> its first column
    grid: object = None  # the worksheet read: the input cells that held formulas

    @property
    def source(self) -> str:
        return f"{self.path}:{self.title}"

    def cell_findings(self, rules_path: str | None = None) -> list[Finding]:
        """What reading the worksheet found at its cells: each input cell read by the value saved
        with its formula (a warning)."""
        return self.grid.formula_findings(CELL_FORMULA) if self.grid is not None else []

    def check(self, rules_path: str | None = None):
        """Score the ficha; each finding named by worksheet and cell."""
        from scorekeeper.sheet.load import score

        sheet = self._load(rules_path)
        with self._refusals_at_cells():
            result = score(sheet)
        result.source = self.source
        result.findings = self.cell_findings() + [self._at_cell(f) for f in result.findings]
        return result

    def to_yaml(self, rules_path: str | None = None, rules_ref: str | None = None) -> str:
        """The ficha as a YAML sheet; `rules_ref` is what its `rules:` says when the caller knows
        better than the workbook (a house variant's file)."""
        sheet = self._load(rules_path)
        doc = self.doc
        lines = [f"rules: {flow(rules_ref or regras.yaml_ref(doc['rules'], sheet.rules))}", f"teams: {flow(dict(doc['teams']))}"]
        for key in ("scorer", "event", "table", "round", "date"):
            if key in doc:
                lines.append(f"{key}: {flow(doc[key])}")
        entries = doc[self.cols.list_key]
        if entries:
            lines.append(f"{self.cols.list_key}:")
            lines.extend(f"  - {flow(_plain(entry, list(doc['teams'])))}" for entry in entries)
        else:
            lines.append(f"{self.cols.list_key}: []")
        return "\n".join(lines) + "\n"

    def _load(self, rules_path):
        rules = regras.resolve(self.doc["rules"], rules_path, self.rules_cell or self.source)
        ref = rules_path if rules_path is not None else self.doc["rules"]
        with self._refusals_at_cells():
            return games.get(rules.game).parse_sheet(self.doc, rules, self.source, ref)

    @contextlib.contextmanager
    def _refusals_at_cells(self):
        """A value refused while reading or scoring the ficha is refused at its cell."""
        try:
            yield
        except SheetFormatError as exc:
            if exc.source != self.source:  # already placed (the rules file, a cell of the grid)
                raise
            where = self._cell(exc.line, self._refused_team(exc.line)) if exc.line else self.source
            raise SheetFormatError(exc.message, where) from None

    def _cell(self, line: int, team: str | None) -> str:
        """The cell a coded line names; a per-team slot is the team's cell (the first team's
        when the team is not known)."""
        row, slot = divmod(line, STRIDE)
        column = slot
        for key, team_slot in TEAM_SLOTS.items():
            if slot == team_slot:
                column = self.team_column(key, team)
        if slot == ENTRY_SLOT:
            column = 2
        return f"{self.source}!{col(column)}{row}"

    def team_column(self, key: str, team: str | None) -> int:
        names = list(self.doc["teams"])
        t = names.index(team) if team in names else 0
        return self.cols.team_slot_column(key, t)

    def _refused_team(self, line: int) -> str | None:
        """The team whose value in a per-team cell was refused: the first that is not a whole
        number of at least 0 (the EntryReader's refusals of `points`, `standing`, `score`)."""
        row, slot = divmod(line, STRIDE)
        key = next((k for k, s in TEAM_SLOTS.items() if s == slot), None)
        entry = next((e for e in self.doc[self.cols.list_key] if e.line // STRIDE == row), None)
        if key is None or entry is None or not isinstance(entry.get(key), dict):
            return None
        return next((t for t, v in entry[key].items()
                     if isinstance(v, bool) or not isinstance(v, int) or v < 0), None)

    def _at_cell(self, finding: Finding) -> Finding:
        if finding.line is None:
            return finding._replace(source=self.source)
        row, slot = divmod(finding.line, STRIDE)
        if slot != ENTRY_SLOT:  # a finding about one value (one with a `key`): exactly its cell
            return finding._replace(source=self._cell(finding.line, finding.player), line=None)
        column = None
        entries = self.doc[self.cols.list_key]
        if finding.hand and finding.hand <= len(entries):
            entry = entries[finding.hand - 1]
            column = self.cols.finding_column(self, finding, entry)
        if column is None:
            column = self.team_cols.get(finding.player, 2)
        return finding._replace(source=f"{self.source}!{col(column)}{row}", line=None)

    def team_of(self, name) -> str | None:
        teams = self.doc["teams"]
        return next((t for t, players in teams.items() if name == t or name in players), None)


def _plain(entry: dict, teams: list[str]) -> dict:
    out = {}
    for key, value in entry.items():
        if isinstance(value, dict):
            value = [value[t] for t in teams] if list(value) == teams else dict(value)
        out[key] = value
    return out


def read(grid, rules, rules_ref: str, info: dict, cols: FichaColumns, rules_cell: str | None = None) -> TeamFicha:
    """A team ficha from a worksheet's cells (only what a person typed), given its header
    `info` and where its Regras cell is."""
    head = L.HEAD_ROW
    width = len(cols.team_heads())
    names = []
    for t in range(rules.teams):
        first = cols.block(t)
        # a team's name is over its block of columns (the writer merges them); read as typed
        name = grid.text(L.NAMES_ROW, first, merged_as=Merge(L.NAMES_ROW, first, L.NAMES_ROW, first + width - 1))
        if name is None:
            raise SheetFormatError(_("a team column has no team name above it"), grid.where(L.NAMES_ROW, first))
        _refuse_name(name, grid.where(L.NAMES_ROW, first))
        names.append(name)
    if not L.is_label(grid.label(head, 1), NUMBER_HEAD):  # written in any language scorekeeper speaks
        raise SheetFormatError(_("not a scorekeeper ficha: no '{head}' header").format(head=_(NUMBER_HEAD)),
                               grid.where(head, 1))
    doc = LineDict()
    doc.line, doc.key_lines = code(1, 1), {}
    doc["rules"] = rules_ref
    teams = LineDict()
    teams.line, teams.key_lines = code(L.NAMES_ROW, cols.block(0)), {}
    for t, name in enumerate(names):
        players = grid.text(PLAYERS_ROW, cols.block(t))
        teams[name] = [p.strip() for p in (players or "").split(",") if p.strip()]
        for player in teams[name]:
            _refuse_name(player, grid.where(PLAYERS_ROW, cols.block(t)))
    doc["teams"] = teams
    doc.key_lines["teams"] = teams.line
    for key in ("rules", "scorer", "event", "table", "round", "date"):
        row, _slot, column = TEAM_INFO_CELLS[key]
        doc.key_lines[key] = code(row, column)
        if key != "rules" and info.get(key) is not None:
            doc[key] = info[key]
    if isinstance(doc.get("scorer"), str):
        row, _slot, column = TEAM_INFO_CELLS["scorer"]
        _refuse_name(doc["scorer"], grid.where(row, column))
    entries = LineList()
    entries.line, entries.item_lines = code(head, 1), []
    # Observação, in any language; none on an older ficha.
    remark = cols.remark_col if L.is_label(grid.label(head, cols.remark_col), REMARK_HEAD) else None
    ficha = TeamFicha(grid.path, grid.title, rules_ref, doc, cols, rules_cell,
                      {name: cols.team_value(t) for t, name in enumerate(names)}, grid)
    last = head
    for r in range(head + 1, MAX_ROWS + 2):
        if r > MAX_ROWS:  # numbered rows go on below what is read: refuse rather than drop them
            raise SheetFormatError(
                _("numbered rows go on past row {row}; a ficha holds at most {most} {entries}").format(
                    row=MAX_ROWS, most=MAX_ENTRIES, entries=cols.list_key), grid.where(r - 1, 1))
        if not is_row_number(grid.marker(r, 1)):
            break  # the entry rows are the numbered ones; the result and notes follow them
        last = r
        entry = cols.read_entry(grid, r, names)
        note = _note(grid, r, remark)
        if note is not None:  # a note alone is an entry too: dropping it would renumber the ones after it
            if entry is None:
                entry = new_entry(r)
            entry["note"] = note
            entry.key_lines["note"] = code(r, remark)
        if entry is not None:
            entries.append(entry)
            entries.item_lines.append(entry.line)
    doc[cols.list_key] = entries
    _refuse_outside(grid, cols, last, remark or cols.note_col)
    return ficha


def is_row_number(value) -> bool:
    """An entry row's marker: its number in column A (the rows below it are not entries)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _refuse_name(name: str, where: str) -> None:
    """A team's or a player's name read from the ficha is one the sheets accept (names.py)."""
    problem = name_problem(name)
    if problem is not None:
        raise SheetFormatError(problem, where)


def _refuse_outside(grid, cols: FichaColumns, last_row: int, last_col: int) -> None:
    """Anything typed where the ficha reads nothing is refused at its cell, never skipped (issue
    16): over a formula that the ficha computes, right of its last column, and below its
    numbered rows, where only the result and the notes are the writer's."""
    computed = set(cols.computed_columns())
    notes = min((r for (r, c) in grid.values if c == 2 and r > last_row and L.is_label(grid.label(r, c),
                                                                                       L.NOTES_LABEL)),
                default=MAX_ROWS + 1)
    for (row, column), value in sorted(grid.values.items()):
        if (row, column) in grid.formulas:
            continue  # the ficha's own formulas
        if column > last_col:
            message = _("{value} is typed right of the ficha's last column ({column}): nothing there is read; move "
                        "it into the table or clear it")
        elif L.FIRST_ROW <= row <= last_row and column in computed:
            message = _("{value} is typed over the formula of {head}, which the ficha computes and does not read: "
                        "clear the cell")
        elif row > last_row and not (column == 2 and (row >= notes or L.is_label(value, WINNER_LABEL))):
            message = _("{value} is typed below the ficha's numbered rows, where nothing is read: each entry has a "
                        "numbered row (a row's number is in column A)")
        else:
            continue
        raise SheetFormatError(message.format(value=shown_value(grid, row, column, value), column=col(last_col),
                                              head=quote(grid.label(L.HEAD_ROW, column) or col(column))),
                               grid.where(row, column))


def shown_value(grid, row: int, column: int, value) -> str:
    """A cell's value as a refusal quotes it (an error value as the spreadsheet shows it)."""
    return value.code if isinstance(value, ErrorValue) else quote(grid.label(row, column) or value)


def _note(grid, r: int, column: int | None):
    """The entry's note as typed in Observação: text as it is (spaces and all), a number as a
    number (a whole one as a whole number), anything else as the text it shows; a blank cell is
    no note."""
    if column is None:
        return None
    value = grid.value(r, column)
    if isinstance(value, str):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return value
    return grid.text(r, column)


def new_entry(r: int) -> LineDict:
    entry = LineDict()
    entry.line, entry.key_lines = code(r, ENTRY_SLOT), {}
    return entry


def key_lines(entry: LineDict, r: int, columns: dict[str, int]) -> dict[str, int]:
    """Each key's coded line: its own cell's column, or its per-team slot."""
    return {key: code(r, TEAM_SLOTS[key] if key in TEAM_SLOTS else columns[key]) for key in entry}


def team_values(grid, r: int, columns: list[int], names: list[str], typed_over: bool = False):
    """A value per team typed in row r's `columns`; `typed_over` for the cells that hold the
    ficha's formulas (a standing, a score), whose formula is not read."""
    read = grid.typed_over_number if typed_over else grid.number
    values = [read(r, c) for c in columns]
    if all(v is None for v in values):
        return None
    return {name: v for name, v in zip(names, values) if v is not None}


