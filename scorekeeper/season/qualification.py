"""Each union's race to the national final (King Art 2, 3, 18; RULINGS TN7-TN12).

A union ranks its players by its method (TN10): by default the sum of their table points (K5)
over all its regional events, ties broken as K5 over all those games together; or the standings
of one event. Both are the game's own standings (`Game.standings`) of one combined tournament:
the method's events' rounds one after another, every name mapped to its person's id. Nothing
here names a game.

What the union's sum holds (TN10, TN12). TN10 sums "table points": what Art 15 gives a table's
places, and also what Art 15 and Art 7 give instead of a table (a bye's 2.5, an absent player's
0 and his table's 2.5 each): those are the points of the rounds a player was in, so they count.
A penalty of Art 14 (a spectator's denunciation, -2.5 "na classificação geral") is taken from
the event's general classification, which is the regional phase's result: it counts in the
union's sum too, as it counts in that event. TN12 says they stay in the event where they
happened: they go no further than the regional phase, and the final starts from zero (its own
tournament file carries no points, byes or penalties: final_file.py).
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from scorekeeper import games
from scorekeeper.errors import quoted
from scorekeeper.findings import Finding, Severity
from scorekeeper.i18n import M_, Mn_
from scorekeeper.members.eligibility import Gap, gap, member_on
from scorekeeper.members.roster import Person
from scorekeeper.season import finding_codes as codes
from scorekeeper.season.qualification_model import Qualification, Race, RaceRow, Status
from scorekeeper.season.season_events import ReadEvent, read_events
from scorekeeper.season.season_model import BY_EVENT, REGIONAL, Season
from scorekeeper.sheet.results import HandResult, SheetResult
from scorekeeper.tournaments.model import Penalty, Round, StandingRow, Table, Tournament
from scorekeeper.tournaments.standings import counted

NO_MEMBER = ""  # the id of a row whose name is no member's (Art 2: he takes no seat)


@dataclass(frozen=True)
class Standing:
    """Where a person stands in the season: his union for it (TN9: the one he belonged to on his
    first event's day; None: of none) and the first gap that keeps him out (TN8), with the event
    it keeps him from."""

    person: Person
    union: str | None
    first: ReadEvent
    gap: Gap | None
    gap_event: ReadEvent | None


def standings_of_persons(season: Season, events: list[ReadEvent]) -> dict[str, Standing]:
    """Every person any event names, by id: his union for the season (TN9) and his eligibility
    at each event he played (TN8), the events in date order."""
    unions = frozenset(season.rules.unions)
    played: dict[str, list[ReadEvent]] = {}
    persons: dict[str, Person] = {}
    for read in sorted(events, key=lambda read: read.event.date):
        for person in read.persons.values():
            if person is not None and read not in played.setdefault(person.id, []):
                played[person.id].append(read)
                persons[person.id] = person
    found = {}
    for person_id, reads in played.items():
        person = persons[person_id]
        home = member_on(person, reads[0].event.date, unions)
        first_gap, where = None, None
        for read in reads:
            first_gap = gap(person, season.starts, read.event.date, season.rules.since, unions)
            if first_gap is not None:
                where = read
                break
        found[person_id] = Standing(person, None if home is None else home.union, reads[0], first_gap, where)
    return found


def qualify(season: Season, as_of: datetime.date | None = None, events: list[ReadEvent] | None = None) -> Qualification:
    """Every union's race (in the rules' order), the final's size and its open seats (TN7), and
    what the races found: who is excluded and why (TN8, TN9), a tie at a last seat (TN10), the
    seats no quota fills (TN7). `events`: read_events' result, when the caller read them."""
    events = read_events(season) if events is None else events
    size, quotas = season.final_seats(as_of)
    persons = standings_of_persons(season, events)
    findings: list[Finding] = []
    races = []
    for union, union_name in season.rules.unions.items():
        race, said = _race(season, union, union_name, quotas.get(union, 0), events, persons, as_of)
        races.append(race)
        findings.extend(said)
    findings.extend(_exclusions(season, persons))
    open_seats = max(size - sum(quotas.values()), 0)
    if open_seats:
        findings.append(open_seats_finding(season, size, sum(quotas.values())))
    return Qualification(tuple(races), size, open_seats, tuple(findings), season.rules.game)


