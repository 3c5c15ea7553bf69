"""A count on standard error for a command that keeps a terminal waiting: shown after a second,
redrawn at most five times a second, wiped at the end, and only when standard error is a
terminal (a log or a pipe gets nothing)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from scorekeeper.i18n import _, grouped

DELAY = 1.0  # seconds before anything is shown: a quick command shows nothing
EVERY = 0.2


class Progress:
    """`tick(done)` as work is done; `close()` when it ends."""

    def __init__(self, what: str, total: int, stream: TextIO | None = None, enabled: bool = True):
        self.what, self.total = what, total
        self.stream = stream if stream is not None else sys.stderr
        # Never on anything but a terminal; `enabled` False keeps it off even there.
        self.enabled = enabled is not False and bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = time.monotonic()
        self.last = 0.0
        self.width = 0

    def tick(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.start < DELAY or now - self.last < EVERY:
            return
        self.last = now
        text = _("{what}: {done} of {total}").format(what=self.what, done=grouped(done), total=grouped(self.total))
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def close(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
