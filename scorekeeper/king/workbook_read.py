"""Reading a King boletim back: what a person typed in the visible cells, never a hidden copy.

A Qtd cell holds counts (or a festa's tricks); a Negativos or Positivos cell holds points when
a person typed a number over its formula. Formulas are never trusted: the hand is scored from
what was typed, and a total that a person typed over its formula is checked against the sum.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_, N_, Message
from scorekeeper.king import workbook_layout as L
from scorekeeper.king.festa import score_festa
from scorekeeper.king.penalties import penalty_points
from scorekeeper.king.scoring import ROTATION_RULE as SCORING_ROTATION_RULE
from scorekeeper.king.sheet import parse_sheet
from scorekeeper.king.workbook_finding_codes import CELL_FORMULA
from scorekeeper.king.workbook_layout import offender_names
from scorekeeper.king.written_totals import TOTALS_KEYS
from scorekeeper.names import name_refusal
from scorekeeper.sheet.load import score
from scorekeeper.sheet.vocabulary import normalize
from scorekeeper.sheet.yaml_edit import flow
from scorekeeper.sheet.yaml_lines import LineDict, LineList
from scorekeeper.workbook import regras
from scorekeeper.workbook.layout import STRIDE, code, col, info_key, is_label
from scorekeeper.workbook.safe_read import MAX_COLUMNS, MAX_ROWS, ErrorValue, Grid, Merge

# Each value gets the line `code(row, slot)` (workbook.layout): a column for the header's and the
# hand's own cells, QTY and POINTS for a player's values (whose player the finding names), and
# HAND for the entry itself (a finding about the hand as a whole, or one that names no key).
QTY_SLOT, POINTS_SLOT, HAND_SLOT = STRIDE - 3, STRIDE - 2, STRIDE - 1
KEY_COLUMNS = {
    "hand": L.COL_HAND,
    "beneficiary": L.COL_BENEFICIARY,
    "contract": L.COL_CONTRACT,
    "trump": L.COL_TRUMP,
    "penalty": L.COL_PENALTY,
    "players": L.COL_OFFENDERS,
    "offer": L.COL_OFFER_BY,
    "counts": QTY_SLOT,
    "tricks": QTY_SLOT,
    "points": POINTS_SLOT,
}
ROTATION_RULE = "Art 9, 2a fase"  # the festas' rotation (king.scoring): about the Beneficiário cell


@dataclass
class Boletim:
    """One boletim worksheet as read: the sheet document and where each value sits."""

    path: str
    title: str
    doc: LineDict
    players: list[str]
    qty_cols: list[int]
    neg_cols: list[int]
    pos_cols: list[int]
    total_col: int | None
    totals_row: int | None
    saldo_row: int | None
    rules_cell: str | None = None  # where the Regras cell is, for a refusal of what it names
    note_col: int | None = None  # Observação, each hand's note (a boletim exported before it had one has none)
    rows: list[int] = field(default_factory=list)  # the Excel row of each hand entry
    quantity_rows: set[int] = field(default_factory=set)
    names_row: int = L.NAMES_ROW
    header_cells: dict[str, tuple[int, int]] = field(default_factory=dict)  # key -> (row, column) of its value
    typed_quantities: set[tuple[int, int]] = field(default_factory=set)  # (row, player) with a typed Qtd
    typed_points: dict[tuple[int, int], int] = field(default_factory=dict)  # (row, player) -> column typed
    # Rows where points were typed over some players' formulas: the others' formulas stand
    # (row -> players whose Negativos or Positivos cell holds the formula).
    formula_points: dict[int, list[str]] = field(default_factory=dict)
    grid: Grid | None = None  # the worksheet read: the input cells that held formulas

    @property
    def source(self) -> str:
        return f"{self.path}:{self.title}"

    def cell(self, column: int, row: int) -> str:
        return f"{self.source}!{col(column)}{row}"

    def check(self, rules_path: str | None = None):
        return check(self, rules_path)

    def to_yaml(self, rules_path: str | None = None, rules_ref: str | None = None) -> str:
        return to_yaml(self, rules_path, rules_ref)

    def cell_findings(self, rules_path: str | None = None) -> list[Finding]:
        """What reading the worksheet found at its cells: each input cell read by the value saved
        with its formula (a warning)."""
        return self.grid.formula_findings(CELL_FORMULA) if self.grid is not None else []


def _header_row(grid: Grid) -> int | None:
    """The row of the column heads: its Mão (Hand, ...) cell, in whatever language it was written."""
    for row in range(1, 31):
        if is_label(grid.label(row, L.COL_HAND), L.HAND_HEADER):
            return row
    return None


def _column(grid: Grid, head: int, label: str) -> int | None:
    """The first column whose head (in row `head`) is `label`, in any language."""
    return next((c for c in range(1, MAX_COLUMNS + 1) if is_label(grid.label(head, c), label)), None)


def read_worksheet(
    grid: Grid, info: dict, rules_cell: str | None = None, places: dict[str, tuple[int, int]] | None = None
) -> Boletim | None:
    """A King boletim from a worksheet's cells, given its header `info`, where its Regras cell
    is and where each header value was read (`places`); None when it has no 'Mão' header row
    (a summary sheet). Its labels are found in any language scorekeeper writes them in."""
    head = _header_row(grid)
    if head is None:
        return None
    qty_cols = [c for c in range(1, MAX_COLUMNS + 1) if is_label(grid.label(head, c), L.QTY_HEADER)]
    players = _players(grid, head, qty_cols)
    places = dict(places or {})
    doc = _header_doc(grid, info, places, players, code(head - 1, qty_cols[0]))
    boletim = Boletim(
        grid.path,
        grid.title,
        doc,
        players,
        qty_cols,
        [c + 1 for c in qty_cols],
        [c + 2 for c in qty_cols],
        _column(grid, head, L.TOTAL_HEADER),
        None,
        None,
        rules_cell,
        note_col=_column(grid, head, L.REMARK_HEADER),
        names_row=head - 1,
        header_cells=places,
        grid=grid,
    )
    doc["hands"] = _hands(grid, boletim, head)
    if boletim.totals_row is not None:
        _typed_summary(grid, boletim, boletim.totals_row)
    _refuse_outside(grid, boletim, head)
    return boletim


def _players(grid: Grid, head: int, qty_cols: list[int]) -> list[str]:
    """The players' names, each over his three columns (the writer merges them), read as typed."""
    players: list[str] = []
    for c in qty_cols:
        name = grid.text(head - 1, c, merged_as=Merge(head - 1, c, head - 1, c + 2))
        if name is None:
            raise SheetFormatError(M_("a player column has no name above it"), grid.where(head - 1, c))
        problem = name_refusal(name)
        if problem is not None:
            raise SheetFormatError(problem, grid.where(head - 1, c))
        if name in players:
            raise SheetFormatError(
                M_("players: {name} is named twice (row {row})", name=quoted(name), row=head - 1),
                grid.where(head - 1, c),
            )
        players.append(name)
    if not players:
        raise SheetFormatError(M_("no player columns (Qtd, Negativos, Positivos)"), grid.where(head, L.COL_HAND))
    return players


