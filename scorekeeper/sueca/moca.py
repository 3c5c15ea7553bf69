"""The moca race (Pontuacao 4, Vencedor 1; RULINGS S3): four points close a moca, points
beyond them are lost, except a renuncia's, which carry into the next moca."""

from __future__ import annotations

from scorekeeper.sueca.rules import SuecaRules


class MocaRace:
    """The standing of a Sueca game, deal by deal."""

    def __init__(self, rules: SuecaRules, teams: list[str]):
        self.rules = rules
        self.standing = dict.fromkeys(teams, 0)  # points in the moca being played
        self.mocas = dict.fromkeys(teams, 0)
        self.game_points = dict.fromkeys(teams, 0)  # points that counted (not lost to the cap)
        self.winner: str | None = None

    def award(self, team: str, points: int, carries: bool = False) -> tuple[dict[str, int], int]:
        """Add `points` to `team`. Returns the standing as the sheet writes it after this deal
        (a closed moca shows its 4), and the points lost beyond the moca."""
        cap = self.rules.moca_points
        before = self.standing[team]
        reached = before + points
        counted = min(reached, cap) - before
        over = reached - cap if reached > cap else 0
        carry = over if carries else 0
        lost = over - carry
        self.game_points[team] += counted + carry
        self.standing[team] = min(reached, cap)
        shown = dict(self.standing)
        if self.standing[team] >= cap:
            for name in self.standing:
                self.standing[name] = 0
            self._close(team)
            while carry >= cap and self.winner is None:  # a carry worth a whole moca closes it too
                carry -= cap
                self._close(team)
            self.standing[team] = carry if self.winner is None else 0
        return shown, lost

    def _close(self, team: str) -> None:
        self.mocas[team] += 1
        if self.mocas[team] >= self.rules.mocas_to_win:
            self.winner = team
