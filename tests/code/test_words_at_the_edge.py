"""Data in the core, words at the edge (issue 26): below output/ (layers 1-6 of docs/architecture.md)
a message is data, an `i18n.Message` made by `M_`, `Mn_` or `Mp_`, and the edge says it in the
language of its call (`in_words`, output/, serve/'s words). This test counts the calls that say
words now (`_`, `ngettext`, `pgettext`, `gettext`, by the AST) in each module below the edge and
holds them to the lists below, exactly: a new call outside them fails, naming its place and why,
and so does a list that no longer matches the code (a call converted: lower its number, or drop
the module), so the count can only go down."""

from __future__ import annotations

import ast
import pathlib
import shutil

import pytest
from test_architecture import ARCHITECTURE_PAGE, PACKAGE, _within, documented_layers, module_name

SAYERS = frozenset(("_", "ngettext", "pgettext", "gettext"))
BELOW_THE_EDGE_LAYERS = 6  # the base .. the core; output/ is layer 7

# Modules that are an edge of their own: they say words for a person where they are (a worksheet's
# cells, a prompt, the score pad's form, a `show` or `rules` table, a comment written into a file
# for its reader), in the language of the call that asked for them. Each with its count and why.
EDGES: dict[str, tuple[int, str]] = {
    "scorekeeper.i18n": (9, "the saying itself: in_words and the catalogs' lookups"),
    "scorekeeper.games": (1, "Game.progress_words: a game's words for the progress a front end shows"),
    "scorekeeper.sheet.new": (1, "the comment written into a new sheet, for the scorer who reads it"),
    "scorekeeper.sheet.typed_input": (3, "the prompts of `record` (yes/no, try again)"),
    "scorekeeper.rulebook.registry": (5, "the `rules` command's table of a rule file"),
    "scorekeeper.workbook.export": (7, "the Resumo's cells and worksheet titles"),
    "scorekeeper.workbook.finding_words": (1, "a finding's severity as a boletim's note and check's line say it"),
    "scorekeeper.workbook.history_sheet": (7, "the history worksheet's cells"),
    "scorekeeper.workbook.layout": (2, "the boletim's header labels"),
    "scorekeeper.workbook.sheet_style": (1, "the printed page's footer"),
    "scorekeeper.tournaments.day_changes": (2, "comments written into the tournament file"),
    "scorekeeper.tournaments.draw_round": (2, "comments written into the tournament file with a drawn round"),
    "scorekeeper.tournaments.new_tournament": (1, "the comment written into a new tournament file (planned_rounds)"),
    "scorekeeper.tournaments.standings_words": (2, "the standings' heads every game shares"),
    "scorekeeper.tournaments.workbook_write": (75, "the championship workbook's cells, titles and chart"),
    "scorekeeper.season.workbook_write": (126, "the season's workbook: its cells, titles and notes"),
    "scorekeeper.king.game": (28, "King's `rules` table, help and progress words"),
    "scorekeeper.king.interactive": (15, "King's prompts (`record`)"),
    "scorekeeper.king.pad_form": (15, "King's form on the score pad"),
    "scorekeeper.king.show": (8, "King's `show` tables"),
    "scorekeeper.king.workbook_layout": (1, "the boletim's worksheet title"),
    "scorekeeper.king.workbook_write": (36, "the boletim's cells, validations and chart"),
    "scorekeeper.sueca.entry_input": (7, "Sueca's prompts"),
    "scorekeeper.sueca.game": (3, "Sueca's help and standing words"),
    "scorekeeper.sueca.pad_form": (10, "Sueca's form on the score pad"),
    "scorekeeper.sueca.rules": (17, "Sueca's `rules` table"),
    "scorekeeper.sueca.show": (6, "Sueca's `show` tables"),
    "scorekeeper.sueca.workbook_layout": (6, "the ficha's cells and validations"),
    "scorekeeper.truco.entry_input": (3, "Truco's prompts"),
    "scorekeeper.truco.game": (6, "Truco's help and standing words"),
    "scorekeeper.truco.pad_form": (15, "Truco's form on the score pad"),
    "scorekeeper.truco.rules": (15, "Truco's `rules` table"),
    "scorekeeper.truco.show": (8, "Truco's `show` tables"),
    "scorekeeper.quatrilho.entry_input": (20, "Quatrilho's prompts"),
    "scorekeeper.quatrilho.game": (3, "Quatrilho's help and progress words"),
    "scorekeeper.quatrilho.rules": (21, "Quatrilho's `rules` table"),
    "scorekeeper.quatrilho.show": (7, "Quatrilho's `show` tables"),
    "scorekeeper.quatrilho.workbook_layout": (3, "the planilha's labels"),
    "scorekeeper.team.workbook_columns": (6, "the ficha's heads"),
    "scorekeeper.team.workbook_write": (4, "the ficha's cells"),
    "scorekeeper.truco.workbook_layout": (13, "the ficha's heads and cells"),
    "scorekeeper.quatrilho.pad_form": (37, "Quatrilho's form on the score pad"),
    "scorekeeper.quatrilho.workbook_write": (16, "the planilha's cells and validations"),
}

