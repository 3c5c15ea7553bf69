"""Every registered game behind the one interface (games.Game), run through every command.

A game is one package, one rule file and one registry line: these tests hold each registered
game to that, and run it as a new user would (tests/sheets/conformance.yaml gives, per game, how `new`
seats it and a whole game recorded from the command line, each record option used once):
new, record, undo, check, show, export, import and check again, and the blank boletim.
"""

from __future__ import annotations

import ast
import json
import pathlib
import re

import pytest
import yaml
from conftest import find_rules, run

import scorekeeper
from scorekeeper import games

CONFORMANCE = yaml.safe_load((pathlib.Path(__file__).parent / "conformance.yaml").read_text(encoding="utf-8"))
GAMES = games.names()
PACKAGE = pathlib.Path(scorekeeper.__file__).parent


def test_every_registered_game_has_its_conformance_entry():
    assert sorted(CONFORMANCE) == sorted(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_is_one_package_one_rule_file_and_one_registry_line(name):
    game = games.get(name)
    assert isinstance(game, games.Game) and game.name == name
    assert type(game).__module__ == f"scorekeeper.{name}.game"  # its own package
    assert games.REGISTRY.count(f"scorekeeper.{name}.game") == 1
    rule_file = find_rules() / f"{name}.yaml"
    assert yaml.safe_load(rule_file.read_text(encoding="utf-8"))["game"] == name
    assert game.seating in games.Seating and game.list_key and isinstance(game.entry_word, games.Unit)
    assert game.unfinished.rule and game.interactive_help()


def _code_words(path: pathlib.Path) -> set[str]:
    """The identifiers and the string literals of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    words = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.add(node.value)
        elif isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
        elif isinstance(node, (ast.alias)):
            words.add(node.name)
    return words


# Every module outside the game folders: the top level and the shared packages (cli/, core/, output/,
# sheet/, rulebook/, team/, workbook/, tournaments/).
SHARED = sorted(path for path in PACKAGE.rglob("*.py") if path.relative_to(PACKAGE).parts[0] not in GAMES)


@pytest.mark.parametrize("path", [p for p in SHARED if p.name != "games.py"], ids=lambda p: p.name)
def test_the_cli_and_the_shared_modules_name_no_game(path):
    """Only games.REGISTRY names the games; what a game does is reached through its Game."""
    pattern = re.compile(r"\b(" + "|".join(GAMES) + r")\b", re.IGNORECASE)
    assert sorted(w for w in _code_words(path) if pattern.search(w)) == []


def test_the_shared_modules_never_import_a_game():
    pattern = re.compile(r"^\s*(from|import) scorekeeper\.(" + "|".join(GAMES) + r")\b", re.MULTILINE)
    for path in SHARED:
        assert not pattern.search(path.read_text(encoding="utf-8")), path.name


def _report(path) -> dict:
    result = run("check", "--format", "json", path)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)[0]


def _entries(report: dict) -> list:
    return [(h["hand"], h["points"], h.get("awarded")) for h in report["hands"]]


@pytest.mark.parametrize("name", GAMES)
def test_every_command_on_a_whole_game(tmp_path, name):
    game, data = games.get(name), CONFORMANCE[name]
    sheet = tmp_path / f"{name}.yaml"
    created = run("new", name, *data["new"], "-o", sheet)
    assert created.exit_code == 0, created.output
    if data.get("header"):  # header keys `new` has no option for (a shortened round)
        text = sheet.read_text(encoding="utf-8")
        lines = "".join(f"{key}: {value}\n" for key, value in data["header"].items())
        sheet.write_text(text.replace(f"{game.list_key}: []", f"{lines}{game.list_key}: []"), encoding="utf-8")

    used = {arg for args in data["record"] for arg in args if arg.startswith("-")}
    for option in game.record_options:
        assert used & set(option.flags), f"{option.flags[0]} is never recorded"
    for number, args in enumerate(data["record"], start=1):
        recorded = run("record", sheet, *args)
        assert recorded.exit_code == 0, (args, recorded.output)
        assert recorded.output.startswith(f"{game.entry_word[0].capitalize()} {number} ("), recorded.output
    # undo takes the last one back, and recording it again gives the same sheet
    whole = sheet.read_text(encoding="utf-8")
    assert run("undo", sheet).exit_code == 0 and sheet.read_text(encoding="utf-8") != whole
    assert run("record", sheet, *data["record"][-1]).exit_code == 0
    assert sheet.read_text(encoding="utf-8") == whole
    # fix rewrites an entry in place
    assert run("fix", sheet, "1", *data["record"][0]).exit_code == 0
    assert sheet.read_text(encoding="utf-8") == whole

    report = _report(sheet)
    assert report["valid"] and report["complete"] and report["findings"] == []
    assert len(report["hands"]) == len(data["record"])
    assert set(report["totals"]) == set(report["players"])
    assert run("check", "--require-complete", sheet).exit_code == 0
    for fmt in ("table", "json", "csv"):
        shown = run("show", sheet, "--format", fmt)
        assert shown.exit_code == 0 and shown.output, (fmt, shown.output)

    workbook = tmp_path / f"{name}.xlsx"
    assert run("export", sheet, "-o", workbook).exit_code == 0
    back = tmp_path / "back.yaml"
    imported = run("import", workbook, "-o", back)
    assert imported.exit_code == 0, imported.output
    again = _report(back)
    assert _entries(again) == _entries(report)
    assert (again["totals"], again["valid"], again["complete"]) == (report["totals"], True, True)
    assert _report(workbook)["totals"] == report["totals"]

    blank = tmp_path / "blank.xlsx"
    written = run("export", "--blank", name, *data["new"], "-o", blank)
    assert written.exit_code == 0 and blank.is_file(), written.output


def _module_imports() -> dict[str, set[str]]:
    """Each scorekeeper module and the scorekeeper modules it imports at its top level (not
    inside a function: those are the lazy imports, run when called)."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges = set()
        for node in tree.body:
            if isinstance(node, ast.Import):
                edges |= {a.name for a in node.names if a.name.startswith("scorekeeper.")}
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("scorekeeper"):
                edges.add(node.module)
                edges |= {f"{node.module}.{a.name}" for a in node.names}
        graph[name] = edges
    return {name: {edge for edge in edges if edge in graph and edge != name} for name, edges in graph.items()}


def test_no_module_imports_another_in_a_loop():
    graph = _module_imports()
    state: dict[str, int] = {}

    def visit(name, path):
        state[name] = 1
        for edge in sorted(graph[name]):
            assert state.get(edge) != 1, " -> ".join([*path, name, edge])
            if edge not in state:
                visit(edge, [*path, name])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [])


