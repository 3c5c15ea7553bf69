"""Draws: one round's tables and byes, planned ahead so that players meet as few times as the
numbers allow (TN2), and the round-robin schedule of team games (circle method).

Pure functions that know no game: the caller passes the table sizes its rules allow, the rounds
drawn so far and the byes each player has had. Every choice comes from `random.Random(seed)` and
from lists walked in the caller's order (never from iterating a set or dict of names, whose order
follows PYTHONHASHSEED), so the same arguments and seed give the same draw in any process. The
search runs against a clock but counts its work in steps (`Draw.steps`): the same arguments, seed
and steps give the same draw on any machine. The planning is in draw_designs (schedules from
finite geometry) and draw_search (the search).
"""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_
from scorekeeper.tournaments import draw_designs, draw_search
from scorekeeper.tournaments.draw_search import Layout

if TYPE_CHECKING:
    from collections.abc import Callable

# At most this many players x rounds are planned ahead: a season of many rounds is planned over
# its next rounds only, which bounds the time of a draw of 200 players.
PLAN_SLOTS = 2_000
# The seconds a draw searches by default (`tournament draw --time`).
TIME_BUDGET = 5.0


def table_layout(player_count: int, sizes: tuple[int, ...]) -> Layout:
    """The tables of a round of `player_count` players: the fewest byes first, then as many tables
    of the largest size as possible, then of the next (Quatrilho Art 14: tables of five closed with
    tables of four; 9 players: 5+4; 13: 5+4+4; 7: 5 and 2 byes; King (4,): 9 players 4+4, 1 bye)."""
    allowed = _allowed_sizes(sizes)

    def best(remaining: int, index: int) -> tuple[int, tuple[int, ...]]:
        if index == len(allowed):
            return remaining, ()
        size = allowed[index]
        found: tuple[int, tuple[int, ...]] | None = None
        for count in range(remaining // size, -1, -1):  # more of the larger size first
            byes, rest = best(remaining - count * size, index + 1)
            if found is None or byes < found[0]:
                found = byes, (count, *rest)
            if byes == 0:
                break
        assert found is not None
        return found

    byes, counts = best(player_count, 0)
    tables = tuple(size for size, count in zip(allowed, counts) for _table in range(count))
    return Layout(tables, byes)


class Again(NamedTuple):
    """Two players the new round seats together who have met before: `times`, their meetings
    with this one (2: they meet a second time)."""

    first: str
    second: str
    times: int


@dataclass(frozen=True)
class Draw:
    """A drawn round and how it was found.

    `tables` (each in seat order: the first seat deals first) and `byes`; `again`, the pairs the
    round seats together who have met before (in the order of the tables); `steps`, the steps the
    search took (0 when a construction or the quick start was enough): with the same arguments,
    seed and `steps`, `draw_tables` draws this round again; `seconds`, how long the draw took;
    `budget`, the seconds it was allowed; `stopped`, why the search ended (see
    draw_search.Searched; "design" for a schedule from draw_designs, "quick" when the quick
    start could not be bettered)."""

    tables: list[list[str]]
    byes: list[str]
    again: list[Again]
    steps: int
    seconds: float
    budget: float | None
    stopped: str


def meetings(history: list[list[list[str]]]) -> dict[frozenset[str], int]:
    """How many times each pair of players has sat at the same table over `history` (rounds of
    tables of names); pairs that never met are absent."""
    counts: dict[frozenset[str], int] = {}
    for round_tables in history:
        for table in round_tables:
            for first, second in itertools.combinations(table, 2):
                pair = frozenset((first, second))
                counts[pair] = counts.get(pair, 0) + 1
    return counts


def repeat_meetings(history: list[list[list[str]]]) -> int:
    """The meetings beyond each pair's first: a pair that met three times counts 2."""
    return sum(count - 1 for count in meetings(history).values())


def draw_tables(
    players: list[str],
    sizes: tuple[int, ...],
    history: list[list[list[str]]],
    byes_so_far: dict[str, int],
    rounds_total: int | None,
    seed: int,
    time_budget: float | None = TIME_BUDGET,
    steps: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Draw:
    """One round's tables (each a list of players in seat order: the first seat deals first),
    its byes, and how the draw found them (`Draw`).

    - Tables as `table_layout` shapes them; byes to the players with the fewest byes so far
      (`byes_so_far`, missing names count 0; TN2). Among players tied on byes, the planning
      below picks those whose bye leaves the fewest repeat meetings, the seeded generator the
      rest (a deliberate reading: 9 players in fours over 4 rounds need it to reach the fewest
      repeats, 14, whatever byes the earlier rounds' own plans guessed).
    - Planning ahead (TN2): the rest of the schedule, up to `rounds_total` rounds in all (this one
      alone when None; at most PLAN_SLOTS player-rounds ahead), is planned with its future byes
      given by the same rule, and this round is its first round. It minimises the repeat
      meetings (sum over pairs of m - 1, m the pair's meetings over the rounds so far and the
      planned ones), then the sum of C(m, 2) (so that, repeats equal, fewer pairs meet a third
      time). With equal tables and no byes a schedule without any repeat may come from finite
      geometry (draw_designs: q*q players in tables of q, k*q in tables of k, 24 and 28 in fours,
      30 in fives) when the rounds so far are rounds of it; otherwise the search (draw_search: a quick
      start, then a tabu search over the whole plan) runs until no plan can cost less, it has
      found nothing better for a long while, `steps` steps are done, or `time_budget` seconds
      (measured by `clock`) have passed since the call; the fewest possible is not guaranteed.
    - Reproducible: the same arguments and seed give the same draw when the search stopped by
      itself, and with `steps` (the draw's `steps`) always, whatever the machine's speed: given
      `steps`, the time budget is not looked at.
    Players in `history` who are not in `players` (withdrawn) are ignored."""
    started = clock()
    _check_players(players)
    layout = table_layout(len(players), sizes)
    rng = random.Random(seed)
    ahead = 1 if rounds_total is None else max(1, rounds_total - len(history))
    ahead = max(1, min(ahead, PLAN_SLOTS // max(1, len(players))))
    byes_plan = _plan_byes(players, byes_so_far, layout.byes, ahead, rng)
    index = {name: number for number, name in enumerate(players)}
    past = [[[index[name] for name in table if name in index] for table in round_tables] for round_tables in history]
    first = _designed(len(players), layout, past, rng)
    taken, stopped = 0, "design"
    if first is None:
        byes_before = [byes_so_far.get(name, 0) for name in players]
        deadline = None if time_budget is None else started + time_budget
        first, byes_plan[0], taken, stopped = _searched(
            len(players),
            layout,
            past,
            byes_plan,
            byes_before,
            rng,
            _Search(random.Random(f"search {seed}"), steps, lambda: deadline is not None and clock() >= deadline),
        )
    tables = []
    for table in first:
        seats = [players[number] for number in table]
        rng.shuffle(seats)  # the seat order, and so who deals first, is drawn too
        tables.append(seats)
    return Draw(
        tables,
        [players[number] for number in byes_plan[0]],
        _again(history, tables),
        taken,
        clock() - started,
        None if steps is not None else time_budget,
        stopped,
    )


def _designed(count: int, layout: Layout, past: list[list[list[int]]], rng: random.Random) -> list[list[int]] | None:
    """The round from finite geometry (draw_designs), when every table has one size, nobody sits
    out and the rounds so far are rounds of such a schedule; None otherwise."""
    if layout.byes or len(set(layout.tables)) != 1:
        return None
    first = draw_designs.affine_round(count, layout.tables[0], past, rng)
    if first is None:
        first = draw_designs.design_round(count, layout.tables[0], past, rng)
    return first


class _Search(NamedTuple):
    """What the tabu search is given: its own generator, the steps it may take (None: no limit)
    and the clock it stops by when it has no limit."""

    rng: random.Random
    steps: int | None
    out_of_time: Callable[[], bool]


def _searched(
    count: int,
    layout: Layout,
    past: list[list[list[int]]],
    byes_plan: list[list[int]],
    byes_before: list[int],
    rng: random.Random,
    search: _Search,
) -> tuple[list[list[int]], list[int], int, str]:
    """The round from the search (draw_search): the quick start, then the tabu search unless no
    step is allowed or no plan can cost less than the start; the round's tables and byes, the
    steps taken and why it stopped."""
    plan, plan_byes, cost = draw_search.quick_search(count, layout, past, byes_plan, byes_before, rng)
    taken, stopped = 0, "quick"
    if (
        layout.tables
        and (search.steps is None or search.steps > 0)
        and cost > draw_search.plan_bound(count, layout, past, len(plan), byes_before)
    ):
        searched = draw_search.tabu_search(
            count, layout, past, plan, plan_byes, byes_before, search.rng, search.steps, search.out_of_time
        )
        plan, plan_byes, taken, stopped = searched
    return plan[0], sorted(plan_byes[0]), taken, stopped


def _again(history: list[list[list[str]]], tables: list[list[str]]) -> list[Again]:
    """The pairs at `tables` who met in `history`, with their meetings counting this one."""
    before = meetings(history)
    found = []
    for table in tables:
        for first, second in itertools.combinations(table, 2):
            times = before.get(frozenset((first, second)), 0)
            if times:
                found.append(Again(first, second, times + 1))
    return found


def round_robin(teams: list[str]) -> list[list[tuple[str, str]]]:
    """Every pair of teams meets exactly once: the circle method (one team fixed, the others turn
    one place a round). len(teams) - 1 rounds for an even count; for an odd count a rest is added,
    so len(teams) rounds and the team drawn against the rest sits out that round. The first team
    of a pairing is the first listed on its sheet; the fixed team alternates sides."""
    _check_players(teams, teams=True)
    circle: list[str | None] = list(teams)
    if len(circle) % 2:
        circle.append(None)  # the rest
    count = len(circle)
    rounds = []
    for number in range(count - 1):
        pairings = []
        for seat in range(count // 2):
            home, away = circle[seat], circle[count - 1 - seat]
            if home is None or away is None:
                continue
            if seat == 0 and number % 2:
                home, away = away, home
            pairings.append((home, away))
        rounds.append(pairings)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def _allowed_sizes(sizes: tuple[int, ...]) -> list[int]:
    allowed = sorted({size for size in sizes}, reverse=True) if sizes else []
    if not allowed or any(not isinstance(size, int) or isinstance(size, bool) or size < 2 for size in allowed):
        raise InputValueError(
            M_("table sizes must be whole numbers of at least 2, not {sizes}", sizes=quoted(list(sizes)))
        )
    return allowed


def _check_players(names: list[str], teams: bool = False) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            message = (
                M_("team {name} is listed twice in the draw", name=quoted(name))
                if teams
                else M_("player {name} is listed twice in the draw", name=quoted(name))
            )
            raise InputValueError(message)
        seen.add(name)


def _plan_byes(
    players: list[str], byes_so_far: dict[str, int], per_round: int, rounds: int, rng: random.Random
) -> list[list[int]]:
    """The byes of this round and of each planned one: the fewest byes so far first (nobody has a
    second before everyone has had one), ties in a seeded random order (TN2)."""
    counts = [byes_so_far.get(name, 0) for name in players]
    plan = []
    for _round in range(rounds):
        tie_break = [rng.random() for _player in players]
        order = sorted(range(len(players)), key=lambda number: (counts[number], tie_break[number]))
        chosen = sorted(order[:per_round])
        for number in chosen:
            counts[number] += 1
        plan.append(chosen)
    return plan
