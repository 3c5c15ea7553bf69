"""Attacks on the YAML a sheet or rule file holds (issue 7): alias bombs, huge numbers, YAML 1.1
oddities, impossible dates, control characters, wrong types and rule paths that leave the
sheet's folder. Each runs the CLI end to end and expects one line and exit 2 (or a clean run),
within time and memory bounds where the input could cost either."""

import datetime
import json
import math
import os
import pathlib
import time
import tracemalloc

import pytest
import yaml
from conftest import EXAMPLES, run

from scorekeeper.errors import InputValueError, SheetFormatError, UnknownRulesError, clip, one_line, quote
from scorekeeper.i18n import in_words
from scorekeeper.rulebook import registry
from scorekeeper.sheet.typed_input import whole
from scorekeeper.sheet.yaml_lines import load_file, loads

RULES = pathlib.Path(registry.rules_dir())
KING_HEAD = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\n"


def write(folder, name, text) -> pathlib.Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def bounded(command, limit_seconds=1.0, limit_bytes=30 * 2**20):
    """Run the CLI, asserting it takes under `limit_seconds` and allocates under `limit_bytes`."""
    tracemalloc.start()
    start = time.monotonic()
    try:
        result = run(*command)
        elapsed = time.monotonic() - start
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert elapsed < limit_seconds, (command, elapsed)
    assert peak < limit_bytes, (command, peak)
    return result


def assert_one_line_exit_2(result, expected: str):
    assert result.exit_code == 2, result.output
    assert result.stderr == f"Error: {expected}\n"
    assert result.stdout == ""


# --- 1. alias bombs ---------------------------------------------------------------------


def alias_bomb(head: str, key: str) -> str:
    """A billion laughs: nine levels of nine aliases, 9**9 items once expanded, some 700 bytes."""
    lines = [head.rstrip("\n"), "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(8):
        name, below = chr(ord("b") + level), chr(ord("a") + level)
        lines.append(f"{name}: &{name} [{', '.join(['*' + below] * 9)}]")
    lines.append(f"{key}: *i")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "command",
    [["check"], ["show"], ["record"], ["record", "vazas", "3", "3", "3", "4"], ["undo"], ["check", "--format", "json"]],
)
def test_alias_bomb_in_a_sheet_is_refused_at_the_alias_in_bounded_time_and_memory(tmp_path, command):
    text = alias_bomb("rules: king", "players")
    assert len(text) < 700
    sheet = write(tmp_path, "bomb.yaml", text)
    result = bounded([command[0], sheet, *command[1:]])
    # Line 2 holds nine aliases, line 3 (the `c` level) the 17th.
    message = f"{sheet}:4: more than 16 YAML aliases (*b); a sheet or rule file needs a few at most"
    if command[0] == "check":
        assert result.exit_code == 2
        assert message in result.stderr and result.stderr.count("\n") == 1
    else:
        assert_one_line_exit_2(result, message)
    assert sheet.read_text(encoding="utf-8") == text  # nothing written


def test_alias_bomb_in_a_rule_file(tmp_path):
    path = write(tmp_path, "house.yaml", alias_bomb("game: king", "players"))
    result = bounded(["rules", "check", path])
    assert_one_line_exit_2(
        result, f"{path}:4: more than 16 YAML aliases (*b); a sheet or rule file needs a few at most"
    )


def test_merge_keys_count_as_aliases(tmp_path):
    body = "base: &base {hand: vazas}\n" + "".join(f"k{i}: {{<<: *base}}\n" for i in range(17))
    with pytest.raises(SheetFormatError) as err:
        loads(body, "s.yaml", SheetFormatError)
    assert str(err.value) == "s.yaml:18: more than 16 YAML aliases (*base); a sheet or rule file needs a few at most"


def test_a_few_aliases_still_read(tmp_path):
    sheet = write(
        tmp_path,
        "s.yaml",
        KING_HEAD + "hands:\n  - {hand: vazas, counts: &even [3, 3, 3, 4]}\n  - {hand: copas, counts: *even}\n",
    )
    result = run("check", sheet)
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"{sheet}: clean (king, in progress, 2 hands recorded; Ana -120, Bruno -120, Carla -120, Duarte -160)\n"
    )


