"""What every boletim worksheet shares, whatever its game: the header block above the rows
(its labels, which import looks for), the rows where names, column heads and entries start,
and the cell codes by which an imported value's findings come back to its cell."""
from __future__ import annotations

from openpyxl.utils import get_column_letter

# The labels are Portuguese, as on the paper boletim; import looks for them.
INFO_LABELS = {"event": "Evento", "table": "Mesa", "round": "Ronda", "date": "Data", "rules": "Regras",
               "scorer": "Responsável (Art 6)"}
NOTES_LABEL = "Notas"
NAMES_ROW, HEAD_ROW, FIRST_ROW = 4, 5, 6  # the participants' names, the column heads, the first entry

# A sheet model names where a value is by a "line": in a YAML file, the line of its key. An
# import gives each value the line `row * STRIDE + slot`, a code for its cell, so that a finding
# (or a refusal) about a key comes back to that key's cell.
STRIDE = 64  # more than safe_read.MAX_COLUMNS


def code(row: int, slot: int) -> int:
    return row * STRIDE + slot


def col(index: int) -> str:
    return get_column_letter(index)
