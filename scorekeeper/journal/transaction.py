"""A change applied to its files all or nothing, on the record (issue 24).

`apply` writes the change to the journal of its main file's folder (pending, with every file's
content before and after), then writes each file atomically under its writer lock, then marks
the change done. Stopped before it is done by an error or a signal (Ctrl-C, SIGTERM), it puts
every file back as it was and marks the change rolled back. Killed outright (SIGKILL, a power
cut), the change stays pending, and the next command that reads or writes that folder
completes it before anything else (`recover`): every file is then exactly as after the change.

Who made a change is the front end's to say (`acting_as`): the command line and the user, or
the score pad's link and the client's address.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from scorekeeper.errors import InputValueError, SheetLockedError
from scorekeeper.i18n import M_
from scorekeeper.journal.store import (
    COMPLETED,
    CONFLICT,
    DONE,
    PENDING,
    ROLLED_BACK,
    Journal,
    JournalBusy,
    Notice,
    Record,
    read_content,
)
from scorekeeper.journal.store import FileRecord as _FileRecord
from scorekeeper.journal.store import now as now_stamp
from scorekeeper.journal.who import who
from scorekeeper.sheet.saving import SheetWriteError, atomic_write, real_path, refuse_link_or_existing, writer_lock

MAX_ID = 80  # characters of a change id a client may choose (an Idempotency-Key header, a form's field)


def new_id() -> str:
    return secrets.token_hex(16)


def valid_id(text: str) -> bool:
    """A client's change id: 8 to 80 letters, digits, `-` and `_` (a UUID fits)."""
    return 8 <= len(text) <= MAX_ID and all(c.isascii() and (c.isalnum() or c in "-_") for c in text)


def digest(content: bytes | None) -> str | None:
    return None if content is None else hashlib.sha256(content).hexdigest()


@dataclass
class FileChange:
    """One file of a change: `path` as the user names it, what it holds now (`before`, None:
    no such file) and what it will hold (`after`, None: removed). An `optional` file (an undone
    round's empty sheet) is left as it is when someone changed it meanwhile."""

    path: str
    before: bytes | None
    after: bytes | None
    optional: bool = False


@dataclass
class Change:
    """A change to apply: its action (the command's name: record, fix, undo, draw, penalty ...),
    its main file (the one whose writer lock the caller holds: the sheet, or the tournament
    file), its files in the order they are written, and what it does as data (`detail`: the
    entry's number and its values before and after, or the day command's request).

    `change_id`: the client's id (the score pad's); a change sent again with an id already
    applied changes nothing. `repeat_key`: what makes two changes the same (the command and its
    values); `guard` says when the same change again is taken for a retry and not applied:
    "always" (a day command: the file unchanged since the same change), "interrupted" (only
    when that change was completed by recovery: a killed record), "never". `again` overrides it."""

    action: str
    main: str
    files: list[FileChange]
    detail: dict = field(default_factory=dict)
    change_id: str | None = None
    repeat_key: str | None = None
    guard: str = "never"
    again: bool = False


@dataclass(frozen=True)
class Recovered:
    """A change a killed run left pending, dealt with: completed (or in conflict: a file was
    changed outside scorekeeper, listed in `conflicts`), with its action, detail and when it began."""

    action: str
    detail: dict
    began: str
    state: str
    conflicts: tuple[str, ...] = ()
    id: str = ""


@dataclass
class Applied:
    """What `apply` did: the change's id and when, the optional files left as they were
    (`skipped`), the changes it completed first, and `repeat_of`: the earlier change that this
    one repeats (then nothing was written)."""

    change_id: str
    when: str
    skipped: list[str] = field(default_factory=list)
    recovered: list[Recovered] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    repeat_of: Record | None = None


def _folder_of(real: str) -> str:
    return os.path.dirname(real) or os.curdir


def _relative(real: str, folder: str) -> str:
    return os.path.relpath(real, folder)


def _shown_folder(path: str) -> str:
    return os.path.dirname(path) or "."


