"""Quatrilho championship standings (Art 21-24; Q10, Q11), computed by hand from real sheets
written to tmp_path and checked by scorekeeper.core.check.check_file: the tie-breaks, a late
player, a player seated nowhere, a provisional round, the cut, the prizes and the extra round."""

from __future__ import annotations

import pytest
import yaml
from conftest import RULES

from scorekeeper.core.check import check_file
from scorekeeper.errors import RulesError, ScorekeeperError
from scorekeeper.quatrilho.standings import extra_round_winners, standings
from scorekeeper.rulebook.registry import find, load_path
from scorekeeper.tournaments.model import Round, Table, Tournament


def quatrilho_sheet(tmp_path, name: str, players: list[str], entries: list[dict]) -> str:
    """A round at one table, shortened by the committee (Art 11) to the deals written."""
    deals = sum(1 for entry in entries if "contract" in entry)
    doc = {"rules": "quatrilho", "players": players, "round_deals": deals, "deals": entries}
    (tmp_path / name).write_text(yaml.safe_dump(doc, sort_keys=False, default_flow_style=None), encoding="utf-8")
    return name


def normal(caller: str, partner: str, figuras: int) -> dict:
    """Q4: the caller's side with figuras // 3 >= 6 points: caller and partner each receive them,
    each opponent pays them."""
    return {"contract": "normal", "caller": caller, "partner": partner, "figuras": figuras}


def checked(tmp_path, *names: str) -> dict:
    results = {name: check_file(str(tmp_path / name)) for name in names}
    assert all(result.complete and result.valid for result in results.values())
    return results


def rows_of(rows):
    return [(r.place, r.name, r.points, r.decided_by) for r in rows]


ELEVEN = ["Ana", "Bia", "Caio", "Davi", "Eva", "Fabio", "Gabi", "Hugo", "Iris", "Joao", "Kaio"]


def two_rounds(tmp_path):
    """Round 1: two tables of five, the dealer sitting out each deal (Art 14).
      mesa 1: deal 1 (Ana deals, out): Davi and Eva 10 points: Davi +10, Eva +10, Gabi -10, Hugo -10;
              deal 2 (Davi deals, out): Ana and Gabi 6 points: Ana +6, Gabi +6, Eva -6, Hugo -6.
              Nets: Ana 6, Davi 10, Eva 4, Gabi -4, Hugo -16.
      mesa 2: one deal (Fabio deals, out): Bia and Caio 8: Bia 8, Caio 8, Iris -8, Joao -8, Fabio 0.
    Round 2 (Eva and Kaio seated nowhere: 0 each):
      mesa 1: Fabio late (Art 12: -200), the four others play, Bia dealing: Bia and Caio 8:
              Bia 8, Caio 8, Gabi -8, Iris -8.
      mesa 2, a table of four (the dealer plays): Ana and Hugo 10: Ana 10, Hugo 10, Davi -10, Joao -10.
    Kaio is registered and never seated: 0 and 0."""
    quatrilho_sheet(
        tmp_path,
        "r1-mesa1.yaml",
        ["Ana", "Davi", "Eva", "Gabi", "Hugo"],
        [normal("Davi", "Eva", 30), normal("Ana", "Gabi", 18)],
    )
    quatrilho_sheet(tmp_path, "r1-mesa2.yaml", ["Fabio", "Bia", "Caio", "Iris", "Joao"], [normal("Bia", "Caio", 24)])
    quatrilho_sheet(
        tmp_path,
        "r2-mesa1.yaml",
        ["Fabio", "Bia", "Caio", "Gabi", "Iris"],
        [{"late": "Fabio"}, normal("Bia", "Caio", 24)],
    )
    quatrilho_sheet(tmp_path, "r2-mesa2.yaml", ["Ana", "Davi", "Hugo", "Joao"], [normal("Ana", "Hugo", 30)])
    rounds = [
        Round(
            1,
            tables=[
                Table(1, ["Ana", "Davi", "Eva", "Gabi", "Hugo"], "r1-mesa1.yaml"),
                Table(2, ["Fabio", "Bia", "Caio", "Iris", "Joao"], "r1-mesa2.yaml"),
            ],
        ),
        Round(
            2,
            tables=[
                Table(1, ["Fabio", "Bia", "Caio", "Gabi", "Iris"], "r2-mesa1.yaml"),
                Table(2, ["Ana", "Davi", "Hugo", "Joao"], "r2-mesa2.yaml"),
            ],
        ),
    ]
    return Tournament(
        source="t.yaml", name="CBQI", rules=find("quatrilho"), rules_ref="quatrilho", players=ELEVEN, rounds=rounds
    )


