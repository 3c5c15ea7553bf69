"""A journal time as the person reading it here keeps time.

The journal writes each change's local time with its UTC offset (`store.now`), so a record made
in Lisbon and read in São Paulo (a union's bundle, a journal carried to another machine) is
still one moment. Read back, it is said in this machine's time zone: a Brazilian organiser sees
his own clock, not the one the change was made under, and two changes made in two zones sort as
they happened.
"""

from __future__ import annotations

import datetime


def here(when: str) -> datetime.datetime | None:
    """The journal time `when` (`2026-12-03T15:42:07+00:00`) in this machine's time zone; a time
    written without an offset (hand-made) as written; None when it is not a time."""
    try:
        moment = datetime.datetime.fromisoformat(str(when))
    except ValueError:
        return None
    return moment.astimezone() if moment.tzinfo is not None else moment


def printed(when: str) -> str:
    """`2026-12-03 15:42:07`: the journal time `when` in this machine's time zone, as a worksheet
    prints it (the offset left out, as a reader expects of his own clock); the text as it is when
    it is not a time."""
    moment = here(when)
    return str(when) if moment is None else moment.strftime("%Y-%m-%d %H:%M:%S")
