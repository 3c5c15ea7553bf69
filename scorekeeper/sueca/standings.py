"""Sueca group-phase standings (Torneio 4, RULINGS S5, TN3): points for wins, then criteria a-f.

Only rounds of stage "group" count for points, mocas and game points; a match counts once its
sheet is in, complete and clean. A negra (a round of stage "negra") counts for criterion (f)
only (TN3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from itertools import combinations

from scorekeeper.i18n import M_, N_
from scorekeeper.sueca.rules import SuecaRules
from scorekeeper.team.standings import GROUP_STAGE, counted_matches, groups_of
from scorekeeper.tournaments.model import StandingRow, Tournament

NEGRA_STAGE = "negra"

# What decided_by says between two rows (S5 letters as the regulation's Torneio 4 numbers them):
# a value JSON keeps in English, marked (N_) for the tables and workbooks that show it translated.
BY_POINTS = N_("points")
BY_NEGRA = N_("f: negra")
NEGRA_NEEDED = N_("negra needed")  # the group phase is over and (a)-(e) left the tie (S5, TN3)
TIED = N_("tied")  # the group phase is still being played: a tie now is no negra yet
UNSEPARATED = (NEGRA_NEEDED, TIED)


@dataclass(frozen=True)
class Game:
    """One counted match: its two teams, its winner, and each team's mocas and game points (S5:
    the points written into the mocas)."""

    teams: tuple[str, str]
    winner: str
    mocas: dict[str, int]
    game_points: dict[str, int]


@dataclass(frozen=True)
class Criterion:
    """One of S5's criteria (a)-(e): its label, its tiebreaks key, and whether it counts only the
    games among the teams still tied (a-c) or the whole group phase (d-e)."""

    label: str  # decided_by's value (N_: shown translated)
    key: str
    among_tied: bool
    measure: str  # "points", "mocas" or "game_points": what a game gives each team


CRITERIA = (
    Criterion(N_("a: points among the tied"), "points_among_tied", True, "points"),
    Criterion(N_("b: mocas among the tied"), "mocas_among_tied", True, "mocas"),
    Criterion(N_("c: game points among the tied"), "game_points_among_tied", True, "game_points"),
    Criterion(N_("d: mocas in the group phase"), "mocas", False, "mocas"),
    Criterion(N_("e: game points in the group phase"), "game_points", False, "game_points"),
)


def counted_games(tournament: Tournament, results: dict, stage: str) -> list[tuple[Game, str | None]]:
    """Each match of the rounds of `stage` that counts (its sheet in, complete and clean), with its group."""
    games = []
    not_one_group = M_("the match {sheet} of {first} and {second} is not between two teams of one group")
    for _match, result, group in counted_matches(tournament, results, stage, not_one_group):
        first, second = result.players
        game_points = {team: result.extra["teams"][team]["game_points"] for team in result.players}
        games.append((Game((first, second), result.extra["winner"], dict(result.totals), game_points), group))
    return games


@dataclass
class _Group:
    """One group's counted games and the tiebreak numbers found for each team so far."""

    teams: list[str]
    games: list[Game]
    negras: list[Game]
    win_points: int
    tiebreaks: dict[str, dict] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        """Every pair of the group has a counted game (the round robin is over)."""
        met = {frozenset(game.teams) for game in self.games}
        return all(frozenset(pair) in met for pair in combinations(self.teams, 2))

    def gain(self, game: Game, team: str, measure: str) -> int:
        if measure == "points":
            return self.win_points if game.winner == team else 0
        return getattr(game, measure)[team]

    def total(self, team: str, measure: str, games) -> int:
        return sum(self.gain(game, team, measure) for game in games if team in game.teams)

    def order(self) -> tuple[list[str], list[str]]:
        """The teams best first, and what separated each from the next (len - 1 labels)."""
        blocks = _blocks(self.teams, lambda team: self.tiebreaks[team]["points"])
        return self._join(blocks, BY_POINTS, lambda block: self._criteria(block, 0))

    def _join(self, blocks: list[list[str]], label: str, resolve) -> tuple[list[str], list[str]]:
        teams: list[str] = []
        labels: list[str] = []
        for block in blocks:
            if teams:
                labels.append(label)
            block_teams, block_labels = resolve(block)
            teams += block_teams
            labels += block_labels
        return teams, labels

    def _criteria(self, tied: list[str], start: int) -> tuple[list[str], list[str]]:
        """S5 from criterion `start` on: the first criterion that separates some of `tied` splits
        them; each part still tied goes on with the next criterion (never back to (a)), counting
        (a)-(c) over the games among that part only."""
        if len(tied) == 1:
            return list(tied), []
        for index in range(start, len(CRITERIA)):
            criterion = CRITERIA[index]
            games = [g for g in self.games if set(g.teams) <= set(tied)] if criterion.among_tied else self.games
            values = {team: self.total(team, criterion.measure, games) for team in tied}
            for team, value in values.items():
                self.tiebreaks[team][criterion.key] = value
            blocks = _blocks(tied, values.__getitem__)
            if len(blocks) > 1:
                # each part still tied goes on with the next criterion
                return self._join(blocks, criterion.label, partial(self._criteria, start=index + 1))
        return self._negra(tied)

    def _negra(self, tied: list[str]) -> tuple[list[str], list[str]]:
        """(f): the negras among the tied teams decide by wins, once every pair of them has played
        one (a negra of three teams is a round robin of negras); otherwise the tie stands."""
        negras = [g for g in self.negras if set(g.teams) <= set(tied)]
        met = {frozenset(g.teams) for g in negras}
        if len(tied) > 1 and all(frozenset(pair) in met for pair in combinations(tied, 2)):
            wins = {team: sum(1 for g in negras if g.winner == team) for team in tied}
            for team, value in wins.items():
                self.tiebreaks[team]["negra_wins"] = value
            blocks = _blocks(tied, wins.__getitem__)
            if len(blocks) > 1:
                return self._join(blocks, BY_NEGRA, self._negra)
        unseparated = NEGRA_NEEDED if self.finished else TIED
        return list(tied), [unseparated] * (len(tied) - 1)


