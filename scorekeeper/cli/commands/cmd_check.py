"""`scorekeeper check`: sheets and workbooks against every rule, findings printed as they come."""
from __future__ import annotations

import os
import sys

import click

from scorekeeper import exit_codes
from scorekeeper.cli.common import _progress, os_error_line, out, output_format, rules_option
from scorekeeper.core.check import check_any
from scorekeeper.errors import ScorekeeperError, one_line
from scorekeeper.i18n import N_, _
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.json_shape import sheet_report
from scorekeeper.output.json_text import json_text
from scorekeeper.output.sheet_text import summary
from scorekeeper.output.table_layout import table


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
    printer = CheckPrinter(fmt)
    unusable = errors = False
    # What check prints streams to standard output; a count is shown only while that goes elsewhere.
    with _progress(_("checking sheets"), enabled=len(paths) > 1 and not sys.stdout.isatty()) as tick:
        for done, path in enumerate(paths, start=1):
            tick(done, len(paths))
            try:
                results = _checked(path, rules_path, require_complete)
            except Exception as exc:  # noqa: BLE001 - one bad sheet never hides the report of the others
                unusable = True
                message = _failure_line(path, exc)
                out(_("Error: {message}").format(message=message), err=True)
                printer.failure(path, message)
                continue
            for result in results:
                errors = errors or not result.valid
                printer.sheet(result)
    printer.close()
    if unusable:
        sys.exit(exit_codes.UNUSABLE)
    sys.exit(exit_codes.SHEET_ERRORS if errors else exit_codes.CLEAN)


def _checked(path: str, rules_path, require_complete: bool) -> list:
    return check_any(path, rules_path, require_complete)


def _failure_line(path: str, exc: Exception) -> str:
    """The one line `check` prints for a sheet it cannot use."""
    if isinstance(exc, ScorekeeperError):
        return str(exc)
    if isinstance(exc, OSError):
        return os_error_line(exc)
    if isinstance(exc, (MemoryError, RecursionError)):
        return one_line(_("{path}: too large or too deeply nested to check").format(path=path))
    if os.environ.get("SCOREKEEPER_DEBUG"):
        raise exc
    return one_line(_("{path}: internal error, please report it: {error}").format(
        path=path, error=f"{type(exc).__name__}: {exc}"))[:300]


TABLE_HEADERS = [N_("location"), N_("severity"), N_("code"), N_("hand"), N_("player"), N_("message"), N_("rule")]


class CheckPrinter:
    """Prints each sheet's report as soon as it is checked, so that checking 10,000 sheets holds
    one sheet in memory, not all of them (the JSON array is written element by element)."""

    HEADERS = ["location", "severity", "code", "hand", "player", "message", "rule"]

    def __init__(self, fmt: str):
        self.fmt = fmt
        self.count = 0

    def sheet(self, result) -> None:
        if self.fmt == "json":
            self._json(sheet_report(result))
        elif self.fmt == "text":
            for finding in result.findings:
                out(finding.format())
            out(summary(result))
        else:
            table = self.fmt == "table"  # a table is read by a person; CSV is data, in English keys
            rows = [[f.location, f.severity.word if table else f.severity.value, f.code, f.hand or "",
                     f.player or "", f.message, f.rule] for f in result.findings]
            self._rows(rows)

    def failure(self, path: str, message: str) -> None:
        if self.fmt == "json":
            self._json({"file": path, "error": message})

    def _json(self, item) -> None:
        import textwrap  # lazy: only --format json indents; check of one sheet prints text

        text = textwrap.indent(json_text(item), "  ")
        click.echo(("[\n" if self.count == 0 else ",\n") + text, nl=False)
        self.count += 1

    def _rows(self, rows: list[list]) -> None:
        if self.fmt == "csv":
            text = csv_text(self.HEADERS if self.count == 0 else None, rows, numbers=())  # all text
            if text:
                out(text, nl=False)
            self.count += 1
        elif rows:  # table: one table per sheet with findings, so nothing waits for the whole batch
            if self.count:
                out()
            out(table([_(header) for header in TABLE_HEADERS], rows))
            self.count += 1

    def close(self) -> None:
        if self.fmt == "json":
            click.echo("[]" if self.count == 0 else "\n]")
