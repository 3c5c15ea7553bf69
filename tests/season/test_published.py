"""The list published (`season qualify --publish`, King Art 3: each union's apuramento) and what
moved in it since, each move with the journalled change that caused it (RULINGS TN10). The
season is the season maker's; the fix is on Regional norte 1's round 3 table 3, read by hand:
Sofia +325, Marta +15, Ana -55, Maria -285 (Marta 2nd, Ana 3rd); giving Marta the 7 vazas and
Ana the 2 makes Marta -85 and Ana +45, so Ana is 2nd and Marta 3rd there."""

from __future__ import annotations

import getpass
import os

import pytest
from conftest import run
from season_maker import make_season

from scorekeeper.core import season_exchange
from scorekeeper.journal.history import history
from scorekeeper.output.journal_text import clock
from scorekeeper.season.published import (
    Difference,
    Move,
    PublishedFormatError,
    differences,
    load_published,
    published_path,
)
from scorekeeper.season.qualification import qualify
from scorekeeper.season.qualification_model import Qualification, Race, RaceRow, Status
from scorekeeper.season.season_file import load_season

Q, R, X, T = Status.QUALIFIED, Status.RESERVE, Status.EXCLUDED, Status.TIED
SHEET = "norte/e1/r3-mesa3.yaml"


def rows(union, *items):
    return tuple(
        RaceRow(union, place, member, member.lower(), points, status) for place, member, points, status in items
    )


def qualification(*races):
    return Qualification(
        tuple(Race(union, union, seats, rows(union, *items), False) for union, seats, items in races), 12, 0
    )


def said(found: list[Difference]):
    return [(d.union, d.id, d.move, d.before and d.before.place, d.after and d.after.place) for d in found]


def test_differences_name_each_member_once_by_its_weightiest_move():
    """In and out of the seats first, then a status, then a place, then points; a member who
    left the list, and one new to it. Pure: the same lists give the same differences."""
    then = qualification(
        (
            "norte",
            2,
            [(1, "A", 12, Q), (2, "B", 10, Q), (3, "C", 9, R), (4, "D", 8, R), (5, "E", 7, R), (6, "F", 5, R)],
        ),
        ("centro", 1, [(1, "G", 9, Q), (2, "H", 8, R)]),
    )
    now = qualification(
        (
            "norte",
            2,
            [(1, "A", 12, Q), (2, "C", 11, Q), (3, "B", 10, R), (4, "E", 7, R), (5, "D", 7, X), (6, "F", 6, R)],
        ),
        ("centro", 1, [(1, "G", 9, Q), (2, "I", 4, R)]),
    )
    assert said(differences(then, now)) == [
        ("norte", "C", Move.IN, 3, 2),
        ("norte", "B", Move.OUT, 2, 3),
        ("norte", "E", Move.PLACE, 5, 4),
        ("norte", "D", Move.STATUS, 4, 5),
        ("norte", "F", Move.POINTS, 6, 6),
        ("centro", "I", Move.ADDED, None, 2),
        ("centro", "H", Move.REMOVED, 2, None),
    ]
    assert differences(now, now) == []


def test_tn10_a_tie_decided_is_a_member_in_and_one_status_changed():
    """Two members tied across the last seat (TN10) when published; the committee's decision
    (Art 18) gives it to one: he is in, the other a reserve."""
    then = qualification(("centro", 2, [(1, "L", 13, Q), (2, "J", 9, T), (2, "G", 9, T)]))
    now = qualification(("centro", 2, [(1, "L", 13, Q), (2, "J", 9, Q), (3, "G", 9, R)]))
    assert said(differences(then, now)) == [("centro", "J", Move.IN, 2, 2), ("centro", "G", Move.STATUS, 2, 3)]


@pytest.fixture
def season(tmp_path):
    return make_season(tmp_path, {"norte": 12, "centro": 8, "sul-e-ilhas": 16})


