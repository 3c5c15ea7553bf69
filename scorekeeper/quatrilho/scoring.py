"""Scoring a Quatrilho round: the seats and the dealer, late, out and the talha, each deal's
chips, and every finding (RULINGS Q1, Q10; Art 10-19).

Seats are the registered players in dealing order. A seat is held by its player, by the
coringa who took it (`{late: P, coringa: Z}`, `{out: P, coringa: Z}`), or nobody. Deal k is
dealt by the next occupied seat after the dealer of deal k-1; at five occupied seats the dealer
sits out and the other four play, at four he plays, below four no deal can be scored (Art 19).
Names in a deal mean the seats' current occupants. Everybody starts with 100 chips (Art 8); a
coringa's chips count for nobody (Art 16)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from scorekeeper.errors import MAX_NAME, clip, quoted
from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import M_, Joined, Message, Mn_
from scorekeeper.quatrilho import finding_codes as codes
from scorekeeper.quatrilho.deal import DealReader
from scorekeeper.quatrilho.rules import QuatrilhoRules
from scorekeeper.quatrilho.sheet import KINDS, QuatrilhoSheet, entry_kind
from scorekeeper.sheet.results import Detail, HandResult, SheetResult, sheet_meta
from scorekeeper.sheet.vocabulary import normalize
from scorekeeper.sheet.yaml_lines import unknown_key

NON_DEAL_KEYS = {"late": ("late", "coringa", "note"), "out": ("out", "coringa", "note"), "rebuy": ("rebuy", "note")}
NON_DEAL_RULES = {"late": "Art 12", "out": "Art 15", "rebuy": "Art 19"}


@dataclass
class Seat:
    """A seat at the table: its registered player, and who holds it now (None: empty)."""

    player: str
    occupant: str | None
    coringa: str | None = None  # the coringa's label (his person key) while one holds the seat


@dataclass
class Table:
    """The round as it stands between two entries."""

    rules: QuatrilhoRules
    players: list[str]
    seats: list[Seat] = field(default_factory=list)
    chips: dict[str, int] = field(default_factory=dict)  # by label: players, then coringas
    talhas: dict[str, int] = field(default_factory=dict)
    gone: dict[str, str] = field(default_factory=dict)  # player -> "late" or "out"
    below: set = field(default_factory=set)  # players whose time below zero was reported
    next_seat: int = 0
    deals: int = 0
    length: int | None = None

    def __post_init__(self):
        self.seats = [Seat(p, p) for p in self.players]
        self.chips = dict.fromkeys(self.players, self.rules.chips)
        self.talhas = dict.fromkeys(self.players, 0)

    def occupied(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.occupant is not None]

    def label(self, index: int) -> str:
        """Who holds seat `index`, as points and tables name him: a coringa who has a registered
        player's name (Art 15: the disqualified player himself) is `Caio (coringa)`."""
        seat = self.seats[index]
        return seat.coringa if seat.coringa is not None else seat.player

    def seated(self, name: str) -> bool:
        """`name` is a registered player holding his own seat."""
        return name in self.talhas and any(
            s.player == name and s.coringa is None and s.occupant == name for s in self.seats
        )

    def dealer_seat(self) -> int | None:
        """The next occupied seat from where the deal stands (empty seats are skipped, Q10)."""
        count = len(self.seats)
        for step in range(count):
            index = (self.next_seat + step) % count
            if self.seats[index].occupant is not None:
                return index
        return None

    def add_coringa(self, index: int, name: str) -> str:
        label = f"{name} (coringa)" if name in self.talhas else name
        while label in self.chips:  # a second coringa of the same name in another seat, long after
            label += "'"
        self.seats[index].occupant, self.seats[index].coringa = name, label
        self.chips[label] = self.rules.chips  # Art 8: a coringa starts with 100 too
        return label


