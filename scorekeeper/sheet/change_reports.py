"""What a change of a sheet (sheet/editing.py: record, fix, undo, the prompts) tells its front
end as it goes, as data: the front end says it in its own words and language (the command
line through output/editing_text.py, the score pad through the same or its own).

A change tells, through its `say`, these and nothing else: a text or Message made by a game's
prompts (its edge), what the journal did first (JournalNews), a change it did not make again
(Repeated), the entry saved (Saved) or removed (Removed), and the prompts left (Stopped)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Callable, NamedTuple, Union

from scorekeeper.findings import Finding
from scorekeeper.i18n import Message
from scorekeeper.journal.news import JournalNews
from scorekeeper.journal.store import Record
from scorekeeper.sheet.results import SheetResult


class Repeated(NamedTuple):
    """The change asked for was made before (a retry after a kill, a form sent twice): the
    journal's record of it; nothing was changed now."""

    record: Record


class Saved(NamedTuple):
    """An entry saved: its place (`number`, 1-based), the sheet's result with it (the entry's
    points, the totals, the game complete and its winner) and the findings it must answer for."""

    result: SheetResult
    number: int
    found: Sequence[Finding]


class Removed(NamedTuple):
    """The last entry removed (`undo`): its game, place and line, and its kind as the sheet
    writes it (None for an entry with no name of its own, a Quatrilho deal)."""

    game: str
    number: int
    kind: str | None
    line: int


class Stopped(NamedTuple):
    """The scorer left the prompts before the game was complete; every entry confirmed is saved."""

    game: str


Said = Union[str, Message, JournalNews, Repeated, Saved, Removed, Stopped]
Say = Callable[[Said], None]


def say_nothing(_said: Said) -> None:
    """A change's `say` when its caller listens to nothing (the changes are saved all the same)."""
