"""What every score-pad view asks of the request it serves: the server's PATH and access
(Served), who is asking, the table asked for, the page's language, the session's nonce, the
table's own lock (`locked`), the client's change id, and who the journal records as making a
change (`acting`).

No lock is shared by the whole server: the language is per request (i18n speaks in a context
variable), a sheet's writers are kept one at a time by its writer lock and its journal, and
each table's requests by that table's lock, taken only after the link was checked: a stranger's
refused request takes no lock and reads no file, and no table waits on another's work."""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import stat
import threading
import weakref
from collections.abc import Callable

from flask import abort, current_app, g, jsonify, request, session

from scorekeeper import games, i18n
from scorekeeper.core import pad_tables
from scorekeeper.i18n import N_
from scorekeeper.journal import transaction
from scorekeeper.journal.who import acting_as
from scorekeeper.serve.access import ORGANISER, Access

# Said of a change id that is none (an Idempotency-Key header, a form's hidden field), in the
# request's language straight from its catalog: the refusal takes no lock and reads no file.
BAD_CHANGE_ID = N_("{name}: a change's id is 8 to {most} letters, digits, - and _")


class Served:
    """What the server serves: the PATH given (looked at again at each request, so a round drawn
    or a sheet recorded by `record` shows at once), who may do what, the language chosen, and the
    language of the last page made from what is served (`remembered`: a refusal speaks it
    without reading anything)."""

    def __init__(self, path: str, access: Access, language: str | None, season: str | None = None):
        self.path, self.access, self.language = path, access, language
        self.season = season  # the season file whose races the organiser's page shows (issue 27)
        self.remembered: str | None = None
        self._listed: tuple[tuple[int, ...], pad_tables.Tables] | None = None

    def tables(self) -> pad_tables.Tables:
        """The tables served, as the PATH holds them now. A tournament file (or a lone sheet) is
        parsed again only when it is another file than the one parsed last: every request asks
        for the tables, and parsing a tournament file costs each of them milliseconds. Another
        file is one of another identity, size or time of change (a draw writes a new file and
        renames it over the old: a new inode). A folder is listed at each request (a sheet
        added shows at once). The Tables given are shared by the requests: read, never changed."""
        try:
            seen = os.stat(self.path)
        except (OSError, ValueError):
            return pad_tables.list_tables(self.path)  # it says what is wrong with PATH
        if not stat.S_ISREG(seen.st_mode):
            return pad_tables.list_tables(self.path)
        key = (seen.st_dev, seen.st_ino, seen.st_size, seen.st_mtime_ns, seen.st_ctime_ns)
        listed = self._listed
        if listed is not None and listed[0] == key:
            return listed[1]
        found = pad_tables.list_tables(self.path)
        self._listed = (key, found)  # one assignment: a thread reads the old pair or the new one
        return found


def served() -> Served:
    return current_app.extensions["scorekeeper"]


class _TableLock:
    """One table's lock (a class of its own: a weak reference can point at it)."""

    __slots__ = ("lock", "__weakref__")

    def __init__(self):
        self.lock = threading.Lock()


# The tables' locks, each alive while a request holds or awaits it: as many as tables in use,
# whatever ids are asked for. _LOCKS_GUARD is held for a dictionary look-up, never for work.
_LOCKS: weakref.WeakValueDictionary[str, _TableLock] = weakref.WeakValueDictionary()
_LOCKS_GUARD = threading.Lock()


def table_lock(table_id: str) -> _TableLock:
    with _LOCKS_GUARD:
        found = _LOCKS.get(table_id)
        if found is None:
            found = _LOCKS[table_id] = _TableLock()
        return found


def locked(view):
    """Run a view of one table (its `table_id`) holding that table's lock, once the link is
    known to open it (else 401/403 at once, no lock taken): one request at a time reads and
    writes a table (a retry sent while its first is still saving finds it saved), and requests
    to other tables go on beside it. A view of no table takes no lock."""

    @functools.wraps(view)
    def run(*args, **kwargs):
        table_id = kwargs.get("table_id")
        if table_id is None:
            return view(*args, **kwargs)
        allow(table_id)
        held = table_lock(table_id)
        with held.lock:
            return view(*args, **kwargs)

    return run


