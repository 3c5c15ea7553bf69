"""The translation catalogs: extracted from the code, checked, merged and compiled with Babel.

Every user-facing message is an English id in `_()`, `N_()`, `ngettext()` or `pgettext()`; the
catalogs are scorekeeper/locale/<lang>/LC_MESSAGES/scorekeeper.po (and click.po, for click's
own messages, extracted from the installed click), compiled to .mo beside them and shipped in
the wheel. tests/i18n/test_catalogs.py uses the same functions, so a message without a translation,
a translation whose message is gone, a placeholder lost in translation or a stale .mo fails.

    python tools/catalogs.py update     # add the code's new messages to every .po, drop the gone ones
    python tools/catalogs.py compile    # write each .mo from its .po
    python tools/catalogs.py check      # what is missing, stale or wrong, per catalog
    python tools/catalogs.py fragment pt_PT OUT.po FILE...   # the messages of FILEs, to translate
    python tools/catalogs.py check-fragment FRAGMENT.po FILE...
    python tools/catalogs.py merge FRAGMENT.po...            # into the catalogs of their language
"""

from __future__ import annotations

import ast
import inspect
import io
import os
import pathlib
import re
import sys

import click
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

import scorekeeper
from scorekeeper import i18n

PACKAGE = os.path.dirname(os.path.abspath(scorekeeper.__file__))
CLICK = os.path.dirname(os.path.abspath(click.__file__))
TRANSLATED = [language for language in i18n.LANGUAGES if language != i18n.SOURCE]
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "N_plural": (1, 2), "M_": None, "Mn_": (1, 2), "Mp_": ((1, "c"), 2)}
PROJECT = "scorekeeper"


def python_files(root: str) -> list[str]:
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        found.extend(os.path.join(folder, name) for name in sorted(files) if name.endswith(".py"))
    return found


def code_files(domain: str) -> list[str]:
    return python_files(PACKAGE if domain == i18n.DOMAIN else CLICK)


HELP_KEYWORDS = ("help", "short_help", "epilog")


