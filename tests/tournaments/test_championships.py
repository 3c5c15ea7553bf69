"""The example championships in examples/ (issue 10): a nine-player King final and a five-team
Sueca group phase with its semi-finals and final, as an organiser runs them with `scorekeeper
tournament`. Every number below is computed by hand from the sheets (the arithmetic is in the
comments); the draws are the commands' own, reproduced from the seeds the files record."""

from __future__ import annotations

import json
import shutil

import pytest
import yaml
from conftest import EXAMPLES, run

from scorekeeper.core.check import check_file
from scorekeeper.tournaments.standings import standings
from scorekeeper.tournaments.tournament_file import load

KING = EXAMPLES / "championship-king"
SUECA = EXAMPLES / "championship-sueca"
KING_PLAYERS = ["Ana", "Bruno", "Carla", "Duarte", "Eduardo", "Filipa", "Gil", "Helena", "Ines"]
KING_SEEDS = [2026, 2027, 2028]
SUECA_TEAMS = {
    "Nos": "Ana,Bruno",
    "Eles": "Carla,Duarte",
    "Ases": "Eva,Rui",
    "Copas": "Gil,Helena",
    "Trunfo": "Ines,Jorge",
}
SUECA_SEEDS = [11, 12, 13, 14, 15, 16, 17]  # five group rounds, the semi-finals, the final


