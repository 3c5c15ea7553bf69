"""`tournament standings`: each game ranks by its own regulation (games.Game.standings); this
gathers the sheets for it (output.tournament_text turns its rows into what is printed)."""

from __future__ import annotations

from scorekeeper import games
from scorekeeper.tournaments.collect import check
from scorekeeper.tournaments.knockout import final_standings
from scorekeeper.tournaments.model import StandingRow, Tournament


def counted(checked) -> dict:
    """The results that count: sheets in, complete, clean and undisputed (collect.Checked)."""
    return {
        sheet: result
        for sheet, result in checked.results.items()
        if result.complete and result.valid and sheet not in checked.disputed
    }


def standings(tournament: Tournament, tick=None) -> tuple[list[StandingRow], list]:
    """The standings from every sheet that counts, and a finding for everything `tournament
    check` finds: a sheet that is not counted yet (not handed in, incomplete, with errors, not
    the draw's players or round) is named, so that a disputed sheet never moves the standings
    silently before the organiser settles it."""
    checked = check(tournament, tick)
    return ranked(tournament, counted(checked)), checked.findings


def ranked(tournament: Tournament, results: dict) -> list[StandingRow]:
    """The game's standings from the results that count; a team game's end with its final
    (TN5: the champion, the runner-up, the semi-finals' losers, then the group phase)."""
    game = games.get(tournament.rules.game)
    rows = game.standings(tournament, results)
    if game.seating is games.Seating.TEAMS:
        rows = final_standings(tournament, rows, results)
    return rows