def score_sheet(sheet: QuatrilhoSheet) -> SheetResult:
    """Score every entry in order and check it; collects every finding."""
    rules = sheet.rules
    table = Table(rules, sheet.players)
    findings: list[Finding] = []
    hands: list[HandResult] = []
    running: list[dict] = []
    shortened = _round_deals(sheet, findings)
    for position, entry in enumerate(sheet.entries):
        index = position + 1
        item = entry.item
        kinds = [k for k in KINDS if k in item] if isinstance(item, dict) else []
        if len(kinds) != 1:
            hands.append(_malformed(sheet, table, entry, index, kinds, findings))
            running.append({"dealer": None, "deal": None, "chips": dict(table.chips)})
            continue
        kind = kinds[0]
        if kind in NON_DEAL_KEYS:
            hands.append(_non_deal(sheet, table, entry, index, kind, findings))
            running.append({"dealer": None, "deal": None, "chips": dict(table.chips)})
        else:
            hand, dealer = _deal(sheet, table, entry, index, shortened, findings)
            hands.append(hand)
            running.append({"dealer": dealer, "deal": table.deals, "chips": dict(table.chips)})
    if table.length is None:
        table.length = _length(sheet, table, shortened)
    final = _final_chips(table)
    nets = {p: final[p] - rules.chips - rules.talha * table.talhas[p] for p in sheet.players}
    findings.sort(key=lambda f: f.line or 0)
    result = SheetResult(
        source=sheet.source,
        rules=rules.name,
        players=list(sheet.players),
        hands=hands,
        findings=findings,
        complete=table.deals >= table.length > 0,
        game=sheet.rules.game,
        meta=sheet_meta(sheet),
        totals_override=nets,
    )
    coringas = [label for label in table.chips if label not in table.talhas]
    result.extra = {
        "chips": final,
        "talhas": dict(table.talhas),
        "round_deals": table.length,
        "deals_played": table.deals,
        "seats": [{"player": s.player, "occupant": s.occupant, "coringa": s.coringa is not None} for s in table.seats],
        "coringas": coringas,
        "coringa_chips": {label: table.chips[label] for label in coringas},
        "running": running,
        "next": _next_deal(table),
    }
    return result


def _round_deals(sheet: QuatrilhoSheet, findings: list[Finding]) -> bool:
    """`round_deals: N` outside 1..the whole round is an error (Art 11); True when it shortens it."""
    if sheet.round_deals is None:
        return False
    whole = sheet.rules.deals_per_seat * len(sheet.players)
    if not 1 <= sheet.round_deals <= whole:
        findings.append(
            Finding(
                Severity.ERROR,
                sheet.source,
                sheet.round_deals_line,
                M_(
                    "round_deals: a round of {seats} seats is shortened to 1 to {whole} deals, not {round_deals}",
                    seats=len(sheet.players),
                    whole=whole,
                    round_deals=sheet.round_deals,
                ),
                "Art 11",
                code=codes.ROUND_LENGTH.code,
            )
        )
        return False
    return True


def _length(sheet: QuatrilhoSheet, table: Table, shortened: bool) -> int:
    """Q1: six deals per seat occupied at the first deal, or the committee's `round_deals`."""
    whole = sheet.rules.deals_per_seat * len(table.occupied())
    return min(sheet.round_deals, whole) if shortened and sheet.round_deals is not None else whole


def _final_chips(table: Table) -> dict[str, int]:
    """Each registered player's chips at the end: as they are (Art 16, counted in his own name,
    negative included), except that a player below zero after his talha counts 0: the committee
    pays his deficit (Art 19, Q10)."""
    final = {}
    for player in table.players:
        chips = table.chips[player]
        final[player] = 0 if chips < 0 and table.talhas[player] > 0 else chips
    return final


def _next_deal(table: Table) -> dict:
    """Who deals and plays the next deal (what `record` asks about)."""
    seat = table.dealer_seat()
    occupied = table.occupied()
    playing = [i for i in occupied if not (len(occupied) == 5 and i == seat)]
    return {
        "deal": table.deals + 1,
        "dealer": None if seat is None else table.seats[seat].occupant,
        "playing": [table.seats[i].occupant for i in playing] if len(occupied) >= 4 else [],
        "occupants": [table.seats[i].occupant for i in occupied],
    }


def _finding(
    findings: list[Finding],
    sheet: QuatrilhoSheet,
    line: int | None,
    index: int,
    kind: FindingKind,
    message: str | Message | Joined,
    rule: str,
    player: str | None = None,
    severity: Severity = Severity.ERROR,
) -> None:
    findings.append(Finding(severity, sheet.source, line, message, rule, index, player, code=kind.code))