def _header_doc(
    grid: Grid, info: dict, places: dict[str, tuple[int, int]], players: list[str], names_line: int
) -> LineDict:
    """The sheet's header from the boletim's: the Regras cell, the players, the header `info`
    (each at the cell it was read from, `places`, which gains the scorer's when read here)."""
    doc = LineDict()
    doc.line, doc.key_lines = code(1, 1), {}
    info = dict(info)
    doc["rules"] = info.pop("rules")  # the Regras cell (Game.read_boletim gives it)
    doc.key_lines["rules"] = code(*places.get("rules", (1, 1)))
    doc["players"] = players
    doc.key_lines["players"] = names_line
    for key in ("scorer", "event", "table", "round", "date"):
        if info.get(key) is not None:
            doc[key] = info[key]
            doc.key_lines[key] = code(*places.get(key, (1, 1)))
    row, label_col, value_col = L.INFO_CELLS["scorer"]
    if "scorer" not in doc and info_key(grid.label(row, label_col)) == "scorer" and grid.present(row, value_col):
        # the scorer is two cells after the label: one named like a label ("Mesa") is still the scorer
        doc["scorer"] = grid.text(row, value_col)
        doc.key_lines["scorer"] = code(row, value_col)
        places["scorer"] = (row, value_col)
    if isinstance(doc.get("scorer"), str) and (problem := name_refusal(doc["scorer"])) is not None:
        raise SheetFormatError(problem, grid.where(*places["scorer"]))
    return doc


