"""`season check`: everything wrong with a season, collected (King Art 1-3, 7, 18; RULINGS
TN7-TN13): every name of every event is one member's (Art 2), every player eligible at every
event (TN8), one union each (TN9), the final's seats against the quotas (TN7), the regional
events complete and clean (TN2, TN10), the committee's decisions (TN10) and the unions'
inscriptions (TN13). A registry or an event that cannot be read at all is a refusal (exit 2)."""

from __future__ import annotations

import datetime
from typing import NamedTuple

from scorekeeper.errors import quoted
from scorekeeper.findings import Finding, Severity
from scorekeeper.i18n import M_
from scorekeeper.members.eligibility import gap
from scorekeeper.members.roster import Match, Person, Roster
from scorekeeper.season import finding_codes as codes
from scorekeeper.season.finalists import finalists_of
from scorekeeper.season.qualification import first_line, qualify, standings_of_persons
from scorekeeper.season.qualification_model import STATUS_NAMES, Qualification, Race, Status
from scorekeeper.season.season_events import ReadEvent, read_events, roster_of
from scorekeeper.season.season_model import REGIONAL, Season
from scorekeeper.tournaments import finding_codes as tournament_codes

WARNING, ERROR = Severity.WARNING, Severity.ERROR


class SeasonChecked(NamedTuple):
    """What `season check` finds, and the races it worked out on the way (the events read once)."""

    findings: list[Finding]
    qualification: Qualification
    events: list[ReadEvent]


def check_season(season: Season, as_of: datetime.date | None = None, tick=None) -> SeasonChecked:
    """Every finding about the season, the season file's own first, then each event's, then the
    races' and the inscriptions'."""
    roster = roster_of(season)
    events = read_events(season, tick, roster)
    qualification = qualify(season, as_of, events)
    findings = agreement_findings(season)
    for read in events:
        findings.extend(name_findings(season, read))
        findings.extend(event_findings(read))
    findings.extend(two_union_findings(season, roster))
    findings.extend(visitor_findings(season, events))
    findings.extend(qualification.findings)
    findings.extend(inscription_findings(season, roster, qualification, events))
    findings.extend(final_findings(season, roster, qualification, events))
    return SeasonChecked(findings, qualification, events)


def final_findings(
    season: Season, roster: Roster, qualification: Qualification, events: list[ReadEvent]
) -> list[Finding]:
    """TN13: the national final's file seats the finalists as `season final` chose them when it
    wrote it. An agreement, a decision or an inscription made since changes who they are; the
    file does not follow, so the difference is said (who is missing, who is no longer a
    finalist) until the organiser writes the final again or settles it by Art 7."""

    def person_id(member_id: str) -> str:
        person = roster.person(member_id)
        return person.id if person is not None else member_id

    wanted = {person_id(finalist.id): finalist.name for finalist in finalists_of(season, roster, qualification)}
    found = []
    for read in events:
        if read.event.phase == REGIONAL:
            continue
        seated = {person.id: name for name, person in read.persons.items() if person is not None}
        missing = [name for key, name in wanted.items() if key not in seated]
        extra = [name for key, name in seated.items() if key not in wanted]
        if missing or extra:
            found.append(
                Finding(
                    Severity.WARNING,
                    season.source,
                    read.event.line,
                    M_(
                        "{final} does not seat the finalists as they are now: missing {missing}; no longer "
                        "finalists {extra} (written before a later agreement, decision or inscription: "
                        "`season final --force` again before its first game)",
                        final=read.event.file,
                        missing=", ".join(missing) or "-",
                        extra=", ".join(extra) or "-",
                    ),
                    codes.FINAL_STALE.rule,
                    code=codes.FINAL_STALE.code,
                )
            )
    return found


def agreement_findings(season: Season) -> list[Finding]:
    """TN7: an agreement whose quotas do not add up to its size is an error (Art 3)."""
    found = []
    for agreement in season.agreements:
        total = sum(agreement.quotas.values())
        if total != agreement.size:
            found.append(
                Finding(
                    ERROR,
                    season.source,
                    agreement.line,
                    M_(
                        "the agreement of {day} gives the final {size} players and quotas adding up to {total}",
                        day=agreement.date.isoformat(),
                        size=agreement.size,
                        total=total,
                    ),
                    season.rules.final_article,
                    code=codes.AGREEMENT_SUM.code,
                )
            )
    return found


