"""The Quatrilho rule file: its shape, its consistency checks, and the typed rules it loads into.

Every amount of Art 12, 15, 18, 19 and 20 is read from the file (RULINGS Q1-Q10); the models
take them from here and hard-code none."""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.errors import RulesError
from scorekeeper.i18n import M_, _, ngettext, pgettext
from scorekeeper.rulebook import members_rule
from scorekeeper.rulebook.members_rule import MembersRule
from scorekeeper.rulebook.schema import Optional, Whole, validate
from scorekeeper.sheet.vocabulary import Vocabulary

AMOUNT = Whole(0, 1000)  # chips: a house variant may change them, within reason
PRIZE = Whole(0, 10**7)  # money (Art 23, 24), in the championship's currency
FINE_NAMES = ("bater", "sinal", "fora-de-vez", "negar-carta", "olhar-vazas")
SCHEMA = {
    "game": str,
    "name": str,
    "aliases": Optional([str]),
    "title": Optional(str),
    "table_sizes": [Whole(4, 5)],
    "chips": Whole(1, 10000),
    "deals_per_seat": Whole(1, 20),
    "counting": {
        "figuras": Whole(35, 35),
        "figuras_per_point": Whole(3, 3),
        "points_to_win": Whole(1, 11),
        "tricks": Whole(10, 10),
    },
    "normal": {"pays_both_below": Whole(0, 11), "pays_all_below": Whole(0, 11), "all_tricks": AMOUNT},
    "solo_natural": {"won": AMOUNT, "all_tricks": AMOUNT, "lost": AMOUNT, "no_tricks": AMOUNT},
    "solo_preto": {"base": AMOUNT, "giver": AMOUNT, "all_tricks": AMOUNT, "no_tricks": AMOUNT},
    "solo_branco": {"won": AMOUNT, "lost": AMOUNT},
    "rolar": {
        "six_six_six": [Whole(0, 35)],
        "six_six_six_pays": AMOUNT,
        "alone_from": Whole(1, 35),
        "alone_pays": AMOUNT,
        "pays": AMOUNT,
    },
    "fines": {name: AMOUNT for name in FINE_NAMES},
    "late": AMOUNT,
    "talha": AMOUNT,
    "talhas_per_round": Whole(0, 10),
    "classification": {"cut": Whole(1, 10000), "prizes": [PRIZE], "prize_total": Whole(0, 10**9), "extra_prize": PRIZE},
    # The CBQI regulation asks no membership (Art 2, 7: whoever inscribes and pays plays); a house
    # rule file may (rulebook.members_rule).
    **members_rule.SCHEMA,
}

# The contracts of Art 17 and the fines of Art 20, with their English aliases.
CONTRACTS = Vocabulary("contract")
CONTRACTS.add("normal", "jogo-normal", "call", "called", "chamar")
CONTRACTS.add("solo-natural", "natural-solo", "natural")
CONTRACTS.add("solo-preto", "black-solo", "preto")
CONTRACTS.add("solo-branco", "white-solo", "branco")
CONTRACTS.add("rolar", "roll", "quem-faz-menos")
SOLOS = ("solo-natural", "solo-preto", "solo-branco")

FINES = Vocabulary("fine")
FINES.add("bater", "knock")
FINES.add("sinal", "signal")
FINES.add("fora-de-vez", "out-of-turn")
FINES.add("negar-carta", "revoke", "renuncia")
FINES.add("olhar-vazas", "look-at-tricks")
FINE_ARTICLES = {
    "bater": "Art 20.5",
    "sinal": "Art 20.6",
    "fora-de-vez": "Art 20.8",
    "negar-carta": "Art 20.10",
    "olhar-vazas": "Art 20.15",
}
CONTRACT_ARTICLES = {
    "normal": "Art 18.2",
    "solo-natural": "Art 18.1",
    "solo-preto": "Art 18.3",
    "solo-branco": "Art 18.4",
    "rolar": "Art 18.5",
}


class QuatrilhoRules(NamedTuple):
    """Every number of a Quatrilho rule file, validated."""

    source: str
    game: str  # the rule file's `game:`, by which the registry chose the Game that reads it
    name: str
    aliases: tuple[str, ...]
    title: str
    table_sizes: tuple[int, ...]
    chips: int
    deals_per_seat: int
    figuras: int
    figuras_per_point: int
    points_to_win: int
    tricks: int
    normal: dict
    solo_natural: dict
    solo_preto: dict
    solo_branco: dict
    rolar: dict
    fines: dict
    late: int
    talha: int
    talhas_per_round: int
    cut: int  # Art 22: after the next-to-last round the first `cut` play on for the prizes
    prizes: tuple[int, ...]  # Art 24: the prize of place 1, 2, ...
    extra_prize: int  # Art 23: the extra round's prize at each table
    members: MembersRule | None = None  # who must be a member, when the rule file says (rulebook.members_rule)

    @property
    def points(self) -> int:
        """The points of a deal, both sides together (35 // 3 = 11)."""
        return self.figuras // self.figuras_per_point


