"""The package passes ruff and mypy with the settings of pyproject.toml.

CI runs pytest from a copy of tests/ outside the source tree, where no pyproject.toml is found,
so the settings are given on the command line here; when the checkout's pyproject.toml is
beside the package, a test checks that they are still its own.
"""

from __future__ import annotations

import ast
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import scorekeeper

PACKAGE = os.path.dirname(os.path.abspath(scorekeeper.__file__))
PYPROJECT = os.path.join(os.path.dirname(PACKAGE), "pyproject.toml")

RUFF_SELECT = ["E4", "E7", "E9", "F", "I", "B", "UP", "SIM", "C90"]
RUFF_MAX_COMPLEXITY = 15  # C90: McCabe's count of a function's paths
LONGEST_FUNCTION = 80  # lines, docstring and comments included
RUFF_LINE_LENGTH = 120
# Nothing disabled (issue 26): every error code on, bodies of unannotated functions checked too,
# and strict for core/ and output/, the layers every front end calls.
MYPY_SETTINGS = {
    "check_untyped_defs": True,
    "warn_unused_ignores": True,
    "warn_redundant_casts": True,
    "strict_equality": True,
}
MYPY_STRICT_MODULES = ["scorekeeper.core", "scorekeeper.core.*", "scorekeeper.output", "scorekeeper.output.*"]
MYPY_STRICT = {
    "disallow_untyped_defs": True,
    "disallow_incomplete_defs": True,
    "disallow_untyped_calls": True,
    "disallow_untyped_decorators": True,
    "disallow_any_generics": True,
    "disallow_subclassing_any": True,
    "warn_return_any": True,
    "no_implicit_reexport": True,
}
MYPY_UNTYPED = ["openpyxl", "openpyxl.*", "tabulate", "waitress", "waitress.*"]  # libraries without type information


def _tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=os.path.dirname(sys.executable))
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return found


def test_ruff_finds_nothing():
    ruff = _tool("ruff")
    done = subprocess.run(
        [
            ruff,
            "check",
            "--isolated",
            "--no-cache",
            "--select",
            ",".join(RUFF_SELECT),
            "--line-length",
            str(RUFF_LINE_LENGTH),
            "--target-version",
            "py39",
            "--config",
            "lint.isort.known-first-party = ['scorekeeper']",
            "--config",
            f"lint.mccabe.max-complexity = {RUFF_MAX_COMPLEXITY}",
            PACKAGE,
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_is_formatted_as_ruff_formats_it():
    ruff = _tool("ruff")
    done = subprocess.run(
        [
            ruff,
            "format",
            "--check",
            "--isolated",
            "--no-cache",
            "--line-length",
            str(RUFF_LINE_LENGTH),
            "--target-version",
            "py39",
            PACKAGE,
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing(tmp_path):
    mypy = _tool("mypy")
    # A copy: an installed package's folder is site-packages, whose other modules mypy would
    # take for ours (typing_extensions.py "shadows library module").
    source = tmp_path / "scorekeeper"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("locale", "__pycache__"))
    # the untyped libraries: their missing stubs are no error (pyproject.toml names them one by one)
    config = tmp_path / "mypy.ini"
    config.write_text(_mypy_ini(), encoding="utf-8")
    done = subprocess.run(
        [
            mypy,
            "--config-file",
            str(config),
            "--ignore-missing-imports",
            "--cache-dir",
            str(tmp_path / "cache"),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _mypy_ini() -> str:
    """The settings above as a mypy.ini (pyproject.toml is not beside a copy of tests/)."""

    def lines(settings: dict) -> list[str]:
        return [f"{key} = {str(value).lower()}" for key, value in settings.items()]

    strict = "[mypy-" + ",".join(MYPY_STRICT_MODULES) + "]"
    return "\n".join(["[mypy]", *lines(MYPY_SETTINGS), strict, *lines(MYPY_STRICT), ""])


def long_functions(folder: str) -> list[str]:
    """Each function of `folder`'s modules longer than LONGEST_FUNCTION lines: `module:line name (n lines)`."""
    found = []
    for path in sorted(pathlib.Path(folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > LONGEST_FUNCTION:
                    found.append(f"{path.relative_to(folder)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_is_longer_than_eighty_lines():
    assert long_functions(PACKAGE) == []


def test_a_long_function_is_found(tmp_path):
    body = "".join(f"    x{n} = {n}\n" for n in range(LONGEST_FUNCTION))
    (tmp_path / "long.py").write_text(f"def short():\n    return 1\n\n\ndef long():\n{body}", encoding="utf-8")
    assert long_functions(str(tmp_path)) == [f"long.py:5 long ({LONGEST_FUNCTION + 1} lines)"]


def test_the_settings_are_pyproject_tomls():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 on
    if not os.path.isfile(PYPROJECT):
        pytest.skip("no checkout beside the package (an installed copy): nothing to compare")
    with open(PYPROJECT, "rb") as file:
        tool = tomllib.load(file)["tool"]
    assert tool["ruff"]["lint"]["select"] == RUFF_SELECT
    assert tool["ruff"]["lint"]["mccabe"]["max-complexity"] == RUFF_MAX_COMPLEXITY
    assert tool["ruff"]["line-length"] == RUFF_LINE_LENGTH
    assert "disable_error_code" not in tool["mypy"]
    assert {key: tool["mypy"][key] for key in MYPY_SETTINGS} == MYPY_SETTINGS
    strict = [override for override in tool["mypy"]["overrides"] if override["module"] == MYPY_STRICT_MODULES]
    assert strict == [{"module": MYPY_STRICT_MODULES, **MYPY_STRICT}]
    assert [
        module
        for override in tool["mypy"]["overrides"]
        if override.get("ignore_missing_imports")
        for module in override["module"]
    ] == MYPY_UNTYPED
