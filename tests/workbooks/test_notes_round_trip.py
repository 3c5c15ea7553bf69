"""An entry's `note:` survives `export` and `import` (docs/safety.md, promise 4) on the King
boletim and the Sueca and Truco fichas: it is typed in an Observação cell after the existing
columns, as inert text (promise 5), printed with the row, and read back as typed; a note that a
cell cannot give back is refused at export in one line naming the sheet and the entry."""

import openpyxl
import yaml
from conftest import EXAMPLES, run
from printing import page_texts, print_pdf

TEAMS = "teams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\n"
KING = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n"
SUECA = "rules: sueca\n" + TEAMS + "deals:\n"
TRUCO = "rules: truco\n" + TEAMS + "hands:\n"


def _round_trip(tmp_path, text: str):
    """The sheet `text` exported and imported: (the export's result, the YAML read back or None)."""
    sheet, out = tmp_path / "x.yaml", tmp_path / "x.xlsx"
    sheet.write_text(text, encoding="utf-8")
    exported = run("export", sheet, "-o", out)
    if exported.exit_code != 0:
        assert not out.exists()  # nothing written
        return exported, None
    imported = run("import", out, "-o", "-")
    assert imported.exit_code in (0, 1), imported.output
    return exported, imported.stdout


def _refused(tmp_path, text: str) -> str:
    exported, back = _round_trip(tmp_path, text)
    assert exported.exit_code == 2 and back is None, exported.output
    assert exported.output.count("\n") == 1
    return exported.output


# --- King ---------------------------------------------------------------------------------------


def test_the_final_nacional_with_a_note_comes_back_with_it(tmp_path):
    text = (
        (EXAMPLES / "king-final-nacional-mesa1.yaml")
        .read_text(encoding="utf-8")
        .replace("{hand: vazas, counts: [3, 2, 1, 7]}", "{hand: vazas, counts: [3, 2, 1, 7], note: conferido}")
    )
    assert "note: conferido" in text
    exported, back = _round_trip(tmp_path, text)
    assert exported.exit_code == 0, exported.output
    hands = yaml.safe_load(back)["hands"]
    assert hands[0] == {"hand": "vazas", "counts": [3, 2, 1, 7], "note": "conferido"}
    assert [h for h in hands[1:] if "note" in h] == []
    ws = openpyxl.load_workbook(tmp_path / "x.xlsx").active
    # four players' Qtd, Negativos, Positivos from L to W; Total X, Controlo Y, Observação Z
    assert [ws.cell(5, c).value for c in range(24, 27)] == ["Total", "Controlo", "Observação"]
    assert ws["Z6"].value == "conferido" and ws["Z7"].value is None
    assert ws.print_area == "'Mesa1 R1'!$A$1:$Z$45"  # Observação is printed


def test_king_notes_come_back_as_typed(tmp_path):
    exported, back = _round_trip(
        tmp_path,
        KING
        + (
            "  - {hand: vazas, counts: [3, 3, 3, 4], note: ' recontado '}\n"
            "  - {hand: copas, counts: [1, 2, 3, 7], note: '=SUM(A1)'}\n"
            "  - {hand: damas, counts: [1, 1, 1, 1], note: '3'}\n"
            "  - {hand: rei-de-copas, note: por jogar}\n"
        ),
    )  # a note alone keeps its hand
    assert exported.exit_code == 0, exported.output
    assert back.splitlines()[3:] == [
        "hands:",
        "  - {hand: vazas, counts: [3, 3, 3, 4], note: ' recontado '}",
        "  - {hand: copas, counts: [1, 2, 3, 7], note: =SUM(A1)}",
        "  - {hand: damas, counts: [1, 1, 1, 1], note: '3'}",
        "  - {hand: rei-de-copas, note: por jogar}",
    ]
    ws = openpyxl.load_workbook(tmp_path / "x.xlsx").active
    assert ws["Z7"].value == "=SUM(A1)" and ws["Z7"].data_type == "s" and ws["Z7"].quotePrefix  # never a formula


