"""How a written name is matched to a member's: folded (no accents, no case, one space) and by
initials (`J. Magalhães` is `José Magalhães`)."""

from __future__ import annotations

import unicodedata
from typing import Optional

# What separates the words of a name besides spaces: `J.Magalhães`, `Maria-João`, `D'Ávila`.
_SEPARATORS = str.maketrans({".": " ", "-": " ", "'": " ", "\u2019": " ", ",": " "})


class _Marks(dict[int, Optional[str]]):
    """str.translate's table that drops combining marks (accents, once decomposed), filled as
    characters are first met: unicodedata is asked once per character, not once per name."""

    def __missing__(self, code: int) -> str | None:
        kept = None if unicodedata.combining(chr(code)) else chr(code)
        self[code] = kept
        return kept


_MARKS = _Marks()


def fold(name: str) -> str:
    """`name` as it is compared: accents dropped, case folded, punctuation and runs of spaces
    made one space (`José  MAGALHÃES` and `jose magalhaes` fold to one)."""
    # most names are ASCII: nothing to decompose
    bare = name if name.isascii() else unicodedata.normalize("NFKD", name).translate(_MARKS)
    return " ".join(bare.casefold().translate(_SEPARATORS).split())


def words(name: str) -> tuple[str, ...]:
    """The folded words of a name."""
    return tuple(fold(name).split())


def is_initials_of(written: tuple[str, ...], full: tuple[str, ...]) -> bool:
    """Whether the written words name the full ones word for word, some of them by their first
    letter only (`j magalhaes` of `jose magalhaes`): as many words, each either the same or the
    full word's initial, at least one initial and at least one whole word (the surname alone
    names nobody)."""
    if len(written) != len(full) or written == full:
        return False
    initials = whole = 0
    for short, long in zip(written, full):
        if short == long:
            whole += 1
        elif len(short) == 1 and long.startswith(short):
            initials += 1
        else:
            return False
    return initials > 0 and whole > 0
