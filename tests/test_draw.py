"""Draws (TN2) and the round robin: every player seated once, the allowed table sizes, fair byes,
reproducible from the seed (in any process), no repeat meeting where one can be avoided."""
from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import InputValueError
from scorekeeper.tournaments.draw import (Layout, draw_tables, meetings, repeat_meetings, round_robin,
                                          table_layout)


def draw(players, sizes, history, byes_so_far, rounds_total, seed, steps=300):
    """draw_tables's tables and byes after a fixed number of steps (the same on any machine)."""
    drawn = draw_tables(players, sizes, history, byes_so_far, rounds_total, seed, steps=steps)
    return drawn.tables, drawn.byes


def names(count: int) -> list[str]:
    return [f"P{number:03d}" for number in range(count)]


def season(players: list[str], sizes: tuple[int, ...], rounds: int, seed: int, rounds_total: int | None = None,
           byes_so_far: dict[str, int] | None = None) -> tuple[list[list[list[str]]], list[list[str]]]:
    """`rounds` rounds drawn one at a time, as `tournament draw` does: each call gets the rounds so
    far and the byes so far, and its own seed."""
    history: list[list[list[str]]] = []
    all_byes: list[list[str]] = []
    byes = dict(byes_so_far or {})
    for number in range(rounds):
        tables, round_byes = draw(players, sizes, history, byes, rounds_total or rounds, seed + number)
        history.append(tables)
        all_byes.append(round_byes)
        for name in round_byes:
            byes[name] = byes.get(name, 0) + 1
    return history, all_byes


@pytest.mark.parametrize("count, sizes, layout", [
    (9, (5, 4), Layout((5, 4), 0)),  # 5 + 4
    (13, (5, 4), Layout((5, 4, 4), 0)),  # 5 + 4 + 4 (three fives would leave -2)
    (7, (5, 4), Layout((5,), 2)),  # a five leaves 2 out, a four 3: fewest byes first
    (8, (5, 4), Layout((4, 4), 0)),  # 4 + 4 beats 5 and 3 byes
    (11, (4, 5), Layout((5, 5), 1)),  # 5 + 5 + 1 bye beats 5 + 4 + 2 byes; the order given does not matter
    (20, (5, 4), Layout((5, 5, 5, 5), 0)),
    (200, (5, 4), Layout((5,) * 40, 0)),
    (9, (4,), Layout((4, 4), 1)),
    (3, (4,), Layout((), 3)),  # nobody can play: everyone sits out
])
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
    seed = draw(st.integers(0, 2 ** 32))
    byes_so_far = {name: draw(st.integers(0, 2)) for name in names(count) if draw(st.booleans())}
    return names(count), sizes, rounds_before, rounds_total, seed, byes_so_far


@given(draw_cases())
def test_every_draw_seats_everyone_once_at_allowed_tables_with_fair_byes(case):
    players, sizes, rounds_before, rounds_total, seed, byes_so_far = case
    history, _ = season(players, sizes, rounds_before, seed, rounds_total, byes_so_far) if rounds_before else ([], [])
    byes = dict(byes_so_far)
    for tables in history:
        seated = {name for table in tables for name in table}
        for name in players:
            if name not in seated:
                byes[name] = byes.get(name, 0) + 1
    tables, round_byes = draw(players, sizes, history, byes, rounds_total, seed)
    everyone = [name for table in tables for name in table] + round_byes
    assert sorted(everyone) == players  # each exactly once
    layout = table_layout(len(players), sizes)
    assert sorted((len(table) for table in tables), reverse=True) == list(layout.tables)
    assert len(round_byes) == layout.byes
    if round_byes and len(round_byes) < len(players):
        # nobody sits out while a player with fewer byes plays
        assert max(byes.get(name, 0) for name in round_byes) <= min(
            byes.get(name, 0) for table in tables for name in table)
    assert draw(players, sizes, history, byes, rounds_total, seed) == (tables, round_byes)


@given(st.sampled_from([3, 4, 5]), st.integers(0, 7), st.integers(0, 2 ** 32))
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
from scorekeeper.tournaments.draw import draw_tables
players = [f"Jogador {chr(65 + n)}{n}" for n in range(13)]
history = [[players[0:5], players[5:9], players[9:13]]]
drawn = draw_tables(players, (5, 4), history, {players[0]: 1}, 4, int(sys.argv[1]), steps=300)
print(json.dumps([drawn.tables, drawn.byes]))
"""


def test_same_seed_same_draw_in_any_process():
    """The draw must not follow str hashing (set or dict order), which PYTHONHASHSEED changes."""
    outputs = set()
    for hash_seed in ("0", "1", "4242", "random"):
        done = subprocess.run([sys.executable, "-c", DRAW_SCRIPT, "17"], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": hash_seed})
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
    rows = [players[start:start + 4] for start in range(0, 16, 4)]
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

    firsts = [pairs_of(tables) for tables in ([[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 4, 5], [3, 6, 7, 8]],
                                               [[1, 3, 4, 5], [2, 6, 7, 8]], [[2, 3, 4, 5], [1, 6, 7, 8]])]
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
        resting = [next(team for team in teams if all(team not in pairing for pairing in pairings))
                   for pairings in rounds]
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
