"""The rule for a member's name, alias or id, which a registry and its imports hold: names.py's
rule for every name, and no text a spreadsheet would run as a formula.

Why a registry refuses what a sheet accepts: a sheet's name is free text that the writers make
inert (the CSV quote prefix, a typed-text cell with the quote prefix in a workbook), and a
player may be called `-` at a friendly table. A registry's name is a person's as his union
lists him; it flows into every workbook and CSV of the season, of scorekeeper and of whoever
copies them, and no person's name starts with `=`, `+`, `-` or `@`. A CSV or workbook that
holds one is an injection or a slip, and it is refused where it enters: the registry file's
reader (registry_file) and the import (registry_import), one line at its place.
"""

from __future__ import annotations

import re

from scorekeeper.errors import INVISIBLE, MAX_NAME, NONCHARACTERS, quoted
from scorekeeper.i18n import M_, Message
from scorekeeper.names import IGNORABLE_RANGES, OTHER_SPACES, name_refusal

# What a spreadsheet runs as a formula when it opens a cell (OWASP's list; csv_text's).
FORMULA_START = ("=", "+", "-", "@")


def _refused_characters() -> re.Pattern[str]:
    """One character class of every character name_refusal refuses in a name (controls, line
    separators, surrogates, invisible marks, noncharacters, ignorables, other spaces): a
    registry's 100,000 names, most of them with an accent, are each scanned once by it, and only
    a name it matches is asked of name_refusal, for its words."""
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
    return re.compile("[" + "".join(parts) + "]")


_REFUSED = _refused_characters()


def member_name_refusal(name: str) -> Message | None:
    """Why `name` cannot be a member's name, alias or id, as data, or None when it can."""
    if not name.strip() or len(name) > MAX_NAME or _REFUSED.search(name) is not None:
        problem = name_refusal(name)
        if problem is not None:
            return problem
    if name.lstrip().startswith(FORMULA_START):
        return M_(
            "the name {value} starts as a spreadsheet formula does (=, +, -, @): refused in a registry",
            value=quoted(name),
        )
    return None
