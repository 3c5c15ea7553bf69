"""Truco group-phase standings (RULINGS TN4, Art 8): matches won, games won, tentos scored minus
conceded in the rule file's order, and a disqualified team last with nothing. Every match is a
real sheet in tmp_path scored by check_file; every game is written as (its winner, the loser's
tentos): the loser's 1-point hands, then the winner's hand worth 12, so the game ends 12 to them."""

from __future__ import annotations

import pytest
import yaml
from conftest import RULES

from scorekeeper.core.check import check_file
from scorekeeper.errors import RulesError, ScorekeeperError
from scorekeeper.rulebook import registry as rule_files
from scorekeeper.tournaments.model import Match, Round, Tournament
from scorekeeper.truco.standings import standings


def hands(first: str, second: str, games) -> list[dict]:
    written = []
    for winner, loser_tentos in games:
        loser = second if winner == first else first
        written += [{"winner": loser}] * loser_tentos + [{"winner": winner, "value": 12}]
    return written


class Truco:
    """A Truco tournament being written, one group of four unless told."""

    def __init__(self, tmp_path, rules=None, groups=None):
        self.tmp_path = tmp_path
        groups = groups or {"A": ["A", "B", "C", "D"]}
        teams = {team: [f"{team}1", f"{team}2"] for members in groups.values() for team in members}
        self.tournament = Tournament(
            source=str(tmp_path / "torneio.yaml"),
            name="Torneio de Truco",
            rules=rules or rule_files.find("truco"),
            rules_ref="truco",
            teams=teams,
            groups=groups,
        )
        self.results: dict = {}

    def round(self, *matches) -> Round:
        """A group round of `matches`, each (first, second, games) or (first, second, "missing")."""
        number = len(self.tournament.rounds) + 1
        written = []
        for index, (first, second, games) in enumerate(matches, 1):
            path = self.tmp_path / f"r{number}-partida{index}.yaml"
            written.append(Match(teams=[first, second], sheet=str(path)))
            if games == "missing":
                continue
            doc = {
                "rules": "truco",
                "teams": {first: [f"{first}1", f"{first}2"], second: [f"{second}1", f"{second}2"]},
                "hands": hands(first, second, games),
            }
            path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
            self.results[str(path)] = check_file(str(path))
            assert self.results[str(path)].complete and self.results[str(path)].valid
        round_ = Round(number=number, stage="group", matches=written)
        self.tournament.rounds.append(round_)
        return round_

    def standings(self):
        return standings(self.tournament, self.results)


def season(tmp_path, rules=None) -> Truco:
    """A>B, C>D, C>A, B>D, A>D, B>C: A, B and C win two matches each."""
    truco = Truco(tmp_path, rules)
    truco.round(("A", "B", [("A", 5), ("A", 0)]), ("C", "D", [("C", 0), ("D", 3), ("C", 4)]))
    truco.round(("C", "A", [("C", 2), ("A", 6), ("C", 1)]), ("B", "D", [("B", 0), ("B", 0)]))
    truco.round(("A", "D", [("A", 3), ("D", 0), ("A", 0)]), ("B", "C", [("B", 1), ("C", 0), ("B", 2)]))
    return truco


# Games won: A 2 + 1 + 2 = 5, B 0 + 2 + 2 = 4, C 2 + 2 + 1 = 5, D 1 + 0 + 1 = 2.
# Tentos for - against:
#   A (24 + 15 + 24) - (5 + 30 + 15) = 63 - 50 = +13   (A-B 24:5, C-A 15:30, A-D 24:15)
#   B (5 + 24 + 24) - (24 + 0 + 15) = 53 - 39 = +14    (A-B 5:24, B-D 24:0, B-C 24:15)
#   C (27 + 30 + 15) - (16 + 15 + 24) = 72 - 55 = +17  (C-D 27:16, C-A 30:15, B-C 15:24)
#   D (16 + 0 + 15) - (27 + 24 + 24) = 31 - 75 = -44
def test_matches_then_games_then_tentos(tmp_path):
    rows = season(tmp_path).standings()
    assert [(row.place, row.name, row.points, row.decided_by) for row in rows] == [
        (1, "C", 2, "tentos scored - conceded"),
        (2, "A", 2, "games won"),
        (3, "B", 2, "matches won"),
        (4, "D", 0, None),
    ]
    assert rows[0].tiebreaks == {
        "played": 3,
        "matches": 2,
        "games": 5,
        "tentos_for": 72,
        "tentos_against": 55,
        "tentos": 17,
    }
    assert rows[3].tiebreaks == {
        "played": 3,
        "matches": 0,
        "games": 2,
        "tentos_for": 31,
        "tentos_against": 75,
        "tentos": -44,
    }
    assert {row.group for row in rows} == {"A"}


