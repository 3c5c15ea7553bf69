"""Table classification of one King game (Art 15, 16; K5): places by King points, ties averaged."""

from __future__ import annotations


def table_points(totals: dict[str, int], places: tuple[int, ...]) -> dict[str, float]:
    """Conversion points per player: 1st 5, 2nd 3, 3rd 2, 4th 1; tied players share the
    average of the places they occupy (two tied for 1st: (5 + 3) / 2 = 4 each)."""
    ordered = sorted(totals, key=lambda player: -totals[player])
    result: dict[str, float] = {}
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and totals[ordered[end + 1]] == totals[ordered[start]]:
            end += 1
        shared = places[start : end + 1]
        value = sum(shared) / len(shared)
        for player in ordered[start : end + 1]:
            result[player] = value
        start = end + 1
    return result
