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
from openpyxl.cell.cell import MergedCell
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, run

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
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            f"{args[0]}: {type(result.exception).__name__}: {result.exception}"
        assert result.exit_code in (0, 1, 2), (args[0], result.exit_code, result.output)
        for text in (result.stdout, result.stderr):
            assert "internal error" not in text and "Traceback" not in text, text
        if result.exit_code == 2:
            lines = result.stderr.splitlines()
            assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr


CELL_VALUES = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x3000), max_size=10),
    st.integers(min_value=-10 ** 20, max_value=10 ** 20),
    st.sampled_from([0, -1, 13, 120, 10 ** 12, 10 ** 13, -10 ** 15]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["=SUM(A1:A3)", '=HYPERLINK("http://x","y")', "=1/0", "+1", "-Ana", "@x", "\t",
                     "festa", "Festa", "nulos", "renuncia", "anulada", "recusada", "Nos", "Eles", "Ana", "sim",
                     "king", "sueca", "truco", "/dev/stdin", "rules/king.yaml", "nan", "inf", "1e400", "3 nulos"]),
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


XML_BITS = st.sampled_from([b"<", b">", b"&", b"&#1;", b"]]>", b"<v>nan</v>", b"<v>1e400</v>", b'<c r="A1">',
                            b"</row>", b'<row r="1"/>', b'<c r="XFD1048576"><v>1</v></c>', b'<f>SUM(A1)</f>',
                            b't="s"', b't="b"', b'<v>99999999</v>', b"\x00", b"\xff\xfe", b"<!DOCTYPE x>",
                            b'<dimension ref="A1:XFD1048576"/>', b"<x:si>", b""])


@settings(max_examples=EXAMPLES_PER_TEST, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(example=st.sampled_from(EXAMPLE_FILES), part=st.integers(min_value=0, max_value=100),
       where=st.floats(min_value=0, max_value=1), cut=st.integers(min_value=0, max_value=40), bit=XML_BITS,
       truncate=st.booleans())
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
                data = data[:at] if truncate else data[:at] + bit + data[at + cut:]
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
