"""Who makes the changes, as the journal records it: the front end says it once per command or
request (the command line and the user; the score pad's link and the client's address), in a
context variable, so that each thread of the score pad has its own."""

from __future__ import annotations

import contextvars

_WHO: contextvars.ContextVar[dict | None] = contextvars.ContextVar("scorekeeper_who", default=None)


def acting_as(who: dict) -> contextvars.Token:
    """Say who makes the changes from here on, in this context; returns the token to reset."""
    return _WHO.set(dict(who))


def acting_as_command(args) -> contextvars.Token:
    """Say that the command line `args` makes the changes from here on: kept as typed, and said
    (quoted, with the user) only when a change asks, so that `check` pays nothing for it."""
    return _WHO.set({"args": tuple(map(str, args))})


def command_line(args) -> dict:
    """The command line as typed (`scorekeeper record mesa1.yaml vazas 3 2 1 7`) and the user."""
    import shlex  # lazy: only a change asks who made it, and check never does

    return {"command": shlex.join(["scorekeeper", *map(str, args)]), "user": _user()}


def who() -> dict:
    found = _WHO.get()
    if found is None:
        return {"command": "scorekeeper", "user": _user()}
    if "args" in found:
        return command_line(found["args"])
    return found


def _user() -> str | None:
    import getpass  # lazy: only a change asks who made it

    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return None
