"""Record, fix and undo entries of a sheet, as a front end asks for them: values as typed (the
command line's words), or hand after hand at prompts. Each change is editing's: under the
writer lock, saved atomically, refused when it brings an error unless forced; what it causes is
said through `say`, one line at a time."""

from __future__ import annotations

from scorekeeper.errors import naming
from scorekeeper.i18n import _
from scorekeeper.sheet import editing
from scorekeeper.sheet.typed_input import whole


def record(
    path: str, hand: str, values, *, rules_path=None, force: bool = False, say=print, again: bool = False, **options
) -> None:
    """Append hand `hand` with `values` (and the game's own options) to the sheet at `path`; the
    same hand right after a killed run that saved it is not recorded again unless `again`."""
    editing.record_hand(path, hand, list(values), rules_path=rules_path, force=force, say=say, again=again, **options)


def fix(
    path: str, number: str, hand: str, values, *, rules_path=None, force: bool = False, say=print, **options
) -> None:
    """Replace entry `number` (as typed: a whole number from 1, as `show` numbers them)."""
    index = naming(path, whole, number, _("N, the hand to correct"), 1, None)
    editing.fix_hand(path, index, hand, list(values), rules_path=rules_path, force=force, say=say, **options)


def undo(path: str, rules_path=None, say=print, again: bool = False) -> None:
    """Remove the last entry; right after an undo that a killed run left (and the journal
    completed), nothing more unless `again`."""
    editing.undo_hand(path, rules_path, say=say, again=again)


def record_interactively(path: str, rules_path, *, ask, say, show) -> None:
    """Ask hand after hand (`ask(prompt, default)`, EOFError or typed_input.Stop to stop) until
    the game is complete or the scorer stops; each hand saved as soon as it is confirmed, then
    `show(result)` of the sheet as it is."""
    editing.record_interactively(path, rules_path, ask=ask, say=say, show=show)
