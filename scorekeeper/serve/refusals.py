"""A refused request's answer (400, 401, 403, 404, 405, 413): one line, as JSON under /api/,
else a page in the language the request asks for, or `--lang`, or the one last served. And what
is served turned unusable while the server runs (a tournament file saved half-edited by hand):
503 with the file's refusal in one line, never a traceback, until it is put right.

A refusal is what a stranger can cause at will, so it costs almost nothing: it takes no lock
and reads no file (never the tournament file to find its game's language, which took seconds
under the server-wide lock with a large tournament: issue 25, point 7), and never the body."""

from __future__ import annotations

from flask import jsonify, render_template, request

from scorekeeper import i18n
from scorekeeper.core.pad_tables import refusal
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.serve.page_common import LANGUAGE_NAMES, link
from scorekeeper.serve.per_request import refusal_language
from scorekeeper.serve.words import words

STATUSES = (400, 401, 403, 404, 405, 413)


def register(app) -> None:
    for status in STATUSES:
        app.register_error_handler(status, refused)
    app.register_error_handler(ScorekeeperError, unusable)


def unusable(error: ScorekeeperError):
    """What is served cannot be read now (the organiser is editing the tournament file by hand,
    a sheet was replaced by something else): the file's refusal, its name only (a reply never
    tells where the server keeps its files), said in the request's language; 503, as the page
    works again once the file is put right."""
    lang = refusal_language()
    with i18n.speaking(lang):
        message = _("What is served cannot be read just now: {refusal}").format(refusal=refusal(error))
        if request.path.startswith("/api/"):
            return jsonify({"error": "unusable", "message": message}), 503
        page = render_template("error.html", status=503, message=message, **_common(lang))
    return page, 503


def refused(error):
    if request.path.startswith("/api/"):
        return jsonify({"error": error.name.lower(), "message": error.description}), error.code
    lang = refusal_language()
    with i18n.speaking(lang):
        page = render_template("error.html", status=error.code, message=status_words(error.code), **_common(lang))
    return page, error.code


_WORDS: dict[str, dict[str, str]] = {}  # the pages' words in each language, said once


def _common(lang: str) -> dict:
    """page_common.common's values, with the pages' words said once per language, not at
    each refusal (a third of its time)."""
    said = _WORDS.get(lang)
    if said is None:
        said = _WORDS[lang] = words()
    return {
        "w": said,
        "lang": lang,
        "html_lang": lang.replace("_", "-"),
        "link": link,
        "languages": [(code, name, link(request.path, code)) for code, name in LANGUAGE_NAMES.items()],
    }


def status_words(status: int) -> str:
    return {
        401: _("This page needs its table's link (its secret token is missing or wrong)."),
        403: _("This link is for another table."),
        404: _("There is no such page or table."),
        413: _("The request is too large."),
        400: _("The request could not be used."),
    }.get(status, _("The request could not be used."))
