"""Quatrilho properties over random rounds: every deal adds up to zero, nobody plays below zero
chips without a finding, the nets add up to zero when the committee covers nothing, and the
issue's sheet gives its nets."""

from conftest import EXAMPLES
from hypothesis import given
from random_games import round_entries

from scorekeeper import games
from scorekeeper.rulebook.registry import find
from scorekeeper.sheet.yaml_lines import loads

GAME = games.get("quatrilho")
RULES = find("quatrilho")


def scored(players, entries):
    text = (
        "\n".join(
            ["rules: quatrilho", f"players: [{', '.join(players)}]", "deals:"] + [f"  - {flow(e)}" for e in entries]
        )
        + "\n"
    )
    return GAME.score_sheet(GAME.parse_sheet(loads(text, "sheet.yaml"), RULES, "sheet.yaml", "quatrilho"))


def flow(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return str(value)


@given(round_entries())
def test_every_deal_adds_up_to_zero(drawn):
    players, entries = drawn
    result = scored(players, entries)
    assert not [f for f in result.findings if f.is_error and f.rule not in ("Art 15", "Art 19")], result.findings
    for hand in result.hands:
        if hand.expected == 0:
            assert hand.points is not None and sum(hand.points.values()) == 0, hand
    # the chips never change but by a deal's zero sum or a talha: what the table holds is known
    talhas = sum(result.extra["talhas"].values())
    assert sum(result.extra["running"][-1]["chips"].values()) == 100 * len(players) + 100 * talhas


@given(round_entries())
def test_nobody_plays_below_zero_without_a_finding(drawn):
    """Art 15, 19: at every deal where a player is below zero, a finding about him was made at
    that deal or at an earlier one since which he stayed below zero without buying a talha."""
    players, entries = drawn
    result = scored(players, entries)
    reported = {(f.hand, f.player) for f in result.findings if f.rule in ("Art 15", "Art 19") and f.player}
    chips = dict.fromkeys(players, 100)
    since: dict[str, int] = {}  # player -> the entry from which he has been below zero at each deal
    for hand, state in zip(result.hands, result.extra["running"]):
        if hand.hand == "rebuy":
            since.pop(entries[hand.index - 1]["rebuy"], None)
        elif state["deal"] is not None:
            for player in players:
                if chips[player] < 0:
                    since.setdefault(player, hand.index)
                    assert any((h, player) in reported for h in range(since[player], hand.index + 1)), (
                        player,
                        hand.index,
                        chips,
                    )
                else:
                    since.pop(player, None)
        chips = {p: state["chips"][p] for p in players}


@given(round_entries())
def test_the_nets_add_up_to_zero_when_the_committee_covers_nothing(drawn):
    players, entries = drawn
    result = scored(players, entries)
    covered = [p for p in players if result.extra["talhas"][p] and result.extra["running"][-1]["chips"][p] < 0]
    if not covered:
        assert sum(result.totals.values()) == 0


def test_the_issues_sheet_and_its_nets():
    text = (EXAMPLES / "quatrilho-cbqi-mesa7.yaml").read_text(encoding="utf-8")
    issue = text[: text.index("  # deal 10 on")]  # the issue's sheet, verbatim, is the example's first part
    result = GAME.score_sheet(GAME.parse_sheet(loads(issue, "issue.yaml"), RULES, "issue.yaml", "quatrilho"))
    assert result.findings == []
    assert result.totals == {"Ari": -107, "Bia": -23, "Caio": -23, "Davi": 44, "Eva": -200}
    assert result.extra["chips"] == {"Ari": 93, "Bia": 77, "Caio": 77, "Davi": 144, "Eva": -100}
