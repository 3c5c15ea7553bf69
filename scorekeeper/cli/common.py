"""What every command shares: domain errors as one line and exit code 2 (sqlite-utils style),
printing through the terminal layer, --format and --rules, the refusal to overwrite."""

from __future__ import annotations

import functools
import sys
from typing import TYPE_CHECKING

import click

from scorekeeper import exit_codes
from scorekeeper.errors import CommandUsageError, ScorekeeperError
from scorekeeper.i18n import N_, in_words
from scorekeeper.output.terminal import terminal_safe

if TYPE_CHECKING:
    from scorekeeper.output.progress import Progress

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
        except CommandUsageError as exc:
            raise click.UsageError(in_words(exc.message)) from None
        except ScorekeeperError as exc:
            raise UnusableInput(str(exc)) from None
        except BrokenPipeError:
            raise  # a pipe went away (standard output's own is dropped by output/terminal): main() ends quietly
        except OSError as exc:
            raise UnusableInput(os_error_line(exc)) from None

    return wrapper


def out(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Print text that may hold what a stranger wrote (names, events): control characters and
    terminal escape sequences are shown escaped, never sent to the terminal raw."""
    click.echo(terminal_safe(text), err=err, nl=nl)


def output_format(*choices: str, default: str):
    """The shared --format option."""
    return click.option(
        "--format", "fmt", type=click.Choice(choices), default=default, show_default=True, help=FORMAT_HELP
    )


def echo_json(data) -> None:
    """Print data as the JSON every `--format json` writes."""
    from scorekeeper.output.json_text import json_text  # lazy: `check` of a sheet prints text

    click.echo(json_text(data))


def os_error_line(exc: OSError) -> str:
    """`file: reason` for an OSError (output/refusal.py, loaded only when one happens)."""
    from scorekeeper.output.refusal import os_error_line as line  # lazy: a command that succeeds needs none

    return line(exc)


def refuse_overwrite(path: str, force: bool) -> None:
    """Nothing already saved is lost: an existing file is replaced only with --force."""
    from scorekeeper.sheet.saving import refuse_existing  # lazy: it loads hashlib and secrets, which check does not

    refuse_existing(path, force)


rules_option = click.option(
    "--rules",
    "rules_path",
    metavar="NAME|PATH",
    help="Use these rules instead of the sheet's own (a house variant file).",
)


class _progress:
    """A Progress as a context: `tick(done, total)`, wiped at the end."""

    def __init__(self, what: str, enabled: bool | None = None):
        self.what, self.enabled = what, enabled
        self.bar: Progress | None = None

    def __enter__(self):
        if self.enabled is False:  # nothing to show: not even the module is loaded (check of one sheet)
            return lambda done, total: None

        def tick(done: int, total: int) -> None:
            if self.bar is None:
                from scorekeeper.output.progress import Progress  # lazy: check of one sheet shows no progress

                self.bar = Progress(self.what, total, enabled=self.enabled is not False)
            self.bar.tick(done)

        return tick

    def __exit__(self, *_exc) -> None:
        if self.bar is not None:
            self.bar.close()


def emit(text: str, fmt: str) -> None:
    """Print what the output layer made of a listing (it ends with its line break): JSON as it
    is (it escapes what a terminal acts on itself), anything else terminal-safe."""
    if fmt == "json":
        click.echo(text, nl=False)
    else:
        out(text, nl=False)


def _exit_for(errors: bool) -> None:
    """Exit 1 when a sheet the command read or wrote has an error."""
    if errors:
        sys.exit(exit_codes.SHEET_ERRORS)
