"""`show` of a King sheet: each hand's points with its total and control, the saldo and the
table points (Art 15), then each player's running balance after each hand."""

from __future__ import annotations

from scorekeeper.i18n import _, in_words
from scorekeeper.sheet.results import SheetResult
from scorekeeper.sheet.show_table import DETAIL, signed


def show_tables(result: SheetResult) -> list[tuple[str, list, list, int]]:
    """The hands with their totals and controls, then the running balance; the first table is
    what `record` prints after each hand and `--format csv` writes."""
    tables: list[tuple[str, list, list, int]] = [("", *hand_rows(result, places_rule="Art 15"), 3)]
    if result.hands:
        tables.append((_("Running balance"), *running_rows(result), 2))
    return tables


def hand_rows(result: SheetResult, places_rule: str = "") -> tuple[list[str], list[list]]:
    """The sheet as a table: one row per hand, each player's points, the total and its control,
    the saldo, and the table points (`places_rule`: the article that gives them) when known."""
    headers = ["#", _("hand"), _(DETAIL), *result.players, _("total"), _("control")]
    rows: list[list] = []
    for hand in result.hands:
        points = hand.points or {}
        rows.append(
            [
                hand.index,
                hand.hand,
                in_words(hand.detail),
                *(signed(points.get(p)) if hand.points else "?" for p in result.players),
                signed(hand.total),
                signed(hand.expected),
            ]
        )
    totals = result.totals
    rows.append(
        [
            "",
            _("saldo"),
            "",
            *(signed(totals[p]) for p in result.players),
            signed(sum(totals.values())),
            "0" if result.complete else "",
        ]
    )
    if result.places:
        rows.append(["", _("table points"), places_rule, *(signed(result.places[p]) for p in result.players), "", ""])
    return headers, rows


def running_rows(result: SheetResult) -> tuple[list[str], list[list]]:
    """Each player's running balance after each hand."""
    headers = ["#", _("hand"), *result.players]
    rows = [
        [hand.index, hand.hand, *(signed(balance[p]) for p in result.players)]
        for hand, balance in zip(result.hands, result.running())  # noqa: B905 (py39: zip has no strict)
    ]
    return headers, rows