def test_a_king_note_a_cell_cannot_hold_is_refused_naming_the_hand(tmp_path):
    sheet = tmp_path / "x.yaml"
    assert _refused(
        tmp_path,
        KING + "  - {hand: vazas, counts: [3, 3, 3, 4]}\n  - {hand: copas, counts: [1, 2, 3, 7], note: '   '}\n",
    ) == (
        f"Error: {sheet}:5: cannot export: hand 2: note: the boletim cannot hold '   ': a cell of only blanks "
        "reads back as no note\n"
    )
    assert _refused(tmp_path, KING + '  - {hand: vazas, counts: [3, 3, 3, 4], note: "a\\r\\nb"}\n') == (
        f"Error: {sheet}:4: cannot export: hand 1: note: the boletim cannot hold 'a\\r\\nb': it holds a control "
        "character that a workbook cannot hold\n"
    )
    assert _refused(tmp_path, KING + f"  - {{hand: vazas, counts: [3, 3, 3, 4], note: {'n' * 32_768}}}\n") == (
        f"Error: {sheet}:4: cannot export: hand 1: note: the boletim cannot hold '{'n' * 80}'... (32768 characters): "
        "it is longer than a workbook cell holds (32,767 characters)\n"
    )


def test_a_note_typed_in_a_blank_boletim_is_read(tmp_path):
    out = tmp_path / "blank.xlsx"
    assert (
        run("export", "--blank", "king", "-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte", "-o", out).exit_code
        == 0
    )
    wb = openpyxl.load_workbook(out)
    ws = wb.active
    assert ws["Z5"].value == "Observação"
    for cell, value in (("L6", 3), ("O6", 3), ("R6", 3), ("U6", 4), ("Z6", "conferido"), ("Z7", 42)):
        ws[cell] = value
    wb.save(out)
    imported = run("import", out, "-o", "-")
    assert imported.exit_code == 1  # copas has a note and no counts, which check says
    assert imported.stdout.splitlines()[3:] == [
        "hands:",
        "  - {hand: vazas, counts: [3, 3, 3, 4], note: conferido}",
        "  - {hand: copas, note: '42'}",
    ]


# --- Sueca and Truco ----------------------------------------------------------------------------


def test_sueca_notes_come_back_as_typed(tmp_path):
    exported, back = _round_trip(
        tmp_path,
        SUECA
        + (
            "  - {points: [72, 48], note: conferido}\n"
            "  - {points: [30, 90], note: 3}\n"
            "  - {penalty: castigo, team: Eles, note: 2.5}\n"
            "  - {note: mesa parada}\n"
            "  - {points: [60, 60], note: '-1'}\n"
        ),
    )
    assert exported.exit_code == 0, exported.output
    assert back.splitlines()[2:] == [
        "deals:",
        "  - {points: [72, 48], note: conferido}",
        "  - {points: [30, 90], note: 3}",
        "  - {penalty: castigo, team: Eles, note: 2.5}",
        "  - {note: mesa parada}",
        "  - {points: [60, 60], note: '-1'}",
    ]
    ws = openpyxl.load_workbook(tmp_path / "x.xlsx").active
    # two teams' five columns from F to O; Soma P, Controlo Q, Nota R, Observação S
    assert [ws.cell(5, c).value for c in range(16, 20)] == ["Soma", "Controlo", "Nota", "Observação"]
    assert [ws[f"S{r}"].value for r in range(6, 11)] == ["conferido", 3, 2.5, "mesa parada", "-1"]
    assert ws["S10"].data_type == "s" and ws["S10"].quotePrefix  # text, never a formula
    # rows 6-13 (five deals, three spare), Vencedor 15, Notas 19 and deal 4's finding 20: Observação printed
    assert ws.print_area == "'x'!$A$1:$S$20"


