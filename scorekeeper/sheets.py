"""Loading a sheet file: its rules (by name, alias or path), its model, and its scoring."""
from __future__ import annotations

import os

from scorekeeper import rules as registry
from scorekeeper.errors import RulesError, SheetFormatError
from scorekeeper.findings import Finding, Severity
from scorekeeper.yaml_lines import loads, read_text


def load_sheet(path: str, rules_path: str | None = None, text: str | None = None):
    """Read a sheet file (or its `text`) into its game's sheet model; ScorekeeperError when unusable.

    `rules_path` (a name or a path) replaces the sheet's own `rules:` (a house variant).
    """
    path = os.fspath(path)
    if text is None:
        text = read_text(path, SheetFormatError)
    doc = loads(text, path, SheetFormatError)
    if not isinstance(doc, dict):
        raise SheetFormatError("not a score sheet: expected a mapping with 'rules', 'players' and 'hands'", path,
                               getattr(doc, "line", 1))
    if rules_path is not None:
        ref, rules = rules_path, registry.find(rules_path)
    else:
        ref = doc.get("rules")
        if not isinstance(ref, str):
            raise SheetFormatError("rules: which game's rules? (e.g. rules: king)", path,
                                   doc.line_of("rules") if "rules" in doc else doc.line)
        try:
            rules = registry.find(ref, os.path.dirname(path))
        except RulesError as exc:
            if exc.source is None:  # an unknown name: point at the sheet's rules: line
                raise SheetFormatError(f"rules: {exc.message}", path, doc.line_of("rules")) from None
            raise
    return registry.model(rules.game).parse_sheet(doc, rules, path, ref)


def score(sheet):
    """Score a loaded sheet with its game's model."""
    return registry.model(sheet.rules.game).score_sheet(sheet)


def check_file(path: str, rules_path: str | None = None, require_complete: bool = False):
    """Load and score one sheet file: the SheetResult with every finding.

    With `require_complete`, a game with hands still to play is an error (a final sheet).
    """
    sheet = load_sheet(path, rules_path)
    result = score(sheet)
    if require_complete:
        _require_complete(result, path, sheet.line)
    return result


def _require_complete(result, source: str, line: int | None) -> None:
    """A final sheet must hold the whole game: an unfinished one gets an error finding."""
    if not result.complete:
        count = len(result.hands)
        result.findings.append(Finding(Severity.ERROR, source, line,
                                       f"the game is not complete: {count} "
                                       f"{'entry' if count == 1 else 'entries'} recorded", "Art 8"))


def is_workbook(path: str) -> bool:
    return os.fspath(path).lower().endswith((".xlsx", ".xlsm"))


def check_any(path: str, rules_path: str | None = None, require_complete: bool = False):
    """The results of a YAML sheet (one) or of an Excel workbook (one per boletim worksheet)."""
    if not is_workbook(path):
        return [check_file(path, rules_path, require_complete)]
    from scorekeeper.boletim.workbook import read_workbook

    results = []
    for boletim in read_workbook(os.fspath(path)):
        result = boletim.check(rules_path)
        if require_complete:
            _require_complete(result, boletim.source, None)
        results.append(result)
    return results
