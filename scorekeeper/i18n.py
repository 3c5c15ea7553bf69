"""The language scorekeeper speaks: English, Portuguese of Portugal (pt_PT) or of Brazil (pt_BR).

Every user-facing text is an English message id passed through `_` (or `ngettext` when it
counts something), looked up in the catalog of the language in use when it is said. The
catalogs are gettext's: `scorekeeper/locale/<lang>/LC_MESSAGES/scorekeeper.po`, compiled to
`.mo` beside it (tools/catalogs.py extracts, updates and compiles them with Babel), and
`click.po` for click's own messages (usage errors, "Did you mean", the help's headings).

The language is chosen once per command (`choose`): `--lang`, else SCOREKEEPER_LANG, else the
locale (LC_ALL, LC_MESSAGES, LANG), else English. `speaking` changes it for a block, in the
current context only (a ContextVar): the score pad's threads each speak their own request's
language at once, with no lock between them. A workbook is written in the language that
was chosen (`--lang` or SCOREKEEPER_LANG), else in its game's own (`workbook_language`): the
locale of the scorer's machine says how the terminal speaks, not how the printed boletim does.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
import os
import sys
from collections.abc import Mapping
from typing import NamedTuple

SOURCE = "en"  # the message ids are English: English needs no catalog
LANGUAGES = ("en", "pt_PT", "pt_BR")
DOMAIN = "scorekeeper"
CLICK_DOMAIN = "click"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
ENVIRONMENT = "SCOREKEEPER_LANG"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX order: the first one set decides

_catalogs: dict[tuple[str, str], _gettext.NullTranslations] = {}
_default = SOURCE  # the command's language (`use`), for every thread and context
# A block's language (`speaking`), per thread and per context: None speaks the command's.
_speaking: contextvars.ContextVar[str | None] = contextvars.ContextVar("scorekeeper_language", default=None)
_chosen = False  # by --lang or SCOREKEEPER_LANG, not by the locale


def N_(message: str) -> str:
    """Marks a message to translate later (a constant defined at import, a help text): the
    extractor finds it, and `_` translates it where it is shown."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural to translate later: the pair ngettext is given where the
    count is known (a game's unit: "{count} hand", "{count} hands")."""
    return singular, plural


class Message(NamedTuple):
    """A message as data: its English id, its values and, for a count, its plural id. The core
    returns these (a finding's message, a refusal, what a change did); the edge says them with
    `in_words`, in the language of its call. A value may itself be a Message (or a `Joined`
    list of them): it is said in the same language."""

    msgid: str
    values: Mapping[str, object] = {}  # never mutated: a NamedTuple's default
    plural: str | None = None
    n: int | None = None  # the count that chooses the plural (ngettext's n)
    context: str | None = None  # pgettext's context, for a word one language says two ways


class Joined(NamedTuple):
    """Words said one after another with `separator` between them (", " or "; "): a list whose
    parts are said in the caller's language."""

    parts: tuple[object, ...]
    separator: str = ", "


class Grouped(NamedTuple):
    """A whole number in a Message's values, said with its thousands grouped as the caller's
    language writes them (`grouped`): 100,000, 100 000, 100.000."""

    number: int


class Decimal(NamedTuple):
    """A number in a Message's values, said with the caller's language's decimal comma
    (`decimal`): 2.5 in English, 2,5 in Portuguese."""

    value: object


class Clipped(NamedTuple):
    """Words cut once said: the first `limit` characters of `words` said in the caller's language,
    and `mark` after them when they were cut (a refusal that quotes a library's own long
    message keeps one short line in every language)."""

    words: object
    limit: int
    mark: str = ""


def M_(msgid: str, /, **values: object) -> Message:  # noqa: N802 (named as gettext names _ and N_)
    """`msgid` with its values, to be said later (`in_words`); the extractor finds it as it finds `_`."""
    return Message(msgid, values)


def Mn_(singular: str, plural: str, count: int, /, **values: object) -> Message:  # noqa: N802
    """A message that counts (`ngettext`), to be said later: `count` chooses the plural; the values
    usually name it too (`Mn_("{count} hand", "{count} hands", n, count=n)`)."""
    return Message(singular, values, plural, count)


def Mp_(context: str, msgid: str, /, **values: object) -> Message:  # noqa: N802
    """A message in its context (`pgettext`), to be said later."""
    return Message(msgid, values, context=context)


def in_words(text: object) -> str:
    """A Message (or Joined) said in the language in use; a text already said comes back as it
    is, and any other value as `str` does."""
    if isinstance(text, str):
        return text
    if isinstance(text, Message):
        if text.plural is not None:
            template = ngettext(text.msgid, text.plural, text.n if text.n is not None else 1)
        elif text.context is not None:
            template = pgettext(text.context, text.msgid)
        else:
            template = _(text.msgid)
        if not text.values:
            return template
        return template.format(**{key: _said_value(value) for key, value in text.values.items()})
    if isinstance(text, Joined):
        return text.separator.join(in_words(part) for part in text.parts)
    if isinstance(text, Clipped):
        said = in_words(text.words)
        return said if len(said) <= text.limit else said[: text.limit] + text.mark
    return str(text)


def _said_value(value: object) -> object:
    # numbers keep their type, so that a template's {count:,} or {points:+d} still formats them
    if isinstance(value, Grouped):
        return grouped(value.number)
    if isinstance(value, Decimal):
        return decimal(value.value)
    return in_words(value) if isinstance(value, (Message, Joined, Clipped)) else value


def catalog(language: str, domain: str = DOMAIN) -> _gettext.NullTranslations:
    """The compiled catalog of `language`, read once; English (the message ids) needs none."""
    key = (language, domain)
    found = _catalogs.get(key)
    if found is None:
        found = _gettext.NullTranslations()
        if language != SOURCE:
            try:
                with open(os.path.join(LOCALE_DIR, language, "LC_MESSAGES", f"{domain}.mo"), "rb") as mo:
                    found = _gettext.GNUTranslations(mo)
            except OSError:  # a broken installation speaks English rather than failing every command
                pass
        _catalogs[key] = found
    return found


def active() -> str:
    """The language in use: en, pt_PT or pt_BR (the block's, else the command's)."""
    return _speaking.get() or _default


def _(message: str) -> str:
    """`message` in the language in use."""
    language = active()
    if language == SOURCE:
        return message
    return catalog(language).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural of a message for `count`, by the language's own plural rule."""
    language = active()
    if language == SOURCE:
        return singular if count == 1 else plural
    return catalog(language).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` as said in `context`, for a word that one language says two ways."""
    language = active()
    if language == SOURCE:
        return message
    return catalog(language).pgettext(context, message)


def click_gettext(message: str) -> str:
    """click's own `gettext`: its messages in the language in use (see route_click)."""
    language = active()
    if language == SOURCE:
        return message
    return catalog(language, CLICK_DOMAIN).gettext(message)


def click_ngettext(singular: str, plural: str, count: int) -> str:
    language = active()
    if language == SOURCE:
        return singular if count == 1 else plural
    return catalog(language, CLICK_DOMAIN).ngettext(singular, plural, count)


def use(language: str, chosen: bool = False) -> None:
    """Speak `language` from now on (the command's language, every thread's); `chosen` when the
    user chose it (workbooks follow it)."""
    global _default, _chosen
    _default, _chosen = language, chosen
    _speaking.set(None)  # a block left open in this context must not outlive a new choice


@contextlib.contextmanager
def speaking(language: str):
    """Speak `language` inside the block (a workbook's words, a request's page), then the
    language before: in this context only, so another thread speaking another is not disturbed."""
    token = _speaking.set(language)
    try:
        yield
    finally:
        _speaking.reset(token)


def workbook_language(game_default: str) -> str:
    """The language a workbook is written in: the one chosen, else its game's own."""
    return active() if _chosen else game_default


def canonical(value: str) -> str | None:
    """`pt_PT`, `pt-pt` or `PT_pt` as the language it names, or None when it names none. A
    locale's name is taken as the locale variables take it (`pt_PT.UTF-8`, `pt_BR.utf8`, `pt_AO`,
    `en_US.UTF-8`), but only for a language scorekeeper speaks: `fr_FR` names none."""
    wanted = value.strip().replace("-", "_").split(".", 1)[0].split("@", 1)[0].lower()
    exact = next((language for language in LANGUAGES if language.lower() == wanted), None)
    if exact is not None:
        return exact
    if wanted.partition("_")[0] in ("pt", "en"):
        return from_locale(wanted)
    return None


def from_locale(value: str) -> str:
    """The language of a locale such as `pt_BR.UTF-8`: Brazilian for pt_BR, the Portuguese of
    Portugal for any other Portuguese (pt, pt_PT, pt_AO, pt_MZ ...), English for the rest."""
    name = value.split(".", 1)[0].split("@", 1)[0].replace("-", "_").lower()
    if name == "pt_br":
        return "pt_BR"
    if name == "pt" or name.startswith("pt_"):
        return "pt_PT"
    return SOURCE


class UnknownLanguageError(ValueError):
    """A language scorekeeper has no catalog for, as --lang or SCOREKEEPER_LANG named it: where
    (`where`) and what (`value`); the command line says it (cli/language.py)."""

    def __init__(self, where: str, value: str):
        super().__init__(where, value)
        self.where, self.value = where, value


def choose(option: str | None, environ=os.environ) -> tuple[str, bool]:
    """The language to speak and whether the user chose it: `--lang`, else SCOREKEEPER_LANG,
    else the locale (the first of LC_ALL, LC_MESSAGES, LANG that is set), else English."""
    for where, value in (("--lang", option), (ENVIRONMENT, environ.get(ENVIRONMENT))):
        if value:
            language = canonical(value)
            if language is None:
                raise UnknownLanguageError(where, value)
            return language, True
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            return from_locale(value), False
    return SOURCE, False


def spellings(message: str) -> frozenset[str]:
    """`message` in every language: what an import accepts for a label a workbook may have been
    written with in any of them."""
    return frozenset(catalog(language).gettext(message) if language != SOURCE else message for language in LANGUAGES)


def decimal(value) -> str:
    """A number as a table shows it: a fraction with the language's decimal comma (2,5 in
    Portuguese), never in JSON or CSV, which keep the point."""
    text = str(value)
    if active() != SOURCE:
        text = text.replace(".", ",")
    return text


# How each language groups the thousands of a large number: 100,000 in English, 100 000 in
# Portugal, 100.000 in Brazil (a comma there would read as the decimal point).
_THOUSANDS = {"pt_PT": " ", "pt_BR": "."}


def grouped(number: int) -> str:
    """A whole number with its thousands grouped as the language in use writes them."""
    text = f"{number:,}"
    separator = _THOUSANDS.get(active())
    return text.replace(",", separator) if separator else text


_CLICK_MODULES = (
    "core",
    "decorators",
    "exceptions",
    "formatting",
    "parser",
    "shell_completion",
    "termui",
    "types",
    "utils",
    "_termui_impl",
)


def route_click() -> None:
    """Send click's own messages through our catalogs. click calls `gettext.gettext`, which
    reads the language from the environment once per process; each click module holds it as
    `_` (and `ngettext`), and those names are pointed at ours, which follow `--lang`."""
    for name in _CLICK_MODULES:
        module = sys.modules.get(f"click.{name}")  # `import click` loads the ones a command speaks
        if module is None:
            continue
        names = vars(module)  # the module's own names, as its functions look them up
        if names.get("_") is _gettext.gettext:
            names["_"] = click_gettext
        if names.get("ngettext") is _gettext.ngettext:
            names["ngettext"] = click_ngettext
