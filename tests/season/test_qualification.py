"""Each union's race (King Art 2, 3, 18; RULINGS TN7-TN12) on the season maker's season: every
place and point below is the event's own `scorekeeper tournament standings`, read by hand."""

from __future__ import annotations

import datetime

import pytest
from season_maker import make_season

from scorekeeper.season.qualification import qualify
from scorekeeper.season.qualification_model import Status
from scorekeeper.season.season_events import read_events
from scorekeeper.season.season_file import load_season

QUALIFIED, RESERVE, EXCLUDED, TIED = Status.QUALIFIED, Status.RESERVE, Status.EXCLUDED, Status.TIED


@pytest.fixture(scope="module")
def season_path(tmp_path_factory):
    folder = tmp_path_factory.mktemp("season")
    return make_season(folder, {"norte": 12, "centro": 8, "sul-e-ilhas": 16}, lapsed=("N0002",))


@pytest.fixture(scope="module")
def qualification(season_path):
    return qualify(load_season(str(season_path)))


def race(qualification, union):
    return next(race for race in qualification.races if race.union == union)


def table(race_):
    return [(row.place, row.id, row.points, row.status, row.article) for row in race_.rows]


def test_tn10_norte_ranks_by_its_regional_points_and_excludes_the_lapsed(qualification):
    """Regional norte 1's standings: Inês 12, Sofia 11, Rui 10 (285 King points), Marta 10 (190):
    Norte's quota of 4 (Art 3). Maria (N0002), 7th with 9, lapsed in February (TN8): excluded,
    Art 2, and no seat moves since she stood below the cut."""
    norte = race(qualification, "norte")
    assert (norte.seats, norte.provisional) == (4, False)
    assert table(norte)[:8] == [
        (1, "N0008", 12.0, QUALIFIED, "Art 3"),
        (2, "N0010", 11.0, QUALIFIED, "Art 3"),
        (3, "N0007", 10.0, QUALIFIED, "Art 3"),
        (4, "N0012", 10.0, QUALIFIED, "Art 3"),
        (5, "N0004", 9.0, RESERVE, "Art 3"),
        (6, "N0005", 9.0, RESERVE, "Art 3"),
        (7, "N0002", 9.0, EXCLUDED, "Art 2"),
        (8, "N0001", 7.0, RESERVE, "Art 3"),
    ]
    assert [row.decided_by for row in norte.rows[:4]] == ["points", "points", "king_points", "points"]


def test_tn10_a_tie_across_the_last_seat_is_reported_never_drawn(qualification):
    """Regional centro 1: Luís 13; Jorge and Graça 9 with 150 King points each and the same
    games (tied on every K5 criterion) share place 2 for Centro's last seat (quota 2): TIED,
    citing Art 18, and a warning says the committee decides."""
    centro = race(qualification, "centro")
    assert table(centro)[:4] == [
        (1, "C0001", 13.0, QUALIFIED, "Art 3"),
        (2, "C0007", 9.0, TIED, "Art 18"),
        (2, "C0008", 9.0, TIED, "Art 18"),
        (4, "C0004", 9.0, RESERVE, "Art 3"),
    ]
    tied = [f for f in qualification.findings if f.code == "SEASON-TN10-TIED-SEAT"]
    assert len(tied) == 1 and tied[0].rule == "Art 18"


def test_tn7_quotas_4_2_6_leave_four_of_sixteen_seats_open(qualification):
    assert (qualification.size, qualification.open_seats) == (16, 4)
    assert [(r.union, r.seats) for r in qualification.races] == [("norte", 4), ("centro", 2), ("sul-e-ilhas", 6)]
    (open_,) = [f for f in qualification.findings if f.code == "SEASON-TN7-OPEN-SEATS"]
    assert open_.rule == "Art 3" and not open_.is_error
    sul = race(qualification, "sul-e-ilhas")
    assert [row.id for row in sul.rows if row.status is QUALIFIED] == [
        "S0001", "S0004", "S0003", "S0008", "S0009", "S0012",
    ]  # fmt: skip


def test_tn8_the_lapsed_member_is_refused_citing_art_2(qualification):
    (lapsed,) = [f for f in qualification.findings if f.code == "SEASON-TN8-NOT-ELIGIBLE"]
    assert lapsed.rule == "Art 2" and lapsed.is_error and lapsed.player == "N0002"
    assert lapsed.source.endswith("norte/e1/torneio.yaml")
    assert "2027-02-01" in str(lapsed.message.values) and "2027-02-28" in str(lapsed.message.values)


def test_events_are_read_once_and_given(season_path):
    season = load_season(str(season_path))
    events = read_events(season)
    assert all(read.complete for read in events)
    assert qualify(season, events=events) == qualify(season)


def test_tn7_an_agreement_fills_the_open_seats(season_path, tmp_path):
    text = season_path.read_text(encoding="utf-8")
    text += "agreements:\n  - {date: 2027-04-01, size: 16, quotas: {norte: 5, centro: 4, sul-e-ilhas: 7}}\n"
    path = season_path.parent / "agreed.yaml"
    path.write_text(text, encoding="utf-8")
    season = load_season(str(path))
    agreed = qualify(season)
    assert (agreed.size, agreed.open_seats) == (16, 0)
    assert not [f for f in agreed.findings if f.code == "SEASON-TN7-OPEN-SEATS"]
    assert [r.seats for r in agreed.races] == [5, 4, 7]
    before = qualify(season, as_of=datetime.date(2027, 3, 31))
    assert before.open_seats == 4
