"""The one line that says why a file could not be used: a domain error as its `file:line:
message`, an OSError as `file: reason` (the reason in the language in use), and what `check`
says of a sheet that broke something else."""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.errors import RefusalWords, ScorekeeperError, one_line
from scorekeeper.i18n import N_, _, in_words

# The reasons an OSError gives (strerror), as message ids: said in the language in use.
OS_ERRORS = (
    N_("No such file or directory"),
    N_("Permission denied"),
    N_("Is a directory"),
    N_("Not a directory"),
    N_("No space left on device"),
    N_("File exists"),
    N_("Read-only file system"),
    N_("File name too long"),
    N_("Too many levels of symbolic links"),
    N_("Disk quota exceeded"),
)


def reasons_words(reasons: Mapping[str, RefusalWords]) -> dict[str, str]:
    """Each field's refusal of a form (`FormRefused.reasons`, `Checked.reasons`: field name -> a
    Message, "" for the entry as a whole) said in the language in use, as the pad shows it."""
    return {name: in_words(said) for name, said in reasons.items()}


def os_error_line(exc: OSError) -> str:
    """`file: reason` for an OSError that reached a front end (a full disk, a folder we may not write)."""
    where = exc.filename if exc.filename is not None else "scorekeeper"
    return one_line(f"{where}: {_(exc.strerror) if exc.strerror else exc}")


def refusal_line(path: str, exc: Exception) -> str | None:
    """The line for a sheet at `path` that could not be used; None when `exc` is none of the
    expected refusals (a bug: see internal_error_line)."""
    if isinstance(exc, ScorekeeperError):
        return str(exc)
    if isinstance(exc, OSError):
        return os_error_line(exc)
    if isinstance(exc, (MemoryError, RecursionError)):
        return one_line(_("{path}: too large or too deeply nested to check").format(path=path))
    return None


def internal_error_line(path: str, exc: Exception) -> str:
    """What a bug met while reading the sheet at `path` is said as: one line, to report."""
    return one_line(
        _("{path}: internal error, please report it: {error}").format(path=path, error=f"{type(exc).__name__}: {exc}")
    )[:300]
