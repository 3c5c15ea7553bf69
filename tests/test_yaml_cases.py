"""Rule test cases written as YAML (tests/cases/*.yaml), one parametrized test each.

Each case gives the hands of a sheet and what scorekeeper must say: each listed hand's points
in seat order (computed by hand from the regulation), the totals, and every finding exactly.
"""
import pathlib

import pytest
import yaml

CASES_DIR = pathlib.Path(__file__).parent / "cases"


def load_cases():
    for path in sorted(CASES_DIR.glob("*.yaml")):
        if path.stem.startswith(("sueca", "truco")):  # team games: tests/test_team_cases.py
            continue
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            yield pytest.param(case, id=f"{path.stem}: {case['name']}")


@pytest.mark.parametrize("case", list(load_cases()))
def test_case(case, score):
    header = {k: v for k, v in case.items() if k in ("scorer", "rules")}
    players = case.get("players", ["Ana", "Bruno", "Carla", "Duarte"])
    result = score(case["hands"], players, **header)
    expect = case["expect"]
    for index, points in expect.get("points", {}).items():
        got = result.hands[index - 1].points
        assert (list(got.values()) if got is not None else None) == points, f"hand {index}"
    if "totals" in expect:
        assert list(result.totals.values()) == expect["totals"]
    if "complete" in expect:
        assert result.complete is expect["complete"]
    found = [{"hand": f.hand, "severity": f.severity.value, "rule": f.rule, "message": f.message}
             for f in result.findings]
    assert found == expect.get("findings", [])
