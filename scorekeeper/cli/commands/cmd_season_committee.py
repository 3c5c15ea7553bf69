"""The `season` subcommands that record what the unions and the committee decide: `agree` (the
unions' agreement on the final, King Art 3, RULINGS TN7) and `decide` (the committee's decision
of a tie at a union's last seat, Art 18, TN10). Each change is atomic and on the journal, with
its change id (`--id`, applied once) and who made it (`--by`); cmd_season adds these to its group."""

from __future__ import annotations

import click

from scorekeeper.cli.commands.cmd_tournament_day import journal_said, said_first
from scorekeeper.cli.common import domain_errors, out
from scorekeeper.core import season as core
from scorekeeper.errors import InputValueError
from scorekeeper.i18n import M_
from scorekeeper.names import name_refusal
from scorekeeper.output.season_committee_text import agreed_lines, decided_lines

SEASON_FILE = click.Path(dir_okay=False)


def journal_options(func):
    """`--id` (the change's id: sent again, it changes nothing) and `--by` (who, for the journal)."""
    func = click.option(
        "--by", metavar="NAME", help="Who makes the change, as the journal records it (default: the user)."
    )(func)
    return click.option(
        "--id",
        "change_id",
        metavar="ID",
        help="The change's id (8 to 80 letters, digits, - and _): a command sent again with it changes nothing.",
    )(func)


def acting_by(path: str, by: str | None) -> None:
    """The journal records `by` as who made the change (the user at the terminal kept as `login`)."""
    if by is None:
        return
    problem = name_refusal(by)
    if problem is not None:
        raise InputValueError(M_("--by: {problem}", problem=problem), path)
    from scorekeeper.journal.who import acting_as, who  # lazy: only a change asks who made it

    said = who()
    acting_as({**said, "user": by, "login": said.get("user")})


@click.command("agree")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@click.option("--date", "day", required=True, metavar="YYYY-MM-DD", help="The day the unions agreed.")
@click.option("--size", required=True, metavar="N", help="The final's players.")
@click.option(
    "--quota", "quotas", multiple=True, required=True, metavar="UNION=N", help="A union's seats; one for each union."
)
@journal_options
@domain_errors
@journal_said
def season_agree(path, day, size, quotas, change_id, by):
    """Record the unions' agreement on the final (Art 3: "desde que haja acordo dos Sindicatos"):
    its size and every union's quota, which add up to it. The latest agreement sets the final;
    the seats the rules' quotas leave open are then filled (RULINGS TN7).

    \b
    scorekeeper season agree season.yaml --date 2027-04-15 --size 16 --quota norte=5 --quota centro=4 --quota sul-e-ilhas=7
    """
    acting_by(path, by)
    agreed = core.agree(path, day, size, tuple(quotas), change_id)
    said_first(agreed.rewritten.news)
    for line in agreed_lines(agreed):
        out(line)


@click.command("decide")
@click.argument("path", metavar="SEASON", type=SEASON_FILE)
@click.option("--date", "day", required=True, metavar="YYYY-MM-DD", help="The day the committee decided.")
@click.option("--union", required=True, help="The union whose last seat is tied.")
@click.option("--seat", required=True, metavar="ID", help="The member the committee gives the seat to.")
@click.option("--article", help='The article the decision rests on (default: the rules\', "Art 18").')
@journal_options
@domain_errors
@journal_said
def season_decide(path, day, union, seat, article, change_id, by):
    """Record the organising committee's decision of a tie at a union's last seat (Art 18: "casos
    omissos"; RULINGS TN10: scorekeeper draws no one): the member given the seat qualifies, the
    others of the tie become reserves. Only a member of that union's registry, tied in its race,
    is given a seat.

    \b
    scorekeeper season decide season.yaml --date 2027-05-02 --union centro --seat C0204
    scorekeeper season decide season.yaml --date 2027-05-02 --union centro --seat C0204 --article "Art 18" --by "Comissão Organizadora"
    """
    acting_by(path, by)
    decided = core.decide(path, day, union, seat, article, change_id)
    said_first(decided.rewritten.news)
    for line in decided_lines(decided):
        out(line)


COMMANDS = (season_agree, season_decide)
