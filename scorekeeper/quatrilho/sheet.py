"""The Quatrilho sheet of one table for one round: its header, and its `deals:` as written.

    rules: quatrilho
    event: 4o CBQI          # optional, as are round, table, date, notes
    round: 1
    table: 7
    scorer: Fiscal Rui      # optional: the table's fiscal, any name (usually not a player)
    players: [Ari, Bia, Caio, Davi, Eva]   # 4 or 5, in dealing order: the first deals deal 1
    round_deals: 20         # optional: a round shortened by the committee (Art 11)
    deals:
      - {late: Eva, coringa: Zeca}                        # Art 12 (before the first deal)
      - {contract: normal, caller: Bia, partner: Davi, figuras: 22}
      - {rebuy: Ari}                                      # Art 15, 19: one talha
      - {fine: negar-carta, player: Bia}                  # Art 20: a fine that ends the deal
      - {out: Caio, coringa: Zeca}                        # Art 15, 19, 13

What makes the file unusable as a sheet (the header) raises SheetFormatError; everything about
an entry, malformed ones included, is a finding of the check (round.score_sheet)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from scorekeeper.errors import MAX_NAME, SheetFormatError, quoted
from scorekeeper.i18n import M_, Message, Mp_, in_words
from scorekeeper.names import refuse_bad_names
from scorekeeper.quatrilho.rules import QuatrilhoRules
from scorekeeper.sheet.yaml_lines import LineDict, LineList, header_text, refuse_unknown_header

LIST_KEY = "deals"
HEADER_KEYS = ("rules", "event", "round", "table", "date", "scorer", "notes", "players", "round_deals", LIST_KEY)
MAX_ENTRIES = 200  # a round is 30 deals at most, with a few late, out and rebuy entries; more is no sheet
KINDS = ("contract", "fine", "late", "out", "rebuy")  # the key that says what an entry is


def entry_label(kind: str) -> str:
    """An entry's kind as `show`, `record` and the findings say it, in the language in use: a
    late arrival, a seat left and a talha in the regulation's words (Art 12, 13, 19: atraso,
    saida, talha); a contract or a fine as the sheet writes it (normal, solo-preto, bater)."""
    return in_words(entry_kind(kind))


def entry_kind(kind: str) -> str | Message:
    """An entry's kind as data (entry_label says it): a late arrival, a seat left and a talha in
    the regulation's words (Art 12, 13, 19); a contract or a fine as the sheet writes it."""
    if kind == "late":
        return Mp_("quatrilho", "late")
    if kind == "out":
        return Mp_("quatrilho", "out")
    if kind == "rebuy":
        return Mp_("quatrilho", "rebuy")
    return kind


class Entry(NamedTuple):
    """One item of `deals:` as written (a mapping, or anything else, which the check reports)."""

    item: object
    line: int

    @property
    def name(self) -> str:
        """What the entry is, as written (`normal`, `late`, ...): `undo` names it."""
        if isinstance(self.item, dict):
            for kind in ("contract", "fine"):
                if isinstance(self.item.get(kind), str):
                    return self.item[kind]
            for kind in ("late", "out", "rebuy"):
                if kind in self.item:
                    return kind
        return "entry"


@dataclass(eq=False, repr=False)
class QuatrilhoSheet:
    """One table's round: the players in dealing order, the header, and the entries."""

    source: str
    rules: QuatrilhoRules
    rules_ref: str
    players: list[str]
    event: str | None
    table: str | None
    round: str | None
    date: str | None
    scorer: str | None
    round_deals: int | None
    round_deals_line: int
    entries: list[Entry]
    list_line: int
    line: int


