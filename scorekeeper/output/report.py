"""Turning results into what the CLI prints: JSON-ready dicts, tables and CSV rows."""
from __future__ import annotations

import io
import re

from scorekeeper import i18n
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.sheet.results import SheetResult


def sheet_report(result: SheetResult, running: bool = False) -> dict:
    """The JSON object of one checked sheet (keys documented in the README)."""
    report = {
        "file": result.source,
        "rules": result.rules,
        "valid": result.valid,
        "complete": result.complete,
        "players": result.players,
        **result.meta,
        "totals": result.totals,
        "places": result.places,
        "hands": [_hand_report(h) for h in result.hands],
        "findings": [f.as_dict() for f in result.findings],
        **result.extra,
    }
    if running and result.extra.get("running") is None:  # the team games report their own
        for hand, balance in zip(report["hands"], result.running()):
            hand["balance"] = balance
    return report


def _hand_report(hand) -> dict:
    report = {"index": hand.index, "line": hand.line, "hand": hand.hand, "detail": hand.detail,
              "points": hand.points, "total": hand.total, "expected": hand.expected}
    if hand.awarded is not None:
        report["awarded"] = hand.awarded
    return report


def counted(count: int, unit: tuple[str, str]) -> str:
    """`3 hands`, `1 moca`: a count of a game's entries or of its standing's unit
    (Game.entry_word, Game.totals_word), said whole in the language in use."""
    one = unit[0]
    if one == "hand":
        return ngettext("{count} hand", "{count} hands", count).format(count=count)
    if one == "deal":
        return ngettext("{count} deal", "{count} deals", count).format(count=count)
    if one == "entry":
        return ngettext("{count} entry", "{count} entries", count).format(count=count)
    if one == "moca":
        return ngettext("{count} moca", "{count} mocas", count).format(count=count)
    if one == "game":
        return ngettext("{count} game", "{count} games", count).format(count=count)
    # A new game's unit is said here by its own ngettext, never by a word put after the number
    # (that would be English in every language); tests/test_every_game.py checks every game.
    raise ValueError(f"report.counted has no message for {unit!r}")


