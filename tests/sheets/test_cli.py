"""The command line: messages, exit codes and the files it writes (click's CliRunner)."""

import json
import pathlib

import pytest
from conftest import EXAMPLES, files_in, run

from scorekeeper import games

FINAL = str(EXAMPLES / "king-final-nacional-mesa1.yaml")
DISPUTED = str(EXAMPLES / "king-disputed-mesa3.yaml")


@pytest.fixture
def sheet(tmp_path):
    path = tmp_path / "mesa1.yaml"
    result = run(
        "new",
        "king",
        "-p",
        "Ana",
        "-p",
        "Bruno",
        "-p",
        "Carla",
        "-p",
        "Duarte",
        "-o",
        path,
        "--event",
        "Final Nacional",
        "--table",
        "1",
        "--date",
        "2026-11-28",
    )
    assert result.exit_code == 0, result.output
    return path


def test_new_writes_an_empty_sheet(sheet):
    assert sheet.read_text() == (
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nscorer: Ana  # responsible for the sheet (Art 6)\n"
        "event: Final Nacional\ntable: 1\ndate: 2026-11-28\nhands: []\n"
    )


def test_new_refuses_to_overwrite(sheet):
    result = run("new", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o", sheet)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {sheet}: already exists; use --force to overwrite it\n"


def test_new_needs_four_players(tmp_path):
    result = run("new", "king", "-p", "A", "-p", "B", "-o", tmp_path / "x.yaml")
    assert result.exit_code == 2
    assert result.stderr == f"Error: {tmp_path / 'x.yaml'}: king is played by 4 players; 2 were given\n"


def test_record_every_kind_of_hand_then_check_clean(sheet):
    commands = [
        ["vazas", "3", "2", "1", "7"],
        ["copas", "--points", "-80", "-60", "-120", "0"],
        ["damas", "Ana=1", "Bruno=1", "Carla=2", "Duarte=0"],
        ["reis-valetes", "2", "2", "2", "2"],
        ["rei-de-copas", "0", "0", "1", "0"],
        ["ultimas", "--penalty", "renuncia", "Duarte"],
        ["festa", "-c", "positivos", "-t", "copas", "5", "3", "3", "2"],
        ["festa", "-c", "nulos", "--offer", "Carla:2", "1", "3", "4", "5"],
        ["festa", "-c", "4-3-3-3"],
        ["festa", "--penalty", "renuncia", "Bruno"],
        ["festa", "-c", "positivos", "-t", "sem-trunfo", "--offer", "Ana:6", "8", "2", "2", "1"],
    ]
    outputs = []
    for command in commands:
        result = run("record", sheet, *command)
        assert result.exit_code == 0, result.output
        outputs.append(result.output)
    assert outputs[1] == "Hand 2 (copas): Ana -80, Bruno -60, Carla -120, Duarte 0\n"
    assert outputs[7] == "Hand 8 (festa, Bruno, nulos, offer Carla 2): Ana +250, Bruno +250, Carla -125, Duarte -50\n"
    assert outputs[-1].endswith("The game is complete: Ana +325, Bruno +15, Carla -285, Duarte -55\n")
    check = run("check", sheet)
    assert check.exit_code == 0
    assert check.output == f"{sheet}: clean (king, complete; Ana +325, Bruno +15, Carla -285, Duarte -55)\n"
    recorded = run("check", "--format", "json", sheet)
    expected = run("check", "--format", "json", FINAL)
    mine, theirs = json.loads(recorded.output)[0], json.loads(expected.output)[0]
    assert mine["totals"] == theirs["totals"]
    assert [h["points"] for h in mine["hands"]] == [h["points"] for h in theirs["hands"]]


def test_record_refuses_an_impossible_hand(sheet):
    result = run("record", sheet, "damas", "2", "1", "1", "1")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {sheet}: not recorded: hand 1 (damas): counts add up to 5, more than the 4 "
        "there are [Quadro 1] (use --force to record it as written)\n"
    )
    assert "hands: []" in sheet.read_text()
    forced = run("record", sheet, "damas", "2", "1", "1", "1", "--force")
    assert forced.exit_code == 0
    assert "{hand: damas, counts: [2, 1, 1, 1]}" in sheet.read_text()


