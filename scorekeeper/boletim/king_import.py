"""Reading a King boletim back: what a person typed in the visible cells, never a hidden copy.

A Qtd cell holds counts (or a festa's tricks); a Negativos or Positivos cell holds points when
a person typed a number over its formula. Formulas are never trusted: the hand is scored from
what was typed, and a total that a person typed over its formula is checked against the sum.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from scorekeeper import rules as registry
from scorekeeper.boletim import layout as L
from scorekeeper.boletim import regras
from scorekeeper.boletim.layout import col
from scorekeeper.boletim.safe_read import MAX_COLUMNS, MAX_ROWS, Grid
from scorekeeper.errors import SheetFormatError, quote
from scorekeeper.findings import Finding, Severity
from scorekeeper.sheet_file import flow
from scorekeeper.vocabulary import normalize
from scorekeeper.yaml_lines import LineDict, LineList

TOTALS_RULE = "Regras: A contagem dos pontos"


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
    rows: list[int] = field(default_factory=list)  # the Excel row of each hand entry
    quantity_rows: set[int] = field(default_factory=set)
    typed_totals: dict[int, int] = field(default_factory=dict)  # row -> total typed over the formula
    typed_column_totals: dict[tuple[int, int], int] = field(default_factory=dict)  # (player, column) -> typed
    typed_saldos: dict[int, int] = field(default_factory=dict)  # player -> typed saldo

    @property
    def source(self) -> str:
        return f"{self.path}:{self.title}"

    def cell(self, column: int, row: int) -> str:
        return f"{self.source}!{col(column)}{row}"

    def check(self, rules_path: str | None = None):
        return check(self, rules_path)

    def to_yaml(self, rules_path: str | None = None, rules_ref: str | None = None) -> str:
        return to_yaml(self, rules_path, rules_ref)


def _header_row(grid: Grid) -> int | None:
    for row in range(1, 31):
        if normalize(str(grid.values.get((row, L.COL_HAND), ""))) == "mao":
            return row
    return None


def read_worksheet(grid: Grid, info: dict, rules_cell: str | None = None) -> Boletim | None:
    """A King boletim from a worksheet's cells, given its header `info` (and where its Regras
    cell is); None when it has no 'Mão' header row (a summary sheet)."""
    head = _header_row(grid)
    if head is None:
        return None
    qty_cols = [c for c in range(1, MAX_COLUMNS + 1) if grid.text(head, c) == L.PLAYER_HEADERS[0]]
    players = []
    for c in qty_cols:
        name = grid.text(head - 1, c)
        if name is None:
            raise SheetFormatError("a player column has no name above it", grid.where(head - 1, c))
        players.append(name)
    if not players:
        raise SheetFormatError("no player columns (Qtd, Negativos, Positivos)", grid.where(head, L.COL_HAND))
    total_col = next((c for c in range(1, MAX_COLUMNS + 1) if grid.text(head, c) == L.TOTAL_HEADER), None)
    doc = LineDict()
    doc.line, doc.key_lines = 1, {}
    info = dict(info)
    doc["rules"] = info.pop("rules", None) or "king"
    doc["players"] = players
    for key in ("scorer", "event", "table", "round", "date"):
        if info.get(key) is not None:
            doc[key] = info[key]
            doc.key_lines[key] = 1
    boletim = Boletim(grid.path, grid.title, doc, players, qty_cols, [c + 1 for c in qty_cols],
                      [c + 2 for c in qty_cols], total_col, None, None, rules_cell)
    hands = LineList()
    hands.line, hands.item_lines = head, []
    row = head + 1
    while row <= MAX_ROWS:
        label = grid.text(row, L.COL_HAND)
        if label == L.TOTALS_LABEL:
            boletim.totals_row = row
            break
        entry = _entry(grid, boletim, row, label)
        if entry is not None:
            hands.append(entry)
            hands.item_lines.append(row)
            boletim.rows.append(row)
        row += 1
    if boletim.totals_row is None and any(r > MAX_ROWS - 10 for r, _ in grid.values):
        # hands may go on below what is read: refuse rather than drop them
        raise SheetFormatError(f"no '{L.TOTALS_LABEL}' row within the first {MAX_ROWS} rows; a King boletim "
                               "holds at most a hundred hands", grid.where(head, L.COL_HAND))
    doc["hands"] = hands
    if boletim.totals_row is not None:
        _typed_summary(grid, boletim)
    return boletim


def _entry(grid: Grid, boletim: Boletim, row: int, label: str | None) -> LineDict | None:
    players = boletim.players
    quantities, points = {}, {}
    for p, name in enumerate(players):
        q = grid.number(row, boletim.qty_cols[p])
        if q is not None:
            quantities[name] = q
        neg = grid.number(row, boletim.neg_cols[p], unsigned=True)
        pos = grid.number(row, boletim.pos_cols[p], unsigned=True)
        if neg is not None or pos is not None:
            points[name] = (pos or 0) - (neg or 0)
    meta = {key: grid.text(row, column) for key, column in (
        ("beneficiary", L.COL_BENEFICIARY), ("contract", L.COL_CONTRACT), ("trump", L.COL_TRUMP),
        ("offer_by", L.COL_OFFER_BY), ("offer_tricks", L.COL_OFFER_TRICKS), ("penalty", L.COL_PENALTY),
        ("offenders", L.COL_OFFENDERS))}
    if not quantities and not points and not meta["contract"] and not meta["penalty"]:
        return None  # a hand not played (yet)
    entry = LineDict()
    entry.line, entry.key_lines = row, {}
    is_festa = label is not None and normalize(label) == "festa"
    entry["hand"] = label or ""
    for key in ("beneficiary", "contract", "trump", "penalty"):
        if meta[key] is not None:
            entry[key] = meta[key]
    if meta["offenders"] is not None:
        entry["players"] = [name.strip() for name in meta["offenders"].split(",") if name.strip()]
    if meta["offer_by"] is not None or meta["offer_tricks"] is not None:
        entry["offer"] = _offer(grid, row, meta)
    if quantities:
        entry["tricks" if is_festa else "counts"] = quantities
        boletim.quantity_rows.add(row)
    if points:
        entry["points"] = points
    if boletim.total_col is not None:
        typed = grid.number(row, boletim.total_col)
        if typed is not None:
            boletim.typed_totals[row] = typed
    for key in list(entry):
        entry.key_lines[key] = row
    return entry


def _offer(grid: Grid, row: int, meta: dict) -> LineDict:
    offer = LineDict()
    offer.line, offer.key_lines = row, {}
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
            raise SheetFormatError(f"{quote(text)}: expected the number of tricks offered",
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
        if normalize(str(grid.values.get((saldo_row, L.COL_HAND), ""))) == "saldo":
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
    for raw in doc["hands"]:
        # The boletim shows the rule file's labels ("2 Ultimas Vazas"); the sheet uses names.
        canonical = rules.hand_names.get(raw["hand"]) if raw["hand"] else None
        if canonical is not None:
            raw["hand"] = canonical
    try:
        return registry.model(rules.game).parse_sheet(doc, rules, boletim.source, ref)
    except SheetFormatError as exc:
        where = boletim.cell(L.COL_HAND, exc.line) if exc.line else boletim.source
        raise SheetFormatError(exc.message, where) from None


def check(boletim: Boletim, rules_path: str | None = None):
    """Score a boletim and return its SheetResult, each finding named by worksheet and cell."""
    from scorekeeper.sheets import score

    sheet = load(boletim, rules_path)
    result = score(sheet)
    result.source = boletim.source
    result.findings = [_at_cell(boletim, f) for f in result.findings] + _typed_total_findings(boletim, result)
    return result


def _at_cell(boletim: Boletim, finding: Finding) -> Finding:
    row = finding.line
    if row is None:
        return finding._replace(source=boletim.source)
    column = L.COL_HAND
    if finding.player in boletim.players:
        p = boletim.players.index(finding.player)
        column = boletim.qty_cols[p] if row in boletim.quantity_rows else boletim.neg_cols[p]
    return finding._replace(source=boletim.cell(column, row), line=None)


def _typed_total_findings(boletim: Boletim, result) -> list[Finding]:
    found = []
    for position, (row, hand) in enumerate(zip(boletim.rows, result.hands)):
        typed = boletim.typed_totals.get(row)
        if typed is not None and hand.total is not None and typed != hand.total:
            found.append(Finding(Severity.ERROR, boletim.cell(boletim.total_col, row), None,
                                 f"hand {position + 1} ({hand.hand}): the total typed here is {typed}, but the "
                                 f"hand's cells add up to {hand.total}", TOTALS_RULE, position + 1))
    players = boletim.players
    negatives = dict.fromkeys(players, 0)
    positives = dict.fromkeys(players, 0)
    for hand in result.hands:
        for player, value in (hand.points or {}).items():
            negatives[player] += max(0, -value)
            positives[player] += max(0, value)
    for (p, column), typed in boletim.typed_column_totals.items():
        name = players[p]
        kind, expected = ("Negativos", negatives[name]) if column == boletim.neg_cols[p] else \
            ("Positivos", positives[name])
        if typed != expected:
            found.append(Finding(Severity.ERROR, boletim.cell(column, boletim.totals_row), None,
                                 f"{name}'s {kind} total typed here is {typed}, but the column adds up to {expected}",
                                 TOTALS_RULE, None, name))
    for p, typed in boletim.typed_saldos.items():
        name = players[p]
        expected = positives[name] - negatives[name]
        if typed != expected:
            found.append(Finding(Severity.ERROR, boletim.cell(boletim.qty_cols[p], boletim.saldo_row), None,
                                 f"{name}'s saldo typed here is {typed}, but Positivos - Negativos is {expected}",
                                 TOTALS_RULE, None, name))
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
            computed, _ = penalty_points(replace(entry, points=None), sheet, negative)
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
