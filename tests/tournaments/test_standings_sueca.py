"""Sueca group-phase standings (RULINGS S5, TN3) and the knockout drawn from them, over real
sheets written to tmp_path and scored by check_file. Every game is written as its mocas: each
moca is (its winner, the points the other team wrote into it first, one 61-59 deal each), closed
by the winner's all-tricks deal (4 points). So a team's game points (S5: the points written into
the mocas) are 4 a moca won plus the points it wrote into the mocas it lost."""

from __future__ import annotations

import pytest
import yaml

from scorekeeper.core.check import check_file
from scorekeeper.errors import ScorekeeperError
from scorekeeper.rulebook import registry as rule_files
from scorekeeper.sueca.standings import standings
from scorekeeper.tournaments.knockout import final, negras_needed, semi_finals
from scorekeeper.tournaments.model import Match, Round, Tournament

SWEEP = None  # the first team wins 3-0, nothing written by the loser: 12 game points to 0


def deals(first: str, second: str, mocas) -> list[dict]:
    written = []
    for winner, other_points in mocas:
        first_wins = winner == first
        written += [{"points": [59, 61] if first_wins else [61, 59]}] * other_points  # 1 point to the other
        written.append({"points": [120, 0] if first_wins else [0, 120], "all_tricks": True})
    return written


class Group:
    """A tournament being written: its teams' groups, its rounds and the sheets scored so far."""

    def __init__(self, tmp_path, groups: dict[str, list[str]]):
        self.tmp_path = tmp_path
        teams = {team: [f"{team}1", f"{team}2"] for members in groups.values() for team in members}
        self.tournament = Tournament(
            source=str(tmp_path / "torneio.yaml"),
            name="Torneio de Sueca",
            rules=rule_files.find("sueca"),
            rules_ref="sueca",
            teams=teams,
            groups=groups,
        )
        self.results: dict = {}

    def round(self, stage: str, *games) -> list[Match]:
        """A round of `games`, each (first, second, mocas or SWEEP) or (first, second, "missing")."""
        number = len(self.tournament.rounds) + 1
        matches = []
        for index, (first, second, mocas) in enumerate(games, 1):
            path = self.tmp_path / f"r{number}-jogo{index}.yaml"
            matches.append(Match(teams=[first, second], sheet=str(path)))
            if mocas == "missing":
                continue
            doc = {
                "rules": "sueca",
                "teams": {first: [f"{first}1", f"{first}2"], second: [f"{second}1", f"{second}2"]},
                "deals": deals(first, second, [(first, 0)] * 3 if mocas is SWEEP else mocas),
            }
            path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
            self.results[str(path)] = check_file(str(path))
        self.tournament.rounds.append(Round(number=number, stage=stage, matches=matches))
        return matches

    def standings(self):
        return standings(self.tournament, self.results)


def table(rows):
    return [(row.place, row.name, row.points, row.decided_by) for row in rows]


def test_five_team_group_two_way_ties_broken_by_the_game_between_them(tmp_path):
    group = Group(tmp_path, {"A": ["A", "B", "C", "D", "E"]})
    # A beats everybody; B beats C and D, loses to E; C beats D and E; D beats E; all 3-0.
    group.round("group", ("A", "B", SWEEP), ("C", "D", SWEEP))
    group.round("group", ("A", "C", SWEEP), ("B", "D", SWEEP))
    group.round("group", ("A", "D", SWEEP), ("E", "B", SWEEP))
    group.round("group", ("A", "E", SWEEP), ("B", "C", SWEEP))
    group.round("group", ("C", "E", SWEEP), ("D", "E", SWEEP))
    rows = group.standings()
    # Wins A 4, B 2, C 2, D 1, E 1 -> points 12, 6, 6, 3, 3. B-C: B won (a: 3 to 0); D-E: D won.
    assert table(rows) == [
        (1, "A", 12, "points"),
        (2, "B", 6, "a: points among the tied"),
        (3, "C", 6, "points"),
        (4, "D", 3, "a: points among the tied"),
        (5, "E", 3, None),
    ]
    # B: 2 wins of 3 mocas, 12 game points each; among {B, C} only the B-C game: 3 points.
    assert rows[1].tiebreaks == {"played": 4, "wins": 2, "mocas": 6, "game_points": 24, "points_among_tied": 3}
    assert rows[2].tiebreaks["points_among_tied"] == 0
    assert {row.group for row in rows} == {"A"}


