"""Loading a sheet file: its rules (by name, alias or path), its model, and its scoring."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
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


@contextmanager
def reading_many() -> Iterator[None]:
    """Many sheets read at once (a season's 2,500) with the cyclic garbage collector held off,
    and, in a one-command process, what they left frozen for the collector.

    Reading and scoring a sheet makes no reference cycle: what it allocates is freed by reference
    counting when dropped. But each sheet allocates thousands of objects (libyaml's nodes, the
    values, the hands), so the collector ran hundreds of times during the read, and its older
    generations walked the results kept so far at every pass, to find nothing; held off, it would
    walk them all at its next passes instead. In a process that runs one command (no thread but
    the main one: not the score pad's server) what was read lives until the command ends, so it
    is frozen (gc.freeze, as launch.py does at start): the collector leaves it out. A third of a
    season's standings went to the collector (issue 26)."""
    was_on = gc.isenabled()
    with collector_held():
        try:
            yield
        finally:
            threads = sys.modules.get("threading")  # never imported: no other thread
            if was_on and (threads is None or threads.active_count() == 1):
                gc.freeze()


@contextmanager
def collector_held() -> Iterator[None]:
    """The cyclic garbage collector held off while one large file's values are built (a registry
    of 100,000 members: a million YAML nodes, then the members and the roster's indexes), then let
    run again as it was. Building them makes no reference cycle, but at the collector's default
    thresholds (a test's process, a library's caller) its passes walked everything built so far
    again and again: three quarters of reading such a registry (issue 27)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
