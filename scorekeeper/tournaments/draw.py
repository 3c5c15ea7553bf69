"""Draws: one round's tables and byes, planned ahead so that players meet as few times as the
numbers allow (TN2), and the round-robin schedule of team games (circle method).

Pure functions that know no game: the caller passes the table sizes its rules allow, the rounds
drawn so far and the byes each player has had. Every choice comes from `random.Random(seed)` and
from lists walked in the caller's order (never from iterating a set or dict of names, whose order
follows PYTHONHASHSEED), so the same arguments and seed give the same draw in any process.
"""
from __future__ import annotations

import itertools
import random
from typing import NamedTuple

from scorekeeper.errors import InputValueError, quote
from scorekeeper.i18n import _

# The local search's effort, counted in player-seat evaluations (never in seconds: a draw must
# come out the same on a loaded machine). At most about 0.3 s of search on two slow cores.
SEARCH_BUDGET = 500_000
# At most this many players x rounds are planned ahead: a season of many rounds is planned over
# its next rounds only, which bounds the time of a draw of 200 players.
PLAN_SLOTS = 2_000


class Layout(NamedTuple):
    """A round's shape: the size of each table (largest first) and how many players sit out."""

    tables: tuple[int, ...]
    byes: int


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


def draw_tables(players: list[str], sizes: tuple[int, ...], history: list[list[list[str]]],
                byes_so_far: dict[str, int], rounds_total: int | None,
                seed: int) -> tuple[list[list[str]], list[str]]:
    """One round's tables (each a list of players in seat order: the first seat deals first) and
    its byes.

    - Tables as `table_layout` shapes them; byes to the players with the fewest byes so far
      (`byes_so_far`, missing names count 0; TN2). Among players tied on byes, the planning
      below picks those whose bye leaves the fewest repeat meetings, the seeded generator the
      rest (a deliberate reading: 9 players in fours over 4 rounds need it to reach the fewest
      repeats, 14, whatever byes the earlier rounds' own plans guessed).
    - Planning ahead (TN2): the rest of the schedule, up to `rounds_total` rounds in all (this one
      alone when None; at most PLAN_SLOTS player-rounds ahead), is planned with its future byes
      given by the same rule, and this round is its first round. When the players are q*q in
      tables of q (16 in fours, 25 in fives) and the rounds so far are parallel classes of an
      affine plane of order q (a prime or a prime's square or cube), the rest comes from the
      plane: nobody meets anybody twice over q+1 rounds. Otherwise a seeded greedy start and a
      tabu search over the planned rounds (swaps of two players of one round, or of a player and
      an equally tied bye) minimise the repeat meetings (sum over pairs of m - 1, m the pair's
      meetings over the rounds so far and the planned ones), then the sum of C(m, 2) (so that,
      repeats equal, fewer pairs meet a third time). The search is bounded (SEARCH_BUDGET), so when no schedule without repeats is found it returns
      the one with the fewest it found: the fewest possible is not guaranteed outside the planes.
    - Reproducible: the same arguments and seed give the same draw.
    Players in `history` who are not in `players` (withdrawn) are ignored."""
    _check_players(players)
    layout = table_layout(len(players), sizes)
    rng = random.Random(seed)
    ahead = 1 if rounds_total is None else max(1, rounds_total - len(history))
    ahead = max(1, min(ahead, PLAN_SLOTS // max(1, len(players))))
    byes_plan = _plan_byes(players, byes_so_far, layout.byes, ahead, rng)
    index = {name: number for number, name in enumerate(players)}
    past = [[[index[name] for name in table if name in index] for table in round_tables]
            for round_tables in history]
    first = None
    if layout.byes == 0 and len(set(layout.tables)) == 1:
        first = _affine_round(len(players), layout.tables[0], past, rng)
    if first is None:
        first, byes_plan[0] = _search(len(players), layout, past, byes_plan,
                                      [byes_so_far.get(name, 0) for name in players], rng)
    tables = []
    for table in first:
        seats = [players[number] for number in table]
        rng.shuffle(seats)  # the seat order, and so who deals first, is drawn too
        tables.append(seats)
    return tables, [players[number] for number in byes_plan[0]]


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
        raise InputValueError(_("table sizes must be whole numbers of at least 2, not {sizes}").format(
            sizes=quote(list(sizes))))
    return allowed


def _check_players(names: list[str], teams: bool = False) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            message = _("team {name} is listed twice in the draw") if teams else \
                _("player {name} is listed twice in the draw")
            raise InputValueError(message.format(name=quote(name)))
        seen.add(name)


def _plan_byes(players: list[str], byes_so_far: dict[str, int], per_round: int, rounds: int,
               rng: random.Random) -> list[list[int]]:
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


# --- affine planes: 16 players in fours over 5 rounds, 25 in fives over 6, without a repeat ---

class _Field(NamedTuple):
    add: list[list[int]]
    mul: list[list[int]]


def _field(order: int) -> _Field | None:
    """GF(order) for order p, p**2 or p**3 (p prime), elements 0..order-1 as base-p digits of
    polynomials over GF(p); None for any other order."""
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

    def digits(value: int) -> list[int]:
        return [(value // prime ** place) % prime for place in range(degree)]

    def number(coefficients: list[int]) -> int:
        return sum(coefficient * prime ** place for place, coefficient in enumerate(coefficients))

    modulus: list[int] = [1, 0] if degree == 1 else []
    if degree > 1:  # a monic polynomial of degree 2 or 3 without a root is irreducible
        for low in range(prime ** degree):
            candidate = [*digits(low), 1]
            if all(sum(c * x ** k for k, c in enumerate(candidate)) % prime for x in range(prime)):
                modulus = candidate
                break

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

    add = [[number([(a + b) % prime for a, b in zip(digits(x), digits(y))]) for y in range(order)]
           for x in range(order)]
    mul = [[multiply(x, y) for y in range(order)] for x in range(order)]
    return _Field(add, mul)


def _affine_round(count: int, size: int, past: list[list[list[int]]],
                  rng: random.Random) -> list[list[int]] | None:
    """The next round from an affine plane of order `size` over `count` = size**2 players whose
    past rounds are parallel classes of it, or None when there is no such plane, the past rounds
    are not such classes, or all size+1 classes are used. Points are (x, y): x the table of the
    first round, y of the second (slope 0); the other classes are the lines y = m*x + t."""
    if size * size != count or len(past) > size:
        return None
    gf = _field(size)
    if gf is None:
        return None
    if any(sorted(len(table) for table in tables) != [size] * size
           or sorted(number for table in tables for number in table) != list(range(count)) for tables in past):
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


def _label_plane(count: int, size: int, gf: _Field, neg: list[int],
                 past: list[list[list[int]]]) -> tuple[list[int], list[int], set[int | None]] | None:
    """Coordinates that make every past round a parallel class, or None. The first two rounds are
    x = constant and y = constant; an affine map of x and y fixes the first two x values (0, 1)
    and the first y value (0), so only the other x values and each later round's slope are tried."""
    row = [0] * count
    col = [0] * count
    for table_number, table in enumerate(past[0]):
        for number in table:
            row[number] = table_number
    for table_number, table in enumerate(past[1]):
        for number in table:
            col[number] = table_number
    at = {}
    for number in range(count):
        at[row[number], col[number]] = number
    if len(at) != count:
        return None  # two players met in both first rounds
    later = past[2:]
    for tables in later:  # a class other than the first two meets each of their lines once
        for table in tables:
            if len({row[number] for number in table}) != size or len({col[number] for number in table}) != size:
                return None
    table_of = []
    for tables in later:
        where = [0] * count
        for table_number, table in enumerate(tables):
            for number in table:
                where[number] = table_number
        table_of.append(where)
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


def _fit(size: int, gf: _Field, neg: list[int], at: dict, table_of: list[list[int]], x_value: list[int],
         first_slope: int) -> tuple[list[int], list[int]] | None:
    """y values and the slope of each later round, given the x values and the third round's slope."""
    if not table_of:
        return list(range(size)), []  # two rounds: any y values fit
    y_value: list[int] | None = None
    slopes: list[int] = []
    for index, where in enumerate(table_of):
        choices = [first_slope] if index == 0 else [m for m in range(1, size) if m not in slopes]
        for slope in choices:
            # The column y = 0 gives each table of this round its t = -m*x ...
            offset: list[int | None] = [None] * size
            for row_number in range(size):
                offset[where[at[row_number, 0]]] = neg[gf.mul[slope][x_value[row_number]]]
            if y_value is None:  # ... and the row x = 0 gives each column its y = t
                trial = [offset[where[at[0, col_number]]] for col_number in range(size)]
                if sorted(trial) != list(range(size)):  # type: ignore[type-var]
                    continue
                candidate_y = trial
            else:
                candidate_y = y_value
            if all(gf.add[candidate_y[c]][neg[gf.mul[slope][x_value[r]]]] == offset[where[at[r, c]]]
                   for r in range(size) for c in range(size)):
                y_value = candidate_y  # type: ignore[assignment]
                slopes.append(slope)
                break
        else:
            return None
    assert y_value is not None
    return y_value, slopes


# --- the tabu search over the planned rounds ---

# A pair that has met m times costs REPEAT_WEIGHT * (m - 1) + C(m, 2): the fewest repeat meetings
# first, then the fewest pairs meeting a third time (C(m, 2) weighs the k-th meeting k - 1).
REPEAT_WEIGHT = 1_000_000


def _search(count: int, layout: Layout, past: list[list[list[int]]], byes_plan: list[list[int]],
            byes_before: list[int], rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """The planned rounds (a seeded greedy start, then a tabu search that moves a player who
    meets someone again: a swap with a player at another table of that round, or with a player
    sitting out that round when the byes stay fair); returns the first round's tables and byes.

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
        return plan[0], byes_of[0]
    cost = sum(REPEAT_WEIGHT * max(0, met[a][b] - 1) + met[a][b] * (met[a][b] - 1) // 2
               for a in range(count) for b in range(a))
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
        conflicts = [(round_number, number) for round_number, tables in enumerate(plan) for table in tables
                     for number in table if any(met[number][other] > 1 for other in table if other != number)]
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
                if (bye_rounds[partner][-1] != round_number or len(bye_rounds[partner]) - 1 + byes_before[partner]
                        != mover_byes + byes_before[mover]):
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
                delta = (join - add[mover_row[partner]] - leave
                         - sum(save[partner_row[other]] for other in table if other != partner)
                         + sum(add[partner_row[other]] for other in home if other != mover))
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
            cost = sum(REPEAT_WEIGHT * max(0, met[a][b] - 1) + met[a][b] * (met[a][b] - 1) // 2
                       for a in range(count) for b in range(a))
    return best_plan[0], sorted(best_byes[0])


def _greedy(count: int, layout: Layout, byes: list[int], met: list[list[int]], add: list[int],
            rng: random.Random) -> list[list[int]]:
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


def _take_bye(met: list[list[int]], tables: list[list[int]], where: list[int], byes: list[int], seated: int,
              sitting_out: int) -> None:
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
