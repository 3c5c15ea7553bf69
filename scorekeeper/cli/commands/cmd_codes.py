"""`scorekeeper codes`: every finding code with its article (the docs' list is its Markdown)."""

from __future__ import annotations

import click

from scorekeeper.cli.common import domain_errors, emit, output_format
from scorekeeper.core.reference import code_rows
from scorekeeper.output.listing import rows_text


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
    headers, rows = code_rows()
    emit(rows_text(headers, rows, fmt, numbers=()), fmt)
