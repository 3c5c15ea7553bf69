"""`season agree` and `season decide` (King Art 3, Art 18; RULINGS TN7, TN10): the unions'
agreement and the committee's decision written by command, checked before anything is written,
on the journal (a published list's differences name the change, its id and who), and a change id
applied once. The season is the season maker's (Norte 12, Centro 8, Sul e Ilhas 16): Centro's
last seat (quota 2) is tied between Jorge (C0007) and Graça (C0008), 9 points and 150 King points
each on the same games (tests/season/test_qualification.py)."""

from __future__ import annotations

import json

import pytest
from conftest import run
from season_edits import add_member
from season_maker import make_season

from scorekeeper.journal.history import history


@pytest.fixture
def season(tmp_path):
    return make_season(tmp_path, {"norte": 12, "centro": 8, "sul-e-ilhas": 16})


def centro(path):
    done = run("season", "qualify", path, "--union", "centro", "--format", "json")
    return [(row["id"], row["place"], row["status"], row["article"]) for row in json.loads(done.stdout)[:4]]


def test_tn10_season_decide_gives_the_tied_seat_and_moves_the_statuses_with_their_articles(season):
    """Art 18: the committee gives Centro's second seat to Graça (C0008): she goes from tied to
    qualified citing Art 18, Jorge (C0007) from tied to reserve citing Art 3; the decision is one
    line of the season file."""
    assert centro(season) == [
        ("C0001", 1, "qualified", "Art 3"),
        ("C0007", 2, "tied", "Art 18"),
        ("C0008", 2, "tied", "Art 18"),
        ("C0004", 4, "reserve", "Art 3"),
    ]
    done = run("season", "decide", season, "--date", "2027-05-21", "--union", "centro", "--seat", "C0008")
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines() == [
        f"Recorded the committee's decision of 2027-05-21 in {season}: centro's seat to C0008 Graça Magalhães [Art 18]",
        "  C0008 Graça Magalhães: tied -> qualified [Art 18]",
        "  C0007 Jorge Magalhães: tied -> reserve [Art 3]",
    ]
    assert season.read_text(encoding="utf-8").endswith(
        "decisions:\n  - {date: 2027-05-21, union: centro, seat: C0008, article: Art 18}\n"
    )
    assert centro(season) == [  # the seated first at their shared place: the cut line falls below her
        ("C0001", 1, "qualified", "Art 3"),
        ("C0008", 2, "qualified", "Art 18"),
        ("C0007", 2, "reserve", "Art 3"),
        ("C0004", 4, "reserve", "Art 3"),
    ]
    table = run("season", "qualify", season, "--union", "centro").stdout.splitlines()
    assert [line.split()[1] if not line.startswith("-") else "cut" for line in table[3:7]] == [
        "C0001",
        "C0008",
        "cut",
        "C0007",
    ]
    checked = run("season", "check", season, "--format", "json")
    assert [f["code"] for f in json.loads(checked.stdout)] == ["SEASON-TN7-OPEN-SEATS"]


def test_tn10_a_decision_names_the_article_the_committee_gives(season):
    done = run("season", "decide", season, "--date", "2027-05-21", "--union", "centro", "--seat", "C0007", "--article", "Art 16")  # fmt: skip
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines()[1:] == [
        "  C0007 Jorge Magalhães: tied -> qualified [Art 16]",
        "  C0008 Graça Magalhães: tied -> reserve [Art 3]",
    ]


def test_tn7_season_agree_fills_the_open_seats_and_the_warning_is_gone(season):
    """Art 3's quotas 4, 2 and 6 fill 12 of the final's 16 seats (TN7: four open, warned of); the
    unions' agreement of 5, 3 and 8 fills them: no warning, the races take 5, 3 and 8 seats, and
    Centro's tie for its second seat (Jorge and Graça, both now within 3) is gone with it."""
    before = run("season", "check", season, "--format", "json")
    assert [f["code"] for f in json.loads(before.stdout)] == ["SEASON-TN10-TIED-SEAT", "SEASON-TN7-OPEN-SEATS"]
    done = run("season", "agree", season, "--date", "2027-04-15", "--size", "16", "--quota", "norte=5", "--quota", "centro=3", "--quota", "sul-e-ilhas=8")  # fmt: skip
    assert done.exit_code == 0, done.output
    assert done.stdout == (
        f"Recorded the unions' agreement of 2027-04-15 in {season}: a final of 16 players "
        "(norte 5, centro 3, sul-e-ilhas 8) [Art 3]\n"
    )
    assert season.read_text(encoding="utf-8").endswith(
        "agreements:\n  - {date: 2027-04-15, size: 16, quotas: {norte: 5, centro: 3, sul-e-ilhas: 8}}\n"
    )
    after = run("season", "check", season, "--format", "json")
    assert after.exit_code == 0 and json.loads(after.stdout) == []
    races = json.loads(run("season", "qualify", season, "--format", "json").stdout)
    qualified = [sum(1 for r in races if r["union"] == u and r["status"] == "qualified") for u in ("norte", "centro", "sul-e-ilhas")]  # fmt: skip
    assert qualified == [5, 3, 8]


