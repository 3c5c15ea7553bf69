"""`scorekeeper import`: a filled-in boletim read back into sheets."""

from __future__ import annotations

import sys

import click

from scorekeeper import exit_codes
from scorekeeper.cli.common import _exit_for, domain_errors, out, rules_option
from scorekeeper.core.import_ import import_to_text, import_workbook
from scorekeeper.i18n import _
from scorekeeper.output.findings_text import findings_report
from scorekeeper.output.terminal import write_file_text


@click.command("import", short_help="Read a filled-in boletim back into a sheet.")
@click.argument("workbook_path", metavar="IN.xlsx", type=click.Path(dir_okay=True))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(allow_dash=True),
    help="The YAML sheet to write (a folder when the workbook holds several boletins; - for stdout).",
)
@click.option("--sheet", "worksheet", help="The worksheet to import, when there are several.")
@click.option("--force", is_flag=True, help="Overwrite existing YAML sheets.")
@rules_option
@domain_errors
def import_(workbook_path, output, worksheet, force, rules_path):
    """Import a filled-in boletim back into a YAML sheet: what was typed in its visible cells.

    The sheet is written as typed, even when it is wrong; its findings are then printed as
    `check` prints them, at the lines of the written sheet (at the workbook's cells, on
    stderr, with `-o -`), and the exit code is 1 when any is an error.

    \b
    scorekeeper import mesa1.xlsx -o copia.yaml
    scorekeeper import final.xlsx --sheet "Mesa1 R1" -o mesa1-copia.yaml
    scorekeeper import final.xlsx -o sheets/             # an existing folder: one sheet per boletim
    scorekeeper import mesa1.xlsx -o -                   # the YAML on standard output
    """
    if output == "-":  # to standard output: one boletim, named or alone
        boletim = import_to_text(workbook_path, worksheet, rules_path)
        write_file_text(boletim.text)
        _exit_for(_said(boletim.check(), err=True))  # stdout holds the YAML alone
        return
    errors = unusable = False
    for written in import_workbook(workbook_path, output, worksheet, rules_path, force):
        if written.rules_outside:
            out(
                _("Wrote {path}; its rules are outside its folder: check it with --rules {rules}").format(
                    path=written.path, rules=rules_path
                )
            )
        else:
            out(_("Wrote {path}").format(path=written.path))
        if written.error is not None:
            out(_("Error: {message}").format(message=written.error), err=True)
            unusable = True
        else:  # what is wrong is said at once, at the written sheet's lines, and exits 1
            errors = _said(written.result) or errors
    if unusable:
        sys.exit(exit_codes.UNUSABLE)
    _exit_for(errors)


def _said(result, err: bool = False) -> bool:
    """Print a sheet's findings and summary as `check` does (nothing when it is clean); True
    when any finding is an error."""
    report = findings_report(result)
    if report:
        out(report, err=err)
    return not result.valid
