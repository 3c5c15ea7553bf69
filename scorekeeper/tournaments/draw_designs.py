"""Schedules without a repeat meeting that come from finite geometry, for rounds of equal tables
and no byes: the affine plane of order q (q*q players in tables of q, q + 1 rounds), the
transversal design it contains (k*q players in tables of k <= q, q rounds: the plane's lines
through k of its columns), and starter rounds developed over a cyclic group (24 players in fours
over 7 rounds and 30 in fives over 6, where q = 6 has no plane; 28 in fours over 9, where every
pair meets once). The local search (draw_search) finds such schedules for
loose numbers in a few steps; near the most rounds the numbers allow it may not find them in
seconds, and these constructions give them at once.

Pure functions of the players' numbers 0..count-1; every choice from the `random.Random` passed in.
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Callable


class _Field(NamedTuple):
    add: list[list[int]]
    mul: list[list[int]]


def _field(order: int) -> _Field | None:
    """GF(order) for order p, p**2 or p**3 (p prime), elements 0..order-1 as base-p digits of
    polynomials over GF(p); None for any other order."""
    found = _prime_power(order)
    if found is None:
        return None
    prime, degree = found

    def digits(value: int) -> list[int]:
        return [(value // prime**place) % prime for place in range(degree)]

    def number(coefficients: list[int]) -> int:
        return sum(coefficient * prime**place for place, coefficient in enumerate(coefficients))

    modulus = _modulus(prime, degree, digits)

    def multiply(first: int, second: int) -> int:
        product = [0] * (2 * degree)
        for i, a in enumerate(digits(first)):
            for j, b in enumerate(digits(second)):
                product[i + j] = (product[i + j] + a * b) % prime
        for top in range(2 * degree - 1, degree - 1, -1):  # reduce by the monic modulus
            factor = product[top]
            if factor:
                for k in range(degree + 1):
                    product[top - degree + k] = (product[top - degree + k] - factor * modulus[k]) % prime
        return number(product[:degree])

    add = [
        [number([(a + b) % prime for a, b in zip(digits(x), digits(y))]) for y in range(order)] for x in range(order)
    ]
    mul = [[multiply(x, y) for y in range(order)] for x in range(order)]
    return _Field(add, mul)


def _prime_power(order: int) -> tuple[int, int] | None:
    """(p, d) when `order` is p**d, p prime and d at most 3; None otherwise."""
    for prime in range(2, order + 1):
        if order % prime == 0:
            break
    if any(prime % divisor == 0 for divisor in range(2, prime)):
        return None
    degree, power = 0, 1
    while power < order:
        power *= prime
        degree += 1
    if power != order or degree > 3:
        return None
    return prime, degree


def _modulus(prime: int, degree: int, digits: Callable[[int], list[int]]) -> list[int]:
    """The coefficients (lowest first) of the monic polynomial GF(prime**degree) is reduced by:
    x for degree 1, else the first of degree 2 or 3 without a root (so irreducible)."""
    if degree == 1:
        return [1, 0]
    for low in range(prime**degree):
        candidate = [*digits(low), 1]
        if all(sum(c * x**k for k, c in enumerate(candidate)) % prime for x in range(prime)):
            return candidate
    return []


def affine_round(count: int, size: int, past: list[list[list[int]]], rng: random.Random) -> list[list[int]] | None:
    """The next round from an affine plane of order `size` over `count` = size**2 players whose
    past rounds are parallel classes of it, or None when there is no such plane, the past rounds
    are not such classes, or all size+1 classes are used. Points are (x, y): x the table of the
    first round, y of the second (slope 0); the other classes are the lines y = m*x + t."""
    if size * size != count or len(past) > size:
        return None
    gf = _field(size)
    if gf is None:
        return None
    if any(
        sorted(len(table) for table in tables) != [size] * size
        or sorted(number for table in tables for number in table) != list(range(count))
        for tables in past
    ):
        return None  # a round with byes or other players: not a class of the plane
    neg = [gf.add[value].index(0) for value in range(size)]
    if len(past) < 2:
        # The first rounds fix nothing yet: number the points at random (the first round, if
        # any, as the lines x = constant).
        points = list(range(count))
        rng.shuffle(points)
        if past:
            points = [number for table in past[0] for number in table]
        x_of = [0] * count
        y_of = [0] * count
        for position, number in enumerate(points):
            x_of[number], y_of[number] = divmod(position, size)
        used: set[int | None] = {None} if past else set()
    else:
        found = _label_plane(count, size, gf, neg, past)
        if found is None:
            return None
        x_of, y_of, used = found
    unused = [slope for slope in [None, *range(size)] if slope not in used]
    if not unused:
        return None
    slope = rng.choice(unused)
    lines: list[list[int]] = [[] for _ in range(size)]
    for number in range(count):
        if slope is None:
            lines[x_of[number]].append(number)
        else:  # t = y - m*x
            lines[gf.add[y_of[number]][neg[gf.mul[slope][x_of[number]]]]].append(number)
    rng.shuffle(lines)
    return lines


def _label_plane(
    count: int, size: int, gf: _Field, neg: list[int], past: list[list[list[int]]]
) -> tuple[list[int], list[int], set[int | None]] | None:
    """Coordinates that make every past round a parallel class, or None. The first two rounds are
    x = constant and y = constant; an affine map of x and y fixes the first two x values (0, 1)
    and the first y value (0), so only the other x values and each later round's slope are tried."""
    row = _table_of(count, past[0])
    col = _table_of(count, past[1])
    at = {}
    for number in range(count):
        at[row[number], col[number]] = number
    if len(at) != count:
        return None  # two players met in both first rounds
    later = past[2:]
    if not all(_crosses(tables, row, size) and _crosses(tables, col, size) for tables in later):
        return None  # a class other than the first two meets each of their lines once
    table_of = [_table_of(count, tables) for tables in later]
    rest_values = list(range(2, size))
    for rest in itertools.permutations(rest_values):
        x_value = [0, 1, *rest]
        for first_slope in range(1, size):
            fitted = _fit(size, gf, neg, at, table_of, x_value, first_slope)
            if fitted is not None:
                y_value, slopes = fitted
                x_of = [x_value[row[number]] for number in range(count)]
                y_of = [y_value[col[number]] for number in range(count)]
                return x_of, y_of, {None, 0, *slopes}
    return None


