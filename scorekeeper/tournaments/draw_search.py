"""The search for a draw's plan: the rounds still to play, the new one first, with as few repeat
meetings as possible (TN2), the rounds already played fixed.

`quick_search` (a greedy start and a short tabu search, bounded in evaluations) gives the start;
`tabu_search` then searches the whole plan for as long as the draw allows. Both count their work in
steps, never in seconds, and take every choice from the `random.Random` passed in, so the same
arguments, seed and number of steps give the same plan on any machine.
"""

from __future__ import annotations

import heapq
import itertools
import random
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Callable


class Layout(NamedTuple):
    """A round's shape: the size of each table (largest first) and how many players sit out."""

    tables: tuple[int, ...]
    byes: int


# The quick search's effort, counted in player-seat evaluations (never in seconds). At most about
# 0.3 s on two slow cores.
SEARCH_BUDGET = 500_000

# A pair that has met m times costs REPEAT_WEIGHT * (m - 1) + C(m, 2): the fewest repeat meetings
# first, then the fewest pairs meeting a third time (C(m, 2) weighs the k-th meeting k - 1).
REPEAT_WEIGHT = 1_000_000


def quick_search(
    count: int,
    layout: Layout,
    past: list[list[list[int]]],
    byes_plan: list[list[int]],
    byes_before: list[int],
    rng: random.Random,
) -> tuple[list[list[list[int]]], list[list[int]], int]:
    """The planned rounds (a seeded greedy start, then a short tabu search that moves a player who
    meets someone again: a swap with a player at another table of that round, or with a player
    sitting out that round when the byes stay fair); returns the best plan's rounds, their byes
    and its cost. This was the whole search before issue 18; it stays as the real search's start,
    so that a round drawn then with a seed is drawn the same again where its plan was already
    the best the real search finds (the example championship's rounds, a file's past rounds).

    A bye moves from b to p only when p and b had as many byes before that round and neither sits
    out a later planned round: every round's byes still go to players with the fewest. So among
    players tied on byes, the search picks the ones that leave the fewest repeats (the seeded
    generator's pick when that is all the same): a round drawn for one guess of the next round's
    byes must not stop the next draw from finding the best schedule for its own."""
    most = len(past) + len(byes_plan) + 2
    # What one more meeting of a pair that met m times adds, and what one less saves.
    add = [REPEAT_WEIGHT * (m >= 1) + m for m in range(most)]
    save = [REPEAT_WEIGHT * (m >= 2) + m - 1 for m in range(most)]
    met = _meetings(count, past)
    plan = [_greedy(count, layout, byes, met, add, rng) for byes in byes_plan]
    byes_of = [list(byes) for byes in byes_plan]
    if not layout.tables:
        return plan, byes_of, 0
    cost = _total(count, met)
    # Swapping between a table of five and one of four changes how many meetings a player has,
    # so the bound holds only when all tables have one size.
    bound = _lower_bound(count, met) if len(set(layout.tables)) == 1 else 0
    search = _QuickSearch(count, met, add, save, plan, byes_of, byes_before)
    best_cost, best_plan, best_byes = cost, _copied(plan), [list(byes) for byes in byes_of]
    seated = count - layout.byes
    budget = SEARCH_BUDGET // (seated * max(layout.tables) * (len(plan) + 1))
    stale = 0
    for iteration in range(1, budget + 1):
        if best_cost <= bound:
            break
        conflicts = search.conflicts()
        if not conflicts:
            break
        round_number, mover = conflicts[rng.randrange(len(conflicts))]
        chosen, chosen_delta = search.partners(round_number, mover, iteration, best_cost - cost)
        if not chosen:
            continue
        partner = chosen[rng.randrange(len(chosen))]
        search.change(round_number, mover, partner)
        cost += chosen_delta
        search.tabu[round_number][mover] = iteration + rng.randint(3, 10)
        search.tabu[round_number][partner] = iteration + rng.randint(3, 10)
        if cost < best_cost:
            best_cost, best_plan, stale = cost, _copied(plan), 0
            best_byes = [list(byes) for byes in byes_of]
        else:
            stale += 1
        if stale > 20 + 2 * seated and len(layout.tables) > 1:  # stuck: swap a few players at random
            stale = 0
            search.shake(rng)
            cost = _total(count, met)
    return best_plan, [sorted(byes) for byes in best_byes], best_cost


