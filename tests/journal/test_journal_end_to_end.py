"""Issue 24's "Done when": a King game recorded on the command line and on the score pad, with
one `fix` and one `undo`, reads back from `history` with each entry's before and after, and its
exported boletim shows the correction and the removal."""

from __future__ import annotations

import json
import os

import openpyxl
from conftest import run

from scorekeeper.serve.app import create_app

CHECKED = "mesa1.yaml: clean (king, in progress, 3 hands recorded; Ana -130, Bruno -90, Carla -70, Duarte -430)\n"


def test_a_king_game_on_the_command_line_and_the_pad_reads_back_whole(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("getpass.getuser", lambda: "arbitro")
    assert (
        run("new", "king", "-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte", "-o", "mesa1.yaml").exit_code == 0
    )
    assert run("record", "mesa1.yaml", "vazas", "3", "2", "1", "7").exit_code == 0
    assert run("record", "mesa1.yaml", "copas", "0", "0", "0", "13").exit_code == 0
    pad = create_app(os.fspath(tmp_path)).test_client()
    for number, (hand, counts) in enumerate((("damas", [1, 1, 1, 1]), ("reis-valetes", [2, 2, 2, 2])), start=1):
        body = {"hand": hand, "counts": counts, "expected_entries": number + 1}
        for _attempt in range(2):  # each sent twice: the reply lost, the phone retries with the same key
            reply = pad.post("/api/tables/mesa1/entries", json=body, headers={"Idempotency-Key": f"pad-entry-{number}"})
            assert reply.status_code in (200, 201), reply.get_json()
    assert run("fix", "mesa1.yaml", "1", "vazas", "4", "2", "1", "6").exit_code == 0
    undone = pad.delete(
        "/api/tables/mesa1/entries/last", json={"expected_entries": 4}, headers={"Idempotency-Key": "pad-undo-1"}
    )
    assert undone.get_json()["said"] == ["Removed hand 4 (reis-valetes, line 8)."]

    listed = run("history", "mesa1.yaml", "--format", "json")
    assert listed.exit_code == 0
    changes = json.loads(listed.stdout)
    assert [(c["action"], c["entry"], c["before"], c["after"]) for c in changes] == [
        ("new", None, None, None),
        ("record", 1, None, {"hand": "vazas", "counts": [3, 2, 1, 7]}),
        ("record", 2, None, {"hand": "copas", "counts": [0, 0, 0, 13]}),
        ("record", 3, None, {"hand": "damas", "counts": [1, 1, 1, 1]}),
        ("record", 4, None, {"hand": "reis-valetes", "counts": [2, 2, 2, 2]}),
        ("fix", 1, {"hand": "vazas", "counts": [3, 2, 1, 7]}, {"hand": "vazas", "counts": [4, 2, 1, 6]}),
        ("undo", 4, {"hand": "reis-valetes", "counts": [2, 2, 2, 2]}, None),
    ]
    assert [c["by"] for c in changes[4:]] == [
        {"link": "organiser", "address": "127.0.0.1"},
        {"command": "scorekeeper fix mesa1.yaml 1 vazas 4 2 1 6", "user": "arbitro"},
        {"link": "organiser", "address": "127.0.0.1"},
    ]
    assert [c["id"] for c in changes[3:5]] + [changes[6]["id"]] == ["pad-entry-1", "pad-entry-2", "pad-undo-1"]
    assert {c["file"] for c in changes} == {"mesa1.yaml"} and {c["state"] for c in changes} == {"done"}

    assert run("export", "mesa1.yaml", "-o", "mesa1.xlsx", "--lang", "en").exit_code == 0
    rows = [list(row) for row in openpyxl.load_workbook("mesa1.xlsx")["History"].iter_rows(values_only=True)]
    assert [row[:5] + row[6:] for row in rows[3:]] == [
        ["mesa1", "hand 1 (vazas)", "correction", "3 2 1 7", "4 2 1 6", "arbitro"],
        ["mesa1", "hand 4 (reis-valetes)", "removal", "2 2 2 2", "removed", "organiser (127.0.0.1)"],
    ]
    checked = run("check", "mesa1.yaml")
    assert (checked.exit_code, checked.stdout) == (0, CHECKED)
