"""`scorekeeper undo`: remove the last entry of a sheet."""

from __future__ import annotations

import click

from scorekeeper.cli.common import domain_errors, out, rules_option
from scorekeeper.core.record import undo as undo_entry
from scorekeeper.output.editing_text import saying


@click.command(short_help="Remove the last entry recorded.")
@click.argument("sheet_path", metavar="FILE", type=click.Path(dir_okay=True))
@rules_option
@click.option(
    "--again", is_flag=True, help="Remove one more even right after an undo that a run that was stopped made (a retry)."
)
@domain_errors
def undo(sheet_path, rules_path, again):
    """Remove the last entry (hand or deal) recorded.

    \b
    scorekeeper undo mesa1.yaml
    scorekeeper undo jogo.yaml
    scorekeeper undo truco.yaml
    """
    undo_entry(sheet_path, rules_path, say=saying(out), again=again)
