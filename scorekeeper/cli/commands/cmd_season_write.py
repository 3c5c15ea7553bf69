"""The `season` subcommands that write the season file (and the final's tournament file): `new`,
`add`, `inscribe`, `final`. Each change is atomic and on the journal; cmd_season adds these to
its group."""

from __future__ import annotations

import click

from scorekeeper.cli.commands.cmd_tournament_day import journal_said, said_first
from scorekeeper.cli.common import domain_errors, out
from scorekeeper.core import season as core
from scorekeeper.errors import CommandUsageError
from scorekeeper.i18n import M_
from scorekeeper.output.findings_text import finding_line
from scorekeeper.output.season_text import (
    created_line,
    event_added_line,
    final_lines,
    inscribed_line,
    registry_added_line,
)

SEASON_FILE = click.Path(dir_okay=False)
DAY = click.DateTime(formats=["%Y-%m-%d"])


@click.command("new")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@click.option("--rules", "rules_ref", required=True, help="The season's rules: a shipped name or a file.")
@click.option(
    "--starts", required=True, type=DAY, help="The season's first day (YYYY-MM-DD): eligibility runs from it."
)
@click.option("--name", required=True, help="The season's name.")
@click.option("--registry", "registries", multiple=True, help="A registry file; repeat for each.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@domain_errors
def season_new(path, rules_ref, starts, name, registries, force):
    """Start a season file: its name, rules, first day and registries.

    \b
    scorekeeper season new season.yaml --rules king-interbancario --starts 2027-01-01 --name "Interbancário 2027"
    scorekeeper season new season.yaml --rules king-interbancario --starts 2027-01-01 --name "2027" --registry registry/norte.yaml
    """
    out(created_line(core.new(path, rules_ref, starts.date(), name, tuple(registries), force)))


@click.command("add")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@click.argument("event", metavar="[EVENT]", required=False)
@click.option("--phase", type=click.Choice(["regional", "nacional"]), help="The event's phase (Art 2).")
@click.option("--union", help="A regional event's union.")
@click.option("--date", "day", type=DAY, help="The event's day (YYYY-MM-DD).")
@click.option("--registry", help="Add this registry file instead of an event.")
@domain_errors
@journal_said
def season_add(path, event, phase, union, day, registry):
    """Add an event (a tournament file in the season's folder) or a registry to the season.

    \b
    scorekeeper season add season.yaml norte/regional.yaml --phase regional --union norte --date 2027-03-06
    scorekeeper season add season.yaml --registry registry/centro.yaml
    """
    if registry is not None:
        if event is not None:
            raise CommandUsageError(M_("give an EVENT or --registry, not both"))
        added = core.add_registry(path, registry)
        said_first(added.rewritten.news)
        out(registry_added_line(added))
        return
    if event is None or phase is None or day is None:
        raise CommandUsageError(M_("an event needs its file, --phase and --date"))
    done = core.add_event(path, event, phase, union, day.date())
    said_first(done.rewritten.news)
    out(event_added_line(done))


@click.command("inscribe")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@click.argument("ids", metavar="ID...", nargs=-1, required=True)
@click.option("--union", required=True, help="The union that inscribes them.")
@domain_errors
@journal_said
def season_inscribe(path, ids, union):
    """Inscribe a union's finalists by member id (Art 2): the new list replaces the old until the
    final's first game. More than the quota or an ineligible player is refused; a player the
    race did not qualify is inscribed with a warning.

    \b
    scorekeeper season inscribe season.yaml --union norte N0008 N0010 N0007 N0012
    """
    done = core.inscribe(path, union, tuple(ids))
    said_first(done.rewritten.news)
    out(inscribed_line(done))
    for finding in done.warnings:
        out(finding_line(finding), err=True)


@click.command("final")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="The final's tournament file.")
@click.option("--date", "day", type=DAY, help="The final's day (YYYY-MM-DD; default: today, or the day recorded).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@domain_errors
@journal_said
def season_final(path, output, day, force):
    """Write the national final's tournament file (the inscribed, or the qualified where a union
    has not inscribed) and record it as the season's national event; then `tournament draw`.

    The draw is the game's ordinary draw (nobody meets anyone again): it does not keep players of
    one union apart. A committee that wants the first round's tables mixed writes that round into
    the file by hand, with each table's sheet made by `scorekeeper new` (docs/season.md).

    \b
    scorekeeper season final season.yaml -o final/final.yaml --date 2027-06-12
    scorekeeper tournament draw final/final.yaml
    """
    for line in final_lines(core.final(path, output, None if day is None else day.date(), force)):
        out(line)


COMMANDS = (season_new, season_add, season_inscribe, season_final)
