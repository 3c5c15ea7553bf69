"""Fuzzing exported workbooks: whatever a person (or an attacker) does to the cells or the XML of
a boletim or ficha, `check` and `import` answer with findings or one line, never a bug.

The boletins and fichas of the examples are exported once; each example then changes random
cells (through openpyxl) or random bytes of a random part (through zipfile) and runs the CLI.
"""

import datetime
import io
import os
import pathlib
import tempfile
import zipfile

import openpyxl
import pytest
from conftest import EXAMPLES, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl.cell.cell import MergedCell

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))
EXAMPLES_PER_TEST = int(os.environ.get("FUZZ_EXAMPLES", "20"))  # a few seconds; raise it for a soak run
_EXPORTED: dict[str, bytes] = {}


def exported(example: pathlib.Path) -> bytes:
    """The example's workbook, exported once per test run."""
    if example.name not in _EXPORTED:
        with tempfile.TemporaryDirectory() as folder:
            out = pathlib.Path(folder) / "out.xlsx"
            result = run("export", example, "-o", out)
            assert result.exit_code == 0, result.output
            _EXPORTED[example.name] = out.read_bytes()
    return _EXPORTED[example.name]


def assert_answered(path: pathlib.Path) -> None:
    """check and import -o - end in findings or one line, never an exception."""
    for args in (("check", path), ("import", path, "-o", "-")):
        result = run(*args)
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"{args[0]}: {type(result.exception).__name__}: {result.exception}"
        )
        assert result.exit_code in (0, 1, 2), (args[0], result.exit_code, result.output)
        for text in (result.stdout, result.stderr):
            assert "internal error" not in text and "Traceback" not in text, text
        if result.exit_code == 2:
            lines = result.stderr.splitlines()
            assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr


