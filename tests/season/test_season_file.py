"""The season file and the season rule file as read: every value at its place, and the first
unusable one refused at its line (King Art 1-3; RULINGS TN7)."""

from __future__ import annotations

import datetime

import pytest

from scorekeeper.season.season_file import load_season
from scorekeeper.season.season_model import BY_POINTS, NACIONAL, REGIONAL
from scorekeeper.season.season_reading import SeasonFormatError
from scorekeeper.season.season_rules import shipped_season_rules

SEASON = """\
season: Interbancário de King 2027
rules: king-interbancario
starts: 2027-01-01
registries: [registry/norte.yaml, registry/centro.yaml, registry/sul-e-ilhas.yaml]
events:
  - {file: norte/regional.yaml, phase: regional, union: norte, date: 2027-03-06}
  - {file: final/final.yaml, phase: nacional, date: 2027-06-12}
agreements:
  - {date: 2027-05-20, size: 16, quotas: {norte: 5, centro: 4, sul-e-ilhas: 7}}
decisions:
  - {date: 2027-05-21, union: norte, seat: N0412}
inscriptions:
  norte: [N0001, N0002]
"""


def write(tmp_path, text):
    path = tmp_path / "season.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_shipped_season_rules_read_art_1_to_3():
    assert shipped_season_rules() == ["king-interbancario"]


def test_a_season_file_read_whole(tmp_path):
    season = load_season(write(tmp_path, SEASON))
    assert season.name == "Interbancário de King 2027"
    assert season.starts == datetime.date(2027, 1, 1)
    rules = season.rules
    assert (rules.game, rules.since, rules.eligibility_article) == ("king", "season_start", "Art 2")
    assert dict(rules.unions) == {
        "norte": "Sindicato dos Bancários do Norte",
        "centro": "Sindicato dos Bancários do Centro",
        "sul-e-ilhas": "Sindicato dos Bancários do Sul e Ilhas",
    }
    # TN7: Art 3 says 16 players and quotas of 4, 2 and 6 (12): the rule file holds both.
    assert (rules.final_size, dict(rules.quotas)) == (16, {"norte": 4, "centro": 2, "sul-e-ilhas": 6})
    assert rules.method_of("centro").kind == BY_POINTS
    assert [(event.phase, event.union, event.line) for event in season.events] == [
        (REGIONAL, "norte", 6),
        (NACIONAL, None, 7),
    ]
    assert season.final_seats() == (16, {"norte": 5, "centro": 4, "sul-e-ilhas": 7})
    assert season.final_seats(datetime.date(2027, 5, 19)) == (16, {"norte": 4, "centro": 2, "sul-e-ilhas": 6})
    assert [(d.union, d.seat, d.article) for d in season.decisions] == [("norte", "N0412", "Art 18")]
    assert dict(season.inscriptions) == {"norte": ("N0001", "N0002")}


@pytest.mark.parametrize(
    ("old", "new", "line", "words"),
    [
        ("starts: 2027-01-01", "starts: 2027-02-30", 3, "not a date"),
        ("phase: regional, union: norte", "phase: regional", 6, "union is missing"),
        ("union: norte, date", "union: minho, date", 6, "unknown union"),
        ("phase: nacional", "phase: final", 7, "expected one of regional, nacional"),
        ("rules: king-interbancario", "rules: king-ilhas", 2, "unknown season rules"),
        ("rules: king-interbancario", "rules: ../../etc/passwd.yaml", None, "in its own folder"),
        ("seat: N0412", "seat: [N0412]", 11, "expected a word"),
        ("  norte: [N0001, N0002]", "  minho: [N0001]", 13, "unknown key"),
    ],
)
def test_an_unusable_season_is_refused_at_its_line(tmp_path, old, new, line, words):
    with pytest.raises(SeasonFormatError) as caught:
        load_season(write(tmp_path, SEASON.replace(old, new)))
    assert caught.value.line == line
    assert words in str(caught.value)
