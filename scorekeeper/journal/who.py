"""Who makes the changes, as the journal records it: the front end says it once per command or
request (the command line and the user; the score pad's link and the client's address), in a
context variable, so that each thread of the score pad has its own."""

from __future__ import annotations

import contextvars

_WHO: contextvars.ContextVar[dict | None] = contextvars.ContextVar("scorekeeper_who", default=None)


def acting_as(who: dict) -> contextvars.Token:
    """Say who makes the changes from here on, in this context; returns the token to reset."""
    return _WHO.set(dict(who))


def command_line(args) -> dict:
    """The command line as typed (`scorekeeper record mesa1.yaml vazas 3 2 1 7`) and the user."""
    import shlex  # lazy: only a command that is run says who ran it, and check never asks

    return {"command": shlex.join(["scorekeeper", *map(str, args)]), "user": _user()}


def who() -> dict:
    found = _WHO.get()
    return found if found is not None else {"command": "scorekeeper", "user": _user()}


def _user() -> str | None:
    import getpass  # lazy: only a change asks who made it

    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return None
