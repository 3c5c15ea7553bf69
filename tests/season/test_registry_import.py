"""`registry import` (members.registry_import, registry_write, core.registry): a union's list, as
its spreadsheet gives it, merged into registry/UNION.yaml, and what changed, exactly."""

from __future__ import annotations

import datetime

import openpyxl
import pytest

from scorekeeper.core.registry import import_registry
from scorekeeper.members.registry_file import load_registry
from scorekeeper.members.registry_import import RegistryImportError, parse_day, read_rows
from scorekeeper.members.registry_model import Period
from scorekeeper.output.registry_text import import_lines

DAY = datetime.date
TODAY = DAY(2026, 6, 1)

# A Portuguese spreadsheet's CSV: `;`, Portuguese heads in another order, a BOM, dates day first.
FIRST = (
    "\ufeffnome;id;de;até\n"
    "José Magalhães;N001;01/01/2020;\n"
    "Ana Sousa;N002;2019-05-01;\n"
    "João Pires;N003;2018-01-01;2020-12-31\n"
    "João Pires;N003;01/01/2022;\n"
    "Eva Lima;N005;2021-03-01;\n"
)
# The same union's list a month later, written by another program: `,`, English heads, ISO dates.
SECOND = (
    "id,name,from,to\n"
    "N001,José Maria Magalhães,2020-01-01,\n"  # renamed
    "N002,Ana Sousa,2019-05-01,2026-04-30\n"  # her period closed
    "N004,Rui Costa,2026-02-01,\n"  # new
    "N005,Eva Lima,01/03/2021,\n"  # as she was
)