def test_tie_breaks_a_late_player_one_seated_nowhere_and_the_prizes_by_place(tmp_path):
    tournament = two_rounds(tmp_path)
    results = checked(tmp_path, "r1-mesa1.yaml", "r1-mesa2.yaml", "r2-mesa1.yaml", "r2-mesa2.yaml")
    assert results["r2-mesa1.yaml"].totals["Fabio"] == -200  # Q10, as the sheet gives it
    rows = standings(tournament, results)
    # Ana 6 + 10 = 16, won 16, best 10; Bia and Caio 8 + 8 = 16, won 16, best 8: Ana first on the
    # best round, Bia and Caio tied (place 2). Eva 4 + 0 = 4. Davi 10 - 10 = 0, won 10; Kaio 0 + 0,
    # won 0: Davi above on pontos ganhos. Hugo -16 + 10 = -6; Gabi -4 - 8 = -12; Iris -8 - 8 = -16;
    # Joao -8 - 10 = -18; Fabio 0 - 200 = -200.
    assert rows_of(rows) == [
        (1, "Ana", 16.0, "best_round"),
        (2, "Bia", 16.0, "tied"),
        (2, "Caio", 16.0, "points"),
        (4, "Eva", 4.0, "points"),
        (5, "Davi", 0.0, "won"),
        (6, "Kaio", 0.0, "points"),
        (7, "Hugo", -6.0, "points"),
        (8, "Gabi", -12.0, "points"),
        (9, "Iris", -16.0, "points"),
        (10, "Joao", -18.0, "points"),
        (11, "Fabio", -200.0, None),
    ]
    tiebreaks = {r.name: r.tiebreaks for r in rows}
    assert tiebreaks["Ana"] == {
        "net": 16,
        "won": 16,
        "best_round": 10,
        "rounds": [6, 10],
        "penalties": 0.0,
        "qualified": None,
        "prize": 1000.0,
        "extra_prize": 0.0,
    }
    assert tiebreaks["Eva"]["rounds"] == [4, 0] and tiebreaks["Kaio"]["rounds"] == [0, 0]
    assert tiebreaks["Fabio"]["rounds"] == [0, -200]
    assert tiebreaks["Hugo"] == {
        "net": -6,
        "won": 10,
        "best_round": 10,
        "rounds": [-16, 10],
        "penalties": 0.0,
        "qualified": None,
        "prize": 100.0,
        "extra_prize": 0.0,
    }
    # Art 24: 1st 1000; Bia and Caio share the 2nd and 3rd prizes: (600 + 400) / 2 = 500 each;
    # 4th 200, 5th 150, 6th to 10th 100, 11th 60.
    assert [r.tiebreaks["prize"] for r in rows] == [1000, 500, 500, 200, 150, 100, 100, 100, 100, 100, 60]
    assert sum(r.points for r in rows) == -200  # every deal adds up to 0; the 200 of the late go to nobody


