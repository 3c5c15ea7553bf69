"""Speed of a tournament draw (TN2) against baselines measured in the same run.

    python benchmarks/bench_draw.py [--players 200] [--history 5] [--runs 5] [--strict]

For tables of four (King) and of five closed with fours (Quatrilho), draws round 6 of `players`
players after 5 rounds of history, planning to rounds_total = history + 3, and prints:
  1. our draw's best time (target: under 1 s, issue 10 point 6),
  2. its ratio against a greedy draw of the same round (each player, in shuffled order, seated at
     the open table where he has met the fewest: round by round, no planning) and against
     `random.shuffle` of the names repeated 1,000 times (the machine's speed),
  3. the repeat meetings of both draws' schedules so far.
Both sides run in this process, alternately, best of --runs. Not a test: the machine's load
moves the numbers; --strict exits 1 when the draw takes a second or more.
"""
from __future__ import annotations

import argparse
import itertools
import random
import sys
import time

from scorekeeper.tournaments.draw import draw_tables, repeat_meetings, table_layout


def greedy_draw(players: list[str], sizes: tuple[int, ...], history: list[list[list[str]]],
                byes_so_far: dict[str, int], seed: int) -> tuple[list[list[str]], list[str]]:
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
    byes, seated = order[:layout.byes], order[layout.byes:]
    rng.shuffle(seated)
    tables: list[list[str]] = [[] for _ in layout.tables]
    for name in seated:
        open_tables = [table for table, size in zip(tables, layout.tables) if len(table) < size]
        scores = [sum(met.get((name, other), 0) for other in table) for table in open_tables]
        open_tables[scores.index(min(scores))].append(name)
    return tables, byes


def shuffles(players: list[str], seed: int) -> None:
    rng = random.Random(seed)
    names = list(players)
    for _ in range(1000):
        rng.shuffle(names)


def history_of(players: list[str], sizes: tuple[int, ...], rounds: int, rounds_total: int) -> tuple[list, dict]:
    history: list[list[list[str]]] = []
    byes: dict[str, int] = {}
    for number in range(rounds):
        tables, round_byes = draw_tables(players, sizes, history, byes, rounds_total, 1000 + number)
        history.append(tables)
        for name in round_byes:
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--history", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    players = [f"Jogador {number:03d}" for number in range(args.players)]
    rounds_total = args.history + 3
    ok = True
    for label, sizes in (("tables of 4", (4,)), ("tables of 5 and 4", (5, 4))):
        history, byes = history_of(players, sizes, args.history, rounds_total)
        ours, greedy, shuffle = best_of(
            args.runs,
            lambda: draw_tables(players, sizes, history, byes, rounds_total, 7),
            lambda: greedy_draw(players, sizes, history, byes, 7),
            lambda: shuffles(players, 7))
        drawn = draw_tables(players, sizes, history, byes, rounds_total, 7)[0]
        greedy_tables = greedy_draw(players, sizes, history, byes, 7)[0]
        verdict = "ok" if ours < 1.0 else "OVER"
        print(f"draw {args.players} players, {label}, after {args.history} rounds: {ours * 1000:8.1f} ms "
              f"(target < 1000 ms) {verdict}")
        print(f"  vs greedy draw {greedy * 1000:8.1f} ms  ratio {ours / greedy:6.1f}; "
              f"vs 1000 shuffles of the names {shuffle * 1000:8.1f} ms  ratio {ours / shuffle:6.1f}")
        print(f"  repeat meetings over {args.history + 1} rounds: ours {repeat_meetings([*history, drawn])}, "
              f"greedy {repeat_meetings([*history, greedy_tables])}")
        ok &= ours < 1.0
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())
