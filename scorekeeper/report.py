"""Turning results into what the CLI prints: JSON-ready dicts, tables and CSV rows."""
from __future__ import annotations

import io
import re

from scorekeeper.results import SheetResult


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


def plural(count: int, one: str, many: str | None = None) -> str:
    """`1 game`, `2 games`, `0 games`: a count and the word that agrees with it (`many`
    defaults to `one` + "s"). Every message that counts something says it through here."""
    return f"{count} {one if count in (1, -1) else (many if many is not None else one + 's')}"


def signed(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return f"{value:+d}" if value else "0"


def hand_rows(result: SheetResult) -> tuple[list[str], list[list]]:
    """The sheet as a table: one row per hand, each player's points, the total and its control."""
    headers = ["#", "hand", "detail", *result.players, "total", "control"]
    rows = []
    for hand in result.hands:
        points = hand.points or {}
        rows.append([hand.index, hand.hand, hand.detail, *(signed(points.get(p)) if hand.points else "?"
                                                           for p in result.players),
                     signed(hand.total), signed(hand.expected)])
    totals = result.totals
    rows.append(["", "saldo", "", *(signed(totals[p]) for p in result.players), signed(sum(totals.values())),
                 "0" if result.complete else ""])
    if result.places:
        rows.append(["", "table points", "Art 15", *(signed(result.places[p]) for p in result.players), "", ""])
    return headers, rows


def running_rows(result: SheetResult) -> tuple[list[str], list[list]]:
    """Each player's running balance after each hand."""
    headers = ["#", "hand", *result.players]
    rows = [[hand.index, hand.hand, *(signed(balance[p]) for p in result.players)]
            for hand, balance in zip(result.hands, result.running())]
    return headers, rows


def table(headers: list[str], rows: list[list], numeric_from: int | None = None) -> str:
    """A plain-text table; columns from `numeric_from` on are numbers, aligned right. A cell is
    one line: a line break or control character in a name is shown escaped."""
    from tabulate import tabulate  # only the paths that print tables pay for it

    from scorekeeper.errors import one_line

    align = None
    if numeric_from is not None:
        align = ["left"] * numeric_from + ["right"] * (len(headers) - numeric_from)
    cells = [[one_line(c) if isinstance(c, str) else c for c in row] for row in rows]
    return tabulate(cells, headers=[one_line(str(h)) for h in headers], tablefmt="simple", disable_numparse=True,
                    colalign=align)


# A cell that a spreadsheet would run as a formula when the CSV is opened (OWASP's list).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?\Z")


def inert_cell(value):
    """A CSV cell that no spreadsheet runs: text starting like a formula gets the quote prefix
    that Excel and LibreOffice honour; signed numbers such as -60 stay numbers."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _PLAIN_NUMBER.match(value):
        return "'" + value
    return value


def csv_text(headers: list[str] | None, rows: list[list]) -> str:
    """CSV of the rows (after `headers`, when given), every cell inert."""
    import csv

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if headers is not None:
        writer.writerow([inert_cell(h) for h in headers])
    writer.writerows([inert_cell(c) for c in row] for row in rows)
    return out.getvalue()


# JSON escapes the C0 controls itself; these it leaves raw, and a terminal may act on them.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029]")


def json_text(data) -> str:
    """The JSON every `--format json` prints: UTF-8 names as they are, but DEL, the C1 controls
    and the Unicode line separators as \\u escapes (the same data, nothing a terminal acts on)."""
    import json

    text = json.dumps(data, indent=2, ensure_ascii=False)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def terminal_safe(text: str) -> str:
    """Text for the terminal: each line as `one_line` shows it (control characters and escape
    sequences escaped), the line breaks kept."""
    from scorekeeper.errors import one_line

    return "\n".join(one_line(line) for line in str(text).split("\n"))


def format_points(points: dict) -> str:
    """`Ana -60, Bruno 0, Carla +125`."""
    return ", ".join(f"{name} {signed(value)}" for name, value in points.items())


def format_totals(result: SheetResult) -> str:
    """A sheet's standing: signed points (King), or mocas or games won (the team games)."""
    from scorekeeper.rules import model

    unit = getattr(model(result.game), "TOTALS_WORD", None)  # (one, many): ("moca", "mocas")
    if unit is None:
        return format_points(result.totals)
    return ", ".join(f"{name} {plural(value, *unit)}" for name, value in result.totals.items())


def summary(result: SheetResult) -> str:
    """The closing line of `check` for one sheet."""
    from scorekeeper.rules import model

    game = model(result.game)
    errors = sum(1 for f in result.findings if f.is_error)
    warnings = len(result.findings) - errors
    count = len(result.hands)
    state = "complete" if result.complete else \
        f"in progress, {plural(count, game.ENTRY_WORD)} recorded"
    totals = format_totals(result)
    if result.extra.get("winner"):
        state = f"won by {result.extra['winner']}"
    if not result.findings:
        return f"{result.source}: clean ({result.rules}, {state}; {totals})"
    counts = [plural(errors, "error")] if errors else []
    if warnings:
        counts.append(plural(warnings, "warning"))
    return f"{result.source}: {', '.join(counts)} ({result.rules}, {state}; {totals})"
