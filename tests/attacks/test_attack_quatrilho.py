"""Attacks on what issue 9 added (a Quatrilho sheet, its planilha, the game interface): each
bad input gives one line and an exit code, with bounded work, and nothing unreadable is saved."""

import pathlib

from conftest import run

FIVE = ["-p", "Ari", "-p", "Bia", "-p", "Caio", "-p", "Davi", "-p", "Eva"]


def _new(tmp_path) -> pathlib.Path:
    sheet = tmp_path / "q.yaml"
    assert run("new", "quatrilho", *FIVE, "-o", sheet).exit_code == 0
    return sheet


def test_a_deal_takes_a_bounded_number_of_fines_from_the_command_line(tmp_path):
    sheet = _new(tmp_path)
    before = sheet.read_text()
    result = run("record", sheet, "normal", "Bia", "Davi", "22", *["fine=olhar-vazas:Caio"] * 13)
    assert (result.exit_code, result.stderr) == (2, f"Error: {sheet}: fine=: a deal holds at most 12 fines\n")
    assert sheet.read_text() == before


def test_a_deal_takes_a_bounded_number_of_fines_at_the_prompt(tmp_path):
    sheet = _new(tmp_path)
    answers = ["normal", "Bia", "Davi", "22", *["olhar-vazas Caio"] * 13, "q"]
    result = run("record", sheet, input="\n".join(answers) + "\n")
    assert "a deal holds at most 12 fines" in result.output
    assert run("check", sheet).exit_code == 0  # what was saved reads back


def test_a_sheet_with_too_many_fines_is_a_finding(tmp_path):
    sheet = tmp_path / "s.yaml"
    fines = ", ".join(["{fine: olhar-vazas, player: Caio}"] * 13)
    sheet.write_text(
        "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi, Eva]\n"
        f"deals:\n  - {{contract: normal, caller: Bia, partner: Davi, figuras: 22, fines: [{fines}]}}\n"
    )
    result = run("check", sheet)
    assert result.exit_code == 1
    assert (
        f"{sheet}:4: error [Q-ART20-FINES-MANY]: deal 1 (dealer Ari): fines: 13 fines; a deal holds at most 12 "
        "[Art 20]\n"
    ) in result.output


def test_record_never_saves_a_sheet_too_large_to_read_back(tmp_path):
    sheet = _new(tmp_path)
    with sheet.open("a") as handle:  # a sheet just under the limit, by a long note on each deal
        handle.write("notes: " + "x" * 200 + "\n")
    text = sheet.read_text().replace(
        "deals: []\n",
        "deals:\n"
        + "".join(
            f"  - {{contract: normal, caller: Bia, partner: Davi, figuras: 22, note: {'n' * 190}}}\n" for _ in range(1)
        ),
    )
    sheet.write_text(text + "# " + "p" * (1024 * 1024 - len(text) - 100) + "\n")
    before = sheet.read_text()
    result = run("record", sheet, "normal", "Caio", "Davi", "22", "note=" + "m" * 190)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {sheet}: not recorded: the sheet would be larger than 1024 KiB\n",
    )
    assert sheet.read_text() == before


def test_a_line_break_in_a_name_never_starts_a_line_of_its_own(tmp_path):
    sheet = tmp_path / "nl.yaml"
    sheet.write_text(
        'rules: quatrilho\nplayers: ["Ari\\nmesa9.yaml: clean", Bia, Caio, Davi]\n'
        "deals:\n  - {contract: normal, caller: Bia, partner: Davi, figuras: 22}\n"
    )
    result = run("check", sheet)  # refused, since a name is never read with a line break (names.py)
    assert (result.exit_code, result.output) == (
        2,
        f"Error: {sheet}:2: players: the name 'Ari\\nmesa9.yaml: clean' holds a control character\n",
    )


def test_a_planilha_of_comma_bombs_imports_in_bounded_time_and_size(tmp_path):
    """40 KB of Multa cells holding thousands of comma-separated fines took 84 s and 1.7 GB and
    wrote an 18 MB sheet nothing could read: each cell now gives at most one fine more than a
    deal holds, and the check says the deal holds too many."""
    import time

    import openpyxl

    sheet = tmp_path / "four.yaml"
    sheet.write_text(
        "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi]\n"
        "deals:\n  - {contract: normal, caller: Bia, partner: Davi, figuras: 22}\n"
    )
    workbook = tmp_path / "four.xlsx"
    assert run("export", sheet, "-o", workbook).exit_code == 0
    wb = openpyxl.load_workbook(workbook)
    ws = wb.active
    for merged in list(ws.merged_cells.ranges):
        ws.unmerge_cells(str(merged))
    headers = {ws.cell(5, c).value: c for c in range(1, 40)}
    for r in range(6, 206):
        ws.cell(r, 1).value, ws.cell(r, headers["Entrada"]).value = r - 5, "normal"
        ws.cell(r, headers["Quem"]).value, ws.cell(r, headers["Figuras"]).value = "Ari", 20
        ws.cell(r, headers["Parceiro / Deu"]).value = "Caio"
        ws.cell(r, headers["Multa"]).value = ",".join(["olhar-vazas"] * 2700)
        ws.cell(r, headers["Multado"]).value = ",".join(["Bia"] * 2700)
    bomb = tmp_path / "bomb.xlsx"
    wb.save(bomb)
    start = time.perf_counter()
    result = run("import", bomb, "-o", tmp_path / "back.yaml")
    assert time.perf_counter() - start < 20
    assert result.exit_code == 1 and "fines: 13 fines; a deal holds at most 12 [Art 20]" in result.output
    assert run("check", tmp_path / "back.yaml").exit_code == 1  # what was written reads back
