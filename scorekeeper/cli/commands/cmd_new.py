"""`scorekeeper new`: a sheet for a game, its players or teams seated."""

from __future__ import annotations

import click

from scorekeeper.cli.common import domain_errors, out
from scorekeeper.core.new import new_sheet
from scorekeeper.i18n import _
from scorekeeper.output.sheet_text import who_words


@click.command(short_help="Start a sheet for a game.")
@click.argument("rules_ref", metavar="RULES", required=False)
@click.option("--rules", "rules_path", metavar="PATH", help="A rule file (house variant) instead of RULES.")
@click.option(
    "-p", "--player", "players", multiple=True, help="A player, in seat order (the first deals first); repeat for each."
)
@click.option(
    "-t",
    "--team",
    "teams",
    multiple=True,
    metavar="NAME=A,B",
    help="Team games: a team and its players; repeat for each.",
)
@click.option("-o", "--output", "output", required=True, type=click.Path(dir_okay=False), help="The sheet file.")
@click.option("--scorer", help="The responsible scorer (Art 6); the first player by default.")
@click.option("--event", help="Event name.")
@click.option("--table", help="Table number.")
@click.option("--round", "round_", help="Round number.")
@click.option("--date", help="Date, YYYY-MM-DD.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@domain_errors
def new(rules_ref, rules_path, players, teams, output, scorer, event, table, round_, date, force):
    """Start a new sheet for RULES (a name such as king, or a rule file).

    \b
    scorekeeper new king -p Ana -p Bruno -p Carla -p Duarte -o mesa1.yaml --event "Final Nacional" --table 1 --round 1
    scorekeeper new sueca -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o jogo.yaml
    scorekeeper new truco -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o truco.yaml
    scorekeeper new quatrilho -p Ari -p Bia -p Caio -p Davi -p Eva -o mesa7.yaml --scorer "Fiscal Rui"
    """
    ref = rules_path or rules_ref
    if not ref:
        raise click.UsageError(_("name the rules (`scorekeeper rules list` lists them) or give --rules PATH"))
    created = new_sheet(
        ref, output, players, teams, scorer=scorer, event=event, table=table, round_=round_, date=date, force=force
    )
    out(
        _("Created {path}: {rules}, {who}. Next: scorekeeper record {path}").format(
            path=created.path, rules=created.rules, who=who_words(created.who)
        )
    )
