"""A season as its files hold it: its rules (a season rule file in rules/), and the season file
an organiser writes: the registries, the events of each phase, the unions' agreements, the
committee's decisions and each union's inscriptions (King Art 1-3; RULINGS TN7-TN13)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field

REGIONAL = "regional"  # Art 2: 1.ª Fase, each union's own events
NACIONAL = "nacional"  # Art 2: 2.ª Fase, the Final Nacional of the three unions
PHASES = (REGIONAL, NACIONAL)

BY_POINTS = "points"  # TN10: the sum of table points over the union's regional events, ties as K5
BY_EVENT = "event"  # TN10: a union's method may be the standings of one of its events
METHODS = (BY_POINTS, BY_EVENT)


@dataclass(frozen=True)
class Method:
    """How a union ranks its players for the final (Art 3, TN10): by points over its regional
    events, or by the standings of one event (`event`: its file as the season file names it)."""

    kind: str = BY_POINTS
    article: str = "Art 3"
    event: str | None = None


@dataclass(frozen=True)
class SeasonRules:
    """A season rule file (rules/season-*.yaml): the game its events are, the organising unions
    (Art 1), TN8's reading and its article, the final's size and quotas (Art 3, TN7), each
    union's qualification method (TN10), and the articles of inscriptions (TN13) and of the
    committee's decisions (Art 18)."""

    name: str
    title: str
    game: str
    unions: Mapping[str, str]  # id: the union's name
    since: str
    eligibility_article: str
    final_size: int
    quotas: Mapping[str, int]
    final_article: str
    method: Method
    methods: Mapping[str, Method]  # a union's own, when its rules name one
    inscription_article: str
    decision_article: str
    source: str

    def method_of(self, union: str) -> Method:
        return self.methods.get(union, self.method)


@dataclass(frozen=True)
class Event:
    """One event of the season: its tournament file (as the season file writes it, relative to
    the season file's folder), its phase, the union that runs it (regional events) and its day."""

    file: str
    phase: str
    union: str | None
    date: datetime.date
    line: int | None = None


@dataclass(frozen=True)
class Agreement:
    """The unions' dated agreement on the final (Art 3: "desde que haja acordo dos Sindicatos",
    TN7): its size and the quotas, which must add up to it."""

    date: datetime.date
    size: int
    quotas: Mapping[str, int]
    line: int | None = None


@dataclass(frozen=True)
class Decision:
    """The organising committee's dated decision of a tie at a union's last seat (TN10, Art 18):
    the member it gives the seat to."""

    date: datetime.date
    union: str
    seat: str
    article: str
    line: int | None = None


@dataclass(frozen=True)
class Season:
    """The season file, read: its name, its rules (loaded) and where it names them, its start
    (TN8), its registries and events (paths as written, relative to the season file's folder),
    agreements, decisions and inscriptions (union: member ids, in the union's order)."""

    source: str
    name: str
    rules: SeasonRules
    rules_ref: str
    starts: datetime.date
    registries: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    agreements: tuple[Agreement, ...] = ()
    decisions: tuple[Decision, ...] = ()
    inscriptions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    inscription_lines: Mapping[str, int] = field(default_factory=dict)

    def agreement(self, as_of: datetime.date | None = None) -> Agreement | None:
        """The latest agreement (on or before `as_of` when given): it sets the final (TN7)."""
        dated = [agreement for agreement in self.agreements if as_of is None or agreement.date <= as_of]
        return max(dated, key=lambda agreement: agreement.date) if dated else None

    def final_seats(self, as_of: datetime.date | None = None) -> tuple[int, Mapping[str, int]]:
        """The final's size and each union's quota (TN7): the latest agreement's, else the rules'."""
        agreed = self.agreement(as_of)
        if agreed is not None:
            return agreed.size, agreed.quotas
        return self.rules.final_size, self.rules.quotas