def test_a_star_in_a_text_is_not_an_alias(tmp_path):
    doc = loads("note: '" + "*" * 50 + "'\n", "s.yaml")
    assert doc == {"note": "*" * 50}


# --- 2. messages: bounded quotes, one line, control characters escaped ------------------


def test_quote_bounds_every_kind_of_value():
    assert quote("Ana") == "'Ana'"
    assert quote("x" * 81) == "'" + "x" * 80 + "'... (81 characters)"
    assert quote("x" * 80) == "'" + "x" * 80 + "'"
    assert quote([1, 2, 3]) == "a list of 3 items"
    assert quote([[1]] * 10**6) == "a list of 1000000 items"
    assert quote(["a"]) == "a list of 1 item"
    assert quote({"a": 1}) == "a mapping"
    assert quote({}) == "an empty mapping"
    assert quote({1, 2}) == "a set of 2 items"
    assert quote(12) == "12"
    assert quote(10**200) == "a number of about 201 digits"
    assert quote(True) == "true" and quote(False) == "false" and quote(None) == "an empty value"  # never Python's
    assert quote(1.5) == "1.5"
    assert quote(math.inf) == "inf"
    assert quote(datetime.date(2026, 2, 28)) == "2026-02-28"
    assert quote("a\nb", limit=2) == "'a\\n'... (3 characters)"
    assert clip("abc", limit=2) == "ab..." and clip("ab", limit=2) == "ab"


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", ["an empty value is not a player of this table", "true is not a player", "expected a word, got false"]),
        ("pt_PT", ["um valor vazio não é jogador desta mesa", "verdadeiro não é jogador", "uma palavra, não falso"]),
        ("pt_BR", ["um valor vazio não é jogador desta mesa", "verdadeiro não é jogador", "uma palavra, não falso"]),
    ],
)
def test_messages_say_yaml_values_in_words_not_pythons(tmp_path, language, said):
    quatrilho = write(
        tmp_path,
        "q.yaml",
        "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi, Eva]\ndeals:\n  - {late: null}\n  - {late: true}\n",
    )
    king = write(tmp_path, "k.yaml", KING_HEAD + "hands:\n  - {hand: false, counts: [3, 3, 3, 4]}\n")
    output = run("--lang", language, "check", quatrilho, king).output
    for words in said:
        assert words in output, output
    assert not any(python in output for python in ("None", "True", "False")), output


def test_one_line_escapes_line_breaks_and_terminal_controls():
    text = "a\nb\rc\td\x1b[31me\x85f\u2028g\u2029h\x7fi\x9bj\x00k\x0bl\x0cm\x1cn é"
    assert one_line(text) == ("a\\nb\\rc\\td\\x1b[31me\\x85f\\u2028g\\u2029h\\x7fi\\x9bj\\x00k\\x0bl\\x0cm\\x1cn é")
    assert len(one_line(text).splitlines()) == 1


def test_a_huge_unknown_hand_name_is_quoted_in_80_characters(tmp_path):
    name = "z" * 100_000
    sheet = write(tmp_path, "s.yaml", KING_HEAD + f"hands:\n  - {{hand: {name}, counts: [3, 3, 3, 4]}}\n")
    result = bounded(["check", sheet])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"{sheet}:4: error [K-ART8-HAND-UNKNOWN]: hand 1 ({'z' * 80}...): unknown hand '{'z' * 80}'... (100000 characters); this game's hands are "
        "vazas, copas, damas, reis-valetes, rei-de-copas, ultimas, festa [Art 8]"
    )


