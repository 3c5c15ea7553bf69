"""A King hand on the score pad's one screen (sheet.entry_form): the next hand already chosen
(K1), the festa's beneficiary in rotation (K2), every count a row of tap targets, every contract,
trump, offer and penalty a button. Its values make the entry `record` writes."""

from __future__ import annotations

from scorekeeper.i18n import _, ngettext
from scorekeeper.king.entry_input import next_beneficiary, next_hand
from scorekeeper.king.sheet import KingSheet
from scorekeeper.sheet.entry_form import CHOICE, NUMBER, PLAYERS, Choice, EntryForm, Field, Reader

FESTA = "festa"
NO_PENALTY = ""
PENALTY_WORDS = {"renuncia": "Renúncia", "cartas-passadas": "Cartas passadas"}  # Art 9, 14: the regulation's words
CONTRACT_WORDS = {"positivos": "Positivos", "nulos": "Nulos", "4-3-3-3": "4-3-3-3"}  # Art 9
TRUMP_WORDS = {"copas": "Copas", "espadas": "Espadas", "ouros": "Ouros", "paus": "Paus", "sem-trunfo": "Sem trunfo"}
UNPENALISED = ("penalty", (NO_PENALTY,))  # a field shown only for a hand that no penalty ended
PLAYED = ("positivos", "nulos")  # the festas whose tricks are played and counted (a 4-3-3-3 is not, Art 13)


def hand_words(sheet_rules, kind: str) -> str:
    """A hand as the regulation names it (`Reis e Valetes`, `Festa`), never its key."""
    negative = sheet_rules.negative_hand(kind)
    if negative is not None:
        return negative.label
    return "Festa" if kind == FESTA else kind


def pad_form(sheet: KingSheet) -> EntryForm:
    """The screen of the next hand: which hand and who is at fault, each negative hand's counts,
    a festa's contract, trump, offer and tricks; each shown only when its hand is chosen."""
    players = tuple(Choice(p, p) for p in sheet.players)
    groups: dict[str, str] = {}
    fields = [*_hand_fields(sheet, players), *_count_fields(sheet, groups), *_festa_fields(sheet, players, groups)]
    return EntryForm(_("Hand {number}").format(number=len(sheet.entries) + 1), tuple(fields), groups)


def _hand_fields(sheet: KingSheet, players: tuple[Choice, ...]) -> list[Field]:
    """The hand (the next one chosen, K1), a festa's Dono (in rotation, K2) and a penalty's players."""
    recorded = {e.hand for e in sheet.entries}
    hands = [h for h in sheet.rules.negative_hands if h.name not in recorded]
    return [
        Field(
            "hand",
            CHOICE,
            _("Hand"),
            tuple(Choice(h.name, h.label) for h in hands) + (Choice(FESTA, "Festa"),),
            value=next_hand(sheet),
        ),
        Field(
            "beneficiary", CHOICE, "Dono da Festa", players, value=next_beneficiary(sheet), when=(("hand", (FESTA,)),)
        ),
        Field(
            "penalty",
            CHOICE,
            _("Penalty"),
            (Choice(NO_PENALTY, _("None")), *(Choice(k, w) for k, w in PENALTY_WORDS.items())),
            required=False,
            hint=_("A penalty ends the hand: its points go by Art 9 and 14."),
        ),
        Field(
            "at-fault",
            PLAYERS,
            _("Players at fault"),
            players,
            when=(("penalty", tuple(PENALTY_WORDS)),),
        ),
    ]


def _count_fields(sheet: KingSheet, groups: dict[str, str]) -> list[Field]:
    """Each negative hand not yet played: every player's count, a row of its own (Quadro 1)."""
    recorded = {e.hand for e in sheet.entries}
    fields = []
    for hand in sheet.rules.negative_hands:
        if hand.name in recorded:
            continue
        groups[hand.name] = _("{hand}: each player's count ({units} in all, {unit} points each)").format(
            hand=hand.label, units=hand.units, unit=-hand.unit
        )
        fields += [
            Field(
                f"{hand.name}-{seat}",
                NUMBER,
                player,
                low=0,
                high=hand.units,
                when=(("hand", (hand.name,)), UNPENALISED),
                group=hand.name,
            )
            for seat, player in enumerate(sheet.players)
        ]
    return fields


