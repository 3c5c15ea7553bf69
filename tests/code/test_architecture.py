"""The layout shows the architecture (issue 17): no import cycle, click only in the command line,
a short top level, and every game folder built of the same modules."""

from __future__ import annotations

import ast
import importlib
import pathlib
import re

import pytest

import scorekeeper
from scorekeeper import games

PACKAGE = pathlib.Path(scorekeeper.__file__).parent
# The only modules that may import click: the command line and the console script's launcher.
CLICK_ALLOWED = ("scorekeeper.cli", "scorekeeper.launch")
MOST_TOP_LEVEL_MODULES = 10
# The modules every game folder has, by job.
GAME_MODULES = {
    "__init__",
    "game",
    "rules",
    "scoring",
    "entry_input",
    "pad_form",
    "standings",
    "standings_words",
    "show",
    "finding_codes",
    "workbook_layout",
}
# And these: a game of players has its own; the team games (Sueca, Truco) share team/'s, which
# read their sheets and write and read their fichas from each game's workbook_layout.py.
OWN_OR_TEAM_MODULES = {"sheet", "workbook_write", "workbook_read"}


def module_name(path: pathlib.Path, package: pathlib.Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_names(tree: ast.AST, type_only: bool = False) -> set[str]:
    """Every module name an import statement anywhere in `tree` names (inside functions too: a
    lazy import is still a dependency); those under `if TYPE_CHECKING:` only when `type_only`."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node) and not type_only:
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return names


def import_graph(package: pathlib.Path = PACKAGE, type_only: bool = False) -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports (with `type_only`,
    those it imports only for the type checker too). `from a import b` counts as importing a
    and, when b is a module, b; importing a.b.c imports its packages too (Python runs
    a/__init__.py and a/b/__init__.py first)."""
    raw = {
        module_name(path, package): imported_names(ast.parse(path.read_text(encoding="utf-8")), type_only)
        for path in package.rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, imports in raw.items():
        edges = set()
        for imported in imports:
            parts = imported.split(".")
            for length in range(2, len(parts) + 1):  # the root package itself imports nothing of ours
                prefix = ".".join(parts[:length])
                if prefix in raw:
                    edges.add(prefix)
        # a package's module may import its own package's other modules; the package is no edge
        graph[name] = {edge for edge in edges if edge != name and not name.startswith(edge + ".")}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of `graph`: each set of modules that import one another, directly or
    through others (a strongly connected component of more than one module), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(name: str) -> None:  # Tarjan's algorithm
        index[name] = low[name] = len(index)
        stack.append(name)
        for edge in sorted(graph[name]):
            if edge not in index:
                visit(edge)
                low[name] = min(low[name], low[edge])
            elif edge in stack:
                low[name] = min(low[name], index[edge])
        if low[name] == index[name]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == name:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(found)


def click_importers(package: pathlib.Path = PACKAGE) -> list[str]:
    """The modules that import click (or a part of it) anywhere, outside the command line."""
    found = []
    for path in sorted(package.rglob("*.py")):
        name = module_name(path, package)
        if name in CLICK_ALLOWED or name.startswith(CLICK_ALLOWED[0] + "."):
            continue
        imports = imported_names(ast.parse(path.read_text(encoding="utf-8")))
        if any(imported == "click" or imported.startswith("click.") for imported in imports):
            found.append(name)
    return found


def top_level_modules(package: pathlib.Path = PACKAGE) -> list[str]:
    return sorted(path.name for path in package.glob("*.py"))


def game_folder(name: str, package: pathlib.Path = PACKAGE) -> pathlib.Path:
    """A registered game's folder: `<package>/<game>/` for the package's own games, else the folder
    its game.py was imported from (tests/code/test_toy_game.py registers a game from a fixture folder)."""
    inside = package / name
    if inside.is_dir():
        return inside
    return pathlib.Path(importlib.import_module(type(games.get(name)).__module__).__file__).parent


def game_folder_modules(package: pathlib.Path = PACKAGE) -> dict[str, set[str]]:
    """Each game's modules; a team game's include the team/ modules it shares."""
    team = {path.stem for path in (package / "team").glob("*.py")} & OWN_OR_TEAM_MODULES
    return {
        name: {path.stem for path in game_folder(name, package).glob("*.py")}
        | (team if games.get(name).seating is games.Seating.TEAMS else set())
        for name in games.names()
    }


# No cycle is allowed. (The last one, collect -> draw_round -> standings -> collect, went when the
# draw's sheets and their leftovers moved to tournaments/drawn_sheets.py, which checking reads
# without the draw.) A cycle named here must exist: the test fails once it is gone.
KNOWN_CYCLES: list[list[str]] = []


def test_no_import_cycle():
    found = cycles(import_graph())
    assert [cycle for cycle in found if cycle not in KNOWN_CYCLES] == []
    assert [cycle for cycle in KNOWN_CYCLES if cycle not in found] == []


def test_no_import_cycle_even_for_the_type_checker():
    # A circle drawn only under `if TYPE_CHECKING:` runs, but a reader must still untangle it
    # (issue 26: core/tournament -> tournaments/workbook_write -> output/tournament_text -> core/tournament).
    assert cycles(import_graph(type_only=True)) == []


# The layers (issue 26): the core and everything below it import nothing of the front ends or of
# the words they print; output/ is below every front end; serve/ and cli/ are two front ends that
# never import each other's modules (`scorekeeper serve` starts the score pad from cli/, lazily).
FRONT_ENDS = ("scorekeeper.output", "scorekeeper.cli", "scorekeeper.serve")
EDGES = ("scorekeeper.launch", "scorekeeper.__main__")  # the console script: it starts the command line
ABOVE = {
    "scorekeeper.output": ("scorekeeper.cli", "scorekeeper.serve"),
    "scorekeeper.serve": ("scorekeeper.cli",),
}


def layer_breaches(package: pathlib.Path = PACKAGE) -> list[str]:
    """Each import (lazy and type-only ones included) that reaches up a layer: `module -> imported`."""
    found = []
    for path in sorted(package.rglob("*.py")):
        name = module_name(path, package)
        if _within(name, EDGES):
            continue
        above = next((up for layer, up in ABOVE.items() if _within(name, (layer,))), None)
        if above is None:
            above = () if _within(name, ("scorekeeper.cli",)) else FRONT_ENDS
        imports = imported_names(ast.parse(path.read_text(encoding="utf-8")), type_only=True)
        found += [f"{name} -> {imported}" for imported in sorted(imports) if _within(imported, above)]
    return found


ARCHITECTURE_PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def documented_layers(page: pathlib.Path = ARCHITECTURE_PAGE) -> list[tuple[str, ...]]:
    """The layers as docs/architecture.md's table under "## The layers" lists them, from the
    bottom: each row's modules and packages (`sheet/`, `games.py`) as module names."""
    text = page.read_text(encoding="utf-8")
    table = text[text.index("## The layers") :].split("\n\n")[2]
    layers = []
    for row in table.splitlines()[2:]:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        names = [name.removesuffix("/").removesuffix(".py") for name in re.findall(r"`([^`]+)`", cells[1])]
        layers.append(tuple(f"scorekeeper.{name}" for name in names))
    return layers


def layers_reached_up(layers: list[tuple[str, ...]], package: pathlib.Path = PACKAGE) -> list[str]:
    """Each import (lazy and type-only ones included) of a module from a layer above its own, and
    each module no layer holds: `module -> imported`."""

    def rank(name: str) -> int | None:
        return next((i for i, layer in enumerate(layers) if _within(name, layer)), None)

    found = []
    for name, imports in sorted(import_graph(package, type_only=True).items()):
        own = rank(name)
        if own is None:
            if name != "scorekeeper":
                found.append(f"{name}: in no layer")
            continue
        found += [f"{name} -> {imported}" for imported in sorted(imports) if (rank(imported) or 0) > own]
    return found


def test_the_layers_are_the_architecture_pages():
    if not ARCHITECTURE_PAGE.is_file():
        pytest.skip("no docs/ beside tests/")
    layers = documented_layers()
    assert len(layers) == 10 and layers[0][0] == "scorekeeper.errors"
    assert layers_reached_up(layers) == []


def test_an_import_up_the_layers_is_found(tmp_path):
    if not ARCHITECTURE_PAGE.is_file():
        pytest.skip("no docs/ beside tests/")
    copy = _copy(tmp_path)
    with (copy / "workbook" / "layout.py").open("a", encoding="utf-8") as file:
        file.write(
            "\n\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from scorekeeper.tournaments import model\n"
        )
    (copy / "extra").mkdir()
    (copy / "extra" / "__init__.py").write_text('"""A package in no layer."""\n', encoding="utf-8")
    assert layers_reached_up(documented_layers(), copy) == [
        "scorekeeper.extra: in no layer",
        "scorekeeper.workbook.layout -> scorekeeper.tournaments",
        "scorekeeper.workbook.layout -> scorekeeper.tournaments.model",
    ]


def test_no_layer_reaches_up():
    assert layer_breaches() == []


def test_a_layer_reaching_up_is_found(tmp_path):
    copy = _copy(tmp_path)
    with (copy / "sheet" / "results.py").open("a", encoding="utf-8") as file:
        file.write(
            "\n\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from scorekeeper.output import terminal\n"
        )
    with (copy / "king" / "festa.py").open("a", encoding="utf-8") as file:
        file.write("\n\ndef _said():\n    from scorekeeper.serve import words  # lazy: a test\n")
    with (copy / "output" / "listing.py").open("a", encoding="utf-8") as file:
        file.write("\n\nimport scorekeeper.serve.words\n")
    with (copy / "serve" / "words.py").open("a", encoding="utf-8") as file:
        file.write("\n\nfrom scorekeeper.cli.common import out\n")
    assert sorted(set(layer_breaches(copy)) - set(layer_breaches())) == [
        "scorekeeper.king.festa -> scorekeeper.serve",
        "scorekeeper.king.festa -> scorekeeper.serve.words",
        "scorekeeper.output.listing -> scorekeeper.serve.words",
        "scorekeeper.serve.words -> scorekeeper.cli.common",
        "scorekeeper.serve.words -> scorekeeper.cli.common.out",
        "scorekeeper.sheet.results -> scorekeeper.output",
        "scorekeeper.sheet.results -> scorekeeper.output.terminal",
    ]


def test_click_is_imported_only_by_the_command_line():
    assert click_importers() == []


def test_the_top_level_is_at_most_ten_modules():
    modules = top_level_modules()
    assert len(modules) <= MOST_TOP_LEVEL_MODULES, modules


def test_every_game_folder_has_the_same_modules():
    for name, modules in game_folder_modules().items():
        assert modules >= GAME_MODULES | OWN_OR_TEAM_MODULES, (
            name,
            sorted((GAME_MODULES | OWN_OR_TEAM_MODULES) - modules),
        )


# --- each check above can fail: run on a broken copy of the package ---------------------------


def _copy(tmp_path: pathlib.Path) -> pathlib.Path:
    import shutil

    target = tmp_path / "scorekeeper"
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("locale", "__pycache__"))
    return target


def test_a_cycle_is_found_even_through_a_function_level_import(tmp_path):
    copy = _copy(tmp_path)
    with (copy / "exit_codes.py").open("a", encoding="utf-8") as file:
        file.write("\n\ndef _late():\n    from scorekeeper import findings\n")
    with (copy / "findings.py").open("a", encoding="utf-8") as file:
        file.write("\n\ndef _late():\n    import scorekeeper.exit_codes\n")
    assert ["scorekeeper.exit_codes", "scorekeeper.findings"] in cycles(import_graph(copy))


def test_an_import_under_type_checking_is_a_cycle_only_for_the_type_checker(tmp_path):
    copy = _copy(tmp_path)
    with (copy / "exit_codes.py").open("a", encoding="utf-8") as file:
        file.write("\n\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from scorekeeper import findings\n")
    with (copy / "findings.py").open("a", encoding="utf-8") as file:
        file.write("\n\nimport scorekeeper.exit_codes\n")
    assert cycles(import_graph(copy)) == KNOWN_CYCLES
    assert ["scorekeeper.exit_codes", "scorekeeper.findings"] in cycles(import_graph(copy, type_only=True))


def test_click_outside_the_command_line_is_found(tmp_path):
    copy = _copy(tmp_path)
    with (copy / "workbook" / "layout.py").open("a", encoding="utf-8") as file:
        file.write("\n\ndef _echo():\n    from click import echo\n")
    assert click_importers(copy) == ["scorekeeper.workbook.layout"]


def test_an_eleventh_top_level_module_is_found(tmp_path):
    copy = _copy(tmp_path)
    for number in range(MOST_TOP_LEVEL_MODULES + 1 - len(top_level_modules(copy))):
        (copy / f"extra{number}.py").write_text('"""An extra module."""\n', encoding="utf-8")
    assert len(top_level_modules(copy)) == MOST_TOP_LEVEL_MODULES + 1


def test_a_game_folder_of_another_shape_is_found(tmp_path):
    copy = _copy(tmp_path)
    (copy / "king" / "workbook_read.py").rename(copy / "king" / "boletim_import.py")
    (copy / "team" / "sheet.py").rename(copy / "team" / "team_sheet.py")
    found = game_folder_modules(copy)
    assert "workbook_read" not in found["king"] and "sheet" not in found["sueca"]
    assert found["king"] >= GAME_MODULES and found["sueca"] >= GAME_MODULES


# --- a game declares itself once (issue 17) ----------------------------------------------------


CONTEXT_MAKERS = ("pgettext", "Mp_")  # a message in its context, said now or at the edge (i18n.Mp_)


def _docstrings_and_contexts(tree: ast.AST) -> set[int]:
    """The string nodes that say nothing to the program: docstrings, and pgettext's (and Mp_'s) contexts.
    A context ("truco", "quatrilho") keys a vocabulary in the catalogs (a team is a dupla in
    Truco's Brazil); babel reads it only as a literal, so it stays written where it is said,
    and renaming a game would not change what it means."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skipped.add(id(first.value))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in CONTEXT_MAKERS
            and node.args
        ):
            skipped.add(id(node.args[0]))
    return skipped


def game_names_outside_game_py(package: pathlib.Path = PACKAGE) -> list[str]:
    """Each place in a game folder, outside its game.py, where a string is the game's name or
    title (`game="sueca"`, `Choice(("king",))`): the Game is the only holder of them, and the
    rules and results take the name from the rule file the registry read by it."""
    found = []
    for game in games.all_games():
        own = {game.name.lower(), game.title.lower()}
        for path in sorted(game_folder(game.name, package).glob("*.py")):
            if path.name == "game.py":
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skipped = _docstrings_and_contexts(tree)
            found += [
                f"{game.name}/{path.name}:{node.lineno}"
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skipped
                and node.value.strip().lower() in own
            ]
    return found


def test_a_game_folder_names_its_game_only_in_its_game_py():
    assert game_names_outside_game_py() == []


def test_a_game_named_outside_its_game_py_is_found(tmp_path):
    copy = _copy(tmp_path)
    with (copy / "sueca" / "scoring.py").open("a", encoding="utf-8") as file:
        file.write('\n\nGAME = "sueca"\n\n\ndef _said():\n    return pgettext("sueca", "teams")\n')
    lines = len((copy / "sueca" / "scoring.py").read_text(encoding="utf-8").splitlines())
    assert game_names_outside_game_py(copy) == [f"sueca/scoring.py:{lines - 4}"]  # the context is no name


def _unit_messages(unit: games.Unit) -> list[tuple[str, ...]]:
    """A unit's message ids as the catalogs key them: its word, its count and its in-progress
    pairs (a plural's id is its singular and plural)."""
    return [(unit.one,), unit.count, *([unit.in_progress] if unit.in_progress else [])]


def untranslated_unit_words(locale: pathlib.Path = PACKAGE / "locale") -> list[str]:
    """Each unit message of each game (Game.entry_word, Game.totals_word) that a Portuguese
    catalog lacks or leaves empty: it would be said in English."""
    from babel.messages.pofile import read_po

    missing = []
    for language in ("pt_PT", "pt_BR"):
        with open(locale / language / "LC_MESSAGES" / "scorekeeper.po", "rb") as file:
            catalog = read_po(file)
        for game in games.all_games():
            for unit in filter(None, (game.entry_word, game.totals_word)):
                for ids in _unit_messages(unit):
                    message = catalog.get(ids[0])
                    strings = message.string if message is not None else ""
                    strings = strings if isinstance(strings, tuple) else (strings,)
                    if message is None or (len(ids) == 2) != message.pluralizable or not all(strings):
                        missing.append(f"{language} {game.name}: {ids[-1]}")
    return missing


def test_every_unit_word_of_every_game_is_translated():
    assert untranslated_unit_words() == []


def test_a_unit_word_left_untranslated_is_found(tmp_path):
    import shutil

    shutil.copytree(PACKAGE / "locale", tmp_path / "locale")
    po = tmp_path / "locale" / "pt_BR" / "LC_MESSAGES" / "scorekeeper.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgstr[1] "{count} mocas"' in text
    po.write_text(text.replace('msgstr[1] "{count} mocas"', 'msgstr[1] ""'), encoding="utf-8")
    assert untranslated_unit_words(tmp_path / "locale") == ["pt_BR sueca: {count} mocas"]


def uncommented_lazy_imports(package: pathlib.Path = PACKAGE) -> list[str]:
    """Imports inside a function (not under `if TYPE_CHECKING:`) with no comment on their line
    saying why they are lazy: every import is at the top of its module unless start-up needs it
    later."""
    found = []
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)) and "#" not in lines[inner.end_lineno - 1]:
                        found.append(f"{module_name(path, package)}:{inner.lineno}")
    return found


