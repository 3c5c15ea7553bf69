"""Property tests for the team games: the moca rules and the 12-point games always hold."""

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_games import sueca_deal as deal
from random_games import truco_hand as hand

from scorekeeper.core.check import check_file

TEAMS = {"Nos": ["Ana", "Bruno"], "Eles": ["Carla", "Duarte"]}
NO_TMP_CHECK = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])


def scored(tmp_path, rules, key, entries):
    path = tmp_path / "sheet.yaml"
    path.write_text(yaml.safe_dump({"rules": rules, "teams": TEAMS, key: entries}), encoding="utf-8")
    return check_file(str(path))


@NO_TMP_CHECK
@given(deals=st.lists(deal, max_size=60))
def test_random_deals_never_break_the_moca_rules(tmp_path, deals):
    result = scored(tmp_path, "sueca", "deals", deals)
    previous = {"Nos": 0, "Eles": 0}
    for state in result.extra["running"]:
        assert all(0 <= v <= 4 for v in state["standing"].values())  # a moca stops at 4
        assert all(0 <= v <= 3 for v in state["mocas"].values())
        assert all(state["mocas"][t] - previous[t] in (0, 1) for t in previous)  # one moca at a time
        previous = state["mocas"]
    mocas = result.extra["teams"]
    assert sum(1 for t in mocas.values() if t["mocas"] == 3) <= 1
    if result.extra["winner"]:
        assert mocas[result.extra["winner"]]["mocas"] == 3
        finished = next(i for i, s in enumerate(result.extra["running"]) if 3 in s["mocas"].values())
        assert [f.hand for f in result.findings] == list(range(finished + 2, len(deals) + 1))
    else:
        assert result.findings == []
    for team in ("Nos", "Eles"):
        counted = result.extra["teams"][team]["game_points"]
        assert counted >= 4 * mocas[team]["mocas"]


@NO_TMP_CHECK
@given(hands=st.lists(hand, max_size=80))
def test_random_hands_never_give_a_team_more_than_12(tmp_path, hands):
    result = scored(tmp_path, "truco", "hands", hands)
    for state in result.extra["running"]:
        assert all(0 <= v <= 12 for v in state["score"].values())
    games = result.extra["games"]
    assert all(max(g["score"].values()) == 12 and min(g["score"].values()) < 12 for g in games)
    won = result.extra["teams"]
    assert sum(t["games_won"] for t in won.values()) == min(len(games), 3)
    assert all(t["games_won"] <= 2 for t in won.values())
    if result.extra["winner"]:
        assert won[result.extra["winner"]]["games_won"] == 2