def test_five_team_group_three_way_tie_broken_by_points_among_the_tied(tmp_path):
    group = Group(tmp_path, {"A": ["A", "B", "C", "D", "E"]})
    # Among A, B, C: A beats B and C, B beats C. Outside: D and E beat A, E beats B, C beats D and E,
    # B beats D, E beats D.
    group.round("group", ("A", "B", SWEEP), ("C", "D", SWEEP))
    group.round("group", ("A", "C", SWEEP), ("B", "D", SWEEP))
    group.round("group", ("D", "A", SWEEP), ("E", "B", SWEEP))
    group.round("group", ("E", "A", SWEEP), ("B", "C", SWEEP))
    group.round("group", ("C", "E", SWEEP), ("E", "D", SWEEP))
    rows = group.standings()
    # Wins: E 3 (A, B, D) = 9; A, B, C 2 each = 6; D 1 (A) = 3.
    # (a) among A, B, C: A 2 wins = 6, B 1 = 3, C 0.
    assert table(rows) == [
        (1, "E", 9, "points"),
        (2, "A", 6, "a: points among the tied"),
        (3, "B", 6, "a: points among the tied"),
        (4, "C", 6, "points"),
        (5, "D", 3, None),
    ]
    assert [row.tiebreaks["points_among_tied"] for row in rows[1:4]] == [6, 3, 0]


def s5_example(tmp_path) -> Group:
    group = Group(tmp_path, {"A": ["A", "B", "C", "D"]})
    # A beats B 3-2, B writing 2 into each of A's three mocas: A 12 game points, B 2*4 + 3*2 = 14.
    a_beats_b = [("A", 2), ("B", 0), ("A", 2), ("B", 0), ("A", 2)]
    # C beats A 3-2, A writing 3 into each of C's mocas: C 12, A 2*4 + 3*3 = 17.
    c_beats_a = [("C", 3), ("A", 0), ("C", 3), ("A", 0), ("C", 3)]
    group.round("group", ("A", "B", a_beats_b), ("C", "D", SWEEP))
    group.round("group", ("B", "C", SWEEP), ("A", "D", SWEEP))
    group.round("group", ("C", "A", c_beats_a), ("B", "D", SWEEP))
    return group


def test_the_s5_example_b_who_lost_to_a_ranks_ahead_by_game_points_in_their_game(tmp_path):
    rows = s5_example(tmp_path).standings()
    # A, B, C beat D: 6 points each. (a) among them: one win each, 3 = 3 = 3.
    # (b) mocas among them: A 3 (v B) + 2 (v C) = 5; B 2 + 3 = 5; C 0 + 3 = 3: C third.
    # (c) only over A-B, the one game among those still tied: B 14 > A 12 (over all three games
    # A would lead, 12 + 17 = 29 to 14 + 12 = 26, and by (e) too, 41 to 38).
    assert table(rows) == [
        (1, "B", 6, "c: game points among the tied"),
        (2, "A", 6, "b: mocas among the tied"),
        (3, "C", 6, "points"),
        (4, "D", 0, None),
    ]
    b, a, c, d = (row.tiebreaks for row in rows)
    assert b == {
        "played": 3,
        "wins": 2,
        "mocas": 8,
        "game_points": 14 + 12 + 12,
        "points_among_tied": 3,
        "mocas_among_tied": 5,
        "game_points_among_tied": 14,
    }
    assert a == {
        "played": 3,
        "wins": 2,
        "mocas": 8,
        "game_points": 12 + 17 + 12,
        "points_among_tied": 3,
        "mocas_among_tied": 5,
        "game_points_among_tied": 12,
    }
    assert c == {"played": 3, "wins": 2, "mocas": 6, "game_points": 24, "points_among_tied": 3, "mocas_among_tied": 3}
    assert d == {"played": 3, "wins": 0, "mocas": 0, "game_points": 0}


