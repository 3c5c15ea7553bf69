"""The kinds of finding the team sheet itself reports, whatever its game (prefix TEAM): a name
that is no team at the table, a value per team written for the wrong teams. They are reported
under `teams` (the sheet's key: no article of a regulation says how a sheet names its teams)."""

from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_

NOT_A_TEAM = FindingKind("TEAM-NOT-AT-TABLE", "teams", N_("a name that is not a team at this table"))
VALUE_COUNT = FindingKind("TEAM-VALUE-COUNT", "teams", N_("a list of values per team of the wrong length"))
VALUE_MISSING = FindingKind("TEAM-VALUE-MISSING", "teams", N_("a value per team that leaves a team out"))

# A formula in a cell a person types in on a ficha (card points, a winner, a team's name) is read
# by the value the spreadsheet saved with it, and said (issue 16): about the ficha, not a rule.
CELL_FORMULA = FindingKind(
    "TEAM-CELL-FORMULA", "ficha", N_("an input cell of the ficha holds a formula: read by the value saved with it")
)

KINDS = (NOT_A_TEAM, VALUE_COUNT, VALUE_MISSING, CELL_FORMULA)