def test_the_published_list_is_read_back_as_written(season):
    published = season_exchange.publish(str(season))
    assert published.source == published_path(str(season)) == str(season.parent / "season.published.yaml")
    assert load_published(published.source) == published
    norte = published.qualification.races[0]
    assert [(r.place, r.id, r.points, r.status, r.article) for r in norte.rows[:5]] == [
        (1, "N0008", 12.0, Q, "Art 3"),
        (2, "N0010", 11.0, Q, "Art 3"),
        (3, "N0007", 10.0, Q, "Art 3"),
        (4, "N0012", 10.0, Q, "Art 3"),
        (5, "N0004", 9.0, R, "Art 3"),
    ]
    # 1 season file + 3 registries + 3 events with 9, 6 and 12 sheets: every file the list is made of
    assert len(published.files) == 1 + 3 + 3 + 9 + 6 + 12
    # on the journal, as the change whose id the file holds
    [change] = history(published.source).changes
    assert (change.id, change.action, change.files) == (published.change, "publish", (published.source,))


def test_a_fix_after_publication_moves_two_members_and_names_its_change(season):
    """Ana (N0004) goes in at place 3 with 10 points, Marta (N0012) out to place 5 with 9, and
    Rui (N0007, 10 points, fewer King points than Ana now) from place 3 to 4: the cause is the fix,
    by its id, its file and its hand before and after."""
    season_exchange.publish(str(season))
    done = run("fix", season.parent / SHEET, "1", "vazas", "3", "7", "1", "2")
    assert done.exit_code == 0, done.output
    [fix] = history(str(season.parent / SHEET)).changes
    news = season_exchange.news(str(season), qualify(load_season(str(season))))
    assert news is not None
    assert said(news.differences) == [
        ("norte", "N0004", Move.IN, 5, 3),
        ("norte", "N0007", Move.PLACE, 3, 4),
        ("norte", "N0012", Move.OUT, 4, 5),
    ]
    assert [(d.before.points, d.after.points) for d in news.differences] == [(9.0, 10.0), (10.0, 10.0), (10.0, 9.0)]
    [cause] = news.causes
    assert (cause.change.id, cause.change.action, cause.files) == (fix.id, "fix", (SHEET,))
    assert (cause.change.entry, cause.change.before, cause.change.after) == (
        1,
        {"hand": "vazas", "counts": [3, 2, 1, 7]},
        {"hand": "vazas", "counts": [3, 7, 1, 2]},
    )


def test_the_fix_said_by_season_qualify_with_its_id_and_file(season):
    assert run("season", "qualify", season, "--publish").exit_code == 0
    assert run("fix", season.parent / SHEET, "1", "vazas", "3", "7", "1", "2").exit_code == 0
    [fix] = history(str(season.parent / SHEET)).changes
    shown = run("season", "qualify", season)
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("Since the list was published"))
    assert lines[start + 1 :] == [
        "  norte: N0004 Ana Magalhães in: place 5, reserve, 9 points -> place 3, qualified, 10 points",
        "  norte: N0007 Rui Magalhães place changed: place 3, qualified, 10 points -> place 4, qualified, 10 points",
        "  norte: N0012 Marta Magalhães out: place 4, qualified, 10 points -> place 5, reserve, 9 points",
        "  because of this change:",
        f"    fix {SHEET}: hand 1 (vazas): 3 2 1 7 -> 3 7 1 2, by {getpass.getuser()} at {clock(fix.when)}"
        f" (change {fix.id[:12]})",
    ]
    # the same fix taken back: the list is as published again, and nothing is said
    assert run("fix", season.parent / SHEET, "1", "vazas", "3", "2", "1", "7").exit_code == 0
    assert "Since the list was published" not in run("season", "standings", season).output


def test_a_sheet_changed_by_hand_is_said_as_changed_outside_scorekeeper(season):
    season_exchange.publish(str(season))
    sheet = season.parent / SHEET
    sheet.write_text(sheet.read_text().replace("counts: [3, 2, 1, 7]", "counts: [3, 7, 1, 2]"))
    news = season_exchange.news(str(season), qualify(load_season(str(season))))
    assert [d.id for d in news.differences] == ["N0004", "N0007", "N0012"]
    assert [(c.change, c.files) for c in news.causes] == [(None, (SHEET,))]


def test_nothing_published_says_nothing(season):
    assert season_exchange.news(str(season), qualify(load_season(str(season)))) is None
    assert "Since the list" not in run("season", "qualify", season).output


def test_publish_refuses_a_part_of_the_list(season):
    done = run("season", "qualify", season, "--publish", "--union", "norte")
    assert done.exit_code == 2
    assert "--publish publishes every union's list" in done.output
    assert not os.path.exists(published_path(str(season)))