def signed(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return f"{value:+d}" if value else "0"


def hand_rows(result: SheetResult, places_rule: str = "") -> tuple[list[str], list[list]]:
    """The sheet as a table: one row per hand, each player's points, the total and its control,
    the saldo, and the table points (`places_rule`: the article that gives them) when known."""
    headers = ["#", _("hand"), _(DETAIL), *result.players, _("total"), _("control")]
    rows = []
    for hand in result.hands:
        points = hand.points or {}
        rows.append([hand.index, hand.hand, hand.detail, *(signed(points.get(p)) if hand.points else "?"
                                                           for p in result.players),
                     signed(hand.total), signed(hand.expected)])
    totals = result.totals
    rows.append(["", _("saldo"), "", *(signed(totals[p]) for p in result.players), signed(sum(totals.values())),
                 "0" if result.complete else ""])
    if result.places:
        rows.append(["", _("table points"), places_rule, *(signed(result.places[p]) for p in result.players), "", ""])
    return headers, rows


def running_rows(result: SheetResult) -> tuple[list[str], list[list]]:
    """Each player's running balance after each hand."""
    headers = ["#", _("hand"), *result.players]
    rows = [[hand.index, hand.hand, *(signed(balance[p]) for p in result.players)]
            for hand, balance in zip(result.hands, result.running())]
    return headers, rows


class Column(str):
    """A table header that is a `label` within a `group` (`Nos pts`: the pts of Nos). Its text is
    what CSV writes; a narrow terminal shows the group once above its columns, the label below."""

    def __new__(cls, text: str, group: str, label: str):
        column = super().__new__(cls, text)
        column.group, column.label = group, label
        return column


DETAIL = N_("detail")  # the column a narrow table moves to a line of its own under each row
SEPARATOR = "  "


def terminal_width() -> int:
    """The terminal's columns (COLUMNS when set); 80 when the output is not a terminal."""
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def table(headers: list[str], rows: list[list], numeric_from: int | None = None, width: int | None = None,
          numeric_until: int | None = None, tight: bool = False) -> str:
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
    rows = [[_cell(c, i in numeric) for i, c in enumerate(row)] for row in rows]
    cells = [[as_shown(c) if isinstance(c, str) else c for c in row] for row in rows]
    import tabulate as module

    padding = module.MIN_PADDING
    if tight:  # columns as wide as their header or widest value, no wider (the standings' many numbers)
        module.MIN_PADDING = 0
    try:
        text = tabulate(cells, headers=[as_shown(str(h)) for h in headers], tablefmt="simple",
                        disable_numparse=True, colalign=align)
    finally:
        module.MIN_PADDING = padding
    width = width or terminal_width()
    compactable = _detail_at(headers) is not None or any(isinstance(h, Column) for h in headers)
    if not compactable or max(map(len, text.split("\n"))) <= width:
        return text
    return compact_table(headers, rows, numeric_from, width)


def as_shown(text: str) -> str:
    """A cell as the terminal will show it, one line (errors.one_line) and in characters its
    encoding holds (terminal.showable): a table's columns are as wide as what is shown."""
    from scorekeeper.errors import one_line
    from scorekeeper.output.terminal import showable

    return showable(one_line(text))


_FRACTION = r"[+-]?[0-9]+\.[0-9]+(?:e[+-]?[0-9]+)?\Z"  # 2.5, +0.25, -1.5: a number a table writes with its comma


def _cell(value, numeric: bool):
    """A cell as a table shows it: a fraction (a float, or written in a column of numbers) with
    the language's decimal comma."""
    if isinstance(value, float) or (numeric and isinstance(value, str) and re.match(_FRACTION, value)):
        return i18n.decimal(value)
    return value


def _detail_at(headers: list[str]) -> int | None:
    """Where the detail column is: its header in the language in use (or in English)."""
    for name in (DETAIL, _(DETAIL)):
        if name in headers:
            return headers.index(name)
    return None


def compact_table(headers: list[str], rows: list[list], numeric_from: int | None, width: int) -> str:
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


def _draw(groups: list[str], labels: list[str], cells: list[list[str]], details: list[str], right: list[bool],
          width: int) -> str:
    import textwrap

    widths = [max([len(label), *(len(row[i]) for row in cells)]) for i, label in enumerate(labels)]
    runs = []  # (group, first column, last column)
    for i, group in enumerate(groups):
        if group and runs and runs[-1][0] == group and runs[-1][2] == i - 1:
            runs[-1] = (group, runs[-1][1], i)
        elif group:
            runs.append((group, i, i))
    for group, first, last in runs:
        span = sum(widths[first:last + 1]) + len(SEPARATOR) * (last - first)
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
            span = sum(widths[first:last + 1]) + len(SEPARATOR) * (last - first)
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
            out += textwrap.wrap(detail, max(20, width - len(indent)), initial_indent=indent,
                                 subsequent_indent=indent + "  ", break_on_hyphens=False) or [indent + detail]
    return "\n".join(out)


# A cell that a spreadsheet would run as a formula when the CSV is opened (OWASP's list).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# Patterns are compiled where they are used (re caches them): `check` of one sheet prints text
# and must not pay for the CSV and JSON paths at start-up.
_PLAIN_NUMBER = r"[+-]?[0-9]+(\.[0-9]+)?\Z"


def inert_cell(value, number: bool = True):
    """A CSV cell that no spreadsheet runs: text starting like a formula gets the quote prefix
    that Excel and LibreOffice honour. In a column of numbers (`number`) a signed number such as
    -60 stays a number; anywhere else (a name such as -1 or +1, a header) it is text too, or a
    spreadsheet would turn the name into a number."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not (number and re.match(_PLAIN_NUMBER, value)):
        return "'" + value
    return value


def csv_text(headers: list[str] | None, rows: list[list], numbers=None) -> str:
    """CSV of the rows (after `headers`, when given), every cell inert; `numbers` are the
    columns that hold numbers (None: any column may)."""
    import csv

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if headers is not None:
        writer.writerow([inert_cell(h, number=False) for h in headers])
    writer.writerows([inert_cell(c, numbers is None or i in numbers) for i, c in enumerate(row)] for row in rows)
    return out.getvalue()


# JSON escapes the C0 controls itself; these it leaves raw, and a terminal may act on them: DEL,
# the C1 controls, the line separators, the direction marks and the byte-order mark (errors.INVISIBLE),
# a non-UTF-8 name's surrogates, and the noncharacters (errors.NONCHARACTERS).
_JSON_UNSAFE = ("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\u2028\u2029\ud800-\udfff"
                "\ufdd0-\ufdef\ufffe\uffff" + "".join(chr(plane + last) for plane in range(0x10000, 0x110000, 0x10000)
                                                for last in (0xFFFE, 0xFFFF)) + "]")


def _json_escape(ch: str) -> str:
    """`ch` as JSON writes an escaped character: `\\u00e9`, and a pair of surrogates beyond U+FFFF."""
    code = ord(ch)
    if code > 0xFFFF:
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def json_text(data) -> str:
    """The JSON every `--format json` prints: UTF-8 names as they are, but DEL, the C1 controls,
    the Unicode line separators and the direction marks as \\u escapes (the same data, nothing a
    terminal acts on), and so is every character the terminal's encoding cannot show (Latin-1
    shows `é` but not `Ω`: `\\u03a9`, which reads back as the same name)."""
    import json

    from scorekeeper.output.terminal import unshowable

    text = json.dumps(data, indent=2, ensure_ascii=False)
    text = re.sub(_JSON_UNSAFE, lambda m: _json_escape(m.group()), text)
    cannot = None if text.isascii() else unshowable()
    if cannot is not None:
        text = re.sub("[^\x00-\x7f]", lambda m: _json_escape(m.group()) if cannot(m.group()) else m.group(), text)
    return text


def terminal_safe(text: str) -> str:
    """Text for the terminal: each line as `one_line` shows it (control characters and escape
    sequences escaped), the line breaks kept."""
    from scorekeeper.errors import one_line

    return "\n".join(one_line(line) for line in str(text).split("\n"))


def format_points(points: dict) -> str:
    """`Ana -60, Bruno 0, Carla +125`."""
    return ", ".join(f"{name} {signed(value)}" for name, value in points.items())


def format_totals(result: SheetResult) -> str:
    """A sheet's standing: signed points, or what its game counts (`totals_word`: mocas, games)."""
    from scorekeeper import games

    unit = games.get(result.game).totals_word  # (one, many): ("moca", "mocas")
    if unit is None:
        return format_points(result.totals)
    return ", ".join(f"{name} {counted(value, unit)}" for name, value in result.totals.items())


