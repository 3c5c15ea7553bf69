"""Reading a Quatrilho planilha back: what the fiscal typed in its visible cells, never a
formula's value. Each value gets the line `layout.code(row, slot)`, so that a finding (or a
refusal) about it comes back to the cell that holds it: the row's own column, a person's
Figuras or Escritas cell for the rolar's figuras and the chips written, and for the entry as a
whole the Nº cell (or the person's Saldo above, for a player below zero)."""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from scorekeeper import games
from scorekeeper.boletim import layout as L
from scorekeeper.boletim import regras
from scorekeeper.boletim.layout import STRIDE, code, col
from scorekeeper.boletim.safe_read import MAX_COLUMNS, MAX_ROWS, Grid
from scorekeeper.errors import SheetFormatError, quote
from scorekeeper.findings import Finding
from scorekeeper.findings import Severity
from scorekeeper.quatrilho.deal import MAX_FINES
from scorekeeper.quatrilho.planilha import (CHIPS_GROUP, CORINGA, DEALER, ENTRY, FIG_GROUP, FIGURAS, FINE, FINE2,
                                            FINED, FINED2, FIRST, GROUPS, INFO_CELLS, LABELS, META_HEADS,
                                            NON_DEAL_WORDS, NUMBER, OTHER, RUNNING_GROUP, TRICKS, WHO,
                                            WRITTEN_GROUP)
from scorekeeper.quatrilho.rules import CONTRACTS, FINES
from scorekeeper.quatrilho.sheet import MAX_ENTRIES
from scorekeeper.sheet_file import flow
from scorekeeper.vocabulary import normalize
from scorekeeper.yaml_lines import LineDict, LineList

# Slots of a coded line that are not a column of the row: a person's cell, the entry itself.
ENTRY_SLOT, FIG_SLOT, CHIPS_SLOT = STRIDE - 1, STRIDE - 2, STRIDE - 3
KEY_COLUMNS = {"contract": ENTRY, "fine": ENTRY, "late": WHO, "out": WHO, "rebuy": WHO, "caller": WHO,
               "player": WHO, "partner": OTHER, "giver": OTHER, "figuras": FIGURAS, "tricks": TRICKS,
               "coringa": CORINGA, "fines": FINE}
# What Entrada may say of a row that is not a deal: the planilha's words and the sheet's keys.
NON_DEAL = {**{word: kind for kind, word in NON_DEAL_WORDS.items()}, **{kind: kind for kind in NON_DEAL_WORDS},
            "saída": "out"}
# Each per-person column's head: its group, and whether it is a coringa's.
PERSON_HEADS = {head: (group, coringa) for group, (_title, *heads) in enumerate(GROUPS)
                for coringa, head in enumerate(heads)}
NAME_CELLS = (WHO, OTHER, CORINGA, FINED, FINED2)  # the cells that name a person, matched to the sheet's spelling


@dataclass
class Planilha:
    """One planilha as read: the sheet document and where each value sits."""

    path: str
    title: str
    doc: LineDict
    rules_cell: str | None
    people: dict[str, dict[str, int]] = field(default_factory=dict)  # key -> {name: column}
    chips_cols: dict[str, int] = field(default_factory=dict)  # person -> Fichas column
    running_cols: dict[str, int] = field(default_factory=dict)  # person -> Saldo column
    dealers: list[tuple[int, str | None]] = field(default_factory=list)  # per entry: its row, Dá as typed

    @property
    def source(self) -> str:
        return f"{self.path}:{self.title}"

    def check(self, rules_path: str | None = None):
        """Score the planilha; each finding named by worksheet and cell."""
        from scorekeeper.sheets import score

        sheet = self._load(rules_path)
        with self._refusals_at_cells():
            result = score(sheet)
        result.source = self.source
        result.findings = [self._at_cell(f) for f in sorted(result.findings + self._dealer_findings(result),
                                                            key=lambda f: f.line or 0)]
        return result

    def _dealer_findings(self, result) -> list[Finding]:
        """Dá typed on a deal's row that is not the dealer the CLI computes (Art 14, Q1): the
        formulas leave the typed dealer out at five, so the paper's chips are not the CLI's."""
        findings = []
        for (row, typed), state, hand in zip(self.dealers, result.extra["running"], result.hands):
            dealer = state["dealer"]
            if typed is None or state["deal"] is None or dealer is None or normalize(typed) == normalize(dealer):
                continue
            number = state["deal"]
            findings.append(Finding(Severity.ERROR, self.source, code(row, DEALER),
                                    f"deal {number} (dealer {dealer}): Dá says {quote(typed)}, but deal {number} is "
                                    f"dealt by {dealer}", "Q1", hand.index))
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

    def _load(self, rules_path):
        rules = regras.resolve(self.doc["rules"], rules_path, self.rules_cell or self.source)
        ref = rules_path if rules_path is not None else self.doc["rules"]
        with self._refusals_at_cells():
            return games.get(rules.game).parse_sheet(self.doc, rules, self.source, ref)

    @contextlib.contextmanager
    def _refusals_at_cells(self):
        """A value refused while reading or scoring the planilha is refused at its cell."""
        try:
            yield
        except SheetFormatError as exc:
            if exc.source != self.source:  # already placed (the rules file, a cell of the grid)
                raise
            where = self._cell(exc.line, None) if exc.line else self.source
            raise SheetFormatError(exc.message, where) from None

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