def test_a_round_with_a_sheet_not_in_is_provisional_for_that_table_only(tmp_path):
    tournament = two_rounds(tmp_path)
    results = checked(tmp_path, "r1-mesa1.yaml", "r1-mesa2.yaml", "r2-mesa1.yaml")  # r2-mesa2 not in
    rows = standings(tournament, results)
    # Ana, Davi, Hugo, Joao: round 2 pending. Bia and Caio 16 tied (won 16, best 8 each); Davi 10;
    # Ana 6; Eva 4; Kaio 0; Joao -8; Gabi -12; Hugo and Iris -16, won 0 each: tied; Fabio -200.
    assert rows_of(rows) == [
        (1, "Bia", 16.0, "tied"),
        (1, "Caio", 16.0, "points"),
        (3, "Davi", 10.0, "points"),
        (4, "Ana", 6.0, "points"),
        (5, "Eva", 4.0, "points"),
        (6, "Kaio", 0.0, "points"),
        (7, "Joao", -8.0, "points"),
        (8, "Gabi", -12.0, "points"),
        (9, "Hugo", -16.0, "tied"),
        (9, "Iris", -16.0, "points"),
        (11, "Fabio", -200.0, None),
    ]
    tiebreaks = {r.name: r.tiebreaks for r in rows}
    assert tiebreaks["Ana"]["rounds"] == [6, None] and tiebreaks["Eva"]["rounds"] == [4, 0]
    # Bia and Caio share the 1st and 2nd prizes: (1000 + 600) / 2 = 800; Hugo and Iris the 9th and 10th.
    assert [tiebreaks[name]["prize"] for name in ("Bia", "Caio", "Hugo", "Iris")] == [800, 800, 100, 100]


HOUSE_CLASSIFICATION = """
classification:
  cut: 4
  prizes: [100, 60, 40]
  prize_total: 200
  extra_prize: 50
"""


def house_rules(tmp_path, classification: str = HOUSE_CLASSIFICATION):
    """The shipped rule file with its classification section replaced (a house variant)."""
    text = (RULES / "quatrilho.yaml").read_text(encoding="utf-8")
    text = text[: text.index("\nclassification:")] + classification
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return load_path(str(path))


EIGHT = ["Ana", "Bia", "Caio", "Davi", "Eva", "Fabio", "Gabi", "Hugo"]


def cut_championship(tmp_path):
    """Three rounds (rounds_total 3) at tables of four, one deal each, under a house rule file that
    cuts to the first 4 and pays 100, 60, 40 (extra prize 50).
      Round 1: Ana and Bia 10 (Caio, Davi -10); Eva and Fabio 8 (Gabi, Hugo -8).
      Round 2: Caio and Gabi 7 (Ana, Eva -7); Davi and Bia 6 (Fabio, Hugo -6).
      After round 2: Bia 16, Ana 3, Fabio 2, Eva 1 | Gabi -1, Caio -3, Davi -4, Hugo -14: the cut.
      Round 3, the first four: Eva and Fabio 11 (Bia, Ana -11).
      The extra round, the others: Hugo and Davi 9 (Gabi, Caio -9)."""
    sheets = {
        "r1-mesa1.yaml": (["Ana", "Bia", "Caio", "Davi"], normal("Ana", "Bia", 30)),
        "r1-mesa2.yaml": (["Eva", "Fabio", "Gabi", "Hugo"], normal("Eva", "Fabio", 24)),
        "r2-mesa1.yaml": (["Ana", "Eva", "Caio", "Gabi"], normal("Caio", "Gabi", 21)),
        "r2-mesa2.yaml": (["Bia", "Fabio", "Davi", "Hugo"], normal("Davi", "Bia", 18)),
        "r3-mesa1.yaml": (["Bia", "Ana", "Fabio", "Eva"], normal("Eva", "Fabio", 33)),
        "extra-mesa1.yaml": (["Gabi", "Caio", "Davi", "Hugo"], normal("Hugo", "Davi", 27)),
    }
    for name, (players, deal) in sheets.items():
        quatrilho_sheet(tmp_path, name, players, [deal])
    rounds = [
        Round(
            1,
            tables=[
                Table(1, sheets["r1-mesa1.yaml"][0], "r1-mesa1.yaml"),
                Table(2, sheets["r1-mesa2.yaml"][0], "r1-mesa2.yaml"),
            ],
        ),
        Round(
            2,
            tables=[
                Table(1, sheets["r2-mesa1.yaml"][0], "r2-mesa1.yaml"),
                Table(2, sheets["r2-mesa2.yaml"][0], "r2-mesa2.yaml"),
            ],
        ),
        Round(3, tables=[Table(1, sheets["r3-mesa1.yaml"][0], "r3-mesa1.yaml")]),
        Round(4, stage="extra", tables=[Table(1, sheets["extra-mesa1.yaml"][0], "extra-mesa1.yaml")]),
    ]
    tournament = Tournament(
        source="t.yaml", name="CBQI", rules=house_rules(tmp_path), rules_ref="house.yaml", players=EIGHT, rounds=rounds
    )
    return tournament, checked(tmp_path, *sheets)


