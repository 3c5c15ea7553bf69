"""Reading a team game's ficha back into a sheet: every typed cell read or refused, naming the cell."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_, Message
from scorekeeper.names import name_refusal
from scorekeeper.sheet.load import score
from scorekeeper.sheet.yaml_edit import flow
from scorekeeper.sheet.yaml_lines import LineDict, LineList
from scorekeeper.team.finding_codes import CELL_FORMULA
from scorekeeper.team.sheet import MAX_ENTRIES
from scorekeeper.team.workbook_columns import (
    NUMBER_HEAD,
    PLAYERS_ROW,
    REMARK_HEAD,
    TEAM_INFO_CELLS,
    WINNER_LABEL,
    FichaColumns,
)
from scorekeeper.workbook import layout as L
from scorekeeper.workbook import regras
from scorekeeper.workbook.layout import STRIDE, code, col
from scorekeeper.workbook.read_back import ReadBack
from scorekeeper.workbook.safe_read import MAX_ROWS, ErrorValue, Grid, Merge

# Each value read from a ficha gets the line `code(row, slot)` (as every boletim import does), so that a refusal or a finding about it comes back to its cell (issue 8 item 7):
# the slot is the column of a row's own cells, a per-team slot for a key that has a cell per
# team (its team is the finding's), and ENTRY_SLOT for the entry as a whole.
ENTRY_SLOT = STRIDE - 1
TEAM_SLOTS = {"points": STRIDE - 2, "standing": STRIDE - 3, "score": STRIDE - 4}


@dataclass
class TeamFicha(ReadBack):
    """One team ficha as read: the sheet document and where each value sits."""

    cell_formula = CELL_FORMULA  # the warning of an input cell that held a formula

    path: str
    title: str
    rules_ref: str
    doc: LineDict
    cols: FichaColumns
    rules_cell: str | None = None  # where the Regras cell is, for a refusal of what it names
    team_cols: dict[str, int] = field(default_factory=dict)  # team -> its first column
    grid: Grid | None = None  # the worksheet read: the input cells that held formulas

    def check(self, rules_path: str | None = None):
        """Score the ficha; each finding named by worksheet and cell."""
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
        lines = [
            f"rules: {flow(rules_ref or regras.yaml_ref(doc['rules'], sheet.rules))}",
            f"teams: {flow(dict(doc['teams']))}",
        ]
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

    def _refused_who(self, line: int) -> str | None:
        """The team whose value in a per-team cell was refused: the first that is not a whole
        number of at least 0 (the EntryReader's refusals of `points`, `standing`, `score`)."""
        row, slot = divmod(line, STRIDE)
        key = next((k for k, s in TEAM_SLOTS.items() if s == slot), None)
        entry = next((e for e in self.doc[self.cols.list_key] if e.line // STRIDE == row), None)
        if key is None or entry is None or not isinstance(entry.get(key), dict):
            return None
        return next((t for t, v in entry[key].items() if isinstance(v, bool) or not isinstance(v, int) or v < 0), None)

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
        if column is None:  # the team's own cell, or the row's (column B) for a finding about no team
            column = self.team_cols.get(finding.player, 2) if finding.player is not None else 2
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
    names = _team_names(grid, rules, cols)
    if not L.is_label(grid.label(head, 1), NUMBER_HEAD):  # written in any language scorekeeper speaks
        raise SheetFormatError(
            M_("not a scorekeeper ficha: no '{head}' header", head=Message(NUMBER_HEAD)), grid.where(head, 1)
        )
    doc = _header(grid, rules_ref, info, cols, names)
    # Observação, in any language; none on an older ficha.
    remark = cols.remark_col if L.is_label(grid.label(head, cols.remark_col), REMARK_HEAD) else None
    ficha = TeamFicha(
        grid.path,
        grid.title,
        rules_ref,
        doc,
        cols,
        rules_cell,
        {name: cols.team_value(t) for t, name in enumerate(names)},
        grid,
    )
    entries, last = _entry_rows(grid, cols, names, remark)
    doc[cols.list_key] = entries
    _refuse_outside(grid, cols, last, remark or cols.note_col)
    return ficha


def _team_names(grid, rules, cols: FichaColumns) -> list[str]:
    """Each team's name, over its block of columns (the writer merges them), read as typed."""
    width = len(cols.team_heads())
    names = []
    for t in range(rules.teams):
        first = cols.block(t)
        name = grid.text(L.NAMES_ROW, first, merged_as=Merge(L.NAMES_ROW, first, L.NAMES_ROW, first + width - 1))
        if name is None:
            raise SheetFormatError(M_("a team column has no team name above it"), grid.where(L.NAMES_ROW, first))
        _refuse_name(name, grid.where(L.NAMES_ROW, first))
        names.append(name)
    return names


def _header(grid, rules_ref: str, info: dict, cols: FichaColumns, names: list[str]) -> LineDict:
    """The sheet's header as the ficha holds it: its rules, the teams and their players (each
    team's in one cell above its name), and the header cells' `info`, each at its cell."""
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
    return doc


def _entry_rows(grid, cols: FichaColumns, names: list[str], remark: int | None) -> tuple[LineList, int]:
    """The entries typed in the numbered rows, each with its note (Observação, column `remark`),
    and the last numbered row."""
    head = L.HEAD_ROW
    entries = LineList()
    entries.line, entries.item_lines = code(head, 1), []
    last = head
    for r in range(head + 1, MAX_ROWS + 2):
        if r > MAX_ROWS:  # numbered rows go on below what is read: refuse rather than drop them
            raise SheetFormatError(
                M_(
                    "numbered rows go on past row {row}; a ficha holds at most {most} {entries}",
                    row=MAX_ROWS,
                    most=MAX_ENTRIES,
                    entries=cols.list_key,
                ),
                grid.where(r - 1, 1),
            )
        if not is_row_number(grid.marker(r, 1)):
            break  # the entry rows are the numbered ones; the result and notes follow them
        last = r
        entry = cols.read_entry(grid, r, names)
        note = _note(grid, r, remark)
        # a note alone is an entry too: dropping it would renumber the ones after it
        if note is not None and remark is not None:
            if entry is None:
                entry = new_entry(r)
            entry["note"] = note
            entry.key_lines["note"] = code(r, remark)
        if entry is not None:
            entries.append(entry)
            entries.item_lines.append(entry.line)
    return entries, last


def is_row_number(value) -> bool:
    """An entry row's marker: its number in column A (the rows below it are not entries)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _refuse_name(name: str, where: str) -> None:
    """A team's or a player's name read from the ficha is one the sheets accept (names.py)."""
    problem = name_refusal(name)
    if problem is not None:
        raise SheetFormatError(problem, where)


def _refuse_outside(grid, cols: FichaColumns, last_row: int, last_col: int) -> None:
    """Anything typed where the ficha reads nothing is refused at its cell, never skipped (issue
    16): over a formula that the ficha computes, right of its last column, and below its
    numbered rows, where only the result and the notes are the writer's."""
    computed = set(cols.computed_columns())
    notes = min(
        (r for (r, c) in grid.values if c == 2 and r > last_row and L.is_label(grid.label(r, c), L.NOTES_LABEL)),
        default=MAX_ROWS + 1,
    )
    for (row, column), value in sorted(grid.values.items()):
        if (row, column) in grid.formulas:
            continue  # the ficha's own formulas
        if column > last_col:
            message = M_(
                "{value} is typed right of the ficha's last column ({column}): nothing there is read; move "
                "it into the table or clear it",
                value=shown_value(grid, row, column, value),
                column=col(last_col),
            )
        elif L.FIRST_ROW <= row <= last_row and column in computed:
            message = M_(
                "{value} is typed over the formula of {head}, which the ficha computes and does not read: "
                "clear the cell",
                value=shown_value(grid, row, column, value),
                head=quoted(grid.label(L.HEAD_ROW, column) or col(column)),
            )
        elif row > last_row and not (column == 2 and (row >= notes or L.is_label(value, WINNER_LABEL))):
            message = M_(
                "{value} is typed below the ficha's numbered rows, where nothing is read: each entry has a "
                "numbered row (a row's number is in column A)",
                value=shown_value(grid, row, column, value),
            )
        else:
            continue
        raise SheetFormatError(message, grid.where(row, column))


def shown_value(grid, row: int, column: int, value) -> str | Message:
    """A cell's value as a refusal quotes it (an error value as the spreadsheet shows it)."""
    return value.code if isinstance(value, ErrorValue) else quoted(grid.label(row, column) or value)


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
