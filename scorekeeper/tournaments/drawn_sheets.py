"""The sheets a draw writes (empty, one a table) and what an interrupted draw leaves of them:
sheets named as a draw names them, of a round the tournament file does not hold. The draw
(draw_round) writes and replaces them; `tournament check` (collect) reports them; the day's
changes (day_changes) recognise them. Kept apart so that checking a tournament never needs the
draw."""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass

import yaml

from scorekeeper import games
from scorekeeper.sheet.new import new_sheet_text
from scorekeeper.sheet.yaml_lines import loads
from scorekeeper.tournaments.model import Tournament


def sheet_name(number: int, table) -> str:
    """A drawn table's sheet: r<round>-mesa<table>.yaml, beside the tournament file."""
    return f"r{number}-mesa{table}.yaml"


def new_sheet(tournament: Tournament, game, who, table, number: int) -> str:
    """The empty sheet a draw writes for `who` at `table` of round `number`."""
    return new_sheet_text(
        game,
        tournament.rules,
        tournament.rules_ref,
        who,
        event=tournament.name or None,
        table=str(table),
        round_=str(number),
        source=tournament.source,
    )


LEFTOVER_NAME = re.compile(r"r([0-9]{1,6})-mesa([0-9]{1,6})\.yaml")  # as sheet_name writes them
LEFTOVER_BYTES = 64 * 1024  # a drawn sheet is a few lines; anything larger holds a game


@dataclass
class Leftover:
    """A sheet named as the draw names them, of a round the file does not hold."""

    path: str  # as the tournament's own sheets are named: beside the file as typed
    name: str
    round: int
    table: int
    untouched: bool  # exactly what a draw writes (its data): nothing of a game is in it


def leftovers(tournament: Tournament) -> list[Leftover]:
    """The sheets an interrupted draw left: in the tournament's folder, named r<N>-mesa<K>.yaml
    for a round N the file does not hold, in round and table order. One listing of the folder."""
    folder = os.path.dirname(tournament.source)
    held = len(tournament.rounds)
    try:
        names = [entry.name for entry in os.scandir(folder or os.curdir)]
    except OSError:
        return []
    found = []
    for name in names:
        match = LEFTOVER_NAME.fullmatch(name)
        if match is None or int(match.group(1)) <= held:
            continue
        path = os.path.join(folder, name)
        found.append(Leftover(path, name, int(match.group(1)), int(match.group(2)), is_untouched(tournament, path)))
    return sorted(found, key=lambda leftover: (leftover.round, leftover.table))


def is_untouched(tournament: Tournament, path: str, text: str | None = None) -> bool:
    """Whether the file at `path` is a regular file whose data is what the draw writes for the
    table and round its own header names (its `text` when the caller has just written it)."""
    game = games.get(tournament.rules.game)
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > LEFTOVER_BYTES:
            return False
        with open(path, "rb") as handle:
            written = handle.read(LEFTOVER_BYTES + 1).decode("utf-8")
        if text is not None:
            return written == text
        doc = loads(written, path)
        who, table, number = doc.get(game.seating.value), doc.get("table"), doc.get("round")
        if not who or table is None or number is None:
            return False
        who = {team: list(members) for team, members in who.items()} if isinstance(who, dict) else list(who)
        expected = new_sheet(tournament, game, who, table, number)
        return doc == loads(expected, path)
    except (OSError, UnicodeDecodeError, ValueError, TypeError, AttributeError, yaml.YAMLError):
        return False  # unreadable, not YAML, not a sheet's header: not the draw's