CELL_VALUES = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x3000), max_size=10),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.sampled_from([0, -1, 13, 120, 10**12, 10**13, -(10**15)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(
        [
            "=SUM(A1:A3)",
            '=HYPERLINK("http://x","y")',
            "=1/0",
            "+1",
            "-Ana",
            "@x",
            "\t",
            "festa",
            "Festa",
            "nulos",
            "renuncia",
            "anulada",
            "recusada",
            "Nos",
            "Eles",
            "Ana",
            "sim",
            "king",
            "sueca",
            "truco",
            "/dev/stdin",
            "rules/king.yaml",
            "nan",
            "inf",
            "1e400",
            "3 nulos",
        ]
    ),
    st.booleans(),
    st.dates(min_value=datetime.date(1900, 3, 1), max_value=datetime.date(2100, 1, 1)),
    st.just(""),
    st.none(),
)
CELLS = st.tuples(st.integers(min_value=1, max_value=60), st.integers(min_value=1, max_value=30), CELL_VALUES)


@settings(max_examples=EXAMPLES_PER_TEST, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(example=st.sampled_from(EXAMPLE_FILES), changes=st.lists(CELLS, min_size=1, max_size=6))
def test_changed_cells_are_findings_or_one_line(example, changes):
    wb = openpyxl.load_workbook(io.BytesIO(exported(example)))
    ws = wb.worksheets[0]
    for row, column, value in changes:
        if isinstance(ws.cell(row, column), MergedCell):
            continue  # part of a merged range: no value of its own
        if isinstance(value, str):
            value = openpyxl.cell.cell.ILLEGAL_CHARACTERS_RE.sub("", value)  # openpyxl cannot write them
        ws.cell(row, column).value = value
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "changed.xlsx"
        wb.save(path)
        assert_answered(path)


XML_BITS = st.sampled_from(
    [
        b"<",
        b">",
        b"&",
        b"&#1;",
        b"]]>",
        b"<v>nan</v>",
        b"<v>1e400</v>",
        b'<c r="A1">',
        b"</row>",
        b'<row r="1"/>',
        b'<c r="XFD1048576"><v>1</v></c>',
        b"<f>SUM(A1)</f>",
        b't="s"',
        b't="b"',
        b"<v>99999999</v>",
        b"\x00",
        b"\xff\xfe",
        b"<!DOCTYPE x>",
        b'<dimension ref="A1:XFD1048576"/>',
        b"<x:si>",
        b"",
    ]
)


@settings(max_examples=EXAMPLES_PER_TEST, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    example=st.sampled_from(EXAMPLE_FILES),
    part=st.integers(min_value=0, max_value=100),
    where=st.floats(min_value=0, max_value=1),
    cut=st.integers(min_value=0, max_value=40),
    bit=XML_BITS,
    truncate=st.booleans(),
)
def test_changed_xml_is_findings_or_one_line(example, part, where, cut, bit, truncate):
    source = zipfile.ZipFile(io.BytesIO(exported(example)))
    members = [m for m in source.infolist() if m.filename.endswith((".xml", ".rels"))]
    target_member = members[part % len(members)]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for member in source.infolist():
            data = source.read(member.filename)
            if member is target_member:
                at = int(len(data) * where)
                data = data[:at] if truncate else data[:at] + bit + data[at + cut :]
            target.writestr(member, data)
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "patched.xlsx"
        path.write_bytes(buffer.getvalue())
        assert_answered(path)


@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=lambda p: p.name)
def test_each_example_exports_and_imports_cleanly(example):
    """The fuzzing starts from workbooks that read back: a failure above is the change's doing."""
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "out.xlsx"
        path.write_bytes(exported(example))
        result = run("import", path, "-o", "-")
        assert result.exit_code == (1 if "disputed" in example.name else 0), result.output


# --- round trips with any names (docs/safety.md, promise 4; issue 16) -------------------------
#
# Any sheet the YAML accepts, with names the name rule accepts, exported and imported gives the
# same sheet entry for entry: every workbook kind, a King boletim's written totals and notes too.

import yaml  # noqa: E402
from random_games import round_entries, sueca_deal, truco_hand, valid_game  # noqa: E402

from scorekeeper.names import name_problem  # noqa: E402
from scorekeeper.sheet.load import load_sheet  # noqa: E402
from scorekeeper.sheet.vocabulary import normalize  # noqa: E402
from scorekeeper.sheet.yaml_edit import flow  # noqa: E402
from scorekeeper.sheet.yaml_lines import loads  # noqa: E402

# Text as people type names: any letters, marks, numbers, symbols and spaces, some of them what a
# spreadsheet or YAML would take for something else ("=1", "3", "null", "#", ": ").
NAME_TEXT = st.one_of(
    st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=80),
    st.sampled_from(
        [
            "=1+2",
            "3",
            "-1",
            "null",
            "yes",
            "#Ana",
            "a: b",
            "'Ana'",
            "@x",
            "Evento",
            "Totais",
            "Festa",
            "Nos",
            "1.0",
            "TRUE",
            "Ana\u00a0Maria",
            "Ａｎａ",
            "🂡 Ás",
        ]
    ),
)


def _acceptable(name: str) -> bool:
    """A name the sheets accept and a cell gives back as typed (names are read stripped, as every
    command matches them)."""
    return name == name.strip() and name_problem(name) is None


def _written_back(name: str) -> bool:
    """A name the sheet's own writer (yaml_edit.flow, what import writes with) gives back: the
    sheet format's round trip is its own tests' (test_names); here the workbook's is tried."""
    return loads(f"name: {flow(name)}\n", "name.yaml")["name"] == name


NAMES = NAME_TEXT.filter(_acceptable).filter(_written_back)
NAMES_WITHOUT_COMMAS = NAMES.filter(lambda name: "," not in name)  # a ficha lists a team's players in one cell


def distinct(strategy, count: int):
    """`count` names no two of which a command would take for one (vocabulary.normalize)."""
    return st.lists(strategy, min_size=count, max_size=count, unique_by=normalize)


def _dump(doc: dict) -> str:
    """A sheet's text, one line an entry, as the sheet's own writer writes it."""
    lines = [f"{key}: {flow(value)}" for key, value in doc.items() if key not in ("hands", "deals")]
    for key in ("hands", "deals"):
        if key in doc:
            lines += [f"{key}:"] + [f"  - {flow(entry)}" for entry in doc[key]] if doc[key] else [f"{key}: []"]
    return "\n".join(lines) + "\n"


