"""`tournament standings`: each game ranks by its own regulation (games.Game.standings); this
gathers the sheets for it and turns its rows into what the CLI prints."""
from __future__ import annotations

from scorekeeper import games
from scorekeeper.findings import Finding, Severity
from scorekeeper.tournaments.collect import collect
from scorekeeper.tournaments.model import StandingRow, Tournament


def standings(tournament: Tournament, tick=None) -> tuple[list[StandingRow], list]:
    """The standings from every sheet that is in, complete and clean, and a finding for each
    that is not (not handed in yet, unusable, incomplete, with errors): those do not count yet,
    so that a disputed sheet never moves the standings before the referee settles it."""
    results, pending = collect(tournament, tick)
    counted = {}
    for sheet, result in results.items():
        if result.complete and result.valid:
            counted[sheet] = result
        else:
            why = "is not complete" if not result.complete else "has errors (scorekeeper check " + sheet + ")"
            pending.append(Finding(Severity.WARNING, tournament.source, None, f"{sheet} {why}", "TN2"))
    rows = games.get(tournament.rules.game).standings(tournament, counted)
    return rows, pending


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
