"""What the team games (teams of players, a ficha of points per team) share behind games.Game:
the seating, the sheet's `teams:`, and the team ficha, whose columns each game declares."""

from __future__ import annotations

from abc import abstractmethod

from scorekeeper.games import Game, Outcome, Seating
from scorekeeper.i18n import N_


class TeamGame(Game):
    """A game played by teams. A subclass gives its ficha's columns (`ficha_columns`), a
    team.workbook_columns.FichaColumns subclass in its own package."""

    seating = Seating.TEAMS
    workbook_word = N_("ficha")  # the clubs' own word, in English too

    def seats(self, rules):
        return (rules.teams,)

    def team_size(self, rules):
        return rules.players_per_team

    @abstractmethod
    def ficha_columns(self, teams: int):
        """The columns of this game's ficha for `teams` teams (a workbook_columns.FichaColumns)."""

    def write_boletim(self, ws, sheet, result, styles, meta):
        from scorekeeper.team.workbook_write import write_game  # lazy: openpyxl (test_lazy_imports)

        return write_game(ws, sheet, result, styles, meta, self.ficha_columns(len(sheet.teams)))

    def write_blank(self, ws, rules, who, scorer, styles, meta):
        from scorekeeper.team.workbook_write import write_blank  # lazy: openpyxl (test_lazy_imports)

        write_blank(ws, rules, who, styles, {**meta, "scorer": scorer}, self.ficha_columns(len(who)))

    def read_boletim(self, grid, rules, ref, info, where, places):
        from scorekeeper.team.workbook_read import read  # lazy: openpyxl (test_lazy_imports)

        return read(grid, rules, ref, info, self.ficha_columns(rules.teams), where)

    def outcome(self, result):
        """The teams' standing (mocas or games won) and the winner."""
        return Outcome(tuple(result.players), dict(result.totals), None, result.extra.get("winner"))