def _table_of(count: int, tables: list[list[int]]) -> list[int]:
    """The table each player sits at in a round of `tables`."""
    where = [0] * count
    for table_number, table in enumerate(tables):
        for number in table:
            where[number] = table_number
    return where


def _crosses(tables: list[list[int]], line_of: list[int], size: int) -> bool:
    """Whether every table of a round holds one player of each of `size` lines (`line_of`)."""
    return all(len({line_of[number] for number in table}) == size for table in tables)


def _fit(
    size: int, gf: _Field, neg: list[int], at: dict, table_of: list[list[int]], x_value: list[int], first_slope: int
) -> tuple[list[int], list[int]] | None:
    """y values and the slope of each later round, given the x values and the third round's slope."""
    if not table_of:
        return list(range(size)), []  # two rounds: any y values fit
    y_value: list[int] | None = None
    slopes: list[int] = []
    for index, where in enumerate(table_of):
        choices = [first_slope] if index == 0 else [m for m in range(1, size) if m not in slopes]
        for slope in choices:
            # The column y = 0 gives each table of this round its t = -m*x (each table holds one
            # player of that column: _label_plane checked it) ...
            offset = [-1] * size
            for row_number in range(size):
                offset[where[at[row_number, 0]]] = neg[gf.mul[slope][x_value[row_number]]]
            if y_value is None:  # ... and the row x = 0 gives each column its y = t
                trial = [offset[where[at[0, col_number]]] for col_number in range(size)]
                if sorted(trial) != list(range(size)):
                    continue
                candidate_y = trial
            else:
                candidate_y = y_value
            if all(
                gf.add[candidate_y[c]][neg[gf.mul[slope][x_value[r]]]] == offset[where[at[r, c]]]
                for r in range(size)
                for c in range(size)
            ):
                y_value = candidate_y
                slopes.append(slope)
                break
        else:
            return None
    assert y_value is not None
    return y_value, slopes


# --- the transversal design and the starters: a plan that the first round fixes ---

