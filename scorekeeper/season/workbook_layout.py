"""What the season's workbook (`season export`) is written from, and where its cells sit: the
writer writes by these positions and the tests read the same places.

The workbook is written from data the season's commands compute (King Art 1-3; RULINGS
TN7-TN13): the season file read, its registries' roster, each event's state and each person's
place and points at it, the qualification (season.qualification_model), the ratings when given,
and the journal's changes of the season's files. Nothing here reads a file."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from scorekeeper.members.roster import Roster
from scorekeeper.season.qualification_model import Qualification
from scorekeeper.season.season_model import BY_EVENT, NACIONAL, REGIONAL, Event, Season

# An event's state on the Fases worksheet.
COMPLETE = "complete"  # every sheet in, complete and clean
IN_PLAY = "in play"  # some sheet in, or drawn, and not every one complete
NOT_STARTED = "not started"  # no sheet in yet (or its file not there yet)
STATES = (COMPLETE, IN_PLAY, NOT_STARTED)

TITLE_ROW = 1  # every worksheet's title
INFO_ROW = 2  # what the list below is (a union's seats, provisional)
HEAD_ROW = 3  # every list's column heads, repeated on every printed page
FIRST_ROW = HEAD_ROW + 1

# Bounds: each worksheet's rows are bounded by what the season's files hold (its events' seats,
# the season file's own bounds). Jogadores lists every member of the registries up to
# MAX_REGISTRY_ROWS persons (a committee's printed roll: some 100 pages); past it (a union's
# whole roll of 100,000) only those the season names, and says so: `registry show` has the others.
MAX_REGISTRY_ROWS = 5000
MAX_EVENT_COLUMNS = 60  # events given a column of their own on Jogadores; more are said in a note
MAX_JOURNAL_ROWS = 2000  # the newest changes on Diário; `scorekeeper history` lists them all


class RatingRow(Protocol):
    """A person's rating as season.ratings gives it (season.ratings.Rating)."""

    @property
    def person(self) -> str: ...
    @property
    def mu(self) -> float: ...
    @property
    def sigma(self) -> float: ...
    @property
    def games(self) -> int: ...
    @property
    def ordinal(self) -> float: ...


class RatingsLike(Protocol):
    """season.ratings.Ratings: rows() best first."""

    def rows(self) -> Sequence[RatingRow]: ...


@dataclass(frozen=True)
class EventState:
    """One event of the season as Fases shows it: the season file's entry, its tournament's name
    ('' when its file cannot be read yet), its state, and its tables' sheets handed in (complete
    and clean) of those its rounds name."""

    event: Event
    title: str
    state: str
    sheets_in: int = 0
    sheets: int = 0


@dataclass(frozen=True)
class Played:
    """One person at one event (Historial): his person id, the name the event wrote, the event
    (its index in SeasonBook.events), his place and points in its standings (live while it is
    in play)."""

    person: str
    written: str
    event: int
    place: int | None
    points: float


@dataclass(frozen=True)
class JournalLine:
    """One change of a season's file that the journal holds (journal.history.Change, the game of
    its file, for saying its entry, and the union whose folder it was made in): Diário's row."""

    change: Any
    game: str | None = None
    union: str = ""  # the union whose folder's journal holds it ("": the season's own folder)


@dataclass(frozen=True)
class SeasonBook:
    """Everything the season's workbook shows (see the module's docstring)."""

    season: Season
    roster: Roster
    events: tuple[EventState, ...]
    played: tuple[Played, ...]
    qualification: Qualification
    ratings: RatingsLike | None = None
    journal: tuple[JournalLine, ...] = ()
    as_of: datetime.date | None = None
    journal_more: bool = False  # earlier changes on record than `journal` holds (its newest)


def counts_for(season: Season, event: Event, union: str) -> bool:
    """Whether `event` counts in `union`'s race (TN10): its own regional events, or the one event
    its method names."""
    method = season.rules.method_of(union)
    if method.kind == BY_EVENT:
        return event.file == method.event
    return event.phase == REGIONAL and event.union == union


def event_order(season: Season, event: Event) -> tuple:
    """A person's events in Historial's order: regional first, by union as the rules list them,
    then by date; the national phase last. Each union's events are so one run of rows, and a
    person's points in a race a SUM over one range."""
    unions = list(season.rules.unions)
    union_rank = unions.index(event.union) if event.union in unions else len(unions)
    return (event.phase == NACIONAL, union_rank, event.date, event.file)


@dataclass
class HistoryLayout:
    """Where each person's rows sit on Historial: persons by id, each one's events in
    event_order. `ranges(person, union)` gives the runs of rows of the events that count in
    that union's race (TN10)."""

    book: SeasonBook
    rows: list[Played] = field(default_factory=list)
    _at: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        season, events = self.book.season, self.book.events
        self.rows = sorted(
            self.book.played, key=lambda p: (p.person, event_order(season, events[p.event].event), p.written)
        )
        for row, played in enumerate(self.rows, start=FIRST_ROW):
            self._at.setdefault(played.person, []).append(row)

    def ranges(self, person: str, union: str) -> list[tuple[int, int]]:
        """The runs (first row, last row) of the person's rows whose events count for `union`."""
        season, events = self.book.season, self.book.events
        runs: list[tuple[int, int]] = []
        for row in self._at.get(person, ()):
            if not counts_for(season, events[self.rows[row - FIRST_ROW].event].event, union):
                continue
            if runs and runs[-1][1] == row - 1:
                runs[-1] = (runs[-1][0], row)
            else:
                runs.append((row, row))
        return runs


# Column positions (from 1) of the lists a test reads cell by cell.
PHASES_COLUMNS = ("number", "phase", "file", "tournament", "union", "date", "state", "sheets_in", "sheets")
RACE_FIXED = ("place", "id", "name", "points")  # then the tie-breaks, then RACE_AFTER
RACE_AFTER = ("decided_by", "status", "article", "events")
HISTORY_COLUMNS = ("id", "name", "number", "tournament", "date", "phase", "place", "points", "counts")
RATINGS_COLUMNS = ("place", "id", "name", "rating", "mu", "sigma", "games")  # rating: mu - 3 sigma, the ordinal
DECISIONS_COLUMNS = ("date", "union", "id", "name", "article")
JOURNAL_COLUMNS = ("when", "who", "union", "file", "action", "entry", "before", "after")
PLAYERS_FIXED = ("id", "name", "union", "periods")  # then a column per event


def column(columns: Sequence[str], name: str) -> int:
    return columns.index(name) + 1


def quotas_of(book: SeasonBook) -> Mapping[str, int]:
    """Each union's seats in the final as the qualification counts them (TN7)."""
    return {race.union: race.seats for race in book.qualification.races}