def _malformed(sheet, table, entry, index, kinds, findings) -> HandResult:
    """An entry that is not a mapping, or does not say what it is: a finding at its line. One
    that names a contract or a fine is still a deal: it passes the deal on (Q1)."""
    if not isinstance(entry.item, dict):
        kind = codes.ENTRY_NOT_MAPPING
        message = M_(
            "entry {index}: expected a mapping such as {{contract: normal, caller: NAME, partner: NAME, "
            "figuras: N}}, got {value}",
            index=index,
            value=quoted(entry.item),
        )
    elif not kinds:
        kind = codes.ENTRY_KIND_MISSING
        message = M_("entry {index}: say what it is with one of the keys {keys}", index=index, keys=", ".join(KINDS))
    else:
        kind = codes.ENTRY_KINDS_TWO
        message = M_("entry {index}: one entry is one of {keys}, not both", index=index, keys=", ".join(kinds))
    _finding(findings, sheet, entry.line, index, kind, message, "Art 17")
    if kinds and set(kinds) <= {"contract", "fine"}:
        table.deals += 1
    return HandResult(index, entry.line, "?", "", None, None)


def _non_deal(sheet, table: Table, entry, index: int, kind: str, findings) -> HandResult:
    """`late` (Art 12), `out` (Art 15, 19, 13) and `rebuy` (Art 15, 19): not deals."""
    item = entry.item
    name = item[kind]
    finding = _non_deal_finding(sheet, entry, index, kind, findings)
    for key in item:
        if key not in NON_DEAL_KEYS[kind]:
            finding(codes.UNKNOWN_KEY, unknown_key(key, NON_DEAL_KEYS[kind]), key=key)
    if not _holds_own_seat(sheet, table, name, finding):
        return HandResult(index, entry.line, kind, "", {}, None)
    if kind == "rebuy":
        return _rebuy(sheet, table, entry, index, name, finding)
    return _leaves_seat(sheet, table, entry, index, kind, name, finding)


def _non_deal_finding(sheet, entry, index: int, kind: str, findings) -> Callable[..., None]:
    """How a finding about a late, out or rebuy entry is recorded: at its key's line, after
    `entry N (late Ana)`, under the entry's article by default."""
    item = entry.item
    rule = NON_DEAL_RULES[kind]
    name = item[kind]
    shown = clip(name) if isinstance(name, str) else "?"
    prefix = M_("entry {index} ({kind} {name})", index=index, kind=entry_kind(kind), name=shown)

    def finding(code: FindingKind, message, rule=rule, key=kind, severity=Severity.ERROR, player=None) -> None:
        _finding(
            findings, sheet, item.line_of(key), index, code, Joined((prefix, message), ": "), rule, player, severity
        )

    return finding


def _holds_own_seat(sheet, table: Table, name, finding) -> bool:
    """Only a player of the table, in the round and in his own seat, arrives late, leaves or
    buys a talha (Art 12, 14, 15); anyone else is a finding."""
    if not isinstance(name, str) or name not in table.talhas:
        finding(
            codes.NOT_AT_TABLE,
            M_("{name} is not a player of this table ({players})", name=quoted(name), players=", ".join(sheet.players)),
            "Art 14",
        )
        return False
    if name in table.gone:
        message = (
            M_("{name} is out of this round (late)", name=name)
            if table.gone[name] == "late"
            else M_("{name} is out of this round", name=name)
        )
        finding(codes.PLAYER_OUT, message, _gone_rule(table.gone[name]), player=name)
        return False
    if not table.seated(name):
        finding(codes.NO_SEAT, M_("{name} does not hold a seat", name=name), player=name)
        return False
    return True


