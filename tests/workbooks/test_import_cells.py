"""Findings from a workbook point at the cell that holds the wrong value (issue 8, item 7).

Each case exports an example, changes cells as a person would in a spreadsheet, and checks
the workbook: every line names the cell of the value it is about, with a message about it.
"""

import re

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
    assert findings(out) == (
        [
            at(
                out,
                "R9",
                "error [K-Q1-TOTAL-OVER]: hand 4 (reis-valetes): counts add up to 9, more than the 8 there "
                "are [Quadro 1]",
            ),
            at(
                out,
                "B11",
                "error [K-Q1-PHASE-TOTAL]: hand 6 (ultimas): the negative hands add up to -1330, not -1300 [Quadro 1]",
            ),
        ],
        1,
    )


def test_one_players_count_over_the_hand_is_at_that_players_qtd_cell(tmp_path):
    out = edited(tmp_path, FINAL, {"L9": 9})
    assert findings(out) == (
        [
            at(
                out, "L9", "error [K-Q1-COUNT-OVER]: hand 4 (reis-valetes): Ana took 9, but there are only 8 [Quadro 1]"
            ),
            at(
                out,
                "B11",
                "error [K-Q1-PHASE-TOTAL]: hand 6 (ultimas): the negative hands add up to -1510, not -1300 [Quadro 1]",
            ),
        ],
        1,
    )


def test_points_typed_over_one_formula_are_judged_at_that_cell_and_the_others_stand(tmp_path):
    # Carla's damas Negativos (S8) typed over its formula: the others' formulas still give
    # their values from their counts, so none of them is missing.
    out = edited(tmp_path, FINAL, {"S8": 75})
    assert findings(out) == (
        [
            at(
                out,
                "S8",
                "error [K-Q1-POINTS-MULTIPLE]: hand 3 (damas): Carla has -75 points, not a multiple of 50 [Quadro 1]",
            ),
            at(
                out,
                "S8",
                "error [K-Q1-POINTS-COUNTS]: hand 3 (damas): Carla: 2 x 50 = -100, but the points say -75 [Quadro 1]",
            ),
            at(
                out,
                "B11",
                "error [K-Q1-PHASE-TOTAL]: hand 6 (ultimas): the negative hands add up to -1275, not -1300 [Quadro 1]",
            ),
        ],
        1,
    )


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
    assert findings(out) == (
        [
            at(
                out,
                "T12",
                "error [K-Q2-POINTS]: hand 7 (Ana's festa): Carla has 100 points, but the positivos scores 75 "
                "[Quadro 2]",
            ),
            at(
                out,
                "B12",
                "error [K-FESTA-TOTAL]: hand 7 (Ana's festa): the festa adds up to 350, not +325 "
                "[Regras: Mãos positivas]",
            ),
            at(
                out,
                "B16",
                "error [K-GAME-TOTAL]: hand 11 (Duarte's festa): the game adds up to 25, not 0 "
                "[Regras: A contagem dos pontos]",
            ),
        ],
        1,
    )


def test_a_penalty_point_typed_wrong_is_at_its_cell(tmp_path):
    out = edited(tmp_path, FINAL, {"V11": 170})  # Duarte's renuncia in the ultimas costs 180
    assert findings(out) == (
        [
            at(
                out,
                "V11",
                "error [K-PENALTY-POINTS]: hand 6 (ultimas): Duarte has -170 points, but the renuncia gives "
                "-180 [Art 14]",
            ),
            at(out, "B11", "error [K-PENALTY-TOTAL]: hand 6 (ultimas): the penalty adds up to -170, not -180 [Art 14]"),
            at(
                out,
                "B11",
                "error [K-Q1-PHASE-TOTAL]: hand 6 (ultimas): the negative hands add up to -1290, not -1300 [Quadro 1]",
            ),
        ],
        1,
    )


def test_a_cleared_count_is_missing_at_its_cell(tmp_path):
    out = edited(tmp_path, FINAL, {"R9": None})
    assert findings(out) == (
        [
            at(
                out,
                "R9",
                "error [K-ART6-VALUE-MISSING]: hand 4 (reis-valetes): counts: no value for Carla; every player "
                "is asked (Art 6) [Art 6]",
            ),
        ],
        1,
    )


