"""Draws (TN2) and the round robin: every player seated once, the allowed table sizes, fair byes,
reproducible from the seed and the search's steps (in any process, at any speed), no repeat
meeting where one can be avoided (issue 18: the targets drawn round by round), the pairs that
meet again named, and `tournament draw`'s lines about its search."""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import subprocess
import sys

import pytest
import yaml
from conftest import run
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import InputValueError
from scorekeeper.tournaments import draw_designs, draw_search
from scorekeeper.tournaments.draw_plan import (
    Again,
    Layout,
    draw_tables,
    meetings,
    repeat_meetings,
    round_robin,
    table_layout,
)


def draw(players, sizes, history, byes_so_far, rounds_total, seed, steps=300):
    """draw_tables's tables and byes after a fixed number of steps (the same on any machine)."""
    drawn = draw_tables(players, sizes, history, byes_so_far, rounds_total, seed, steps=steps)
    return drawn.tables, drawn.byes


def names(count: int) -> list[str]:
    return [f"P{number:03d}" for number in range(count)]


def season(
    players: list[str],
    sizes: tuple[int, ...],
    rounds: int,
    seed: int,
    rounds_total: int | None = None,
    byes_so_far: dict[str, int] | None = None,
    steps: int = 300,
) -> tuple[list[list[list[str]]], list[list[str]]]:
    """`rounds` rounds drawn one at a time, as `tournament draw` does: each call gets the rounds so
    far and the byes so far, and its own seed."""
    history: list[list[list[str]]] = []
    all_byes: list[list[str]] = []
    byes = dict(byes_so_far or {})
    for number in range(rounds):
        tables, round_byes = draw(players, sizes, history, byes, rounds_total or rounds, seed + number, steps)
        history.append(tables)
        all_byes.append(round_byes)
        for name in round_byes:
            byes[name] = byes.get(name, 0) + 1
    return history, all_byes


@pytest.mark.parametrize(
    "count, sizes, layout",
    [
        (9, (5, 4), Layout((5, 4), 0)),  # 5 + 4
        (13, (5, 4), Layout((5, 4, 4), 0)),  # 5 + 4 + 4 (three fives would leave -2)
        (7, (5, 4), Layout((5,), 2)),  # a five leaves 2 out, a four 3: fewest byes first
        (8, (5, 4), Layout((4, 4), 0)),  # 4 + 4 beats 5 and 3 byes
        (11, (4, 5), Layout((5, 5), 1)),  # 5 + 5 + 1 bye beats 5 + 4 + 2 byes; the order given does not matter
        (20, (5, 4), Layout((5, 5, 5, 5), 0)),
        (200, (5, 4), Layout((5,) * 40, 0)),
        (9, (4,), Layout((4, 4), 1)),
        (3, (4,), Layout((), 3)),  # nobody can play: everyone sits out
    ],
)
def test_table_layout(count, sizes, layout):
    assert table_layout(count, sizes) == layout


def test_meetings_and_repeats():
    history = [[["A", "B", "C"], ["D", "E"]], [["A", "B"], ["C", "D", "E"]], [["A", "B", "E"]]]
    counts = meetings(history)
    assert counts[frozenset("AB")] == 3  # all three rounds
    assert counts[frozenset("DE")] == 2
    assert frozenset("AD") not in counts
    # AB met 3 times (2 repeats), DE twice (1), AE, BE, CD, CE once: 3 repeats
    assert repeat_meetings(history) == 3


@st.composite
def draw_cases(draw):
    count = draw(st.integers(0, 30))
    sizes = draw(st.sampled_from([(4,), (5, 4), (5,), (3,), (6, 5, 4)]))
    rounds_before = draw(st.integers(0, 3))
    rounds_total = draw(st.one_of(st.none(), st.integers(1, 8)))
    seed = draw(st.integers(0, 2**32))
    byes_so_far = {name: draw(st.integers(0, 2)) for name in names(count) if draw(st.booleans())}
    return names(count), sizes, rounds_before, rounds_total, seed, byes_so_far


