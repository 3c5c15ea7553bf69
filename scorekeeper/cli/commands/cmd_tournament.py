"""`scorekeeper tournament`: the championship's commands. Thin, as every command: they parse, call
scorekeeper.core.tournament, and print what output.tournament_text makes of its results; the cli
group loads this module only when asked for."""

from __future__ import annotations

import click

from scorekeeper.cli.commands.cmd_tournament_day import journal_said, said_first
from scorekeeper.cli.common import _exit_for, _progress, domain_errors, echo_json, out, output_format
from scorekeeper.core import tournament as core
from scorekeeper.i18n import _
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.findings_text import finding_line
from scorekeeper.output.journal_text import journal_lines
from scorekeeper.output.tournament_text import (
    FINDING_KEYS,
    check_summary,
    created_line,
    draw_lines,
    exported_line,
    finding_item,
    finding_rows,
    standings_text,
)


@click.group(short_help="Draw, check and rank a championship's rounds.")
def tournament():
    """A championship: its players (or teams), each round's draw and sheets, the standings by
    the regulation's articles.

    \b
    scorekeeper tournament new king --name "Final Nacional" -p Ana -p Bruno -p Carla -p Duarte -p Eduardo -o final.yaml
    scorekeeper tournament draw final.yaml
    scorekeeper tournament check final.yaml
    scorekeeper tournament standings final.yaml
    """


@tournament.command("new")
@click.argument("rules_ref", metavar="RULES")
@click.option("--name", required=True, help="The tournament's name.")
@click.option("-p", "--player", "players", multiple=True, help="A player; repeat for each.")
@click.option("-t", "--team", "teams", multiple=True, metavar="NAME=A,B", help="Team games: a team; repeat for each.")
@click.option("--group", "groups", multiple=True, metavar="NAME=TEAM,TEAM", help="Team games: a group (default: one).")
@click.option("--rounds", "planned", type=click.IntRange(1, 200), help="How many rounds the draws plan for (TN2).")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="The tournament file.")
@click.option(
    "--registry",
    "registries",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="A registry of members in the file's folder (every name must be a member who may play); repeat for each.",
)
@click.option(
    "--date", "day", type=click.DateTime(["%Y-%m-%d"]), help="The event's day (YYYY-MM-DD); needed with --registry."
)
@click.option(
    "--starts", type=click.DateTime(["%Y-%m-%d"]), help="The season's start: members without interruption since (TN8)."
)
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@domain_errors
def tournament_new(rules_ref, name, players, teams, groups, planned, output, registries, day, starts, force):
    """Start a tournament file for RULES with its players (or teams and groups).

    \b
    scorekeeper tournament new king --name "Final Nacional" -p Ana -p Bruno -p Carla -p Duarte -p Eduardo -o final.yaml
    scorekeeper tournament new sueca --name "Torneio" -t Nos=Ana,Bruno -t Eles=Carla,Duarte -t Tres=Eva,Rui -o torneio.yaml
    scorekeeper tournament new king --name "Regional Norte" --registry norte.yaml --date 2026-03-14 -p N001 ... -o norte.yaml
    """
    registration = core.Registration(tuple(registries), day.date() if day else None, starts.date() if starts else None)
    created = core.new(rules_ref, name, output, players, teams, groups, planned, force, registration)
    out(created_line(created))


