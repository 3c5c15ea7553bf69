"""The text of a new tournament file: who plays, and no rounds yet. Everything `tournament new`
accepts, every tournament command reads back: the same name rule, the same limits, the rules
named as the file's folder finds them; the text is read back with the loader before it is
written."""

from __future__ import annotations

import datetime
import os
from typing import NamedTuple

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_, Grouped, Joined, _
from scorekeeper.names import name_refusal, text_refusal
from scorekeeper.rulebook import registry
from scorekeeper.sheet.new import seated
from scorekeeper.sheet.yaml_edit import flow
from scorekeeper.sheet.yaml_lines import MAX_HEADER_TEXT
from scorekeeper.tournaments import member_check
from scorekeeper.tournaments.tournament_file import MAX_PLAYERS, MAX_TEAM, parse


class Registration(NamedTuple):
    """`tournament new --registry FILE --date DAY [--starts DAY]`: the registries (as typed),
    the event's day and the season's start (RULINGS TN8)."""

    files: tuple[str, ...]
    date: datetime.date | None
    starts: datetime.date | None = None


def _check_name(name: str, source: str) -> None:
    problem = name_refusal(name)
    if problem is not None:
        raise InputValueError(problem, source)


def find_rules(ref: str, output: str):
    """The rules `ref` names, and `ref` as the new file writes it: shipped rules by name; a rule
    file by its path from the file's folder, where every tournament command looks for it (it
    must be in that folder or below, as for a sheet's `rules:`)."""
    if not registry.looks_like_path(ref):
        return registry.find(ref), ref
    folder = os.path.dirname(output)
    written = os.path.relpath(os.path.abspath(ref), os.path.abspath(folder or os.curdir))
    try:
        return registry.find(written, folder), written
    except registry.RulesError as exc:
        if exc.source is not None:  # the rule file itself is wrong: its own message
            raise
        raise InputValueError(
            M_(
                "{ref}: a tournament file may only name a rule file in its own folder; put it "
                "beside {path}, or name shipped rules ({names})",
                ref=ref,
                path=output,
                names=", ".join(registry.rules_names()),
            ),
            output,
        ) from None


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
            raise InputValueError(M_("group {option}: expected NAME=TEAM,TEAM,...", option=quoted(option)), source)
        _check_name(name.strip(), source)
        for team in names:
            if team not in teams:
                raise InputValueError(
                    M_("group {group}: {team} is not one of the teams", group=name.strip(), team=quoted(team)),
                    source,
                )
            if team in placed:
                raise InputValueError(
                    M_("group {group}: {team} is already in a group", group=name.strip(), team=quoted(team)),
                    source,
                )
            placed.add(team)
        groups[name.strip()] = names
    missing = [team for team in teams if team not in placed]
    if missing:
        raise InputValueError(M_("{teams} in no group", teams=Joined(tuple(quoted(team) for team in missing))), source)
    return groups


def registration_lines(registration: Registration | None, output: str) -> list[str]:
    """The file's `date:`, `starts:` and `registry:`, each registry named from the file's folder,
    where every tournament command looks for it (in that folder or below, as a sheet is)."""
    if registration is None or not (registration.files or registration.date or registration.starts):
        return []
    folder = os.path.abspath(os.path.dirname(output) or os.curdir)
    written = []
    for path in registration.files:
        relative = os.path.relpath(os.path.abspath(path), folder)
        if relative == os.pardir or relative.startswith(os.pardir + os.sep):
            raise InputValueError(
                M_(
                    "{file}: a tournament file may only name a registry in its own folder; put it beside {path}",
                    file=path,
                    path=output,
                ),
                output,
            )
        written.append(relative.replace(os.sep, "/"))
    lines = []
    if registration.date is not None:
        lines.append(f"date: {registration.date.isoformat()}")
    if registration.starts is not None:
        lines.append(f"starts: {registration.starts.isoformat()}")
    if written:
        lines.append(f"registry: {flow(written)}")
    return lines


def new_tournament_text(
    name: str,
    ref: str,
    who,
    groups: dict | None,
    planned_rounds: int | None,
    source: str,
    registration: Registration | None = None,
) -> str:
    """A tournament file for `who` (players, or {team: players}) with no rounds; with a
    registry, every entrant a member who may play (Art 2, TN8, TN14), or refused as a day
    change that brings one in is."""
    if not name.strip() or len(name) > MAX_HEADER_TEXT:
        raise InputValueError(M_("--name: a tournament's name of 1 to {most} characters", most=MAX_HEADER_TEXT), source)
    problem = text_refusal(name)  # it heads every sheet of the draw and every page of the workbook
    if problem is not None:
        raise InputValueError(M_("--name: {problem}", problem=problem), source)
    lines = [f"tournament: {flow(name)}", f"rules: {flow(ref)}", *registration_lines(registration, source)]
    if isinstance(who, dict):
        lines += [f"teams: {flow(who)}", f"groups: {flow(groups)}"]
    else:
        lines.append(f"players: {flow(list(who))}")
    if planned_rounds is not None:
        comment = _("the draws plan for this many rounds (TN2)")  # the file's comment, in the organiser's language
        lines.append(f"planned_rounds: {planned_rounds}  # {comment}")
    lines.append("rounds: []")
    text = "\n".join(lines) + "\n"
    tournament = parse(text, source)  # what every tournament command will read: refused here, at new, if not
    member_check.refuse_entrants(tournament)
    return text


def check_entrants(game, rules, players: tuple[str, ...], teams: tuple[str, ...], source: str):
    """Who enters: the players (a list), or the teams ({team: players}), as the game is seated;
    at least enough for one table or match, each named once."""
    for name in players:
        _check_name(name, source)
    who = seated(game, rules, players, teams, source, at_least=True)
    if isinstance(who, dict):
        for team, members in who.items():
            _check_name(team, source)
            for name in members:
                _check_name(name, source)
        named = len(who) + sum(len(members) for members in who.values())
        if named > MAX_PLAYERS or any(len(members) > MAX_TEAM for members in who.values()):
            raise InputValueError(
                M_(
                    "{count} teams and players; a tournament file holds at most {most}",
                    count=Grouped(named),
                    most=Grouped(MAX_PLAYERS),
                ),
                source,
            )
    elif len(who) > MAX_PLAYERS:
        raise InputValueError(
            M_(
                "{count} players; a tournament file holds at most {most}",
                count=Grouped(len(who)),
                most=Grouped(MAX_PLAYERS),
            ),
            source,
        )
    return who