def _festa_fields(sheet: KingSheet, players: tuple[Choice, ...], groups: dict[str, str]) -> list[Field]:
    """A festa's contract, the trump of positivos, an accepted offer and the tricks made (Art 9-13)."""
    rules = sheet.rules
    festa = ("hand", (FESTA,))
    fields = [
        Field(
            "contract",
            CHOICE,
            _("Contract"),
            tuple(Choice(k, w) for k, w in CONTRACT_WORDS.items()),
            when=(festa, UNPENALISED),
        ),
        Field(
            "trump",
            CHOICE,
            _("Trump"),
            tuple(Choice(t, TRUMP_WORDS.get(t, t)) for t in rules.trumps),
            when=(festa, UNPENALISED, ("contract", ("positivos",))),
            hint=_("Named by the Dono da Festa (Art 13)."),
        ),
        Field(
            "offer-by",
            CHOICE,
            _("Accepted offer: who offered"),
            (Choice("", _("No offer")), *players),
            required=False,
            when=(festa, UNPENALISED, ("contract", tuple(CONTRACT_WORDS))),
        ),
        Field(
            "offer-tricks",
            NUMBER,
            _("Tricks offered"),
            low=1,
            high=max(rules.offer_limit_positivos, rules.offer_limit_nulos, rules.four_three_max_offer, 1),
            when=(festa, UNPENALISED, ("offer-by", tuple(sheet.players))),
        ),
    ]
    groups["tricks"] = _("Tricks made ({tricks} in all)").format(tricks=rules.tricks)
    fields += [
        Field(
            f"tricks-{seat}",
            NUMBER,
            player,
            low=0,
            high=rules.tricks,
            when=(festa, UNPENALISED, ("contract", PLAYED)),
            group="tricks",
        )
        for seat, player in enumerate(sheet.players)
    ]
    return fields


def entry_from_pad(sheet: KingSheet, values: dict) -> dict:
    """The entry the screen's values make, as `record` writes it (FormRefused naming each field)."""
    form = pad_form(sheet)
    read = Reader(form, values)
    hand = read.text("hand")
    entry: dict = {"hand": hand}
    if hand == FESTA:
        entry["beneficiary"] = read.text("beneficiary")
    penalty = read.text("penalty")
    if penalty:
        entry["penalty"] = penalty
        entry["players"] = read.chosen("at-fault")
    elif hand == FESTA:
        contract = read.text("contract")
        entry["contract"] = contract
        if contract == "positivos":
            entry["trump"] = read.text("trump")
        offer_by = read.text("offer-by")
        if offer_by:
            entry["offer"] = {"by": offer_by, "tricks": read.number("offer-tricks")}
        if contract in PLAYED:
            entry["tricks"] = [read.number(f"tricks-{seat}") for seat in range(len(sheet.players))]
    elif hand:
        entry["counts"] = [read.number(f"{hand}-{seat}") for seat in range(len(sheet.players))]
    read.done()
    return entry


# Where a finding is shown on the screen: beside the field (or group of fields) it is about.
_PLACES = {
    "K-ART8-HAND-TWICE": "hand",
    "K-ART8-FESTA-EARLY": "hand",
    "K-ART8-FESTA-OVER": "hand",
    "K-ART8-NEGATIVE-AFTER-FESTA": "hand",
    "K-Q1-ORDER": "hand",
    "K-ART9-ROTATION": "beneficiary",
    "K-ART9-BENEFICIARY-TWICE": "beneficiary",
    "K-REPLAY-BENEFICIARY": "beneficiary",
    "K-ART9-TRUMP-MISSING": "trump",
    "K-ART13-TRUMP-UNKNOWN": "trump",
    "K-ART10-OFFER-KIND": "offer-by",
    "K-ART10-OFFER-LIMIT": "offer-tricks",
    "K-ART12-OFFER-BY-BENEFICIARY": "offer-by",
    "K-ART13-4333-OFFER": "offer-tricks",
    "K-ART14-RENUNCIA-OFFENDERS": "at-fault",
    "K-ART9-PASSED-OFFENDERS": "at-fault",
    "K-PENALTY-OFFENDER-TWICE": "at-fault",
}
_COUNTED = ("K-ART6-MISSING-CHARGED", "K-Q1-COUNT-OVER", "K-Q1-TOTAL-OVER", "K-Q1-TOTAL-SHORT", "K-TRICKS-TOTAL")


def finding_place(sheet: KingSheet, code: str, values: dict) -> str | None:
    """The field or group a finding of the entry is shown beside (None: above Record)."""
    if code in _PLACES:
        return _PLACES[code]
    if code in _COUNTED:
        hand = str(values.get("hand", next_hand(sheet)))
        return "tricks" if hand == FESTA else hand
    return None


def detail_words(entry) -> str:
    """A hand's detail in the regulation's words, for a page (`show` prints the sheet's own
    keys, which the scorer types): `Ana · Positivos · Copas · offer of Carla: 3 tricks`,
    `Renúncia: Duarte`."""
    parts = []
    if entry.hand == FESTA and entry.beneficiary:
        parts.append(entry.beneficiary)
    if entry.penalty:
        parts.append(f"{PENALTY_WORDS.get(entry.penalty, entry.penalty)}: {', '.join(entry.offenders)}")
    if entry.contract:
        parts.append(CONTRACT_WORDS.get(entry.contract, entry.contract))
    if entry.trump:
        parts.append(TRUMP_WORDS.get(entry.trump, entry.trump))
    if entry.offer:
        parts.append(
            ngettext(
                "offer of {player}: {tricks} trick", "offer of {player}: {tricks} tricks", entry.offer.tricks
            ).format(player=entry.offer.by, tricks=entry.offer.tricks)
        )
    return " · ".join(parts)
