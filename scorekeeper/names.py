"""The one rule for a player's, a team's or a coringa's name, applied by `new`, `tournament new`
and every loader (sheets, tournament files, workbook imports), so that whatever one command
writes, every other reads back as the same name.

A name is refused when YAML or a terminal would not give it back as written: a control
character (YAML escapes or folds it: NEL becomes a space), a line or paragraph separator (it
forges a line of output), a bidirectional control (U+202E shows a name backwards, and can make a
line read as another), bytes that are no UTF-8 (the shell passes them on as lone surrogates), a
Unicode noncharacter (U+FFFF: no text, and no workbook's XML may hold it), an invisible or blank
character (Unicode's Default_Ignorable_Code_Point set, with the Hangul fillers, and the blank
Braille pattern: "Ana" and "Ana" + U+200B would look like one player and be two), or more than
MAX_NAME characters (every message shows a name whole). errors.one_line shows the first
four kinds escaped.
"""

from __future__ import annotations

import re

# The bidirectional controls and the byte-order mark live beside one_line, which shows them escaped.
from scorekeeper.errors import (  # noqa: F401
    BIDI_CONTROLS,
    INVISIBLE,
    MAX_NAME,
    NONCHARACTERS,
    SheetFormatError,
    one_line,
    quote,
    quoted,
)
from scorekeeper.i18n import M_, Message, in_words

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1): characters a
# renderer shows as nothing (zero-width spaces and joiners, the soft hyphen, the combining
# grapheme joiner, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, variation selectors,
# tags...), and U+2800, the Braille pattern blank, which shows as a blank in every font.
IGNORABLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


# Unicode's space separators (category Zs) other than the plain space: U+00A0 and U+202F (no-break),
# U+2000-U+200A (en, em, figure, thin ...), U+205F and U+3000 show as a space, so "A na" and
# "A" + U+00A0 + "na" would look like one player and be two.
OTHER_SPACES = frozenset((0x00A0, 0x1680, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000))


_refused: re.Pattern[str] | None = None


def refused_characters() -> re.Pattern[str]:
    """One character class of every character name_refusal refuses in a name (controls, line
    separators, surrogates, invisible marks, noncharacters, ignorables, other spaces), compiled
    the first time a name that is not printable ASCII is met (`check` of an ASCII sheet never
    compiles it). A season's names mostly carry an accent; each is scanned once by it, and only
    a name it matches is asked character by character, for its words: the seven scans that
    say which kind took 28 microseconds a name, a tenth of `season check` (issue 27)."""
    global _refused
    if _refused is None:
        codes = {*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *INVISIBLE, *NONCHARACTERS, *OTHER_SPACES}
        for low, high in IGNORABLE_RANGES:
            codes.update(range(low, high + 1))
        codes.update(range(0xD800, 0xE000))  # lone surrogates: bytes that are no UTF-8
        ranges: list[list[int]] = []
        for code in sorted(codes):  # as runs, `a-b`: a class of single characters is slow to search
            if ranges and code == ranges[-1][1] + 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])
        parts = (f"\\U{low:08x}-\\U{high:08x}" for low, high in ranges)
        _refused = re.compile("[" + "".join(parts) + "]")
    return _refused


def ignorable(code: int) -> bool:
    """Whether the character `code` shows as nothing (or a blank) in a name (IGNORABLE_RANGES)."""
    return any(low <= code <= high for low, high in IGNORABLE_RANGES)


def _is_control(code: int) -> bool:
    return code < 0x20 or 0x7F <= code < 0xA0 or code in (0x2028, 0x2029)


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a name (a whole sentence that quotes it), said now; None when it can."""
    refusal = name_refusal(name)
    return None if refusal is None else in_words(refusal)


def name_refusal(name: str) -> Message | None:
    """Why `name` cannot be a name, as data (a Message quoting it), or None when it can."""
    if not name.strip():
        return M_("a name cannot be empty")
    # Printable ASCII holds none of the characters refused below (each is a control or beyond
    # U+009F): most names are checked for their length only, a tournament's thousands of them.
    # Nor does a name refused_characters() finds nothing in: only the length is left to check.
    plain = (name.isascii() and name.isprintable()) or refused_characters().search(name) is None
    codes = [] if plain else [ord(ch) for ch in name]
    if any(0xD800 <= code <= 0xDFFF for code in codes):
        return M_("the name {value} is not UTF-8 text", value=quoted(name))
    if any(_is_control(code) for code in codes):
        return M_("the name {value} holds a control character", value=quoted(name))
    if any(code in INVISIBLE for code in codes):
        return M_("the name {value} holds an invisible direction mark", value=quoted(name))
    if any(code in NONCHARACTERS for code in codes):
        return M_("the name {value} holds a Unicode noncharacter, which is no text", value=quoted(name))
    hidden = next((code for code in codes if ignorable(code)), None)
    if hidden is not None:
        return M_(
            "the name {value} holds {character}, which shows as nothing: two names would look alike",
            value=quoted(name),
            character=f"U+{hidden:04X}",
        )
    spaced = next((code for code in codes if code in OTHER_SPACES), None)
    if spaced is not None:
        return M_(
            "the name {value} holds {character}, a space that looks like the plain one: two names would look alike",
            value=quoted(name),
            character=f"U+{spaced:04X}",
        )
    if len(name) > MAX_NAME:
        return M_("{name} is longer than a name ({most} characters)", name=quoted(name), most=MAX_NAME)
    return None


def text_problem(text: str) -> str | None:
    """Why a text that messages, sheets and workbooks show as written (a sheet's event, table,
    round or date; a tournament's name, a table's label, an article) cannot be, said now, or None
    (see text_refusal)."""
    refusal = text_refusal(text)
    return None if refusal is None else in_words(refusal)


def text_refusal(text: str) -> Message | None:
    """Why such a text cannot be, as data, or None: the characters name_refusal refuses in a name
    (bytes that are no UTF-8, an invisible direction mark, a control character or a line
    separator: whatever one_line would escape), each forging or hiding what a line says. Its
    length has the header's own limit."""
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        return M_("{value} is not UTF-8 text", value=quoted(text))
    if any(ord(ch) in INVISIBLE for ch in text):  # before one_line, which escapes these too
        return M_("{value} holds an invisible direction mark", value=quoted(text))
    if one_line(text) != text:
        return M_("{value} holds a control character", value=quoted(text))
    return None


def refuse_bad_names(names, key: str | Message, source: str, line: int | None) -> None:
    """A sheet's names as its loader reads them: the first one that cannot be a name is refused
    with `key: why` at `line` of `source`, one line (SheetFormatError)."""
    for name in names:
        problem = name_refusal(name)
        if problem is not None:
            raise SheetFormatError(M_("{key}: {problem}", key=key, problem=problem), source, line)
