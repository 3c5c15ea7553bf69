"""Each union's race (King Art 2, 3, 18; RULINGS TN7-TN12) on the season maker's season: every
place and point below is the event's own `scorekeeper tournament standings`, read by hand."""

from __future__ import annotations

import datetime
import pathlib

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


def test_tn10_a_dated_decision_gives_the_tied_seat(season_path):
    """Art 18: the committee gives Centro's second seat to Graça (C0008); Jorge (C0007) is the
    first reserve. Before the decision's day the seat is still tied."""
    path = season_path.parent / "decided.yaml"
    path.write_text(
        season_path.read_text(encoding="utf-8") + "decisions:\n  - {date: 2027-04-02, union: centro, seat: C0008}\n",
        encoding="utf-8",
    )
    season = load_season(str(path))
    centro = race(qualify(season), "centro")
    assert table(centro)[:3] == [
        (1, "C0001", 13.0, QUALIFIED, "Art 3"),
        (2, "C0008", 9.0, QUALIFIED, "Art 18"),  # the seated first at the place they share
        (2, "C0007", 9.0, RESERVE, "Art 3"),
    ]
    earlier = race(qualify(season, as_of=datetime.date(2027, 4, 1)), "centro")
    assert [row.status for row in earlier.rows[1:3]] == [TIED, TIED]


def test_tn12_a_penalty_counts_in_the_event_and_so_in_the_unions_sum(tmp_path):
    """Art 14 (TN1): Jorge Magalhães (C0007) loses 2.5 in Regional centro 1's general
    classification: 6.5 there, and 6.5 in Centro's race (its only event), 6th; the tie for the
    second seat is gone and Graça (C0008) takes it."""
    from season_edits import penalise, season

    path = season(tmp_path)
    penalise(path, "centro", "Jorge Magalhães")
    centro = race(qualify(load_season(str(path))), "centro")
    assert table(centro)[:2] == [(1, "C0001", 13.0, QUALIFIED, "Art 3"), (2, "C0008", 9.0, QUALIFIED, "Art 3")]
    jorge = next(row for row in centro.rows if row.id == "C0007")
    assert (jorge.place, jorge.points, jorge.status, jorge.tiebreaks["penalties"]) == (6, 6.5, RESERVE, -2.5)


def test_tn10_two_regional_events_sum_their_table_points(tmp_path):
    """Two regional events a union (the maker's salt 1 and 2): each member's points are the sum
    of his two events' points, and the K5 tie-breaks run over the six games together."""
    from season_edits import season

    path = season(tmp_path, events_per_union=2)
    loaded = load_season(str(path))
    events = read_events(loaded)
    centro_events = [read for read in events if read.event.union == "centro"]
    assert len(centro_events) == 2
    by_event = [{row.name: row.points for row in read.rows} for read in centro_events]
    centro = race(qualify(loaded, events=events), "centro")
    for row in centro.rows:
        assert row.points == by_event[0][row.name] + by_event[1][row.name]
        assert row.events == 2
        assert len(row.tiebreaks["games"]) == 6
    # Regional centro 1 (above) and 2 (salt 2): Teresa 9 + 12, Rita 9 + 11, Graça 9 + 9; Luís
    # 13 + 4 and Helena 8 + 9 tie on 17 and Luís' 145 King points to her -145 decide (K5).
    assert [(row.place, row.id, row.points, row.decided_by) for row in centro.rows[:5]] == [
        (1, "C0004", 21.0, "points"),
        (2, "C0002", 20.0, "points"),
        (3, "C0008", 18.0, "points"),
        (4, "C0001", 17.0, "king_points"),
        (5, "C0006", 17.0, "points"),
    ]
    assert [row.status for row in centro.rows[:3]] == [QUALIFIED, QUALIFIED, RESERVE]


def test_tn10_a_unions_own_method_ranks_by_one_event(tmp_path):
    """The rule file may name a union's own method (TN10: "the standings of one event"): Centro
    by its second regional event alone, whose standings are its race's."""
    from season_edits import season

    from scorekeeper.rulebook.registry import rules_dir

    path = season(tmp_path, events_per_union=2)
    shipped = (pathlib.Path(rules_dir()) / "season-king-interbancario.yaml").read_text(encoding="utf-8")
    own = shipped.replace(
        "  unions: {}", "  unions: {centro: {method: event, event: centro/e2/torneio.yaml, article: Art 3}}"
    )
    assert own != shipped
    (path.parent / "season-rules.yaml").write_text(own, encoding="utf-8")
    path.write_text(
        path.read_text(encoding="utf-8").replace("rules: king-interbancario", "rules: ./season-rules.yaml"),
        encoding="utf-8",
    )
    loaded = load_season(str(path))
    events = read_events(loaded)
    (second,) = [read for read in events if read.event.file == "centro/e2/torneio.yaml"]
    centro = race(qualify(loaded, events=events), "centro")
    by_event = [(row.place, row.name, row.points) for row in second.rows]
    assert [(row.place, row.name, row.points) for row in centro.rows] == by_event
    assert [row.events for row in centro.rows] == [1] * 8
    assert (centro.rows[0].id, centro.rows[0].points) == ("C0004", 12.0)  # Teresa: 21 over both, 12 in the second
    norte = race(qualify(loaded, events=events), "norte")
    assert all(row.events == 2 for row in norte.rows)  # the default method: both of Norte's events
