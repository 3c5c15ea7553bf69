"""`scorekeeper tournament`: the championship's commands. Thin, as every command: they parse, call
scorekeeper.tournaments, and print; the cli group loads this module only when asked for."""
from __future__ import annotations

import click

from scorekeeper import games, i18n
from scorekeeper.cli.common import (
    UnusableInput,
    _exit_for,
    _progress,
    domain_errors,
    echo_json,
    out,
    output_format,
    refuse_overwrite,
)
from scorekeeper.core.export import in_workbook_language
from scorekeeper.i18n import _, ngettext
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.findings_text import finding_line
from scorekeeper.output.table_layout import table
from scorekeeper.sheet.saving import write_new, writer_lock
from scorekeeper.tournaments import draw_round as drawing
from scorekeeper.tournaments.collect import check as check_tournament
from scorekeeper.tournaments.new_tournament import check_entrants, find_rules, new_tournament_text, parse_groups
from scorekeeper.tournaments.standings import standings, standings_rows, standings_table
from scorekeeper.tournaments.tournament_file import load, parse, read_tournament_text
from scorekeeper.tournaments.workbook_write import build, refuse_oversized, workbook_bytes


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
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@domain_errors
def tournament_new(rules_ref, name, players, teams, groups, planned, output, force):
    """Start a tournament file for RULES with its players (or teams and groups).

    \b
    scorekeeper tournament new king --name "Final Nacional" -p Ana -p Bruno -p Carla -p Duarte -p Eduardo -o final.yaml
    scorekeeper tournament new sueca --name "Torneio" -t Nos=Ana,Bruno -t Eles=Carla,Duarte -t Tres=Eva,Rui -o torneio.yaml
    """
    rules, written_ref = find_rules(rules_ref, output)
    refuse_overwrite(output, force)
    game = games.get(rules.game)
    who = check_entrants(game, rules, players, teams, output)
    grouped = parse_groups(groups, who, output) if isinstance(who, dict) else None
    write_new(output, new_tournament_text(name, written_ref, who, grouped, planned, output), force)
    if isinstance(who, dict):
        said = ngettext("Created {path}: {rules}, {count} team. Next: scorekeeper tournament draw {path}",
                        "Created {path}: {rules}, {count} teams. Next: scorekeeper tournament draw {path}", len(who))
    else:
        said = ngettext("Created {path}: {rules}, {count} player. Next: scorekeeper tournament draw {path}",
                        "Created {path}: {rules}, {count} players. Next: scorekeeper tournament draw {path}",
                        len(who))
    out(said.format(path=output, rules=rules.name, count=len(who)))


@tournament.command("draw")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), help="Draw with this seed (the file records each round's).")
@click.option("--time", "seconds", type=click.FloatRange(0, 600), default=5.0, show_default=True,
              help="Search for at most this many seconds for tables where nobody meets again.")
@click.option("--steps", type=click.IntRange(0, 10**9), help="Search exactly this many steps, whatever the time "
              "(with --seed, the file's `search:` draws a round again).")
@click.option("--force", is_flag=True, help="Draw although a sheet of the last round is missing or not clean.")
@click.option("--extra-without", "extra_without", multiple=True, metavar="NAME",
              help="Art 23: a player the cut leaves out who does not play the extra round; repeat for each.")
@domain_errors
def tournament_draw(path, seed, seconds, steps, force, extra_without):
    """Draw the next round: its tables (or matches) into FILE, and each one's empty sheet.

    Refused while a sheet of the last round is missing, incomplete or has errors.

    \b
    scorekeeper tournament draw final.yaml
    scorekeeper tournament draw final.yaml --seed 42 --time 10
    scorekeeper tournament draw final.yaml --seed 42 --steps 1500
    """
    with writer_lock(path) as target:
        # The real path it locked is read; the file is named, and its sheets and rules found, as
        # typed (every other command does so: a message never shows a path the user did not give).
        text = read_tournament_text(target, path)
        tournament = parse(text, path)
        checked = check_tournament(tournament)
        if not force:
            drawing.refuse_unfinished(tournament, checked.findings)
        drawn = drawing.draw(tournament, checked, seed, seconds, steps, tuple(extra_without))
        sheets, rounds = drawn.sheets, [drawn.lines]
        if drawn.extra is not None:
            sheets, rounds = [*sheets, *drawn.extra.sheets], [*rounds, drawn.extra.lines]
        text = drawing.append_round(tournament, text, *rounds)
        drawing.write_round(tournament, sheets, target, text)  # the sheets, then the file: all or nothing
    number = len(tournament.rounds) + 1
    out(_("Round {number} drawn into {path}:").format(number=number, path=path))
    for line in [*drawn.summary, *_searched(drawn.search)]:
        out(f"  {line}")
    if drawn.extra is not None:
        out(_("Round {number}, apart, for the players the cut left out:").format(number=number + 1))
        for line in [*drawn.extra.summary, *_searched(drawn.extra.search)]:
            out(f"  {line}")


