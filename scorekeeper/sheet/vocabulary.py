"""Names as scorers type them: accents, case, spaces and underscores don't matter.

"Últimas", "ultimas" and "ULTIMAS" are one name; so are "rei de copas" and "rei-de-copas".
"""

from __future__ import annotations

import functools
import unicodedata


@functools.lru_cache(maxsize=4096)  # the same few names come back in every hand of every sheet
def normalize(name: str) -> str:
    """The comparison key of a name: lower case, no accents, words joined by '-'."""
    decomposed = unicodedata.normalize("NFKD", name.strip().lower())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return "-".join(plain.replace("_", " ").replace("-", " ").split())


class Vocabulary:
    """Canonical names and their aliases, looked up by `normalize`d spelling."""

    def __init__(self, kind: str):
        self.kind = kind
        self._lookup: dict[str, str] = {}
        self._canonical: list[str] = []

    def add(self, canonical: str, *aliases: str) -> None:
        self._canonical.append(canonical)
        for spelling in (canonical, *aliases):
            self._lookup[normalize(spelling)] = canonical

    def get(self, spelling: str) -> str | None:
        """The canonical name for a spelling, or None when it is not known."""
        return self._lookup.get(normalize(spelling))

    @property
    def names(self) -> list[str]:
        return list(self._canonical)

    def __contains__(self, spelling: str) -> bool:
        return self.get(spelling) is not None
