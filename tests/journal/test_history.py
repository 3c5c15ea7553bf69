"""Reading the record back (issue 24, items 4 and 6): `history` of a sheet and a folder, what
`check` and `show` say of a sheet's journal, the exported workbook's History worksheet, and a
journal that is garbage, a link or another folder's."""

from __future__ import annotations

import itertools
import json
import os
import pathlib
import subprocess
import sys

import openpyxl
import pytest
import yaml
from conftest import run

from scorekeeper import exit_codes, games
from scorekeeper.core import history as core_history
from scorekeeper.journal import store
from scorekeeper.journal.change_words import entry_words
from scorekeeper.journal.transaction import FileChange, digest
from scorekeeper.workbook.history_sheet import HISTORY_HEADERS

JOURNAL = ".scorekeeper-journal.sqlite"
GAME = [
    ("new", "king", "-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte", "-o", "mesa1.yaml", "--table", "1"),
    ("record", "mesa1.yaml", "vazas", "3", "2", "1", "7"),
    ("record", "mesa1.yaml", "copas", "--points", "-80", "-60", "-120", "0"),
    ("record", "mesa1.yaml", "damas", "1", "1", "2", "0"),
    ("fix", "mesa1.yaml", "3", "damas", "1", "1", "1", "1"),
    ("record", "mesa1.yaml", "reis-valetes", "2", "2", "2", "2"),
    ("undo", "mesa1.yaml"),
]


@pytest.fixture
def clock(monkeypatch):
    """The journal's clock, one second a call from 2026-11-28 15:42:00 (a day that is never
    today: history says the date too), and its user, `referee`."""
    seconds = itertools.count()

    def now():
        return f"2026-11-28T15:42:{next(seconds):02d}+00:00"

    monkeypatch.setattr(store, "now", now)
    monkeypatch.setattr("scorekeeper.journal.who._user", lambda: "referee")
    return now


@pytest.fixture
def game(tmp_path, monkeypatch, clock):
    """A King game at tmp_path, named as a user in that folder names it: recorded, one hand
    fixed, one recorded and undone."""
    monkeypatch.chdir(tmp_path)
    for args in GAME:
        result = run(*args)
        assert result.exit_code == 0, result.output
    return tmp_path


# --- history ------------------------------------------------------------------------------