def _csv(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_import_then_a_second_list_renames_closes_adds_and_keeps_the_absent(tmp_path):
    first = import_registry(
        _csv(tmp_path, "norte.csv", FIRST), "norte", "Sindicato dos Bancários do Norte", folder=str(tmp_path), on=TODAY
    )
    assert first.wrote and first.merged.created and first.findings == ()
    assert import_lines(first) == [
        f"{tmp_path}/registry/norte.yaml: created, 4 members",
        "  added N001 José Magalhães: from 2020-01-01",
        "  added N002 Ana Sousa: from 2019-05-01",
        "  added N003 João Pires: 2018-01-01 to 2020-12-31; from 2022-01-01",
        "  added N005 Eva Lima: from 2021-03-01",
    ]
    second = import_registry(_csv(tmp_path, "norte2.csv", SECOND), "norte", folder=str(tmp_path), on=TODAY)
    assert import_lines(second) == [
        f"{tmp_path}/registry/norte.yaml: updated, 5 members",
        "  added N004 Rui Costa: from 2026-02-01",
        "  renamed N001: José Magalhães -> José Maria Magalhães (the old name kept as an alias)",
        "  periods of N002 Ana Sousa: from 2019-05-01 -> 2019-05-01 to 2026-04-30",
        "  1 member unchanged",
        "  1 member not in the file, kept as he was: N003",
    ]
    registry = load_registry(str(tmp_path / "registry" / "norte.yaml"))
    assert registry.name == "Sindicato dos Bancários do Norte"  # kept: --name not given
    assert [(m.id, m.name, m.aliases) for m in registry.members] == [
        ("N001", "José Maria Magalhães", ("José Magalhães",)),
        ("N002", "Ana Sousa", ()),
        ("N003", "João Pires", ()),
        ("N005", "Eva Lima", ()),
        ("N004", "Rui Costa", ()),
    ]
    assert [(p.start, p.end) for p in registry.members[1].periods] == [(DAY(2019, 5, 1), DAY(2026, 4, 30))]
    assert [(p.start, p.end) for p in registry.members[2].periods] == [
        (DAY(2018, 1, 1), DAY(2020, 12, 31)),
        (DAY(2022, 1, 1), None),
    ]


def test_the_file_written_is_stable_and_a_second_import_of_it_changes_nothing(tmp_path):
    source = _csv(tmp_path, "norte.csv", FIRST)
    import_registry(source, "norte", "Norte", folder=str(tmp_path), on=TODAY)
    written = tmp_path / "registry" / "norte.yaml"
    assert written.read_text(encoding="utf-8") == (
        'union: "norte"\n'
        'name: "Norte"\n'
        "members:\n"
        '  - id: "N001"\n'
        '    name: "José Magalhães"\n'
        "    membership:\n"
        "      - {from: 2020-01-01}\n"
        '  - id: "N002"\n'
        '    name: "Ana Sousa"\n'
        "    membership:\n"
        "      - {from: 2019-05-01}\n"
        '  - id: "N003"\n'
        '    name: "João Pires"\n'
        "    membership:\n"
        "      - {from: 2018-01-01, to: 2020-12-31}\n"
        "      - {from: 2022-01-01}\n"
        '  - id: "N005"\n'
        '    name: "Eva Lima"\n'
        "    membership:\n"
        "      - {from: 2021-03-01}\n"
    )
    before = written.stat().st_mtime_ns
    again = import_registry(source, "norte", folder=str(tmp_path), on=TODAY)
    assert not again.wrote and again.change_id is None
    assert import_lines(again) == [
        f"{tmp_path}/registry/norte.yaml: nothing changed, 4 members",
        "  4 members unchanged",
    ]
    assert written.stat().st_mtime_ns == before


def test_an_id_that_looks_like_a_number_stays_text(tmp_path):
    source = _csv(tmp_path, "s.csv", "id,name,from\n0012,Ana,2020-01-01\n")
    import_registry(source, "sul", folder=str(tmp_path), on=TODAY)
    assert load_registry(str(tmp_path / "registry" / "sul.yaml")).members[0].id == "0012"


def test_findings_of_the_registry_written_are_said(tmp_path):
    """Overlapping rows of one member are written (the list is the union's) and found."""
    source = _csv(tmp_path, "s.csv", "id,name,from,to\nS1,Ana,2020-01-01,2022-12-31\nS1,Ana,2022-06-01,\n")
    done = import_registry(source, "sul", folder=str(tmp_path), on=TODAY)
    assert [(f.code, f.line) for f in done.findings] == [("R-ART2-PERIODS-OVERLAP", 8)]
    assert done.errors == 1


def test_every_unusable_value_is_said_at_its_row_and_nothing_is_written(tmp_path):
    source = _csv(
        tmp_path,
        "bad.csv",
        "id;name;from;to\n"
        "N1;Ana;2026-02-30;\n"  # no such day
        ";Rui;2020-01-01;\n"  # no id
        'N3;=HYPERLINK("x");2020-01-01;\n'  # a formula
        "N4;Eva;31/12/2025;01/01/2025\n"  # ends before it starts
        "N5;Gil;2020-1-1;\n"  # neither form
        "N6;Zé\u202eoãJ;2020-01-01;\n",  # a bidi control
    )
    with pytest.raises(RegistryImportError) as refused:
        import_registry(source, "norte", folder=str(tmp_path), on=TODAY)
    assert [str(problem) for problem in refused.value.problems] == [
        f"{source}:2: from: '2026-02-30' is no day of the calendar",
        f"{source}:3: id: empty",
        f"{source}:4: name: the name '=HYPERLINK(\"x\")' starts as a spreadsheet formula does (=, +, -, @): refused in a registry",
        f"{source}:5: to: 2025-01-01 is before from 2025-12-31",
        f"{source}:6: from: '2020-1-1' is not a date (2026-01-31 or 31/01/2026)",
        f"{source}:7: name: the name 'Zé\\u202eoãJ' holds an invisible direction mark",
    ]
    assert str(refused.value).endswith("(and 5 more problems: nothing imported)")
    assert not (tmp_path / "registry").exists()


def test_one_id_under_two_names_is_refused(tmp_path):
    source = _csv(tmp_path, "s.csv", "id,name,from,to\nS1,Ana,2020-01-01,2020-12-31\nS1,Ana Maria,2022-01-01,\n")
    with pytest.raises(RegistryImportError, match=r"s\.csv:3: S1 is named Ana Maria here and Ana at .*s\.csv:2"):
        import_registry(source, "sul", folder=str(tmp_path), on=TODAY)
    assert not (tmp_path / "registry").exists()


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (b"id,name,from\nS1,Jos\xe9,2020-01-01\n", "s.csv:2: is not UTF-8 text: save it as CSV UTF-8"),
        (b"id,name\nS1,Ana\n", "missing: from"),
    ],
)
def test_other_encodings_and_missing_columns_are_one_line(tmp_path, raw, why):
    path = tmp_path / "s.csv"
    path.write_bytes(raw)
    with pytest.raises(RegistryImportError, match=why):
        read_rows(str(path))


