"""`registry check`'s findings (members.registry_check): registries written by hand, every finding
worked out from their lines and dates (King Art 2: "sem interrupção", read from the periods;
RULINGS TN9: one union at a time)."""

from __future__ import annotations

import datetime

import pytest

from scorekeeper.i18n import in_words
from scorekeeper.members.registry_check import check_registries
from scorekeeper.members.registry_file import RegistryFormatError, load_registry

TODAY = datetime.date(2026, 6, 1)

# Line numbers matter: each finding cites the member's or the period's line.
NORTE = """\
union: norte
name: Sindicato dos Bancários do Norte
members:
  - id: N001
    name: José Magalhães
    membership:
      - {from: 2020-01-01, to: 2026-03-31}
  - id: N002
    name: Ana Sousa
    membership:
      - {from: 2019-05-01, to: 2021-12-31}
      - {from: 2021-06-01}
  - id: N003
    name: Rui Costa
    membership:
      - {from: 2024-05-01, to: 2024-04-30}
      - {from: 2026-09-01}
  - id: N004
    name: Eva Lima
    same_as: N005
    membership: [{from: 2020-01-01}]
  - id: N005
    name: Eva Lima Neto
    membership: [{from: 2020-01-01}]
  - id: N001
    name: Outro José
    membership: [{from: 2020-01-01}]
"""

CENTRO = """\
union: centro
name: Sindicato dos Bancários do Centro
members:
  - id: C001
    name: José Magalhães
    same_as: N001
    membership: [{from: 2026-03-15}]
  - id: C002
    name: ANA  SOUSA
    membership: [{from: 2025-01-01}]
  - id: C003
    name: Gil Antunes
    same_as: X999
    membership: [{from: 2010-01-01}]
  - id: N002
    name: Ana Sousa Dias
    membership: [{from: 2010-01-01}]
"""


@pytest.fixture
def registries(tmp_path):
    (tmp_path / "norte.yaml").write_text(NORTE, encoding="utf-8")
    (tmp_path / "centro.yaml").write_text(CENTRO, encoding="utf-8")
    return [load_registry(str(tmp_path / "norte.yaml")), load_registry(str(tmp_path / "centro.yaml"))], tmp_path


def test_every_finding_with_its_code_and_line(registries):
    """All found together, in file and line order: never stopping at the first."""
    read, folder = registries
    found = [(f.code, f.severity.value, f.source.rsplit("/", 1)[-1], f.line) for f in check_registries(read, TODAY)]
    assert found == [
        ("R-ART2-PERIODS-OVERLAP", "error", "norte.yaml", 12),  # N002: 2021-06-01 inside 2019-05-01..2021-12-31
        ("R-ART2-PERIOD-BACKWARDS", "error", "norte.yaml", 16),  # N003 ends the day before it starts
        ("R-ART2-START-FUTURE", "warning", "norte.yaml", 17),  # N003 from 2026-09-01, after 2026-06-01
        ("R-TN9-SAME-AS-OWN-UNION", "error", "norte.yaml", 18),  # N004 same_as N005, both of norte
        ("R-ID-TWICE", "error", "norte.yaml", 25),  # N001 again
        ("R-TN9-UNIONS-OVERLAP", "error", "centro.yaml", 7),  # C001 = N001: both from 2026-03-15 to 2026-03-31
        ("R-NAMES-ALIKE", "warning", "centro.yaml", 8),  # ANA  SOUSA folds as N002's Ana Sousa
        ("R-TN9-SAME-AS-UNKNOWN", "error", "centro.yaml", 11),  # X999 is no member
        ("R-ID-TWICE", "error", "centro.yaml", 15),  # N002 is norte's, across files
    ]