# Words still made below the edge that are data a front end says (refusals, findings, a listing's
# rows): each to become a Message (same msgid) said at the edge; lower the number as they do. A
# module that is also an edge (a workbook writer) counts both, and says how many are which.
NOT_YET_DATA: dict[str, tuple[int, str]] = {}

ALLOWED = {**EDGES, **NOT_YET_DATA}


def _says(call: ast.Call) -> bool:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return name in SAYERS


def below_the_edge(package: pathlib.Path = PACKAGE) -> dict[str, tuple[pathlib.Path, list[int]]]:
    """Each module of layers 1-6 with its file and the lines of its calls that say words."""
    below = [name for layer in documented_layers()[:BELOW_THE_EDGE_LAYERS] for name in layer]
    found = {}
    for path in sorted(package.rglob("*.py")):
        name = module_name(path, package)
        if _within(name, below):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found[name] = (
                path,
                sorted(node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call) and _says(node)),
            )
    return found


def words_below_the_edge(package: pathlib.Path = PACKAGE) -> list[str]:
    """What breaks the lists: a call in a module they do not name, a count that is not theirs, a
    module they name that has no such call or is gone."""
    problems = []
    found = below_the_edge(package)
    for name, (path, lines) in found.items():
        allowed = ALLOWED.get(name)
        where = f"{path.relative_to(package.parent)}"
        if allowed is None and lines:
            problems += [
                f"{where}:{line}: words said below the edge; make it data (i18n.M_, Mn_, Mp_) said at the edge "
                "(output/, serve/'s words), or list the module in EDGES if it is an edge of its own, with why"
                for line in lines
            ]
        elif allowed is not None and len(lines) != allowed[0]:
            problems.append(
                f"{where}: {len(lines)} calls that say words, and the list allows {allowed[0]} ({allowed[1]}): "
                + ("make the new ones data, said at the edge" if len(lines) > allowed[0] else "lower the list's number")
            )
    problems += [f"{name}: listed, and no such module below the edge" for name in ALLOWED if name not in found]
    return problems


needs_the_page = pytest.mark.skipif(not ARCHITECTURE_PAGE.is_file(), reason="no docs/ beside tests/")


@needs_the_page
def test_words_are_said_at_the_edge():
    assert words_below_the_edge() == []


def _copy(tmp_path: pathlib.Path) -> pathlib.Path:
    target = tmp_path / "scorekeeper"
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("locale", "__pycache__"))
    return target


@needs_the_page
def test_a_new_call_below_the_edge_is_found(tmp_path):
    copy = _copy(tmp_path)
    results = copy / "sheet" / "results.py"
    lines = len(results.read_text(encoding="utf-8").splitlines())
    with results.open("a", encoding="utf-8") as file:
        file.write("\n\ndef _late(count):\n    return i18n.ngettext('a hand', '{count} hands', count)\n")
    with (copy / "workbook" / "sheet_style.py").open("a", encoding="utf-8") as file:
        file.write("\n\ndef _late():\n    return _('one more')\n")
    assert words_below_the_edge(copy) == [
        f"scorekeeper/sheet/results.py:{lines + 4}: words said below the edge; make it data (i18n.M_, Mn_, Mp_) "
        "said at the edge (output/, serve/'s words), or list the module in EDGES if it is an edge of its own, with why",
        "scorekeeper/workbook/sheet_style.py: 2 calls that say words, and the list allows 1 (the printed page's "
        "footer): make the new ones data, said at the edge",
    ]


@needs_the_page
def test_a_stale_list_is_found(tmp_path):
    copy = _copy(tmp_path)
    style = copy / "workbook" / "sheet_style.py"
    text = style.read_text(encoding="utf-8")
    assert text.count('_("Page &P of &N")') == 1
    style.write_text(text.replace('_("Page &P of &N")', '"Page &P of &N"'), encoding="utf-8")
    (copy / "sheet" / "new.py").unlink()
    assert words_below_the_edge(copy) == [
        "scorekeeper/workbook/sheet_style.py: 0 calls that say words, and the list allows 1 (the printed page's "
        "footer): lower the list's number",
        "scorekeeper.sheet.new: listed, and no such module below the edge",
    ]
