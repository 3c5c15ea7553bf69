"""Every kind of finding a Truco check reports (truco.scoring), with its stable code.

Prefix TR; then the article of the FURB regulation the finding is reported under (ART6 ...
ART18; RULINGS T1-T4 read them), when one article says it; then what is wrong. `rule` is the
article as the finding prints it. A name that is no team (rule "teams") is the team sheets'
own kind (scorekeeper.team.finding_codes). scorekeeper/finding_codes.py gathers these.
"""

from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_

# The match: best of three games to 12 (Art 14, T1, T4).
UNFINISHED = FindingKind("TR-UNFINISHED", "Art 14", N_("the game is not complete"))
AFTER_MATCH = FindingKind("TR-ART14-AFTER-MATCH", "Art 14", N_("a hand recorded after the match was won"))
SCORE_OVER = FindingKind("TR-ART14-SCORE-OVER", "Art 14", N_("a written score above the game's target"))
SCORE_WRONG = FindingKind("TR-ART14-SCORE-WRONG", "Art 14", N_("a written score that is not the game's score"))

# A hand: its winner and value (Art 13, T1); a void (Art 7, T3).
NO_WINNER = FindingKind("TR-ART13-NO-WINNER", "Art 13", N_("a played hand with no winner"))
VALUE = FindingKind("TR-ART13-VALUE", "Art 13", N_("a hand worth a value the rules do not have"))
VOID_UNKNOWN = FindingKind("TR-ART7-VOID-UNKNOWN", "Art 7", N_("a void the rules do not know"))

# Penalties: the dealer who looks at the deck (Art 6, T3), a raise at eleven (Art 16).
PENALTY_UNKNOWN = FindingKind("TR-PENALTY-UNKNOWN", "Art 6, Art 16", N_("a penalty the rules do not know"))
PENALTY_NO_TEAM = FindingKind("TR-PENALTY-NO-TEAM", "Art 6, Art 16", N_("a penalty that names no team at fault"))
RAISE_NOT_AT_ELEVEN = FindingKind(
    "TR-ART16-NOT-AT-ELEVEN", "Art 16", N_("a raise at eleven charged to a team that is not alone at 11")
)
RAISED_AT_ELEVEN = FindingKind("TR-ART16-RAISED-AT-ELEVEN", "Art 16", N_("the team at 11 raised a hand"))

# The mao de onze (Art 17, 18; T2).
ELEVEN_WORD = FindingKind("TR-ART17-ELEVEN-WORD", "Art 17", N_("a mao_de_onze that is not 'declined'"))
DECLINE_NO_TEAM = FindingKind("TR-ART17-DECLINE-NO-TEAM", "Art 17", N_("a declined mao de onze that names no team"))
DECLINE_NOT_AT_ELEVEN = FindingKind(
    "TR-ART17-DECLINE-NOT-AT-ELEVEN", "Art 17", N_("a mao de onze declined by a team that is not alone at 11")
)
LOST_VALUE = FindingKind("TR-ART17-LOST-VALUE", "Art 17", N_("a mao de onze lost, scored other than the rules say"))
BOTH_AT_ELEVEN_VALUE = FindingKind(
    "TR-ART18-BOTH-AT-ELEVEN-VALUE", "Art 18", N_("a hand with both teams at 11, scored other than the rules say")
)

KINDS = (
    UNFINISHED,
    AFTER_MATCH,
    SCORE_OVER,
    SCORE_WRONG,
    NO_WINNER,
    VALUE,
    VOID_UNKNOWN,
    PENALTY_UNKNOWN,
    PENALTY_NO_TEAM,
    RAISE_NOT_AT_ELEVEN,
    RAISED_AT_ELEVEN,
    ELEVEN_WORD,
    DECLINE_NO_TEAM,
    DECLINE_NOT_AT_ELEVEN,
    LOST_VALUE,
    BOTH_AT_ELEVEN_VALUE,
)
