"""Findings from a workbook point at the cell that holds the wrong value (issue 8, item 7).

Each case exports an example, changes cells as a person would in a spreadsheet, and checks
the workbook: every line names the cell of the value it is about, with a message about it.
"""
import openpyxl
import pytest

from conftest import EXAMPLES, run

FINAL = EXAMPLES / "king-final-nacional-mesa1.yaml"
DISPUTED = EXAMPLES / "king-disputed-mesa3.yaml"


def edited(tmp_path, example, cells):
    """The example exported, with `cells` ({"S8": 75}) typed over (None clears a cell)."""
    out = tmp_path / "x.xlsx"
    result = run("export", example, "-o", out)
    assert result.exit_code == 0, result.output
    wb = openpyxl.load_workbook(out)
    for cell, value in cells.items():
        wb.active[cell] = value
    wb.save(out)
    return out


def findings(workbook):
    """The finding lines of `check` (without the closing summary line), and the exit code."""
    result = run("check", workbook)
    lines = result.stdout.splitlines()
    assert lines[-1].startswith(f"{workbook}:")
    return lines[:-1], result.exit_code


def at(workbook, cell, text, sheet="Mesa1 R1"):
    return f"{workbook}:{sheet}!{cell}: {text}"


def test_a_count_that_breaks_a_row_is_reported_at_its_qtd_cell(tmp_path):
    out = edited(tmp_path, FINAL, {"R9": 3})  # reis-valetes 2, 2, 3, 2: 9 of the 8 there are
    assert findings(out) == ([
        at(out, "R9", "error [K-Q1-TOTAL-OVER]: hand 4 (reis-valetes): counts add up to 9, more than the 8 there "
                      "are [Quadro 1]"),
        at(out, "B11", "error [K-Q1-PHASE-TOTAL]: hand 6 (ultimas): the negative hands add up to -1330, not -1300 "
                       "[Quadro 1]"),
    ], 1)


def test_one_players_count_over_the_hand_is_at_that_players_qtd_cell(tmp_path):
    out = edited(tmp_path, FINAL, {"L9": 9})
    assert findings(out) == ([
        at(out, "L9", "error [K-Q1-COUNT-OVER]: hand 4 (reis-valetes): Ana took 9, but there are only 8 [Quadro 1]"),
        at(out, "B11", "error [K-Q1-PHASE-TOTAL]: hand 6 (ultimas): the negative hands add up to -1510, not -1300 "
                       "[Quadro 1]"),
    ], 1)


def test_points_typed_over_one_formula_are_judged_at_that_cell_and_the_others_stand(tmp_path):
    # Carla's damas Negativos (S8) typed over its formula: the others' formulas still give
    # their values from their counts, so none of them is missing.
    out = edited(tmp_path, FINAL, {"S8": 75})
    assert findings(out) == ([
        at(out, "S8", "error [K-Q1-POINTS-MULTIPLE]: hand 3 (damas): Carla has -75 points, not a multiple of 50 "
                      "[Quadro 1]"),
        at(out, "S8", "error [K-Q1-POINTS-COUNTS]: hand 3 (damas): Carla: 2 x 50 = -100, but the points say -75 "
                      "[Quadro 1]"),
        at(out, "B11", "error [K-Q1-PHASE-TOTAL]: hand 6 (ultimas): the negative hands add up to -1275, not -1300 "
                       "[Quadro 1]"),
    ], 1)


def test_points_typed_over_a_formula_come_back_with_the_others_values(tmp_path):
    out = edited(tmp_path, FINAL, {"S8": 75})
    back = tmp_path / "back.yaml"
    run("import", out, "-o", back)
    assert "  - {hand: damas, counts: [1, 1, 2, 0], points: [-50, -50, -75, 0]}\n" in back.read_text()


def test_a_right_value_typed_over_its_formula_is_no_finding(tmp_path):
    out = edited(tmp_path, FINAL, {"S8": 100})
    assert findings(out) == ([], 0)


