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


def seated(game, rules, players: tuple[str, ...], teams: tuple[str, ...], source: str, at_least: bool = False):
    """Who plays, as `new` and `export --blank` were given it: the players in seat order (a list)
    or the teams ({team: players}), checked against the game's seating: as many as a table
    holds, or (`at_least`, a tournament's entrants) at least that many; InputValueError or a
    usage error otherwise."""
    import click

    from scorekeeper.games import Seating

    word = "player" if game.seating is Seating.PLAYERS else "team"
    if game.seating is Seating.PLAYERS:
        if not players or teams:
            raise click.UsageError(f"{rules.name} is played by players: give -p NAME for each, in seat order")
        who = list(players)
    else:
        if not teams or players:
            raise click.UsageError(f"{rules.name} is played by teams: give -t NAME=PLAYER,PLAYER for each")
        who = parse_teams(teams, source)
    seats = game.seats(rules)
    if at_least and len(who) < min(seats):
        raise InputValueError(f"a {rules.name} tournament needs at least {plural(min(seats), word)}; "
                              f"{given(len(who))}", source)
    if not at_least and len(who) not in seats:
        counts = plural(seats[0], word) if len(seats) == 1 else f"{' or '.join(map(str, seats))} {word}s"
        raise InputValueError(f"{rules.name} is played by {counts}; {given(len(who))}", source)
    names = participants(who) + (list(who) if isinstance(who, dict) else [])
    if len(set(names)) != len(names):
        raise InputValueError(f"a {'team or ' if isinstance(who, dict) else ''}player is named twice", source)
    _check_names(names, source)
    if isinstance(who, dict):
        size = game.team_size(rules)
        for name, members in who.items():
            if len(members) != size:
                raise InputValueError(f"team {name}: {plural(size, 'player')}, {given(len(members))}", source)
    return who


def participants(who) -> list[str]:
    """Every player's name in `who` (players, or {team: players})."""
    return [p for members in who.values() for p in members] if isinstance(who, dict) else list(who)


def describe_who(who) -> str:
    """`Ana, Bruno, Carla, Duarte` or `Nos (Ana, Bruno) v Eles (Carla, Duarte)`."""
    if isinstance(who, dict):
        return " v ".join(f"{name} ({', '.join(members)})" for name, members in who.items())
    return ", ".join(who)


def check_header(game, who, scorer, date, source: str) -> None:
    """The scorer and the date of a new sheet or blank boletim. Where the regulation makes a
    player responsible for the sheet (`game.scorer_rule`) the scorer is one of the players;
    elsewhere (a fiscal) any name."""
    if scorer is not None:
        if game.scorer_rule is None:
            _check_names([scorer], source)
        elif scorer not in participants(who):
            raise InputValueError(f"the scorer {quote(scorer)} is not one of the players", source)
    if date is not None:
        _check_date(date, source)


def new_sheet_text(game, rules, ref: str, who, *, scorer=None, event=None, table=None, round_=None,
                   date=None, source: str = "") -> str:
    """A sheet with its header and no entries. A game whose regulation names a responsible
    scorer (`game.scorer_rule`) always gets one, the first player by default."""
    check_header(game, who, scorer, date, source)
    lines = [f"rules: {flow(ref)}", f"{game.seating.value}: {flow(who)}"]
    if game.scorer_rule is not None:
        lines.append(f"scorer: {flow(scorer or participants(who)[0])}  # responsible for the sheet ({game.scorer_rule})")
    elif scorer is not None:
        lines.append(f"scorer: {flow(scorer)}")
    lines += [*_header_lines(event, table, round_, date), f"{game.list_key}: []"]
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
