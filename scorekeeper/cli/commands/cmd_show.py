"""`scorekeeper show`: a sheet's hands, totals and running balance."""

from __future__ import annotations

import click

from scorekeeper.cli.common import domain_errors, emit, out, output_format, rules_option
from scorekeeper.core.check import check_any
from scorekeeper.core.history import SheetJournals
from scorekeeper.output.journal_text import journal_lines, outside_line
from scorekeeper.output.show_text import show_text


@click.command(short_help="Show the hands, totals and running balance.")
@click.argument("sheet_path", metavar="FILE", type=click.Path(dir_okay=True))
@output_format("table", "json", "csv", default="table")
@rules_option
@domain_errors
def show(sheet_path, fmt, rules_path):
    """Show the sheet: each hand's points per player with its total and control, the saldo,
    and each player's running balance.

    \b
    scorekeeper show mesa1.yaml
    scorekeeper show mesa1.yaml --format json
    scorekeeper show jogo.yaml
    scorekeeper show truco.yaml --format csv
    """
    journals = SheetJournals()
    aside = fmt != "table"  # what is said of the journal is information, beside JSON and CSV, not in them
    try:
        for line in journal_lines(*journals.first_look(sheet_path)):  # a killed run's change, completed first
            out(line, err=aside)
        results = check_any(sheet_path, rules_path)
        when = journals.changed_outside(sheet_path)
    finally:
        journals.close()
    if when is not None:
        out(outside_line(sheet_path, when), err=aside)
    emit(show_text(results, fmt), fmt)
