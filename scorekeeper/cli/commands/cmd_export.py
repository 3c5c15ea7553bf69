"""`scorekeeper export`: sheets to an Excel boletim, or a blank one."""
from __future__ import annotations

import click

from scorekeeper import games, i18n
from scorekeeper.cli.common import (
    UnusableInput,
    _in_workbook_language,
    domain_errors,
    naming,
    out,
    refuse_overwrite,
    rules_option,
)
from scorekeeper.i18n import _
from scorekeeper.rulebook import registry
from scorekeeper.sheet.load import load_sheet, score
from scorekeeper.sheet.new import check_header, seated
from scorekeeper.workbook import export as exporter


@click.command(short_help="Export sheets to an Excel boletim, or a blank one.")
@click.argument("paths", metavar="SHEET...", nargs=-1)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="The .xlsx file to write.")
@click.option("--blank", "blank_rules", metavar="RULES", help="Write an empty boletim for these rules instead.")
@click.option("-p", "--player", "players", multiple=True, help="With --blank: a player, in seat order.")
@click.option("-t", "--team", "teams", multiple=True, metavar="NAME=A,B", help="With --blank: a team (team games).")
@click.option("--scorer", help="With --blank: the responsible scorer (Art 6).")
@click.option("--event", help="With --blank: event name.")
@click.option("--table", help="With --blank: table number.")
@click.option("--round", "round_", help="With --blank: round number.")
@click.option("--date", help="With --blank: date, YYYY-MM-DD.")
@click.option("--force", is_flag=True, help="Overwrite an existing workbook.")
@rules_option
@domain_errors
def export(paths, output, blank_rules, players, teams, scorer, event, table, round_, date, force, rules_path):
    """Export sheets to an Excel boletim with live formulas (one worksheet per sheet, and a
    summary when there are several), or an empty boletim with --blank.

    The output is named `.xlsx`.

    \b
    scorekeeper export mesa1.yaml -o mesa1.xlsx
    scorekeeper export mesa1.yaml jogo.yaml truco.yaml -o final.xlsx
    scorekeeper export --blank king -p Ana -p Bruno -p Carla -p Duarte -o boletim.xlsx
    scorekeeper export --blank sueca -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o ficha.xlsx
    scorekeeper export --blank truco -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o truco.xlsx
    scorekeeper export --blank quatrilho -p Ari -p Bia -p Caio -p Davi -p Eva -o planilha.xlsx
    """
    if not output.lower().endswith(".xlsx"):  # an Excel file under another name opens nowhere
        raise UnusableInput(_("{path}: a boletim is an Excel workbook; name it with .xlsx").format(path=output))
    refuse_overwrite(output, force)
    if blank_rules or (rules_path and not paths):
        if paths:
            raise click.UsageError(_("--blank takes no SHEET arguments"))
        rules = naming(output, registry.find, rules_path or blank_rules)
        game = games.get(rules.game)
        who = seated(game, rules, players, teams, output)
        check_header(game, who, scorer, date, output)
        meta = {"event": event, "table": table, "round": round_, "date": date, "rules": rules_path or blank_rules}
        workbook = _in_workbook_language(i18n.workbook_language(game.workbook_language),
                                         lambda: exporter.blank_workbook(game, rules, who, scorer, meta))
        exporter.save(workbook, output, force)
        names = " v ".join(who) if isinstance(who, dict) else ", ".join(who)
        out(_("Wrote {path}: an empty {rules} {workbook} for {names}").format(
            path=output, rules=rules.name, workbook=_(game.workbook_word), names=names))
        return
    if not paths:
        raise click.UsageError(_("name the sheets to export, or use --blank RULES"))

    scored = []
    for path in paths:
        sheet = load_sheet(path, rules_path)  # a sheet that cannot be used is refused in the terminal's language
        scored.append((sheet, score(sheet)))
    language = i18n.workbook_language(games.get(scored[0][0].rules.game).workbook_language)
    if language != i18n.active():
        # Findings are written into the workbook as notes, in its language: a sheet that has any
        # is read again in that language (a clean one has nothing to say, and is read once).
        with i18n.speaking(language):
            for index, (path, (sheet, result)) in enumerate(zip(paths, scored)):
                if result.findings:
                    sheet = load_sheet(path, rules_path)
                    scored[index] = (sheet, score(sheet))
    workbook = _in_workbook_language(language, lambda: exporter.build_workbook(scored))
    exporter.save(workbook, output, force)
    titles = [ws.title for ws in workbook.worksheets]
    out(_("Wrote {path}: {worksheets}").format(path=output, worksheets=", ".join(titles)))
