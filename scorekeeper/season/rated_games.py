"""The games a rating counts (issue 27, point 4): each played sheet of a tournament as its sides
and their scores, one record per table or match.

A King or Quatrilho player is a side of one, a Sueca or Truco team a side of two; each side's
score is its game's `Outcome.score` (King points, mocas or games won, a round's net chips):
higher is better, and equal scores are a tie. Byes and absences are no games: a table not
played has no sheet (King Art 7, TN1), and a sheet counts only as the standings count it
(complete, clean, undisputed: tournaments.standings.counted). Quatrilho's extra round (Art 23,
TN6) is played apart from the championship and is not rated."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator, Mapping
from typing import NamedTuple

from scorekeeper import games
from scorekeeper.sheet.results import SheetResult
from scorekeeper.tournaments.model import Match, Round, Table, Tournament

# TN6, Art 23: the round the cut left out plays apart, its nets never added to the championship.
EXTRA_STAGE = "extra"


class RatedGame(NamedTuple):
    """One game as a rating reads it: when and where it was played, its sides (each a tuple of
    person ids) and each side's score (higher is better; equal scores: a tie)."""

    date: datetime.date
    event: str  # the event's name (or file)
    round: int
    where: str  # the table (`1`) or match (its place in the round, `1`) as the tournament file names it
    sides: tuple[tuple[str, ...], ...]
    scores: tuple[float, ...]


def _same(name: str) -> str:
    return name


def games_of(
    tournament: Tournament,
    results: Mapping[str, SheetResult],
    date: datetime.date,
    who: Callable[[str], str] = _same,
    event: str | None = None,
) -> list[RatedGame]:
    """The RatedGame of every played sheet of `tournament`, in round and table order. `results`
    are keyed as the file names each sheet (collect(t).results); only those the standings count
    are rated: pass `standings.counted(collect.check(t))`, and a result that is not complete and
    clean is left out here too. `who` maps a name as the file writes it to a person id (a
    registry's member); `event` names the event (the tournament's name when None)."""
    game = games.get(tournament.rules.game)
    name = tournament.name if event is None else event
    rated = []
    for round_ in tournament.rounds:
        if round_.stage == EXTRA_STAGE:  # Art 23: not part of the championship
            continue
        for where, item in _played(round_):
            result = results.get(item.sheet) if item.sheet is not None else None
            if result is None or not (result.complete and result.valid):
                continue
            outcome = game.outcome(result)
            sides = _sides(tournament, outcome.participants, game.seating, who)
            if sides is None:
                continue
            scores = tuple(float(outcome.score[p]) for p in outcome.participants)
            rated.append(RatedGame(date, name, round_.number, where, sides, scores))
    return rated


def _played(round_: Round) -> Iterator[tuple[str, Table | Match]]:
    """Each table (by its number) or match (by its place in the round, as `tournament check`
    names it) of a round that was played: a table with a player absent was not (King Art 7)."""
    for table in round_.tables:
        if not table.absent:
            yield str(table.table), table
    for number, match in enumerate(round_.matches, start=1):
        yield str(number), match


def _sides(
    tournament: Tournament, participants: tuple[str, ...], seating: games.Seating, who: Callable[[str], str]
) -> tuple[tuple[str, ...], ...] | None:
    """Each participant as a side of person ids: a player alone, a team's players as the
    tournament file names them (None when a team is not the file's: such a sheet is disputed)."""
    if seating is games.Seating.PLAYERS:
        return tuple((who(name),) for name in participants)
    if any(team not in tournament.teams for team in participants):
        return None
    return tuple(tuple(who(name) for name in tournament.teams[team]) for team in participants)