def test_the_rule_file_orders_the_criteria(tmp_path):
    text = (RULES / "truco.yaml").read_text(encoding="utf-8")
    house = tmp_path / "truco-casa.yaml"
    house.write_text(
        text.replace("standings: [matches, games, tentos]", "standings: [tentos, matches, games]"), encoding="utf-8"
    )
    rules = rule_files.find(str(house))
    assert rules.standings == ("tentos", "matches", "games")
    rows = season(tmp_path, rules).standings()
    # By tentos alone: C +17, B +14, A +13, D -44; points stay the matches won.
    assert [(row.place, row.name, row.points, row.decided_by) for row in rows] == [
        (1, "C", 2, "tentos scored - conceded"),
        (2, "B", 2, "tentos scored - conceded"),
        (3, "A", 2, "tentos scored - conceded"),
        (4, "D", 0, None),
    ]


@pytest.mark.parametrize(
    "written, message",
    [
        ("standings: [games, games]", "at most once"),
        ("standings: []", "at least one"),
        ("standings: [matches, points]", "one of matches, games, tentos"),
    ],
)
def test_a_standings_key_that_is_no_order_is_refused(tmp_path, written, message):
    text = (RULES / "truco.yaml").read_text(encoding="utf-8")
    house = tmp_path / "truco-casa.yaml"
    house.write_text(text.replace("standings: [matches, games, tentos]", written), encoding="utf-8")
    with pytest.raises(RulesError, match=message):
        rule_files.find(str(house))


def test_without_a_standings_key_the_order_is_tn4s(tmp_path):
    text = (RULES / "truco.yaml").read_text(encoding="utf-8")
    house = tmp_path / "truco-casa.yaml"
    house.write_text(text.replace("standings: [matches, games, tentos]", ""), encoding="utf-8")
    assert rule_files.find(str(house)).standings == ("matches", "games", "tentos")


def test_a_disqualified_team_loses_every_point_and_ranks_last(tmp_path):
    truco = season(tmp_path)
    truco.tournament.rounds[2].disqualified = ["C"]  # Art 8, written on round 3
    rows = truco.standings()
    # C's 2 matches, 5 games and +17 are gone; the others keep what they did against C.
    # A (2, 5, +13) over B (2, 4, +14) on games; B over D on matches; D over C by Art 8.
    assert [(row.place, row.name, row.points, row.decided_by) for row in rows] == [
        (1, "A", 2, "games won"),
        (2, "B", 2, "matches won"),
        (3, "D", 0, "disqualified (Art 8)"),
        (4, "C", 0, None),
    ]
    assert rows[3].tiebreaks == {
        "played": 3,
        "matches": 0,
        "games": 0,
        "tentos_for": 0,
        "tentos_against": 0,
        "tentos": 0,
        "disqualified": True,
    }
    assert rows[0].tiebreaks["tentos"] == 13


def test_a_disqualification_must_name_a_team(tmp_path):
    truco = season(tmp_path)
    truco.tournament.rounds[0].disqualified = ["Z"]
    with pytest.raises(ScorekeeperError, match="disqualifies 'Z'"):
        truco.standings()


def test_equal_teams_share_a_place_and_a_missing_sheet_does_not_count(tmp_path):
    truco = Truco(tmp_path)
    truco.round(("A", "B", [("A", 0), ("A", 0)]), ("C", "D", [("C", 0), ("C", 0)]))
    truco.round(("A", "C", "missing"), ("B", "D", "missing"))
    rows = truco.standings()
    # A and C: 1 match, 2 games, 24 - 0 each; B and D: 0, 0, 0 - 24 each: places 1, 1, 3, 3.
    assert [(row.place, row.name, row.points, row.decided_by) for row in rows] == [
        (1, "A", 1, "tied"),
        (1, "C", 1, "matches won"),
        (3, "B", 0, "tied"),
        (3, "D", 0, None),
    ]
    assert rows[2].tiebreaks == {
        "played": 1,
        "matches": 0,
        "games": 0,
        "tentos_for": 0,
        "tentos_against": 24,
        "tentos": -24,
    }
