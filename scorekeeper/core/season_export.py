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
from scorekeeper.season.qualification import qualify
from scorekeeper.season.season_events import ReadEvent, inside_path, read_events, roster_of, season_folder
from scorekeeper.season.season_file import load_season
from scorekeeper.season.season_model import Season
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
    if ratings is None:
        ratings = _rated(season, events, as_of)
    journal, more = journal_lines(season, events)
    return SeasonBook(
        season,
        roster,
        tuple(event_state(read) for read in events),
        tuple(played(events)),
        qualification,
        ratings,
        journal,
        as_of,
        journal_more=more,
    )


def _rated(season: Season, events: list[ReadEvent], as_of: datetime.date | None) -> RatingsLike:
    """The season's ratings as `season ratings` gives them (its games, by person, in date order)."""
    from scorekeeper.core.season_ratings import season_games  # lazy: ratings load openskill when rated
    from scorekeeper.season.ratings import rate  # lazy: as above

    try:
        return rate(season_games(events), as_of)
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


def played(events: list[ReadEvent]) -> list[Played]:
    """Each member's place and points in each event's standings (a name no member goes by is not
    a person's: Historial lists persons)."""
    found = []
    for index, read in enumerate(events):
        for row in read.rows:
            person = read.persons.get(row.name)
            if person is not None:
                found.append(Played(person.id, row.name, index, row.place, row.points))
    return found


def journal_lines(season: Season, events: list[ReadEvent]) -> tuple[tuple[JournalLine, ...], bool]:
    """The newest MAX_JOURNAL_ROWS changes of the season's files, oldest first, from the journal
    of the season file's folder and of each event's; and whether there were more. A journal that
    cannot be read now is passed over (`history` and `check` say what is wrong with it)."""
    base = season_folder(season) or os.curdir
    folders = [base, *(os.path.dirname(inside_path(season, read.event.file, None)) or os.curdir for read in events)]
    seen: set[str] = set()
    changes: list[Change] = []
    more = False
    for folder in folders:
        real = os.path.realpath(folder)
        if real in seen or not has_journal(folder):
            continue
        seen.add(real)
        found = _history(folder)
        more = more or len(found) > MAX_JOURNAL_ROWS
        changes.extend(dataclasses.replace(change, file=os.path.relpath(change.file, base)) for change in found)
    changes.sort(key=lambda change: str(change.when))
    more = more or len(changes) > MAX_JOURNAL_ROWS
    kept = changes[-MAX_JOURNAL_ROWS:]
    return tuple(JournalLine(change, _game(base, change)) for change in kept), more


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
