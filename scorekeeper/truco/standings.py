"""Truco group-phase standings (RULINGS TN4): matches won, then games won, then tentos scored
minus conceded, in the rule file's order (`standings:`); a team disqualified under Art 8 loses
every point it had and ranks last.

Only rounds of stage "group" count; a match counts once its sheet is in, complete and clean. A
disqualification is written on the round it happened in as `disqualified: [TEAM]`.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.errors import ScorekeeperError, quoted
from scorekeeper.i18n import M_, N_, Mp_
from scorekeeper.team.standings import GROUP_STAGE, counted_matches, groups_of
from scorekeeper.tournaments.model import StandingRow, Tournament
from scorekeeper.truco.rules import TrucoRules

# decided_by for each criterion of the rule file, for a disqualification, and for a tie: English
# message ids, as JSON gives them and the knockout compares them (TIED); a table says `_(decided_by)`.
LABELS = {"matches": N_("matches won"), "games": N_("games won"), "tentos": N_("tentos scored - conceded")}
BY_DISQUALIFICATION = N_("disqualified (Art 8)")
TIED = N_("tied")


@dataclass
class Record:
    """A team's group phase so far."""

    played: int = 0
    matches: int = 0
    games: int = 0
    tentos_for: int = 0
    tentos_against: int = 0
    disqualified: bool = False

    def value(self, criterion: str) -> int:
        """What the team has for one criterion of the rule file; Art 8 takes every point away."""
        if self.disqualified:
            return 0
        if criterion == "tentos":
            return self.tentos_for - self.tentos_against
        return getattr(self, criterion)

    def tiebreaks(self) -> dict:
        numbers = {
            "played": self.played,
            "matches": self.value("matches"),
            "games": self.value("games"),
            "tentos_for": 0 if self.disqualified else self.tentos_for,
            "tentos_against": 0 if self.disqualified else self.tentos_against,
            "tentos": self.value("tentos"),
        }
        if self.disqualified:
            numbers["disqualified"] = True
        return numbers


def disqualified_teams(tournament: Tournament) -> set[str]:
    """The teams any round disqualifies (Art 8). The field is read with getattr while the
    tournament model does not declare it: rounds written before it have none."""
    teams = set()
    for round_ in tournament.rounds:
        for team in getattr(round_, "disqualified", None) or ():
            if team not in tournament.teams:
                raise ScorekeeperError(
                    M_(
                        "round {number} disqualifies {team}, who is no team of the tournament",
                        number=round_.number,
                        team=quoted(team),
                    ),
                    tournament.source,
                    round_.line,
                )
            teams.add(team)
    return teams


def standings(tournament: Tournament, results: dict) -> list[StandingRow]:
    """The group-phase standings of every group, in the order the file declares the groups.

    `results` maps a match's sheet (as the tournament file writes it) to its SheetResult.
    """
    groups = groups_of(tournament)
    records = {team: Record() for teams in groups.values() for team in teams}
    for team in disqualified_teams(tournament):
        if team in records:
            records[team].disqualified = True
    not_one_group = Mp_("truco", "the match {sheet} of {first} and {second} is not between two teams of one group")
    for _match, result, _group in counted_matches(tournament, results, GROUP_STAGE, not_one_group):
        first, second = result.players
        for team, other in ((first, second), (second, first)):
            record = records[team]
            record.played += 1
            record.matches += result.extra["winner"] == team
            record.games += result.totals[team]
            record.tentos_for += sum(game["score"][team] for game in result.extra["games"])
            record.tentos_against += sum(game["score"][other] for game in result.extra["games"])
    rules = tournament.rules
    assert isinstance(rules, TrucoRules), "a Truco championship is played under Truco rules"
    criteria = rules.standings
    rows: list[StandingRow] = []
    for name, teams in groups.items():
        rows += _rows(name, teams, records, criteria)
    return rows


def _rows(group: str | None, teams: list[str], records: dict[str, Record], criteria) -> list[StandingRow]:
    def key(team):
        record = records[team]
        return (not record.disqualified, *(record.value(c) for c in criteria))

    ordered = sorted(teams, key=key, reverse=True)  # stable: equal teams keep the group's order
    rows: list[StandingRow] = []
    for index, team in enumerate(ordered):
        tied_above = index > 0 and key(ordered[index - 1]) == key(team)
        decided_by = None
        if index + 1 < len(ordered):
            decided_by = _separation(records[team], records[ordered[index + 1]], criteria)
        rows.append(
            StandingRow(
                place=rows[-1].place if tied_above else index + 1,
                name=team,
                points=records[team].value("matches"),
                tiebreaks=records[team].tiebreaks(),
                decided_by=decided_by,
                group=group,
            )
        )
    return rows


def _separation(upper: Record, lower: Record, criteria) -> str:
    """The criterion that puts `upper` above `lower`: a disqualification below, else the first
    criterion of the rule file on which they differ, else they are tied."""
    if lower.disqualified and not upper.disqualified:
        return BY_DISQUALIFICATION
    for criterion in criteria:
        if upper.value(criterion) != lower.value(criterion):
            return LABELS[criterion]
    return TIED
