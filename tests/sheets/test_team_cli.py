"""Sueca and Truco from the command line, as a scorer would record, show and check them."""

import json

from conftest import EXAMPLES, run
from conftest import new_team_sheet as new


def test_sueca_recorded_from_the_command_line(tmp_path):
    sheet = new(tmp_path, "sueca")
    assert sheet.read_text() == "rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\ndeals: []\n"
    outputs = [
        run("record", sheet, *args)
        for args in (
            ["72", "48"],
            ["95", "25"],
            ["120", "0", "--all-tricks"],
            ["60", "60"],
            ["renuncia", "Eles"],
            ["castigo", "Nos"],
            ["ponto", "Carla", "baralhar"],
        )
    ]
    assert all(r.exit_code == 0 for r in outputs), [r.output for r in outputs]
    assert outputs[0].output == "Deal 1 (deal): Nos +1, Eles 0\n"
    assert outputs[2].output == "Deal 3 (deal, all tricks; 3 lost beyond the moca): Nos +4, Eles 0\n"
    assert outputs[4].output == "Deal 5 (renuncia, by Eles): Nos +4, Eles 0\n"
    assert sheet.read_text().endswith(
        "deals:\n  - {points: [72, 48]}\n  - {points: [95, 25]}\n  - {points: [120, 0], all_tricks: true}\n"
        "  - {points: [60, 60]}\n  - {penalty: renuncia, team: Eles}\n  - {penalty: castigo, team: Nos}\n"
        "  - {penalty: ponto, team: Eles, reason: baralhar}\n"
    )
    refused = run("record", sheet, "70", "40")
    assert refused.exit_code == 2
    assert refused.stderr == (
        f"Error: {sheet}: not recorded: deal 8: card points add up to 110, not 120 [O jogo 4]"
        " (use --force to record it as written)\n"
    )
    assert run("undo", sheet).output == "Removed deal 7 (line 10).\n"
    report = json.loads(run("check", "--format", "json", sheet).output)[0]
    assert report["winner"] is None and report["complete"] is False
    assert report["teams"] == {
        "Nos": {"players": ["Ana", "Bruno"], "mocas": 2, "game_points": 8},
        "Eles": {"players": ["Carla", "Duarte"], "mocas": 0, "game_points": 0},
    }
    assert report["hands"][1]["awarded"] == {"Nos": 2, "Eles": 0}
    assert report["hands"][1]["points"] == {"Nos": 95, "Eles": 25}


def test_sueca_interactive(tmp_path):
    sheet = new(tmp_path, "sueca")
    result = run("record", sheet, input="72\n\n119\n1\n40\n\nrenuncia\nEles\nq\n")
    assert result.exit_code == 0, result.output
    assert "Deal 1: card points of Eles [48]: " in result.output
    assert "no set of cards is worth 1; ask again" in result.output
    assert sheet.read_text().endswith(
        "deals:\n  - {points: [72, 48]}\n  - {points: [40, 80]}\n  - {penalty: renuncia, team: Eles}\n"
    )


def test_sueca_bad_input(tmp_path):
    sheet = new(tmp_path, "sueca")
    for args, message in (
        (["72"], "give each team's card points (Nos Eles), e.g. 72 48"),
        (["72", "x"], "card points of Eles: 'x' is not a whole number"),
        (["renuncia", "Zeca"], "'Zeca' is not a team at this table (Nos, Eles)"),
        (["72", "48", "-b", "Ana"], "--beneficiary is not used in Sueca"),
    ):
        result = run("record", sheet, *args)
        assert (result.exit_code, result.stderr) == (2, f"Error: {sheet}: {message}\n"), args


def test_truco_recorded_from_the_command_line(tmp_path):
    sheet = new(tmp_path, "truco")
    for args in (["Nos"], ["Eles", "3"], ["Ana", "6"], ["void"], ["olhar-baralho", "Eles"]):
        assert run("record", sheet, *args).exit_code == 0
    assert sheet.read_text().endswith(
        "hands:\n  - {winner: Nos}\n  - {winner: Eles, value: 3}\n  - {winner: Nos, value: 6}\n"
        "  - {void: misdeal}\n  - {penalty: olhar-baralho, team: Eles}\n"
    )
    bad = run("record", sheet, "Nos", "4")
    assert (bad.exit_code, bad.stderr) == (2, f"Error: {sheet}: a hand is worth 1, 3, 6, 9, 12, not 4\n")
    shown = run("show", sheet)
    lines = shown.output.splitlines()  # at 80 columns: the detail on a line of its own (issue 8)
    at = lines.index("5  1     olhar-baralho    1     0    8     3    0     0")
    assert lines[at + 1] == "     by Eles"
    report = json.loads(run("check", "--format", "json", sheet).output)[0]
    assert report["teams"]["Nos"] == {"players": ["Ana", "Bruno"], "games_won": 0, "score": 8}
    assert report["totals"] == {"Nos": 0, "Eles": 0}


def test_truco_interactive(tmp_path):
    sheet = new(tmp_path, "truco")
    result = run("record", sheet, input="Bruno 3\nEles\ndeclined\nNos\nvoid\nq\n")
    assert result.exit_code == 0, result.output
    # Nos is not at 11: the declined mao de onze is refused and the hand asked again.
    assert "only the one team at 11 may decline the hand (Nos 3, Eles 1) [Art 17]; ask the hand again" in result.output
    assert sheet.read_text().endswith("hands:\n  - {winner: Nos, value: 3}\n  - {winner: Eles}\n  - {void: misdeal}\n")