def _read(real: str) -> bytes | None:
    """A file's content at its real path (None: no such file); a symlink there is not followed."""
    return read_content(real)


def current(path: str) -> bytes | None:
    """What the file at `path` holds now, as `apply` will compare it (at its real path; None:
    no such file): a change's `before`, read by whoever works the change out."""
    return read_content(os.path.realpath(path))


@contextlib.contextmanager
def _locked(path: str, held: set[str]):
    """The file's writer lock, unless this command holds it already (the main file)."""
    real = real_path(path)
    if real in held:
        yield real
        return
    with writer_lock(path) as target:
        yield target


def _write(real: str, content: bytes | None, shown: str) -> None:
    if content is None:
        if os.path.lexists(real):
            os.unlink(real)
            _sync_folder(real)
    else:
        atomic_write(real, content, name=shown)


def _sync_folder(real: str) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(_folder_of(real), os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def open_for(path: str, create: bool, notices: list[Notice]) -> Journal | None:
    """The journal of the folder that holds the file at `path` (its real path's folder)."""
    real = os.path.realpath(path)
    return Journal.open(_folder_of(real), create, notices, _shown_folder(path))


class Session:
    """The journal of one main file's folder, open for a command holding that file's writer
    lock (`held`: the real paths whose lock it holds). Opening it completes what killed runs
    left pending there (`recovered`, `notices` say what), before the command reads anything;
    `repeat_of` finds the earlier change a new one repeats; `apply` applies one."""

    def __init__(self, main: str, held: AbstractSet[str], touches: AbstractSet[str] = frozenset()) -> None:
        self.main = main
        self.main_real = real_path(main)
        self.held = set(held) | {self.main_real}
        self.notices: list[Notice] = []
        journal = open_for(main, True, self.notices)
        if journal is None:  # busy beyond its timeout, or unreadable: nothing is changed off the record
            raise SheetLockedError(
                M_("the journal of its folder is busy or cannot be opened; not changed, try again"), main
            )
        self.journal: Journal = journal
        try:
            self.recovered = _recover(self.journal, self.held, {self.main_real, *map(real_path, touches)})
        except SheetLockedError as exc:
            self.journal.close()
            if isinstance(exc, JournalBusy):
                raise
            raise SheetLockedError(
                M_("another scorekeeper is changing this file with others; try again when it is done"), main
            ) from None
        except BaseException:
            self.journal.close()
            raise

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *_exc) -> None:
        self.journal.close()

    def repeat_of(self, change: Change) -> Record | None:
        """The earlier change that `change` repeats, if any: one with the same client id already
        applied, or (by its guard, unless `again`) the same command applied last to the main
        file, which holds what that change left."""
        if change.change_id is not None:
            earlier = self.journal.find(change.change_id)
            if earlier is not None and earlier.state in (DONE, COMPLETED):
                return earlier
        if change.repeat_key is None or change.again or change.guard == "never":
            return None
        completed_now = {item.id for item in self.recovered if item.state == COMPLETED}
        return _repeated(self.journal, change, _relative(self.main_real, self.journal.folder), completed_now)

    def apply(self, change: Change) -> Applied:
        """Write `change` to the journal, then to its files, then mark it done (see the module's
        docstring). A file that does not hold what the change expects (someone wrote it
        meanwhile) refuses the whole change, unless it is optional. A change that repeats an
        earlier one (repeat_of) writes nothing."""
        earlier = self.repeat_of(change)
        if earlier is not None:
            return Applied(earlier.id, earlier.began, [], self.recovered, self.notices, repeat_of=earlier)
        journal, folder = self.journal, self.journal.folder
        change_id = change.change_id or new_id()
        if journal.find(change_id) is not None:  # an id sent again for a change rolled back: a new record
            change_id = new_id()
        records = [
            _FileRecord(
                _relative(real_path(f.path), folder), digest(f.before), digest(f.after), f.before, f.after, f.optional
            )
            for f in change.files
        ]
        main_rel = _relative(self.main_real, folder)
        if all(item.before == item.after for item in change.files):  # a fix to what is there: no change
            return Applied(change_id, now_stamp(), [], self.recovered, self.notices)
        seq = None
        written: list[FileChange] = []
        skipped: list[str] = []
        try:
            seq, began = journal.begin(
                change_id, change.action, who(), main_rel, change.repeat_key, change.detail, records
            )
            for item in change.files:
                with _locked(item.path, self.held) as real:
                    now = digest(_read(real))
                    if now == digest(item.after):  # already so (not written by us: never taken back)
                        continue
                    if now != digest(item.before):
                        if item.optional:
                            skipped.append(item.path)
                            continue
                        raise InputValueError(
                            M_("{path}: changed while this change was worked out; try again", path=item.path)
                        )
                    written.append(item)  # counted first: a signal after the rename takes it back
                    _write(real, item.after, item.path)
        except BaseException:
            if seq is None:  # stopped in begin: its commit may have happened just before the signal
                with contextlib.suppress(Exception):
                    found = journal.find(change_id)
                    seq = found.seq if found is not None and found.state == PENDING else None
            if seq is not None and _take_back(written, self.held):
                with contextlib.suppress(Exception):
                    journal.finish(seq, ROLLED_BACK)
            raise
        journal.finish(seq, DONE, {"skipped": [_relative(real_path(p), folder) for p in skipped]} if skipped else None)
        return Applied(change_id, began, skipped, self.recovered, self.notices)


