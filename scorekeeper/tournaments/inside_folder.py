"""Whether a file a tournament names is inside the tournament's folder: its sheets and its
registries may be read only from there (a tournament file comes from strangers, and what it
names is read and quoted in messages)."""

from __future__ import annotations

import os
import stat


def real_folder(source: str) -> str:
    """The real folder of the file `source` ("" when it cannot be known)."""
    try:
        return os.path.realpath(os.path.dirname(source) or os.curdir)
    except (OSError, ValueError):
        return ""


def inside(path: str, base: str) -> bool:
    """Whether `path`, its links followed, is a file inside the real folder `base`."""
    try:
        real = os.path.realpath(path)
        return bool(base) and os.path.commonpath([base, real]) == base and real != base
    except (OSError, ValueError):
        return False


def looked_at(path: str, name: str, base: str) -> tuple[bool, os.stat_result | None]:
    """Whether the file `name` (as the tournament file writes it; `path` where it is, beside
    that file) leads out of the real folder `base` of that file, and its stat when it is inside
    (None when no file is there, or it is outside).

    A plain file name that is no link is the folder's own file: one lstat answers both, where
    walking its path for its real name took more than the reading of the file (a season's 3,000
    sheets); anything else (a link, a folder in the name, `..`, no file) is asked the long way."""
    if base and name not in ("", os.curdir, os.pardir) and not _has_separator(name):
        try:
            info = os.lstat(path)
        except (OSError, ValueError):
            info = None
        if info is not None and not stat.S_ISLNK(info.st_mode):
            return False, info  # not a link: stat would say the same
    outside = os.path.lexists(path) and not inside(path, base)
    try:
        return outside, None if outside else os.stat(path)
    except OSError:
        return outside, None


def _has_separator(name: str) -> bool:
    """Whether a name holds more than a file name: a folder, a drive, or a NUL byte."""
    return (
        "/" in name
        or os.sep in name
        or (os.altsep is not None and os.altsep in name)
        or "\0" in name
        or bool(os.path.splitdrive(name)[0])
    )
