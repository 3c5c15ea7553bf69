"""Speed: checking and recording a YAML sheet never imports openpyxl or tabulate."""

import subprocess
import sys

from conftest import EXAMPLES

PROBE = """
import sys
from click.testing import CliRunner
from scorekeeper.cli import cli
result = CliRunner().invoke(cli, sys.argv[2:])
assert result.exit_code in (0, 1), result.output
heavy = sorted(m for m in sys.argv[1].split(",") if m in sys.modules)
print(",".join(heavy))
"""

HEAVY = ("openpyxl", "tabulate", "flask", "waitress", "jinja2", "segno")
# What a clean YAML sheet's text report never needs (issue 26, point 5): the JSON, CSV and table
# writers, the lines said of a refusal or of a journal, sqlite3 (no journal beside the sheet) and
# the utf-8-sig codec (a sheet's byte-order mark is dropped without it).
TEXT_REPORT_NEEDS_NONE = (
    "json",
    "csv",
    "sqlite3",
    "encodings.utf_8_sig",
    "scorekeeper.output.json_text",
    "scorekeeper.output.json_shape",
    "scorekeeper.output.csv_text",
    "scorekeeper.output.listing",
    "scorekeeper.output.table_layout",
    "scorekeeper.output.refusal",
    "scorekeeper.output.journal_text",
)


def modules_after(*args, among=HEAVY):
    done = subprocess.run(
        [sys.executable, "-c", PROBE, ",".join(among), *map(str, args)], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_check_imports_neither(tmp_path):
    assert modules_after("check", EXAMPLES / "king-final-nacional-mesa1.yaml") == ""


def test_check_of_a_clean_sheet_loads_no_other_format_and_no_journal():
    assert modules_after("check", EXAMPLES / "king-final-nacional-mesa1.yaml", among=TEXT_REPORT_NEEDS_NONE) == ""


def test_check_of_a_sheet_in_json_does_load_json():
    """The probe above can fail: the same modules are there when the report asks for them."""
    found = modules_after(
        "check", "--format", "json", EXAMPLES / "king-final-nacional-mesa1.yaml", among=TEXT_REPORT_NEEDS_NONE
    )
    assert found == "json,scorekeeper.output.json_shape,scorekeeper.output.json_text"


def test_record_imports_neither(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text("rules: king\nplayers: [A, B, C, D]\nhands: []\n")
    assert modules_after("record", sheet, "vazas", "3", "3", "3", "4") == ""


def test_show_does_use_tabulate():
    assert modules_after("show", EXAMPLES / "king-final-nacional-mesa1.yaml") == "tabulate"


def test_check_and_record_import_no_web_framework(tmp_path):
    """flask, waitress, jinja2 and segno are the score pad's (`serve`), imported by no other command."""
    assert modules_after("check", EXAMPLES / "quatrilho-cbqi-mesa7.yaml") == ""
    assert modules_after("show", EXAMPLES / "truco-furb-partida1.yaml") == "tabulate"


CLASSES_PROBE = """
import sys
from click.testing import CliRunner
from scorekeeper.cli import cli
from scorekeeper.king.sheet import HandEntry
from scorekeeper.sheet.results import SheetResult
result = CliRunner().invoke(cli, sys.argv[1:])
assert result.exit_code == 0, result.output
import inspect  # after the command: the probe's own import costs it nothing
# Looked up without running the descriptor (their shared base holds it until fields are made).
print(",".join(c.__name__ for c in (HandEntry, SheetResult) if isinstance(inspect.getattr_static(c, "__dataclass_fields__"), dict)))
"""


def test_check_makes_no_dataclass_of_a_sheets_result_or_entries():
    """Issue 26: making a dataclass at start-up compiles its __init__; `check` of a sheet makes
    neither SheetResult's nor HandEntry's fields (they are made only when replace() asks)."""
    done = subprocess.run(
        [sys.executable, "-c", CLASSES_PROBE, "check", str(EXAMPLES / "king-final-nacional-mesa1.yaml")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == ""


def test_replace_still_takes_a_result_and_an_entry():
    """show's CSV and king/workbook_read.py replace a result's hands and an entry's points."""
    import dataclasses

    from scorekeeper.king.sheet import HandEntry
    from scorekeeper.sheet.results import SheetResult

    entry = HandEntry(3, 12, "vazas", "vazas", points={"Ana": -20}, offenders=["Ana"])
    changed = dataclasses.replace(entry, points=None)
    assert (changed.index, changed.line, changed.name, changed.hand, changed.points) == (3, 12, "vazas", "vazas", None)
    assert changed.offenders is entry.offenders and changed is not entry
    result = SheetResult("m.yaml", "king", ["Ana"], [], [], True, meta={"table": 1})
    again = dataclasses.replace(result, hands=["h"])
    assert (again.source, again.hands, again.meta, again.complete) == ("m.yaml", ["h"], {"table": 1}, True)