# Starter rounds found by a depth-first search (benchmarks/bench_draw.py --starters finds them
# again): points o*m + x (orbit o, x in Z_m) and `fixed` points after them; round k adds k to x
# modulo m and keeps the fixed points, and no pair meets twice in the first `rounds` rounds.
#   (players, table size): (m, orbits, fixed, rounds, starter)
STARTERS = {
    (24, 4): (
        7,
        3,
        3,
        7,
        ((21, 0, 7, 14), (22, 1, 9, 18), (23, 3, 13, 19), (2, 4, 5, 17), (6, 8, 10, 11), (12, 15, 16, 20)),
    ),
    (28, 4): (
        9,
        3,
        1,
        9,
        (
            (27, 0, 9, 18),
            (1, 3, 6, 14),
            (2, 21, 22, 24),
            (4, 5, 11, 19),
            (7, 10, 17, 23),
            (8, 13, 20, 25),
            (12, 15, 16, 26),
        ),
    ),  # every pair meets once: a Kirkman-like S(2, 4, 28)
    (30, 5): (
        6,
        5,
        0,
        6,
        (
            (0, 1, 6, 8, 12),
            (2, 4, 18, 19, 24),
            (3, 13, 17, 27, 28),
            (5, 9, 14, 23, 26),
            (7, 15, 16, 20, 22),
            (10, 11, 21, 25, 29),
        ),
    ),
}


def developed(m: int, orbits: int, starter) -> list[list[list[int]]]:
    """The rounds of a starter: round k moves every point of an orbit k places on (mod m)."""
    moved = orbits * m
    return [
        [[point if point >= moved else point - point % m + (point % m + k) % m for point in table] for table in starter]
        for k in range(m)
    ]


def transversal_design(count: int, size: int) -> list[list[list[int]]] | None:
    """count = size * q players (q a prime power, size <= q) as points (x, y), x one of `size`
    columns and y in GF(q): each of the q rounds is a direction m, its tables the lines
    y = m*x + t, so two players meet at most once (two lines of the plane cross once) and players
    of one column never meet. None for other numbers."""
    if count % size:
        return None
    order = count // size
    if order < size:
        return None
    gf = _field(order)
    if gf is None:
        return None
    return [
        [[x * order + gf.add[gf.mul[slope][x]][t] for x in range(size)] for t in range(order)] for slope in range(order)
    ]


def design(count: int, size: int) -> list[list[list[int]]] | None:
    """The rounds (each a list of tables of point numbers) of a schedule without a repeat for
    `count` players in tables of `size`, the longest of those known here, or None."""
    found = transversal_design(count, size)
    known = STARTERS.get((count, size))
    if known is not None:
        m, orbits, _fixed, rounds, starter = known
        if found is None or rounds > len(found):
            found = developed(m, orbits, starter)[:rounds]
    return found


def design_round(count: int, size: int, past: list[list[list[int]]], rng: random.Random) -> list[list[int]] | None:
    """The next round of a design's schedule, or None when there is no design for these numbers,
    the rounds so far are not rounds of the schedule the first of them fixes, or all are played.

    Any first round is a round of the design once its players are numbered in its order: the
    first round's tables (sorted by their first player, players sorted) become the design's first
    round (its tables sorted the same way), so every later draw finds the same schedule from the
    file's first round alone, and the seed picks which of its unplayed rounds comes next. The
    seeded generator is used only when a round is returned."""
    rounds = design(count, size)
    if rounds is None:
        return None
    if not past:
        order = list(range(count))
        rng.shuffle(order)
        tables = [[order[point] for point in table] for table in rounds[0]]
        rng.shuffle(tables)
        return tables
    first = sorted(sorted(table) for table in past[0])
    if sorted(len(table) for table in first) != [size] * (count // size) or sorted(
        number for table in first for number in table
    ) != list(range(count)):
        return None
    player = [0] * count  # the player at each point of the design
    for table, points in zip(first, sorted(sorted(table) for table in rounds[0])):
        for number, point in zip(table, points):
            player[point] = number
    plan = [frozenset(frozenset(player[point] for point in table) for table in tables) for tables in rounds[1:]]
    played = [frozenset(frozenset(table) for table in tables) for tables in past[1:]]
    if any(tables not in plan for tables in played) or len(set(played)) != len(played):
        return None
    unplayed = [number for number, tables in enumerate(plan) if tables not in played]
    if not unplayed:
        return None
    chosen = rounds[1 + unplayed[rng.randrange(len(unplayed))]]
    tables = [[player[point] for point in table] for table in chosen]
    rng.shuffle(tables)
    return tables
