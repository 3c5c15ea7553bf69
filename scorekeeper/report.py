"""Turning results into what the CLI prints: JSON-ready dicts, tables and CSV rows."""
from __future__ import annotations

import io

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
    """A plain-text table; columns from `numeric_from` on are numbers, aligned right."""
    from tabulate import tabulate  # only the paths that print tables pay for it

    align = None
    if numeric_from is not None:
        align = ["left"] * numeric_from + ["right"] * (len(headers) - numeric_from)
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True, colalign=align)


def csv_text(headers: list[str], rows: list[list]) -> str:
    import csv

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(headers)
    writer.writerows(rows)
    return out.getvalue()


def format_points(points: dict) -> str:
    """`Ana -60, Bruno 0, Carla +125`."""
    return ", ".join(f"{name} {signed(value)}" for name, value in points.items())


def format_totals(result: SheetResult) -> str:
    """A sheet's standing: signed points (King), or mocas or games won (the team games)."""
    from scorekeeper.rules import model

    unit = getattr(model(result.game), "TOTALS_WORD", None)
    if unit is None:
        return format_points(result.totals)
    return ", ".join(f"{name} {value} {unit}" for name, value in result.totals.items())


def summary(result: SheetResult) -> str:
    """The closing line of `check` for one sheet."""
    from scorekeeper.rules import model

    game = model(result.game)
    errors = sum(1 for f in result.findings if f.is_error)
    warnings = len(result.findings) - errors
    count = len(result.hands)
    state = "complete" if result.complete else \
        f"in progress, {count} {game.ENTRY_WORD}{'s' if count != 1 else ''} recorded"
    totals = format_totals(result)
    if result.extra.get("winner"):
        state = f"won by {result.extra['winner']}"
    if not result.findings:
        return f"{result.source}: clean ({result.rules}, {state}; {totals})"
    counts = [f"{errors} error{'s' * (errors != 1)}"] if errors else []
    if warnings:
        counts.append(f"{warnings} warning{'s' * (warnings != 1)}")
    return f"{result.source}: {', '.join(counts)} ({result.rules}, {state}; {totals})"
