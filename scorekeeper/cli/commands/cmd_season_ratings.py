"""`season ratings`: each person's rating across the season's events (openskill's
BradleyTerryFull, rated in date order). cmd_season adds it to its group."""

from __future__ import annotations

import click

from scorekeeper.cli.common import _progress, domain_errors, out
from scorekeeper.core import season_ratings as core
from scorekeeper.i18n import _
from scorekeeper.output.ratings_text import ratings_text


@click.command("ratings")
@click.argument("path", metavar="SEASON", type=click.Path(dir_okay=False))
@click.option(
    "--as-of",
    "as_of",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="The ratings as they stood on this day (YYYY-MM-DD): only the games up to it.",
)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table", show_default=True)
@domain_errors
def season_ratings(path, as_of, fmt):
    """Each person's rating across the season's events, best first: every King game rated by its
    King points, every Sueca or Truco match as two teams, every Quatrilho round by its net chips;
    players tied at a table share their result. Games are rated in date order, so a fix in an
    early sheet re-rates everything after it. A rating qualifies nobody.

    \b
    scorekeeper season ratings season.yaml
    scorekeeper season ratings season.yaml --as-of 2027-04-30 --format json
    """
    with _progress(_("reading sheets")) as tick:
        found = core.ratings(path, None if as_of is None else as_of.date(), tick)
    text = ratings_text(found, fmt)
    if fmt == "json":
        click.echo(text, nl=False)  # json_text escapes what a terminal acts on
    else:
        out(text, nl=False)


COMMANDS = (season_ratings,)
