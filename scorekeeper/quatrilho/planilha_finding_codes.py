"""The kinds of finding the planilha's own reading reports (planilha_read.py), with their stable
codes; quatrilho/finding_codes.py lists them with the check's (scorekeeper/finding_codes.py
gathers every game's)."""
from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_

# Dá typed on a deal's row names someone other than the deal's dealer by Q1 (the CLI's): the
# formulas leave the typed one out at five seats (Art 14), so the paper's chips are not the CLI's.
DEALER_CELL = FindingKind("Q-Q1-DEALER-CELL", "Q1", N_("the dealer typed on a deal's row is not its dealer"))

KINDS = (DEALER_CELL,)