def test_messages_say_the_days_and_the_members(registries):
    read, folder = registries
    said = {(f.code, f.line): in_words(f.message) for f in check_registries(read, TODAY)}
    assert said[("R-ART2-PERIODS-OVERLAP", 12)] == (
        "N002: the period from 2021-06-01 overlaps the one from 2019-05-01 (from 2021-06-01 to 2021-12-31)"
    )
    assert said[("R-TN9-UNIONS-OVERLAP", 7)] == (
        "C001 (centro) and N001 (norte) are one person, a member of both from 2026-03-15 to 2026-03-31"
    )
    assert (
        said[("R-ART2-PERIOD-BACKWARDS", 16)] == "N003: the period from 2024-05-01 ends on 2024-04-30, before it starts"
    )
    assert said[("R-ID-TWICE", 15)] == f"N002: this id is already Ana Sousa's, at {folder / 'norte.yaml'}:8"


def test_tn9_a_move_the_next_day_is_no_overlap(tmp_path):
    """TN9: leaving one union on the 31st and joining another on the 1st is one union at a time."""
    (tmp_path / "a.yaml").write_text(
        "union: a\nmembers:\n  - id: A1\n    name: Rui\n    membership: [{from: 2020-01-01, to: 2026-03-31}]\n",
        encoding="utf-8",
    )
    (tmp_path / "b.yaml").write_text(
        "union: b\nmembers:\n  - id: B1\n    name: Rui\n    same_as: A1\n    membership: [{from: 2026-04-01}]\n",
        encoding="utf-8",
    )
    read = [load_registry(str(tmp_path / "a.yaml")), load_registry(str(tmp_path / "b.yaml"))]
    assert check_registries(read, TODAY) == []  # and no R-NAMES-ALIKE: same_as makes them one person


def test_tn9_open_periods_in_two_unions_overlap_from_the_later_start(tmp_path):
    (tmp_path / "a.yaml").write_text(
        "union: a\nmembers:\n  - id: A1\n    name: Rui\n    membership: [{from: 2020-01-01}]\n", encoding="utf-8"
    )
    (tmp_path / "b.yaml").write_text(
        "union: b\nmembers:\n  - id: B1\n    name: Rui\n    same_as: A1\n    membership: [{from: 2026-04-01}]\n",
        encoding="utf-8",
    )
    read = [load_registry(str(tmp_path / "a.yaml")), load_registry(str(tmp_path / "b.yaml"))]
    (finding,) = check_registries(read, TODAY)
    assert (finding.code, finding.line, finding.rule) == ("R-TN9-UNIONS-OVERLAP", 6, "TN9")
    assert finding.message.values["days"].msgid == "from {first} on"
    assert finding.message.values["days"].values == {"first": "2026-04-01"}


def test_a_period_ending_after_today_is_no_finding(tmp_path):
    """A union knows the day a resignation takes effect: `to` after today is fine; `from` is not."""
    (tmp_path / "a.yaml").write_text(
        "union: a\nmembers:\n  - id: A1\n    name: Rui\n    membership: [{from: 2020-01-01, to: 2026-12-31}]\n",
        encoding="utf-8",
    )
    assert check_registries([load_registry(str(tmp_path / "a.yaml"))], TODAY) == []


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x")', "+351 Rui", "-Rui", "@SUM(A1)", "  =1+1"])
def test_a_formula_in_a_name_is_refused_at_its_line(tmp_path, name):
    """A registry's name is a person's: one a spreadsheet would run is refused where it enters."""
    path = tmp_path / "a.yaml"
    path.write_text(f"union: a\nmembers:\n  - id: A1\n    name: '{name}'\n", encoding="utf-8")
    with pytest.raises(RegistryFormatError) as refused:
        load_registry(str(path))
    assert refused.value.line == 4
    assert "starts as a spreadsheet formula does" in str(refused.value)


def test_a_formula_in_an_alias_or_an_id_is_refused(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text("union: a\nmembers:\n  - id: A1\n    name: Rui\n    aliases: ['=1']\n", encoding="utf-8")
    with pytest.raises(RegistryFormatError, match="aliases: the name '=1' starts as a spreadsheet formula"):
        load_registry(str(path))
    path.write_text("union: a\nmembers:\n  - id: '@A1'\n    name: Rui\n", encoding="utf-8")
    with pytest.raises(RegistryFormatError, match=r"a\.yaml:3: id: the name '@A1'"):
        load_registry(str(path))
