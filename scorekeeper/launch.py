"""The console script's first code: Ctrl-C ends any command quietly with exit code 130.

It installs the SIGINT handler before click, yaml or any of scorekeeper's own modules are
imported, so an interrupt during start-up is as quiet as one during a save. The handler
raises `Interrupted`, a BaseException that click does not turn into "Aborted!" (exit 1, which
`check` uses for "the sheet has errors"); on its way out every `finally` runs, so the writer
lock and a half-written temporary file are cleaned up and the sheet is never half-saved.
"""

from __future__ import annotations

import gc
import signal
import sys


class Interrupted(BaseException):
    """The user pressed Ctrl-C (SIGINT), or the process was asked to stop (SIGTERM)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.exit_code = 128 + signum  # what shells report: 130 for Ctrl-C, 143 for SIGTERM


def _on_interrupt(signum, frame):
    for each in STOPPING:
        signal.signal(each, signal.SIG_IGN)  # a second signal must not cut the clean-up short
    raise Interrupted(signum)


# SIGTERM (`timeout`, `kill`, a closing session) ends a run as cleanly as Ctrl-C: the lock file
# and a half-written temporary file are removed on the way out.
STOPPING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name))


def main() -> None:
    """Run the CLI; Ctrl-C at any point exits 130 with no traceback and no "Aborted!"."""
    # A command allocates by the hundred thousand (its imports; a season's tournament file of
    # 2,500 tables, each a few dozen objects) and makes almost no reference cycle: at the default
    # threshold (700) the youngest generation was walked hundreds of times, and the older ones,
    # walking all that was kept, a dozen times, to find nothing (a sixth of a season's standings,
    # a twentieth of `check` of one sheet). Every 20,000 allocations collects the same garbage,
    # with some megabytes at most of cycles waiting meanwhile, in the score pad too (issue 26).
    gc.set_threshold(20_000, 10, 10)
    try:
        # Inside the try: a Ctrl-C that lands between installing the SIGINT handler and the
        # SIGTERM one is already ours, and must end as quietly as any other.
        for each in STOPPING:
            signal.signal(each, _on_interrupt)
        from scorekeeper.output.terminal import guard_streams  # lazy: after the signal handlers

        guard_streams()  # before anything is printed: a name the terminal cannot show never fails a command
        from scorekeeper.cli import main as cli_main  # lazy: as above

        # What is loaded by now (click, yaml, the command line) lives until the process ends: the
        # collector's passes, the last one at exit included, would walk it all to find nothing.
        # Frozen, they leave it out (a fifth of `check`'s own work on one sheet; issue 26).
        gc.freeze()
        cli_main()
    except Interrupted as stopped:
        if sys.stderr is not None and sys.stderr.isatty():
            sys.stderr.write("\n")  # the shell's prompt starts on a line of its own after ^C
        sys.exit(stopped.exit_code)