def test_a_name_longer_than_80_characters_is_refused(tmp_path):
    name = "A" * 81
    sheet = write(tmp_path, "s.yaml", f"rules: king\nplayers: [{name}, B, C, D]\n")
    assert_one_line_exit_2(
        run("check", sheet),
        f"{sheet}:2: players: '{name[:80]}'... (81 characters) is longer than a name (80 characters)",
    )
    team = write(tmp_path, "t.yaml", f"rules: sueca\nteams: {{Nos: [{name}, B], Eles: [C, D]}}\n")
    assert_one_line_exit_2(
        run("check", team), f"{team}:2: teams: '{name[:80]}'... (81 characters) is longer than a name (80 characters)"
    )
    created = run("new", "king", "-p", name, "-p", "B", "-p", "C", "-p", "D", "-o", tmp_path / "n.yaml")
    assert_one_line_exit_2(
        created, f"{tmp_path / 'n.yaml'}: '{name[:80]}'... (81 characters) is longer than a name (80 characters)"
    )


@pytest.mark.parametrize(
    "raw, shown",
    [
        ("\\e[2J\\e[31mred", "\\x1b[2J\\x1b[31mred"),
        ("a\\Lb", "a\\u2028b"),
        ("a\\Nb", "a\\x85b"),
        ("a\\Pb", "a\\u2029b"),
    ],
)
def test_control_characters_in_a_name_are_shown_escaped(tmp_path, raw, shown):
    sheet = write(tmp_path, "s.yaml", KING_HEAD + f'hands:\n  - {{hand: "{raw}", counts: [3, 3, 3, 4]}}\n')
    result = run("check", sheet)
    assert result.exit_code == 1
    lines = result.stdout.split("\n")
    assert lines[0] == (
        f"{sheet}:4: error [K-ART8-HAND-UNKNOWN]: hand 1 ({shown}): unknown hand '{shown}'; this game's hands are "
        "vazas, copas, damas, reis-valetes, rei-de-copas, ultimas, festa [Art 8]"
    )
    assert "\x1b" not in result.output and "\u2028" not in result.output and "\x85" not in result.output


def test_an_unknown_key_that_is_a_structure_is_not_expanded(tmp_path):
    sheet = write(tmp_path, "s.yaml", KING_HEAD + "scorer: [" + ", ".join(["x"] * 10_000) + "]\n")
    assert_one_line_exit_2(
        run("check", sheet),
        f"{sheet}:3: scorer: a list of 10000 items is not one of the players (Ana, Bruno, Carla, Duarte)",
    )


# --- 3. integers bounded before any arithmetic -----------------------------------------


@pytest.mark.parametrize("digits", [13, 5000, 100_000])
def test_a_huge_integer_in_a_sheet_is_refused_at_its_line(tmp_path, digits):
    sheet = write(
        tmp_path, "s.yaml", KING_HEAD + "hands:\n  - hand: vazas\n    counts: [3, 3, 3, " + "9" * digits + "]\n"
    )
    for command in ("check", "show", "record"):
        result = bounded([command, sheet])
        if command == "check":
            assert result.exit_code == 2 and result.stderr == (
                f"Error: {sheet}:5: a number of {digits} digits is not a score\n"
            )
        else:
            assert_one_line_exit_2(result, f"{sheet}:5: a number of {digits} digits is not a score")


def test_twelve_digits_are_read(tmp_path):
    sheet = write(tmp_path, "s.yaml", KING_HEAD + "hands:\n  - {hand: vazas, counts: [3, 3, 3, -999999999999]}\n")
    assert_one_line_exit_2(
        run("check", sheet), f"{sheet}:4: hand 1: counts: -999999999999 is negative; counts are counted from 0"
    )


def test_a_huge_typed_number_is_refused_before_int(tmp_path):
    sheet = write(tmp_path, "s.yaml", KING_HEAD + "hands: []\n")
    before = sheet.read_text()
    result = bounded(["record", sheet, "vazas", "3", "3", "3", "9" * 5000])
    assert_one_line_exit_2(result, f"{sheet}: Duarte's vazas: a number of 5000 digits is out of range (0 to 13)")
    assert sheet.read_text() == before