def _searched(search) -> list[str]:
    """What a players' game's draw says of its search (draw.Draw): how long it took against its
    budget, and each pair the round seats together again with their meetings, or that none is."""
    if search is None:
        return []
    seconds = i18n.decimal(f"{search.seconds:.1f}")
    if search.budget is None:
        took = ngettext("searched {seconds} s, {steps} step", "searched {seconds} s, {steps} steps",
                        search.steps).format(seconds=seconds, steps=i18n.grouped(search.steps))
    else:
        took = _("searched {seconds} s of {budget} s").format(seconds=seconds,
                                                              budget=i18n.decimal(f"{search.budget:g}"))
    if not search.again:
        return [_("Nobody meets anyone again ({searched})").format(searched=took)]
    lines = [_("Meeting again ({searched}):").format(searched=took)]
    for again in search.again:
        lines.append("  " + _("{first} and {second}: {times} times").format(
            first=again.first, second=again.second, times=again.times))
    return lines


@tournament.command("check")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@domain_errors
def tournament_check(path):
    """Check a tournament: every sheet handed in, complete and clean, its players those of the
    draw, each player once in each round. Exit 1 when anything is wrong.

    \b
    scorekeeper tournament check final.yaml
    """
    tournament = load(path)
    with _progress(_("reading sheets")) as tick:
        checked = check_tournament(tournament, tick)
    findings = checked.findings
    for finding in findings:
        out(finding_line(finding))
    errors = sum(1 for f in findings if f.is_error)
    warnings = len(findings) - errors
    said = [ngettext("{count} error", "{count} errors", errors).format(count=errors)] if errors else []
    if warnings:
        said.append(ngettext("{count} warning", "{count} warnings", warnings).format(count=warnings))
    rounds = len(tournament.rounds)
    out(_("{path}: {said} ({rules}, {rounds})").format(
        path=path, said=", ".join(said) or _("clean"), rules=tournament.rules.name,
        rounds=ngettext("{count} round", "{count} rounds", rounds).format(count=rounds)))
    _exit_for(errors > 0)


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
    tournament = load(path)
    with _progress(_("reading sheets")) as tick:
        rows, pending = standings(tournament, tick)
    if fmt == "json":
        echo_json([row_dict for row_dict in standings_rows(tournament, rows)])
    elif fmt == "csv":  # a machine's: English heads and words, the decimal point
        shown = standings_table(standings_rows(tournament, rows), csv=True)
        out(csv_text(shown.headers, shown.rows, range(shown.names, len(shown.headers) - 1)), nl=False)
    else:
        shown = standings_table(standings_rows(tournament, rows))
        out(table(shown.headers, shown.rows, numeric_from=shown.names, numeric_until=len(shown.headers) - 1,
                         tight=True))
    for finding in pending:  # what check finds: a sheet not counted yet, a player seated twice ...
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
    if not output.lower().endswith(".xlsx"):
        raise UnusableInput(_("{path}: a workbook is an Excel file; name it with .xlsx").format(path=output))
    refuse_overwrite(output, force)
    tournament = load(path)  # a file that cannot be used is refused in the terminal's language
    refuse_oversized(tournament)  # before a sheet is read: the export's time is bounded
    # The workbook speaks the language chosen, else its game's own (King, Sueca: Portugal's;
    # Truco, Quatrilho: Brazil's); its notes of what is provisional too, so the sheets are
    # checked inside. The progress on the terminal speaks the terminal's.
    language = i18n.workbook_language(games.get(tournament.rules.game).workbook_language)
    terminal = i18n.active()
    with _progress(_("reading sheets")) as reading, _progress(_("writing worksheets")) as writing, \
            _progress(_("saving the workbook")) as saving:
        def said(tick):
            def told(done: int, total: int) -> None:
                with i18n.speaking(terminal):
                    tick(done, total)
            return told

        workbook = in_workbook_language(language, lambda: build(tournament, said(reading), said(writing)))
        data = workbook_bytes(workbook, saving)
    write_new(output, data, force)
    titles, more = ", ".join(ws.title for ws in workbook.worksheets[:6]), len(workbook.worksheets) - 6
    if more > 0:
        out(ngettext("Wrote {path}: {worksheets} and {count} more", "Wrote {path}: {worksheets} and {count} more",
                     more).format(path=output, worksheets=titles, count=more))
    else:
        out(_("Wrote {path}: {worksheets}").format(path=output, worksheets=titles))


from scorekeeper.cli.commands.cmd_tournament_day import COMMANDS as _DAY_COMMANDS  # noqa: E402  (undo, absent, penalty, ...)

for _command in _DAY_COMMANDS:
    tournament.add_command(_command)
