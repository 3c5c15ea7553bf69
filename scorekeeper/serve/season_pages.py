"""The organiser's season pages (issue 27): each union's live race to the final, shown on the
organiser's page when the server is given the season (`scorekeeper serve FILE --season SEASON`),
and the registration desk (`/desk`): a name or member number gives the member and whether he may
play on the event's day, before `tournament add` or `substitute`. A GET form: no JavaScript."""

from __future__ import annotations

from flask import Flask, render_template, request

from scorekeeper import i18n
from scorekeeper.core import registration_desk
from scorekeeper.core import season as core_season
from scorekeeper.errors import ScorekeeperError
from scorekeeper.output.season_text import race_heads
from scorekeeper.rulebook.members_rule import rule_of
from scorekeeper.serve import season_words
from scorekeeper.serve.page_common import common, served_game
from scorekeeper.serve.per_request import allow, language, served, token


def season_view() -> dict | None:
    """The races of the season served, as the organiser's page shows them (None: no season; a
    season that cannot be read says so in one line instead of its races)."""
    path = served().season
    if path is None:
        return None
    try:
        found = core_season.qualify(path)
        season = core_season.load(path)
    except ScorekeeperError as exc:
        return {"problem": str(exc), "races": [], "heads": [], "open": None}
    return {
        "problem": None,
        "name": season.name,
        "heads": race_heads(),
        "races": season_words.race_views(found),
        "open": season_words.open_seats_words(found, season.rules.final_article),
    }


def register(app: Flask) -> None:
    @app.get("/desk")
    def desk():
        allow(None)
        lang = language(served_game())
        with i18n.speaking(lang):
            return render_template("desk.html", **_desk_view(), **common(lang))


def _desk_view() -> dict:
    name = request.args.get("name", "")[:200]
    partner = request.args.get("partner", "")[:200]
    view: dict = {
        "name": name,
        "partner": partner,
        "lines": [],
        "pair": None,
        "problem": None,
        "day": None,
        "per_team": False,
    }
    view["token"] = token()
    found = served().tables()
    tournament = found.tournament
    if tournament is None:
        view["problem"] = season_words.no_registry_words()
        return view
    rule = rule_of(tournament.rules)
    view["per_team"] = bool(rule and rule.per_team)  # a pair's partner is asked for where a pair needs an associate
    if not name.strip():
        return view
    try:
        answer = registration_desk.look_up(tournament, [name, partner], served().season)
    except ScorekeeperError as exc:
        view["problem"] = i18n.in_words(exc.message)
        return view
    if answer is None:
        view["problem"] = season_words.no_registry_words()
        return view
    view.update(
        day=answer.day.isoformat(),
        lines=season_words.desk_lines(answer),
        pair=season_words.pair_words(answer),
    )
    return view
