"""The kinds of finding the planilha's own reading reports (workbook_read.py), with their stable
codes; quatrilho/finding_codes.py lists them with the check's (scorekeeper/finding_codes.py
gathers every game's)."""

from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_

# Dá typed on a deal's row names someone other than the deal's dealer by Q1 (the CLI's): the
# formulas leave the typed one out at five seats (Art 14), so the paper's chips are not the CLI's.
DEALER_CELL = FindingKind("Q-Q1-DEALER-CELL", "Q1", N_("the dealer typed on a deal's row is not its dealer"))

# A formula in a cell the fiscal types in (figuras, a name, a contract) is read by the value the
# spreadsheet saved with it, and said (issue 16): about the planilha, not a rule.
CELL_FORMULA = FindingKind(
    "Q-CELL-FORMULA", "planilha", N_("an input cell of the planilha holds a formula: read by the value saved with it")
)

KINDS = (DEALER_CELL, CELL_FORMULA)