def from_data(data, source: str) -> QuatrilhoRules:
    """Build QuatrilhoRules from a parsed rule file, or raise RulesError naming file:line."""
    validate(data, SCHEMA, source)
    _check_table_sizes(data, source)
    _check_counting(data, source)
    _check_normal(data, source)
    _check_rolar(data, source)
    _check_classification(data, source)
    counting, cls, rolar = data["counting"], data["classification"], data["rolar"]
    return QuatrilhoRules(
        source=source,
        game=data["game"],
        name=data["name"],
        aliases=tuple(data.get("aliases", ())),
        title=data.get("title", data["name"]),
        table_sizes=tuple(data["table_sizes"]),
        chips=data["chips"],
        deals_per_seat=data["deals_per_seat"],
        figuras=counting["figuras"],
        figuras_per_point=counting["figuras_per_point"],
        points_to_win=counting["points_to_win"],
        tricks=counting["tricks"],
        normal=dict(data["normal"]),
        solo_natural=dict(data["solo_natural"]),
        solo_preto=dict(data["solo_preto"]),
        solo_branco=dict(data["solo_branco"]),
        rolar={**rolar, "six_six_six": tuple(sorted(rolar["six_six_six"]))},
        fines=dict(data["fines"]),
        late=data["late"],
        talha=data["talha"],
        talhas_per_round=data["talhas_per_round"],
        cut=cls["cut"],
        prizes=tuple(cls["prizes"]),
        extra_prize=cls["extra_prize"],
        members=members_rule.read(data, source),
    )


def _check_table_sizes(data, source: str) -> None:
    """Art 14: tables of 4, of 5, or both."""
    sizes = data["table_sizes"]
    if not sizes or sorted(set(sizes)) != sizes:
        raise RulesError(
            M_("table_sizes: expected 4, 5 or both in increasing order, got {sizes}", sizes=sizes),
            source,
            data.line_of("table_sizes"),
        )


def _check_counting(data, source: str) -> None:
    """Art 20.11: a deal is won with more than half of its points."""
    counting = data["counting"]
    points = counting["figuras"] // counting["figuras_per_point"]
    if not points // 2 < counting["points_to_win"] <= points:
        raise RulesError(
            M_(
                "counting.points_to_win: expected more than half of the deal's {points} points, got {points_to_win}",
                points=points,
                points_to_win=counting["points_to_win"],
            ),
            source,
            data.line_of("counting"),
        )


def _check_normal(data, source: str) -> None:
    """Art 18.2: whoever pays each of the three pays both shares too (Q4)."""
    normal = data["normal"]
    if normal["pays_all_below"] > normal["pays_both_below"]:
        raise RulesError(M_("normal.pays_all_below must not be above pays_both_below"), source, data.line_of("normal"))


def _check_rolar(data, source: str) -> None:
    """Art 18.5: 6-6-6-17 is four players' figuras, all of the deal's."""
    six_six_six = data["rolar"]["six_six_six"]
    figuras = data["counting"]["figuras"]
    if len(six_six_six) != 4 or sum(six_six_six) != figuras:
        raise RulesError(
            M_("rolar.six_six_six: expected four figuras adding up to {figuras}", figuras=figuras),
            source,
            data.line_of("rolar"),
        )


def _check_classification(data, source: str) -> None:
    """Art 22, 24: the prizes go down by place, to the players within the cut, and add up."""
    cls = data["classification"]
    prizes = cls["prizes"]
    line = data.line_of("classification")
    if any(later > earlier for earlier, later in zip(prizes, prizes[1:])):
        raise RulesError(
            M_(
                "classification.prizes: a place's prize must not be above the one before it, got {prizes}",
                prizes=prizes,
            ),
            source,
            line,
        )
    if len(prizes) > cls["cut"]:
        # Art 22: only the first `cut` after the next-to-last round play for the prizes.
        raise RulesError(
            M_(
                "classification.prizes: {places} places paid, but only the first {cut} (cut) play for them",
                places=len(prizes),
                cut=cls["cut"],
            ),
            source,
            line,
        )
    if sum(prizes) != cls["prize_total"]:
        raise RulesError(
            M_(
                "classification.prize_total is {prize_total}, but the prizes add up to {total}",
                prize_total=cls["prize_total"],
                total=sum(prizes),
            ),
            source,
            line,
        )