def test_festa_points_typed_over_a_positivos_formula(tmp_path):
    out = edited(tmp_path, FINAL, {"T12": 100})  # Carla made 3 tricks in Ana's festa: 75
    assert findings(out) == ([
        at(out, "T12", "error [K-Q2-POINTS]: hand 7 (Ana's festa): Carla has 100 points, but the positivos scores 75 "
                       "[Quadro 2]"),
        at(out, "B12", "error [K-FESTA-TOTAL]: hand 7 (Ana's festa): the festa adds up to 350, not +325 "
                       "[Regras: Mãos positivas]"),
        at(out, "B16", "error [K-GAME-TOTAL]: hand 11 (Duarte's festa): the game adds up to 25, not 0 "
                       "[Regras: A contagem dos pontos]"),
    ], 1)


def test_a_penalty_point_typed_wrong_is_at_its_cell(tmp_path):
    out = edited(tmp_path, FINAL, {"V11": 170})  # Duarte's renuncia in the ultimas costs 180
    assert findings(out) == ([
        at(out, "V11", "error [K-PENALTY-POINTS]: hand 6 (ultimas): Duarte has -170 points, but the renuncia gives "
                       "-180 [Art 14]"),
        at(out, "B11", "error [K-PENALTY-TOTAL]: hand 6 (ultimas): the penalty adds up to -170, not -180 [Art 14]"),
        at(out, "B11", "error [K-Q1-PHASE-TOTAL]: hand 6 (ultimas): the negative hands add up to -1290, not -1300 "
                       "[Quadro 1]"),
    ], 1)


def test_a_cleared_count_is_missing_at_its_cell(tmp_path):
    out = edited(tmp_path, FINAL, {"R9": None})
    assert findings(out) == ([
        at(out, "R9", "error [K-ART6-VALUE-MISSING]: hand 4 (reis-valetes): counts: no value for Carla; every player "
                      "is asked (Art 6) [Art 6]"),
    ], 1)


@pytest.mark.parametrize("cell, value, line", [
    ("E12", "paus2", "error [K-ART13-TRUMP-UNKNOWN]: hand 7 (festa): unknown trump 'paus2'; allowed: copas, espadas, "
                     "ouros, paus, sem-trunfo [Art 13]"),
    ("I15", "Zeca", "error [K-ART6-PLAYER-UNKNOWN]: hand 10 (festa): 'Zeca' is not at this table (Ana, Bruno, Carla, "
                    "Duarte) [Art 6]"),
    ("F13", "Zeca", "error [K-ART6-PLAYER-UNKNOWN]: hand 8 (festa): 'Zeca' is not at this table (Ana, Bruno, Carla, "
                    "Duarte) [Art 6]"),
    ("G13", 5, "error [K-ART10-OFFER-LIMIT]: hand 8 (Bruno's festa): an offer of 5 tricks for nulos; the limit is 1 to "
               "3 [Art 10]"),
    ("F16", "Duarte", "error [K-ART12-OFFER-BY-BENEFICIARY]: hand 11 (Duarte's festa): the offer is made by Duarte, "
                      "the beneficiary; offers come from the other players [Art 12]"),
    ("D12", None, "error [K-ART9-NO-CONTRACT]: hand 7 (Ana's festa): no contract (positivos, nulos or 4-3-3-3) "
                  "[Art 9]"),
])
def test_a_hands_own_cells(tmp_path, cell, value, line):
    out = edited(tmp_path, FINAL, {cell: value})
    assert findings(out) == ([at(out, cell, line)], 1)


def test_a_festa_for_the_wrong_beneficiary_is_at_the_beneficiario_cell(tmp_path):
    out = edited(tmp_path, FINAL, {"C16": "Carla"})  # Duarte's penalised festa is replayed as Carla's
    assert findings(out) == ([
        at(out, "C16", "error [K-REPLAY-BENEFICIARY]: hand 11 (Carla's festa): Duarte's festa was penalised at hand "
                       "10 and is replayed next, but this festa is Carla's [Art 14]"),
        at(out, "C16", "error [K-ART9-BENEFICIARY-TWICE]: hand 11 (Carla's festa): Carla was already the beneficiary "
                       "at hand 9; each player is beneficiary once [Art 9, 2a fase]"),
        at(out, "C16", "warning [K-ART9-ROTATION]: hand 11 (Carla's festa): Carla's festa follows Carla's; in deal "
                       "rotation it is Duarte's turn [Art 9, 2a fase]"),
        at(out, "C16", "error [K-ART9-NEVER-BENEFICIARY]: hand 11 (Carla's festa): Duarte was never the beneficiary of "
                       "a festa [Art 9, 2a fase]"),
    ], 1)


