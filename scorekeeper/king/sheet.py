"""The King sheet file: its header and hand entries, read into a typed model.

What makes a file unusable as a sheet (wrong types, unknown keys, negative counts) raises
SheetFormatError; what a referee must see about the game itself (an unknown hand, a player
not at the table, a missing count) becomes a Finding, so every one of them is reported.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, NoReturn, Protocol, cast

from scorekeeper.errors import SheetFormatError, clip, quoted
from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import M_, Message, Mn_, Mp_, in_words
from scorekeeper.king import finding_codes as K
from scorekeeper.king import written_totals
from scorekeeper.king.rules import CONTRACTS, PENALTIES, TRUMPS, KingRules
from scorekeeper.king.written_totals import BRACES
from scorekeeper.names import refuse_bad_names
from scorekeeper.sheet.results import ReplaceableByFields
from scorekeeper.sheet.yaml_lines import (
    LineDict,
    LineList,
    header_text,
    optional_word,
    refuse_unknown_header,
    unknown_key,
)

HEADER_KEYS = ("rules", "players", "scorer", "event", "table", "round", "date", "notes", "hands", "totals")
ENTRY_KEYS = (
    "hand",
    "counts",
    "points",
    "tricks",
    "penalty",
    "players",
    "beneficiary",
    "contract",
    "trump",
    "offer",
    "note",
    "total",
)
_ENTRY_KEY_SET = frozenset(ENTRY_KEYS)  # one set test per entry; the tuple names them in order when one is not a key
OFFER_KEYS = ("by", "tricks", "contract")
MAX_HANDS = 100  # ten hands a game plus replays; more is not a King sheet


class Offer(NamedTuple):
    """An offer of tricks to the festa's beneficiary (Art 10-13)."""

    by: str
    tricks: int
    contract: str | None  # the offer's kind; None means the festa's own contract


class HandEntry(ReplaceableByFields):
    """One line of the sheet's `hands:` list, with the names resolved where they could be.

    A plain class, not a dataclass: making a dataclass at every `scorekeeper` start (its fields,
    its __init__ compiled) cost nearly 1% of `check` of one sheet (issue 26). dataclasses.replace()
    still takes it (ReplaceableByFields: king/workbook_read.py and tests replace its points); compared
    by identity, as when it was a dataclass (eq=False)."""

    def __init__(
        self,
        index: int,  # 1-based
        line: int,
        name: str,  # as written
        hand: str | None,  # canonical: a negative hand's name, "festa", or None when unknown
        counts: dict[str, int] | None = None,
        points: dict[str, int] | None = None,
        tricks: dict[str, int] | None = None,
        penalty: str | None = None,
        offenders: list[str] | None = None,
        beneficiary: str | None = None,
        contract: str | None = None,
        trump: str | None = None,
        offer: Offer | None = None,
        note: str | None = None,
        findings: list[Finding] | None = None,  # problems found while reading it
        total: int | None = None,  # the hand's total as the boletim shows it, written over its formula (written_totals)
        total_line: int | None = None,
        item: dict | None = None,  # the entry as written (export writes what the check could not resolve as written)
    ):
        self.index, self.line, self.name, self.hand = index, line, name, hand
        self.counts, self.points, self.tricks, self.penalty = counts, points, tricks, penalty
        self.offenders: list[str] = [] if offenders is None else offenders
        self.beneficiary, self.contract, self.trump, self.offer, self.note = beneficiary, contract, trump, offer, note
        self.findings: list[Finding] = [] if findings is None else findings
        self.total, self.total_line, self.item = total, total_line, item


def hand_finding(
    source: str,
    line: int,
    index: int,
    label: str | Message,
    message: str | Message,
    rule: str,
    player: str | None = None,
    severity: Severity = Severity.ERROR,
    *,
    code: str,
) -> Finding:
    """A finding about hand `index`, said `hand 3 (damas): message` as every King check says it."""
    shown = clip(label) if isinstance(label, str) else Clipped(label)
    return Finding(
        severity,
        source,
        line,
        M_("hand {index} ({label}): {message}", index=index, label=shown, message=message),
        rule,
        index,
        player,
        code,
    )