def open_seats_finding(season: Season, size: int, filled: int) -> Finding:
    """TN7: the final takes `size` players, the quotas only `filled`: warned of, citing Art 3,
    until a dated agreement of the unions sets quotas that fill it."""
    return Finding(
        Severity.WARNING,
        season.source,
        None,
        Mn_(
            "the final has {size} seats and the quotas fill {filled}: {count} seat is open until the unions "
            "agree (`season agree`)",
            "the final has {size} seats and the quotas fill {filled}: {count} seats are open until the unions "
            "agree (`season agree`)",
            size - filled,
            size=size,
            filled=filled,
            count=size - filled,
        ),
        season.rules.final_article,
        code=codes.OPEN_SEATS.code,
    )


def race_events(season: Season, union: str, events: list[ReadEvent]) -> list[ReadEvent]:
    """The events a union's method ranks its players by (TN10): its regional events, or the one
    event its method names."""
    method = season.rules.method_of(union)
    if method.kind == BY_EVENT:
        return [read for read in events if read.event.file == method.event]
    return [read for read in events if read.event.phase == REGIONAL and read.event.union == union]


def _race(season, union, union_name, quota, events, persons, as_of) -> tuple[Race, list[Finding]]:
    chosen = race_events(season, union, events)
    provisional = not chosen or not all(read.complete for read in chosen)
    rows = combined_standings(season, chosen) if chosen else []
    played = _played(chosen)
    ranked = [_ranked(row, played, persons, union) for row in rows]
    statuses, findings = _seats(season, union, quota, ranked, as_of, chosen)
    # Rows that share a place stay at it; a seat given within it (Art 18, TN10) is listed first,
    # so the cut line falls between the seated and the reserves of the tie.
    order = sorted(range(len(ranked)), key=lambda i: (ranked[i].row.place, statuses[i][0] is not Status.QUALIFIED))
    ranked, statuses = [ranked[i] for i in order], [statuses[i] for i in order]
    race_rows = tuple(
        RaceRow(
            union=union,
            place=row.place,
            id=person_id,
            name=name,
            points=row.points,
            status=status,
            article=article,
            decided_by=row.decided_by,
            tiebreaks=dict(row.tiebreaks),
            events=count,
        )
        for (row, person_id, name, _eligible, count), (status, article) in zip(ranked, statuses)  # noqa: B905 (py39)
    )
    inscribed = tuple(season.inscriptions.get(union, ()))
    return Race(union, union_name, quota, race_rows, provisional, inscribed), findings


class Ranked(NamedTuple):
    """One row of the combined standings, read for the race: the member's id (NO_MEMBER for a
    name that is no member's), his name as the registry writes it, whether he may take a seat of
    this union (TN8, TN9), and how many of the race's events he played."""

    row: StandingRow
    id: str
    name: str
    eligible: bool
    events: int


def _ranked(row: StandingRow, played: Counter, persons: dict[str, Standing], union: str) -> Ranked:
    if row.name.startswith("\0"):
        return Ranked(row, NO_MEMBER, row.name[1:], False, played[row.name])
    standing = persons.get(row.name)
    person = standing.person if standing is not None else None
    name = person.name if person is not None else row.name
    eligible = standing is not None and standing.gap is None and standing.union == union
    return Ranked(row, row.name, name, eligible, played[row.name])


def _played(chosen: list[ReadEvent]) -> Counter:
    """How many of the chosen events each key (a person's id, or "\\0" and a name) played."""
    played: Counter = Counter()
    for read in chosen:
        played.update({person.id if person is not None else "\0" + name for name, person in read.persons.items()})
    return played


def _seats(season: Season, union: str, quota: int, ranked: list[Ranked], as_of, chosen) -> tuple[list, list[Finding]]:
    """Each row's (status, article): the first `quota` eligible rows qualify (Art 3), the
    ineligible are excluded (Art 2, TN8, TN9, TN11), a tie across the last seat is TIED until a
    dated decision (Art 18, TN10) gives the seat; the rest are reserves."""
    rules = season.rules
    eligible = [index for index, item in enumerate(ranked) if item.eligible]
    statuses: list[tuple[Status, str | None]] = [
        (Status.RESERVE, rules.final_article) if item.eligible else (Status.EXCLUDED, rules.eligibility_article)
        for item in ranked
    ]
    findings: list[Finding] = []
    tied_group: list[int] = []
    if quota > 0 and len(eligible) > quota:
        last_place = ranked[eligible[quota - 1]].row.place
        if ranked[eligible[quota]].row.place == last_place:
            tied_group = [index for index in eligible if ranked[index].row.place == last_place]
    for index in eligible[: max(quota, 0)]:
        if index not in tied_group:
            statuses[index] = (Status.QUALIFIED, rules.final_article)
    if tied_group:
        left = quota - sum(1 for index in eligible[:quota] if index not in tied_group)
        findings.extend(_tie(season, union, ranked, tied_group, left, statuses, as_of, chosen))
    if 0 < len(eligible) < quota or (quota > 0 and not eligible and chosen):
        findings.append(_seats_unfilled(season, union, quota, len(eligible)))
    tied_ids = {ranked[index].id for index in tied_group}
    for decision in decisions_of(season, union, as_of):
        if decision.seat not in tied_ids:
            findings.append(decision_not_tied(season, decision))
    return statuses, findings