def test_the_disputed_boletim_names_each_wrong_value(tmp_path):
    out = edited(tmp_path, DISPUTED, {})
    lines, code = findings(out)
    assert code == 1
    assert lines == [at(out, cell, text, "Mesa3 R1") for cell, text in [
        ("L6", "warning [K-ART6-MISSING-CHARGED]: hand 1 (vazas): counts add up to 12 of 13; the missing 1 (-20) is "
               "charged to Ivo, the responsible scorer [Art 6]"),
        ("S7", "error [K-Q1-TOTAL-OVER]: hand 2 (copas): counts add up to 14, more than the 13 there are "
               "[Quadro 1]"),  # Lia's -140
        ("S8", "error [K-Q1-POINTS-MULTIPLE]: hand 3 (damas): Lia has -75 points, not a multiple of 50 [Quadro 1]"),
        ("V8", "error [K-Q1-POINTS-MULTIPLE]: hand 3 (damas): Manuel has -25 points, not a multiple of 50 "
               "[Quadro 1]"),
        ("S9", "error [K-Q1-POINTS-COUNTS]: hand 4 (reis-valetes): Lia: 2 x 30 = -60, but the points say -90 "
               "[Quadro 1]"),
        ("V9", "error [K-Q1-POINTS-COUNTS]: hand 4 (reis-valetes): Manuel: 2 x 30 = -60, but the points say -30 "
               "[Quadro 1]"),
        ("B11", "error [K-Q1-PHASE-TOTAL]: hand 6 (ultimas): the negative hands add up to -1320, not -1300 "
                "[Quadro 1]"),
        ("B12", "error [K-TRICKS-TOTAL]: hand 7 (Ivo's festa): tricks add up to 12, not the 13 of a hand "
                "[Regras: 13 vazas]"),
        ("G13", "error [K-ART10-OFFER-LIMIT]: hand 8 (Joana's festa): an offer of 4 tricks for nulos; the limit is 1 "
                "to 3 [Art 10]"),
        ("G14", "error [K-ART13-4333-OFFER]: hand 9 (Lia's festa): the 4-3-3-3 is not allowed after an offer of 5 "
                "positive tricks (more than 3) by Manuel [Art 13]"),
        ("C15", "error [K-ART9-BENEFICIARY-TWICE]: hand 10 (Lia's festa): Lia was already the beneficiary at hand 9; "
                "each player is beneficiary once [Art 9, 2a fase]"),
        ("C15", "warning [K-ART9-ROTATION]: hand 10 (Lia's festa): Lia's festa follows Lia's; in deal rotation it is "
                "Manuel's turn [Art 9, 2a fase]"),
        ("C15", "error [K-ART9-NEVER-BENEFICIARY]: hand 10 (Lia's festa): Manuel was never the beneficiary of a festa "
                "[Art 9, 2a fase]"),
    ]]


@pytest.mark.parametrize("cells, line", [
    ({"L4": "Anna"}, "H3: Responsável (Art 6): 'Ana' is not one of the players named in row 4 "
                     "(Anna, Bruno, Carla, Duarte)"),
    ({"O4": "Ana"}, "O4: players: 'Ana' is named twice (row 4)"),
    ({"R9": -1}, "R9: -1 is negative; a Qtd cell counts cards or tricks from 0"),
])
def test_unusable_header_and_count_cells_are_refused_at_their_cell(tmp_path, cells, line):
    out = edited(tmp_path, FINAL, cells)
    result = run("check", out)
    assert (result.exit_code, result.stderr) == (2, f"Error: {out}:Mesa1 R1!{line}\n")


def test_faltosos_keeps_a_name_that_holds_a_comma():
    from scorekeeper.king.boletim_import import offender_names

    players = ["Ana", "Bruno, Jr", "Carla", "Duarte"]
    assert offender_names("Bruno, Jr, Ana", players) == ["Bruno, Jr", "Ana"]
    assert offender_names("Ana,Carla", players) == ["Ana", "Carla"]
    assert offender_names("Zeca, Ana", players) == ["Zeca", "Ana"]  # an unknown name is passed on, to be a finding
    assert offender_names(" , Duarte,", players) == ["Duarte"]
