"""The Excel boletim: export, import back, check by worksheet and cell, hostile workbooks."""

import io
import time
import zipfile

import openpyxl
import pytest
from conftest import EXAMPLES, files_in, run
from workbook_heads import KING_BOLETIM_HEADS_PT

from scorekeeper.sheet.load import load_sheet

FINAL = EXAMPLES / "king-final-nacional-mesa1.yaml"
DISPUTED = EXAMPLES / "king-disputed-mesa3.yaml"
CLEAN = sorted(p for p in EXAMPLES.glob("king-*.yaml"))


def export(tmp_path, *sheets, name="out.xlsx"):
    out = tmp_path / name
    result = run("export", *sheets, "-o", out)
    assert result.exit_code == 0, result.output
    return out


def entries(path):
    sheet = load_sheet(str(path))
    return [
        (e.hand, e.counts, e.points, e.tricks, e.penalty, e.offenders, e.beneficiary, e.contract, e.trump, e.offer)
        for e in sheet.entries
    ], (sheet.players, sheet.scorer, sheet.event, sheet.table, sheet.round, sheet.date)


@pytest.mark.parametrize("example", CLEAN, ids=lambda p: p.name)
def test_export_then_import_gives_back_the_same_sheet(tmp_path, example):
    workbook = export(tmp_path, example)
    back = tmp_path / "back.yaml"
    result = run("import", workbook, "-o", back)
    # import reports the copy's findings: a disputed sheet comes back with its errors, exit 1
    assert result.exit_code == (1 if "disputed" in example.name else 0), result.output
    assert entries(back) == entries(example)


def test_export_writes_one_worksheet_per_sheet_and_a_summary(tmp_path):
    workbook = export(tmp_path, FINAL, DISPUTED)
    wb = openpyxl.load_workbook(workbook)
    assert wb.sheetnames == ["Resumo", "Mesa1 R1", "Mesa3 R1"]
    ws = wb["Mesa1 R1"]
    assert ws["A1"].value == "Boletim de Pontuação — King (Regulamento Nacional Interbancário)"
    assert [ws.cell(5, c).value for c in range(1, 15)] == KING_BOLETIM_HEADS_PT[:14]
    assert [ws.cell(4, c).value for c in (12, 15, 18, 21)] == ["Ana", "Bruno", "Carla", "Duarte"]
    assert [ws.cell(r, 2).value for r in range(6, 17)] == [
        "Vazas",
        "Copas",
        "Damas",
        "Reis e Valetes",
        "Rei de Copas",
        "2 Últimas Vazas",
        "Festa",
        "Festa",
        "Festa",
        "Festa",
        "Festa",
    ]
    assert ws["L6"].value == 3 and ws["M6"].value.startswith("=IF(")  # counts typed, points live
    assert ws["M7"].value == 80  # copas was recorded as points: typed, as on paper
    assert ws["X6"].value.startswith("=IF(COUNT(")
    assert ws.freeze_panes == "A6"
    assert ws.page_setup.orientation == "landscape" and str(ws.page_setup.paperSize) == ws.PAPERSIZE_A4
    assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToHeight == 1
    assert len(ws._charts) == 1
    assert len(ws.conditional_formatting) == 2
    assert any(dv.type == "whole" and "L6" in str(dv.sqref) for dv in ws.data_validations.dataValidation)
    disputed = wb["Mesa3 R1"]
    # a finding's comment in the workbook's language (King's: pt_PT), as `check` says it in that language
    said = run("--lang", "pt_PT", "check", DISPUTED).output.splitlines()
    lia = [line.split(": ", 1)[1] for line in said if "[K-Q1-POINTS-MULTIPLE]: mão 3 (damas): Lia " in line]
    assert disputed["R8"].comment.text == "\n".join(lia) and len(lia) == 1
    assert wb["Resumo"]["G4"].value == "='Mesa1 R1'!C23"  # 13 hand rows (11 + 2 spare) from row 6