def _leaves_seat(sheet, table: Table, entry, index: int, kind: str, name: str, finding) -> HandResult:
    """A late arrival (Art 12) or a player leaving (Art 15, 19, 13): his seat is empty, or his
    coringa's."""
    rules = sheet.rules
    seat = next(i for i, s in enumerate(table.seats) if s.player == name)
    coringa = _coringa_taking(table, seat, entry.item.get("coringa"), finding)
    points: dict[str, int] = {}
    if kind == "late":
        if table.deals:
            finding(
                codes.LATE_AFTER_DEAL,
                Mn_(
                    "a late arrival is recorded before the first deal; {count} deal was played",
                    "a late arrival is recorded before the first deal; {count} deals were played",
                    table.deals,
                    count=table.deals,
                ),
                player=name,
            )
        table.chips[name] -= rules.late  # Art 12: the 200 go to nobody
        points = {name: -rules.late}
    held = sum(1 for s in table.seats if s.occupant is not None)
    if coringa is None and held - 1 < min(rules.table_sizes):
        # Art 19: "ocorrendo isto em mesas com quatro jogadores entra 1 jogador coringa"
        finding(
            codes.CORINGA_NEEDED,
            M_(
                "a table of {held} needs a coringa for {name}'s seat ({{{kind}: {name}, coringa: NAME}})",
                held=held,
                name=name,
                kind=kind,
            ),
            "Art 19",
            player=name,
        )
    # `out`: his chips stay as they are (Art 16), or count 0 when the committee covers them
    # after his talha (Art 19, at the end). Q10 names no 200 for leaving, so none is charged.
    table.gone[name] = kind
    table.seats[seat].occupant = None
    detail: Detail = name
    if coringa is not None:
        table.add_coringa(seat, coringa)
        detail = M_("{name}, coringa {coringa}", name=name, coringa=coringa)
    return HandResult(index, entry.line, kind, detail, points, None)


def _coringa_taking(table: Table, seat: int, coringa, finding) -> str | None:
    """The coringa who takes the seat (Art 15): a name, and nobody who holds another seat
    already; None when none does (or the one written cannot)."""
    if coringa is None:
        return None
    if not isinstance(coringa, str) or not coringa.strip() or len(coringa) > MAX_NAME:
        finding(
            codes.CORINGA_NAME,
            M_(
                "coringa: expected a name (at most {most} characters), got {value}",
                most=MAX_NAME,
                value=quoted(coringa),
            ),
            "Art 15",
            key="coringa",
        )
        return None
    if any(
        s.occupant is not None and normalize(s.occupant) == normalize(coringa)  # 'ari' is Ari
        for i, s in enumerate(table.seats)
        if i != seat
    ):
        finding(
            codes.CORINGA_SEATED,
            M_("the coringa {name} already holds another seat", name=quoted(coringa)),
            "Art 15",
            key="coringa",
        )
        return None
    return coringa


def _rebuy(sheet, table: Table, entry, index: int, name: str, finding) -> HandResult:
    """One talha of 100 chips a round (Art 19), bought below zero (Art 15)."""
    rules = sheet.rules
    if table.talhas[name] >= rules.talhas_per_round:
        finding(
            codes.SECOND_TALHA,
            Mn_(
                "{name} already bought {count} talha this round; one a round, then out",
                "{name} already bought {count} talhas this round; one a round, then out",
                table.talhas[name],
                name=name,
                count=table.talhas[name],
            ),
            "Art 19",
            player=name,
        )
    elif table.chips[name] >= 0:
        finding(
            codes.TALHA_NOT_NEEDED,
            Mn_(
                "{name} buys a talha at {chips} chip; a talha is needed only below zero",
                "{name} buys a talha at {chips} chips; a talha is needed only below zero",
                table.chips[name],
                name=name,
                chips=table.chips[name],
            ),
            "Art 15",
            severity=Severity.WARNING,
            player=name,
        )
    table.chips[name] += rules.talha
    table.talhas[name] += 1
    table.below.discard(name)
    return HandResult(
        index, entry.line, "rebuy", M_("{name}, talha {count}", name=name, count=table.talhas[name]), {}, None
    )


def _gone_rule(how: str) -> str:
    return "Art 12" if how == "late" else "Art 15"


