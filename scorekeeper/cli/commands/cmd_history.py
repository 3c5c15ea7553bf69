"""`scorekeeper history`: every change on the record of a sheet, a tournament file or a folder."""

from __future__ import annotations

import click

from scorekeeper.cli.common import domain_errors, emit, out, output_format
from scorekeeper.core.history import history as read_history
from scorekeeper.output.history_text import empty_line, history_text, notice_lines, outside_lines


@click.command(short_help="List every change on the record, oldest first.")
@click.argument("path", metavar="PATH", type=click.Path(dir_okay=True))
@output_format("table", "json", "csv", default="table")
@domain_errors
def history(path, fmt):
    """List every change scorekeeper made to a sheet, a tournament file or every file of a
    folder, oldest first: when, what (an entry's number and its values before and after: a
    corrected or removed entry stays readable here) and who (the user at the command line, or
    the score pad's link and address); then each file changed outside scorekeeper since its
    last recorded change. The record is the journal beside the files
    (.scorekeeper-journal.sqlite). Exit 0; 2 when the journal cannot be read.

    \b
    scorekeeper history mesa1.yaml
    scorekeeper history mesa1.yaml --format json
    scorekeeper history . --format csv
    """
    report = read_history(path)
    data = fmt in ("json", "csv")  # what is said about the journal goes beside the data, not into it
    for line in notice_lines(report):
        out(line, err=data)
    if not report.changes and not data:
        out(empty_line(path))
        return
    emit(history_text(report, fmt, with_file=report.folder_given), fmt)
    for line in outside_lines(report):  # what the record does not hold: an edit by hand since
        out(line, err=data)
