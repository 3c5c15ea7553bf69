"""The score pad's core (scorekeeper/core/pad_tables.py): tables by id, an entry recorded as data or
as the values of its screen (core.pad_entry), the stale refusal, undo, and two writers on one sheet."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading

import pytest
import yaml
from conftest import EXAMPLES

from scorekeeper.core import pad_entry
from scorekeeper.core import pad_tables as tables
from scorekeeper.errors import InputValueError, RefusedChange, StaleSheet
from scorekeeper.output.editing_text import said_lines
from scorekeeper.output.refusal import reasons_words


def _words(said) -> list[str]:
    """What a change told (data), in the lines the pad shows."""
    return [line for told in said for line in said_lines(told)]


def _king(tmp_path, name="mesa1.yaml"):
    path = tmp_path / name
    path.write_text("rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n")
    return path


def _one(path) -> tables.Table:
    return tables.list_tables(str(path)).tables[0]


def _hands(path) -> list:
    return yaml.safe_load(path.read_text())["hands"]


def test_a_tournament_serves_its_current_round_by_id(tmp_path):
    shutil.copytree(EXAMPLES / "championship-king", tmp_path / "final")
    served = tables.list_tables(str(tmp_path / "final" / "final.yaml"))
    assert served.kind == "tournament"
    assert [(t.id, t.round, t.number, t.sheet) for t in served.tables] == [
        ("1", 3, "1", "r3-mesa1.yaml"),
        ("2", 3, "2", "r3-mesa2.yaml"),
    ]
    assert served.get("2").path == str(tmp_path / "final" / "r3-mesa2.yaml")
    with pytest.raises(tables.UnknownTable, match="there is no table '../r1-mesa1.yaml'"):
        served.get("../r1-mesa1.yaml")


def test_a_folder_serves_its_regular_sheets_by_stem(tmp_path):
    _king(tmp_path, "b.yaml")
    _king(tmp_path, "a b.yaml")
    _king(tmp_path, ".hidden.yaml")
    (tmp_path / "notes.txt").write_text("x")
    os.symlink(tmp_path / "b.yaml", tmp_path / "link.yaml")
    (tmp_path / "sub.yaml").mkdir()
    served = tables.list_tables(str(tmp_path))
    assert [(t.id, t.sheet) for t in served.tables] == [("a-b~c8687a08aa", "a b.yaml"), ("b", "b.yaml")]


def test_an_entry_as_data_is_recorded_and_a_stale_one_refused(tmp_path):
    path = _king(tmp_path)
    table = _one(path)
    done = tables.record(table, {"hand": "vazas", "counts": [3, 2, 1, 7]}, 0)
    assert _words(done.said) == ["Hand 1 (vazas): Ana -60, Bruno -40, Carla -20, Duarte -140"]
    assert done.result.totals == {"Ana": -60, "Bruno": -40, "Carla": -20, "Duarte": -140}
    with pytest.raises(StaleSheet, match="hand 1 was recorded meanwhile") as stale:
        tables.record(table, {"hand": "copas", "counts": [3, 2, 1, 7]}, 0)
    assert (stale.value.expected, stale.value.now) == (0, 1)
    assert _hands(path) == [{"hand": "vazas", "counts": [3, 2, 1, 7]}]


def test_a_refused_entry_carries_its_codes_and_saves_nothing(tmp_path):
    path = _king(tmp_path)
    with pytest.raises(RefusedChange) as refused:
        tables.record(_one(path), {"hand": "vazas", "counts": [3, 3, 3, 5]}, 0)
    assert [(f.code, f.rule) for f in refused.value.findings] == [("K-Q1-TOTAL-OVER", "Quadro 1")]
    assert _hands(path) == []


def test_an_entry_that_is_no_data_of_a_sheet_is_refused(tmp_path):
    table = _one(_king(tmp_path))
    with pytest.raises(InputValueError, match="is not a value a sheet holds"):
        tables.record(table, {"hand": "vazas", "counts": [3.5, 3, 3, 3.5]}, 0)
    with pytest.raises(InputValueError, match="expected_entries"):
        tables.record(table, {"hand": "vazas", "counts": [3, 3, 3, 4]}, None)


def test_undo_takes_the_last_entry_only_for_the_sheet_it_was_made_for(tmp_path):
    path = _king(tmp_path)
    table = _one(path)
    tables.record(table, {"hand": "vazas", "counts": [3, 2, 1, 7]}, 0)
    tables.record(table, {"hand": "copas", "counts": [4, 3, 6, 0]}, 1)
    with pytest.raises(StaleSheet, match="hand 2 was recorded meanwhile"):
        tables.undo(table, 1)
    done = tables.undo(table, 2)
    assert _words(done.said) == ["Removed hand 2 (copas, line 5)."]
    assert _hands(path) == [{"hand": "vazas", "counts": [3, 2, 1, 7]}]
    with pytest.raises(StaleSheet, match="hand 2 was removed meanwhile"):
        tables.record(table, {"hand": "copas", "counts": [4, 3, 6, 0]}, 2)


def test_the_screen_refuses_each_field_beside_it_and_records_the_entry_its_values_make(tmp_path):
    path = _king(tmp_path)
    table = _one(path)
    screen = pad_entry.screen(table)
    assert (screen.expected, screen.form.title) == (0, "Hand 1")
    assert [(f.name, f.value) for f in screen.form.fields[:3]] == [
        ("hand", "vazas"),
        ("beneficiary", "Ana"),
        ("penalty", ""),
    ]
    values = {"hand": "vazas", "vazas-0": "3", "vazas-1": "x", "vazas-2": "1"}
    checked = pad_entry.check(table, values)
    assert (checked.entry, reasons_words(checked.reasons), checked.recordable) == (
        None,
        {"vazas-1": "Bruno: 'x' is not a whole number", "vazas-3": "Duarte: required"},
        False,
    )
    with pytest.raises(pad_entry.FormRefused) as refused:
        pad_entry.record(table, values, 0)
    assert reasons_words(refused.value.reasons) == reasons_words(checked.reasons)
    values.update({"vazas-1": "2", "vazas-3": "7"})
    assert pad_entry.check(table, values).entry == {"hand": "vazas", "counts": [3, 2, 1, 7]}
    done = pad_entry.record(table, values, 0)
    assert _words(done.said) == ["Hand 1 (vazas): Ana -60, Bruno -40, Carla -20, Duarte -140"]
    assert pad_entry.screen(table).form.title == "Hand 2"
    with pytest.raises(StaleSheet, match="hand 1 was recorded meanwhile"):
        pad_entry.record(table, values, 0)
    assert _hands(path) == [{"hand": "vazas", "counts": [3, 2, 1, 7]}]


def test_a_short_hand_is_checked_with_its_warning_beside_its_counts_and_recorded(tmp_path):
    path = _king(tmp_path)
    table = _one(path)
    values = {"hand": "damas", "damas-0": "1", "damas-1": "1", "damas-2": "1", "damas-3": "0"}
    checked = pad_entry.check(table, values)
    assert [(place, f.code, f.severity.value) for place, f in checked.findings] == [
        ("damas", "K-ART6-MISSING-CHARGED", "warning")
    ]
    assert checked.recordable and _hands(path) == []  # the check saved nothing
    over = pad_entry.check(table, {**values, "damas-3": "2"})
    assert [(place, f.code) for place, f in over.findings] == [("damas", "K-Q1-TOTAL-OVER")] and not over.recordable
    with pytest.raises(RefusedChange):
        pad_entry.record(table, {**values, "damas-3": "2"}, 0)
    pad_entry.record(table, values, 0)
    assert _hands(path) == [{"hand": "damas", "counts": [1, 1, 1, 0]}]


def test_a_cli_record_and_a_pad_record_on_one_sheet_never_lose_or_double_an_entry(tmp_path):
    path = tmp_path / "truco.yaml"
    path.write_text("rules: truco\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\nhands: []\n")
    table = _one(path)
    each = 10

    def pad():
        done = 0
        while done < each:
            now = len(_hands(path) or [])
            try:
                tables.record(table, {"winner": "Nos"}, now)
                done += 1
            except StaleSheet:
                pass  # the CLI recorded meanwhile: the form is made again for the sheet as it is

    def cli():
        done = 0
        while done < each:
            run = subprocess.run(
                [sys.executable, "-m", "scorekeeper", "record", str(path), "Eles", "1"], capture_output=True, text=True
            )
            if run.returncode == 0:
                done += 1
            else:
                assert "another scorekeeper is writing this file" in run.stderr, run.stderr

    threads = [threading.Thread(target=pad), threading.Thread(target=cli)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    hands = _hands(path)
    assert sorted(h["winner"] for h in hands) == ["Eles"] * each + ["Nos"] * each
    run = subprocess.run([sys.executable, "-m", "scorekeeper", "check", str(path)], capture_output=True, text=True)
    assert run.returncode == 0 and "Nos 0 games, Eles 0 games" in run.stdout, run.stdout
