"""Ratings across events (issue 27, point 4): openskill's BradleyTerryFull, ties shared (K5),
games in date order, byes and absences no games (TN1), Quatrilho's extra round apart (TN6).

The one-game numbers by hand (openskill 6.2.0's BradleyTerryFull, its defaults: mu 25, sigma
25/3, beta 25/6, tau 25/300, gamma = sigma_team / c). Each player's variance first grows by tau:
s2 = (25/3)^2 + (25/300)^2 = 69.45139. Two teams of two: each team's variance 2 s2 = 138.90278,
c = sqrt(2 x 138.90278 + 2 (25/6)^2) = 17.67846, the chance of either winning 1/2. The winners'
omega = 138.90278 / c x 1/2 = 3.92859, each winner's mu 25 + (s2 / 138.90278) x 3.92859 =
26.96429 (the losers' 23.03571); delta = (sqrt(138.90278) / c) x (138.90278 / c^2) x 1/4 =
0.07408, each sigma sqrt(s2 x (1 - 1/2 x 0.07408)) = 8.17797. One against one: c =
sqrt(2 s2 + 2 (25/6)^2) = 13.17668, the winner's mu 25 + s2 / c x 1/2 = 27.63539.
"""

from __future__ import annotations

import datetime
import shutil

import pytest
from conftest import EXAMPLES, run

from scorekeeper.season.rated_games import RatedGame, games_of
from scorekeeper.season.ratings import rate
from scorekeeper.tournaments.collect import check
from scorekeeper.tournaments.standings import counted
from scorekeeper.tournaments.tournament_file import load

JAN, FEB, MAR = datetime.date(2026, 1, 10), datetime.date(2026, 2, 10), datetime.date(2026, 3, 10)


def king_table(date, *scores, people=("a", "b", "c", "d"), event="Regional", round_=1, where="1"):
    return RatedGame(date, event, round_, where, tuple((p,) for p in people), tuple(map(float, scores)))


def mus(ratings) -> dict[str, float]:
    return {person: rating.mu for person, rating in ratings.people.items()}


def test_a_fresh_king_table_pinned_k5_ties_share():
    """Issue 27's pinned game: King points +400, +400, -300, -500 at a fresh table."""
    ratings = rate([king_table(JAN, 400, 400, -300, -500)])
    assert mus(ratings) == pytest.approx({"a": 30.271, "b": 30.271, "c": 22.365, "d": 17.094}, abs=0.001)
    assert [r.games for r in ratings.rows()] == [1, 1, 1, 1]
    assert ratings.people["a"].sigma == pytest.approx(7.50157, abs=1e-5)


def test_k5_a_tie_at_the_top_shares_and_third_is_below_both():
    """K5: the two tied for first share their result exactly; the third is below both (openskill
    issue 201: PlackettLuce would give him the winners' rating)."""
    ratings = rate([king_table(JAN, 200, 200, 100, -500)])
    a, b, c, d = (ratings.people[p] for p in "abcd")
    assert a.mu == b.mu and a.sigma == b.sigma
    assert a.mu - c.mu > 3 and c.mu > d.mu
    everyone_tied = rate([king_table(JAN, 0, 0, 0, 0)])
    assert len({r.mu for r in everyone_tied.rows()}) == 1


def test_a_sueca_match_of_two_teams_by_hand():
    """Each Sueca (or Truco) match is two teams: both players of a team move alike (the docstring's numbers)."""
    game = RatedGame(JAN, "Torneio", 1, "1", (("Ana", "Bruno"), ("Carla", "Duarte")), (3.0, 1.0))
    ratings = rate([game])
    assert mus(ratings) == pytest.approx(
        {"Ana": 26.96429, "Bruno": 26.96429, "Carla": 23.03571, "Duarte": 23.03571}, abs=1e-5
    )
    assert [r.sigma for r in ratings.rows()] == pytest.approx([8.17797] * 4, abs=1e-5)
    assert ratings.people["Ana"].ordinal == pytest.approx(26.96429 - 3 * 8.17797, abs=1e-4)
    assert [r.person for r in ratings.rows()] == ["Ana", "Bruno", "Carla", "Duarte"]  # ties: by id


