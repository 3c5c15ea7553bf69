"""Checking what a user names on the command line: a YAML sheet, or an Excel workbook of
boletins (each worksheet read by its game). The one place that knows both kinds of file, so
that sheet.load and the workbook package never import each other."""

from __future__ import annotations

import os

from scorekeeper import games
from scorekeeper.findings import Finding, Severity
from scorekeeper.i18n import Mn_
from scorekeeper.sheet.load import load_sheet, score
from scorekeeper.sheet.results import SheetResult


def check_file(path: str, rules_path: str | None = None, require_complete: bool = False) -> SheetResult:
    """Load and score one sheet file: the SheetResult with every finding.

    With `require_complete`, a game with entries still to play is an error (a final sheet).
    """
    sheet = load_sheet(path, rules_path)
    result = score(sheet)
    if require_complete:
        require_whole(result, path, sheet.line)
    return result


def require_whole(result: SheetResult, source: str, line: int | None) -> None:
    """A final sheet must hold the whole game: an unfinished one gets an error finding, under
    the article of its game that says what a whole game is."""
    if not result.complete:
        game = games.get(result.game)
        recorded = len(result.hands)
        result.findings.append(
            Finding(
                Severity.ERROR,
                source,
                line,
                Mn_(
                    "the game is not complete: {count} entry recorded",
                    "the game is not complete: {count} entries recorded",
                    recorded,
                    count=recorded,
                ),
                game.unfinished.rule,
                code=game.unfinished.code,
            )
        )


def is_workbook(path: str) -> bool:
    return os.fspath(path).lower().endswith((".xlsx", ".xlsm"))


def check_any(path: str, rules_path: str | None = None, require_complete: bool = False) -> list[SheetResult]:
    """The results of a YAML sheet (one) or of an Excel workbook (one per boletim worksheet)."""
    if not is_workbook(path):
        return [check_file(path, rules_path, require_complete)]
    from scorekeeper.workbook.read import read_workbook  # lazy: openpyxl (test_lazy_imports)

    results: list[SheetResult] = []
    for boletim in read_workbook(os.fspath(path)):
        result = boletim.check(rules_path)
        if require_complete:
            require_whole(result, boletim.source, None)
        results.append(result)
    return results
