"""What scoring a sheet produces: each hand's points and the sheet's findings and totals."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Union

from scorekeeper.findings import Finding
from scorekeeper.i18n import Joined, Message

# A hand's detail as data: said (`in_words`) where the sheet is shown, in the language of that moment,
# not of the moment it was scored.
Detail = Union[str, Message, Joined]


class HandResult(NamedTuple):
    """One scored hand entry. `points` is None when the hand could not be scored at all."""

    # 1-based position on the sheet; named as tuple's own index() method, which it hides (read as
    # hand.index everywhere, and never called on a HandResult)
    index: int  # type: ignore[assignment]
    line: int
    hand: str  # canonical hand name, or the name as written when it is unknown
    detail: Detail  # e.g. "Ana, positivos, copas", M_("by {team}", team="Nos"): said with in_words
    points: dict[str, int] | None
    expected: int | None  # the control total the hand must add up to
    awarded: dict[str, int] | None = None  # team games: the points each team scores for it

    @property
    def total(self) -> int | None:
        return None if self.points is None else sum(self.points.values())


@dataclass(eq=False, repr=False)  # only __init__ is generated: every `scorekeeper` start defines this class
class SheetResult:
    """A checked sheet: the hands as scored, every finding, and the standing."""

    source: str
    rules: str
    players: list[str]
    hands: list[HandResult]
    findings: list[Finding]
    complete: bool
    meta: dict = field(default_factory=dict)  # event, table, round, date, scorer
    places: dict[str, float] | None = None  # table classification points, when complete
    game: str = ""  # the games.Game name that scored it
    extra: dict = field(default_factory=dict)  # a game's own report keys (winner, teams, ...)
    totals_override: dict[str, int] | None = None  # team games: their own standing

    @property
    def valid(self) -> bool:
        return not any(f.is_error for f in self.findings)

    @property
    def totals(self) -> dict[str, int]:
        if self.totals_override is not None:
            return dict(self.totals_override)
        totals = dict.fromkeys(self.players, 0)
        for hand in self.hands:
            for player, points in (hand.points or {}).items():
                totals[player] += points
        return totals

    def running(self) -> list[dict[str, int]]:
        """Each player's balance after each hand."""
        balance = dict.fromkeys(self.players, 0)
        rows = []
        for hand in self.hands:
            for player, points in (hand.points or {}).items():
                balance[player] += points
            rows.append(dict(balance))
        return rows


def sheet_meta(sheet) -> dict:
    """The header of a sheet (any game) as a report shows it."""
    return {
        "event": sheet.event,
        "table": sheet.table,
        "round": sheet.round,
        "date": sheet.date,
        "scorer": sheet.scorer,
    }
