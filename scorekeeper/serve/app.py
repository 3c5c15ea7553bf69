"""The score pad's Flask application: its configuration (bounded bodies, the session cookie,
the Content-Security-Policy) and its routes (pages and api); what each view asks of its request
is in per_request.py."""

from __future__ import annotations

import os
import re

from flask import Flask, abort, request
from flask.json.provider import DefaultJSONProvider

from scorekeeper import games
from scorekeeper.core import pad_tables
from scorekeeper.errors import ScorekeeperError
from scorekeeper.serve import api, link_file, pages, refusals, season_pages, table_pages
from scorekeeper.serve.access import Access
from scorekeeper.serve.per_request import Served

MAX_BODY = 64 * 1024  # an entry is a line of YAML; a form, a few dozen answers
MAX_FORM_PARTS = 2 * pad_tables.MAX_ANSWERS + 20
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
# A Host header is a name or an address, and a port: the links a page shows are made from it.
HOST = re.compile(r"(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,20}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?\Z")


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON, where a body nested deeper than Python's recursion limit (1,000 arrays in
    a 4 KB body) is malformed JSON like any other (a ValueError: the API answers 400) rather
    than a RecursionError, a 500 with a traceback in the log."""

    def loads(self, s, **kwargs):
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("JSON nested too deep") from None


def create_app(
    path: str,
    *,
    with_tokens: bool = False,
    language: str | None = None,
    links: str | None = None,
    season: str | None = None,
) -> Flask:
    """The application serving PATH. `with_tokens` (the server on a network, not the loopback
    address): each table is read and written only with its secret link, everything with the
    organiser's; without, only this machine's own addresses are served. The links' secrets
    are kept in `links` (default: the links file beside PATH, link_file.path_for). `season`: the
    season file whose races the organiser's page shows, and whose registries the desk reads."""
    app = Flask(__name__)
    app.json_provider_class = JSONProvider
    app.json = JSONProvider(app)
    access = Access(with_tokens, links or link_file.path_for(path))
    served = Served(os.fspath(path), access, language, season)
    served.remembered = _game_language(served)
    app.config.update(
        SECRET_KEY=access.secret,
        MAX_CONTENT_LENGTH=MAX_BODY,
        MAX_FORM_MEMORY_SIZE=MAX_BODY,
        MAX_FORM_PARTS=MAX_FORM_PARTS,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        TRUSTED_HOSTS=None if with_tokens else LOOPBACK_HOSTS,
        JSON_SORT_KEYS=False,
    )
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    app.extensions["scorekeeper"] = served

    @app.before_request
    def plain_host():
        if not HOST.match(request.host or ""):
            abort(400)

    @app.after_request
    def headers(response):
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"  # a link's token never leaves in a Referer
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Cache-Control"] = "no-store"
        return response

    refusals.register(app)
    pages.register(app)
    table_pages.register(app)
    api.register(app)
    season_pages.register(app)
    return app


def _game_language(served: Served) -> str | None:
    """The language of the game served (a tournament's, else its first sheet's), read once at
    start, for the refusals until a page is made (per_request.refusal_language)."""
    try:
        found = served.tables()
        if found.game is not None:
            return games.get(found.game).workbook_language
        if found.tables:
            return games.get(pad_tables.load(found.tables[0])[1].game).workbook_language
    except (ScorekeeperError, KeyError):
        pass
    return None