def _hands(grid: Grid, boletim: Boletim, head: int) -> LineList:
    """Every hand's row down to the Totais row (where `boletim.totals_row` is set)."""
    hands = LineList()
    hands.line, hands.item_lines = code(head, L.COL_HAND), []
    row = head + 1
    while row <= MAX_ROWS:
        if is_label(grid.label(row, L.COL_HAND), L.TOTALS_LABEL):
            boletim.totals_row = row
            break
        entry = _entry(grid, boletim, row, grid.text(row, L.COL_HAND))
        if entry is not None:
            hands.append(entry)
            hands.item_lines.append(code(row, HAND_SLOT))
            boletim.rows.append(row)
        row += 1
    if boletim.totals_row is None and any(r > MAX_ROWS - 10 for r, _column in grid.values):
        # hands may go on below what is read: refuse rather than drop them
        raise SheetFormatError(
            M_(
                "no 'Totais' row within the first {rows} rows; a King boletim holds at most a hundred hands",
                rows=MAX_ROWS,
            ),
            grid.where(head, L.COL_HAND),
        )
    return hands


def _entry(grid: Grid, boletim: Boletim, row: int, label: str | None) -> LineDict | None:
    quantities, points, formulas = _typed_values(grid, boletim, row)
    meta = {
        key: grid.text(row, column)
        for key, column in (
            ("beneficiary", L.COL_BENEFICIARY),
            ("contract", L.COL_CONTRACT),
            ("trump", L.COL_TRUMP),
            ("offer_by", L.COL_OFFER_BY),
            ("offer_tricks", L.COL_OFFER_TRICKS),
            ("penalty", L.COL_PENALTY),
            ("offenders", L.COL_OFFENDERS),
        )
    }
    note = _note(grid, row, boletim.note_col)
    total = grid.typed_over_number(row, boletim.total_col) if boletim.total_col is not None else None
    if not (quantities or points or meta["contract"] or meta["penalty"]) and note is None and total is None:
        _refuse_alone(grid, row, meta, label)
        return None  # a hand not played (yet)
    entry = LineDict()
    entry.line, entry.key_lines = code(row, HAND_SLOT), {}
    is_festa = label is not None and normalize(label) == "festa"  # the game's word, in every language (not a label)
    entry["hand"] = label or ""
    for key in ("beneficiary", "contract", "trump", "penalty"):
        if meta[key] is not None:
            entry[key] = meta[key]
    if meta["offenders"] is not None:
        entry["players"] = offender_names(meta["offenders"], boletim.players)
    if meta["offer_by"] is not None or meta["offer_tricks"] is not None:
        entry["offer"] = _offer(grid, row, meta)
    if quantities:
        entry["tricks" if is_festa else "counts"] = quantities
        boletim.quantity_rows.add(row)
    if points:
        entry["points"] = points
        if formulas:
            # Points typed over some players' formulas: the others' formulas still give their
            # values (filled in when the sheet is loaded), so they are not missing.
            boletim.formula_points[row] = formulas
    if note is not None:
        entry["note"] = note
    if total is not None:  # a total typed over its formula: kept, and checked (written_totals)
        entry["total"] = total
    for key in list(entry):
        entry.key_lines[key] = code(row, _key_column(boletim, key))
    return entry