@pytest.mark.parametrize(
    "cell, value, line",
    [
        (
            "E12",
            "paus2",
            "error [K-ART13-TRUMP-UNKNOWN]: hand 7 (festa): unknown trump 'paus2'; allowed: copas, espadas, "
            "ouros, paus, sem-trunfo [Art 13]",
        ),
        (
            "I15",
            "Zeca",
            "error [K-ART6-PLAYER-UNKNOWN]: hand 10 (festa): 'Zeca' is not at this table (Ana, Bruno, Carla, "
            "Duarte) [Art 6]",
        ),
        (
            "F13",
            "Zeca",
            "error [K-ART6-PLAYER-UNKNOWN]: hand 8 (festa): 'Zeca' is not at this table (Ana, Bruno, Carla, "
            "Duarte) [Art 6]",
        ),
        (
            "G13",
            5,
            "error [K-ART10-OFFER-LIMIT]: hand 8 (Bruno's festa): an offer of 5 tricks for nulos; the limit is 1 to "
            "3 [Art 10]",
        ),
        (
            "F16",
            "Duarte",
            "error [K-ART12-OFFER-BY-BENEFICIARY]: hand 11 (Duarte's festa): the offer is made by Duarte, "
            "the beneficiary; offers come from the other players [Art 12]",
        ),
        (
            "D12",
            None,
            "error [K-ART9-NO-CONTRACT]: hand 7 (Ana's festa): no contract (positivos, nulos or 4-3-3-3) [Art 9]",
        ),
    ],
)
def test_a_hands_own_cells(tmp_path, cell, value, line):
    out = edited(tmp_path, FINAL, {cell: value})
    assert findings(out) == ([at(out, cell, line)], 1)


def test_a_festa_for_the_wrong_beneficiary_is_at_the_beneficiario_cell(tmp_path):
    out = edited(tmp_path, FINAL, {"C16": "Carla"})  # Duarte's penalised festa is replayed as Carla's
    assert findings(out) == (
        [
            at(
                out,
                "C16",
                "error [K-REPLAY-BENEFICIARY]: hand 11 (Carla's festa): Duarte's festa was penalised at hand "
                "10 and is replayed next, but this festa is Carla's [Art 14]",
            ),
            at(
                out,
                "C16",
                "error [K-ART9-BENEFICIARY-TWICE]: hand 11 (Carla's festa): Carla was already the beneficiary "
                "at hand 9; each player is beneficiary once [Art 9, 2a fase]",
            ),
            at(
                out,
                "C16",
                "warning [K-ART9-ROTATION]: hand 11 (Carla's festa): Carla's festa follows Carla's; in deal "
                "rotation it is Duarte's turn [Art 9, 2a fase]",
            ),
            at(
                out,
                "C16",
                "error [K-ART9-NEVER-BENEFICIARY]: hand 11 (Carla's festa): Duarte was never the beneficiary of "
                "a festa [Art 9, 2a fase]",
            ),
        ],
        1,
    )


