"""Who may play an event of the season (King Art 2, RULINGS TN8) and for which union he counts
(TN9), read from a person's dated periods of membership."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from scorekeeper.members.registry_model import Member, Period
from scorekeeper.members.roster import Person

ONE_DAY = datetime.timedelta(days=1)

# TN8's two readings, as a season's rule file names them (`eligibility: {since: ...}`).
SINCE_SEASON_START = "season_start"  # a member on every day from the season's start to the event
SINCE_FIRST_JOINED = "first_joined"  # and never a gap since he first joined (the strict reading)
READINGS = (SINCE_SEASON_START, SINCE_FIRST_JOINED)


@dataclass(frozen=True)
class Gap:
    """The first days (both included) on which a person was a member of no organising union,
    between the day his membership must run from and the event's day: why he may not play."""

    first: datetime.date
    last: datetime.date


def _spans(person: Person, unions: frozenset[str] | None) -> list[tuple[datetime.date, datetime.date | None]]:
    """The person's periods in the organising unions (all when `unions` is None), sorted, with
    periods that touch or overlap joined: leaving one union and joining another the next day is
    no interruption (TN8)."""
    periods: list[Period] = [
        period for member in person.members if unions is None or member.union in unions for period in member.periods
    ]
    periods.sort(key=lambda period: period.start)
    joined: list[tuple[datetime.date, datetime.date | None]] = []
    for period in periods:
        if joined:
            start, end = joined[-1]
            if end is None or period.start <= end + ONE_DAY:
                later = None if end is None or period.end is None else max(end, period.end)
                joined[-1] = (start, later)
                continue
        joined.append((period.start, period.end))
    return joined


def gap(
    person: Person,
    starts: datetime.date,
    day: datetime.date,
    since: str = SINCE_SEASON_START,
    unions: frozenset[str] | None = None,
) -> Gap | None:
    """The first gap in the person's membership of the organising `unions` that keeps him from
    an event on `day` of a season that `starts` (TN8), or None when he may play. By the default
    reading his membership must cover every day from `starts` (or from the event's day, when the
    season starts after it) to `day`; by `first_joined` also every day since he first joined."""
    spans = _spans(person, unions)
    begin = min(starts, day)
    if since == SINCE_FIRST_JOINED and spans:
        begin = min(begin, spans[0][0])
    cursor = begin  # the first day not yet known covered
    for start, end in spans:
        if end is not None and end < cursor:
            continue
        if start > cursor:
            return Gap(cursor, min(start - ONE_DAY, day))
        if end is None or end >= day:
            return None
        cursor = end + ONE_DAY
    return Gap(cursor, day)


def member_on(person: Person, day: datetime.date, unions: frozenset[str] | None = None) -> Member | None:
    """The person's member whose union he belonged to on `day` (None: of no union then): his
    union for the season when `day` is his first event's (TN9)."""
    for member in person.members:
        if (unions is None or member.union in unions) and member.member_on(day):
            return member
    return None