@pytest.mark.parametrize(
    "args, message",
    [
        (["vazas", "3", "2", "1"], "3 vazas given for 4 players (Ana, Bruno, Carla, Duarte)"),
        (["vazas", "3", "2", "1", "14"], "Duarte's vazas: 14 is out of range (0 to 13)"),
        (["vazas", "3", "2", "1", "-7"], "Duarte's vazas: -7 is out of range (0 to 13)"),
        (["vazas", "3", "2", "1", "x"], "Duarte's vazas: 'x' is not a whole number"),
        (
            ["damas", "Ana=1", "Zeca=1", "Carla=2", "Duarte=0"],
            "'Zeca' is not a player at this table (Ana, Bruno, Carla, Duarte)",
        ),
        (
            ["espadas", "1", "2", "3", "7"],
            "unknown hand 'espadas'; the hands are vazas, copas, damas, reis-valetes, rei-de-copas, ultimas, festa",
        ),
        (["festa", "5", "3", "3", "2"], "a festa needs --contract positivos, nulos or 4-3-3-3"),
        (["ultimas", "--penalty", "logro", "Zeca"], "'Zeca' is not a player at this table (Ana, Bruno, Carla, Duarte)"),
    ],
)
def test_record_bad_values_exit_2_naming_the_sheet(sheet, args, message):
    result = run("record", sheet, *args)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {sheet}: {message}\n"


def test_undo_and_fix(sheet):
    run("record", sheet, "vazas", "3", "2", "1", "7")
    run("record", sheet, "copas", "3", "3", "3", "4")
    fixed = run("fix", sheet, "1", "vazas", "4", "2", "1", "6")
    assert fixed.exit_code == 0
    assert fixed.output == "Hand 1 (vazas): Ana -80, Bruno -40, Carla -20, Duarte -120\n"
    undone = run("undo", sheet)
    assert undone.output == "Removed hand 2 (copas, line 9).\n"
    assert sheet.read_text().endswith("hands:\n  - {hand: vazas, counts: [4, 2, 1, 6]}\n")
    assert run("undo", sheet).exit_code == 0
    assert sheet.read_text().endswith("hands: []\n")
    nothing = run("undo", sheet)
    assert (nothing.exit_code, nothing.stderr) == (2, f"Error: {sheet}: there is no hand to undo\n")
    missing = run("fix", sheet, "5", "vazas", "1", "1", "1", "10")
    assert (missing.exit_code, missing.stderr) == (2, f"Error: {sheet}: there is no hand 5; the sheet has 0\n")


def test_record_keeps_the_scorers_comments(tmp_path):
    path = tmp_path / "s.yaml"
    text = (
        "# mesa 4, copied from the paper boletim\nrules: king  # interbank\nplayers: [Ana, Bruno, Carla, Duarte]\n"
        "hands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}  # Duarte protested\n"
    )
    path.write_text(text)
    assert run("record", path, "copas", "0", "0", "0", "13").exit_code == 0
    assert path.read_text() == text + "  - {hand: copas, counts: [0, 0, 0, 13]}\n"


def test_interactive_record_asks_every_player(sheet):
    answers = "\n".join(["", "3", "2", "1", "6", "y", "q"]) + "\n"
    result = run("record", sheet, input=answers)
    assert result.exit_code == 0, result.output
    assert "Hand 1 [vazas]: " in result.output
    for player in ("Ana", "Bruno", "Carla", "Duarte"):
        assert f"  {player}, vazas taken: " in result.output
    assert (
        "these add up to 12 of 13: charge the missing 1 (-20) to Ana, the responsible scorer (Art 6)? [y/n] [n]"
        in result.output
    )
    assert "Hand 1 (vazas): Ana -80, Bruno -40, Carla -20, Duarte -120\n" in result.output
    assert sheet.read_text().endswith("  - {hand: vazas, counts: [3, 2, 1, 6]}\n")


