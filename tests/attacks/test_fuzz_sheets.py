"""Fuzzing sheets and rule files through the CLI (issue 7): whatever a stranger writes into a
YAML sheet or a house rule file, scorekeeper answers with findings (exit 0 or 1) or one line
per unusable file (exit 2), never an "internal error" or a traceback.

Each example starts from a shipped example sheet or rule file, puts a hostile value (a huge
number, nan, an impossible date, an alias, a Python tag, control characters, a deep list, a
value of the wrong type) in place of one of its values or keys, and runs `check`, `show` and
(for rule files) `rules check` and a sheet played under those rules.
"""

import json
import pathlib
import tempfile
import time

import yaml
from conftest import EXAMPLES, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rulebook.registry import rules_dir

SHEETS = {path.name: path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.yaml"))}
# The games' rule files (a season's rule file, season-*.yaml, is no game's: tests/season fuzz it).
RULE_FILES = {
    path.stem: path.read_text(encoding="utf-8")
    for path in sorted(pathlib.Path(rules_dir()).glob("*.yaml"))
    if not path.name.startswith("season-")
}
EXAMPLE_OF = {
    "king": "king-final-nacional-mesa1.yaml",
    "sueca": "sueca-torneio-jogo1.yaml",
    "truco": "truco-furb-partida1.yaml",
    "quatrilho": "quatrilho-cbqi-mesa7.yaml",
}
PLACEHOLDER = "FUZZPLACEHOLDER"
CALL_SECONDS = 2.0  # one CLI run on a fuzzed file; they take milliseconds

# Characters that break lines or drive terminals, and some that are merely unusual.
NASTY_CHARACTERS = (
    "\x00\x1b\x07\x08\t\r\n\x0b\x0c\x1c\x7f\x85\x9b\u2028\u2029\u202e\ufeff\U0001f0a1=+-@'\"*&!|>%#:,[]{}"
)

FIXED_FRAGMENTS = [
    # numbers: huge, at the limits, YAML 1.1 spellings, not whole, not finite
    "9" * 13,
    "-" + "9" * 12,
    "9" * 5000,
    "0",
    "-1",
    "1e400",
    "-1e400",
    ".nan",
    ".inf",
    "-.inf",
    "1.5",
    "1e5",
    "1:3",
    "190:20:30",
    "0x3",
    "0o7",
    "0b11",
    "1_0",
    "+1_000",
    # booleans and nothing, in every spelling
    "yes",
    "no",
    "on",
    "off",
    "y",
    "n",
    "True",
    "FALSE",
    "~",
    "null",
    "''",
    "",
    # dates that do not exist and dates that do
    "2026-02-30",
    "2026-13-01",
    "2026-11-28",
    "2026-01-01 10:00:00 +99:00",
    "2026-01-01T25:00:00",
    # tags: Python objects, binary, sets, explicit scalars of the wrong shape, unknown ones
    "!!python/object/apply:os.system [touch pwned]",
    "!!python/name:os.system",
    "!!binary 'x'",
    "!!binary aGk=",
    "!!set {a, b}",
    "!!omap [a: 1, b: 2]",
    "!!pairs [a: 1]",
    "!!timestamp soon",
    "!!int 0x3",
    "!!int ''",
    "!!float 1_0",
    "!!bool yes",
    "!!str 12",
    "!!null x",
    "!foo bar",
    "!<tag:example.com,2000:x> 1",
    "!!map [1]",
    "!!seq {a: 1}",
    # anchors and aliases, defined and not
    "&a [1, 2]",
    "*a",
    "*undefined",
    "&x {a: 1}",
    "{<<: [1]}",
    "{<<: *x}",
    # structures of every shape
    "[]",
    "{}",
    "[[]]",
    "[{}]",
    "{a: [1, {b: 2}]}",
    "[" * 60 + "]" * 60,
    "[" * 2000 + "]" * 2000,
    "[1, 2, 3, 4]",
    "[Ana, Bruno, Carla, Duarte]",
    "{Ana: 1, Bruno: 2, Carla: 3, Duarte: 4}",
    "{Nos: 1, Eles: 2}",
    "[" + ", ".join(["1"] * 5000) + "]",
    "? [a]\n",
    "{? [a]: 1}",
    # texts: very long, a formula, an escape sequence, line separators
    "x" * 100_000,
    '"=HYPERLINK(\\"http://x\\")"',
    '"\\e[2J\\e[31mred"',
    '"a\\Lb\\Nc\\Pd"',
    '"\\0"',
]


def scalar_fragments():
    return st.one_of(
        st.integers(min_value=-(10**15), max_value=10**15).map(str),
        st.integers(min_value=13, max_value=6000).map(lambda n: "9" * n),
        st.floats(allow_nan=True, allow_infinity=True)
        .map(repr)
        .map(lambda r: {"nan": ".nan", "inf": ".inf", "-inf": "-.inf"}.get(r, r)),
        st.dates().map(str),
        st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(NASTY_CHARACTERS), max_size=40).map(
            lambda t: json.dumps(t)
        ),
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz-_ ", min_size=1, max_size=20).map(str.strip).filter(bool),
        st.sampled_from(FIXED_FRAGMENTS),
    )


def fragments():
    """A YAML flow fragment: a scalar, or a list or mapping of them (one line)."""
    return st.recursive(
        scalar_fragments(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=5).map(lambda items: "[" + ", ".join(items) + "]"),
            st.dictionaries(st.text(alphabet="abcdefgh", min_size=1, max_size=6), inner, max_size=4).map(
                lambda d: "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}"
            ),
        ),
        max_leaves=12,
    )