def test_parse_day_reads_both_forms_and_refuses_days_that_do_not_exist():
    assert parse_day("2026-01-31") == DAY(2026, 1, 31)
    assert parse_day("31/01/2026") == DAY(2026, 1, 31)
    assert parse_day(datetime.datetime(2026, 1, 31)) == DAY(2026, 1, 31)
    assert parse_day("29/02/2025").msgid == "{value} is no day of the calendar"
    assert parse_day("2026-13-01").msgid == "{value} is no day of the calendar"


def test_xlsx_import_reads_the_first_worksheet_dates_and_texts(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Nome", "Número", "Desde", "Até"])
    ws.append(["José Magalhães", "N001", datetime.datetime(2020, 1, 1), None])
    ws.append(["Ana Sousa", 2, "01/05/2019", "2026-04-30"])  # a number kept as a number
    path = tmp_path / "socios.xlsx"
    wb.save(path)
    done = import_registry(str(path), "norte", folder=str(tmp_path), on=TODAY)
    assert [(m.id, m.name, m.periods) for m in done.merged.registry.members] == [
        ("N001", "José Magalhães", (Period(DAY(2020, 1, 1), None),)),
        ("2", "Ana Sousa", (Period(DAY(2019, 5, 1), DAY(2026, 4, 30)),)),
    ]


def test_xlsx_problems_name_their_cells(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sócios"
    ws.append(["id", "name", "from", "to"])
    ws.append(["N001", '=CONCAT("A","na")', "2026-02-30", None])
    path = tmp_path / "socios.xlsx"
    wb.save(path)
    with pytest.raises(RegistryImportError) as refused:
        read_rows(str(path))
    assert [str(problem) for problem in refused.value.problems] == [
        f"{path}:Sócios!B2: a formula: a list of members holds typed values",
        f"{path}:Sócios!B2: name: empty",
        f"{path}:Sócios!C2: from: '2026-02-30' is no day of the calendar",
    ]


def test_excel_sep_line_names_the_separator(tmp_path):
    """Excel writes `sep=;` first when asked: the header is the next line, the rows' lines kept."""
    source = _csv(tmp_path, "s.csv", "sep=;\nid;name;from\nS1;Ana, a Sousa;2020-01-01\nS2;Rui;2020-02-30\n")
    with pytest.raises(RegistryImportError) as refused:
        read_rows(source)
    assert [str(p) for p in refused.value.problems] == [f"{source}:4: from: '2020-02-30' is no day of the calendar"]


def test_a_workbook_longer_than_a_boletim_is_refused_at_its_first_cell_beyond(tmp_path):
    """XLSX is read with the boletim's bounds (safe_read: 1,000 rows); a longer list comes as CSV."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["id", "name", "from"])
    for number in range(1, 1001):
        ws.append([f"S{number}", f"Sócio {number}", "2020-01-01"])
    path = tmp_path / "long.xlsx"
    wb.save(path)
    with pytest.raises(RegistryImportError, match=r"long\.xlsx:Sheet!A1001: a value beyond row 1,000"):
        read_rows(str(path))
