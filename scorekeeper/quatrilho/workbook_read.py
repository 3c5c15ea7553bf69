"""Reading a Quatrilho planilha back: what the fiscal typed in its visible cells, never a
formula's value. Each value gets the line `layout.code(row, slot)`, so that a finding (or a
refusal) about it comes back to the cell that holds it: the row's own column, a person's
Figuras or Escritas cell for the rolar's figuras and the chips written, and for the entry as a
whole the Nº cell (or the person's Saldo above, for a player below zero). A value typed in a
cell that its row's kind of entry does not read (a coringa on a contract's row) is refused at
that cell, never dropped.

A planilha is read in whichever language it was written (en, pt_PT or pt_BR): its labels and
column heads are matched with every catalog's spelling (layout.is_label), never one language's.
The values typed are data and read as they always were: the contract and fine names, Entrada's
atraso, saida or talha (or the sheet's late, out, rebuy). Conta is not read."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.findings import Finding, Severity
from scorekeeper.i18n import M_, N_, Message, spellings
from scorekeeper.names import name_refusal
from scorekeeper.quatrilho.deal import MAX_FINES
from scorekeeper.quatrilho.rules import CONTRACTS, FINES
from scorekeeper.quatrilho.sheet import MAX_ENTRIES
from scorekeeper.quatrilho.workbook_finding_codes import CELL_FORMULA, DEALER_CELL
from scorekeeper.quatrilho.workbook_layout import (
    CHIPS_GROUP,
    CONFERE_LABEL,
    CONTROL_HEAD,
    CORINGA,
    DEALER,
    END_LABELS,
    ENTRY,
    FIG_GROUP,
    FIGURAS,
    FINE,
    FINE2,
    FINED,
    FINED2,
    FIRST,
    GROUPS,
    INFO_CELLS,
    META_HEADS,
    NON_DEAL_WORDS,
    NUMBER,
    OTHER,
    REMARK_HEAD,
    RUNNING_GROUP,
    SUM_HEAD,
    TRICKS,
    WHO,
    WRITTEN_GROUP,
    label_id,
)
from scorekeeper.sheet.load import score
from scorekeeper.sheet.vocabulary import normalize
from scorekeeper.sheet.yaml_edit import flow
from scorekeeper.sheet.yaml_lines import LineDict, LineList
from scorekeeper.team.workbook_read import is_row_number
from scorekeeper.workbook import layout as L
from scorekeeper.workbook import regras
from scorekeeper.workbook.layout import STRIDE, code, col
from scorekeeper.workbook.read_back import ReadBack
from scorekeeper.workbook.safe_read import MAX_COLUMNS, MAX_ROWS, ErrorValue, Grid

# Slots of a coded line that are not a column of the row: a person's cell, the entry itself.
ENTRY_SLOT, FIG_SLOT, CHIPS_SLOT = STRIDE - 1, STRIDE - 2, STRIDE - 3
KEY_COLUMNS = {
    "contract": ENTRY,
    "fine": ENTRY,
    "late": WHO,
    "out": WHO,
    "rebuy": WHO,
    "caller": WHO,
    "player": WHO,
    "partner": OTHER,
    "giver": OTHER,
    "figuras": FIGURAS,
    "tricks": TRICKS,
    "coringa": CORINGA,
    "fines": FINE,
}
REMARK_SEARCH = 8  # Observação is a few columns past the last person's (Conta, Soma, Controlo, Nota)
# What Entrada may say of a row that is not a deal: the planilha's words and the sheet's keys.
NON_DEAL = {
    **{word: kind for kind, word in NON_DEAL_WORDS.items()},
    **{kind: kind for kind in NON_DEAL_WORDS},
    "saida": "out",
}  # as planilhas before issue 16 wrote it


@functools.cache
def person_heads() -> dict[str, tuple[int, bool]]:
    """Each per-person column's head, in every language and `normalize`d: its group, and whether
    it is a coringa's."""
    return {
        normalize(spelling): (group, bool(coringa))
        for group, (_title, *heads) in enumerate(GROUPS)
        for coringa, head in enumerate(heads)
        for spelling in spellings(head)
    }


