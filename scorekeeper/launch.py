"""The console script's first code: Ctrl-C ends any command quietly with exit code 130.

It installs the SIGINT handler before click, yaml or any of scorekeeper's own modules are
imported, so an interrupt during start-up is as quiet as one during a save. The handler
raises `Interrupted`, a BaseException that click does not turn into "Aborted!" (exit 1, which
`check` uses for "the sheet has errors"); on its way out every `finally` runs, so the writer
lock and a half-written temporary file are cleaned up and the sheet is never half-saved.
"""
from __future__ import annotations

import signal
import sys

INTERRUPTED = 130  # 128 + SIGINT, what shells report for a command stopped by Ctrl-C


class Interrupted(BaseException):
    """The user pressed Ctrl-C (SIGINT)."""


def _on_interrupt(signum, frame):
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the clean-up short
    raise Interrupted


def main() -> None:
    """Run the CLI; Ctrl-C at any point exits 130 with no traceback and no "Aborted!"."""
    signal.signal(signal.SIGINT, _on_interrupt)
    try:
        from scorekeeper.cli import main as cli_main

        cli_main()
    except Interrupted:
        if sys.stderr is not None and sys.stderr.isatty():
            sys.stderr.write("\n")  # the shell's prompt starts on a line of its own after ^C
        sys.exit(INTERRUPTED)
