"""A sheet's result as the JSON-ready dict every `--format json` prints."""

from __future__ import annotations

from typing import Any

from scorekeeper.i18n import in_words
from scorekeeper.sheet.results import HandResult, SheetResult


def sheet_report(result: SheetResult, running: bool = False) -> dict[str, Any]:
    """The JSON object of one checked sheet (keys documented in docs/json.md)."""
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


def _hand_report(hand: HandResult) -> dict[str, object]:
    report: dict[str, object] = {
        "index": hand.index,
        "line": hand.line,
        "hand": hand.hand,
        "detail": in_words(hand.detail),
        "points": hand.points,
        "total": hand.total,
        "expected": hand.expected,
    }
    if hand.awarded is not None:
        report["awarded"] = hand.awarded
    return report
