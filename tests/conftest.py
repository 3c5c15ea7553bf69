"""Shared helpers: sheets written to a temporary folder and checked."""

from __future__ import annotations

import os
import pathlib
import sys

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import settings

# The development tools the tests share (readme_runner, catalogs, recalc, printing) live in
# tools/ beside tests/, in a checkout and in CI's copy of both: importable by name, as before.
TOOLS = pathlib.Path(__file__).resolve().parent.parent / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

from scorekeeper.cli import cli  # noqa: E402  (after tools/ is on sys.path, as every test module imports)
from scorekeeper.core.check import check_file  # noqa: E402

# CI and a developer's run draw the same examples every time (derandomize: seeded by each test
# function), so a run cannot fail at random: a new example is found on purpose, with the soak
# profile (HYPOTHESIS_PROFILE=soak), and added as an exact test once understood.
settings.register_profile("ci", max_examples=150, deadline=None, derandomize=True, database=None)
settings.register_profile("dev", max_examples=60, deadline=None, derandomize=True)
settings.register_profile("soak", max_examples=3000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

# The tests speak English (the message ids) unless one chooses a language: whatever the machine's
# locale, SCOREKEEPER_LANG or LANGUAGE say, they are cleared for this process and its children.
for _variable in ("SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
    os.environ.pop(_variable, None)

PLAYERS = ["Ana", "Bruno", "Carla", "Duarte"]


JOURNAL_FILES = (".scorekeeper-journal.sqlite", ".scorekeeper-journal.sqlite-wal", ".scorekeeper-journal.sqlite-shm")


def files_in(folder) -> list[str]:
    """The names in `folder`, sorted, but the journal's (issue 24: every change is recorded beside
    the files it changes, so a folder a command wrote to holds it as well)."""
    return sorted(p.name for p in pathlib.Path(folder).iterdir() if p.name not in JOURNAL_FILES)


def king_sheet(folder, name="mesa1.yaml", players="[Ana, Bruno, Carla, Duarte]") -> pathlib.Path:
    """An empty King sheet `name` in `folder` (the score pad's tests serve such tables)."""
    path = pathlib.Path(folder) / name
    path.write_text(f"rules: king\nplayers: {players}\nhands: []\n")
    return path


def find_examples() -> pathlib.Path:
    """examples/ beside tests/ (in a checkout or in CI's copy of both)."""
    return pathlib.Path(__file__).resolve().parent.parent / "examples"


EXAMPLES = find_examples()


def king_final_for_four(tmp_path) -> pathlib.Path:
    """A copy of examples/championship-king (the King final, its three rounds played clean),
    planned for four rounds, so that the next can be drawn (TN2); its tournament file's path."""
    import shutil

    folder = tmp_path / "final"
    shutil.copytree(EXAMPLES / "championship-king", folder)
    path = folder / "final.yaml"
    path.write_text(path.read_text().replace("planned_rounds: 3 ", "planned_rounds: 4 "))
    return path


def find_rules() -> pathlib.Path:
    """The shipped rule files scorekeeper reads: rules/ in a checkout, the packaged copy in CI."""
    from scorekeeper.rulebook.registry import rules_dir

    return pathlib.Path(rules_dir())


RULES = find_rules()


def run(*args, input=None):
    """Run the CLI as a user would type it; each argument is turned into text."""
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def new_team_sheet(tmp_path, game: str):
    """`scorekeeper new GAME` of Nos (Ana, Bruno) v Eles (Carla, Duarte) in tmp_path; its path."""
    path = tmp_path / f"{game}.yaml"
    result = run("new", game, "-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "-o", path)
    assert result.exit_code == 0, result.output
    return path


def sheet_text(hands, players=PLAYERS, **header) -> str:
    doc = {"rules": header.pop("rules", "king"), "players": players, **header, "hands": hands}
    return yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=1000)


@pytest.fixture
def write_sheet(tmp_path):
    counter = iter(range(10**6))

    def write(hands, players=PLAYERS, **header) -> str:
        path = tmp_path / f"sheet{next(counter)}.yaml"
        path.write_text(sheet_text(hands, players, **header), encoding="utf-8")
        return str(path)

    return write


@pytest.fixture
def score(write_sheet):
    """Write a sheet with these hands and return its SheetResult."""

    def run(hands, players=PLAYERS, **header):
        return check_file(write_sheet(hands, players, **header))

    return run


def by_hand(result, index):
    return result.hands[index - 1].points


def messages(result, severity=None):
    return [f.message for f in result.findings if severity is None or f.severity.value == severity]
