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
    from scorekeeper.tournaments.draw_plan import Layout

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
    met = [[0] * count for _ in range(count)]
    for tables in past:
        for table in tables:
            for first, second in itertools.combinations(table, 2):
                met[first][second] += 1
                met[second][first] += 1
    plan = [_greedy(count, layout, byes, met, add, rng) for byes in byes_plan]
    byes_of = [list(byes) for byes in byes_plan]
    bye_rounds: list[list[int]] = [[] for _ in range(count)]
    for round_number, byes in enumerate(byes_of):
        for number in byes:
            bye_rounds[number].append(round_number)
    if not layout.tables:
        return plan, byes_of, 0
    cost = sum(
        REPEAT_WEIGHT * max(0, met[a][b] - 1) + met[a][b] * (met[a][b] - 1) // 2 for a in range(count) for b in range(a)
    )
    # Swapping between a table of five and one of four changes how many meetings a player has,
    # so the bound holds only when all tables have one size.
    bound = _lower_bound(count, met) if len(set(layout.tables)) == 1 else 0
    table_at = []
    for tables in plan:
        where = [-1] * count
        for table_number, table in enumerate(tables):
            for number in table:
                where[number] = table_number
        table_at.append(where)
    best_cost, best_plan = cost, [[list(table) for table in tables] for tables in plan]
    best_byes = [list(byes) for byes in byes_of]
    tabu = [[0] * count for _ in plan]
    seated = count - layout.byes
    size = max(layout.tables)
    budget = SEARCH_BUDGET // (seated * size * (len(plan) + 1))
    stale = 0
    for iteration in range(1, budget + 1):
        if best_cost <= bound:
            break
        conflicts = [
            (round_number, number)
            for round_number, tables in enumerate(plan)
            for table in tables
            for number in table
            if any(met[number][other] > 1 for other in table if other != number)
        ]
        if not conflicts:
            break
        round_number, mover = conflicts[rng.randrange(len(conflicts))]
        tables, where, round_tabu = plan[round_number], table_at[round_number], tabu[round_number]
        home = tables[where[mover]]
        mover_row = met[mover]
        leave = sum(save[mover_row[other]] for other in home if other != mover)
        mover_free = round_tabu[mover] <= iteration
        chosen: list[int] = []
        chosen_delta = 0
        mover_byes = len(bye_rounds[mover])
        if not bye_rounds[mover] or bye_rounds[mover][-1] < round_number:
            for partner in byes_of[round_number]:
                if (
                    bye_rounds[partner][-1] != round_number
                    or len(bye_rounds[partner]) - 1 + byes_before[partner] != mover_byes + byes_before[mover]
                ):
                    continue  # the bye would not stay fair
                partner_row = met[partner]
                delta = sum(add[partner_row[other]] for other in home if other != mover) - leave
                if not (mover_free and round_tabu[partner] <= iteration) and cost + delta >= best_cost:
                    continue
                if not chosen or delta < chosen_delta:
                    chosen, chosen_delta = [partner], delta
                elif delta == chosen_delta:
                    chosen.append(partner)
        for table_number, table in enumerate(tables):
            if table_number == where[mover]:
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
                if not (mover_free and round_tabu[partner] <= iteration) and cost + delta >= best_cost:
                    continue  # tabu, unless it beats the best (aspiration)
                if not chosen or delta < chosen_delta:
                    chosen, chosen_delta = [partner], delta
                elif delta == chosen_delta:
                    chosen.append(partner)
        if not chosen:
            continue
        partner = chosen[rng.randrange(len(chosen))]
        if where[partner] < 0:
            _take_bye(met, tables, where, byes_of[round_number], mover, partner)
            bye_rounds[partner].pop()
            bye_rounds[mover].append(round_number)
        else:
            _swap(met, tables, where, mover, partner)
        cost += chosen_delta
        round_tabu[mover] = iteration + rng.randint(3, 10)
        round_tabu[partner] = iteration + rng.randint(3, 10)
        if cost < best_cost:
            best_cost, best_plan, stale = cost, [[list(t) for t in ts] for ts in plan], 0
            best_byes = [list(byes) for byes in byes_of]
        else:
            stale += 1
        if stale > 20 + 2 * seated and len(layout.tables) > 1:  # stuck: swap a few players at random
            stale = 0
            shaken = rng.randrange(len(plan))
            for _swap_number in range(max(2, len(plan[shaken]) // 2)):
                first_table, second_table = rng.sample(range(len(plan[shaken])), 2)
                first = rng.choice(plan[shaken][first_table])
                second = rng.choice(plan[shaken][second_table])
                _swap(met, plan[shaken], table_at[shaken], first, second)
            cost = sum(
                REPEAT_WEIGHT * max(0, met[a][b] - 1) + met[a][b] * (met[a][b] - 1) // 2
                for a in range(count)
                for b in range(a)
            )
    return best_plan, [sorted(byes) for byes in best_byes], best_cost


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
    out_of_time,
) -> Searched:
    """Dotú & Van Hentenryck's tabu search (2005) over all the planned rounds, from `plan`: each
    step takes, over every planned round, the best swap of a player who meets someone again with
    a player at another table of that round (or with one sitting out that round, when the byes
    stay fair, as in `quick_search`), unless the swap is tabu (made within the last TENURE steps)
    and does not beat the best plan found; ties are broken by `rng`. The cost is as in
    `quick_search`; the rounds in `past` are fixed.

    Deterministic in its steps: `limit` steps (None: until it stops otherwise) or until
    `out_of_time()`; the same arguments and the same number of steps give the same plan."""
    rounds = len(plan)
    plan = [[list(table) for table in tables] for tables in plan]
    byes_of = [list(byes) for byes in byes_of]
    most = len(past) + rounds + 2
    add = [_cost(m + 1) - _cost(m) for m in range(most)]  # one more meeting of a pair that met m times
    save = [0] + [_cost(m) - _cost(m - 1) for m in range(1, most)]  # one less: REPEAT_WEIGHT or more from m = 2
    met = [[0] * count for _ in range(count)]
    for tables in [*past, *plan]:
        for table in tables:
            for first, second in itertools.combinations(table, 2):
                met[first][second] += 1
                met[second][first] += 1
    where = []
    for tables in plan:
        seat = [-1] * count
        for number, table in enumerate(tables):
            for player in table:
                seat[player] = number
        where.append(seat)
    # Kept current move by move: join[r][p][t], what p adds by joining table t of round r (as the
    # table is, p's own seat included); leave[r][p], what p saves by leaving his table of round r
    # (at least REPEAT_WEIGHT exactly when he meets someone there again).
    join = [
        [[sum(add[met[player][other]] for other in table) for table in tables] for player in range(count)]
        for tables in plan
    ]
    leave = [[0] * count for _ in plan]
    for number, tables in enumerate(plan):
        for table in tables:
            for player in table:
                leave[number][player] = sum(save[met[player][other]] for other in table)
    bye_rounds: list[list[int]] = [[] for _ in range(count)]
    for number, byes in enumerate(byes_of):
        for player in byes:
            bye_rounds[player].append(number)

    def meet(first: int, second: int, change: int, moved: int) -> None:
        """first and second meet `change` (1 or -1) times more; the tables of round `moved`
        are recomputed by the caller."""
        before = met[first][second]
        after = before + change
        met[first][second] = met[second][first] = after
        step_add, step_save = add[after] - add[before], save[after] - save[before]
        for number in range(rounds):
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

    def move(number: int, mover: int, partner: int) -> None:
        """mover and partner change places in round `number` (partner may be sitting out)."""
        tables, seat = plan[number], where[number]
        home, there = seat[mover], seat[partner]
        for other in tables[home]:
            if other != mover:
                meet(mover, other, -1, number)
                meet(partner, other, 1, number)
        if there >= 0:
            for other in tables[there]:
                if other != partner:
                    meet(partner, other, -1, number)
                    meet(mover, other, 1, number)
            tables[there][tables[there].index(partner)] = mover
        else:
            byes = byes_of[number]
            byes[byes.index(partner)] = mover
            bye_rounds[partner].pop()
            bye_rounds[mover].append(number)
            bye_rounds[mover].sort()
        tables[home][tables[home].index(mover)] = partner
        seat[mover], seat[partner] = there, home
        round_join, round_leave = join[number], leave[number]
        for changed in (home, there):
            if changed < 0:
                round_leave[mover if there < 0 else partner] = 0
                continue
            members = tables[changed]
            for player in range(count):
                row = met[player]
                round_join[player][changed] = sum(add[row[other]] for other in members)
            for player in members:
                row = met[player]
                round_leave[player] = sum(save[row[other]] for other in members)
        if there < 0:
            round_leave[mover] = 0

    bound = plan_bound(count, layout, past, rounds, byes_before)
    cost = _total(count, met)
    best_cost, best_plan, best_byes = cost, [[list(t) for t in ts] for ts in plan], [list(b) for b in byes_of]
    tabu = [[0] * (count * count) for _ in range(rounds)]
    patience = max(PATIENCE_LEAST, PATIENCE * count * rounds)
    step = improved = 0
    stopped = "steps"
    while True:
        if best_cost <= bound:
            stopped = "bound"
            break
        if limit is not None and step >= limit:
            break
        if limit is None and out_of_time():
            stopped = "budget"
            break
        if step - improved >= patience:
            stopped = "stalled"
            break
        step += 1
        chosen: list[tuple[int, int, int]] = []
        chosen_delta = 0
        conflicts = False
        for number in range(rounds):
            round_leave = leave[number]
            movers = [player for player in range(count) if round_leave[player] >= REPEAT_WEIGHT]
            if not movers:
                continue
            conflicts = True
            tables, seat, round_tabu, round_join = plan[number], where[number], tabu[number], join[number]
            for mover in movers:
                home = seat[mover]
                mover_join, mover_leave, row = round_join[mover], round_leave[mover], met[mover]
                base = mover * count
                for other_table, members in enumerate(tables):
                    if other_table == home:
                        continue
                    join_there = mover_join[other_table] - mover_leave
                    for partner in members:
                        if partner < mover and round_leave[partner] >= REPEAT_WEIGHT:
                            continue  # the same swap, weighed from the partner's side
                        delta = join_there + round_join[partner][home] - 2 * add[row[partner]] - round_leave[partner]
                        if delta > chosen_delta and chosen:
                            continue
                        if round_tabu[base + partner] > step and cost + delta >= best_cost:
                            continue
                        if not chosen or delta < chosen_delta:
                            chosen, chosen_delta = [(number, mover, partner)], delta
                        else:
                            chosen.append((number, mover, partner))
                mover_byes = bye_rounds[mover]
                if byes_of[number] and (not mover_byes or mover_byes[-1] < number):
                    for partner in byes_of[number]:
                        partner_byes = bye_rounds[partner]
                        if (
                            partner_byes[-1] != number
                            or len(partner_byes) - 1 + byes_before[partner] != len(mover_byes) + byes_before[mover]
                        ):
                            continue  # the bye would not stay fair
                        delta = round_join[partner][home] - add[row[partner]] - mover_leave
                        if delta > chosen_delta and chosen:
                            continue
                        if round_tabu[base + partner] > step and cost + delta >= best_cost:
                            continue
                        if not chosen or delta < chosen_delta:
                            chosen, chosen_delta = [(number, mover, partner)], delta
                        else:
                            chosen.append((number, mover, partner))
        if not conflicts:  # the planned rounds repeat nothing: no plan does better
            best_plan, best_byes = plan, byes_of
            stopped = "clean"
            break
        if not chosen:
            continue  # every move is tabu: the tabu ends in a few steps
        number, mover, partner = chosen[rng.randrange(len(chosen))]
        move(number, mover, partner)
        cost += chosen_delta
        tabu[number][mover * count + partner] = tabu[number][partner * count + mover] = step + TENURE
        if cost < best_cost:
            best_cost, improved = cost, step
            best_plan = [[list(table) for table in tables] for tables in plan]
            best_byes = [list(byes) for byes in byes_of]
        elif (step - improved) % SHAKE_AFTER == 0 and len(layout.tables) > 1:
            for _shake in range(SHAKE_SWAPS):  # stuck: a few random swaps of seated players
                number = rng.randrange(rounds)
                first_table, second_table = rng.sample(range(len(plan[number])), 2)
                move(number, rng.choice(plan[number][first_table]), rng.choice(plan[number][second_table]))
            cost = _total(count, met)
    return Searched(best_plan, best_byes, step, stopped)


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
