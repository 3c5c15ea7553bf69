"""Findings: what a check says about a sheet. Errors are data (the beancount way)."""
from __future__ import annotations

import enum
from typing import NamedTuple


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


class Finding(NamedTuple):
    """One thing wrong (or worth a look) on a sheet, with where and under which article.

    A NamedTuple rather than a frozen dataclass: as immutable, and cheaper to define, which
    `scorekeeper check` pays on every start.
    """

    severity: Severity
    source: str
    line: int | None
    message: str
    rule: str  # the article or table of the regulation, e.g. "Art 6" or "Quadro 1"
    hand: int | None = None  # 1-based index of the hand entry on the sheet
    player: str | None = None

    @property
    def location(self) -> str:
        return f"{self.source}:{self.line}" if self.line is not None else self.source

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def describe(self) -> str:
        """`severity: message [article]`, as a note on a boletim shows it."""
        return f"{self.severity.value}: {self.message} [{self.rule}]"

    def format(self) -> str:
        """The line the CLI prints: `file:line: severity: message [article]`."""
        from scorekeeper.errors import one_line

        return one_line(f"{self.location}: {self.describe()}")

    def as_dict(self) -> dict:
        return {
            "severity": self.severity.value,
            "location": self.location,
            "hand": self.hand,
            "player": self.player,
            "message": self.message,
            "rule": self.rule,
        }
