"""Every member of the registries a tournament or a season reads, found by id or by a name as a
table's sheet writes it, and each person whole: the members `same_as` links (a move between
unions) are one person."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.members.name_folding import is_initials_of, words
from scorekeeper.members.registry_model import Member, UnionRegistry
from scorekeeper.sheet.load import collector_held


class Match(enum.Enum):
    """How a written name found its member, from the surest: his member id, the name itself, an alias the
    registry lists, the name folded (accents, case), or its initials."""

    ID = "id"
    NAME = "name"
    ALIAS = "alias"
    FOLDED = "folded"
    INITIALS = "initials"


@dataclass(frozen=True)
class Person:
    """One person: his members in every union (one, or several linked by `same_as`), in the
    order the registries were read. `id` is the first member's id: how he is named across the
    season."""

    members: tuple[Member, ...]

    @property
    def id(self) -> str:
        return self.members[0].id

    @property
    def name(self) -> str:
        return self.members[0].name

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(member.id for member in self.members)


@dataclass(frozen=True)
class Resolution:
    """What a written name is: one person (`person`, found `how`), or none (`candidates` empty:
    no member goes by it), or two or more persons it fits equally well (`candidates`, each
    one's member found that way)."""

    written: str
    person: Person | None
    how: Match | None
    candidates: tuple[Person, ...] = ()

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1


class Roster:
    """The members of some registries, indexed once: by id, name, alias, folded name and
    initials' key (the folded surname and the number of words), so each name is found in
    constant time among 100,000 members."""

    def __init__(self, registries: Iterable[UnionRegistry]) -> None:
        with collector_held():  # indexes of 100,000 members, no cycle among them (sheet/load.py)
            self._build(registries)

    def _build(self, registries: Iterable[UnionRegistry]) -> None:
        self.registries = tuple(registries)
        self.members: dict[str, Member] = {}
        for registry in self.registries:
            for member in registry.members:
                self.members.setdefault(member.id, member)  # a repeated id is registry check's finding
        self._persons = self._link()
        self._by_name: dict[str, list[Member]] = {}
        self._by_alias: dict[str, list[Member]] = {}
        self._by_fold: dict[str, list[Member]] = {}
        self._by_surname: dict[tuple[str, int], list[tuple[tuple[str, ...], Member]]] = {}
        for member in self.members.values():
            self._index(member)

    def _link(self) -> dict[str, Person]:
        """Each member id's person: the members `same_as` joins, either way, in reading order."""
        parent = {member_id: member_id for member_id in self.members}

        def root(member_id: str) -> str:
            while parent[member_id] != member_id:
                parent[member_id] = parent[parent[member_id]]
                member_id = parent[member_id]
            return member_id

        for member in self.members.values():
            if member.same_as is not None and member.same_as in parent:
                first, second = root(member.id), root(member.same_as)
                if first != second:
                    parent[second] = first
        groups: dict[str, list[Member]] = {}
        for member_id, member in self.members.items():
            groups.setdefault(root(member_id), []).append(member)
        persons: dict[str, Person] = {}
        for group in groups.values():
            person = Person(tuple(group))
            for member in group:
                persons[member.id] = person
        return persons

    def _index(self, member: Member) -> None:
        self._by_name.setdefault(member.name, []).append(member)
        for written in (member.name, *member.aliases):
            if written != member.name:
                self._by_alias.setdefault(written, []).append(member)
            folded = words(written)
            self._by_fold.setdefault(" ".join(folded), []).append(member)
            if folded:
                self._by_surname.setdefault((folded[-1], len(folded)), []).append((folded, member))

    def person(self, member_id: str) -> Person | None:
        """The person a member id is, or None when no registry lists it."""
        return self._persons.get(member_id)

    def resolve(self, written: str) -> Resolution:
        """The person a name written in a tournament or a sheet is: by id, then by the surest way
        that finds anyone (name, alias, folded, initials). Two persons found the same way are
        ambiguous: never guessed between."""
        if written in self._persons:
            return Resolution(written, self._persons[written], Match.ID)
        folded = words(written)
        for how, found in (
            (Match.NAME, self._by_name.get(written, ())),
            (Match.ALIAS, self._by_alias.get(written, ())),
            (Match.FOLDED, self._by_fold.get(" ".join(folded), ())),
            (Match.INITIALS, self._initials(folded)),
        ):
            persons = self._distinct(found)
            if len(persons) == 1:
                return Resolution(written, persons[0], how)
            if persons:
                return Resolution(written, None, how, tuple(persons))
        return Resolution(written, None, None)

    def _initials(self, folded: tuple[str, ...]) -> list[Member]:
        if not folded:
            return []
        near = self._by_surname.get((folded[-1], len(folded)), ())
        return [member for full, member in near if is_initials_of(folded, full)]

    def _distinct(self, members: Iterable[Member]) -> list[Person]:
        persons: dict[str, Person] = {}
        for member in members:
            person = self._persons[member.id]
            persons.setdefault(person.id, person)
        return list(persons.values())
