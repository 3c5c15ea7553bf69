"""Quatrilho's standings in its own words (Game.standings_words): the heads of the numbers Q11
and Art 22 to 24 rank and pay by (the net, the points won, the best round, the rounds, the cut,
the prizes, the extra round's net) and what decides a place: Art 22's cut, then Q11's criteria."""

from __future__ import annotations

from scorekeeper.games import StandingsWords
from scorekeeper.i18n import Mp_

WORDS = StandingsWords(
    table_heads={
        "net": Mp_("standings", "net"),
        "won": Mp_("standings", "won"),
        "best_round": Mp_("standings", "best"),
        "prize": Mp_("standings", "prize"),
        "extra_prize": Mp_("standings", "extra prize"),
        "extra_round": Mp_("standings", "extra round"),
    },
    workbook_heads={
        "net": Mp_("championship", "net"),
        "won": Mp_("championship", "points won"),
        "best_round": Mp_("championship", "best round"),
        "rounds": Mp_("championship", "rounds"),
        "qualified": Mp_("championship", "qualified"),
        "prize": Mp_("championship", "prize"),
        "extra_prize": Mp_("championship", "extra prize"),
        "extra_round": Mp_("championship", "extra round"),
    },
    decided_by={
        "cut": Mp_("decided by", "cut"),
        "won": Mp_("decided by", "won"),
        "best_round": Mp_("decided by", "best_round"),
    },
)
