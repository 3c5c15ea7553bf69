"""A person's record across a season (issue 27: `registry show ID --season SEASON`): each event he
played with his place and points, his titles (first place), his rating after each game, and the
players he met most. Data only: output/registry_text.py says it."""

from __future__ import annotations

import collections
import datetime
from dataclasses import dataclass

from scorekeeper.core.season_ratings import season_games
from scorekeeper.season.rated_games import RatedGame
from scorekeeper.season.ratings import rate
from scorekeeper.season.season_events import ReadEvent, inside_path, read_events
from scorekeeper.season.season_file import load_season
from scorekeeper.season.season_model import Season

MOST_MET = 5  # the players met most, as a record card shows them


@dataclass(frozen=True)
class EventRecord:
    """One event he played: its name and file, day and phase, his place (shared by a tie) of how
    many, his points (the event's standing), the games he played there, whether the event is
    complete, and whether he won it (a title: first place of a complete event)."""

    event: str
    file: str
    date: datetime.date
    phase: str
    place: int
    of: int
    points: float
    games: int
    complete: bool

    @property
    def title(self) -> bool:
        return self.complete and self.place == 1


@dataclass(frozen=True)
class RatingStep:
    """His rating after a game: its day, its event, mu and sigma."""

    date: datetime.date
    event: str
    mu: float
    sigma: float


@dataclass(frozen=True)
class Met:
    """A player he sat at a table with (or against, in a match), and how many games."""

    id: str
    name: str
    games: int


@dataclass(frozen=True)
class PersonRecord:
    """A person's season: his events in date order, his rating after each game, and whom he met."""

    events: tuple[EventRecord, ...]
    ratings: tuple[RatingStep, ...]
    met: tuple[Met, ...]


def season_registries(path: str) -> tuple[Season, list[str]]:
    """The season in the file at `path` and its registries' paths (inside its folder)."""
    season = load_season(path)
    return season, [inside_path(season, written, None) for written in season.registries]


def person_record(season: Season, person_id: str) -> PersonRecord:
    """The record of the person `person_id` (his first member's id) in the season."""
    events = read_events(season)
    names = {person.id: person.name for read in events for person in read.persons.values() if person is not None}
    games = season_games(events)
    mine = [game for game in games if any(person_id in side for side in game.sides)]
    met: collections.Counter[str] = collections.Counter()
    for game in mine:
        met.update({other for side in game.sides for other in side if other != person_id})
    history = rate(games).people.get(person_id)
    steps = (
        ()
        if history is None
        else tuple(RatingStep(step.date, step.event, step.mu, step.sigma) for step in history.history)
    )
    ranked = sorted(met.items(), key=lambda item: (-item[1], item[0]))[:MOST_MET]
    return PersonRecord(
        tuple(record for read in events for record in _played(read, person_id, mine)),
        steps,
        tuple(Met(other, names.get(other, other), count) for other, count in ranked),
    )


def _played(read: ReadEvent, person_id: str, games: list[RatedGame]) -> list[EventRecord]:
    """His row of the event's standings, when he played a game there (an event not yet played
    ranks everyone first with nothing: no record)."""
    played = sum(1 for game in games if game.event == read.event.file)
    if not played:
        return []
    names = {name for name, person in read.persons.items() if person is not None and person.id == person_id}
    return [
        EventRecord(
            read.tournament.name,
            read.event.file,
            read.event.date,
            read.event.phase,
            row.place,
            len(read.rows),
            row.points,
            played,
            read.complete,
        )
        for row in read.rows
        if row.name in names
    ]
