"""`season inscribe` (King Art 2: each union inscribes its representatives; RULINGS TN13): the
checks, the season file rewritten in place (its comments kept) on the journal, and the refusal
once the final has begun (Art 7)."""

from __future__ import annotations

import pytest
from season_edits import AGREED, add_to_season, season

from scorekeeper.errors import InputValueError, RefusedChange
from scorekeeper.season.inscriptions import inscribe
from scorekeeper.season.season_file import load_season


@pytest.fixture
def path(tmp_path):
    made = season(tmp_path)
    made.write_text("# the season of 2027\n" + made.read_text(encoding="utf-8"), encoding="utf-8")
    return made


def test_tn13_a_union_inscribes_its_qualified(path):
    done = inscribe(str(path), "norte", ("N0008", "N0010", "N0007", "N0012"))
    assert (done.ids, done.replaced, done.warnings) == (("N0008", "N0010", "N0007", "N0012"), (), ())
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# the season of 2027\n")  # the file's own comments kept
    assert text.endswith("inscriptions:\n  norte: [N0008, N0010, N0007, N0012]\n")
    assert load_season(str(path)).inscriptions == {"norte": ("N0008", "N0010", "N0007", "N0012")}


def test_tn13_a_new_inscription_replaces_the_old_before_the_final(path):
    inscribe(str(path), "norte", ("N0008", "N0010", "N0007", "N0012"))
    inscribe(str(path), "centro", ("C0001",))
    done = inscribe(str(path), "norte", ("N0008", "N0010", "N0007", "N0004"))
    assert done.replaced == ("N0008", "N0010", "N0007", "N0012")
    assert load_season(str(path)).inscriptions == {
        "norte": ("N0008", "N0010", "N0007", "N0004"),
        "centro": ("C0001",),
    }
    # N0004 (Ana Magalhães) is 5th, a reserve: the union decides (Art 2), with a warning.
    (warned,) = done.warnings
    assert (warned.code, warned.rule, warned.is_error) == ("SEASON-TN13-INSCRIBED-UNQUALIFIED", "Art 2", False)


def test_tn13_more_than_the_quota_is_refused(path):
    before = path.read_text(encoding="utf-8")
    with pytest.raises(RefusedChange) as caught:
        inscribe(str(path), "centro", ("C0001", "C0007", "C0008"))
    assert [f.code for f in caught.value.findings] == ["SEASON-TN13-INSCRIBED-OVER"]
    assert "its quota is 2" in str(caught.value)
    assert path.read_text(encoding="utf-8") == before  # nothing written


def test_tn13_an_ineligible_player_is_refused_citing_art_2(path):
    with pytest.raises(RefusedChange) as caught:
        inscribe(str(path), "norte", ("N0008", "N0002"))
    (refused,) = caught.value.findings
    assert (refused.code, refused.rule, refused.message.values["id"]) == (
        "SEASON-TN13-INSCRIBED-INELIGIBLE",
        "Art 2",
        "N0002",
    )


def test_tn13_with_an_agreement_the_quota_is_the_agreements(path):
    add_to_season(path, AGREED)
    done = inscribe(str(path), "centro", ("C0001", "C0007", "C0008", "C0004"))
    assert done.warnings == ()


def test_tn13_after_the_finals_first_game_art_7_applies(path, tmp_path):
    """A final whose first table has a hand recorded: an inscription is refused citing Art 7."""
    final = tmp_path / "final"
    final.mkdir()
    (final / "final.yaml").write_text(
        "tournament: Final\nrules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nrounds:\n"
        "  - tables:\n      - {table: 1, players: [Ana, Bruno, Carla, Duarte], sheet: r1-mesa1.yaml}\n",
        encoding="utf-8",
    )
    (final / "r1-mesa1.yaml").write_text(
        "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nround: 1\ntable: 1\nevent: Final\n"
        "hands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}\n",
        encoding="utf-8",
    )
    lines = path.read_text(encoding="utf-8").splitlines()
    after = max(index for index, line in enumerate(lines) if "phase: regional" in line) + 1
    lines.insert(after, "  - {file: final/final.yaml, phase: nacional, date: 2027-06-12}")  # among the events
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputValueError) as caught:
        inscribe(str(path), "norte", ("N0008",))
    assert "Art 7" in str(caught.value) and "final/final.yaml" in str(caught.value)


def test_an_unknown_union_is_refused(path):
    with pytest.raises(InputValueError, match="unknown union 'minho'"):
        inscribe(str(path), "minho", ("N0008",))


def test_tn13_tn9_a_member_of_another_union_is_refused(path):
    with pytest.raises(RefusedChange) as caught:
        inscribe(str(path), "centro", ("C0001", "S0001"))
    (refused,) = caught.value.findings
    assert (refused.code, refused.message.values["id"]) == ("SEASON-TN13-INSCRIBED-INELIGIBLE", "S0001")
