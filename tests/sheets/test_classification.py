"""Table points of one game (Art 15, 16; RULINGS K5)."""

import pytest

from scorekeeper.king.classification import table_points

PLACES = (5, 3, 2, 1)


@pytest.mark.parametrize(
    "totals, expected",
    [
        ({"A": 300, "B": 100, "C": -150, "D": -250}, {"A": 5, "B": 3, "C": 2, "D": 1}),
        ({"A": 200, "B": 200, "C": -150, "D": -250}, {"A": 4, "B": 4, "C": 2, "D": 1}),  # (5 + 3) / 2
        ({"A": 200, "B": -50, "C": -50, "D": -100}, {"A": 5, "B": 2.5, "C": 2.5, "D": 1}),  # (3 + 2) / 2
        ({"A": 100, "B": -100, "C": -100, "D": 100}, {"A": 4, "B": 1.5, "C": 1.5, "D": 4}),
        ({"A": 50, "B": -50, "C": -50, "D": -50}, {"A": 5, "B": 2, "C": 2, "D": 2}),  # (3 + 2 + 1) / 3
        ({"A": 0, "B": 0, "C": 0, "D": 0}, {"A": 2.75, "B": 2.75, "C": 2.75, "D": 2.75}),  # 11 / 4
    ],
)
def test_table_points_share_tied_places(totals, expected):
    assert table_points(totals, PLACES) == expected
