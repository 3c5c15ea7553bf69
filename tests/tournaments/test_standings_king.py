"""King championship standings (TN1, K5; Art 7, 14, 15, 16), computed by hand from real sheets
written to tmp_path and checked by scorekeeper.core.check.check_file."""

from __future__ import annotations

import yaml

from scorekeeper.core.check import check_file
from scorekeeper.king.standings import standings
from scorekeeper.rulebook.registry import find
from scorekeeper.tournaments.model import Penalty, Round, Table, Tournament

# The negative phase of every game below, written as points in seat order (K1): vazas 4-3-3-3
# tricks, copas 4-3-3-3 hearts, a queen each, two kings or jacks each, the king of hearts to the
# first seat, the last two tricks to the second and third seats.
NEGATIVE = [
    ("vazas", [-80, -60, -60, -60]),
    ("copas", [-80, -60, -60, -60]),
    ("damas", [-50, -50, -50, -50]),
    ("reis-valetes", [-60, -60, -60, -60]),
    ("rei-de-copas", [-160, 0, 0, 0]),
    ("ultimas", [0, -90, -90, 0]),
]
NEGATIVE_BY_SEAT = [sum(points[seat] for _, points in NEGATIVE) for seat in range(4)]  # -430, -320, -320, -230
FESTA = [81, 81, 81, 82]  # a festa of +325 (K2) for the first three beneficiaries


def king_game(tmp_path, name: str, totals: dict[str, int], complete: bool = True) -> str:
    """A whole King game whose players end on `totals` (in seat order; they add up to 0): the
    negative hands above, three festas of FESTA, and the fourth festa's points making up the rest
    (festas written as points, each adding up to +325)."""
    players = list(totals)
    assert sum(totals.values()) == 0
    hands = [{"hand": hand, "points": points} for hand, points in NEGATIVE]
    for seat in range(3):
        hands.append({"hand": "festa", "beneficiary": players[seat], "points": FESTA})
    last = [totals[p] - NEGATIVE_BY_SEAT[seat] - 3 * FESTA[seat] for seat, p in enumerate(players)]
    hands.append({"hand": "festa", "beneficiary": players[3], "points": last})
    if not complete:
        hands = hands[:6]
    path = tmp_path / name
    path.write_text(
        yaml.safe_dump({"rules": "king", "players": players, "hands": hands}, sort_keys=False, default_flow_style=None),
        encoding="utf-8",
    )
    return name


def checked(tmp_path, *names: str) -> dict:
    """The results keyed by each sheet as the tournament file writes it; every one clean."""
    results = {name: check_file(str(tmp_path / name)) for name in names}
    assert all(result.valid and not result.findings for result in results.values())
    return results


def championship(players, rounds) -> Tournament:
    return Tournament(
        source="t.yaml", name="Final", rules=find("king"), rules_ref="king", players=players, rounds=rounds
    )


def table_rows(rows):
    return [(r.place, r.name, r.points, r.tiebreaks["king_points"], r.decided_by) for r in rows]


NINE = ["Ana", "Bruno", "Carla", "Duarte", "Eduardo", "Filipa", "Gil", "Helena", "Ines"]


def nine_player_final(tmp_path):
    """The issue's nine-player final: round 1 with Gil absent at table 2 and Ines's bye; round 2
    with Duarte's bye and Bruno's spectator denunciation (Art 14)."""
    king_game(tmp_path, "r1-mesa1.yaml", {"Ana": 300, "Bruno": 100, "Carla": -100, "Duarte": -300})
    king_game(tmp_path, "r2-mesa1.yaml", {"Ana": 50, "Eduardo": 50, "Filipa": -40, "Ines": -60})
    king_game(tmp_path, "r2-mesa2.yaml", {"Bruno": 200, "Carla": 0, "Gil": 0, "Helena": -200})
    rounds = [
        Round(
            1,
            tables=[
                Table(1, ["Ana", "Bruno", "Carla", "Duarte"], "r1-mesa1.yaml"),
                Table(2, ["Eduardo", "Filipa", "Gil", "Helena"], absent=["Gil"]),
            ],
            byes=["Ines"],
        ),
        Round(
            2,
            tables=[
                Table(1, ["Ana", "Eduardo", "Filipa", "Ines"], "r2-mesa1.yaml"),
                Table(2, ["Bruno", "Carla", "Gil", "Helena"], "r2-mesa2.yaml"),
            ],
            byes=["Duarte"],
            penalties=[Penalty("Bruno", -2.5, "Art 14")],
        ),
    ]
    return championship(NINE, rounds)


