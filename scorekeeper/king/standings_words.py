"""King's standings in its own words (Game.standings_words): the heads of the numbers its
standings give beside the tournament's (K5: the King points and the games' scores) and what
decides a place by K5 (points, then King points, then the best game, the second best, ...)."""

from __future__ import annotations

from scorekeeper.games import StandingsWords
from scorekeeper.i18n import Mp_

KING_POINTS = "king_points"  # K5's second criterion, as the standings key it
_WHAT = KING_POINTS[: -len("_points")]  # the game's own points, named as the key names them

WORDS = StandingsWords(
    table_heads={
        KING_POINTS: Mp_("standings", "{what} pts", what=_WHAT),
        "games": Mp_("standings", "games"),
    },
    workbook_heads={
        KING_POINTS: Mp_("championship", "{what} points", what=_WHAT),
        "games": Mp_("championship", "games"),
    },
    decided_by={
        KING_POINTS: Mp_("decided by", "King points"),
        "more games": Mp_("decided by", "more games"),
    },
    numbered={"best game": Mp_("decided by", "best game {number}")},  # K5: the k-th best game
)
