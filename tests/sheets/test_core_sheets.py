"""The sheet commands' core, called as a second front end (the score pad) would call it: plain
arguments in, data out or a domain error; and the output layer's forms of a listing."""

from __future__ import annotations

import json
import os

import pytest
from conftest import EXAMPLES, run

from scorekeeper import i18n
from scorekeeper.core.check import check_any
from scorekeeper.core.export import BlankExported, Exported, export, in_workbook_language
from scorekeeper.core.import_ import import_targets, import_workbook, sheet_name, sheet_rules_ref
from scorekeeper.core.new import Created, new_sheet
from scorekeeper.core.record import fix, record, undo
from scorekeeper.errors import CommandUsageError, InputValueError, ScorekeeperError
from scorekeeper.output.editing_text import saying
from scorekeeper.output.listing import rows_text
from scorekeeper.output.show_text import show_text

MESA1 = EXAMPLES / "king-final-nacional-mesa1.yaml"
JOGO1 = EXAMPLES / "sueca-torneio-jogo1.yaml"


def test_new_record_fix_undo_return_what_they_did(tmp_path):
    sheet = str(tmp_path / "m.yaml")
    assert new_sheet("king", sheet, ("Ana", "Bruno", "Carla", "Duarte")) == Created(
        sheet, "king", ["Ana", "Bruno", "Carla", "Duarte"]
    )  # who, as data: `new` says it (output.sheet_text.who_words)
    said: list[str] = []
    record(sheet, "vazas", ["3", "2", "1", "7"], say=saying(said.append))  # Quadro 1: -20 a trick
    fix(sheet, "1", "vazas", ["4", "2", "1", "6"], say=saying(said.append))
    undo(sheet, say=saying(said.append))
    assert said == [
        "Hand 1 (vazas): Ana -60, Bruno -40, Carla -20, Duarte -140",
        "Hand 1 (vazas): Ana -80, Bruno -40, Carla -20, Duarte -120",
        "Removed hand 1 (vazas, line 5).",
    ]  # `hands:` on line 4
    with pytest.raises(InputValueError) as refused:  # N as typed, refused naming the sheet
        fix(sheet, "0", "vazas", ["4", "2", "1", "6"], say=saying(said.append))
    assert refused.value.source == sheet


def test_export_writes_a_workbook_and_says_its_worksheets(tmp_path):
    out = str(tmp_path / "final.xlsx")
    assert export([str(MESA1), str(JOGO1)], out) == Exported(
        out, ["Resumo", "Mesa1 R1", "Mesa2 R1"]
    )  # Jogo1 is table 2
    blank = str(tmp_path / "blank.xlsx")
    assert export([], blank, blank="sueca", teams=("Nos=Ana,Bruno", "Eles=Carla,Duarte")) == BlankExported(
        blank, "sueca", "ficha", "Nos v Eles"
    )


def test_export_refuses_before_it_builds(tmp_path):
    with pytest.raises(InputValueError, match="name it with .xlsx"):
        export([str(MESA1)], str(tmp_path / "final.xls"))
    with pytest.raises(CommandUsageError, match="--blank takes no SHEET arguments"):
        export([str(MESA1)], str(tmp_path / "b.xlsx"), blank="king")
    with pytest.raises(CommandUsageError, match="name the sheets to export"):
        export([], str(tmp_path / "b.xlsx"))
    assert os.listdir(tmp_path) == []


def test_a_refusal_while_building_a_workbook_is_said_in_the_terminals_language():
    def build():
        raise ScorekeeperError(i18n.active())

    with i18n.speaking("en"), pytest.raises(ScorekeeperError) as refused:
        in_workbook_language("pt_PT", build)
    assert refused.value.message == "en"
    with i18n.speaking("en"):
        assert in_workbook_language("pt_BR", i18n.active) == "pt_BR"


def test_import_chooses_every_target_before_writing_any(tmp_path):
    workbook = tmp_path / "final.xlsx"
    assert run("export", MESA1, JOGO1, "-o", workbook).exit_code == 0
    folder = tmp_path / "sheets"
    folder.mkdir()
    targets = import_targets(str(workbook), str(folder), None, None, False)
    assert [os.path.basename(t.path) for t in targets] == ["Mesa1-R1.yaml", "Mesa2-R1.yaml"]
    assert os.listdir(folder) == []
    (folder / "Mesa2-R1.yaml").write_text("kept\n", encoding="utf-8")
    with pytest.raises(ScorekeeperError, match="already exists"):
        list(import_workbook(str(workbook), str(folder)))
    assert sorted(os.listdir(folder)) == ["Mesa2-R1.yaml"]  # Mesa1-R1 waited for the refusal of Mesa2-R1
    written = list(import_workbook(str(workbook), str(folder), force=True))
    assert [(os.path.basename(w.path), w.rules_outside, w.result.valid, w.error) for w in written] == [
        ("Mesa1-R1.yaml", False, True, None),
        ("Mesa2-R1.yaml", False, True, None),
    ]


def test_an_imported_sheet_names_a_house_rule_file_only_where_it_may(tmp_path):
    house = tmp_path / "clube.yaml"
    assert sheet_rules_ref(str(house), str(tmp_path / "a.yaml")) == "clube.yaml"
    assert sheet_rules_ref(str(house), str(tmp_path / "sub" / "a.yaml")) is None  # above the sheet's folder
    (tmp_path / "rules").mkdir()
    assert sheet_rules_ref(str(tmp_path / "rules" / "c.yaml"), str(tmp_path / "a.yaml")) == "rules/c.yaml"
    assert sheet_rules_ref("king", str(tmp_path / "a.yaml")) is None  # a name: the sheet says it as it is
    assert sheet_rules_ref(None, str(tmp_path / "a.yaml")) is None
    assert sheet_name("Mesa 1/R1 é") == "Mesa-1-R1-é"


def test_a_listing_in_every_form():
    headers, rows = ["code", "rule"], [["K-1", "Art 6"], ["S|2", 3]]
    assert rows_text(headers, rows, "csv", numbers=(1,)) == "code,rule\nK-1,Art 6\nS|2,3\n"
    assert json.loads(rows_text(headers, rows, "json")) == [
        {"code": "K-1", "rule": "Art 6"},
        {"code": "S|2", "rule": 3},
    ]
    assert rows_text(headers, rows, "markdown") == "| code | rule |\n| --- | --- |\n| K-1 | Art 6 |\n| S\\|2 | 3 |\n"
    assert rows_text(headers, rows, "table") == "code    rule\n------  ------\nK-1     Art 6\nS|2     3\n"


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_show_prints_what_the_output_layer_makes_of_the_core_result(fmt):
    assert run("show", MESA1, "--format", fmt).output == show_text(check_any(str(MESA1)), fmt)
