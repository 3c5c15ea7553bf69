"""Domain exceptions. Each carries the place (file and line) it is about.

They are ValueError subclasses so callers that only know Python still catch them;
the CLI turns every one of them into a one-line message and exit code 2.
"""

from __future__ import annotations

import datetime
from typing import Union

from scorekeeper.i18n import M_, Clipped, Joined, Message, Mn_, Mp_, in_words

# What a refusal says, as data: a text already said, a Message, or Messages said one after another.
RefusalWords = Union[str, Message, Joined, Clipped]


class ScorekeeperError(ValueError):
    """Unusable input: a message (a `Message` or `Joined` Messages, said at the edge, or a text)
    and the place it is about."""

    # What the journal did before a change was refused (a killed run's change, completed: a
    # tournaments.day_reports.JournalNews), which the front end says first all the same.
    journal_news: object = None

    def __init__(self, message: RefusalWords, source: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line

    @property
    def location(self) -> str:
        if self.source is None:
            return ""
        if self.line is None:
            return str(self.source)
        return f"{self.source}:{self.line}"

    def __str__(self) -> str:
        where = self.location
        said = in_words(self.message)
        text = f"{where}: {said}" if where else said
        return one_line(text)


# The explicit bidirectional formatting characters (Unicode's Bidi_Control property): U+202E
# shows a name backwards and can make a line of output read as another.
BIDI_CONTROLS = frozenset((0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)))
# And the byte-order mark, which is invisible and makes two spellings of one name.
INVISIBLE = BIDI_CONTROLS | {0xFEFF}
# Unicode's noncharacters (U+FDD0-U+FDEF and the last two of every plane): never text, and
# U+FFFE and U+FFFF are not even allowed in a workbook's XML.
NONCHARACTERS = frozenset(
    (*range(0xFDD0, 0xFDF0), *(plane + last for plane in range(0, 0x110000, 0x10000) for last in (0xFFFE, 0xFFFF)))
)

# Every character that could end a line or drive a terminal: C0 controls (tab, line feed,
# ESC ...), DEL, the C1 controls (NEL among them) and the Unicode line and paragraph separators;
# and the invisible ones, which change how the rest of a line is read, and the noncharacters.
_ESCAPES = {code: f"\\x{code:02x}" for code in (*range(0x20), 0x7F, *range(0x80, 0xA0))}
_ESCAPES.update({ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", 0x2028: "\\u2028", 0x2029: "\\u2029"})
_ESCAPES.update({code: f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}" for code in INVISIBLE | NONCHARACTERS})
_SURROGATES: dict[int, str] = {}


def _surrogate_escapes() -> dict[int, str]:
    """A file name that is no UTF-8 reaches Python as lone surrogates (U+DC80-U+DCFF for its
    bytes): printed, they would be those raw bytes again (0x9b is CSI on an 8-bit terminal).
    Built the first time one is seen, not at every start."""
    if not _SURROGATES:
        _SURROGATES.update({code: f"\\x{code - 0xDC00:02x}" for code in range(0xDC80, 0xDD00)})
        _SURROGATES.update({code: f"\\u{code:04x}" for code in (*range(0xD800, 0xDC80), *range(0xDD00, 0xE000))})
    return _SURROGATES


def one_line(text: str) -> str:
    """Messages quote what was written; a line break, an escape sequence or a direction mark
    (`\\u202e`) in a name must neither break the line nor reach the terminal raw, so each is
    shown escaped."""
    text = text.translate(_ESCAPES)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # only lone surrogates fail: a name's bytes that are no UTF-8
            text = text.translate(_surrogate_escapes())
    return text


QUOTE_LIMIT = 80
MAX_NAME = QUOTE_LIMIT  # messages show a player's or team's name whole, so a name is bounded too


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A text shown as written (a hand's name in `hand 3 (name): ...`), cut after `limit` characters."""
    return text if len(text) <= limit else text[:limit] + "..."


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`value` as a message quotes it, said now in the language in use (see `quoted`)."""
    return in_words(quoted(value, limit))


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str | Message:
    """`value` as a message quotes it: the repr of at most `limit` characters of a text (with
    how long it really was), a short description of a list or mapping, never the repr of a
    structure (an alias bomb expands to billions of items) or of a huge number. What needs
    words (a description, YAML's true) is a Message, said where the refusal is (`in_words`)."""
    if isinstance(value, (str, bytes)):
        if len(value) <= limit:
            return repr(value)
        return Mn_(
            "{text}... ({count} character)", "{text}... ({count} characters)", len(value),
            text=repr(value[:limit]), count=len(value),
        )  # fmt: skip
    if isinstance(value, bool):  # what the sheet holds, as YAML writes it: never Python's True
        return Mp_("a value", "true") if value else Mp_("a value", "false")
    if value is None:  # `key:` with nothing after it, or `~`
        return M_("an empty value")
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return _quoted_number(value, limit)
    return _described(value)


def _quoted_number(value: int, limit: int) -> str | Message:
    digits = len(str(value)) if value.bit_length() <= 200 else None
    if digits is not None and digits <= limit:
        return repr(value)
    about = int(value.bit_length() * 0.30103) + 1
    return Mn_("a number of about {count} digit", "a number of about {count} digits", about, count=about)


def _described(value: object) -> str | Message:
    """A structure or another value, described (never its repr)."""
    if isinstance(value, dict):
        return M_("a mapping") if value else M_("an empty mapping")
    if isinstance(value, (list, tuple)):
        return Mn_("a list of {count} item", "a list of {count} items", len(value), count=len(value))
    if isinstance(value, (set, frozenset)):
        return Mn_("a set of {count} item", "a set of {count} items", len(value), count=len(value))
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return M_("a {type}", type=type(value).__name__)


class RulesError(ScorekeeperError):
    """A rule file that is missing, malformed or inconsistent."""


class UnknownRulesError(RulesError):
    """A rule name or alias that no rule file answers to."""


class SheetFormatError(ScorekeeperError):
    """A sheet file that cannot be read as a score sheet at all."""


class SheetLockedError(ScorekeeperError):
    """Another scorekeeper process is writing the same sheet."""


class InputValueError(ScorekeeperError):
    """A value typed on the command line or at a prompt that cannot be used."""


class RefusedChange(InputValueError):
    """A change that would bring an error into the sheet, refused (not saved): the message says
    the errors, `findings` holds them (each with its code and article)."""

    def __init__(self, message: RefusalWords, source: str | None = None, findings=()):
        super().__init__(message, source)
        self.findings = list(findings)


class StaleSheet(InputValueError):
    """A change made for a sheet of `expected` entries, refused because it now has `now`: someone
    else recorded (or undid) an entry meanwhile."""

    def __init__(self, message: RefusalWords, source: str | None, expected: int, now: int):
        super().__init__(message, source)
        self.expected, self.now = expected, now


class CommandUsageError(ScorekeeperError):
    """Arguments that do not go together (`export --blank` with sheets): the command line was
    used wrongly, and a command line says so as it says its own usage errors."""


class SeatingUsageError(CommandUsageError):
    """Players given for a game of teams, or teams for a game of players: the command line was
    used wrongly, and the command line says so as it says its own usage errors."""


def naming(source: str, func, *args):
    """`func(*args)`, its refusal naming `source` (the file a command writes or changes) when it
    names no file of its own: an unknown rule name typed for `new`, a hand number for `fix`."""
    try:
        return func(*args)
    except ScorekeeperError as exc:
        if exc.source is None:
            exc.source = source
        raise
