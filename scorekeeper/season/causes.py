"""Why a published list moved: the journal's changes made since the publication to the files
the qualification reads (a `fix`, `record` or `undo` in a regional sheet, a draw, a change to
the season file or to a registry, a union's bundle received).

Found by content, not by the clock: the published list holds each file's SHA-256 then
(season/published.py), and each journalled change holds each file's hash before and after. From
a file's content now, the walk goes back through the changes whose "after" is that content,
each one's "before" the next to look for, until it reaches the content published. A file whose
content no journalled change explains was changed outside scorekeeper: said, never guessed."""

from __future__ import annotations

import os
import posixpath
from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.journal.history import Change as JournalChange
from scorekeeper.journal.history import change_of
from scorekeeper.journal.store import APPLIED, FileRecord, Journal, Notice, Record

MAX_RECORDS = 100_000  # a journal's changes read at once (journal/history.py's bound)
MAX_STEPS = 10_000  # changes walked back for one file


RECEIVE = "receive"  # the action of a union's bundle received (core/season_exchange.py)


@dataclass(frozen=True)
class Cause:
    """One change since the publication that changed files the list is computed from: the
    journal's record said as `history` says it (its id, when, who, action, files, entry before
    and after), and the files of the season it changed (relative to the season's folder);
    `change` None: those files were changed outside scorekeeper (no journalled change explains
    their content). `via`: the bundle received that brought a union's change here."""

    change: JournalChange | None
    files: tuple[str, ...]
    via: JournalChange | None = None


@dataclass(frozen=True)
class Step:
    """One journalled change of one file: the record, the file's hashes in it, the journal's
    folder relative to the season's (`.`: the season's own), and whether a bundle brought it
    (a union's exported journal, received: then its files are named from the season's folder)."""

    record: Record
    file: FileRecord
    shown: str
    received: bool = False


# Changes that write a file the list is read from but never move a race: an inscription (TN13:
# a union's choice among its list, not an input of it) and the final written (the nacional event
# is no union's regional result). They are never named as a cause.
MOVES_NO_RACE = frozenset({"season-inscribe", "season-final"})


def causes(
    folder: str,
    published: Mapping[str, str | None],
    now: Mapping[str, str | None],
    received: Mapping[str, list[Step]] | None = None,
    notices: list[Notice] | None = None,
) -> list[Cause]:
    """The changes that took each file (relative to the season's `folder`, `/`) from its
    content when published (`published`: its SHA-256, None: no file) to its content `now`,
    oldest first; a file that changed with no journalled change to say so, as a Cause of no
    change. A file not in both is taken as absent (None) where it is missing. `received`: the
    changes of each file that unions' bundles brought (their exported journals): a change a
    union made is named rather than the receiving that carried it here."""
    moved = [path for path in dict.fromkeys([*published, *now]) if published.get(path) != now.get(path)]
    if not moved:
        return []
    steps = file_steps(folder, moved, notices if notices is not None else [])
    by_change: dict[str, tuple[Step, list[str], Step | None]] = {}
    outside: list[str] = []
    for path in moved:
        local, brought = steps.get(path, []), (received or {}).get(path, [])
        walked, via = _walk_received(local, brought, published.get(path), now.get(path))
        if walked is None:
            outside.append(path)
            continue
        for step in walked:
            key = f"{step.shown}\0{step.record.id}"
            by_change.setdefault(key, (step, [], via if step.received else None))[1].append(path)
    found = [
        Cause(_said(step.record, step.shown), tuple(paths), None if via is None else _said(via.record, via.shown))
        for step, paths, via in by_change.values()
        if step.record.action not in MOVES_NO_RACE
    ]
    found.sort(key=lambda cause: (cause.change.when if cause.change is not None else "", cause.files))
    if outside:
        found.append(Cause(None, tuple(outside)))
    return found


def _walk_received(
    local: list[Step], brought: list[Step], then: str | None, now: str | None
) -> tuple[list[Step] | None, Step | None]:
    """The walk through a file's changes, a bundle's own changes named before the receiving
    that carried them (`via`: the last receiving of the file), when they explain it."""
    receiving = [step for step in local if step.record.action == RECEIVE]
    if brought and receiving:
        others = [step for step in local if step.record.action != RECEIVE]
        walked = _walk(sorted([*others, *brought], key=_when), then, now)
        if walked is not None:
            return walked, receiving[-1]
    return _walk(local, then, now), None


def _when(step: Step) -> str:
    return step.record.began


def _walk(steps: list[Step], then: str | None, now: str | None) -> list[Step] | None:
    """The changes, oldest first, that lead from content `then` to content `now` (None when
    the journal cannot explain it)."""
    chain: list[Step] = []
    current = now
    for step in reversed(steps[-MAX_STEPS:]):
        if current == then:
            break
        if step.file.after_hash == current and step.file.before_hash != current:
            chain.append(step)
            current = step.file.before_hash
    return chain[::-1] if current == then else None


def file_steps(folder: str, paths: list[str], notices: list[Notice]) -> dict[str, list[Step]]:
    """Every applied change of each file, from the journals of its folder and of each folder
    above it up to the season's (a change made from the season's folder, as a bundle received,
    names its files from there), in the order they began."""
    wanted: dict[str, dict[str, str]] = {}  # a journal's folder (relative): its relative path -> the file's
    for path in paths:
        parts = path.split("/")
        for depth in range(len(parts) - 1, -1, -1):
            journal_folder = "/".join(parts[:depth]) or "."
            inside = "/".join(parts[depth:])
            wanted.setdefault(journal_folder, {})[inside.replace("/", os.sep)] = path
    found: dict[str, list[tuple[tuple[str, int, int], Step]]] = {}
    for order, (shown, files) in enumerate(wanted.items()):
        real = os.path.join(folder, *([] if shown == "." else shown.split("/")))
        if not os.path.isdir(real):
            continue
        journal = Journal.open(real, False, notices, shown)
        if journal is None:
            continue
        try:
            records = journal.history(sorted(files), MAX_RECORDS)
        finally:
            journal.close()
        for record in records:
            if record.state not in APPLIED:
                continue
            for item in record.files:
                if item.path in files:
                    step = Step(record, item, shown)
                    found.setdefault(files[item.path], []).append(((record.began, order, record.seq), step))
    return {path: [step for _key, step in sorted(items, key=lambda pair: pair[0])] for path, items in found.items()}


def _joined(shown: str, relative: str) -> str:
    relative = relative.replace(os.sep, "/")
    return relative if shown == "." else posixpath.join(shown, relative)


def _said(record: Record, shown: str) -> JournalChange:
    """A journal record as `history` shows it (journal/history.py), its files named from the
    season's folder."""
    return change_of(record, shown, _joined)