def test_every_lazy_import_says_why():
    assert uncommented_lazy_imports() == []


def test_a_lazy_import_without_a_reason_is_found(tmp_path):
    copy = _copy(tmp_path)
    with (copy / "exit_codes.py").open("a", encoding="utf-8") as file:
        file.write("\n\ndef _late():\n    import json\n")
    assert uncommented_lazy_imports(copy) == [
        f"scorekeeper.exit_codes:{len((copy / 'exit_codes.py').read_text().splitlines())}"
    ]


# --- the command line parses, calls the core once and prints (issue 17, items 1 and 2) --------

# The sheet commands' modules may import from scorekeeper only the command line's own modules,
# the core they call, the output layer that says their results, and the errors, exit codes and
# words they map and print; cmd_record also the games' declarations, as its options are every
# game's own. Anything else (sheet/, workbook/, rulebook/, a game) is a decision the core makes.
SHEET_COMMANDS = (
    "cmd_new",
    "cmd_record",
    "cmd_undo",
    "cmd_show",
    "cmd_check",
    "cmd_export",
    "cmd_import",
    "cmd_codes",
    "cmd_rules",
    "cmd_history",
)
COMMAND_MAY_IMPORT = (
    "scorekeeper.cli",
    "scorekeeper.core",
    "scorekeeper.output",
    "scorekeeper.errors",
    "scorekeeper.exit_codes",
    "scorekeeper.i18n",
)
COMMAND_ALSO_MAY_IMPORT = {"cmd_record": ("scorekeeper.games",)}


