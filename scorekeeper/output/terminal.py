"""The one writer of everything scorekeeper prints: standard output and standard error as
`guard_streams` leaves them, which click's `echo` and `prompt`, tables, CSV, JSON and every
error line all go through.

A terminal set to Latin-1, cp1252 or ASCII (`PYTHONIOENCODING`, an old Windows console) cannot
show a name such as 'Ωmega'. Python would raise UnicodeEncodeError at the print, which comes
after the save: a hand recorded, then reported as a failure, and recorded again by a scorer who
retries. Here what the encoding cannot hold is written escaped as Python writes it (`\\u03a9mega`)
and the command goes on; its exit status says what happened to the file.

The streams are wrapped rather than only reconfigured: click takes an ASCII stream for a
misconfigured one and writes UTF-8 past it, through its `buffer`; the wrapper has no `buffer`,
so click's own messages (usage errors, help, prompts) are written the same way as ours.

For the same reason, output that cannot be written at all (standard output on a full disk)
fails the command only while nothing is saved: after a save (sheet/saved_files.py), the rest of the output
is dropped, one line on standard error says so at the end, and the exit status is the one the
command would have had.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import sys
from collections.abc import Callable
from typing import TextIO

from scorekeeper.errors import one_line
from scorekeeper.i18n import N_, _
from scorekeeper.sheet.saved_files import forget_saved as forget_saved  # the CLI's group starts a run with it
from scorekeeper.sheet.saved_files import saved_paths

ESCAPE = "backslashreplace"  # `\u03a9`, `\xe9`: what the terminal cannot show, shown as Python writes it
STREAM_NAMES = {"stdout": N_("standard output"), "stderr": N_("standard error")}


class OutputError(OSError):
    """Standard output or error could not be written (a full disk, a device error): its
    `filename` is the stream's name in the language in use."""


class TerminalStream(io.TextIOBase):
    """A text stream (standard output or error) that writes what its encoding cannot hold
    escaped instead of raising UnicodeEncodeError; everything else is the stream's own."""

    def __init__(self, stream: TextIO, label: str = STREAM_NAMES["stdout"]):
        super().__init__()
        self.stream = stream  # the text stream Python opened
        self.label = label  # its name in messages, a message id
        self.lost: OSError | None = None  # why output after a save could not be written

    # TextIOBase declares `encoding` and `errors` plain attributes; a wrapper's are read-only, as
    # the wrapped stream's own are (assigning them raises AttributeError on sys.stdout too).
    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return ESCAPE

    @property
    def name(self) -> object:  # a file's name, or a descriptor's number (open(fd))
        return getattr(self.stream, "name", "<terminal>")

    def write(self, text: object) -> int:
        if not isinstance(text, str):  # click asks with b"" whether a stream is binary: it is not
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        try:
            try:
                self.stream.write(text)  # a text stream encodes the whole text before it writes any of it
            except UnicodeEncodeError:
                self.stream.write(text.encode(self.encoding, ESCAPE).decode(self.encoding))
        except OSError as exc:
            self._failed(exc)
        return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as exc:
            self._failed(exc)

    def _failed(self, exc: OSError) -> None:
        """Output that cannot be written: an error naming the stream while nothing is saved;
        after a save, dropped, and said at the end. A reader that went away (`| head`, `| true`)
        is no failure at all: the rest of the output is dropped unsaid and the command ends with
        the status its work deserves (raised, the closed pipe became click's exit 1, even after a
        hand was saved)."""
        if isinstance(exc, BrokenPipeError):
            self._drop()
            return
        if not saved_paths():
            raise OutputError(exc.errno, exc.strerror, _(self.label)) from None
        if self.lost is None:
            self.lost = exc
            self._drop()

    def _drop(self) -> None:
        """What is still buffered, and all that follows, goes nowhere, so that Python's own flush
        at exit cannot fail."""
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, io.UnsupportedOperation):
            pass

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True

    def close(self) -> None:  # `| head`: main() closes standard error; the stream it wraps goes too
        super().close()
        self.stream.close()

    def __del__(self) -> None:
        pass  # not closed when collected: the stream it wraps is Python's, and closed by Python


def guard_streams() -> None:
    """Make standard output and error scorekeeper's writers, and let standard input read bytes
    its encoding does not know (they come as lone surrogates, which every name check refuses in
    one line) rather than fail at the prompt after hands were already saved."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, TerminalStream):
            setattr(sys, name, TerminalStream(stream, STREAM_NAMES[name]))
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(OSError, ValueError):  # a closed or detached standard input: nothing to read
            reconfigure(errors="surrogateescape")


def encoding(err: bool = False) -> str:
    """The encoding of standard output (or error, `err`): what the terminal can show."""
    stream = sys.stderr if err else sys.stdout
    return getattr(stream, "encoding", None) or "utf-8"


def holds_everything(name: str) -> bool:
    """Whether an encoding holds every character (a UTF), so nothing need be escaped for it."""
    try:
        return codecs.lookup(name).name.startswith(("utf-8", "utf-16", "utf-32"))
    except LookupError:
        return False


def showable(text: str, err: bool = False) -> str:
    """`text` as the writer will write it (what the encoding cannot hold, escaped): where the
    width of what is shown matters (a table's columns), it is measured on this."""
    if text.isascii():
        return text
    name = encoding(err)
    if holds_everything(name):
        return text
    return text.encode(name, ESCAPE).decode(name)


def unshowable(err: bool = False) -> Callable[[str], bool] | None:
    """A test of one character: True when the terminal's encoding cannot hold it (None when it
    holds every character), for JSON, which escapes such a character in its own way (`\\u00e9`)."""
    name = encoding(err)
    if holds_everything(name):
        return None

    def cannot(ch: str) -> bool:
        try:
            ch.encode(name)
        except UnicodeEncodeError:
            return True
        return False

    return cannot


def terminal_safe(text: str) -> str:
    """Text for the terminal: each line as `one_line` shows it (control characters and escape
    sequences escaped), the line breaks kept."""
    return "\n".join(one_line(line) for line in str(text).split("\n"))


def write_file_text(text: str) -> None:
    """A file's text on standard output (`import -o -`): to a file or a pipe it is the file, in
    UTF-8 as every sheet is, whatever the terminal's encoding (an escaped `\\u03a9` would be
    another name); on a terminal it is read, and shown as everything else is."""
    stream = sys.stdout
    if stream is None:
        return
    if stream.isatty():
        stream.write(terminal_safe(text))
        stream.flush()
        return
    inner = stream.stream if isinstance(stream, TerminalStream) else stream
    buffer = getattr(inner, "buffer", None)
    if buffer is None:  # a text-only stream (a test's): it takes the text as it is
        stream.write(text)
        return
    inner.flush()  # what was written before it comes first
    buffer.write(text.encode("utf-8", "surrogateescape"))
    buffer.flush()


def say_lost_output() -> None:
    """At the end of a run that saved files: one line on standard error for output that could
    not be written after the save (the files are saved; only their report is missing)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, TerminalStream) and stream.lost is not None:
            line = one_line(
                _("{stream}: {reason}; nothing is lost: {paths} saved").format(
                    stream=_(stream.label),
                    reason=_(stream.lost.strerror) if stream.lost.strerror else stream.lost,
                    paths=", ".join(saved_paths()),
                )
            )
            try:
                sys.stderr.write(line + "\n")
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            return