def test_a_repeated_change_id_is_applied_once(season):
    """The same command sent again with its `--id` (a retry after a lost answer) writes nothing
    and says when it was done; the journal holds the change once, under that id."""
    args = ("season", "agree", season, "--date", "2027-04-15", "--size", "16", "--quota", "norte=5", "--quota", "centro=4", "--quota", "sul-e-ilhas=7", "--id", "acordo-2027-04-15")  # fmt: skip
    first = run(*args)
    assert first.exit_code == 0, first.output
    text = season.read_text(encoding="utf-8")
    again = run(*args)
    assert again.exit_code == 0, again.output
    assert again.stdout.startswith("already done at ")
    assert again.stdout.endswith(" as change acordo-2027-04-15: the unions' agreement; nothing changed\n")
    assert season.read_text(encoding="utf-8") == text
    assert text.count("2027-04-15") == 1
    changes = [c for c in history(str(season.parent)).changes if c.action == "season-agree"]
    assert [c.id for c in changes] == ["acordo-2027-04-15"]
    # An agreement dated before it would change nothing (the latest sets the final): refused.
    earlier = run(*args[:4], "2027-04-01", *args[5:-2])
    assert (earlier.exit_code, earlier.output) == (
        2,
        f"Error: {season}: --date: the agreement of 2027-04-15 is later and sets the final; one of 2027-04-01 "
        "would change nothing\n",
    )
    # Without the id, the same agreement again is refused (one agreement a day), not written twice.
    refused = run(*args[:-2])
    assert refused.exit_code == 2
    assert refused.output == f"Error: {season}: an agreement of 2027-04-15 is already in the season file\n"


def test_tn10_a_decision_after_publication_is_named_with_its_change_id_time_and_who(season):
    """After `--publish`, the decision moves the list; `season qualify` names it (the journal's
    change: its action, file, subject, who, time and id), not a file "changed outside scorekeeper"."""
    assert run("season", "qualify", season, "--publish").exit_code == 0
    done = run("season", "decide", season, "--date", "2027-05-21", "--union", "centro", "--seat", "C0008", "--by", "Comissão Organizadora", "--id", "decisao-centro-1")  # fmt: skip
    assert done.exit_code == 0, done.output
    shown = run("season", "qualify", season, "--union", "centro")
    lines = shown.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Since the list was published"))
    assert lines[start + 1 :][:3] == [
        "  centro: C0008 Graça Magalhães in: place 2, tied, 9 points -> place 2, qualified, 9 points",
        "  centro: C0007 Jorge Magalhães status changed: place 2, tied, 9 points -> place 2, reserve, 9 points",
        "  because of this change:",
    ]
    cause = lines[start + 4]
    assert cause.startswith("    committee's decision season.yaml: 2027-05-21: centro's seat to C0008, by Comissão Organizadora at ")  # fmt: skip
    assert cause.endswith(" (change decisao-cent)")
    assert "outside scorekeeper" not in shown.stdout


def test_tn7_an_agreement_after_publication_is_named_not_outside(season):
    assert run("season", "qualify", season, "--publish").exit_code == 0
    done = run("season", "agree", season, "--date", "2027-05-20", "--size", "16", "--quota", "norte=5", "--quota", "centro=3", "--quota", "sul-e-ilhas=8")  # fmt: skip
    assert done.exit_code == 0, done.output
    shown = run("season", "qualify", season).stdout
    (cause,) = [line for line in shown.splitlines() if line.startswith("    ")]
    assert cause.startswith(
        "    unions' agreement season.yaml: 2027-05-20: a final of 16 (norte 5, centro 3, sul-e-ilhas 8), by "
    )
    assert "outside scorekeeper" not in shown