def test_interactive_record_reasks_impossible_values(sheet):
    answers = "\n".join(["damas", "5", "1", "1", "1", "2", "1", "1", "1", "1", "1", "1", "1", "q"]) + "\n"
    result = run("record", sheet, input=answers)
    assert "Ana: damas taken: 5 is out of range (0 to 4); try again" in result.output
    assert "these add up to 5, more than the 4 there are; ask every player again" in result.output
    assert sheet.read_text().endswith("  - {hand: damas, counts: [1, 1, 1, 1]}\n")


def test_interactive_festa(sheet):
    for hand in (
        ["vazas", "3", "3", "3", "4"],
        ["copas", "3", "3", "3", "4"],
        ["damas", "1", "1", "1", "1"],
        ["reis-valetes", "2", "2", "2", "2"],
        ["rei-de-copas", "0", "0", "0", "1"],
        ["ultimas", "1", "1", "0", "0"],
    ):
        assert run("record", sheet, *hand).exit_code == 0
    answers = "\n".join(["", "", "nulos", "Carla 2", "1", "3", "4", "5", "q"]) + "\n"
    result = run("record", sheet, input=answers)
    assert result.exit_code == 0, result.output
    assert "Beneficiary (Dono da Festa) [Ana]: " in result.output
    assert sheet.read_text().endswith(
        "  - {hand: festa, beneficiary: Ana, contract: nulos, offer: {by: Carla, tricks: 2}, tricks: [1, 3, 4, 5]}\n"
    )
    assert "Hand 7 (festa, Ana, nulos, offer Carla 2): Ana +400, Bruno +100, Carla -125, Duarte -50" in result.output


def test_check_final_is_clean():
    result = run("check", FINAL)
    assert result.exit_code == 0
    assert result.output == f"{FINAL}: clean (king, complete; Ana +325, Bruno +15, Carla -285, Duarte -55)\n"


def test_check_disputed_lists_every_seeded_error():
    result = run("check", DISPUTED)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == (
        f"{DISPUTED}:18: warning [K-ART6-MISSING-CHARGED]: hand 1 (vazas): counts add up to 12 of 13; the missing 1 (-20) "
        "is charged to Ivo, the responsible scorer [Art 6]"
    )
    assert (
        lines[-1] == f"{DISPUTED}: 11 errors, 2 warnings (king, complete; Ivo +330, Joana +325, Lia -585, Manuel -115)"
    )


def test_check_json_keys():
    result = run("check", "--format", "json", FINAL, DISPUTED)
    assert result.exit_code == 1
    final, disputed = json.loads(result.output)
    assert {"file", "rules", "valid", "complete", "players", "totals", "hands", "findings"} <= set(final)
    assert final["valid"] is True and disputed["valid"] is False
    assert final["complete"] is True
    assert final["totals"] == {"Ana": 325, "Bruno": 15, "Carla": -285, "Duarte": -55}
    assert final["places"] == {"Ana": 5, "Bruno": 3, "Duarte": 2, "Carla": 1}
    assert final["hands"][7] == {
        "index": 8,
        "line": 20,
        "hand": "festa",
        "detail": "Bruno, nulos, offer Carla 2",
        "points": {"Ana": 250, "Bruno": 250, "Carla": -125, "Duarte": -50},
        "total": 325,
        "expected": 325,
    }
    assert disputed["findings"][2] == {
        "severity": "error",
        "code": "K-Q1-POINTS-MULTIPLE",
        "location": f"{DISPUTED}:20",
        "hand": 3,
        "player": "Lia",
        "message": "hand 3 (damas): Lia has -75 points, not a multiple of 50",
        "rule": "Quadro 1",
    }


def test_check_csv():
    result = run("check", "--format", "csv", DISPUTED)
    lines = result.output.splitlines()
    assert lines[0] == "location,severity,code,hand,player,message,rule"
    assert (
        lines[2]
        == f'{DISPUTED}:19,error,K-Q1-TOTAL-OVER,2,,"hand 2 (copas): counts add up to 14, more than the 13 there are",Quadro 1'
    )