@pytest.mark.parametrize(
    "typed, message",
    [
        ("9" * 5000, "w: a number of 5000 digits is out of range (0 to 13)"),
        ("1_0", "w: '1_0' is not a whole number"),
        ("\u0663", "w: '\u0663' is not a whole number"),
        ("0x3", "w: '0x3' is not a whole number"),
        ("14", "w: 14 is out of range (0 to 13)"),
    ],
)
def test_whole_refuses(typed, message):
    with pytest.raises(InputValueError) as err:
        whole(typed, "w", 0, 13)
    assert in_words(err.value.message) == message


def test_whole_accepts():
    assert [whole(t, "w", -20, 20) for t in ("3", " -4 ", "+5", "007")] == [3, -4, 5, 7]


def house(tmp_path, name, old, new, game="king"):
    text = (RULES / f"{game}.yaml").read_text(encoding="utf-8")
    assert old in text
    return write(tmp_path, name, text.replace(old, new, 1))


def line_of(path, needle):
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    "game, old, new, key, message",
    [
        (
            "king",
            "  count: 4 ",
            "  count: 99999 ",
            "count: 99999",
            "festas.count: expected a whole number from 0 to 20, got 99999",
        ),
        (
            "king",
            "players: 4 ",
            "players: 1000000 ",
            "players: 1000000",
            "players: expected a whole number from 2 to 8, got 1000000",
        ),
        ("king", "tricks: 13 ", "tricks: 53 ", "tricks: 53", "tricks: expected a whole number from 1 to 52, got 53"),
        (
            "king",
            "    units: 13\n",
            "    units: 0\n",
            "units: 0",
            "negative_hands[0].units: expected a whole number from 1 to 52, got 0",
        ),
        (
            "king",
            "bye: 2.5 ",
            "bye: .nan ",
            "bye: .nan",
            "classification.bye: expected a number from -1000000 to 1000000, got nan",
        ),
        (
            "sueca",
            "  to_win: 3 ",
            "  to_win: 1000 ",
            "to_win: 1000",
            "moca.to_win: expected a whole number from 1 to 100, got 1000",
        ),
        ("sueca", "teams: 2 ", "teams: 3 ", "teams: 3", "teams: expected 2, got 3"),
        (
            "truco",
            "best_of: 3 ",
            "best_of: 100001 ",
            "best_of: 100001",
            "best_of: expected a whole number from 1 to 99, got 100001",
        ),
        (
            "truco",
            "game_target: 12 ",
            "game_target: 1000000000000 ",
            "game_target: 1000000000000",
            "a number of 13 digits is not a score",
        ),
    ],
)
def test_rule_file_numbers_are_bounded(tmp_path, game, old, new, key, message):
    path = house(tmp_path, "house.yaml", old, new, game)
    assert_one_line_exit_2(run("rules", "check", path), f"{path}:{line_of(path, key)}: {message}")


# --- 4. YAML 1.2 core: the 1.1 oddities stay texts ---------------------------------------


@pytest.mark.parametrize("written", ["1:3", "0x3", "0o7", "1_0", "0b11", "+1_000", "190:20:30"])
def test_yaml_11_numbers_are_texts(tmp_path, written):
    sheet = write(tmp_path, "s.yaml", KING_HEAD + f"hands:\n  - {{hand: vazas, counts: [{written}, 3, 3, 4]}}\n")
    assert_one_line_exit_2(run("check", sheet), f"{sheet}:4: hand 1: counts: expected whole numbers, got '{written}'")


@pytest.mark.parametrize("written", ["yes", "no", "on", "off", "y", "n", "Yes", "OFF"])
def test_yaml_11_booleans_are_texts(tmp_path, written):
    sheet = write(
        tmp_path,
        "s.yaml",
        "rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\n"
        f"deals:\n  - {{points: [120, 0], all_tricks: {written}}}\n",
    )
    assert_one_line_exit_2(
        run("check", sheet), f"{sheet}:4: deal 1: all_tricks: expected true or false, got '{written}'"
    )


