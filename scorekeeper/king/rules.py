"""The King rule file: its shape, its consistency checks, and the typed rules it loads into."""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.errors import RulesError, quoted
from scorekeeper.i18n import M_, Mn_
from scorekeeper.rulebook import members_rule
from scorekeeper.rulebook.members_rule import MembersRule
from scorekeeper.rulebook.schema import Choice, Optional, Whole, validate
from scorekeeper.sheet.vocabulary import Vocabulary, normalize

# Ranges of every number (a house rule file is input too): counts that the models loop or
# allocate by are kept to what a card table can hold, points to what a sheet can show.
POINTS = Whole(-(10**5), 10**5)
TRICKS = Whole(0, 52)
_SPLIT = {"offender": POINTS, "others": POINTS}

SCHEMA = {
    "game": str,
    "name": str,
    "aliases": Optional([str]),
    "title": Optional(str),
    "players": Whole(2, 8),
    "tricks": Whole(1, 52),
    "negative_hands": [
        {
            "name": str,
            "label": str,
            "aliases": Optional([str]),
            "unit": Whole(1, 10**4),
            "units": Whole(1, 52),
            "total": Whole(1, 10**5),
        }
    ],
    "negative_phase_total": Whole(-(10**6), 0),
    "game_total": Whole(-(10**6), 10**6),
    "festas": {
        "count": Whole(0, 20),
        "total": POINTS,
        "positivos": {"per_trick": POINTS},
        "nulos": {"bonus": POINTS, "per_trick": POINTS},
        "four_three_three_three": {"beneficiary_tricks": TRICKS, "other_tricks": TRICKS, "max_offer": TRICKS},
        "offer_limits": {"positivos": TRICKS, "nulos": TRICKS},
        "nulos_equivalence": Whole(1, 52),
        "trumps": [str],
    },
    "responsible_scorer": {"missing_units": Choice(("charge", "error"))},
    "penalties": {
        "renuncia": {"negative": Choice(("whole_total",)), "festa": _SPLIT},
        "cartas-passadas": {
            "negative": Choice(("split_equally",)),
            "festa": {"one_offender": _SPLIT, "two_offenders": _SPLIT},
        },
    },
    "classification": {
        "places": [Whole(-100, 100)],
        "ties": Choice(("average",)),
        "bye": float,
        "absent": float,
        "absent_table_bonus": float,
        "spectator_denunciation": float,
    },
    **members_rule.SCHEMA,  # Art 2: who may play when a tournament names a registry
}

# English aliases of the vocabulary; the Portuguese names are the canonical ones.
CONTRACTS = Vocabulary("contract")
CONTRACTS.add("positivos", "positive", "positives", "up", "para-cima")
CONTRACTS.add("nulos", "nulls", "nullos", "negative", "para-baixo")
CONTRACTS.add("4-3-3-3", "4333", "4x3x3x3", "four-three-three-three")

TRUMPS = Vocabulary("trump")
TRUMPS.add("copas", "hearts")
TRUMPS.add("espadas", "spades")
TRUMPS.add("ouros", "diamonds")
TRUMPS.add("paus", "clubs")
TRUMPS.add("sem-trunfo", "no-trump", "notrump", "sem-trunfos")

PENALTIES = Vocabulary("penalty")
PENALTIES.add("renuncia", "revoke", "renounce", "logro")
PENALTIES.add("cartas-passadas", "passed-cards", "cards-passed")

FESTA_NAMES = ("festa", "beneficio", "benefit", "positive-hand", "festas")


class NegativeHand(NamedTuple):
    """A Quadro 1 hand: `unit` points per unit taken, `units` in the deck, `total` points."""

    name: str
    label: str
    aliases: tuple[str, ...]
    unit: int
    units: int
    total: int


class Split(NamedTuple):
    """A festa penalty: points to each offender and to each other player."""

    offender: int
    others: int