def test_check_require_complete(sheet):
    run("record", sheet, "vazas", "3", "3", "3", "4")
    assert run("check", sheet).exit_code == 0
    result = run("check", "--require-complete", sheet)
    assert result.exit_code == 1
    assert f"{sheet}:1: error [K-UNFINISHED]: the game is not complete: 1 entry recorded [Art 8]" in result.output


def test_show_table():
    result = run("show", FINAL)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    # 80 columns (CliRunner's terminal): the compact table, each detail on a line under its hand
    assert lines[0].split() == ["#", "hand", "Ana", "Bruno", "Carla", "Duarte", "total", "control"]
    assert lines[2].split() == ["1", "vazas", "-60", "-40", "-20", "-140", "-260", "-260"]
    saldo = next(line for line in lines if "saldo" in line)
    assert saldo.split() == ["saldo", "+325", "+15", "-285", "-55", "0", "0"]
    assert "Running balance" in result.output


def test_show_json_has_running_balances():
    data = json.loads(run("show", "--format", "json", FINAL).output)
    assert data["hands"][5]["balance"] == {"Ana": -250, "Bruno": -210, "Carla": -460, "Duarte": -380}
    assert data["hands"][-1]["balance"] == data["totals"]


def test_rules_commands(tmp_path):
    listing = run("rules", "list")
    assert listing.exit_code == 0 and "king" in listing.output and "rei" in listing.output
    shown = run("rules", "show", "rei")
    assert "negative hand 3: damas (Damas)" in shown.output and "50 x 4 = -200" in shown.output
    good = run("rules", "check", str(pathlib.Path(__file__).resolve().parents[2] / "rules" / "king.yaml"))
    if good.exit_code != 0:  # running from an installed wheel: check the packaged copy
        from scorekeeper.rulebook.registry import rules_dir

        good = run("rules", "check", str(pathlib.Path(rules_dir()) / "king.yaml"))
    assert good.exit_code == 0 and good.output.endswith(": ok (king, King (Regulamento Nacional Interbancário))\n")
    bad = tmp_path / "house.yaml"
    bad.write_text("game: king\nname: house\ncolour: blue\n")
    result = run("rules", "check", bad)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Error: {bad}:3: unknown key 'colour'; allowed here: game, name, aliases,")


def test_house_variant_with_rules_option(tmp_path):
    from scorekeeper.rulebook.registry import rules_dir

    text = (
        (pathlib.Path(rules_dir()) / "king.yaml").read_text().replace("missing_units: charge", "missing_units: error")
    )
    house = tmp_path / "strict.yaml"
    house.write_text(text.replace("name: king", "name: strict"))
    sheet = tmp_path / "s.yaml"
    sheet.write_text("rules: king\nplayers: [A, B, C, D]\nhands:\n  - {hand: vazas, counts: [3, 3, 3, 3]}\n")
    assert run("check", sheet).exit_code == 0  # Art 6 charge: a warning
    strict = run("check", "--rules", house, sheet)
    assert strict.exit_code == 1
    assert f"{sheet}:4: error [K-Q1-TOTAL-SHORT]: hand 1 (vazas): counts add up to 12 of 13 [Quadro 1]" in strict.output
    sheet.write_text(sheet.read_text().replace("rules: king", "rules: strict.yaml"))
    assert run("check", sheet).exit_code == 1  # a sheet's rules path is relative to the sheet


