"""What every score-pad page shares: addresses carrying the link's token and language, the
values every template is given, the table asked for, the game of what is served, the CSRF
check of a posted form, and the pages for a download and a one-line message."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Response, abort, render_template, request

from scorekeeper import i18n
from scorekeeper.core import pad_tables
from scorekeeper.errors import ScorekeeperError
from scorekeeper.serve.per_request import allow, nonce, served, table_or_404, token
from scorekeeper.serve.words import words

LANGUAGE_NAMES = {"en": "English", "pt_PT": "Português (Portugal)", "pt_BR": "Português (Brasil)"}


def link(path: str, lang: str | None = None, **query) -> str:
    """An address of this server carrying the link's token (and the page's language)."""
    given = token()
    params = {**({"token": given} if given else {}), **({"lang": lang} if lang else {}), **query}
    return path + ("?" + urlencode(params) if params else "")


def common(lang: str) -> dict:
    return {
        "w": words(),
        "lang": lang,
        "html_lang": lang.replace("_", "-"),
        "link": link,
        "languages": [(code, name, link(request.path, code)) for code, name in LANGUAGE_NAMES.items()],
    }


def table_for(table_id: str) -> pad_tables.Table:
    allow(table_id)
    return table_or_404(table_id)


def served_game() -> str | None:
    """The game of what is served (a tournament's, else its first table's), or None."""
    try:
        found = served().tables()
    except ScorekeeperError:
        return None
    if found.tournament is not None:
        return found.game
    return game_of(found.tables[0]) if found.tables else None


def game_of(table) -> str | None:
    """The table's game, whose language its pages speak unless asked otherwise (not scored)."""
    return pad_tables.game_name(table)


def check_csrf(scope: str) -> None:
    if not served().access.csrf_ok(request.form.get("csrf"), nonce(), token(), scope):
        abort(403)


def xlsx(data: bytes, name: str) -> Response:
    return Response(
        data,
        mimetype="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        headers={"Content-Disposition": f'attachment; filename="{name}.xlsx"'},
    )


def message_page(status: int, message: str, lang: str):
    with i18n.speaking(lang):
        return render_template("message.html", message=message, back=None, **common(lang)), status