def test_provisional_standings_with_an_absence_byes_a_penalty_and_a_missing_sheet(tmp_path):
    tournament = nine_player_final(tmp_path)
    results = checked(tmp_path, "r1-mesa1.yaml", "r2-mesa1.yaml")  # r2-mesa2 not handed in yet
    rows = standings(tournament, results)
    # Round 1, table 1: 300 > 100 > -100 > -300: Ana 5, Bruno 3, Carla 2, Duarte 1 (Art 15).
    # Table 2 not played (Art 7): Gil 0, Eduardo, Filipa, Helena 2.5 each. Ines's bye 2.5.
    # Round 2, table 1: Ana and Eduardo tie on 50 for 1st: (5 + 3) / 2 = 4 each, Filipa 2, Ines 1.
    # Duarte's bye 2.5; Bruno -2.5 (Art 14); table 2 does not count yet.
    # Ana 5 + 4 = 9; Eduardo 2.5 + 4 = 6.5; Filipa 2.5 + 2 = 4.5; Ines 2.5 + 1 = 3.5 (kp -60);
    # Duarte 1 + 2.5 = 3.5 (kp -300); Helena 2.5; Carla 2; Bruno 3 - 2.5 = 0.5; Gil 0.
    assert table_rows(rows) == [
        (1, "Ana", 9.0, 350, "points"),
        (2, "Eduardo", 6.5, 50, "points"),
        (3, "Filipa", 4.5, -40, "points"),
        (4, "Ines", 3.5, -60, "king_points"),
        (5, "Duarte", 3.5, -300, "points"),
        (6, "Helena", 2.5, 0, "points"),
        (7, "Carla", 2.0, -100, "points"),
        (8, "Bruno", 0.5, 100, "points"),
        (9, "Gil", 0.0, 0, None),
    ]
    by_name = {r.name: r.tiebreaks for r in rows}
    assert by_name["Gil"] == {"king_points": 0, "games": [], "byes": 0, "absences": 1, "unplayed": 0, "penalties": 0.0}
    assert by_name["Helena"] == {
        "king_points": 0,
        "games": [],
        "byes": 0,
        "absences": 0,
        "unplayed": 1,
        "penalties": 0.0,
    }
    assert by_name["Bruno"] == {
        "king_points": 100,
        "games": [100],
        "byes": 0,
        "absences": 0,
        "unplayed": 0,
        "penalties": -2.5,
    }
    assert by_name["Ines"]["byes"] == 1 and by_name["Ines"]["games"] == [-60]
    assert by_name["Ana"]["games"] == [300, 50]


def test_an_incomplete_sheet_counts_as_not_handed_in(tmp_path):
    tournament = nine_player_final(tmp_path)
    king_game(tmp_path, "r2-mesa2.yaml", {"Bruno": 200, "Carla": 0, "Gil": 0, "Helena": -200}, complete=False)
    results = checked(tmp_path, "r1-mesa1.yaml", "r2-mesa1.yaml", "r2-mesa2.yaml")
    assert not results["r2-mesa2.yaml"].complete
    missing = checked(tmp_path, "r1-mesa1.yaml", "r2-mesa1.yaml")
    assert table_rows(standings(tournament, results)) == table_rows(standings(tournament, missing))