BAD_SHEETS = {
    "malformed.yaml": ("rules: king\nplayers: [A, B, C, D\n", ":3: malformed YAML: did not find expected ',' or ']'"),
    "list.yaml": (
        "- 1\n- 2\n",
        ":1: not a score sheet: expected a mapping with its 'rules', who plays and its entries",
    ),
    "norules.yaml": (
        "players: [A, B, C, D]\n",
        ":1: rules: which game's rules? (one of king, quatrilho, sueca, truco)",
    ),
    "unknownrules.yaml": (
        "rules: bisca\nplayers: [A, B, C, D]\n",
        ":1: rules: unknown rules 'bisca'; known: king, quatrilho, sueca, truco (or a path to a rule file)",
    ),
    "three.yaml": ("rules: king\nplayers: [A, B, C]\n", ":2: players: king is played by 4, the sheet names 3"),
    "twice.yaml": ("rules: king\nplayers: [A, B, A, D]\n", ":2: players: 'A' is named twice"),
    "key.yaml": (
        "rules: king\nplayers: [A, B, C, D]\nhnads: []\n",
        ":3: unknown key 'hnads'; allowed: rules, players, scorer, event, table, round, date, notes, hands, totals",
    ),
    "type.yaml": (
        "rules: king\nplayers: [A, B, C, D]\nhands:\n  - {hand: vazas, counts: three}\n",
        ":4: hand 1: counts: expected a list in seat order or a mapping {player: value}",
    ),
    "negative.yaml": (
        "rules: king\nplayers: [A, B, C, D]\nhands:\n  - {hand: vazas, counts: [3, -2, 5, 7]}\n",
        ":4: hand 1: counts: -2 is negative; counts are counted from 0",
    ),
    "bool.yaml": (
        "rules: king\nplayers: [A, B, C, D]\nhands:\n  - {hand: vazas, counts: [3, true, 3, 7]}\n",
        ":4: hand 1: counts: expected whole numbers, got true",
    ),
    "entrykey.yaml": (
        "rules: king\nplayers: [A, B, C, D]\nhands:\n  - {hand: vazas, count: [3, 3, 3, 4]}\n",
        ":4: hand 1: count: unknown key 'count'; allowed: hand, counts, points, tricks, penalty, "
        "players, beneficiary, contract, trump, offer, note, total",
    ),
    "scorer.yaml": (
        "rules: king\nplayers: [A, B, C, D]\nscorer: Z\n",
        ":3: scorer: 'Z' is not one of the players (A, B, C, D)",
    ),
    "dupkey.yaml": (
        "rules: king\nplayers: [A, B, C, D]\nhands: []\nhands: []\n",
        ":4: malformed YAML: duplicate key 'hands'",
    ),
    "latin1.yaml": (b"rules: king\nplayers: [Jo\xe3o, B, C, D]\n", ":2: is not UTF-8 text"),
    "binary.yaml": (b"\x89PNG\r\n\x1a\n\0\0\0", ": is a binary file, not YAML text"),
}


@pytest.mark.parametrize("name", sorted(BAD_SHEETS))
def test_unusable_sheets_one_line_exit_2(tmp_path, name):
    content, message = BAD_SHEETS[name]
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    for command in (["check"], ["show"], ["record"]):
        result = run(*command, path)
        assert result.exit_code == 2, (command, result.output)
        assert result.stderr == f"Error: {path}{message}\n"


def test_directory_missing_and_huge_files(tmp_path):
    result = run("check", tmp_path)
    assert (result.exit_code, result.stderr) == (2, f"Error: {tmp_path}: is a directory, not a file\n")
    result = run("check", tmp_path / "nope.yaml")
    assert (result.exit_code, result.stderr) == (2, f"Error: {tmp_path / 'nope.yaml'}: no such file\n")
    huge = tmp_path / "huge.yaml"
    huge.write_text("# " + "x" * (1 << 20) + "\n")
    result = run("check", huge)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {huge}: larger than 1024 KiB: not a score sheet or rule file\n",
    )


def test_check_goes_on_after_an_unusable_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("rules: [\n")
    result = run("check", bad, FINAL)
    assert result.exit_code == 2
    assert f"{FINAL}: clean" in result.stdout


HELPS = [
    [],
    ["new"],
    ["record"],
    ["fix"],
    ["undo"],
    ["show"],
    ["export"],
    ["check"],
    ["import"],
    ["history"],
    ["rules"],
    ["rules", "list"],
    ["rules", "show"],
    ["rules", "check"],
]  # in the order their examples run as one session


def help_examples(*command) -> list[str]:
    """The example lines of a command's help (the lines before Options: that start with scorekeeper)."""
    result = run(*command, "--help")
    assert result.exit_code == 0, command
    text = result.output.split("Options:")[0]
    return [line.strip() for line in text.splitlines() if line.strip().startswith("scorekeeper ")]


TOURNAMENT_HELPS = [
    ["tournament"],
    ["tournament", "new"],
    ["tournament", "draw"],
    ["tournament", "check"],
    ["tournament", "standings"],
    ["tournament", "export"],
]  # run in tests/tournaments/test_tournament_cli.py


