"""`scorekeeper rules`: list, show and check rule files."""
from __future__ import annotations

import click

from scorekeeper.cli.common import _print_rows, domain_errors, out, output_format
from scorekeeper.i18n import N_, _
from scorekeeper.rulebook.registry import all_shipped, describe, find, load_path


@click.group(short_help="List, show or check rule files.")
def rules():
    """The rule files: list them, show one, check a house variant.

    \b
    scorekeeper rules list
    scorekeeper rules show king
    scorekeeper rules check my-club-king.yaml
    """


@rules.command("list")
@output_format("table", "json", "csv", default="table")
@domain_errors
def rules_list(fmt):
    """List the shipped rule files with their aliases.

    \b
    scorekeeper rules list
    """
    headers = [N_("name"), N_("aliases"), N_("game"), N_("title"), N_("file")]  # English: JSON and CSV keys
    rows = [[r.name, ", ".join(r.aliases), r.game, r.title, r.source] for r in all_shipped()]
    _print_rows(headers, rows, fmt, numbers=())


@rules.command("show")
@click.argument("ref", metavar="NAME|PATH")
@output_format("table", "json", "csv", default="table")
@domain_errors
def rules_show(ref, fmt):
    """Show every number of a rule file.

    \b
    scorekeeper rules show king
    scorekeeper rules show rei --format json
    """
    headers, rows = describe(find(ref))
    _print_rows(headers, rows, fmt, numbers=(1,))  # setting, value


@rules.command("check")
@click.argument("paths", metavar="PATH...", nargs=-1, required=True)
@domain_errors
def rules_check(paths):
    """Validate rule files (a house variant before the tournament).

    \b
    scorekeeper rules check my-club-king.yaml
    """
    for path in paths:
        rules = load_path(path)
        out(_("{path}: ok ({game}, {title})").format(path=path, game=rules.game, title=rules.title))
