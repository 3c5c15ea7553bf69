"""The kinds of finding `tournament check` reports (collect.check), with their stable codes.

Prefix T; then the ruling or article the finding is reported under (TN2: a round is drawn when
every sheet of the round before is in, complete and clean, each player once; King Art 7: a
table with a player absent is not played); then what is wrong.
"""

from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_

RULE = "TN2"

SHEET_OUTSIDE = FindingKind("T-TN2-SHEET-OUTSIDE", RULE, N_("a table's sheet is outside the tournament's folder"))
SHEET_MISSING = FindingKind("T-TN2-SHEET-MISSING", RULE, N_("a table's sheet is not handed in yet"))
SHEET_UNREADABLE = FindingKind("T-TN2-SHEET-UNREADABLE", RULE, N_("a table's sheet cannot be read"))
SHEET_OTHER_GAME = FindingKind("T-TN2-SHEET-OTHER-GAME", RULE, N_("a table's sheet is of another game"))
SHEET_OTHER_ROUND = FindingKind("T-TN2-SHEET-OTHER-ROUND", RULE, N_("a sheet says another round than the draw's"))
SHEET_OTHER_TABLE = FindingKind("T-TN2-SHEET-OTHER-TABLE", RULE, N_("a sheet says another table than the draw's"))
SHEET_OTHER_PLAYERS = FindingKind(
    "T-TN2-SHEET-OTHER-PLAYERS", RULE, N_("a sheet is played by others than the draw seated")
)
SHEET_SEAT_ORDER = FindingKind("T-TN2-SHEET-SEAT-ORDER", RULE, N_("a sheet seats the draw's players in another order"))
SHEET_TWICE = FindingKind("T-TN2-SHEET-TWICE", RULE, N_("one sheet file is named at two tables"))
SHEET_OTHER_EVENT = FindingKind("T-TN2-SHEET-OTHER-EVENT", RULE, N_("a sheet says another event than the tournament"))
SHEET_OTHER_RULES = FindingKind(
    "T-TN2-SHEET-OTHER-RULES", RULE, N_("a sheet is scored under other rules than the tournament's")
)
DRAW_LEFTOVER = FindingKind(
    "T-TN2-DRAW-LEFTOVER", RULE, N_("a sheet of a round the file does not hold, left by an interrupted draw")
)
SHEET_INCOMPLETE = FindingKind("T-TN2-SHEET-INCOMPLETE", RULE, N_("a table's sheet is not complete"))
SHEET_ERRORS = FindingKind("T-TN2-SHEET-ERRORS", RULE, N_("a table's sheet has errors"))
TABLE_NUMBER_TWICE = FindingKind("T-TN2-TABLE-NUMBER-TWICE", RULE, N_("two tables of a round have one number"))
PLAYER_TWICE = FindingKind("T-TN2-PLAYER-TWICE", RULE, N_("a player (or team) plays twice in a round"))
PLAYER_UNKNOWN = FindingKind("T-TN2-PLAYER-UNKNOWN", RULE, N_("a player (or team) at a table is not in the tournament"))
BYE_PLAYS = FindingKind("T-TN2-BYE-PLAYS", RULE, N_("a player (or team) with a bye plays in the round"))
PLAYER_UNSEATED = FindingKind("T-TN2-PLAYER-UNSEATED", RULE, N_("a player has no table and no bye in a round"))
# King Art 7: a table with a player absent is not played, so a sheet named for it is not read.
ABSENT_SHEET = FindingKind("T-ART7-ABSENT-SHEET", "Art 7", N_("a table not played (a player absent) names a sheet"))
# TN6: a player withdrawn, replaced by a substitute (King Art 7) or entered late (Quatrilho Art 5)
# is drawn only in the rounds he plays.
PLAYER_NOT_DRAWN = FindingKind(
    "T-TN6-PLAYER-NOT-DRAWN",
    "TN6",
    N_("a player seated in a round he does not play (withdrawn, replaced, entered later)"),
)
# A tournament that names a registry (issue 27; King Art 2, Truco Art 1): each name one member.
# The article a finding about eligibility cites is the game's rule file's (`members: {article:}`).
MEMBER_SPELLING = FindingKind(
    "T-MEMBER-SPELLING",
    "registry",
    N_("a name found in the registry by an alias, a spelling folded (accents, case) or initials (information)"),
)
MEMBER_AMBIGUOUS = FindingKind("T-MEMBER-AMBIGUOUS", "registry", N_("a name that fits two members of the registry"))
MEMBER_TWICE = FindingKind("T-MEMBER-TWICE", "registry", N_("two names of the tournament that are one member"))
MEMBER_NONE = FindingKind(
    "T-MEMBER-NONE",
    "registry",
    N_("a name no member goes by, where the rules allow one (a pair's second player; information)"),
)
# TN8: a member of an organising union (Art 1) on every day from the season's start to the event.
NOT_MEMBER = FindingKind("T-TN8-NOT-MEMBER", "TN8", N_("a player who is no member of the organising unions"))
MEMBER_GAP = FindingKind(
    "T-TN8-MEMBER-GAP", "TN8", N_("a member whose membership is interrupted before the event (not eligible)")
)
# TN14: a Truco pair holds at least one associate (Art 1).
NO_ASSOCIATE = FindingKind(
    "T-TN14-NO-ASSOCIATE", "TN14", N_("a pair none of whose players is a member eligible on the event's day")
)

KINDS = (
    SHEET_OUTSIDE,
    SHEET_MISSING,
    SHEET_UNREADABLE,
    SHEET_OTHER_GAME,
    SHEET_OTHER_ROUND,
    SHEET_OTHER_TABLE,
    SHEET_OTHER_PLAYERS,
    SHEET_INCOMPLETE,
    SHEET_ERRORS,
    TABLE_NUMBER_TWICE,
    PLAYER_TWICE,
    PLAYER_UNKNOWN,
    BYE_PLAYS,
    PLAYER_UNSEATED,
    ABSENT_SHEET,
    SHEET_SEAT_ORDER,
    SHEET_TWICE,
    SHEET_OTHER_EVENT,
    SHEET_OTHER_RULES,
    DRAW_LEFTOVER,
    PLAYER_NOT_DRAWN,
    MEMBER_SPELLING,
    MEMBER_AMBIGUOUS,
    MEMBER_TWICE,
    MEMBER_NONE,
    NOT_MEMBER,
    MEMBER_GAP,
    NO_ASSOCIATE,
)