@pytest.mark.parametrize("command", HELPS + TOURNAMENT_HELPS, ids=lambda c: " ".join(c) or "scorekeeper")
def test_every_command_help_has_an_example(command):
    examples = help_examples(*command)
    assert examples, command
    assert all(line.startswith(" ".join(["scorekeeper", *command[:1]])) for line in examples), examples


def test_top_level_help_lists_every_command_whole_and_shows_every_game():
    result = run("--help")
    assert result.output.split("Commands:\n")[1] == (
        "  check       Check sheets against every rule.\n"
        "  codes       List the finding codes, with their articles.\n"
        "  export      Export sheets to an Excel boletim, or a blank one.\n"
        "  fix         Correct entry N with a new HAND and VALUES.\n"
        "  history     List every change on the record, oldest first.\n"
        "  import      Read a filled-in boletim back into a sheet.\n"
        "  links       Print every table's score-pad link, or give a table a new one.\n"
        "  new         Start a sheet for a game.\n"
        "  record      Record the next hand (asked when no HAND).\n"
        "  registry    A union's registry of members: import, check, show.\n"
        "  rules       List, show or check rule files.\n"
        "  season      A season: each union's race to the national final.\n"
        "  serve       Serve the score pad: every table's sheet in a phone's browser.\n"
        "  show        Show the hands, totals and running balance.\n"
        "  tournament  Draw, check and rank a championship's rounds.\n"
        "  undo        Remove the last entry recorded.\n"
    )
    assert max(len(line) for line in result.output.splitlines()) <= 80
    commands = {line.split()[1] for line in help_examples()}
    assert commands == {"new", "record", "fix", "show", "check", "export", "import"}
    assert {f"new {name}" for name in games.names()} <= {" ".join(line.split()[1:3]) for line in help_examples()}


def run_example(line: str):
    """One help example as a shell would run it (quotes kept together, a # comment dropped)."""
    import shlex

    return run(*shlex.split(line, comments=True)[1:])


@pytest.fixture
def session(tmp_path, monkeypatch):
    """An empty folder holding what the examples name but do not make: the examples/ sheets, a
    house variant's rule file and a folder to import into."""
    import shutil

    from scorekeeper.rulebook.registry import rules_dir

    shutil.copytree(EXAMPLES, tmp_path / "examples")
    king = (pathlib.Path(rules_dir()) / "king.yaml").read_text(encoding="utf-8")
    (tmp_path / "my-club-king.yaml").write_text(
        king.replace("name: king\n", "name: my-club-king\n", 1), encoding="utf-8"
    )
    (tmp_path / "sheets").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_top_level_examples_run_in_order(session):
    for line in help_examples():
        result = run_example(line)
        assert result.exit_code == 0, (line, result.output)
    assert run("check", "copia.yaml").output == (
        "copia.yaml: clean (king, in progress, 1 hand recorded; Ana -80, Bruno -40, Carla -20, Duarte -120)\n"
    )


def test_every_command_s_examples_run_as_one_session(session):
    ran = []
    for command in HELPS[1:]:
        for line in help_examples(*command):
            result = run_example(line)
            assert result.exit_code == 0, (line, result.output)
            ran.append(line)
    assert len(ran) == 55
    assert (
        (session / "mesa1.yaml")
        .read_text()
        .endswith("  - {hand: festa, beneficiary: Ana, contract: positivos, trump: copas, tricks: [6, 3, 2, 2]}\n")
    )
    assert files_in(session / "sheets") == ["Mesa1-R1.yaml", "jogo.yaml", "truco.yaml"]


def test_record_refuses_a_hand_after_the_game_is_complete(tmp_path):
    sheet = tmp_path / "final.yaml"
    sheet.write_text(pathlib.Path(FINAL).read_text())
    result = run("record", sheet, "vazas", "3", "3", "3", "4")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {sheet}: the game is complete; `fix` corrects a hand, `--force` adds one anyway\n"
    )
    assert sheet.read_text() == pathlib.Path(FINAL).read_text()