def _key_column(boletim: Boletim, key: str) -> int:
    """The column (or the player's slot) an entry's key was read from."""
    if key == "note" and boletim.note_col is not None:
        return boletim.note_col
    if key == "total" and boletim.total_col is not None:
        return boletim.total_col
    return KEY_COLUMNS[key]


def _typed_values(grid: Grid, boletim: Boletim, row: int) -> tuple[dict[str, int], dict[str, int], list[str]]:
    """A hand row's counts (Qtd), its points typed over the Negativos and Positivos formulas, and
    the players whose points the formulas still give."""
    quantities: dict[str, int] = {}
    points: dict[str, int] = {}
    formulas: list[str] = []
    for p, name in enumerate(boletim.players):
        q = grid.number(row, boletim.qty_cols[p])
        if q is not None:
            if q < 0:
                raise SheetFormatError(
                    M_("{count} is negative; a Qtd cell counts cards or tricks from 0", count=q),
                    grid.where(row, boletim.qty_cols[p]),
                )
            quantities[name] = q
            boletim.typed_quantities.add((row, p))
        # Negativos and Positivos hold the boletim's formulas: a number typed over one is points
        neg = grid.typed_over_number(row, boletim.neg_cols[p], unsigned=True)
        pos = grid.typed_over_number(row, boletim.pos_cols[p], unsigned=True)
        if neg is not None or pos is not None:
            points[name] = (pos or 0) - (neg or 0)
            boletim.typed_points[(row, p)] = boletim.neg_cols[p] if neg is not None else boletim.pos_cols[p]
        elif (row, boletim.neg_cols[p]) in grid.formulas or (row, boletim.pos_cols[p]) in grid.formulas:
            formulas.append(name)
    return quantities, points, formulas


def _refuse_alone(grid: Grid, row: int, meta: dict, label: str | None) -> None:
    """Nothing of a row whose hand is not played is dropped: a trump, an offer or the players
    at fault typed on it with no contract, penalty, count or points would be (a festa's
    beneficiary beside its name is the blank boletim's rotation, not a hand)."""
    columns = {
        "beneficiary": L.COL_BENEFICIARY,
        "trump": L.COL_TRUMP,
        "offer_by": L.COL_OFFER_BY,
        "offer_tricks": L.COL_OFFER_TRICKS,
        "offenders": L.COL_OFFENDERS,
    }
    for key, column in columns.items():
        if meta[key] is not None and (key != "beneficiary" or label is None):
            raise SheetFormatError(
                M_(
                    "{value} is typed on a row with no contract, penalty, count or points: a hand's "
                    "row holds what was played",
                    value=quoted(meta[key]),
                ),
                grid.where(row, column),
            )


def _note(grid: Grid, row: int, column: int | None) -> str | None:
    """The hand's note as typed in Observação: text as it is (spaces and all), anything else
    (a number) as the text it shows; a blank cell is no note."""
    if column is None:
        return None
    value = grid.value(row, column)
    if isinstance(value, str):
        return value
    return grid.text(row, column)


def _offer(grid: Grid, row: int, meta: dict) -> LineDict:
    offer = LineDict()
    offer.line, offer.key_lines = code(row, L.COL_OFFER_BY), {}
    if meta["offer_by"] is not None:
        offer["by"] = meta["offer_by"]
    text = meta["offer_tricks"]
    if text is not None:
        words = text.split()
        try:
            if not (words[0].isascii() and words[0].isdigit() and len(words[0]) <= 3):
                raise ValueError(words[0])
            offer["tricks"] = int(words[0])
        except ValueError:
            raise SheetFormatError(
                M_("{text}: expected the number of tricks offered", text=quoted(text)),
                grid.where(row, L.COL_OFFER_TRICKS),
            ) from None
        if len(words) > 1:
            offer["contract"] = words[1]
    return offer


