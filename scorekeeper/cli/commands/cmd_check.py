"""`scorekeeper check`: sheets and workbooks against every rule, findings printed as they come."""

from __future__ import annotations

import os
import sys

import click

from scorekeeper import exit_codes
from scorekeeper.cli.common import _progress, out, output_format, rules_option
from scorekeeper.core.check import check_any
from scorekeeper.core.history import SheetJournals
from scorekeeper.i18n import _
from scorekeeper.output.check_report import CheckPrinter


@click.command(short_help="Check sheets against every rule.")
@click.argument("paths", metavar="FILE...", nargs=-1, required=True, type=click.Path(dir_okay=True))
@output_format("text", "table", "json", "csv", default="text")
@rules_option
@click.option("--require-complete", is_flag=True, help="A game with hands still to play is an error.")
def check(paths, fmt, rules_path, require_complete):
    """Check sheets: every hand's total, the phase and game totals, and every rule of the regulation.

    Prints `file:line: severity [CODE]: message [article]` per finding (`file.xlsx:Sheet!D7: ...`
    for a boletim; `scorekeeper codes` lists the codes). Exit 0 when no finding is an error, 1
    when any is, 2 when a file cannot be used.

    \b
    scorekeeper check mesa1.yaml
    scorekeeper check --require-complete examples/king-final-nacional-mesa1.yaml
    scorekeeper check --format json mesa1.yaml jogo.yaml truco.yaml
    scorekeeper check final.xlsx
    """
    printer = CheckPrinter(fmt, say=out, echo=click.echo)
    unusable = errors = False
    journals = SheetJournals()
    aside = fmt != "text"  # what is said of the journal is information: beside data and tables, not in them
    # What check prints streams to standard output; a count is shown only while that goes elsewhere.
    with _progress(_("checking sheets"), enabled=len(paths) > 1 and not sys.stdout.isatty()) as tick:
        for done, path in enumerate(paths, start=1):
            tick(done, len(paths))
            _say_journal(*journals.first_look(path), aside=aside)  # a killed run's change, completed first
            try:
                results = _checked(path, rules_path, require_complete)
            except Exception as exc:  # noqa: BLE001 - one bad sheet never hides the report of the others
                unusable = True
                message = _failure_line(path, exc)
                out(_("Error: {message}").format(message=message), err=True)
                printer.failure(path, message)
                continue
            when = journals.changed_outside(path)
            if when is not None:
                from scorekeeper.output.journal_text import outside_line  # lazy: only beside a journal

                out(outside_line(path, when), err=aside)
            for result in results:
                errors = errors or not result.valid
                printer.sheet(result)
    journals.close()
    printer.close()
    if unusable:
        sys.exit(exit_codes.UNUSABLE)
    sys.exit(exit_codes.SHEET_ERRORS if errors else exit_codes.CLEAN)


def _checked(path: str, rules_path, require_complete: bool) -> list:
    return check_any(path, rules_path, require_complete)


def _say_journal(recovered: list, notices: list, aside: bool) -> None:
    """What the sheet's journal says first (a killed run's change, completed): nothing, and
    nothing loaded, for a folder with no journal."""
    if not (recovered or notices):
        return
    from scorekeeper.output.journal_text import journal_lines  # lazy: only beside a journal

    for line in journal_lines(recovered, notices):
        out(line, err=aside)


def _failure_line(path: str, exc: Exception) -> str:
    """The one line `check` prints for a sheet it cannot use (a bug's traceback on request)."""
    from scorekeeper.output.refusal import internal_error_line, refusal_line  # lazy: only for a sheet that fails

    line = refusal_line(path, exc)
    if line is not None:
        return line
    if os.environ.get("SCOREKEEPER_DEBUG"):
        raise exc
    return internal_error_line(path, exc)
