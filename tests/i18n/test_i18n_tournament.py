"""`scorekeeper tournament` in Portuguese (issue 11): the standings table's heads, words and
decimal commas (JSON and CSV keep English keys and the point), check's findings with their
codes, the refusals, and the championship workbook in its game's language or the one chosen."""

from __future__ import annotations

import json
import shutil

import openpyxl
import pytest
from conftest import EXAMPLES, run

KING = EXAMPLES / "championship-king"

# The example King final (TN1, K5) as `tournament standings` prints it in Portugal's Portuguese:
# Filipa's 10.5, the 9.5s and Duarte's -2.5 penalty (Art 14) with a decimal comma.
KING_TABLE_PT = """\
lugar  jogador  pontos  pts king  isenções  faltas  não jogadas  penaliz.  decidido por
-----  -------  ------  --------  --------  ------  -----------  --------  ---------------
1      Filipa     10,5       260         1       0            0         0  pontos
2      Ines        9,5       420         0       0            1         0  pontos king
3      Ana         9,5       220         0       0            0         0  pontos king
4      Bruno       9,5        40         0       0            0         0  pontos
5      Helena        8        85         0       0            1         0  pontos
6      Carla       6,5        15         1       0            0         0  pontos
7      Gil           6      -175         0       1            0         0  1.º melhor jogo
8      Eduardo       6      -175         0       0            1         0  pontos
9      Duarte        2      -690         1       0            0      -2,5
"""


def test_standings_table_in_portuguese_has_decimal_commas_and_json_keeps_the_point():
    table = run("--lang", "pt_PT", "tournament", "standings", KING / "final.yaml")
    assert (table.exit_code, table.stdout, table.stderr) == (0, KING_TABLE_PT, "")
    shown = run("--lang", "pt_PT", "tournament", "standings", KING / "final.yaml", "--format", "json")
    assert shown.exit_code == 0
    assert '"points": 10.5,' in shown.stdout and '"penalties": -2.5,' in shown.stdout
    rows = json.loads(shown.stdout)
    assert rows[0] == {
        "place": 1,
        "player": "Filipa",
        "points": 10.5,
        "king_points": 260,
        "games": [220, 40],
        "byes": 1,
        "absences": 0,
        "unplayed": 0,
        "penalties": 0.0,
        "decided_by": "points",
    }
    assert (rows[-1]["points"], rows[-1]["penalties"], rows[-1]["decided_by"]) == (2.0, -2.5, None)
    assert [row["decided_by"] for row in rows[5:8]] == ["points", "best game 1", "points"]


def test_standings_csv_is_the_same_in_every_language():
    english = run("tournament", "standings", KING / "final.yaml", "--format", "csv")
    brazil = run("--lang", "pt_BR", "tournament", "standings", KING / "final.yaml", "--format", "csv")
    assert english.exit_code == brazil.exit_code == 0
    assert brazil.stdout == english.stdout
    assert brazil.stdout.splitlines()[:3] == [
        "place,player,points,king pts,byes,absent,unplayed,penalty,decided by",
        "1,Filipa,10.5,260,1,0,0,0,points",
        "2,Ines,9.5,420,0,0,1,0,king_points",
    ]


@pytest.fixture
def sheet_missing(tmp_path):
    """The example final with round 3's table 2 not handed in (the file names it at line 25)."""
    folder = tmp_path / "final"
    shutil.copytree(KING, folder)
    (folder / "r3-mesa2.yaml").unlink()
    return folder / "final.yaml"


def test_check_finds_a_missing_sheet_in_portuguese_with_its_code(sheet_missing):
    path = sheet_missing
    checked = run("--lang", "pt_PT", "tournament", "check", path)
    assert (checked.exit_code, checked.stdout) == (
        1,
        (
            f"{path}:25: erro [T-TN2-SHEET-MISSING]: ronda 3, mesa 2: r3-mesa2.yaml ainda não foi entregue [TN2]\n"
            f"{path}: 1 erro (king, 3 rondas)\n"
        ),
    )
    brazil = run("--lang", "pt_BR", "tournament", "check", path)
    assert brazil.stdout.splitlines()[0] == (
        f"{path}:25: erro [T-TN2-SHEET-MISSING]: rodada 3, mesa 2: r3-mesa2.yaml ainda não foi entregue [TN2]"
    )
    # The standings say what they do not count yet on stderr, with the code, in the language chosen.
    shown = run("--lang", "pt_BR", "tournament", "standings", path, "--format", "json")
    assert shown.stderr == (
        f"{path}:25: erro [T-TN2-SHEET-MISSING]: rodada 3, mesa 2: r3-mesa2.yaml ainda não foi entregue [TN2]\n"
    )
    english = run("tournament", "check", path)
    assert english.stdout.splitlines()[0] == (
        f"{path}:25: error [T-TN2-SHEET-MISSING]: round 3, table 2: r3-mesa2.yaml is not handed in yet [TN2]"
    )


