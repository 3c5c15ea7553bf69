"""The national final's finalists (King Art 2-3, RULINGS TN13): each union's inscribed, or its
qualified where it inscribed nobody, as `season final` writes them and `season check` compares
the written final with."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.members.roster import Roster
from scorekeeper.season.qualification_model import Qualification, Status
from scorekeeper.season.season_model import Season


@dataclass(frozen=True)
class Finalist:
    union: str
    id: str
    name: str  # as the tournament file writes him
    inscribed: bool


def finalists_of(season: Season, roster: Roster, qualification: Qualification) -> list[Finalist]:
    """Each union's inscribed, or its qualified, by union in the rules' order (TN13)."""
    chosen: list[tuple[str, str, bool]] = []
    for race in qualification.races:
        inscribed = season.inscriptions.get(race.union)
        if inscribed is not None:
            chosen += [(race.union, member_id, True) for member_id in inscribed]
        else:
            chosen += [(race.union, row.id, False) for row in race.rows if row.status is Status.QUALIFIED]
    names = []
    for _union, member_id, _inscribed in chosen:
        person = roster.person(member_id)
        names.append(person.name if person is not None else member_id)
    # Two finalists of one name (of two unions) are told apart by their member ids.
    return [
        Finalist(union, member_id, f"{name} ({member_id})" if names.count(name) > 1 else name, inscribed)
        for (union, member_id, inscribed), name in zip(chosen, names)  # noqa: B905 (py39)
    ]
