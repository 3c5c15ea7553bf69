"""Plain-text tables as the terminal shows them: aligned columns, a fraction with the
language's decimal comma, and a compact layout when a table is wider than the terminal."""

from __future__ import annotations

import re
from collections.abc import Sequence

from scorekeeper import i18n
from scorekeeper.errors import one_line
from scorekeeper.i18n import _
from scorekeeper.output.terminal import showable
from scorekeeper.sheet.show_table import DETAIL, Column

SEPARATOR = "  "


def terminal_width() -> int:
    """The terminal's columns (COLUMNS when set); 80 when the output is not a terminal."""
    import shutil  # lazy: it loads zlib, bz2 and lzma, which `check` of one sheet does not need

    return shutil.get_terminal_size((80, 24)).columns


def table(
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    numeric_from: int | None = None,
    width: int | None = None,
    numeric_until: int | None = None,
    tight: bool = False,
) -> str:
    """A plain-text table; columns from `numeric_from` on are numbers, aligned right, a fraction
    with the language's decimal comma (CSV and JSON keep the point). A cell is one line: a line
    break or control character in a name is shown escaped. A table wider than `width` (the
    terminal's) is drawn compact when it can be: see `compact_table`."""
    from tabulate import tabulate  # only the paths that print tables pay for it

    until = len(headers) if numeric_until is None else numeric_until
    align = None
    if numeric_from is not None:
        align = ["left"] * numeric_from + ["right"] * (until - numeric_from) + ["left"] * (len(headers) - until)
    numeric = range(numeric_from, until) if numeric_from is not None else range(0)
    shown = [[_cell(c, i in numeric) for i, c in enumerate(row)] for row in rows]
    cells = [[as_shown(c) if isinstance(c, str) else c for c in row] for row in shown]
    import tabulate as module  # lazy: as tabulate above

    padding = module.MIN_PADDING
    if tight:  # columns as wide as their header or widest value, no wider (the standings' many numbers)
        module.MIN_PADDING = 0
    try:
        text: str = tabulate(
            cells, headers=[as_shown(str(h)) for h in headers], tablefmt="simple", disable_numparse=True, colalign=align
        )
    finally:
        module.MIN_PADDING = padding
    width = width or terminal_width()
    compactable = _detail_at(headers) is not None or any(isinstance(h, Column) for h in headers)
    if not compactable or max(map(len, text.split("\n"))) <= width:
        return text
    return compact_table(headers, shown, numeric_from, width)


def as_shown(text: str) -> str:
    """A cell as the terminal will show it, one line (errors.one_line) and in characters its
    encoding holds (terminal.showable): a table's columns are as wide as what is shown."""

    return showable(one_line(text))


_FRACTION = r"[+-]?[0-9]+\.[0-9]+(?:e[+-]?[0-9]+)?\Z"  # 2.5, +0.25, -1.5: a number a table writes with its comma


def _cell(value: object, numeric: bool) -> object:
    """A cell as a table shows it: a fraction (a float, or written in a column of numbers) with
    the language's decimal comma."""
    if isinstance(value, float) or (numeric and isinstance(value, str) and re.match(_FRACTION, value)):
        return i18n.decimal(value)
    return value


def _detail_at(headers: Sequence[str]) -> int | None:
    """Where the detail column is: its header in the language in use (or in English)."""
    for name in (DETAIL, _(DETAIL)):
        if name in headers:
            return headers.index(name)
    return None


def compact_table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], numeric_from: int | None, width: int
) -> str:
    """The table for a narrow terminal (80 columns hold a table of four 8-letter names, or of
    two teams' grouped columns): the detail on a line of its own under its row, grouped columns under
    one group header with their labels below it, and the labels cut to the fewest letters that
    still tell them apart when the full ones do not fit."""
    detail_at = _detail_at(headers)
    keep = [i for i in range(len(headers)) if i != detail_at]
    heads = [headers[i] for i in keep]
    cells = [["" if row[i] is None else as_shown(str(row[i])) for i in keep] for row in rows]
    details = [as_shown(str(row[detail_at] or "")) if detail_at is not None else "" for row in rows]
    right = [numeric_from is not None and i >= numeric_from for i in keep]
    groups = [as_shown(getattr(h, "group", "")) for h in heads]
    labels = [as_shown(getattr(h, "label", str(h))) for h in heads]
    grouped = {label for head, label in zip(heads, labels) if isinstance(head, Column)}
    longest = max(map(len, grouped), default=0)
    text = ""
    for size in range(max(longest, 1), 0, -1):  # once at least: a table with no groups is drawn as it is
        cut = {label: label[:size] for label in grouped}
        if len(set(cut.values())) < len(cut):
            break  # shorter labels would no longer tell the groups' members apart
        shown = [cut[label] if isinstance(head, Column) else label for head, label in zip(heads, labels)]
        text = _draw(groups, shown, cells, details, right, width)
        if max(map(len, text.split("\n"))) <= width:
            break
    return text


def _draw(
    groups: list[str], labels: list[str], cells: list[list[str]], details: list[str], right: list[bool], width: int
) -> str:
    import textwrap  # lazy: only a table too wide for the terminal wraps its details

    widths = [max([len(label), *(len(row[i]) for row in cells)]) for i, label in enumerate(labels)]
    runs: list[tuple[str, int, int]] = []  # (group, first column, last column)
    for i, group in enumerate(groups):
        if group and runs and runs[-1][0] == group and runs[-1][2] == i - 1:
            runs[-1] = (group, runs[-1][1], i)
        elif group:
            runs.append((group, i, i))
    for group, first, last in runs:
        span = sum(widths[first : last + 1]) + len(SEPARATOR) * (last - first)
        widths[last] += max(0, len(group) - span)

    def line(parts: list[str]) -> str:
        return SEPARATOR.join(parts).rstrip()

    def aligned(values: list[str]) -> str:
        return line([v.rjust(w) if r else v.ljust(w) for v, w, r in zip(values, widths, right)])

    out = []
    if runs:
        parts, i = [], 0
        for group, first, last in runs:
            parts += [" " * w for w in widths[i:first]]
            span = sum(widths[first : last + 1]) + len(SEPARATOR) * (last - first)
            parts.append(group.center(span))
            i = last + 1
        parts += [" " * w for w in widths[i:]]
        out.append(line(parts))
    out.append(aligned(labels))
    out.append(line(["-" * w for w in widths]))
    indent = " " * (widths[0] + len(SEPARATOR) * 2)
    for row, detail in zip(cells, details):
        out.append(aligned(row))
        if detail:
            out += textwrap.wrap(
                detail,
                max(20, width - len(indent)),
                initial_indent=indent,
                subsequent_indent=indent + "  ",
                break_on_hyphens=False,
            ) or [indent + detail]
    return "\n".join(out)
