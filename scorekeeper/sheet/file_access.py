"""Opening the files scorekeeper reads: regular files only, never a FIFO, a device or a
directory, and never more than a stated number of bytes.

A sheet or workbook names files that arrive from strangers (`rules:` paths, a FIFO passed as
a sheet, `/dev/stdin`); reading one of those must end in one line, not a hang. The file is
opened with O_NONBLOCK (so opening a FIFO does not wait for a writer) and checked with fstat
on the descriptor we hold, so what is checked is what is read.
"""

from __future__ import annotations

import os
import stat

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import M_

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def open_regular(path: str, error: type[ScorekeeperError] = ScorekeeperError):
    """An open binary file object for `path` when it is a regular file (a symlink to one is
    followed: the user named it); anything else raises `error` naming the path."""
    fd, _size = _open_fd(path, error)
    try:
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _open_fd(path: str, error: type[ScorekeeperError]) -> tuple[int, int]:
    """open_regular's descriptor, blocking again, and the file's size as fstat gave it."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except IsADirectoryError:
        raise error(M_("is a directory, not a file"), path) from None
    except FileNotFoundError:
        raise error(M_("no such file"), path) from None
    except PermissionError:
        raise error(M_("permission denied"), path) from None
    except OSError as exc:
        raise error(M_("cannot read: {reason}", reason=exc.strerror or str(exc)), path) from None
    except ValueError:  # a NUL byte in the name: no file is called that
        raise error(M_("no such file"), path) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(M_("is a directory, not a file"), path)
        if not stat.S_ISREG(info.st_mode):
            raise error(M_("is not a regular file (a pipe, device or socket): refused"), path)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return fd, info.st_size
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str, limit: int, error: type[ScorekeeperError] = ScorekeeperError) -> bytes:
    """Up to `limit` + 1 bytes of a regular file (one byte more tells the caller it is too big).

    Read from the descriptor itself, with the size its one fstat gave: a file object (its buffer,
    a second fstat) cost as much again as the reading, for each of a season's 3,000 sheets."""
    fd, st_size = _open_fd(path, error)
    try:
        # Ask for what the file holds (plus one byte, to see it grew), not for `limit`: a
        # read of 1 MiB allocates 1 MiB for a 2 KiB sheet, which was most of `check`'s time.
        size = min(st_size, limit)
        data = _read_up_to(fd, size + 1)
        if len(data) > size:  # it grew while we looked (or st_size says 0, as in /proc): read on
            data += _read_up_to(fd, limit + 1 - len(data))
        return data
    except OSError as exc:
        raise error(M_("cannot read: {reason}", reason=exc.strerror or str(exc)), path) from None
    finally:
        os.close(fd)


def _read_up_to(fd: int, count: int) -> bytes:
    """`count` bytes from `fd`, or fewer at its end (what a file object's read(count) gives)."""
    parts: list[bytes] = []
    got = 0
    while got < count:
        chunk = os.read(fd, count - got)
        if not chunk:
            break
        parts.append(chunk)
        got += len(chunk)
    return parts[0] if len(parts) == 1 else b"".join(parts)
