"""The journal's file: one SQLite database beside the files it records (`.scorekeeper-journal.sqlite`).

Why SQLite in WAL mode: it is in the standard library, a commit is atomic and durable (the
write-ahead log is fsynced at each commit with synchronous=FULL), and several writers (the score
pad and the command line at once) take turns through its own locking, with readers never
blocked. A record holds a change's id, when, who, what (as data), each file's content hash
before and after, and, while the change is pending, each file's content before and after, so
that a killed run can be completed by the next command.

A journal that is not ours (a symlink, garbage, a truncated file, another program's database)
is set aside under another name with one notice and a new one started; one carried from
another folder is adopted, but its pending changes are never applied here (they would write
what a stranger chose into this folder's files).
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import json
import os
import sqlite3
import stat
import time
from dataclasses import dataclass, field

from scorekeeper.errors import SheetLockedError
from scorekeeper.i18n import M_

JOURNAL_NAME = ".scorekeeper-journal.sqlite"
APPLICATION_ID = 0x534B4A31  # "SKJ1": PRAGMA application_id, at byte 68 of the file's header
SCHEMA_VERSION = 1
_HEADER = b"SQLite format 3\x00"
BUSY_MS = 10_000  # another writer's commit takes milliseconds; a stuck one is not waited for longer
MAX_BLOB = 4 * 1024 * 1024  # a file's content kept while pending (sheets and tournament files are 1 MiB at most)

# The states of a change: written before it is applied (pending), then done; a pending change
# that a killed run left is completed by the next command (completed), or could not be as a
# file was changed outside scorekeeper meanwhile (conflict); a change stopped by a signal or an
# error is taken back (rolled_back); a pending change of a journal from another folder is never
# applied (set_aside).
PENDING, DONE, COMPLETED, CONFLICT, ROLLED_BACK, SET_ASIDE = (
    "pending",
    "done",
    "completed",
    "conflict",
    "rolled_back",
    "set_aside",
)
APPLIED = (DONE, COMPLETED)

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    began TEXT NOT NULL,
    ended TEXT,
    state TEXT NOT NULL,
    action TEXT NOT NULL,
    who TEXT NOT NULL,
    main_file TEXT NOT NULL,
    repeat_key TEXT,
    detail TEXT NOT NULL,
    result TEXT
);
CREATE TABLE files (
    seq INTEGER NOT NULL REFERENCES changes (seq),
    position INTEGER NOT NULL,
    path TEXT NOT NULL,
    before_hash TEXT,
    after_hash TEXT,
    before BLOB,
    after BLOB,
    optional INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (seq, position)
);
CREATE INDEX files_by_path ON files (path, seq);
CREATE INDEX changes_by_state ON changes (state);
"""


class JournalBusy(SheetLockedError):
    """The journal could not be read or written now (another writer held it past the timeout,
    or SQLite refused the statement): nothing was changed, and the command says so in one line."""


# How long a writer sleeps between tries for the write lock: from half a millisecond, doubled
# up to 4 ms. SQLite's own busy handler (busy_timeout) sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50,
# 50 then 100 ms: a writer that met a busy moment slept on for tens of milliseconds after the
# lock was free, and with 40 tables recording at once those sleeps were the pad's slow entries
# (issue 26: Record's 95th percentile). A commit holds the lock for a few milliseconds, so short
# tries take it soon after it is free; the whole wait is still bounded by BUSY_MS.
FIRST_PAUSE, LONGEST_PAUSE = 0.0005, 0.004


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    """Whether SQLite refused because another connection holds the lock (SQLITE_BUSY), not a damage."""
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11+; the message before it
    return code & 0xFF == 5 if code is not None else "locked" in str(exc) or "busy" in str(exc)  # 5: SQLITE_BUSY


def _take_write_lock(db: sqlite3.Connection) -> None:
    """BEGIN IMMEDIATE, tried again with short pauses while another writer holds the lock, for
    BUSY_MS at most (then SQLite's busy error, as the busy handler would have given)."""
    deadline = time.monotonic() + BUSY_MS / 1000
    pause = FIRST_PAUSE
    db.execute("PRAGMA busy_timeout = 0")  # the tries below wait, not SQLite's long sleeps
    try:
        while True:
            try:
                db.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc) or time.monotonic() + pause > deadline:
                    raise
            time.sleep(pause)
            pause = min(pause * 2, LONGEST_PAUSE)
    finally:
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")  # reads and opening keep SQLite's own wait


@contextlib.contextmanager
def _immediate(db: sqlite3.Connection):
    """One write transaction (BEGIN IMMEDIATE: the writers take turns), committed whole or rolled back."""
    _take_write_lock(db)
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise


