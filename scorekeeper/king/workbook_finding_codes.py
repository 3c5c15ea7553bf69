"""The kinds of finding that come from the King boletim: a total that a person typed over its
formula and that the cells it adds up do not give (checked by king.written_totals, on the boletim
and on the sheet that keeps it), and an input cell read by the value saved with its formula
(king.workbook_read). scorekeeper.king.finding_codes lists these KINDS with the game's own."""

from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_

# The King rules' "A contagem dos pontos" (two columns a player, their difference the saldo):
# the boletim's totals are checked by it; the regulation numbers no article for it.
TOTALS_RULE = "Regras: A contagem dos pontos"

TYPED_HAND_TOTAL = FindingKind(
    "K-TYPED-HAND-TOTAL", TOTALS_RULE, N_("a hand's total typed on the boletim is not what the hand's cells add up to")
)
TYPED_COLUMN_TOTAL = FindingKind(
    "K-TYPED-COLUMN-TOTAL",
    TOTALS_RULE,
    N_("a player's Negativos or Positivos total typed on the boletim is not what the column adds up to"),
)
TYPED_SALDO = FindingKind(
    "K-TYPED-SALDO", TOTALS_RULE, N_("a player's saldo typed on the boletim is not Positivos - Negativos")
)

# A formula in a cell a person types in (a count, a name) is read by the value the spreadsheet
# saved with it, and said (issue 16): the boletim is the document the rule is about.
CELL_FORMULA = FindingKind(
    "K-CELL-FORMULA", "boletim", N_("an input cell of the boletim holds a formula: read by the value saved with it")
)

KINDS = (TYPED_HAND_TOTAL, TYPED_COLUMN_TOTAL, TYPED_SALDO, CELL_FORMULA)
