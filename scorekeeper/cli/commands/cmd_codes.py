"""`scorekeeper codes`: every finding code with its article (the README's list is its Markdown)."""
from __future__ import annotations

import click

from scorekeeper.cli.common import _print_rows, domain_errors, out, output_format
from scorekeeper.finding_codes import all_kinds
from scorekeeper.i18n import N_, _

CODE_HEADERS = [N_("code"), N_("rule"), N_("meaning")]


@click.command(short_help="List the finding codes, with their articles.")
@output_format("table", "json", "csv", "markdown", default="table")
@domain_errors
def codes(fmt):
    """List every kind of finding scorekeeper reports: its code (the same in every language, never
    reused), the article it is found under and what it means.

    \b
    scorekeeper codes
    scorekeeper codes --format json
    """
    rows = [[kind.code, kind.rule, _(kind.meaning)] for kind in all_kinds()]
    if fmt == "markdown":
        out(_markdown_table([_(header) for header in CODE_HEADERS], rows))
        return
    _print_rows(CODE_HEADERS, rows, fmt, numbers=())


def _markdown_table(headers, rows) -> str:
    """A Markdown table (the README's list of codes is this output)."""
    def line(cells):
        return "| " + " | ".join(str(cell).replace("|", "\\|") for cell in cells) + " |"
    return "\n".join([line(headers), line("---" for header in headers), *(line(row) for row in rows)])
