"""Quatrilho properties over random rounds: every deal adds up to zero, nobody plays below zero
chips without a finding, the nets add up to zero when the committee covers nothing, and the
issue's sheet gives its nets."""

from conftest import EXAMPLES
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import games
from scorekeeper.rulebook.registry import find
from scorekeeper.sheet.yaml_lines import loads

GAME = games.get("quatrilho")
RULES = find("quatrilho")
FOUR = ["Ana", "Bia", "Caio", "Davi"]
FIVE = [*FOUR, "Eva"]


def tricks_for(figuras: int) -> list[int]:
    """Q2: the tricks a side can have taken holding these figuras."""
    if figuras == 35:
        return [9, 10]
    return [
        t
        for t in range(0, 10)
        if (t == 0 and figuras == 0) or (t > 0 and max(0, 4 * t - 16) <= figuras <= min(4 * t + 11, 35))
    ]


@st.composite
def side(draw):
    """Figuras of a side and, now and then, its tricks (consistent with them, Q2)."""
    figuras = draw(st.integers(0, 35))
    tricks = draw(st.one_of(st.none(), st.sampled_from(tricks_for(figuras))))
    return {"figuras": figuras} if tricks is None else {"figuras": figuras, "tricks": tricks}


@st.composite
def deal(draw, playing: list[str]):
    """A valid deal among the four `playing`: any contract, a fine that ends it, fines under it."""
    kind = draw(st.sampled_from(["normal", "solo-natural", "solo-preto", "solo-branco", "rolar", "fine"]))
    pick = st.sampled_from(playing)
    if kind == "fine":
        return {"fine": draw(st.sampled_from(["bater", "sinal", "fora-de-vez", "negar-carta"])), "player": draw(pick)}
    entry: dict = {"contract": kind}
    if kind == "rolar":
        cuts = sorted(draw(st.lists(st.integers(0, 35), min_size=3, max_size=3)))
        counts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 35 - cuts[2]]
        entry["figuras"] = dict(zip(playing, counts))
        ranked = sorted(counts, reverse=True)
        if ranked[1] == ranked[2] and sorted(counts) != [6, 6, 6, 17] and ranked[0] < 18:
            a, b = draw(st.integers(-30, 30)), draw(st.integers(-30, 30))  # Q8: the sheet gives them
            entry["chips"] = dict(zip(playing, [a, -a, b, -b]))
    elif kind == "normal":
        entry.update(caller=draw(pick), partner=draw(pick), **draw(side()))
    else:
        entry["player"] = draw(pick)
        if kind == "solo-preto":
            entry["giver"] = draw(pick)
        entry.update(draw(side()))
        if kind == "solo-branco" and entry["figuras"] == 0 and "tricks" not in entry:
            entry["tricks"] = draw(st.sampled_from(tricks_for(0)))  # Art 18.4: figuras 0 may still be a trick
    fines = []
    if draw(st.booleans()):
        fines.append({"fine": "olhar-vazas", "player": draw(pick)})
    if kind.startswith("solo") and draw(st.booleans()):
        fines.append({"fine": draw(st.sampled_from(["fora-de-vez", "negar-carta"])), "player": draw(pick)})
    if fines:
        soloist = entry.get("player")
        if any(f == {"fine": "fora-de-vez", "player": soloist} for f in fines):
            fines = [f for f in fines if f["player"] != soloist or f["fine"] != "fora-de-vez"]
        if fines:
            entry["fines"] = fines
    return entry


@st.composite
def round_entries(draw):
    """A table of four or five, and deals in order (each among the four not dealing), with a
    talha bought now and then."""
    players = draw(st.sampled_from([FOUR, FIVE]))
    entries = []
    for number in range(draw(st.integers(1, 24))):
        dealer = players[number % len(players)]
        playing = [p for p in players if len(players) == 4 or p != dealer]
        if draw(st.integers(0, 5)) == 0:
            entries.append({"rebuy": draw(st.sampled_from(players))})
        entries.append(draw(deal(playing)))
    return players, entries


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
