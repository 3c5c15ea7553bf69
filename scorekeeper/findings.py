"""Findings: what a check says about a sheet. Errors are data (the beancount way).

Each kind of finding has a stable code (`K-Q1-COUNT-OVER`), printed with it and given as `code`
in JSON, so that a referee or a tool can name a finding whatever the language; the codes are
declared as `FindingKind`s in each package's `finding_codes.py`, and listed by
`scorekeeper codes` and in docs/finding-codes.md (scorekeeper/finding_codes.py gathers them).
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from scorekeeper.i18n import Joined, Message, in_words


class Severity(enum.Enum):
    """How bad a finding is; its value is JSON's and CSV's word, and the edge says it in the
    caller's language (workbook/finding_words.severity_word)."""

    ERROR = "error"
    WARNING = "warning"


class FindingKind(NamedTuple):
    """A kind of finding: its code (never reused for another kind), the article it is found
    under, and what it means in a few words (an English message id, translated when listed)."""

    code: str
    rule: str
    meaning: str


class Finding(NamedTuple):
    """One thing wrong (or worth a look) on a sheet, with where and under which article.

    A NamedTuple rather than a frozen dataclass: as immutable, and cheaper to define, which
    `scorekeeper check` pays on every start. Data only: output/findings_text.py says it in words.
    """

    severity: Severity
    source: str
    line: int | None
    message: str | Message | Joined  # said at the edge (output/findings_text.py), in the caller's language
    rule: str  # the article or table of the regulation, e.g. "Art 6" or "Quadro 1"
    hand: int | None = None  # 1-based index of the hand entry on the sheet
    player: str | None = None
    code: str = ""  # the kind's stable code, e.g. "K-Q1-COUNT-OVER"

    @property
    def location(self) -> str:
        return f"{self.source}:{self.line}" if self.line is not None else self.source

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def as_dict(self) -> dict:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "location": self.location,
            "hand": self.hand,
            "player": self.player,
            "message": in_words(self.message),
            "rule": self.rule,
        }


class Cited(NamedTuple):
    """A finding cited in a refusal, `message [article]`, said when the refusal is (`in_words`
    says any value it does not know by `str`), in the language of that moment."""

    finding: Finding

    def __str__(self) -> str:
        return f"{in_words(self.finding.message)} [{self.finding.rule}]"