class KingRules(NamedTuple):
    """Every number of a King rule file, validated (immutable; NamedTuples start faster than
    dataclasses, and every `scorekeeper` run defines these)."""

    source: str
    game: str  # the rule file's `game:`, by which the registry chose the Game that reads it
    name: str
    aliases: tuple[str, ...]
    title: str
    players: int
    tricks: int
    negative_hands: tuple[NegativeHand, ...]
    negative_phase_total: int
    game_total: int
    festa_count: int
    festa_total: int
    positivos_per_trick: int
    nulos_bonus: int
    nulos_per_trick: int
    four_three_beneficiary_tricks: int
    four_three_other_tricks: int
    four_three_max_offer: int
    offer_limit_positivos: int
    offer_limit_nulos: int
    nulos_equivalence: int
    trumps: tuple[str, ...]
    charge_missing_to_scorer: bool
    renuncia_festa: Split
    passed_cards_festa_one: Split
    passed_cards_festa_two: Split
    places: tuple[int, ...]
    bye: float
    absent: float
    absent_table_bonus: float
    spectator_denunciation: float
    hand_names: Vocabulary
    members: MembersRule | None = None  # Art 2 and TN8, when the rule file says (rulebook.members_rule)

    def negative_hand(self, name: str) -> NegativeHand | None:
        canonical = self.hand_names.get(name)
        for hand in self.negative_hands:
            if hand.name == canonical:
                return hand
        return None

    def is_festa(self, name: str) -> bool:
        return self.hand_names.get(name) == "festa"

    @property
    def hand_count(self) -> int:
        return len(self.negative_hands) + self.festa_count


def from_data(data, source: str) -> KingRules:
    """Build KingRules from a parsed rule file, or raise RulesError naming file:line."""
    validate(data, SCHEMA, source)
    hands, names = _negative_hands(data["negative_hands"], source)
    players, tricks = data["players"], data["tricks"]
    if players < 2:
        raise RulesError(
            M_("players: expected at least 2, got {count}", count=players), source, data.line_of("players")
        )
    phase = -sum(hand.total for hand in hands)
    if phase != data["negative_phase_total"]:
        raise RulesError(
            M_(
                "negative_phase_total is {stated}, but the negative hands add up to {total}",
                stated=data["negative_phase_total"],
                total=phase,
            ),
            source,
            data.line_of("negative_phase_total"),
        )
    festas = data["festas"]
    _check_festas(data, source, phase)
    splits = _penalty_splits(data, source)
    _check_places(data, source)
    cls = data["classification"]
    return KingRules(
        source=source,
        game=data["game"],
        name=data["name"],
        aliases=tuple(data.get("aliases", ())),
        title=data.get("title", data["name"]),
        players=players,
        tricks=tricks,
        negative_hands=tuple(hands),
        negative_phase_total=data["negative_phase_total"],
        game_total=data["game_total"],
        festa_count=festas["count"],
        festa_total=festas["total"],
        positivos_per_trick=festas["positivos"]["per_trick"],
        nulos_bonus=festas["nulos"]["bonus"],
        nulos_per_trick=festas["nulos"]["per_trick"],
        four_three_beneficiary_tricks=festas["four_three_three_three"]["beneficiary_tricks"],
        four_three_other_tricks=festas["four_three_three_three"]["other_tricks"],
        four_three_max_offer=festas["four_three_three_three"]["max_offer"],
        offer_limit_positivos=festas["offer_limits"]["positivos"],
        offer_limit_nulos=festas["offer_limits"]["nulos"],
        nulos_equivalence=festas["nulos_equivalence"],
        trumps=tuple(TRUMPS.get(t) or t for t in festas["trumps"]),  # each one known (_check_festas)
        charge_missing_to_scorer=data["responsible_scorer"]["missing_units"] == "charge",
        renuncia_festa=splits["penalties.renuncia.festa"],
        passed_cards_festa_one=splits["penalties.cartas-passadas.festa.one_offender"],
        passed_cards_festa_two=splits["penalties.cartas-passadas.festa.two_offenders"],
        places=tuple(cls["places"]),
        bye=cls["bye"],
        absent=cls["absent"],
        absent_table_bonus=cls["absent_table_bonus"],
        spectator_denunciation=cls["spectator_denunciation"],
        hand_names=names,
        members=members_rule.read(data, source),
    )


def _negative_hands(hands_data, source: str) -> tuple[list[NegativeHand], Vocabulary]:
    """Quadro 1's hands as the rule file lists them, each consistent, and the names of every hand
    (the festa's among them)."""
    hands = []
    names = Vocabulary("hand")
    for index, item in enumerate(hands_data):
        line = hands_data.line_of(index)
        hand = NegativeHand(
            name=item["name"],
            label=item["label"],
            aliases=tuple(item.get("aliases", ())),
            unit=item["unit"],
            units=item["units"],
            total=item["total"],
        )
        _check_negative_hand(hand, index, source, line)
        # The label is a name too: the Excel boletim shows labels, and import reads them back.
        for spelling in {hand.name, hand.label, *hand.aliases}:
            if spelling in names or normalize(spelling) in FESTA_NAMES:
                raise RulesError(
                    M_("negative_hands[{index}]: the name {name} is used twice", index=index, name=quoted(spelling)),
                    source,
                    line,
                )
        names.add(hand.name, hand.label, *hand.aliases)
        hands.append(hand)
    names.add("festa", *FESTA_NAMES[1:])
    return hands, names