def test_the_cut_after_the_next_to_last_round_ranks_the_first_four_above_the_rest(tmp_path):
    tournament, results = cut_championship(tmp_path)
    rows = standings(tournament, results, rounds_total=3)
    # Fabio 8 - 6 + 11 = 13; Eva 8 - 7 + 11 = 12; Bia 10 + 6 - 11 = 5; Ana 10 - 7 - 11 = -8: made
    # the cut, so above Gabi -8 + 7 = -1, Caio -10 + 7 = -3, Davi -10 + 6 = -4, Hugo -8 - 6 = -14
    # (the extra round never counts: Art 23 "zerando a pontuacao anterior").
    assert rows_of(rows) == [
        (1, "Fabio", 13.0, "points"),
        (2, "Eva", 12.0, "points"),
        (3, "Bia", 5.0, "points"),
        (4, "Ana", -8.0, "cut"),
        (5, "Gabi", -1.0, "points"),
        (6, "Caio", -3.0, "points"),
        (7, "Davi", -4.0, "points"),
        (8, "Hugo", -14.0, None),
    ]
    assert [r.tiebreaks["qualified"] for r in rows] == [True] * 4 + [False] * 4
    assert [r.tiebreaks["prize"] for r in rows] == [100, 60, 40, 0, 0, 0, 0, 0]
    # Art 23: Hugo and Davi tie on 9 at the extra round's table: 50 / 2 = 25 each.
    assert {r.name: r.tiebreaks["extra_prize"] for r in rows if r.tiebreaks["extra_prize"]} == {"Davi": 25, "Hugo": 25}
    assert {r.name: r.tiebreaks["rounds"] for r in rows}["Gabi"] == [-8, 7, 0]


def test_who_made_the_cut_is_known_once_the_next_to_last_round_is_all_in(tmp_path):
    tournament, results = cut_championship(tmp_path)
    after_round_1 = {name: results[name] for name in ("r1-mesa1.yaml", "r1-mesa2.yaml", "r2-mesa1.yaml")}
    assert {r.tiebreaks["qualified"] for r in standings(tournament, after_round_1, rounds_total=3)} == {None}
    after_round_2 = {name: r for name, r in results.items() if name.startswith(("r1", "r2"))}
    rows = standings(tournament, after_round_2, rounds_total=3)
    assert rows_of(rows) == [
        (1, "Bia", 16.0, "points"),
        (2, "Ana", 3.0, "points"),
        (3, "Fabio", 2.0, "points"),
        (4, "Eva", 1.0, "cut"),
        (5, "Gabi", -1.0, "points"),
        (6, "Caio", -3.0, "points"),
        (7, "Davi", -4.0, "points"),
        (8, "Hugo", -14.0, None),
    ]
    assert [r.tiebreaks["rounds"][2] for r in rows[:4]] == [None] * 4  # round 3's sheet not in yet
    assert [r.tiebreaks["qualified"] for r in rows] == [True] * 4 + [False] * 4
    assert {r.tiebreaks["qualified"] for r in standings(tournament, results)} == {None}  # no rounds_total
    with pytest.raises(ScorekeeperError, match="3 rounds, but its total of rounds is 2"):
        standings(tournament, results, rounds_total=2)


