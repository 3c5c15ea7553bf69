"""The command line. Thin: it parses arguments, calls the core, prints, and maps domain
errors to one line and exit code 2 (sqlite-utils style)."""

from __future__ import annotations

import contextlib
import importlib
import os
import sys

import click

from scorekeeper import exit_codes, i18n
from scorekeeper.cli.common import os_error_line, out
from scorekeeper.cli.language import choose_language, localize
from scorekeeper.i18n import _
from scorekeeper.journal.who import acting_as_command
from scorekeeper.output import terminal
from scorekeeper.output.terminal import OutputError, guard_streams, say_lost_output

i18n.route_click()  # click's own messages (usage errors, "Did you mean") follow --lang too


class LazyGroup(click.Group):
    """The top-level group, loading each command the way click's "complex" example does: NAME is
    defined in cli/commands/cmd_NAME.py, imported only when NAME runs (or `--help` lists it), so
    `check` of one sheet loads no other command, no other game and none of their libraries."""

    # command name -> (its module under cli/commands/, the click command it defines)
    LAZY = {
        "new": ("cmd_new", "new"),
        "record": ("cmd_record", "record"),
        "fix": ("cmd_record", "fix"),
        "undo": ("cmd_undo", "undo"),
        "show": ("cmd_show", "show"),
        "check": ("cmd_check", "check"),
        "export": ("cmd_export", "export"),
        "history": ("cmd_history", "history"),
        "import": ("cmd_import", "import_"),
        "codes": ("cmd_codes", "codes"),
        "rules": ("cmd_rules", "rules"),
        "tournament": ("cmd_tournament", "tournament"),
        "registry": ("cmd_registry", "registry"),
        "season": ("cmd_season", "season"),
        "serve": ("cmd_serve", "serve"),
        "links": ("cmd_links", "links"),
    }

    def list_commands(self, ctx):
        return sorted(self.LAZY)

    def get_command(self, ctx, name):
        if name not in self.LAZY:
            return None
        module, attribute = self.LAZY[name]
        command = getattr(importlib.import_module(f"scorekeeper.cli.commands.{module}"), attribute)
        localize(command)
        return command

    def resolve_command(self, ctx, args):
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand:  # click suggests from the loaded commands: offer them all
            raise click.exceptions.NoSuchCommand(args[0], possibilities=list(self.LAZY), ctx=ctx) from None

    def make_context(self, info_name, args, parent=None, **extra):
        if parent is None:  # the whole command line: its language first, so click speaks it too
            choose_language(args)
            acting_as_command(args)  # who makes the changes this command journals
            localize(self)
        return super().make_context(info_name, args, parent, **extra)

    def main(self, *args, **kwargs):
        terminal.forget_saved()  # what a run saved is its own (tests run many in one process)
        try:
            return super().main(*args, **kwargs)
        finally:
            i18n.use(i18n.SOURCE)  # a second run in the same process (a test) chooses afresh


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="scorekeeper")
def cli():
    """Score sheets for club card games, checked to the article (`scorekeeper rules list`).

    \b
    scorekeeper new king -p Ana -p Bruno -p Carla -p Duarte -o mesa1.yaml
    scorekeeper record mesa1.yaml vazas 3 2 1 7
    scorekeeper record mesa1.yaml   # asks the next hand, player by player
    scorekeeper fix mesa1.yaml 1 vazas 4 2 1 6
    scorekeeper show mesa1.yaml
    scorekeeper check mesa1.yaml
    scorekeeper export mesa1.yaml -o mesa1.xlsx
    scorekeeper import mesa1.xlsx -o copia.yaml
    scorekeeper new sueca -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o jogo.yaml
    scorekeeper record jogo.yaml 72 48
    scorekeeper new truco -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o truco.yaml
    scorekeeper record truco.yaml Nos 3
    scorekeeper new quatrilho -p Ari -p Bia -p Caio -p Davi -p Eva -o mesa7.yaml
    scorekeeper record mesa7.yaml normal Bia Davi 22
    """


def main() -> None:
    """The console script: click, plus a last line of defence against tracebacks."""
    guard_streams()
    try:
        cli.main(prog_name="scorekeeper")
    except OutputError as exc:  # what the command had to say could not be written: it did not do its work
        with contextlib.suppress(OSError):  # standard error itself: nothing more can be said
            out(_("Error: {message}").format(message=os_error_line(exc)), err=True)
        sys.exit(exit_codes.UNUSABLE)
    except KeyboardInterrupt:
        out("\n" + _("Interrupted; every hand saved before this one is kept."), err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(exit_codes.CLEAN)
    except Exception as exc:  # a bug: one line for the user, the traceback only on request
        if os.environ.get("SCOREKEEPER_DEBUG"):
            raise
        out(
            _("Error: internal error, please report it: {error}").format(error=f"{type(exc).__name__}: {exc}"), err=True
        )
        sys.exit(exit_codes.UNUSABLE)
    finally:
        say_lost_output()  # a saved file's report that could not be written: said, not a failure


if __name__ == "__main__":
    main()
