"""What every score-pad view asks of the request it serves: the server's PATH and access
(Served), who is asking, the table asked for, the page's language, the session's nonce, the
one lock every core call takes (the language in use is the process's, see i18n), the client's
change id, and who the journal records as making a change (`acting`)."""

from __future__ import annotations

import contextlib
import functools
import secrets
import threading

from flask import abort, current_app, g, jsonify, request, session

from scorekeeper import games, i18n
from scorekeeper.core import tables
from scorekeeper.i18n import N_
from scorekeeper.journal import transaction
from scorekeeper.journal.who import acting_as
from scorekeeper.serve.access import ORGANISER, Access

# Said of a change id that is none (an Idempotency-Key header, a form's hidden field), in the
# request's language straight from its catalog: the refusal takes no lock (see CORE).
BAD_CHANGE_ID = N_("{name}: a change's id is 8 to {most} letters, digits, - and _")

# One core call at a time: i18n's language is the process's, and a page in Portuguese must not
# be said in English by another thread half-way. Each call is short (a sheet read and scored).
CORE = threading.Lock()


class Served:
    """What the server serves: the PATH given (re-read at each request, so a round drawn or a
    sheet recorded by `record` shows at once), who may do what, and the language chosen."""

    def __init__(self, path: str, access: Access, language: str | None):
        self.path, self.access, self.language = path, access, language

    def tables(self) -> tables.Tables:
        return tables.list_tables(self.path)


def served() -> Served:
    return current_app.extensions["scorekeeper"]


def locked(view):
    """Run a view holding CORE (see above)."""

    @functools.wraps(view)
    def run(*args, **kwargs):
        with CORE:
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


def table_or_404(table_id: str) -> tables.Table:
    try:
        return served().tables().get(table_id)
    except tables.UnknownTable:
        abort(404)


def language(game_name: str | None) -> str:
    """The page's language: `?lang=` (the page's switch), else `--lang`, else the game's
    workbook language (issue 19), else English."""
    asked = i18n.canonical(request.args.get("lang", "")[:16]) if request.args.get("lang") else None  # never
    # the body's: an error page for a body too large (413) must not read it
    if asked:
        return asked
    if served().language:
        return served().language
    if game_name:
        try:
            return games.get(game_name).workbook_language
        except KeyError:
            pass
    return i18n.SOURCE


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
                message = i18n.catalog(language(None)).gettext(BAD_CHANGE_ID)
                message = message.format(name=name, most=transaction.MAX_ID)
                if source == "header":
                    return jsonify({"error": "invalid", "message": message}), 400
                return message + "\n", 400, {"Content-Type": "text/plain; charset=utf-8"}
            g.change_id = given or None
            return view(*args, **kwargs)

        return run

    return wrap


@contextlib.contextmanager
def acting(table: tables.Table | None = None):
    """Say, for the changes made inside, who makes them as the journal records it: the link
    used (the organiser's, or the table's by its number as the pad shows it: never its secret)
    and the client's address. Per request: the context variable is set back after it, as the
    thread goes on to serve other requests."""
    who = served().access.who(token())
    if who == ORGANISER or table is None:
        link = "organiser"
    else:
        link = f"table {table.number or table.id}"
    done = acting_as({"link": link, "address": request.remote_addr})
    try:
        yield
    finally:
        done.var.reset(done)