def test_games_are_rated_in_date_order_whatever_order_they_come_in():
    a_beats_b = RatedGame(JAN, "A", 1, "1", (("a",), ("b",)), (1.0, 0.0))
    b_beats_c = RatedGame(FEB, "B", 1, "1", (("b",), ("c",)), (1.0, 0.0))
    given = rate([b_beats_c, a_beats_b])
    assert mus(given) == mus(rate([a_beats_b, b_beats_c]))
    assert mus(given) == pytest.approx({"a": 27.63539, "b": 25.1178, "c": 22.0612}, abs=1e-4)
    assert [step.event for step in given.people["b"].history] == ["A", "B"]
    # The same two games with their dates the other way round: b meets c first, a second.
    reversed_dates = rate([a_beats_b._replace(date=MAR), b_beats_c])
    assert mus(reversed_dates) == pytest.approx({"a": 27.9388, "b": 24.8822, "c": 22.3646}, abs=1e-4)


def test_a_fix_in_an_early_game_re_rates_every_later_game_and_no_earlier_one():
    """A `fix` in February re-rates everything after it: the ratings are recomputed from the games."""
    december = king_table(datetime.date(2025, 12, 5), 100, 50, -50, -100, people=("a", "x", "y", "z"))
    later = [
        king_table(MAR, 300, 100, -100, -300, people=("a", "e", "f", "g")),
        king_table(datetime.date(2026, 4, 1), 300, 100, -100, -300, people=("e", "h", "i", "j")),
    ]
    before = rate([december, king_table(FEB, 400, 100, -200, -300), *later])
    after = rate([december, king_table(FEB, -300, 100, -200, 400), *later])  # a and d swapped by the fix
    for person in "xyz":  # only in December's game: untouched
        assert after.people[person] == before.people[person]
    assert after.people["a"].history[0] == before.people["a"].history[0]  # a's December step too
    for person in "abcdefghij":  # February's table, then whoever met a rating it moved
        assert after.people[person].mu != pytest.approx(before.people[person].mu, abs=1e-6), person


def test_each_persons_history_holds_his_rating_after_each_game_oldest_first():
    a_beats_b = RatedGame(JAN, "A", 1, "1", (("a",), ("b",)), (1.0, 0.0))
    b_beats_c = RatedGame(FEB, "B", 2, "3", (("b",), ("c",)), (1.0, 0.0))
    b = rate([b_beats_c, a_beats_b]).people["b"]
    assert b.games == len(b.history) == 2
    first, last = b.history
    assert (first.date, first.event, first.round) == (JAN, "A", 1)
    assert first.mu == pytest.approx(50 - 27.63539, abs=1e-5)  # the loser of one against one
    assert (last.date, last.event, last.round, last.mu, last.sigma) == (FEB, "B", 2, b.mu, b.sigma)
    assert b.history[-1] == last and b.history[0:1] == [first]
    with pytest.raises(IndexError):
        b.history[2]


def test_as_of_cuts_the_games_after_it():
    games = [king_table(JAN, 400, 400, -300, -500), king_table(FEB, -500, 400, 400, -300)]
    january = rate(games, as_of=datetime.date(2026, 1, 31))
    assert january.as_of == datetime.date(2026, 1, 31)
    assert mus(january) == mus(rate(games[:1]))
    assert [r.games for r in rate(games, as_of=FEB).rows()] == [2, 2, 2, 2]  # on the day itself: counted
    assert rate(games, as_of=datetime.date(2026, 1, 9)).people == {}


def test_rows_are_best_first_by_ordinal_then_mu_then_id():
    ratings = rate([king_table(JAN, 400, 400, -300, -500, people=("zé", "ana", "rui", "eva"))])
    rows = ratings.rows()
    assert [r.person for r in rows] == ["ana", "zé", "rui", "eva"]
    assert [round(r.ordinal, 3) for r in rows] == [
        round(30.270779 - 3 * 7.501568, 3),
        round(30.270779 - 3 * 7.501568, 3),
        round(22.364611 - 3 * 7.501568, 3),
        round(17.093832 - 3 * 7.501568, 3),
    ]


def test_a_game_that_cannot_be_rated_is_refused():
    with pytest.raises(ValueError, match="a person plays on it twice"):
        rate([king_table(JAN, 1, 2, 3, 4, people=("a", "b", "a", "d"))])
    with pytest.raises(ValueError, match="two sides or more"):
        rate([RatedGame(JAN, "E", 1, "1", (("a",),), (1.0,))])


# --- games_of: the played sheets of a real tournament ------------------------------------------


