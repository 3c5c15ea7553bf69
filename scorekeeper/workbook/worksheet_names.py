"""A worksheet's name as Excel takes it, and as a formula names it: what the championship
workbook and the season's workbook share."""

from __future__ import annotations

import re

MAX_TITLE = 31  # Excel's longest worksheet name
_BAD_TITLE = re.compile(r"[\[\]:*?/\\\x00-\x1f\x7f]")  # what Excel refuses in a worksheet's name
_PLAIN_TITLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # a worksheet a formula names without quotes


def worksheet_name(text: str) -> str:
    """`text` made a worksheet's name: what Excel refuses made `-`, no quote at either end, at
    most 31 characters ("" when nothing is left)."""
    return _BAD_TITLE.sub("-", text).strip("'")[:MAX_TITLE]


def formula_reference(title: str) -> str:
    """A worksheet as a formula names it: quoted unless its name is a plain word."""
    return title if _PLAIN_TITLE.fullmatch(title) else "'" + title.replace("'", "''") + "'"
