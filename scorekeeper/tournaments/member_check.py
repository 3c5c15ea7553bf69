"""Who may play a tournament that names a registry: every name of the file resolves to one
member, and each is eligible on the event's day as the game's rule file says (`members:`;
King Art 2 and RULINGS TN8: every player a member without interruption; Truco Art 1 and TN14:
at least one associate per pair). The findings `tournament check` adds, and the refusal of a day
change or a draw that brings in a player who may not play."""

from __future__ import annotations

import datetime
import os
import weakref
from dataclasses import dataclass, field

from scorekeeper import games
from scorekeeper.errors import RefusedChange, quoted
from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import M_, N_, Message, Mn_
from scorekeeper.members.eligibility import Gap, gap
from scorekeeper.members.registry_file import load_registry
from scorekeeper.members.roster import Match, Person, Resolution, Roster
from scorekeeper.rulebook.members_rule import MembersRule, rule_of
from scorekeeper.tournaments import finding_codes as codes
from scorekeeper.tournaments.inside_folder import inside, real_folder
from scorekeeper.tournaments.model import Tournament
from scorekeeper.tournaments.tournament_file import TournamentFormatError

# The kinds that keep a player from the tables: a day change or a draw that brings one in is refused.
REFUSING = frozenset(
    kind.code
    for kind in (codes.MEMBER_AMBIGUOUS, codes.MEMBER_TWICE, codes.NOT_MEMBER, codes.MEMBER_GAP, codes.NO_ASSOCIATE)
)
# What is said for information only (a spelling, a pair's non-member): never what makes the
# standings provisional.
INFORMATION = frozenset(kind.code for kind in (codes.MEMBER_SPELLING, codes.MEMBER_NONE))
_FOUND = {
    Match.ALIAS: N_("{name} is member {id}, {member} (an alias the registry lists)"),
    Match.FOLDED: N_("{name} is member {id}, {member} (the same name but for accents, case or spacing)"),
    Match.INITIALS: N_("{name} is member {id}, {member} (by initials)"),
}


class MemberRefused(RefusedChange):
    """A change of the day (or a draw) that would bring in a player who may not play: refused,
    citing the article (King Art 2, Truco Art 1); `findings` holds what it would bring in."""


@dataclass
class Registration:
    """A tournament's registries read and indexed once (the Roster), the organising unions (Art 1:
    those whose registries are named), the event's day, the day membership must run from (TN8:
    the season's start, or the event's day), and the game's membership rule (None: a registry
    only names the players)."""

    roster: Roster
    unions: frozenset[str]
    date: datetime.date
    starts: datetime.date
    rule: MembersRule | None
    _gaps: dict[str, Gap | None] = field(default_factory=dict)

    def gap(self, person: Person) -> Gap | None:
        """The person's first gap that keeps him from the event (TN8), or None: he may play."""
        if person.id not in self._gaps:
            since = self.rule.since if self.rule is not None else "season_start"
            self._gaps[person.id] = gap(person, self.starts, self.date, since, self.unions)
        return self._gaps[person.id]


_READ: weakref.WeakKeyDictionary[Tournament, Registration] = weakref.WeakKeyDictionary()


def registration(tournament: Tournament) -> Registration | None:
    """The tournament's registration, read once per loaded tournament (check, standings and the
    export each ask), or None when the file names no registry. A registry outside the
    tournament's folder (a link leading out) is refused at the `registry:` line; one that is not
    a registry, at its own line (RegistryFormatError)."""
    if not tournament.registry or tournament.date is None:
        return None
    if tournament in _READ:
        return _READ[tournament]
    folder = real_folder(tournament.source)
    registries = []
    for name in tournament.registry:
        path = os.path.join(os.path.dirname(tournament.source), name)
        if not inside(path, folder):
            raise TournamentFormatError(
                M_("registry: {file} is outside the tournament's folder (a link leading out?)", file=quoted(name)),
                tournament.source,
                tournament.registry_line,
            )
        registries.append(load_registry(path))
    read = Registration(
        Roster(registries),
        frozenset(registry.union for registry in registries),
        tournament.date,
        tournament.starts or tournament.date,
        rule_of(tournament.rules),
    )
    _READ[tournament] = read
    return read


# --- the findings ----------------------------------------------------------------------------


def member_findings(tournament: Tournament, read: Registration | None = None) -> list[Finding]:
    """What the registry says of every entrant (players, substitutes and late entries among them,
    or each team's players), in the file's order: a name found by another spelling (a warning:
    information), one that fits two members, no member, or a member with a gap (TN8), and a pair
    with no associate (TN14). Nothing when the file names no registry."""
    read = read or registration(tournament)
    if read is None:
        return []
    return _Checker(tournament, read).findings()


