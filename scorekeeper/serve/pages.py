"""The score pad's pages: a table's (its sheet as `show` gives it, and the form of its next
entry, asked by the game's own prompts), the organiser's (every table's state, link and code,
the standings, the downloads, the next draw) and the printable page of codes. Forms are
posted and pages rendered again: nothing needs JavaScript."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Response, abort, g, jsonify, render_template, request

from scorekeeper import games, i18n
from scorekeeper.core import tables
from scorekeeper.errors import ScorekeeperError, StaleSheet
from scorekeeper.i18n import _
from scorekeeper.journal import transaction
from scorekeeper.output.sheet_text import format_totals
from scorekeeper.output.table_layout import DETAIL
from scorekeeper.serve.access import ORGANISER
from scorekeeper.serve.downloads import boletim, championship_workbook
from scorekeeper.serve.organiser import organiser_view
from scorekeeper.serve.qr import svg
from scorekeeper.serve.requests import (
    acting,
    allow,
    change_id,
    language,
    locked,
    nonce,
    served,
    table_or_404,
    token,
)
from scorekeeper.serve.words import already_words, change_words, findings_count, round_words, state_words, words

LANGUAGE_NAMES = {"en": "English", "pt_PT": "Português (Portugal)", "pt_BR": "Português (Brasil)"}
LAST_CHANGES = 3  # a table's page shows its last changes: one's own saved entry among them after Back


def link(path: str, lang: str | None = None, **query) -> str:
    """An address of this server carrying the link's token (and the page's language)."""
    given = token()
    params = {**({"token": given} if given else {}), **({"lang": lang} if lang else {}), **query}
    return path + ("?" + urlencode(params) if params else "")


def _common(lang: str) -> dict:
    return {
        "w": words(),
        "lang": lang,
        "html_lang": lang.replace("_", "-"),
        "link": link,
        "languages": [(code, name, link(request.path, code)) for code, name in LANGUAGE_NAMES.items()],
    }


def sheet_table(result) -> dict:
    """The first table `show` prints (each entry's numbers, the totals, the table points), as
    the page lays it out: a detail under its entry, groups of columns above their labels."""
    game = games.get(result.game)
    _heading, headers, rows, numeric = game.show_tables(result)[0]
    detail = next((i for i, h in enumerate(headers) if str(h) in (DETAIL, _(DETAIL))), None)
    kept = [i for i in range(len(headers)) if i != detail]
    labels = [getattr(headers[i], "label", str(headers[i])) for i in kept]
    groups = [getattr(headers[i], "group", None) for i in kept]
    spans: list[tuple[str, int]] = []
    for group in groups:
        if spans and spans[-1][0] == (group or "") and group:
            spans[-1] = (spans[-1][0], spans[-1][1] + 1)
        else:
            spans.append((group or "", 1))
    body = [
        {
            "cells": ["" if row[i] is None else str(row[i]) for i in kept],
            "detail": str(row[detail]) if detail is not None and row[detail] else "",
        }
        for row in rows
    ]
    return {
        "labels": labels,
        "groups": spans if any(groups) else [],
        "rows": body,
        "numeric": sum(1 for i in kept if i < numeric),
    }


def _complete_words(result) -> str:
    winner = result.extra.get("winner")
    if winner:
        return _("The game is complete: {totals}; {winner} wins").format(totals=format_totals(result), winner=winner)
    return _("The game is complete: {totals}").format(totals=format_totals(result))


def register(app) -> None:
    @app.errorhandler(401)
    @app.errorhandler(403)
    @app.errorhandler(404)
    @app.errorhandler(405)
    @app.errorhandler(413)
    @app.errorhandler(400)
    @locked
    def refused(error):
        if request.path.startswith("/api/"):
            return jsonify({"error": error.name.lower(), "message": error.description}), error.code
        lang = language(_served_game())  # a phone refused at its table reads its table's language
        with i18n.speaking(lang):
            return render_template(
                "error.html", status=error.code, message=_status_words(error.code), **_common(lang)
            ), error.code

    @app.get("/t/<table_id>")
    @locked
    def table_page(table_id):
        table = _table(table_id)
        return _table_page(table, None)

    @app.post("/t/<table_id>")
    @change_id("form")
    @locked
    def table_answer(table_id):
        table = _table(table_id)
        _csrf(f"entry:{table.id}")
        answers = {key: value for key, value in request.form.items() if key.startswith("a")}
        for key, value in request.form.items():
            if key.startswith("pick-") and key[5:].startswith("a"):
                answers[key[5:]] = value  # a choice's button answers its question
        with acting(table):
            return _table_page(
                table, lambda: tables.answer(table, answers, request.form.get("expected_entries"), g.change_id)
            )

    @app.post("/t/<table_id>/undo")
    @change_id("form")
    @locked
    def table_undo(table_id):
        table = _table(table_id)
        _csrf(f"undo:{table.id}")
        with acting(table):
            return _table_page(table, lambda: tables.undo(table, request.form.get("expected_entries"), g.change_id))

    @app.get("/t/<table_id>/sheet.xlsx")
    @locked
    def table_workbook(table_id):
        table = _table(table_id)
        lang = language(_game_of(table))
        try:
            data = boletim(table, lang)
        except ScorekeeperError as exc:
            return _message_page(422, tables.refusal(exc), lang)
        return _xlsx(data, table.id)

    @app.get("/")
    @locked
    def organiser():
        allow(None)
        found = served().tables()
        lang = language(_served_game())
        with i18n.speaking(lang):
            view = organiser_view(found, served().access, request.host_url.rstrip("/"), lang)
            view["csrf"] = served().access.csrf(nonce(), token(), "draw")
            return render_template("organiser.html", **view, **_common(lang))

    @app.post("/draw")
    @locked
    def draw():
        allow(None)
        _csrf("draw")
        found = served().tables()
        if found.tournament is None:
            abort(404)
        lang = language(found.tournament.rules.game)
        with i18n.speaking(lang), acting(None):
            # The form names the round it was made after: posted twice (or again after Back),
            # the round it drew is there, and the page says so instead of refusing a second draw.
            # The draw itself takes no change id yet (core.tournament), so this is the pad's guard.
            after = request.form.get("after_round", "")
            last = found.tournament.rounds[-1].number if found.tournament.rounds else 0
            if after.isascii() and after.isdigit() and len(after) < 6 and last > int(after):
                message = _("Round {number} was already drawn; nothing changed.").format(number=int(after) + 1)
                return render_template("message.html", message=message, back=link("/", lang), **_common(lang))
            try:
                said = tables.draw_next(served().path)
            except ScorekeeperError as exc:
                return _message_page(422, tables.refusal(exc), lang)
            return render_template("message.html", message="\n".join(said), back=link("/", lang), **_common(lang))

    @app.get("/championship.xlsx")
    @locked
    def championship():
        allow(None)
        found = served().tables()
        if found.tournament is None:
            abort(404)
        lang = language(found.tournament.rules.game)
        try:
            data = championship_workbook(found.tournament, lang)
        except ScorekeeperError as exc:
            return _message_page(422, tables.refusal(exc), lang)
        return _xlsx(data, "championship")

    @app.get("/print")
    @locked
    def printable():
        allow(None)
        found = served().tables()
        lang = language(found.tournament.rules.game if found.tournament is not None else None)
        with i18n.speaking(lang):
            view = organiser_view(
                found, served().access, request.host_url.rstrip("/"), lang, standings=False, changes=False
            )
            return render_template("print.html", **view, **_common(lang))

    @app.get("/qr/<name>.svg")
    @locked
    def qr(name):
        allow(None)
        base = request.host_url.rstrip("/")
        access = served().access
        if name == "organiser":
            address = base + "/" + (f"?token={access.organiser}" if access.with_tokens else "")
        else:
            table = table_or_404(name)
            secret = access.token_for(table.id)
            address = f"{base}/t/{table.id}" + (f"?token={secret}" if secret else "")
        return Response(svg(address), mimetype="image/svg+xml")


def _status_words(status: int) -> str:
    return {
        401: _("This page needs its table's link (its secret token is missing or wrong)."),
        403: _("This link is for another table."),
        404: _("There is no such page or table."),
        413: _("The request is too large."),
        400: _("The request could not be used."),
    }.get(status, _("The request could not be used."))


def _table(table_id: str) -> tables.Table:
    allow(table_id)
    return table_or_404(table_id)


def _served_game() -> str | None:
    """The game of what is served (a tournament's, else its first table's), or None."""
    try:
        found = served().tables()
    except ScorekeeperError:
        return None
    if found.tournament is not None:
        return found.tournament.rules.game
    return _game_of(found.tables[0]) if found.tables else None


def _game_of(table) -> str | None:
    try:
        return tables.load(table)[1].game
    except ScorekeeperError:
        return None


def _csrf(scope: str) -> None:
    if not served().access.csrf_ok(request.form.get("csrf"), nonce(), token(), scope):
        abort(403)


def _xlsx(data: bytes, name: str) -> Response:
    return Response(
        data,
        mimetype="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        headers={"Content-Disposition": f'attachment; filename="{name}.xlsx"'},
    )


def _message_page(status: int, message: str, lang: str):
    with i18n.speaking(lang):
        return render_template("message.html", message=message, back=None, **_common(lang)), status


def _table_page(table: tables.Table, change):
    """The table's page, after `change()` when there is one (an answer, an undo)."""
    lang = language(_game_of(table))
    status, stale, said, repeat = 200, None, [], None
    with i18n.speaking(lang):
        try:
            done = change() if change is not None else None
        except StaleSheet as exc:
            done, status, stale = None, 409, exc.message
        except tables.SheetBusy as exc:
            done, status, stale = None, 503, exc.message
        except ScorekeeperError as exc:
            done, status, stale = None, 422, exc.message
        try:
            if isinstance(done, tables.Form):
                form = done
                said = form.recorded.said if form.recorded else []
                repeat = form.recorded.repeat if form.recorded else None
                if form.questions is not None and (form.questions.error or any(f.error for f in form.questions.fields)):
                    status = 422
            else:
                form = tables.form(table)
                said = done.said if done is not None else []
                repeat = done.repeat if done is not None else None
        except ScorekeeperError as exc:
            return _message_page(422, tables.refusal(exc), lang)
        # The entry's id goes on with its next screen (the same entry, not saved yet); a new
        # entry's form, after a save or a refusal of the form as a whole, gets a new one.
        going_on = isinstance(done, tables.Form) and done.recorded is None and g.get("change_id")
        entry_id = g.change_id if going_on else transaction.new_id()
        result = form.result
        game = games.get(result.game)
        summary = tables.summary(table)
        access = served().access
        complete = _complete_words(result) if result.complete else None
        said = [line for line in said if line != complete]  # said once, below the form
        view = {
            "table": table,
            "report": form.report,
            "sheet": sheet_table(result),
            "form": form,
            "questions": form.questions,
            "said": said,
            "already": already_words(repeat) if repeat is not None else None,
            "stale": stale,
            "state": state_words(summary["state"], summary["entries"], game.entry_word, game, summary.get("progress")),
            "findings": form.report["findings"],
            "findings_count": findings_count(len(form.report["findings"])),
            "complete": complete,
            "round": round_words(table.round) if table.round is not None else None,
            "csrf_entry": access.csrf(nonce(), token(), f"entry:{table.id}"),
            "csrf_undo": access.csrf(nonce(), token(), f"undo:{table.id}"),
            "entry_id": entry_id,
            "undo_id": transaction.new_id(),
            "changes": [change_words(c, result.game) for c in tables.last_changes(table, LAST_CHANGES)],
            "organiser": access.who(token()) == ORGANISER,
            "title": _title(form.report, table),
        }
        return render_template("table.html", **view, **_common(lang)), status


def _title(report: dict, table: tables.Table) -> str:
    parts = [str(report[key]) for key in ("event",) if report.get(key)]
    if report.get("table") is not None or table.number:
        parts.append(_("Table {number}").format(number=report.get("table") or table.number))
    return " · ".join(parts) or table.sheet
