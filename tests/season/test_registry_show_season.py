"""`registry show ID --season SEASON` (issue 27 point 1): a person's record across the season: his
events with place and points, a title for first place in a complete event, his rating after each
game, and the players he met most; worked out from the maker's Norte event (three rounds)."""

from __future__ import annotations

import json

from conftest import run
from season_maker import make_season


def test_a_persons_record_across_the_season(tmp_path):
    season = make_season(tmp_path, {"norte": 8, "centro": 4, "sul-e-ilhas": 8})
    shown = run("registry", "show", "N0001", "--season", str(season), "--format", "json")
    assert shown.exit_code == 0, shown.output
    card = json.loads(shown.output)
    assert (card["id"], card["name"]) == ("N0001", "José Magalhães")
    # `tournament standings norte/e1/torneio.yaml`: José first with 13 table points of 3 games.
    assert card["events"] == [
        {
            "event": "Regional norte 1",
            "file": "norte/e1/torneio.yaml",
            "date": "2027-03-09",
            "phase": "regional",
            "place": 1,
            "of": 8,
            "points": 13.0,
            "games": 3,
            "complete": True,
            "title": True,
        }
    ]
    # His tables: round 1 with João, Ana, Joana; round 2 with Inês, Maria, João; round 3 with João,
    # Manuel, Rui. João three times, the others once each (the first four by id).
    assert card["met"] == [
        {"id": "N0003", "name": "João Magalhães", "games": 3},
        {"id": "N0002", "name": "Maria Magalhães", "games": 1},
        {"id": "N0004", "name": "Ana Magalhães", "games": 1},
        {"id": "N0005", "name": "Manuel Magalhães", "games": 1},
        {"id": "N0006", "name": "Joana Magalhães", "games": 1},
    ]
    assert [step["date"] for step in card["ratings"]] == ["2027-03-09"] * 3


def test_the_record_in_words(tmp_path):
    season = make_season(tmp_path, {"norte": 8, "centro": 4, "sul-e-ilhas": 8})
    shown = run("--lang", "en", "registry", "show", "jose magalhaes", "--season", str(season))
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert "  events:" in lines
    assert "    2027-03-09 Regional norte 1: place 1 of 8, 13 points · title" in lines
    assert any(line.startswith("  rating: ") and "after 3 games" in line for line in lines)
    assert lines[-1].startswith("  met most: N0003 João Magalhães (3 games), N0002 Maria Magalhães (1 game)")


def test_show_needs_registries_or_a_season():
    shown = run("registry", "show", "N0001")
    assert shown.exit_code == 2
    assert "name the registries (--registry FILE) or a season (--season FILE)" in shown.output
