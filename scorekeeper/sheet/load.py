"""Loading a sheet file: its rules (by name, alias or path), its model, and its scoring."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from scorekeeper import games
from scorekeeper.errors import RulesError, SheetFormatError
from scorekeeper.i18n import M_
from scorekeeper.rulebook import registry
from scorekeeper.sheet.yaml_lines import LineDict, loads, read_text

if TYPE_CHECKING:
    from scorekeeper.sheet.results import SheetResult


def load_sheet(path: str, rules_path: str | None = None, text: str | None = None):
    """Read a sheet file (or its `text`) into its game's sheet model; ScorekeeperError when unusable.

    `rules_path` (a name or a path) replaces the sheet's own `rules:` (a house variant).
    """
    path = os.fspath(path)
    if text is None:
        text = read_text(path, SheetFormatError)
    doc = loads(text, path, SheetFormatError)
    if not isinstance(doc, LineDict):  # what `loads` makes of every mapping
        raise SheetFormatError(
            M_("not a score sheet: expected a mapping with its 'rules', who plays and its entries"),
            path,
            getattr(doc, "line", 1),
        )
    if rules_path is not None:
        ref, rules = rules_path, registry.find(rules_path)
    else:
        written = doc.get("rules")
        if not isinstance(written, str):
            raise SheetFormatError(
                M_("rules: which game's rules? (one of {names})", names=", ".join(registry.rules_names())),
                path,
                doc.line_of("rules") if "rules" in doc else doc.line,
            )
        ref = written
        try:
            rules = registry.find(ref, os.path.dirname(path))
        except RulesError as exc:
            if exc.source is None:  # an unknown name: point at the sheet's rules: line
                raise SheetFormatError(
                    M_("rules: {problem}", problem=exc.message), path, doc.line_of("rules")
                ) from None
            raise
    return games.get(rules.game).parse_sheet(doc, rules, path, ref)


def score(sheet) -> SheetResult:
    """Score a loaded sheet with its game's model."""
    return games.get(sheet.rules.game).score_sheet(sheet)