def test_yaml_12_scalars():
    doc = loads(
        "a: [true, False, TRUE, 12, -3, +4, 1.5, 1e3, .inf, -.Inf, ~, null, '', 2026-11-28, =, <, 1:3]\n", "s.yaml"
    )
    values = doc["a"]
    assert values[:12] == [True, False, True, 12, -3, 4, 1.5, 1000.0, math.inf, -math.inf, None, None]
    assert values[12:] == ["", datetime.date(2026, 11, 28), "=", "<", "1:3"]
    assert math.isnan(loads("a: .nan\n", "s.yaml")["a"])


def test_a_float_count_is_not_a_whole_number(tmp_path):
    sheet = write(tmp_path, "s.yaml", KING_HEAD + "hands:\n  - {hand: vazas, counts: [.nan, 3, 3, 4]}\n")
    assert_one_line_exit_2(run("check", sheet), f"{sheet}:4: hand 1: counts: expected whole numbers, got nan")


@pytest.mark.parametrize(
    "tagged, message",
    [
        ("!!int 0x3", "'0x3' is not a whole number"),
        ("!!bool yes", "'yes' is not true or false"),
        ("!!float 1_0", "'1_0' is not a number"),
        ("!!timestamp soon", "'soon' is not a date"),
    ],
)
def test_explicit_tags_obey_the_same_rules(tagged, message):
    with pytest.raises(SheetFormatError) as err:
        loads(f"rules: king\nx: {tagged}\n", "s.yaml", SheetFormatError)
    assert str(err.value) == f"s.yaml:2: {message}"


@pytest.mark.parametrize("path", sorted(RULES.glob("*.yaml")) + sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_shipped_files_read_as_before(path):
    def typed(value):
        if isinstance(value, dict):
            return {key: typed(item) for key, item in value.items()}
        if isinstance(value, list):
            return [typed(item) for item in value]
        return type(value).__name__, value

    assert typed(load_file(str(path))) == typed(yaml.safe_load(path.read_text(encoding="utf-8")))


# --- 5. values a constructor cannot build -------------------------------------------------


@pytest.mark.parametrize(
    "written, shown",
    [
        ("2026-02-30", "2026-02-30"),
        ("2026-13-01", "2026-13-01"),
        ("2026-01-01 10:00:00 +99:00", "2026-01-01 10:00:00 +99:00"),
    ],
)
def test_an_impossible_date_is_one_line_at_its_line(tmp_path, written, shown):
    sheet = write(tmp_path, "s.yaml", KING_HEAD + f"date: {written}\nhands: []\n")
    for command in ("check", "show", "record"):
        result = run(command, sheet)
        assert result.exit_code == 2
        assert result.stderr == f"Error: {sheet}:3: {shown} is not a date\n"


@pytest.mark.parametrize(
    "tagged, message",
    [
        ("!!map [1]", "expected a mapping, but found sequence"),
        ("!!seq {a: 1}", "expected a sequence, but found mapping"),
        ("!!seq x", "expected a sequence, but found scalar"),
    ],
)
def test_a_tag_on_the_wrong_kind_of_node_is_malformed(tmp_path, tagged, message):
    # Found by tests/attacks/test_fuzz_sheets.py: these were a TypeError and an AttributeError.
    sheet = write(tmp_path, "s.yaml", KING_HEAD + f"hands: {tagged}\n")
    assert_one_line_exit_2(run("show", sheet), f"{sheet}:3: malformed YAML: {message}")


def test_a_rule_file_changed_while_one_process_runs_is_read_again(tmp_path):
    path = house(tmp_path, "house.yaml", "name: king", "name: first")
    assert registry.load_path(str(path)).name == "first"
    path.write_text(path.read_text().replace("name: first", "name: second-edit"))
    assert registry.load_path(str(path)).name == "second-edit"


@pytest.mark.parametrize(
    "value, kind",
    [
        ("!!binary 'x'", "binary"),
        ("!!binary aGVsbG8=", "binary"),
        ("!!set {a}", "set"),
        ("!!omap [{a: 1}]", "omap"),
        ("!!pairs [{a: 1}]", "pairs"),
    ],
)
def test_yaml_types_no_sheet_uses_are_refused_at_their_line(tmp_path, value, kind):
    # `date: !!binary aGVsbG8=` was read as "b'hello'" and checked clean.
    sheet = write(tmp_path, "s.yaml", KING_HEAD + f"event: {value}\n")
    result = run("show", sheet)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {sheet}:3: malformed YAML: the {kind} type is not used in a sheet or rule file\n",
    )


