"""Truco's standings in its own words (Game.standings_words): the heads of the numbers TN4 ranks
by (matches and games won, tentos scored and conceded, a disqualification) and what decides a
place by the rule file's criteria, or Art 8's disqualification."""

from __future__ import annotations

from scorekeeper.games import StandingsWords
from scorekeeper.i18n import Mp_

WORDS = StandingsWords(
    table_heads={
        "matches": Mp_("standings", "matches"),
        "games": Mp_("standings", "games"),
        "tentos_for": Mp_("standings", "tentos for"),
        "tentos_against": Mp_("standings", "tentos against"),
        "tentos": Mp_("standings", "tentos"),
    },
    workbook_heads={
        "matches": Mp_("championship", "matches won"),
        "games": Mp_("championship", "games"),
        "tentos_for": Mp_("championship", "tentos scored"),
        "tentos_against": Mp_("championship", "tentos conceded"),
        "tentos": Mp_("championship", "tentos scored - conceded"),
        "disqualified": Mp_("championship", "disqualified"),
    },
    decided_by={
        "matches won": Mp_("decided by", "matches won"),
        "games won": Mp_("decided by", "games won"),
        "tentos scored - conceded": Mp_("decided by", "tentos scored - conceded"),
        "disqualified (Art 8)": Mp_("decided by", "disqualified (Art 8)"),
    },
)
