"""The attack suite, terminal side: a terminal that cannot show a name (Latin-1, cp1252, ASCII)
never turns a saved hand into a failure, and what scorekeeper prints carries no bidirectional
control, no control character and no noncharacter raw: not on the terminal, not in CSV, not in
JSON. Run as a user runs it: the console script in a subprocess, with PYTHONIOENCODING set."""

import csv
import io
import json
import os
import shutil
import subprocess
import sys

import pytest
from conftest import run

ENCODINGS = ["latin-1", "cp1252", "ascii"]
OMEGA, LI, ZE = "\u03a9mega", "\u674e", "Z\u00e9"  # Latin-1 and cp1252 show only the third


def scorekeeper_command() -> list[str]:
    script = shutil.which("scorekeeper")
    if script is not None:
        return [script]
    return [sys.executable, "-m", "scorekeeper"]


def shown(text: str, encoding: str) -> str:
    """`text` as a terminal of `encoding` is sent it: what it cannot show, escaped."""
    return text.encode(encoding, "backslashreplace").decode(encoding)


class Terminal:
    """scorekeeper run in `folder` on a terminal of `encoding`: each run gives its exit code, its
    standard output and error decoded as that terminal decodes them."""

    def __init__(self, folder, encoding: str, command=None):
        self.folder, self.encoding = folder, encoding
        self.command = command or scorekeeper_command()
        self.env = {**os.environ, "PYTHONIOENCODING": encoding, "COLUMNS": "200"}

    def __call__(self, *args, typed: str | None = None) -> tuple[int, str, str]:
        done = subprocess.run(
            [*self.command, *map(str, args)],
            cwd=self.folder,
            env=self.env,
            capture_output=True,
            input=None if typed is None else typed.encode(self.encoding),
            timeout=60,
        )
        out, err = done.stdout.decode(self.encoding), done.stderr.decode(self.encoding)
        assert "internal error" not in out + err and "Traceback" not in err, (out, err)
        return done.returncode, out, err


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_name_the_terminal_cannot_show_never_fails_a_king_sheet(tmp_path, encoding):
    terminal = Terminal(tmp_path, encoding)
    names = ", ".join(shown(n, encoding) for n in (OMEGA, LI, ZE, "D"))

    assert terminal("new", "king", "-p", OMEGA, "-p", LI, "-p", ZE, "-p", "D", "-o", "s.yaml") == (
        0,
        f"Created s.yaml: king, {names}. Next: scorekeeper record s.yaml\n",
        "",
    )
    header = f"rules: king\nplayers: [{OMEGA}, {LI}, {ZE}, D]\nscorer: {OMEGA}  # responsible for the sheet (Art 6)\n"
    assert (tmp_path / "s.yaml").read_text(encoding="utf-8") == header + "hands: []\n"

    o, li, ze = (shown(n, encoding) for n in (OMEGA, LI, ZE))
    assert terminal("record", "s.yaml", "vazas", "3", "2", "1", "7") == (
        0,
        f"Hand 1 (vazas): {o} -60, {li} -40, {ze} -20, D -140\n",
        "",
    )
    hands = header + "hands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}\n"
    assert (tmp_path / "s.yaml").read_text(encoding="utf-8") == hands

    # The interactive mode: every prompt names a player the terminal cannot show.
    code, out, err = terminal("record", "s.yaml", typed="\n0\n0\n13\n0\nq\n")
    assert (code, err) == (0, "")
    assert (
        f"Hand 2 [copas]:   {o}, copas taken:   {li}, copas taken:   {ze}, copas taken:   D, copas taken: "
        f"Hand 2 (copas): {o} 0, {li} 0, {ze} -260, D 0\n" in out
    )
    assert out.endswith("\nStopped; every recorded hand is saved.\n")
    hands += "  - {hand: copas, counts: [0, 0, 13, 0]}\n"
    assert (tmp_path / "s.yaml").read_text(encoding="utf-8") == hands

    code, out, err = terminal("show", "s.yaml")
    assert (code, err) == (0, "")
    assert out.splitlines()[0].split() == ["#", "hand", "detail", o, li, ze, "D", "total", "control"]
    assert out.splitlines()[3].split() == ["2", "copas", "0", "0", "-260", "0", "-260", "-260"]

    code, out, err = terminal("show", "s.yaml", "--format", "csv")
    assert (code, err) == (0, "")
    assert list(csv.reader(io.StringIO(out)))[0] == ["#", "hand", "detail", o, li, ze, "D", "total", "control"]

    code, out, err = terminal("show", "s.yaml", "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out)["players"] == [OMEGA, LI, ZE, "D"]  # the same names, written as JSON escapes them
    assert ("\u00e9" in out) == (encoding != "ascii")  # what the terminal shows stays readable

    assert terminal("check", "s.yaml") == (
        0,
        f"s.yaml: clean (king, in progress, 2 hands recorded; {o} -60, {li} -40, {ze} -280, D -140)\n",
        "",
    )
    assert terminal("check", "s.yaml", "--format", "json")[0] == 0

    # A refusal that quotes the name is one line, exit 2, and nothing is saved.
    assert terminal("record", "s.yaml", "damas", f"{OMEGA}=5", f"{LI}=0", f"{ZE}=0", "D=0") == (
        2,
        "",
        f"Error: s.yaml: {o}'s damas: 5 is out of range (0 to 4)\n",
    )
    assert (tmp_path / "s.yaml").read_text(encoding="utf-8") == hands
    assert terminal("show", f"{OMEGA}.yaml") == (2, "", f"Error: {o}.yaml: no such file\n")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_coringa_typed_at_the_prompt_on_such_a_terminal(tmp_path, encoding):
    terminal = Terminal(tmp_path, encoding, [sys.executable, "-m", "scorekeeper"])  # the other entry
    assert (
        terminal("new", "quatrilho", "-p", OMEGA, "-p", LI, "-p", "Caio", "-p", "Davi", "-p", "Eva", "-o", "q.yaml")[0]
        == 0
    )
    coringa = "Zeca" if encoding == "ascii" else ZE  # typed in the terminal's own encoding
    code, out, err = terminal("record", "q.yaml", typed=f"late\nEva\n{coringa}\nq\n")
    assert (code, err) == (0, "")
    o, li = shown(OMEGA, encoding), shown(LI, encoding)
    assert (
        f"Deal 1 (dealer {o}): contract, fine, late, out or rebuy: late player ({o}, {li}, Caio, Davi, Eva): "
        f"coringa taking Eva's seat (a name, or none) [none]: Entry 1 (late, Eva, coringa {coringa}): Eva -200\n" in out
    )
    assert (tmp_path / "q.yaml").read_text(encoding="utf-8") == (
        f"rules: quatrilho\nplayers: [{OMEGA}, {LI}, Caio, Davi, Eva]\ndeals:\n  - {{late: Eva, coringa: {coringa}}}\n"
    )


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_tournament_standings_on_such_a_terminal(tmp_path, encoding):
    terminal = Terminal(tmp_path, encoding)
    assert terminal(
        "tournament",
        "new",
        "king",
        "--name",
        "Ta\u00e7a",
        "--rounds",
        "1",
        "-p",
        OMEGA,
        "-p",
        LI,
        "-p",
        ZE,
        "-p",
        "D",
        "-o",
        "t.yaml",
    ) == (0, "Created t.yaml: king, 4 players. Next: scorekeeper tournament draw t.yaml\n", "")
    code, out, err = terminal("tournament", "draw", "t.yaml", "--seed", "1")
    assert (code, err) == (0, "")
    assert out.startswith("Round 1 drawn into t.yaml:\n  Table 1: ")
    assert shown(OMEGA, encoding) in out and shown(LI, encoding) in out
    code, out, err = terminal("tournament", "standings", "t.yaml")
    assert code == 0
    rows = [line.split() for line in out.splitlines()]
    assert rows[0] == ["place", "player", "points", "decided", "by"]
    assert sorted(row[1] for row in rows[2:]) == sorted(shown(n, encoding) for n in (OMEGA, LI, ZE, "D"))
    assert "r1-mesa1.yaml" in err  # the table's sheet, not in yet, is named on standard error
    code, out, _err = terminal("tournament", "standings", "t.yaml", "--format", "json")
    assert code == 0
    assert sorted(row["player"] for row in json.loads(out)) == sorted([OMEGA, LI, ZE, "D"])


def test_help_and_usage_errors_on_an_ascii_terminal_are_escaped_not_utf8(tmp_path):
    # click writes UTF-8 past a stream it takes for misconfigured (ASCII); ours is the one writer.
    terminal = Terminal(tmp_path, "ascii")
    code, out, _err = terminal("--lang", "pt_PT", "show", "--help")
    assert code == 0 and out.startswith("Utiliza\\xe7\\xe3o: scorekeeper show [OPTIONS] FILE\n")
    code, _out, err = terminal("--lang", "pt_PT", "show", "--format", "\u03a9")
    assert code == 2 and "'\\u03a9'" in err and err.isascii()


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_import_to_standard_output_writes_the_sheet_as_utf8(tmp_path, encoding):
    # The YAML is a sheet, read back as UTF-8: an escaped `\u03a9mega` in it would be another name.
    sheet = tmp_path / "s.yaml"
    sheet.write_text(
        f"rules: king\nplayers: [{OMEGA}, {LI}, {ZE}, D]\nhands:\n  - {{hand: vazas, counts: [3, 2, 1, 7]}}\n",
        encoding="utf-8",
    )
    assert run("export", sheet, "-o", tmp_path / "s.xlsx").exit_code == 0
    assert run("import", tmp_path / "s.xlsx", "-o", tmp_path / "back.yaml").exit_code == 0
    done = subprocess.run(
        [*scorekeeper_command(), "import", "s.xlsx", "-o", "-"],
        cwd=tmp_path,
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": encoding},
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode("utf-8") == (tmp_path / "back.yaml").read_text(encoding="utf-8")
    assert f"players: [{OMEGA}, {LI}, {ZE}, D]\n" in done.stdout.decode("utf-8")


# --- no direction mark, control character or noncharacter reaches the terminal raw ------------

NEVER_RAW = ["\u202e", "\u2066", "\u200f", "\u061c", "\ufeff", "\uffff", "\U0010fffe", "\x1b", "\x85"]


def test_direction_marks_in_file_names_events_and_hands_are_escaped_everywhere(tmp_path):
    sheet = tmp_path / "mesa\u202e1.yaml"
    marked = tmp_path / "marked.yaml"  # a header text with direction marks is refused at load (WR3)
    marked.write_text(
        'rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nevent: "Final \\u2066\\u200f\\u061c\\ufeff"\nhands: []\n',
        encoding="utf-8",
    )
    assert (run("check", marked).exit_code, run("check", marked).output) == (
        2,
        f"Error: {marked}:3: event: 'Final \\u2066\\u200f\\u061c\\ufeff' holds an invisible direction mark\n",
    )
    sheet.write_text(
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nevent: Final\n"
        'hands:\n  - {hand: vazas, counts: [3, 2, 1, 7], note: "\\u202e\\uffff"}\n'
        '  - {hand: "co\\u202epas\\uFFFF\\U0010FFFE", counts: [1, 1, 1, 10]}\n',
        encoding="utf-8",
    )
    hand = "co\\u202epas\\uffff\\U0010fffe"  # as the terminal and CSV show it
    for args, shows in (
        (["show", sheet], hand),
        (["check", sheet], f"unknown hand '{hand}'"),
        (["check", sheet, "--format", "table"], hand),
        (["show", sheet, "--format", "csv"], hand),
        (["check", sheet, "--format", "csv"], hand),
    ):
        result = run(*args)
        assert result.exit_code in (0, 1), result.output
        assert shows in result.output, (args, result.output)
        assert not any(raw in result.output for raw in NEVER_RAW), (args, result.output)
    assert run("check", sheet).output.startswith(f"{tmp_path}/mesa\\u202e1.yaml:6: error [K-ART8-HAND-UNKNOWN]: ")
    rows = list(csv.reader(io.StringIO(run("show", sheet, "--format", "csv").output)))
    assert rows[2][:2] == ["2", hand]
    for args in (["show", sheet, "--format", "json"], ["check", sheet, "--format", "json"]):
        result = run(*args)
        assert not any(raw in result.output for raw in NEVER_RAW), (args, result.output)
        assert "\\u202e" in result.output and "\\udbff\\udffe" in result.output  # JSON's own escapes
        data = json.loads(result.output)
        data = data[0] if isinstance(data, list) else data
        assert (data["file"], data["event"]) == (str(sheet), "Final")
        assert data["hands"][1]["hand"] == "co\u202epas\uffff\U0010fffe"  # the same text, read back


def test_a_refusal_quotes_a_direction_mark_escaped(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text("rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n", encoding="utf-8")
    result = run("record", sheet, "co\u202epas", "1", "1", "1", "10")
    assert (result.exit_code, result.output) == (
        2,
        f"Error: {sheet}: unknown hand 'co\\u202epas'; the hands are vazas, copas, damas, reis-valetes, "
        "rei-de-copas, ultimas, festa\n",
    )
    result = run("new", "king", "-p", "A\u2067", "-p", "B", "-p", "C", "-p", "D", "-o", tmp_path / "n.yaml")
    assert result.output == f"Error: {tmp_path / 'n.yaml'}: the name 'A\\u2067' holds an invisible direction mark\n"


# --- output that cannot be written at all ------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_saved_hand_whose_report_cannot_be_written_is_no_failure(tmp_path):
    sheet = tmp_path / "s.yaml"

    def scorekeeper(*args, stdout=None, stderr=None):
        with open("/dev/full", "w") as full:
            done = subprocess.run(
                [*scorekeeper_command(), *map(str, args)],
                stdout=full if stdout else subprocess.PIPE,
                stderr=full if stderr else subprocess.PIPE,
                text=True,
                timeout=60,
            )
        return done.returncode, done.stderr

    saved = "standard output: No space left on device; nothing is lost: {} saved\n"
    assert scorekeeper("new", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o", sheet, stdout=True) == (
        0,
        saved.format(sheet),
    )
    assert scorekeeper("record", sheet, "vazas", "3", "2", "1", "7", stdout=True) == (0, saved.format(sheet))
    assert sheet.read_text(encoding="utf-8").endswith("hands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}\n")
    # Nothing saved: a report that cannot be written is the command's failure, said in one line.
    assert scorekeeper("check", sheet, stdout=True) == (2, "Error: standard output: No space left on device\n")
    assert scorekeeper("show", sheet, "--format", "json", stdout=True) == (
        2,
        "Error: standard output: No space left on device\n",
    )
    # A refusal that cannot be said is still a refusal.
    assert scorekeeper("record", sheet, "damas", "5", "1", "1", "1", stderr=True)[0] == 2
    assert scorekeeper("record", sheet, "copas", "0", "0", "13", "0", stdout=True, stderr=True)[0] == 0
    assert sheet.read_text(encoding="utf-8").endswith("  - {hand: copas, counts: [0, 0, 13, 0]}\n")