def test_truco_notes_come_back_as_typed(tmp_path):
    exported, back = _round_trip(
        tmp_path,
        TRUCO
        + (
            "  - {winner: Nos, value: 3, note: 'truco pedido por Ana'}\n"
            "  - {winner: Eles, note: 7}\n"
            "  - {void: misdeal, note: '@fiscal'}\n"
        ),
    )
    assert exported.exit_code == 0, exported.output
    assert back.splitlines()[2:] == [
        "hands:",
        "  - {winner: Nos, value: 3, note: truco pedido por Ana}",
        "  - {winner: Eles, note: 7}",
        "  - {void: misdeal, note: '@fiscal'}",
    ]
    ws = openpyxl.load_workbook(tmp_path / "x.xlsx").active
    # Jogo G, two teams' four columns from H to O; Nota P, Observação Q
    assert [ws.cell(5, c).value for c in (16, 17)] == ["Nota", "Observação"]
    assert [ws[f"Q{r}"].value for r in range(6, 9)] == ["truco pedido por Ana", 7, "@fiscal"]


def test_a_ficha_note_a_cell_cannot_hold_is_refused_naming_the_entry(tmp_path):
    sheet = tmp_path / "x.yaml"
    first = "  - {points: [72, 48]}\n"
    for note, shown, why in (
        ("null", "an empty value", "a cell holds a note that is text or a number"),
        ("[a, b]", "a list of 2 items", "a cell holds a note that is text or a number"),
        ("true", "true", "a cell holds a note that is text or a number"),
        ("2.0", "2.0", "a spreadsheet keeps a whole number without its decimals (write it as text or without '.0')"),
        (
            "0.30000000000000004",
            "0.30000000000000004",
            "a spreadsheet keeps 15 significant digits of a number (write it as text)",
        ),
        ("''", "''", "a cell of only blanks reads back as no note"),
    ):
        assert _refused(tmp_path, SUECA + first + f"  - {{points: [30, 90], note: {note}}}\n") == (
            f"Error: {sheet}:5: cannot export: deal 2: note: the ficha cannot hold {shown}: {why}\n"
        ), note
    assert _refused(tmp_path, TRUCO + '  - {winner: Nos, note: "\\x07"}\n') == (
        f"Error: {sheet}:4: cannot export: hand 1: note: the ficha cannot hold '\\x07': it holds a control "
        "character that a workbook cannot hold\n"
    )


def test_a_note_typed_in_a_blank_ficha_is_read(tmp_path):
    out = tmp_path / "blank.xlsx"
    assert run("export", "--blank", "truco", "-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "-o", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    ws = wb.active
    assert ws["Q5"].value == "Observação"
    ws["B6"], ws["Q6"], ws["Q7"] = "Nos", "conferido", 4.0  # a spreadsheet keeps a whole number as 4.0 or 4
    wb.save(out)
    imported = run("import", out, "-o", "-")
    assert imported.exit_code == 1  # hand 2 has a note and no winner, which check says (at its Vencedor cell)
    assert imported.stdout.splitlines()[2:] == ["hands:", "  - {winner: Nos, note: conferido}", "  - {note: 4}"]
    assert (
        f"{out}:Boletim!B7: error [TR-ART13-NO-WINNER]: hand 2: no winner recorded (winner: TEAM) [Art 13]\n"
        in imported.stderr
    )


def test_a_long_note_prints_whole_in_its_row(tmp_path):
    note = "conferido pelo fiscal da mesa depois de uma longa discussão sobre o truco pedido"
    sheet, out = tmp_path / "t.yaml", tmp_path / "t.xlsx"
    sheet.write_text(TRUCO + f"  - {{winner: Nos, value: 3, note: {note}}}\n  - {{winner: Eles}}\n", encoding="utf-8")
    assert run("export", sheet, "-o", out).exit_code == 0
    (page,) = page_texts(print_pdf(out, tmp_path))
    assert "Observação" in page.split()
    # wrapped in its cell (the table's row 1 prints between its lines), every word printed in order
    words = [w for w in page.split() if w in note.split()]
    start = words.index("conferido")
    assert " ".join(words[start : start + len(note.split())]) == note
