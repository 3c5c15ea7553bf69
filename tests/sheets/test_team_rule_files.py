"""Sueca and Truco house rule files (edited copies of the shipped ones): validated on load, and
used (a truco played to one game). Their rule cases are YAML (tests/sheets/cases/sueca_deals.yaml,
truco_hands.yaml), run by tests/sheets/test_rule_cases.py."""

import pathlib

import pytest
import yaml

from scorekeeper.core.check import check_file

TEAMS = {"Nos": ["Ana", "Bruno"], "Eles": ["Carla", "Duarte"]}


def _variant(tmp_path, name, old, new):
    from scorekeeper.rulebook.registry import rules_dir

    text = (pathlib.Path(rules_dir()) / f"{name}.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"house-{name}.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "name, old, new, message",
    [
        ("sueca", "    rei: 4\n", "    rei: 5\n", "deck.total is 120, but 4 suits x the card values = 124"),
        ("sueca", "  to_win: 3", "  to_win: three", "moca.to_win: expected a whole number, got 'three'"),
        (
            "sueca",
            "  points: 4                   # Pontuacao 4",
            "  pontos: 4                   # Pontuacao 4",
            "unknown key 'moca.pontos'; allowed here: points, to_win",
        ),
        ("truco", "best_of: 3", "best_of: 2", "best_of: expected an odd number of games, got 2"),
        (
            "truco",
            "values: [1, 3, 6, 9, 12]",
            "values: [1, 3, 6, 9, 15]",
            "values: expected increasing hand values from 1 to the game target (12), got [1, 3, 6, 9, 15]",
        ),
    ],
)
def test_team_rule_files_are_validated(tmp_path, name, old, new, message):
    from scorekeeper.errors import RulesError
    from scorekeeper.rulebook import registry

    path = _variant(tmp_path, name, old, new)
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        registry.load_path(path)


def test_a_house_truco_played_to_one_game(tmp_path):
    path = _variant(tmp_path, "truco", "best_of: 3", "best_of: 1")
    sheet = tmp_path / "s.yaml"
    # A sheet names a rule file beside it by a relative path (an absolute one is refused: issue 7).
    sheet.write_text(
        yaml.safe_dump({"rules": pathlib.Path(path).name, "teams": TEAMS, "hands": [{"winner": "Eles", "value": 12}]})
    )
    result = check_file(str(sheet))
    assert result.extra["winner"] == "Eles" and result.complete
