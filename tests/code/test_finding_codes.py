"""Finding codes (issue 11): every kind of finding has one, it is never reused, every finding
carries one, and docs/finding-codes.md lists them all as `scorekeeper codes` does (generated, so that the
list cannot drift from the code)."""

from __future__ import annotations

import ast
import json
import os
import pathlib
import re

import pytest
from catalogs import PACKAGE, python_files
from conftest import EXAMPLES, run

from scorekeeper.core.check import check_any
from scorekeeper.finding_codes import all_kinds
from scorekeeper.output.findings_text import finding_line

HERE = pathlib.Path(__file__).resolve().parent
LEDGER = HERE / "finding_codes.ledger"
CODES_PAGE = HERE.parents[1] / "docs" / "finding-codes.md"  # written by tools/gen_docs.py
CODE = re.compile(r"^[A-Z]+(-[A-Z0-9]+)+$")
BEGIN = "<!-- finding codes: `scorekeeper codes --format markdown` writes this list; a test compares -->"
END = "<!-- end of finding codes -->"


def ledger() -> list[tuple[str, bool]]:
    """(code, retired) for every code ever issued, in the order they were."""
    entries = []
    for line in LEDGER.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            code, *status = line.split()
            entries.append((code, status == ["retired"]))
    return entries


def test_every_code_is_well_formed_and_unique():
    codes = [kind.code for kind in all_kinds()]
    assert [c for c in codes if not CODE.match(c)] == []
    assert len(codes) == len(set(codes)), sorted({c for c in codes if codes.count(c) > 1})
    assert all(kind.rule and kind.meaning for kind in all_kinds())


def test_codes_are_never_reused():
    """A code in use is in the ledger and not retired; the ledger never names one twice. A kind
    that goes away is marked `retired` there, and its code is never given to another."""
    issued = ledger()
    names = [code for code, _retired in issued]
    assert len(names) == len(set(names))
    retired = {code for code, is_retired in issued if is_retired}
    codes = {kind.code for kind in all_kinds()}
    assert sorted(codes - set(names)) == [], "add new codes to tests/code/finding_codes.ledger"
    assert sorted(codes & retired) == []
    assert sorted(set(names) - codes - retired) == [], "a code no longer used is marked retired, not removed"


def test_every_finding_the_package_makes_names_its_code():
    """Each `Finding(...)` in the code passes `code=`."""
    missing = []
    for path in python_files(PACKAGE):
        tree = ast.parse(pathlib.Path(path).read_text(encoding="utf-8"), path)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", "")) == "Finding"
                and len(node.args) < 8
                and not any(k.arg == "code" for k in node.keywords)
            ):
                missing.append(f"{os.path.relpath(path, PACKAGE)}:{node.lineno}")
    assert missing == []


EXAMPLE_SHEETS = sorted(EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLE_SHEETS, ids=[p.name for p in EXAMPLE_SHEETS])
def test_every_finding_of_the_examples_has_a_known_code(path):
    known = {kind.code: kind for kind in all_kinds()}
    for result in check_any(str(path), require_complete=True):
        for finding in result.findings:
            assert finding.code in known, finding
            assert f"[{finding.code}]" in finding_line(finding)


def test_codes_command_lists_every_kind_in_json():
    result = run("codes", "--format", "json")
    assert result.exit_code == 0, result.output
    listed = json.loads(result.output)
    assert [row["code"] for row in listed] == [kind.code for kind in all_kinds()]
    assert set(listed[0]) == {"code", "rule", "meaning"}


def test_the_codes_page_lists_every_code_as_the_command_does():
    text = CODES_PAGE.read_text(encoding="utf-8")
    assert BEGIN in text and END in text
    listed = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    result = run("codes", "--format", "markdown")
    assert result.exit_code == 0, result.output
    assert listed == result.output.strip(), "run: python tools/gen_docs.py"