def _blocks(teams: list[str], value) -> list[list[str]]:
    """`teams` split by `value`, highest first; equal values stay together in their given order."""
    by_value: dict = {}
    for team in teams:
        by_value.setdefault(value(team), []).append(team)
    return [by_value[v] for v in sorted(by_value, reverse=True)]


def standings(tournament: Tournament, results: dict) -> list[StandingRow]:
    """The group-phase standings of every group, in the order the file declares the groups.

    `results` maps a match's sheet (as the tournament file writes it) to its SheetResult.
    """
    rules = tournament.rules
    # a Sueca championship is played under Sueca rules (the registry chose this game by them)
    assert isinstance(rules, SuecaRules), "a Sueca championship is played under Sueca rules"
    groups = groups_of(tournament)
    by_group: dict = {name: _Group(list(teams), [], [], rules.group_win_points) for name, teams in groups.items()}
    for game, group in counted_games(tournament, results, GROUP_STAGE):
        by_group[group].games.append(game)
    for game, group in counted_games(tournament, results, NEGRA_STAGE):
        by_group[group].negras.append(game)
    rows: list[StandingRow] = []
    for name, group in by_group.items():
        for team in group.teams:
            group.tiebreaks[team] = {
                "played": sum(1 for g in group.games if team in g.teams),
                "wins": sum(1 for g in group.games if g.winner == team),
                "points": group.total(team, "points", group.games),
                "mocas": group.total(team, "mocas", group.games),
                "game_points": group.total(team, "game_points", group.games),
            }
        rows += _rows(name, group)
    return rows


def _rows(name: str | None, group: _Group) -> list[StandingRow]:
    teams, labels = group.order()
    rows: list[StandingRow] = []
    for index, team in enumerate(teams):
        shares = index > 0 and labels[index - 1] in UNSEPARATED
        place = rows[-1].place if shares else index + 1
        tiebreaks = dict(group.tiebreaks[team])
        points = tiebreaks.pop("points")
        rows.append(
            StandingRow(
                place=place,
                name=team,
                points=points,
                tiebreaks=tiebreaks,
                decided_by=labels[index] if index < len(labels) else None,
                group=name,
            )
        )
    return rows
