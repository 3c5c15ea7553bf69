"""Adding a game is one folder, one rule file and one registry line (issue 17; docs/adding-a-game.md).

The toy game Corrida lives outside the package, in tests/code/fixtures/toygame/: its folder
`corrida/` (the modules every game folder has; a team game, it shares team/'s sheet and ficha)
and its rule file `corrida.yaml`, which cites the invented "Regulamento da Corrida":

    Art 1  two teams of two players
    Art 2  the first team to reach 10 points wins the race
    Art 3  a hand gives its winner 1, 2 or 3 points (1 unless written)
    Art 4  teams are placed by races won, then points scored minus conceded

The test puts the fixture folder on sys.path, adds the one registry line, puts the rule file
among the shipped ones (a folder holding rules/ and corrida.yaml, as `rules/corrida.yaml` would
be in a checkout), and runs every command on it with numbers worked out by hand from the articles.
Nothing else of scorekeeper is told of the game.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import sys

import openpyxl
import pytest
import recalc
from conftest import find_rules, run
from test_architecture import GAME_MODULES, OWN_OR_TEAM_MODULES, game_folder_modules, game_names_outside_game_py

from scorekeeper import exit_codes, games
from scorekeeper.output.editing_text import said_lines
from scorekeeper.output.refusal import reasons_words
from scorekeeper.rulebook import registry

FIXTURE = pathlib.Path(__file__).resolve().parent / "fixtures" / "toygame"
TEAMS = ("-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte")


def _register(monkeypatch, tmp_path, fixture: pathlib.Path = FIXTURE) -> pathlib.Path:
    """Corrida added as docs/adding-a-game.md says, undone after the test; the rules folder."""
    monkeypatch.syspath_prepend(str(fixture))
    for name in [m for m in sys.modules if m == "corrida" or m.startswith("corrida.")]:
        monkeypatch.delitem(sys.modules, name)  # a test's own copy of the folder is imported afresh
    monkeypatch.setattr(games, "REGISTRY", list(games.REGISTRY))
    monkeypatch.setattr(games, "_loaded", dict(games._loaded))  # the game loaded here is forgotten after
    games.REGISTRY.append("corrida.game")  # the one registry line
    rules = tmp_path / "rules"
    rules.mkdir()
    for path in [*find_rules().glob("*.yaml"), fixture / "corrida.yaml"]:
        shutil.copy(path, rules / path.name)
    monkeypatch.setattr(registry, "rules_dir", lambda: str(rules))
    monkeypatch.chdir(tmp_path)
    return rules


@pytest.fixture
def corrida(monkeypatch, tmp_path):
    return _register(monkeypatch, tmp_path)


def _ok(*args, input=None, code=exit_codes.CLEAN):
    result = run(*args, input=input)
    assert result.exit_code == code, result.output
    return result.output


def _csv(path) -> list[str]:
    return _ok("show", path, "--format", "csv").splitlines()


def test_new_record_fix_undo_and_show(corrida):
    assert _ok("new", "corrida", *TEAMS, "-o", "s.yaml") == (
        "Created s.yaml: corrida, Nos (Ana, Bruno) v Eles (Carla, Duarte). Next: scorekeeper record s.yaml\n"
    )
    # From the command line: Nos 3 (3-0), Eles 2 (3-2), Ana alone: her team, 1 point (Art 3; 4-2).
    assert _ok("record", "s.yaml", "Nos", "3").startswith("Hand 1 (hand, Nos): Nos +3, Eles 0\n")
    _ok("record", "s.yaml", "Eles", "2")
    assert _ok("record", "s.yaml", "Ana").startswith("Hand 3 (hand, Nos): Nos +1, Eles 0\n")
    # At the prompts: Eles 3 (4-5), Bruno 2 (his team Nos: 6-5), q.
    prompted = _ok("record", "s.yaml", input="Eles 3\nBruno 2\nq\n")
    assert prompted.startswith("Type the winning team (or one of its players) and the hand's points: Nos 2\n")
    assert "Hand 4 (hand, Eles): Nos 0, Eles +3" in prompted and "Hand 5 (hand, Nos): Nos +2, Eles 0" in prompted
    assert prompted.endswith("Stopped; every recorded hand is saved.\n")
    # Hand 2 was Eles 3, not 2: 3-0, 3-3, 4-3, 4-6, 6-6.
    assert _ok("fix", "s.yaml", "2", "Eles", "3").startswith("Hand 2 (hand, Eles): Nos 0, Eles +3\n")
    assert _csv("s.yaml") == [
        "#,winner,Nos +,Eles +,Nos total,Eles total",
        "1,Nos,3,0,3,0",
        "2,Eles,0,3,3,3",
        "3,Nos,1,0,4,3",
        "4,Eles,0,3,4,6",
        "5,Nos,2,0,6,6",
    ]
    # Nos 3 (9-6), Eles 1 (9-7), Nos 1 (10-7: Nos reached 10, Art 2); undo takes the last back.
    for hand in (("Nos", "3"), ("Eles", "1"), ("Nos", "1")):
        _ok("record", "s.yaml", *hand)
    assert _ok("check", "s.yaml") == "s.yaml: clean (corrida, won by Nos; Nos +10, Eles +7)\n"
    assert _ok("undo", "s.yaml") == "Removed hand 8 (line 11).\n"
    assert _ok("check", "s.yaml") == "s.yaml: clean (corrida, in progress, 7 hands recorded; Nos +9, Eles +7)\n"
    _ok("record", "s.yaml", "Nos", "2")  # 11-7: a hand's points count whole, past the target
    assert _ok("show", "s.yaml") == (
        "#    winner      Nos +    Eles +    Nos total    Eles total\n"
        "---  --------  -------  --------  -----------  ------------\n"
        "1    Nos             3         0            3             0\n"
        "2    Eles            0         3            3             3\n"
        "3    Nos             1         0            4             3\n"
        "4    Eles            0         3            4             6\n"
        "5    Nos             2         0            6             6\n"
        "6    Nos             3         0            9             6\n"
        "7    Eles            0         1            9             7\n"
        "8    Nos             2         0           11             7\n"
    )
    shown = json.loads(_ok("show", "s.yaml", "--format", "json"))
    assert (shown["totals"], shown["complete"], shown["valid"], shown["winner"]) == (
        {"Nos": 11, "Eles": 7},
        True,
        True,
        "Nos",
    )
    assert [hand["awarded"] for hand in shown["hands"]][-2:] == [{"Nos": 0, "Eles": 1}, {"Nos": 2, "Eles": 0}]
    assert pathlib.Path("s.yaml").read_text(encoding="utf-8") == (
        "rules: corrida\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\nhands:\n"
        "  - {winner: Nos, points: 3}\n  - {winner: Eles, points: 3}\n  - {winner: Nos}\n"
        "  - {winner: Eles, points: 3}\n  - {winner: Nos, points: 2}\n  - {winner: Nos, points: 3}\n"
        "  - {winner: Eles}\n  - {winner: Nos, points: 2}\n"
    )


BAD_SHEET = """rules: corrida
teams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}
hands:
  - {winner: Nos, points: 3}
  - {winner: Eles, points: 5}
  - {points: 2}