def member_ids(tournament: Tournament, read: Registration | None = None) -> dict[str, str]:
    """Each entrant's member id, for the exports (a name no member goes by, or two, has none);
    empty when the file names no registry."""
    read = read or registration(tournament)
    if read is None:
        return {}
    ids = {}
    for name in [*tournament.players, *(p for team in tournament.teams.values() for p in team)]:
        person = read.roster.resolve(name).person
        if person is not None:
            ids[name] = person.id
    return ids


def pending(findings: list[Finding]) -> list[Finding]:
    """The findings that keep the standings provisional: all but the registry's information."""
    return [finding for finding in findings if finding.is_error or finding.code not in INFORMATION]


def entrant_ids(tournament: Tournament) -> dict[str, str]:
    """What the exports show beside each entrant: a player's member id, or a team's players'
    ids joined (a pair's non-member has none); empty when the file names no registry."""
    ids = member_ids(tournament)
    if not ids or not tournament.teams:
        return ids
    return {team: ", ".join(ids[name] for name in players if name in ids) for team, players in tournament.teams.items()}


class _Checker:
    def __init__(self, tournament: Tournament, read: Registration):
        self.tournament, self.read = tournament, read
        self.rule = read.rule
        self.out: list[Finding] = []
        self.unions = ", ".join(sorted(read.unions))
        self.seen: dict[str, str] = {}  # a person's id -> the first name he was found by

    def add(self, kind: FindingKind, line: int | None, message: Message, severity: Severity, rule: str, name: str):
        self.out.append(Finding(severity, self.tournament.source, line, message, rule, player=name, code=kind.code))

    def findings(self) -> list[Finding]:
        tournament = self.tournament
        if games.get(tournament.rules.game).seating is games.Seating.PLAYERS:
            for name in tournament.players:
                self.player(name, self.rule is not None)
        else:
            for team, players in tournament.teams.items():
                self.team(team, players)
        return self.out

    def line(self, name: str) -> int | None:
        return self.tournament.name_lines.get(name, self.tournament.registry_line)

    def resolved(self, name: str) -> Resolution:
        """The name's member, said when found by another spelling; an error when it fits two."""
        found = self.read.roster.resolve(name)
        line = self.line(name)
        if found.ambiguous:
            self.add(
                codes.MEMBER_AMBIGUOUS,
                line,
                Mn_(
                    "{name} fits {count} member: {members}; write his member id instead",
                    "{name} fits {count} members: {members}; write his member id instead",
                    len(found.candidates),
                    name=quoted(name),
                    count=len(found.candidates),
                    members=", ".join(f"{person.id} {person.name}" for person in found.candidates),
                ),
                Severity.ERROR,
                codes.MEMBER_AMBIGUOUS.rule,
                name,
            )
            return found
        person = found.person
        if person is not None and self.seen.setdefault(person.id, name) != name:
            self.add(
                codes.MEMBER_TWICE,
                line,
                M_(
                    "{name} and {other} are one member, {id} {member}: one person plays once",
                    name=quoted(name),
                    other=quoted(self.seen[person.id]),
                    id=person.id,
                    member=person.name,
                ),
                Severity.ERROR,
                codes.MEMBER_TWICE.rule,
                name,
            )
        if person is not None and found.how in _FOUND:
            self.add(
                codes.MEMBER_SPELLING,
                line,
                M_(_FOUND[found.how], name=quoted(name), id=person.id, member=person.name),
                Severity.WARNING,
                codes.MEMBER_SPELLING.rule,
                name,
            )
        return found

    def player(self, name: str, required: bool) -> None:
        """A player of a players' game: found, and (when the rules ask, Art 2) a member on
        every day TN8 asks for."""
        found = self.resolved(name)
        if found.ambiguous:
            return
        rule, line = self.rule, self.line(name)
        if found.person is None:
            if required and rule is not None:
                self.add(
                    codes.NOT_MEMBER,
                    line,
                    M_(
                        "{name} is no member of the organising unions ({unions}): only their members may play",
                        name=quoted(name),
                        unions=self.unions,
                    ),
                    Severity.ERROR,
                    rule.article,
                    name,
                )
            else:
                self.add(
                    codes.MEMBER_NONE,
                    line,
                    M_(
                        "{name} is no member of the registries ({unions}); the rules ask no membership",
                        name=quoted(name),
                        unions=self.unions,
                    ),
                    Severity.WARNING,
                    codes.MEMBER_NONE.rule,
                    name,
                )
            return
        if required and rule is not None:
            self.gap(name, found.person, rule)

    def gap(self, name: str, person: Person, rule: MembersRule) -> bool:
        """TN8: an error naming the gap's days when the member may not play; whether he may."""
        hole = self.read.gap(person)
        if hole is None:
            return True
        self.add(
            codes.MEMBER_GAP,
            self.line(name),
            _gap_words(name, person, hole, self.read),
            Severity.ERROR,
            rule.article,
            name,
        )
        return False

    def team(self, team: str, players: list[str]) -> None:
        """A team's players: each found; with `each: team` (Truco Art 1, TN14) at least one a
        member eligible on the event's day, the others free to be no member (information)."""
        rule = self.rule
        if rule is None or not rule.per_team:
            for name in players:
                self.player(name, rule is not None)
            return
        found = {name: self.resolved(name) for name in players}
        if any(resolution.ambiguous for resolution in found.values()):
            return  # the spelling is the error to settle first: the pair may hold its associate
        associates = [
            name
            for name, resolution in found.items()
            if resolution.person is not None and self.read.gap(resolution.person) is None
        ]
        if not associates:
            self.add(
                codes.NO_ASSOCIATE,
                self.line(players[0]) if players else None,
                M_(
                    "team {team}: none of {players} is a member of the organising unions ({unions}) eligible on "
                    "{date}: a pair holds at least one associate",
                    team=quoted(team),
                    players=", ".join(players),
                    unions=self.unions,
                    date=self.read.date.isoformat(),
                ),
                Severity.ERROR,
                rule.article,
                team,
            )
            return
        associate = found[associates[0]].person
        assert associate is not None
        for name in players:
            if name not in associates:
                self.add(
                    codes.MEMBER_NONE,
                    self.line(name),
                    M_(
                        "{name} is no associate eligible on {date}; the pair's associate is {id}, {member}",
                        name=quoted(name),
                        date=self.read.date.isoformat(),
                        id=associate.id,
                        member=associate.name,
                    ),
                    Severity.WARNING,
                    rule.article,
                    name,
                )


