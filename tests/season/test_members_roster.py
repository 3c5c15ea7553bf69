"""The registry's members found by a written name, and who may play when (King Art 2, RULINGS
TN8, TN9): registries written by hand, every answer worked out from their dates."""

from __future__ import annotations

import datetime

import pytest

from scorekeeper.members.eligibility import SINCE_FIRST_JOINED, Gap, gap, member_on
from scorekeeper.members.name_folding import fold, is_initials_of, words
from scorekeeper.members.registry_file import RegistryFormatError, load_registry
from scorekeeper.members.roster import Match, Roster

NORTE = """\
union: norte
name: Sindicato dos Bancários do Norte
members:
  - id: N001
    name: José Magalhães
    aliases: [Zé Magalhães]
    membership:
      - {from: 2020-01-01, to: 2026-03-31}
  - id: N002
    name: Ana Sousa
    membership: [{from: 2019-05-01}]
  - id: N003
    name: João Pires
    membership: [{from: 2018-01-01, to: 2020-12-31}, {from: 2022-01-01}]
"""

CENTRO = """\
union: centro
name: Sindicato dos Bancários do Centro
members:
  - id: C001
    name: José Magalhães
    same_as: N001
    membership: [{from: 2026-04-01}]
  - id: C002
    name: Ana Souza
    membership: [{from: 2025-01-01, to: 2026-01-10}, {from: 2026-01-12}]
  - id: C003
    name: Joana Pires
    membership: [{from: 2010-01-01}]
"""

DAY = datetime.date


@pytest.fixture
def roster(tmp_path):
    (tmp_path / "norte.yaml").write_text(NORTE, encoding="utf-8")
    (tmp_path / "centro.yaml").write_text(CENTRO, encoding="utf-8")
    return Roster([load_registry(str(tmp_path / "norte.yaml")), load_registry(str(tmp_path / "centro.yaml"))])


def test_fold_drops_accents_case_and_punctuation():
    assert fold("  José  MAGALHÃES ") == "jose magalhaes"
    assert fold("Maria-João D'Ávila") == "maria joao d avila"
    assert words("J. Magalhães") == ("j", "magalhaes")


def test_initials_need_one_initial_and_one_whole_word():
    assert is_initials_of(("j", "magalhaes"), ("jose", "magalhaes"))
    assert not is_initials_of(("j", "m"), ("jose", "magalhaes"))  # initials alone name nobody
    assert not is_initials_of(("jose", "magalhaes"), ("jose", "magalhaes"))  # that is the name itself
    assert not is_initials_of(("magalhaes",), ("jose", "magalhaes"))  # a word fewer
    assert not is_initials_of(("p", "magalhaes"), ("jose", "magalhaes"))


@pytest.mark.parametrize(
    ("written", "ids", "how"),
    [
        ("José Magalhães", ("N001", "C001"), Match.NAME),  # two members, one person (same_as)
        ("jose magalhaes", ("N001", "C001"), Match.FOLDED),
        ("J. Magalhães", ("N001", "C001"), Match.INITIALS),
        ("Zé Magalhães", ("N001", "C001"), Match.ALIAS),
        ("N002", ("N002",), Match.ID),
        ("Ana Sousa", ("N002",), Match.NAME),
        ("ana souza", ("C002",), Match.FOLDED),  # Souza is not Sousa: no folding makes them one
    ],
)
def test_a_written_name_resolves_to_one_person(roster, written, ids, how):
    found = roster.resolve(written)
    assert found.person is not None and found.person.ids == ids
    assert found.how is how


def test_a_spelling_that_fits_two_persons_is_ambiguous(roster):
    found = roster.resolve("J. Pires")  # João Pires (N003) and Joana Pires (C003)
    assert found.person is None and found.ambiguous
    assert [person.id for person in found.candidates] == ["N003", "C003"]
    assert found.how is Match.INITIALS


def test_an_unknown_name_is_no_one(roster):
    found = roster.resolve("Rui Costa")
    assert (found.person, found.how, found.candidates) == (None, None, ())


def test_tn8_a_move_to_another_union_the_next_day_is_no_interruption(roster):
    jose = roster.person("C001")  # Norte to 2026-03-31, Centro from 2026-04-01
    assert gap(jose, DAY(2026, 1, 1), DAY(2026, 5, 1)) is None


def test_tn8_a_gap_of_one_day_keeps_a_player_out(roster):
    ana = roster.person("C002")  # out on 2026-01-11 only
    assert gap(ana, DAY(2026, 1, 1), DAY(2026, 5, 1)) == Gap(DAY(2026, 1, 11), DAY(2026, 1, 11))
    assert gap(ana, DAY(2026, 1, 12), DAY(2026, 5, 1)) is None  # the season starts after the gap


def test_tn8_a_lapse_before_the_season_counts_only_by_the_strict_reading(roster):
    joao = roster.person("N003")  # out in 2021
    assert gap(joao, DAY(2026, 1, 1), DAY(2026, 5, 1)) is None
    assert gap(joao, DAY(2026, 1, 1), DAY(2026, 5, 1), since=SINCE_FIRST_JOINED) == Gap(
        DAY(2021, 1, 1), DAY(2021, 12, 31)
    )


def test_tn8_membership_that_ends_before_the_event_is_a_gap_to_the_event(roster):
    jose_norte_only = Roster([load_registry_text(NORTE)]).person("N001")
    assert gap(jose_norte_only, DAY(2026, 1, 1), DAY(2026, 5, 1)) == Gap(DAY(2026, 4, 1), DAY(2026, 5, 1))


def test_tn8_only_the_organising_unions_count(roster):
    jose = roster.person("N001")
    assert gap(jose, DAY(2026, 1, 1), DAY(2026, 5, 1), unions=frozenset({"norte"})) == Gap(
        DAY(2026, 4, 1), DAY(2026, 5, 1)
    )


def test_tn9_the_union_on_a_day(roster):
    jose = roster.person("N001")
    assert member_on(jose, DAY(2026, 3, 31)).union == "norte"
    assert member_on(jose, DAY(2026, 4, 1)).union == "centro"
    assert member_on(roster.person("C002"), DAY(2026, 1, 11)) is None


def load_registry_text(text):
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/r.yaml"
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return load_registry(path)


@pytest.mark.parametrize(
    ("text", "line", "words_"),
    [
        ("union: norte\nmembers:\n  - id: N1\n    name: Ana\n    membership: [{from: 2026-02-30}]\n", 5, "not a date"),
        ("union: norte\nmembers:\n  - id: N1\n    nome: Ana\n", 4, "unknown key"),
        ("union: norte\nmembers:\n  - id: N1\n    name: Ana\n    membership: [{to: 2026-02-01}]\n", 5, "first day"),
        ("union: norte\nmembers:\n  - id: N1\n    name: [Ana]\n", 4, "expected a name"),
    ],
)
def test_an_unusable_registry_is_refused_at_its_line(tmp_path, text, line, words_):
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RegistryFormatError) as caught:
        load_registry(str(path))
    assert caught.value.line == line
    assert words_ in str(caught.value)
