"""`season ratings`: each person's rating across the season's events (issue 27 point 4): every
game of every event, its names made persons through the season's registries, rated in date
order by season.ratings (openskill's BradleyTerryFull). Ratings qualify nobody unless a union's
method says so (RULINGS, after TN14): this is data to show."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from scorekeeper.errors import InputValueError
from scorekeeper.i18n import M_
from scorekeeper.members.roster import Person
from scorekeeper.season.rated_games import RatedGame, games_of
from scorekeeper.season.ratings import rate
from scorekeeper.season.season_events import ReadEvent, read_events
from scorekeeper.season.season_file import load_season
from scorekeeper.tournaments.standings import counted

Tick = Callable[[int, int], None]


@dataclass(frozen=True)
class RatingRow:
    """One person's rating: his place (by ordinal), id, name, mu, sigma, the ordinal (mu - 3
    sigma) and the games rated."""

    place: int
    id: str
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True)
class SeasonRatings:
    """The season's ratings as of a day (None: every game), best first, and the games rated."""

    as_of: datetime.date | None
    rows: tuple[RatingRow, ...]
    games: int


def season_games(events: list[ReadEvent]) -> list[RatedGame]:
    """Every game the season's events count, each name its person's id (a name no member goes by
    is rated under the name as written: season check reports it)."""
    found: list[RatedGame] = []
    for read in events:
        who = functools.partial(_person_id, read.persons)
        found.extend(games_of(read.tournament, counted(read.checked), read.event.date, who, read.event.file))
    return found


def _person_id(persons: Mapping[str, Person | None], name: str) -> str:
    person = persons.get(name)
    return person.id if person is not None else name


def ratings(path: str, as_of: datetime.date | None = None, tick: Tick | None = None) -> SeasonRatings:
    """The ratings of the season in the file at `path`, from its events' games up to `as_of`."""
    season = load_season(path)
    events = read_events(season, tick)
    names = {person.id: person.name for read in events for person in read.persons.values() if person is not None}
    games = season_games(events)
    try:
        rated = rate(games, as_of)
    except ValueError:  # one person twice at a table: season check names where
        raise InputValueError(
            M_("a table seats one person twice under two names: `season check` says where"), path
        ) from None
    rows = tuple(
        RatingRow(
            place,
            rating.person,
            names.get(rating.person, rating.person),
            rating.mu,
            rating.sigma,
            rating.ordinal,
            rating.games,
        )
        for place, rating in enumerate(rated.rows(), start=1)
    )
    counted_games = sum(1 for game in games if as_of is None or game.date <= as_of)
    return SeasonRatings(as_of, rows, counted_games)