def test_players_tied_at_the_cut_all_play_on(tmp_path):
    # Round 1 only, rounds_total 2: at one table of five, one deal, Ana dealing (out, 0):
    # Bia and Caio 6 points (Bia 6, Caio 6, Davi -6, Eva -6); at the other, a table of four with
    # Fabio dealing and playing: Fabio and Gabi 6 (Hugo, Iris -6). Cut 4: Bia, Caio, Fabio, Gabi
    # share 1st; Ana 0 is 5th: out. With a cut of 5, Ana alone is 5th and in.
    quatrilho_sheet(tmp_path, "a.yaml", ["Ana", "Bia", "Caio", "Davi", "Eva"], [normal("Bia", "Caio", 18)])
    quatrilho_sheet(tmp_path, "b.yaml", ["Fabio", "Gabi", "Hugo", "Iris"], [normal("Fabio", "Gabi", 18)])
    players = ["Ana", "Bia", "Caio", "Davi", "Eva", "Fabio", "Gabi", "Hugo", "Iris"]
    rounds = [Round(1, tables=[Table(1, players[:5], "a.yaml"), Table(2, players[5:], "b.yaml")])]
    tournament = Tournament(
        source="t.yaml",
        name="CBQI",
        rules=house_rules(tmp_path),
        rules_ref="house.yaml",
        players=players,
        rounds=rounds,
    )
    results = checked(tmp_path, "a.yaml", "b.yaml")
    rows = standings(tournament, results, rounds_total=2)
    assert [(r.place, r.name, r.tiebreaks["qualified"]) for r in rows] == [
        (1, "Bia", True),
        (1, "Caio", True),
        (1, "Fabio", True),
        (1, "Gabi", True),
        (5, "Ana", False),
        (6, "Davi", False),
        (6, "Eva", False),
        (6, "Hugo", False),
        (6, "Iris", False),
    ]
    # Four share the 1st place: (100 + 60 + 40 + 0) / 4 = 50 each.
    assert [r.tiebreaks["prize"] for r in rows[:4]] == [50, 50, 50, 50]
    tournament.rules = house_rules(tmp_path, HOUSE_CLASSIFICATION.replace("cut: 4", "cut: 5"))
    rows = standings(tournament, results, rounds_total=2)
    assert [(r.place, r.name, r.tiebreaks["qualified"]) for r in rows][4:6] == [(5, "Ana", True), (6, "Davi", False)]


def test_extra_round_winners_by_table_and_only_of_an_extra_round(tmp_path):
    tournament, results = cut_championship(tmp_path)
    extra = tournament.rounds[3]
    assert extra_round_winners(extra, results, tournament.rules) == [(1, ["Davi", "Hugo"], 9, 25.0)]
    assert extra_round_winners(extra, {}, tournament.rules) == []  # its sheet not in yet
    with pytest.raises(ScorekeeperError, match="round 3 is not an extra round"):
        extra_round_winners(tournament.rounds[2], results, tournament.rules)


def test_the_shipped_classification_is_art_24s_table():
    rules = find("quatrilho")
    assert rules.cut == 40 and rules.extra_prize == 50
    assert rules.prizes == (1000, 600, 400, 200, 150) + (100,) * 5 + (60,) * 10
    assert sum(rules.prizes) == 3450  # Art 24: R$ 3.450,00


@pytest.mark.parametrize(
    "classification, message",
    [
        (
            HOUSE_CLASSIFICATION.replace("prize_total: 200", "prize_total: 300"),
            "classification.prize_total is 300, but the prizes add up to 200",
        ),
        (
            HOUSE_CLASSIFICATION.replace("[100, 60, 40]", "[60, 100, 40]"),
            "a place's prize must not be above the one before it",
        ),
        (HOUSE_CLASSIFICATION.replace("cut: 4", "cut: 2"), "3 places paid, but only the first 2 \\(cut\\) play"),
        (HOUSE_CLASSIFICATION.replace("extra_prize: 50", "extra_prize: -5"), "classification.extra_prize"),
        ("\n", "missing key 'classification'"),
    ],
)
def test_a_house_classification_is_validated(tmp_path, classification, message):
    with pytest.raises(RulesError, match=message):
        house_rules(tmp_path, classification)