def _deal(sheet, table: Table, entry, index: int, shortened: bool, findings) -> tuple[HandResult, str | None]:
    """A contract or a fine that ends the deal: who deals and plays, then its chips."""
    if table.length is None:  # the round's length is fixed at its first deal (Q1)
        table.length = _length(sheet, table, shortened)
    number = table.deals + 1
    seat = table.dealer_seat()
    dealer = None if seat is None else table.label(seat)
    occupied = table.occupied()
    finding = _deal_finding(sheet, entry, index, number, dealer, findings)
    if number > table.length:
        _beyond_round(table.length, shortened, finding)
    _below_zero(table, finding)
    table.deals += 1
    if seat is not None:
        table.next_seat = seat + 1
    if len(occupied) < 4:
        finding(
            codes.TOO_FEW_SEATS,
            Mn_(
                "only {count} seat is held: a table of four needs a coringa; the deal cannot be scored",
                "only {count} seats are held: a table of four needs a coringa; the deal cannot be scored",
                len(occupied),
                count=len(occupied),
            ),
            "Art 19",
        )
        return HandResult(index, entry.line, _kind(entry.item), "", None, 0), dealer
    kind, detail, chips = _read_deal(sheet.rules, table, entry.item, seat, occupied, finding)
    if chips is not None:
        for label, amount in chips.items():
            table.chips[label] += amount
        if sum(chips.values()) != 0:  # every deal adds up to 0 (Q3): a check on the model itself
            finding(
                codes.MODEL_SUM,
                M_("the chips add up to {total}, not 0", total=f"{sum(chips.values()):+d}"),
                "Art 18",
            )
    return HandResult(index, entry.line, kind, detail, chips, 0), dealer


def _deal_finding(sheet, entry, index: int, number: int, dealer: str | None, findings) -> Callable[..., None]:
    """How a finding about a deal is recorded: at its key's line (else the entry's), after
    `deal N (dealer Ana)`."""
    prefix = (
        M_("deal {number} (dealer {dealer})", number=number, dealer=clip(dealer))
        if dealer
        else M_("deal {number} (dealer nobody)", number=number)
    )
    item = entry.item

    def finding(kind: FindingKind, message, rule, key=None, player=None, severity=Severity.ERROR) -> None:
        line = item.line_of(key) if key is not None else entry.line
        _finding(findings, sheet, line, index, kind, Joined((prefix, message), ": "), rule, player, severity)

    return finding


def _beyond_round(length: int, shortened: bool, finding) -> None:
    """A deal after the round's last (Art 10, or Art 11 when the committee shortened it)."""
    message = (
        Mn_(
            "the round has {count} deal (shortened by the committee)",
            "the round has {count} deals (shortened by the committee)",
            length,
            count=length,
        )
        if shortened
        else Mn_("the round has {count} deal", "the round has {count} deals", length, count=length)
    )
    finding(codes.DEAL_BEYOND_ROUND, message, "Art 11" if shortened else "Art 10")


def _below_zero(table: Table, finding) -> None:
    """Art 15, 19: nobody plays on below zero; each time below is reported once."""
    for player in table.players:
        chips = table.chips[player]
        if chips >= 0:
            table.below.discard(player)
        elif table.seated(player) and player not in table.below:
            table.below.add(player)
            # Q10: before the next deal, whether he plays it or deals it and sits out.
            if table.talhas[player] == 0:
                finding(
                    codes.BELOW_ZERO,
                    M_(
                        "{player} is at {chips} chips before this deal: buy a talha ({{rebuy: "
                        "{player}}}) or leave ({{out: {player}}})",
                        player=player,
                        chips=chips,
                    ),
                    "Art 15",
                    player=player,
                )
            else:
                finding(
                    codes.BELOW_ZERO_AFTER_TALHA,
                    M_(
                        "{player} is at {chips} chips after a talha before this deal: "
                        "out for the rest of the round ({{out: {player}}})",
                        player=player,
                        chips=chips,
                    ),
                    "Art 19",
                    player=player,
                )


def _read_deal(
    rules: QuatrilhoRules, table: Table, item, seat: int | None, occupied: list[int], finding
) -> tuple[str, Detail, dict[str, int] | None]:
    """The deal's kind, detail and chips, read by the four who play it (at five occupied seats
    the dealer sits out, Art 14)."""
    playing = [i for i in occupied if not (len(occupied) == 5 and i == seat)]
    names = {occupant: table.label(i) for i in playing if (occupant := table.seats[i].occupant) is not None}
    sitting_out = table.seats[seat].occupant if seat is not None and len(occupied) == 5 else None
    reader = DealReader(
        rules, item, names, dealer=sitting_out, gone=table.gone, registered=table.players, finding=finding
    )
    return reader.read()


def _kind(item) -> str:
    for key in ("contract", "fine"):
        if isinstance(item.get(key), str):
            return item[key]
    return "?"
