"""`season ratings` (issue 27 point 4): the season's games, their names made persons through the
registries, rated in date order; the rows as the core rates them, and `--as-of` cuts the games."""

from __future__ import annotations

import json

from conftest import run
from season_maker import make_season

from scorekeeper.season.rated_games import games_of
from scorekeeper.season.ratings import rate
from scorekeeper.season.season_events import read_events
from scorekeeper.season.season_file import load_season
from scorekeeper.tournaments.standings import counted


def test_the_ratings_are_the_seasons_games_rated_by_person(tmp_path):
    path = make_season(tmp_path, {"norte": 8, "centro": 4, "sul-e-ilhas": 8})
    result = run("season", "ratings", str(path), "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == 20  # every member played: 8 + 4 + 8
    assert {row["games"] for row in rows} == {3}  # three rounds, no byes
    assert [row["place"] for row in rows] == list(range(1, 21))
    assert [row["ordinal"] for row in rows] == sorted((row["ordinal"] for row in rows), reverse=True)
    # The same games rated directly, each name its member id: the command adds nothing of its own.
    events = read_events(load_season(str(path)))
    games = [
        game
        for read in events
        for game in games_of(
            read.tournament, counted(read.checked), read.event.date, lambda name, read=read: read.persons[name].id
        )
    ]
    best = rate(games).rows()[0]
    assert (rows[0]["id"], rows[0]["mu"], rows[0]["sigma"]) == (best.person, round(best.mu, 3), round(best.sigma, 3))
    assert all(row["id"][0] in "NCS" and row["id"][1:].isdigit() for row in rows)


def test_as_of_rates_only_the_games_up_to_that_day(tmp_path):
    path = make_season(tmp_path, {"norte": 8, "centro": 4, "sul-e-ilhas": 8})  # events on 03-09, 03-10, 03-11
    norte_only = json.loads(run("season", "ratings", str(path), "--as-of", "2027-03-09", "--format", "json").output)
    assert sorted(row["id"] for row in norte_only) == [f"N{n:04d}" for n in range(1, 9)]
    before = run("season", "ratings", str(path), "--as-of", "2027-03-08")
    assert before.exit_code == 0
    assert "0 games rated (as of 2027-03-08)" in before.output
    assert "qualifies nobody" in before.output