def _typed_summary(grid: Grid, boletim: Boletim, totals_row: int) -> None:
    """The Totais and Saldo rows' numbers typed over their formulas, into the sheet's `totals:`
    (written_totals), each at its cell."""
    written: dict[str, LineDict] = {}

    def keep(key: str, name: str, value: int, row: int, column: int) -> None:
        values = written.setdefault(key, LineDict())
        if not hasattr(values, "line"):
            values.line, values.key_lines = code(row, column), {}
        values[name] = value
        values.key_lines[name] = code(row, column)

    saldo_row = totals_row + 1
    if is_label(grid.label(saldo_row, L.COL_HAND), L.SALDO_LABEL):
        boletim.saldo_row = saldo_row
    for p, name in enumerate(boletim.players):
        for key, column in (("negativos", boletim.neg_cols[p]), ("positivos", boletim.pos_cols[p])):
            typed = grid.typed_over_number(totals_row, column)
            if typed is not None:
                keep(key, name, typed, totals_row, column)
        if boletim.saldo_row is not None:
            qty = boletim.qty_cols[p]
            typed = grid.typed_over_number(saldo_row, qty, merged_as=Merge(saldo_row, qty, saldo_row, qty + 2))
            if typed is not None:
                keep("saldo", name, typed, saldo_row, qty)
    if written:
        totals = LineDict()
        totals.line, totals.key_lines = code(totals_row, L.COL_HAND), {}
        for key in TOTALS_KEYS:
            if key in written:
                totals[key] = {name: written[key][name] for name in boletim.players if name in written[key]}
                totals[key] = _line_dict(totals[key], written[key])
                totals.key_lines[key] = written[key].line
        boletim.doc["totals"] = totals
        boletim.doc.key_lines["totals"] = totals.line


def _line_dict(values: dict, lines: LineDict) -> LineDict:
    out = LineDict(values)
    out.line, out.key_lines = lines.line, {name: lines.key_lines[name] for name in values}
    return out


# The labels the writer puts in column B below the Saldo row (the classification, the running
# balance): anything else typed there, before the Notas, is a hand below the totals.
BELOW_LABELS = (
    L.PLAYER_LABEL,
    L.SALDO_LABEL,
    L.PLACE_LABEL,
    L.POINTS_LABEL,
    L.PLACE_VALUES_LABEL,
    L.SUM_LABEL,
    L.RUNNING_LABEL,
)


def _refuse_outside(grid: Grid, boletim: Boletim, head: int) -> None:
    """Anything typed where the boletim holds no hand is refused at its cell, never skipped
    (issue 16): right of the last column, over a Totais or Saldo cell that is not read, in the
    names row beside the names, and below the Saldo row, where the classification, the running
    balance and the notes are the writer's."""
    players = boletim.players
    last = max([c for (r, c) in grid.values if r == head and grid.label(r, c) is not None] + [boletim.pos_cols[-1]])
    totals, saldo = boletim.totals_row, boletim.saldo_row
    end = saldo or totals or MAX_ROWS  # the last row of the table
    totals_read = {L.COL_HAND, *boletim.neg_cols, *boletim.pos_cols}
    saldo_read = {L.COL_HAND, *boletim.qty_cols}
    class_last = L.CLASS_FIRST_COL + len(players) - 1  # the classification's columns, from C
    notes = min(
        (r for (r, c) in grid.values if c == L.COL_HAND and r > end and is_label(grid.label(r, c), L.NOTES_LABEL)),
        default=MAX_ROWS + 1,
    )
    for (row, column), value in sorted(grid.values.items()):
        if (row, column) in grid.formulas:
            continue  # the boletim's own formulas
        if column > last:
            message = N_(
                "{value} is typed right of the boletim's last column ({column}): nothing there is read; "
                "move it into the table or clear it"
            )
        elif row == boletim.names_row and column not in boletim.qty_cols:
            message = N_(
                "{value} is typed in the players' row, which holds each player's name over their columns: "
                "nothing else there is read"
            )
        elif row == totals and column not in totals_read or row == saldo and column not in saldo_read:
            message = N_(
                "{value} is typed over a total that is not read (only each player's Negativos, Positivos "
                "and saldo are): clear it"
            )
        elif row > end and (
            column > class_last
            or column == L.COL_HAND
            and row < notes
            and not any(is_label(value, label) for label in BELOW_LABELS)
        ):
            message = N_(
                "{value} is typed below the Totais and Saldo rows, where no hand is read: hands are written "
                "in the rows above the totals"
            )
        else:
            continue
        raise SheetFormatError(
            M_(message, value=_shown(grid, row, column, value), column=col(last)), grid.where(row, column)
        )


