"""The text of a new, empty sheet."""

from __future__ import annotations

import datetime
from typing import Union

from scorekeeper.errors import InputValueError, SeatingUsageError, quoted
from scorekeeper.games import Game, Seating
from scorekeeper.i18n import M_, Grouped, Joined, Message, Mn_, _
from scorekeeper.names import name_refusal
from scorekeeper.sheet.yaml_edit import flow
from scorekeeper.sheet.yaml_lines import MAX_HEADER_TEXT, header_number

Who = Union[list[str], dict[str, list[str]]]  # the players in seat order, or {team: its players}


def given(count: int) -> Message:
    """`1 was given`, `3 were given`: the clause after a count that was expected."""
    return Mn_("{count} was given", "{count} were given", count, count=count)


def _either(numbers: tuple[int, ...]) -> str | Message:
    """`4 or 5`: the table sizes a game allows."""
    said: str | Message = str(numbers[0])
    for number in numbers[1:]:
        said = M_("{first} or {second}", first=said, second=str(number))
    return said


def seated(
    game: Game, rules, players: tuple[str, ...], teams: tuple[str, ...], source: str, at_least: bool = False
) -> Who:
    """Who plays, as `new` and `export --blank` were given it: the players in seat order (a list)
    or the teams ({team: players}), checked against the game's seating: as many as a table
    holds, or (`at_least`, a tournament's entrants) at least that many; InputValueError or a
    SeatingUsageError otherwise."""
    by_players = game.seating is Seating.PLAYERS
    if by_players:
        if not players or teams:
            raise SeatingUsageError(
                M_("{rules} is played by players: give -p NAME for each, in seat order", rules=rules.name)
            )
        who: Who = list(players)
    else:
        if not teams or players:
            raise SeatingUsageError(
                M_("{rules} is played by teams: give -t NAME=PLAYER,PLAYER for each", rules=rules.name)
            )
        who = parse_teams(teams, source)
    seats = game.seats(rules)
    if at_least and len(who) < min(seats):
        least = min(seats)
        if by_players:
            needs = Mn_(
                "a {rules} tournament needs at least {count} player",
                "a {rules} tournament needs at least {count} players",
                least,
                rules=rules.name,
                count=least,
            )
        else:
            needs = Mn_(
                "a {rules} tournament needs at least {count} team",
                "a {rules} tournament needs at least {count} teams",
                least,
                rules=rules.name,
                count=least,
            )
        raise InputValueError(Joined((needs, given(len(who))), "; "), source)
    if not at_least and len(who) not in seats:
        raise InputValueError(Joined((_played_by(rules.name, seats, by_players), given(len(who))), "; "), source)
    names = participants(who) + (list(who) if isinstance(who, dict) else [])
    if len(set(names)) != len(names):
        twice = M_("a team or player is named twice") if isinstance(who, dict) else M_("a player is named twice")
        raise InputValueError(twice, source)
    _check_names(names, source)
    if isinstance(who, dict):
        size = game.team_size(rules)
        for name, members in who.items():
            if size is not None and len(members) != size:  # a game of teams declares their size
                team = Mn_("team {name}: {count} player", "team {name}: {count} players", size, name=name, count=size)
                raise InputValueError(Joined((team, given(len(members))), ", "), source)
    return who


def _played_by(rules: str, seats: tuple[int, ...], by_players: bool) -> Message:
    """`King is played by 4 players`, `Quatrilho is played by 4 or 5 players`."""
    if len(seats) == 1:
        if by_players:
            return Mn_(
                "{rules} is played by {count} player", "{rules} is played by {count} players", seats[0],
                rules=rules, count=seats[0],
            )  # fmt: skip
        return Mn_(
            "{rules} is played by {count} team", "{rules} is played by {count} teams", seats[0],
            rules=rules, count=seats[0],
        )  # fmt: skip
    if by_players:
        return M_("{rules} is played by {counts} players", rules=rules, counts=_either(seats))
    return M_("{rules} is played by {counts} teams", rules=rules, counts=_either(seats))


def participants(who: Who) -> list[str]:
    """Every player's name in `who` (players, or {team: players})."""
    return [p for members in who.values() for p in members] if isinstance(who, dict) else list(who)


