"""What every boletim worksheet shares, whatever its game: the header block above the rows
(its labels, which import looks for), the rows where names, column heads and entries start,
and the cell codes by which an imported value's findings come back to its cell."""

from __future__ import annotations

import functools

from openpyxl.utils import get_column_letter

from scorekeeper.i18n import N_, _, spellings
from scorekeeper.sheet.vocabulary import normalize

# The labels are written in the workbook's language (Portuguese by default, as on the paper
# boletim); import looks for them in any language scorekeeper speaks.
INFO_LABELS = {
    "event": N_("Event"),
    "table": N_("Table"),
    "round": N_("Round"),
    "date": N_("Date"),
    "rules": N_("Rules"),
    "scorer": N_("Scorer (Art 6)"),
}
NOTES_LABEL = N_("Notes")


def info_label(key: str) -> str:
    """The header label of `key` (event, table, ...) in the language in use."""
    return _(INFO_LABELS[key])


def notes_label() -> str:
    return _(NOTES_LABEL)


@functools.cache
def info_keys() -> dict[str, str]:
    """Every spelling of every header label, `normalize`d, in any language: the key it labels."""
    return {normalize(spelling): key for key, label in INFO_LABELS.items() for spelling in spellings(label)}


def info_key(text) -> str | None:
    """The key a header cell's text labels (`Evento`, `Event`, `Rodada`), or None."""
    return info_keys().get(normalize(text)) if isinstance(text, str) and len(text) <= 80 else None


def is_label(text, message: str) -> bool:
    """Whether a cell's text is `message` (an English message id) in any language."""
    return isinstance(text, str) and len(text) <= 200 and normalize(text) in _normalized(message)


@functools.cache
def _normalized(message: str) -> frozenset[str]:
    return frozenset(normalize(spelling) for spelling in spellings(message))


NAMES_ROW, HEAD_ROW, FIRST_ROW = 4, 5, 6  # the participants' names, the column heads, the first entry

# A sheet model names where a value is by a "line": in a YAML file, the line of its key. An
# import gives each value the line `row * STRIDE + slot`, a code for its cell, so that a finding
# (or a refusal) about a key comes back to that key's cell.
STRIDE = 64  # more than safe_read.MAX_COLUMNS


def code(row: int, slot: int) -> int:
    return row * STRIDE + slot


def col(index: int) -> str:
    return get_column_letter(index)