def cycle_under_d(tmp_path, d_beats_c) -> Group:
    """A beats B, B beats C, C beats A, each 3-1 with the loser's moca first and nothing written by
    the loser into the others; D beats all three."""
    group = Group(tmp_path, {"A": ["A", "B", "C", "D"]})
    three_one = [("X", 0), ("W", 0), ("W", 0), ("W", 0)]

    def won(winner, loser):
        return [(winner if who == "W" else loser, points) for who, points in three_one]

    group.round("group", ("A", "B", won("A", "B")), ("D", "C", d_beats_c))
    group.round("group", ("B", "C", won("B", "C")), ("D", "A", SWEEP))
    group.round("group", ("C", "A", won("C", "A")), ("D", "B", won("D", "B")))
    return group


def test_four_team_three_way_tie_broken_by_group_mocas_then_group_game_points(tmp_path):
    # D beats C 3-1, C writing 3 into two of D's mocas: C 4 + 6 = 10 game points in it.
    group = cycle_under_d(tmp_path, [("C", 0), ("D", 3), ("D", 3), ("D", 0)])
    rows = group.standings()
    # A, B, C: 3 points each. Among them (a) 3 each, (b) 3 + 1 = 4 mocas each, (c) 12 + 4 = 16 each.
    # (d) whole group mocas: A 4 + 0 (swept by D) = 4; B 4 + 1 = 5; C 4 + 1 = 5: A third.
    # (e) goes to B and C (not back to (a)-(c), where B's win over C would put B ahead):
    # B 16 + 4 = 20, C 16 + 4 + 6 = 26.
    assert table(rows) == [
        (1, "D", 9, "points"),
        (2, "C", 3, "e: game points in the group phase"),
        (3, "B", 3, "d: mocas in the group phase"),
        (4, "A", 3, None),
    ]
    d, c, b, a = (row.tiebreaks for row in rows)
    assert d == {"played": 3, "wins": 3, "mocas": 9, "game_points": 36}
    assert c == {
        "played": 3,
        "wins": 1,
        "mocas": 5,
        "game_points": 26,
        "points_among_tied": 3,
        "mocas_among_tied": 4,
        "game_points_among_tied": 16,
    }
    assert b == {
        "played": 3,
        "wins": 1,
        "mocas": 5,
        "game_points": 20,
        "points_among_tied": 3,
        "mocas_among_tied": 4,
        "game_points_among_tied": 16,
    }
    assert a["mocas"] == 4 and a["game_points"] == 16
    assert negras_needed(rows) == []
    assert semi_finals(rows) == [("D", "A"), ("C", "B")]


def test_a_tie_that_a_to_e_leave_needs_a_negra_and_the_negra_decides_it(tmp_path):
    # D beats C 3-1 with nothing written by C into D's mocas: C 4 game points in it, as B.
    group = cycle_under_d(tmp_path, [("C", 0), ("D", 0), ("D", 0), ("D", 0)])
    rows = group.standings()
    # As above, (d) puts A last of the three (4 mocas to 5 and 5); (e) B 20, C 20: a negra.
    # B and C share place 2 and A is 4th; B before C as the group lists them.
    assert table(rows) == [
        (1, "D", 9, "points"),
        (2, "B", 3, "negra needed"),
        (2, "C", 3, "d: mocas in the group phase"),
        (4, "A", 3, None),
    ]
    assert negras_needed(rows) == [["B", "C"]]
    with pytest.raises(ScorekeeperError, match="negra"):
        semi_finals(rows)

    group.round("negra", ("C", "B", SWEEP))
    rows = group.standings()
    # (f): C won the negra. Its 3 mocas and 12 game points count for nothing else (TN3).
    assert table(rows) == [
        (1, "D", 9, "points"),
        (2, "C", 3, "f: negra"),
        (3, "B", 3, "d: mocas in the group phase"),
        (4, "A", 3, None),
    ]
    c, b = rows[1].tiebreaks, rows[2].tiebreaks
    assert (c["wins"], c["mocas"], c["game_points"], c["negra_wins"]) == (1, 5, 20, 1)
    assert (b["wins"], b["mocas"], b["game_points"], b["negra_wins"]) == (1, 5, 20, 0)
    assert negras_needed(rows) == []
    semis = group.round("semi", *((first, second, SWEEP) for first, second in semi_finals(rows)))
    assert [tuple(match.teams) for match in semis] == [("D", "A"), ("C", "B")]
    assert final(semis, group.results) == ("D", "C")