def _guarded(method):
    """A journal operation whose SQLite error is one line naming the journal, never a traceback."""

    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error:
            raise JournalBusy(
                M_("the journal of this folder is busy or cannot be written; nothing was changed, try again"),
                self.shown_path,
            ) from None

    return guarded


class JournalUnusable(Exception):
    """The journal cannot be opened or read; `reason` says why (a notice's code)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Notice:
    """Something about the journal itself that a command says in one line: `code` (set_aside,
    ignored, adopted, unreadable), the journal's folder as shown, and what it became."""

    code: str
    folder: str
    detail: str = ""


@dataclass
class FileRecord:
    """One file of a change: its path relative to the journal's folder, its content hash
    before and after (None: no such file), and while pending, the contents themselves."""

    path: str
    before_hash: str | None
    after_hash: str | None
    before: bytes | None = None
    after: bytes | None = None
    optional: bool = False


@dataclass
class Record:
    """A change as the journal holds it (`detail` and `result` are JSON data)."""

    seq: int
    id: str
    began: str
    ended: str | None
    state: str
    action: str
    who: dict
    main_file: str
    repeat_key: str | None
    detail: dict
    result: dict | None
    files: list[FileRecord] = field(default_factory=list)


def now() -> str:
    """Local time with its UTC offset, to the second (2026-12-03T15:42:07+00:00)."""
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def journal_path(folder: str) -> str:
    return os.path.join(folder, JOURNAL_NAME)


def _kind(path: str) -> str | None:
    """None for a regular file or no file; else what is there instead (refused)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError:
        return "unreadable"
    if stat.S_ISREG(mode):
        return None
    return "symlink" if stat.S_ISLNK(mode) else "not_a_file"


def _looks_ours(path: str) -> bool:
    """A SQLite database with our application id, or an empty file (a journal whose creator was
    killed before its first commit); read from a descriptor that follows no link."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        head = os.read(fd, 100)
    finally:
        os.close(fd)
    if not head:
        return True
    # Application id 0: a journal just made whose first commit is still only in its -wal file
    # (its creator, or a run beside it, has not checkpointed yet); SQLite then reads the id
    # through the log, and _connect refuses another program's database by its tables.
    return len(head) == 100 and head.startswith(_HEADER) and int.from_bytes(head[68:72], "big") in (0, APPLICATION_ID)


def read_content(real: str, quiet: bool = False) -> bytes | None:
    """A file's content at its real path, a symlink there not followed; None when there is no
    such file (and, when `quiet`, when it cannot be opened at all)."""
    try:
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError:
        if not quiet:
            raise
        return None
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def set_aside(folder: str, why: str) -> str:
    """Move the journal (and its -wal and -shm files) aside under a dated name; returns that name."""
    stamp = datetime.datetime.now().strftime("%Y%m%dT%H%M%S")
    base = f".scorekeeper-journal.{why}-{stamp}"
    for attempt in range(100):
        name = base + (f"-{attempt}" if attempt else "") + ".sqlite"
        if not os.path.lexists(os.path.join(folder, name)):
            break
    for suffix in ("", "-wal", "-shm"):
        source = journal_path(folder) + suffix
        if os.path.lexists(source):
            os.rename(source, os.path.join(folder, name + suffix))  # rename moves a link, never its target
    return name


def _folder_identity(folder: str) -> str:
    st = os.stat(folder)
    return f"{os.path.realpath(folder)}\n{st.st_dev}:{st.st_ino}"


def _same_folder(recorded: str, here: str) -> bool:
    """The journal's folder is this one: the same path, or the same folder moved or renamed on
    its file system (the same device and inode); a copy, or another folder, is neither."""
    then_path, _, then_id = recorded.partition("\n")
    now_path, _, now_id = here.partition("\n")
    return then_path == now_path or (bool(then_id) and then_id == now_id)


