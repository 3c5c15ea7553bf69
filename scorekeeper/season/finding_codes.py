"""The kinds of finding `season check` reports (season_check.check_season, qualification.qualify),
with their stable codes.

Prefix SEASON; then the ruling or article the finding is reported under (TN7: the final's
seats; TN8: eligibility; TN9: one union each; TN10: the race's last seat; TN13: inscriptions;
Art 2: who may play at all); then what is wrong. Information (a name found by an alias, a player
at another union's event) is a warning: it never makes the exit code 1.
"""

from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_

NAME_MATCHED = FindingKind(
    "SEASON-ART2-NAME-MATCHED",
    "Art 2",
    N_("a name an event writes is a member's by an alias, a folded spelling or initials"),
)
NAME_AMBIGUOUS = FindingKind("SEASON-ART2-NAME-AMBIGUOUS", "Art 2", N_("a name an event writes fits two members"))
NAME_UNKNOWN = FindingKind("SEASON-ART2-NAME-UNKNOWN", "Art 2", N_("a name an event writes is no member's"))
NOT_ELIGIBLE = FindingKind(
    "SEASON-TN8-NOT-ELIGIBLE", "TN8", N_("a player was not a member without interruption up to an event's day")
)
TWO_UNIONS = FindingKind("SEASON-TN9-TWO-UNIONS", "TN9", N_("a person's memberships of two unions overlap in time"))
OTHER_UNION = FindingKind(
    "SEASON-TN9-OTHER-UNION", "TN9", N_("a player at another union's regional event: he counts for no quota there")
)
OPEN_SEATS = FindingKind("SEASON-TN7-OPEN-SEATS", "TN7", N_("seats of the final no quota fills, until an agreement"))
AGREEMENT_SUM = FindingKind(
    "SEASON-TN7-AGREEMENT-SUM", "TN7", N_("an agreement whose quotas do not add up to its size")
)
EVENT_INCOMPLETE = FindingKind(
    "SEASON-TN10-EVENT-INCOMPLETE", "TN10", N_("a regional event is still in play: its union's race is provisional")
)
SEATS_UNFILLED = FindingKind(
    "SEASON-ART3-SEATS-UNFILLED", "Art 3", N_("a union's quota is more than the members its race can seat")
)
TIED_SEAT = FindingKind(
    "SEASON-TN10-TIED-SEAT", "TN10", N_("a tie at a union's last seat: the organising committee decides (Art 18)")
)
DECISION_NOT_TIED = FindingKind(
    "SEASON-TN10-DECISION-NOT-TIED", "TN10", N_("a decision gives a seat to no member tied at the last seat")
)
INSCRIBED_OVER = FindingKind("SEASON-TN13-INSCRIBED-OVER", "TN13", N_("a union inscribes more players than its quota"))
INSCRIBED_INELIGIBLE = FindingKind(
    "SEASON-TN13-INSCRIBED-INELIGIBLE", "TN13", N_("a union inscribes a player who may not play the final")
)
FINAL_STALE = FindingKind(
    "SEASON-TN13-FINAL-STALE", "TN13", N_("the national final's file does not seat the finalists as they are now")
)
INSCRIBED_UNQUALIFIED = FindingKind(
    "SEASON-TN13-INSCRIBED-UNQUALIFIED", "TN13", N_("a union inscribes a player its race did not qualify")
)

KINDS = (
    NAME_MATCHED,
    NAME_AMBIGUOUS,
    NAME_UNKNOWN,
    NOT_ELIGIBLE,
    TWO_UNIONS,
    OTHER_UNION,
    OPEN_SEATS,
    AGREEMENT_SUM,
    EVENT_INCOMPLETE,
    SEATS_UNFILLED,
    TIED_SEAT,
    DECISION_NOT_TIED,
    INSCRIBED_OVER,
    INSCRIBED_INELIGIBLE,
    INSCRIBED_UNQUALIFIED,
    FINAL_STALE,
)
