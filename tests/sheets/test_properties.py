"""Property tests: every random valid King game balances; no input ever gives a traceback."""

import pathlib

import yaml
from click.testing import CliRunner
from conftest import EXAMPLES, PLAYERS, sheet_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_games import valid_game

from scorekeeper.cli import cli

NO_TMP_CHECK = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])


@NO_TMP_CHECK
@given(hands=valid_game())
def test_every_valid_game_balances(score, hands):
    result = score(hands)
    assert [f.message for f in result.findings if f.is_error] == []
    assert result.complete
    for hand_result in result.hands:
        assert hand_result.total == hand_result.expected, hand_result
    negatives = [h.total for h in result.hands if h.hand != "festa"]
    assert sum(negatives) == -1300
    festas = [h.total for h in result.hands if h.hand == "festa" and h.expected == 325]
    assert festas == [325, 325, 325, 325]
    assert sum(result.totals.values()) == 0


def cli_survives(path):
    for command in ("check", "show"):
        result = CliRunner().invoke(cli, [command, str(path)])
        assert result.exit_code in (0, 1, 2), result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert "Traceback" not in result.output
        if result.exit_code == 2:
            assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"Error: {path}")


@NO_TMP_CHECK
@given(data=st.binary(max_size=400))
def test_random_bytes_never_traceback(tmp_path, data):
    path = tmp_path / "random.yaml"
    path.write_bytes(data)
    cli_survives(path)


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2000, 2000),
    st.text(max_size=8),
    st.sampled_from(PLAYERS + ["vazas", "festa", "nulos", "renuncia", "4-3-3-3", "king"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=6) | scalars, inner, max_size=5)
    ),
    max_leaves=20,
)


@NO_TMP_CHECK
@given(doc=values)
def test_random_yaml_never_traceback(tmp_path, doc):
    path = tmp_path / "random.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    cli_survives(path)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, (*prefix, index))


FINAL = yaml.safe_load((EXAMPLES / "king-final-nacional-mesa1.yaml").read_text(encoding="utf-8"))
FINAL_PATHS = [p for p in paths(FINAL) if p]


@NO_TMP_CHECK
@given(where=st.sampled_from(FINAL_PATHS), value=values)
def test_mutated_sheet_never_tracebacks(tmp_path, where, value):
    doc = yaml.safe_load(yaml.safe_dump(FINAL))
    node = doc
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    path = tmp_path / "mutated.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    cli_survives(path)


def test_sheet_text_helper_roundtrip():
    assert yaml.safe_load(sheet_text([{"hand": "vazas"}]))["players"] == PLAYERS
    assert pathlib.Path(EXAMPLES).is_dir()
