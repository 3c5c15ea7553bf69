"""What `registry check` finds in one or more registries read together: every finding, never
stopping at the first (the beancount way), each at its file and line.

A registry file that cannot be read at all is refused by its reader (registry_file); what this
module judges is a registry that reads: its periods (King Art 2: a member "sem interrupção" is
read from them), its ids, its `same_as` links and one person's unions (RULINGS TN9), and names
that would be taken for one person.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence

from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import M_, Message
from scorekeeper.members import finding_codes as codes
from scorekeeper.members.name_folding import fold
from scorekeeper.members.registry_model import Member, Period, UnionRegistry
from scorekeeper.members.roster import Roster
from scorekeeper.sheet.load import collector_held


def _finding(kind: FindingKind, severity: Severity, member: Member, line: int | None, message: Message) -> Finding:
    return Finding(severity, member.source or "", line or member.line, message, kind.rule, code=kind.code)


def _place(member: Member) -> str:
    """Where a member is written: `file:line`."""
    return f"{member.source}:{member.line}"


def _day(day: datetime.date) -> str:
    return day.isoformat()


def _days(first: datetime.date, last: datetime.date | None) -> Message:
    """Days shared by two periods: `from X to Y`, or `from X on` when both are still open."""
    if last is None:
        return M_("from {first} on", first=_day(first))
    return M_("from {first} to {last}", first=_day(first), last=_day(last))


def _overlap(first: Period, second: Period) -> tuple[datetime.date, datetime.date | None] | None:
    """The days two periods share (first, last; last None: open), or None."""
    start = max(first.start, second.start)
    ends = [end for end in (first.end, second.end) if end is not None]
    end = min(ends) if ends else None
    return None if end is not None and end < start else (start, end)


def _usable(member: Member) -> list[Period]:
    """The member's periods that are periods (a backwards one is its own finding), by start."""
    return sorted((p for p in member.periods if p.end is None or p.end >= p.start), key=lambda p: p.start)


def period_findings(member: Member, today: datetime.date) -> list[Finding]:
    """One member's periods: backwards, overlapping each other, starting after `today`.

    A period that starts after today is a warning: he is no member yet, and a year typed wrong
    (2062 for 2026) reads the same. A period that ends after today is no finding: a union knows
    the day a resignation takes effect. Overlapping periods are an error: the registry says one
    membership twice, and which of them a union meant is its to say."""
    found: list[Finding] = []
    for period in member.periods:
        if period.end is not None and period.end < period.start:
            found.append(
                _finding(
                    codes.PERIOD_BACKWARDS,
                    Severity.ERROR,
                    member,
                    period.line,
                    M_(
                        "{id}: the period from {start} ends on {end}, before it starts",
                        id=member.id,
                        start=_day(period.start),
                        end=_day(period.end),
                    ),
                )
            )
        if period.start > today:
            found.append(
                _finding(
                    codes.START_FUTURE,
                    Severity.WARNING,
                    member,
                    period.line,
                    M_(
                        "{id}: the period from {start} starts after today ({today})",
                        id=member.id,
                        start=_day(period.start),
                        today=_day(today),
                    ),
                )
            )
    usable = _usable(member)
    reach: Period | None = None  # the period seen so far that ends last
    for period in usable:
        if reach is not None:
            shared = _overlap(reach, period)
            if shared is not None:
                found.append(
                    _finding(
                        codes.PERIODS_OVERLAP,
                        Severity.ERROR,
                        member,
                        period.line,
                        M_(
                            "{id}: the period from {start} overlaps the one from {other} ({days})",
                            id=member.id,
                            start=_day(period.start),
                            other=_day(reach.start),
                            days=_days(*shared),
                        ),
                    )
                )
        if reach is None or reach.end is not None and (period.end is None or period.end > reach.end):
            reach = period
    return sorted(found, key=lambda f: f.line or 0)


