"""A tournament as its file holds it: who plays, and each round's tables (players' games) or
matches (team games), byes, absences and penalties. The sheets are the tables' own files;
their results come from scoring them (tournaments.results)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.games import Rules


@dataclass(eq=False)
class Penalty:
    """Points taken from (or given to) a player in the general classification, e.g. a spectator's
    denunciation of a renuncia at another table (King Art 14, TN1: -2.5)."""

    player: str
    points: float
    article: str
    line: int | None = None


@dataclass(eq=False)
class Table:
    """One table of a round of a players' game: its players in seat order (from the draw, or
    from its sheet), its sheet (None while not handed in, or when the table was not played), and
    the players absent from it (King Art 7: the table is not played)."""

    table: int | str
    players: list[str]
    sheet: str | None = None  # as the file writes it: relative to the tournament file
    absent: list[str] = field(default_factory=list)
    line: int | None = None


@dataclass(eq=False)
class Match:
    """One match of a team game: its two teams (from the draw, or from its sheet) and its sheet."""

    teams: list[str]
    sheet: str | None = None
    group: str | None = None
    line: int | None = None


@dataclass(eq=False)
class Round:
    """One round: tables (players' games) or matches (team games), with its stage for team games
    (group, semi, final, negra), the byes, the penalties, and the seed it was drawn with (and the
    steps its draw's search took: the seed and the steps draw it again, TN2)."""

    number: int
    tables: list[Table] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)
    stage: str | None = None
    byes: list[str] = field(default_factory=list)
    without: list[str] = field(default_factory=list)  # an extra round's: those who chose not to play it (Art 23)
    penalties: list[Penalty] = field(default_factory=list)
    disqualified: list[str] = field(default_factory=list)  # teams disqualified in this round (Truco Art 8)
    seed: int | None = None
    search: int | None = None
    line: int | None = None


@dataclass(eq=False)
class Tournament:
    """A championship: its name, its rules, who plays (players, or teams and their groups), and
    its rounds in order."""

    source: str
    name: str
    rules: Rules  # the loaded rules (rules.find)
    rules_ref: str
    players: list[str] = field(default_factory=list)
    teams: dict[str, list[str]] = field(default_factory=dict)
    groups: dict[str, list[str]] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    planned_rounds: int | None = None  # how many rounds the draws plan for (TN2), when the file says
    rounds_line: int | None = None  # where the file says `rounds:` (the file's first line when it does not)
    # TN6, the changes of the day: who is drawn no more from a round on (withdrawn, or replaced by
    # a substitute), who is drawn from a round on (a late entry, Quatrilho Art 5), each
    # substitute's player replaced and first round (King Art 7), and the last round a late entry
    # may be drawn into (Quatrilho Art 5: the first round after lunch), when the file says.
    withdrawn: dict[str, int] = field(default_factory=dict)
    entered: dict[str, int] = field(default_factory=dict)
    substitutes: dict[str, tuple[str, int]] = field(default_factory=dict)
    entries_until: int | None = None
    # Who may play (King Art 2, Truco Art 1; RULINGS TN8, TN14): the registries the file names
    # (`registry:`, as written: relative to the file), the event's day (`date:`) and the season's
    # start (`starts:`; None: the event's day), each key's line, and where each entrant is first
    # written (the findings about a name point there).
    registry: list[str] = field(default_factory=list)
    registry_line: int | None = None
    date: datetime.date | None = None
    date_line: int | None = None
    starts: datetime.date | None = None
    starts_line: int | None = None
    name_lines: dict[str, int] = field(default_factory=dict)

    def plays_in(self, name: str, number: int) -> bool:
        """Whether `name` is drawn in round `number` (TN6): from his entry (or the round he
        substitutes from) until he withdraws (or a substitute takes his seat)."""
        first = self.entered.get(name, self.substitutes[name][1] if name in self.substitutes else 1)
        ends = [self.withdrawn[name]] if name in self.withdrawn else []
        ends += [start for old, start in self.substitutes.values() if old == name]
        return first <= number and all(number < end for end in ends)

    def playing(self, number: int) -> list[str]:
        """The players drawn in round `number`, in the file's order (TN6)."""
        if not (self.withdrawn or self.entered or self.substitutes):
            return list(self.players)
        return [name for name in self.players if self.plays_in(name, number)]


@dataclass(eq=False)
class StandingRow:
    """One row of the standings. `place` is shared by tied rows (1, 2, 2, 4); `tiebreaks` holds
    the numbers each criterion used (e.g. king_points, wins, mocas, game_points, net, won);
    `decided_by` names the criterion that separated this row from the one below it (None for
    the last row, or "tied" when nothing did)."""

    place: int
    name: str
    points: float
    tiebreaks: dict = field(default_factory=dict)
    decided_by: str | None = None
    group: str | None = None
    stage: str | None = None  # team games: the furthest stage the team reached (group, semi, final; TN5)