def test_examples_check_and_show():
    final = run("check", EXAMPLES / "truco-furb-partida1.yaml")
    assert final.exit_code == 0
    assert final.output.endswith("clean (truco, won by Nos; Nos 2 games, Eles 1 game)\n")
    disputed = run("check", EXAMPLES / "sueca-disputed-jogo2.yaml")
    assert disputed.exit_code == 1
    assert (
        f"{EXAMPLES / 'sueca-disputed-jogo2.yaml'}:21: error [S-PONT4-MOCA-DIFFERS]: deal 6: the sheet shows "
        "Nos 1, Eles 0; the moca stands at Nos 4, Eles 0 [Pontuação 4]"
    ) in disputed.output


def test_team_sheet_format_errors(tmp_path):
    path = tmp_path / "bad.yaml"
    for text, message in (
        (
            "rules: sueca\nteams: {Nos: [Ana, Bruno]}\n",
            ":2: teams: sueca is played by 2 teams, e.g. {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}",
        ),
        ("rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Ana, Duarte]}\n", ":2: teams: 'Ana' is named twice"),
        (
            "rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\nhands: []\n",
            ":3: unknown key 'hands'; allowed: rules, teams, scorer, event, table, round, date, notes, deals",
        ),
        (
            "rules: truco\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\nhands:\n  - {winner: Nos, value: x}\n",
            ":4: hand 1: value: expected whole numbers, got 'x'",
        ),
        (
            "rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\ndeals:\n  - {points: [-5, 125]}\n",
            ":4: deal 1: points: -5 is negative",
        ),
    ):
        path.write_text(text)
        result = run("check", path)
        assert (result.exit_code, result.stderr) == (2, f"Error: {path}{message}\n"), text


def _entries(path):
    from scorekeeper.sheet.load import load_sheet

    sheet = load_sheet(str(path))
    names = sheet.team_names
    normal = []
    for entry in sheet.entries:
        item = {}
        for key, value in entry.items():
            if isinstance(value, dict):
                value = [value[n] for n in names]
            item[key] = value
        normal.append(item)
    return sheet.teams, (sheet.event, sheet.table, sheet.round, sheet.date), normal


def test_team_fichas_export_then_import_give_back_the_same_sheets(tmp_path):
    names = [
        "sueca-torneio-jogo1.yaml",
        "truco-furb-partida1.yaml",
        "sueca-disputed-jogo2.yaml",
        "truco-disputed-partida2.yaml",
    ]
    out = tmp_path / "teams.xlsx"
    result = run("export", *(EXAMPLES / n for n in names), "-o", out)
    assert result.exit_code == 0, result.output
    assert result.output == f"Wrote {out}: Resumo, Mesa2 R1, Mesa1 R1, Mesa3 R1, Mesa2 R1 (2)\n"
    folder = tmp_path / "back"
    folder.mkdir()
    assert run("import", out, "-o", folder).exit_code == 1  # issue 8: the disputed sheets' errors are reported
    for name, title in zip(names, ["Mesa2-R1", "Mesa1-R1", "Mesa3-R1", "Mesa2-R1--2-"]):
        assert _entries(folder / f"{title}.yaml") == _entries(EXAMPLES / name), name


def test_team_ficha_checked_by_cell(tmp_path):
    out = tmp_path / "sueca.xlsx"
    assert run("export", EXAMPLES / "sueca-disputed-jogo2.yaml", "-o", out).exit_code == 0
    result = run("check", out)
    assert result.exit_code == 1
    assert (
        f"{out}:Mesa3 R1!F8: error [S-JOGO3-IMPOSSIBLE]: deal 3: Nos has 119 card points; no set of cards is "
        "worth 1 [O jogo 3]" in result.output
    )
    assert (
        f"{out}:Mesa3 R1!N17: error [S-PONT4-MOCA-OVER]: deal 12: the sheet shows Eles at 5; a moca stops at 4 "
        "(nothing is carried ahead) [Pontuação 4]" in result.output
    )


def test_blank_ficha_filled_in(tmp_path):
    import openpyxl

    out = tmp_path / "truco.xlsx"
    result = run(
        "export", "--blank", "truco", "-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "--table", "4", "-o", out
    )
    assert (result.exit_code, result.output) == (0, f"Wrote {out}: an empty truco ficha for Nos v Eles\n")
    wb = openpyxl.load_workbook(out)
    ws = wb["Mesa4"]
    assert (ws["H4"].value, ws["L4"].value, ws["H3"].value) == ("Nos", "Eles", "Ana, Bruno")
    ws["B6"], ws["C6"] = "Nos", 3
    ws["B7"] = "Eles"
    ws["J8"] = 13  # a score above 12 typed over Nos's Placar formula
    ws["B8"] = "Nos"
    wb.save(out)
    checked = run("check", out)
    assert checked.exit_code == 1
    assert (
        f"{out}:Mesa4!J8: error [TR-ART14-SCORE-OVER]: hand 3: the sheet shows Nos at 13; a game stops at 12 "
        "[Art 14]" in checked.output
    )
    back = tmp_path / "back.yaml"
    assert run("import", out, "-o", back).exit_code == 1  # issue 8: the 13 typed at J8 is reported
    assert back.read_text() == (
        "rules: truco\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\ntable: 4\n"
        "hands:\n  - {winner: Nos, value: 3}\n  - {winner: Eles}\n"
        "  - {winner: Nos, score: {Nos: 13}}\n"
    )
