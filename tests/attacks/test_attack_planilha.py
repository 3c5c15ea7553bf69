"""Round trips of the Quatrilho planilha tried as an attacker would (docs/safety.md, promise 4):
`export X.yaml -o X.xlsx` then `import X.xlsx -o back.yaml` gives back every entry as typed
(an entry's note, a name holding a comma), or the export is refused in one line naming the
sheet and the entry; a value typed in a cell its row does not read is refused at that cell."""

import openpyxl
from conftest import run

from scorekeeper.core.check import check_file
from scorekeeper.sheet.load import load_sheet

FOUR = "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi]\ndeals:\n"
DEAL = "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22}\n"


def _round_trip(tmp_path, text: str):
    """The sheet `text` exported and imported: (the export's result, the sheet read back or None)."""
    sheet, out, back = tmp_path / "x.yaml", tmp_path / "x.xlsx", tmp_path / "back.yaml"
    sheet.write_text(text, encoding="utf-8")
    exported = run("export", sheet, "-o", out)
    if exported.exit_code != 0:
        assert not out.exists()  # nothing written
        return exported, None
    assert run("import", out, "-o", back).exit_code in (0, 1)
    return exported, back


def _entries(path) -> list:
    return [dict(entry.item) for entry in load_sheet(str(path)).entries]


def _refused(tmp_path, text: str) -> str:
    exported, back = _round_trip(tmp_path, text)
    assert exported.exit_code == 2 and back is None, exported.output
    assert exported.output.count("\n") == 1
    return exported.output


# --- 1. an entry's note ---------------------------------------------------------------------------


def test_a_note_on_every_kind_of_entry_comes_back(tmp_path):
    text = (
        "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi, Eva]\ndeals:\n"
        "  - {late: Eva, coringa: Zeca, note: chegou tarde}\n"
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22, note: conferido}\n"
        "  - {rebuy: Caio, note: ' a pedido do fiscal '}\n"
        "  - {fine: bater, player: Davi, note: 3}\n"
        "  - {contract: rolar, figuras: {Ari: 6, Bia: 6, Davi: 6, Zeca: 17}, note: '=SUM(A1)'}\n"
        "  - {out: Davi, note: saiu}\n"
    )
    exported, back = _round_trip(tmp_path, text)
    assert exported.exit_code == 0, exported.output
    assert _entries(back) == _entries(tmp_path / "x.yaml")
    assert back.read_text().splitlines()[3:] == [
        "  - {late: Eva, coringa: Zeca, note: chegou tarde}",
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22, note: conferido}",
        "  - {rebuy: Caio, note: ' a pedido do fiscal '}",
        "  - {fine: bater, player: Davi, note: 3}",
        "  - {contract: rolar, figuras: {Ari: 6, Bia: 6, Davi: 6, Zeca: 17}, note: =SUM(A1)}",
        "  - {out: Davi, note: saiu}",
    ]
    ws = openpyxl.load_workbook(tmp_path / "x.xlsx").active
    # six people's Figuras (rolar), Fichas and Saldo from M to AD; Conta, Soma, Controlo, Nota, Observação
    assert [ws.cell(5, c).value for c in range(31, 36)] == ["Conta", "Soma", "Controlo", "Nota", "Observação"]
    assert [ws[f"AI{r}"].value for r in range(6, 12)] == [
        "chegou tarde",
        "conferido",
        " a pedido do fiscal ",
        3,
        "=SUM(A1)",
        "saiu",
    ]
    assert ws["AI10"].data_type == "s" and ws["AI10"].quotePrefix  # text, never a formula (promise 5)


def test_a_note_that_a_cell_cannot_give_back_is_refused_naming_the_entry(tmp_path):
    assert _refused(
        tmp_path, FOUR + DEAL + "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22, note: null}\n"
    ) == (
        f"Error: {tmp_path / 'x.yaml'}:5: cannot export: entry 2: note: the planilha cannot hold an empty value on "
        "this entry's row: it would read back without it\n"
    )
    assert _refused(tmp_path, FOUR + "  - {rebuy: Ari, note: [a, b]}\n") == (
        f"Error: {tmp_path / 'x.yaml'}:4: cannot export: entry 1: note: the planilha cannot hold a list of 2 items "
        "as typed (it would read back as 'a list of 2 items')\n"
    )


