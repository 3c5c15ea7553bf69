"""The Sueca rule file: its shape, its consistency checks, and the typed rules it loads into."""
from __future__ import annotations

from typing import NamedTuple

from scorekeeper.errors import RulesError
from scorekeeper.report import plural
from scorekeeper.rule_schema import Optional, Whole, validate
from scorekeeper.vocabulary import Vocabulary

# Ranges of every number (a house rule file is input too); Sueca is two teams, and the
# scoring gives a team's points to "the other team".
SMALL = Whole(0, 100)
SCHEMA = {
    "game": str, "name": str, "aliases": Optional([str]), "title": Optional(str),
    "teams": Whole(2, 2), "players_per_team": Whole(1, 4),
    "deck": {"cards": Whole(10, 100), "tricks": Whole(1, 52),
             "card_values": {"as": SMALL, "sete": SMALL, "rei": SMALL, "valete": SMALL, "dama": SMALL},
             "total": Whole(1, 10**4), "impossible": [Whole(0, 10**4)]},
    "deal_points": {"win_above": Whole(0, 10**4), "win": SMALL, "big_win_above": Whole(0, 10**4), "big_win": SMALL,
                    "all_tricks": SMALL, "tie": Whole(0, 10**4)},
    "moca": {"points": Whole(1, 100), "to_win": Whole(1, 100)},
    "penalties": {"renuncia": {"points": SMALL, "carries": bool},
                  "ponto": {"points": SMALL, "reasons": [str]},
                  "castigo": {"every": Whole(1, 100), "points": SMALL}},
    "group_phase": {"win_points": SMALL, "semi_finals": SMALL},
}

PENALTIES = Vocabulary("penalty")
PENALTIES.add("renuncia", "revoke", "renounce")
PENALTIES.add("ponto", "point", "one-point")
PENALTIES.add("castigo", "warning", "advertencia")


class SuecaRules(NamedTuple):
    """Every number of a Sueca rule file, validated."""

    source: str
    name: str
    aliases: tuple[str, ...]
    title: str
    teams: int
    players_per_team: int
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

    game = "sueca"


def from_data(data, source: str) -> SuecaRules:
    """Build SuecaRules from a parsed rule file, or raise RulesError naming file:line."""
    validate(data, SCHEMA, source)
    deck, deal, moca, pen = data["deck"], data["deal_points"], data["moca"], data["penalties"]
    line = data.line_of
    suits = deck["cards"] // 10  # a Sueca deck has ten ranks per suit
    card_total = suits * sum(deck["card_values"].values())
    if card_total != deck["total"]:
        raise RulesError(f"deck.total is {deck['total']}, but {suits} suits x the card values = {card_total}", source,
                         line("deck"))
    if deal["tie"] * 2 != deck["total"] or not deal["tie"] <= deal["win_above"] < deal["big_win_above"] < deck["total"]:
        raise RulesError("deal_points: expected tie = half the deck, and tie <= win_above < big_win_above < total",
                         source, line("deal_points"))
    if moca["points"] < 1 or moca["to_win"] < 1 or pen["castigo"]["every"] < 1:
        raise RulesError("moca.points, moca.to_win and penalties.castigo.every must be at least 1", source,
                         line("moca"))
    return SuecaRules(
        source=source, name=data["name"], aliases=tuple(data.get("aliases", ())), title=data.get("title", data["name"]),
        teams=data["teams"], players_per_team=data["players_per_team"], tricks=deck["tricks"], total=deck["total"],
        impossible=tuple(deck["impossible"]), win_above=deal["win_above"], win=deal["win"],
        big_win_above=deal["big_win_above"], big_win=deal["big_win"], all_tricks=deal["all_tricks"], tie=deal["tie"],
        moca_points=moca["points"], mocas_to_win=moca["to_win"], renuncia_points=pen["renuncia"]["points"],
        renuncia_carries=pen["renuncia"]["carries"], ponto_points=pen["ponto"]["points"],
        ponto_reasons=tuple(pen["ponto"]["reasons"]), castigo_every=pen["castigo"]["every"],
        castigo_points=pen["castigo"]["points"], group_win_points=data["group_phase"]["win_points"],
    )


def describe_rules(rules: SuecaRules):
    return [
        ["teams", f"{rules.teams} of {rules.players_per_team}"],
        ["card points in a deal", f"{rules.total}; impossible: {', '.join(map(str, rules.impossible))}"],
        ["deal won with", f"> {rules.win_above}: {rules.win}, > {rules.big_win_above}: {rules.big_win}, "
                          f"all tricks: {rules.all_tricks}, {rules.tie}-{rules.tie}: 0"],
        ["moca", f"{plural(rules.moca_points, 'point')}; {plural(rules.mocas_to_win, 'moca')} "
                 f"{'wins' if rules.mocas_to_win == 1 else 'win'} the game"],
        ["renuncia", f"{rules.renuncia_points} to the other team" + (", carried" if rules.renuncia_carries else "")],
        ["one-point penalties", f"{rules.ponto_points} to the other team: {', '.join(rules.ponto_reasons)}"],
        ["castigo", f"every {rules.castigo_every}: {rules.castigo_points} to the other team"],
        ["group phase win", rules.group_win_points],
    ]
