"""The package passes ruff and mypy with the settings of pyproject.toml.

CI runs pytest from a copy of tests/ outside the source tree, where no pyproject.toml is found,
so the settings are given on the command line here; when the checkout's pyproject.toml is
beside the package, a test checks that they are still its own.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

import scorekeeper

PACKAGE = os.path.dirname(os.path.abspath(scorekeeper.__file__))
PYPROJECT = os.path.join(os.path.dirname(PACKAGE), "pyproject.toml")

RUFF_SELECT = ["E4", "E7", "E9", "F", "I"]
RUFF_LINE_LENGTH = 120
MYPY_DISABLED = [
    "attr-defined",
    "arg-type",
    "assignment",
    "misc",
    "has-type",
    "var-annotated",
    "return-value",
    "index",
    "operator",
    "call-arg",
    "union-attr",
    "return",
    "no-redef",
    "dict-item",
    "override",
    "list-item",
    "valid-type",
    "type-var",
]
MYPY_UNTYPED = ["openpyxl", "openpyxl.*", "tabulate"]  # libraries without type information


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
    disabled = [arg for code in MYPY_DISABLED for arg in ("--disable-error-code", code)]
    # A copy: an installed package's folder is site-packages, whose other modules mypy would
    # take for ours (typing_extensions.py "shadows library module").
    source = tmp_path / "scorekeeper"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("locale", "__pycache__"))
    # the untyped libraries: their missing stubs are no error (pyproject.toml names them one by one)
    done = subprocess.run(
        [
            mypy,
            "--config-file",
            os.devnull,
            "--ignore-missing-imports",
            "--cache-dir",
            str(tmp_path / "cache"),
            *disabled,
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_settings_are_pyproject_tomls():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 on
    if not os.path.isfile(PYPROJECT):
        pytest.skip("no checkout beside the package (an installed copy): nothing to compare")
    with open(PYPROJECT, "rb") as file:
        tool = tomllib.load(file)["tool"]
    assert tool["ruff"]["lint"]["select"] == RUFF_SELECT
    assert tool["ruff"]["line-length"] == RUFF_LINE_LENGTH
    assert tool["mypy"]["disable_error_code"] == MYPY_DISABLED
    assert [
        module
        for override in tool["mypy"]["overrides"]
        if override.get("ignore_missing_imports")
        for module in override["module"]
    ] == MYPY_UNTYPED
