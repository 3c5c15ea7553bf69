"""The Sueca rule file: its shape, its consistency checks, and the typed rules it loads into."""

from __future__ import annotations

import dataclasses

from scorekeeper.errors import RulesError
from scorekeeper.i18n import M_, _, ngettext, pgettext
from scorekeeper.rulebook.schema import Whole, validate
from scorekeeper.sheet.vocabulary import Vocabulary
from scorekeeper.team import rules as team_rules
from scorekeeper.team.rules import TeamRules, team_fields

# Ranges of every number (a house rule file is input too); the teams as every team game's.
SMALL = Whole(0, 100)
SCHEMA = {
    **team_rules.SCHEMA,
    "deck": {
        "cards": Whole(10, 100),
        "tricks": Whole(1, 52),
        "card_values": {"as": SMALL, "sete": SMALL, "rei": SMALL, "valete": SMALL, "dama": SMALL},
        "total": Whole(1, 10**4),
        "impossible": [Whole(0, 10**4)],
    },
    "deal_points": {
        "win_above": Whole(0, 10**4),
        "win": SMALL,
        "big_win_above": Whole(0, 10**4),
        "big_win": SMALL,
        "all_tricks": SMALL,
        "tie": Whole(0, 10**4),
    },
    "moca": {"points": Whole(1, 100), "to_win": Whole(1, 100)},
    "penalties": {
        "renuncia": {"points": SMALL, "carries": bool},
        "ponto": {"points": SMALL, "reasons": [str]},
        "castigo": {"every": Whole(1, 100), "points": SMALL},
    },
    "group_phase": {"win_points": SMALL, "semi_finals": SMALL},
}

PENALTIES = Vocabulary("penalty")
PENALTIES.add("renuncia", "revoke", "renounce")
PENALTIES.add("ponto", "point", "one-point")
PENALTIES.add("castigo", "warning", "advertencia")


@dataclasses.dataclass(frozen=True)
class SuecaRules(TeamRules):
    """Every number of a Sueca rule file, validated."""

    tricks: int
    total: int
    impossible: tuple[int, ...]
    win_above: int
    win: int
    big_win_above: int
    big_win: int
    all_tricks: int
    tie: int
    moca_points: int
    mocas_to_win: int
    renuncia_points: int
    renuncia_carries: bool
    ponto_points: int
    ponto_reasons: tuple[str, ...]
    castigo_every: int
    castigo_points: int
    group_win_points: int


def from_data(data, source: str) -> SuecaRules:
    """Build SuecaRules from a parsed rule file, or raise RulesError naming file:line."""
    validate(data, SCHEMA, source)
    deck, deal, moca, pen = data["deck"], data["deal_points"], data["moca"], data["penalties"]
    line = data.line_of
    suits = deck["cards"] // 10  # a Sueca deck has ten ranks per suit
    card_total = suits * sum(deck["card_values"].values())
    if card_total != deck["total"]:
        raise RulesError(
            M_(
                "deck.total is {total}, but {suits} suits x the card values = {sum}",
                total=deck["total"],
                suits=suits,
                sum=card_total,
            ),
            source,
            line("deck"),
        )
    if deal["tie"] * 2 != deck["total"] or not deal["tie"] <= deal["win_above"] < deal["big_win_above"] < deck["total"]:
        raise RulesError(
            M_("deal_points: expected tie = half the deck, and tie <= win_above < big_win_above < total"),
            source,
            line("deal_points"),
        )
    if moca["points"] < 1 or moca["to_win"] < 1 or pen["castigo"]["every"] < 1:
        raise RulesError(
            M_("moca.points, moca.to_win and penalties.castigo.every must be at least 1"), source, line("moca")
        )
    return SuecaRules(
        **team_fields(data, source),
        tricks=deck["tricks"],
        total=deck["total"],
        impossible=tuple(deck["impossible"]),
        win_above=deal["win_above"],
        win=deal["win"],
        big_win_above=deal["big_win_above"],
        big_win=deal["big_win"],
        all_tricks=deal["all_tricks"],
        tie=deal["tie"],
        moca_points=moca["points"],
        mocas_to_win=moca["to_win"],
        renuncia_points=pen["renuncia"]["points"],
        renuncia_carries=pen["renuncia"]["carries"],
        ponto_points=pen["ponto"]["points"],
        ponto_reasons=tuple(pen["ponto"]["reasons"]),
        castigo_every=pen["castigo"]["every"],
        castigo_points=pen["castigo"]["points"],
        group_win_points=data["group_phase"]["win_points"],
    )


def describe_rules(rules: SuecaRules):
    """The rule file's numbers as `rules show` lists them, in the language in use."""
    moca = ngettext("{count} point", "{count} points", rules.moca_points).format(count=rules.moca_points)
    to_win = ngettext("{count} moca wins the game", "{count} mocas win the game", rules.mocas_to_win).format(
        count=rules.mocas_to_win
    )
    renuncia = (
        _("{points} to the other team, carried") if rules.renuncia_carries else _("{points} to the other team")
    ).format(points=rules.renuncia_points)
    return [
        [
            pgettext("sueca", "teams"),
            _("{teams} of {players}").format(teams=rules.teams, players=rules.players_per_team),
        ],
        [
            _("card points in a deal"),
            _("{total}; impossible: {impossible}").format(
                total=rules.total, impossible=", ".join(map(str, rules.impossible))
            ),
        ],
        [
            _("deal won with"),
            _("> {win_above}: {win}, > {big_win_above}: {big_win}, all tricks: {all_tricks}, {tie}-{tie}: 0").format(
                win_above=rules.win_above,
                win=rules.win,
                big_win_above=rules.big_win_above,
                big_win=rules.big_win,
                all_tricks=rules.all_tricks,
                tie=rules.tie,
            ),
        ],
        [_("moca"), f"{moca}; {to_win}"],
        [_("renuncia"), renuncia],
        [
            _("one-point penalties"),
            _("{points} to the other team: {reasons}").format(
                points=rules.ponto_points, reasons=", ".join(rules.ponto_reasons)
            ),
        ],
        [
            _("castigo"),
            _("every {every}: {points} to the other team").format(
                every=rules.castigo_every, points=rules.castigo_points
            ),
        ],
        [_("group phase win"), rules.group_win_points],
    ]
