"""`season check` (King Art 2, 3, 18; RULINGS TN7-TN10, TN13): every finding of the season
maker's season and of hand-made changes to it, each at its file and line, citing its article."""

from __future__ import annotations

import pytest
from season_edits import AGREED, add_member, add_to_season, edit_registry, season, substitute_from_round_one

from scorekeeper.members.registry_file import RegistryFormatError
from scorekeeper.season.qualification_model import Status
from scorekeeper.season.season_check import check_season
from scorekeeper.season.season_file import load_season


def checked(path):
    return check_season(load_season(str(path)))


def codes(found):
    return [finding.code for finding in found.findings]


def only(found, code):
    (finding,) = [finding for finding in found.findings if finding.code == code]
    return finding


def row(found, union, member_id):
    race = next(race for race in found.qualification.races if race.union == union)
    return next(row for row in race.rows if row.id == member_id)


def test_the_makers_season_finds_the_lapsed_the_tie_and_the_open_seats(tmp_path):
    found = checked(season(tmp_path))
    assert sorted(codes(found)) == ["SEASON-TN10-TIED-SEAT", "SEASON-TN7-OPEN-SEATS", "SEASON-TN8-NOT-ELIGIBLE"]


def test_tn8_a_lapsed_member_is_an_error_citing_art_2_at_his_first_table(tmp_path):
    """N0002 (Maria Magalhães) was out for February 2027 (28 days): Art 2's "sem interrupção"."""
    path = season(tmp_path)
    lapsed = only(checked(path), "SEASON-TN8-NOT-ELIGIBLE")
    assert (lapsed.rule, lapsed.is_error, lapsed.player) == ("Art 2", True, "N0002")
    assert lapsed.source == str(path.parent / "norte" / "e1" / "torneio.yaml")
    assert lapsed.line == 8  # round 1, table 3: her first table in the file
    assert lapsed.message.values["first"] == "2027-02-01" and lapsed.message.values["last"] == "2027-02-28"
    assert lapsed.message.values["days"] == 28


def test_tn7_open_seats_warn_citing_art_3_until_an_agreement(tmp_path):
    path = season(tmp_path)
    warned = only(checked(path), "SEASON-TN7-OPEN-SEATS")
    assert (warned.rule, warned.is_error, warned.source) == ("Art 3", False, str(path))
    assert warned.message.values == {"size": 16, "filled": 12, "count": 4}
    agreed = checked(add_to_season(path, AGREED))
    assert "SEASON-TN7-OPEN-SEATS" not in codes(agreed)


def test_tn7_an_agreement_whose_quotas_miss_its_size_is_an_error(tmp_path):
    path = add_to_season(
        season(tmp_path),
        "agreements:\n  - {date: 2027-04-01, size: 16, quotas: {norte: 5, centro: 4, sul-e-ilhas: 6}}\n",
    )
    wrong = only(checked(path), "SEASON-TN7-AGREEMENT-SUM")
    assert (wrong.rule, wrong.is_error, wrong.line) == ("Art 3", True, 10)
    assert wrong.message.values["total"] == 15


@pytest.mark.parametrize(
    ("old", "new", "written", "member"),
    [
        ("name: José Magalhães,", "name: Zé Magalhães, aliases: [José Magalhães],", "José Magalhães", "N0001"),
        ("name: José Magalhães,", "name: JOSE MAGALHAES,", "José Magalhães", "N0001"),
    ],
)
def test_a_name_found_by_an_alias_or_folded_is_information_naming_the_member(tmp_path, old, new, written, member):
    path = season(tmp_path)
    edit_registry(path, "norte", old, new)
    matched = only(checked(path), "SEASON-ART2-NAME-MATCHED")
    assert not matched.is_error and matched.rule == "Art 2"
    assert matched.message.values["id"] == member and matched.message.values["written"] == f"'{written}'"


def test_a_name_that_fits_two_members_is_an_error_naming_both(tmp_path):
    path = season(tmp_path)
    edit_registry(path, "norte", "name: José Magalhães,", "name: JOSÉ MAGALHÃES,")
    add_member(path, "norte", "{id: N0100, name: jose magalhaes, membership: [{from: 2020-01-01}]}")
    found = checked(path)
    both = only(found, "SEASON-ART2-NAME-AMBIGUOUS")
    assert both.is_error and both.message.values["names"] == "JOSÉ MAGALHÃES (N0001), jose magalhaes (N0100)"
    assert both.source.endswith("norte/e1/torneio.yaml") and both.line == 6  # round 1, table 1


def test_a_name_of_no_member_is_an_error_citing_art_2(tmp_path):
    path = season(tmp_path)
    edit_registry(path, "norte", "name: José Magalhães,", "name: Josué Pereira,")
    found = checked(path)
    unknown = only(found, "SEASON-ART2-NAME-UNKNOWN")
    assert (unknown.rule, unknown.is_error) == ("Art 2", True)
    # He takes no seat and has no member id: below the cut anyway (7 points, 8th).
    norte = found.qualification.races[0]
    assert [(r.place, r.id, r.name, r.status) for r in norte.rows if r.place == 8] == [
        (8, "", "José Magalhães", Status.EXCLUDED)
    ]


def test_tn9_memberships_of_two_unions_overlapping_are_an_error(tmp_path):
    path = season(tmp_path)
    add_member(path, "centro", "{id: C0100, name: José Magalhães, same_as: N0001, membership: [{from: 2026-06-01}]}")
    two = only(checked(path), "SEASON-TN9-TWO-UNIONS")
    assert two.is_error and two.message.values["day"] == "2026-06-01"
    assert two.source.endswith("registry/centro.yaml") and two.line == 12


