"""`scorekeeper record` and `fix`: their options are every registered game's own (so this module,
loaded by the cli group only when one of them is run, imports every game's declaration)."""

from __future__ import annotations

import sys

import click

from scorekeeper import games
from scorekeeper.cli.common import domain_errors, out, rules_option
from scorekeeper.core import record as recording
from scorekeeper.errors import InputValueError
from scorekeeper.i18n import _, grouped
from scorekeeper.output.editing_text import saying
from scorekeeper.output.show_text import hands_table
from scorekeeper.output.terminal import terminal_safe


def hand_options(func):
    """The options that describe an entry, shared by record and fix: every registered game's
    own (games.RecordOption), then --force and --rules."""
    options = [
        click.option(*option.flags, option.name, is_flag=option.is_flag, help=option.help)
        for option in games.record_options()
    ]
    options += [
        click.option("--force", is_flag=True, help="Record it even if it has errors (copying a disputed sheet)."),
        rules_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


RECORD_CONTEXT = {"ignore_unknown_options": True}  # so that points such as -80 are values, not options


@click.command(context_settings=RECORD_CONTEXT, short_help="Record the next hand (asked when no HAND).")
@click.argument("sheet_path", metavar="FILE", type=click.Path(dir_okay=True))
@click.argument("hand", required=False)
@click.argument("values", nargs=-1)
@hand_options
@click.option(
    "--again",
    is_flag=True,
    help="Record it even when it repeats the last hand, which a run that was stopped saved (a retry).",
)
@domain_errors
def record(sheet_path, hand, values, force, rules_path, again, **options):
    """Record the next hand: from the arguments, or asked player by player when only FILE is given.

    A hand that brings an error anywhere in the sheet is refused (`--force` records it and
    prints every error); each finding it brings is printed.

    \b
    scorekeeper record mesa1.yaml vazas 3 2 1 7          # counts in seat order
    scorekeeper record mesa1.yaml copas --points -80 -60 -120 0
    scorekeeper record mesa1.yaml damas Ana=1 Bruno=1 Carla=2 Duarte=0
    scorekeeper record mesa1.yaml reis-valetes 2 2 2 2
    scorekeeper record mesa1.yaml rei-de-copas 0 0 1 0
    scorekeeper record mesa1.yaml ultimas --penalty renuncia Duarte
    scorekeeper record mesa1.yaml festa -b Ana -c positivos -t copas 5 3 3 2
    scorekeeper record mesa1.yaml festa -b Bruno -c nulos --offer Carla:2 1 3 4 5
    scorekeeper record mesa1.yaml                        # interactive: asks every player by name
    scorekeeper record jogo.yaml 72 48                   # Sueca: each team's card points
    scorekeeper record jogo.yaml renuncia Eles           # Sueca: a penalty and the team at fault
    scorekeeper record truco.yaml Nos 3                  # Truco: the winner and the hand's value
    scorekeeper record truco.yaml olhar-baralho Eles     # Truco: a penalty and the team at fault
    scorekeeper record mesa7.yaml normal Bia Davi 22     # Quatrilho: caller, partner, figuras
    scorekeeper record mesa7.yaml rebuy Ari              # Quatrilho: a talha
    """
    if hand is None:
        if any(options.values()):
            raise click.UsageError(_("name the HAND when giving hand options"))
        if sys.stdin is not None and not sys.stdin.isatty():
            sys.stdin = BoundedLines(sys.stdin)
        recording.record_interactively(
            sheet_path, rules_path, ask=_ask, say=saying(out), show=lambda result: out(hands_table(result))
        )
        return
    recording.record(
        sheet_path, hand, values, rules_path=rules_path, force=force, say=saying(out), again=again, **options
    )


@click.command(context_settings=RECORD_CONTEXT, short_help="Correct entry N with a new HAND and VALUES.")
@click.argument("sheet_path", metavar="FILE", type=click.Path(dir_okay=True))
@click.argument("number", metavar="N")  # read by typed_input.whole: bounded, and quoted in 80 characters
@click.argument("hand")
@click.argument("values", nargs=-1)
@hand_options
@domain_errors
def fix(sheet_path, number, hand, values, force, rules_path, **options):
    """Correct entry N (a hand or deal), as numbered by `show`, with a new HAND and VALUES.

    The correction is refused when it brings an error anywhere in the sheet (a second copas,
    a beneficiary twice); `--force` saves it and prints every error. Each finding it brings
    is printed.

    \b
    scorekeeper fix mesa1.yaml 3 damas 1 1 2 0
    scorekeeper fix mesa1.yaml 7 festa -b Ana -c positivos -t copas 6 3 2 2
    scorekeeper fix jogo.yaml 1 70 50                    # Sueca: deal 1
    scorekeeper fix truco.yaml 1 Eles 3                  # Truco: hand 1
    scorekeeper fix mesa7.yaml 1 normal Bia Davi 23      # Quatrilho: entry 1
    """
    recording.fix(sheet_path, number, hand, values, rules_path=rules_path, force=force, say=saying(out), **options)


def _ask(prompt: str, default=None) -> str:
    try:
        return click.prompt(terminal_safe(prompt), default=default, show_default=default is not None, type=str)
    except click.Abort:
        raise EOFError from None


MAX_TYPED_LINE = 1000  # characters in one answer at a prompt; a hand is a few words


class BoundedLines:
    """Standard input from a pipe or a file, read a line of at most MAX_TYPED_LINE characters at
    a time: `record < /dev/zero` would otherwise grow one line without end while the sheet's
    lock is held. (From a terminal, the terminal bounds a line.)"""

    def __init__(self, stream):
        self.stream = stream

    def readline(self, size: int = -1) -> str:
        line = self.stream.readline(MAX_TYPED_LINE + 1)
        if len(line) > MAX_TYPED_LINE:
            raise InputValueError(
                _("an answer of more than {most} characters is not a hand; nothing more is read").format(
                    most=grouped(MAX_TYPED_LINE)
                ),
                _("standard input"),
            )
        return line

    def __getattr__(self, name):
        return getattr(self.stream, name)
