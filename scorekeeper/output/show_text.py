"""What `show` prints of a sheet: its tables (each game's `show_tables`) and findings for
people, its first table as CSV for programs, or the JSON report with running balances."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from scorekeeper import games, i18n
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.findings_text import finding_line
from scorekeeper.output.json_shape import sheet_report
from scorekeeper.output.json_text import json_text
from scorekeeper.output.table_layout import table
from scorekeeper.sheet.results import SheetResult


def show_text(results: Sequence[SheetResult], fmt: str) -> str:
    """The sheets of `results` (one, or a workbook's boletins) as `show --format fmt` prints
    them, ending with a line break; JSON: one object, or an array for several."""
    if not results:
        return ""
    if fmt == "json":
        reports = [sheet_report(result, running=True) for result in results]
        return json_text(reports if len(reports) > 1 else reports[0]) + "\n"
    if fmt == "csv":
        return "".join(sheet_csv(result) for result in results)
    return "".join(sheet_tables(result) + "\n" for result in results)


def sheet_csv(result: SheetResult) -> str:
    """The sheet's first table as data, as JSON is: English headings and words, whatever the language."""
    # Each entry's detail stays in the command's language, as it was when scoring worded it (the
    # CSV `show` has always printed): said here, before the headings turn English.
    said = [hand._replace(detail=i18n.in_words(hand.detail)) for hand in result.hands]
    with i18n.speaking(i18n.SOURCE):
        _title, headers, rows, numeric_from = games.get(result.game).show_tables(
            dataclasses.replace(result, hands=said)
        )[0]
    numbers = range(len(headers))[numeric_from:] if numeric_from is not None else ()  # a name is text
    return csv_text(headers, rows, numbers)


def sheet_tables(result: SheetResult) -> str:
    """The sheet's tables, each under its title, then a line per finding."""
    lines = []
    for title, headers, rows, numeric_from in games.get(result.game).show_tables(result):
        if title:
            lines.append(f"\n{title}")
        lines.append(table(headers, rows, numeric_from=numeric_from))
    lines.extend(finding_line(finding) for finding in result.findings)
    return "\n".join(lines)


def hands_table(result: SheetResult) -> str:
    """The running table `record` shows after each hand recorded at its prompts: the sheet's first."""
    _title, headers, rows, numeric_from = games.get(result.game).show_tables(result)[0]
    return table(headers, rows, numeric_from=numeric_from)
