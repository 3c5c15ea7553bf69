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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple, overload

from scorekeeper.season.rated_games import RatedGame

if TYPE_CHECKING:
    from openskill.models import BradleyTerryFullRating

ORDINAL_SIGMAS = 3  # the ordinal is mu - 3 sigma: openskill's ordinal(), a rating the player very likely exceeds

# The order games are rated in: date, event, round, then table. A round's tables are disjoint (a
# person plays at one), so their order moves no rating: `where` orders them only so that the same
# games give the same run whatever order they come in.
game_order = attrgetter("date", "event", "round", "where")


class Step(NamedTuple):
    """A person's rating after one game: when and where it was played, and mu and sigma after it."""

    date: datetime.date
    event: str
    round: int
    mu: float
    sigma: float


class History(Sequence[Step]):
    """A person's Step after each of his games, oldest first. Kept as the games rated and three
    numbers a game (the game's place, mu, sigma), each Step made when it is read: a season of
    150,000 games keeps 600,000 of them (bench_ratings.py)."""

    __slots__ = ("_games", "_flat")

    def __init__(self, games: Sequence[RatedGame], flat: list[float]):
        self._games, self._flat = games, flat  # flat: the game's index, mu, sigma, for each game in turn

    def __len__(self) -> int:
        return len(self._flat) // 3

    @overload
    def __getitem__(self, index: int) -> Step: ...
    @overload
    def __getitem__(self, index: slice) -> list[Step]: ...
    def __getitem__(self, index: int | slice) -> Step | list[Step]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        at = range(len(self))[index] * 3  # IndexError past the end; a negative index from the end
        game = self._games[int(self._flat[at])]
        return Step(game.date, game.event, game.round, self._flat[at + 1], self._flat[at + 2])

    def __iter__(self) -> Iterator[Step]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, History) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # equal by its steps, and never a key

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


class Rating(NamedTuple):
    """One person's rating: mu (the skill believed), sigma (how unsure that belief is), the games
    rated and the rating after each of them, oldest first."""

    person: str
    mu: float
    sigma: float
    games: int
    history: History

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


def rate(games: Iterable[RatedGame], as_of: datetime.date | None = None) -> Ratings:
    """The ratings of every person in `games` played on or before `as_of` (all when None), each
    game rated in game_order by BradleyTerryFull with its sides' scores (equal scores: a tie).
    ValueError for a game that cannot be rated: fewer than two sides, a score missing, or a
    person on it twice (a registry resolving two names to one member at one table)."""
    from openskill.models import BradleyTerryFull  # lazy: ratings are on no sheet command's path (check's start-up)

    model = BradleyTerryFull()
    chosen = sorted((game for game in games if as_of is None or game.date <= as_of), key=game_order)
    current: dict[str, BradleyTerryFullRating] = {}  # person -> openskill's rating of him now
    tracks: dict[str, list[float]] = {}  # person -> History's flat list
    for index, game in enumerate(chosen):
        _refuse_unratable(game)
        teams = [[current.get(person) or model.rating() for person in side] for side in game.sides]
        rated = model.rate(teams, scores=list(game.scores))
        for side, team in zip(game.sides, rated):  # noqa: B905 (py39: zip has no strict); a team per side
            for person, rating in zip(side, team):  # noqa: B905 (py39: zip has no strict); a rating per person
                current[person] = rating
                track = tracks.get(person)
                if track is None:
                    track = tracks[person] = []
                track += (index, rating.mu, rating.sigma)
    people = {
        person: Rating(person, track[-2], track[-1], len(track) // 3, History(chosen, track))
        for person, track in tracks.items()
    }
    return Ratings(people, as_of)


def _refuse_unratable(game: RatedGame) -> None:
    """ValueError naming the game when it cannot be rated."""
    sides = game.sides
    if len(sides) < 2 or len(game.scores) != len(sides) or not all(sides):
        problem = "a rated game needs two sides or more, each with a score and a person"
    elif len({person for side in sides for person in side}) != sum(map(len, sides)):
        problem = "a person plays on it twice"
    else:
        return
    raise ValueError(f"{game.event}, {game.date.isoformat()}, round {game.round}, {game.where}: {problem}")
