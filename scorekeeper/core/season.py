"""A season's operations (King Art 1-3; RULINGS TN7-TN13), with no click and no terminal: start a
season file and add its events and registries, check it, rank each union's race, inscribe a
union's finalists, record the unions' agreements and the committee's
decisions, and write the final. Each takes plain arguments and returns data
(output.season_text turns it into lines), or raises the domain's errors; the CLI calls these,
once per command."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_
from scorekeeper.season import committee, final_file, inscriptions, season_new
from scorekeeper.season.qualification import qualify as qualify_season
from scorekeeper.season.qualification_model import Qualification
from scorekeeper.season.season_check import SeasonChecked, check_season
from scorekeeper.season.season_events import read_events
from scorekeeper.season.season_file import load_season
from scorekeeper.season.season_model import Season

Tick = Callable[[int, int], None]

new = season_new.new_season
add_event = season_new.add_event
add_registry = season_new.add_registry
inscribe = inscriptions.inscribe
agree = committee.agree
decide = committee.decide
final = final_file.final


def load(path: str) -> Season:
    return load_season(path)


def check(path: str, as_of: datetime.date | None = None, tick: Tick | None = None) -> SeasonChecked:
    """`season check`: every finding about the season (season_check.check_season)."""
    return check_season(load_season(path), as_of, tick)


def qualify(
    path: str, as_of: datetime.date | None = None, union: str | None = None, tick: Tick | None = None
) -> Qualification:
    """`season qualify` and `season standings`: each union's race (only `union`'s when given),
    the final's size and open seats, and what the races found."""
    season = load_season(path)
    if union is not None and union not in season.rules.unions:
        raise InputValueError(
            M_(
                "unknown union {name}; the season's rules name: {names}",
                name=quoted(union),
                names=", ".join(season.rules.unions),
            ),
            path,
        )
    found = qualify_season(season, as_of, read_events(season, tick))
    if union is None:
        return found
    races = tuple(race for race in found.races if race.union == union)
    return Qualification(races, found.size, found.open_seats, found.findings, found.game)