def test_a_variant_is_a_subclass_and_a_rule_file(tmp_path, monkeypatch):
    """docs/adding-a-game.md's Bisca dos 9: `class Bisca9(Sueca)` and a rule file of Sueca's keys
    with its own numbers (a moca of 2 points, the game to 1 moca). Its sheets reach Bisca9 by
    the rule file's `game:`, and are scored by Sueca's code with Bisca9's numbers."""
    from scorekeeper.sueca.game import Sueca

    class Bisca9(Sueca):
        name, title = "bisca9", "Bisca dos 9"

    monkeypatch.setattr(games, "REGISTRY", [*games.REGISTRY, "scorekeeper.bisca9.game"])
    monkeypatch.setitem(games._loaded, "bisca9", Bisca9())
    text = (find_rules() / "sueca.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^game: sueca", "game: bisca9", text)
    text = re.sub(r"(?m)^name: sueca", "name: bisca9", text)
    text = re.sub(r"(?m)^(moca:\n(?:  .*\n)*?  points: )\d+", r"\g<1>2", text)
    text = re.sub(r"(?m)^(moca:\n(?:  .*\n)*?  to_win: )\d+", r"\g<1>1", text)
    (tmp_path / "bisca9.yaml").write_text(text, encoding="utf-8")
    sheet = tmp_path / "jogo.yaml"
    sheet.write_text(
        "rules: bisca9.yaml\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\n"
        "deals:\n  - {points: [70, 50]}\n  - {points: [80, 40]}\n",
        encoding="utf-8",
    )
    checked = run("check", sheet)
    assert checked.exit_code == 0, checked.output
    # Each 61-90 deal gives 1 point (S2); two points make Bisca9's moca, and one moca its game.
    assert checked.output == f"{sheet}: clean (bisca9, won by Nos; Nos 1 moca, Eles 0 mocas)\n"
