"""The files this run has saved (sheet.saving.atomic_write notes each one): after a save, output
that cannot be written no longer fails the command (output/terminal.py), as the file is saved."""

from __future__ import annotations

_saved: list[str] = []


def note_saved(path: str) -> None:
    """`path` is saved: what follows is only the report of it."""
    _saved.append(path)


def saved_paths() -> list[str]:
    """Every file saved since the run began, in order."""
    return list(_saved)


def forget_saved() -> None:
    """A new run (the CLI's group starts one) has saved nothing yet."""
    _saved.clear()