class Journal:
    """An open journal. Every write is one IMMEDIATE transaction: atomic, durable, one writer at a time."""

    def __init__(self, folder: str, connection: sqlite3.Connection, shown: str = "."):
        self.folder = folder
        self.db = connection
        self.shown_path = JOURNAL_NAME if shown in ("", ".") else os.path.join(shown, JOURNAL_NAME)

    # --- opening -------------------------------------------------------------------------

    @classmethod
    def open(cls, folder: str, create: bool, notices: list[Notice], shown: str) -> Journal | None:
        """The journal of `folder`, or None when there is none (and `create` is false) or it
        cannot be used by a reading command. A writing command (`create`) sets a journal that is
        not ours aside and starts a new one; a reading one only says so."""
        path = journal_path(folder)
        wrong = _kind(path) or next((k for k in (_kind(path + "-wal"), _kind(path + "-shm")) if k), None)
        if wrong is None and os.path.lexists(path) and not _looks_ours(path):
            wrong = "foreign_file"
        if wrong is not None:
            if not create:
                notices.append(Notice("ignored", shown, wrong))
                return None
            notices.append(Notice("set_aside", shown, set_aside(folder, "set-aside")))
        elif not os.path.lexists(path) and not create:
            return None
        try:
            journal = cls._connect(folder, path)
        except JournalUnusable as exc:
            if not create or exc.reason not in ("damaged", "foreign_database"):  # busy, no WAL here: no damage
                notices.append(Notice("ignored" if not create else "unusable", shown, exc.reason))
                return None
            notices.append(Notice("set_aside", shown, set_aside(folder, "damaged")))
            try:
                journal = cls._connect(folder, path)
            except JournalUnusable as again:
                notices.append(Notice("unusable", shown, again.reason))
                return None
        journal.shown_path = JOURNAL_NAME if shown in ("", ".") else os.path.join(shown, JOURNAL_NAME)
        try:
            journal._adopt(notices, shown, create)
        except sqlite3.Error:
            journal.close()
            notices.append(Notice("unusable", shown, "locked"))
            return None
        return journal

    @classmethod
    def _connect(cls, folder: str, path: str) -> Journal:
        try:
            db = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise JournalUnusable("cannot_open") from exc
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            if db.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
                raise JournalUnusable("no_wal")
            db.execute("PRAGMA synchronous = FULL")
            db.execute("PRAGMA trusted_schema = OFF")
            application = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if application == 0 and version == 0:
                with _immediate(db):
                    if (
                        db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                        and not db.execute("PRAGMA user_version").fetchone()[0]
                    ):
                        raise JournalUnusable("foreign_database")  # another program's tables, not an empty file
                    if db.execute("PRAGMA user_version").fetchone()[0] == 0:  # nobody made it meanwhile
                        for statement in _SCHEMA.split(";"):
                            if statement.strip():
                                db.execute(statement)
                        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                        db.execute(
                            "INSERT INTO meta VALUES ('folder', ?), ('created', ?)", (_folder_identity(folder), now())
                        )
                # The header (our application id) into the file itself, not only the log: a
                # command beside this one then knows the file for ours at its first read.
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                application = db.execute("PRAGMA application_id").fetchone()[0]
                version = db.execute("PRAGMA user_version").fetchone()[0]
            if application != APPLICATION_ID or version != SCHEMA_VERSION:
                raise JournalUnusable("foreign_database")
            # Nothing of its own may run when it is written: a planted trigger or view is not ours.
            if db.execute("SELECT count(*) FROM sqlite_master WHERE type IN ('trigger', 'view')").fetchone()[0]:
                raise JournalUnusable("foreign_database")
            db.execute("SELECT count(*) FROM changes").fetchone()
        except sqlite3.DatabaseError as exc:
            db.close()
            raise JournalUnusable("damaged" if _is_damage(exc) else "busy") from exc
        except BaseException:
            db.close()
            raise
        return cls(folder, db)

    def _adopt(self, notices: list[Notice], shown: str, writing: bool) -> None:
        """A journal carried from another folder keeps its history, but its pending changes are
        never applied here (set_aside); a writing command makes it this folder's."""
        row = self.db.execute("SELECT value FROM meta WHERE key = 'folder'").fetchone()
        here = _folder_identity(self.folder)
        if row is not None and _same_folder(row[0], here):
            if row[0] != here and writing:  # moved: it is this folder's journal now
                self._write("INSERT OR REPLACE INTO meta VALUES ('folder', ?)", (here,))
            return
        pending = self.db.execute("SELECT count(*) FROM changes WHERE state = ?", (PENDING,)).fetchone()[0]
        if not writing:
            if pending:
                notices.append(Notice("foreign_pending", shown, str(pending)))
            self.foreign = True
            return
        with _immediate(self.db):
            self.db.execute("UPDATE changes SET state = ?, ended = ? WHERE state = ?", (SET_ASIDE, now(), PENDING))
            self.db.execute("UPDATE files SET before = NULL, after = NULL")
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('folder', ?)", (here,))
        notices.append(Notice("adopted", shown, str(pending)))

    foreign = False

    @_guarded
    def _write(self, sql: str, params: tuple) -> None:
        with _immediate(self.db):
            self.db.execute(sql, params)

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.db.close()

    # --- writing ---------------------------------------------------------------------------

    @_guarded
    def begin(
        self, change_id: str, action: str, who: dict, main_file: str, repeat_key, detail: dict, files
    ) -> tuple[int, str]:
        """Write a change as pending, with each file's contents, durably; returns its seq and when."""
        began = now()
        with _immediate(self.db):
            seq = self.db.execute(
                "INSERT INTO changes (id, began, state, action, who, main_file, repeat_key, detail)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (change_id, began, PENDING, action, _json(who), main_file, repeat_key, _json(detail)),
            ).lastrowid
            # sqlite3 leaves lastrowid None only when no row was inserted; this INSERT either adds
            # the change's row or raises (its id is UNIQUE), so seq is the new row's seq here
            assert seq is not None
            self.db.executemany(
                "INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (seq, n, f.path, f.before_hash, f.after_hash, f.before, f.after, int(f.optional))
                    for n, f in enumerate(files)
                ],
            )
        return seq, began

    @_guarded
    def finish(self, seq: int, state: str, result: dict | None = None) -> None:
        """Mark a change done (or completed, rolled back, in conflict); its contents are dropped
        (the hashes stay): the files themselves hold the state."""
        with _immediate(self.db):
            self.db.execute(
                "UPDATE changes SET state = ?, ended = ?, result = ? WHERE seq = ?",
                (state, now(), None if result is None else _json(result), seq),
            )
            self.db.execute("UPDATE files SET before = NULL, after = NULL WHERE seq = ?", (seq,))

    # --- reading ---------------------------------------------------------------------------

    @_guarded
    def _records(self, where: str, params: tuple, contents: bool = False, limit: int | None = None) -> list[Record]:
        sql = (
            "SELECT seq, id, began, ended, state, action, who, main_file, repeat_key, detail, result FROM changes "
            + where
        )
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        records = []
        for row in self.db.execute(sql, params).fetchall():
            records.append(
                Record(
                    row[0], row[1], row[2], row[3], row[4], row[5], _loads(row[6]), row[7], row[8],
                    _loads(row[9]), None if row[10] is None else _loads(row[10]),
                )
            )  # fmt: skip
        if records:
            columns = "path, before_hash, after_hash, before, after, optional" if contents else (
                "path, before_hash, after_hash, NULL, NULL, optional"
            )  # fmt: skip
            by_seq = {record.seq: record for record in records}
            marks = ",".join("?" * len(by_seq))
            for seq, *rest in self.db.execute(
                f"SELECT seq, {columns} FROM files WHERE seq IN ({marks}) ORDER BY seq, position", tuple(by_seq)
            ):
                path, before_hash, after_hash, before, after, optional = rest
                by_seq[seq].files.append(FileRecord(path, before_hash, after_hash, before, after, bool(optional)))
        return records

    def find(self, change_id: str) -> Record | None:
        found = self._records("WHERE id = ?", (change_id,))
        return found[0] if found else None

    def pending(self) -> list[Record]:
        return self._records("WHERE state = ? ORDER BY seq", (PENDING,), contents=True)

    @_guarded
    def last_applied(self, path: str) -> Record | None:
        """The last change applied to the file at `path` (relative to the folder)."""
        row = self.db.execute(
            "SELECT max(files.seq) FROM files JOIN changes ON changes.seq = files.seq"
            " WHERE files.path = ? AND changes.state IN (?, ?)",
            (path, *APPLIED),
        ).fetchone()
        if row is None or row[0] is None:
            return None
        return self._records("WHERE seq = ?", (row[0],))[0]

    @_guarded
    def history(self, paths: list[str] | None, limit: int) -> list[Record]:
        """Every change (of the files at `paths`, relative to the folder, when given), in order."""
        # The newest `limit` of them, oldest first: a journal holding more shows its latest changes.
        if paths is None:
            newest = self._records("ORDER BY seq DESC", (), limit=limit)
        else:
            marks = ",".join("?" * len(paths))
            newest = self._records(
                f"WHERE seq IN (SELECT seq FROM files WHERE path IN ({marks})) ORDER BY seq DESC",
                tuple(paths),
                limit=limit,
            )
        return newest[::-1]


def _is_damage(exc: sqlite3.DatabaseError) -> bool:
    """Whether SQLite says the file is no database or a damaged one (then it is set aside), as
    opposed to busy, locked or unreadable now (then it is left alone and the command says so)."""
    name = getattr(exc, "sqlite_errorname", "")  # Python 3.11+
    if name:
        return name.startswith("SQLITE_CORRUPT") or name in ("SQLITE_NOTADB", "SQLITE_FORMAT")
    text = str(exc).lower()
    return not isinstance(exc, sqlite3.OperationalError) or "malformed" in text or "not a database" in text


def _loads(text: str):
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value
