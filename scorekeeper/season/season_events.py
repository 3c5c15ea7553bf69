"""A season's events read once: each event's tournament file (only inside the season's folder),
its sheets collected and checked (TN2), its standings by its game's own regulation, and every name
it writes resolved through one roster of the season's registries to a person (King Art 2)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from scorekeeper.errors import quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_
from scorekeeper.members.registry_file import load_registry
from scorekeeper.members.roster import Person, Resolution, Roster
from scorekeeper.season.season_model import Event, Season
from scorekeeper.season.season_reading import SeasonFormatError
from scorekeeper.tournaments.collect import Checked, check
from scorekeeper.tournaments.model import StandingRow, Tournament
from scorekeeper.tournaments.standings import counted, ranked
from scorekeeper.tournaments.tournament_file import load

Tick = Callable[[int, int], None]


@dataclass
class ReadEvent:
    """One event of the season, read: its tournament, what checking its sheets found, its
    standings from the sheets that count, each name it writes and the person it is (None: no
    member, or two), and whether it is complete (every round's sheets in, complete and clean,
    and every planned round played: TN2's test; a regional event that is not makes its union's
    race provisional)."""

    event: Event
    tournament: Tournament
    checked: Checked
    rows: list[StandingRow]
    persons: dict[str, Person | None]
    resolutions: dict[str, Resolution] = field(default_factory=dict)
    complete: bool = False

    @property
    def findings(self) -> list[Finding]:
        return self.checked.findings

    @property
    def path(self) -> str:
        return self.tournament.source


def season_folder(season: Season) -> str:
    """The season file's folder, as its path names it ("" for the current one)."""
    return os.path.dirname(season.source)


def inside_path(season: Season, written: str, line: int | None) -> str:
    """The path of a file the season file names (relative to its folder): refused when it leads
    out of that folder (strangers' files: a bundle never reaches elsewhere)."""
    folder = season_folder(season)
    real_folder = os.path.realpath(folder or os.curdir)
    target = os.path.realpath(os.path.join(real_folder, written))
    if os.path.isabs(written) or "\0" in written or os.path.commonpath([real_folder, target]) != real_folder:
        raise SeasonFormatError(
            M_("{file}: a season names only files in its own folder", file=quoted(written)), season.source, line
        )
    return os.path.join(folder, written)


def roster_of(season: Season) -> Roster:
    """One roster of every registry the season names (RegistryFormatError: exit 2, one line)."""
    return Roster(load_registry(inside_path(season, path, None)) for path in season.registries)


def read_event(season: Season, event: Event, roster: Roster, tick: Tick | None = None) -> ReadEvent:
    """One event read, checked, ranked and its names resolved."""
    tournament = load(inside_path(season, event.file, event.line))  # unusable: one line naming it, exit 2
    checked = check(tournament, tick)
    rows = ranked(tournament, counted(checked))
    resolutions = {name: roster.resolve(name) for name in names_of(tournament, rows)}
    persons = {name: found.person for name, found in resolutions.items()}
    return ReadEvent(event, tournament, checked, rows, persons, resolutions, is_complete(tournament, checked))


def read_events(season: Season, tick: Tick | None = None, roster: Roster | None = None) -> list[ReadEvent]:
    """Every event of the season, in the season file's order, read through one roster."""
    roster = roster_of(season) if roster is None else roster
    return [read_event(season, event, roster, tick) for event in season.events]


def names_of(tournament: Tournament, rows: list[StandingRow]) -> list[str]:
    """Every name the event writes, in its order: the players, then anyone else its rounds or
    standings name (a substitute, a late entry)."""
    seen = dict.fromkeys(tournament.players)
    for round_ in tournament.rounds:
        for table in round_.tables:
            seen.update(dict.fromkeys(table.players))
            seen.update(dict.fromkeys(table.absent))
        seen.update(dict.fromkeys(round_.byes))
        seen.update(dict.fromkeys(penalty.player for penalty in round_.penalties))
    seen.update(dict.fromkeys(tournament.substitutes))
    seen.update(dict.fromkeys(row.name for row in rows))
    return list(seen)


def is_complete(tournament: Tournament, checked: Checked) -> bool:
    """TN2's test for the whole event: rounds were played, as many as planned, and nothing the
    check finds is an error (every sheet in, complete, clean, the draw's)."""
    if not tournament.rounds:
        return False
    if tournament.planned_rounds is not None and len(tournament.rounds) < tournament.planned_rounds:
        return False
    return not any(finding.is_error for finding in checked.findings)
