"""The registration desk (issue 27): before `tournament add` or `substitute`, a name or a member
number gives the member, whether he may play on the event's day (King Art 2, RULINGS TN8) and,
for a team game whose rules ask one associate per pair (Truco Art 1, TN14), whether the pair has
one. Read from the tournament's own registries (`registry:`, `date:`), or from the season whose
event the tournament is. Data only: the pad's organiser page says it."""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass

from scorekeeper.errors import InputValueError
from scorekeeper.i18n import M_
from scorekeeper.members.eligibility import Gap, member_on
from scorekeeper.members.roster import Match, Person
from scorekeeper.rulebook.members_rule import rule_of
from scorekeeper.season.season_events import roster_of
from scorekeeper.season.season_file import load_season
from scorekeeper.tournaments.member_check import Registration, registration
from scorekeeper.tournaments.model import Tournament

MAX_QUERY = 80  # a name or a member number: what a person types at a desk


@dataclass(frozen=True)
class Candidate:
    """A member a name may be: his id and name as his registry writes them."""

    id: str
    name: str


@dataclass(frozen=True)
class Looked:
    """One name or number looked up: the member it is (his person's id and name, his union on the
    day, how the name found him, his gap: None when he may play), or the members it fits (two or
    more: ambiguous), or nobody. `entered`: already a player of the tournament."""

    written: str
    person: Candidate | None = None
    union: str | None = None
    how: Match | None = None
    gap: Gap | None = None
    candidates: tuple[Candidate, ...] = ()
    entered: bool = False

    @property
    def may_play(self) -> bool:
        return self.person is not None and self.gap is None


@dataclass(frozen=True)
class DeskAnswer:
    """What the desk says of one or two names (a player; a pair) on the event's `day`: the
    article of the game's membership rule (None: the game asks none, the registry only names
    people), whether it asks one associate per pair, and for a pair whether it has one."""

    day: datetime.date
    article: str | None
    per_team: bool
    looked: tuple[Looked, ...]

    @property
    def pair_has_associate(self) -> bool | None:
        if not self.per_team or len(self.looked) < 2:
            return None
        return any(look.may_play for look in self.looked)


def desk_registration(tournament: Tournament, season_path: str | None = None) -> Registration | None:
    """The tournament's registration: its own registries, else the season's (its registries, its
    start, its organising unions and this event's day, when the season names the tournament's
    file among its events); None when neither gives one."""
    own = registration(tournament)
    if own is not None or season_path is None:
        return own
    season = load_season(season_path)
    folder = os.path.dirname(os.path.abspath(season.source))
    here = os.path.realpath(tournament.source)
    for event in season.events:
        if os.path.realpath(os.path.join(folder, event.file)) == here:
            return Registration(
                roster_of(season), frozenset(season.rules.unions), event.date, season.starts, rule_of(tournament.rules)
            )
    return None


def look_up(tournament: Tournament, written: list[str], season_path: str | None = None) -> DeskAnswer | None:
    """The desk's answer for `written` (one name or number, or a pair's two), or None when the
    tournament has no registry to read (its file names none, nor a season it is an event of)."""
    read = desk_registration(tournament, season_path)
    if read is None:
        return None
    typed = [text.strip() for text in written if text.strip()]
    for text in typed:
        if len(text) > MAX_QUERY:
            raise InputValueError(M_("a name or member number has at most {most} characters", most=MAX_QUERY))
    rule = read.rule
    players = set(tournament.players) | {name for team in tournament.teams.values() for name in team}
    looked = tuple(_looked(read, text, players) for text in typed[:2])
    return DeskAnswer(read.date, rule.article if rule else None, bool(rule and rule.per_team), looked)


def _looked(read: Registration, text: str, players: set[str]) -> Looked:
    found = read.roster.resolve(text)
    if found.person is None:
        return Looked(text, candidates=tuple(_candidate(person) for person in found.candidates))
    person = found.person
    member = member_on(person, read.date, read.unions)
    entered = bool(players & {text, person.name, *(m.name for m in person.members)})
    return Looked(
        text,
        _candidate(person),
        member.union if member is not None else None,
        found.how,
        read.gap(person),
        entered=entered,
    )


def _candidate(person: Person) -> Candidate:
    return Candidate(person.id, person.name)
