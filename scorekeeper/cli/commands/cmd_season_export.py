"""`scorekeeper season export SEASON -o FILE.xlsx`: the season's workbook (issue 27 point 5).
Thin: it parses, calls scorekeeper.core.season_export, and says what was written and what the
races found (TN7's open seats among it: every season command warns of them); cmd_season adds it
to its group."""

from __future__ import annotations

import click

from scorekeeper.cli.common import _progress, domain_errors, out
from scorekeeper.core import season_export as core
from scorekeeper.i18n import _
from scorekeeper.output.findings_text import finding_line


@click.command("export")
@click.argument("path", metavar="SEASON", type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="The .xlsx file to write.")
@click.option("--force", is_flag=True, help="Overwrite an existing workbook.")
@click.option(
    "--as-of",
    "as_of",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="The races as they stood on this day (YYYY-MM-DD): agreements and decisions up to it.",
)
@domain_errors
def season_export(path, output, force, as_of):
    """Export the season's workbook: its phases and events, each union's race with its cut line,
    the final's seats, agreements and inscriptions, the players' eligibility at each event, each
    person's events, the decisions and the journal; totals as formulas; printed on A4.

    \b
    scorekeeper season export season.yaml -o season.xlsx
    """
    with _progress(_("reading sheets")) as reading:
        exported = core.export(path, output, force, None if as_of is None else as_of.date(), reading=reading)
    for finding in exported.findings:
        out(finding_line(finding), err=True)
    out(_("Wrote {path}: {worksheets}").format(path=exported.path, worksheets=", ".join(exported.worksheets)))


COMMANDS = (season_export,)
