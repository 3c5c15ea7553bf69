"""Writing sheet files safely: atomic saves and one writer at a time (the edits of a sheet's
text that keep the scorer's own layout and comments are sheet/yaml_edit.py's).

Nothing but the sheet, its lock (`.NAME.lock`) and its temporary file (`.NAME.RANDOM.tmp`)
is ever created, written or replaced here (the folder's journal is journal/'s): the lock and
the temporary file are created with O_CREAT | O_EXCL | O_NOFOLLOW beside the sheet's real
path, so a planted symlink, hard link or FIFO is never written.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import secrets
import stat
import sys

from scorekeeper.errors import SheetFormatError, SheetLockedError
from scorekeeper.i18n import M_, Message
from scorekeeper.sheet.saved_files import note_saved

NAME_MAX = 255  # bytes in one file name on every common file system
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_CREATE_FLAGS = os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY
_TEMP_TAIL = re.compile(r"\.(?:[0-9a-f]{16}|[0-9]{1,10})\.tmp")  # ours, and the pid names of older versions


class SheetWriteError(SheetFormatError):
    """A sheet (or workbook) that cannot be saved: read-only, no such folder, disk full, a planted lock."""


# --- where the sheet, its lock and its temporary files are ------------------------------


def real_path(path: str, name: str | None = None) -> str:
    """The sheet's real path (symlinks resolved once: the lock and the save both use it);
    a symlink to nothing, or a loop, is refused naming `name`."""
    name = name or path
    target = os.path.realpath(path)
    if (os.path.lexists(path) and not os.path.lexists(target)) or os.path.islink(target):
        raise SheetWriteError(M_("is a symbolic link to nothing (or a loop of links): refused"), name)
    return target


def _stem(target: str) -> str:
    """The sheet's name as used in its lock and temporary file names: a name so long that
    `.NAME.<16 hex>.tmp` would pass NAME_MAX is cut and completed with a hash of the whole."""
    base = os.path.basename(target)
    raw = base.encode("utf-8", "surrogateescape")
    if len(raw) + len(".0123456789abcdef.tmp") + 1 <= NAME_MAX:
        return base
    digest = hashlib.sha256(raw).hexdigest()[:16]
    return raw[:100].decode("utf-8", "ignore") + "~" + digest


def lock_path_of(target: str) -> str:
    """The lock file of the sheet at real path `target`."""
    return os.path.join(os.path.dirname(target), f".{_stem(target)}.lock")


def _temp_path(target: str) -> str:
    return os.path.join(os.path.dirname(target), f".{_stem(target)}.{secrets.token_hex(8)}.tmp")


def _is_temp_of(file_name: str, stem: str) -> bool:
    prefix = f".{stem}"
    return file_name.startswith(prefix) and _TEMP_TAIL.fullmatch(file_name, len(prefix)) is not None


def remove_stale_temps(target: str, names: list[str] | None = None) -> list[str]:
    """Remove the temporary files of this sheet that killed runs left behind (call it holding
    the writer lock, so none of them is being written). Only regular files and symlinks (the
    link, never what it points to) are removed. Returns the names removed. `names`: the
    folder's file names ending in .tmp, when the caller listed them once for many sheets."""
    folder, stem = os.path.dirname(target), _stem(target)
    removed: list[str] = []
    if names is None:
        try:
            names = [entry.name for entry in os.scandir(folder)]
        except OSError:
            return removed
    for name in names:
        if not _is_temp_of(name, stem):
            continue
        path = os.path.join(folder, name)
        try:
            mode = os.lstat(path).st_mode
            if stat.S_ISREG(mode) or stat.S_ISLNK(mode):
                os.unlink(path)
                removed.append(name)
        except OSError:
            continue  # someone else's, or gone already: not ours to fight over
    return removed


def temp_names(folder: str) -> list[str]:
    """The names in `folder` that may be temporary files (for writer_lock's `temps`)."""
    try:
        return [entry.name for entry in os.scandir(folder or os.curdir) if entry.name.endswith(".tmp")]
    except OSError:
        return []


def _why(exc: OSError) -> str | Message:
    if exc.errno == errno.ENOSPC:
        return M_("no space left on the disk")
    if exc.errno == getattr(errno, "EDQUOT", errno.ENOSPC):
        return M_("disk quota exceeded")
    if exc.errno == errno.ENAMETOOLONG:
        return M_("file name too long")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return M_("permission denied")
    if exc.errno == errno.EROFS:
        return M_("read-only file system")
    return (exc.strerror or str(exc)).lower()  # the system's own words


