"""The JSON text every `--format json` prints, nothing in it a terminal acts on."""

from __future__ import annotations

import json
import re

from scorekeeper.output.terminal import unshowable

# JSON escapes the C0 controls itself; these it leaves raw, and a terminal may act on them: DEL,
# the C1 controls, the line separators, the direction marks and the byte-order mark (errors.INVISIBLE),
# a non-UTF-8 name's surrogates, and the noncharacters (errors.NONCHARACTERS).
_JSON_UNSAFE = (
    "[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\u2028\u2029\ud800-\udfff"
    "\ufdd0-\ufdef\ufffe\uffff"
    + "".join(chr(plane + last) for plane in range(0x10000, 0x110000, 0x10000) for last in (0xFFFE, 0xFFFF))
    + "]"
)


def _json_escape(ch: str) -> str:
    """`ch` as JSON writes an escaped character: `\\u00e9`, and a pair of surrogates beyond U+FFFF."""
    code = ord(ch)
    if code > 0xFFFF:
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def json_text(data: object) -> str:
    """The JSON every `--format json` prints: UTF-8 names as they are, but DEL, the C1 controls,
    the Unicode line separators and the direction marks as \\u escapes (the same data, nothing a
    terminal acts on), and so is every character the terminal's encoding cannot show (Latin-1
    shows `é` but not `Ω`: `\\u03a9`, which reads back as the same name)."""

    text = json.dumps(data, indent=2, ensure_ascii=False)
    text = re.sub(_JSON_UNSAFE, lambda m: _json_escape(m.group()), text)
    cannot = None if text.isascii() else unshowable()
    if cannot is not None:
        text = re.sub("[^\x00-\x7f]", lambda m: _json_escape(m.group()) if cannot(m.group()) else m.group(), text)
    return text