def _shown(grid: Grid, row: int, column: int, value) -> str | Message:
    """A cell's value as a refusal quotes it."""
    return value.code if isinstance(value, ErrorValue) else quoted(grid.label(row, column) or value)


# --- checking -----------------------------------------------------------------------------


def load(boletim: Boletim, rules_path: str | None = None):
    """The King sheet model of a boletim; format errors name the worksheet and cell."""
    doc = boletim.doc
    rules = regras.resolve(doc["rules"], rules_path, boletim.rules_cell or boletim.source)
    ref = rules_path if rules_path is not None else doc["rules"]
    scorer = doc.get("scorer")
    if scorer is not None and scorer not in boletim.players:
        row, column = boletim.header_cells.get("scorer", (1, 1))
        # "Responsável (Art 6)" names the header cell as the default boletim labels it.
        raise SheetFormatError(
            M_(
                "Responsável (Art 6): {name} is not one of the players named in row {row} ({players})",
                name=quoted(scorer),
                row=boletim.names_row,
                players=", ".join(boletim.players),
            ),
            boletim.cell(column, row),
        )
    for raw in doc["hands"]:
        # The boletim shows the rule file's labels ("2 Ultimas Vazas"); the sheet uses names.
        canonical = rules.hand_names.get(raw["hand"]) if raw["hand"] else None
        if canonical is not None:
            raw["hand"] = canonical

    try:
        sheet = parse_sheet(doc, rules, boletim.source, ref)
        if _fill_formula_points(boletim, sheet):
            sheet = parse_sheet(doc, rules, boletim.source, ref)
        return sheet
    except SheetFormatError as exc:
        where = boletim.cell(*reversed(_cell(boletim, exc.line, None))) if exc.line else boletim.source
        raise SheetFormatError(exc.message, where) from None


def _fill_formula_points(boletim: Boletim, sheet) -> bool:
    """Give the players whose points cells still hold their formula, in a row where points were
    typed over other players' formulas, the value that formula stands for: their count's (or,
    in a festa or a penalised hand, what the hand scores). So only the typed values are judged,
    and the others are not reported as missing. True when a value was filled in."""
    filled = False
    for entry, raw in zip(sheet.entries, boletim.doc["hands"]):  # noqa: B905 (py39: zip has no strict)
        names = boletim.formula_points.get(boletim.rows[entry.index - 1])
        if not names or entry.points is not None:
            continue
        negative = sheet.rules.negative_hand(entry.name) if entry.hand not in (None, "festa") else None
        if entry.penalty:
            computed, _why = penalty_points(entry, sheet, negative)
        elif negative is not None:
            # The count's own value (the sheet model adds any Art 6 charge to the scorer itself).
            computed = {p: -n * negative.unit for p, n in entry.counts.items()} if entry.counts else None
        elif entry.hand == "festa":
            computed, _why = score_festa(entry, sheet)
        else:
            computed = None
        for name in names:
            if computed is not None and computed.get(name) is not None and name not in raw["points"]:
                raw["points"][name] = computed[name]
                filled = True
        if filled:  # the mapping keeps seat order, as a person reads the row
            raw["points"] = {p: raw["points"][p] for p in boletim.players if p in raw["points"]}
    return filled


