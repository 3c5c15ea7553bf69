"""Rule test cases written as YAML (tests/sheets/cases/*.yaml), one parametrized test each, for every game.

A case file names its game at the top (as sqlfluff's rule cases do), the sheet header its cases
start from, and the cases:

    game: sueca
    sheet: {teams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}}
    cases:
      - name: deal points (S2)
        deals: [{points: [61, 59]}]          # the game's list of entries (its list_key)
        expect:
          hands: [{awarded: {Nos: 1, Eles: 0}}]
          findings: []

`expect` is compared with the JSON that `scorekeeper show --format json` prints for the sheet
(`check --format json` plus the running standing): a mapping matches when every key it gives
matches, a list when it has as many items and each matches, anything else when equal. Two
shorthands: a mapping with whole-number keys picks items of a list by their 1-based number
(`hands: {3: {points: ...}}`), and a list matches a mapping's values in order (`points: [0, -20,
-40, -200]` for the players in seat order). `findings` is always compared (no findings when the
case gives none). The numbers are computed by hand from the regulation and RULINGS.md.
"""

import pathlib

import pytest
import yaml

from scorekeeper import games
from scorekeeper.core.check import check_file
from scorekeeper.output.json_shape import sheet_report

CASES_DIR = pathlib.Path(__file__).parent / "cases"


def load_cases():
    for path in sorted(CASES_DIR.glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert isinstance(document, dict) and {"game", "cases"} <= set(document) <= {"game", "sheet", "cases"}, (
            f"{path.name}: a case file is a mapping with 'game', 'sheet' and 'cases'"
        )
        for case in document["cases"]:
            yield pytest.param(document["game"], document.get("sheet", {}), case, id=f"{path.stem}: {case['name']}")


def matches(expected, got, where: str = "") -> None:
    """Assert that `got` holds `expected` (mappings on the keys given, lists item by item)."""
    if isinstance(expected, dict) and isinstance(got, list):  # items picked by their 1-based number
        assert expected and all(type(k) is int for k in expected), f"{where}: expected a mapping, got a list"
        for number, value in expected.items():
            assert 1 <= number <= len(got), f"{where}: no item {number} in {len(got)}"
            matches(value, got[number - 1], f"{where}[{number}]")
    elif isinstance(expected, list) and isinstance(got, dict):  # values in order (seat order)
        matches(expected, list(got.values()), where)
    elif isinstance(expected, dict):
        assert isinstance(got, dict), f"{where}: expected a mapping, got {got!r}"
        for key, value in expected.items():
            assert key in got, f"{where}: no key {key!r} in {sorted(got)}"
            matches(value, got[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), (
            f"{where}: expected {len(expected)} items, got {got!r}"
        )
        for index, (item, value) in enumerate(zip(expected, got)):
            matches(item, value, f"{where}[{index}]")
    else:
        assert got == expected, f"{where}: expected {expected!r}, got {got!r}"


@pytest.mark.parametrize("game, header, case", list(load_cases()))
def test_case(tmp_path, game, header, case):
    list_key = games.get(game).list_key
    assert set(case) <= {"name", "sheet", list_key, "expect"}, f"unknown keys: {sorted(set(case))}"  # a typo is no case
    doc = {"rules": game, **header, **case.get("sheet", {}), list_key: case.get(list_key, [])}
    path = tmp_path / "sheet.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    report = sheet_report(check_file(str(path)), running=True)
    expect = {"findings": [], **case["expect"]}
    matches(expect, report, "report")
