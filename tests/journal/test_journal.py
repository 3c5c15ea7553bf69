"""The journal (issue 24): every change of a sheet on the record, applied all or nothing, a
killed run's change completed by the next command, a change sent twice applied once, and a
journal that is not ours set aside, never in the way of reading the sheets."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

from scorekeeper.errors import InputValueError, SheetLockedError
from scorekeeper.journal import transaction
from scorekeeper.journal.history import history
from scorekeeper.journal.store import JOURNAL_NAME, FileRecord, Journal
from scorekeeper.journal.transaction import Change, FileChange, Session, digest
from scorekeeper.journal.who import acting_as
from scorekeeper.output.editing_text import saying
from scorekeeper.output.journal_text import recovered_line
from scorekeeper.sheet import editing
from scorekeeper.sheet.saving import writer_lock

PLAYERS = ("Ana", "Bruno", "Carla", "Duarte")


def _run(cwd, *args, check=True):
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )
    if check:
        assert done.returncode == 0, done.stderr
    return done


def _king(folder) -> str:
    path = os.path.join(folder, "m.yaml")
    _run(folder, "new", "king", *(arg for name in PLAYERS for arg in ("-p", name)), "-o", "m.yaml")
    return path


def _records(folder):
    journal = Journal.open(str(folder), False, [], ".")
    try:
        return journal.history(None, 1000)
    finally:
        journal.close()


def _pending(folder, action: str, files: dict[str, tuple[bytes | None, bytes | None]], detail=None):
    """A change a killed run left: written to the journal as pending, not applied."""
    journal = Journal.open(str(folder), True, [], ".")
    try:
        journal.begin(
            "killed-run-change",
            action,
            {"command": "scorekeeper tournament rename t.yaml P40 Q40", "user": "org"},
            next(iter(files)),
            None,
            detail or {},
            [FileRecord(name, digest(before), digest(after), before, after) for name, (before, after) in files.items()],
        )
    finally:
        journal.close()


# --- every change on the record ---------------------------------------------------------------


def test_record_fix_and_undo_are_on_the_record_with_their_entries_before_and_after(tmp_path):
    _king(tmp_path)
    _run(tmp_path, "record", "m.yaml", "vazas", "3", "2", "1", "7")
    _run(tmp_path, "record", "m.yaml", "copas", "--points", "-80", "-60", "-120", "0")
    _run(tmp_path, "fix", "m.yaml", "1", "vazas", "4", "2", "1", "6")
    _run(tmp_path, "undo", "m.yaml")
    changes = history(str(tmp_path / "m.yaml")).changes
    assert [(c.action, c.entry, c.state) for c in changes] == [
        ("new", None, "done"),
        ("record", 1, "done"),
        ("record", 2, "done"),
        ("fix", 1, "done"),
        ("undo", 2, "done"),
    ]
    assert changes[1].after == {"hand": "vazas", "counts": [3, 2, 1, 7]}
    assert (changes[3].before, changes[3].after) == (
        {"hand": "vazas", "counts": [3, 2, 1, 7]},
        {"hand": "vazas", "counts": [4, 2, 1, 6]},
    )
    assert (changes[4].before, changes[4].after) == ({"hand": "copas", "points": [-80, -60, -120, 0]}, None)
    assert changes[3].by["command"] == "scorekeeper fix m.yaml 1 vazas 4 2 1 6"
    assert changes[0].when[10] == "T" and changes[0].when[-6] in "+-"  # local time with its UTC offset
    # each file's hash before and after: the undo's before is the fix's after
    records = _records(tmp_path)
    assert records[4].files[0].before_hash == records[3].files[0].after_hash
    assert records[4].files[0].after_hash == digest((tmp_path / "m.yaml").read_bytes())


def test_who_is_the_front_ends_to_say(tmp_path):
    path = _king(tmp_path)
    token = acting_as({"link": "table 3", "address": "192.0.2.7"})
    try:
        editing.record_entry(path, {"hand": "vazas", "counts": [3, 2, 1, 7]}, say=lambda line: None, change_id="a" * 32)
    finally:
        from scorekeeper.journal.who import _WHO

        _WHO.reset(token)
    last = history(path).changes[-1]
    assert (last.id, last.by) == ("a" * 32, {"link": "table 3", "address": "192.0.2.7"})


# --- never twice --------------------------------------------------------------------------------


def test_an_entry_sent_again_with_its_id_is_recorded_once(tmp_path):
    path = _king(tmp_path)
    said: list[str] = []
    for _attempt in range(3):
        editing.record_entry(
            path, {"hand": "vazas", "counts": [3, 2, 1, 7]}, say=saying(said.append), change_id="retry-0001"
        )
    text = (tmp_path / "m.yaml").read_text()
    assert text.count("vazas") == 1
    assert said[0] == "Hand 1 (vazas): Ana -60, Bruno -40, Carla -20, Duarte -140"
    assert said[1].startswith("already done at ") and said[1].endswith(
        ": the record (entry 1); nothing changed (use --again to do it once more)"
    )
    assert len(said) == 3 and said[2] == said[1]
    assert [c.action for c in history(path).changes] == ["new", "record"]


def test_an_undo_sent_again_with_its_id_removes_one_entry(tmp_path):
    path = _king(tmp_path)
    for hand, counts in (("vazas", "3 2 1 7"), ("copas", "0 0 0 13")):
        _run(tmp_path, "record", "m.yaml", hand, *counts.split())
    editing.undo_hand(path, say=lambda line: None, change_id="undo-00001")
    editing.undo_hand(path, say=lambda line: None, change_id="undo-00001")
    assert "vazas" in (tmp_path / "m.yaml").read_text() and "copas" not in (tmp_path / "m.yaml").read_text()


def test_the_same_hand_twice_on_the_command_line_is_two_hands_unless_a_killed_run_saved_the_first(tmp_path):
    """A Sueca deal of 60-60 twice in a row is two deals: only the retry of a run that was killed
    (its change completed by the journal) is taken for the same change."""
    _run(tmp_path, "new", "sueca", "-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "-o", "s.yaml")
    _run(tmp_path, "record", "s.yaml", "60", "60")
    _run(tmp_path, "record", "s.yaml", "60", "60")
    assert (tmp_path / "s.yaml").read_text().count("60") == 4


# --- all or nothing, and a killed run completed -------------------------------------------------


def test_a_change_a_killed_run_left_is_completed_by_the_next_command_and_said(tmp_path):
    (tmp_path / "t.yaml").write_bytes(b"players: [P40]\n")
    (tmp_path / "r4-mesa1.yaml").write_bytes(b"players: [P40, A, B, C]\n")
    _pending(
        tmp_path,
        "rename",
        {
            "t.yaml": (b"players: [P40]\n", b"players: [Q40]\n"),
            "r4-mesa1.yaml": (b"players: [P40, A, B, C]\n", b"players: [Q40, A, B, C]\n"),
        },
        {"old": "P40", "new": "Q40"},
    )
    (tmp_path / "r4-mesa1.yaml").write_bytes(b"players: [Q40, A, B, C]\n")  # killed after its first file
    recovered, notices = transaction.recover(str(tmp_path / "t.yaml"))
    assert notices == []
    assert recovered_line(recovered[0]).startswith("completed the interrupted rename (P40 to Q40), begun ")
    assert (tmp_path / "t.yaml").read_bytes() == b"players: [Q40]\n"
    assert (tmp_path / "r4-mesa1.yaml").read_bytes() == b"players: [Q40, A, B, C]\n"
    assert [(r.action, r.state) for r in _records(tmp_path)] == [("rename", "completed")]
    assert transaction.recover(str(tmp_path / "t.yaml"))[0] == []  # once


def test_a_file_changed_outside_scorekeeper_is_left_and_said(tmp_path):
    (tmp_path / "a.yaml").write_bytes(b"edited by hand\n")
    _pending(tmp_path, "penalty", {"a.yaml": (b"old\n", b"new\n")})
    recovered, _notices = transaction.recover(str(tmp_path / "a.yaml"))
    assert [(r.action, r.state, r.conflicts) for r in recovered] == [("penalty", "conflict", ("a.yaml",))]
    assert (tmp_path / "a.yaml").read_bytes() == b"edited by hand\n"


def test_a_journal_naming_a_file_outside_its_folder_never_writes_it(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    (tmp_path / "victim").write_bytes(b"mine\n")
    (folder / "t.yaml").write_bytes(b"x\n")
    _pending(folder, "penalty", {"t.yaml": (b"x\n", b"y\n"), "../victim": (b"mine\n", b"owned\n")})
    recovered, _notices = transaction.recover(str(folder / "t.yaml"))
    assert recovered[0].conflicts == ("../victim",)
    assert (tmp_path / "victim").read_bytes() == b"mine\n"


def test_a_change_stopped_by_an_error_puts_every_file_back(tmp_path):
    (tmp_path / "t.yaml").write_bytes(b"one\n")
    (tmp_path / "b.yaml").write_bytes(b"two\n")
    (tmp_path / "c.yaml").write_bytes(b"someone else's\n")
    change = Change(
        "rename",
        str(tmp_path / "t.yaml"),
        [
            FileChange(str(tmp_path / "b.yaml"), b"two\n", b"TWO\n"),
            FileChange(str(tmp_path / "new.yaml"), None, b"new\n"),
            FileChange(str(tmp_path / "c.yaml"), b"three\n", b"THREE\n"),  # it no longer holds this
            FileChange(str(tmp_path / "t.yaml"), b"one\n", b"ONE\n"),
        ],
    )
    with (
        pytest.raises(InputValueError, match="c.yaml: changed while this change was worked out; try again"),
        writer_lock(str(tmp_path / "t.yaml")) as real,
    ):
        transaction.apply(change, {real})
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["b.yaml", "c.yaml", "t.yaml"]
    assert (tmp_path / "b.yaml").read_bytes() == b"two\n" and (tmp_path / "t.yaml").read_bytes() == b"one\n"
    assert [r.state for r in _records(tmp_path)] == ["rolled_back"]


def test_a_change_being_applied_by_a_live_command_is_left_to_it(tmp_path):
    (tmp_path / "t.yaml").write_bytes(b"one\n")
    (tmp_path / "s.yaml").write_bytes(b"sheet\n")
    _pending(tmp_path, "rename", {"t.yaml": (b"one\n", b"ONE\n"), "s.yaml": (b"sheet\n", b"SHEET\n")})
    with writer_lock(str(tmp_path / "t.yaml")):  # its command is still running
        assert transaction.recover(str(tmp_path / "s.yaml"))[0] == []  # a reader goes on
        with (
            pytest.raises(SheetLockedError),  # a writer of one of its files waits for it
            writer_lock(str(tmp_path / "s.yaml")) as real,
        ):
            Session(str(tmp_path / "s.yaml"), {real})
    assert (tmp_path / "s.yaml").read_bytes() == b"sheet\n"


def test_a_record_killed_at_its_save_is_completed_once_and_its_retry_is_not_applied_again(tmp_path):
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed (.ci/run installs it)")
    _king(tmp_path)
    killed = subprocess.run(
        ["strace", "-f", "-o", "/dev/null", "-e", "trace=rename", "-e", "inject=rename:signal=KILL:when=1"]
        + [sys.executable, "-m", "scorekeeper", "record", "m.yaml", "vazas", "3", "2", "1", "7"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert killed.returncode != 0 and "vazas" not in (tmp_path / "m.yaml").read_text()
    retried = _run(tmp_path, "record", "m.yaml", "vazas", "3", "2", "1", "7")
    lines = retried.stdout.splitlines()
    assert lines[0].startswith("completed the interrupted record (entry 1), begun ")
    assert lines[1].startswith("already done at ") and "the record (entry 1); nothing changed" in lines[1]
    assert (tmp_path / "m.yaml").read_text().count("vazas") == 1
    again = _run(tmp_path, "record", "m.yaml", "vazas", "3", "2", "1", "7", "--again", check=False)
    assert again.returncode == 2 and "vazas" in again.stderr  # a second vazas, when meant, is King's to refuse


# --- a journal that is not ours -----------------------------------------------------------------


@pytest.mark.parametrize(
    "plant",
    [
        pytest.param(lambda p: p.write_bytes(b"garbage" * 100), id="garbage"),
        pytest.param(lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\x00" * 84), id="truncated"),
        pytest.param(lambda p: sqlite3.connect(p).execute("CREATE TABLE x (y)").connection.commit(), id="foreign-db"),
        pytest.param(lambda p: os.symlink("/etc/passwd", p), id="symlink"),
        pytest.param(lambda p: os.mkdir(p), id="folder"),
    ],
)
def test_a_journal_that_is_not_ours_is_set_aside_in_one_line_and_the_sheet_still_read(tmp_path, plant):
    _king(tmp_path)
    os.replace(tmp_path / JOURNAL_NAME, tmp_path / "old")
    for suffix in ("-wal", "-shm"):
        if (tmp_path / (JOURNAL_NAME + suffix)).exists():
            os.unlink(tmp_path / (JOURNAL_NAME + suffix))
    plant(tmp_path / JOURNAL_NAME)
    recorded = _run(tmp_path, "record", "m.yaml", "vazas", "3", "2", "1", "7")
    first, second = recorded.stdout.splitlines()[:2]
    assert first.startswith(".scorekeeper-journal.sqlite: not a journal scorekeeper can use; set aside as ")
    assert second == "Hand 1 (vazas): Ana -60, Bruno -40, Carla -20, Duarte -140"
    assert os.path.realpath("/etc/passwd") == "/etc/passwd" and os.path.isfile("/etc/passwd")
    assert [r.action for r in _records(tmp_path)] == ["record"]
    assert str(tmp_path) not in recorded.stdout + recorded.stderr


def test_a_journal_carried_from_another_folder_keeps_its_history_and_applies_none_of_its_pending_changes(tmp_path):
    first = tmp_path / "a"
    first.mkdir()
    _king(first)
    _pending(first, "penalty", {"m.yaml": ((first / "m.yaml").read_bytes(), b"hands: owned\n")})
    shutil.copytree(first, tmp_path / "b")
    recorded = _run(tmp_path / "b", "record", "m.yaml", "vazas", "3", "2", "1", "7")
    assert recorded.stdout.splitlines()[0] == (
        ".scorekeeper-journal.sqlite: made in another folder; kept, and its 1 unfinished change is not applied here"
    )
    assert [(r.action, r.state) for r in _records(tmp_path / "b")] == [
        ("new", "done"),
        ("penalty", "set_aside"),
        ("record", "done"),
    ]
    assert b"owned" not in (tmp_path / "b" / "m.yaml").read_bytes()


# --- what a fresh-eyes attacker found (issue 24's trial) ---------------------------------------


def _strace(cwd, syscall: str, signal: str, when: int, *args):
    return subprocess.run(
        [
            "strace",
            "-f",
            "-o",
            "/dev/null",
            "-e",
            f"trace={syscall}",
            "-e",
            f"inject={syscall}:signal={signal}:when={when}",
        ]
        + [sys.executable, "-m", "scorekeeper", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_journal_just_made_is_known_for_ours_before_it_is_checkpointed(tmp_path):
    """Its first commit may still be only in its -wal file: a second command must not take the
    file (application id 0 in its header) for another program's and set it aside."""
    (tmp_path / "a.yaml").write_text("rules: king\nplayers: [A, B, C, D]\nhands: []\n")
    (tmp_path / "b.yaml").write_text("rules: king\nplayers: [E, F, G, H]\nhands: []\n")
    first = Journal.open(str(tmp_path), True, [], ".")
    try:
        first.db.execute("PRAGMA wal_autocheckpoint = 0")
        head = (tmp_path / JOURNAL_NAME).read_bytes()[:100]
        assert head.startswith(b"SQLite format 3\x00")
        recorded = _run(tmp_path, "record", "b.yaml", "vazas", "3", "2", "1", "7")
        assert recorded.stdout == "Hand 1 (vazas): E -60, F -40, G -20, H -140\n"
    finally:
        first.close()
    assert [p.name for p in tmp_path.iterdir() if "set-aside" in p.name or "damaged" in p.name] == []