def test_a_note_typed_in_a_blank_is_read(tmp_path):
    out = tmp_path / "blank.xlsx"
    assert (
        run("export", "--blank", "quatrilho", "-p", "Ari", "-p", "Bia", "-p", "Caio", "-p", "Davi", "-o", out).exit_code
        == 0
    )
    wb = openpyxl.load_workbook(out)
    ws = wb.active
    column = next(c for c in range(1, 60) if ws.cell(5, c).value == "Observação")
    for cell, value in (("C6", "normal"), ("D6", "Bia"), ("E6", "Davi"), ("F6", 22)):
        ws[cell] = value
    ws.cell(6, column).value = "recontado"
    ws.cell(7, column).value = "mesa parada"  # a note alone is an entry (with no contract, which check says)
    wb.save(out)
    back = tmp_path / "back.yaml"
    assert run("import", out, "-o", back).exit_code == 1
    assert back.read_text().splitlines()[2:] == [
        "deals:",
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22, note: recontado}",
        "  - {note: mesa parada}",
    ]


# --- 2. a name holding a comma ---------------------------------------------------------------------


def test_a_fined_name_holding_a_comma_comes_back_whole(tmp_path):
    text = (
        "rules: quatrilho\nplayers: ['Silva, Jr', Bia, Caio, Davi]\ndeals:\n"
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22, fines: [{fine: olhar-vazas, "
        "player: 'Silva, Jr'}]}\n"
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22, fines: [{fine: olhar-vazas, "
        "player: Caio}, {fine: olhar-vazas, player: 'Silva, Jr'}, {fine: olhar-vazas, player: Caio}]}\n"
    )
    exported, back = _round_trip(tmp_path, text)
    assert exported.exit_code == 0, exported.output
    assert _entries(back) == _entries(tmp_path / "x.yaml")
    fines = [entry["fines"] for entry in _entries(back)]
    assert fines[0] == [{"fine": "olhar-vazas", "player": "Silva, Jr"}]
    assert [f["player"] for f in fines[1]] == ["Caio", "Silva, Jr", "Caio"]
    ws = openpyxl.load_workbook(tmp_path / "x.xlsx").active
    assert [ws["J7"].value, ws["L7"].value] == ["Caio", "Silva, Jr, Caio"]
    # deal 1: Bia+Davi win 7 points, 7 each; Silva looked at the tricks: 6 to each of the other
    # three (Silva -25, Bia +13, Caio -1, Davi +13). Deal 2: the same 7 each, Caio looked twice and
    # Silva once (Silva -7+12-18, Bia 7+12+6, Caio -7-36+6, Davi 7+12+6)
    assert check_file(str(back)).totals == {"Silva, Jr": -38, "Bia": 38, "Caio": -38, "Davi": 38}


def test_names_whose_commas_make_another_name_are_refused(tmp_path):
    """'A, B' is a player, and so are A and B: Multado 2 'A, B' cannot say which was fined."""
    text = (
        "rules: quatrilho\nplayers: [A, B, 'A, B', C]\ndeals:\n"
        "  - {contract: normal, caller: C, partner: B, figuras: 22, fines: [{fine: olhar-vazas, player: C}, "
        "{fine: olhar-vazas, player: A}, {fine: olhar-vazas, player: B}]}\n"
    )
    assert _refused(tmp_path, text) == (
        f"Error: {tmp_path / 'x.yaml'}:4: cannot export: entry 1: fines: fine 2: player: the planilha cannot hold "
        "'A' as typed (it would read back as 'A, B')\n"
    )


# --- 3. a coringa on a contract's row ---------------------------------------------------------------


def test_a_coringa_typed_on_a_contract_row_is_refused_at_its_cell(tmp_path):
    sheet, out = tmp_path / "x.yaml", tmp_path / "x.xlsx"
    sheet.write_text(FOUR + DEAL, encoding="utf-8")
    assert run("export", sheet, "-o", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    wb.active["H6"] = "Zeca"
    wb.save(out)
    result = run("import", out, "-o", tmp_path / "back.yaml")
    assert (result.exit_code, result.output) == (
        2,
        (
            f"Error: {out}:x!H6: Coringa: 'Zeca' on a row of Entrada 'normal': a coringa is written on an atraso or "
            "saida row, the seat he takes (Art 12, Q10)\n"
        ),
    )
    assert not (tmp_path / "back.yaml").exists()
    assert run("check", out).exit_code == 2


def test_a_coringa_on_a_contract_or_talha_entry_is_refused_at_export(tmp_path):
    for entry, word in (
        ("{contract: normal, caller: Bia, partner: Davi, figuras: 22, coringa: Zeca}", "normal"),
        ("{rebuy: Bia, coringa: Zeca}", "talha"),
    ):
        assert _refused(tmp_path, FOUR + DEAL + f"  - {entry}\n") == (
            # Said in the terminal's language, English here, column heads included (the planilha
            # itself, in pt_BR, would head the column "Entrada").
            f"Error: {tmp_path / 'x.yaml'}:5: cannot export: entry 2: cell H7 would be refused on import: Coringa: "
            f"'Zeca' on a row of Entry '{word}': a coringa is written on an atraso or saida row, the seat he takes "
            "(Art 12, Q10)\n"
        )


def test_any_cell_a_row_does_not_read_is_refused_at_the_cell(tmp_path):
    sheet, out = tmp_path / "x.yaml", tmp_path / "x.xlsx"
    sheet.write_text(
        FOUR + "  - {rebuy: Ari}\n  - {contract: rolar, figuras: {Ari: 6, Bia: 6, Caio: 6, Davi: 17}}\n",
        encoding="utf-8",
    )
    assert run("export", sheet, "-o", out).exit_code == 0
    for cell, value, message in (
        ("F6", 22, "Figuras: '22' on a row of Entrada 'talha': a row of Entrada 'talha' has no Figuras"),
        ("D7", "Bia", "Quem: 'Bia' on a row of Entrada 'rolar': a row of Entrada 'rolar' has no Quem"),
    ):
        wb = openpyxl.load_workbook(out)
        wb.active[cell] = value
        wb.save(tmp_path / "typed.xlsx")
        result = run("import", tmp_path / "typed.xlsx", "-o", tmp_path / "back.yaml")
        assert (result.exit_code, result.output) == (2, f"Error: {tmp_path / 'typed.xlsx'}:x!{cell}: {message}\n")


# --- 4. figuras and chips of names not at the table --------------------------------------------------


def test_a_rolar_s_figuras_or_chips_for_names_not_at_the_table_are_refused(tmp_path):
    rolar = "  - {contract: rolar, figuras: {Ari: 6, Caio: 6, Davi: 6, Zeca: 17}}\n"
    assert _refused(tmp_path, FOUR + DEAL + rolar) == (
        f"Error: {tmp_path / 'x.yaml'}:5: cannot export: entry 2: figuras names 'Zeca', not at this table (the "
        "planilha has a column for each player and coringa only)\n"
    )
    chips = "{" + ", ".join(f"P{n}: 0" for n in range(1000)) + "}"
    assert _refused(
        tmp_path, FOUR + f"  - {{contract: normal, caller: Bia, partner: Davi, figuras: 22, chips: {chips}}}\n"
    ) == (
        f"Error: {tmp_path / 'x.yaml'}:4: cannot export: entry 1: chips names 'P0', 'P1', 'P2' and 997 more, not at "
        "this table (the planilha has a column for each player and coringa only)\n"
    )


# --- 5. malformed entries: a row per entry, or refused -------------------------------------------------


def test_malformed_entries_are_refused_naming_the_entry_never_changed_or_dropped(tmp_path):
    where = f"Error: {tmp_path / 'x.yaml'}:5: cannot export: entry 2: "
    cases = {
        "{fine: 3, player: Ari}": "fine: the planilha cannot hold 3 on this entry's row: it would read back without "
        "it (it would read back as an entry of contract, caller)",
        "{contract: null}": "its row would be empty, and import would drop it",
        "{contract: normal, caller: Bia, partner: Davi, figuras: 22, fines: 3}": "fines: the planilha cannot hold 3 as typed (it would read back as a list of 1 item)",
        "{contract: normal, caller: Bia, partner: Davi, figuras: '22'}": "figuras: the planilha cannot hold '22' as typed (it would read back as 22)",
        "{contract: normal, caller: Bia, partner: Davi, figuras: abc}": "cell F7 would be refused on import: 'abc' is not a number",
        "{late: Davi, figuras: 3}": "figuras: the planilha cannot hold 3 on this entry's row: it would read back "
        "without it",
        "{contract: solo-natural, caller: Bia, figuras: 20}": "caller: the planilha cannot hold 'Bia' on this entry's row: it would read back without it (it would "
        "read back as an entry of player)",
        "5": "5 is not an entry the planilha can hold (a mapping such as {contract: ...})",
    }
    for entry, reason in cases.items():
        assert _refused(tmp_path, FOUR + DEAL + f"  - {entry}\n" + DEAL) == where + reason + "\n", entry
    # An empty coringa is no name: the sheet itself is refused at its line (names.py), export or not.
    assert _refused(tmp_path, FOUR + DEAL + "  - {late: Davi, coringa: ''}\n" + DEAL) == (
        f"Error: {tmp_path / 'x.yaml'}:5: entry 2: coringa: a name cannot be empty\n"
    )


# --- 6. spaces around a name ------------------------------------------------------------------------


def test_spaces_around_a_name_are_dropped_as_king_s_import_drops_them(tmp_path):
    """A workbook's name cells are read stripped, by every game's import: ' Ari' and 'Ari' are one
    name to the CLI (vocabulary.normalize), so the round comes back with the same chips."""
    text = (
        "rules: quatrilho\nplayers: [' Ari', 'Bia ', Caio, Davi]\ndeals:\n"
        "  - {contract: normal, caller: ' Ari', partner: 'Bia ', figuras: 22}\n"
    )
    exported, back = _round_trip(tmp_path, text)
    assert exported.exit_code == 0, exported.output
    assert back.read_text().splitlines()[1:] == [
        "players: [Ari, Bia, Caio, Davi]",
        "deals:",
        "  - {contract: normal, caller: Ari, partner: Bia, figuras: 22}",
    ]
    assert check_file(str(back)).totals == {"Ari": 7, "Bia": 7, "Caio": -7, "Davi": -7}
    king, king_out, king_back = tmp_path / "king.yaml", tmp_path / "king.xlsx", tmp_path / "king-back.yaml"
    king.write_text(
        "rules: king\nplayers: [' Ana', 'Bruno ', Carla, Duarte]\nhands:\n  - {hand: vazas, counts: [3, 3, 3, 4]}\n",
        encoding="utf-8",
    )
    assert run("export", king, "-o", king_out).exit_code == 0
    assert run("import", king_out, "-o", king_back).exit_code == 0
    assert "players: [Ana, Bruno, Carla, Duarte]\n" in king_back.read_text()


def test_a_coringa_named_as_a_player_is_the_check_s_error_and_round_trips(tmp_path):
    """A coringa spelled as a player at the table ('ari' for Ari) is an error of the check (Art
    15: he holds a seat already); the planilha writes and reads back the entry as typed."""
    text = "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi, Eva]\ndeals:\n  - {late: Eva, coringa: ari}\n"
    sheet = tmp_path / "x.yaml"
    sheet.write_text(text, encoding="utf-8")
    checked = run("check", sheet)
    assert checked.exit_code == 1
    assert (
        "error [Q-ART15-CORINGA-SEATED]: entry 1 (late Eva): the coringa 'ari' already holds another seat [Art 15]"
    ) in checked.output
    out = tmp_path / "x.xlsx"
    assert run("export", sheet, "-o", out).exit_code == 0
    back = tmp_path / "back.yaml"
    assert run("import", out, "-o", back).exit_code == 1
    assert back.read_text(encoding="utf-8").endswith(
        "deals:\n  - {late: Eva, coringa: Ari}\n"
    )  # as the sheet spells him


# --- 7. every typed cell is read or refused, never skipped (issue 16) ------------------------------

import pytest  # noqa: E402
from conftest import EXAMPLES  # noqa: E402
from typed_cells import Error, Formula, typed  # noqa: E402

MESA7 = EXAMPLES / "quatrilho-cbqi-mesa7.yaml"
NETS = "Ari -191, Bia -112, Caio -5, Davi +306, Eva -200"


def mesa7_with(tmp_path, cells, merge=(), name="x.xlsx"):
    """The mesa 7 round's planilha: its 33 entries on rows 6-38 and 3 spare rows 39-41; Fichas no
    fim, Talhas and Saldo da rodada on rows 43-45, Notas on 47."""
    out = tmp_path / name
    assert run("export", MESA7, "-o", out).exit_code == 0
    return typed(out, cells, merge=merge)


def test_tricks_typed_as_a_formula_are_read_by_their_saved_value(tmp_path):
    # issue 16: =5*2 (saved 10) in deal 3's Vazas was dropped: Davi +295 instead of +306, "clean"
    untouched = run("import", mesa7_with(tmp_path, {}, name="plain.xlsx"), "-o", "-").stdout
    out = mesa7_with(tmp_path, {"G9": Formula("5*2", 10)})
    result = run("check", out)
    assert (result.exit_code, result.output) == (
        0,
        (
            f"{out}:Mesa7 R1!G9: warning [Q-CELL-FORMULA]: the cell holds the formula '=5*2': read as the value saved "
            "with it, 10 [planilha]\n"
            f"{out}:Mesa7 R1: 1 warning (quatrilho, complete; {NETS})\n"
        ),
    )
    imported = run("import", out, "-o", "-")
    assert imported.stdout == untouched
    assert "  - {contract: normal, caller: Davi, partner: Zeca, figuras: 35, tricks: 10}\n" in imported.stdout


def test_a_name_typed_as_a_formula_is_read_never_dropped(tmp_path):
    out = mesa7_with(tmp_path, {"M4": Formula('"Ar"&"i"', "Ari"), "D6": Formula('"Ev"&"a"', "Eva")})
    result = run("check", out)
    assert (result.exit_code, result.output.splitlines()) == (
        0,
        [
            f'{out}:Mesa7 R1!M4: warning [Q-CELL-FORMULA]: the cell holds the formula \'="Ar"&"i"\': read as the value '
            "saved with it, 'Ari' [planilha]",
            f'{out}:Mesa7 R1!D6: warning [Q-CELL-FORMULA]: the cell holds the formula \'="Ev"&"a"\': read as the value '
            "saved with it, 'Eva' [planilha]",
            f"{out}:Mesa7 R1: 2 warnings (quatrilho, complete; {NETS})",
        ],
    )


@pytest.mark.parametrize(
    "cells, merge, line",
    [
        (
            {"G9": Formula("5*2")},
            (),
            "G9: the cell holds the formula '=5*2' and no value saved with it: type the value "
            "itself, or open and save the workbook in a spreadsheet so that the formula is "
            "computed",
        ),
        ({"H6": Error("#N/A")}, (), "H6: the cell holds the error value #N/A, not a value: type the value itself"),
        ({"D6": Error("#N/A")}, (), "D6: the cell holds the error value #N/A, not a value: type the value itself"),
        (
            {},
            ("C6:D6",),
            "C6: the cell is merged with others (C6:D6): each cell a person types in holds its own value; unmerge them",
        ),  # issue 16: gave {late: null} and "None is not a player"
        ({"H6": "Z" * 32_767}, (), f"H6: '{'Z' * 80}'... (32767 characters) is longer than a name (80 characters)"),
        ({"M4": "A" * 81}, (), f"M4: '{'A' * 80}'... (81 characters) is longer than a name (80 characters)"),
        # issue 25: a cell naming a player of a deal is refused as every other name cell is, never a finding
        ({"D7": "B" * 5000}, (), f"D7: '{'B' * 80}'... (5000 characters) is longer than a name (80 characters)"),
        ({"E7": "Da\u202evi"}, (), "E7: the name 'Da\\u202evi' holds an invisible direction mark"),
        (
            {"J16": "Zeca, " + "Z" * 81},
            (),
            f"J16: '{'Z' * 80}'... (81 characters) is longer than a name (80 characters)",
        ),
        ({"B7": "Ari" * 27}, (), f"B7: '{'Ari' * 26}Ar'... (81 characters) is longer than a name (80 characters)"),
        # issue 25: a fraction is quoted as held, never rounded to the whole number it is not
        ({"F7": 1.0000000001}, (), "F7: 1.0000000001 is not a whole number"),
        ({"G9": 10.0000000001}, (), "G9: 10.0000000001 is not a whole number"),
        ({"F7": "22.50"}, (), "F7: 22.50 is not a whole number"),  # text: as typed
        (
            {"C42": "normal", "D42": "Ari"},
            (),
            "C42: 'normal' is typed below the planilha's numbered rows, where nothing is "
            "read: each entry has a numbered row (a row's number is in column A)",
        ),
        (
            {"C43": "normal", "D43": "Ari"},
            (),
            "C43: 'normal' is typed below the planilha's numbered rows, where nothing is "
            "read: each entry has a numbered row (a row's number is in column A)",
        ),
        (
            {"F47": 20},
            (),
            "F47: '20' is typed below the planilha's numbered rows, where nothing is read: each entry has a "
            "numbered row (a row's number is in column A)",
        ),
        (
            {"AJ7": 3},
            (),
            "AJ7: '3' is typed right of the planilha's last column (AI): nothing there is read; move it into "
            "the table or clear it",
        ),
        (
            {"AK7": 3},
            (),
            "AK7: '3' is typed right of the planilha's last column (AI): nothing there is read; move it into "
            "the table or clear it",
        ),
        (
            {"S7": 3},
            (),
            "S7: '3' is typed over the formula of 'Fichas', which the planilha computes and does not read: "
            "clear the cell",
        ),
        (
            {"AG7": "OK"},
            (),
            "AG7: 'OK' is typed over the formula of 'Controlo', which the planilha computes and does not "
            "read: clear the cell",
        ),
    ],
)
def test_a_planilha_cell_that_cannot_be_read_is_refused_at_it(tmp_path, cells, merge, line):
    out = mesa7_with(tmp_path, cells, merge)
    for args in (("check", out), ("import", out, "-o", "-")):
        result = run(*args)
        assert (result.exit_code, result.stderr) == (2, f"Error: {out}:Mesa7 R1!{line}\n"), args[0]


def test_a_blank_s_coringa_column_holds_the_writer_s_formula_until_his_name_is_typed(tmp_path):
    out = tmp_path / "blank.xlsx"
    assert (
        run(
            "export",
            "--blank",
            "quatrilho",
            "-p",
            "Ari",
            "-p",
            "Bia",
            "-p",
            "Caio",
            "-p",
            "Davi",
            "-p",
            "Eva",
            "-o",
            out,
        ).exit_code
        == 0
    )
    typed(out, {"C6": "atraso", "D6": "Eva", "H6": "Zeca", "C7": "normal", "D7": "Bia", "E7": "Davi", "F7": 22})
    result = run("import", out, "-o", "-")  # R4, the coringa's name, is the blank's formula: no warning
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines()[2:] == [
        "deals:",
        "  - {late: Eva, coringa: Zeca}",
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22}",
    ]
    typed(out, {"R4": "Z" * 81})  # typed over it, his name is read by the name rule
    assert run("check", out).stderr == (
        f"Error: {out}:Boletim!R4: '{'Z' * 80}'... (81 characters) is longer than a name (80 characters)\n"
    )
