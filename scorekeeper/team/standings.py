"""What the team games' group phases share (Sueca S5, Truco TN4): the groups as the tournament
file declares them, and the loop over the matches that count, each put in its group."""

from __future__ import annotations

from scorekeeper.errors import ScorekeeperError, quoted
from scorekeeper.i18n import Message
from scorekeeper.tournaments.knockout import counted_result
from scorekeeper.tournaments.model import Tournament

GROUP_STAGE = "group"


def groups_of(tournament: Tournament) -> dict[str | None, list[str]]:
    """The groups as the file declares them; a tournament without groups is one group (None)."""
    if not tournament.groups:
        return {None: list(tournament.teams)}
    return {name: teams for name, teams in tournament.groups.items()}


def counted_matches(tournament: Tournament, results: dict, stage: str, not_one_group: Message) -> list[tuple]:
    """(match, result, group) for each match of the rounds of `stage` that counts (its sheet in,
    complete and clean), in the file's order. A match whose two teams are not of one group is
    refused with `not_one_group` (the game's words, whose {sheet}, {first} and {second} this fills)."""
    team_group = {team: name for name, teams in groups_of(tournament).items() for team in teams}
    found = []
    for round_ in tournament.rounds:
        if round_.stage != stage:
            continue
        for match in round_.matches:
            result = counted_result(match, results)
            if result is None:
                continue
            first, second = result.players
            if first not in team_group or second not in team_group or team_group[first] != team_group[second]:
                raise ScorekeeperError(
                    not_one_group._replace(
                        values={"sheet": quoted(match.sheet), "first": quoted(first), "second": quoted(second)}
                    ),
                    tournament.source,
                    match.line,
                )
            found.append((match, result, team_group[first]))
    return found
