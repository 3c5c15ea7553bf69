"""A file's or a folder's history, read from its journal as data: every change in order, when,
who, what (its action, the entry's number and its values before and after), and each file's
state; and whether a file was changed outside scorekeeper after its last journalled change."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from scorekeeper.journal.store import APPLIED, Journal, Notice, Record, read_content

MAX_CHANGES = 100_000  # a history read at once; a journal holding more is read up to here


@dataclass(frozen=True)
class Change:
    """One change as the history shows it. `file`: the main file, as the caller names it (its
    folder as given, joined to the name the journal holds); `files`: every file it wrote;
    `entry`, `before`, `after`: the entry's number and its values as the sheet holds them (None
    for a change of no single entry); `detail`: the rest of what it did, as data."""

    id: str
    when: str
    ended: str | None
    state: str
    action: str
    by: dict
    file: str
    files: tuple[str, ...]
    entry: int | None
    before: object
    after: object
    detail: dict


@dataclass(frozen=True)
class History:
    """The changes of PATH (a file, or every file of a folder), the notices about its journal,
    and `outside`: the files changed outside scorekeeper since their last journalled change;
    `foreign`: the journal was made in another folder (copied here, not yet adopted by a
    command that writes), so its changes were made to the files there."""

    changes: list[Change]
    notices: list[Notice]
    outside: list[str]
    foreign: bool = False


def _shown(folder_shown: str, relative: str) -> str:
    return relative if folder_shown in ("", ".") else os.path.join(folder_shown, relative)


def change_of(record: Record, folder_shown: str, named: Callable[[str, str], str] | None = None) -> Change:
    """A journal record as the history shows it, each file named from `folder_shown` (by `named`
    (folder_shown, path) when given: the season names them from its own folder, `/` between)."""
    name = named or _shown
    detail = record.detail if isinstance(record.detail, dict) else {}
    entry = detail.get("entry")
    rest = {key: value for key, value in detail.items() if key not in ("entry", "before", "after", "file")}
    if record.result:
        rest["result"] = record.result
    return Change(
        record.id,
        record.began,
        record.ended,
        record.state,
        record.action,
        record.who if isinstance(record.who, dict) else {},
        name(folder_shown, record.main_file),
        tuple(name(folder_shown, f.path) for f in record.files),
        entry if isinstance(entry, int) and not isinstance(entry, bool) else None,
        detail.get("before"),
        detail.get("after"),
        rest,
    )


def _digest_of(path: str) -> str | None:
    import hashlib  # lazy: only a file that has a journal is hashed

    content = read_content(path, quiet=True)
    return None if content is None else hashlib.sha256(content).hexdigest()


def changed_outside(journal: Journal, real: str) -> bool:
    """Whether the file at real path `real` no longer holds what its last journalled change left."""
    last = journal.last_applied(os.path.relpath(real, journal.folder))
    if last is None:
        return False
    relative = os.path.relpath(real, journal.folder)
    after = next((f.after_hash for f in reversed(last.files) if f.path == relative), None)
    if after is None:
        return False
    return _digest_of(real) != after


def history(path: str, limit: int = MAX_CHANGES) -> History:
    """The history of `path` (a sheet, a tournament file, or a folder: every file of it), oldest
    first. A folder or file with no journal has none (an empty history, no error)."""
    notices: list[Notice] = []
    real = os.path.realpath(path)
    if os.path.isdir(real):
        folder, folder_shown, files = real, path, None
    else:
        folder = os.path.dirname(real) or os.curdir
        folder_shown = os.path.dirname(path) or "."
        files = [os.path.relpath(real, folder)]
    journal = Journal.open(folder, False, notices, folder_shown)
    if journal is None:
        return History([], notices, [])
    try:
        records = journal.history(files, limit)
        touched = files if files is not None else sorted({f.path for r in records for f in r.files})
        outside = [
            _shown(folder_shown, name)
            for name in touched
            if os.path.isfile(os.path.join(folder, name)) and changed_outside(journal, os.path.join(folder, name))
        ]
        return History([change_of(record, folder_shown) for record in records], notices, outside, journal.foreign)
    finally:
        journal.close()


def last_changes(path: str, count: int) -> list[Change]:
    """The last `count` changes applied to the file at `path`, newest first (the score pad's)."""
    changes = [c for c in history(path).changes if c.state in APPLIED]
    return list(reversed(changes[-count:]))