def summary(result: SheetResult) -> str:
    """The closing line of `check` for one sheet."""
    from scorekeeper import games

    game = games.get(result.game)
    errors = sum(1 for f in result.findings if f.is_error)
    warnings = len(result.findings) - errors
    if result.extra.get("winner"):
        state = _("won by {winner}").format(winner=result.extra["winner"])
    elif result.complete:
        state = _("complete")
    else:
        state = _in_progress(len(result.hands), game.entry_word)
    totals = format_totals(result)
    from scorekeeper.errors import one_line  # a name with a line break must not start a line of its own

    if not result.findings:
        return one_line(_("{file}: clean ({rules}, {state}; {totals})").format(
            file=result.source, rules=result.rules, state=state, totals=totals))
    counts = [ngettext("{count} error", "{count} errors", errors).format(count=errors)] if errors else []
    if warnings:
        counts.append(ngettext("{count} warning", "{count} warnings", warnings).format(count=warnings))
    return one_line(_("{file}: {findings} ({rules}, {state}; {totals})").format(
        file=result.source, findings=", ".join(counts), rules=result.rules, state=state, totals=totals))


def _in_progress(count: int, unit: tuple[str, str]) -> str:
    """`in progress, 3 hands recorded`: whole, as `recorded` agrees with the entry in Portuguese."""
    if unit[0] == "hand":
        return ngettext("in progress, {count} hand recorded", "in progress, {count} hands recorded", count).format(
            count=count)
    if unit[0] == "deal":
        return ngettext("in progress, {count} deal recorded", "in progress, {count} deals recorded", count).format(
            count=count)
    if unit[0] == "entry":
        return ngettext("in progress, {count} entry recorded", "in progress, {count} entries recorded",
                        count).format(count=count)
    raise ValueError(f"report.summary has no message for {unit!r}")  # as in counted