@given(draw_cases())
def test_every_draw_seats_everyone_once_at_allowed_tables_with_fair_byes(case):
    players, sizes, rounds_before, rounds_total, seed, byes_so_far = case
    history, _ = (
        season(players, sizes, rounds_before, seed, rounds_total, byes_so_far, steps=30) if rounds_before else ([], [])
    )
    byes = dict(byes_so_far)
    for tables in history:
        seated = {name for table in tables for name in table}
        for name in players:
            if name not in seated:
                byes[name] = byes.get(name, 0) + 1
    tables, round_byes = draw(players, sizes, history, byes, rounds_total, seed, steps=30)
    everyone = [name for table in tables for name in table] + round_byes
    assert sorted(everyone) == players  # each exactly once
    layout = table_layout(len(players), sizes)
    assert sorted((len(table) for table in tables), reverse=True) == list(layout.tables)
    assert len(round_byes) == layout.byes
    if round_byes and len(round_byes) < len(players):
        # nobody sits out while a player with fewer byes plays
        assert max(byes.get(name, 0) for name in round_byes) <= min(
            byes.get(name, 0) for table in tables for name in table
        )
    assert draw(players, sizes, history, byes, rounds_total, seed, steps=30) == (tables, round_byes)


@given(st.sampled_from([3, 4, 5]), st.integers(0, 7), st.integers(0, 2**32))
def test_two_rounds_without_a_repeat_whenever_there_are_as_many_tables_as_seats(size, extra_tables, seed):
    """With at least as many tables as seats, each first-round table can spread over the second
    round's tables, so two rounds need no repeat; the draw finds them."""
    players = names(size * (size + extra_tables))
    history, _ = season(players, (size,), 2, seed, rounds_total=2)
    assert repeat_meetings(history) == 0


def test_byes_go_round_before_anyone_has_a_second():
    players = names(9)  # tables of four: one bye a round
    _, byes = season(players, (4,), 9, seed=3)
    assert all(len(round_byes) == 1 for round_byes in byes)
    assert sorted(name for round_byes in byes for name in round_byes) == players  # nine rounds, nine byes
    _, byes = season(names(11), (5, 4), 6, seed=5)  # 5 + 5, one bye a round
    assert len({name for round_byes in byes for name in round_byes}) == 6


DRAW_SCRIPT = """
import json, sys
from scorekeeper.tournaments.draw_plan import draw_tables
players = [f"Jogador {chr(65 + n)}{n}" for n in range(13)]
history = [[players[0:5], players[5:9], players[9:13]]]
drawn = draw_tables(players, (5, 4), history, {players[0]: 1}, 4, int(sys.argv[1]), steps=300)
print(json.dumps([drawn.tables, drawn.byes]))
"""