def test_check_names_findings_by_worksheet_and_cell(tmp_path):
    workbook = export(tmp_path, DISPUTED)
    result = run("check", workbook)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert (
        f"{workbook}:Mesa3 R1!S8: error [K-Q1-POINTS-MULTIPLE]: hand 3 (damas): Lia has -75 points, not a "
        "multiple of 50 [Quadro 1]"
    ) in lines
    assert (
        f"{workbook}:Mesa3 R1!L6: warning [K-ART6-MISSING-CHARGED]: hand 1 (vazas): counts add up to 12 of 13; the "
        "missing 1 (-20) is charged to Ivo, the responsible scorer [Art 6]"
    ) in lines
    assert lines[-1] == (
        f"{workbook}:Mesa3 R1: 11 errors, 2 warnings (king, complete; Ivo +330, Joana +325, Lia -585, Manuel -115)"
    )


def test_one_changed_cell_is_caught_at_that_cell(tmp_path):
    workbook = export(tmp_path, FINAL)
    wb = openpyxl.load_workbook(workbook)
    wb["Mesa1 R1"]["P7"] = 70  # Bruno's copas: 70 is not a multiple of 20
    wb["Mesa1 R1"]["X8"] = -150  # a total typed over its formula
    wb.save(workbook)
    result = run("check", workbook)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert (
        f"{workbook}:Mesa1 R1!P7: error [K-Q1-POINTS-MULTIPLE]: hand 2 (copas): Bruno has -70 points, not a "
        "multiple of 20 [Quadro 1]"
    ) in lines
    assert (
        f"{workbook}:Mesa1 R1!X8: error [K-TYPED-HAND-TOTAL]: hand 3 (damas): the total written here is -150, but "
        "the hand's points add up to -200 [Regras: A contagem dos pontos]"
    ) in lines


def test_typed_column_totals_and_saldo_are_checked(tmp_path):
    workbook = export(tmp_path, FINAL)
    wb = openpyxl.load_workbook(workbook)
    ws = wb["Mesa1 R1"]
    ws["M19"] = 240  # Ana's Negativos really add up to 250 (hand rows 6-18, totals on 19)
    ws["O20"] = 20  # Bruno's saldo is +15
    wb.save(workbook)
    lines = run("check", workbook).output.splitlines()
    assert (
        f"{workbook}:Mesa1 R1!M19: error [K-TYPED-COLUMN-TOTAL]: Ana's Negativos total written here is 240, but the "
        "hands' Negativos add up to 250 [Regras: A contagem dos pontos]"
    ) in lines
    assert (
        f"{workbook}:Mesa1 R1!O20: error [K-TYPED-SALDO]: Bruno's saldo written here is 20, but Positivos - Negativos "
        "is 15 [Regras: A contagem dos pontos]"
    ) in lines


def test_blank_boletim_filled_in_by_a_person(tmp_path):
    blank = tmp_path / "boletim.xlsx"
    result = run(
        "export",
        "--blank",
        "king",
        "-p",
        "Ana",
        "-p",
        "Bruno",
        "-p",
        "Carla",
        "-p",
        "Duarte",
        "--event",
        "Torneio",
        "--table",
        "2",
        "-o",
        blank,
    )
    assert result.exit_code == 0, result.output
    assert run("check", blank).output == (
        f"{blank}:Mesa2: clean (king, in progress, 0 hands recorded; Ana 0, Bruno 0, Carla 0, Duarte 0)\n"
    )
    wb = openpyxl.load_workbook(blank)
    ws = wb["Mesa2"]
    assert ws["C12"].value == "Ana" and ws["C15"].value == "Duarte"  # festa beneficiaries in rotation
    for column, value in zip("LORU", (3, 2, 1, 7)):
        ws[f"{column}6"] = value  # vazas, counts typed
    for column, value in zip("MPSV", (80, 60, 120, 0)):
        ws[f"{column}7"] = value  # copas, points typed over the formulas
    wb.save(blank)
    result = run("check", "--format", "json", blank)
    import json

    report = json.loads(result.output)[0]
    assert [h["points"] for h in report["hands"]] == [
        {"Ana": -60, "Bruno": -40, "Carla": -20, "Duarte": -140},
        {"Ana": -80, "Bruno": -60, "Carla": -120, "Duarte": 0},
    ]
    assert report["event"] == "Torneio" and report["table"] == "2"


def test_export_refuses_to_overwrite(tmp_path):
    out = export(tmp_path, FINAL)
    result = run("export", FINAL, "-o", out)
    assert (result.exit_code, result.stderr) == (2, f"Error: {out}: already exists; use --force to overwrite it\n")