def _called(node) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def help_texts(path: str):
    """click's help texts in a module, which click shows through cli.language.localize: the
    docstring of each command or group, and each `help=`/`short_help=`/`epilog=` given as text
    (RecordOption's third field is an option's help too). Yields (line, message id)."""
    with open(path, "rb") as source:
        tree = ast.parse(source.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            decorators = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
            names = [d.attr if isinstance(d, ast.Attribute) else getattr(d, "id", "") for d in decorators]
            if any(name in ("command", "group") for name in names) and ast.get_docstring(node):
                yield node.body[0].lineno, ast.get_docstring(node, clean=True)
        elif isinstance(node, ast.Call):
            texts = [k.value for k in node.keywords if k.arg in HELP_KEYWORDS]
            if _called(node) == "RecordOption" and len(node.args) > 2:
                texts.append(node.args[2])
            for text in texts:
                if isinstance(text, ast.Constant) and isinstance(text.value, str) and text.value:
                    yield text.lineno, inspect.cleandoc(text.value)


def extract(files) -> Catalog:
    """The messages of `files`, as a template catalog (message id -> where it is said)."""
    template = Catalog(project=PROJECT, charset="utf-8")
    for path in map(os.path.abspath, files):
        if path.startswith(PACKAGE):
            where = os.path.relpath(path, os.path.dirname(PACKAGE))
            for lineno, message in help_texts(path):
                template.add(message, None, [(where, lineno)], auto_comments=["click help"])
        for lineno, message, comments, context in extract_from_file(
            "python", path, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            where = os.path.relpath(path, os.path.dirname(PACKAGE) if path.startswith(PACKAGE) else CLICK)
            template.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return template


# click's messages that click says through a variable (`_(extra["required"])`), which no
# extraction finds: the help's "[required]" was left in English in a Portuguese help.
CLICK_SAID_BY_VALUE = (("required", "core.py"),)


def template_of(domain: str) -> Catalog:
    """The messages a domain's catalog holds: its code's, and for click's those it says by value."""
    template = extract(code_files(domain))
    if domain == i18n.CLICK_DOMAIN:
        for message, where in CLICK_SAID_BY_VALUE:
            template.add(message, None, [(where, 0)], auto_comments=["said by click through a variable"])
    return template


def po_path(language: str, domain: str) -> str:
    return os.path.join(i18n.LOCALE_DIR, language, "LC_MESSAGES", f"{domain}.po")


def read_catalog(path: str) -> Catalog:
    with open(path, "rb") as po:
        return read_po(po)


def write_catalog(catalog: Catalog, path: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    buffer = io.BytesIO()
    # File names without line numbers: a message's line moves with every edit of its module, and
    # catalogs changed on two branches at once would conflict on every moved message.
    write_po(
        buffer, catalog, width=100, omit_header=False, sort_output=True, ignore_obsolete=True, include_lineno=False
    )
    with open(path, "wb") as po:
        po.write(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def key(message) -> tuple:
    """A message's identity: its id (the singular for a plural) and its context."""
    ident = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    return ident, message.context


_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def problems(
    catalog: Catalog, template: Catalog, label: str, require_all: bool = True, gone_ok: bool = False
) -> list[str]:
    """What is wrong with `catalog` against the code's `template`: a message with no translation
    (or a fuzzy one), an entry whose message is no longer in the code, a placeholder that the
    translation drops or invents (it would raise KeyError when the message is formatted)."""
    found = []
    wanted = {key(m): m for m in template if m.id}
    have = {key(m): m for m in catalog if m.id}
    if require_all:
        for ident in sorted(set(wanted) - set(have), key=str):
            found.append(f"{label}: no translation of {ident[0]!r}")
    for ident in sorted(set(have) - set(wanted), key=str) if not gone_ok else ():
        found.append(f"{label}: {ident[0]!r} is no longer in the code")
    for ident, message in have.items():
        if ident not in wanted:
            continue
        ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
        strings = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]
        if isinstance(wanted[ident].id, (list, tuple)) != isinstance(message.id, (list, tuple)):
            found.append(f"{label}: {ident[0]!r} is a plural in one and not in the other")
            continue
        if message.fuzzy or not all(strings):
            found.append(f"{label}: {ident[0]!r} is not translated (or fuzzy)")
            continue
        expected = set().union(*(placeholders(i) for i in ids))
        for string in strings:
            # A plural's translation may leave out {count} ("uma entrada"), never add a name.
            got = placeholders(string)
            if got - expected or (len(ids) == 1 and got != expected):
                found.append(
                    f"{label}: {ident[0]!r}: placeholders {sorted(expected)} became {sorted(got)} in {string!r}"
                )
    return found


def check_all() -> list[str]:
    found = []
    for domain in (i18n.DOMAIN, i18n.CLICK_DOMAIN):
        template = template_of(domain)
        for language in TRANSLATED:
            path = po_path(language, domain)
            if not os.path.exists(path):
                found.append(f"{path}: missing")
                continue
            catalog = read_catalog(path)
            # click's catalog covers every click that setup.cfg allows: a message one version
            # has and the installed one lacks is kept, not reported as gone.
            found.extend(
                problems(
                    catalog,
                    template,
                    os.path.relpath(path, os.path.dirname(PACKAGE)),
                    gone_ok=domain == i18n.CLICK_DOMAIN,
                )
            )
            mo = path[:-3] + ".mo"
            if not os.path.exists(mo) or pathlib.Path(mo).read_bytes() != compiled(catalog):
                found.append(f"{mo}: stale; run `python tools/catalogs.py compile`")
    return found


# Two forms each, the singular for 1 alone: a score sheet counts whole things, and a count of
# none is plural in both countries ("Eles 0 jogos", "0 entradas"; issue 16), not gettext's
# pt_BR default (n > 1), which says "0 jogo". CLDR's third "many" form of pt_PT, for
# millions, never occurs in a score sheet.
PLURAL_FORMS = {"pt_PT": "nplurals=2; plural=(n != 1);", "pt_BR": "nplurals=2; plural=(n != 1);"}


def new_catalog(language: str) -> Catalog:
    catalog = Catalog(locale=language, project=PROJECT, charset="utf-8", fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
    return catalog


def update() -> None:
    """Every .po gets the code's new messages (untranslated) and loses the gone ones."""
    for domain in (i18n.DOMAIN, i18n.CLICK_DOMAIN):
        template = template_of(domain)
        for language in TRANSLATED:
            path = po_path(language, domain)
            catalog = read_catalog(path) if os.path.exists(path) else new_catalog(language)
            created = catalog.creation_date
            catalog.update(template, no_fuzzy_matching=True)
            catalog.creation_date = created  # a header that changes on every update conflicts on every merge
            catalog.obsolete.clear()
            write_catalog(catalog, path)


def compile_all() -> None:
    for domain in (i18n.DOMAIN, i18n.CLICK_DOMAIN):
        for language in TRANSLATED:
            path = po_path(language, domain)
            if os.path.exists(path):
                with open(path[:-3] + ".mo", "wb") as mo:
                    mo.write(compiled(read_catalog(path)))


def fragment(language: str, out: str, files) -> None:
    """A catalog of `files`' messages alone, with what the shipped catalog already translates."""
    template = extract(files)
    shipped = po_path(language, i18n.DOMAIN)
    known = {key(m): m for m in read_catalog(shipped)} if os.path.exists(shipped) else {}
    catalog = new_catalog(language)
    for message in template:
        if not message.id:
            continue
        before = known.get(key(message))
        catalog.add(
            message.id,
            before.string if before else None,
            message.locations,
            auto_comments=message.auto_comments,
            context=message.context,
        )
    write_catalog(catalog, out)


def merge(paths) -> None:
    """Each fragment's translations into the catalog of its language (they win over the old),
    then that catalog compiled; under a lock, as several translators merge at once."""
    import fcntl

    os.makedirs(i18n.LOCALE_DIR, exist_ok=True)
    with open(os.path.join(i18n.LOCALE_DIR, ".merge.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _merge(paths)


def _merge(paths) -> None:
    for path in paths:
        piece = read_catalog(path)
        language = str(piece.locale)
        target = po_path(language, i18n.DOMAIN)
        catalog = read_catalog(target) if os.path.exists(target) else new_catalog(language)
        for message in piece:
            if message.id and message.string and (not isinstance(message.string, tuple) or all(message.string)):
                catalog.delete(message.id, message.context)
                catalog.add(
                    message.id,
                    message.string,
                    message.locations,
                    auto_comments=message.auto_comments,
                    context=message.context,
                )
        write_catalog(catalog, target)
        with open(target[:-3] + ".mo", "wb") as mo:
            mo.write(compiled(catalog))


def main(argv) -> int:
    command, *rest = argv or ["check"]
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = check_all()
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    elif command == "fragment":
        language, out, *files = rest
        fragment(language, out, files)
    elif command == "check-fragment":
        path, *files = rest
        found = problems(read_catalog(path), extract(files), path)
        print("\n".join(found) or f"{path}: complete")
        return 1 if found else 0
    elif command == "merge":
        merge(rest)
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