def test_two_records_at_once_in_a_new_folder_share_one_journal(tmp_path):
    for name in "abcd":
        (tmp_path / f"{name}.yaml").write_text(f"rules: king\nplayers: [A{name}, B, C, D]\nhands: []\n")
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "record", f"{name}.yaml", "vazas", "3", "2", "1", "7"],
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in "abcd"
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0, 0], outputs
    assert all("journal" not in out + err for out, err in outputs)
    assert sorted(os.path.basename(c.file) for c in history(str(tmp_path)).changes) == [
        "a.yaml",
        "b.yaml",
        "c.yaml",
        "d.yaml",
    ]


@pytest.mark.parametrize("signal, status", [("INT", 130), ("TERM", 143)])
def test_a_change_stopped_while_the_journal_writes_it_is_taken_back_not_applied_later(tmp_path, signal, status):
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed (.ci/run installs it)")
    _king(tmp_path)
    _run(tmp_path, "record", "m.yaml", "vazas", "3", "2", "1", "7")
    sheet = (tmp_path / "m.yaml").read_bytes()
    for when in (1, 2, 3):
        stopped = _strace(tmp_path, "fdatasync", signal, when, "record", "m.yaml", "damas", "1", "1", "1", "1")
        assert stopped.returncode == status, stopped.stderr
        checked = _run(tmp_path, "check", "m.yaml")
        assert "completed" not in checked.stdout + checked.stderr
        assert (tmp_path / "m.yaml").read_bytes() == sheet
    assert {r.state for r in _records(tmp_path)[2:]} <= {"rolled_back"}