def test_the_last_sheet_in_makes_a_three_way_tie_broken_by_king_points(tmp_path):
    tournament = nine_player_final(tmp_path)
    rows = standings(tournament, checked(tmp_path, "r1-mesa1.yaml", "r2-mesa1.yaml", "r2-mesa2.yaml"))
    # Round 2, table 2: 200 > 0 = 0 > -200: Bruno 5, Carla and Gil (3 + 2) / 2 = 2.5, Helena 1.
    # Bruno 3 + 5 - 2.5 = 5.5; Carla 2 + 2.5 = 4.5 (kp -100 + 0 = -100) below Filipa 4.5 (kp -40);
    # Helena 2.5 + 1 = 3.5 (kp -200): Ines (-60), Helena (-200), Duarte (-300) at 3.5; Gil 0 + 2.5.
    assert table_rows(rows) == [
        (1, "Ana", 9.0, 350, "points"),
        (2, "Eduardo", 6.5, 50, "points"),
        (3, "Bruno", 5.5, 300, "points"),
        (4, "Filipa", 4.5, -40, "king_points"),
        (5, "Carla", 4.5, -100, "points"),
        (6, "Ines", 3.5, -60, "king_points"),
        (7, "Helena", 3.5, -200, "king_points"),
        (8, "Duarte", 3.5, -300, "points"),
        (9, "Gil", 2.5, 0, None),
    ]
    assert [r.tiebreaks["games"] for r in rows if r.name in ("Bruno", "Gil")] == [[200, 100], [0]]


def test_ties_broken_by_best_game_and_fewer_games_and_a_shared_place(tmp_path):
    # Round 1: mesa 1 Duarte 300 > Ana 200 > Bruno 100 > Carla -600: 5, 3, 2, 1;
    #          mesa 2 Gil = Helena 100 > Eduardo = Filipa -100: (5 + 3) / 2 = 4 and (2 + 1) / 2 = 1.5; Ines bye.
    # Round 2: mesa 1 Carla 100 > Eduardo = Gil 0 > Ana -100: 5, 2.5, 2.5, 1;
    #          mesa 2 Duarte = Ines 100 > Bruno 0 > Filipa -200: 4, 4, 2, 1; Helena bye.
    king_game(tmp_path, "r1-mesa1.yaml", {"Ana": 200, "Bruno": 100, "Carla": -600, "Duarte": 300})
    king_game(tmp_path, "r1-mesa2.yaml", {"Eduardo": -100, "Filipa": -100, "Gil": 100, "Helena": 100})
    king_game(tmp_path, "r2-mesa1.yaml", {"Ana": -100, "Carla": 100, "Eduardo": 0, "Gil": 0})
    king_game(tmp_path, "r2-mesa2.yaml", {"Bruno": 0, "Duarte": 100, "Filipa": -200, "Ines": 100})
    rounds = [
        Round(1, tables=[Table(1, [], "r1-mesa1.yaml"), Table(2, [], "r1-mesa2.yaml")], byes=["Ines"]),
        Round(2, tables=[Table(1, [], "r2-mesa1.yaml"), Table(2, [], "r2-mesa2.yaml")], byes=["Helena"]),
    ]
    results = checked(tmp_path, "r1-mesa1.yaml", "r1-mesa2.yaml", "r2-mesa1.yaml", "r2-mesa2.yaml")
    rows = standings(championship(NINE, rounds), results)
    # Duarte 5 + 4 = 9.
    # Gil 4 + 2.5 = 6.5, kp 100, games [100, 0]; Helena 4 + 2.5 (bye) = 6.5, games [100];
    # Ines 2.5 (bye) + 4 = 6.5, games [100]: Gil's games run out last (K5: Gil has "more games");
    # Helena and Ines equal on everything: the same place, 3.
    # Carla 1 + 5 = 6.
    # Ana 3 + 1 = 4, kp 200 - 100 = 100, games [200, -100]; Bruno 2 + 2 = 4, kp 100, games [100, 0]:
    # Ana's best game 200 > 100; Eduardo 1.5 + 2.5 = 4, kp -100: Bruno above him on king points.
    # Filipa 1.5 + 1 = 2.5.
    assert [(r.place, r.name, r.points, r.tiebreaks["games"], r.decided_by) for r in rows] == [
        (1, "Duarte", 9.0, [300, 100], "points"),
        (2, "Gil", 6.5, [100, 0], "more games"),
        (3, "Helena", 6.5, [100], "tied"),
        (3, "Ines", 6.5, [100], "points"),
        (5, "Carla", 6.0, [100, -600], "points"),
        (6, "Ana", 4.0, [200, -100], "best game 1"),
        (7, "Bruno", 4.0, [100, 0], "king_points"),
        (8, "Eduardo", 4.0, [0, -100], "points"),
        (9, "Filipa", 2.5, [-100, -200], None),
    ]
    assert [r.tiebreaks["byes"] for r in rows[1:4]] == [0, 1, 1]


