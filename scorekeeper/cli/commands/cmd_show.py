"""`scorekeeper show`: a sheet's hands, totals and running balance."""
from __future__ import annotations

import click

from scorekeeper import games, i18n
from scorekeeper.cli.common import domain_errors, echo_json, out, output_format, rules_option
from scorekeeper.core.check import check_any
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.json_shape import sheet_report
from scorekeeper.output.table_layout import table


def _print_sheet(result, fmt: str = "table") -> None:
    if fmt == "json":
        echo_json(sheet_report(result, running=True))
        return

    if fmt == "csv":  # data for programs, as JSON is: English headings and words, whatever the language
        with i18n.speaking(i18n.SOURCE):
            _title, headers, rows, numeric_from = games.get(result.game).show_tables(result)[0]
        numbers = range(len(headers))[numeric_from:] if numeric_from is not None else ()  # a name is text
        out(csv_text(headers, rows, numbers), nl=False)
        return
    tables = games.get(result.game).show_tables(result)
    for title, headers, rows, numeric_from in tables:
        if title:
            out(f"\n{title}")
        out(table(headers, rows, numeric_from=numeric_from))
    for finding in result.findings:
        out(finding.format())


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
    results = check_any(sheet_path, rules_path)
    if fmt == "json" and len(results) > 1:  # a workbook of several boletins: one JSON array
        echo_json([sheet_report(r, running=True) for r in results])
        return
    for result in results:
        _print_sheet(result, fmt)