@pytest.mark.parametrize("planted", ["d/../../outside.txt", "nodir/../../outside.txt", "link/outside.txt"])
def test_a_journal_naming_a_file_outside_its_folder_in_any_spelling_never_writes_it(tmp_path, planted):
    folder, other = tmp_path / "event", tmp_path / "other"
    folder.mkdir()
    other.mkdir()
    (folder / "d").mkdir()
    os.symlink(other, folder / "link")
    (folder / "t.yaml").write_bytes(b"x\n")
    _pending(folder, "penalty", {"t.yaml": (b"x\n", b"y\n"), planted: (None, b"owned\n")})
    recovered, _notices = transaction.recover(str(folder / "t.yaml"))
    assert recovered[0].conflicts == (planted,)
    assert not (tmp_path / "outside.txt").exists() and not (other / "outside.txt").exists()


def test_content_that_is_not_what_its_hash_says_is_never_written(tmp_path):
    (tmp_path / "t.yaml").write_bytes(b"x\n")
    journal = Journal.open(str(tmp_path), True, [], ".")
    try:
        journal.begin(
            "forged-change",
            "penalty",
            {},
            "t.yaml",
            None,
            {},
            [FileRecord("t.yaml", digest(b"x\n"), digest(b"y\n"), b"x\n", b"owned\n")],
        )
    finally:
        journal.close()
    recovered, _notices = transaction.recover(str(tmp_path / "t.yaml"))
    assert recovered[0].conflicts == ("t.yaml",) and (tmp_path / "t.yaml").read_bytes() == b"x\n"