def apply(change: Change, held: AbstractSet[str] = frozenset()) -> Applied:
    """Open the session of `change`'s main file and apply it (a change worked out beforehand)."""
    with Session(change.main, held, {f.path for f in change.files}) as session:
        return session.apply(change)


def _repeated(journal: Journal, change: Change, main_rel: str, completed_now: set[str]) -> Record | None:
    """The earlier change that `change` repeats: the last one applied to its main file, the same
    (repeat_key), with the main file as that change left it, and (guard "interrupted") completed
    by this very command's recovery: the retry of a killed run. Once a command has said that it
    completed it, the same hand again is a new hand (two Truco hands `Eles 1` in a row)."""
    last = journal.last_applied(main_rel)
    if last is None or last.repeat_key != change.repeat_key or last.main_file != main_rel:
        return None
    if change.guard == "interrupted" and (last.state != COMPLETED or last.id not in completed_now):
        return None
    main_before = next((f.before for f in change.files if real_path(f.path) == real_path(change.main)), None)
    after = next((f.after_hash for f in last.files if f.path == main_rel), None)
    return last if after is not None and after == digest(main_before) else None


def _take_back(written: list[FileChange], held: set[str]) -> bool:
    """Every file written put back as it was (only while it holds what the change wrote);
    whether all of them are."""
    whole = True
    for item in reversed(written):
        try:
            with _locked(item.path, held) as real:
                now = digest(_read(real))
                if now == digest(item.after) and now != digest(item.before):
                    _write(real, item.before, item.path)
                elif now != digest(item.before):
                    whole = False
        except BaseException:
            whole = False
    return whole


def recover(
    path: str, held: AbstractSet[str] = frozenset(), create: bool = False
) -> tuple[list[Recovered], list[Notice]]:
    """Complete what killed runs left pending in the journal of `path`'s folder (a reading
    command calls it before reading; `apply` calls it before writing). A change still being
    applied by a live command (its main file locked) is left to it."""
    notices: list[Notice] = []
    real = os.path.realpath(path)
    folder = real if os.path.isdir(real) else _folder_of(real)
    journal = Journal.open(folder, create, notices, path if os.path.isdir(real) else _shown_folder(path))
    if journal is None:
        return [], notices
    try:
        if journal.foreign:
            return [], notices
        return _recover(journal, set(held), set()), notices
    finally:
        journal.close()