def test_the_disputed_boletim_names_each_wrong_value(tmp_path):
    out = edited(tmp_path, DISPUTED, {})
    lines, code = findings(out)
    assert code == 1
    assert lines == [
        at(out, cell, text, "Mesa3 R1")
        for cell, text in [
            (
                "L6",
                "warning [K-ART6-MISSING-CHARGED]: hand 1 (vazas): counts add up to 12 of 13; the missing 1 (-20) is "
                "charged to Ivo, the responsible scorer [Art 6]",
            ),
            (
                "S7",
                "error [K-Q1-TOTAL-OVER]: hand 2 (copas): counts add up to 14, more than the 13 there are [Quadro 1]",
            ),  # Lia's -140
            ("S8", "error [K-Q1-POINTS-MULTIPLE]: hand 3 (damas): Lia has -75 points, not a multiple of 50 [Quadro 1]"),
            (
                "V8",
                "error [K-Q1-POINTS-MULTIPLE]: hand 3 (damas): Manuel has -25 points, not a multiple of 50 [Quadro 1]",
            ),
            (
                "S9",
                "error [K-Q1-POINTS-COUNTS]: hand 4 (reis-valetes): Lia: 2 x 30 = -60, but the points say -90 "
                "[Quadro 1]",
            ),
            (
                "V9",
                "error [K-Q1-POINTS-COUNTS]: hand 4 (reis-valetes): Manuel: 2 x 30 = -60, but the points say -30 "
                "[Quadro 1]",
            ),
            (
                "B11",
                "error [K-Q1-PHASE-TOTAL]: hand 6 (ultimas): the negative hands add up to -1320, not -1300 [Quadro 1]",
            ),
            (
                "B12",
                "error [K-TRICKS-TOTAL]: hand 7 (Ivo's festa): tricks add up to 12, not the 13 of a hand "
                "[Regras: 13 vazas]",
            ),
            (
                "G13",
                "error [K-ART10-OFFER-LIMIT]: hand 8 (Joana's festa): an offer of 4 tricks for nulos; the limit is 1 "
                "to 3 [Art 10]",
            ),
            (
                "G14",
                "error [K-ART13-4333-OFFER]: hand 9 (Lia's festa): the 4-3-3-3 is not allowed after an offer of 5 "
                "positive tricks (more than 3) by Manuel [Art 13]",
            ),
            (
                "C15",
                "error [K-ART9-BENEFICIARY-TWICE]: hand 10 (Lia's festa): Lia was already the beneficiary at hand 9; "
                "each player is beneficiary once [Art 9, 2a fase]",
            ),
            (
                "C15",
                "warning [K-ART9-ROTATION]: hand 10 (Lia's festa): Lia's festa follows Lia's; in deal rotation it is "
                "Manuel's turn [Art 9, 2a fase]",
            ),
            (
                "C15",
                "error [K-ART9-NEVER-BENEFICIARY]: hand 10 (Lia's festa): Manuel was never the beneficiary of a festa "
                "[Art 9, 2a fase]",
            ),
        ]
    ]


@pytest.mark.parametrize(
    "cells, line",
    [
        (
            {"L4": "Anna"},
            "H3: Responsável (Art 6): 'Ana' is not one of the players named in row 4 (Anna, Bruno, Carla, Duarte)",
        ),
        ({"O4": "Ana"}, "O4: players: 'Ana' is named twice (row 4)"),
        ({"R9": -1}, "R9: -1 is negative; a Qtd cell counts cards or tricks from 0"),
    ],
)
def test_unusable_header_and_count_cells_are_refused_at_their_cell(tmp_path, cells, line):
    out = edited(tmp_path, FINAL, cells)
    result = run("check", out)
    assert (result.exit_code, result.stderr) == (2, f"Error: {out}:Mesa1 R1!{line}\n")


def test_faltosos_keeps_a_name_that_holds_a_comma():
    from scorekeeper.king.workbook_read import offender_names

    players = ["Ana", "Bruno, Jr", "Carla", "Duarte"]
    assert offender_names("Bruno, Jr, Ana", players) == ["Bruno, Jr", "Ana"]
    assert offender_names("Ana,Carla", players) == ["Ana", "Carla"]
    assert offender_names("Zeca, Ana", players) == ["Zeca", "Ana"]  # an unknown name is passed on, to be a finding
    assert offender_names(" , Duarte,", players) == ["Duarte"]


# --- issue 16: every typed cell is read or refused, never skipped ---------------------------------

from typed_cells import Error, Formula, typed  # noqa: E402


def typed_final(tmp_path, cells, merge=(), name="x.xlsx"):
    """The final's boletim with `cells` typed as a spreadsheet saves them (typed_cells)."""
    out = tmp_path / name
    assert run("export", FINAL, "-o", out).exit_code == 0
    return typed(out, cells, merge=merge)


def imported(workbook):
    result = run("import", workbook, "-o", "-")
    return result.exit_code, result.stdout, result.stderr


CLEAN = "(king, complete; Ana +325, Bruno +15, Carla -285, Duarte -55)"


def test_a_count_typed_as_a_formula_is_read_by_its_saved_value_with_a_warning(tmp_path):
    # issue 16: =1+2 in Ana's vazas Qtd (LibreOffice saves 3 with it) gave "no value for Ana"
    plain = typed_final(tmp_path, {}, name="plain.xlsx")
    _code, untouched, _err = imported(plain)
    out = typed_final(tmp_path, {"L6": Formula("1+2", 3)})
    warning = (
        f"{out}:Mesa1 R1!L6: warning [K-CELL-FORMULA]: the cell holds the formula '=1+2': read as the value "
        "saved with it, 3 [boletim]"
    )
    result = run("check", out)
    assert (result.exit_code, result.output) == (0, f"{warning}\n{out}:Mesa1 R1: 1 warning {CLEAN}\n")
    assert imported(out) == (0, untouched, f"{warning}\n{out}:Mesa1 R1: 1 warning {CLEAN}\n")
    back = tmp_path / "back.yaml"
    result = run("import", out, "-o", back)  # to a file: the warning is said at the cell, the summary at the file
    assert (result.exit_code, result.output) == (0, f"Wrote {back}\n{warning}\n{back}: 1 warning {CLEAN}\n")
    assert back.read_text() == untouched


