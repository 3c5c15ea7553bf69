"""A union's registry as its file holds it: its members, each with his names and his dated
periods of membership (King Art 2: "sindicalizados ... sem interrupção")."""

from __future__ import annotations

import datetime
from dataclasses import dataclass


@dataclass(frozen=True)
class Period:
    """One period of membership, both days included; `end` None: a member still."""

    start: datetime.date
    end: datetime.date | None = None
    line: int | None = None

    def covers(self, day: datetime.date) -> bool:
        return self.start <= day and (self.end is None or day <= self.end)


@dataclass(frozen=True)
class Member:
    """One member of one union: his id (unique across the registries a season reads), his name
    as the union writes it, other spellings he goes by, the id of the same person in another
    union's registry when he moved between unions (`same_as`), and his periods, in order."""

    id: str
    name: str
    union: str
    aliases: tuple[str, ...] = ()
    same_as: str | None = None
    periods: tuple[Period, ...] = ()
    source: str | None = None
    line: int | None = None

    def member_on(self, day: datetime.date) -> bool:
        return any(period.covers(day) for period in self.periods)


@dataclass(frozen=True)
class UnionRegistry:
    """One organiser's registry (`registry/UNION.yaml`): the union's id, its name, its members."""

    union: str
    name: str
    members: tuple[Member, ...]
    source: str
