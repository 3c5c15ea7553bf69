"""`scorekeeper season`: the season's commands (King Art 1-3; RULINGS TN7-TN13), each taking the
season file first. Thin, as every command: they parse, call scorekeeper.core.season, and print
what output.season_text makes of its results; the cli group loads this module only when asked
for. The commands that write the season file are in cmd_season_write.py; another group of
subcommands is one more module whose COMMANDS this group adds (as `tournament` does)."""

from __future__ import annotations

import datetime

import click

from scorekeeper.cli.commands.cmd_season_exchange import COMMANDS as _EXCHANGE_COMMANDS  # bundle, receive
from scorekeeper.cli.commands.cmd_season_exchange import publish_option, say_news
from scorekeeper.cli.common import _exit_for, _progress, domain_errors, echo_json, out, output_format
from scorekeeper.core import season as core
from scorekeeper.i18n import _, ngettext
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.findings_text import finding_line
from scorekeeper.output.season_text import qualify_text, seats_line
from scorekeeper.output.tournament_text import FINDING_KEYS, finding_item, finding_rows

SEASON_FILE = click.Path(dir_okay=False)


def as_of_option(func):
    return click.option(
        "--as-of",
        "as_of",
        type=click.DateTime(formats=["%Y-%m-%d"]),
        help="The race as it stood on this day (YYYY-MM-DD): agreements and decisions up to it.",
    )(func)


def _day(value: datetime.datetime | None) -> datetime.date | None:
    return None if value is None else value.date()


@click.group(short_help="A season: each union's race to the national final.")
def season():
    """A season of regional events to the national final (King Art 1-3): its registries of
    members, each union's race for its quota, the inscriptions and the final.

    \b
    scorekeeper season new season.yaml --rules king-interbancario --starts 2027-01-01 --name "Interbancário 2027"
    scorekeeper season add season.yaml norte/regional.yaml --phase regional --union norte --date 2027-03-06
    scorekeeper season check season.yaml
    scorekeeper season qualify season.yaml
    scorekeeper season final season.yaml -o final/final.yaml
    """


@season.command("check")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@output_format("text", "json", "csv", default="text")
@as_of_option
@domain_errors
def season_check(path, fmt, as_of):
    """Check a season: every name a member, every player eligible at every event (Art 2), one
    union each, the quotas against the final's size (Art 3), the regional events complete and
    clean, the decisions and the inscriptions. Exit 1 when anything is an error.

    \b
    scorekeeper season check season.yaml
    scorekeeper season check season.yaml --format json
    """
    with _progress(_("reading sheets")) as tick:
        checked = core.check(path, _day(as_of), tick)
    if fmt == "json":
        echo_json([finding_item(finding) for finding in checked.findings])
    elif fmt == "csv":
        out(csv_text(list(FINDING_KEYS), finding_rows(checked.findings), numbers=()), nl=False)
    else:
        for finding in checked.findings:
            out(finding_line(finding))
        errors = sum(1 for finding in checked.findings if finding.is_error)
        warnings = len(checked.findings) - errors
        said = [
            ngettext("{count} error", "{count} errors", errors).format(count=errors),
            ngettext("{count} warning", "{count} warnings", warnings).format(count=warnings),
        ]
        out(f"{path}: {', '.join(said)}")
    _exit_for(any(finding.is_error for finding in checked.findings))


def _races(path, fmt, union, as_of, publish=False) -> None:
    with _progress(_("reading sheets")) as tick:
        found = core.qualify(path, _day(as_of), union, tick)
    text = qualify_text(found, fmt)
    if fmt == "json":
        click.echo(text, nl=False)  # json_text escapes what a terminal acts on
    else:
        out(text, nl=False)
        if fmt == "table":
            out(seats_line(found))
    for finding in found.findings:  # the open seats (TN7), a tie at a last seat (TN10), who is excluded (TN8)
        out(finding_line(finding), err=True)
    say_news(path, found, fmt, as_of, union, publish)  # published, or what moved since (cmd_season_exchange)


@season.command("standings")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@click.option("--union", help="Only this union's race.")
@as_of_option
@domain_errors
def season_standings(path, union, as_of):
    """Each union's race: place, member, points, the tie-break that decided each place, the cut
    line and the reserves; marked provisional while a regional event is in play.

    \b
    scorekeeper season standings season.yaml
    scorekeeper season standings season.yaml --union norte
    """
    _races(path, "table", union, as_of)


@season.command("qualify")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@output_format("table", "json", "csv", default="table")
@click.option("--union", help="Only this union's race.")
@as_of_option
@publish_option
@domain_errors
def season_qualify(path, fmt, union, as_of, publish):
    """Who goes to the final: each union's players with their status (qualified, reserve,
    excluded, tied) and the article behind it (Art 3, Art 2, Art 18).

    JSON: a list of objects with union, place, id, name, points, status, article (null when
    none), decided_by and events; CSV the same columns.

    \b
    scorekeeper season qualify season.yaml
    scorekeeper season qualify season.yaml --format json
    """
    _races(path, fmt, union, as_of, publish)


from scorekeeper.cli.commands.cmd_season_committee import COMMANDS as _COMMITTEE_COMMANDS  # noqa: E402  (agree, decide)
from scorekeeper.cli.commands.cmd_season_export import COMMANDS as _EXPORT_COMMANDS  # noqa: E402  (export)
from scorekeeper.cli.commands.cmd_season_ratings import COMMANDS as _RATING_COMMANDS  # noqa: E402  (ratings)
from scorekeeper.cli.commands.cmd_season_write import COMMANDS as _WRITE_COMMANDS  # noqa: E402  (new, add, ...)

# The other subcommand groups, each a module of its own (the writers; agree and decide; bundle and receive;
# export; ratings).
for _command in (*_WRITE_COMMANDS, *_COMMITTEE_COMMANDS, *_EXCHANGE_COMMANDS, *_EXPORT_COMMANDS, *_RATING_COMMANDS):
    season.add_command(_command)
