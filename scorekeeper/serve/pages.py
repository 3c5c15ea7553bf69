"""The score pad's organiser pages: the organiser's page (every table's state, link and code,
the standings, the downloads, the next draw), the draw itself, the championship workbook and the
printable page of codes (a refusal's page is refusals.py's). Forms are posted and pages rendered
again: nothing needs JavaScript."""

from __future__ import annotations

from flask import Response, abort, render_template, request

from scorekeeper import i18n
from scorekeeper.core import tables
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.serve.downloads import championship_workbook
from scorekeeper.serve.organiser import organiser_view
from scorekeeper.serve.page_common import check_csrf, common, link, message_page, served_game, xlsx
from scorekeeper.serve.qr import svg
from scorekeeper.serve.requests import acting, allow, language, locked, nonce, served, table_or_404, token


def register(app) -> None:
    @app.get("/")
    @locked
    def organiser():
        allow(None)
        found = served().tables()
        lang = language(served_game())
        with i18n.speaking(lang):
            view = organiser_view(found, served().access, request.host_url.rstrip("/"), lang)
            view["csrf"] = served().access.csrf(nonce(), token(), "draw")
            return render_template("organiser.html", **view, **common(lang))

    @app.post("/draw")
    @locked
    def draw():
        allow(None)
        check_csrf("draw")
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
                return render_template("message.html", message=message, back=link("/", lang), **common(lang))
            try:
                said = tables.draw_next(served().path)
            except ScorekeeperError as exc:
                return message_page(422, tables.refusal(exc), lang)
            return render_template("message.html", message="\n".join(said), back=link("/", lang), **common(lang))

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
            return message_page(422, tables.refusal(exc), lang)
        return xlsx(data, "championship")

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
            return render_template("print.html", **view, **common(lang))

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