def test_a_damaged_published_list_is_refused_at_its_line(season):
    published = season_exchange.publish(str(season))
    path = published.source
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text.replace('status: "reserve"', 'status: "maybe"', 1))
    with pytest.raises(PublishedFormatError) as caught:
        load_published(path)
    line = text.splitlines().index(next(x for x in text.splitlines() if 'status: "reserve"' in x)) + 1
    assert (caught.value.source, caught.value.line) == (path, line)
    assert "status: expected one of qualified, reserve, excluded, tied, got 'maybe'" in str(caught.value)


def test_tn7_an_agreement_typed_into_the_season_file_moves_the_list_and_is_said_as_outside(season):
    """An agreement of the unions (Art 3, TN7) giving Norte 5 seats, Centro 3 and Sul e Ilhas 8
    (16): the next in each race take the new seats: Ana (N0004, 5th) for Norte, Jorge and Graça
    (C0007, C0008, tied for the 2nd seat, now both within 3) for Centro, Rui and Teresa Sousa
    (S0007, S0016, 7th together) for Sul e Ilhas. Typed by hand into the season file, so the
    cause is the season file, changed outside scorekeeper."""
    season_exchange.publish(str(season))
    with open(season, "a", encoding="utf-8") as handle:
        handle.write("agreements:\n  - {date: 2027-05-20, size: 16, quotas: {norte: 5, centro: 3, sul-e-ilhas: 8}}\n")
    news = season_exchange.news(str(season), qualify(load_season(str(season))))
    assert [(d.union, d.id, d.move) for d in news.differences if d.move is Move.IN] == [
        ("norte", "N0004", Move.IN),
        ("centro", "C0007", Move.IN),
        ("centro", "C0008", Move.IN),
        ("sul-e-ilhas", "S0007", Move.IN),
        ("sul-e-ilhas", "S0016", Move.IN),
    ]
    assert [(c.change, c.files) for c in news.causes] == [(None, ("season.yaml",))]


def test_tn10_the_committees_decision_of_a_tie_puts_one_member_in(season):
    """Centro's last seat (quota 2) is tied between Jorge (C0007) and Graça (C0008) when
    published (TN10); the committee's dated decision (Art 18) gives it to Graça: she is in,
    Jorge goes from tied to reserve. Both keep the place they share (2), the seated listed first, and
    they are said in the list's order."""
    season_exchange.publish(str(season))
    with open(season, "a", encoding="utf-8") as handle:
        handle.write("decisions:\n  - {date: 2027-05-21, union: centro, seat: C0008}\n")
    news = season_exchange.news(str(season), qualify(load_season(str(season))))
    assert [
        (d.id, d.move, d.before.place, d.before.status, d.after.place, d.after.status) for d in news.differences
    ] == [
        ("C0008", Move.IN, 2, T, 2, Q),
        ("C0007", Move.STATUS, 2, T, 2, R),
    ]


def test_tn8_a_registry_imported_after_publication_is_named_from_its_own_folders_journal(season):
    """A registry written again on the record (as `registry import` writes it: its folder's
    journal, `registry/`), in which Marta (N0012, 4th) has a gap in February (TN8): she is
    excluded citing Art 2 and Ana (N0004) takes the seat; the cause is that import."""
    from scorekeeper.journal.transaction import write_new

    season_exchange.publish(str(season))
    registry = season.parent / "registry/norte.yaml"
    text = registry.read_text(encoding="utf-8").replace(
        "{id: N0012, name: Marta Magalhães, membership: [{from: 2020-01-01}]}",
        "{id: N0012, name: Marta Magalhães, membership: [{from: 2020-01-01, to: 2027-01-31}, {from: 2027-03-01}]}",
    )
    applied = write_new(str(registry), text, True, "import", {"file": str(registry)})
    news = season_exchange.news(str(season), qualify(load_season(str(season))))
    moved = {d.id: (d.move, d.after.status, d.after.article) for d in news.differences}
    assert moved["N0012"] == (Move.OUT, X, "Art 2")
    assert moved["N0004"][0] is Move.IN
    [cause] = news.causes
    assert (cause.change.id, cause.change.action, cause.files) == (
        applied.change_id,
        "import",
        ("registry/norte.yaml",),
    )