class Clipped(NamedTuple):
    """A hand's label that is a Message (`Ana's festa`), cut as `clip` cuts a label when the
    finding is said: the words whole in the language of that moment, then cut."""

    label: Message

    def __format__(self, spec: str) -> str:
        return format(clip(in_words(self.label)), spec)


class Report(Protocol):
    """Reports a finding about the hand being scored (each scoring module makes one): `message`
    under the article of `kind`, about `player` when it names one."""

    def __call__(
        self, message: str | Message, kind: FindingKind, player: str | None = None, severity: Severity = Severity.ERROR
    ) -> None: ...


TRUMP_RULE = "Art 9, 2a fase; Regras: Trunfo"  # positivos names a trump or sem-trunfo, chosen by the Dono da Festa


def entry_label(entry: HandEntry) -> str | Message:
    """How findings name an entry: `damas`, or `Ana's festa`."""
    if entry.hand == "festa" and entry.beneficiary:
        return festa_of(entry.beneficiary)
    return clip(entry.name)


def festa_of(beneficiary: str) -> Message:
    """`Ana's festa`: a festa named by its beneficiary (the Dono da Festa)."""
    return M_("{player}'s festa", player=beneficiary)


class KingSheet:
    """A King game sheet: who sat where, who scores, and the hands as recorded (a plain class
    with slots, as HandEntry)."""

    __slots__ = (
        "source",
        "rules",
        "rules_ref",
        "players",
        "scorer",
        "event",
        "table",
        "round",
        "date",
        "entries",
        "hands_line",
        "line",
        "totals",
    )
    source: str
    rules: KingRules
    rules_ref: str
    players: list[str]
    scorer: str
    event: str | None
    table: str | None
    round: str | None
    date: str | None
    entries: list[HandEntry]
    hands_line: int
    line: int
    totals: written_totals.WrittenTotals | None  # the Totais and Saldo rows as written (written_totals)

    def __init__(
        self,
        *,
        source: str,
        rules: KingRules,
        rules_ref: str,
        players: list[str],
        scorer: str,
        event: str | None,
        table: str | None,
        round: str | None,
        date: str | None,
        entries: list[HandEntry],
        hands_line: int,
        line: int,
        totals: written_totals.WrittenTotals | None = None,
    ):
        self.source, self.rules, self.rules_ref, self.players, self.scorer = source, rules, rules_ref, players, scorer
        self.event, self.table, self.round, self.date = event, table, round, date
        self.entries, self.hands_line, self.line, self.totals = entries, hands_line, line, totals


def parse_sheet(doc, rules: KingRules, source: str, rules_ref: str) -> KingSheet:
    """Read a parsed sheet document into a KingSheet (SheetFormatError when unusable)."""
    refuse_unknown_header(doc, HEADER_KEYS, source, M_("a sheet is a mapping with 'rules', 'players' and 'hands'"))
    players = _players(doc, rules, source)
    scorer = doc.get("scorer", players[0])
    if not isinstance(scorer, str) or scorer not in players:
        raise SheetFormatError(
            M_("scorer: {name} is not one of the players ({players})", name=quoted(scorer), players=", ".join(players)),
            source,
            doc.line_of("scorer"),
        )
    hands = doc.get("hands")
    if hands is None:
        hands = LineList()
        hands.line, hands.item_lines = doc.line_of("hands") if "hands" in doc else doc.line, []
    if not isinstance(hands, list):
        raise SheetFormatError(M_("hands: expected a list of hand entries"), source, doc.line_of("hands"))
    hands = cast(LineList, hands)  # yaml_lines reads every list of a sheet as a LineList
    if len(hands) > MAX_HANDS:
        raise SheetFormatError(
            M_("hands: {count} entries; a King sheet has at most {most}", count=len(hands), most=MAX_HANDS),
            source,
            doc.line_of("hands"),
        )
    sheet = KingSheet(
        source=source,
        rules=rules,
        rules_ref=rules_ref,
        players=players,
        scorer=scorer,
        event=header_text(doc, "event", source),
        table=header_text(doc, "table", source),
        round=header_text(doc, "round", source),
        date=header_text(doc, "date", source),
        entries=[],
        hands_line=hands.line,
        line=doc.line,
    )
    for position, item in enumerate(hands):
        sheet.entries.append(_entry(item, position + 1, hands.line_of(position), sheet))
    sheet.totals = written_totals.read_totals(doc, players, source)
    return sheet