def test_a_tie_broken_by_the_second_best_game_and_averaged_table_points_adding_up(tmp_path):
    # One table of Wanda, Xavier, Yara, Zeca for three games.
    # Game 1: Wanda = Xavier 300 > Yara -200 > Zeca -400: 4, 4, 2, 1.
    # Game 2: Yara 200 > Wanda 100 > Xavier 50 > Zeca -350: 5, 3, 2, 1.
    # Game 3: Yara 100 > Zeca 50 > Xavier -50 > Wanda -100: 5, 3, 2, 1.
    # Wanda 4 + 3 + 1 = 8, kp 300, games [300, 100, -100]; Xavier 4 + 2 + 2 = 8, kp 300,
    # games [300, 50, -50]: equal best game, Wanda's second best 100 > 50.
    # Yara 2 + 5 + 5 = 12; Zeca 1 + 1 + 3 = 5.
    players = ["Wanda", "Xavier", "Yara", "Zeca"]
    games = [[300, 300, -200, -400], [100, 50, 200, -350], [-100, -50, 100, 50]]
    rounds = []
    for number, totals in enumerate(games, 1):
        sheet = king_game(tmp_path, f"jogo{number}.yaml", dict(zip(players, totals)))
        rounds.append(Round(number, tables=[Table(1, players, sheet)]))
    results = checked(tmp_path, "jogo1.yaml", "jogo2.yaml", "jogo3.yaml")
    rows = standings(championship(players, rounds), results)
    assert [(r.place, r.name, r.points, r.tiebreaks["king_points"], r.decided_by) for r in rows] == [
        (1, "Yara", 12.0, 100, "points"),
        (2, "Wanda", 8.0, 300, "best game 2"),
        (3, "Xavier", 8.0, 300, "points"),
        (4, "Zeca", 5.0, -700, None),
    ]
    assert sum(r.points for r in rows) == 3 * (5 + 3 + 2 + 1)  # every game hands out 11 table points


def test_three_tied_for_first_share_ten_thirds_and_tie_with_a_whole_ten(tmp_path):
    # Game 1: Ana = Bruno = Carla 100 > Duarte -300: (5 + 3 + 2) / 3 = 10/3 each, Duarte 1.
    # Three such games: 10/3 x 3 = 10 each, exactly, and kp 300 each: three rows tied, place 1.
    players = ["Ana", "Bruno", "Carla", "Duarte"]
    rounds = [
        Round(
            n, tables=[Table(1, players, king_game(tmp_path, f"g{n}.yaml", dict(zip(players, [100, 100, 100, -300]))))]
        )
        for n in (1, 2, 3)
    ]
    rows = standings(championship(players, rounds), checked(tmp_path, "g1.yaml", "g2.yaml", "g3.yaml"))
    assert [(r.place, r.name, r.points, r.decided_by) for r in rows] == [
        (1, "Ana", 10.0, "tied"),
        (1, "Bruno", 10.0, "tied"),
        (1, "Carla", 10.0, "points"),
        (4, "Duarte", 3.0, None),
    ]


def test_no_sheet_in_yet_gives_everybody_what_the_file_already_says(tmp_path):
    # A round drawn but not played: only the bye and the penalty count (2.5 and -2.5).
    rounds = [
        Round(
            1,
            tables=[Table(1, ["Ana", "Bruno", "Carla", "Duarte"], "r1-mesa1.yaml")],
            byes=["Ines"],
            penalties=[Penalty("Carla", -2.5, "Art 14")],
        )
    ]
    rows = standings(championship(["Ana", "Bruno", "Carla", "Duarte", "Ines"], rounds), {})
    assert [(r.place, r.name, r.points, r.decided_by) for r in rows] == [
        (1, "Ines", 2.5, "points"),
        (2, "Ana", 0.0, "tied"),
        (2, "Bruno", 0.0, "tied"),
        (2, "Duarte", 0.0, "points"),
        (5, "Carla", -2.5, None),
    ]