def _gap_words(name: str, person: Person, hole: Gap, read: Registration) -> Message:
    if hole.first == hole.last:
        return M_(
            "{name} (member {id}) may not play on {date}: a member of no organising union on {first}",
            name=quoted(name),
            id=person.id,
            date=read.date.isoformat(),
            first=hole.first.isoformat(),
        )
    return M_(
        "{name} (member {id}) may not play on {date}: a member of no organising union from {first} to {last}",
        name=quoted(name),
        id=person.id,
        date=read.date.isoformat(),
        first=hole.first.isoformat(),
        last=hole.last.isoformat(),
    )


# --- the refusals ----------------------------------------------------------------------------


def refuse_brought_in(before: Tournament, after: Tournament) -> None:
    """A change of the day (add, substitute, enter, rename, ...) that brings in a player who
    may not play, a name that fits two members, or a pair with no associate, is refused citing
    the article; what was already in the file before it is `tournament check`'s to say."""
    read = registration(after)
    if read is None:
        return
    had = {_key(finding) for finding in member_findings(before, read) if finding.code in REFUSING}
    brought = [f for f in member_findings(after, read) if f.code in REFUSING and _key(f) not in had]
    if brought:
        raise MemberRefused(_refusal(brought), after.source, brought)


def refuse_entrants(tournament: Tournament) -> None:
    """`tournament new` with a registry: every entrant may play, or the file is not written."""
    found = [finding for finding in member_findings(tournament) if finding.code in REFUSING]
    if found:
        raise MemberRefused(_refusal(found), tournament.source, found)


def refuse_drawn(tournament: Tournament, number: int, findings: list[Finding]) -> None:
    """A draw of round `number` that would seat a player who may not play (or a pair with no
    associate) is refused citing the article; he is withdrawn (or replaced) first."""
    if not tournament.registry:
        return
    seated = [
        finding
        for finding in findings
        if finding.code in REFUSING
        and (not tournament.players or finding.player is None or tournament.plays_in(finding.player, number))
    ]
    if seated:
        raise MemberRefused(_refusal(seated), tournament.source, seated)


def _key(finding: Finding) -> tuple[str, str | None]:
    return finding.code, finding.player


def _refusal(findings: list[Finding]) -> Message:
    first, more = findings[0], len(findings) - 1
    if more:
        return Mn_(
            "refused: {finding} [{article}] (and {count} more)",
            "refused: {finding} [{article}] (and {count} more)",
            more,
            finding=first.message,
            article=first.rule,
            count=more,
        )
    return M_("refused: {finding} [{article}]", finding=first.message, article=first.rule)
