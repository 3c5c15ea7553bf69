"""Ratings across events (issue 27, point 4): every rated game of a season, in date order,
through openskill's BradleyTerryFull model. Pure data: what a person's rating is and how it
moved; the words are the edge's. Ratings are no part of any regulation (RULINGS, after TN14):
they qualify nobody unless a union's method says so.

Why BradleyTerryFull: it compares every pair of sides at a table, so sides tied on their score
share their result (as K5 shares a tie's table points); openskill's default PlackettLuce gives a
third place the winners' rating when two tie for first (openskill issue 201). The model's own
defaults are kept: a person's first rating is mu 25, sigma 25/3 (ordinal 0), and tau (25/300)
widens sigma a little before each game, so that a rating keeps following a player's form.

Recomputed, never stored: the games are rated from scratch in date order (then event, round and
table), so a `fix` in February re-rates every game after it and none before."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.season.rated_games import RatedGame

if TYPE_CHECKING:
    from openskill.models import BradleyTerryFullRating

ORDINAL_SIGMAS = 3  # the ordinal is mu - 3 sigma: openskill's ordinal(), a rating the player very likely exceeds


class Step(NamedTuple):
    """A person's rating after one game: when and where it was played, and mu and sigma after it."""

    date: datetime.date
    event: str
    round: int
    mu: float
    sigma: float


class Rating(NamedTuple):
    """One person's rating: mu (the skill believed), sigma (how unsure that belief is), the games
    rated and the rating after each of them, oldest first."""

    person: str
    mu: float
    sigma: float
    games: int
    history: tuple[Step, ...]

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: the rating shown and ranked by (a new player's is 0)."""
        return self.mu - ORDINAL_SIGMAS * self.sigma


@dataclass(frozen=True)
class Ratings:
    """Every rated person's Rating by person id, after the games up to `as_of` (None: all)."""

    people: dict[str, Rating]
    as_of: datetime.date | None = None

    def rows(self) -> list[Rating]:
        """The ratings best first: by ordinal, then mu (both higher first), then person id."""
        return sorted(self.people.values(), key=lambda rating: (-rating.ordinal, -rating.mu, rating.person))


def game_order(game: RatedGame) -> tuple:
    """The order games are rated in: date, event, round, then table (a table's number as a number)."""
    where = (0, int(game.where), "") if game.where.isdigit() else (1, 0, game.where)
    return (game.date, game.event, game.round, where)


def rate(games: Iterable[RatedGame], as_of: datetime.date | None = None) -> Ratings:
    """The ratings of every person in `games` played on or before `as_of` (all when None), each
    game rated in game_order by BradleyTerryFull with its sides' scores (equal scores: a tie).
    ValueError for a game that cannot be rated: fewer than two sides, a score missing, or a
    person on it twice (a registry resolving two names to one member at one table)."""
    from openskill.models import BradleyTerryFull  # lazy: ratings are on no sheet command's path (check's start-up)

    model = BradleyTerryFull()
    chosen = sorted((game for game in games if as_of is None or game.date <= as_of), key=game_order)
    current: dict[str, BradleyTerryFullRating] = {}  # person -> openskill's rating of him now
    history: dict[str, list[Step]] = {}
    for game in chosen:
        _refuse_unratable(game)
        teams = [[current.get(person) or model.rating() for person in side] for side in game.sides]
        rated = model.rate(teams, scores=list(game.scores))
        for side, team in zip(game.sides, rated):
            for person, rating in zip(side, team):
                current[person] = rating
                history.setdefault(person, []).append(Step(game.date, game.event, game.round, rating.mu, rating.sigma))
    people = {
        person: Rating(person, steps[-1].mu, steps[-1].sigma, len(steps), tuple(steps))
        for person, steps in history.items()
    }
    return Ratings(people, as_of)


def _refuse_unratable(game: RatedGame) -> None:
    """ValueError naming the game when it cannot be rated."""
    people = [person for side in game.sides for person in side]
    place = f"{game.event}, {game.date.isoformat()}, round {game.round}, {game.where}"
    if len(game.sides) < 2 or len(game.scores) != len(game.sides) or not all(game.sides):
        raise ValueError(f"{place}: a rated game needs two sides or more, each with a score and a person")
    if len(set(people)) != len(people):
        raise ValueError(f"{place}: a person plays on it twice")