def name_findings(season: Season, read: ReadEvent) -> list[Finding]:
    """Art 2: each name an event writes is one member's; found by an alias, a folded spelling or
    initials, it is said which member (information); fitting two, both are named; no member's, an
    error."""
    found = []
    article = season.rules.eligibility_article
    for written, resolution in read.resolutions.items():
        line = first_line(read, None, written)
        if resolution.person is not None:
            if resolution.how in (Match.ALIAS, Match.FOLDED, Match.INITIALS):
                person = resolution.person
                message = M_("{written} is {name} ({id})", written=quoted(written), name=person.name, id=person.id)
                found.append(Finding(WARNING, read.path, line, message, article, code=codes.NAME_MATCHED.code))
        elif resolution.ambiguous:
            names = ", ".join(f"{person.name} ({person.id})" for person in resolution.candidates)
            message = M_("{written} fits more than one member: {names}", written=quoted(written), names=names)
            found.append(Finding(ERROR, read.path, line, message, article, code=codes.NAME_AMBIGUOUS.code))
        else:
            message = M_(
                "{written} is no member of the season's registries; Art 2 lets only members play",
                written=quoted(written),
            )
            found.append(Finding(ERROR, read.path, line, message, article, code=codes.NAME_UNKNOWN.code))
    return found


def event_findings(read: ReadEvent) -> list[Finding]:
    """The event's own findings (its sheets: `tournament check`'s), and, for a regional event
    still in play, that its union's race is provisional (TN10). A sheet of an event in play that
    is not handed in or not complete yet is play going on, not an error of the season: a warning
    here (tournament check, which a draw waits on, keeps it an error: TN2)."""
    found = [_in_play(finding) if not read.complete else finding for finding in read.findings]
    if read.event.phase == REGIONAL and not read.complete:
        found.append(
            Finding(
                WARNING,
                read.path,
                read.tournament.rounds_line,
                M_(
                    "{event} is still in play (a round or a sheet to come): {union}'s race is provisional",
                    event=quoted(read.tournament.name),
                    union=read.event.union or "",
                ),
                "TN10",
                code=codes.EVENT_INCOMPLETE.code,
            )
        )
    return found


IN_PLAY_CODES = frozenset({tournament_codes.SHEET_MISSING.code, tournament_codes.SHEET_INCOMPLETE.code})


def _in_play(finding: Finding) -> Finding:
    if finding.code in IN_PLAY_CODES and finding.severity is Severity.ERROR:
        return finding._replace(severity=Severity.WARNING)
    return finding


def two_union_findings(season: Season, roster: Roster) -> list[Finding]:
    """TN9: one person's memberships of two unions that overlap in time: an error in the registry."""
    found = []
    seen: set[str] = set()
    for member in roster.members.values():
        person = roster.person(member.id)
        if person is None or person.id in seen or len({m.union for m in person.members}) < 2:
            continue
        seen.add(person.id)
        overlap = _overlap(person)
        if overlap is not None:
            first, second, day = overlap
            found.append(
                Finding(
                    ERROR,
                    second.source or season.source,
                    second.line,
                    M_(
                        "{name} is a member of {first} ({first_id}) and of {second} ({second_id}) on {day}: "
                        "one union at a time",
                        name=person.name,
                        first=first.union,
                        first_id=first.id,
                        second=second.union,
                        second_id=second.id,
                        day=day.isoformat(),
                    ),
                    season.rules.eligibility_article,
                    player=person.id,
                    code=codes.TWO_UNIONS.code,
                )
            )
    return found


def _overlap(person: Person):
    """The first two members of different unions whose periods share a day, and that day."""
    spans = [(period, member) for member in person.members for period in member.periods]
    for index, (period, member) in enumerate(spans):
        for other, other_member in spans[index + 1 :]:
            if other_member.union == member.union:
                continue
            start = max(period.start, other.start)
            ends = [end for end in (period.end, other.end) if end is not None]
            if not ends or start <= min(ends):
                return member, other_member, start
    return None


