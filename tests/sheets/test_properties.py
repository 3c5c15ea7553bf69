"""Property tests: every random valid King game balances; no input ever gives a traceback."""

import pathlib

import yaml
from click.testing import CliRunner
from conftest import EXAMPLES, PLAYERS, sheet_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import cli
from scorekeeper.rulebook import registry

KING = registry.find("king")
NO_TMP_CHECK = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])


@st.composite
def split(draw, total, parts=4):
    """`total` units dealt among `parts` players in every possible way."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    bounds = [0, *cuts, total]
    return [bounds[i + 1] - bounds[i] for i in range(parts)]


@st.composite
def negative_entry(draw, hand):
    kind = draw(st.sampled_from(["counts", "points", "short", "renuncia", "cartas"]))
    if kind == "renuncia":
        return {"hand": hand.name, "penalty": "renuncia", "players": [draw(st.sampled_from(PLAYERS))]}
    if kind == "cartas":
        offenders = draw(st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=4, unique=True))
        entry = {"hand": hand.name, "penalty": "cartas-passadas", "players": offenders}
        if hand.total % len(offenders):
            share = [-(hand.total // len(offenders))] * len(offenders)
            share[0] -= hand.total % len(offenders)
            points = dict(zip(offenders, share))
            entry["points"] = [points.get(p, 0) for p in PLAYERS]
        return entry
    counts = draw(split(hand.units))
    if kind == "short":  # the Art 6 charge keeps the hand's total
        taken = [i for i, c in enumerate(counts) if c]
        counts[draw(st.sampled_from(taken))] -= 1
        return {"hand": hand.name, "counts": counts}
    if kind == "points":
        return {"hand": hand.name, "points": [-c * hand.unit for c in counts]}
    return {"hand": hand.name, "counts": counts}


@st.composite
def festa_entries(draw, beneficiary):
    entries = []
    others = [p for p in PLAYERS if p != beneficiary]
    if draw(st.booleans()):
        penalty = draw(st.sampled_from(["renuncia", "cartas-passadas"]))
        count = 1 if penalty == "renuncia" else draw(st.integers(1, 2))
        entries.append(
            {
                "hand": "festa",
                "beneficiary": beneficiary,
                "penalty": penalty,
                "players": draw(st.lists(st.sampled_from(PLAYERS), min_size=count, max_size=count, unique=True)),
            }
        )
    contract = draw(st.sampled_from(["positivos", "nulos", "4-3-3-3"]))
    entry = {"hand": "festa", "beneficiary": beneficiary, "contract": contract}
    if contract == "positivos":  # Art 9, 2a fase: positivos names its trump
        entry["trump"] = draw(st.sampled_from(KING.trumps))
    if contract != "4-3-3-3":
        if draw(st.booleans()):
            limit = 8 if contract == "positivos" else 3
            entry["offer"] = {"by": draw(st.sampled_from(others)), "tricks": draw(st.integers(1, limit))}
        entry["tricks"] = draw(split(13))
    entries.append(entry)
    return entries


@st.composite
def valid_game(draw):
    hands = [draw(negative_entry(hand)) for hand in KING.negative_hands]
    for beneficiary in PLAYERS:
        hands.extend(draw(festa_entries(beneficiary)))
    return hands


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