def test_tn9_a_player_at_another_unions_event_counts_for_no_quota_there(tmp_path):
    """Luís Magalhães (C0001) moved to Norte (N0100) on 2027-01-01, before his first event of the
    season (Regional centro 1, 2027-03-10): his union for the season is Norte, so Centro's race
    excludes him (information, TN9), and with him out the tie for Centro's second seat is gone:
    Jorge and Graça (place 2 both) take Centro's two seats."""
    path = season(tmp_path)
    edit_registry(path, "centro", "name: Luís Magalhães, membership: [{from: 2020-01-01}]", "name: Luís Magalhães, membership: [{from: 2020-01-01, to: 2026-12-31}]")  # fmt: skip
    add_member(path, "norte", "{id: N0100, name: Luís Magalhães, same_as: C0001, membership: [{from: 2027-01-01}]}")
    found = checked(path)
    visitor = only(found, "SEASON-TN9-OTHER-UNION")
    assert not visitor.is_error and visitor.message.values["home"] == "norte"
    assert "SEASON-TN9-TWO-UNIONS" not in codes(found) and "SEASON-TN8-NOT-ELIGIBLE" in codes(found)
    assert (row(found, "centro", "N0100").status, row(found, "centro", "N0100").article) == (Status.EXCLUDED, "Art 2")
    assert [row(found, "centro", i).status for i in ("C0007", "C0008")] == [Status.QUALIFIED, Status.QUALIFIED]


def test_tn10_a_decision_naming_no_tied_member_is_an_error(tmp_path):
    path = add_to_season(season(tmp_path), "decisions:\n  - {date: 2027-04-02, union: centro, seat: C0004}\n")
    wrong = only(checked(path), "SEASON-TN10-DECISION-NOT-TIED")
    assert (wrong.rule, wrong.is_error, wrong.line) == ("Art 18", True, 10)


def test_tn13_inscriptions_over_the_quota_ineligible_or_unqualified(tmp_path):
    path = add_to_season(
        season(tmp_path),
        "inscriptions:\n  norte: [N0008, N0010, N0007, N0012, N0002]\n  sul-e-ilhas: [S0001, S0004, S0007]\n",
    )
    found = checked(path)
    over = only(found, "SEASON-TN13-INSCRIBED-OVER")
    assert over.is_error and over.rule == "Art 2" and over.line == 10 and over.message.values["quota"] == 4
    ineligible = only(found, "SEASON-TN13-INSCRIBED-INELIGIBLE")
    assert ineligible.is_error and ineligible.message.values["id"] == "N0002"
    reserve = only(found, "SEASON-TN13-INSCRIBED-UNQUALIFIED")
    assert not reserve.is_error and reserve.message.values["id"] == "S0007" and reserve.line == 11


def test_tn11_a_substitute_who_is_eligible_takes_his_seat(tmp_path):
    """Art 7: Hugo Costa (N0100) sat in Inês Magalhães' seat from the first game and scored her
    12 points: he is first of Norte and qualifies; she keeps her 0."""
    path = season(tmp_path)
    add_member(path, "norte", "{id: N0100, name: Hugo Costa, membership: [{from: 2020-01-01}]}")
    substitute_from_round_one(path, "norte", "Inês Magalhães", "Hugo Costa")
    found = checked(path)
    assert not [f for f in found.findings if f.is_error and f.code != "SEASON-TN8-NOT-ELIGIBLE"]
    norte = found.qualification.races[0]
    assert [(r.place, r.id, r.points, r.status) for r in norte.rows[:4]] == [
        (1, "N0100", 12.0, Status.QUALIFIED),
        (2, "N0010", 11.0, Status.QUALIFIED),
        (3, "N0007", 10.0, Status.QUALIFIED),
        (4, "N0012", 10.0, Status.QUALIFIED),
    ]
    assert (norte.rows[-1].id, norte.rows[-1].points, norte.rows[-1].status) == ("N0008", 0.0, Status.RESERVE)


def test_tn11_a_substitute_who_is_not_eligible_keeps_his_place_but_takes_no_seat(tmp_path):
    """The same substitute, a member only since 2027-02-01 (TN8): first of the event still (Art 7:
    "os mesmos direitos"), excluded from the race citing Art 2; the next eligible, Ana Magalhães
    (N0004, 9 points, 5th), takes Norte's fourth seat."""
    path = season(tmp_path)
    add_member(path, "norte", "{id: N0100, name: Hugo Costa, membership: [{from: 2027-02-01}]}")
    substitute_from_round_one(path, "norte", "Inês Magalhães", "Hugo Costa")
    found = checked(path)
    norte = found.qualification.races[0]
    assert [(r.place, r.id, r.status, r.article) for r in norte.rows[:5]] == [
        (1, "N0100", Status.EXCLUDED, "Art 2"),
        (2, "N0010", Status.QUALIFIED, "Art 3"),
        (3, "N0007", Status.QUALIFIED, "Art 3"),
        (4, "N0012", Status.QUALIFIED, "Art 3"),
        (5, "N0004", Status.QUALIFIED, "Art 3"),
    ]
    assert sorted(f.player for f in found.findings if f.code == "SEASON-TN8-NOT-ELIGIBLE") == ["N0002", "N0100"]


def test_a_registry_that_cannot_be_read_is_refused_at_its_line(tmp_path):
    path = season(tmp_path)
    edit_registry(path, "centro", "from: 2020-01-01}]}", "from: 2020-02-30}]}")
    with pytest.raises(RegistryFormatError) as caught:
        checked(path)
    assert caught.value.source.endswith("registry/centro.yaml") and caught.value.line == 4