def test_same_seed_same_draw_in_any_process():
    """The draw must not follow str hashing (set or dict order), which PYTHONHASHSEED changes."""
    outputs = set()
    for hash_seed in ("0", "1", "4242", "random"):
        done = subprocess.run(
            [sys.executable, "-c", DRAW_SCRIPT, "17"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    tables, byes = json.loads(outputs.pop())
    assert sorted(len(table) for table in tables) == [4, 4, 5] and byes == []
    other = subprocess.run([sys.executable, "-c", DRAW_SCRIPT, "18"], capture_output=True, text=True, check=True)
    assert json.loads(other.stdout) != [tables, byes]  # the seed does decide


def test_seat_order_is_drawn_too():
    players = names(16)
    first_seats = {draw(players, (4,), [], {}, 5, seed)[0][0][0] for seed in range(12)}
    assert len(first_seats) > 1
    # who deals first is not who comes first in the players' list: some table's first seat is
    # not its earliest-listed player
    tables, _ = draw(players, (4,), [], {}, 5, 1)
    assert any(table != sorted(table) for table in tables)


@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_sixteen_players_in_fours_five_rounds_nobody_meets_twice(seed):
    """An affine plane of order 4: 5 rounds x 4 tables x 6 pairs = 120 = C(16, 2) pairs, each once."""
    history, byes = season(names(16), (4,), 5, seed)
    assert repeat_meetings(history) == 0
    assert len(meetings(history)) == 16 * 15 // 2
    assert all(sorted(map(len, tables)) == [4, 4, 4, 4] for tables in history) and byes == [[]] * 5


def test_sixteen_players_same_seed_every_round_and_no_total_given():
    history, _ = season(names(16), (4,), 5, seed=7, rounds_total=None)
    assert repeat_meetings(history) == 0
    history = []
    for _ in range(5):  # the same seed every round: still a plane
        history.append(draw(names(16), (4,), history, {}, 5, 7)[0])
    assert repeat_meetings(history) == 0


@pytest.mark.parametrize("seed", [0, 5])
def test_twenty_five_players_in_fives_six_rounds_nobody_meets_twice(seed):
    """An affine plane of order 5: 6 rounds x 5 tables x 10 pairs = 300 = C(25, 2)."""
    history, _ = season(names(25), (5, 4), 6, seed)
    assert repeat_meetings(history) == 0
    assert len(meetings(history)) == 300


def test_a_round_that_is_no_class_of_the_plane_still_draws():
    """History not from a plane (two rounds that seat the same four together): the search takes over."""
    players = names(16)
    same = [players[0:4], players[4:8], players[8:12], players[12:16]]
    tables, byes = draw(players, (4,), [same, same], {}, 5, 1)
    assert repeat_meetings([same, tables]) == 0 and byes == []


def test_a_round_repeated_is_no_class_of_the_plane():
    """Rows, columns, then the columns again (24 repeats: 4 tables x 6 pairs): no plane holds the
    three rounds, but rows and columns are two classes of one, so two more rounds add no repeat."""
    players = names(16)
    rows = [players[start : start + 4] for start in range(0, 16, 4)]
    columns = [players[start::4] for start in range(4)]
    history = [rows, columns, columns]
    for seed in (0, 1):
        tables, _ = draw(players, (4,), history, {}, 5, seed)
        assert sorted(name for table in tables for name in table) == players
        assert repeat_meetings([*history, tables]) == 24
        following, _ = draw(players, (4,), [*history, tables], {}, 5, seed)
        assert repeat_meetings([*history, tables, following]) == 24


def fewest_repeats_nine_in_fours_four_rounds() -> int:
    """The fewest repeat meetings of 9 players in two tables of four and a bye over 4 rounds, by
    exhaustion. Fair byes give four different players (0, 1, 2, 3) a bye each; players 4-8 play
    every round and are interchangeable, so round 1 (bye 0) is one of four up to relabelling:
    {1,2,3,4}|{5,6,7,8}, {1,2,4,5}|{3,6,7,8}, {1,3,4,5}|{2,6,7,8}, {2,3,4,5}|{1,6,7,8}; rounds
    2-4 are any of the 35 splits of the eight present each: 4 x 35^3 schedules. (Counting alone
    gives 12: 48 meetings over 36 pairs; the exhaustion shows that every pair cannot meet.)"""
    pair_index = {pair: index for index, pair in enumerate(itertools.combinations(range(9), 2))}

    def pairs_of(tables):
        return [pair_index[pair] for table in tables for pair in itertools.combinations(sorted(table), 2)]

    def splits(bye):
        present = [number for number in range(9) if number != bye]
        for rest in itertools.combinations(present[1:], 3):
            table = (present[0], *rest)
            yield pairs_of([table, [number for number in present if number not in table]])

    firsts = [
        pairs_of(tables)
        for tables in (
            [[1, 2, 3, 4], [5, 6, 7, 8]],
            [[1, 2, 4, 5], [3, 6, 7, 8]],
            [[1, 3, 4, 5], [2, 6, 7, 8]],
            [[2, 3, 4, 5], [1, 6, 7, 8]],
        )
    ]
    later = [list(splits(bye)) for bye in (1, 2, 3)]
    fewest = 48
    for first in firsts:
        for second in later[0]:
            for third in later[1]:
                partial = first + second + third
                for fourth in later[2]:
                    fewest = min(fewest, 48 - len(set(partial + fourth)))  # repeats = meetings - pairs met
    return fewest


def test_nine_players_in_fours_with_a_bye_four_rounds_fewest_repeats():
    fewest = fewest_repeats_nine_in_fours_four_rounds()
    assert fewest == 14
    for seed in (0, 1, 2):
        history, byes = season(names(9), (4,), 4, seed)
        assert len({name for round_byes in byes for name in round_byes}) == 4
        assert repeat_meetings(history) == fewest


def test_twenty_players_in_fives_two_rounds_fewest_repeats():
    """Five players of a first-round table cannot sit at four different tables: each of the four
    tables of round 1 sends a pair together again, so 4 repeats is the fewest, and the draw gets it."""
    for seed in (0, 1):
        history, _ = season(names(20), (5, 4), 2, seed, rounds_total=4)
        assert all(sorted(map(len, tables)) == [5, 5, 5, 5] for tables in history)
        assert repeat_meetings(history) == 4


def test_two_hundred_players_six_rounds_without_a_repeat():
    for sizes in ((4,), (5, 4)):
        history, _ = season(names(200), sizes, 6, seed=11, rounds_total=8)
        assert repeat_meetings(history) == 0


def test_bad_input():
    with pytest.raises(InputValueError, match="'Ana' is listed twice"):
        draw(["Ana", "Bruno", "Ana"], (4,), [], {}, None, 1)
    with pytest.raises(InputValueError, match="table sizes"):
        draw(["Ana"], (), [], {}, None, 1)
    with pytest.raises(InputValueError, match="table sizes"):
        table_layout(8, (4, 1))
    with pytest.raises(InputValueError, match="'Nos' is listed twice"):
        round_robin(["Nos", "Eles", "Nos"])


@pytest.mark.parametrize("count", range(0, 13))
def test_round_robin(count):
    teams = [f"T{number}" for number in range(count)]
    rounds = round_robin(teams)
    assert len(rounds) == (max(count - 1, 0) if count % 2 == 0 else count)
    seen = sorted(tuple(sorted(pairing)) for pairings in rounds for pairing in pairings)
    assert seen == sorted(itertools.combinations(sorted(teams), 2))  # every pair exactly once
    for pairings in rounds:
        playing = [team for pairing in pairings for team in pairing]
        assert len(playing) == len(set(playing))  # each team at most once a round
        assert len(playing) == count - count % 2  # with an odd count, exactly one rests
    if count % 2:
        resting = [
            next(team for team in teams if all(team not in pairing for pairing in pairings)) for pairings in rounds
        ]
        assert sorted(resting) == sorted(teams)  # each team rests once


def test_round_robin_five_teams_exact():
    # The circle [A B C D E rest]: seat i plays seat 5 - i, then all but A move one place on
    # ([A rest B C D E], ...); A, fixed, changes side in odd rounds; who meets the rest sits out.
    assert round_robin(["A", "B", "C", "D", "E"]) == [
        [("B", "E"), ("C", "D")],  # A rests
        [("E", "A"), ("B", "C")],  # D rests
        [("A", "D"), ("E", "C")],  # B rests
        [("C", "A"), ("D", "B")],  # E rests
        [("A", "B"), ("D", "E")],  # C rests
    ]


# --- issue 18: a draw that finds what exists ---


def rounds_drawn(players: list[str], sizes: tuple[int, ...], rounds: int, seed: int, time_budget: float = 5.0):
    """A season drawn round by round as `tournament draw` draws it (each draw planning for all the
    rounds, with its own seed and the time budget); the rounds and each draw's Draw."""
    history: list[list[list[str]]] = []
    draws = []
    byes: dict[str, int] = {}
    for number in range(rounds):
        drawn = draw_tables(players, sizes, history, byes, rounds, 100 * seed + number, time_budget=time_budget)
        history.append(drawn.tables)
        draws.append(drawn)
        for name in drawn.byes:
            byes[name] = byes.get(name, 0) + 1
    return history, draws


@pytest.mark.parametrize(
    "count, sizes, rounds",
    [
        (20, (4,), 5),
        (24, (4,), 6),
        (24, (4,), 7),
        (32, (4,), 8),
        (36, (4,), 8),
        (28, (4,), 9),
        (30, (5, 4), 5),
        (30, (5, 4), 6),
        (40, (5, 4), 6),
        (16, (4,), 5),
        (25, (5, 4), 6),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_targets_drawn_round_by_round_repeat_no_meeting(count, sizes, rounds, seed):
    """Every pair meets at most once: 20 x 5 rounds x 5 tables x 6 pairs = 150 of C(20, 2) = 190
    pairs; 28 over 9 rounds: 9 x 7 x 6 = 378 = C(28, 2), every pair exactly once."""
    history, draws = rounds_drawn(names(count), sizes, rounds, seed, time_budget=2.0)
    assert repeat_meetings(history) == 0
    assert len(meetings(history)) == rounds * sum(size * (size - 1) // 2 for size in table_layout(count, sizes).tables)
    assert all(not drawn.again and not drawn.byes for drawn in draws)


def test_eighteen_players_in_fours_five_rounds_two_byes_a_round_without_a_repeat():
    """4 tables of 4 and 2 byes a round; 10 byes over 5 rounds go to 10 different players (nobody
    has a second before everyone has had one) and nobody meets anyone twice (the fewest possible,
    0; the draw before issue 18 left two pairs meeting twice)."""
    for seed in (1, 2):
        history, draws = rounds_drawn(names(18), (4,), 5, seed, time_budget=3.0)
        byes = [name for drawn in draws for name in drawn.byes]
        assert len(byes) == 10 and len(set(byes)) == 10
        assert repeat_meetings(history) == 0


def test_the_search_alone_finds_twenty_in_fours_over_five_rounds(monkeypatch):
    """Without the finite geometry, the tabu search finds a schedule without a repeat (5-4-5, the
    social golfer instance) from the quick search's start."""
    monkeypatch.setattr(draw_designs, "design_round", lambda *args: None)
    drawn = draw_tables(names(20), (4,), [], {}, 5, 1, time_budget=None, steps=3000)
    assert drawn.stopped == "bound" and 0 < drawn.steps < 3000


def test_rounds_the_designs_do_not_know_are_completed_by_the_search():
    """Two rounds of the published 20-player seating (not rounds of the plan the transversal
    design makes from the first): the search plans the other three without a repeat."""
    published = [
        [[12, 13, 14, 15], [16, 17, 18, 19], [4, 5, 6, 7], [8, 9, 10, 11], [1, 2, 3, 20]],
        [[6, 1, 11, 16], [20, 10, 15, 5], [3, 8, 13, 18], [17, 7, 12, 2], [9, 19, 4, 14]],
    ]
    players = names(20)
    history = [[[players[number - 1] for number in table] for table in tables] for tables in published]
    assert (
        draw_designs.design_round(
            20, 4, [[[int(name[1:]) for name in table] for table in tables] for tables in history], random.Random(1)
        )
        is None
    )
    for _round in range(3):
        drawn = draw_tables(players, (4,), history, {}, 5, 7, time_budget=None, steps=4000)
        assert drawn.stopped in ("bound", "clean", "quick") and not drawn.again
        history.append(drawn.tables)
    assert repeat_meetings(history) == 0


def test_the_design_plan_is_the_one_the_first_round_fixes():
    """Whatever its seed, a later draw finds the same plan from the file's first round (its tables
    and seats in any order), and the seed picks among its unplayed rounds."""
    players = names(20)
    first = draw_tables(players, (4,), [], {}, 5, 11).tables
    shuffled = [list(reversed(table)) for table in reversed(first)]
    seconds = {
        frozenset(map(frozenset, draw_tables(players, (4,), [history], {}, 5, seed).tables))
        for history in (first, shuffled)
        for seed in range(8)
    }
    assert 1 < len(seconds) <= 4  # four rounds of the plan are left
    history = [first]
    for seed in range(4):
        history.append(draw_tables(players, (4,), history, {}, 5, seed).tables)
    assert repeat_meetings(history) == 0
    sixth = draw_tables(players, (4,), history, {}, 6, 1)  # the plan is played: the search seats a sixth round
    assert sixth.stopped != "design"
    # The transversal design's q = 5 rounds leave the 4 x C(5, 2) = 40 pairs of its columns unmet:
    # four tables inside a column each and one of the four left over (6 pairs met): 6 repeats.
    assert len(sixth.again) == 6 and all(again.times == 2 for again in sixth.again)


def test_the_pairs_that_meet_again_are_named_with_their_meetings():
    """8 players in two tables of four: round 2's tables take 2 + 2 of each round-1 table (3 + 1
    would repeat C(3, 2) = 3 pairs at a table), so 4 pairs meet a second time; the draw names them."""
    players = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipa", "Gil", "Helena"]
    first = [["Ana", "Bruno", "Carla", "Duarte"], ["Eva", "Filipa", "Gil", "Helena"]]
    drawn = draw_tables(players, (4,), [first], {}, 2, 3)
    assert drawn.stopped in ("bound", "quick")  # 4 is the fewest: the bound proves it
    assert len(drawn.again) == 4 and all(again.times == 2 for again in drawn.again)
    together = {frozenset((a, b)) for table in drawn.tables for a, b in itertools.combinations(table, 2)}
    assert {frozenset((again.first, again.second)) for again in drawn.again} == {
        pair for pair in together if any(pair <= set(table) for table in first)
    }
    assert all(isinstance(again, Again) for again in drawn.again)
    # The same round played twice: 2 + 2 again, and the two pairs of each old table at a new table
    # meet a third time (the pairs across are new).
    third = draw_tables(players, (4,), [first, first], {}, 3, 3)
    assert sorted(again.times for again in third.again) == [3, 3, 3, 3]


def test_the_bound_for_nine_players_in_fours_over_three_rounds():
    """Three byes go to three players (the bound gives them to whoever they save most); the six
    others play three rounds, 9 meetings with 8 others, so each meets someone twice: at least 6
    ends of repeated pairs, 3 pairs, costing REPEAT_WEIGHT + C(2, 2) each: 3 * 1,000,001."""
    assert draw_search.plan_bound(9, table_layout(9, (4,)), [], 3, [0] * 9) == 3_000_003
    # Sixteen in fours over five rounds meet 15 others each: the bound is 0, a plane reaches it.
    assert draw_search.plan_bound(16, table_layout(16, (4,)), [], 5, [0] * 16) == 0
    # A sixth round: 18 meetings with 15 others, 3 extra for each of 16 players: 24 repeats.
    assert draw_search.plan_bound(16, table_layout(16, (4,)), [], 6, [0] * 16) == 24 * 1_000_001


class FakeClock:
    """A clock that moves `tick` seconds each time it is read: a slow or a fast machine."""

    def __init__(self, tick: float):
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def test_a_draw_stopped_by_the_clock_is_drawn_again_from_its_seed_and_steps():
    """19 players in fives closed with a four (5+5+5+4) over five rounds: the search runs until
    its budget on a machine of any speed; the steps it took, with the seed, give the same round on
    a machine ten times faster."""
    players = names(19)
    slow = draw_tables(players, (5, 4), [], {}, 5, 42, time_budget=1.0, clock=FakeClock(0.004))
    assert slow.stopped == "budget" and 0 < slow.steps < 300 and slow.budget == 1.0
    fast = draw_tables(players, (5, 4), [], {}, 5, 42, time_budget=1.0, clock=FakeClock(0.0004))
    assert fast.stopped == "budget" and fast.steps > slow.steps
    again = draw_tables(players, (5, 4), [], {}, 5, 42, steps=slow.steps, clock=FakeClock(100.0))
    assert (again.tables, again.byes, again.steps, again.budget) == (slow.tables, slow.byes, slow.steps, None)
    zero = draw_tables(players, (5, 4), [], {}, 5, 42, time_budget=0)
    assert (zero.steps, zero.stopped) == (0, "budget")
    assert draw_tables(players, (5, 4), [], {}, 5, 42, steps=0).tables == zero.tables


def test_a_small_field_with_forced_repeats_stops_by_itself_the_same_everywhere():
    """9 players over 3 rounds cannot do better than 6 repeats (the bound says 3): the search stops
    when it has found nothing better for PATIENCE_LEAST steps, whatever the clock."""
    drawn = draw_tables(names(9), (4,), [], {}, 3, 2026)
    assert drawn.stopped == "stalled" and drawn.steps >= draw_search.PATIENCE_LEAST
    slow = draw_tables(names(9), (4,), [], {}, 3, 2026, time_budget=10**6, clock=FakeClock(1.0))
    assert (slow.tables, slow.steps) == (drawn.tables, drawn.steps)


def test_the_starters_develop_into_schedules_without_a_repeat():
    for (count, size), (m, orbits, fixed, rounds, starter) in draw_designs.STARTERS.items():
        assert orbits * m + fixed == count and all(len(table) == size for table in starter)
        schedule = draw_designs.developed(m, orbits, starter)[:rounds]
        assert all(sorted(p for table in tables for p in table) == list(range(count)) for tables in schedule)
        assert repeat_meetings([[[str(p) for p in table] for table in tables] for tables in schedule]) == 0


def test_transversal_designs_repeat_nothing_and_exist_only_for_prime_power_tables():
    for count, size, rounds in ((20, 4, 5), (32, 4, 8), (36, 4, 9), (40, 5, 8), (28, 4, 7)):
        schedule = draw_designs.transversal_design(count, size)
        assert len(schedule) == rounds
        assert repeat_meetings([[[str(p) for p in table] for table in tables] for tables in schedule]) == 0
    assert draw_designs.transversal_design(24, 4) is None  # 6 tables: no field of order 6
    assert draw_designs.transversal_design(12, 4) is None  # 3 tables of 4: a table has two of a column


# --- `tournament draw`: its --time, --steps and what it says of its search ---


def new_king(tmp_path, players, rounds):
    path = tmp_path / "t.yaml"
    args = ["tournament", "new", "king", "--name", "T", "--rounds", str(rounds), "-o", path]
    for name in players:
        args += ["-p", name]
    assert run(*args).exit_code == 0
    return path


def test_the_draw_records_its_steps_and_says_how_long_it_searched(tmp_path):
    players = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipa", "Gil", "Helena", "Ines"]
    path = new_king(tmp_path, players, 3)
    drawn = run("tournament", "draw", path, "--seed", "7", "--time", "30")
    assert drawn.exit_code == 0, drawn.output
    round_ = yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"][0]
    steps = round_["search"]
    assert steps >= draw_search.PATIENCE_LEAST
    assert f"# `tournament draw --seed 7 --steps {steps}` draws this round again" in path.read_text(encoding="utf-8")
    last = drawn.output.splitlines()[-1]
    assert last.startswith("  Nobody meets anyone again (searched ") and last.endswith(" s of 30 s)")
    again = tmp_path / "again"
    again.mkdir()
    copy = new_king(again, players, 3)
    replay = run("tournament", "draw", copy, "--seed", "7", "--steps", str(steps))
    assert replay.exit_code == 0, replay.output
    replayed = yaml.safe_load(copy.read_text(encoding="utf-8"))["rounds"][0]
    assert (replayed["tables"], replayed["byes"], replayed["search"]) == (round_["tables"], round_["byes"], steps)
    assert replay.output.splitlines()[-1].endswith(f" s, {steps:,} steps)")  # no budget: the steps asked for


def test_the_draw_names_the_pairs_meeting_again_in_each_language(tmp_path):
    players = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipa", "Gil", "Helena"]
    path = new_king(tmp_path, players, 2)
    assert run("tournament", "draw", path, "--seed", "1").exit_code == 0
    second = run("--lang", "pt_PT", "tournament", "draw", path, "--seed", "2", "--force", "--time", "2")
    assert second.exit_code == 0, second.output
    lines = second.output.splitlines()
    heading = next(index for index, line in enumerate(lines) if line.startswith("  Voltam a encontrar-se (procurou "))
    assert lines[heading].endswith(" s de 2 s):")
    named = lines[heading + 1 :]
    assert len(named) == 4 and all(
        line.startswith("    ") and line.endswith(": 2 vezes") and " e " in line for line in named
    )
    first = [table["players"] for table in yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"][0]["tables"]]
    for line in named:
        pair = set(line.strip()[: -len(": 2 vezes")].split(" e "))
        assert any(pair <= set(table) for table in first)
    brazil = run("--lang", "pt_BR", "tournament", "draw", path, "--seed", "3", "--force", "--steps", "0")
    assert brazil.exit_code == 0, brazil.output
    assert any(
        line.startswith("  Se encontram de novo (buscou ")
        and line.endswith(" s, 0 passos):")  # 0 is plural, as in Portugal (issue 16)
        for line in brazil.output.splitlines()
    )


@pytest.mark.parametrize("value", ["-1", "many", "2.5"])
def test_a_search_that_is_no_whole_number_of_steps_is_refused(tmp_path, value):
    path = new_king(tmp_path, ["Ana", "Bruno", "Carla", "Duarte"], 2)
    assert run("tournament", "draw", path, "--seed", "1").exit_code == 0
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"search: \d+", f"search: {value}", text), encoding="utf-8")
    checked = run("tournament", "check", path)
    assert checked.exit_code == 2
    line = next(number for number, row in enumerate(text.splitlines(), start=1) if row.strip().startswith("search:"))
    assert checked.stderr == (
        f"Error: {path}:{line}: round 1: search: expected a whole number of steps, "
        f"got {value if value == '2.5' or value == '-1' else repr(value)}\n"
    )
