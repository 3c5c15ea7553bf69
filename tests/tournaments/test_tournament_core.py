"""core.tournament called with no click: each operation takes plain arguments and returns data
(what it drew, wrote, ranked or found), and `tournament check --format json|csv` gives the same
findings as data. The numbers are the example final's (examples/championship-king: its
standings worked out in tests/tournaments/test_championships.py) and a draw's by its recorded seed."""

import json
import pathlib
import shutil

import pytest
import yaml
from conftest import EXAMPLES, run

from scorekeeper.core import tournament as core
from scorekeeper.errors import InputValueError, ScorekeeperError
from scorekeeper.i18n import in_words
from scorekeeper.output.findings_text import finding_line
from scorekeeper.output.tournament_text import check_summary, day_change_lines, draw_lines, finding_item
from scorekeeper.tournaments.day_reports import Withdrawn
from scorekeeper.tournaments.draw_round import DrawRefused, Seated

KING = EXAMPLES / "championship-king"
FOUR = ["-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte"]


@pytest.fixture
def championship(tmp_path):
    folder = tmp_path / "championship"
    shutil.copytree(KING, folder)
    return folder


def test_new_writes_the_file_and_says_what_it_wrote(tmp_path):
    path = str(tmp_path / "t.yaml")
    created = core.new("king", "Torneio", path, players=("Ana", "Bruno", "Carla", "Duarte", "Eduardo"))
    assert created == core.Created(path, "king", 5, False)
    assert yaml.safe_load(pathlib.Path(path).read_text(encoding="utf-8")) == {
        "tournament": "Torneio",
        "rules": "king",
        "players": ["Ana", "Bruno", "Carla", "Duarte", "Eduardo"],
        "rounds": [],
    }
    with pytest.raises(ScorekeeperError, match="already exists; use --force"):
        core.new("king", "Torneio", path, players=("Ana", "Bruno", "Carla", "Duarte"))


def test_new_of_teams_counts_the_teams(tmp_path):
    path = str(tmp_path / "t.yaml")
    created = core.new("sueca", "Torneio", path, teams=("Nos=Ana,Bruno", "Eles=Carla,Duarte", "Tres=Eva,Rui"))
    assert created == core.Created(path, "sueca", 3, True)


def test_draw_returns_the_round_it_drew_into_the_file(tmp_path):
    path = str(tmp_path / "t.yaml")
    core.new("king", "T", path, players=("Ana", "Bruno", "Carla", "Duarte"))
    drawn = core.draw(path, seed=7, steps=0)
    assert (drawn.path, drawn.number) == (path, 1)
    (seat,) = drawn.round.seated
    assert seat.sheet == "r1-mesa1.yaml" and sorted(seat.who) == ["Ana", "Bruno", "Carla", "Duarte"]
    assert (drawn.round.byes, drawn.round.without, drawn.round.extra) == ([], [], None)
    written = yaml.safe_load(pathlib.Path(path).read_text(encoding="utf-8"))["rounds"]
    assert written == [
        {"seed": 7, "tables": [{"table": 1, "players": seat.who, "sheet": "r1-mesa1.yaml"}], "search": 0}
    ]
    assert (tmp_path / "r1-mesa1.yaml").is_file()
    # Drawn again at once: the round before has an empty sheet (TN2), refused; forced, round 2.
    with pytest.raises(DrawRefused, match="round 1 is not finished: round 1, table 1: r1-mesa1.yaml is not complete"):
        core.draw(path, seed=7, steps=0)
    assert core.draw(path, seed=7, steps=0, force=True).number == 2
    assert draw_lines(drawn)[:2] == [f"Round 1 drawn into {path}:", f"  Table 1: {', '.join(seat.who)} (r1-mesa1.yaml)"]


def test_draw_of_a_team_game_returns_its_matches(tmp_path):
    path = str(tmp_path / "t.yaml")
    core.new("sueca", "T", path, teams=("Nos=Ana,Bruno", "Eles=Carla,Duarte"))
    drawn = core.draw(path, seed=1)
    assert drawn.round.seated == [Seated(1, ["Nos", "Eles"], "r1-mesa1.yaml", match=True, group="A")]
    assert drawn.round.search is None
    assert draw_lines(drawn) == [f"Round 1 drawn into {path}:", "  Match 1 (group A): Nos v Eles (r1-mesa1.yaml)"]


def test_check_of_the_example_final_is_clean():
    checked = core.check(str(KING / "final.yaml"))
    assert (checked.findings, checked.errors, checked.warnings) == ([], 0, 0)
    assert check_summary(checked, "final.yaml") == "final.yaml: clean (king, 3 rounds)"


def test_standings_of_the_example_final():
    found = core.standings(str(KING / "final.yaml"))
    assert found.pending == []
    assert [(row.place, row.name, row.points) for row in found.rows] == [
        (1, "Filipa", 10.5),
        (2, "Ines", 9.5),
        (3, "Ana", 9.5),
        (4, "Bruno", 9.5),
        (5, "Helena", 8),
        (6, "Carla", 6.5),
        (7, "Gil", 6),
        (8, "Eduardo", 6),
        (9, "Duarte", 2),
    ]


