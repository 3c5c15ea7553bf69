"""Speed: checking and recording a YAML sheet never imports openpyxl or tabulate."""

import subprocess
import sys

from conftest import EXAMPLES

PROBE = """
import sys
from click.testing import CliRunner
from scorekeeper.cli import cli
result = CliRunner().invoke(cli, sys.argv[1:])
assert result.exit_code in (0, 1), result.output
heavy = sorted(m for m in ("openpyxl", "tabulate", "flask", "waitress", "jinja2", "segno") if m in sys.modules)
print(",".join(heavy))
"""


def modules_after(*args):
    done = subprocess.run([sys.executable, "-c", PROBE, *map(str, args)], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_check_imports_neither(tmp_path):
    assert modules_after("check", EXAMPLES / "king-final-nacional-mesa1.yaml") == ""


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