def test_import_of_several_boletins_needs_a_folder_or_a_name(tmp_path):
    workbook = export(tmp_path, FINAL, DISPUTED)
    result = run("import", workbook, "-o", tmp_path / "x.yaml")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {workbook}: holds 2 boletins ('Mesa1 R1', 'Mesa3 R1'); give --sheet NAME or an existing folder as -o\n"
    )
    named = run("import", workbook, "--sheet", "Mesa3 R1", "-o", tmp_path / "m3.yaml")
    assert named.exit_code == 1  # the disputed sheet is written, and its errors reported
    folder = tmp_path / "sheets"
    folder.mkdir()
    assert run("import", workbook, "-o", folder).exit_code == 1
    assert files_in(folder) == ["Mesa1-R1.yaml", "Mesa3-R1.yaml"]


# --- hostile workbooks: one line, exit 2, quickly --------------------------------------------


def hostile_check(path, expected):
    start = time.monotonic()
    result = run("check", path)
    assert time.monotonic() - start < 5
    assert result.exit_code == 2, result.output
    assert result.stderr == f"Error: {path}{expected}\n"


def test_zip_bomb(tmp_path):
    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/workbook.xml", "<workbook/>")
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as member:
            chunk = b"\0" * (1 << 20)
            for _ in range(210):
                member.write(chunk)
    assert path.stat().st_size < 2 << 20
    hostile_check(path, ": the workbook unpacks to 210 MiB: refused as a zip bomb")


def test_cell_at_xfd1048576(tmp_path):
    path = tmp_path / "far.xlsx"
    wb = openpyxl.Workbook()
    wb.active["XFD1048576"] = "far"
    wb.save(path)
    hostile_check(path, ": worksheet 'Sheet' reaches XFD1048576; a boletim fits well inside BH1000")


def test_boletim_with_a_far_cell(tmp_path):
    workbook = export(tmp_path, FINAL)
    wb = openpyxl.load_workbook(workbook)
    wb["Mesa1 R1"]["XFD1048576"] = 1
    wb.save(workbook)
    hostile_check(workbook, ": worksheet 'Mesa1 R1' reaches XFD1048576; a boletim fits well inside BH1000")


def test_workbook_that_is_not_a_boletim(tmp_path):
    path = tmp_path / "budget.xlsx"
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Orçamento"
    wb.active["B2"] = 1200
    wb.save(path)
    hostile_check(path, ": not a scorekeeper boletim: no worksheet has the 'Regras' and 'Mão' headers")


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"PK\x03\x04 truncated", ": not an .xlsx workbook (not a zip file, or a damaged one)"),
        (b"just some text", ": not an .xlsx workbook (not a zip file, or a damaged one)"),
    ],
)
def test_corrupt_files(tmp_path, content, expected):
    path = tmp_path / "broken.xlsx"
    path.write_bytes(content)
    hostile_check(path, expected)


def test_zip_that_is_not_a_workbook(tmp_path):
    path = tmp_path / "archive.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("notes.txt", "hello")
    hostile_check(path, ": not an .xlsx workbook (no xl/workbook.xml inside)")


def test_truncated_workbook(tmp_path):
    workbook = export(tmp_path, FINAL)
    data = workbook.read_bytes()
    workbook.write_bytes(data[: len(data) // 2])
    hostile_check(workbook, ": not an .xlsx workbook (not a zip file, or a damaged one)")


def test_xml_entity_expansion_is_refused(tmp_path):
    workbook = export(tmp_path, FINAL)
    source = io.BytesIO(workbook.read_bytes())
    out = tmp_path / "laughs.xlsx"
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in original.infolist():
            data = original.read(item.filename)
            if item.filename == "xl/workbook.xml":
                lol = b'<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;">]>'
                data = (
                    lol + data[data.index(b"<workbook") :] if b"?>" not in data else data.replace(b"?>", b"?>" + lol, 1)
                )
            target.writestr(item, data)
    result = run("check", out)
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {out}: damaged or unreadable workbook (EntitiesForbidden: "
        "EntitiesForbidden(name='lol', system_id=None, public_id=None))\n"
    )


def test_text_where_a_number_belongs(tmp_path):
    workbook = export(tmp_path, FINAL)
    wb = openpyxl.load_workbook(workbook)
    wb["Mesa1 R1"]["L6"] = "três"
    wb["Mesa1 R1"]["M7"] = -80
    wb.save(workbook)
    hostile_check(workbook, ":Mesa1 R1!L6: 'três' is not a number")
