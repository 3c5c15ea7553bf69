"""`scorekeeper tournament undo | absent | penalty | substitute | withdraw | add | rename`: the
changes of a championship's day (TN1, TN6). Thin: each parses, calls
scorekeeper.core.tournament (the day_changes), and prints what it did; cmd_tournament.py attaches them."""

from __future__ import annotations

import functools

import click

from scorekeeper.cli.common import domain_errors, out
from scorekeeper.core import tournament as core
from scorekeeper.errors import ScorekeeperError
from scorekeeper.journal.news import JournalNews
from scorekeeper.output.journal_text import journal_lines
from scorekeeper.output.tournament_text import day_change_lines, day_change_warnings
from scorekeeper.tournaments.day_reports import DayChange

FILE = click.Path(dir_okay=False)

AGAIN = click.option(
    "--again",
    is_flag=True,
    help="Apply it although the same change was the last one made (otherwise taken for a retry and not applied twice).",
)


def _told(change: DayChange) -> None:
    for line in day_change_lines(change):
        out(line)
    for line in day_change_warnings(change):
        out(line, err=True)


def said_first(news: JournalNews) -> None:
    """What the journal did before the command (a change a killed run left, completed)."""
    for line in journal_lines(*news):
        out(line)


def journal_said(func):
    """A change a killed run left, completed before this one was refused, is said all the same."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except ScorekeeperError as exc:
            if isinstance(exc.journal_news, JournalNews):
                said_first(exc.journal_news)
            raise

    return wrapper


@click.command("undo")
@click.argument("path", metavar="FILE", type=FILE)
@click.option(
    "--force",
    is_flag=True,
    help="Undo it although a sheet of the round has entries (the sheet is kept as rN-mesaK.undone.yaml).",
)
@AGAIN
@domain_errors
@journal_said
def tournament_undo(path, force, again):
    """Undo the last round drawn: out of FILE, with its sheets that are still empty.

    \b
    scorekeeper tournament undo final.yaml
    scorekeeper tournament undo final.yaml --force
    """

    _told(core.undo(path, force, again))


@click.command("absent")
@click.argument("path", metavar="FILE", type=FILE)
@click.argument("name", metavar="NAME")
@click.option("--round", "number", type=click.IntRange(1, 200), help="The round (default: the last drawn).")
@AGAIN
@domain_errors
@journal_said
def tournament_absent(path, name, number, again):
    """Mark NAME absent from his table: the table is not played (TN1, King Art 7), its sheet
    is kept beside FILE as rN-mesaK.absent.yaml.

    \b
    scorekeeper tournament absent final.yaml Gil --round 2
    """

    _told(core.absent(path, name, number, again))


@click.command("penalty", context_settings={"ignore_unknown_options": True})
@click.argument("path", metavar="FILE", type=FILE)
@click.argument("name", metavar="NAME")
@click.argument("points", metavar="POINTS", type=float)
@click.option("--article", required=True, help='The article it is given under, e.g. "Art 14".')
@click.option("--round", "number", type=click.IntRange(1, 200), help="The round (default: the last drawn).")
@AGAIN
@domain_errors
@journal_said
def tournament_penalty(path, name, points, article, number, again):
    """Give NAME a penalty of POINTS (negative: taken away) in the general classification.

    \b
    scorekeeper tournament penalty final.yaml Duarte -2.5 --article "Art 14" --round 2
    """

    _told(core.penalty(path, name, points, article, number, again))


@click.command("substitute")
@click.argument("path", metavar="FILE", type=FILE)
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@click.option(
    "--round", "number", type=click.IntRange(1, 200), help="The first round NEW plays (default: the last drawn)."
)
@AGAIN
@domain_errors
@journal_said
def tournament_substitute(path, old, new, number, again):
    """NEW takes OLD's seat from a round on, with a standing of his own (King Art 7); OLD keeps
    what he scored. The tables not played yet seat NEW, their empty sheets written again.

    \b
    scorekeeper tournament substitute final.yaml Gil Zeca --round 3
    """

    _told(core.substitute(path, old, new, number, again))


@click.command("withdraw")
@click.argument("path", metavar="FILE", type=FILE)
@click.argument("name", metavar="NAME")
@AGAIN
@domain_errors
@journal_said
def tournament_withdraw(path, name, again):
    """NAME is drawn no more from the next round on; he keeps what he scored.

    \b
    scorekeeper tournament withdraw final.yaml Gil
    """

    _told(core.withdraw(path, name, again))


@click.command("add")
@click.argument("path", metavar="FILE", type=FILE)
@click.argument("name", metavar="NAME")
@AGAIN
@domain_errors
@journal_said
def tournament_add(path, name, again):
    """A late entry: NAME is drawn from the next round on (Quatrilho Art 5: until the first
    round after lunch; `entries_until: N` in FILE refuses one after round N).

    \b
    scorekeeper tournament add campeonato.yaml Rui
    """

    _told(core.add(path, name, again))


@click.command("rename")
@click.argument("path", metavar="FILE", type=FILE)
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@AGAIN
@domain_errors
@journal_said
def tournament_rename(path, old, new, again):
    """Rename a player (or a team) in FILE and in every sheet that names him; no result changes.

    \b
    scorekeeper tournament rename final.yaml Ines "Ines Sousa"
    """

    _told(core.rename(path, old, new, again))


COMMANDS = (
    tournament_undo,
    tournament_absent,
    tournament_penalty,
    tournament_substitute,
    tournament_withdraw,
    tournament_add,
    tournament_rename,
)
