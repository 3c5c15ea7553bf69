"""A finding in words, as a boletim's note holds it and `check` prints it after the place: the one
saying of a finding (its severity's word among it) that the workbook writers, an edge of their
own, and output/findings_text share. The core keeps a finding as data (findings.py)."""

from __future__ import annotations

from scorekeeper.findings import Finding, Severity
from scorekeeper.i18n import N_, _, in_words

_SEVERITY_WORDS = {Severity.ERROR: N_("error"), Severity.WARNING: N_("warning")}


def severity_word(severity: Severity) -> str:
    """`error` or `warning` in the language in use (JSON and CSV keep the value, in English)."""
    return _(_SEVERITY_WORDS[severity])


def finding_words(finding: Finding) -> str:
    """`severity [CODE]: message [article]` in the language in use: a boletim's note, and what
    `check` prints after the place (output/findings_text.py)."""
    code = f" [{finding.code}]" if finding.code else ""
    return f"{severity_word(finding.severity)}{code}: {in_words(finding.message)} [{finding.rule}]"