def visitor_findings(season: Season, events: list[ReadEvent]) -> list[Finding]:
    """TN9: a player at another union's regional event (its committee's criterion, Art 2)
    counts for no quota there: information."""
    persons = standings_of_persons(season, events)
    found = []
    for read in events:
        if read.event.phase != REGIONAL:
            continue
        for written, person in read.persons.items():
            standing = persons.get(person.id) if person is not None else None
            if person is None or standing is None or standing.union is None or standing.union == read.event.union:
                continue
            found.append(
                Finding(
                    WARNING,
                    read.path,
                    first_line(read, None, written),
                    M_(
                        "{name} ({id}) plays {event} of {union}, but his union for the season is {home}: he "
                        "counts for no quota there",
                        name=person.name,
                        id=person.id,
                        event=quoted(read.tournament.name),
                        union=read.event.union or "",
                        home=standing.union,
                    ),
                    "TN9",
                    player=person.id,
                    code=codes.OTHER_UNION.code,
                )
            )
    return found


def inscription_findings(
    season: Season, roster: Roster, qualification: Qualification, events: list[ReadEvent]
) -> list[Finding]:
    """TN13 (Art 2): a union's inscriptions against its quota, eligibility and computed list."""
    found = []
    for race in qualification.races:
        ids = season.inscriptions.get(race.union)
        if ids is None:
            continue
        line = season.inscription_lines.get(race.union)
        for problem in inscription_problems(season, roster, race, ids):
            found.append(problem._replace(source=season.source, line=line))
    return found


def final_day(season: Season) -> datetime.date | None:
    """The national final's day, when the season names its event."""
    days = [event.date for event in season.events if event.phase != REGIONAL]
    return max(days) if days else None


def inscription_problems(season: Season, roster: Roster, race: Race, ids: tuple[str, ...]) -> list[Finding]:
    """What inscribing `ids` for the race's union would be (TN13): more than its quota, an
    unknown or ineligible player (errors), or one its race did not qualify (a warning: the
    union decides, Art 2)."""
    article = season.rules.inscription_article
    found = []

    def say(severity: Severity, kind, message) -> None:
        found.append(Finding(severity, season.source, None, message, article, code=kind.code))

    if len(ids) > race.seats:
        say(
            ERROR,
            codes.INSCRIBED_OVER,
            M_(
                "{union} inscribes {count} players; its quota is {quota}",
                union=race.union,
                count=len(ids),
                quota=race.seats,
            ),
        )
    rows = {row.id: row for row in race.rows}
    day = final_day(season) or max((event.date for event in season.events), default=season.starts)
    unions = frozenset(season.rules.unions)
    for member_id in ids:
        person = roster.person(member_id)
        if person is None:
            say(ERROR, codes.INSCRIBED_INELIGIBLE, M_("{id} is no member of the season's registries", id=member_id))
            continue
        row = rows.get(person.id)
        if all(member.union != race.union for member in person.members):
            say(
                ERROR,
                codes.INSCRIBED_INELIGIBLE,
                M_(
                    "{union} inscribes {name} ({id}), who is no member of it (TN9)",
                    union=race.union,
                    name=person.name,
                    id=person.id,
                ),
            )
            continue
        lapse = gap(person, season.starts, day, season.rules.since, unions)
        if lapse is not None or (row is not None and row.status is Status.EXCLUDED):
            say(
                ERROR,
                codes.INSCRIBED_INELIGIBLE,
                M_(
                    "{union} inscribes {name} ({id}), who may not play the final (Art 2: a member without "
                    "interruption)",
                    union=race.union,
                    name=person.name,
                    id=person.id,
                ),
            )
        elif row is None or row.status is not Status.QUALIFIED:
            say(
                WARNING,
                codes.INSCRIBED_UNQUALIFIED,
                M_(
                    "{union} inscribes {name} ({id}), whom its race did not qualify ({status}): the union decides",
                    union=race.union,
                    name=person.name,
                    id=person.id,
                    status=STATUS_NAMES[row.status] if row is not None else "-",
                ),
            )
    return found
