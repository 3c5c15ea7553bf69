"""Speed of the season's ratings (issue 27, point 4) against a baseline measured in the same run.

    python benchmarks/bench_ratings.py [--games 150000] [--people 2000] [--runs 2] [--strict]

A season of `games` King tables of four drawn from a population of `people` (dates over a year,
ten events a month listed in no order of date, King points in steps of 5 with their ties) is
rated by
scorekeeper.season.ratings.rate (sorting in date order, each person's history kept) against
openskill's own BradleyTerryFull `rate` called on the same games, in the same order, in a bare
loop that keeps only each person's latest rating: the ratio is our overhead over the model's
own work (target 1.3x). Both run in this process, alternately, after a warm-up of a thousand
games each; the best time of each counts, CPU time (time.process_time: the machine is shared)
the verdict and wall time beside it. Not a test: CI prints the ratio and never fails on it;
--strict exits 1 when it is over its target.
"""

from __future__ import annotations

import argparse
import datetime
import pathlib
import random
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_check import Timing, report  # noqa: E402

from scorekeeper.season.rated_games import RatedGame  # noqa: E402
from scorekeeper.season.ratings import game_order, rate  # noqa: E402

TARGET = 1.3


def make_games(count: int, people: int, seed: int = 27) -> list[RatedGame]:
    """`count` King tables of four different people of `people`, over 2026: each event of one
    day, its rounds of tables, the scores King points (steps of 5, ties among them); the events
    in no order of date, each one's games in order (as games_of gives them)."""
    rng = random.Random(seed)
    names = [f"M{number:05d}" for number in range(people)]
    start = datetime.date(2026, 1, 1)
    games = []
    per_event = max(1, count // 120)  # ten events a month
    for index in range(count):
        event, within = divmod(index, per_event)
        date = start + datetime.timedelta(days=(event * 3) % 365)
        four = rng.sample(names, 4)
        scores = tuple(float(5 * rng.randint(-130, 130)) for _ in four)
        games.append(
            RatedGame(
                date, f"Regional {event:03d}", 1 + within // 25, str(1 + within % 25), tuple((p,) for p in four), scores
            )
        )
    events = [games[at : at + per_event] for at in range(0, count, per_event)]
    rng.shuffle(events)  # as a season file lists them, not by date: rate sorts them
    return [game for event in events for game in event]


def bare_openskill(games: list[RatedGame]) -> None:
    """The baseline: openskill's rate over the games in the same order, only the latest rating kept."""
    from openskill.models import BradleyTerryFull

    model = BradleyTerryFull()
    current: dict = {}
    for game in games:
        teams = [[current.get(person) or model.rating() for person in side] for side in game.sides]
        for side, team in zip(game.sides, model.rate(teams, scores=list(game.scores))):  # noqa: B905 (py39)
            for person, rating in zip(side, team):  # noqa: B905 (py39: zip has no strict); a rating per person
                current[person] = rating


def timed(work, timing: Timing) -> None:
    cpu, wall = time.process_time(), time.perf_counter()
    work()
    timing.add(time.perf_counter() - wall, time.process_time() - cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150_000)
    parser.add_argument("--people", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    games = make_games(args.games, args.people)
    in_order = sorted(games, key=game_order)  # the baseline is given them in the order rate finds
    rate(games[:1000])
    bare_openskill(in_order[:1000])
    ours, base = Timing(), Timing()
    for _ in range(args.runs):
        timed(lambda: rate(games), ours)
        timed(lambda: bare_openskill(in_order), base)
    label = f"rate {args.games:,} King games of {args.people:,} people / openskill's rate in a loop"
    ok = report(label, ours, base, TARGET)
    print(
        f"rating {args.games:,} games took {ours.cpu:.1f} s of CPU ({ours.wall:.1f} s wall); openskill alone {base.cpu:.1f} s"
    )
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())