def test_a_players_name_typed_as_a_formula_is_read_never_dropped(tmp_path):
    # issue 16: a formula in a name cell removed the player ("a player column has no name above it")
    out = typed_final(tmp_path, {"L4": Formula('"An"&"a"', "Ana")})
    result = run("check", out)
    assert (result.exit_code, result.output.splitlines()[0]) == (
        0,
        f'{out}:Mesa1 R1!L4: warning [K-CELL-FORMULA]: the cell holds the formula \'="An"&"a"\': read as the '
        "value saved with it, 'Ana' [boletim]",
    )
    assert "players: [Ana, Bruno, Carla, Duarte]\n" in imported(out)[1]


@pytest.mark.parametrize(
    "cells, line",
    [
        (
            {"L6": Formula("1+2")},
            "L6: the cell holds the formula '=1+2' and no value saved with it: type the value "
            "itself, or open and save the workbook in a spreadsheet so that the formula is computed",
        ),
        (
            {"L4": Formula('"Ana"')},
            "L4: the cell holds the formula '=\"Ana\"' and no value saved with it: type the value "
            "itself, or open and save the workbook in a spreadsheet so that the formula is computed",
        ),
        ({"L6": Error("#N/A")}, "L6: the cell holds the error value #N/A, not a value: type the value itself"),
        ({"L4": Error("#N/A")}, "L4: the cell holds the error value #N/A, not a value: type the value itself"),
        ({"C12": Error("#REF!")}, "C12: the cell holds the error value #REF!, not a value: type the value itself"),
        (
            {"L6": Error("#DIV/0!", "1/0")},
            "L6: the cell holds the formula '=1/0', whose value is the error #DIV/0!: a "
            "score sheet's cell holds a value",
        ),
        (
            {"Z6": Error("#VALUE!", '"a"+1')},
            "Z6: the cell holds the formula '=\"a\"+1', whose value is the error "
            "#VALUE!: a score sheet's cell holds a value",
        ),
        ({"L4": "x" * 32_767}, f"L4: '{'x' * 80}'... (32767 characters) is longer than a name (80 characters)"),
        ({"H3": "Ana\u202e"}, "H3: the name 'Ana\\u202e' holds an invisible direction mark"),
        (
            {"AA6": 5},
            "AA6: '5' is typed right of the boletim's last column (Z): nothing there is read; move it into "
            "the table or clear it",
        ),
        (
            {"B21": "vazas", "L21": 3},
            "B21: 'vazas' is typed below the Totais and Saldo rows, where no hand is read: "
            "hands are written in the rows above the totals",
        ),
        (
            {"L22": 3},
            "L22: '3' is typed below the Totais and Saldo rows, where no hand is read: hands are written in "
            "the rows above the totals",
        ),
        (
            {"H40": "renuncia"},
            "H40: 'renuncia' is typed below the Totais and Saldo rows, where no hand is read: hands "
            "are written in the rows above the totals",
        ),
        (
            {"X19": -960},
            "X19: '-960' is typed over a total that is not read (only each player's Negativos, Positivos "
            "and saldo are): clear it",
        ),
        (
            {"E20": 5},
            "E20: '5' is typed over a total that is not read (only each player's Negativos, Positivos and "
            "saldo are): clear it",
        ),
        (
            {"B4": "Zeca"},
            "B4: 'Zeca' is typed in the players' row, which holds each player's name over their columns: "
            "nothing else there is read",
        ),
        (
            {"E18": "copas"},
            "E18: 'copas' is typed on a row with no contract, penalty, count or points: a hand's row "
            "holds what was played",
        ),
        (
            {"BZ7": 5},
            "BZ7: a value is typed here, beyond what a boletim uses (BH1000): nothing there is read; move it "
            "into the table or clear it",
        ),
    ],
)
def test_a_cell_that_cannot_be_read_is_refused_at_it(tmp_path, cells, line):
    out = typed_final(tmp_path, cells)
    for command in ("check", "import"):
        result = run(command, out, *(("-o", "-") if command == "import" else ()))
        assert (result.exit_code, result.stderr) == (2, f"Error: {out}:Mesa1 R1!{line}\n"), command