def check_header(game: Game, who: Who, scorer: str | None, date: str | None, source: str) -> None:
    """The scorer and the date of a new sheet or blank boletim. Where the regulation makes a
    player responsible for the sheet (`game.scorer_rule`) the scorer is one of the players;
    elsewhere (a fiscal) any name."""
    if scorer is not None:
        if game.scorer_rule is None:
            _check_names([scorer], source)
        elif scorer not in participants(who):
            raise InputValueError(M_("the scorer {name} is not one of the players", name=quoted(scorer)), source)
    if date is not None:
        _check_date(date, source)


def new_sheet_text(
    game: Game,
    rules,
    ref: str,
    who: Who,
    *,
    scorer: str | None = None,
    event: str | None = None,
    table: str | None = None,
    round_: str | None = None,
    date: str | None = None,
    source: str = "",
) -> str:
    """A sheet with its header and no entries. A game whose regulation names a responsible
    scorer (`game.scorer_rule`) always gets one, the first player by default."""
    check_header(game, who, scorer, date, source)
    lines = [f"rules: {flow(ref)}", f"{game.seating.value}: {flow(who)}"]
    if game.scorer_rule is not None:
        comment = _("responsible for the sheet ({rule})").format(rule=game.scorer_rule)
        lines.append(f"scorer: {flow(scorer or participants(who)[0])}  # {comment}")
    elif scorer is not None:
        lines.append(f"scorer: {flow(scorer)}")
    lines += [*_header_lines(event, table, round_, date, source), f"{game.list_key}: []"]
    return "\n".join(lines) + "\n"


def _header_lines(event, table, round_, date, source: str) -> list[str]:
    """The header's lines: what `check` would refuse (a text too long for a header, a control
    character, text that is no UTF-8) is refused here, naming the sheet, so `new` never writes
    such a sheet."""
    given = (("event", event), ("table", table), ("round", round_))
    for key, value in given:
        if value is not None:
            _check_text(value, key, source)
            if len(value) > MAX_HEADER_TEXT:
                raise InputValueError(
                    M_(
                        "{option}: {count} characters; a header holds at most {most}",
                        option="--" + key.rstrip("_"),
                        count=Grouped(len(value)),
                        most=MAX_HEADER_TEXT,
                    ),
                    source,
                )
    lines = [f"{key}: {flow(header_number(value))}" for key, value in given if value is not None]
    if date is not None:
        lines.append(f"date: {date}")
    return lines


def _check_text(text: str, key: str, source: str) -> None:
    """A header's text typed on the command line that a sheet could not hold as it is: bytes
    that are no UTF-8 (a shell passes them on as surrogates) or a control character, which YAML
    would escape or fold (NEL becomes a space) so that the text read back is another. `key` is
    the header's (event, table, round: the sheet's own word). A name has its own rule (names.py)."""
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise InputValueError(M_("{key} {value} is not UTF-8 text", key=key, value=quoted(text)), source)
    if any(ch < " " or "\x7f" <= ch < "\xa0" or ch in "\u2028\u2029" for ch in text):
        raise InputValueError(M_("{key} {value} holds a control character", key=key, value=quoted(text)), source)


def parse_teams(options: tuple[str, ...], source: str) -> dict[str, list[str]]:
    """`-t Nos=Ana,Bruno -t Eles=Carla,Duarte` as {team: [players]}."""
    teams: dict[str, list[str]] = {}
    for option in options:
        name, sep, members = option.partition("=")
        players = [m.strip() for m in members.split(",") if m.strip()]
        if not sep or not name.strip() or not players:
            raise InputValueError(M_("team {value}: expected NAME=PLAYER,PLAYER", value=quoted(option)), source)
        teams[name.strip()] = players
    return teams


def _check_names(names: list[str], source: str) -> None:
    """The one name rule (names.py), which every sheet's loader applies: a new sheet holds no
    name that a command would refuse to read back."""
    for name in names:
        problem = name_refusal(name)
        if problem is not None:
            raise InputValueError(problem, source)


def _check_date(date: str, source: str) -> None:
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        raise InputValueError(M_("date {value}: expected YYYY-MM-DD", value=quoted(date)), source) from None
