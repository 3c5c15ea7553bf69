"""`scorekeeper export`: sheets to an Excel boletim, or a blank one."""

from __future__ import annotations

import click

from scorekeeper.cli.common import domain_errors, out, rules_option
from scorekeeper.core import export as exporting
from scorekeeper.i18n import _


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
    meta = {"event": event, "table": table, "round": round_, "date": date}
    written = exporting.export(
        paths,
        output,
        blank=blank_rules,
        rules_path=rules_path,
        players=players,
        teams=teams,
        scorer=scorer,
        meta=meta,
        force=force,
    )
    if isinstance(written, exporting.BlankExported):
        out(
            _("Wrote {path}: an empty {rules} {workbook} for {names}").format(
                path=written.path, rules=written.rules, workbook=_(written.workbook_word), names=written.names
            )
        )
    else:
        out(_("Wrote {path}: {worksheets}").format(path=written.path, worksheets=", ".join(written.worksheets)))