def _labelled(grid: Grid, label: str) -> tuple[int, int] | None:
    """Where the value of a header label not in INFO_LABELS is (Fiscal, Jogos da ronda)."""
    row, label_col, value_col = next(cells for key, cells in INFO_CELLS.items() if LABELS[key] == label)
    if grid.text(row, label_col) == label:
        return row, value_col
    return None


def read_worksheet(grid: Grid, rules, ref: str, info: dict, where: str, places: dict | None):
    """A planilha from a worksheet's cells (only what the fiscal typed), given its header `info`
    and where its Regras cell is; None when the worksheet is not a planilha."""
    head = L.HEAD_ROW
    if tuple(grid.text(head, c) for c in range(1, len(META_HEADS) + 1)) != META_HEADS:
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
    fiscal = _labelled(grid, LABELS["scorer"])
    if fiscal is not None and grid.text(*fiscal) is not None:
        doc["scorer"] = grid.text(*fiscal)
        doc.key_lines["scorer"] = code(*fiscal)
    planilha = Planilha(grid.path, grid.title, doc, where)
    players, people_cols, spelling = _people(grid, planilha)
    planilha.people = people_cols
    doc["players"] = players
    doc.key_lines["players"] = code(L.NAMES_ROW, len(META_HEADS) + 1)
    deals_place = _labelled(grid, LABELS["round_deals"])
    if deals_place is not None and grid.number(*deals_place) is not None:  # not the formula of a whole round
        doc["round_deals"] = grid.number(*deals_place)
        doc.key_lines["round_deals"] = code(*deals_place)
    deals = LineList()
    deals.line, deals.item_lines = code(head, NUMBER), []
    for r in range(FIRST, MAX_ROWS + 2):
        if r > MAX_ROWS or len(deals) > MAX_ENTRIES:  # numbered rows go on below what is read: refuse
            raise SheetFormatError(f"numbered rows go on past row {r - 1}; a planilha holds at most {MAX_ENTRIES} "
                                   "entries", grid.where(r - 1, NUMBER))
        number = grid.values.get((r, NUMBER))
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            break  # the entry rows are the numbered ones; the totals and notes follow them
        entry = _entry(grid, r, people_cols, spelling)
        if entry is not None:
            deals.append(entry)
            deals.item_lines.append(entry.line)
            planilha.dealers.append((r, grid.text(r, DEALER)))
    doc["deals"] = deals
    doc.key_lines["deals"] = deals.line
    return planilha


def _entry_rows(grid: Grid):
    """The numbered rows: the entries' (the totals and notes follow them)."""
    for r in range(FIRST, MAX_ROWS + 1):
        number = grid.values.get((r, NUMBER))
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            return
        yield r


def _people(grid: Grid, planilha: Planilha) -> tuple[list[str], dict, dict[str, str]]:
    """The registered players (named over the first per-person group), each person's columns
    (the rolar's Figuras and the Escritas a reader needs; Fichas and Saldo, where findings
    about a person go) and each name's spelling on the sheet, by its normalized key. A
    coringa's column whose name is not typed is the first coringa named in Coringa."""
    columns = []  # (column, group, is a coringa's)
    for c in range(len(META_HEADS) + 1, MAX_COLUMNS + 1):
        heading = grid.text(L.HEAD_ROW, c)
        if heading not in PERSON_HEADS:
            break
        columns.append((c, *PERSON_HEADS[heading]))
    by_group: dict[int, list[tuple[int, bool]]] = {}
    for c, group, coringa in columns:
        by_group.setdefault(group, []).append((c, coringa))
    first = by_group[columns[0][1]] if columns else []
    spelling: dict[str, str] = {}
    players, people = [], []
    for c, coringa in first:
        name = grid.text(L.NAMES_ROW, c)
        if name is not None:
            if normalize(name) in spelling:
                raise SheetFormatError(f"{quote(name)} is named twice (row {L.NAMES_ROW})", grid.where(L.NAMES_ROW, c))
            spelling[normalize(name)] = name
            if not coringa:
                players.append(name)
        people.append(name)
    named = []  # Coringa on a late or out row: the coringas as first spelled there
    for r in _entry_rows(grid):
        word, name = grid.text(r, ENTRY), grid.text(r, CORINGA)
        if name is not None and word is not None and NON_DEAL.get(word.lower()) in ("late", "out"):
            if normalize(name) not in spelling:
                spelling[normalize(name)] = name
                named.append(name)
    named_iter = iter(named)
    for position, ((_c, coringa), name) in enumerate(zip(first, people)):
        if name is None and coringa:  # not typed over his columns
            people[position] = next(named_iter, None)
    cols = {"figuras": {}, "chips": {}}
    for key, group in (("figuras", FIG_GROUP), ("chips", WRITTEN_GROUP)):
        for (c, _coringa), name in zip(by_group.get(group, []), people):
            if name is not None:
                cols[key][name] = c
    for target, group in ((planilha.chips_cols, CHIPS_GROUP), (planilha.running_cols, RUNNING_GROUP)):
        for (c, _coringa), name in zip(by_group.get(group, []), people):
            if name is not None:
                target[name] = c
    return players, cols, spelling


