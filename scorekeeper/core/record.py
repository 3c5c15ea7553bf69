"""Record, fix and undo entries of a sheet, as a front end asks for them: values as typed (the
command line's words), or hand after hand at prompts. Each change is editing's: under the
writer lock, saved atomically, refused when it brings an error unless forced; what it causes is
told through `say`, as data (sheet/change_reports.py): the front end says it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from scorekeeper.errors import naming
from scorekeeper.i18n import M_
from scorekeeper.sheet import editing
from scorekeeper.sheet.change_reports import Say, say_nothing
from scorekeeper.sheet.results import SheetResult
from scorekeeper.sheet.typed_input import whole


def record(
    path: str,
    hand: str,
    values: Iterable[str],
    *,
    rules_path: str | None = None,
    force: bool = False,
    say: Say = say_nothing,
    again: bool = False,
    **options: object,
) -> None:
    """Append hand `hand` with `values` (and the game's own options) to the sheet at `path`; the
    same hand right after a killed run that saved it is not recorded again unless `again`."""
    editing.record_hand(path, hand, list(values), rules_path=rules_path, force=force, say=say, again=again, **options)


def fix(
    path: str,
    number: str,
    hand: str,
    values: Iterable[str],
    *,
    rules_path: str | None = None,
    force: bool = False,
    say: Say = say_nothing,
    **options: object,
) -> None:
    """Replace entry `number` (as typed: a whole number from 1, as `show` numbers them)."""
    index = naming(path, whole, number, M_("N, the hand to correct"), 1, None)
    editing.fix_hand(path, index, hand, list(values), rules_path=rules_path, force=force, say=say, **options)


def undo(path: str, rules_path: str | None = None, say: Say = say_nothing, again: bool = False) -> None:
    """Remove the last entry; right after an undo that a killed run left (and the journal
    completed), nothing more unless `again`."""
    editing.undo_hand(path, rules_path, say=say, again=again)


def record_interactively(
    path: str,
    rules_path: str | None,
    *,
    ask: Callable[..., str],
    say: Say,
    show: Callable[[SheetResult], None],
) -> None:
    """Ask hand after hand (`ask(prompt, default)`, EOFError or typed_input.Stop to stop) until
    the game is complete or the scorer stops; each hand saved as soon as it is confirmed, then
    `show(result)` of the sheet as it is."""
    editing.record_interactively(path, rules_path, ask=ask, say=say, show=show)