def test_export_writes_the_workbook_and_names_its_worksheets(championship, tmp_path):
    out = str(tmp_path / "final.xlsx")
    exported = core.export(str(championship / "final.yaml"), out)
    assert exported.path == out and exported.worksheets[:3] == ["Classificação", "Rondas", "Resultados"]
    with pytest.raises(InputValueError, match="a workbook is an Excel file; name it with .xlsx"):
        core.export(str(championship / "final.yaml"), str(tmp_path / "final.ods"))


def test_a_day_change_through_the_core(championship):
    path = str(championship / "final.yaml")
    change = core.withdraw(path, "Gil")
    # What it did is data (the kind of change and its values); the front end says it.
    assert change.done == Withdrawn("Gil", path, 4) and change.repeat is None
    assert day_change_lines(change) == [f"Gil withdrawn in {path}: drawn no more from round 4, keeps what he scored"]
    assert yaml.safe_load(pathlib.Path(path).read_text(encoding="utf-8"))["withdrawn"] == {"Gil": 4}


# --- tournament check --format json | csv ------------------------------------------------------


def test_check_json_of_the_clean_example_is_an_empty_list():
    done = run("tournament", "check", KING / "final.yaml", "--format", "json")
    assert (done.exit_code, json.loads(done.stdout)) == (0, [])


def test_check_json_and_csv_give_each_finding_with_checks_keys(championship):
    (championship / "r3-mesa2.yaml").unlink()
    path = championship / "final.yaml"
    done = run("tournament", "check", path, "--format", "json")
    assert done.exit_code == 1
    assert json.loads(done.stdout) == [
        {
            "file": str(path),
            "line": 25,
            "severity": "error",
            "code": "T-TN2-SHEET-MISSING",
            "rule": "TN2",
            "message": "round 3, table 2: r3-mesa2.yaml is not handed in yet",
        }
    ]
    assert finding_item(core.check(str(path)).findings[0]) == json.loads(done.stdout)[0]
    done = run("tournament", "check", path, "--format", "csv")
    assert done.exit_code == 1
    assert done.stdout.splitlines() == [
        "file,line,severity,code,rule,message",
        f'{path},25,error,T-TN2-SHEET-MISSING,TN2,"round 3, table 2: r3-mesa2.yaml is not handed in yet"',
    ]


# --- regressions: a table with no sheet, a sheet's rule file ----------------------------------


def test_a_table_with_no_sheet_and_no_absent_is_not_handed_in_and_blocks_the_draw(tmp_path):
    """WR2: a table the file names no sheet for was counted as played: check said clean and the
    draw drew round 2. Its sheet is not handed in (TN2)."""
    path = tmp_path / "t.yaml"
    path.write_text(
        "tournament: T\nrules: king\nplayers: [A, B, C, D]\nrounds:\n"
        "  - tables:\n      - {table: 1, players: [A, B, C, D]}\n",
        encoding="utf-8",
    )
    checked = core.check(str(path))
    assert [finding_line(f) for f in checked.findings] == [
        f"{path}:6: error [T-TN2-SHEET-MISSING]: round 1, table 1: no sheet is handed in yet (the file names none: "
        "give it its sheet:) [TN2]"
    ]
    with pytest.raises(DrawRefused, match="round 1 is not finished: round 1, table 1: no sheet is handed in yet"):
        core.draw(str(path), seed=1)
    assert len(yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"]) == 1


def _a_round_whose_sheet_names(tmp_path, monkeypatch, rules: str):
    monkeypatch.chdir(tmp_path)
    core.new("king", "T", "t.yaml", players=("A", "B", "C", "D"))
    core.draw("t.yaml", seed=1, steps=0)
    sheet = tmp_path / "r1-mesa1.yaml"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("rules: king", f"rules: {rules}"), encoding="utf-8")


def test_a_sheets_broken_rule_file_is_named_as_the_user_names_it(tmp_path, monkeypatch):
    """WR4: the rule file's error named its absolute real path."""
    _a_round_whose_sheet_names(tmp_path, monkeypatch, "broken.yaml")
    (tmp_path / "broken.yaml").write_text("game: king\n", encoding="utf-8")
    done = run("tournament", "draw", "t.yaml")
    assert done.exit_code == 2
    assert done.stderr.startswith(
        "Error: t.yaml: round 1 is not finished: round 1, table 1: broken.yaml:1: missing key 'name'"
    )
    monkeypatch.chdir(tmp_path.parent)
    (message,) = [in_words(f.message) for f in core.check(f"{tmp_path.name}/t.yaml").findings]
    assert message.startswith(f"round 1, table 1: {tmp_path.name}/broken.yaml:1: missing key 'name'")


def test_a_sheets_missing_rule_file_is_said_missing_with_no_rules_option_advice(tmp_path, monkeypatch):
    """WR4: a rule file missing beside the sheet was refused as one outside its folder, with
    advice of a --rules option tournament commands do not have."""
    _a_round_whose_sheet_names(tmp_path, monkeypatch, "nothere.yaml")
    done = run("tournament", "check", "t.yaml")
    assert done.exit_code == 1
    assert done.stdout.splitlines()[0] == (
        "t.yaml:7: error [T-TN2-SHEET-UNREADABLE]: round 1, table 1: r1-mesa1.yaml:1: rules: 'nothere.yaml' does "
        "not exist in the sheet's folder [TN2]"
    )
    assert "--rules" not in done.output