@pytest.mark.parametrize("area, cell", [("L6:M6", "L6"), ("C12:D12", "C12"), ("K17:L17", "L17"), ("L4:O4", "L4")])
def test_merged_input_cells_are_refused(tmp_path, area, cell):
    # a merge over L6:M6 hides the one's value under the other's; L4:O4 takes Bruno's name cell
    out = typed_final(tmp_path, {}, merge=(area,))
    result = run("check", out)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {out}:Mesa1 R1!{cell}: the cell is merged with others ({area}): each cell a person types in "
        "holds its own value; unmerge them\n",
    )


def test_the_boletims_own_merges_are_read(tmp_path):
    """A player's name over his three columns and a saldo over them are the writer's merges."""
    out = typed_final(tmp_path, {"O20": 20})  # Bruno's saldo (O20:Q20) typed over its formula
    lines, code = findings(out)
    assert code == 1 and lines == [
        at(
            out,
            "O20",
            "error [K-TYPED-SALDO]: Bruno's saldo written here is 20, but "
            "Positivos - Negativos is 15 [Regras: A contagem dos pontos]",
        )
    ]


def test_a_typed_total_is_kept_by_import_and_written_back_by_export(tmp_path):
    # issue 16: -250 typed over the vazas total: check of the boletim said 4 errors, of the import 3
    out = typed_final(tmp_path, {"X6": -250, "M19": 240, "O20": 20})
    typed_lines = [
        (
            "X6",
            ":9: ",
            "error [K-TYPED-HAND-TOTAL]: hand 1 (vazas): the total written here is -250, but the hand's "
            "points add up to -260 [Regras: A contagem dos pontos]",
        ),
        (
            "M19",
            ":20: ",
            "error [K-TYPED-COLUMN-TOTAL]: Ana's Negativos total written here is 240, but the hands' "
            "Negativos add up to 250 [Regras: A contagem dos pontos]",
        ),
        (
            "O20",
            ":20: ",
            "error [K-TYPED-SALDO]: Bruno's saldo written here is 20, but Positivos - Negativos is 15 "
            "[Regras: A contagem dos pontos]",
        ),
    ]
    assert findings(out) == ([at(out, cell, text) for cell, _line, text in typed_lines], 1)
    back = tmp_path / "back.yaml"
    assert run("import", out, "-o", back).exit_code == 1
    text = back.read_text()
    assert "  - {hand: vazas, counts: [3, 2, 1, 7], total: -250}\n" in text
    assert text.endswith("totals: {negativos: {Ana: 240}, saldo: {Bruno: 20}}\n")
    checked = run("check", back)  # the same findings, at the sheet's lines
    assert (checked.exit_code, checked.output.splitlines()[:-1]) == (
        1,
        [f"{back}{line}{text}" for _cell, line, text in typed_lines],
    )
    again = tmp_path / "again.xlsx"
    assert run("export", back, "-o", again).exit_code == 0
    wb = openpyxl.load_workbook(again)
    ws = wb.active
    assert (ws["X6"].value, ws["M19"].value, ws["O20"].value) == (-250, 240, 20)  # written over the formulas
    assert ws["X7"].value.startswith("=") and ws["P19"].value.startswith("=") and ws["L20"].value.startswith("=")
    assert findings(again)[0] == [at(again, cell, text) for cell, _line, text in typed_lines]
    assert run("import", again, "-o", "-").stdout == text


def test_the_saldo_and_the_classification_add_up_the_hands_not_a_typed_total():
    import openpyxl as xl

    from scorekeeper.king.rules import KingRules  # noqa: F401 - the writer's type
    from scorekeeper.king.workbook_write import KingBoletimWriter
    from scorekeeper.rulebook.registry import find

    ws = xl.Workbook().active
    writer = KingBoletimWriter(ws, find("king"), ["Ana", "Bruno", "Carla", "Duarte"], 12)
    assert writer.saldo_formula(0) == "SUM(N6:N17)-SUM(M6:M17)"  # Ana's Positivos less her Negativos, rows 6-17