def test_a_python_tag_is_refused_and_its_message_bounded(tmp_path):
    sheet = write(tmp_path, "s.yaml", KING_HEAD + "notes: !<" + "t" * 10_000 + "> 1\n")
    result = run("show", sheet)
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"Error: {sheet}:3: malformed YAML: could not determine a constructor for the tag 'ttt"
    )
    message = result.stderr.removeprefix(f"Error: {sheet}:3: ")  # the folder's name is pytest's, of any length
    assert len(message) < 300 and result.stderr.count("\n") == 1
    evil = write(tmp_path, "e.yaml", KING_HEAD + "notes: !!python/object/apply:os.system [touch pwned]\n")
    assert_one_line_exit_2(
        run("show", evil),
        f"{evil}:3: malformed YAML: could not determine a constructor for the "
        "tag 'tag:yaml.org,2002:python/object/apply:os.system'",
    )
    assert not (tmp_path / "pwned").exists()


# --- 6. wrong types in a rule file -----------------------------------------------------------


@pytest.mark.parametrize(
    "written, got", [("[king]", "a list of 1 item"), ("{king: 1}", "a mapping"), ("4", "4"), ("", "an empty value")]
)
def test_a_rule_files_game_of_the_wrong_type(tmp_path, written, got):
    path = house(tmp_path, "house.yaml", "game: king", f"game: {written}")
    assert_one_line_exit_2(
        run("rules", "check", path),
        f"{path}:{line_of(path, 'game:')}: game: expected one of king, sueca, truco, quatrilho, got {got}",
    )


def test_a_long_rule_text_is_refused(tmp_path):
    path = house(tmp_path, "house.yaml", "title: King", "title: " + "K" * 121 + " King")
    title = yaml.safe_load(path.read_text())["title"]
    assert_one_line_exit_2(
        run("rules", "check", path),
        f"{path}:{line_of(path, 'title:')}: title: '{'K' * 80}'... "
        f"({len(title)} characters) is longer than 120 characters",
    )


# --- 7. a sheet's rules: stays in the sheet's folder --------------------------------------------

REFUSED = "rules: a sheet may only name a rule file in its own folder; use --rules PATH"


def sheet_naming(folder, ref) -> pathlib.Path:
    return write(folder, "s.yaml", f"rules: {json.dumps(ref)}\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n")


@pytest.fixture
def folders(tmp_path):
    inner = tmp_path / "club"
    inner.mkdir()
    outside = house(tmp_path, "outside.yaml", "name: king", "name: outside")
    return inner, outside


@pytest.mark.parametrize(
    "ref",
    [
        "/etc/passwd",
        "/etc/shadow",
        "/dev/stdin",
        "/nonexistent/x.yaml",
        "../outside.yaml",
        "../missing.yaml",
        "sub/../../outside.yaml",
        "link.yaml",
        "fifo.yaml",
        "folder.yaml",
        "unreadable.yaml",
        "a\0b.yaml",
        "x" * 5000 + ".yaml",
        "./",
        "club/../club/../outside.yaml",
    ],
)
def test_a_sheets_rules_path_outside_its_folder_or_not_a_file_is_refused_alike(folders, ref):
    inner, outside = folders
    os.symlink(outside, inner / "link.yaml")
    os.mkfifo(inner / "fifo.yaml")
    (inner / "folder.yaml").mkdir()
    unreadable = house(inner, "unreadable.yaml", "name: king", "name: unreadable")
    unreadable.chmod(0)
    sheet = sheet_naming(inner, ref)
    for command in ("check", "show", "record"):
        result = bounded([command, sheet], limit_seconds=2)
        if os.geteuid() == 0 and ref == "unreadable.yaml":  # root reads it anyway: a house rule file
            assert result.exit_code in (0, 2)
            continue
        assert result.exit_code == 2, (command, result.output)
        assert result.stderr == f"Error: {sheet}:1: {REFUSED}\n"


