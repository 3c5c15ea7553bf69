"""Sueca and Truco rule cases written as YAML (tests/cases/sueca*.yaml, truco*.yaml).

Each case gives the deals or hands of a sheet and what scorekeeper must say: the points each
entry awards, the standing, the winner, and every finding exactly. Numbers computed by hand
from RULINGS S1-S4 and T1-T3.
"""
import pathlib

import pytest
import yaml

from scorekeeper.sheets import check_file

CASES_DIR = pathlib.Path(__file__).parent / "cases"
TEAMS = {"Nos": ["Ana", "Bruno"], "Eles": ["Carla", "Duarte"]}


def load_cases():
    cases = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        game = path.stem.split("_")[0]
        if game not in ("sueca", "truco"):
            continue
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            cases.append(pytest.param(game, case, id=f"{path.stem}: {case['name']}"))
    return cases


@pytest.mark.parametrize("game, case", load_cases())
def test_case(tmp_path, game, case):
    key = "deals" if game == "sueca" else "hands"
    doc = {"rules": game, "teams": TEAMS, key: case[key]}
    path = tmp_path / "sheet.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    result = check_file(str(path))
    expect = case["expect"]
    if "awarded" in expect:
        assert [list(h.awarded.values()) for h in result.hands] == expect["awarded"]
    if "standing" in expect:  # Sueca: the moca standing as written after each deal
        assert [list(r["standing"].values()) for r in result.extra["running"]] == expect["standing"]
    if "score" in expect:  # Truco: the score of the game after each hand
        assert [list(r["score"].values()) for r in result.extra["running"]] == expect["score"]
    if "totals" in expect:  # mocas (Sueca) or games (Truco) won
        assert list(result.totals.values()) == expect["totals"]
    if "game_points" in expect:
        assert [t["game_points"] for t in result.extra["teams"].values()] == expect["game_points"]
    assert result.extra["winner"] == expect.get("winner")
    found = [{"index": f.hand, "rule": f.rule, "message": f.message} for f in result.findings]
    assert found == expect.get("findings", [])


def _variant(tmp_path, name, old, new):
    from scorekeeper.rules import rules_dir

    text = (pathlib.Path(rules_dir()) / f"{name}.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"house-{name}.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name, old, new, message", [
    ("sueca", "    rei: 4\n", "    rei: 5\n", "deck.total is 120, but 4 suits x the card values = 124"),
    ("sueca", "  to_win: 3", "  to_win: three", "moca.to_win: expected a whole number, got 'three'"),
    ("sueca", "  points: 4                   # Pontuacao 4", "  pontos: 4                   # Pontuacao 4",
     "unknown key 'moca.pontos'; allowed here: points, to_win"),
    ("truco", "best_of: 3", "best_of: 2", "best_of: expected an odd number of games, got 2"),
    ("truco", "values: [1, 3, 6, 9, 12]", "values: [1, 3, 6, 9, 15]",
     "values: expected increasing hand values from 1 to the game target (12), got [1, 3, 6, 9, 15]"),
])
def test_team_rule_files_are_validated(tmp_path, name, old, new, message):
    from scorekeeper import rules as registry
    from scorekeeper.errors import RulesError

    path = _variant(tmp_path, name, old, new)
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        registry.load_path(path)


def test_a_house_truco_played_to_one_game(tmp_path):
    path = _variant(tmp_path, "truco", "best_of: 3", "best_of: 1")
    sheet = tmp_path / "s.yaml"
    # A sheet names a rule file beside it by a relative path (an absolute one is refused: issue 7).
    sheet.write_text(yaml.safe_dump({"rules": pathlib.Path(path).name, "teams": TEAMS,
                                     "hands": [{"winner": "Eles", "value": 12}]}))
    result = check_file(str(sheet))
    assert result.extra["winner"] == "Eles" and result.complete