def test_a_journal_held_by_another_writer_is_one_line_not_a_traceback(tmp_path, monkeypatch):
    path = _king(tmp_path)
    monkeypatch.setattr("scorekeeper.journal.store.BUSY_MS", 200)
    holder = sqlite3.connect(tmp_path / JOURNAL_NAME, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO meta VALUES ('held', 'by another writer')")
    try:
        with pytest.raises(SheetLockedError, match="journal of this folder is busy or cannot be written"):
            editing.record_entry(path, {"hand": "vazas", "counts": [3, 2, 1, 7]}, say=lambda line: None)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert "vazas" not in (tmp_path / "m.yaml").read_text()


def test_a_journal_with_a_trigger_planted_in_it_is_not_ours(tmp_path):
    _king(tmp_path)
    planted = sqlite3.connect(tmp_path / JOURNAL_NAME, isolation_level=None)
    planted.execute("CREATE TRIGGER t BEFORE UPDATE ON changes BEGIN SELECT RAISE(ABORT, 'no'); END")
    planted.close()
    recorded = _run(tmp_path, "record", "m.yaml", "vazas", "3", "2", "1", "7")
    assert recorded.stdout.splitlines()[0].startswith(".scorekeeper-journal.sqlite: not a journal scorekeeper can use")
    assert [r.action for r in _records(tmp_path)] == ["record"]


def test_the_same_truco_hand_after_a_completed_kill_was_said_is_a_new_hand(tmp_path):
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed (.ci/run installs it)")
    _run(tmp_path, "new", "truco", "-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "-o", "tr.yaml")
    _run(tmp_path, "record", "tr.yaml", "Nos", "1")
    assert _strace(tmp_path, "rename", "KILL", 1, "record", "tr.yaml", "Eles", "1").returncode != 0
    shown = _run(tmp_path, "show", "tr.yaml")
    assert "completed the interrupted record (entry 2)" in shown.stdout + shown.stderr
    _run(tmp_path, "record", "tr.yaml", "Eles", "1")  # the completion was said: this is hand 3
    assert [c.entry for c in history(str(tmp_path / "tr.yaml")).changes if c.action == "record"] == [1, 2, 3]


def test_a_folder_moved_on_its_disk_keeps_its_journal_and_completes_its_pending_change(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "t.yaml").write_bytes(b"x\n")
    _pending(tmp_path / "a", "penalty", {"t.yaml": (b"x\n", b"y\n")})
    os.rename(tmp_path / "a", tmp_path / "b")
    recovered, notices = transaction.recover(str(tmp_path / "b" / "t.yaml"))
    assert notices == [] and [r.state for r in recovered] == ["completed"]
    assert (tmp_path / "b" / "t.yaml").read_bytes() == b"y\n"


def test_history_of_a_mistyped_name_is_refused_not_an_empty_history(tmp_path):
    _king(tmp_path)
    for folder_has_journal in (True, False):
        if not folder_has_journal:
            for name in os.listdir(tmp_path):
                if name.startswith(JOURNAL_NAME):
                    os.unlink(tmp_path / name)
        done = _run(tmp_path, "history", "nope.yaml", check=False)
        assert (done.returncode, done.stdout, done.stderr) == (
            2,
            "",
            "Error: nope.yaml: no such file, and no change of it is on record\n",
        )


def test_new_retried_after_a_kill_is_the_sheet_it_wrote_not_an_error(tmp_path):
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed (.ci/run installs it)")
    args = ["new", "king", *(arg for name in PLAYERS for arg in ("-p", name)), "-o", "m.yaml"]
    assert _strace(tmp_path, "rename", "KILL", 1, *args).returncode != 0
    retried = _run(tmp_path, *args)
    assert retried.stdout == "Created m.yaml: king, Ana, Bruno, Carla, Duarte. Next: scorekeeper record m.yaml\n"
    assert [(c.action, c.state) for c in history(str(tmp_path / "m.yaml")).changes] == [("new", "completed")]
    other = _run(
        tmp_path, "new", "king", "-p", "Eva", "-p", "Bruno", "-p", "Carla", "-p", "Duarte", "-o", "m.yaml", check=False
    )
    assert (other.returncode, other.stderr) == (2, "Error: m.yaml: already exists; use --force to overwrite it\n")