def _within(name: str, allowed) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for prefix in allowed)


def command_decisions(package: pathlib.Path = PACKAGE) -> dict[str, list[str]]:
    """For each sheet command's module, what it imports of the package beyond COMMAND_MAY_IMPORT."""
    found = {}
    for name in SHEET_COMMANDS:
        path = package / "cli" / "commands" / f"{name}.py"
        imports = imported_names(ast.parse(path.read_text(encoding="utf-8")))
        allowed = COMMAND_MAY_IMPORT + COMMAND_ALSO_MAY_IMPORT.get(name, ())
        # `from scorekeeper import games` names the package and the module: the module decides
        beyond = sorted(i for i in imports if i.startswith("scorekeeper.") and not _within(i, allowed))
        if beyond:
            found[name] = beyond
    return found


def front_end_importers(package: pathlib.Path = PACKAGE) -> list[str]:
    """The modules of core/ and output/ that import click or the command line (a front end)."""
    found = []
    for folder in ("core", "output"):
        for path in sorted((package / folder).rglob("*.py")):
            imports = imported_names(ast.parse(path.read_text(encoding="utf-8")))
            if any(
                _within(i, ("click", "scorekeeper.cli", "scorekeeper.launch", "scorekeeper.serve")) for i in imports
            ):
                found.append(module_name(path, package))
    return found