def decision_not_tied(season: Season, decision) -> Finding:
    """TN10: a decision (Art 18) settles a tie at the last seat; one naming no tied member is an error."""
    return Finding(
        Severity.ERROR,
        season.source,
        decision.line,
        M_(
            "the decision of {day} gives {union}'s seat to {id}, who is not tied at its last seat",
            day=decision.date.isoformat(),
            union=decision.union,
            id=decision.seat,
        ),
        decision.article,
        player=decision.seat,
        code=codes.DECISION_NOT_TIED.code,
    )


def _seats_unfilled(season: Season, union: str, quota: int, seated: int) -> Finding:
    """Art 3: a union's quota (the rules', or an agreement's) larger than the members its race may
    seat leaves seats empty: the final would be short of its players, said before it is written."""
    return Finding(
        Severity.WARNING,
        season.source,
        None,
        Mn_(
            "{union}'s quota is {quota} but its race can seat only {seated}: {count} seat stays empty",
            "{union}'s quota is {quota} but its race can seat only {seated}: {count} seats stay empty",
            quota - seated,
            union=union,
            quota=quota,
            seated=seated,
            count=quota - seated,
        ),
        season.rules.final_article,
        code=codes.SEATS_UNFILLED.code,
    )


def _tie(season, union, ranked, group, left, statuses, as_of, chosen) -> list[Finding]:
    """TN10: the tied rows take `left` seats only by the committee's dated decisions (Art 18);
    never drawn. Decided: the decided qualify, the others of the tie are reserves."""
    rules = season.rules
    ids = {ranked[index].id: index for index in group}
    decided: list[int] = []
    for decision in decisions_of(season, union, as_of):
        if decision.seat in ids and ids[decision.seat] not in decided and len(decided) < left:
            decided.append(ids[decision.seat])
            statuses[ids[decision.seat]] = (Status.QUALIFIED, decision.article)
    if len(decided) >= left:
        for index in group:
            if index not in decided:
                statuses[index] = (Status.RESERVE, rules.final_article)
        return []
    for index in group:
        if index not in decided:
            statuses[index] = (Status.TIED, rules.decision_article)
    names = ", ".join(f"{ranked[index].name} ({ranked[index].id})" for index in group if index not in decided)
    source = chosen[-1].path if chosen else season.source
    return [
        Finding(
            Severity.WARNING,
            source,
            None,
            Mn_(
                "{union}: {names} tie for its last seat (place {place}); the organising committee decides "
                "(`season decide`): scorekeeper draws no one",
                "{union}: {names} tie for its last {count} seats (place {place}); the organising committee "
                "decides (`season decide`): scorekeeper draws no one",
                left - len(decided),
                union=union,
                names=names,
                place=ranked[group[0]].row.place,
                count=left - len(decided),
            ),
            rules.decision_article,
            code=codes.TIED_SEAT.code,
        )
    ]


def decisions_of(season: Season, union: str, as_of: datetime.date | None) -> list:
    """The union's decisions (Art 18) dated on or before `as_of`, in date order."""
    dated = [d for d in season.decisions if d.union == union and (as_of is None or d.date <= as_of)]
    return sorted(dated, key=lambda decision: decision.date)


def _exclusions(season: Season, persons: dict[str, Standing]) -> list[Finding]:
    """TN8: each person with a gap, at the event it keeps him from, naming the gap (Art 2). A
    person of no organising union on his first event's day has a gap there too: the same finding."""
    return [
        not_eligible_finding(season, standing.person, standing.gap_event, standing.gap)
        for standing in persons.values()
        if standing.gap is not None and standing.gap_event is not None
    ]