def test_history_table_says_each_entry_before_and_after(game, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    result = run("history", "mesa1.yaml")
    assert (result.exit_code, result.stderr) == (exit_codes.CLEAN, "")
    assert result.stdout == (
        "when                 action     detail                                     by\n"
        "-------------------  ---------  -----------------------------------------  -------\n"
        "2026-11-28 15:42:01  new sheet                                             referee\n"
        "2026-11-28 15:42:03  record     hand 1 (vazas): 3 2 1 7                    referee\n"
        "2026-11-28 15:42:05  record     hand 2 (copas): --points -80 -60 -120 0    referee\n"
        "2026-11-28 15:42:07  record     hand 3 (damas): 1 1 2 0                    referee\n"
        "2026-11-28 15:42:09  fix        hand 3 (damas): 1 1 2 0 -> 1 1 1 1         referee\n"
        "2026-11-28 15:42:11  record     hand 4 (reis-valetes): 2 2 2 2             referee\n"
        "2026-11-28 15:42:13  undo       hand 4 (reis-valetes): 2 2 2 2 -> removed  referee\n"
    )


def test_history_in_a_narrow_terminal_puts_what_changed_under_its_row(game):
    lines = run("history", "mesa1.yaml").stdout.splitlines()  # 80 columns
    assert lines[-7:] == [
        "2026-11-28 15:42:09  fix        referee",
        "                       hand 3 (damas): 1 1 2 0 -> 1 1 1 1",
        "2026-11-28 15:42:11  record     referee",
        "                       hand 4 (reis-valetes): 2 2 2 2",
        "2026-11-28 15:42:13  undo       referee",
        "                       hand 4 (reis-valetes): 2 2 2 2 ->",
        "                         removed",
    ]


def test_history_json_holds_the_entries_as_the_sheet_did(game):
    result = run("history", "mesa1.yaml", "--format", "json")
    assert (result.exit_code, result.stderr) == (exit_codes.CLEAN, "")
    changes = json.loads(result.stdout)
    assert all(len(c.pop("id")) == 32 for c in changes)
    assert [(c["action"], c["entry"], c["before"], c["after"]) for c in changes] == [
        ("new", None, None, None),
        ("record", 1, None, {"hand": "vazas", "counts": [3, 2, 1, 7]}),
        ("record", 2, None, {"hand": "copas", "points": [-80, -60, -120, 0]}),
        ("record", 3, None, {"hand": "damas", "counts": [1, 1, 2, 0]}),
        ("fix", 3, {"hand": "damas", "counts": [1, 1, 2, 0]}, {"hand": "damas", "counts": [1, 1, 1, 1]}),
        ("record", 4, None, {"hand": "reis-valetes", "counts": [2, 2, 2, 2]}),
        ("undo", 4, {"hand": "reis-valetes", "counts": [2, 2, 2, 2]}, None),
    ]
    assert changes[4] == {
        "when": "2026-11-28T15:42:09+00:00",
        "ended": "2026-11-28T15:42:10+00:00",
        "state": "done",
        "action": "fix",
        "by": {"command": "scorekeeper fix mesa1.yaml 3 damas 1 1 1 1", "user": "referee"},
        "file": "mesa1.yaml",
        "files": ["mesa1.yaml"],
        "entry": 3,
        "before": {"counts": [1, 1, 2, 0], "hand": "damas"},
        "after": {"counts": [1, 1, 1, 1], "hand": "damas"},
        "detail": {},
    }


def test_history_csv_is_one_row_a_change(game):
    result = run("history", "mesa1.yaml", "--format", "csv")
    assert result.exit_code == exit_codes.CLEAN
    lines = result.stdout.splitlines()
    assert lines[0] == "id,when,state,action,by,command,file,entry,before,after,detail"
    rows = [line.split(",", 1)[1] for line in lines[1:]]  # the id is random
    assert rows[4:] == [
        "2026-11-28T15:42:09+00:00,done,fix,referee,scorekeeper fix mesa1.yaml 3 damas 1 1 1 1,mesa1.yaml,3,"
        "1 1 2 0,1 1 1 1,hand 3 (damas): 1 1 2 0 -> 1 1 1 1",
        "2026-11-28T15:42:11+00:00,done,record,referee,scorekeeper record mesa1.yaml reis-valetes 2 2 2 2,"
        "mesa1.yaml,4,,2 2 2 2,hand 4 (reis-valetes): 2 2 2 2",
        "2026-11-28T15:42:13+00:00,done,undo,referee,scorekeeper undo mesa1.yaml,mesa1.yaml,4,2 2 2 2,,"
        "hand 4 (reis-valetes): 2 2 2 2 -> removed",
    ]


def test_history_of_a_folder_names_each_file(game, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")
    assert run("new", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o", "mesa2.yaml").exit_code == 0
    result = run("history", ".", "--format", "json")
    assert [(c["action"], c["file"]) for c in json.loads(result.stdout)][-2:] == [
        ("undo", "mesa1.yaml"),
        ("new", "mesa2.yaml"),
    ]
    table = run("history", ".").stdout.splitlines()
    assert table[0].split() == ["when", "action", "file", "detail", "by"]


def test_history_of_a_sheet_in_another_folder_names_it_as_the_user_does(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path.parent)
    result = run("history", f"{tmp_path.name}/mesa1.yaml", "--format", "json")
    assert {c["file"] for c in json.loads(result.stdout)} == {f"{tmp_path.name}/mesa1.yaml"}


def test_no_journal_is_an_empty_history(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pathlib.Path("mesa1.yaml").write_text("rules: king\nplayers: [A, B, C, D]\nhands: []\n", encoding="utf-8")
    result = run("history", "mesa1.yaml")
    assert (result.exit_code, result.output) == (0, "mesa1.yaml: no change is on record (no journal holds one)\n")
    assert (run("history", ".", "--format", "json").stdout, run("history", ".", "--format", "csv").stdout) == (
        "[]\n",
        "id,when,state,action,by,command,file,entry,before,after,detail\n",
    )
    missing = run("history", "nowhere/mesa1.yaml")
    assert (missing.exit_code, missing.stderr) == (2, "Error: nowhere/mesa1.yaml: no such file or folder\n")


def test_a_removed_sheet_keeps_its_history(game):
    os.unlink("mesa1.yaml")
    result = run("history", "mesa1.yaml")
    assert result.exit_code == 0
    last = json.loads(run("history", "mesa1.yaml", "--format", "json").stdout)[-1]
    assert last["before"] == {"counts": [2, 2, 2, 2], "hand": "reis-valetes"}  # the record outlives the sheet
    # its game unknown now: said generically, not lost
    assert result.stdout.splitlines()[-2:] == [
        "                       entry 4: counts 2 2 2 2, hand",
        "                         reis-valetes -> removed",
    ]


# --- a journal that is not this folder's own ----------------------------------------------

UNREADABLE = "Error: .scorekeeper-journal.sqlite: not a journal scorekeeper can read; no history is shown (the file is left as it is)\n"
IGNORED = ".scorekeeper-journal.sqlite: not a journal scorekeeper can read; the files are read without it\n"


def _no_trace(result, tmp_path):
    assert "Traceback" not in result.output
    assert str(tmp_path) not in result.output and os.path.realpath(tmp_path) not in result.output


def test_a_damaged_journal_is_one_line_and_left_as_it_is(game, tmp_path):
    garbage = bytes(range(256)) * 4
    pathlib.Path(JOURNAL).write_bytes(garbage)
    for name in (JOURNAL + "-wal", JOURNAL + "-shm"):
        if os.path.lexists(name):
            os.unlink(name)
    result = run("history", "mesa1.yaml")
    assert (result.exit_code, result.stdout, result.stderr) == (exit_codes.UNUSABLE, "", UNREADABLE)
    check = run("check", "mesa1.yaml")
    assert (check.exit_code, check.stdout) == (
        exit_codes.CLEAN,
        IGNORED + "mesa1.yaml: clean (king, in progress, 3 hands recorded; Ana -190, Bruno -150, Carla -190, "
        "Duarte -190)\n",
    )
    shown = run("show", "mesa1.yaml", "--format", "json")
    assert (shown.exit_code, shown.stderr) == (0, IGNORED)
    assert json.loads(shown.stdout)["totals"] == {"Ana": -190, "Bruno": -150, "Carla": -190, "Duarte": -190}
    assert pathlib.Path(JOURNAL).read_bytes() == garbage  # a reading command sets nothing aside
    for done in (result, check, shown):
        _no_trace(done, tmp_path)


def test_a_symlinked_journal_is_one_line(game, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for name in os.listdir("."):
        if name.startswith(JOURNAL):
            os.rename(name, elsewhere / name)
    os.symlink(elsewhere / JOURNAL, JOURNAL)
    result = run("history", ".")
    assert (result.exit_code, result.stdout, result.stderr) == (exit_codes.UNUSABLE, "", UNREADABLE)
    shown = run("show", "mesa1.yaml")
    assert shown.exit_code == 0 and shown.stdout.startswith(IGNORED + "#")
    for done in (result, shown):
        _no_trace(done, tmp_path)


def test_a_journal_copied_from_another_folder_says_so(game, tmp_path, monkeypatch):
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ["mesa1.yaml", *(n for n in os.listdir(".") if n.startswith(JOURNAL))]:
        (copy / name).write_bytes(pathlib.Path(name).read_bytes())
    monkeypatch.chdir(copy)
    pathlib.Path("mesa1.yaml").write_text(pathlib.Path("mesa1.yaml").read_text() + "# edited\n", encoding="utf-8")
    result = run("history", "mesa1.yaml")
    assert result.exit_code == exit_codes.CLEAN
    lines = result.stdout.splitlines()
    assert (
        lines[0]
        == ".scorekeeper-journal.sqlite: made in another folder; the changes below were made to the files there"
    )
    assert "hand 3 (damas): 1 1 2 0 -> 1 1 1 1" in result.stdout
    check = run("check", "mesa1.yaml")  # another folder's record says nothing of this sheet
    assert (check.exit_code, check.stdout.count("\n"), "outside" in check.stdout) == (0, 1, False)
    _no_trace(result, tmp_path)


# --- check and show -----------------------------------------------------------------------


def test_check_and_show_say_a_sheet_was_changed_by_hand(game):
    text = pathlib.Path("mesa1.yaml").read_text(encoding="utf-8")
    pathlib.Path("mesa1.yaml").write_text(text.replace("[3, 2, 1, 7]", "[3, 2, 2, 6]"), encoding="utf-8")
    said = "mesa1.yaml: changed outside scorekeeper since its last recorded change (2026-11-28 15:42:13)\n"
    check = run("check", "mesa1.yaml")
    assert (check.exit_code, check.stdout) == (
        exit_codes.CLEAN,
        said + "mesa1.yaml: clean (king, in progress, 3 hands recorded; Ana -190, Bruno -150, Carla -210, "
        "Duarte -170)\n",
    )
    shown = run("show", "mesa1.yaml")
    assert shown.exit_code == 0 and shown.stdout.startswith(said + "#    hand")
    listed = run("history", "mesa1.yaml")  # after the record, what it does not hold
    assert (listed.exit_code, listed.stdout.splitlines()[-1] + "\n") == (0, said)
    as_json = run("history", "mesa1.yaml", "--format", "json")
    assert (as_json.stderr, len(json.loads(as_json.stdout))) == (said, 7)
    data = run("check", "--format", "json", "mesa1.yaml")  # information goes beside the data, never into it
    assert (data.stderr, json.loads(data.stdout)[0]["findings"]) == (said, [])
    as_csv = run("show", "--format", "csv", "mesa1.yaml")
    assert as_csv.stderr == said and as_csv.stdout.startswith("#,hand,")


def test_check_says_nothing_of_an_unchanged_sheet(game):
    check = run("check", "mesa1.yaml")
    assert (check.exit_code, check.stdout, check.stderr) == (
        0,
        "mesa1.yaml: clean (king, in progress, 3 hands recorded; Ana -190, Bruno -150, Carla -190, Duarte -190)\n",
        "",
    )


def test_check_completes_what_a_killed_run_left_first(game):
    """A record killed after the journal held it and before the sheet did: check completes it
    before it reads the sheet, and says so."""
    before = pathlib.Path("mesa1.yaml").read_bytes()
    after = before + b"  - {hand: reis-valetes, counts: [2, 2, 2, 2]}\n"
    journal = store.Journal.open(os.getcwd(), False, [], ".")
    record = FileChange("mesa1.yaml", before, after)
    journal.begin(
        "k" * 32,
        "record",
        {"command": "scorekeeper record mesa1.yaml reis-valetes 2 2 2 2", "user": "referee"},
        "mesa1.yaml",
        None,
        {"entry": 4, "after": {"hand": "reis-valetes", "counts": [2, 2, 2, 2]}, "file": "mesa1.yaml"},
        [store.FileRecord("mesa1.yaml", digest(before), digest(after), record.before, record.after)],
    )
    journal.close()
    check = run("check", "mesa1.yaml")
    assert check.exit_code == 0
    assert check.stdout.splitlines() == [
        "completed the interrupted record (entry 4), begun 2026-11-28 15:42:15",
        "mesa1.yaml: clean (king, in progress, 4 hands recorded; Ana -250, Bruno -210, Carla -250, Duarte -250)",
    ]
    assert pathlib.Path("mesa1.yaml").read_bytes() == after
    last = json.loads(run("history", "mesa1.yaml", "--format", "json").stdout)[-1]
    assert (last["id"], last["state"], last["entry"]) == ("k" * 32, "completed", 4)


def test_check_reads_each_folders_journal_once(game, monkeypatch):
    for n in range(2, 6):
        pathlib.Path(f"mesa{n}.yaml").write_bytes(pathlib.Path("mesa1.yaml").read_bytes())
    opened = []
    real_open = store.Journal.open.__func__

    def counting(cls, folder, create, notices, shown):
        opened.append(folder)
        return real_open(cls, folder, create, notices, shown)

    monkeypatch.setattr(store.Journal, "open", classmethod(counting))
    result = run("check", *(f"mesa{n}.yaml" for n in range(1, 6)))
    assert result.exit_code == 0
    assert len(opened) == 2  # once to complete what was left pending, once to compare the sheets


def test_check_of_a_sheet_with_no_journal_imports_no_sqlite(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text("rules: king\nplayers: [A, B, C, D]\nhands: []\n", encoding="utf-8")
    probe = (
        "import sys\nfrom click.testing import CliRunner\nfrom scorekeeper.cli import cli\n"
        "result = CliRunner().invoke(cli, sys.argv[1:])\nassert result.exit_code == 0, result.output\n"
        "print('sqlite3' in sys.modules)\n"
    )
    for command in ("check", "show"):
        done = subprocess.run([sys.executable, "-c", probe, command, str(sheet)], capture_output=True, text=True)
        assert done.stdout.strip() == "False", done.stderr


def test_the_journals_name_is_the_stores():
    assert core_history.JOURNAL_NAME == store.JOURNAL_NAME


# --- the exported workbook ----------------------------------------------------------------


def test_the_boletim_lists_each_correction_and_removal_and_still_imports(game):
    result = run("export", "mesa1.yaml", "-o", "mesa1.xlsx", "--lang", "en")
    assert result.exit_code == 0, result.output
    wb = openpyxl.load_workbook("mesa1.xlsx")
    assert wb.sheetnames == ["Table1", "History"]
    rows = [list(r) for r in wb["History"].iter_rows(values_only=True)]
    assert rows[2] == list(HISTORY_HEADERS)
    assert rows[3:] == [
        ["Table1", "hand 3 (damas)", "correction", "1 1 2 0", "1 1 1 1", "2026-11-28 15:42:09", "referee"],
        ["Table1", "hand 4 (reis-valetes)", "removal", "2 2 2 2", "removed", "2026-11-28 15:42:13", "referee"],
    ]
    ws = wb["History"]
    assert (ws.page_setup.paperSize, ws.page_setup.orientation, ws.print_title_rows) == (9, "landscape", "$3:$3")
    imported = run("import", "mesa1.xlsx", "-o", "back.yaml")
    assert imported.exit_code == 0, imported.output
    hands = yaml.safe_load(pathlib.Path("back.yaml").read_text(encoding="utf-8"))["hands"]
    assert hands == yaml.safe_load(pathlib.Path("mesa1.yaml").read_text(encoding="utf-8"))["hands"]
    assert run("check", "mesa1.xlsx").exit_code == 0


def test_the_boletim_speaks_its_own_language(game):
    assert run("export", "mesa1.yaml", "-o", "mesa1.xlsx").exit_code == 0  # King's: Portugal's Portuguese
    wb = openpyxl.load_workbook("mesa1.xlsx")
    assert wb.sheetnames[0] == "Mesa1"
    assert len(wb.sheetnames) == 2


def test_text_a_stranger_wrote_stays_inert_in_the_history(game, monkeypatch):
    """Who made a change is what the system or a client says: a formula there stays text."""
    monkeypatch.setattr("scorekeeper.journal.who._user", lambda: '=HYPERLINK("http://x","y")')
    assert run("fix", "mesa1.yaml", "1", "vazas", "4", "2", "1", "6").exit_code == 0
    assert run("export", "mesa1.yaml", "-o", "s.xlsx", "--lang", "en").exit_code == 0
    cell = openpyxl.load_workbook("s.xlsx")["History"].cell(6, 7)
    assert (cell.value, cell.data_type, cell.quotePrefix) == ('=HYPERLINK("http://x","y")', "s", True)


@pytest.mark.parametrize(
    "game, args, fix, said",
    [
        ("sueca", ("72", "48"), ("1", "70", "50"), ("deal 1", "72 48", "70 50")),
        ("truco", ("Nos", "3"), ("1", "Eles", "6"), ("hand 1", "Nos 3", "Eles 6")),
    ],
)
def test_a_ficha_lists_its_corrections_and_still_imports(tmp_path, monkeypatch, clock, game, args, fix, said):
    monkeypatch.chdir(tmp_path)
    assert run("new", game, "-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "-o", "j.yaml").exit_code == 0
    assert run("record", "j.yaml", *args).exit_code == 0
    assert run("fix", "j.yaml", *fix).exit_code == 0
    assert run("export", "j.yaml", "-o", "j.xlsx", "--lang", "en").exit_code == 0
    rows = list(openpyxl.load_workbook("j.xlsx")["History"].iter_rows(values_only=True))
    assert rows[3][1:5] == (said[0], "correction", *said[1:])
    assert run("import", "j.xlsx", "-o", "back.yaml").exit_code == 0


def test_a_planilha_lists_its_corrections_and_still_imports(tmp_path, monkeypatch, clock):
    monkeypatch.chdir(tmp_path)
    players = ("-p", "Ari", "-p", "Bia", "-p", "Caio", "-p", "Davi", "-p", "Eva")
    assert run("new", "quatrilho", *players, "-o", "m.yaml").exit_code == 0
    assert run("record", "m.yaml", "normal", "Bia", "Davi", "22").exit_code == 0
    assert run("undo", "m.yaml").exit_code == 0
    assert run("export", "m.yaml", "-o", "m.xlsx", "--lang", "en").exit_code == 0
    rows = list(openpyxl.load_workbook("m.xlsx")["History"].iter_rows(values_only=True))
    assert rows[3][1:5] == ("entry 1 (normal)", "removal", "Bia Davi 22", "removed")
    assert run("import", "m.xlsx", "-o", "back.yaml").exit_code == 0


def test_no_correction_no_history_worksheet(tmp_path, monkeypatch, clock):
    monkeypatch.chdir(tmp_path)
    for args in GAME[:3]:
        assert run(*args).exit_code == 0
    assert run("export", "mesa1.yaml", "-o", "a.xlsx").exit_code == 0
    assert openpyxl.load_workbook("a.xlsx").sheetnames == ["Mesa1"]


def test_a_long_history_is_bounded(game, monkeypatch):
    monkeypatch.setattr("scorekeeper.workbook.history_sheet.MAX_ROWS", 1)
    assert run("export", "mesa1.yaml", "-o", "mesa1.xlsx", "--lang", "en").exit_code == 0
    rows = list(openpyxl.load_workbook("mesa1.xlsx")["History"].iter_rows(values_only=True))
    assert rows[4][0] == "and 1 more: `scorekeeper history` lists them all"


def test_nothing_above_the_history_table_reads_as_a_boletim_label():
    from scorekeeper.i18n import spellings
    from scorekeeper.workbook.history_sheet import HISTORY_NOTE, HISTORY_TITLE
    from scorekeeper.workbook.layout import info_key

    for text in (HISTORY_TITLE, HISTORY_NOTE, *HISTORY_HEADERS):
        assert all(info_key(spelling) is None for spelling in spellings(text)), text


# --- an entry in its game's words ---------------------------------------------------------


@pytest.mark.parametrize(
    "game, entry, said",
    [
        ("king", {"counts": [1, 1, 2, 0], "hand": "damas"}, ("damas", "1 1 2 0")),
        ("king", {"counts": {"Ana": 1, "Bruno": 2}, "hand": "damas"}, ("damas", "Ana=1 Bruno=2")),
        (
            "king",
            {"beneficiary": "Bruno", "contract": "nulos", "hand": "festa", "offer": {"by": "Carla", "tricks": 2}},
            ("festa", "--beneficiary Bruno, --contract nulos, --offer by=Carla tricks=2"),
        ),
        ("sueca", {"points": {"Eles": 48, "Nos": 72}}, (None, "Eles=48 Nos=72")),
        ("sueca", {"penalty": "renuncia", "team": "Eles"}, (None, "penalty renuncia, team Eles")),
        ("truco", {"raised_by": "Eles", "value": 6, "winner": "Nos"}, (None, "Nos 6, raised_by Eles")),
        (
            "quatrilho",
            {"caller": "Bia", "contract": "normal", "figuras": 22, "partner": "Davi"},
            ("normal", "Bia Davi 22"),
        ),
        ("quatrilho", {"coringa": "Zeca", "late": "Eva"}, (None, "coringa Zeca, late Eva")),
    ],
)
def test_an_entry_is_said_as_record_takes_it(game, entry, said):
    assert entry_words(entry, games.get(game)) == said


def test_an_entry_of_any_size_is_said_in_bounded_words():
    kind, values = entry_words({"hand": "vazas", "counts": list(range(10_000)), "x": [[[[[1]]]]]}, games.get("king"))
    assert kind == "vazas" and len(values) <= 240 and values.endswith("...")
