"""The season's exchanges on the command line: `season bundle` and `season receive` (a union's
part sent and received), and what `season qualify --publish` and `season qualify|standings`
add to the races (the list published; what moved since, and why). Thin: they parse, call
scorekeeper.core.season_exchange and print what output.season_news_text makes of its results;
cmd_season adds COMMANDS to its group, and calls `publish_option` and `say_news`."""

from __future__ import annotations

import click

from scorekeeper.cli.common import _progress, domain_errors, out
from scorekeeper.core import season_exchange as core
from scorekeeper.errors import CommandUsageError
from scorekeeper.i18n import M_, _
from scorekeeper.output.season_news_text import bundle_line, news_lines, published_line, received_lines
from scorekeeper.season.qualification_model import Qualification

SEASON_FILE = click.Path(dir_okay=False)


def publish_option(func):
    return click.option(
        "--publish",
        is_flag=True,
        help="Record the list as published (beside the season file, on the journal): later changes that move it are shown with their cause.",
    )(func)


def say_news(path: str, found: Qualification, fmt: str, as_of, union: str | None, publish: bool = False) -> None:
    """After the races: publish them (`--publish`), else say what moved since the list was
    published and which changes moved it. On standard error when the races are JSON or CSV."""
    to_err = fmt != "table"
    if publish:
        if as_of is not None or union is not None:
            raise CommandUsageError(
                M_("--publish publishes every union's list as it is now: not with --as-of or --union")
            )
        out(published_line(core.publish_found(path, found)), err=to_err)
        return
    if as_of is not None:  # the race as it stood then: the publication is another day's
        return
    for line in news_lines(core.news(path, found)):
        out(line, err=to_err)


@click.command("bundle")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@click.option("--union", required=True, help="The union whose part goes in the bundle.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="The bundle (a zip).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@domain_errors
def season_bundle(path, union, output, force):
    """Write a union's part of the season in one zip: its registry, its regional events and
    their sheets, the journal's records of them, and a manifest with every file's SHA-256.

    \b
    scorekeeper season bundle season.yaml --union norte -o norte.zip
    """
    out(bundle_line(core.bundle(path, union, output, force)))


@click.command("receive")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@click.argument("bundle", metavar="FILE", type=click.Path(dir_okay=False))
@domain_errors
def season_receive(path, bundle):
    """Receive a union's bundle: every file verified against its manifest, then that union's
    part replaced whole (or not at all), and what moved in the list said.

    \b
    scorekeeper season receive season.yaml norte.zip
    """
    with _progress(_("reading sheets")) as tick:
        report = core.receive(path, bundle, tick)
    for line in received_lines(report):
        out(line)


COMMANDS = (season_bundle, season_receive)