"""


def test_check_clean_and_with_findings(corrida):
    pathlib.Path("bad.yaml").write_text(BAD_SHEET, encoding="utf-8")
    assert _ok("check", "bad.yaml", code=exit_codes.SHEET_ERRORS) == (
        "bad.yaml:5: error [CR-ART3-POINTS]: hand 2: a hand gives at most 3 points, not 5 [Art 3]\n"
        "bad.yaml:6: error [CR-ART3-NO-WINNER]: hand 3: no winner recorded (winner: TEAM) [Art 3]\n"
        "bad.yaml: 2 errors (corrida, in progress, 3 hands recorded; Nos +3, Eles +5)\n"
    )
    found = json.loads(_ok("check", "bad.yaml", "--format", "json", code=exit_codes.SHEET_ERRORS))[0]["findings"]
    assert [(f["code"], f["location"], f["rule"]) for f in found] == [
        ("CR-ART3-POINTS", "bad.yaml:5", "Art 3"),
        ("CR-ART3-NO-WINNER", "bad.yaml:6", "Art 3"),
    ]
    # A race won at hand 4 (3+3+3+1 = 10, Art 2), and a hand recorded after it with --force.
    _ok("new", "corrida", *TEAMS, "-o", "won.yaml")
    for hand in ("3", "3", "3", "1"):
        _ok("record", "won.yaml", "Eles", hand)
    assert _ok("check", "won.yaml") == "won.yaml: clean (corrida, won by Eles; Nos 0, Eles +10)\n"
    assert run("record", "won.yaml", "Nos", "2").exit_code == exit_codes.UNUSABLE
    assert _ok("record", "won.yaml", "Nos", "2", "--force") == (  # saved as asked, the finding said
        "Hand 5 (hand, Nos): Nos 0, Eles 0\n"
        "won.yaml:8: error [CR-ART2-AFTER-END]: hand 5: recorded after Eles won the race at hand 4 [Art 2]\n"
        "The game is complete: Nos 0, Eles +10; Eles wins\n"
    )
    assert _ok("check", "won.yaml", "--format", "csv", code=exit_codes.SHEET_ERRORS).splitlines() == [
        "location,severity,code,hand,player,message,rule",
        "won.yaml:8,error,CR-ART2-AFTER-END,5,,hand 5: recorded after Eles won the race at hand 4,Art 2",
    ]


def test_export_check_and_import_round_trip(corrida, tmp_path):
    _ok("new", "corrida", *TEAMS, "-o", "s.yaml")
    for hand in (("Nos", "3"), ("Eles", "2"), ("Nos",), ("Eles", "3")):  # 3-0, 3-2, 4-2, 4-5
        _ok("record", "s.yaml", *hand)
    assert _ok("export", "s.yaml", "-o", "s.xlsx") == "Wrote s.xlsx: s\n"
    ws = openpyxl.load_workbook("s.xlsx")["s"]
    # The typed cells (B Vencedor, C Pontos) from row 6; Nos's block from D, Eles's from H.
    assert [(ws.cell(r, 2).value, ws.cell(r, 3).value) for r in range(6, 10)] == [
        ("Nos", 3),
        ("Eles", 2),
        ("Nos", None),
        ("Eles", 3),
    ]
    assert (ws["D4"].value, ws["H4"].value) == ("Nos", "Eles")
    assert _ok("check", "s.xlsx") == "s.xlsx:s: clean (corrida, in progress, 4 hands recorded; Nos +4, Eles +5)\n"
    assert _ok("import", "s.xlsx", "-o", "back.yaml") == "Wrote back.yaml\n"
    assert pathlib.Path("back.yaml").read_text(encoding="utf-8") == pathlib.Path("s.yaml").read_text(encoding="utf-8")


def _cells(ws, first_row: int, rows: int) -> list[list]:
    """Columns D:K (each team's Start, Gained, Total, To go) of `rows` rows from `first_row`."""
    return [[ws.cell(r, c).value for c in range(4, 12)] for r in range(first_row, first_row + rows)]


def test_the_fichas_formulas_recalculated_by_libreoffice(corrida, tmp_path):
    """The ficha's formulas (Art 2, 3) give what the CLI gives, as LibreOffice computes them."""
    recalc.LIBREOFFICE.require()
    _ok("new", "corrida", *TEAMS, "-o", "won.yaml")
    for hand in ("3", "3", "3", "1"):
        _ok("record", "won.yaml", "Eles", hand)
    _ok("record", "won.yaml", "Nos", "2", "--force")  # after the race: the ficha gives it nothing
    _ok("export", "won.yaml", "-o", "won.xlsx")
    ws = recalc.LIBREOFFICE.workbook(tmp_path / "won.xlsx", tmp_path)["won"]
    assert _cells(ws, 6, 5) == [
        [0, 0, 0, 10, 0, 3, 3, 7],
        [0, 0, 0, 10, 3, 3, 6, 4],
        [0, 0, 0, 10, 6, 3, 9, 1],
        [0, 0, 0, 10, 9, 1, 10, 0],
        [0, 0, 0, 10, 10, 0, 10, 0],
    ]
    assert _cells(ws, 11, 1) == [[None] * 8]  # a spare row shows nothing
    winner_row = next(r for r in range(6, 60) if ws.cell(r, 2).value == "Winner")
    assert [[ws.cell(r, c).value for c in (2, 3, 4)] for r in range(winner_row, winner_row + 3)] == [
        ["Winner", "Eles", None],
        ["Nos", 0, "points"],
        ["Eles", 10, "points"],
    ]


def test_codes_and_rules(corrida, tmp_path):
    codes = [line for line in _ok("codes", "--format", "csv").splitlines() if line.startswith("CR-")]
    assert codes == [
        "CR-UNFINISHED,Art 2,the race is not complete",
        "CR-ART2-AFTER-END,Art 2,a hand recorded after the race was won",
        "CR-ART3-NO-WINNER,Art 3,a hand with no winner",
        "CR-ART3-POINTS,Art 3,a hand worth more points than the rules allow",
    ]
    listed = _ok("rules", "list", "--format", "csv").splitlines()
    assert listed[:2] == [
        "name,aliases,game,title,file",
        f"corrida,race,corrida,Corrida (Regulamento da Corrida),{tmp_path / 'rules' / 'corrida.yaml'}",
    ]
    assert _ok("rules", "show", "race", "--format", "csv").splitlines() == [
        "setting,value",
        "game,corrida",
        "name,corrida",
        "aliases,race",
        "title,Corrida (Regulamento da Corrida)",
        f"file,{tmp_path / 'rules' / 'corrida.yaml'}",
        "teams,2 of 2",
        "target,10",
        "most points per hand,3",
    ]
    # The rule file outside the rules folder, named by path, as a house variant is.
    assert _ok("rules", "check", FIXTURE / "corrida.yaml") == (
        f"{FIXTURE / 'corrida.yaml'}: ok (corrida, Corrida (Regulamento da Corrida))\n"
    )


def test_a_tournament(corrida):
    _ok(
        "tournament",
        "new",
        "corrida",
        "--name",
        "Taça",
        *TEAMS,
        "-t",
        "Azuis=Eva,Filipe",
        "-t",
        "Verdes=Gil,Helena",
        "-o",
        "t.yaml",
    )
    assert _ok("tournament", "draw", "t.yaml", "--seed", "7") == (
        "Round 1 drawn into t.yaml:\n  Match 1 (group A): Nos v Verdes (r1-mesa1.yaml)\n"
        "  Match 2 (group A): Eles v Azuis (r1-mesa2.yaml)\n"
    )
    assert _ok("tournament", "check", "t.yaml", code=exit_codes.SHEET_ERRORS) == (
        "t.yaml:9: error [T-TN2-SHEET-INCOMPLETE]: round 1, match 1: r1-mesa1.yaml is not complete [TN2]\n"
        "t.yaml:10: error [T-TN2-SHEET-INCOMPLETE]: round 1, match 2: r1-mesa2.yaml is not complete [TN2]\n"
        "t.yaml: 2 errors (corrida, 1 round)\n"
    )
    for team, hand in (("Nos", "3"), ("Nos", "3"), ("Verdes", "2"), ("Nos", "3"), ("Nos", "1")):  # 10-2
        _ok("record", "r1-mesa1.yaml", team, hand)
    for team, hand in (("Azuis", "3"), ("Eles", "3"), ("Azuis", "3"), ("Azuis", "3"), ("Azuis", "1")):  # 3-10
        _ok("record", "r1-mesa2.yaml", team, hand)
    assert _ok("tournament", "check", "t.yaml") == "t.yaml: clean (corrida, 1 round)\n"
    # Art 4: Nos and Azuis won a race each; Nos by 10-2 (+8), Azuis by 10-3 (+7).
    rows = json.loads(_ok("tournament", "standings", "t.yaml", "--format", "json"))
    assert [(r["place"], r["team"], r["points"], r["difference"], r["decided_by"]) for r in rows] == [
        (1, "Nos", 1, 8, "points scored - conceded"),
        (2, "Azuis", 1, 7, "races won"),
        (3, "Eles", 0, -7, "points scored - conceded"),
        (4, "Verdes", 0, -8, None),
    ]
    assert _ok("tournament", "export", "t.yaml", "-o", "t.xlsx") == (
        "Wrote t.xlsx: Standings, Rounds, Results, R1 Match1, R1 Match2\n"
    )  # its workbook_language: en
    assert _ok("check", "t.xlsx").count(": clean (corrida, won by") == 2
    # Its tie-break in its own words (corrida/standings_words.py): the table's heads and criteria,
    # the CSV's heads their English ids, the workbook's long heads; JSON keeps the keys and values.
    assert _ok("tournament", "standings", "t.yaml") == (
        "place  team    points  played  races won  points +/-  decided by\n"
        "-----  ------  ------  ------  ---------  ----------  ------------------------\n"
        "1      Nos          1       1          1           8  better points difference\n"
        "2      Azuis        1       1          1           7  more races won\n"
        "3      Eles         0       1          0          -7  better points difference\n"
        "4      Verdes       0       1          0          -8\n"
    )
    assert _ok("tournament", "standings", "t.yaml", "--format", "csv").splitlines()[0] == (
        "place,team,points,played,races won,points +/-,decided by"
    )
    standings = openpyxl.load_workbook("t.xlsx")["Standings"]
    assert [list(row) for row in standings.iter_rows(min_row=3, max_row=7, values_only=True)] == [
        [
            "Place",
            "Team",
            "Group",
            "Points",
            "played",
            "races won (Art 4)",
            "points scored - conceded (Art 4)",
            "Decided by",
        ],
        [1, "Nos", "A", "=SUM(Results!C4:C4)+Results!D4", 1, 1, 8, "better points difference"],
        [2, "Azuis", "A", "=SUM(Results!C5:C5)+Results!D5", 1, 1, 7, "more races won"],
        [3, "Eles", "A", "=SUM(Results!C6:C6)+Results!D6", 1, 0, -7, "better points difference"],
        [4, "Verdes", "A", "=SUM(Results!C7:C7)+Results!D7", 1, 0, -8, None],
    ]


def test_the_toy_is_held_to_every_game_folders_shape(corrida):
    assert game_folder_modules()["corrida"] >= GAME_MODULES | OWN_OR_TEAM_MODULES
    assert game_names_outside_game_py() == []


def test_a_toy_game_folder_missing_a_module_is_found(monkeypatch, tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(FIXTURE, broken, ignore=shutil.ignore_patterns("__pycache__"))
    (broken / "corrida" / "standings.py").unlink()
    _register(monkeypatch, tmp_path, broken)
    assert sorted(GAME_MODULES - game_folder_modules()["corrida"]) == ["standings"]


def test_adding_a_game_shows_the_toys_rule_file_and_registry_line_as_they_are():
    """docs/adding-a-game.md's rule file is the fixture's, and its registry line is this test's."""
    page = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    shown = page.split("```yaml\n", 1)[1].split("    ```", 1)[0]
    assert "target: 10  " in shown and "most_per_hand: 3  " in shown
    rule_file = (FIXTURE / "corrida.yaml").read_text(encoding="utf-8")
    assert "\n".join(line.removeprefix("    ") for line in shown.splitlines()) + "\n" in rule_file
    assert '    games.REGISTRY.append("corrida.game")\n' in page
    assert 'games.REGISTRY.append("corrida.game")  # the one registry line' in pathlib.Path(__file__).read_text(
        encoding="utf-8"
    )


def test_the_toy_declares_its_score_pad_screen(corrida):
    """A fifth game is on the score pad by declaring its screen in its own folder: the core
    records from the screen's values and refuses each field by name."""
    from scorekeeper.core import pad_entry
    from scorekeeper.core import pad_tables as tables
    from scorekeeper.sheet.entry_form import FormRefused

    _ok("new", "corrida", *TEAMS, "-o", "s.yaml")
    table = tables.list_tables("s.yaml").tables[0]
    form = pad_entry.screen(table).form
    assert [(f.name, f.kind, f.value) for f in form.fields] == [("winner", "choice", ""), ("points", "number", "1")]
    assert reasons_words(pad_entry.check(table, {"points": "9"}).reasons) == {
        "winner": "winner: required",
        "points": "the hand's points: 9 is out of range (1 to 3)",
    }
    with pytest.raises(FormRefused):
        pad_entry.record(table, {"winner": "Eles", "points": "0"}, 0)
    said = pad_entry.record(table, {"winner": "Eles", "points": "2"}, 0).said
    assert said_lines(said[0])[0].startswith("Hand 1 (hand, Eles): Nos 0, Eles +2")
    assert pad_entry.record(table, {"winner": "Nos"}, 1).result.totals == {"Nos": 1, "Eles": 2}
