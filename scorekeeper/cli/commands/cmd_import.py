"""`scorekeeper import`: a filled-in boletim read back into sheets."""
from __future__ import annotations

import os
import sys

import click

from scorekeeper import exit_codes
from scorekeeper.cli.common import (
    UnusableInput,
    _exit_for,
    _report_findings,
    domain_errors,
    out,
    refuse_overwrite,
    rules_option,
)
from scorekeeper.errors import ScorekeeperError, quote
from scorekeeper.i18n import _
from scorekeeper.output.terminal import write_file_text
from scorekeeper.rulebook.registry import looks_like_path
from scorekeeper.sheet.load import load_sheet, score
from scorekeeper.sheet.saving import write_new
from scorekeeper.sheet.yaml_lines import MAX_FILE_BYTES
from scorekeeper.workbook.read import read_workbook


@click.command("import", short_help="Read a filled-in boletim back into a sheet.")
@click.argument("workbook_path", metavar="IN.xlsx", type=click.Path(dir_okay=True))
@click.option("-o", "--output", required=True, type=click.Path(allow_dash=True),
              help="The YAML sheet to write (a folder when the workbook holds several boletins; - for stdout).")
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
    boletins = read_workbook(workbook_path)
    if output == "-":  # to standard output: one boletim, named or alone
        chosen = [b for b in boletins if worksheet is None or b.title == worksheet]
        if len(chosen) != 1:
            raise UnusableInput(_("{path}: -o - writes one boletim; name it with --sheet").format(path=workbook_path))

        write_file_text(chosen[0].to_yaml(rules_path))
        _exit_for(_report_findings(chosen[0].check(rules_path), err=True))  # stdout holds the YAML alone
        return
    if worksheet is not None:
        boletins = [b for b in boletins if b.title == worksheet]
        if not boletins:
            raise UnusableInput(_("{path}: no boletim worksheet named {name}").format(path=workbook_path,
                                                                                       name=quote(worksheet)))
    if len(boletins) > 1 and not os.path.isdir(output):
        titles = ", ".join(quote(b.title) for b in boletins[:10]) + (", ..." if len(boletins) > 10 else "")
        raise UnusableInput(_("{path}: holds {count} boletins ({titles}); give --sheet NAME or an existing "
                              "folder as -o").format(path=workbook_path, count=len(boletins), titles=titles))
    targets = []
    for boletim in boletins:
        target = output
        if os.path.isdir(output):
            safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in boletim.title)
            target = os.path.join(output, f"{safe}.yaml")
        refuse_overwrite(target, force)  # all of them before any is written
        ref = _sheet_rules_ref(rules_path, target)
        text = boletim.to_yaml(rules_path, ref)
        _refuse_unreadable(text, boletim.source)
        # what the workbook's cells say that the sheet cannot (a count read from a formula)
        targets.append((target, text, ref, boletim.cell_findings(rules_path)))

    house_file = rules_path is not None and looks_like_path(rules_path)

    errors = unusable = False
    for target, text, ref, cell_findings in targets:
        write_new(target, text, force)
        if ref is None and house_file:
            out(_("Wrote {path}; its rules are outside its folder: check it with --rules {rules}").format(
                path=target, rules=rules_path))
        else:
            out(_("Wrote {path}").format(path=target))
        # A faithful copy of the paper is written even when the paper is wrong; what is wrong is said
        # at once, at the written sheet's lines (where `check` and `fix` will point), and exits 1.
        try:
            result = score(load_sheet(target, rules_path, text))
            result.findings[:0] = cell_findings
            errors = _report_findings(result) or errors
        except ScorekeeperError as exc:  # written as typed; each sheet after it is written and checked too
            out(_("Error: {message}").format(message=exc), err=True)
            unusable = True
    if unusable:
        sys.exit(exit_codes.UNUSABLE)
    _exit_for(errors)


def _refuse_unreadable(text: str, source: str) -> None:
    """A sheet larger than any command reads back is never written (yaml_lines' file limit)."""
    if len(text.encode("utf-8", "surrogateescape")) > MAX_FILE_BYTES:
        raise UnusableInput(_("{source}: the sheet would be larger than {size} KiB; not imported").format(
            source=source, size=MAX_FILE_BYTES // 1024))


def _sheet_rules_ref(rules_path: str | None, target: str) -> str | None:
    """What an imported sheet's `rules:` says when --rules named a house variant's file: the
    file relative to the sheet, where a sheet may name one (its own folder or below); None
    (the rules' name) otherwise."""
    if rules_path is None or not looks_like_path(rules_path):
        return None
    folder = os.path.dirname(os.path.realpath(target))
    relative = os.path.relpath(os.path.realpath(rules_path), folder)
    if relative.startswith(os.pardir):
        return None
    return relative.replace(os.sep, "/")