def test_provisional_standings_count_only_complete_sheets(tmp_path):
    group = Group(tmp_path, {"A": ["A", "B", "C", "D", "E"]})
    group.round("group", ("A", "B", SWEEP), ("C", "D", "missing"))
    # A-C stops at A 2 mocas to C 1: incomplete. E beats B 3-1 after writing 2 into B's moca.
    unfinished = [("A", 0), ("C", 0), ("A", 0)]
    group.round("group", ("A", "C", unfinished), ("E", "B", [("B", 2), ("E", 0), ("E", 0), ("E", 0)]))
    assert not group.results[str(tmp_path / "r2-jogo1.yaml")].complete
    rows = group.standings()
    # Counted: A-B (A 3 mocas, 12 game points) and E-B (E 3 mocas, 12 + 2 = 14; B 1 moca, 4).
    # A and E (3 points) never met: (a)-(c) 0 each, (d) 3 mocas each, (e) E 14 > A 12.
    # B, C, D (0 points): no game among them counted; (d) B 1 moca, C 0, D 0; (e) C 0, D 0:
    # tied, and no negra yet: the group phase is still being played.
    assert table(rows) == [
        (1, "E", 3, "e: game points in the group phase"),
        (2, "A", 3, "points"),
        (3, "B", 0, "d: mocas in the group phase"),
        (4, "C", 0, "tied"),
        (4, "D", 0, None),
    ]
    assert rows[0].tiebreaks == {
        "played": 1,
        "wins": 1,
        "mocas": 3,
        "game_points": 14,
        "points_among_tied": 0,
        "mocas_among_tied": 0,
        "game_points_among_tied": 0,
    }
    assert rows[3].tiebreaks == {
        "played": 0,
        "wins": 0,
        "mocas": 0,
        "game_points": 0,
        "points_among_tied": 0,
        "mocas_among_tied": 0,
        "game_points_among_tied": 0,
    }
    assert negras_needed(rows) == []
    with pytest.raises(ScorekeeperError, match="group phase"):
        semi_finals(rows)


def test_groups_rank_apart_and_a_match_across_groups_is_refused(tmp_path):
    group = Group(tmp_path, {"X": ["A", "B"], "Y": ["C", "D"]})
    group.round("group", ("B", "A", SWEEP), ("C", "D", SWEEP))
    rows = group.standings()
    assert [(row.group, row.place, row.name, row.points, row.decided_by) for row in rows] == [
        ("X", 1, "B", 3, "points"),
        ("X", 2, "A", 0, None),
        ("Y", 1, "C", 3, "points"),
        ("Y", 2, "D", 0, None),
    ]
    group.round("group", ("A", "C", SWEEP))
    with pytest.raises(ScorekeeperError, match="not between two teams of one group"):
        group.standings()


def test_final_waits_for_both_semi_finals(tmp_path):
    group = Group(tmp_path, {"A": ["A", "B", "C", "D"]})
    semis = group.round("semi", ("A", "D", SWEEP), ("C", "B", "missing"))
    assert final(semis, group.results) is None
