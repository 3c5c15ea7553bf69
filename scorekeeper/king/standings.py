"""The general classification of a King championship (TN1, K5; Art 7, 14, 15, 16): each player's
table points over the rounds, ranked with Art 16's tie-breaks, each row saying what separated it
from the row below.

A pure function of the tournament and its checked sheets: a table whose sheet is not in, or not
complete, does not count yet (the standings are provisional until every sheet is in)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

from scorekeeper.king.rules import KingRules
from scorekeeper.sheet.results import SheetResult
from scorekeeper.tournaments.model import StandingRow, Tournament

# Table points are averages of whole places over at most a table's players (K5: 10/3), byes and
# penalties halves: kept as exact fractions so that 10/3 three times ties with 10, not 9.999...
_DENOMINATOR = 10**4


def _exact(value: float) -> Fraction:
    exact = _EXACT.get(value)
    if exact is None:
        exact = Fraction(value).limit_denominator(_DENOMINATOR)
        if len(_EXACT) < _EXACT_MOST:
            _EXACT[value] = exact
    return exact


# The fractions of the values met so far: a season's 10,000 table points are a few dozen values
# (places averaged over four, byes, penalties), and making a Fraction and limiting its denominator
# took a fifth of its standings. A Fraction never changes, so one may be shared; bounded, as a
# rule file's values are written by strangers.
_EXACT: dict[float, Fraction] = {}
_EXACT_MOST = 4096


@dataclass
class PlayerTally:
    """One player's championship so far: table points, his games' King points, and what was
    not a game (byes, absences, tables not played for another's absence, penalties)."""

    points: Fraction = Fraction(0)
    games: list[int] = field(default_factory=list)  # King points of each played game, in round order
    byes: int = 0
    absences: int = 0
    unplayed: int = 0  # tables he was at that were not played because another was absent (Art 7)
    penalties: Fraction = Fraction(0)

    def rank_key(self) -> tuple:
        """Higher is better: points, then total King points, then the best game, the second best,
        ... (K5); a tuple that is a prefix of another is smaller: the list that runs out first
        ranks below."""
        return (self.points, sum(self.games), tuple(sorted(self.games, reverse=True)))


def tally(tournament: Tournament, results: dict[str, SheetResult]) -> dict[str, PlayerTally]:
    """Every player's tally, registered players first, in their order, then anyone else named by
    a sheet, a bye or a penalty, in the order met."""
    rules = cast(KingRules, tournament.rules)  # the registry gives King's standings a King championship
    players: dict[str, PlayerTally] = {name: PlayerTally() for name in tournament.players}

    def of(name: str) -> PlayerTally:
        return players.setdefault(name, PlayerTally())

    for round_ in tournament.rounds:
        for table in round_.tables:
            if table.absent:
                # Art 7 / TN1: a table with an absent player is not played: the absent score 0,
                # each present player the bye's value (Art 7: "o valor da isencao").
                for name in table.players:
                    if name in table.absent:
                        of(name).points += _exact(rules.absent)
                        of(name).absences += 1
                    else:
                        of(name).points += _exact(rules.absent_table_bonus)
                        of(name).unplayed += 1
                for name in table.absent:
                    if name not in table.players:  # absent but not written among the table's players
                        of(name).points += _exact(rules.absent)
                        of(name).absences += 1
                continue
            result = results.get(table.sheet) if table.sheet is not None else None
            if result is None or not result.complete or result.places is None:
                continue  # not handed in or not finished: provisional, counts once it is
            totals = result.totals
            for name in result.players:
                # Art 15 / K5: the table points of the game (ties averaged by the sheet's scoring).
                of(name).points += _exact(result.places[name])
                of(name).games.append(totals[name])
        for name in round_.byes:
            of(name).points += _exact(rules.bye)  # Art 15: each isencao is worth 2.5
            of(name).byes += 1
        for penalty in round_.penalties:
            # Art 14 / TN1: a spectator's denunciation, in the general classification only.
            of(penalty.player).points += _exact(penalty.points)
            of(penalty.player).penalties += _exact(penalty.points)
    return players


def separated_by(high: tuple, low: tuple) -> str:
    """The first K5 criterion on which two players' rank keys differ: "points", "king_points",
    "best game k" (the k-th best game), "more games" (the one below ran out of games first), or
    "tied"."""
    if high[0] != low[0]:
        return "points"
    if high[1] != low[1]:
        return "king_points"
    for k, (a, b) in enumerate(zip(high[2], low[2]), 1):  # noqa: B905 (py39: zip has no strict)
        if a != b:
            return f"best game {k}"
    if len(high[2]) != len(low[2]):
        return "more games"
    return "tied"


def standings(tournament: Tournament, results: dict[str, SheetResult]) -> list[StandingRow]:
    """The general classification (TN1, K5): rows best first; tied rows share the first place of
    their group and the next row skips (1, 2, 2, 4)."""
    tallies = tally(tournament, results)
    keys = {name: mine.rank_key() for name, mine in tallies.items()}
    # sorted() is stable: players tied on everything stay in registration order.
    order = sorted(keys, key=keys.__getitem__, reverse=True)
    rows: list[StandingRow] = []
    for position, name in enumerate(order):
        mine = tallies[name]
        place = rows[-1].place if rows and keys[order[position - 1]] == keys[name] else position + 1
        below = keys[order[position + 1]] if position + 1 < len(order) else None
        rows.append(
            StandingRow(
                place=place,
                name=name,
                points=float(mine.points),
                tiebreaks={
                    "king_points": sum(mine.games),
                    "games": sorted(mine.games, reverse=True),
                    "byes": mine.byes,
                    "absences": mine.absences,
                    "unplayed": mine.unplayed,
                    "penalties": float(mine.penalties),
                },
                decided_by=None if below is None else separated_by(keys[name], below),
            )
        )
    return rows