def test_the_sheet_commands_decide_nothing_of_their_own():
    assert command_decisions() == {}


def test_core_and_output_know_no_front_end():
    assert front_end_importers() == []


def test_a_finding_is_data_only():
    # Its words are output/findings_text.py's: describe (a boletim's note) and finding_line (check's line).
    from scorekeeper.findings import Finding

    own = {name for name in vars(Finding) if not name.startswith("_")}
    assert own - set(Finding._fields) == {"location", "is_error", "as_dict"}


def test_a_command_that_decides_is_found(tmp_path):
    copy = _copy(tmp_path)
    with (copy / "cli" / "commands" / "cmd_export.py").open("a", encoding="utf-8") as file:
        file.write("\n\nfrom scorekeeper.workbook import export as exporter\n")
    with (copy / "cli" / "commands" / "cmd_record.py").open("a", encoding="utf-8") as file:
        file.write("\n\ndef _late():\n    from scorekeeper.sheet import editing  # lazy: a test\n")
    assert command_decisions(copy) == {
        "cmd_export": ["scorekeeper.workbook", "scorekeeper.workbook.export"],
        "cmd_record": ["scorekeeper.sheet", "scorekeeper.sheet.editing"],
    }


def test_a_front_end_in_the_core_is_found(tmp_path):
    copy = _copy(tmp_path)
    with (copy / "output" / "listing.py").open("a", encoding="utf-8") as file:
        file.write("\n\nfrom scorekeeper.cli.common import out\n")
    with (copy / "core" / "export.py").open("a", encoding="utf-8") as file:
        file.write("\n\nimport click\n")
    assert front_end_importers(copy) == ["scorekeeper.core.export", "scorekeeper.output.listing"]