def test_a_rule_file_in_the_sheets_folder_or_below_is_read(folders):
    inner, _outside = folders
    (inner / "house").mkdir()
    house(inner / "house", "strict.yaml", "missing_units: charge", "missing_units: error")
    sheet = write(
        inner,
        "s.yaml",
        "rules: house/strict.yaml\nplayers: [Ana, Bruno, Carla, Duarte]\n"
        "hands:\n  - {hand: vazas, counts: [3, 3, 3, 3]}\n",
    )
    result = run("check", sheet)
    assert result.exit_code == 1
    assert result.stdout.startswith(
        f"{sheet}:4: error [K-Q1-TOTAL-SHORT]: hand 1 (vazas): counts add up to 12 of 13 [Quadro 1]\n"
    )


def test_the_users_own_rules_option_may_name_any_path(folders):
    inner, outside = folders
    sheet = write(inner, "s.yaml", "rules: ../outside.yaml\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n")
    result = run("check", "--rules", outside, sheet)
    assert result.exit_code == 0, result.output
    assert "(outside, in progress" in result.stdout


def test_find_shipped_names_only():
    assert registry.find_shipped("rei") is registry.find("king")
    assert registry.find_shipped("Sueca").name == "sueca"
    for ref in ("/etc/passwd", "rules/king.yaml", "king.yaml", "../king"):
        with pytest.raises(UnknownRulesError) as err:
            registry.find_shipped(ref)
        assert in_words(err.value.message) == (
            f"unknown rules {ref!r}; a workbook names shipped rules only (king, quatrilho, sueca, "
            "truco); --rules PATH gives a house variant"
        )
    with pytest.raises(UnknownRulesError) as err:
        registry.find_shipped("bisca")
    assert in_words(err.value.message) == (
        "unknown rules 'bisca'; known: king, quatrilho, sueca, truco (a workbook names shipped rules "
        "only; --rules PATH gives a house variant)"
    )


# --- WR3: a header's text is held to the name's rule of characters --------------------------


@pytest.mark.parametrize(
    "example, key, raw, said",
    [
        ("sueca-torneio-jogo1.yaml", "event", r'"X\x1bY"', r"event: 'X\x1bY' holds a control character"),
        ("sueca-torneio-jogo1.yaml", "event", r'"X\u202eY"', r"event: 'X\u202eY' holds an invisible direction mark"),
        ("king-final-nacional-mesa1.yaml", "table", r'"1\n2"', r"table: '1\n2' holds a control character"),
        ("truco-furb-partida1.yaml", "round", r'"2\u2028"', r"round: '2\u2028' holds a control character"),
        (
            "quatrilho-cbqi-mesa7.yaml",
            "date",
            r'"\u200f2025-06-01"',
            r"date: '\u200f2025-06-01' holds an invisible direction mark",
        ),
    ],
)
def test_a_header_text_a_workbook_cannot_show_as_written_is_refused_at_load(tmp_path, example, key, raw, said):
    """WR3: such a sheet checked clean, and export then refused it (ESC) or named a worksheet
    `Mesa1-2` (a line break); it is refused when loaded, one line naming the file and line."""
    lines = (EXAMPLES / example).read_text(encoding="utf-8").splitlines()
    at = next((n for n, line in enumerate(lines) if line.startswith(f"{key}:")), None)
    if at is None:  # the example has no such header: put it after the rules
        at = next(n for n, line in enumerate(lines) if line.startswith("rules:")) + 1
        lines.insert(at, "")
    lines[at] = f"{key}: {raw}"
    sheet = write(tmp_path, "sheet.yaml", "\n".join(lines) + "\n")
    for command in ("check", "show", "export"):
        extra = ["-o", str(tmp_path / "out.xlsx")] if command == "export" else []
        assert_one_line_exit_2(run(command, sheet, *extra), f"{sheet}:{at + 1}: {said}")
    assert not (tmp_path / "out.xlsx").exists()
