"""Reading the journal back (issue 24): `history` of a sheet, a tournament file or a folder;
what `check` and `show` say of a sheet's journal (a change a killed run left, completed first;
a sheet changed outside scorekeeper since its last recorded change); and the corrections and
removals an exported workbook lists.

`check` of a sheet whose folder has no journal must not pay for one: the journal's modules
(and sqlite3) are imported only once a journal file is found beside the sheet."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from scorekeeper.errors import InputValueError
from scorekeeper.i18n import M_

if TYPE_CHECKING:  # `check` of a sheet with no journal beside it loads none of these
    from scorekeeper.journal.history import Change
    from scorekeeper.journal.store import Journal, Notice
    from scorekeeper.journal.transaction import Recovered

# journal.store.JOURNAL_NAME, named here so that looking for a journal imports no sqlite3
# (tests/journal/test_history.py holds the two equal).
JOURNAL_NAME = ".scorekeeper-journal.sqlite"
# The actions a workbook's history worksheet lists: a correction and a removal of an entry.
CORRECTIONS = ("fix", "undo")


class HistoryReport:
    """What `history PATH` found: the changes in order (journal.history.Change), each change's
    file's game (by the file as shown; None when it cannot be read), the journal's notices, the
    changes a killed run left that were completed first, the files changed outside scorekeeper
    since their last recorded change, and whether the journal was made in another folder
    (`folder`: its folder as the user names it; `folder_given`: PATH is that folder). A plain
    class: `check` imports this module, and a dataclass costs its start-up a millisecond."""

    def __init__(
        self,
        changes: list[Change],
        games: dict[str, str | None],
        notices: list[Notice],
        recovered: list[Recovered],
        outside: list[str],
        foreign: bool,
        folder: str,
        folder_given: bool,
    ) -> None:
        self.changes, self.games, self.notices, self.recovered = changes, games, notices, recovered
        self.outside, self.foreign, self.folder, self.folder_given = outside, foreign, folder, folder_given


def has_journal(folder: str) -> bool:
    """Whether a journal (or what stands in its place: a link, garbage) is in `folder`."""
    return os.path.lexists(os.path.join(folder or os.curdir, JOURNAL_NAME))


def history(path: str) -> HistoryReport:
    """The history of `path` (a sheet, a tournament file or a folder), oldest first, after
    completing what a killed run left pending there. A file that is gone (an undone round's
    sheet) still has its history while its folder is there. A journal that cannot be read is
    refused (InputValueError naming it), never read past."""
    import sqlite3  # lazy: only when a journal is read

    from scorekeeper.journal import history as journal_history  # lazy: as above
    from scorekeeper.journal.transaction import recover  # lazy: as above

    is_folder = os.path.isdir(path)
    folder = path if is_folder else (os.path.dirname(path) or ".")
    if not os.path.isdir(folder):
        raise InputValueError(M_("no such file or folder"), path)
    gone = not is_folder and not os.path.lexists(path)
    if not has_journal(folder):
        if gone:  # a mistyped name: said, not taken for a sheet with no history
            raise InputValueError(M_("no such file, and no change of it is on record"), path)
        return HistoryReport([], {}, [], [], [], False, folder, is_folder)
    journal = os.path.join(folder, JOURNAL_NAME) if folder not in ("", ".") else JOURNAL_NAME
    try:
        recovered, notices = recover(path)
        found = journal_history.history(path)
    except sqlite3.Error:  # locked by a stuck writer past the busy timeout, a disk error
        raise InputValueError(M_("the journal cannot be read now; try again"), journal) from None
    seen = {(n.code, n.folder, n.detail) for n in notices}
    notices = notices + [n for n in found.notices if (n.code, n.folder, n.detail) not in seen]
    if any(notice.code in ("ignored", "unusable") for notice in notices):
        # garbage, a link, another program's database: left as it is, and no history is made up
        raise InputValueError(
            M_("not a journal scorekeeper can read; no history is shown (the file is left as it is)"), journal
        )
    if gone and not found.changes:
        raise InputValueError(M_("no such file, and no change of it is on record"), path)
    files = {change.file for change in found.changes if change.entry is not None}
    return HistoryReport(
        found.changes,
        {name: game_of(name) for name in sorted(files)},
        notices,
        recovered,
        found.outside,
        found.foreign,
        folder,
        is_folder,
    )


def game_of(path: str) -> str | None:
    """The game of the sheet at `path`, from its `rules:` (None: gone, or not a sheet)."""
    from scorekeeper.rulebook import registry  # lazy: only a history that says entries reads rules
    from scorekeeper.sheet.yaml_lines import loads, read_text  # lazy: as above

    try:
        doc = loads(read_text(path, InputValueError), path, InputValueError)
        ref = doc.get("rules") if isinstance(doc, dict) else None
        return registry.find(ref, os.path.dirname(path)).game if isinstance(ref, str) else None
    except (ValueError, OSError):  # a ScorekeeperError is a ValueError: said generically, never a failure
        return None


class _Folder:
    __slots__ = ("journal", "opened")

    def __init__(self) -> None:
        self.journal: Journal | None = None  # opened on the first sheet that asks
        self.opened = False


class SheetJournals:
    """What `check` and `show` ask of each sheet's journal, each folder's journal read at most
    once however many sheets it holds: `first_look` completes what a killed run left pending
    (once per folder, before its first sheet is read), `changed_outside` says when the sheet's
    last recorded change was, if the sheet no longer holds what that change left."""

    def __init__(self) -> None:
        self._folders: dict[str, _Folder] = {}

    def first_look(self, path: str) -> tuple[list[Recovered], list[Notice]]:
        """(recovered, notices) for the folder of `path`, the first time it is named; else nothing."""
        folder = os.path.dirname(path) or "."
        if folder in self._folders:
            return [], []
        self._folders[folder] = _Folder()
        if not has_journal(folder):
            return [], []
        from scorekeeper.journal.store import Notice  # lazy: sqlite3, only beside a journal
        from scorekeeper.journal.transaction import recover  # lazy: as above

        try:
            return recover(path)
        except Exception:  # noqa: BLE001 - the journal never stops a command from reading the sheets (issue 24, 6)
            return [], [Notice("unusable", folder, "error")]

    def changed_outside(self, path: str) -> str | None:
        """When the last recorded change of the sheet at `path` was made, if the sheet was
        changed outside scorekeeper since (None: it was not, or there is no record of it)."""
        folder = os.path.dirname(path) or "."
        state = self._folders.setdefault(folder, _Folder())
        if not state.opened:
            state.opened = True
            if has_journal(folder):
                from scorekeeper.journal.store import Journal  # lazy: sqlite3, only beside a journal

                try:
                    journal = Journal.open(os.path.realpath(folder), False, [], folder)
                except Exception:  # noqa: BLE001 - said by first_look; the sheets are read without it
                    journal = None
                if journal is not None and journal.foreign:  # another folder's record says nothing of these files
                    journal.close()
                    journal = None
                state.journal = journal
        if state.journal is None or os.path.islink(path):
            return None
        from scorekeeper.journal.history import changed_outside  # lazy: as above

        real = os.path.realpath(path)
        try:
            if not changed_outside(state.journal, real):
                return None
            last = state.journal.last_applied(os.path.relpath(real, state.journal.folder))
        except Exception:  # noqa: BLE001 - information only: a journal that fails now says nothing
            return None
        return last.began if last is not None else None

    def close(self) -> None:
        for state in self._folders.values():
            if state.journal is not None:
                state.journal.close()
        self._folders.clear()


def corrections(path: str) -> list[Change]:
    """The corrections and removals of entries (fix, undo) recorded for the sheet at `path`,
    oldest first, as journal.history.Change; none when its folder has no journal, or one that
    cannot be read (an export says nothing of a journal: `history` and `check` do)."""
    if not has_journal(os.path.dirname(path) or "."):
        return []
    import sqlite3  # lazy: only beside a journal

    from scorekeeper.journal import history as journal_history  # lazy: as above
    from scorekeeper.journal.store import APPLIED  # lazy: as above

    try:
        found = journal_history.history(path)
    except sqlite3.Error:  # a journal that fails now: the workbook is written without it
        return []
    if found.foreign:
        return []
    return [
        change
        for change in found.changes
        if change.action in CORRECTIONS and change.state in APPLIED and change.entry is not None
    ]
