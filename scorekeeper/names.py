"""The one rule for a player's, a team's or a coringa's name, applied by `new`, `tournament new`
and every loader (sheets, tournament files, workbook imports), so that whatever one command
writes, every other reads back as the same name.

A name is refused when YAML or a terminal would not give it back as written: a control
character (YAML escapes or folds it: NEL becomes a space), a line or paragraph separator (it
forges a line of output), a bidirectional control (U+202E shows a name backwards, and can make a
line read as another), bytes that are no UTF-8 (the shell passes them on as lone surrogates), a
Unicode noncharacter (U+FFFF: no text, and no workbook's XML may hold it), or more than MAX_NAME
characters (every message shows a name whole). errors.one_line shows each of these escaped.
"""

from __future__ import annotations

# The bidirectional controls and the byte-order mark live beside one_line, which shows them escaped.
from scorekeeper.errors import BIDI_CONTROLS, INVISIBLE, MAX_NAME, NONCHARACTERS, SheetFormatError, one_line, quote  # noqa: F401
from scorekeeper.i18n import _


def _is_control(code: int) -> bool:
    return code < 0x20 or 0x7F <= code < 0xA0 or code in (0x2028, 0x2029)


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a name (a whole sentence that quotes it), or None when it can."""
    if not name.strip():
        return _("a name cannot be empty")
    codes = [ord(ch) for ch in name]
    if any(0xD800 <= code <= 0xDFFF for code in codes):
        return _("the name {value} is not UTF-8 text").format(value=quote(name))
    if any(_is_control(code) for code in codes):
        return _("the name {value} holds a control character").format(value=quote(name))
    if any(code in INVISIBLE for code in codes):
        return _("the name {value} holds an invisible direction mark").format(value=quote(name))
    if any(code in NONCHARACTERS for code in codes):
        return _("the name {value} holds a Unicode noncharacter, which is no text").format(value=quote(name))
    if len(name) > MAX_NAME:
        return _("{name} is longer than a name ({most} characters)").format(name=quote(name), most=MAX_NAME)
    return None


def text_problem(text: str) -> str | None:
    """Why a text that messages, sheets and workbooks show as written (a sheet's event, table,
    round or date; a tournament's name, a table's label, an article) cannot be, or None: the characters name_problem refuses
    in a name (bytes that are no UTF-8, an invisible direction mark, a control character or a
    line separator: whatever one_line would escape), each forging or hiding what a line says.
    Its length has the header's own limit."""
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        return _("{value} is not UTF-8 text").format(value=quote(text))
    if any(ord(ch) in INVISIBLE for ch in text):  # before one_line, which escapes these too
        return _("{value} holds an invisible direction mark").format(value=quote(text))
    if one_line(text) != text:
        return _("{value} holds a control character").format(value=quote(text))
    return None


def refuse_bad_names(names, key: str, source: str, line: int | None) -> None:
    """A sheet's names as its loader reads them: the first one that cannot be a name is refused
    with `key: why` at `line` of `source`, one line (SheetFormatError)."""
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise SheetFormatError(_("{key}: {problem}").format(key=key, problem=problem), source, line)