def parse_sheet(doc, rules: QuatrilhoRules, source: str, rules_ref: str) -> QuatrilhoSheet:
    """Read a loaded sheet document (SheetFormatError when it cannot be a Quatrilho sheet)."""
    refuse_unknown_header(doc, HEADER_KEYS, source, M_("a sheet is a mapping with 'rules', 'players' and 'deals'"))
    players = _players(doc, rules, source)
    scorer = doc.get("scorer")
    if scorer is not None and (not isinstance(scorer, str) or not scorer.strip() or len(scorer) > MAX_NAME):
        raise SheetFormatError(
            M_(
                "scorer: expected the fiscal's name (at most {most} characters), got {value}",
                most=MAX_NAME,
                value=quoted(scorer),
            ),
            source,
            doc.line_of("scorer"),
        )
    if scorer is not None:
        refuse_bad_names([scorer], "scorer", source, doc.line_of("scorer"))
    round_deals = doc.get("round_deals")
    if round_deals is not None and (isinstance(round_deals, bool) or not isinstance(round_deals, int)):
        raise SheetFormatError(
            M_("round_deals: expected a whole number of deals, got {value}", value=quoted(round_deals)),
            source,
            doc.line_of("round_deals"),
        )
    entries = doc.get(LIST_KEY)
    if entries is None:
        entries = LineList()
        entries.line, entries.item_lines = doc.line_of(LIST_KEY) if LIST_KEY in doc else doc.line, []
    if not isinstance(entries, LineList):  # the loader reads every list as a LineList (its lines)
        raise SheetFormatError(M_("{key}: expected a list of deals", key=LIST_KEY), source, doc.line_of(LIST_KEY))
    if len(entries) > MAX_ENTRIES:
        raise SheetFormatError(
            M_(
                "{key}: {count} entries is more than a round holds ({most})",
                key=LIST_KEY,
                count=len(entries),
                most=MAX_ENTRIES,
            ),
            source,
            doc.line_of(LIST_KEY),
        )
    for position, item in enumerate(entries):  # a coringa takes a seat: his name is a player's name
        coringa = item.get("coringa") if isinstance(item, dict) else None
        if isinstance(coringa, str):
            line = item.line_of("coringa") if isinstance(item, LineDict) else entries.line_of(position)
            refuse_bad_names([coringa], M_("entry {number}: coringa", number=position + 1), source, line)
    return QuatrilhoSheet(
        source=source,
        rules=rules,
        rules_ref=rules_ref,
        players=players,
        event=header_text(doc, "event", source),
        table=header_text(doc, "table", source),
        round=header_text(doc, "round", source),
        date=header_text(doc, "date", source),
        scorer=scorer,
        round_deals=round_deals,
        round_deals_line=doc.line_of("round_deals"),
        entries=[Entry(item, entries.line_of(position)) for position, item in enumerate(entries)],
        list_line=entries.line,
        line=doc.line,
    )


def _players(doc, rules: QuatrilhoRules, source: str) -> list[str]:
    """4 or 5 different names (Art 14), in dealing order."""
    players = doc.get("players")
    line = doc.line_of("players") if "players" in doc else doc.line
    sizes = rules.table_sizes
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        message = (
            M_("players: expected a list of {size} player names, in dealing order", size=sizes[0])
            if len(sizes) == 1
            else M_(
                "players: expected a list of {smaller} or {larger} player names, in dealing order",
                smaller=sizes[0],
                larger=sizes[-1],
            )
        )
        raise SheetFormatError(message, source, line)
    refuse_bad_names(players, "players", source, line)  # the one name rule (names.py), as `new` applies it
    if len(players) not in sizes:
        message = (
            M_(
                "players: a Quatrilho table has {size} players (Art 14), the sheet names {count}",
                size=sizes[0],
                count=len(players),
            )
            if len(sizes) == 1
            else M_(
                "players: a Quatrilho table has {smaller} or {larger} players (Art 14), the sheet names {count}",
                smaller=sizes[0],
                larger=sizes[-1],
                count=len(players),
            )
        )
        raise SheetFormatError(message, source, line)
    seen: set[str] = set()
    for name in players:
        if name in seen:
            raise SheetFormatError(M_("players: {name} is named twice", name=quoted(name)), source, line)
        seen.add(name)
    return list(players)