def check(boletim: Boletim, rules_path: str | None = None):
    """Score a boletim and return its SheetResult, each finding named by worksheet and cell."""
    sheet = load(boletim, rules_path)
    result = score(sheet)
    result.source = boletim.source
    result.hands = [hand._replace(line=row) for hand, row in zip(result.hands, boletim.rows)]  # noqa: B905 (py39: zip has no strict)
    cells = _Cells(boletim, sheet)
    result.findings = boletim.cell_findings() + [cells.at_cell(f) for f in result.findings]
    return result


def _cell(boletim: Boletim, line: int, player: str | None) -> tuple[int, int]:
    """The (row, column) a line code names: a player's Qtd or points cell for their values
    (the first player's when no player is named), else the key's own column."""
    row, slot = divmod(line, STRIDE)
    if slot == HAND_SLOT:
        return row, L.COL_HAND
    if slot in (QTY_SLOT, POINTS_SLOT):
        p = boletim.players.index(player) if player in boletim.players else 0
        if slot == QTY_SLOT:
            return row, boletim.qty_cols[p]
        return row, boletim.typed_points.get((row, p), boletim.neg_cols[p])
    return row, max(slot, 1)


class _Cells:
    """Where each finding of a scored boletim belongs: the cell that holds the value it is about.

    A finding about a key (an unknown trump, a name not at the table, a player with no count)
    comes back at that key's cell through its line code. A finding about a hand names no key:
    it is placed by what it names, as king.scoring, negative_hands, festa and penalties word
    them. One about a player's points, where that player's points were typed (over the formula
    or on a points row), is at those points; one about a player's count at the Qtd cell; one
    about a beneficiary (the festas' rotation, a replay for someone else) at the Beneficiário
    cell; one about the player who made an offer at the offer's cells; the counts of a negative
    hand that add up to more than there are at the largest count, the one that breaks the row;
    anything else about the hand as a whole at its Mão cell.
    """

    def __init__(self, boletim: Boletim, sheet):
        self.boletim, self.sheet = boletim, sheet
        self.overflow_placed: set[int] = set()

    def at_cell(self, finding: Finding) -> Finding:
        boletim = self.boletim
        if finding.line is None:
            return finding._replace(source=boletim.source)
        row, column = _cell(boletim, finding.line, finding.player)
        if finding.line % STRIDE == HAND_SLOT and finding.hand is not None:
            column = self._hand_column(finding, row, self.sheet.entries[finding.hand - 1])
        return finding._replace(source=boletim.cell(column, row), line=None)

    def _points_col(self, row: int, p: int, festa: bool) -> int:
        boletim = self.boletim
        return boletim.typed_points.get((row, p), boletim.pos_cols[p] if festa else boletim.neg_cols[p])

    def _hand_column(self, finding: Finding, row: int, entry) -> int:
        boletim = self.boletim
        player = finding.player
        festa = entry.hand == "festa"
        if player not in boletim.players:
            if festa and not entry.penalty and entry.points is None:
                # A festa's empty Beneficiário (Art 12) or Contrato (Art 9) cell
                if entry.beneficiary is None and finding.rule == "Art 12":
                    return L.COL_BENEFICIARY
                if entry.beneficiary is not None and entry.contract is None and finding.rule == "Art 9":
                    return L.COL_CONTRACT
            overflow = self._overflow(finding, row, entry)
            return overflow if overflow is not None else L.COL_HAND
        p = boletim.players.index(player)

        if finding.rule == SCORING_ROTATION_RULE:
            return L.COL_BENEFICIARY
        if entry.penalty and (row, p) in boletim.typed_points:
            return boletim.typed_points[(row, p)]  # points that the penalty does not give
        if festa and entry.offer is not None and player == entry.offer.by and not finding.rule.startswith("Quadro"):
            # An offer by the beneficiary is wrong in its Ofertante cell; any other is judged
            # by its tricks (and kind), in the Vazas oferecidas cell.
            return L.COL_OFFER_BY if player == entry.beneficiary else L.COL_OFFER_TRICKS
        if festa and player == entry.beneficiary and not finding.rule.startswith("Quadro"):
            return L.COL_BENEFICIARY  # a replayed festa recorded for someone else
        if (row, p) in boletim.typed_points:
            return boletim.typed_points[(row, p)]
        if (row, p) in boletim.typed_quantities:
            return boletim.qty_cols[p]
        return L.COL_HAND

    def _overflow(self, finding: Finding, row: int, entry) -> int | None:
        """The cell of the largest count when this is the finding that the counts of a negative
        hand add up to more than there are (Quadro 1): the first Quadro 1 error naming no player
        on such a row (a later one is the negative phase's total, about the whole phase)."""
        boletim = self.boletim
        negative = self.sheet.rules.negative_hand(entry.name) if entry.hand not in (None, "festa") else None
        if (
            negative is None
            or entry.penalty
            or finding.rule != "Quadro 1"
            or not finding.is_error
            or row in self.overflow_placed
        ):
            return None
        counts = entry.counts
        if counts is None and entry.points is not None:
            counts = {p: -v // negative.unit for p, v in entry.points.items()}
        if not counts or sum(counts.values()) <= negative.units:
            return None
        self.overflow_placed.add(row)
        largest = max(counts, key=lambda name: counts[name])  # the first in seat order on a tie
        p = boletim.players.index(largest)
        if (row, p) in boletim.typed_quantities:
            return boletim.qty_cols[p]
        return self._points_col(row, p, False)


# --- writing the YAML sheet ----------------------------------------------------------------


def to_yaml(boletim: Boletim, rules_path: str | None = None, rules_ref: str | None = None) -> str:
    """The boletim as a YAML sheet (the format `record` and `check` read); `rules_ref` is what
    its `rules:` says when the caller knows better than the workbook (a house variant's file)."""
    sheet = load(boletim, rules_path)
    doc = boletim.doc
    for entry, raw in zip(sheet.entries, doc["hands"]):  # noqa: B905 (py39: zip has no strict)
        if entry.penalty and entry.points is not None:
            # Points typed for a penalty are kept only where they differ from what it gives.
            negative = sheet.rules.negative_hand(entry.name) if entry.hand != "festa" else None
            computed, _why = penalty_points(replace(entry, points=None), sheet, negative)
            if computed == entry.points:
                del raw["points"]
    lines = [
        f"rules: {flow(rules_ref or regras.yaml_ref(doc['rules'], sheet.rules))}",
        f"players: {flow(doc['players'])}",
    ]
    for key in ("scorer", "event", "table", "round", "date"):
        if key in doc:
            lines.append(f"{key}: {flow(doc[key])}")
    if doc["hands"]:
        lines.append("hands:")
        lines.extend(f"  - {flow(_plain(raw, sheet.players))}" for raw in doc["hands"])
    else:
        lines.append("hands: []")
    if "totals" in doc:  # the Totais and Saldo typed over their formulas
        lines.append(f"totals: {flow({key: dict(values) for key, values in doc['totals'].items()})}")
    return "\n".join(lines) + "\n"


def _plain(raw: dict, players: list[str]) -> dict:
    """An entry as plain data; per-player values in seat order when every player has one."""
    out = {}
    for key, value in raw.items():
        if isinstance(value, dict) and key in ("counts", "tricks", "points"):
            value = [value[p] for p in players] if list(value) == players else dict(value)
        elif isinstance(value, dict):
            value = dict(value)
        elif isinstance(value, list):
            value = list(value)
        out[key] = value
    return out
