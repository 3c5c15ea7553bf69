"""What scoring a sheet produces: each hand's points and the sheet's findings and totals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Union

from scorekeeper.findings import Finding
from scorekeeper.i18n import Joined, Message

if TYPE_CHECKING:
    from dataclasses import Field

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


class FieldsWhenAsked:
    """A plain class's dataclass fields, made the first time they are asked for: what
    dataclasses.replace() needs to take an instance of it (`show --format csv` replaces a
    result's hands; king/workbook_read.py an entry's points). The fields are its __init__'s
    parameters, in order; the class stays a plain one, never made a dataclass at start-up."""

    def __get__(self, instance: object, owner: type) -> dict[str, Field[Any]]:
        import dataclasses  # lazy: only replace() asks, never `check`'s path

        code = owner.__init__.__code__  # type: ignore[misc]  # the class's own __init__
        made = dataclasses.make_dataclass(owner.__name__, code.co_varnames[1 : code.co_argcount])
        fields = {each.name: each for each in dataclasses.fields(made)}
        setattr(owner, "__dataclass_fields__", fields)  # noqa: B010 - asked once: the fields stay
        return fields


class ReplaceableByFields:
    """A plain class that dataclasses.replace() takes (FieldsWhenAsked): what SheetResult and
    King's HandEntry share, so neither is made a dataclass at start-up."""

    if TYPE_CHECKING:
        __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    else:
        __dataclass_fields__ = FieldsWhenAsked()


class SheetResult(ReplaceableByFields):
    """A checked sheet: the hands as scored, every finding, and the standing.

    A plain class, not a dataclass: every `scorekeeper` start defines it, and a dataclass's
    making (its fields, its generated __init__ compiled) cost nearly 1% of `check` of one sheet
    (issue 26). dataclasses.replace() still takes it (ReplaceableByFields); compared by identity,
    as it always was (eq=False)."""

    def __init__(
        self,
        source: str,
        rules: str,
        players: list[str],
        hands: list[HandResult],
        findings: list[Finding],
        complete: bool,
        meta: dict | None = None,
        places: dict[str, float] | None = None,
        game: str = "",
        extra: dict | None = None,
        totals_override: dict[str, int] | None = None,
    ):
        self.source, self.rules, self.players, self.hands = source, rules, players, hands
        self.findings, self.complete = findings, complete
        self.meta: dict = {} if meta is None else meta  # event, table, round, date, scorer
        self.places = places  # table classification points, when complete
        self.game = game  # the games.Game name that scored it
        self.extra: dict = {} if extra is None else extra  # a game's own report keys (winner, teams, ...)
        self.totals_override = totals_override  # team games: their own standing

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
