"""The text of a new, empty sheet."""
from __future__ import annotations

import datetime

from scorekeeper.errors import InputValueError
from scorekeeper.sheet_file import flow


def check_players(rules, players: list[str], scorer, date, source: str) -> None:
    """The players, scorer and date of a new sheet or blank boletim, or InputValueError."""
    if len(players) != rules.players:
        raise InputValueError(f"{rules.name} is played by {rules.players} players; {len(players)} were given",
                              source)
    if len(set(players)) != len(players):
        raise InputValueError("a player is named twice", source)
    if scorer is not None and scorer not in players:
        raise InputValueError(f"the scorer {scorer!r} is not one of the players", source)
    if date is not None:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise InputValueError(f"date {date!r}: expected YYYY-MM-DD", source) from None


def new_sheet_text(rules, ref: str, players: list[str], *, scorer=None, event=None, table=None, round_=None,
                   date=None, source: str = "") -> str:
    """A sheet with its header and no hands, checked against the rules' number of players."""
    check_players(rules, players, scorer, date, source)
    lines = [f"rules: {flow(ref)}", f"players: {flow(players)}"]
    lines.append(f"scorer: {flow(scorer or players[0])}  # responsible for the sheet (Art 6)")
    for key, value in (("event", event), ("table", table), ("round", round_)):
        if value is not None:
            lines.append(f"{key}: {flow(_number_or_text(value))}")
    if date is not None:
        lines.append(f"date: {date}")
    lines.append("hands: []")
    return "\n".join(lines) + "\n"


def _number_or_text(value: str):
    return int(value) if value.isdigit() else value
