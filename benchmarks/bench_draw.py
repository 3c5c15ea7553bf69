"""Tournament draws (TN2): repeat meetings and time, against a published seating and a greedy draw
measured in the same run.

    python benchmarks/bench_draw.py [--seeds 10] [--time 5] [--without-designs]
                                    [--players 200] [--history 5] [--runs 5] [--strict] [--starters]

1. Each target field is drawn round by round as `tournament draw` draws it: each draw gets the
   rounds so far, plans for all the target's rounds, has --time seconds and its own seed
   (100 * seed + round), for seeds 1..--seeds. Printed: the most repeat meetings of a season over
   the seeds (and on how many seeds there were none), the longest draw in wall time and in CPU
   time (time.process_time: the machine is shared, so the wall time of a draw under load is
   longer than its work), against
     - the published seating for 20, 24 and 32 players in fours (below, PUBLISHED): its repeats,
       counted here;
     - the greedy draw (byes to the fewest, each player to the open table where he has met the
       fewest: round by round, no planning): its most repeats and its time, and the ratio of our
       longest draw to its.
   Target: the fewest repeats known (FEWEST) on every seed, every draw under 10 s.
   --without-designs turns draw_designs off, so that the search alone is measured.
2. Speed: round 6 of `players` players after 5 rounds of history (planned to 8 rounds), in tables
   of four and of five closed with fours, against the greedy draw and against 1,000
   `random.shuffle`s of the names (the machine's speed); best of --runs (target: under 1 s).
Not a test: the machine's load moves the times; --strict exits 1 when a target is missed.
--starters searches the starter rounds of draw_designs.STARTERS again and prints them.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import sys
import time

from scorekeeper.tournaments import draw_designs
from scorekeeper.tournaments.draw_plan import draw_tables, repeat_meetings, table_layout

# Published seatings without a repeat meeting, players numbered from 1 in wind order: A. Z. Smith,
# "Seating for Mahjong Tournaments" (2024, Zenodo, DOI 10.5281/zenodo.13971404; files 20x5.py,
# 24x6.py and gams/final/32x8.py under server/seating in github.com/ApplySci/aim), built on A.
# Miller et al.'s social golfer solutions ("Breakout Group Allocation Schedules and the Social
# Golfer Problem with Adjacent Group Sizes", Symmetry 13(1):13, 2020). (The mjseating tables the
# issue names could not be reached from here; these are the same kind of published seating.)
PUBLISHED = {
    20: [
        [[12, 13, 14, 15], [16, 17, 18, 19], [4, 5, 6, 7], [8, 9, 10, 11], [1, 2, 3, 20]],
        [[6, 1, 11, 16], [20, 10, 15, 5], [3, 8, 13, 18], [17, 7, 12, 2], [9, 19, 4, 14]],
        [[18, 20, 7, 9], [2, 4, 11, 13], [10, 12, 19, 1], [14, 16, 5, 3], [17, 15, 8, 6]],
        [[10, 3, 17, 4], [7, 14, 8, 1], [2, 15, 9, 16], [19, 6, 20, 13], [11, 18, 12, 5]],
        [[5, 19, 2, 8], [3, 6, 9, 12], [14, 11, 20, 17], [15, 4, 1, 18], [13, 7, 16, 10]],
    ],
    24: [
        [[3, 5, 6, 23], [15, 19, 21, 22], [1, 10, 20, 24], [2, 12, 16, 17], [4, 8, 9, 18], [7, 11, 13, 14]],
        [[9, 15, 2, 13], [5, 18, 1, 7], [19, 14, 4, 16], [20, 8, 11, 6], [22, 3, 24, 12], [10, 17, 23, 21]],
        [[21, 7, 8, 12], [13, 23, 24, 4], [17, 22, 18, 11], [14, 9, 10, 3], [6, 2, 19, 1], [16, 20, 5, 15]],
        [[24, 14, 5, 17], [6, 21, 9, 16], [2, 7, 3, 20], [22, 13, 8, 1], [11, 4, 15, 10], [23, 18, 12, 19]],
        [[10, 16, 7, 22], [11, 9, 12, 5], [8, 23, 14, 2], [15, 24, 18, 6], [20, 13, 17, 19], [21, 1, 4, 3]],
        [[18, 21, 14, 20], [17, 15, 3, 8], [12, 6, 10, 13], [5, 2, 22, 4], [16, 1, 23, 11], [19, 24, 7, 9]],
    ],
    32: [
        [
            [1, 2, 3, 32],
            [4, 5, 6, 7],
            [8, 9, 10, 11],
            [12, 13, 14, 15],
            [16, 17, 18, 19],
            [20, 21, 22, 23],
            [24, 25, 26, 27],
            [28, 29, 30, 31],
        ],
        [
            [15, 26, 21, 19],
            [27, 29, 9, 14],
            [20, 16, 24, 12],
            [23, 2, 17, 6],
            [10, 3, 5, 31],
            [25, 30, 13, 11],
            [28, 32, 8, 4],
            [18, 1, 7, 22],
        ],
        [
            [11, 14, 16, 5],
            [23, 1, 28, 26],
            [25, 18, 31, 4],
            [29, 19, 22, 8],
            [21, 27, 32, 30],
            [10, 7, 12, 17],
            [9, 20, 15, 2],
            [13, 24, 6, 3],
        ],
        [
            [4, 23, 12, 29],
            [11, 24, 32, 18],
            [5, 22, 30, 15],
            [19, 25, 10, 1],
            [13, 28, 20, 7],
            [8, 16, 27, 2],
            [31, 6, 21, 14],
            [26, 17, 9, 3],
        ],
        [
            [27, 10, 20, 6],
            [2, 30, 19, 12],
            [17, 8, 13, 21],
            [32, 31, 23, 9],
            [26, 11, 4, 22],
            [3, 14, 18, 28],
            [1, 5, 29, 24],
            [16, 15, 7, 25],
        ],
        [
            [14, 22, 17, 25],
            [24, 28, 15, 10],
            [18, 23, 27, 13],
            [3, 4, 16, 21],
            [6, 9, 1, 30],
            [12, 26, 31, 8],
            [2, 7, 11, 29],
            [19, 20, 5, 32],
        ],
        [
            [7, 21, 24, 9],
            [31, 13, 1, 16],
            [6, 11, 19, 28],
            [30, 18, 26, 20],
            [5, 8, 25, 23],
            [32, 15, 29, 17],
            [22, 12, 3, 27],
            [14, 4, 2, 10],
        ],
        [
            [15, 6, 8, 18],
            [29, 3, 25, 20],
            [7, 32, 14, 26],
            [17, 27, 28, 5],
            [22, 31, 2, 24],
            [9, 19, 4, 13],
            [30, 10, 23, 16],
            [21, 12, 11, 1],
        ],
    ],
}

QUATRILHO = (5, 4)  # tables of five closed with fours (Art 14)
# (players, table sizes, rounds, the fewest repeat meetings known, how that is known)
TARGETS = [
    (16, (4,), 5, 0, "an affine plane of order 4"),
    (20, (4,), 5, 0, "published"),
    (24, (4,), 6, 0, "published"),
    (32, (4,), 8, 0, "published"),
    (36, (4,), 8, 0, "published up to 11 rounds"),
    (28, (4,), 9, 0, "every pair once: S(2,4,28)"),
    (30, QUATRILHO, 5, 0, "a starter over Z_6"),
    (40, QUATRILHO, 6, 0, "a transversal design"),
    (18, (4,), 5, 0, "two byes a round; the search"),
    (9, (4,), 4, 14, "exhaustion (tests/tournaments/test_draw.py)"),
    (62, QUATRILHO, 8, 0, "the search"),
]
TIME_TARGET = 10.0  # seconds, each draw of a target field
SPEED_TARGET = 1.0  # seconds, a draw of 200 players (issue 10, point 6)


def greedy_draw(
    players: list[str], sizes: tuple[int, ...], history: list[list[list[str]]], byes_so_far: dict[str, int], seed: int
) -> tuple[list[list[str]], list[str]]:
    """The baseline: byes to the fewest so far, then one player at a time to the open table where
    he has met the fewest (the round-by-round draw TN2 says gets stuck)."""
    rng = random.Random(seed)
    layout = table_layout(len(players), sizes)
    met: dict[tuple[str, str], int] = {}
    for tables in history:
        for table in tables:
            for first, second in itertools.permutations(table, 2):
                met[first, second] = met.get((first, second), 0) + 1
    order = sorted(players, key=lambda name: (byes_so_far.get(name, 0), rng.random()))
    byes, seated = order[: layout.byes], order[layout.byes :]
    rng.shuffle(seated)
    tables: list[list[str]] = [[] for _ in layout.tables]
    for name in seated:
        open_tables = [table for table, size in zip(tables, layout.tables) if len(table) < size]
        scores = [sum(met.get((name, other), 0) for other in table) for table in open_tables]
        open_tables[scores.index(min(scores))].append(name)
    return tables, byes


def season(
    players: list[str], sizes: tuple[int, ...], rounds: int, seed: int, budget: float | None, greedy: bool = False
) -> tuple[int, float, float]:
    """A season drawn round by round: its repeat meetings, and its longest draw's wall and CPU
    seconds."""
    history: list[list[list[str]]] = []
    byes: dict[str, int] = {}
    wall = cpu = 0.0
    for number in range(rounds):
        started, worked = time.perf_counter(), time.process_time()
        if greedy:
            tables, round_byes = greedy_draw(players, sizes, history, byes, 100 * seed + number)
        else:
            drawn = draw_tables(players, sizes, history, byes, rounds, 100 * seed + number, time_budget=budget)
            tables, round_byes = drawn.tables, drawn.byes
        wall = max(wall, time.perf_counter() - started)
        cpu = max(cpu, time.process_time() - worked)
        history.append(tables)
        for name in round_byes:
            byes[name] = byes.get(name, 0) + 1
    return repeat_meetings(history), wall, cpu


def published_repeats(count: int) -> int:
    rounds = PUBLISHED[count]
    players = sorted({player for tables in rounds for table in tables for player in table})
    assert players == list(range(1, count + 1)) and all(len(table) == 4 for tables in rounds for table in tables)
    return repeat_meetings([[[str(player) for player in table] for table in tables] for tables in rounds])


def targets(seeds: int, budget: float) -> bool:
    ok = True
    print(
        f"{'field':<34} {'fewest':>6}  {'ours: most':>10} {'none on':>8} {'wall s':>7} {'cpu s':>6}"
        f"  {'published':>9}  {'greedy: most':>12} {'ms':>7}  {'ratio':>7}"
    )
    for count, sizes, rounds, fewest, known in TARGETS:
        players = [f"P{number:03d}" for number in range(count)]
        ours = [season(players, sizes, rounds, seed, budget) for seed in range(1, seeds + 1)]
        greedy = [season(players, sizes, rounds, seed, None, greedy=True) for seed in range(1, seeds + 1)]
        most = max(result[0] for result in ours)
        clean = sum(1 for result in ours if result[0] == 0)
        wall = max(result[1] for result in ours)
        cpu = max(result[2] for result in ours)
        greedy_most = max(result[0] for result in greedy)
        greedy_time = max(result[1] for result in greedy)
        published = str(published_repeats(count)) if count in PUBLISHED and rounds == len(PUBLISHED[count]) else "-"
        shape = "fours" if sizes == (4,) else "fives and fours"
        label = f"{count} in {shape}, {rounds} rounds"
        hit = most <= fewest and wall < TIME_TARGET
        print(
            f"{label:<34} {fewest:>6}  {most:>10} {clean:>5}/{seeds:<2} {wall:>7.2f} {cpu:>6.2f}  {published:>9}  "
            f"{greedy_most:>12} {greedy_time * 1000:>7.1f}  {wall / greedy_time:>7.0f}  {'ok' if hit else 'MISSED'}"
            f"  ({known})"
        )
        ok &= hit
    return ok


def shuffles(players: list[str], seed: int) -> None:
    rng = random.Random(seed)
    names = list(players)
    for _ in range(1000):
        rng.shuffle(names)


def history_of(players: list[str], sizes: tuple[int, ...], rounds: int, rounds_total: int) -> tuple[list, dict]:
    history: list[list[list[str]]] = []
    byes: dict[str, int] = {}
    for number in range(rounds):
        drawn = draw_tables(players, sizes, history, byes, rounds_total, 1000 + number)
        history.append(drawn.tables)
        for name in drawn.byes:
            byes[name] = byes.get(name, 0) + 1
    return history, byes


def best_of(runs: int, *calls) -> list[float]:
    """The best wall time of each call over `runs` runs, the calls alternating."""
    best = [float("inf")] * len(calls)
    for _ in range(runs):
        for side, call in enumerate(calls):
            start = time.perf_counter()
            call()
            best[side] = min(best[side], time.perf_counter() - start)
    return best


def speed(count: int, history_rounds: int, runs: int) -> bool:
    players = [f"Jogador {number:03d}" for number in range(count)]
    rounds_total = history_rounds + 3
    ok = True
    for label, sizes in (("tables of 4", (4,)), ("tables of 5 and 4", QUATRILHO)):
        history, byes = history_of(players, sizes, history_rounds, rounds_total)
        ours, greedy, shuffle = best_of(
            runs,
            functools.partial(draw_tables, players, sizes, history, byes, rounds_total, 7),
            functools.partial(greedy_draw, players, sizes, history, byes, 7),
            functools.partial(shuffles, players, 7),
        )
        drawn = draw_tables(players, sizes, history, byes, rounds_total, 7).tables
        greedy_tables = greedy_draw(players, sizes, history, byes, 7)[0]
        verdict = "ok" if ours < SPEED_TARGET else "OVER"
        print(
            f"draw {count} players, {label}, after {history_rounds} rounds: {ours * 1000:8.1f} ms "
            f"(target < {SPEED_TARGET * 1000:.0f} ms) {verdict}"
        )
        print(
            f"  vs greedy draw {greedy * 1000:8.1f} ms  ratio {ours / greedy:6.1f}; "
            f"vs 1000 shuffles of the names {shuffle * 1000:8.1f} ms  ratio {ours / shuffle:6.1f}"
        )
        print(
            f"  repeat meetings over {history_rounds + 1} rounds: ours {repeat_meetings([*history, drawn])}, "
            f"greedy {repeat_meetings([*history, greedy_tables])}"
        )
        ok &= ours < SPEED_TARGET
    return ok


def starter_search(orbits: int, m: int, fixed: int, size: int, rounds: int, limit: int = 3_000_000):
    """A starter round for draw_designs.STARTERS by depth-first search: points o*m + x (orbit o,
    x in Z_m), then the fixed points; round k adds k to x. Two pairs of the starter that one
    translation carries onto each other would meet twice, so each pair's class (its orbits and
    the difference of its x's) may hold starts that lie `rounds` or more apart on Z_m; two
    fixed points never share a table. None when none is found in `limit` nodes."""
    search = _StarterSearch(orbits, m, fixed, size, rounds, limit)
    try:
        return search.tables if search.next_table() else None
    except TimeoutError:
        return None


PairClass = tuple  # a pair's class: ("f", fixed point, orbit), (orbit, difference) or (orbit, orbit, difference)


class _StarterSearch:
    """The depth-first search of starter_search: the tables placed so far, the points used, and
    for each class of pairs the starts it holds (as the bits of the starts they reach)."""

    def __init__(self, orbits: int, m: int, fixed: int, size: int, rounds: int, limit: int) -> None:
        self.orbits, self.m, self.size, self.limit = orbits, m, size, limit
        self.count = orbits * m + fixed
        self.reach = [
            sum(1 << position for position in {(start + k) % m for k in range(1 - rounds, rounds)})
            for start in range(m)
        ]
        self.taken: dict[PairClass, int] = {}
        self.used = [False] * self.count
        self.tables: list[list[int]] = []
        self.nodes = 0

    def classes(self, first: int, second: int) -> list[tuple[PairClass, int]] | None:
        """The class of the pair and its start (two of each for a pair half the group apart),
        or None for two fixed points."""
        m, orbits = self.m, self.orbits
        (o1, x1), (o2, x2) = (
            divmod(first, m) if first < orbits * m else ("f", first),
            divmod(second, m) if second < orbits * m else ("f", second),
        )
        if o1 == "f" and o2 == "f":
            return None
        if o1 == "f" or o2 == "f":
            fixed_point, start, orbit = (x1, x2, o2) if o1 == "f" else (x2, x1, o1)
            return [(("f", fixed_point, orbit), start)]
        if o1 == o2:
            diff = (x2 - x1) % m
            if 2 * diff == m:
                return [((o1, diff), x1), ((o1, diff), x2)]
            return [((o1, diff), x1)] if diff < m - diff else [((o1, m - diff), x2)]
        if o1 > o2:
            o1, x1, o2, x2 = o2, x2, o1, x1
        return [((o1, o2, (x2 - x1) % m), x1)]

    def added(self, table: list[int], point: int) -> list[tuple[PairClass, int]] | None:
        """The classes and starts `point` adds at `table`, or None when it may not sit there."""
        added: list[tuple[PairClass, int]] = []
        for other in table:
            found = self.classes(other, point)
            if found is None:
                return None
            for key, start in found:
                if self.taken.get(key, 0) >> start & 1 or any(
                    key == k and self.reach[s] >> start & 1 for k, s in added
                ):
                    return None
                added.append((key, start))
        return added

    def fill(self, table: list[int], low: int) -> bool:
        """Whether `table` can be filled from the points from `low` on, and every later table after it."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise TimeoutError
        if len(table) == self.size:
            self.tables.append(list(table))
            if self.next_table():
                return True
            self.tables.pop()
            return False
        for point in range(low, self.count):
            if self.used[point]:
                continue
            added = self.added(table, point)
            if added is not None and self.seated(table, point, added):
                return True
        return False

    def seated(self, table: list[int], point: int, added: list[tuple[PairClass, int]]) -> bool:
        """Whether the search succeeds with `point` at `table`; undone when it does not."""
        taken = self.taken
        saved = [(key, taken.get(key, 0)) for key, _start in added]
        for key, start in added:
            taken[key] = taken.get(key, 0) | self.reach[start]
        self.used[point] = True
        table.append(point)
        if self.fill(table, point + 1):
            return True
        table.pop()
        self.used[point] = False
        for key, value in reversed(saved):
            taken[key] = value
        return False

    def next_table(self) -> bool:
        """Whether the tables still to place can all be placed (a fixed point heads each first)."""
        if len(self.tables) == self.count // self.size:
            return True
        first = next((p for p in range(self.orbits * self.m, self.count) if not self.used[p]), None)
        if first is None:
            first = next(p for p in range(self.count) if not self.used[p])
        self.used[first] = True
        found = self.fill([first], 0)
        self.used[first] = False
        return found


def starters() -> bool:
    ok = True
    for (count, size), (m, orbits, fixed, rounds, starter) in draw_designs.STARTERS.items():
        found = starter_search(orbits, m, fixed, size, rounds)
        developed = draw_designs.developed(m, orbits, found or starter)[:rounds]
        named = [[[str(point) for point in table] for table in tables] for tables in developed]
        clean = found is not None and repeat_meetings(named) == 0
        print(
            f"{count} players in tables of {size}, {rounds} rounds over Z_{m} x {orbits} + {fixed}: "
            f"{tuple(map(tuple, found)) if found else 'not found'}"
            f"{'' if found is None or tuple(map(tuple, found)) == starter else ' (another than the stored one)'}"
        )
        ok &= clean
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--time", type=float, default=5.0)
    parser.add_argument("--without-designs", action="store_true")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--history", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--starters", action="store_true")
    args = parser.parse_args()
    if args.starters:
        return 0 if starters() else 1
    if args.without_designs:
        draw_designs.affine_round = lambda *_args: None
        draw_designs.design_round = lambda *_args: None
    ok = targets(args.seeds, args.time)
    ok &= speed(args.players, args.history, args.runs)
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())
