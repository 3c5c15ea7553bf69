"""`tournament standings`: each game ranks by its own regulation (games.Game.standings); this
gathers the sheets for it and turns its rows into what the CLI prints."""
from __future__ import annotations

from scorekeeper import games
from scorekeeper.tournaments.collect import check
from scorekeeper.tournaments.model import StandingRow, Tournament


def counted(checked) -> dict:
    """The results that count: sheets in, complete, clean and undisputed (collect.Checked)."""
    return {sheet: result for sheet, result in checked.results.items()
            if result.complete and result.valid and sheet not in checked.disputed}


def standings(tournament: Tournament, tick=None) -> tuple[list[StandingRow], list]:
    """The standings from every sheet that counts, and a finding for everything `tournament
    check` finds: a sheet that is not counted yet (not handed in, incomplete, with errors, not
    the draw's players or round) is named, so that a disputed sheet never moves the standings
    silently before the organiser settles it."""
    checked = check(tournament, tick)
    return games.get(tournament.rules.game).standings(tournament, counted(checked)), checked.findings


def standings_rows(tournament: Tournament, rows: list[StandingRow]) -> list[dict]:
    """Each row as `standings --format json` prints it: place, player (or team and group),
    points, the numbers each tie-break used, and the criterion that decided the place."""
    teams = games.get(tournament.rules.game).seating is games.Seating.TEAMS
    printed = []
    for row in rows:
        item = {"place": row.place}
        if teams:
            item.update({"team": row.name, "group": row.group})
        else:
            item["player"] = row.name
        item["points"] = row.points
        item.update(row.tiebreaks)
        item["decided_by"] = row.decided_by
        printed.append(item)
    return printed
