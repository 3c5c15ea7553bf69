"""Saving safely: atomic writes, one writer at a time, and no hand lost to a kill -9."""

import os
import signal
import subprocess
import sys
import time

import pytest
import yaml
from click.testing import CliRunner

from scorekeeper.cli import cli
from scorekeeper.sheet.saving import SheetWriteError, atomic_write, writer_lock
from scorekeeper.sheet.yaml_edit import append_entry, remove_entry, replace_entry

NEW = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n"


def test_a_second_writer_is_refused(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text(NEW)
    with writer_lock(str(sheet)):
        result = CliRunner().invoke(cli, ["record", str(sheet), "vazas", "3", "3", "3", "4"])
        assert result.exit_code == 2
        assert result.stderr == (
            f"Error: {sheet}: another scorekeeper is writing this file (process {os.getpid()});"
            " try again when it is done\n"
        )
    assert sheet.read_text() == NEW
    assert CliRunner().invoke(cli, ["record", str(sheet), "vazas", "3", "3", "3", "4"]).exit_code == 0
    assert not (tmp_path / ".s.yaml.lock").exists()


def test_atomic_write_leaves_no_temporary_file_and_keeps_the_mode(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text(NEW)
    os.chmod(sheet, 0o600)
    atomic_write(str(sheet), NEW + "# more\n")
    assert sheet.read_text() == NEW + "# more\n"
    assert os.stat(sheet).st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    sheet = tmp_path / "s.yaml"
    sheet.write_text(NEW)

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SheetWriteError) as failed:  # one line naming the sheet, not an OSError (issue 7)
        atomic_write(str(sheet), "garbage")
    assert str(failed.value) == f"{sheet}: cannot save: no space left on the disk"
    assert sheet.read_text() == NEW
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]


@pytest.mark.parametrize(
    "text",
    [
        NEW,
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n",
        "rules: king\nhands:  # to come\nplayers: [Ana, Bruno, Carla, Duarte]\n",
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\n",
        "hands:\n- {hand: vazas, counts: [3, 3, 3, 4]}\n-   hand: copas\n    counts: [1, 2, 3, 7]\n  # end\n"
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\n",
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: [{hand: vazas, counts: [3, 3, 3, 4]},\n"
        "  {hand: copas, counts: [1, 2, 3, 7]}]\n",
    ],
)
def test_edits_in_every_layout(text):
    entry = {"hand": "damas", "counts": [1, 1, 1, 1]}
    before = (yaml.safe_load(text) or {}).get("hands") or []
    appended = append_entry(text, entry, "s.yaml")
    assert yaml.safe_load(appended)["hands"] == [*before, entry]
    assert yaml.safe_load(appended)["players"] == ["Ana", "Bruno", "Carla", "Duarte"]
    removed = remove_entry(appended, len(before), "s.yaml")
    assert (yaml.safe_load(removed).get("hands") or []) == before
    fixed = replace_entry(appended, 0, {"hand": "ultimas", "counts": [0, 0, 1, 1]}, "s.yaml")
    assert yaml.safe_load(fixed)["hands"][0] == {"hand": "ultimas", "counts": [0, 0, 1, 1]}


def test_comments_survive_record_undo_and_fix(tmp_path):
    sheet = tmp_path / "s.yaml"
    original = (
        "# table 4\nrules: king   # interbank\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n"
        "  # the negatives\n  - {hand: vazas, counts: [3, 2, 1, 7]}  # checked twice\n"
    )
    sheet.write_text(original)
    runner = CliRunner()
    runner.invoke(cli, ["record", str(sheet), "copas", "1", "1", "1", "10"])
    runner.invoke(cli, ["undo", str(sheet)])
    assert sheet.read_text() == original
    runner.invoke(cli, ["fix", str(sheet), "1", "vazas", "3", "2", "2", "6"])
    assert sheet.read_text() == original.replace("[3, 2, 1, 7]", "[3, 2, 2, 6]")


def _wait_for(predicate, seconds=20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_a_hand_recorded_interactively_survives_kill_9(tmp_path):
    sheet = tmp_path / "mesa.yaml"
    sheet.write_text(NEW)
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "record", str(sheet)],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        process.stdin.write("vazas\n3\n2\n1\n7\n")
        process.stdin.flush()
        assert _wait_for(lambda: "counts: [3, 2, 1, 7]" in sheet.read_text())
        process.stdin.write("copas\n4\n")  # the next hand, half typed
        process.stdin.flush()
        time.sleep(0.3)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert sheet.read_text() == NEW.replace("hands: []", "hands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}")
    # The lock died with the process: the next scorer records at once.
    result = CliRunner().invoke(cli, ["record", str(sheet), "copas", "4", "3", "3", "3"])
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("before", ["rounds: []\n", "rounds:\n", "", "rounds:\n  - seed: 1  # first\n    byes: [A]\n"])
def test_a_block_entry_is_appended_under_its_list_and_keeps_what_was_there(before):
    from scorekeeper.sheet.yaml_edit import append_entry

    text = "tournament: T  # the final\nrules: king\n" + before
    lines = ["seed: 7", "tables:", "  - {table: 1, players: [A, B, C, D], sheet: r1-mesa1.yaml}", "byes: [E]"]
    new = append_entry(text, lines, "t.yaml", "rounds")
    assert new.startswith("tournament: T  # the final\nrules: king\n")
    assert "# first" in new or "# first" not in before
    rounds = yaml.safe_load(new)["rounds"]
    assert rounds[-1] == {
        "seed": 7,
        "tables": [{"table": 1, "players": ["A", "B", "C", "D"], "sheet": "r1-mesa1.yaml"}],
        "byes": ["E"],
    }
    assert len(rounds) == (2 if "seed: 1" in before else 1)