def test_a_refused_draw_and_a_bad_tournament_file_in_portuguese(sheet_missing, tmp_path):
    path = sheet_missing
    refused = run("--lang", "pt_PT", "tournament", "draw", path)
    assert (refused.exit_code, refused.stderr) == (
        2,
        f"Erro: {path}: a ronda 3 era a última planeada (planned_rounds: 3); `--force` sorteia outra\n",
    )
    bad = tmp_path / "t.yaml"
    bad.write_text("tournament: T\nrules: king\nplayers: [A, B, C, D]\nrounds:\n  - byes: [Zeca]\n", encoding="utf-8")
    result = run("--lang", "pt_BR", "tournament", "check", bad)
    assert (result.exit_code, result.stderr) == (2, f"Erro: {bad}:5: rodada 1: byes: 'Zeca' não está no torneio\n")


def _export(tmp_path, *lang):
    out = tmp_path / f"final{'-'.join(lang)}.xlsx"
    result = run(*lang, "tournament", "export", KING / "final.yaml", "-o", out)
    assert result.exit_code == 0, result.output
    return result, openpyxl.load_workbook(out)


def test_the_workbook_in_its_games_language_by_default_and_in_english_when_chosen(tmp_path):
    said, book = _export(tmp_path)
    # King's championship is Portugal's: its workbook speaks Portugal's Portuguese unless told.
    assert book.sheetnames == [
        "Classificação",
        "Rondas",
        "Resultados",
        "R1 Mesa1",
        "R1 Mesa2",
        "R2 Mesa2",
        "R3 Mesa1",
        "R3 Mesa2",
    ]
    standings = book["Classificação"]
    assert [standings.cell(3, c).value for c in range(1, 11)] == [
        "Lugar",
        "Jogador",
        "Pontos",
        "pontos king",
        "jogos",
        "isenções",
        "faltas",
        "mesas não jogadas",
        "penalizações",
        "Decidido por",
    ]
    assert [standings.cell(r, 10).value for r in (4, 5, 10)] == ["pontos", "pontos king", "1.º melhor jogo"]
    assert standings["C4"].value.startswith("=SUM(Resultados!")
    assert book["Rondas"]["A1"].value == "Final Nacional Interbancaria 2026: rondas"
    assert said.stdout.startswith("Wrote ")  # the terminal's language: the command line chose none

    said, book = _export(tmp_path, "--lang", "en")
    assert book.sheetnames == [
        "Standings",
        "Rounds",
        "Results",
        "R1 Table1",
        "R1 Table2",
        "R2 Table2",
        "R3 Table1",
        "R3 Table2",
    ]
    standings = book["Standings"]
    assert [standings.cell(3, c).value for c in range(1, 11)] == [
        "Place",
        "Player",
        "Points",
        "king points",
        "games",
        "byes",
        "absences",
        "tables not played",
        "penalties",
        "Decided by",
    ]
    assert [standings.cell(r, 10).value for r in (4, 5, 10)] == ["points", "King points", "best game 1"]
    assert standings["C4"].value.startswith("=SUM(Results!")
    assert book["Rounds"]["A1"].value == "Final Nacional Interbancaria 2026: rounds"
    assert [book["Rounds"].cell(3, c).value for c in range(1, 7)] == [
        "Round",
        "Table",
        "Sheet",
        "Player (by seat)",
        "Result",
        "Winner / note",
    ]
    assert said.stdout == (
        f"Wrote {tmp_path / 'final--lang-en.xlsx'}: Standings, Rounds, Results, R1 Table1, "
        "R1 Table2, R2 Table2 and 2 more\n"
    )


def test_the_workbook_in_brazils_portuguese_when_chosen(tmp_path):
    said, book = _export(tmp_path, "--lang", "pt_BR")
    assert book.sheetnames[:3] == ["Classificação", "Rodadas", "Resultados"]
    rounds = book["Rodadas"]
    assert [rounds.cell(3, c).value for c in range(1, 7)] == [
        "Rodada",
        "Mesa",
        "Planilha",
        "Jogador (por lugar)",
        "Resultado",
        "Vencedor / nota",
    ]
    by_table = []
    for row in rounds.iter_rows(min_row=4, values_only=True):
        if row[0] == "Por nome":  # the list by name follows the list by table
            break
        by_table.append(row)
    byes = [row for row in by_table if row[1] == "Folga"]
    assert [(row[0], row[3]) for row in byes] == [("R1", "Filipa"), ("R2", "Duarte"), ("R3", "Carla")]
    assert said.stdout == (
        f"Gravado {tmp_path / 'final--lang-pt_BR.xlsx'}: Classificação, Rodadas, Resultados, "
        "R1 Mesa1, R1 Mesa2, R2 Mesa2 e mais 2\n"
    )
