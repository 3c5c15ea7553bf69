"""What every command shares: domain errors as one line and exit code 2 (sqlite-utils style),
printing through the terminal layer, --format and --rules, the refusal to overwrite."""
from __future__ import annotations

import functools
import os
import sys

import click

from scorekeeper import exit_codes, i18n
from scorekeeper.errors import ScorekeeperError, SeatingUsageError, one_line
from scorekeeper.i18n import N_, _
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.json_text import json_text
from scorekeeper.output.sheet_text import summary
from scorekeeper.output.table_layout import table
from scorekeeper.output.terminal import terminal_safe

FORMAT_HELP = N_("Output format.")


class UnusableInput(click.ClickException):
    """A domain error shown as `Error: file:line: message`, exit code 2."""

    exit_code = exit_codes.UNUSABLE


def domain_errors(func):
    """Turn ScorekeeperError (and an OSError, which names its file) into a one-line click error
    with exit code 2."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except SeatingUsageError as exc:
            raise click.UsageError(exc.message) from None
        except ScorekeeperError as exc:
            raise UnusableInput(str(exc)) from None
        except BrokenPipeError:
            raise  # the reader went away (`| head`): main() ends quietly
        except OSError as exc:
            raise UnusableInput(os_error_line(exc)) from None
    return wrapper


OS_ERRORS = (N_("No such file or directory"), N_("Permission denied"), N_("Is a directory"),
             N_("Not a directory"), N_("No space left on device"), N_("File exists"), N_("Read-only file system"),
             N_("File name too long"), N_("Too many levels of symbolic links"), N_("Disk quota exceeded"))


def os_error_line(exc: OSError) -> str:
    """`file: reason` for an OSError that reached the CLI (a full disk, a folder we may not write)."""
    where = exc.filename if exc.filename is not None else "scorekeeper"
    return one_line(f"{where}: {_(exc.strerror) if exc.strerror else exc}")


def out(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Print text that may hold what a stranger wrote (names, events): control characters and
    terminal escape sequences are shown escaped, never sent to the terminal raw."""
    click.echo(terminal_safe(text), err=err, nl=nl)


def naming(path: str, func, *args):
    """`func(*args)`, its refusal naming `path` (the file the command writes or changes) when it
    names no file of its own: an unknown rule name typed for `new`, a hand number for `fix`."""
    try:
        return func(*args)
    except ScorekeeperError as exc:
        if exc.source is None:
            exc.source = path
        raise


def output_format(*choices: str, default: str):
    """The shared --format option."""
    return click.option("--format", "fmt", type=click.Choice(choices), default=default, show_default=True,
                        help=FORMAT_HELP)


def echo_json(data) -> None:
    """Print data as the JSON every `--format json` writes."""
    click.echo(json_text(data))


def refuse_overwrite(path: str, force: bool) -> None:
    """Nothing already saved is lost: an existing file is replaced only with --force."""
    if os.path.exists(path) and not force:
        raise UnusableInput(_("{path}: already exists; use --force to overwrite it").format(path=path))


rules_option = click.option("--rules", "rules_path", metavar="NAME|PATH",
                            help="Use these rules instead of the sheet's own (a house variant file).")


class _progress:
    """A Progress as a context: `tick(done, total)`, wiped at the end."""

    def __init__(self, what: str, enabled: bool | None = None):
        self.what, self.enabled, self.bar = what, enabled, None

    def __enter__(self):
        if self.enabled is False:  # nothing to show: not even the module is loaded (check of one sheet)
            return lambda done, total: None

        def tick(done: int, total: int) -> None:
            if self.bar is None:
                from scorekeeper.output.progress import Progress  # lazy: check of one sheet shows no progress

                self.bar = Progress(self.what, total, enabled=self.enabled)
            self.bar.tick(done)
        return tick

    def __exit__(self, *_exc) -> None:
        if self.bar is not None:
            self.bar.close()


def _in_workbook_language(language: str, build):
    """`build()` in the workbook's language; a refusal (a note no cell can hold) is said in the
    terminal's, by building once more there: refusals are the same in any language, and cost
    that second build only when they happen."""
    terminal = i18n.active()
    try:
        with i18n.speaking(language):
            return build()
    except ScorekeeperError:
        if language == terminal:
            raise
    return build()  # raises the same refusal, in the terminal's language


def _report_findings(result, err: bool = False) -> bool:
    """Print a sheet's findings and its summary as `check` does (nothing when it is clean);
    True when any finding is an error."""
    if not result.findings:
        return False
    for finding in result.findings:
        out(finding.format(), err=err)
    out(summary(result), err=err)
    return not result.valid


def _exit_for(errors: bool) -> None:
    if errors:
        sys.exit(exit_codes.SHEET_ERRORS)


def _print_rows(headers, rows, fmt, numbers=None) -> None:
    if fmt == "json":
        echo_json([dict(zip(headers, row)) for row in rows])
    elif fmt == "csv":
        out(csv_text(headers, rows, numbers), nl=False)
    else:
        out(table([_(header) for header in headers], rows))