def _ids(registries: Sequence[UnionRegistry]) -> tuple[dict[str, Member], list[Finding]]:
    """The first member of each id, and a finding for every later one, in one file or across files."""
    first: dict[str, Member] = {}
    found: list[Finding] = []
    for registry in registries:
        for member in registry.members:
            earlier = first.setdefault(member.id, member)
            if earlier is not member:
                found.append(
                    _finding(
                        codes.ID_TWICE,
                        Severity.ERROR,
                        member,
                        member.line,
                        M_(
                            "{id}: this id is already {name}'s, at {place}",
                            id=member.id,
                            name=earlier.name,
                            place=_place(earlier),
                        ),
                    )
                )
    return first, found


def _same_as(member: Member, by_id: dict[str, Member]) -> list[Finding]:
    if member.same_as is None:
        return []
    other = by_id.get(member.same_as)
    if other is None:
        return [
            _finding(
                codes.SAME_AS_UNKNOWN,
                Severity.ERROR,
                member,
                member.line,
                M_("{id}: same_as {other} names no member of these registries", id=member.id, other=member.same_as),
            )
        ]
    if other.union == member.union:
        return [
            _finding(
                codes.SAME_AS_OWN_UNION,
                Severity.ERROR,
                member,
                member.line,
                M_(
                    "{id}: same_as {other} names a member of his own union {union}; "
                    "same_as links one person's members in two unions",
                    id=member.id,
                    other=member.same_as,
                    union=member.union,
                ),
            )
        ]
    return []


def _unions_overlap(roster: Roster) -> list[Finding]:
    """TN9: one person (members same_as links) a member of two unions on the same days."""
    found: list[Finding] = []
    seen: set[str] = set()
    for member in roster.members.values():
        person = roster.person(member.id)
        if person is None or len(person.members) < 2 or person.id in seen:
            continue
        seen.add(person.id)
        for index, later in enumerate(person.members):
            for earlier in person.members[:index]:
                if earlier.union == later.union:
                    continue
                for period in _usable(later):
                    for other in _usable(earlier):
                        shared = _overlap(period, other)
                        if shared is None:
                            continue
                        found.append(
                            _finding(
                                codes.UNIONS_OVERLAP,
                                Severity.ERROR,
                                later,
                                period.line,
                                M_(
                                    "{id} ({union}) and {other} ({other_union}) are one person, a member of both "
                                    "{days}",
                                    id=later.id,
                                    union=later.union,
                                    other=earlier.id,
                                    other_union=earlier.union,
                                    days=_days(*shared),
                                ),
                            )
                        )
    return found


def _names_alike(roster: Roster) -> list[Finding]:
    """Two members whose names (or aliases) fold to one and whom no same_as makes one person: a
    warning, since two people may share a name; a tournament's sheet cannot tell them apart
    (the roster finds both, and says so)."""
    first: dict[str, Member] = {}
    found: list[Finding] = []
    for member in roster.members.values():
        said: set[str] = set()
        for written in dict.fromkeys((member.name, *member.aliases)):
            key = fold(written)
            earlier = first.setdefault(key, member)
            if earlier is member or earlier.id in said:
                continue
            person = roster.person(member.id)
            if person is not None and earlier in person.members:
                continue
            said.add(earlier.id)
            found.append(
                _finding(
                    codes.NAMES_ALIKE,
                    Severity.WARNING,
                    member,
                    member.line,
                    M_(
                        "{id} {name} and {other} {other_name} ({place}) are written alike; "
                        "two people, or one with a same_as between them?",
                        id=member.id,
                        name=written,
                        other=earlier.id,
                        other_name=earlier.name,
                        place=_place(earlier),
                    ),
                )
            )
    return found


@collector_held()  # 100,000 members' values built at once, no cycle among them (sheet/load.py)
def check_registries(registries: Iterable[UnionRegistry], today: datetime.date) -> list[Finding]:
    """Every finding of the registries read together, by file and line (a file in the order
    given). `today` is the day a period may not start after (registry check's clock)."""
    read = tuple(registries)
    by_id, found = _ids(read)
    for registry in read:
        for member in registry.members:
            found += period_findings(member, today)
            found += _same_as(member, by_id)
    roster = Roster(read)
    found += _unions_overlap(roster)
    found += _names_alike(roster)
    order = {registry.source: index for index, registry in enumerate(read)}
    return sorted(found, key=lambda f: (order.get(f.source, len(order)), f.line or 0))