def doc(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def standings_json(path):
    result = run("tournament", "standings", path, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def draw(path, seed):
    result = run("tournament", "draw", path, "--seed", seed)
    assert result.exit_code == 0, result.output
    return result


def hand_in(folder, names, source):
    """The sheets as the tables handed them in: the example's, over the empty ones the draw made."""
    for name in names:
        shutil.copy(source / name, folder / name)


@pytest.mark.parametrize("path", [KING / "final.yaml", SUECA / "torneio.yaml"], ids=lambda p: p.parent.name)
def test_the_example_championship_checks_clean(path):
    result = run("tournament", "check", path)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{path}: clean")


@pytest.mark.parametrize("folder", [KING, SUECA], ids=lambda p: p.name)
def test_every_sheet_is_complete_and_clean_and_named_by_the_draw(folder):
    tournament = next(p for p in folder.glob("*.yaml") if not p.name.startswith("r"))
    named = {
        item["sheet"]
        for round_ in doc(tournament)["rounds"]
        for item in round_.get("tables", []) + round_.get("matches", [])
        if "sheet" in item
    }
    on_disk = {p.name for p in folder.glob("r*.yaml")}
    assert named == on_disk
    for name in sorted(on_disk):
        assert (folder / name).read_text(encoding="utf-8").startswith("# "), name  # says what it is
        result = check_file(str(folder / name))
        assert result.findings == [] and result.complete, name


# --- King -------------------------------------------------------------------------------------


def test_king_sheet_totals_by_hand():
    # King points of each sheet, hand by hand in seat order (K1, K2: Quadros 1-3), then each
    # player's sum; every hand adds up to -260, -260, -200, -240, -160, -180 or +325.
    # r1-mesa1.yaml (Bruno, Ana, Helena, Eduardo):
    #   vazas 4 2 3 4 x -20 = -80 -40 -60 -80
    #   copas 3 1 4 5 x -20 = -60 -20 -80 -100
    #   damas 1 0 1 2 x -50 = -50 +0 -50 -100
    #   reis-valetes 2 2 1 3 x -30 = -60 -60 -30 -90
    #   rei-de-copas 0 0 0 1 x -160 = +0 +0 +0 -160
    #   ultimas 2 0 0 0 x -90 = -180 +0 +0 +0
    #   Bruno's positivos 6 3 2 2 x 25 = +150 +75 +50 +50
    #   Ana's nulos 3 1 5 4: 325 - 75 x tricks = +100 +250 -50 +25
    #   Helena's 4-3-3-3: 4 x 25 to Helena, 3 x 25 to each other = +75 +75 +100 +75
    #   Eduardo's positivos 1 2 5 5 x 25 = +25 +50 +125 +125
    #   Bruno: -80-60-50-60+0-180+150+100+75+25 = -80
    #   Ana: -40-20+0-60+0+0+75+250+75+50 = +330
    #   Helena: -60-80-50-30+0+0+50-50+100+125 = +5
    #   Eduardo: -80-100-100-90-160+0+50+25+75+125 = -255
    # r1-mesa2.yaml (Carla, Duarte, Gil, Ines):
    #   vazas 3 5 2 3 x -20 = -60 -100 -40 -60
    #   copas 2 6 1 4 x -20 = -40 -120 -20 -80
    #   damas 1 2 0 1 x -50 = -50 -100 +0 -50
    #   reis-valetes 2 3 1 2 x -30 = -60 -90 -30 -60
    #   rei-de-copas 0 1 0 0 x -160 = +0 -160 +0 +0
    #   ultimas 0 1 0 1 x -90 = +0 -90 +0 -90
    #   Carla's positivos 7 2 2 2 x 25 = +175 +50 +50 +50
    #   Duarte's positivos 2 3 6 2 x 25, Gil's 5 sold: 5 x 25 from Gil to Duarte = +50 +200 +25 +50
    #   Gil's nulos 4 4 0 5: 325 - 75 x tricks = +25 +25 +325 -50
    #   Ines's positivos 3 3 2 5 x 25 = +75 +75 +50 +125
    #   Carla: -60-40-50-60+0+0+175+50+25+75 = +115
    #   Duarte: -100-120-100-90-160-90+50+200+25+75 = -310
    #   Gil: -40-20+0-30+0+0+50+25+325+50 = +360
    #   Ines: -60-80-50-60+0-90+50+50-50+125 = -165
    # r2-mesa2.yaml (Bruno, Ana, Carla, Filipa):
    #   vazas 2 4 4 3 x -20 = -40 -80 -80 -60
    #   copas 1 5 3 4 x -20 = -20 -100 -60 -80
    #   damas: renuncia by Carla, the hand's -200 (Art 14) = +0 +0 -200 +0
    #   reis-valetes 1 3 2 2 x -30 = -30 -90 -60 -60
    #   rei-de-copas 0 0 0 1 x -160 = +0 +0 +0 -160
    #   ultimas 1 1 0 0 x -90 = -90 -90 +0 +0
    #   Bruno's 4-3-3-3: 4 x 25 to Bruno, 3 x 25 to each other = +100 +75 +75 +75
    #   Ana's positivos 3 5 2 3 x 25 = +75 +125 +50 +75
    #   Carla's nulos 3 4 3 3: 325 - 75 x tricks = +100 +25 +100 +100
    #   Filipa's positivos 2 2 3 6 x 25 = +50 +50 +75 +150
    #   Bruno: -40-20+0-30+0-90+100+75+100+50 = +145
    #   Ana: -80-100+0-90+0-90+75+125+25+50 = -85
    #   Carla: -80-60-200-60+0+0+75+50+100+75 = -100
    #   Filipa: -60-80+0-60-160+0+75+75+100+150 = +40
    # r3-mesa1.yaml (Ines, Gil, Ana, Bruno):
    #   vazas 2 6 3 2 x -20 = -40 -120 -60 -40
    #   copas 1 7 2 3 x -20 = -20 -140 -40 -60
    #   damas 0 2 1 1 x -50 = +0 -100 -50 -50
    #   reis-valetes 1 3 2 2 x -30 = -30 -90 -60 -60
    #   rei-de-copas 0 1 0 0 x -160 = +0 -160 +0 +0
    #   ultimas 0 0 1 1 x -90 = +0 +0 -90 -90
    #   Ines's nulos 0 4 4 5: 325 - 75 x tricks, Ana's 2 sold: 2 x 75 from Ana to Ines = +475 +25 -125 -50
    #   Gil's positivos 4 4 3 2 x 25 = +100 +100 +75 +50
    #   Ana's positivos 3 0 6 4 x 25 = +75 +0 +150 +100
    #   Bruno's nulos 4 5 2 2: 325 - 75 x tricks = +25 -50 +175 +175
    #   Ines: -40-20+0-30+0+0+475+100+75+25 = +585
    #   Gil: -120-140-100-90-160+0+25+100+0-50 = -535
    #   Ana: -60-40-50-60+0-90-125+75+150+175 = -25
    #   Bruno: -40-60-50-60+0-90-50+50+100+175 = -25
    # r3-mesa2.yaml (Filipa, Duarte, Eduardo, Helena):
    #   vazas 3 4 3 3 x -20 = -60 -80 -60 -60
    #   copas 2 6 3 2 x -20 = -40 -120 -60 -40
    #   damas 1 2 1 0 x -50 = -50 -100 -50 +0
    #   reis-valetes 1 3 2 2 x -30 = -30 -90 -60 -60
    #   rei-de-copas 0 0 0 1 x -160 = +0 +0 +0 -160
    #   ultimas 0 1 1 0 x -90 = +0 -90 -90 +0
    #   Filipa's positivos 6 2 3 2 x 25 = +150 +50 +75 +50
    #   Duarte's nulos 3 5 2 3: 325 - 75 x tricks = +100 -50 +175 +100
    #   Eduardo's 4-3-3-3: 4 x 25 to Eduardo, 3 x 25 to each other = +75 +75 +100 +75
    #   Helena's positivos 3 1 2 7 x 25 = +75 +25 +50 +175
    #   Filipa: -60-40-50-30+0+0+150+100+75+75 = +220
    #   Duarte: -80-120-100-90+0-90+50-50+75+25 = -380
    #   Eduardo: -60-60-50-60+0-90+75+175+100+50 = +80
    #   Helena: -60-40+0-60-160+0+50+100+75+175 = +80
    expected = {
        "r1-mesa1.yaml": {"Bruno": -80, "Ana": 330, "Helena": 5, "Eduardo": -255},
        "r1-mesa2.yaml": {"Carla": 115, "Duarte": -310, "Gil": 360, "Ines": -165},
        "r2-mesa2.yaml": {"Bruno": 145, "Ana": -85, "Carla": -100, "Filipa": 40},
        "r3-mesa1.yaml": {"Ines": 585, "Gil": -535, "Ana": -25, "Bruno": -25},
        "r3-mesa2.yaml": {"Filipa": 220, "Duarte": -380, "Eduardo": 80, "Helena": 80},
    }
    for name, totals in expected.items():
        assert check_file(str(KING / name)).totals == totals, name
    # Table points (Art 15, K5): 5, 3, 2, 1; a tie on King points shares the average, (3 + 2) / 2.
    assert check_file(str(KING / "r3-mesa1.yaml")).places == {"Ines": 5, "Ana": 2.5, "Bruno": 2.5, "Gil": 1}
    assert check_file(str(KING / "r3-mesa2.yaml")).places == {"Filipa": 5, "Eduardo": 2.5, "Helena": 2.5, "Duarte": 1}


def test_king_final_standings_by_hand():
    # Round 1: table 1 Ana 5, Helena 3, Bruno 2, Eduardo 1; table 2 Gil 5, Carla 3, Ines 2,
    #   Duarte 1; Filipa's bye 2.5 (Art 15).
    # Round 2: table 1 not played, Gil absent (Art 7, TN1): Gil 0, Eduardo, Ines, Helena 2.5 each;
    #   table 2 Bruno 5, Filipa 3, Ana 2, Carla 1; Duarte's bye 2.5 and his Art 14 penalty -2.5.
    # Round 3: table 1 Ines 5, Ana 2.5, Bruno 2.5, Gil 1; table 2 Filipa 5, Eduardo 2.5, Helena 2.5,
    #   Duarte 1; Carla's bye 2.5.
    # Filipa  2.5 + 3 + 5 = 10.5;        King points 40 + 220 = 260
    # Ines    2 + 2.5 + 5 = 9.5;         -165 + 585 = 420
    # Ana     5 + 2 + 2.5 = 9.5;         330 - 85 - 25 = 220
    # Bruno   2 + 5 + 2.5 = 9.5;         -80 + 145 - 25 = 40
    # Helena  3 + 2.5 + 2.5 = 8;         5 + 80 = 85
    # Carla   3 + 1 + 2.5 = 6.5;         115 - 100 = 15
    # Gil     5 + 0 + 1 = 6;             360 - 535 = -175, best game 360
    # Eduardo 1 + 2.5 + 2.5 = 6;         -255 + 80 = -175, best game 80
    # Duarte  1 + 2.5 - 2.5 + 1 = 2;     -310 - 380 = -690
    # Ines, Ana and Bruno tie on 9.5: King points 420 > 220 > 40 (K5). Gil and Eduardo tie on 6 and
    # on -175 King points: the best game, 360 > 80, puts Gil ahead (K5, "as tres maiores").
    rows = standings_json(KING / "final.yaml")
    assert [
        (
            r["place"],
            r["player"],
            r["points"],
            r["king_points"],
            r["games"],
            r["byes"],
            r["absences"],
            r["unplayed"],
            r["penalties"],
            r["decided_by"],
        )
        for r in rows
    ] == [
        (1, "Filipa", 10.5, 260, [220, 40], 1, 0, 0, 0, "points"),
        (2, "Ines", 9.5, 420, [585, -165], 0, 0, 1, 0, "king_points"),
        (3, "Ana", 9.5, 220, [330, -25, -85], 0, 0, 0, 0, "king_points"),
        (4, "Bruno", 9.5, 40, [145, -25, -80], 0, 0, 0, 0, "points"),
        (5, "Helena", 8, 85, [80, 5], 0, 0, 1, 0, "points"),
        (6, "Carla", 6.5, 15, [115, -100], 1, 0, 0, 0, "points"),
        (7, "Gil", 6, -175, [360, -535], 0, 1, 0, 0, "best game 1"),
        (8, "Eduardo", 6, -175, [80, -255], 0, 0, 1, 0, "points"),
        (9, "Duarte", 2, -690, [-310, -380], 1, 0, 0, -2.5, None),
    ]


def king_new(folder):
    args = [
        "tournament",
        "new",
        "king",
        "--name",
        "Final Nacional Interbancaria 2026",
        "--rounds",
        "3",
        "-o",
        folder / "final.yaml",
    ]
    for name in KING_PLAYERS:
        args += ["-p", name]
    result = run(*args)
    assert result.exit_code == 0, result.output
    return folder / "final.yaml"


def test_king_draws_reproduce_from_their_seeds(tmp_path):
    path = king_new(tmp_path)
    draw(path, 2026)
    hand_in(tmp_path, ["r1-mesa1.yaml", "r1-mesa2.yaml"], KING)
    draw(path, 2027)
    # As the organiser did: Gil did not turn up at round 2's table 1 (Art 7), so it has no sheet,
    # and Duarte's denunciation from the rail is written on the round (Art 14, TN1).
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "players: [Eduardo, Ines, Gil, Helena], sheet: r2-mesa1.yaml}",
        "players: [Eduardo, Ines, Gil, Helena], absent: [Gil]}",
    )
    text = text.replace(
        "    byes: [Duarte]\n", "    byes: [Duarte]\n    penalties: [{player: Duarte, points: -2.5, article: Art 14}]\n"
    )
    path.write_text(text, encoding="utf-8")
    (tmp_path / "r2-mesa1.yaml").unlink()
    hand_in(tmp_path, ["r2-mesa2.yaml"], KING)
    draw(path, 2028)
    # The same file as the example's, round for round (its comments aside), and the same sheets.
    assert doc(path) == doc(KING / "final.yaml")
    assert [r["seed"] for r in doc(path)["rounds"]] == KING_SEEDS
    assert sorted(p.name for p in tmp_path.glob("r*.yaml")) == sorted(p.name for p in KING.glob("r*.yaml"))
    # 9 players in two tables of four: a bye a round, never twice to the same player (TN2).
    assert [r["byes"] for r in doc(path)["rounds"]] == [["Filipa"], ["Duarte"], ["Carla"]]


def test_king_draw_refused_while_a_sheet_is_missing(tmp_path):
    # The final as it stood before round 3 was drawn, with round 2's only sheet not handed in.
    folder = tmp_path / "final"
    shutil.copytree(KING, folder)
    path = folder / "final.yaml"
    text = path.read_text(encoding="utf-8")
    before_round_3 = text[: text.index("  - seed: 2028")]
    path.write_text(before_round_3, encoding="utf-8")
    for name in ("r3-mesa1.yaml", "r3-mesa2.yaml", "r2-mesa2.yaml"):
        (folder / name).unlink()
    refused = run("tournament", "draw", path, "--seed", 2028)
    assert refused.exit_code == 2
    assert "r2-mesa2.yaml is not handed in yet" in refused.output
    assert path.read_text(encoding="utf-8") == before_round_3
    assert not (folder / "r3-mesa1.yaml").exists()
    check = run("tournament", "check", path)
    assert check.exit_code == 1 and "r2-mesa2.yaml is not handed in yet" in check.output
    # Handed in: the draw goes ahead, and gives the example's round 3.
    hand_in(folder, ["r2-mesa2.yaml"], KING)
    draw(path, 2028)
    assert doc(path)["rounds"][2] == doc(KING / "final.yaml")["rounds"][2]


# --- Sueca ------------------------------------------------------------------------------------


def test_sueca_sheets_by_hand():
    # Each moca as the sheet's `standing` closes it (S3: the closing team at 4, points beyond lost);
    # mocas won, and game points (S5: the points written into the mocas) = the sum of those.
    # r1-mesa1.yaml Eles v Trunfo, mocas closed 4-0, 4-3, 1-4, 4-2:
    #   Eles 3 mocas, game points 4+4+1+4 = 13; Trunfo 1 moca, 0+3+4+2 = 9
    # r1-mesa2.yaml Ases v Copas, mocas closed 4-2, 4-0, 4-1:
    #   Ases 3 mocas, game points 4+4+4 = 12; Copas 0 mocas, 2+0+1 = 3
    # r2-mesa1.yaml Trunfo v Nos, mocas closed 4-1, 4-2, 0-4, 4-3:
    #   Trunfo 3 mocas, game points 4+4+0+4 = 12; Nos 1 moca, 1+2+4+3 = 10
    # r2-mesa2.yaml Eles v Ases, mocas closed 4-3, 1-4, 4-2, 0-4, 4-2:
    #   Eles 3 mocas, game points 4+1+4+0+4 = 13; Ases 2 mocas, 3+4+2+4+2 = 15
    # r3-mesa1.yaml Nos v Copas, mocas closed 2-4, 4-1, 4-2, 3-4, 4-3:
    #   Nos 3 mocas, game points 2+4+4+3+4 = 17; Copas 2 mocas, 4+1+2+4+3 = 14
    # r3-mesa2.yaml Trunfo v Ases, mocas closed 2-4, 2-4, 1-4:
    #   Trunfo 0 mocas, game points 2+2+1 = 5; Ases 3 mocas, 4+4+4 = 12
    # r4-mesa1.yaml Ases v Nos, mocas closed 1-4, 3-4, 0-4:
    #   Ases 0 mocas, game points 1+3+0 = 4; Nos 3 mocas, 4+4+4 = 12
    # r4-mesa2.yaml Copas v Eles, mocas closed 4-1, 2-4, 3-4, 4-2, 4-3:
    #   Copas 3 mocas, game points 4+2+3+4+4 = 17; Eles 2 mocas, 1+4+4+2+3 = 14
    # r5-mesa1.yaml Nos v Eles, mocas closed 4-2, 3-4, 4-0, 4-1:
    #   Nos 3 mocas, game points 4+3+4+4 = 15; Eles 1 moca, 2+4+0+1 = 7
    # r5-mesa2.yaml Copas v Trunfo, mocas closed 4-3, 2-4, 4-0, 1-4, 4-2:
    #   Copas 3 mocas, game points 4+2+4+1+4 = 15; Trunfo 2 mocas, 3+4+0+4+2 = 13
    # r6-mesa1.yaml Nos v Copas, mocas closed 4-2, 4-0, 2-4, 4-3:
    #   Nos 3 mocas, game points 4+4+2+4 = 14; Copas 1 moca, 2+0+4+3 = 9
    # r6-mesa2.yaml Ases v Eles, mocas closed 1-4, 4-3, 4-2, 0-4, 3-4:
    #   Ases 2 mocas, game points 1+4+4+0+3 = 12; Eles 3 mocas, 4+3+2+4+4 = 17
    # r7-mesa1.yaml Nos v Eles, mocas closed 2-4, 4-1, 3-4, 4-2, 0-4:
    #   Nos 2 mocas, game points 2+4+3+4+0 = 13; Eles 3 mocas, 4+1+4+2+4 = 15
    expected = {
        "r1-mesa1.yaml": ("Eles", {"Eles": 3, "Trunfo": 1}, {"Eles": 13, "Trunfo": 9}),
        "r1-mesa2.yaml": ("Ases", {"Ases": 3, "Copas": 0}, {"Ases": 12, "Copas": 3}),
        "r2-mesa1.yaml": ("Trunfo", {"Trunfo": 3, "Nos": 1}, {"Trunfo": 12, "Nos": 10}),
        "r2-mesa2.yaml": ("Eles", {"Eles": 3, "Ases": 2}, {"Eles": 13, "Ases": 15}),
        "r3-mesa1.yaml": ("Nos", {"Nos": 3, "Copas": 2}, {"Nos": 17, "Copas": 14}),
        "r3-mesa2.yaml": ("Ases", {"Trunfo": 0, "Ases": 3}, {"Trunfo": 5, "Ases": 12}),
        "r4-mesa1.yaml": ("Nos", {"Ases": 0, "Nos": 3}, {"Ases": 4, "Nos": 12}),
        "r4-mesa2.yaml": ("Copas", {"Copas": 3, "Eles": 2}, {"Copas": 17, "Eles": 14}),
        "r5-mesa1.yaml": ("Nos", {"Nos": 3, "Eles": 1}, {"Nos": 15, "Eles": 7}),
        "r5-mesa2.yaml": ("Copas", {"Copas": 3, "Trunfo": 2}, {"Copas": 15, "Trunfo": 13}),
        "r6-mesa1.yaml": ("Nos", {"Nos": 3, "Copas": 1}, {"Nos": 14, "Copas": 9}),
        "r6-mesa2.yaml": ("Eles", {"Ases": 2, "Eles": 3}, {"Ases": 12, "Eles": 17}),
        "r7-mesa1.yaml": ("Eles", {"Nos": 2, "Eles": 3}, {"Nos": 13, "Eles": 15}),
    }
    for name, (winner, mocas, game_points) in expected.items():
        result = check_file(str(SUECA / name))
        assert result.extra["winner"] == winner, name
        assert dict(result.totals) == mocas, name
        assert {team: result.extra["teams"][team]["game_points"] for team in mocas} == game_points, name


def test_sueca_group_standings_by_hand():
    # The group phase (rounds 1-5; the semi-finals and the final do not count, S5):
    # Nos:    lost to Trunfo 1-3 (10), beat Copas 3-2 (17), Ases 3-0 (12), Eles 3-1 (15):
    #         3 wins = 9 points; mocas 1+3+3+3 = 10; game points 10+17+12+15 = 54
    # Ases:   beat Copas 3-0 (12), lost to Eles 2-3 (15), beat Trunfo 3-0 (12), lost to Nos 0-3 (4):
    #         6 points; mocas 3+2+3+0 = 8; game points 12+15+12+4 = 43
    # Eles:   beat Trunfo 3-1 (13), Ases 3-2 (13), lost to Copas 2-3 (14), Nos 1-3 (7):
    #         6 points; mocas 3+3+2+1 = 9; game points 13+13+14+7 = 47
    # Copas:  lost to Ases 0-3 (3), Nos 2-3 (14), beat Eles 3-2 (17), Trunfo 3-2 (15):
    #         6 points; mocas 0+2+3+3 = 8; game points 3+14+17+15 = 49
    # Trunfo: lost to Eles 1-3 (9), beat Nos 3-1 (12), lost to Ases 0-3 (5), Copas 2-3 (13):
    #         3 points; mocas 1+3+0+2 = 6; game points 9+12+5+13 = 39
    # Eles, Ases and Copas tie on 6. (a) among the three: each beat one of the others, 3 each.
    # (b) mocas among the three: Ases 3 (v Copas) + 2 (v Eles) = 5, Eles 3 (v Ases) + 2 (v Copas)
    # = 5, Copas 0 (v Ases) + 3 (v Eles) = 3: Copas 4th. (c) for the two still tied, over the
    # Eles-Ases game alone (never (a) again): Ases 15, Eles 13: Ases 2nd, although Eles won that
    # game, as S5 reads the regulation. Criteria (d) and (e), where Eles (9 mocas) and Copas
    # (49 game points) lead, are never reached.
    # The final played (r7: Eles beat Nos 3-2), the standings end with it (TN5): Eles 1st, Nos
    # 2nd, the semi-finals' losers Ases (2nd of the group) and Copas (4th) share 3rd, Trunfo 5th;
    # every row keeps its group-phase numbers above.
    assert standings_json(SUECA / "torneio.yaml") == [
        {
            "place": 1,
            "team": "Eles",
            "group": "A",
            "stage": "final",
            "points": 6,
            "played": 4,
            "wins": 2,
            "mocas": 9,
            "game_points": 47,
            "points_among_tied": 3,
            "mocas_among_tied": 5,
            "game_points_among_tied": 13,
            "decided_by": "won the final",
        },
        {
            "place": 2,
            "team": "Nos",
            "group": "A",
            "stage": "final",
            "points": 9,
            "played": 4,
            "wins": 3,
            "mocas": 10,
            "game_points": 54,
            "decided_by": "reached the final",
        },
        {
            "place": 3,
            "team": "Ases",
            "group": "A",
            "stage": "semi",
            "points": 6,
            "played": 4,
            "wins": 2,
            "mocas": 8,
            "game_points": 43,
            "points_among_tied": 3,
            "mocas_among_tied": 5,
            "game_points_among_tied": 15,
            "decided_by": "tied",
        },
        {
            "place": 3,
            "team": "Copas",
            "group": "A",
            "stage": "semi",
            "points": 6,
            "played": 4,
            "wins": 2,
            "mocas": 8,
            "game_points": 49,
            "points_among_tied": 3,
            "mocas_among_tied": 3,
            "decided_by": "reached the semi-finals",
        },
        {
            "place": 5,
            "team": "Trunfo",
            "group": "A",
            "stage": "group",
            "points": 3,
            "played": 4,
            "wins": 1,
            "mocas": 6,
            "game_points": 39,
            "decided_by": None,
        },
    ]
    # The group phase alone, before the semi-finals, is S5's order: Nos, Ases, Eles, Copas, Trunfo.
    group = load(str(SUECA / "torneio.yaml"))
    group.rounds = group.rounds[:5]
    rows, _pending = standings(group)
    assert [(row.place, row.name, row.stage, row.decided_by) for row in rows] == [
        (1, "Nos", "group", "points"),
        (2, "Ases", "group", "c: game points among the tied"),
        (3, "Eles", "group", "b: mocas among the tied"),
        (4, "Copas", "group", "points"),
        (5, "Trunfo", "group", None),
    ]


def test_sueca_knockout_follows_the_group():
    # Semi-finals 1st v 4th and 2nd v 3rd (S5): Nos v Copas, Ases v Eles; the final between their
    # winners, Nos (3-1) and Eles (3-2); Eles win it 3-2.
    rounds = doc(SUECA / "torneio.yaml")["rounds"]
    assert [r["stage"] for r in rounds] == ["group"] * 5 + ["semi", "final"]
    assert [[m["teams"] for m in r["matches"]] for r in rounds[5:]] == [
        [["Nos", "Copas"], ["Ases", "Eles"]],
        [["Nos", "Eles"]],
    ]
    assert check_file(str(SUECA / "r7-mesa1.yaml")).extra["winner"] == "Eles"


def sueca_new(folder):
    args = ["tournament", "new", "sueca", "--name", "Torneio de Sueca 2026", "-o", folder / "torneio.yaml"]
    for team, members in SUECA_TEAMS.items():
        args += ["-t", f"{team}={members}"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    return folder / "torneio.yaml"


def test_sueca_draws_reproduce_from_their_seeds(tmp_path):
    path = sueca_new(tmp_path)
    for number, seed in enumerate(SUECA_SEEDS, start=1):
        draw(path, seed)
        hand_in(tmp_path, sorted(p.name for p in SUECA.glob(f"r{number}-mesa*.yaml")), SUECA)
    assert doc(path) == doc(SUECA / "torneio.yaml")
    # The circle method: every pair of teams once in five rounds of two matches, one team resting.
    rounds = doc(path)["rounds"][:5]
    group = [frozenset(m["teams"]) for r in rounds for m in r["matches"]]
    assert len(group) == 10 and len(set(group)) == 10
    resting = [set(SUECA_TEAMS) - {t for m in r["matches"] for t in m["teams"]} for r in rounds]
    assert resting == [{"Nos"}, {"Copas"}, {"Eles"}, {"Trunfo"}, {"Ases"}]
    over = run("tournament", "draw", path, "--seed", 18)
    assert over.exit_code == 2 and "the final is drawn" in over.output


def test_sueca_semi_finals_refused_while_a_group_sheet_is_missing(tmp_path):
    folder = tmp_path / "torneio"
    shutil.copytree(SUECA, folder)
    path = folder / "torneio.yaml"
    text = path.read_text(encoding="utf-8")
    group_phase = text[: text.index("  - stage: semi")]
    path.write_text(group_phase, encoding="utf-8")
    for name in ("r6-mesa1.yaml", "r6-mesa2.yaml", "r7-mesa1.yaml", "r5-mesa2.yaml"):
        (folder / name).unlink()
    refused = run("tournament", "draw", path, "--seed", 16)
    assert refused.exit_code == 2
    assert "r5-mesa2.yaml is not handed in yet" in refused.output
    assert path.read_text(encoding="utf-8") == group_phase
    hand_in(folder, ["r5-mesa2.yaml"], SUECA)
    draw(path, 16)
    assert doc(path)["rounds"][5] == doc(SUECA / "torneio.yaml")["rounds"][5]
