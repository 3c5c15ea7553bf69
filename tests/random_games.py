"""Random valid games (hypothesis strategies), one kind a game: the property tests play them
(tests/sheets/test_*properties.py), and the spreadsheet engines' and the workbook fuzzer's tests
export them (tests/workbooks/, tests/attacks/test_fuzz_workbooks.py)."""

from __future__ import annotations

from conftest import PLAYERS
from hypothesis import strategies as st

from scorekeeper.rulebook import registry

# --- King: every hand of a valid game, negatives first, then each player's festa ----------------

KING = registry.find("king")


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


# --- Sueca deals and Truco hands, of the teams Nos and Eles ----------------------------------------

card_split = st.integers(0, 120).filter(lambda n: n not in (1, 119)).map(lambda n: [n, 120 - n])
sueca_deal = st.one_of(
    card_split.map(lambda points: {"points": points}),
    st.sampled_from(["Nos", "Eles"]).map(
        lambda team: {"points": [120, 0] if team == "Nos" else [0, 120], "all_tricks": True}
    ),
    st.sampled_from(["Nos", "Eles"]).map(lambda team: {"penalty": "renuncia", "team": team}),
    st.sampled_from(["Nos", "Eles"]).map(lambda team: {"penalty": "ponto", "team": team, "reason": "sinais"}),
    st.sampled_from(["Nos", "Eles"]).map(lambda team: {"penalty": "castigo", "team": team}),
)


truco_hand = st.one_of(
    st.tuples(st.sampled_from(["Nos", "Eles"]), st.sampled_from([1, 3, 6, 9, 12])).map(
        lambda t: {"winner": t[0], "value": t[1]}
    ),
    st.sampled_from(["Nos", "Eles"]).map(lambda team: {"winner": team}),
    st.sampled_from(["Nos", "Eles"]).map(lambda team: {"mao_de_onze": "declined", "team": team}),
    st.sampled_from(["Nos", "Eles"]).map(lambda team: {"penalty": "olhar-baralho", "team": team}),
    st.just({"void": "misdeal"}),
)


# --- Quatrilho: a table of four or five and its deals ---------------------------------------------

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
def quatrilho_deal(draw, playing: list[str]):
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
        entries.append(draw(quatrilho_deal(playing)))
    return players, entries
