"""Reading a King boletim back: what a person typed in the visible cells, never a hidden copy.

A Qtd cell holds counts (or a festa's tricks); a Negativos or Positivos cell holds points when
a person typed a number over its formula. Formulas are never trusted: the hand is scored from
what was typed, and a total that a person typed over its formula is checked against the sum.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from scorekeeper.king import boletim_layout as L
from scorekeeper.boletim import regras
from scorekeeper.boletim.layout import STRIDE, code, col, is_label
from scorekeeper.boletim.safe_read import MAX_COLUMNS, MAX_ROWS, Grid
from scorekeeper.errors import SheetFormatError, quote
from scorekeeper.findings import Finding, Severity
from scorekeeper.i18n import _
from scorekeeper.king.boletim_finding_codes import TOTALS_RULE, TYPED_COLUMN_TOTAL, TYPED_HAND_TOTAL, TYPED_SALDO
from scorekeeper.sheet_file import flow
from scorekeeper.vocabulary import normalize
from scorekeeper.yaml_lines import LineDict, LineList

# Each value gets the line `code(row, slot)` (boletim.layout): a column for the header's and the
# hand's own cells, QTY and POINTS for a player's values (whose player the finding names), and
# HAND for the entry itself (a finding about the hand as a whole, or one that names no key).
QTY_SLOT, POINTS_SLOT, HAND_SLOT = STRIDE - 3, STRIDE - 2, STRIDE - 1
KEY_COLUMNS = {"hand": L.COL_HAND, "beneficiary": L.COL_BENEFICIARY, "contract": L.COL_CONTRACT,
               "trump": L.COL_TRUMP, "penalty": L.COL_PENALTY, "players": L.COL_OFFENDERS,
               "offer": L.COL_OFFER_BY, "counts": QTY_SLOT, "tricks": QTY_SLOT, "points": POINTS_SLOT}
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
    typed_totals: dict[int, int] = field(default_factory=dict)  # row -> total typed over the formula
    typed_column_totals: dict[tuple[int, int], int] = field(default_factory=dict)  # (player, column) -> typed
    typed_saldos: dict[int, int] = field(default_factory=dict)  # player -> typed saldo
    names_row: int = L.NAMES_ROW
    header_cells: dict[str, tuple[int, int]] = field(default_factory=dict)  # key -> (row, column) of its value
    typed_quantities: set[tuple[int, int]] = field(default_factory=set)  # (row, player) with a typed Qtd
    typed_points: dict[tuple[int, int], int] = field(default_factory=dict)  # (row, player) -> column typed
    # Rows where points were typed over some players' formulas: the others' formulas stand
    # (row -> players whose Negativos or Positivos cell holds the formula).
    formula_points: dict[int, list[str]] = field(default_factory=dict)

    @property
    def source(self) -> str:
        return f"{self.path}:{self.title}"

    def cell(self, column: int, row: int) -> str:
        return f"{self.source}!{col(column)}{row}"

    def check(self, rules_path: str | None = None):
        return check(self, rules_path)

    def to_yaml(self, rules_path: str | None = None, rules_ref: str | None = None) -> str:
        return to_yaml(self, rules_path, rules_ref)


def offender_names(text: str, players: list[str]) -> list[str]:
    """The players at fault in a Faltosos cell, written `Ana, Bruno`: split at the commas, but
    a name that holds a comma itself (`Bruno, Jr`) is kept whole when it is one of the players."""
    pieces = [piece.strip() for piece in text.split(",")]
    names, start = [], 0
    while start < len(pieces):
        for end in range(len(pieces), start, -1):  # the longest run of pieces that names a player
            if ", ".join(pieces[start:end]) in players:
                break
        else:
            end = start + 1
        name = ", ".join(pieces[start:end])
        if name:
            names.append(name)
        start = end
    return names


def _header_row(grid: Grid) -> int | None:
    """The row of the column heads: its Mão (Hand, ...) cell, in whatever language it was written."""
    for row in range(1, 31):
        if is_label(grid.values.get((row, L.COL_HAND)), L.HAND_HEADER):
            return row
    return None


def _column(grid: Grid, head: int, label: str) -> int | None:
    """The first column whose head (in row `head`) is `label`, in any language."""
    return next((c for c in range(1, MAX_COLUMNS + 1) if is_label(grid.text(head, c), label)), None)


def read_worksheet(grid: Grid, info: dict, rules_cell: str | None = None,
                   places: dict[str, tuple[int, int]] | None = None) -> Boletim | None:
    """A King boletim from a worksheet's cells, given its header `info`, where its Regras cell
    is and where each header value was read (`places`); None when it has no 'Mão' header row
    (a summary sheet). Its labels are found in any language scorekeeper writes them in."""
    head = _header_row(grid)
    if head is None:
        return None
    qty_cols = [c for c in range(1, MAX_COLUMNS + 1) if is_label(grid.text(head, c), L.QTY_HEADER)]
    players = []
    for c in qty_cols:
        name = grid.text(head - 1, c)
        if name is None:
            raise SheetFormatError(_("a player column has no name above it"), grid.where(head - 1, c))
        if name in players:
            raise SheetFormatError(_("players: {name} is named twice (row {row})").format(
                name=quote(name), row=head - 1), grid.where(head - 1, c))
        players.append(name)
    if not players:
        raise SheetFormatError(_("no player columns (Qtd, Negativos, Positivos)"), grid.where(head, L.COL_HAND))
    total_col = _column(grid, head, L.TOTAL_HEADER)
    note_col = _column(grid, head, L.REMARK_HEADER)
    places = dict(places or {})
    doc = LineDict()
    doc.line, doc.key_lines = code(1, 1), {}
    info = dict(info)
    doc["rules"] = info.pop("rules", None) or "king"
    doc.key_lines["rules"] = code(*places.get("rules", (1, 1)))
    doc["players"] = players
    doc.key_lines["players"] = code(head - 1, qty_cols[0])
    for key in ("scorer", "event", "table", "round", "date"):
        if info.get(key) is not None:
            doc[key] = info[key]
            doc.key_lines[key] = code(*places.get(key, (1, 1)))
    boletim = Boletim(grid.path, grid.title, doc, players, qty_cols, [c + 1 for c in qty_cols],
                      [c + 2 for c in qty_cols], total_col, None, None, rules_cell,
                      note_col=note_col, names_row=head - 1, header_cells=places)
    hands = LineList()
    hands.line, hands.item_lines = code(head, L.COL_HAND), []
    row = head + 1
    while row <= MAX_ROWS:
        label = grid.text(row, L.COL_HAND)
        if is_label(label, L.TOTALS_LABEL):
            boletim.totals_row = row
            break
        entry = _entry(grid, boletim, row, label)
        if entry is not None:
            hands.append(entry)
            hands.item_lines.append(code(row, HAND_SLOT))
            boletim.rows.append(row)
        row += 1
    if boletim.totals_row is None and any(r > MAX_ROWS - 10 for r, _column in grid.values):
        # hands may go on below what is read: refuse rather than drop them
        raise SheetFormatError(_("no 'Totais' row within the first {rows} rows; a King boletim holds at most a "
                                 "hundred hands").format(rows=MAX_ROWS), grid.where(head, L.COL_HAND))
    doc["hands"] = hands
    if boletim.totals_row is not None:
        _typed_summary(grid, boletim)
    return boletim


def _entry(grid: Grid, boletim: Boletim, row: int, label: str | None) -> LineDict | None:
    players = boletim.players
    quantities, points, formulas = {}, {}, []
    for p, name in enumerate(players):
        q = grid.number(row, boletim.qty_cols[p])
        if q is not None:
            if q < 0:
                raise SheetFormatError(_("{count} is negative; a Qtd cell counts cards or tricks from 0").format(
                    count=q), grid.where(row, boletim.qty_cols[p]))
            quantities[name] = q
            boletim.typed_quantities.add((row, p))
        neg = grid.number(row, boletim.neg_cols[p], unsigned=True)
        pos = grid.number(row, boletim.pos_cols[p], unsigned=True)
        if neg is not None or pos is not None:
            points[name] = (pos or 0) - (neg or 0)
            boletim.typed_points[(row, p)] = boletim.neg_cols[p] if neg is not None else boletim.pos_cols[p]
        elif (row, boletim.neg_cols[p]) in grid.formulas or (row, boletim.pos_cols[p]) in grid.formulas:
            formulas.append(name)
    meta = {key: grid.text(row, column) for key, column in (
        ("beneficiary", L.COL_BENEFICIARY), ("contract", L.COL_CONTRACT), ("trump", L.COL_TRUMP),
        ("offer_by", L.COL_OFFER_BY), ("offer_tricks", L.COL_OFFER_TRICKS), ("penalty", L.COL_PENALTY),
        ("offenders", L.COL_OFFENDERS))}
    note = _note(grid, row, boletim.note_col)
    if not quantities and not points and not meta["contract"] and not meta["penalty"] and note is None:
        return None  # a hand not played (yet)
    entry = LineDict()
    entry.line, entry.key_lines = code(row, HAND_SLOT), {}
    is_festa = label is not None and normalize(label) == "festa"  # the game's word, in every language (not a label)
    entry["hand"] = label or ""
    for key in ("beneficiary", "contract", "trump", "penalty"):
        if meta[key] is not None:
            entry[key] = meta[key]
    if meta["offenders"] is not None:
        entry["players"] = offender_names(meta["offenders"], players)
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
    if boletim.total_col is not None:
        typed = grid.number(row, boletim.total_col)
        if typed is not None:
            boletim.typed_totals[row] = typed
    for key in list(entry):
        entry.key_lines[key] = code(row, boletim.note_col if key == "note" else KEY_COLUMNS[key])
    return entry


def _note(grid: Grid, row: int, column: int | None) -> str | None:
    """The hand's note as typed in Observação: text as it is (spaces and all), anything else
    (a number) as the text it shows; a blank cell or a formula is no note."""
    if column is None or (row, column) in grid.formulas:
        return None
    value = grid.values.get((row, column))
    if isinstance(value, str):
        return value if value.strip() else None
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
            raise SheetFormatError(_("{text}: expected the number of tricks offered").format(text=quote(text)),
                                   grid.where(row, L.COL_OFFER_TRICKS)) from None
        if len(words) > 1:
            offer["contract"] = words[1]
    return offer


def _typed_summary(grid: Grid, boletim: Boletim) -> None:
    totals = boletim.totals_row
    for p in range(len(boletim.players)):
        for column in (boletim.neg_cols[p], boletim.pos_cols[p]):
            typed = grid.number(totals, column)
            if typed is not None:
                boletim.typed_column_totals[(p, column)] = typed
        saldo_row = totals + 1
        if is_label(grid.values.get((saldo_row, L.COL_HAND)), L.SALDO_LABEL):
            boletim.saldo_row = saldo_row
            typed = grid.number(saldo_row, boletim.qty_cols[p])
            if typed is not None:
                boletim.typed_saldos[p] = typed


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
        raise SheetFormatError(_("Responsável (Art 6): {name} is not one of the players named in row {row} "
                                 "({players})").format(name=quote(scorer), row=boletim.names_row,
                                                       players=", ".join(boletim.players)), boletim.cell(column, row))
    for raw in doc["hands"]:
        # The boletim shows the rule file's labels ("2 Ultimas Vazas"); the sheet uses names.
        canonical = rules.hand_names.get(raw["hand"]) if raw["hand"] else None
        if canonical is not None:
            raw["hand"] = canonical
    from scorekeeper.king.sheet import parse_sheet

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
    from scorekeeper.king.festa import score_festa
    from scorekeeper.king.penalties import penalty_points

    filled = False
    for entry, raw in zip(sheet.entries, boletim.doc["hands"]):
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
    from scorekeeper.sheets import score

    sheet = load(boletim, rules_path)
    result = score(sheet)
    result.source = boletim.source
    result.hands = [hand._replace(line=row) for hand, row in zip(result.hands, boletim.rows)]
    cells = _Cells(boletim, sheet)
    result.findings = [cells.at_cell(f) for f in result.findings] + _typed_total_findings(boletim, result)
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
        from scorekeeper.king.scoring import ROTATION_RULE

        if finding.rule == ROTATION_RULE:
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
        if (negative is None or entry.penalty or finding.rule != "Quadro 1" or not finding.is_error
                or row in self.overflow_placed):
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


def _typed_total_findings(boletim: Boletim, result) -> list[Finding]:
    found = []
    for position, (row, hand) in enumerate(zip(boletim.rows, result.hands)):
        typed = boletim.typed_totals.get(row)
        if typed is not None and hand.total is not None and typed != hand.total:
            found.append(Finding(Severity.ERROR, boletim.cell(boletim.total_col, row), None,
                                 _("hand {index} ({hand}): the total typed here is {typed}, but the hand's cells add "
                                   "up to {total}").format(index=position + 1, hand=hand.hand, typed=typed,
                                                           total=hand.total),
                                 TOTALS_RULE, position + 1, code=TYPED_HAND_TOTAL.code))
    players = boletim.players
    negatives = dict.fromkeys(players, 0)
    positives = dict.fromkeys(players, 0)
    for hand in result.hands:
        for player, value in (hand.points or {}).items():
            negatives[player] += max(0, -value)
            positives[player] += max(0, value)
    for (p, column), typed in boletim.typed_column_totals.items():
        name = players[p]
        if column == boletim.neg_cols[p]:
            expected = negatives[name]
            message = _("{player}'s Negativos total typed here is {typed}, but the column adds up to {expected}")
        else:
            expected = positives[name]
            message = _("{player}'s Positivos total typed here is {typed}, but the column adds up to {expected}")
        if typed != expected:
            found.append(Finding(Severity.ERROR, boletim.cell(column, boletim.totals_row), None,
                                 message.format(player=name, typed=typed, expected=expected),
                                 TOTALS_RULE, None, name, code=TYPED_COLUMN_TOTAL.code))
    for p, typed in boletim.typed_saldos.items():
        name = players[p]
        expected = positives[name] - negatives[name]
        if typed != expected:
            found.append(Finding(Severity.ERROR, boletim.cell(boletim.qty_cols[p], boletim.saldo_row), None,
                                 _("{player}'s saldo typed here is {typed}, but Positivos - Negativos is {expected}")
                                 .format(player=name, typed=typed, expected=expected),
                                 TOTALS_RULE, None, name, code=TYPED_SALDO.code))
    return found


# --- writing the YAML sheet ----------------------------------------------------------------

def to_yaml(boletim: Boletim, rules_path: str | None = None, rules_ref: str | None = None) -> str:
    """The boletim as a YAML sheet (the format `record` and `check` read); `rules_ref` is what
    its `rules:` says when the caller knows better than the workbook (a house variant's file)."""
    from scorekeeper.king.penalties import penalty_points

    sheet = load(boletim, rules_path)
    doc = boletim.doc
    for entry, raw in zip(sheet.entries, doc["hands"]):
        if entry.penalty and entry.points is not None:
            # Points typed for a penalty are kept only where they differ from what it gives.
            negative = sheet.rules.negative_hand(entry.name) if entry.hand != "festa" else None
            computed, _why = penalty_points(replace(entry, points=None), sheet, negative)
            if computed == entry.points:
                del raw["points"]
    lines = [f"rules: {flow(rules_ref or regras.yaml_ref(doc['rules'], sheet.rules))}", f"players: {flow(doc['players'])}"]
    for key in ("scorer", "event", "table", "round", "date"):
        if key in doc:
            lines.append(f"{key}: {flow(doc[key])}")
    if doc["hands"]:
        lines.append("hands:")
        lines.extend(f"  - {flow(_plain(raw, sheet.players))}" for raw in doc["hands"])
    else:
        lines.append("hands: []")
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