def _spelled(text: str | None, spelling: dict[str, str], several: bool = False) -> str | None:
    """A typed name as the sheet spells it (as the command line matches names); several
    comma-separated names each; anything else as typed."""
    if text is None:
        return None
    if not several:
        return spelling.get(normalize(text), text)
    parts = [part.strip() for part in text.split(",")]
    return ", ".join(spelling.get(normalize(part), part) if part else part for part in parts)


def _entry(grid: Grid, r: int, people: dict[str, dict[str, int]], spelling: dict[str, str]) -> LineDict | None:
    """The entry typed on row r (a LineDict with coded lines), or None for an empty row."""
    text = {column: grid.text(r, column) for column in (ENTRY, WHO, OTHER, CORINGA, FINE, FINED, FINE2, FINED2)}
    text.update({column: _spelled(text[column], spelling, column in (FINED, FINED2)) for column in NAME_CELLS})
    figuras, tricks = grid.number(r, FIGURAS), grid.number(r, TRICKS)
    per_person = {key: {name: value for name, c in columns.items() if (value := grid.number(r, c)) is not None}
                  for key, columns in people.items()}
    word = text[ENTRY]
    if word is None and figuras is None and tricks is None and not any(text.values()) \
            and not any(per_person.values()):
        return None
    entry = LineDict()
    entry.line, entry.key_lines = code(r, ENTRY_SLOT), {}
    kind = NON_DEAL.get(word.lower()) if word is not None else None
    if kind is not None:
        entry[kind] = text[WHO]
        if kind != "rebuy" and text[CORINGA] is not None:
            entry["coringa"] = text[CORINGA]
    elif word is not None and FINES.get(word) is not None:
        entry["fine"] = word
        if text[WHO] is not None:
            entry["player"] = text[WHO]
        if per_person["chips"]:
            entry["chips"] = per_person["chips"]
    else:
        if word is not None:
            entry["contract"] = word
        contract = CONTRACTS.get(word) if word is not None else None
        who, other = ("caller", "partner") if contract in (None, "normal") else ("player", "giver")
        if contract == "rolar":
            if per_person["figuras"]:
                entry["figuras"] = per_person["figuras"]
        else:
            if text[WHO] is not None:
                entry[who] = text[WHO]
            if text[OTHER] is not None:
                entry[other] = text[OTHER]
            if figuras is not None:
                entry["figuras"] = figuras
        if tricks is not None:
            entry["tricks"] = tricks
        fines = _fines(text[FINE], text[FINED]) + _fines(text[FINE2], text[FINED2])
        if fines:
            entry["fines"] = fines
        if per_person["chips"]:
            entry["chips"] = per_person["chips"]
    entry.key_lines = {key: code(r, FIG_SLOT if key == "figuras" and isinstance(entry[key], dict)
                                 else CHIPS_SLOT if key == "chips" else KEY_COLUMNS.get(key, ENTRY_SLOT))
                       for key in entry}
    return entry


def _fines(names: str | None, players: str | None) -> list[dict]:
    """The fines written under a contract: Multa and Multado, several separated by commas."""
    if names is None and players is None:
        return []
    # At most one more than a deal holds (deal.MAX_FINES), so that a cell of thousands of commas
    # costs nothing here and the check still says the deal holds too many.
    names_list = [n.strip() for n in (names or "").split(",", MAX_FINES + 1)[:MAX_FINES + 1]]
    players_list = [p.strip() for p in (players or "").split(",", MAX_FINES + 1)[:MAX_FINES + 1]]
    count = max(len(names_list), len(players_list))
    names_list += [""] * (count - len(names_list))
    players_list += [""] * (count - len(players_list))
    return [{"fine": n, "player": p} for n, p in zip(names_list, players_list)]
