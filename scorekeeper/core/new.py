"""A new sheet: its rules found, its players or teams seated, its header checked, written."""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper import games
from scorekeeper.errors import naming
from scorekeeper.journal import transaction
from scorekeeper.rulebook import registry
from scorekeeper.sheet.new import Who, new_sheet_text, seated
from scorekeeper.sheet.saving import refuse_existing


class Created(NamedTuple):
    """A sheet written: where, under which rules, for whom (the players in seat order, or
    {team: its players}: the front end says them)."""

    path: str
    rules: str
    who: Who


def new_sheet(
    ref: str,
    output: str,
    players: tuple[str, ...] = (),
    teams: tuple[str, ...] = (),
    *,
    scorer: str | None = None,
    event: str | None = None,
    table: str | None = None,
    round_: str | None = None,
    date: str | None = None,
    force: bool = False,
) -> Created:
    """Write a sheet with no entries for the rules `ref` (a name or a rule file) at `output`;
    an unknown rule name names `output`, the file the command was to write."""
    rules = naming(output, registry.find, ref)
    game = games.get(rules.game)
    who = seated(game, rules, players, teams, output)
    text = new_sheet_text(
        game, rules, ref, who, scorer=scorer, event=event, table=table, round_=round_, date=date, source=output
    )
    if not transaction.holds(output, text):  # the same sheet again is the retry of a killed `new`
        refuse_existing(output, force)
    transaction.write_new(output, text, force, "new")  # on the record: the journal of its folder
    return Created(output, rules.name, who)
