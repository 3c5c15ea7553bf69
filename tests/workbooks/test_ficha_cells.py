"""A finding about a Truco ficha's row points at the cell that holds the value it is about
(issue 8 item 7): the Valor for what a hand is worth, the Pediu for a raise at eleven, the
Dupla (the ficha's Equipa in Portugal) for the team at fault."""

import openpyxl
from conftest import run


def test_truco_findings_point_at_valor_pediu_and_equipa(tmp_path):
    out = tmp_path / "truco.xlsx"
    assert (
        run(
            "export", "--blank", "truco", "-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "--table", "4", "-o", out
        ).exit_code
        == 0
    )
    wb = openpyxl.load_workbook(out)
    ws = wb["Mesa4"]
    typed = {
        6: ("Nos", 4, None, None),
        7: ("Nos", 6, None, None),
        8: ("Nos", None, None, None),  # Nos at 11
        9: ("Eles", 6, None, None),  # Nos played the mao de onze and lost: Eles scores 3
        10: ("Nos", None, "Nos", None),  # Nos, at eleven, raised
        11: (None, None, None, "olhar-baralho"),
    }  # no team at fault
    for row, values in typed.items():
        for column, value in zip("BCDE", values):
            if value is not None:
                ws[f"{column}{row}"] = value
    wb.save(out)
    checked = run("check", out)
    assert checked.exit_code == 1
    lines = [line for line in checked.output.splitlines() if ": error [" in line]
    assert lines == [
        f"{out}:Mesa4!C6: error [TR-ART13-VALUE]: hand 1: a hand is worth 1, 3, 6, 9, 12, not 4 [Art 13]",
        f"{out}:Mesa4!C9: error [TR-ART17-LOST-VALUE]: hand 4: Nos played the mao de onze and lost: Eles scores 3, "
        "not 6 [Art 17]",
        f"{out}:Mesa4!D10: error [TR-ART16-RAISED-AT-ELEVEN]: hand 5: Nos, at 11, raised: the other team scores 3 "
        "[Art 16]",
        f"{out}:Mesa4!F11: error [TR-PENALTY-NO-TEAM]: hand 6: a olhar-baralho needs the team at fault (team: ...) "
        "[Art 6, Art 16]",
    ]


def test_a_truco_score_typed_over_its_formula_stays_at_the_placar(tmp_path):
    out = tmp_path / "truco.xlsx"
    assert (
        run(
            "export", "--blank", "truco", "-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "--table", "4", "-o", out
        ).exit_code
        == 0
    )
    wb = openpyxl.load_workbook(out)
    ws = wb["Mesa4"]
    ws["B6"], ws["C6"], ws["J6"] = "Nos", 3, 13  # 13 typed over Nos's Placar (J)
    wb.save(out)
    assert (
        f"{out}:Mesa4!J6: error [TR-ART14-SCORE-OVER]: hand 1: the sheet shows Nos at 13; a game stops at 12 "
        "[Art 14]" in run("check", out).output.splitlines()
    )


def _blank(tmp_path, game: str):
    out = tmp_path / f"{game}.xlsx"
    assert (
        run(
            "export", "--blank", game, "-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "--table", "4", "-o", out
        ).exit_code
        == 0
    )
    return out


def _typed(out, cells: dict) -> None:
    wb = openpyxl.load_workbook(out)
    for cell, value in cells.items():
        wb.active[cell] = value
    wb.save(out)


def test_sueca_findings_point_at_pontos_equipa_motivo_and_moca(tmp_path):
    out = _blank(tmp_path, "sueca")
    # Nos's Pontos in F, Eles's in K; Eles's Moca standing in N.
    _typed(
        out,
        {
            "F6": 72,
            "K6": 40,  # add up to 112
            "B7": "renuncia",  # no team at fault
            "B8": "ponto",
            "C8": "Eles",  # no reason
            "F9": 119,
            "K9": 1,  # 1 card point is no set of cards
            "F10": 60,
            "K10": 60,
            "N10": 3,
        },
    )  # the moca stands at Eles 0 (a tie gives nothing)
    lines = [line for line in run("check", out).output.splitlines() if ": error [" in line]
    assert lines == [
        f"{out}:Mesa4!F6: error [S-JOGO4-CARD-TOTAL]: deal 1: card points add up to 112, not 120 [O jogo 4]",
        f"{out}:Mesa4!C7: error [S-PEN-NO-TEAM]: deal 2: a renuncia needs the team at fault (team: ...) [Penalizações]",
        f"{out}:Mesa4!D8: error [S-PEN-NO-REASON]: deal 3: a one-point penalty names its reason: baralhar, "
        "ver-vazas, ma-distribuicao, sinais [Penalizações, 1 ponto]",
        f"{out}:Mesa4!F9: error [S-JOGO3-IMPOSSIBLE]: deal 4: Nos has 119 card points; no set of cards is worth 1 "
        "[O jogo 3]",
        f"{out}:Mesa4!K9: error [S-JOGO3-IMPOSSIBLE]: deal 4: Eles has 1 card point; no set of cards is worth 1 "
        "[O jogo 3]",
        f"{out}:Mesa4!N10: error [S-PONT4-MOCA-DIFFERS]: deal 5: the sheet shows Eles 3; the moca stands at Eles 0 "
        "[Pontuação 4]",
    ]


def test_refused_values_are_refused_at_their_cell(tmp_path):
    truco = _blank(tmp_path, "truco")
    _typed(truco, {"B6": "Nos", "C6": -3})  # Valor
    checked = run("check", truco)
    assert (checked.exit_code, checked.output) == (2, f"Error: {truco}:Mesa4!C6: hand 1: value: -3 is negative\n")
    sueca = _blank(tmp_path, "sueca")
    _typed(sueca, {"F6": 72, "K6": -5})  # Eles's Pontos
    checked = run("check", sueca)
    assert (checked.exit_code, checked.output) == (2, f"Error: {sueca}:Mesa4!K6: deal 1: points: -5 is negative\n")