def person_head(text) -> tuple[int, bool] | None:
    """The group of a per-person column with this head (and whether a coringa's), or None."""
    return person_heads().get(normalize(text)) if isinstance(text, str) and len(text) <= 80 else None


NAME_CELLS = (WHO, OTHER, CORINGA, FINED, FINED2)  # the cells that name a person, matched to the sheet's spelling


@dataclass
class Planilha(ReadBack):
    """One planilha as read: the sheet document and where each value sits."""

    cell_formula = CELL_FORMULA  # the warning of an input cell that held a formula

    path: str
    title: str
    doc: LineDict
    rules_cell: str | None
    people: dict[str, dict[str, int]] = field(default_factory=dict)  # key -> {name: column}
    remark_col: int | None = None  # Observação: each entry's note
    chips_cols: dict[str, int] = field(default_factory=dict)  # person -> Fichas column
    running_cols: dict[str, int] = field(default_factory=dict)  # person -> Saldo column
    dealers: list[tuple[int, str | None]] = field(default_factory=list)  # per entry: its row, Dá as typed
    dealer_head: str | None = None  # Dá's head as written (in the planilha's language), which a finding names
    grid: Grid | None = None  # the worksheet read: the input cells that held formulas

    def check(self, rules_path: str | None = None):
        """Score the planilha; each finding named by worksheet and cell."""
        sheet = self._load(rules_path)
        with self._refusals_at_cells():
            result = score(sheet)
        result.source = self.source
        result.findings = self.cell_findings() + [
            self._at_cell(f) for f in sorted(result.findings + self._dealer_findings(result), key=lambda f: f.line or 0)
        ]
        return result

    def _dealer_findings(self, result) -> list[Finding]:
        """Dá typed on a deal's row that is not the dealer the CLI computes (Art 14, Q1): the
        formulas leave the typed dealer out at five, so the paper's chips are not the CLI's."""
        findings = []
        for (row, typed), state, hand in zip(self.dealers, result.extra["running"], result.hands):
            dealer = state["dealer"]
            if typed is None or state["deal"] is None or dealer is None or normalize(typed) == normalize(dealer):
                continue
            head = self.dealer_head or Message(META_HEADS[DEALER - 1])
            message = M_(
                "deal {number} (dealer {dealer}): {head} says {typed}, but deal {number} is dealt by {dealer}",
                number=state["deal"],
                dealer=dealer,
                head=head,
                typed=quoted(typed),
            )
            findings.append(
                Finding(
                    Severity.ERROR,
                    self.source,
                    code(row, DEALER),
                    message,
                    DEALER_CELL.rule,
                    hand.index,
                    code=DEALER_CELL.code,
                )
            )
        return findings

    def to_yaml(self, rules_path: str | None = None, rules_ref: str | None = None) -> str:
        """The planilha as a YAML sheet, as typed; `rules_ref` is what its `rules:` says when
        the caller knows better than the workbook (a house variant's file)."""
        sheet = self._load(rules_path)
        doc = self.doc
        lines = [f"rules: {flow(rules_ref or regras.yaml_ref(doc['rules'], sheet.rules))}"]
        for key in ("event", "round", "table", "date", "scorer"):
            if key in doc:
                lines.append(f"{key}: {flow(doc[key])}")
        lines.append(f"players: {flow(list(doc['players']))}")
        if "round_deals" in doc:
            lines.append(f"round_deals: {flow(doc['round_deals'])}")
        deals = doc["deals"]
        if deals:
            lines.append("deals:")
            lines.extend(f"  - {flow(_plain(entry))}" for entry in deals)
        else:
            lines.append("deals: []")
        return "\n".join(lines) + "\n"

    def _cell(self, line: int, person: str | None) -> str:
        row, slot = divmod(line, STRIDE)
        column = slot
        if slot == FIG_SLOT:
            column = self._person_column("figuras", row, person, FIGURAS)
        elif slot == CHIPS_SLOT:
            column = self._person_column("chips", row, person, NUMBER)
        elif slot == ENTRY_SLOT:
            column = NUMBER
            if person in self.running_cols and row > FIRST:  # a player below zero: his chips above
                return f"{self.source}!{col(self.running_cols[person])}{row - 1}"
            if person in self.chips_cols:
                column = self.chips_cols[person]
        return f"{self.source}!{col(column)}{row}"

    def _person_column(self, key: str, row: int, person: str | None, otherwise: int) -> int:
        """The person's cell of a per-person value; the first one typed on the row when the
        finding names nobody."""
        columns = self.people.get(key, {})
        if person in columns:
            return columns[person]
        entry = next((e for e in self.doc["deals"] if e.line // STRIDE == row), None)
        written = entry.get(key) if entry is not None else None
        if isinstance(written, dict):
            for name in written:
                if name in columns:
                    return columns[name]
        return otherwise

    def _at_cell(self, finding: Finding) -> Finding:
        if finding.line is None:
            return finding._replace(source=self.source)
        return finding._replace(source=self._cell(finding.line, finding.player), line=None)


def _plain(entry: LineDict) -> dict:
    out = {}
    for key, value in entry.items():
        if isinstance(value, dict):
            value = dict(value)
        elif isinstance(value, list):
            value = [dict(v) if isinstance(v, dict) else v for v in value]
        out[key] = value
    return out


def _labelled(grid: Grid, key: str) -> tuple[int, int] | None:
    """Where the value of a header label not in INFO_LABELS is (Fiscal, Jogos da ronda), when
    its label (in any language) is in its place."""
    row, label_col, value_col = INFO_CELLS[key]
    if L.is_label(grid.label(row, label_col), label_id(key)):
        return row, value_col
    return None


def is_planilha(grid: Grid) -> bool:
    """The row's own column heads, Nº to Multado 2, in any language."""
    return all(L.is_label(grid.label(L.HEAD_ROW, c), head) for c, head in enumerate(META_HEADS, start=1))


def read_worksheet(grid: Grid, rules, ref: str, info: dict, where: str, places: dict | None):
    """A planilha from a worksheet's cells (only what the fiscal typed), given its header `info`
    and where its Regras cell is; None when the worksheet is not a planilha."""
    head = L.HEAD_ROW
    if not is_planilha(grid):
        return None
    places = dict(places or {})
    doc = LineDict()
    doc.line, doc.key_lines = code(1, 1), {}
    doc["rules"] = ref
    doc.key_lines["rules"] = code(*places.get("rules", (1, 1)))
    for key in ("event", "round", "table", "date"):
        if info.get(key) is not None:
            doc[key] = info[key]
            doc.key_lines[key] = code(*places.get(key, (1, 1)))
    fiscal = _labelled(grid, "scorer")
    if fiscal is not None and grid.text(*fiscal) is not None:
        doc["scorer"] = grid.text(*fiscal)
        doc.key_lines["scorer"] = code(*fiscal)
        _refuse_name(doc["scorer"], grid.where(*fiscal))
    planilha = Planilha(grid.path, grid.title, doc, where, dealer_head=grid.label(head, DEALER), grid=grid)
    players, people_cols, spelling = _people(grid, planilha)
    planilha.people = people_cols
    planilha.remark_col = _remark_column(grid, len(META_HEADS) + 1 + sum(map(len, _person_columns(grid).values())))
    doc["players"] = players
    doc.key_lines["players"] = code(L.NAMES_ROW, len(META_HEADS) + 1)
    deals_place = _labelled(grid, "round_deals")
    # the cell holds the formula of a whole round until the committee's length is typed over it
    if deals_place is not None and grid.typed_over_number(*deals_place) is not None:
        doc["round_deals"] = grid.typed_over_number(*deals_place)
        doc.key_lines["round_deals"] = code(*deals_place)
    deals = LineList()
    deals.line, deals.item_lines = code(head, NUMBER), []
    last = head
    for r in range(FIRST, MAX_ROWS + 2):
        if r > MAX_ROWS or len(deals) > MAX_ENTRIES:  # numbered rows go on below what is read: refuse
            raise SheetFormatError(
                M_(
                    "numbered rows go on past row {row}; a planilha holds at most {most} entries",
                    row=r - 1,
                    most=MAX_ENTRIES,
                ),
                grid.where(r - 1, NUMBER),
            )
        if not is_row_number(grid.marker(r, NUMBER)):
            break  # the entry rows are the numbered ones; the totals and notes follow them
        last = r
        entry = _entry(grid, r, people_cols, spelling, planilha.remark_col)
        if entry is not None:
            deals.append(entry)
            deals.item_lines.append(entry.line)
            dealer = grid.text(r, DEALER)
            if dealer is not None:
                _refuse_name(dealer, grid.where(r, DEALER))  # Dá names a player too
            planilha.dealers.append((r, dealer))
    doc["deals"] = deals
    doc.key_lines["deals"] = deals.line
    _refuse_outside(grid, planilha, last)
    return planilha


def _refuse_name(name: str, where: str) -> None:
    """A player's, a coringa's or the fiscal's name read from the planilha is one the sheets
    accept (names.py)."""
    problem = name_refusal(name)
    if problem is not None:
        raise SheetFormatError(problem, where)


def _entry_rows(grid: Grid):
    """The numbered rows: the entries' (the totals and notes follow them)."""
    for r in range(FIRST, MAX_ROWS + 1):
        if not is_row_number(grid.marker(r, NUMBER)):
            return
        yield r


# What the writer puts below the numbered rows besides formulas: the labels of the totals (and
# in column B, from the Notas on, the notes). Anything else typed there is an entry below the rows.
BELOW_LABELS = (*END_LABELS, CONFERE_LABEL)


def _refuse_outside(grid: Grid, planilha: Planilha, last_row: int) -> None:
    """Anything typed where the planilha reads nothing is refused at its cell, never skipped
    (issue 16): over the chips it computes, right of Observação (past which only its hidden
    formulas are), and below its numbered rows, where the totals and the notes are the writer's."""
    remark = planilha.remark_col
    heads = [c for c in range(1, MAX_COLUMNS + 1) if grid.label(L.HEAD_ROW, c) is not None]
    last_col = remark if remark is not None else max(heads, default=NUMBER)
    computed = set(planilha.chips_cols.values()) | set(planilha.running_cols.values())
    for label in (SUM_HEAD, CONTROL_HEAD):
        computed |= {c for c in heads if L.is_label(grid.label(L.HEAD_ROW, c), label)}
    notes = next(
        (r for r in range(last_row + 1, MAX_ROWS + 1) if L.is_label(grid.label(r, 2), L.NOTES_LABEL)), MAX_ROWS + 1
    )
    for (row, column), value in sorted(grid.values.items()):
        if (row, column) in grid.formulas:
            continue  # the planilha's own formulas
        shown = value.code if isinstance(value, ErrorValue) else quoted(grid.label(row, column) or value)
        if column > last_col and row != L.HEAD_ROW:
            raise SheetFormatError(
                M_(
                    "{value} is typed right of the planilha's last column ({column}): nothing there "
                    "is read; move it into the table or clear it",
                    value=shown,
                    column=col(last_col),
                ),
                grid.where(row, column),
            )
        if FIRST <= row <= last_row and column in computed:
            raise SheetFormatError(
                M_(
                    "{value} is typed over the formula of {head}, which the planilha computes and "
                    "does not read: clear the cell",
                    value=shown,
                    head=quoted(grid.label(L.HEAD_ROW, column) or col(column)),
                ),
                grid.where(row, column),
            )
        if (
            row > last_row
            and not (column == 2 and row >= notes)
            and not any(L.is_label(value, label) for label in BELOW_LABELS)
        ):
            raise SheetFormatError(
                M_(
                    "{value} is typed below the planilha's numbered rows, where nothing is read: "
                    "each entry has a numbered row (a row's number is in column A)",
                    value=shown,
                ),
                grid.where(row, column),
            )


def _people(grid: Grid, planilha: Planilha) -> tuple[list[str], dict[str, dict[str, int]], dict[str, str]]:
    """The registered players (named over the first per-person group), each person's columns
    (the rolar's Figuras and the Escritas a reader needs; Fichas and Saldo, where findings
    about a person go) and each name's spelling on the sheet, by its normalized key. A
    coringa's column whose name is not typed is the first coringa named in Coringa."""
    by_group = _person_columns(grid)
    first = next(iter(by_group.values()), [])
    players, people, spelling = _named_over_columns(grid, first)
    named = iter(_coringas_on_rows(grid, spelling))
    for position, ((_c, coringa), name) in enumerate(zip(first, people)):
        if name is None and coringa:  # not typed over his columns
            people[position] = next(named, None)
    cols: dict[str, dict[str, int]] = {"figuras": {}, "chips": {}}
    for target, group in (
        (cols["figuras"], FIG_GROUP),
        (cols["chips"], WRITTEN_GROUP),
        (planilha.chips_cols, CHIPS_GROUP),
        (planilha.running_cols, RUNNING_GROUP),
    ):
        for (c, _coringa), name in zip(by_group.get(group, []), people):
            if name is not None:
                target[name] = c
    return players, cols, spelling


def _named_over_columns(
    grid: Grid, first: list[tuple[int, bool]]
) -> tuple[list[str], list[str | None], dict[str, str]]:
    """The names typed over the first per-person group: the registered players, every column's
    person (None for a coringa's column not typed over) and each name's spelling. A blank's
    coringa column holds a formula (the first coringa named in Coringa) until his name is typed
    over it; a player's name is typed."""
    spelling: dict[str, str] = {}
    players: list[str] = []
    people: list[str | None] = []
    for c, coringa in first:
        name = grid.typed_over_text(L.NAMES_ROW, c) if coringa else grid.text(L.NAMES_ROW, c)
        if name is not None:
            _refuse_name(name, grid.where(L.NAMES_ROW, c))
            if normalize(name) in spelling:
                raise SheetFormatError(
                    M_("{name} is named twice (row {row})", name=quoted(name), row=L.NAMES_ROW),
                    grid.where(L.NAMES_ROW, c),
                )
            spelling[normalize(name)] = name
            if not coringa:
                players.append(name)
        people.append(name)
    return players, people, spelling


def _coringas_on_rows(grid: Grid, spelling: dict[str, str]) -> list[str]:
    """Coringa on a late or out row: the coringas not named over a column, as first spelled
    there (added to `spelling`)."""
    named = []
    for r in _entry_rows(grid):
        word, name = grid.text(r, ENTRY), grid.text(r, CORINGA)
        if name is not None and word is not None and NON_DEAL.get(word.lower()) in ("late", "out"):
            _refuse_name(name, grid.where(r, CORINGA))
            if normalize(name) not in spelling:
                spelling[normalize(name)] = name
                named.append(name)
    return named


def _person_columns(grid: Grid) -> dict[int, list[tuple[int, bool]]]:
    """The per-person columns after the row's own, by group in their order: (column, is a
    coringa's)."""
    by_group: dict[int, list[tuple[int, bool]]] = {}
    for c in range(len(META_HEADS) + 1, MAX_COLUMNS + 1):
        found = person_head(grid.label(L.HEAD_ROW, c))
        if found is None:
            break
        group, coringa = found
        by_group.setdefault(group, []).append((c, coringa))
    return by_group


def _remark_column(grid: Grid, after: int) -> int | None:
    """Observação, where an entry's note is typed (a planilha exported before it had one has none)."""
    for c in range(after, min(after + REMARK_SEARCH, MAX_COLUMNS + 1)):
        if L.is_label(grid.label(L.HEAD_ROW, c), REMARK_HEAD):
            return c
    return None


def _spelled(text: str | None, spelling: dict[str, str]) -> str | None:
    """A typed name as the sheet spells it (as the command line matches names); anything else
    as typed."""
    return None if text is None else _spelled_name(text, spelling)


def _spelled_name(text: str, spelling: dict[str, str]) -> str:
    return spelling.get(normalize(text), text)


# The cells each kind of row reads, besides Nº, Dá, Entrada and Observação: a value typed in
# any other is refused at its cell, never dropped (a coringa takes a seat on a late or out row
# only, Art 12, Q10; a rolar's figuras are per person, Art 18.5).
READS: dict[str, set[int | str]] = {
    "late": {WHO, CORINGA},
    "out": {WHO, CORINGA},
    "rebuy": {WHO},
    "fine": {WHO, "chips"},
    "rolar": {TRICKS, FINE, FINED, FINE2, FINED2, "figuras", "chips"},
    "contract": {WHO, OTHER, FIGURAS, TRICKS, FINE, FINED, FINE2, FINED2, "chips"},
}
ROW_CELLS = (WHO, OTHER, FIGURAS, TRICKS, CORINGA, FINE, FINED, FINE2, FINED2)


def _head(grid: Grid, column: int) -> str | Message:
    """A column's head as the planilha writes it (in its own language), for a refusal to name."""
    return grid.label(L.HEAD_ROW, column) or Message(META_HEADS[column - 1])


# A cell typed where its row's kind has none: (on a row with Entrada, on a row without).
UNREAD_CORINGA = (
    N_(
        "{head}: {value} on a row of {entry} {word}: a coringa is written on an atraso or saida row, the seat he "
        "takes (Art 12, Q10)"
    ),
    N_(
        "{head}: {value} on a row with no {entry}: a coringa is written on an atraso or saida row, the seat he takes "
        "(Art 12, Q10)"
    ),
)
UNREAD_CELL = (
    N_("{head}: {value} on a row of {entry} {word}: a row of {entry} {word} has no {head}"),
    N_("{head}: {value} on a row with no {entry}: a row with no {entry} has no {head}"),
)
UNREAD_FIGURAS = (
    N_("{value} (a rolar's figuras of {name}) on a row of {entry} {word}, which has none"),
    N_("{value} (a rolar's figuras of {name}) on a row with no {entry}, which has none"),
)
UNREAD_CHIPS = (
    N_("{value} (chips written of {name}) on a row of {entry} {word}, which has none"),
    N_("{value} (chips written of {name}) on a row with no {entry}, which has none"),
)


def _refuse_unread(grid: Grid, r: int, kind: str, word: str | None, people: dict[str, dict[str, int]]) -> None:
    """A cell typed on row r that an entry of this kind has no place for: refused at the cell."""
    reads = READS[kind]
    said = {"entry": _head(grid, ENTRY), "word": quoted(word)}
    variant = 0 if word is not None else 1

    def refuse(messages: tuple[str, str], where: str, **values) -> None:
        raise SheetFormatError(Message(messages[variant], {**said, **values}), where)

    for column in ROW_CELLS:
        if column not in reads and (value := grid.text(r, column)) is not None:
            refuse(
                UNREAD_CORINGA if column == CORINGA else UNREAD_CELL,
                grid.where(r, column),
                head=_head(grid, column),
                value=quoted(value),
            )
    for key, columns in people.items():
        if key in reads:
            continue
        for name, c in columns.items():
            if (value := grid.text(r, c)) is not None:
                refuse(
                    UNREAD_FIGURAS if key == "figuras" else UNREAD_CHIPS,
                    grid.where(r, c),
                    value=quoted(value),
                    name=name,
                )


def _note(grid: Grid, r: int, column: int | None):
    """The entry's note as typed in Observação (text as it is, spaces and all; a whole number
    as a number), or None."""
    if column is None:
        return None
    value = grid.value(r, column)
    if isinstance(value, str):
        return value
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else grid.text(r, column)


@dataclass
class _Row:
    """What is typed on one entry row: the texts of its own cells (names as the sheet spells
    them), its figuras and tricks, each person's figuras and chips, and its note."""

    text: dict[int, str | None]
    figuras: int | None
    tricks: int | None
    per_person: dict[str, dict[str, int]]
    note: object

    def empty(self) -> bool:
        return (
            self.figuras is None
            and self.tricks is None
            and not any(self.text.values())
            and not any(self.per_person.values())
            and self.note is None
        )


def _row(grid: Grid, r: int, people: dict[str, dict[str, int]], spelling: dict[str, str], remark: int | None) -> _Row:
    text = {column: grid.text(r, column) for column in (ENTRY, WHO, OTHER, CORINGA, FINE, FINED, FINE2, FINED2)}
    for column in (WHO, OTHER):  # a caller, a soloist, a partner ... (a coringa: _people; the fined: _fines)
        typed = text[column]
        if typed is not None:
            _refuse_name(typed, grid.where(r, column))
    text.update({column: _spelled(text[column], spelling) for column in (WHO, OTHER, CORINGA)})
    figuras, tricks = grid.number(r, FIGURAS), grid.number(r, TRICKS)
    per_person = {
        key: {name: value for name, c in columns.items() if (value := grid.number(r, c)) is not None}
        for key, columns in people.items()
    }
    return _Row(text, figuras, tricks, per_person, _note(grid, r, remark))


def _entry(
    grid: Grid, r: int, people: dict[str, dict[str, int]], spelling: dict[str, str], remark: int | None = None
) -> LineDict | None:
    """The entry typed on row r (a LineDict with coded lines), or None for an empty row."""
    row = _row(grid, r, people, spelling, remark)
    word = row.text[ENTRY]
    if word is None and row.empty():
        return None
    entry = LineDict()
    entry.line, entry.key_lines = code(r, ENTRY_SLOT), {}
    kind = NON_DEAL.get(word.lower()) if word is not None else None
    if kind is not None:
        _refuse_unread(grid, r, kind, word, people)
        _seat_entry(entry, kind, row)
    elif word is not None and FINES.get(word) is not None:
        _refuse_unread(grid, r, "fine", word, people)
        _fine_entry(entry, word, row)
    else:
        contract = CONTRACTS.get(word) if word is not None else None
        _refuse_unread(grid, r, "rolar" if contract == "rolar" else "contract", word, people)
        _contract_entry(entry, word, contract, row)
        fines = _fines(row.text[FINE], row.text[FINED], spelling, grid.where(r, FINED)) + _fines(
            row.text[FINE2], row.text[FINED2], spelling, grid.where(r, FINED2)
        )
        if fines:
            entry["fines"] = fines
        if row.per_person["chips"]:
            entry["chips"] = row.per_person["chips"]
    if row.note is not None:
        entry["note"] = row.note
    entry.key_lines = {key: code(r, _slot(key, entry[key], remark)) for key in entry}
    return entry


def _seat_entry(entry: LineDict, kind: str, row: _Row) -> None:
    """A late arrival, a player leaving (each with the coringa taking his seat) or a talha."""
    entry[kind] = row.text[WHO]
    if kind != "rebuy" and row.text[CORINGA] is not None:
        entry["coringa"] = row.text[CORINGA]


def _fine_entry(entry: LineDict, word: str, row: _Row) -> None:
    """A fine that ended the deal, its player and the chips written."""
    entry["fine"] = word
    if row.text[WHO] is not None:
        entry["player"] = row.text[WHO]
    if row.per_person["chips"]:
        entry["chips"] = row.per_person["chips"]


def _contract_entry(entry: LineDict, word: str | None, contract: str | None, row: _Row) -> None:
    """A contract's players, figuras (a rolar's per person, Art 18.5) and tricks."""
    if word is not None:
        entry["contract"] = word
    who, other = ("caller", "partner") if contract in (None, "normal") else ("player", "giver")
    if contract == "rolar":
        if row.per_person["figuras"]:
            entry["figuras"] = row.per_person["figuras"]
    else:
        if row.text[WHO] is not None:
            entry[who] = row.text[WHO]
        if row.text[OTHER] is not None:
            entry[other] = row.text[OTHER]
        if row.figuras is not None:
            entry["figuras"] = row.figuras
    if row.tricks is not None:
        entry["tricks"] = row.tricks


def _slot(key: str, value: object, remark: int | None) -> int:
    """The coded line's slot of an entry's key: a person's cell, the note's column, or the key's own."""
    if key == "figuras" and isinstance(value, dict):
        return FIG_SLOT
    if key == "chips":
        return CHIPS_SLOT
    if key == "note" and remark is not None:
        return remark
    return KEY_COLUMNS.get(key, ENTRY_SLOT)


# A Multado cell's pieces read at most: enough for a deal's fines (deal.MAX_FINES) with commas
# in their names, and a cell of thousands of commas costs nothing (the check says the deal
# holds too many).
MAX_PIECES = 8 * (MAX_FINES + 1)


def _fines(names: str | None, players: str | None, spelling: dict[str, str], where: str) -> list[dict]:
    """The fines written under a contract: Multa and Multado, several separated by commas. A
    name holding a comma itself (`Silva, Jr`) is kept whole when it names a person of the
    planilha, as King's Faltosos are read; at most one fine more than a deal holds. A name
    that cannot be one is refused at the Multado cell (`where`)."""
    if names is None and players is None:
        return []
    names_list = [n.strip() for n in (names or "").split(",", MAX_FINES + 1)[: MAX_FINES + 1]]
    players_list = _fined(players or "", spelling)[: MAX_FINES + 1]
    for player in players_list:
        if player:
            _refuse_name(player, where)
    count = max(len(names_list), len(players_list))
    names_list += [""] * (count - len(names_list))
    players_list += [""] * (count - len(players_list))
    return [{"fine": n, "player": p} for n, p in zip(names_list, players_list)]


def _fined(text: str, spelling: dict[str, str]) -> list[str]:
    """The people of a Multado cell, each as the sheet spells him: split at the commas, but the
    longest run of pieces that names a person is one name."""
    pieces = text.split(",", MAX_PIECES)[:MAX_PIECES]
    names, start = [], 0
    while start < len(pieces):
        for end in range(len(pieces), start, -1):
            if normalize(",".join(pieces[start:end])) in spelling:
                break
        else:
            end = start + 1
        names.append(_spelled_name(",".join(pieces[start:end]).strip(), spelling))
        start = end
    return names


def entries_read_back(ws, count: int) -> list[LineDict | SheetFormatError | None]:
    """How `import` reads the first `count` entry rows of a planilha just written on the
    openpyxl worksheet `ws` (before it is saved): per row its entry, None for a row read as
    empty, or the SheetFormatError that would refuse it."""
    values, formulas = {}, {}
    for row in ws.iter_rows(min_row=1, max_row=FIRST + count - 1):
        for cell in row:
            if cell.value is None or cell.value == "":
                continue
            values[(cell.row, cell.column)] = cell.value
            if cell.data_type == "f":
                formulas[(cell.row, cell.column)] = str(cell.value)[1:]
    grid = Grid("", ws.title, values, formulas)
    planilha = Planilha(grid.path, grid.title, LineDict(), None)
    _players, people, spelling = _people(grid, planilha)
    remark = _remark_column(grid, len(META_HEADS) + 1 + sum(map(len, _person_columns(grid).values())))
    read: list[LineDict | SheetFormatError | None] = []
    for r in range(FIRST, FIRST + count):
        try:
            read.append(_entry(grid, r, people, spelling, remark))
        except SheetFormatError as exc:
            read.append(exc)
    return read
