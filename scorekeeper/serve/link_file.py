"""The file that keeps the score pad's secrets between runs (issue 25, point 5): each table's
link token, the organiser's, and the key that signs the session cookie and the CSRF tokens, so
that a table's link and QR code, and a form left open, still work after `serve` is restarted
and in every round. It lives beside what is served (`.NAME.links.json` beside a tournament
file or a sheet, `.scorekeeper-links.json` in a folder: a hidden file, never listed as a sheet).

Whoever reads it can write every table's sheet, so it is created 0600 and read only when it is
a regular file of this user's that nobody else may read or write: never through a symbolic link
(O_NOFOLLOW, and the checks are made on the open file), never another user's, never one with
group or other permissions; each is refused in one line. It is replaced atomically (a temporary
file created with O_EXCL | O_NOFOLLOW, 0600, fsynced and renamed over it) under the writer lock
sheets use, so `scorekeeper links --new-link` and a running `serve` never lose each other's
change. No Flask here: the command line reads and writes it too.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import stat
import time

from scorekeeper.errors import ScorekeeperError, SheetLockedError
from scorekeeper.i18n import _
from scorekeeper.sheet.saving import writer_lock

FOLDER_FILE = ".scorekeeper-links.json"
MAX_BYTES = 1024 * 1024  # ids of at most 64 characters and tokens of 32: thousands of tables fit
LOCK_WAIT = 2.0  # seconds an update waits for another (a `links` command, another server)
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}\Z")
_KEY = re.compile(r"[0-9a-f]{64}\Z")
_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


class LinkFileError(ScorekeeperError):
    """A links file that may not be used (another user's, readable by others, a link, no JSON
    of ours), or one that cannot be written."""


class LinkFileWriteError(LinkFileError):
    """A links file that cannot be written (a read-only folder, a full disk)."""


def path_for(served: str) -> str:
    """Where the links of `served` (a tournament file, a folder, a sheet) are kept."""
    served = os.path.abspath(os.fspath(served))
    if os.path.isdir(served):
        return os.path.join(served, FOLDER_FILE)
    folder, name = os.path.split(served)
    return os.path.join(folder, f".{name}.links.json")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def fresh() -> dict:
    """A new set of secrets: the signing key, the organiser's token, no table's yet."""
    return {"key": secrets.token_hex(32), "organiser": new_token(), "tables": {}}


def read(path: str) -> dict | None:
    """The secrets kept at `path`, or None when there is no file there yet."""
    try:
        fd = os.open(path, os.O_RDONLY | _FLAGS | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        if os.path.islink(path):
            raise LinkFileError(_("is a symbolic link: refused; remove it"), path) from None
        raise LinkFileError(_("cannot be read: {reason}").format(reason=exc.strerror or exc), path) from None
    try:
        refuse_unsafe(os.fstat(fd), path)
        data = b""
        while len(data) <= MAX_BYTES:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            data += chunk
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise LinkFileError(_("is larger than a links file ({most} bytes): refused").format(most=MAX_BYTES), path)
    return _parse(data, path)


def refuse_unsafe(st: os.stat_result, path: str) -> None:
    """A links file is used only when it is a regular file of this user's that no one else may
    read or write (each refusal one line, saying what to do)."""
    if not stat.S_ISREG(st.st_mode):
        raise LinkFileError(_("is not a regular file: refused; remove it"), path)
    if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
        raise LinkFileError(_("belongs to another user: refused (its links are not yours to serve)"), path)
    if st.st_mode & 0o077:
        raise LinkFileError(
            _("may be read or written by others (mode {mode}): its links are no longer secret; run {command}").format(
                mode=f"{stat.S_IMODE(st.st_mode):04o}", command=f"chmod 600 {os.path.basename(path)}"
            ),
            path,
        )


def _parse(data: bytes, path: str) -> dict:
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        doc = None
    tables = doc.get("tables") if isinstance(doc, dict) else None
    if (
        not isinstance(doc, dict)
        or not isinstance(doc.get("key"), str)
        or not _KEY.match(doc["key"])
        or not isinstance(doc.get("organiser"), str)
        or not _TOKEN.match(doc["organiser"])
        or not isinstance(tables, dict)
        or not all(isinstance(k, str) and isinstance(v, str) and _TOKEN.match(v) for k, v in tables.items())
    ):
        raise LinkFileError(_("is not a links file scorekeeper wrote: refused; remove it to make new links"), path)
    return {"key": doc["key"], "organiser": doc["organiser"], "tables": dict(tables)}


def update(path: str, change) -> dict:
    """Read the secrets at `path` (new ones when there is no file), apply `change` (a function
    that edits the dict in place) and write them back, atomically, under the file's writer lock
    (waiting up to LOCK_WAIT for another writer). Returns the secrets as written."""
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            with writer_lock(path):
                secrets_ = read(path) or fresh()
                change(secrets_)
                write_private(path, json.dumps(secrets_, indent=1, sort_keys=True).encode("utf-8") + b"\n")
                return secrets_
        except SheetLockedError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def write_private(path: str, data: bytes) -> None:
    """Replace the file at `path` (never what a symbolic link there points at: the rename
    replaces the link itself) with `data`, readable and writable by its owner only (0600),
    whole or not at all: the links file, and the printable sheet of links (`links --html`)."""
    folder, name = os.path.split(path)
    temp = os.path.join(folder, f".{name}.{secrets.token_hex(8)}.tmp")  # writer_lock cleans a killed run's
    renamed = False
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _FLAGS, 0o600)
    except OSError as exc:
        raise LinkFileWriteError(_("cannot be written: {reason}").format(reason=exc.strerror or exc), path) from None
    try:
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, 0o600)  # whatever the umask
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
        renamed = True
    except OSError as exc:
        raise LinkFileWriteError(_("cannot be written: {reason}").format(reason=exc.strerror or exc), path) from None
    finally:
        if not renamed:
            with contextlib.suppress(OSError):
                os.unlink(temp)
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
