"""The command line's language: `--lang` on every command, chosen before click reads a word.

The language is settled from the whole command line (`--lang`, else SCOREKEEPER_LANG, else the
locale) before click parses it, so that click's own messages (a usage error, "Did you mean")
are already in it. Help texts (commands' docstrings, options' `help=`) are English message ids,
translated when a command is shown: `localize` puts their translation in place for this run and
keeps the ids, so that a second run in another language (tests, one process) starts from them.
tools/catalogs.py extracts the help texts of every command for the catalogs.
"""

from __future__ import annotations

import inspect
import os

import click

from scorekeeper import i18n
from scorekeeper.errors import quote
from scorekeeper.i18n import N_, _

LANG_HELP = N_("The language to speak: pt_PT, pt_BR or en (else SCOREKEEPER_LANG, else the locale).")
_IDS = "_scorekeeper_text_ids"  # where a command or option keeps its English help texts


def lang_option() -> click.Option:
    # Its value was read before parsing (choose_language); the option is here to be accepted on
    # every command and listed in its help.
    return click.Option(["--lang"], metavar="pt_PT|pt_BR|en", expose_value=False, help=LANG_HELP)


def language_argument(args) -> str | None:
    """The value of the last `--lang X` / `--lang=X` before a `--` (None when there is none)."""
    chosen = None
    args = list(args)
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            chosen = args[index + 1]
        elif arg.startswith("--lang="):
            chosen = arg.split("=", 1)[1]
    return chosen


def choose_language(args) -> None:
    """Speak the language the command line, the environment or the locale chooses; a language
    scorekeeper does not speak is a usage error (exit 2) naming where it was given."""
    try:
        language, chosen = i18n.choose(language_argument(args), os.environ)
    except i18n.UnknownLanguageError as exc:
        i18n.use(i18n.SOURCE)
        raise click.UsageError(
            _("{where}: {value} is not a language scorekeeper speaks ({known})").format(
                where=exc.where, value=quote(exc.value), known=", ".join(i18n.LANGUAGES)
            )
        ) from None
    i18n.use(language, chosen)


def translate(text: str | None) -> str | None:
    """A help text in the language in use: ours, else click's (`--version`'s help)."""
    if not text:
        return text
    ident = inspect.cleandoc(text)
    said = i18n._(ident)
    if said == ident:
        said = i18n.click_gettext(ident)
    return said


def localize(command: click.Command) -> None:
    """Put `command`'s help texts, its options' and (for a group) its loaded subcommands' in the
    language in use, and give it a `--lang` option."""
    ids = command.__dict__.setdefault(_IDS, (command.help, command.short_help, command.epilog))
    command.help, command.short_help, command.epilog = (translate(text) for text in ids)
    # click makes a command's --help option once and keeps it, its help said in the language of
    # the first run: made afresh, it speaks this run's.
    command._help_option = None
    if not any(param.name == "lang" for param in command.params):
        command.params.append(lang_option())
    for param in command.params:
        if isinstance(param, click.Option):
            (help_id,) = param.__dict__.setdefault(_IDS, (param.help,))
            param.help = translate(help_id)
    for sub in getattr(command, "commands", {}).values():
        localize(sub)
