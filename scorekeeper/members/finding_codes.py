"""The kinds of finding `registry check` reports (members.registry_check), with their stable codes.

Prefix R; then the article or ruling the finding is reported under (King Art 2: members "sem
interrupção", read from dated periods; RULINGS TN9: one union at a time), or `registry` for what
keeps a registry readable as one list of people (no regulation says how a union numbers its
members); then what is wrong.
"""

from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_

REGISTRY = "registry"

PERIOD_BACKWARDS = FindingKind(
    "R-ART2-PERIOD-BACKWARDS", "Art 2", N_("a period of membership that ends before it starts")
)
PERIODS_OVERLAP = FindingKind("R-ART2-PERIODS-OVERLAP", "Art 2", N_("two periods of one member that overlap"))
START_FUTURE = FindingKind("R-ART2-START-FUTURE", "Art 2", N_("a period of membership that starts after today"))
ID_TWICE = FindingKind("R-ID-TWICE", REGISTRY, N_("a member id given to two members"))
SAME_AS_UNKNOWN = FindingKind("R-TN9-SAME-AS-UNKNOWN", "TN9", N_("a same_as that names no member"))
SAME_AS_OWN_UNION = FindingKind("R-TN9-SAME-AS-OWN-UNION", "TN9", N_("a same_as that names a member of his own union"))
UNIONS_OVERLAP = FindingKind("R-TN9-UNIONS-OVERLAP", "TN9", N_("one person a member of two unions on the same days"))
NAMES_ALIKE = FindingKind(
    "R-NAMES-ALIKE", REGISTRY, N_("two members whose names fold to one, with no same_as between them")
)

KINDS = (
    PERIOD_BACKWARDS,
    PERIODS_OVERLAP,
    START_FUTURE,
    ID_TWICE,
    SAME_AS_UNKNOWN,
    SAME_AS_OWN_UNION,
    UNIONS_OVERLAP,
    NAMES_ALIKE,
)