def _king_round_trip(tmp_path, hands: str):
    sheet, out, back = tmp_path / "k.yaml", tmp_path / "k.xlsx", tmp_path / "back.yaml"
    sheet.write_text("rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n" + hands, encoding="utf-8")
    exported = run("export", sheet, "-o", out)
    if exported.exit_code:
        return sheet, exported.output, None
    assert run("import", out, "-o", back).exit_code in (0, 1)
    return sheet, _said(run("check", sheet).output, sheet), back


def _said(output: str, path) -> list[str]:
    """check's lines without their file and line: what is said, wherever."""
    return [re.sub(rf"^{re.escape(str(path))}(:\d+)?: ", "", line) for line in output.splitlines()]


@pytest.mark.parametrize(
    "hand",
    [
        "{hand: festa, beneficiary: Zeca, contract: positivos, trump: copas, tricks: [5, 3, 3, 2]}",
        "{hand: festa, beneficiary: Ana, contract: xyz, tricks: [5, 3, 3, 2]}",
        "{hand: festa, beneficiary: Ana, contract: positivos, trump: sol, tricks: [5, 3, 3, 2]}",
        "{hand: vazas, penalty: batota, players: [Ana]}",
        "{hand: vazas, penalty: renuncia, players: [Zeca]}",
        "{hand: festa, beneficiary: Ana, contract: nulos, offer: {by: Zeca, tricks: 2}, tricks: [1, 3, 4, 5]}",
        "{hand: festa, beneficiary: Ana, contract: nulos, offer: {by: Bruno, tricks: 2, contract: xyz}, tricks: [1, 3, 4, 5]}",
        "{hand: vazas, counts: {Ana: 3, Bruno: 2, Carla: 1}}",
        "{hand: vazas, points: {Ana: -60, Bruno: -40}}",
    ],
)
def test_what_the_check_cannot_resolve_is_exported_as_written_and_keeps_its_finding(tmp_path, hand):
    # a beneficiary not at the table, an unknown trump, a player's count left out: each a finding
    # that the copy keeps (the boletim wrote nothing for them before)
    sheet, checked, back = _king_round_trip(tmp_path, f"  - {hand}\n")
    assert back is not None, checked
    assert back.read_text().splitlines()[-1] == f"  - {hand}"
    assert _said(run("check", back).output, back) == checked


@pytest.mark.parametrize(
    "hand, why",
    [
        ("{hand: vazas, counts: [3, 2, 1]}", "counts: 3 values for 4 players: the boletim has one cell for each"),
        (
            "{hand: vazas, counts: {Ana: 3, Zeca: 2}}",
            "counts: 'Zeca' is not at this table, and the boletim has a column for each player only",
        ),
        (
            "{hand: festa, beneficiary: Ana, contract: nulos, counts: [1, 3, 4, 5]}",
            "counts: the boletim's Qtd cells hold a festa's tricks and any other hand's counts: these would read back as "
            "tricks",
        ),
        (
            "{hand: vazas, tricks: [3, 2, 1, 7]}",
            "tricks: the boletim's Qtd cells hold a festa's tricks and any other "
            "hand's counts: these would read back as counts",
        ),
    ],
)
def test_what_the_boletim_has_no_cell_for_is_refused_at_export(tmp_path, hand, why):
    sheet, output, back = _king_round_trip(tmp_path, f"  - {hand}\n")
    assert (back, output) == (None, f"Error: {sheet}:4: cannot export: hand 1: {why}\n")


def test_a_refused_cell_is_said_in_the_callers_language_not_the_readers(tmp_path):
    """A name refused while English is spoken is data, said later in pt_PT (issue 26): the
    reader words nothing, neither the refusal nor the quote of a long text."""
    from scorekeeper import i18n
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.workbook.read import read_workbook

    out = typed_final(tmp_path, {"L4": "x" * 32_767})
    with i18n.speaking("en"), pytest.raises(ScorekeeperError) as refused:
        read_workbook(str(out))
    with i18n.speaking("pt_PT"):
        line = str(refused.value)
    assert line == f"{out}:Mesa1 R1!L4: '{'x' * 80}'... (32767 caracteres) é mais longo do que um nome (80 caracteres)"
