"""Sueca's standings in its own words (Game.standings_words): the heads of the numbers its group
phase counts (games won, mocas, game points, and those among the tied) and what decides a place
by S5's criteria (a) to (f), the negra included."""

from __future__ import annotations

from scorekeeper.games import StandingsWords
from scorekeeper.i18n import Mp_

WORDS = StandingsWords(
    table_heads={
        "wins": Mp_("standings", "wins"),
        "mocas": Mp_("standings", "mocas"),
        "game_points": Mp_("standings", "game pts"),
        "points_among_tied": Mp_("standings", "points among tied"),
        "mocas_among_tied": Mp_("standings", "mocas among tied"),
        "game_points_among_tied": Mp_("standings", "game pts among tied"),
        "negra_wins": Mp_("standings", "negra wins"),
    },
    workbook_heads={
        "wins": Mp_("championship", "wins"),
        "mocas": Mp_("championship", "mocas"),
        "game_points": Mp_("championship", "game points"),
        "points_among_tied": Mp_("championship", "points among the tied"),
        "mocas_among_tied": Mp_("championship", "mocas among the tied"),
        "game_points_among_tied": Mp_("championship", "game points among the tied"),
        "negra_wins": Mp_("championship", "negras won"),
    },
    decided_by={
        "a: points among the tied": Mp_("decided by", "a: points among the tied"),
        "b: mocas among the tied": Mp_("decided by", "b: mocas among the tied"),
        "c: game points among the tied": Mp_("decided by", "c: game points among the tied"),
        "d: mocas in the group phase": Mp_("decided by", "d: mocas in the group phase"),
        "e: game points in the group phase": Mp_("decided by", "e: game points in the group phase"),
        "f: negra": Mp_("decided by", "f: negra"),
        "negra needed": Mp_("decided by", "negra needed"),  # S5, TN3: the group phase over, a-e left the tie
    },
)
