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

from scorekeeper.errors import MAX_NAME, quoted
from scorekeeper.i18n import M_, Message
from scorekeeper.names import name_refusal, refused_characters

# What a spreadsheet runs as a formula when it opens a cell (OWASP's list; csv_text's).
FORMULA_START = ("=", "+", "-", "@")


def member_name_refusal(name: str) -> Message | None:
    """Why `name` cannot be a member's name, alias or id, as data, or None when it can."""
    if not name.strip() or len(name) > MAX_NAME or refused_characters().search(name) is not None:
        problem = name_refusal(name)
        if problem is not None:
            return problem
    if name.lstrip().startswith(FORMULA_START):
        return M_(
            "the name {value} starts as a spreadsheet formula does (=, +, -, @): refused in a registry",
            value=quoted(name),
        )
    return None
