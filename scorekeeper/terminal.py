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
"""
from __future__ import annotations

import io
import sys

ESCAPE = "backslashreplace"  # `\u03a9`, `\xe9`: what the terminal cannot show, shown as Python writes it


class TerminalStream(io.TextIOBase):
    """A text stream (standard output or error) that writes what its encoding cannot hold
    escaped instead of raising UnicodeEncodeError; everything else is the stream's own."""

    def __init__(self, stream):
        super().__init__()
        self.stream = stream  # the text stream Python opened

    @property
    def encoding(self) -> str:
        return getattr(self.stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:
        return ESCAPE

    @property
    def name(self):
        return getattr(self.stream, "name", "<terminal>")

    def write(self, text) -> int:
        if not isinstance(text, str):  # click asks with b"" whether a stream is binary: it is not
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        try:
            self.stream.write(text)  # a text stream encodes the whole text before it writes any of it
        except UnicodeEncodeError:
            self.stream.write(text.encode(self.encoding, ESCAPE).decode(self.encoding))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

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
            setattr(sys, name, TerminalStream(stream))
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="surrogateescape")
        except (OSError, ValueError):  # a closed or detached standard input: there is nothing to read
            pass


def encoding(err: bool = False) -> str:
    """The encoding of standard output (or error, `err`): what the terminal can show."""
    stream = sys.stderr if err else sys.stdout
    return getattr(stream, "encoding", None) or "utf-8"


def holds_everything(name: str) -> bool:
    """Whether an encoding holds every character (a UTF), so nothing need be escaped for it."""
    import codecs

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


def unshowable(err: bool = False):
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


def write_file_text(text: str) -> None:
    """A file's text on standard output (`import -o -`): to a file or a pipe it is the file, in
    UTF-8 as every sheet is, whatever the terminal's encoding (an escaped `\\u03a9` would be
    another name); on a terminal it is read, and shown as everything else is."""
    stream = sys.stdout
    if stream is None:
        return
    if stream.isatty():
        from scorekeeper.report import terminal_safe

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
