"""The text of a new, empty sheet."""
from __future__ import annotations

import datetime

from scorekeeper.errors import MAX_NAME, InputValueError, one_line, quote
from scorekeeper.report import plural
from scorekeeper.sheet_file import flow
from scorekeeper.yaml_lines import MAX_HEADER_TEXT, header_number


def given(count: int) -> str:
    """`1 was given`, `3 were given`."""
    return f"{count} {'was' if count == 1 else 'were'} given"


def check_players(rules, players: list[str], scorer, date, source: str) -> None:
    """The players, scorer and date of a new sheet or blank boletim, or InputValueError."""
    if len(players) != rules.players:
        raise InputValueError(f"{rules.name} is played by {plural(rules.players, 'player')}; "
                              f"{given(len(players))}", source)
    if len(set(players)) != len(players):
        raise InputValueError("a player is named twice", source)
    _check_names(players, source)
    if scorer is not None and scorer not in players:
        raise InputValueError(f"the scorer {quote(scorer)} is not one of the players", source)
    if date is not None:
        _check_date(date, source)


def new_sheet_text(rules, ref: str, players: list[str], *, scorer=None, event=None, table=None, round_=None,
                   date=None, source: str = "") -> str:
    """A sheet with its header and no hands, checked against the rules' number of players."""
    check_players(rules, players, scorer, date, source)
    lines = [f"rules: {flow(ref)}", f"players: {flow(players)}",
             f"scorer: {flow(scorer or players[0])}  # responsible for the sheet (Art 6)",
             *_header_lines(event, table, round_, date), "hands: []"]
    return "\n".join(lines) + "\n"


def _header_lines(event, table, round_, date) -> list[str]:
    """The header's lines: what `check` would refuse (a text too long for a header, a control
    character, text that is no UTF-8) is refused here, so `new` never writes such a sheet."""
    given = (("event", event), ("table", table), ("round", round_))
    for key, value in given:
        if value is not None:
            _check_text(value, key, "")
            if len(value) > MAX_HEADER_TEXT:
                raise InputValueError(f"--{key.rstrip('_')}: {len(value):,} characters; a header holds at most "
                                      f"{MAX_HEADER_TEXT}")
    lines = [f"{key}: {flow(header_number(value))}" for key, value in given if value is not None]
    if date is not None:
        lines.append(f"date: {date}")
    return lines


def _check_text(text: str, what: str, source: str) -> None:
    """Text typed on the command line that a sheet could not hold as it is: bytes that are no
    UTF-8 (a shell passes them on as surrogates) or a control character, which YAML would
    escape or fold (NEL becomes a space) so that the name read back is another."""
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise InputValueError(f"{what} {quote(text)} is not UTF-8 text", source)
    if one_line(text) != text:
        raise InputValueError(f"{what} {quote(text)} holds a control character", source)


def parse_teams(options: tuple[str, ...], source: str) -> dict[str, list[str]]:
    """`-t Nos=Ana,Bruno -t Eles=Carla,Duarte` as {team: [players]}."""
    teams: dict[str, list[str]] = {}
    for option in options:
        name, sep, members = option.partition("=")
        players = [m.strip() for m in members.split(",") if m.strip()]
        if not sep or not name.strip() or not players:
            raise InputValueError(f"team {quote(option)}: expected NAME=PLAYER,PLAYER", source)
        teams[name.strip()] = players
    return teams


def check_teams(rules, teams: dict[str, list[str]], scorer, date, source: str) -> None:
    """The teams, scorer and date of a new team sheet or blank ficha, or InputValueError."""
    if len(teams) != rules.teams:
        raise InputValueError(f"{rules.name} is played by {plural(rules.teams, 'team')}; {given(len(teams))}",
                              source)
    names = [n for members in teams.values() for n in members] + list(teams)
    if len(set(names)) != len(names):
        raise InputValueError("a team or player is named twice", source)
    _check_names(names, source)
    for name, members in teams.items():
        if len(members) != rules.players_per_team:
            raise InputValueError(f"team {name}: {plural(rules.players_per_team, 'player')}, "
                                  f"{given(len(members))}", source)
    if scorer is not None and not any(scorer in members for members in teams.values()):
        raise InputValueError(f"the scorer {quote(scorer)} is not one of the players", source)
    if date is not None:
        _check_date(date, source)


def new_team_sheet_text(rules, ref: str, teams: dict[str, list[str]], list_key: str, *, scorer=None, event=None,
                        table=None, round_=None, date=None, source: str = "") -> str:
    """A team game's sheet with its header and no deals or hands."""
    check_teams(rules, teams, scorer, date, source)
    lines = [f"rules: {flow(ref)}", f"teams: {flow(teams)}"]
    if scorer is not None:
        lines.append(f"scorer: {flow(scorer)}")
    lines += [*_header_lines(event, table, round_, date), f"{list_key}: []"]
    return "\n".join(lines) + "\n"


def _check_names(names: list[str], source: str) -> None:
    """A sheet refuses names longer than MAX_NAME, so a new sheet does not hold one."""
    for name in names:
        _check_text(name, "the name", source)
        if len(name) > MAX_NAME:
            raise InputValueError(f"{quote(name)} is longer than a name ({MAX_NAME} characters)", source)


def _check_date(date: str, source: str) -> None:
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        raise InputValueError(f"date {quote(date)}: expected YYYY-MM-DD", source) from None
