"""The standings' words that are the tournament's own, not a game's, and each key or value said
with the game's own words first (Game.standings_words, its folder's standings_words.py).

The tournament's own: the heads of a row (place, name, group, stage, points, decided by), of the
numbers the tournament file gives a standing in any game (byes, absences, tables not played and
penalties, TN1 and TN6; matches played), the stage a team reached and the knockout's decided-by
words (TN3, TN5). Said by the two edges that show standings: the standings table
(output.tournament_text, a short head each) and the championship workbook
(tournaments.workbook_write, a long head each)."""

from __future__ import annotations

import re

from scorekeeper.games import StandingsWords
from scorekeeper.i18n import Message, Mp_, in_words, pgettext

POINTS = "_points"  # a tie-break key of a game's own points: king_points, game_points
GROUP_STAGE = "group"  # a row's `stage` in the group phase (TN5): no stage said

# The standings table's heads, short, so that the standings of every game fit 80 columns; the
# CSV's (a machine's) are their English ids.
TABLE_HEADS = {
    "place": Mp_("standings", "place"),
    "player": Mp_("standings", "player"),
    "team": Mp_("standings", "team"),
    "group": Mp_("standings", "group"),
    "points": Mp_("standings", "points"),
    "decided_by": Mp_("standings", "decided by"),
    "stage": Mp_("standings", "stage"),
    "byes": Mp_("standings", "byes"),
    "absences": Mp_("standings", "absent"),
    "unplayed": Mp_("standings", "unplayed"),
    "penalties": Mp_("standings", "penalty"),
    "played": Mp_("standings", "played"),
}
# The workbook's heads of the same numbers (its row's own heads are the workbook writer's).
WORKBOOK_HEADS = {
    "byes": Mp_("championship", "byes"),
    "absences": Mp_("championship", "absences"),
    "unplayed": Mp_("championship", "tables not played"),
    "penalties": Mp_("championship", "penalties"),
    "played": Mp_("championship", "played"),
}
# What `decided_by` says that no one game says: the standing's points, a tie, and the knockout's
# final order (TN5: tournaments.knockout).
DECIDED_BY = {
    "points": Mp_("decided by", "points"),
    "tied": Mp_("decided by", "tied"),
    "won the final": Mp_("decided by", "won the final"),
    "reached the final": Mp_("decided by", "reached the final"),
    "reached the semi-finals": Mp_("decided by", "reached the semi-finals"),
    "by group": Mp_("decided by", "by group"),
}
STAGES = {
    "group": Mp_("stage", "group phase"),
    "semi": Mp_("stage", "semi-final"),
    "final": Mp_("stage", "final"),
}
_NUMBERED = re.compile(r"(.+) (\d+)")  # a decided_by that ends in a number: "best game 2"


def table_head(words: StandingsWords, key: str) -> str:
    """A standings table's head of `key`, in the language in use: the game's, the tournament's,
    a game's own points as "<what> pts", or the key as it reads."""
    said = words.table_heads.get(key) or TABLE_HEADS.get(key)
    if said is not None:
        return in_words(said)
    if key.endswith(POINTS):
        return pgettext("standings", "{what} pts").format(what=key[: -len(POINTS)].replace("_", " "))
    return key.replace(POINTS, " pts").replace("_", " ")


def csv_head(words: StandingsWords, key: str) -> str:
    """A standings CSV's head of `key`: the table's head in English (a machine's), whatever the
    language in use."""
    said = words.table_heads.get(key) or TABLE_HEADS.get(key)
    if said is not None:
        return said.msgid.format(**said.values)
    return key.replace(POINTS, " pts").replace("_", " ")


def workbook_head(words: StandingsWords, key: str) -> str:
    """A championship workbook's head of the tie-break number `key`, in the language in use: the
    game's, the tournament's, a game's own points as "<what> points", or the key as it reads."""
    said = words.workbook_heads.get(key) or WORKBOOK_HEADS.get(key)
    if said is not None:
        return in_words(said)
    if key.endswith(POINTS):
        return pgettext("championship", "{what} points").format(what=key[: -len(POINTS)].replace("_", " "))
    return key.replace("_", " ")


def decided_by_words(words: StandingsWords, value: str | None) -> str:
    """A row's `decided_by` as a table or a workbook shows it, in the language in use (JSON and
    CSV keep the value): the game's words, the tournament's, or the value as it is."""
    if value is None:
        return ""
    said: Message | None = words.decided_by.get(value) or DECIDED_BY.get(value)
    if said is None:
        numbered = _NUMBERED.fullmatch(value)
        counted = words.numbered.get(numbered.group(1)) if numbered else None
        if numbered and counted is not None:
            said = counted._replace(values={**counted.values, "number": numbered.group(2)})
    return value if said is None else in_words(said)


def stage_words(value: str | None) -> str:
    """A row's `stage` (the furthest a team reached, TN5) as a table or a workbook shows it."""
    said = STAGES.get(value) if value is not None else None
    return in_words(said) if said is not None else value or ""