def not_eligible_finding(season: Season, person: Person, read: ReadEvent, found: Gap) -> Finding:
    """TN8 (Art 2: "sem interrupção"): the event, the gap's days, the article."""
    days = (found.last - found.first).days + 1
    return Finding(
        Severity.ERROR,
        read.path,
        first_line(read, person),
        Mn_(
            "{name} ({id}) may not play {event} on {day}: a member of no organising union from {first} to "
            "{last} ({days} day); Art 2 asks for membership without interruption",
            "{name} ({id}) may not play {event} on {day}: a member of no organising union from {first} to "
            "{last} ({days} days); Art 2 asks for membership without interruption",
            days,
            name=person.name,
            id=person.id,
            event=quoted(read.tournament.name),
            day=read.event.date.isoformat(),
            first=found.first.isoformat(),
            last=found.last.isoformat(),
            days=days,
        ),
        season.rules.eligibility_article,
        player=person.id,
        code=codes.NOT_ELIGIBLE.code,
    )


def first_line(read: ReadEvent, person: Person | None, written: str | None = None) -> int | None:
    """The line of the event's tournament file where the person (or the written name) first
    plays: his first table, else his first round."""
    names = {written} if written is not None else {n for n, p in read.persons.items() if p is person}
    for round_ in read.tournament.rounds:
        for table in round_.tables:
            if names & set(table.players) or names & set(table.absent):
                return table.line
        if names & set(round_.byes) or names & {penalty.player for penalty in round_.penalties}:
            return round_.line
    return read.tournament.rounds_line


# --- the combined tournament ------------------------------------------------------------------


def combined_standings(season: Season, chosen: list[ReadEvent]) -> list[StandingRow]:
    """The game's own standings of the chosen events as one tournament (TN10): their rounds one
    after another, every name its person's id ("\\0" and the name as written: no member)."""
    tournament, results = combined(season, chosen)
    return games.get(season.rules.game).standings(tournament, results)


def combined(season: Season, chosen: list[ReadEvent]) -> tuple[Tournament, dict[str, SheetResult]]:
    first = chosen[0].tournament
    players: dict[str, None] = {}
    rounds: list[Round] = []
    results: dict[str, SheetResult] = {}
    for number, read in enumerate(chosen):
        key = _keys(read)
        players.update(dict.fromkeys(key(name) for name in read.tournament.players))
        for sheet, result in counted(read.checked).items():
            results[f"{number}\0{sheet}"] = _mapped(result, key)
        for round_ in read.tournament.rounds:
            rounds.append(_round(round_, len(rounds) + 1, number, key))
    tournament = Tournament(
        source=season.source,
        name=season.name,
        rules=first.rules,
        rules_ref=first.rules_ref,
        players=list(players),
        rounds=rounds,
    )
    return tournament, results


def _keys(read: ReadEvent):
    """A name's key in the combined tournament (its person's id, or "\0" and the name), each
    name's worked out once an event: a union's race maps some 130,000 names of hands."""
    known: dict[str, str] = {}

    def key(name: str) -> str:
        found = known.get(name)
        if found is None:
            person = read.persons.get(name)
            found = known[name] = person.id if person is not None else "\0" + name
        return found

    return key


def _names(names: Iterable[str], key) -> list[str]:
    return [key(name) for name in names]


def _round(round_: Round, number: int, event: int, key) -> Round:
    return Round(
        number=number,
        tables=[
            Table(
                table=table.table,
                players=_names(table.players, key),
                sheet=None if table.sheet is None else f"{event}\0{table.sheet}",
                absent=_names(table.absent, key),
                line=table.line,
            )
            for table in round_.tables
        ],
        byes=_names(round_.byes, key),
        penalties=[Penalty(key(p.player), p.points, p.article, p.line) for p in round_.penalties],
        line=round_.line,
    )


def _mapped(result: SheetResult, key) -> SheetResult:
    """A sheet's result with its players' names as their keys (its points and places as scored)."""
    return SheetResult(
        source=result.source,
        rules=result.rules,
        players=_names(result.players, key),
        hands=[
            hand if hand.points is None else _with_points(hand, {key(n): v for n, v in hand.points.items()})
            for hand in result.hands
        ],
        findings=[],
        complete=result.complete,
        meta=result.meta,
        places=None if result.places is None else {key(n): v for n, v in result.places.items()},
        game=result.game,
        extra=result.extra,
        totals_override=None
        if result.totals_override is None
        else {key(n): v for n, v in result.totals_override.items()},
    )


_POINTS = HandResult._fields.index("points")


def _with_points(hand: HandResult, points: dict[str, int]) -> HandResult:
    """`hand._replace(points=points)`, made without _replace's keyword handling (a race maps
    every hand of its events' sheets)."""
    fields = list(hand)
    fields[_POINTS] = points
    return type(hand)._make(fields)