class _QuickSearch:
    """The quick search's plan as it moves: each planned round's tables and byes, the table each
    player sits at (-1: sitting out), the planned rounds each player sits out, the meetings of
    every pair over the past and planned rounds, and until which iteration a player stays put."""

    def __init__(
        self,
        count: int,
        met: list[list[int]],
        add: list[int],
        save: list[int],
        plan: list[list[list[int]]],
        byes_of: list[list[int]],
        byes_before: list[int],
    ) -> None:
        self.met, self.add, self.save = met, add, save
        self.plan, self.byes_of, self.byes_before = plan, byes_of, byes_before
        self.table_at = _seats(count, plan)
        self.bye_rounds = _bye_rounds(count, byes_of)
        self.tabu = [[0] * count for _ in plan]

    def conflicts(self) -> list[tuple[int, int]]:
        """(planned round, player) for each player who meets someone again in that round."""
        met = self.met
        return [
            (round_number, number)
            for round_number, tables in enumerate(self.plan)
            for table in tables
            for number in table
            if any(met[number][other] > 1 for other in table if other != number)
        ]

    def partners(self, round_number: int, mover: int, iteration: int, margin: int) -> tuple[list[int], int]:
        """The players `mover` may best change places with in that round (one sitting out it
        first, then one at each other table), and what the change adds to the cost. A tabu move
        is taken only when it beats the best plan, by less than `margin` (aspiration)."""
        home = self.plan[round_number][self.table_at[round_number][mover]]
        leave = sum(self.save[self.met[mover][other]] for other in home if other != mover)
        free = self.tabu[round_number][mover] <= iteration
        chosen, chosen_delta = self._bye_partners(round_number, mover, home, leave, free, iteration, margin)
        return self._table_partners(round_number, mover, home, leave, free, iteration, margin, chosen, chosen_delta)

    def _bye_partners(
        self, round_number: int, mover: int, home: list[int], leave: int, free: bool, iteration: int, margin: int
    ) -> tuple[list[int], int]:
        chosen: list[int] = []
        chosen_delta = 0
        mover_rounds = self.bye_rounds[mover]
        if mover_rounds and mover_rounds[-1] >= round_number:
            return chosen, chosen_delta  # he sits out this round or a later one: his bye stays
        add, round_tabu = self.add, self.tabu[round_number]
        for partner in self.byes_of[round_number]:
            if not _fair_bye(self.bye_rounds, self.byes_before, round_number, mover, partner):
                continue
            partner_row = self.met[partner]
            delta = sum(add[partner_row[other]] for other in home if other != mover) - leave
            if not (free and round_tabu[partner] <= iteration) and delta >= margin:
                continue
            if not chosen or delta < chosen_delta:
                chosen, chosen_delta = [partner], delta
            elif delta == chosen_delta:
                chosen.append(partner)
        return chosen, chosen_delta

    def _table_partners(
        self,
        round_number: int,
        mover: int,
        home: list[int],
        leave: int,
        free: bool,
        iteration: int,
        margin: int,
        chosen: list[int],
        chosen_delta: int,
    ) -> tuple[list[int], int]:
        met, add, save, round_tabu = self.met, self.add, self.save, self.tabu[round_number]
        mover_row = met[mover]
        home_number = self.table_at[round_number][mover]
        for table_number, table in enumerate(self.plan[round_number]):
            if table_number == home_number:
                continue
            join = sum(add[mover_row[other]] for other in table)
            for partner in table:
                partner_row = met[partner]
                # mover: leaves home, joins table without partner; partner: the other way
                delta = (
                    join
                    - add[mover_row[partner]]
                    - leave
                    - sum(save[partner_row[other]] for other in table if other != partner)
                    + sum(add[partner_row[other]] for other in home if other != mover)
                )
                if not (free and round_tabu[partner] <= iteration) and delta >= margin:
                    continue  # tabu, unless it beats the best (aspiration)
                if not chosen or delta < chosen_delta:
                    chosen, chosen_delta = [partner], delta
                elif delta == chosen_delta:
                    chosen.append(partner)
        return chosen, chosen_delta

    def change(self, round_number: int, mover: int, partner: int) -> None:
        """mover and partner change places in that round (partner may be sitting out)."""
        tables, where = self.plan[round_number], self.table_at[round_number]
        if where[partner] < 0:
            _take_bye(self.met, tables, where, self.byes_of[round_number], mover, partner)
            self.bye_rounds[partner].pop()
            self.bye_rounds[mover].append(round_number)
        else:
            _swap(self.met, tables, where, mover, partner)

    def shake(self, rng: random.Random) -> None:
        """A few seated players of one planned round swapped at random."""
        shaken = rng.randrange(len(self.plan))
        tables = self.plan[shaken]
        for _swap_number in range(max(2, len(tables) // 2)):
            first_table, second_table = rng.sample(range(len(tables)), 2)
            first = rng.choice(tables[first_table])
            second = rng.choice(tables[second_table])
            _swap(self.met, tables, self.table_at[shaken], first, second)


def _fair_bye(bye_rounds: list[list[int]], byes_before: list[int], round_number: int, mover: int, partner: int) -> bool:
    """Whether `partner`, sitting out that round and no later planned one, may hand his bye to
    `mover`: they then had as many byes before the round (TN2: the byes go to the fewest)."""
    partner_rounds = bye_rounds[partner]
    return (
        partner_rounds[-1] == round_number
        and len(partner_rounds) - 1 + byes_before[partner] == len(bye_rounds[mover]) + byes_before[mover]
    )


def _meetings(count: int, rounds: list[list[list[int]]]) -> list[list[int]]:
    """How many times each pair of players sat at one table over `rounds`, both ways round."""
    met = [[0] * count for _ in range(count)]
    for tables in rounds:
        for table in tables:
            for first, second in itertools.combinations(table, 2):
                met[first][second] += 1
                met[second][first] += 1
    return met


def _seats(count: int, plan: list[list[list[int]]]) -> list[list[int]]:
    """For each round of `plan`, the table each player sits at (-1: he sits out)."""
    seats = []
    for tables in plan:
        where = [-1] * count
        for table_number, table in enumerate(tables):
            for number in table:
                where[number] = table_number
        seats.append(where)
    return seats


def _bye_rounds(count: int, byes_of: list[list[int]]) -> list[list[int]]:
    """For each player, the planned rounds he sits out, in order."""
    rounds: list[list[int]] = [[] for _ in range(count)]
    for round_number, byes in enumerate(byes_of):
        for number in byes:
            rounds[number].append(round_number)
    return rounds


def _copied(plan: list[list[list[int]]]) -> list[list[list[int]]]:
    return [[list(table) for table in tables] for tables in plan]


def _greedy(
    count: int, layout: Layout, byes: list[int], met: list[list[int]], add: list[int], rng: random.Random
) -> list[list[int]]:
    """A planned round seated one player at a time (in seeded order) at the open table where he
    adds the least cost; its meetings are added to `met`."""
    bye_set = set(byes)
    order = [number for number in range(count) if number not in bye_set]
    rng.shuffle(order)
    tables: list[list[int]] = [[] for _ in layout.tables]
    for number in order:
        row = met[number]
        open_tables = [t for t, table in enumerate(tables) if len(table) < layout.tables[t]]
        scores = [sum(add[row[other]] for other in tables[t]) for t in open_tables]
        chosen = open_tables[scores.index(min(scores))]
        for other in tables[chosen]:
            met[number][other] += 1
            met[other][number] += 1
        tables[chosen].append(number)
    return tables


def _swap(met: list[list[int]], tables: list[list[int]], where: list[int], first: int, second: int) -> None:
    """Swap two players of one round (at different tables), keeping `met` and `where` current."""
    first_table, second_table = tables[where[first]], tables[where[second]]
    for other in first_table:
        if other != first:
            met[first][other] -= 1
            met[other][first] -= 1
            met[second][other] += 1
            met[other][second] += 1
    for other in second_table:
        if other != second:
            met[second][other] -= 1
            met[other][second] -= 1
            met[first][other] += 1
            met[other][first] += 1
    first_table[first_table.index(first)] = second
    second_table[second_table.index(second)] = first
    where[first], where[second] = where[second], where[first]


def _take_bye(
    met: list[list[int]], tables: list[list[int]], where: list[int], byes: list[int], seated: int, sitting_out: int
) -> None:
    """`sitting_out` takes the seat of `seated`, who sits out the round instead."""
    table = tables[where[seated]]
    for other in table:
        if other != seated:
            met[seated][other] -= 1
            met[other][seated] -= 1
            met[sitting_out][other] += 1
            met[other][sitting_out] += 1
    table[table.index(seated)] = sitting_out
    byes[byes.index(sitting_out)] = seated
    where[sitting_out], where[seated] = where[seated], -1


def _lower_bound(count: int, met: list[list[int]]) -> int:
    """No schedule costs less: each player's meetings (fixed by the tables he sits at) spread as
    evenly as possible over the others, each pair counted from both sides."""
    repeats = spread = 0
    others = count - 1
    for number in range(count):
        total = sum(met[number])
        each, extra = divmod(total, others)
        repeats += max(0, total - others)
        spread += extra * (each + 1) * each // 2 + (others - extra) * each * (each - 1) // 2
    return REPEAT_WEIGHT * ((repeats + 1) // 2) + (spread + 1) // 2


# --- the real search: a tabu search over the whole plan ---


class Searched(NamedTuple):
    """The plan the search ends with (every planned round's tables and byes), how many steps it
    took and why it stopped: "bound" (no plan costs less), "clean" (the planned rounds repeat no
    meeting beyond those of the rounds already played), "stalled" (no better plan in PATIENCE
    steps), "steps" (the steps asked for), "budget" (the time ran out)."""

    plan: list[list[list[int]]]
    byes: list[list[int]]
    steps: int
    stopped: str


# Tabu tenure (Triska & Musliu 2012: a fixed 10 is enough), the steps without a better plan after
# which a few random swaps shake the plan, and after how many the search gives up (PATIENCE for
# each player and planned round, at least PATIENCE_LEAST): a search that has found nothing better
# in that long has converged (a small field with byes, where repeats are forced), and it stops the
# same way on every machine.
TENURE = 10
SHAKE_AFTER = 150
SHAKE_SWAPS = 3
PATIENCE = 40
PATIENCE_LEAST = 1_000


def tabu_search(
    count: int,
    layout: Layout,
    past: list[list[list[int]]],
    plan: list[list[list[int]]],
    byes_of: list[list[int]],
    byes_before: list[int],
    rng: random.Random,
    limit: int | None,
    out_of_time: Callable[[], bool],
) -> Searched:
    """Dotú & Van Hentenryck's tabu search (2005) over all the planned rounds, from `plan`: each
    step takes, over every planned round, the best swap of a player who meets someone again with
    a player at another table of that round (or with one sitting out that round, when the byes
    stay fair, as in `quick_search`), unless the swap is tabu (made within the last TENURE steps)
    and does not beat the best plan found; ties are broken by `rng`. The cost is as in
    `quick_search`; the rounds in `past` are fixed.

    Deterministic in its steps: `limit` steps (None: until it stops otherwise) or until
    `out_of_time()`; the same arguments and the same number of steps give the same plan."""
    search = _TabuSearch(count, past, _copied(plan), [list(byes) for byes in byes_of], byes_before)
    rounds = len(plan)
    bound = plan_bound(count, layout, past, rounds, byes_before)
    cost = _total(count, search.met)
    best_cost, best_plan, best_byes = cost, _copied(search.plan), [list(b) for b in search.byes_of]
    patience = max(PATIENCE_LEAST, PATIENCE * count * rounds)
    step = improved = 0
    while True:
        stopped = _stopped(best_cost <= bound, limit, step, out_of_time, step - improved >= patience)
        if stopped is not None:
            return Searched(best_plan, best_byes, step, stopped)
        step += 1
        chosen, chosen_delta, conflicts = search.best_moves(step, best_cost - cost)
        if not conflicts:  # the planned rounds repeat nothing: no plan does better
            return Searched(search.plan, search.byes_of, step, "clean")
        if not chosen:
            continue  # every move is tabu: the tabu ends in a few steps
        number, mover, partner = chosen[rng.randrange(len(chosen))]
        search.move(number, mover, partner)
        cost += chosen_delta
        search.tabu[number][mover * count + partner] = search.tabu[number][partner * count + mover] = step + TENURE
        if cost < best_cost:
            best_cost, improved = cost, step
            best_plan = _copied(search.plan)
            best_byes = [list(byes) for byes in search.byes_of]
        elif (step - improved) % SHAKE_AFTER == 0 and len(layout.tables) > 1:
            search.shake(rng)
            cost = _total(count, search.met)


def _stopped(
    at_bound: bool, limit: int | None, step: int, out_of_time: Callable[[], bool], stalled: bool
) -> str | None:
    """Why the search stops before this step (see Searched), or None: it goes on. The clock is
    looked at only without a limit of steps, so that a draw given its steps is drawn again."""
    if at_bound:
        return "bound"
    if limit is not None and step >= limit:
        return "steps"
    if limit is None and out_of_time():
        return "budget"
    if stalled:
        return "stalled"
    return None


class _TabuSearch:
    """The plan as the tabu search moves it, with what every move costs kept current move by move
    (Dotú & Van Hentenryck's incremental evaluation): join[r][p][t], what p adds by joining table
    t of round r (as the table is, p's own seat included); leave[r][p], what p saves by leaving
    his table of round r (at least REPEAT_WEIGHT exactly when he meets someone there again)."""

    def __init__(
        self,
        count: int,
        past: list[list[list[int]]],
        plan: list[list[list[int]]],
        byes_of: list[list[int]],
        byes_before: list[int],
    ) -> None:
        self.count, self.rounds = count, len(plan)
        self.plan, self.byes_of, self.byes_before = plan, byes_of, byes_before
        most = len(past) + self.rounds + 2
        add = [_cost(m + 1) - _cost(m) for m in range(most)]  # one more meeting of a pair that met m times
        save = [0] + [_cost(m) - _cost(m - 1) for m in range(1, most)]  # one less: REPEAT_WEIGHT or more from m = 2
        met = _meetings(count, [*past, *plan])
        self.add, self.save, self.met = add, save, met
        self.where = _seats(count, plan)
        self.join = [
            [[sum(add[met[player][other]] for other in table) for table in tables] for player in range(count)]
            for tables in plan
        ]
        self.leave = [[0] * count for _ in plan]
        for number, tables in enumerate(plan):
            for table in tables:
                for player in table:
                    self.leave[number][player] = sum(save[met[player][other]] for other in table)
        self.bye_rounds = _bye_rounds(count, byes_of)
        self.tabu = [[0] * (count * count) for _ in range(self.rounds)]

    def best_moves(self, step: int, margin: int) -> tuple[list[tuple[int, int, int]], int, bool]:
        """The best moves (round, mover, partner) of this step, what they add to the cost, and
        whether any player meets someone again. A tabu move is weighed only when it beats the
        best plan, by less than `margin` (aspiration)."""
        chosen: list[tuple[int, int, int]] = []
        chosen_delta = 0
        conflicts = False
        for number in range(self.rounds):
            round_leave = self.leave[number]
            movers = [player for player in range(self.count) if round_leave[player] >= REPEAT_WEIGHT]
            if not movers:
                continue
            conflicts = True
            for mover in movers:
                chosen, chosen_delta = self._table_moves(number, mover, step, margin, chosen, chosen_delta)
                chosen, chosen_delta = self._bye_moves(number, mover, step, margin, chosen, chosen_delta)
        return chosen, chosen_delta, conflicts

    def _table_moves(
        self, number: int, mover: int, step: int, margin: int, chosen: list[tuple[int, int, int]], chosen_delta: int
    ) -> tuple[list[tuple[int, int, int]], int]:
        """`chosen` with the swaps of `mover` with a player at another table of round `number`."""
        round_leave, round_join, round_tabu = self.leave[number], self.join[number], self.tabu[number]
        home = self.where[number][mover]
        mover_join, mover_leave, row = round_join[mover], round_leave[mover], self.met[mover]
        add = self.add
        base = mover * self.count
        for other_table, members in enumerate(self.plan[number]):
            if other_table == home:
                continue
            join_there = mover_join[other_table] - mover_leave
            for partner in members:
                if partner < mover and round_leave[partner] >= REPEAT_WEIGHT:
                    continue  # the same swap, weighed from the partner's side
                delta = join_there + round_join[partner][home] - 2 * add[row[partner]] - round_leave[partner]
                if delta > chosen_delta and chosen:
                    continue
                if round_tabu[base + partner] > step and delta >= margin:
                    continue
                if not chosen or delta < chosen_delta:
                    chosen, chosen_delta = [(number, mover, partner)], delta
                else:
                    chosen.append((number, mover, partner))
        return chosen, chosen_delta

    def _bye_moves(
        self, number: int, mover: int, step: int, margin: int, chosen: list[tuple[int, int, int]], chosen_delta: int
    ) -> tuple[list[tuple[int, int, int]], int]:
        """`chosen` with the moves of `mover` to sit out round `number` in the place of one who
        sits it out, when the byes stay fair."""
        mover_byes = self.bye_rounds[mover]
        if not self.byes_of[number] or (mover_byes and mover_byes[-1] >= number):
            return chosen, chosen_delta  # he sits out this round or a later one: his bye stays
        round_join, round_tabu = self.join[number], self.tabu[number]
        home = self.where[number][mover]
        row, mover_leave = self.met[mover], self.leave[number][mover]
        base = mover * self.count
        for partner in self.byes_of[number]:
            if not _fair_bye(self.bye_rounds, self.byes_before, number, mover, partner):
                continue
            delta = round_join[partner][home] - self.add[row[partner]] - mover_leave
            if delta > chosen_delta and chosen:
                continue
            if round_tabu[base + partner] > step and delta >= margin:
                continue
            if not chosen or delta < chosen_delta:
                chosen, chosen_delta = [(number, mover, partner)], delta
            else:
                chosen.append((number, mover, partner))
        return chosen, chosen_delta

    def meet(self, first: int, second: int, change: int, moved: int) -> None:
        """first and second meet `change` (1 or -1) times more; the tables of round `moved`
        are recomputed by the caller."""
        met, join, leave, where = self.met, self.join, self.leave, self.where
        before = met[first][second]
        after = before + change
        met[first][second] = met[second][first] = after
        step_add, step_save = self.add[after] - self.add[before], self.save[after] - self.save[before]
        for number in range(self.rounds):
            if number == moved:
                continue
            seat = where[number]
            first_table, second_table = seat[first], seat[second]
            if second_table >= 0:
                join[number][first][second_table] += step_add
            if first_table >= 0:
                join[number][second][first_table] += step_add
                if first_table == second_table:
                    leave[number][first] += step_save
                    leave[number][second] += step_save

    def move(self, number: int, mover: int, partner: int) -> None:
        """mover and partner change places in round `number` (partner may be sitting out)."""
        tables, seat = self.plan[number], self.where[number]
        home, there = seat[mover], seat[partner]
        for other in tables[home]:
            if other != mover:
                self.meet(mover, other, -1, number)
                self.meet(partner, other, 1, number)
        if there >= 0:
            for other in tables[there]:
                if other != partner:
                    self.meet(partner, other, -1, number)
                    self.meet(mover, other, 1, number)
            tables[there][tables[there].index(partner)] = mover
        else:
            byes = self.byes_of[number]
            byes[byes.index(partner)] = mover
            self.bye_rounds[partner].pop()
            self.bye_rounds[mover].append(number)
            self.bye_rounds[mover].sort()
        tables[home][tables[home].index(mover)] = partner
        seat[mover], seat[partner] = there, home
        self._recount(number, home, there, mover, partner)

    def _recount(self, number: int, home: int, there: int, mover: int, partner: int) -> None:
        """join and leave of round `number` after a move between tables `home` and `there`."""
        round_join, round_leave = self.join[number], self.leave[number]
        add, save, met, tables = self.add, self.save, self.met, self.plan[number]
        for changed in (home, there):
            if changed < 0:
                round_leave[mover if there < 0 else partner] = 0
                continue
            members = tables[changed]
            for player in range(self.count):
                row = met[player]
                round_join[player][changed] = sum(add[row[other]] for other in members)
            for player in members:
                row = met[player]
                round_leave[player] = sum(save[row[other]] for other in members)
        if there < 0:
            round_leave[mover] = 0

    def shake(self, rng: random.Random) -> None:
        """Stuck: a few random swaps of seated players."""
        for _shake in range(SHAKE_SWAPS):
            number = rng.randrange(self.rounds)
            first_table, second_table = rng.sample(range(len(self.plan[number])), 2)
            self.move(number, rng.choice(self.plan[number][first_table]), rng.choice(self.plan[number][second_table]))


def _cost(meetings: int) -> int:
    """What a pair that met `meetings` times costs: REPEAT_WEIGHT a meeting beyond the first,
    plus C(m, 2) (so that, repeats equal, fewer pairs meet a third time)."""
    return REPEAT_WEIGHT * max(0, meetings - 1) + meetings * (meetings - 1) // 2


def _total(count: int, met: list[list[int]]) -> int:
    return sum(_cost(met[a][b]) for a in range(count) for b in range(a))


def plan_bound(count: int, layout: Layout, past: list[list[list[int]]], rounds: int, byes_before: list[int]) -> int:
    """No plan of `rounds` more rounds costs less. Each player meets at least (smallest table - 1)
    others a round he plays; his meetings, spread as evenly as possible over the others, cost at
    least what `_spread` says; each pair is counted from both sides. The byes go to the players
    they save the most (a relaxation of the fair byes: at most one a round each, as many as the
    rounds give), so the bound holds whoever the fair byes fall to."""
    if not layout.tables:
        return 0
    met_before = [0] * count
    for tables in past:
        for table in tables:
            for player in table:
                met_before[player] += len(table) - 1
    each = min(layout.tables) - 1
    others = count - 1

    def spent(player: int, byes: int) -> int:
        return _spread(met_before[player] + each * (rounds - byes), others)

    byes = [0] * count
    heap = [(spent(p, 1) - spent(p, 0), p) for p in range(count)] if rounds else []
    heapq.heapify(heap)
    for _bye in range(layout.byes * rounds):
        gain, player = heapq.heappop(heap)
        byes[player] += 1
        if byes[player] < rounds:
            heapq.heappush(heap, (spent(player, byes[player] + 1) - spent(player, byes[player]), player))
    total = sum(spent(player, byes[player]) for player in range(count))
    repeats = sum(max(0, met_before[p] + each * (rounds - byes[p]) - others) for p in range(count))
    return max(
        REPEAT_WEIGHT * ((repeats + 1) // 2), (total + 1) // 2, (REPEAT_WEIGHT + 1) * _pigeonholes(layout, past, rounds)
    )


def _pigeonholes(layout: Layout, past: list[list[list[int]]], rounds: int) -> int:
    """Repeats no plan avoids: the players of a table played (all but the round's byes, at
    worst) are spread over a planned round's tables, so at least the pairs of the most even
    spread meet again, in every planned round (8 players in two fours: 2 + 2 each, 2 pairs a
    table). The pairs of one past round are all different, so its tables' counts add up; the
    best past round counts."""
    tables = len(layout.tables)
    if not tables:
        return 0
    best = 0
    for played in past:
        forced = 0
        for table in played:
            present = max(0, len(table) - layout.byes)
            each, extra = divmod(present, tables)
            forced += extra * (each + 1) * each // 2 + (tables - extra) * each * (each - 1) // 2
        best = max(best, forced * rounds)
    return best


def _spread(meetings: int, others: int) -> int:
    """The least a player's `meetings` cost when spread as evenly as possible over `others`
    (each pair counted once from his side)."""
    if others <= 0:
        return 0
    each, extra = divmod(meetings, others)
    return extra * _cost(each + 1) + (others - extra) * _cost(each)
