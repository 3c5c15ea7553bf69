"""The score pad's organiser pages: the organiser's page (every table's state, link and code,
the standings, the downloads, the next draw), the draw itself, the championship workbook and the
printable page of codes (a refusal's page is refusals.py's). Forms are posted and pages rendered
again: nothing needs JavaScript."""

from __future__ import annotations

from flask import Flask, Response, abort, redirect, render_template, request

from scorekeeper import i18n
from scorekeeper.core import pad_tables
from scorekeeper.errors import ScorekeeperError
from scorekeeper.serve import organiser_words as said
from scorekeeper.serve.downloads import championship_workbook
from scorekeeper.serve.organiser import organiser_address, organiser_view, table_address
from scorekeeper.serve.page_common import check_csrf, common, link, message_page, served_game, xlsx
from scorekeeper.serve.per_request import acting, allow, language, locked, nonce, served, table_or_404, token
from scorekeeper.serve.qr import svg
from scorekeeper.serve.season_pages import season_view
from scorekeeper.tournaments.draw_round import DrawRefused


def register(app: Flask) -> None:
    _register_organiser(app)
    _register_draw(app)
    _register_downloads(app)


def _register_organiser(app: Flask) -> None:
    """The organiser's page, the printable page of codes and each code's image."""

    @app.get("/")
    @locked
    def organiser():
        allow(None)
        found = served().tables()
        lang = language(served_game())
        with i18n.speaking(lang):
            view = organiser_view(found, served().access, request.host_url.rstrip("/"), lang)
            view["csrf"] = served().access.csrf(nonce(), token(), "draw")
            view["season"] = season_view()
            return render_template("organiser.html", **view, **common(lang))

    @app.get("/print")
    @locked
    def printable():
        allow(None)
        found = served().tables()
        lang = language(found.game)
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
            address = organiser_address(base, access)
        else:
            address = table_address(base, access, table_or_404(name))
        return Response(svg(address), mimetype="image/svg+xml")


def _register_draw(app: Flask) -> None:
    """The next round drawn, and the round's tables with their links and codes."""

    @app.post("/draw")
    @locked
    def draw():
        allow(None)
        check_csrf("draw")
        found = served().tables()
        if found.tournament is None:
            abort(404)
        lang = language(found.game)
        with i18n.speaking(lang), acting(None):
            # The form names the round it was made after: posted twice (a double tap, or again
            # after Back), the round it drew is there, and the page shows it again with its
            # tables and links instead of refusing a second draw.
            after = request.form.get("after_round", "")
            last = found.tournament.rounds[-1].number if found.tournament.rounds else 0
            if after.isascii() and after.isdigit() and len(after) < 6 and last > int(after):
                return redirect(link("/draw", lang, again=int(after) + 1), 303)
            try:
                pad_tables.draw_next(served().path)
            except DrawRefused:  # said in the pad's words: the command line's `--force` is not the pad's
                return message_page(422, said.draw_refused_words(found.tournament), lang)
            except ScorekeeperError as exc:
                return message_page(422, str(pad_tables.refusal(exc)), lang)
            # Post/Redirect/Get: reloading the result asks for the round's page, never a new draw.
            return redirect(link("/draw", lang, drawn=last + 1), 303)

    @app.get("/draw")
    @locked
    def drawn():
        """The current round's tables with their links and codes: the draw's result (`drawn`),
        the draw's form sent again (`again`), or the round as it is."""
        allow(None)
        found = served().tables()
        if found.tournament is None or not found.tournament.rounds:
            abort(404)
        lang = language(found.game)
        number = found.tournament.rounds[-1].number
        with i18n.speaking(lang):
            if request.args.get("drawn") == str(number):
                message = said.drawn_words(number, len(found.tables))
            elif request.args.get("again") == str(number):
                message = said.already_drawn_words(number)
            else:
                message = said.round_tables_words(number)
            view = organiser_view(
                found, served().access, request.host_url.rstrip("/"), lang, standings=False, changes=False
            )
            return render_template("draw.html", message=message, **view, **common(lang))


def _register_downloads(app: Flask) -> None:
    """The championship workbook."""

    @app.get("/championship.xlsx")
    @locked
    def championship():
        allow(None)
        found = served().tables()
        if found.tournament is None:
            abort(404)
        lang = language(found.game)
        try:
            data = championship_workbook(found.tournament, lang)
        except ScorekeeperError as exc:
            with i18n.speaking(lang):  # a refusal is data: said in the page's language, as the workbook is
                refused = str(pad_tables.refusal(exc))
            return message_page(422, refused, lang)
        return xlsx(data, "championship")
