"""`season export -o FILE.xlsx` (issue 27 point 5): the season's workbook, written from what the
season's commands compute (its events read once, each union's race, the journal of its files),
in its game's language or the one chosen, atomically, only as a new .xlsx (or over one with
`force`)."""

from __future__ import annotations

import dataclasses
import datetime
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from scorekeeper import games, i18n
from scorekeeper.core.history import game_of, has_journal
from scorekeeper.errors import InputValueError
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_
from scorekeeper.members.roster import Roster
from scorekeeper.season.qualification import qualify
from scorekeeper.season.season_events import ReadEvent, inside_path, read_events, roster_of, season_folder
from scorekeeper.season.season_file import load_season
from scorekeeper.season.season_model import REGIONAL, Season
from scorekeeper.season.workbook_layout import (
    COMPLETE,
    IN_PLAY,
    MAX_JOURNAL_ROWS,
    NOT_STARTED,
    EventState,
    JournalLine,
    Played,
    RatingsLike,
    SeasonBook,
)
from scorekeeper.sheet.saving import refuse_existing, write_new
from scorekeeper.tournaments.standings import counted

if TYPE_CHECKING:  # the journal's modules (and sqlite3) load only beside a journal
    from scorekeeper.journal.history import Change
    from scorekeeper.season.rated_games import RatedGame

Tick = Callable[[int, int], None]


@dataclasses.dataclass(frozen=True)
class SeasonExported:
    """The season's workbook written: where, its worksheets' titles in order, and what the races
    found (TN7's open seats, TN8's exclusions, TN10's ties: every season command says them)."""

    path: str
    worksheets: list[str]
    findings: tuple[Finding, ...] = ()


def export(
    path: str,
    output: str,
    force: bool = False,
    as_of: datetime.date | None = None,
    ratings: RatingsLike | None = None,
    reading: Tick | None = None,
) -> SeasonExported:
    """Write the workbook of the season file `path` to `output` (.xlsx): the races as `season
    qualify` ranks them (as of `as_of`: agreements and decisions up to that day), and the
    ratings' sheet when `ratings` are given. `reading(done, total)` is told of each sheet read."""
    if not output.lower().endswith(".xlsx"):
        raise InputValueError(M_("{path}: a workbook is an Excel file; name it with .xlsx", path=output))
    from scorekeeper.core.export import in_workbook_language  # lazy: loads openpyxl
    from scorekeeper.season.workbook_write import build  # lazy: openpyxl
    from scorekeeper.tournaments.workbook_write import workbook_bytes  # lazy: openpyxl

    refuse_existing(output, force)
    season = load_season(path)
    book = season_book(season, as_of, ratings, reading)
    language = i18n.workbook_language(games.get(season.rules.game).workbook_language)
    workbook = in_workbook_language(language, lambda: build(book))
    write_new(output, workbook_bytes(workbook), force)
    return SeasonExported(output, [ws.title for ws in workbook.worksheets], book.qualification.findings)


def season_book(
    season: Season,
    as_of: datetime.date | None = None,
    ratings: RatingsLike | None = None,
    reading: Tick | None = None,
) -> SeasonBook:
    """What the season's workbook shows, read and computed once (workbook_layout.SeasonBook)."""
    roster = roster_of(season)
    events = read_events(season, reading, roster)
    qualification = qualify(season, as_of, events)
    from scorekeeper.core.season_ratings import season_games  # lazy: as _rated

    games = season_games(events)
    if ratings is None:
        ratings = _rated(season, games, as_of)
    journal, more = journal_lines(season, events, roster)
    return SeasonBook(
        season,
        roster,
        tuple(event_state(read) for read in events),
        tuple(played(events, games)),
        qualification,
        ratings,
        journal,
        as_of,
        journal_more=more,
    )


def _rated(season: Season, games: list[RatedGame], as_of: datetime.date | None) -> RatingsLike:
    """The season's ratings as `season ratings` gives them (its games, by person, in date order)."""
    from scorekeeper.season.ratings import rate  # lazy: ratings load openskill when rated

    try:
        return rate(games, as_of)
    except ValueError:  # one person twice at a table: season check names where
        raise InputValueError(
            M_("a table seats one person twice under two names: `season check` says where"), season.source
        ) from None