def _players(doc, rules: KingRules, source: str) -> list[str]:
    players = doc.get("players")
    line = doc.line_of("players") if "players" in doc else doc.line
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise SheetFormatError(M_("players: expected a list of player names"), source, line)
    refuse_bad_names(players, "players", source, line)  # the one name rule (names.py), as `new` applies it
    if len(players) != rules.players:
        raise SheetFormatError(
            M_(
                "players: {rules} is played by {players}, the sheet names {count}",
                rules=rules.name,
                players=rules.players,
                count=len(players),
            ),
            source,
            line,
        )
    seen = set()
    for name in players:
        if name in seen:
            raise SheetFormatError(M_("players: {name} is named twice", name=quoted(name)), source, line)
        seen.add(name)
    return list(players)


class _Reader:
    """Reads one entry, raising format errors and collecting findings."""

    __slots__ = ("item", "index", "sheet", "source", "findings")

    def __init__(self, item: LineDict, index: int, sheet: KingSheet):
        self.item, self.index, self.sheet = item, index, sheet
        self.source = sheet.source
        self.findings: list[Finding] = []

    def line(self, key=None) -> int:
        return self.item.line_of(key) if key is not None else self.item.line

    def fail_at(self, key, message: str | Message) -> NoReturn:
        raise SheetFormatError(
            M_("hand {index}: {key}: {message}", index=self.index, key=key, message=message),
            self.source,
            self.line(key),
        )

    def finding_at(self, key, message: str | Message, kind: FindingKind, player: str | None = None):
        """A finding of `kind` about the value of `key`, reported under the kind's article."""
        self.findings.append(
            hand_finding(
                self.source,
                self.line(key),
                self.index,
                self.item["hand"],  # read before any finding (`_entry`)
                message,
                kind.rule,
                player,
                code=kind.code,
            )
        )

    def word(self, key) -> str | None:
        value = self.item.get(key)
        if value is None or value.__class__ is str:  # what nearly every sheet writes: nothing to refuse
            return value
        return optional_word(self.item, key, self.fail_at)

    def player(self, key, value=None) -> str | None:
        """A player's name; one not at the table is a finding."""
        value = self.item.get(key) if value is None else value
        if value is None:
            return None
        if not isinstance(value, str):
            self.fail_at(key, M_("expected a player's name, got {value}", value=quoted(value)))
        if value not in self.sheet.players:
            self.finding_at(
                key,
                M_(
                    "{name} is not at this table ({players})", name=quoted(value), players=", ".join(self.sheet.players)
                ),
                K.PLAYER_UNKNOWN,
                value,
            )
            return None
        return value

    def per_player(self, key, minimum: int | None) -> dict[str, int] | None:
        """Values in seat order or by name; missing or extra players are findings."""
        value = self.item.get(key)
        if value is None:
            return None
        players = self.sheet.players
        if isinstance(value, list):
            if len(value) == len(players) and _whole_numbers(value, minimum):
                # A full row of whole numbers, every sheet's common case: nothing to report.
                return dict(zip(players, value))  # noqa: B905 (py39: zip has no strict)
            numbers = [self.number(key, v, minimum) for v in value]
            if len(numbers) != len(players):
                self.finding_at(
                    key,
                    Mn_(
                        "{key} has {count} value for {players}",
                        "{key} has {count} values for {players}",
                        len(numbers),
                        key=field_word(key),
                        count=len(numbers),
                        players=_players_count(len(players)),
                    ),
                    K.VALUE_COUNT,
                )
                return None
            return dict(zip(players, numbers))  # noqa: B905 (py39: zip has no strict)
        if isinstance(value, dict):
            if value.keys() == set(players) and _whole_numbers(value.values(), minimum):
                return {player: value[player] for player in players}  # every player's, in seat order
            result = {}
            for name, number in value.items():
                number = self.number(key, number, minimum)
                if name not in players:
                    self.finding_at(
                        key,
                        M_(
                            "{key}: {name} is not at this table ({players})",
                            key=field_word(key),
                            name=quoted(name),
                            players=", ".join(players),
                        ),
                        K.PLAYER_UNKNOWN,
                        str(name),
                    )
                    continue
                result[name] = number
            missing = [p for p in players if p not in result]
            if missing:
                # Art 6: the scorer must ask every player; nothing is filled in by exclusion.
                self.finding_at(
                    key,
                    M_(
                        "{key}: no value for {players}; every player is asked (Art 6)",
                        key=field_word(key),
                        players=", ".join(missing),
                    ),
                    K.VALUE_MISSING,
                    missing[0],
                )
                return None
            return {player: result[player] for player in players}  # seat order
        self.fail_at(key, M_("expected a list in seat order or a mapping {{player: value}}", **BRACES))

    def number(self, key, value, minimum: int | None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail_at(key, M_("expected whole numbers, got {value}", value=quoted(value)))
        if minimum is not None and value < minimum:
            self.fail_at(key, M_("{value} is negative; {key} are counted from 0", value=value, key=key))
        return value


def _whole_numbers(values: Iterable[object], minimum: int | None) -> bool:
    """Whether every value is a whole number of at least `minimum`, as `_Reader.number` accepts
    it (a bool is not one; an int of another class goes the long way, which accepts it)."""
    return all(type(value) is int and (minimum is None or value >= minimum) for value in values)


def _entry(item: object, index: int, line: int, sheet: KingSheet) -> HandEntry:
    if not isinstance(item, dict):
        raise SheetFormatError(
            M_("hand {index}: expected a mapping such as {{hand: vazas, counts: [3, 2, 1, 7]}}", index=index),
            sheet.source,
            line,
        )
    read = _Reader(cast(LineDict, item), index, sheet)  # yaml_lines reads every mapping of a sheet as a LineDict
    if not _ENTRY_KEY_SET.issuperset(item):
        for key in item:
            if key not in ENTRY_KEYS:
                read.fail_at(key, unknown_key(key, ENTRY_KEYS))
    name = read.word("hand")
    if name is None:
        raise SheetFormatError(M_("hand {index}: no 'hand' key (which hand is this?)", index=index), sheet.source, line)
    rules = sheet.rules
    # The entry's findings are the reader's list: each one found below is the entry's as it is found.
    entry = HandEntry(
        index=index, line=line, name=name, hand=rules.hand_names.get(name), item=item, findings=read.findings
    )
    if entry.hand is None:
        known = ", ".join(h.name for h in rules.negative_hands) + ", festa"
        read.finding_at(
            "hand",
            M_("unknown hand {name}; this game's hands are {hands}", name=quoted(name), hands=known),
            K.HAND_UNKNOWN,
        )
    # A key not written is None (HandEntry's start): each is read only when the entry has it.
    if "counts" in item:
        entry.counts = read.per_player("counts", 0)
    if "points" in item:
        entry.points = read.per_player("points", None)
    if "tricks" in item:
        entry.tricks = read.per_player("tricks", 0)
    if "note" in item:
        entry.note = read.word("note")
    entry.total, entry.total_line = written_totals.read_hand_total(item, read.fail_at)
    _read_penalty(read, entry)
    entry.beneficiary = read.player("beneficiary")
    _read_contract(read, entry)
    _read_trump(read, entry)
    offer = item.get("offer")
    if offer is not None:
        entry.offer = _offer(read, offer)
    return entry


def _read_penalty(read: _Reader, entry: HandEntry) -> None:
    """The penalty and the players at fault (Art 9, 14): each needs the other."""
    penalty = read.word("penalty")
    if penalty is not None:
        entry.penalty = PENALTIES.get(penalty)
        if entry.penalty is None:
            read.finding_at(
                "penalty",
                M_(
                    "unknown penalty {name}; allowed: {allowed}",
                    name=quoted(penalty),
                    allowed=", ".join(PENALTIES.names),
                ),
                K.PENALTY_UNKNOWN,
            )
    offenders = read.item.get("players")
    if offenders is not None:
        if isinstance(offenders, str):
            offenders = [offenders]
        if not isinstance(offenders, list):
            read.fail_at("players", M_("expected the list of players at fault"))
        entry.offenders = [p for p in (read.player("players", o) for o in offenders) if p is not None]
        if penalty is None:
            read.finding_at("players", M_("players at fault are given but no penalty"), K.OFFENDERS_NO_PENALTY)
        elif not offenders:
            read.finding_at("players", M_("a penalty needs the players at fault"), K.PENALTY_NO_OFFENDERS)
    elif penalty is not None:
        read.finding_at("penalty", M_("a penalty needs the players at fault (players: [...])"), K.PENALTY_NO_OFFENDERS)


def _read_contract(read: _Reader, entry: HandEntry) -> None:
    """A festa's contract: positivos, nulos or the 4-3-3-3 (Art 9, 2a fase; Art 13)."""
    contract = read.word("contract")
    if contract is not None:
        entry.contract = CONTRACTS.get(contract)
        if entry.contract is None:
            read.finding_at(
                "contract",
                M_(
                    "unknown contract {name}; allowed: {allowed}",
                    name=quoted(contract),
                    allowed=", ".join(CONTRACTS.names),
                ),
                K.CONTRACT_UNKNOWN,
            )


def _read_trump(read: _Reader, entry: HandEntry) -> None:
    """A positivos festa's trump, one of the rule file's (Regras: Trunfo)."""
    rules = read.sheet.rules
    trump = read.item.get("trump")
    if isinstance(trump, (dict, list)):
        read.fail_at("trump", M_("expected a word, got {value}", value=quoted(trump)))
    if trump is not None:
        entry.trump = TRUMPS.get(str(trump))
        if entry.trump is None or entry.trump not in rules.trumps:
            read.finding_at(
                "trump",
                M_("unknown trump {name}; allowed: {allowed}", name=quoted(trump), allowed=", ".join(rules.trumps)),
                K.TRUMP_UNKNOWN,
            )
    elif entry.contract == "positivos" and entry.hand == "festa" and entry.penalty is None:
        # Positivos is played "marcando trunfo ou sem trunfo" (Art 9, 2a fase a); the Dono da Festa, or the
        # buyer of an accepted offer, names it (Regras: Trunfo). Without it the sheet does not say what was played.
        read.findings.append(
            hand_finding(
                read.source,
                read.line("contract"),
                entry.index,
                entry_label(entry),
                M_(
                    "a positivos festa needs its trump, named by the Dono da Festa: {trumps} (trump: ...)",
                    trumps=", ".join(rules.trumps),
                ),
                TRUMP_RULE,
                code=K.TRUMP_MISSING.code,
            )
        )


def _offer(read: _Reader, offer) -> Offer | None:
    if not isinstance(offer, dict):
        read.fail_at("offer", M_("expected {{by: PLAYER, tricks: N}}", **BRACES))
    for key in offer:
        if key not in OFFER_KEYS:
            read.fail_at("offer", unknown_key(key, OFFER_KEYS))
    tricks = offer.get("tricks")
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        read.fail_at("offer", M_("tricks: expected a whole number, got {value}", value=quoted(tricks)))
    if "by" not in offer:
        read.fail_at("offer", M_("by: who made the offer?"))
    by = read.player("offer", offer["by"])
    contract = offer.get("contract")
    if isinstance(contract, (dict, list)):
        read.fail_at("offer", M_("contract: expected a word, got {value}", value=quoted(contract)))
    if contract is not None:
        canonical = CONTRACTS.get(str(contract))
        if canonical not in ("positivos", "nulos"):
            read.finding_at(
                "offer",
                M_("an offer is of tricks for positivos or nulos, not {name}", name=quoted(contract)),
                K.OFFER_KIND,
            )
            return None
        contract = canonical
    if by is None:
        return None
    return Offer(by=by, tricks=tricks, contract=contract)


def field_word(key: str) -> str | Message:
    """How a finding names the values it is about, in the language in use: English says the
    sheet's key, Portuguese the regulation's word (Quadro 1: as contagens, os pontos, as vazas)."""
    words = {
        "counts": Mp_("king field", "counts"),
        "points": Mp_("king field", "points"),
        "tricks": Mp_("king field", "tricks"),
    }
    return words.get(key, key)


def _players_count(count: int) -> Message:
    """`4 players`: how many players a table has, as the messages that compare a count with it say."""
    return Mn_("{count} player", "{count} players", count, count=count)