def paths(value, prefix=()):
    """Every place in a document: each mapping key and list index, nested."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*prefix, key)
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*prefix, index)
            yield from paths(item, (*prefix, index))


def other_values(doc):
    """Every value of the document as flow YAML: a right value in a wrong place is a wrong type."""
    found = []

    def walk(value):
        found.append(yaml.safe_dump(value, default_flow_style=True, width=10**6).strip().removesuffix("\n..."))
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(doc)
    return sorted(set(found))


@st.composite
def mutated(draw, text: str) -> str:
    """`text` with one of its values or keys replaced, one key added or removed, or garbage added."""
    doc = yaml.safe_load(text)
    kind = draw(st.sampled_from(["value", "value", "value", "key", "drop", "append", "whole"]))
    if kind == "whole":
        return draw(fragments()) + "\n"
    if kind == "append":
        return text + draw(st.sampled_from(["", "\n"])) + draw(fragments()) + "\n"
    where = draw(st.sampled_from(sorted(paths(doc), key=repr)))
    parent = doc
    for step in where[:-1]:
        parent = parent[step]
    last = where[-1]
    if kind == "drop":
        del parent[last]
        return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=10**6)
    fragment = draw(st.one_of(fragments(), st.sampled_from(other_values(doc))))
    if kind == "key" and isinstance(parent, dict):
        parent[PLACEHOLDER] = "x"  # a new key: unknown or of the wrong type
        dumped = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=10**6)
        return dumped.replace(f"{PLACEHOLDER}: x", f"? {fragment}\n: x" if "\n" in fragment else f"{fragment}: x", 1)
    parent[last] = PLACEHOLDER
    dumped = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=10**6)
    return dumped.replace(PLACEHOLDER, fragment, 1)


def invoke(*args):
    start = time.monotonic()
    result = run(*args)
    elapsed = time.monotonic() - start
    assert elapsed < CALL_SECONDS, (args, elapsed)
    return result


def assert_handled(result, path, *others):
    """Exit 0, 1 or 2, never a Python exception, and every error one line naming the file (or the
    rule file it names: `others`)."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), result.output
    for text in (result.stdout, result.stderr):
        assert "internal error" not in text and "Traceback" not in text, text[:2000]
    errors = result.stderr.splitlines()
    if result.exit_code == 2:
        assert len(errors) == 1, result.stderr[:2000]
        assert errors[0].startswith(tuple(f"Error: {p}" for p in (path, *others))), errors[0][:500]
    for line in errors:
        assert line.startswith("Error: "), line[:500]
        assert len(line) < 2000, line[:500]


def check_and_show(path, *others):
    checked = invoke("check", path)
    assert_handled(checked, path, *others)
    for line in checked.stdout.splitlines():  # a finding or a summary: one short line, naming the file
        assert line.startswith(str(path)), line[:500]
        assert len(line) < len(str(path)) + 1500, line[:500]  # values are quoted in 80 characters
    assert_handled(invoke("show", path), path, *others)
    return checked


FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(data=st.data(), name=st.sampled_from(sorted(SHEETS)))
def test_fuzzed_sheets_are_findings_or_one_line(data, name):
    text = data.draw(mutated(SHEETS[name]))
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder, name)
        path.write_text(text, encoding="utf-8")
        check_and_show(path)
        assert not pathlib.Path(folder, "pwned").exists()


@FUZZ
@given(data=st.data(), game=st.sampled_from(sorted(RULE_FILES)))
def test_fuzzed_rule_files_are_valid_or_one_line(data, game):
    text = data.draw(mutated(RULE_FILES[game]))
    with tempfile.TemporaryDirectory() as folder:
        house = pathlib.Path(folder, "house.yaml")
        house.write_text(text, encoding="utf-8")
        checked = invoke("rules", "check", house)
        assert_handled(checked, house)
        if checked.exit_code == 0:
            assert checked.stdout.startswith(f"{house}: ok (")
        # A sheet played under the house rules, named by the sheet itself (beside it).
        sheet_text = SHEETS[EXAMPLE_OF[game]]
        first = sheet_text.index("\nrules: ") + 1
        end = sheet_text.index("\n", first)
        sheet = pathlib.Path(folder, "sheet.yaml")
        sheet.write_text(sheet_text[:first] + "rules: house.yaml" + sheet_text[end:], encoding="utf-8")
        played = check_and_show(sheet, house, house.resolve())
        if checked.exit_code == 2:  # the rule file's own error, reported for the sheet that names it
            assert played.exit_code == 2


@FUZZ
@given(
    fragment=fragments(),
    key=st.sampled_from(["rules", "players", "teams", "scorer", "date", "hands", "deals", "event", "notes"]),
    game=st.sampled_from(["king", "sueca", "truco"]),
)
def test_any_value_in_any_header_key(fragment, key, game):
    head = {
        "king": "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\n",
        "sueca": "rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\n",
        "truco": "rules: truco\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\n",
    }[game]
    lines = [line for line in head.splitlines() if not line.startswith(f"{key}:")]
    text = "\n".join([*lines, f"{key}: {fragment}"]) + "\n"
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder, "s.yaml")
        path.write_text(text, encoding="utf-8")
        check_and_show(path)