def describe_rules(rules: QuatrilhoRules) -> list[list]:
    """Every number of the rules as (setting, value) rows for `rules show`."""
    return [*_round_rows(rules), *_contract_rows(rules), *_penalty_rows(rules), _classification_row(rules)]


def _round_rows(rules: QuatrilhoRules) -> list[list]:
    """The tables, chips, deals and counting of a round (Art 8, 10, 14, 20.11)."""
    sizes = rules.table_sizes
    tables = (
        _("{size} players (at five the dealer sits out)").format(size=sizes[0])
        if len(sizes) == 1
        else _("{smaller} or {larger} players (at five the dealer sits out)").format(smaller=sizes[0], larger=sizes[-1])
    )
    return [
        [_("tables"), tables],
        [_("chips"), _("{chips} a round").format(chips=rules.chips)],
        [
            _("round"),
            ngettext("{deals} deal per seat", "{deals} deals per seat", rules.deals_per_seat).format(
                deals=rules.deals_per_seat
            ),
        ],
        [
            _("counting"),
            _("{figuras} figuras, {per_point} a point, {to_win} points win, {tricks} tricks").format(
                figuras=rules.figuras,
                per_point=rules.figuras_per_point,
                to_win=rules.points_to_win,
                tricks=rules.tricks,
            ),
        ],
    ]


def _contract_rows(rules: QuatrilhoRules) -> list[list]:
    """What each contract pays (Art 18)."""
    natural, preto, branco, rolar, normal = (
        rules.solo_natural,
        rules.solo_preto,
        rules.solo_branco,
        rules.rolar,
        rules.normal,
    )
    return [
        [
            "jogo normal",
            _(
                "the points; the caller pays both shares below {both_below} points and each of the three "
                "below {all_below}; all tricks {all_tricks}"
            ).format(
                both_below=normal["pays_both_below"],
                all_below=normal["pays_all_below"],
                all_tricks=normal["all_tricks"],
            ),
        ],
        [
            "solo natural",
            _("won {won}, all tricks {all_tricks}, lost {lost}, no trick {no_tricks}, each").format(
                won=natural["won"],
                all_tricks=natural["all_tricks"],
                lost=natural["lost"],
                no_tricks=natural["no_tricks"],
            ),
        ],
        [
            "solo preto",
            _(
                "{base} + the winner's points, the giver {giver} less or more; all tricks {all_tricks}, "
                "no trick {no_tricks}, each"
            ).format(
                base=preto["base"], giver=preto["giver"], all_tricks=preto["all_tricks"], no_tricks=preto["no_tricks"]
            ),
        ],
        ["solo branco", _("won {won}, lost {lost}, each").format(won=branco["won"], lost=branco["lost"])],
        [
            "rolar",
            _("{six_six_six}: {six_six_six_pays} each; {alone_from}+ figuras: {alone_pays} each; else {pays}").format(
                six_six_six="-".join(map(str, rolar["six_six_six"])),
                six_six_six_pays=rolar["six_six_six_pays"],
                alone_from=rolar["alone_from"],
                alone_pays=rolar["alone_pays"],
                pays=rolar["pays"],
            ),
        ],
    ]


def _penalty_rows(rules: QuatrilhoRules) -> list[list]:
    """The fines (Art 20), the late arrival's chips (Art 12) and the talha (Art 19)."""
    fines = ", ".join(f"{name} {amount}" for name, amount in rules.fines.items())
    return [
        [_("fines"), _("{fines}, to each").format(fines=fines)],
        [pgettext("quatrilho", "late"), _("-{late}, given to nobody").format(late=rules.late)],
        ["talha", _("{talha} chips, {per_round} a round").format(talha=rules.talha, per_round=rules.talhas_per_round)],
    ]


def _classification_row(rules: QuatrilhoRules) -> list:
    """The cut and the prizes (Art 22-24)."""
    return [
        _("classification"),
        _(
            "the first {cut} after the next-to-last round play for places 1-{places}; prizes "
            "{prizes}; extra round {extra_prize} a table"
        ).format(
            cut=rules.cut,
            places=len(rules.prizes),
            prizes=", ".join(map(str, rules.prizes)),
            extra_prize=rules.extra_prize,
        ),
    ]