def _round_trip(text: str) -> tuple[int, str | None, str]:
    """The sheet `text` exported and imported: (the export's exit code, the sheet read back, the
    export's output)."""
    with tempfile.TemporaryDirectory() as folder:
        sheet, out, back = (pathlib.Path(folder) / name for name in ("s.yaml", "s.xlsx", "back.yaml"))
        sheet.write_text(text, encoding="utf-8")
        exported = run("export", sheet, "-o", out)
        if exported.exit_code != 0:
            return exported.exit_code, None, exported.output
        imported = run("import", out, "-o", back)
        assert imported.exit_code in (0, 1), imported.output
        return 0, back.read_text(encoding="utf-8"), exported.output


def _model(text: str, name: str = "s.yaml"):
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / name
        path.write_text(text, encoding="utf-8")
        return load_sheet(str(path))


def _king_entries(sheet) -> tuple:
    header = (sheet.players, sheet.scorer, sheet.event)
    entries = [
        (
            e.hand,
            e.counts,
            e.points,
            e.tricks,
            e.penalty,
            e.offenders,
            e.beneficiary,
            e.contract,
            e.trump,
            e.offer,
            e.note,
            e.total,
        )
        for e in sheet.entries
    ]
    totals = {key: sheet.totals.as_numbers(key) for key in sheet.totals.values} if sheet.totals else {}
    return header, entries, totals


def _renamed(value, names: dict):
    """An entry with the players' names replaced, wherever a name is (a value, a key, a list)."""
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


@st.composite
def king_sheets(draw):
    """A whole valid King game with any four players' names, a written total now and then, a
    Totais or Saldo row written for some players, and notes."""
    players = draw(distinct(NAMES, 4))
    names = dict(zip(["Ana", "Bruno", "Carla", "Duarte"], players))
    outsider = draw(NAMES.filter(lambda name: name not in players and "," not in name))
    hands = []
    for entry in draw(valid_game()):
        entry = _renamed(entry, names)
        if draw(st.integers(0, 9)) == 0:
            entry = draw(_disputed(entry, players, outsider))
        if draw(st.integers(0, 5)) == 0:
            entry["total"] = draw(st.integers(-1300, 1300))
        if draw(st.integers(0, 7)) == 0:
            entry["note"] = draw(NAMES)
        hands.append(entry)
    doc = {
        "rules": "king",
        "players": players,
        "scorer": draw(st.sampled_from(players)),
        "event": draw(NAMES),
        "hands": hands,
    }
    totals = {}
    for key in ("negativos", "positivos", "saldo"):
        chosen = draw(st.lists(st.sampled_from(players), unique=True, max_size=4))
        if chosen:
            totals[key] = {
                p: draw(st.integers(-2000, 2000) if key == "saldo" else st.integers(0, 2000)) for p in chosen
            }
    if totals:
        doc["totals"] = totals
    return _dump(doc)


@st.composite
def _disputed(draw, entry: dict, players: list[str], outsider: str):
    """A hand as a disputed sheet has it: a name not at the table, an unknown word, a player's
    value left out (each a finding the copy must keep)."""
    entry = dict(entry)
    key = draw(st.sampled_from(["beneficiary", "trump", "contract", "players", "offer", "counts", "points"]))
    if key in ("beneficiary", "contract") and entry["hand"] == "festa":
        entry[key] = outsider if key == "beneficiary" else draw(NAMES_WITHOUT_COMMAS)
    elif key == "trump" and entry.get("contract") == "positivos":
        entry["trump"] = draw(NAMES)
    elif key == "players" and "penalty" in entry:
        entry["players"] = [*entry["players"][:1], outsider]
    elif key == "offer" and "offer" in entry:
        entry["offer"] = {**entry["offer"], "by": outsider}
    elif key in ("counts", "points") and isinstance(entry.get(key), list):
        values = dict(zip(players, entry[key]))
        del values[draw(st.sampled_from(players))]
        entry[key] = values
    return entry