def event_state(read: ReadEvent) -> EventState:
    """An event's state: complete (TN2's test), not started (no round drawn, or none of its
    sheets there yet), else in play; and its tables' sheets counted of those its rounds name."""
    named: set[str] = set()
    for round_ in read.tournament.rounds:
        named.update(table.sheet for table in round_.tables if table.sheet is not None and not table.absent)
        named.update(match.sheet for match in round_.matches if match.sheet is not None)
    done = len(named & set(counted(read.checked)))
    state = NOT_STARTED if not (done or read.checked.results) else IN_PLAY
    if read.complete:
        state = COMPLETE
    return EventState(read.event, read.tournament.name, state, done, len(named))


def played(events: list[ReadEvent], games: list[RatedGame]) -> list[Played]:
    """Each member's place and points in each event's standings, where he has played: a game
    there (`games`, the season's rated games), or points without one (a bye, a penalty: the race
    counts them). An event he has not played yet (a final not begun ranks everyone first with
    nothing) gives him no place, as `registry show --season` gives none. A name no member goes
    by is not a person's: Historial lists persons."""
    sat = {(game.event, person) for game in games for side in game.sides for person in side}
    found = []
    for index, read in enumerate(events):
        for row in read.rows:
            person = read.persons.get(row.name)
            if person is None or ((read.event.file, person.id) not in sat and not row.points):
                continue
            found.append(Played(person.id, row.name, index, row.place, row.points))
    return found


def journal_lines(
    season: Season, events: list[ReadEvent], roster: Roster | None = None
) -> tuple[tuple[JournalLine, ...], bool]:
    """The newest MAX_JOURNAL_ROWS changes of the season's files, oldest first, from the journal
    of the season file's folder, of each event's and of each registry's (a union's office imports
    its list in its own folder: `registry import` writes its journal there); and whether there
    were more. Each line says the union whose folder it is ("" for the season's own or a folder
    two unions share). A journal that cannot be read now is passed over (`history` and `check`
    say what is wrong with it)."""
    base = season_folder(season) or os.curdir
    folders = _journal_folders(season, events, roster)
    changes: list[tuple[Change, str]] = []
    more = False
    for folder, union in folders.items():
        if not has_journal(folder):
            continue
        found = _history(folder)
        more = more or len(found) > MAX_JOURNAL_ROWS
        changes.extend(
            (dataclasses.replace(change, file=os.path.relpath(change.file, base)), union) for change in found
        )
    changes.sort(key=lambda pair: str(pair[0].when))  # the journal's times: ISO, one offset (UTC)
    more = more or len(changes) > MAX_JOURNAL_ROWS
    kept = changes[-MAX_JOURNAL_ROWS:]
    return tuple(JournalLine(change, _game(base, change), union) for change, union in kept), more


def _journal_folders(season: Season, events: list[ReadEvent], roster: Roster | None) -> dict[str, str]:
    """Each folder whose journal holds changes of the season's files, by its path, and the union
    it is the folder of: each registry's (its union), the season file's (none), each regional
    event's (its union), the national event's (none). A folder named twice is read once;
    one that two unions name is said as no union's."""
    unions: dict[str, str | None] = {}
    paths: dict[str, str] = {}

    def add(path: str, union: str) -> None:
        folder = os.path.dirname(path) or os.curdir
        real = os.path.realpath(folder)
        paths.setdefault(real, folder)
        if real not in unions:
            unions[real] = union
        elif unions[real] != union:
            unions[real] = ""

    # The registries' folders first: a union's list is imported before its events are drawn, and
    # the journal's times are to the second, so two changes of one second keep that order.
    registries = roster.registries if roster is not None else ()
    for written, registry in zip(season.registries, registries):  # noqa: B905 (py39): the roster's, in order
        add(inside_path(season, written, None), registry.union)
    add(season.source, "")
    for read in events:
        event = read.event
        add(inside_path(season, event.file, None), (event.union or "") if event.phase == REGIONAL else "")
    return {paths[real]: union or "" for real, union in unions.items()}


def _history(folder: str) -> list[Change]:
    import sqlite3  # lazy: only beside a journal

    from scorekeeper.journal import history as journal_history  # lazy: as above

    try:
        found = journal_history.history(folder, MAX_JOURNAL_ROWS + 1)
    except sqlite3.Error:  # locked past its timeout, damaged: the workbook is written without it
        return []
    return [] if found.foreign else list(found.changes)


def _game(base: str, change: Change) -> str | None:
    """The game of a change's sheet (to say its entry in the game's words), None for another file."""
    if change.entry is None:
        return None
    return game_of(os.path.join(base, change.file))