def _check_folder(target: str, name: str) -> None:
    """The folder the file goes in must exist (named as typed)."""
    if not os.path.isdir(os.path.dirname(target)):
        raise SheetWriteError(M_("the folder {folder} does not exist", folder=os.path.dirname(name) or "."), name)


def _check_writable(target: str, name: str) -> None:
    """A read-only sheet is refused before anything is written (root included: the mode bits count)."""
    try:
        st = os.stat(target)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise SheetWriteError(M_("cannot save: {reason}", reason=_why(exc)), name) from None
    if not stat.S_ISREG(st.st_mode):
        raise SheetWriteError(M_("is not a regular file: refused"), name)
    if not st.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise SheetWriteError(M_("is read-only: not changed (make it writable first)"), name)


# --- saving -----------------------------------------------------------------------------


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def atomic_write(path: str, content: str | bytes, name: str | None = None) -> None:
    """Replace `path` (written through to its real path when it is a symlink) with `content`, so
    that a crash leaves either the old or the new file whole: write a temporary file beside it,
    fsync it, rename it over, fsync the folder. Call it holding writer_lock (write_new does).
    Any failure is a SheetWriteError naming `name` (default: `path`), and leaves no temporary file."""
    name = name or path
    target = real_path(path, name)
    _check_folder(target, name)
    _check_writable(target, name)
    try:
        mode = os.stat(target).st_mode & 0o777
    except FileNotFoundError:
        mode = None  # a new file: 0o644 narrowed by the umask, as the user asks
    data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
    temp = None
    try:
        for _attempt in range(8):
            temp = _temp_path(target)
            try:
                fd = os.open(temp, os.O_WRONLY | _CREATE_FLAGS, 0o644 if mode is None else mode)
                break
            except FileExistsError:  # planted, or a one in 2**64 coincidence: another name
                temp = None
        else:
            raise SheetWriteError(M_("cannot create a temporary file beside it"), name)
        try:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, mode)  # the sheet's own mode: the umask must not narrow it
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
        temp = None
        note_saved(name)  # from here on, output that cannot be written does not fail the command
    except OSError as exc:
        raise SheetWriteError(M_("cannot save: {reason}", reason=_why(exc)), name) from None
    finally:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)
    with contextlib.suppress(OSError):
        dir_fd = os.open(os.path.dirname(target), os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def refuse_existing(path: str, force: bool) -> None:
    """Nothing already saved is lost: an existing file is replaced only with --force. Asked
    before any work is done (a workbook built, a boletim read); write_new asks again under the lock."""
    if os.path.exists(path) and not force:
        raise SheetWriteError(M_("already exists; use --force to overwrite it"), path)


def refuse_link_or_existing(path: str, force: bool) -> None:
    """What write_new refuses before it takes the lock: a symlink at `path` (even with
    `force`), a missing folder, an existing file without `force`."""
    if os.path.islink(path):
        raise SheetWriteError(
            M_("is a symbolic link: refused (name the file it points to, if that is what you mean)"), path
        )
    target = real_path(path)
    _check_folder(target, path)
    if os.path.lexists(target) and not force:
        raise SheetWriteError(M_("already exists; use --force to overwrite it"), path)


def write_new(path: str, content: str | bytes, force: bool) -> None:
    """Create (or with `force`, replace) the file at `path` under its writer lock, atomically:
    `new`, `import` and `export` write through this, so a `record` running on the same sheet
    blocks them (and they block it). An existing file without `force`, a symlink (even with
    `force`: in a shared folder a planted `out.xlsx -> ~/.bashrc` would have root's export
    replace that file; `record` writes through a symlinked sheet because it first reads it as a
    sheet), a directory or other non-regular file, or a missing folder is refused with one line."""
    refuse_link_or_existing(path, force)
    with writer_lock(path) as locked:
        if os.path.lexists(locked) and not force:  # created while we waited for the lock
            raise SheetWriteError(M_("already exists; use --force to overwrite it"), path)
        atomic_write(locked, content, name=path)


# --- the writer lock --------------------------------------------------------------------


@contextlib.contextmanager
def writer_lock(path: str, temps: list[str] | None = None):
    """Hold the sheet's writer lock; a second writer is refused with SheetLockedError.
    Yields the sheet's real path, which the holder reads and writes. `temps` (temp_names of the
    folder, listed once): a draw creating hundreds of sheets in a folder of thousands does not
    list the folder again for each one.

    The lock is an flock on `.NAME.lock` beside the sheet's real path (so a symlink and its
    target block each other): the kernel releases it when the process dies (even by kill -9),
    so a crash never leaves the sheet locked. The lock file is removed on the way out, whatever
    the exception; one left by a killed run is replaced, never written.
    """
    target = real_path(path)
    _check_folder(target, path)
    _check_writable(target, path)
    lock_path = lock_path_of(target)
    fd, ours = _acquire(lock_path, path)
    try:
        remove_stale_temps(target, temps)
        yield target
    finally:
        try:
            if ours:
                _unlink_if_same(lock_path, fd)
        finally:
            os.close(fd)


def _acquire(lock_path: str, name: str) -> tuple[int, bool]:
    """A descriptor holding the flock on the file now at `lock_path`, and whether we created
    that file (only then is it ours to write and to remove)."""
    for _attempt in range(100):
        fd, created = _open_lock(lock_path, name)
        held = False
        try:
            try:
                _lock_nonblocking(fd)
            except (BlockingIOError, PermissionError):
                holder = _read_small(fd)
                if holder.isdigit():
                    message = M_(
                        "another scorekeeper is writing this file (process {process}); try again when it is done",
                        process=holder,
                    )
                else:
                    message = M_("another scorekeeper is writing this file; try again when it is done")
                raise SheetLockedError(message, name) from None
            held = True
            if _same_file(lock_path, fd):
                if created:
                    with contextlib.suppress(OSError):  # the id only helps the message; a full disk may refuse it
                        _write_all(fd, str(os.getpid()).encode())
                    return fd, True
                # Left by a run that died (we hold its flock): remove it and create our own with
                # O_EXCL; where we may not remove it (another user's), hold it read-only as it is.
                try:
                    os.unlink(lock_path)
                except FileNotFoundError:
                    pass
                except OSError:
                    return fd, False
            # else the holder before us removed the file between our open and our lock
        except BaseException:
            if created and held:
                _unlink_if_same(lock_path, fd)
            os.close(fd)
            raise
        os.close(fd)
    raise SheetLockedError(M_("the lock file keeps changing; try again"), name)


def _open_lock(lock_path: str, name: str) -> tuple[int, bool]:
    """Create the lock file with O_EXCL (then it is ours), or open the existing one read-only
    without following a symlink; anything but a regular file is refused naming the lock file."""
    while True:
        try:
            fd = os.open(lock_path, os.O_RDWR | _CREATE_FLAGS, 0o644)
        except FileExistsError:
            pass
        except OSError as exc:
            raise SheetWriteError(
                M_("cannot create the lock file {lock}: {reason}", lock=lock_path, reason=_why(exc)), name
            ) from None
        else:
            if hasattr(os, "fchmod"):
                with contextlib.suppress(OSError):
                    os.fchmod(fd, 0o644)  # readable by every user, so theirs can take the flock too
            return fd, True
        try:
            fd = os.open(lock_path, os.O_RDONLY | _NOFOLLOW | _CLOEXEC | getattr(os, "O_NONBLOCK", 0) | _BINARY)
        except FileNotFoundError:
            continue  # its holder removed it just now: create it again
        except OSError as exc:
            if exc.errno == errno.ELOOP or os.path.islink(lock_path):
                raise SheetWriteError(
                    M_("the lock file {lock} is a symbolic link: refused; remove it", lock=lock_path), name
                ) from None
            raise SheetWriteError(
                M_(
                    "cannot open the lock file {lock}: {reason}; remove it if no scorekeeper is running",
                    lock=lock_path,
                    reason=_why(exc),
                ),
                name,
            ) from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise SheetWriteError(
                M_("the lock file {lock} is not a regular file: refused; remove it", lock=lock_path), name
            )
        return fd, False


def _read_small(fd: int) -> str:
    """The process id a lock file holds (at most 32 bytes of it)."""
    with contextlib.suppress(OSError):
        os.lseek(fd, 0, os.SEEK_SET)
        return os.read(fd, 32).decode("ascii", "replace").strip()
    return ""


def _same_file(path: str, fd: int) -> bool:
    try:
        st = os.lstat(path)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)


def _unlink_if_same(path: str, fd: int) -> None:
    """Remove our lock file, and only ours (not a file put in its place meanwhile)."""
    if _same_file(path, fd):
        with contextlib.suppress(OSError):
            os.unlink(path)


def _lock_nonblocking(fd: int) -> None:
    """An exclusive lock on the open file, or BlockingIOError/PermissionError when it is held."""
    if sys.platform == "win32":  # a byte-range lock, also released when the process dies
        import msvcrt  # Windows only

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return
    import fcntl  # POSIX only

    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
