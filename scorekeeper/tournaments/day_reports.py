"""What a change of a championship's day did (tournaments.day_changes), as data: the kind of
change and its values, what the journal did first, or the record of the same change made just
before. output.tournament_text says it, in the language of its call. Light: the front ends read
these without loading the changes' code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from scorekeeper.journal.news import JournalNews

if TYPE_CHECKING:
    from scorekeeper.journal.store import Record


# --- what each change did, as data (output.tournament_text says it) ---------------------------


@dataclass(frozen=True)
class RoundUndone:
    """`undo`: the rounds taken out of the file `path`, how many empty sheets went, each sheet
    with entries kept aside (as the file names it, and kept as), and each sheet written meanwhile
    that was left as it is (its file name)."""

    numbers: tuple[int, ...]
    path: str
    removed: int
    kept: tuple[tuple[str, str], ...] = ()
    left: tuple[str, ...] = ()


@dataclass(frozen=True)
class Penalised:
    """`penalty`: written into `path`, on round `number`, `points` to `name` under `article`."""

    path: str
    number: int
    name: str
    points: float
    article: str


@dataclass(frozen=True)
class MarkedAbsent:
    """`absent`: `name` absent at round `number`'s table `table` (the game's `article`); its sheet
    `sheet`, out of the file, kept as `kept` (the file name) when there was one."""

    name: str
    number: int
    table: int | str
    article: str
    sheet: str | None = None
    kept: str | None = None


@dataclass(frozen=True)
class Substituted:
    """`substitute`: `new` plays for `old` from round `number` in `path`; `tables` not played yet
    seat him."""

    new: str
    old: str
    number: int
    path: str
    tables: int


@dataclass(frozen=True)
class Withdrawn:
    """`withdraw`: `name` drawn no more from round `number` in `path`."""

    name: str
    path: str
    number: int


@dataclass(frozen=True)
class Entered:
    """`add`: `name` drawn from round `number` in `path`. `unbounded`: the article that closes late
    entries when the file does not say at which round (Quatrilho Art 5), a warning."""

    name: str
    path: str
    number: int
    unbounded: str | None = None


@dataclass(frozen=True)
class Renamed:
    """`rename`: `old` is `new` in `path` and in `sheets` sheets."""

    old: str
    new: str
    path: str
    sheets: int


Done = Union[RoundUndone, Penalised, MarkedAbsent, Substituted, Withdrawn, Entered, Renamed]


@dataclass(frozen=True)
class DayChange:
    """What a change did, as data for the organiser's front end: what the journal did first
    (`journal`), then the change `done`, or `repeat`, the journal's record of the same change
    made just before (a retry after a kill: nothing done again)."""

    journal: JournalNews
    done: Done | None = None
    repeat: Record | None = None