REFUSED = [
    (
        ("agree", "--date", "2027-02-30", "--size", "16", "--quota", "norte=5"),
        "--date: '2027-02-30' is not a day (YYYY-MM-DD)",
    ),
    (
        ("agree", "--date", "2027-04-15", "--size", "sixteen", "--quota", "norte=5"),
        "--size: expected a whole number from 1 to 1000, got 'sixteen'",
    ),
    (
        (
            "agree",
            "--date",
            "2027-04-15",
            "--size",
            "16",
            "--quota",
            "norte=cinco",
            "--quota",
            "centro=4",
            "--quota",
            "sul-e-ilhas=7",
        ),  # fmt: skip
        "--quota norte: expected a whole number from 0 to 1000, got 'cinco'",
    ),
    (
        ("agree", "--date", "2027-04-15", "--size", "16", "--quota", "norte=5", "--quota", "lisboa=11"),
        "unknown union 'lisboa'; the season's rules name: norte, centro, sul-e-ilhas",
    ),
    (
        (
            "agree",
            "--date",
            "2027-04-15",
            "--size",
            "16",
            "--quota",
            "norte=5",
            "--quota",
            "centro=4",
            "--quota",
            "sul-e-ilhas=6",
        ),  # fmt: skip
        "the quotas add up to 15, not to the final's 16 players [Art 3]",
    ),
    (
        ("agree", "--date", "2027-04-15", "--size", "16", "--quota", "norte=16"),
        "--quota: the agreement gives every union its quota; missing: centro, sul-e-ilhas",
    ),
    (
        ("agree", "--date", "2027-04-15", "--size", "16", "--quota", "norte"),
        "--quota: expected UNION=N, got 'norte'",
    ),
    (
        ("decide", "--date", "2027-05-21", "--union", "lisboa", "--seat", "C0008"),
        "unknown union 'lisboa'; the season's rules name: norte, centro, sul-e-ilhas",
    ),
    (
        ("decide", "--date", "2027-05-21", "--union", "centro", "--seat", "N0004"),
        "'N0004' is no member of centro's registry",
    ),
    (
        ("decide", "--date", "2027-05-21", "--union", "centro", "--seat", "C0001"),
        "'C0001' is not tied at centro's last seat; the tied are: C0007, C0008 [Art 18]",
    ),
    (
        ("decide", "--date", "2027-05-21", "--union", "norte", "--seat", "N0004"),
        "norte has no tie at its last seat for the committee to decide [Art 18]",
    ),
    (
        ("decide", "--date", "2027-13-01", "--union", "centro", "--seat", "C0008"),
        "--date: '2027-13-01' is not a day (YYYY-MM-DD)",
    ),
    (
        ("decide", "--date", "2027-05-21", "--union", "centro", "--seat", "C0008", "--id", "x"),
        "--id: 'x' is not a change id (8 to 80 letters, digits, - and _)",
    ),
    (
        ("decide", "--date", "2027-05-21", "--union", "centro", "--seat", "C0008", "--by", "Ana\u202e"),
        "--by: the name 'Ana\\u202e' holds an invisible direction mark",
    ),
    (
        ("decide", "--date", "2027-05-21", "--union", "centro", "--seat", "C0008", "--article", "Art\n18"),
        "--article: 'Art\\n18' holds a control character",
    ),
    (
        ("decide", "--date", "2020-01-01", "--union", "centro", "--seat", "C0008"),
        "--date: 2020-01-01 is before the season starts (2027-01-01)",
    ),
    (
        (
            "agree",
            "--date",
            "2026-12-31",
            "--size",
            "16",
            "--quota",
            "norte=5",
            "--quota",
            "centro=4",
            "--quota",
            "sul-e-ilhas=7",
        ),  # fmt: skip
        "--date: 2026-12-31 is before the season starts (2027-01-01)",
    ),
]


@pytest.mark.parametrize(("args", "said"), REFUSED, ids=[" ".join(a[3:5]) + " " + a[-1] for a, _ in REFUSED])
def test_unusable_input_is_refused_in_one_line_and_nothing_is_written(season, args, said):
    before = season.read_bytes()
    done = run("season", args[0], season, *args[1:])
    assert done.exit_code == 2
    assert done.output == f"Error: {season}: {said}\n"
    assert season.read_bytes() == before
    assert not [c for c in history(str(season.parent)).changes if c.action.startswith("season-")]