def _recover(journal: Journal, held: set[str], refuse_for: set[str]) -> list[Recovered]:
    done = []
    for record in journal.pending():
        main = os.path.join(journal.folder, record.main_file)
        files = {os.path.normpath(os.path.join(journal.folder, f.path)) for f in record.files}
        if not _inside(journal.folder, record.main_file):  # its lock would be made outside the folder
            journal.finish(record.seq, CONFLICT, {"recovered": who(), "conflicts": [record.main_file]})
            done.append(Recovered(record.action, record.detail, record.began, CONFLICT, (record.main_file,), record.id))
            continue
        try:
            with _locked(main, held) as main_real:
                done.append(_complete(journal, record, held | {main_real}))
        except SheetLockedError:
            if files & refuse_for:  # a live command is applying it: the files we would write are its
                raise
        except (OSError, ValueError):
            continue  # its main file cannot be locked now (read-only, gone): left for a later command
    return done


def _inside(folder: str, relative: str) -> bool:
    """A path a journal may name: inside its own folder, really (a planted `../x`, `d/../../x`
    or `link/x` through a symlink to another folder is never written)."""
    if not relative or os.path.isabs(relative) or "\0" in relative:
        return False
    norm = os.path.normpath(relative)
    if norm in (os.curdir, os.pardir) or norm.startswith(os.pardir + os.sep):
        return False
    base = os.path.realpath(folder)
    real = os.path.realpath(os.path.join(base, norm))
    return real != base and os.path.commonpath([base, real]) == base


def _complete(journal: Journal, record: Record, held: set[str]) -> Recovered:
    """Write every file of a pending change as the change leaves it; a file that holds neither
    its content before nor after (changed outside scorekeeper) is left, and said."""
    conflicts = []
    for item in record.files:
        path = os.path.join(journal.folder, item.path)
        if not _inside(journal.folder, item.path) or digest(item.after) != item.after_hash:
            conflicts.append(item.path)  # outside the folder, or not the content its hash says: not written
            continue
        try:
            with _locked(path, held) as real:
                now = digest(_read(real))
                if now == item.after_hash:
                    continue
                if now != item.before_hash:
                    if not item.optional:
                        conflicts.append(item.path)
                    continue
                _write(real, item.after, item.path)
        except (SheetLockedError, OSError, ValueError):
            conflicts.append(item.path)
    state = CONFLICT if conflicts else COMPLETED
    journal.finish(
        record.seq, state, {"recovered": who(), "conflicts": conflicts} if conflicts else {"recovered": who()}
    )
    return Recovered(record.action, record.detail, record.began, state, tuple(conflicts), record.id)


__all__ = ["PENDING", "Applied", "Change", "FileChange", "Recovered", "Session", "apply", "recover"]


def holds(path: str, content: str | bytes) -> bool:
    """Whether the regular file at `path` (no symlink) holds exactly `content`."""
    data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
    return not os.path.islink(path) and os.path.isfile(path) and _read(real_path(path)) == data


def write_new(path: str, content: str | bytes, force: bool, action: str, detail: dict | None = None) -> Applied:
    """saving.write_new, on the record: create (or with `force`, replace) the file at `path`
    under its writer lock, as the change `action` (new, import, tournament-new). A file that
    already holds exactly `content` is left as it is: the retry of a run killed after it wrote
    it (whose record this command's journal session completes)."""
    data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
    if not force and holds(path, data):
        refuse_link_or_existing(path, True)  # the folder and the link checks, as for any write
    else:
        refuse_link_or_existing(path, force)
    with writer_lock(path) as target, Session(path, {target}) as session:
        if os.path.lexists(target) and not force:
            if _read(target) == data:  # already written, by a killed run or by the one before
                return Applied(new_id(), now_stamp(), [], session.recovered, session.notices)
            raise SheetWriteError(M_("already exists; use --force to overwrite it"), path)  # made meanwhile
        before = _read(target)
        return session.apply(Change(action, path, [FileChange(path, before, data)], detail or {"file": path}))