def _findings(text: str) -> list:
    """What check says of a sheet, wherever it says it (the copy's lines are its own, and findings
    are in the order of their lines: a key on a line of its own comes after its hand's)."""
    from scorekeeper.sheet.load import score

    return sorted(
        (f.code, f.severity.value, f.hand or 0, f.player or "", f.message) for f in score(_model(text)).findings
    )


@settings(max_examples=EXAMPLES_PER_TEST, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=king_sheets())
def test_any_king_sheet_comes_back_entry_for_entry(text):
    code, back, output = _round_trip(text)
    assert code == 0, output
    assert _king_entries(_model(back)) == _king_entries(_model(text))
    assert _findings(back) == _findings(text)  # issue 16: check of the copy says what check of the sheet says


def _team_text(rules: str, key: str, entries: list, teams: dict) -> str:
    return _dump({"rules": rules, "teams": teams, key: entries})


@st.composite
def team_sheets(draw, rules: str):
    """A Sueca or Truco sheet with any teams' and players' names, its entries those of the team
    properties (Nos and Eles renamed), a written standing or score now and then."""
    names = draw(distinct(NAMES_WITHOUT_COMMAS, 6))
    teams = {names[0]: names[2:4], names[1]: names[4:6]}
    renames = {"Nos": names[0], "Eles": names[1]}
    entries = []
    for entry in draw(st.lists(sueca_deal if rules == "sueca" else truco_hand, max_size=30)):
        entry = _renamed(entry, renames)
        if draw(st.integers(0, 9)) == 0:  # disputed: a name that is no team, a team's value left out
            if isinstance(entry.get("points"), list):
                entry["points"] = {names[draw(st.integers(0, 1))]: entry["points"][0]}
            elif "team" in entry or "winner" in entry:
                entry["team" if "team" in entry else "winner"] = draw(st.sampled_from(names[2:]))  # a player's
        if draw(st.integers(0, 5)) == 0:
            key, most = ("standing", 4) if rules == "sueca" else ("score", 12)
            entry[key] = draw(st.lists(st.integers(0, most), min_size=2, max_size=2))
        entries.append(entry)
    return _team_text(rules, "deals" if rules == "sueca" else "hands", entries, teams)


@settings(max_examples=EXAMPLES_PER_TEST, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(team_sheets("sueca"), team_sheets("truco")))
def test_any_team_sheet_comes_back_entry_for_entry(text):
    code, back, output = _round_trip(text)
    assert code == 0, output
    original, imported = yaml.safe_load(text), yaml.safe_load(back)
    key = "deals" if original["rules"] == "sueca" else "hands"
    assert imported["teams"] == original["teams"]
    team_of = {player: team for team, players in original["teams"].items() for player in players}
    # a player's name stands for his team: the ficha writes the team
    written = [{k: team_of.get(v, v) if k in ("team", "winner") else v for k, v in e.items()} for e in original[key]]
    assert imported[key] == written
    assert _findings(back) == _findings(text)


@st.composite
def quatrilho_sheets(draw):
    """A Quatrilho round of the Quatrilho properties with any players' names, and now and then a
    late arrival whose seat a coringa of any name takes."""
    players, entries = draw(round_entries())
    names = draw(distinct(NAMES_WITHOUT_COMMAS, len(players) + 1))
    renames = dict(zip(players, names))
    entries = [_renamed(entry, renames) for entry in entries]
    players = names[: len(players)]
    if len(players) == 5 and draw(st.booleans()):
        entries.insert(0, {"late": players[-1], "coringa": names[-1]})
    return _dump({"rules": "quatrilho", "players": players, "deals": entries})


@settings(max_examples=EXAMPLES_PER_TEST, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=quatrilho_sheets())
def test_any_quatrilho_round_comes_back_entry_for_entry(text):
    code, back, output = _round_trip(text)
    assert code == 0, output
    original, imported = _model(text), _model(back)
    assert imported.players == original.players
    assert [dict(e.item) for e in imported.entries] == [dict(e.item) for e in original.entries]
    assert _findings(back) == _findings(text)
