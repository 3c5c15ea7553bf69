"""Rows in every form a listing command prints: a table for people, JSON and CSV for programs,
Markdown for the docs (`codes --format markdown`); and the one list of a finding's columns that
`check --format table|csv` prints. Each text ends with its line break."""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence

from scorekeeper.findings import Finding
from scorekeeper.i18n import N_, Joined, Message, _, in_words
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.findings_text import severity_word
from scorekeeper.output.json_text import json_text
from scorekeeper.output.table_layout import table

# A finding's columns: English message ids, the CSV header as they are, a table's translated.
FINDING_HEADERS = [N_("location"), N_("severity"), N_("code"), N_("hand"), N_("player"), N_("message"), N_("rule")]


def finding_rows(findings: Iterable[Finding], for_people: bool) -> list[list[object]]:
    """One row per finding under FINDING_HEADERS; a table (`for_people`) says the severity in
    the language in use, CSV keeps its English value, as JSON does."""
    return [
        [
            f.location,
            severity_word(f.severity) if for_people else f.severity.value,
            f.code,
            f.hand or "",
            f.player or "",
            in_words(f.message),
            f.rule,
        ]
        for f in findings
    ]


def rows_text(
    headers: list[str], rows: Sequence[Sequence[object]], fmt: str, numbers: Container[int] | None = None
) -> str:
    """`rows` under `headers` (English message ids: JSON and CSV keys) as `fmt` prints them:
    json, csv (`numbers`: the columns that hold numbers, see csv_text), markdown or a table. A
    cell that is a Message (the core's data) is said in the language in use; any other keeps
    its value (a number stays a number in JSON)."""
    rows = [[in_words(cell) if isinstance(cell, (Message, Joined)) else cell for cell in row] for row in rows]
    if fmt == "json":
        return json_text([dict(zip(headers, row)) for row in rows]) + "\n"
    if fmt == "csv":
        return csv_text(headers, rows, numbers)
    if fmt == "markdown":
        return markdown_table([_(header) for header in headers], rows) + "\n"
    return table([_(header) for header in headers], rows) + "\n"


def markdown_table(headers: Iterable[object], rows: Iterable[Iterable[object]]) -> str:
    """A Markdown table (the docs' list of codes is this output)."""

    def line(cells: Iterable[object]) -> str:
        return "| " + " | ".join(str(cell).replace("|", "\\|") for cell in cells) + " |"

    return "\n".join([line(headers), line("---" for header in headers), *(line(row) for row in rows)])
