"""What the rule files of the team games (Sueca, Truco) share: the seating of teams, and the
fields every rule file has (its game, name, aliases, title, members). Each game's rules extend these."""

from __future__ import annotations

import dataclasses

from scorekeeper.rulebook import members_rule
from scorekeeper.rulebook.members_rule import MembersRule
from scorekeeper.rulebook.schema import Optional, Whole

# Teams of players: two teams, as each game's scoring gives a team's points to "the other team".
SCHEMA = {
    "game": str,
    "name": str,
    "aliases": Optional([str]),
    "title": Optional(str),
    "teams": Whole(2, 2),
    "players_per_team": Whole(1, 4),
    **members_rule.SCHEMA,  # who must be a member when a tournament names a registry (Truco Art 1)
}


@dataclasses.dataclass(frozen=True)
class TeamRules:
    """The fields of every team game's rules. `game` is the rule file's `game:`, by which the
    registry chose the Game that reads it (a variant's own name, never its parent's)."""

    source: str
    game: str
    name: str
    aliases: tuple[str, ...]
    title: str
    teams: int
    players_per_team: int
    members: MembersRule | None  # rulebook.members_rule: None when the regulation asks no membership


def team_fields(data, source: str) -> dict:
    """The shared fields of a validated rule file's data, as keywords for a TeamRules subclass."""
    return {
        "source": source,
        "game": data["game"],
        "name": data["name"],
        "aliases": tuple(data.get("aliases", ())),
        "title": data.get("title", data["name"]),
        "teams": data["teams"],
        "players_per_team": data["players_per_team"],
        "members": members_rule.read(data, source),
    }
