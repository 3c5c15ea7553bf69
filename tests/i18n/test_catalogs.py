"""The translation catalogs are complete and the code says every message through them.

Issue 11: a message with no translation in a shipped catalog, or a catalog entry whose message
is no longer in the code, fails here; so does a translation that loses or invents a `{name}`
(formatting it would raise KeyError), a stale .mo, and a message the extractor cannot see.
"""

from __future__ import annotations

import ast
import os
import re

import pytest
from catalogs import PACKAGE, check_all, python_files

from scorekeeper import i18n


def test_every_catalog_is_complete_current_and_compiled():
    assert check_all() == []


def test_the_catalogs_are_installed_with_the_package():
    for language in ("pt_PT", "pt_BR"):
        for domain in ("scorekeeper", "click"):
            path = os.path.join(i18n.LOCALE_DIR, language, "LC_MESSAGES", f"{domain}.mo")
            assert os.path.isfile(path), path


def test_a_one_line_message_is_translated_on_one_line():
    """A command's short help is one line in every language (the trial found pt_PT's and pt_BR's
    `fix` translated with the whole help text, two paragraphs in the list of commands)."""
    from babel.messages.pofile import read_po

    found = []
    for language in ("pt_PT", "pt_BR"):
        path = os.path.join(i18n.LOCALE_DIR, language, "LC_MESSAGES", "scorekeeper.po")
        with open(path, "rb") as file:
            for message in read_po(file):
                if isinstance(message.id, str) and message.id and "\n" not in message.id and "\n" in message.string:
                    found.append((language, message.id))
    assert found == []


def _calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            yield name, node


MODULES = [(os.path.relpath(path, PACKAGE), path) for path in python_files(PACKAGE)]


def _tree(path):
    with open(path, encoding="utf-8") as source:
        return ast.parse(source.read(), path)


WORDS = re.compile(r"[A-Za-z]{2,}")


def _says_words(node) -> bool:
    """A literal text (or f-string) that holds words, not only punctuation and placeholders."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(WORDS.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(_says_words(part) for part in node.values if isinstance(part, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _says_words(node.left) or _says_words(node.right)
    return False


@pytest.mark.parametrize("name,path", MODULES, ids=[name for name, _ in MODULES])
def test_messages_are_literal_ids(name, path):
    """`_()`, `N_()`, `ngettext()` and `pgettext()` are given literal English ids: an f-string or
    a concatenation would be a message no catalog holds."""
    wrong = []
    for called, node in _calls(_tree(path)):
        if called in ("_", "N_", "ngettext", "pgettext") and node.args:
            ids = node.args[:2] if called == "ngettext" else node.args[1:2] if called == "pgettext" else node.args[:1]
            for arg in ids:
                formatted = isinstance(arg, ast.Call) and getattr(arg.func, "attr", "") == "format"
                if isinstance(arg, (ast.JoinedStr, ast.BinOp)) or formatted:
                    wrong.append(f"{name}:{node.lineno}: {called}() of {ast.unparse(arg)[:60]}")
    assert wrong == []


def _is_sentence(node) -> bool:
    """A text of several words (a key such as "players" is one word, and no message)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return " " in node.value.strip() and not ARTICLE.match(node.value)
    return isinstance(node, (ast.JoinedStr, ast.BinOp))


# An article of a regulation, cited as the regulation (in Portuguese) writes it: no message.
ARTICLE = re.compile(r"^(Art |Quadro |Regras|Vencedor |Pontua|Penaliza|O jogo |Torneio |TN\d|RULINGS |[KSQ]\d)")


ERRORS = re.compile(r".*(Error|Exception|Refused)$")
# Python's own exceptions mark a programming error (a game declared wrongly), said to the developer.
BUILTIN = {
    "ValueError",
    "TypeError",
    "KeyError",
    "RuntimeError",
    "AssertionError",
    "NotImplementedError",
    "AttributeError",
    "LookupError",
    "IndexError",
}


@pytest.mark.parametrize("name,path", MODULES, ids=[name for name, _ in MODULES])
def test_no_message_is_said_in_english_only(name, path):
    """What the user reads is translated: no error raised, finding made or line printed with a
    literal English text (a literal in `_()` is fine; so is pure punctuation around messages)."""
    wrong = []
    tree = _tree(path)
    for node in ast.walk(tree):
        said = []
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            exc_name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if ERRORS.match(exc_name) and exc_name not in BUILTIN and node.exc.args:
                said.append(node.exc.args[0])
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called == "Finding" and len(node.args) > 3:
                said.append(node.args[3])
            elif called in ("out", "echo", "prompt", "confirm", "fail", "finding", "_finding", "error", "found"):
                # any text argument: some helpers take a key first (`fail("players", message)`)
                said.extend(arg for arg in node.args if _is_sentence(arg))
        wrong.extend(
            f"{name}:{getattr(text, 'lineno', node.lineno)}: {ast.unparse(text)[:70]}"
            for text in said
            if _says_words(text)
        )
    assert wrong == []
