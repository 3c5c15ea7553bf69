"""Each union's race to the final as data (King Art 3; RULINGS TN7, TN10, TN11, TN13): its
ranked members, the cut line, each one's status and the article behind it. `season standings`,
`season qualify`, the season's workbook, the organiser's page and a bundle's news all show it."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from scorekeeper.findings import Finding
from scorekeeper.i18n import M_


class Status(enum.Enum):
    """Where a member stands in his union's race (the JSON's `status`)."""

    QUALIFIED = "qualified"  # above the cut line (Art 3)
    RESERVE = "reserve"  # below it, eligible: next in if a seat frees (TN11, TN13)
    EXCLUDED = "excluded"  # ranked by his points but not eligible (TN8), or counted by another union (TN9)
    TIED = "tied"  # tied across the last seat and not decided yet: the committee decides (TN10, Art 18)


# A status as a message names it (said in the caller's language at the edge; the same words as
# output.season_text's column).
STATUS_NAMES = {
    Status.QUALIFIED: M_("qualified"),
    Status.RESERVE: M_("reserve"),
    Status.EXCLUDED: M_("excluded"),
    Status.TIED: M_("tied"),
}


@dataclass(frozen=True)
class RaceRow:
    """One member in his union's race: his place (shared by a tie), his person id and name, his
    points (TN10: the sum of his table points over the union's regional events), the numbers each
    tie-break used (K5's, as tournaments.model.StandingRow.tiebreaks), the criterion that
    separated him from the row below (None for the last, "tied" when nothing did), his status
    and the article behind it (None when nothing needs one), and the events he played."""

    union: str
    place: int
    id: str
    name: str
    points: float
    status: Status
    article: str | None = None
    decided_by: str | None = None
    tiebreaks: Mapping[str, float] = field(default_factory=dict)
    events: int = 0


@dataclass(frozen=True)
class Race:
    """One union's race: its seats in the final (its quota, TN7), its rows best first, whether it
    is provisional (a regional event still in play), and its inscriptions when it made some."""

    union: str
    name: str
    seats: int
    rows: tuple[RaceRow, ...]
    provisional: bool
    inscribed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Qualification:
    """Every union's race, the final's size and the seats no quota fills (TN7: warned of until an
    agreement fills them), and what checking the season found on the way."""

    races: tuple[Race, ...]
    size: int
    open_seats: int
    findings: tuple[Finding, ...] = ()
    game: str = ""  # the game its events are (games.get): the words of its tie-breaks

    def rows(self) -> list[RaceRow]:
        return [row for race in self.races for row in race.rows]