def rated_games(path, who=None):
    tournament = load(str(path))
    results = counted(check(tournament))
    if who is None:
        return games_of(tournament, results, JAN)
    return games_of(tournament, results, JAN, who)


def test_tn1_an_absent_players_table_and_the_byes_are_no_games():
    """TN1, King Art 7: round 2's table 1 was not played (Gil absent), so neither he nor its three
    present players (Eduardo, Ines, Helena) have a game in round 2; the byes (Filipa, Duarte,
    Carla) are no games either. Nine players, five tables played."""
    games = rated_games(EXAMPLES / "championship-king" / "final.yaml")
    assert [(g.round, g.where) for g in games] == [(1, "1"), (1, "2"), (2, "2"), (3, "1"), (3, "2")]
    assert games[0] == RatedGame(
        JAN, "Final Nacional Interbancaria 2026", 1, "1", (("Bruno",), ("Ana",), ("Helena",), ("Eduardo",)),
        (-80.0, 330.0, 5.0, -255.0),
    )  # fmt: skip
    ratings = rate(games)
    played = {person: rating.games for person, rating in ratings.people.items()}
    assert played == {
        "Ana": 3, "Bruno": 3, "Carla": 2, "Duarte": 2, "Eduardo": 2, "Filipa": 2, "Gil": 2, "Helena": 2, "Ines": 2,
    }  # fmt: skip
    assert [step.round for step in ratings.people["Gil"].history] == [1, 3]


def test_who_maps_each_name_to_a_person():
    games = rated_games(EXAMPLES / "championship-king" / "final.yaml", who=lambda name: f"M-{name[:3].upper()}")
    assert games[0].sides == (("M-BRU",), ("M-ANA",), ("M-HEL",), ("M-EDU",))


def test_a_sheet_not_counted_is_not_rated(tmp_path):
    """A sheet not handed in, or not complete, does not count (standings.counted): not rated."""
    folder = tmp_path / "final"
    shutil.copytree(EXAMPLES / "championship-king", folder)
    (folder / "r3-mesa2.yaml").unlink()
    sheet = folder / "r3-mesa1.yaml"
    text = sheet.read_text(encoding="utf-8")
    sheet.write_text(text[: text.rindex("\n  - {hand:")] + "\n", encoding="utf-8")  # its last hand not yet played
    games = rated_games(folder / "final.yaml")
    assert [(g.round, g.where) for g in games] == [(1, "1"), (1, "2"), (2, "2")]
    tournament = load(str(folder / "final.yaml"))
    all_read = check(tournament).results  # uncounted results handed in anyway are left out too
    assert "r3-mesa1.yaml" in all_read
    assert [(g.round, g.where) for g in games_of(tournament, all_read, JAN)] == [(1, "1"), (1, "2"), (2, "2")]


def test_a_sueca_championships_matches_are_two_teams_of_two():
    games = rated_games(EXAMPLES / "championship-sueca" / "torneio.yaml")
    assert len(games) == 13
    assert games[0].sides == (("Carla", "Duarte"), ("Ines", "Jorge")) and games[0].scores == (3.0, 1.0)  # mocas
    assert rate(games).people["Ana"].games == 6


def test_tn6_quatrilhos_extra_round_is_not_rated(tmp_path):
    """TN6, Art 23: the extra round is played apart and never added to the championship. The
    45-player CBQI (docs/tournament-final.md): round 2 of 8 tables and the extra round's table 9,
    played. Each Quatrilho round is rated by its net chips (a late player's -200, Q10)."""
    folder = tmp_path / "cbqi"
    shutil.copytree(EXAMPLES / "championship-quatrilho-extra", folder)
    drawn = run("tournament", "draw", folder / "cbqi.yaml", "--seed", "7", "--extra-without", "J25")
    assert drawn.exit_code == 0, drawn.output
    for sheet in (folder / "played").iterdir():
        shutil.copy(sheet, folder / sheet.name)
    tournament = load(str(folder / "cbqi.yaml"))
    results = counted(check(tournament))
    assert "r3-mesa9.yaml" in results  # the extra round's sheet counts for its own prize
    games = games_of(tournament, results, JAN)
    assert [g.round for g in games] == [1] * 9 + [2] * 8
    assert games[0].scores == (88.0, 88.0, -88.0, -88.0, -200.0)
    assert rate(games).people["J05"].games == 1  # round 1 only: he won the extra round's prize