def test_tn10_a_member_with_no_result_in_the_race_is_given_no_seat(season):
    """C0099 is in Centro's registry but played no regional event: not in its race (TN10)."""
    add_member(season, "centro", "{id: C0099, name: Ana Nova, membership: [{from: 2010-01-01}]}")
    before = season.read_bytes()
    done = run("season", "decide", season, "--date", "2027-05-21", "--union", "centro", "--seat", "C0099")
    assert done.exit_code == 2
    assert done.output == (f"Error: {season}: 'C0099' is not in centro's race (no regional result counted for it)\n")
    assert season.read_bytes() == before


def test_tn10_a_person_with_members_in_two_unions_is_given_the_seat_by_the_id_the_season_names_him(season):
    """Graça (C0008) was Norte's N0099 until 2015 (`same_as`, a move between unions): the season
    names her by her first member's id, N0099 (the registries are read Norte first), and her
    union for the season is Centro (TN9: hers on her first event's day). `--seat C0008` finds her
    in Centro's race and the decision is written with the id the race gives her."""
    from season_edits import edit_registry

    add_member(season, "norte", "{id: N0099, name: Graça Magalhães, membership: [{from: 2005-01-01, to: 2015-12-31}]}")
    edit_registry(season, "centro", "{id: C0008, name: Graça Magalhães,", "{id: C0008, same_as: N0099, name: Graça Magalhães,")  # fmt: skip
    done = run("season", "decide", season, "--date", "2027-05-21", "--union", "centro", "--seat", "C0008")
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines() == [
        f"Recorded the committee's decision of 2027-05-21 in {season}: centro's seat to N0099 Graça Magalhães [Art 18]",
        "  N0099 Graça Magalhães: tied -> qualified [Art 18]",
        "  C0007 Jorge Magalhães: tied -> reserve [Art 3]",
    ]
    assert season.read_text(encoding="utf-8").endswith(
        "decisions:\n  - {date: 2027-05-21, union: centro, seat: N0099, article: Art 18}\n"
    )


@pytest.mark.parametrize(
    "other, action",
    [
        (
            (
                "agree",
                "--date",
                "2027-04-15",
                "--size",
                "16",
                "--quota",
                "norte=6",
                "--quota",
                "centro=3",
                "--quota",
                "sul-e-ilhas=7",
            ),
            "unions' agreement",
        ),  # fmt: skip
        (("decide", "--date", "2027-05-21", "--union", "centro", "--seat", "C0008"), "unions' agreement"),
    ],
)
def test_another_change_under_a_used_id_is_refused_never_taken_as_done(season, other, action):
    """An id names one change: a retry is that change again (done once, above); another change
    under it (a copied command line) is refused in one line, exit 2, nothing written, instead of
    being dropped as "already done"."""
    first = ("season", "agree", season, "--date", "2027-04-15", "--size", "16", "--quota", "norte=5", "--quota", "centro=4", "--quota", "sul-e-ilhas=7", "--id", "acordo-2027-04-15")  # fmt: skip
    assert run(*first).exit_code == 0
    text = season.read_text(encoding="utf-8")
    refused = run("season", other[0], season, *other[1:], "--id", "acordo-2027-04-15")
    assert refused.exit_code == 2
    assert refused.output.startswith(
        f"Error: {season}: --id: 'acordo-2027-04-15' is the id of another change already made ({action} at "
    )
    assert refused.output.endswith("): nothing changed; give this change its own id\n")
    assert len(refused.output.splitlines()) == 1
    assert season.read_text(encoding="utf-8") == text


def test_art3_a_quota_larger_than_the_race_is_warned_of(season):
    """Art 3: an agreement giving Centro 10 seats when its race holds 8 members: two seats stay
    empty, said by `season check` and `season qualify` before the final is written short."""
    done = run("season", "agree", season, "--date", "2027-04-15", "--size", "16", "--quota", "norte=2", "--quota", "centro=10", "--quota", "sul-e-ilhas=4")  # fmt: skip
    assert done.exit_code == 0, done.output
    checked = run("season", "check", season, "--format", "json")
    unfilled = [f for f in json.loads(checked.stdout) if f["code"] == "SEASON-ART3-SEATS-UNFILLED"]
    assert [(f["severity"], f["message"], f["rule"]) for f in unfilled] == [
        ("warning", "centro's quota is 10 but its race can seat only 8: 2 seats stay empty", "Art 3")
    ]
