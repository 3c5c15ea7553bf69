"""Domain exceptions. Each carries the place (file and line) it is about.

They are ValueError subclasses so callers that only know Python still catch them;
the CLI turns every one of them into a one-line message and exit code 2.
"""
from __future__ import annotations


class ScorekeeperError(ValueError):
    """Unusable input: a message and the place it is about."""

    def __init__(self, message: str, source: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line

    @property
    def location(self) -> str:
        if self.source is None:
            return ""
        if self.line is None:
            return str(self.source)
        return f"{self.source}:{self.line}"

    def __str__(self) -> str:
        where = self.location
        text = f"{where}: {self.message}" if where else self.message
        return one_line(text)


def one_line(text: str) -> str:
    """Messages quote what was written; a line break in a name must not break the line."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


class RulesError(ScorekeeperError):
    """A rule file that is missing, malformed or inconsistent."""


class UnknownRulesError(RulesError):
    """A rule name or alias that no rule file answers to."""


class SheetFormatError(ScorekeeperError):
    """A sheet file that cannot be read as a score sheet at all."""


class SheetLockedError(ScorekeeperError):
    """Another scorekeeper process is writing the same sheet."""


class InputValueError(ScorekeeperError):
    """A value typed on the command line or at a prompt that cannot be used."""
