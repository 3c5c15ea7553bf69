"""`scorekeeper rules`: list, show and check rule files."""

from __future__ import annotations

import click

from scorekeeper.cli.common import domain_errors, emit, out, output_format
from scorekeeper.core.reference import checked_rule_files, rule_files, rule_settings
from scorekeeper.i18n import _
from scorekeeper.output.listing import rows_text


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
    headers, rows = rule_files()
    emit(rows_text(headers, rows, fmt, numbers=()), fmt)


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
    headers, rows = rule_settings(ref)
    emit(rows_text(headers, rows, fmt, numbers=(1,)), fmt)  # setting, value


@rules.command("check")
@click.argument("paths", metavar="PATH...", nargs=-1, required=True)
@domain_errors
def rules_check(paths):
    """Validate rule files (a house variant before the tournament).

    \b
    scorekeeper rules check my-club-king.yaml
    """
    for path, rules in checked_rule_files(paths):
        out(_("{path}: ok ({game}, {title})").format(path=path, game=rules.game, title=rules.title))
