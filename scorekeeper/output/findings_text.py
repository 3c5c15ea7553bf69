"""A finding in words: the line `check` prints, the note a boletim holds, and a sheet's
findings with their closing summary (what `import` and `show` print after a sheet)."""

from __future__ import annotations

from scorekeeper.errors import one_line
from scorekeeper.findings import Finding
from scorekeeper.output.sheet_text import summary
from scorekeeper.sheet.results import SheetResult
from scorekeeper.workbook.finding_words import finding_words, severity_word

describe = finding_words  # the words of a finding, as a boletim's note says them too
__all__ = ["describe", "finding_line", "findings_report", "severity_word"]


def finding_line(finding: Finding) -> str:
    """The line the CLI prints: `file:line: severity [CODE]: message [article]`."""
    return one_line(f"{finding.location}: {describe(finding)}")


def findings_report(result: SheetResult) -> str:
    """A sheet's findings, a line each, and its summary as `check` prints them; empty when the
    sheet is clean (`import` says nothing more of a clean sheet it wrote)."""
    if not result.findings:
        return ""
    return "\n".join([*(finding_line(finding) for finding in result.findings), summary(result)])