@tournament.command("draw")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), help="Draw with this seed (the file records each round's).")
@click.option(
    "--time",
    "seconds",
    type=click.FloatRange(0, 600),
    default=5.0,
    show_default=True,
    help="Search for at most this many seconds for tables where nobody meets again.",
)
@click.option(
    "--steps",
    type=click.IntRange(0, 10**9),
    help="Search exactly this many steps, whatever the time (with --seed, the file's `search:` draws a round again).",
)
@click.option("--force", is_flag=True, help="Draw although a sheet of the last round is missing or not clean.")
@click.option(
    "--extra-without",
    "extra_without",
    multiple=True,
    metavar="NAME",
    help="Art 23: a player the cut leaves out who does not play the extra round; repeat for each.",
)
@click.option(
    "--again",
    is_flag=True,
    help="Draw although the last change was the same draw, which a run that was stopped made (a retry).",
)
@domain_errors
@journal_said
def tournament_draw(path, seed, seconds, steps, force, extra_without, again):
    """Draw the next round: its tables (or matches) into FILE, and each one's empty sheet.

    Refused while a sheet of the last round is missing, incomplete or has errors.

    \b
    scorekeeper tournament draw final.yaml
    scorekeeper tournament draw final.yaml --seed 42 --time 10
    scorekeeper tournament draw final.yaml --seed 42 --steps 1500
    """
    for line in draw_lines(core.draw(path, seed, seconds, steps, force, tuple(extra_without), again)):
        out(line)


@tournament.command("check")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@output_format("text", "json", "csv", default="text")
@domain_errors
def tournament_check(path, fmt):
    """Check a tournament: every sheet handed in, complete and clean, its players those of the
    draw, each player once in each round. Exit 1 when anything is wrong.

    Prints `file:line: severity [CODE]: message [article]` per finding and a summary; JSON: a
    list of findings (file, line, severity, code, rule, message), CSV those columns.

    \b
    scorekeeper tournament check final.yaml
    scorekeeper tournament check final.yaml --format json
    """
    with _progress(_("reading sheets")) as tick:
        checked = core.check(path, tick)
    for line in journal_lines(*checked.journal):  # a change a killed run left, completed before reading
        out(line, err=fmt != "text")
    if fmt == "json":
        echo_json([finding_item(finding) for finding in checked.findings])
    elif fmt == "csv":  # a machine's: English keys and words
        out(csv_text(list(FINDING_KEYS), finding_rows(checked.findings), numbers=()), nl=False)
    else:
        for finding in checked.findings:
            out(finding_line(finding))
        out(check_summary(checked, path))
    _exit_for(checked.errors > 0)


@tournament.command("standings")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@output_format("table", "json", "csv", default="table")
@domain_errors
def tournament_standings(path, fmt):
    """The standings by the regulation's articles, with the criterion that decided each place.

    Sheets not handed in yet, or not complete, do not count: the standings say so.

    \b
    scorekeeper tournament standings final.yaml
    scorekeeper tournament standings final.yaml --format json
    """
    with _progress(_("reading sheets")) as tick:
        found = core.standings(path, tick)
    for line in journal_lines(*found.journal):
        out(line, err=fmt != "table")
    text = standings_text(found.tournament, found.rows, fmt, found.ids)
    if fmt == "json":
        click.echo(text, nl=False)  # json_text escapes what a terminal acts on
    else:
        out(text, nl=False)
    for finding in found.pending:  # what check finds: a sheet not counted yet, a player seated twice ...
        out(finding_line(finding), err=True)


@tournament.command("export")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="The .xlsx file to write.")
@click.option("--force", is_flag=True, help="Overwrite an existing workbook.")
@domain_errors
def tournament_export(path, output, force):
    """Export the championship workbook: the standings with live formulas, each round's tables
    by table and by name, and every table's sheet.

    \b
    scorekeeper tournament export final.yaml -o final.xlsx
    """
    with (
        _progress(_("reading sheets")) as reading,
        _progress(_("writing worksheets")) as writing,
        _progress(_("saving the workbook")) as saving,
    ):
        exported = core.export(path, output, force, reading, writing, saving)
    said_first(exported.journal)
    out(exported_line(exported))


from scorekeeper.cli.commands.cmd_tournament_day import COMMANDS as _DAY_COMMANDS  # noqa: E402  (undo, absent, penalty, ...)

for _command in _DAY_COMMANDS:
    tournament.add_command(_command)