def token() -> str:
    """The link's token: `Authorization: Bearer TOKEN`, else `?token=` (a form's action carries
    it; the body is never read for it, so an error page for a body too large reads no body)."""
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip()
    return request.args.get("token", "")


def allow(table_id: str | None = None) -> str:
    """Who is asking (ORGANISER or a table's id): 401 for a token that is no one's, 403 for a
    table's token asking for another table (or, with `table_id` None, for everything)."""
    who = served().access.who(token())
    if who is None:
        abort(401)
    if who != ORGANISER and who != table_id:
        abort(403)
    return who


def table_or_404(table_id: str) -> pad_tables.Table:
    try:
        return served().tables().get(table_id)
    except pad_tables.UnknownTable:
        abort(404)


def language(game: str | None | Callable[[], str | None]) -> str:
    """The page's language: `?lang=` (the page's switch), else `--lang`, else the game's
    workbook language (issue 19), else English. The game's is remembered for the refusals.
    `game` may be a function that finds it (reading the sheet): called only when neither
    `?lang=` nor `--lang` decides, so that a page in a chosen language reads no sheet for it."""
    asked = asked_language()
    if asked:
        return asked
    chosen = served().language
    if chosen:
        return chosen
    game_name = game() if callable(game) else game
    if game_name:
        try:
            found = games.get(game_name).workbook_language
        except KeyError:
            pass
        else:
            served().remembered = found
            return found
    return i18n.SOURCE


def asked_language() -> str | None:
    """The language the address asks for (`?lang=`; never the body's: an error page for a body
    too large, 413, must not read it), or None."""
    asked = request.args.get("lang")
    return i18n.canonical(asked[:16]) if asked else None


def refusal_language() -> str:
    """A refusal's language, found without reading any file: `?lang=`, else `--lang`, else the
    language of the last page made from what is served, else English."""
    return asked_language() or served().language or served().remembered or i18n.SOURCE


def nonce() -> str:
    """The browser's session nonce, which CSRF tokens are tied to (made on its first page)."""
    value = session.get("nonce")
    if not isinstance(value, str) or not value:
        value = session["nonce"] = secrets.token_urlsafe(16)
    return value


def change_id(source: str):
    """Take the client's change id of a view that changes something, before its lock: from the
    `Idempotency-Key` header (source "header": the API) or the form's `change_id` field
    ("form": the pages), kept in flask.g.change_id (None when none is sent). One that is no id
    is refused at once (400, one line), costing no lock and no read of any sheet."""

    def wrap(view):
        @functools.wraps(view)
        def run(*args, **kwargs):
            name = "Idempotency-Key" if source == "header" else "change_id"
            given = request.headers.get(name) if source == "header" else request.form.get(name)
            given = given.strip() if given else None
            if given and not transaction.valid_id(given):
                # the API's language (as language(None) finds it), or the page's
                said_in = language(None) if source == "header" else refusal_language()
                message = i18n.catalog(said_in).gettext(BAD_CHANGE_ID)
                message = message.format(name=name, most=transaction.MAX_ID)
                if source == "header":
                    return jsonify({"error": "invalid", "message": message}), 400
                return message + "\n", 400, {"Content-Type": "text/plain; charset=utf-8"}
            g.change_id = given or None
            return view(*args, **kwargs)

        return run

    return wrap


@contextlib.contextmanager
def acting(table: pad_tables.Table | None = None):
    """Say, for the changes made inside, who makes them as the journal records it: the link
    used (the organiser's, or the table's by its number as the pad shows it: never its secret)
    and the client's address. Per request: the context variable is set back after it, as the
    thread goes on to serve other requests."""
    who = served().access.who(token())
    link = "organiser" if who == ORGANISER or table is None else f"table {table.number or table.id}"
    done = acting_as({"link": link, "address": request.remote_addr})
    try:
        yield
    finally:
        done.var.reset(done)
