"""Whether a file a tournament names is inside the tournament's folder: its sheets and its
registries may be read only from there (a tournament file comes from strangers, and what it
names is read and quoted in messages)."""

from __future__ import annotations

import os


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
