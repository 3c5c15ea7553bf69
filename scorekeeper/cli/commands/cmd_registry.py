"""`scorekeeper registry import | check | show`: a union's registry of members (King Art 2, Truco
Art 1, RULINGS TN8, TN9). Thin: each parses, calls scorekeeper.core.registry and prints what
output.registry_text makes of its results; the cli group loads this module only when asked for."""

from __future__ import annotations

import datetime
import sys

import click

from scorekeeper import exit_codes
from scorekeeper.cli.commands.cmd_tournament_day import journal_said
from scorekeeper.cli.common import _exit_for, domain_errors, echo_json, out, output_format
from scorekeeper.core import registry as core
from scorekeeper.errors import CommandUsageError
from scorekeeper.i18n import M_, _
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.findings_text import finding_line
from scorekeeper.output.journal_text import journal_lines
from scorekeeper.output.registry_text import (
    check_summary,
    import_lines,
    member_item,
    member_lines,
    record_item,
    record_lines,
)
from scorekeeper.output.tournament_text import FINDING_KEYS, finding_item, finding_rows

FILE = click.Path(dir_okay=False)
LIST_FILE = click.Path()  # a directory or a FIFO is refused by the reader, in one line naming it


def _day(text: str | None) -> datetime.date | None:
    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise click.BadParameter(_("{value} is not a day (YYYY-MM-DD)").format(value=text)) from None


ON = click.option("--on", "on", metavar="DATE", help="Read the registry as on this day (default: today).")


@click.group(short_help="A union's registry of members: import, check, show.")
def registry():
    """Each organising union's members, with their dated periods of membership (King Art 2), in
    registry/UNION.yaml: imported from the union's list, checked, shown member by member.

    \b
    scorekeeper registry import socios-norte.csv --union norte --name "Sindicato dos Bancários do Norte"
    scorekeeper registry check registry/norte.yaml registry/centro.yaml registry/sul.yaml
    scorekeeper registry show N001 --registry registry/norte.yaml --registry registry/centro.yaml
    """


@registry.command("import")
@click.argument("source", metavar="FILE.csv|FILE.xlsx", type=LIST_FILE)
@click.option("--union", required=True, help="The union's id: the file written is registry/UNION.yaml.")
@click.option("--name", help='The union\'s name, e.g. "Sindicato dos Bancários do Norte".')
@ON
@domain_errors
@journal_said
def registry_import(source, union, name, on):
    """Import a union's list of members into registry/UNION.yaml under the current folder.

    The list has a header row and one row per period: columns id, name, from, to (any order; a
    CSV separated by , or ;, UTF-8; dates 2026-01-31 or 31/01/2026; an empty `to`: a member
    still). A member in the list gets its name (the old one kept as an alias) and its periods;
    a new one is added; a member the list does not name is kept, and said. Any unusable value
    refuses the whole list, each said at its row: nothing is written. Exit 1 when the registry
    written has an error (`registry check`'s findings).

    \b
    scorekeeper registry import socios-norte.csv --union norte --name "Sindicato dos Bancários do Norte"
    scorekeeper registry import socios-centro.xlsx --union centro
    """
    try:
        imported = core.import_registry(source, union, name, on=_day(on))
    except core.RegistryImportError as exc:
        for problem in exc.problems:
            out(_("Error: {message}").format(message=str(problem)), err=True)
        if exc.more:
            out(_("Error: and {count} more problems; nothing imported").format(count=exc.more), err=True)
        sys.exit(exit_codes.UNUSABLE)
    for line in journal_lines(list(imported.recovered), list(imported.notices)):
        out(line)
    for line in import_lines(imported):
        out(line)
    _exit_for(imported.errors > 0)


@registry.command("check")
@click.argument("paths", metavar="FILE...", nargs=-1, required=True, type=FILE)
@output_format("text", "json", "csv", default="text")
@ON
def registry_check(paths, fmt, on):
    """Check registries together: periods that overlap or end before they start, a period that
    starts after today, an id given twice, a same_as that names no member or one of his own
    union, one person in two unions on the same days (TN9), two members written alike with no
    same_as between them. Exit 0 when no finding is an error, 1 when any is, 2 when a file
    cannot be read.

    \b
    scorekeeper registry check registry/norte.yaml
    scorekeeper registry check registry/*.yaml --format json
    """
    checked = core.check_registries(paths, _day(on))
    for problem in checked.unusable:
        out(_("Error: {message}").format(message=str(problem)), err=True)
    findings = list(checked.findings)
    if fmt == "json":
        echo_json([finding_item(finding) for finding in findings])
    elif fmt == "csv":
        out(csv_text(list(FINDING_KEYS), finding_rows(findings), numbers=()), nl=False)
    else:
        for finding in findings:
            out(finding_line(finding))
        out(check_summary(checked))
    if checked.unusable:
        sys.exit(exit_codes.UNUSABLE)
    _exit_for(checked.errors > 0)


@registry.command("show")
@click.argument("asked", metavar="ID|NAME")
@click.option(
    "--registry",
    "paths",
    multiple=True,
    type=FILE,
    help="A registry file (registry/UNION.yaml); repeat for each union.",
)
@click.option(
    "--season",
    type=FILE,
    help="A season file: its registries, and the person's events, places, titles, rating and whom he met.",
)
@output_format("text", "json", default="text")
@ON
@domain_errors
def registry_show(asked, paths, season, fmt, on):
    """A member: his id in each union (same_as), his names and aliases, his periods, and his union
    today (or --on DATE). A name is found as a tournament's sheet is: written as the registry
    writes it, an alias, without accents or case, or by initials.

    \b
    scorekeeper registry show N001 --registry registry/norte.yaml --registry registry/centro.yaml
    scorekeeper registry show "Jose Magalhaes" --registry registry/norte.yaml --on 2026-05-01
    scorekeeper registry show N0101 --season season.yaml
    """
    from scorekeeper.core import person_record  # lazy: a season's events are read only with --season

    if not paths and season is None:
        raise CommandUsageError(M_("name the registries (--registry FILE) or a season (--season FILE)"))
    record = None
    if season is not None:
        read, registries = person_record.season_registries(season)
        card = core.show_member(asked, [*paths, *registries], _day(on))
        record = person_record.person_record(read, card.person.id)
    else:
        card = core.show_member(asked, paths, _day(on))
    if fmt == "json":
        echo_json({**member_item(card), **({} if record is None else record_item(record))})
    else:
        for line in [*member_lines(card), *([] if record is None else record_lines(record))]:
            out(line)
