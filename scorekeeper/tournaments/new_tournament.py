"""The text of a new tournament file: who plays, and no rounds yet."""
from __future__ import annotations

from scorekeeper.errors import InputValueError, quote
from scorekeeper.i18n import _
from scorekeeper.sheet_file import flow
from scorekeeper.yaml_lines import MAX_HEADER_TEXT


def parse_groups(options: tuple[str, ...], teams: dict[str, list[str]], source: str) -> dict[str, list[str]]:
    """`--group A=Nos,Eles,...` as {group: [teams]}; no option: one group of every team."""
    if not options:
        return {"A": list(teams)}
    groups: dict[str, list[str]] = {}
    placed: set[str] = set()
    for option in options:
        name, sep, members = option.partition("=")
        names = [m.strip() for m in members.split(",") if m.strip()]
        if not sep or not name.strip() or not names:
            raise InputValueError(_("group {option}: expected NAME=TEAM,TEAM,...").format(option=quote(option)),
                                  source)
        for team in names:
            if team not in teams:
                raise InputValueError(_("group {group}: {team} is not one of the teams").format(
                    group=name.strip(), team=quote(team)), source)
            if team in placed:
                raise InputValueError(_("group {group}: {team} is already in a group").format(
                    group=name.strip(), team=quote(team)), source)
            placed.add(team)
        groups[name.strip()] = names
    missing = [team for team in teams if team not in placed]
    if missing:
        raise InputValueError(_("{teams} in no group").format(teams=", ".join(map(quote, missing))), source)
    return groups


def new_tournament_text(name: str, ref: str, who, groups: dict | None, planned_rounds: int | None,
                        source: str) -> str:
    """A tournament file for `who` (players, or {team: players}) with no rounds."""
    if not name.strip() or len(name) > MAX_HEADER_TEXT:
        raise InputValueError(_("--name: a tournament's name of 1 to {most} characters").format(most=MAX_HEADER_TEXT),
                              source)
    lines = [f"tournament: {flow(name)}", f"rules: {flow(ref)}"]
    if isinstance(who, dict):
        lines += [f"teams: {flow(who)}", f"groups: {flow(groups)}"]
    else:
        lines.append(f"players: {flow(list(who))}")
    if planned_rounds is not None:
        comment = _("the draws plan for this many rounds (TN2)")  # the file's comment, in the organiser's language
        lines.append(f"planned_rounds: {planned_rounds}  # {comment}")
    lines.append("rounds: []")
    return "\n".join(lines) + "\n"


def check_entrants(game, rules, players: tuple[str, ...], teams: tuple[str, ...], source: str):
    """Who enters: the players (a list), or the teams ({team: players}), as the game is seated;
    at least enough for one table or match, each named once."""
    from scorekeeper.new_sheet import seated

    return seated(game, rules, players, teams, source, at_least=True)