def _check_negative_hand(hand: NegativeHand, index: int, source: str, line: int) -> None:
    """A hand's units are worth its total: `unit` x `units` (Quadro 1)."""
    if hand.unit <= 0 or hand.units <= 0:
        raise RulesError(
            M_("negative_hands[{index}] ({hand}): unit and units must be above 0", index=index, hand=hand.name),
            source,
            line,
        )
    if hand.unit * hand.units != hand.total:
        raise RulesError(
            M_(
                "negative_hands[{index}] ({hand}): unit {unit} x units {units} = {product}, but total is {total}",
                index=index,
                hand=hand.name,
                unit=hand.unit,
                units=hand.units,
                product=hand.unit * hand.units,
                total=hand.total,
            ),
            source,
            line,
        )


def _check_festas(data, source: str, phase: int) -> None:
    """Every way of scoring a festa gives its total (Quadros 2-3, Art 13), the game's total is the
    negative phase's and the festas', and each trump is one the game knows."""
    festas, players, tricks = data["festas"], data["players"], data["tricks"]
    fline = data.line_of("festas")
    total = festas["total"]
    checks = {
        "festas.positivos.per_trick x tricks": festas["positivos"]["per_trick"] * tricks,
        "festas.nulos: players x bonus - per_trick x tricks": players * festas["nulos"]["bonus"]
        - festas["nulos"]["per_trick"] * tricks,
        "festas.four_three_three_three tricks x positivos.per_trick": festas["positivos"]["per_trick"]
        * (
            festas["four_three_three_three"]["beneficiary_tricks"]
            + (players - 1) * festas["four_three_three_three"]["other_tricks"]
        ),
    }
    for what, value in checks.items():
        if value != total:
            raise RulesError(
                M_("{what} = {value}, but festas.total is {total}", what=what, value=value, total=total),
                source,
                fline,
            )
    game = phase + festas["count"] * total
    if game != data["game_total"]:
        raise RulesError(
            Mn_(
                "game_total is {stated}, but {phase} + {count} festa x {total} = {game}",
                "game_total is {stated}, but {phase} + {count} festas x {total} = {game}",
                festas["count"],
                stated=data["game_total"],
                phase=phase,
                count=festas["count"],
                total=total,
                game=game,
            ),
            source,
            data.line_of("game_total"),
        )
    for trump in festas["trumps"]:
        if trump not in TRUMPS:
            raise RulesError(
                M_(
                    "festas.trumps: unknown trump {name}; allowed: {allowed}",
                    name=quoted(trump),
                    allowed=", ".join(TRUMPS.names),
                ),
                source,
                fline,
            )


def _penalty_splits(data, source: str) -> dict[str, Split]:
    """The festa penalties' points (Art 9.2, 14), each adding up to 0 for the table."""
    pen, players = data["penalties"], data["players"]
    splits = {
        "penalties.renuncia.festa": (Split(**pen["renuncia"]["festa"]), 1),
        "penalties.cartas-passadas.festa.one_offender": (Split(**pen["cartas-passadas"]["festa"]["one_offender"]), 1),
        "penalties.cartas-passadas.festa.two_offenders": (Split(**pen["cartas-passadas"]["festa"]["two_offenders"]), 2),
    }
    for what, (split, offenders) in splits.items():
        net = split.offender * offenders + split.others * (players - offenders)
        if net != 0:
            # K4: penalty entries keep the phase totals intact, so they must net to zero.
            raise RulesError(
                M_("{what} adds up to {net} for the table; a festa penalty must add up to 0", what=what, net=net),
                source,
                data.line_of("penalties"),
            )
    return {what: split for what, (split, _offenders) in splits.items()}


def _check_places(data, source: str) -> None:
    """Art 15: one table point value per place."""
    places, players = data["classification"]["places"], data["players"]
    if len(places) != players:
        raise RulesError(
            Mn_(
                "classification.places: expected {count} value, one per place, got {got}",
                "classification.places: expected {count} values, one per place, got {got}",
                players,
                count=players,
                got=len(places),
            ),
            source,
            data.line_of("classification"),
        )
