"""A tournament's refusals and findings are data (issue 26, point 1): the tournament file's
refusals (tournaments/tournament_file.py), `tournament new`'s (new_tournament.py) and what
`tournament check` finds (collect.py) are Messages, made in no language and said where they are
shown, in the language of that call. Each is made here while English is spoken and said in all
three languages: a word said where it was made would stay English in the other two. The words
are the catalogs' (scorekeeper/locale/*/scorekeeper.po), the msgids as they were."""

from __future__ import annotations

import pytest
from conftest import king_final_for_four

from scorekeeper import i18n
from scorekeeper.core import tournament as core_tournament
from scorekeeper.errors import ScorekeeperError
from scorekeeper.tournaments.collect import check
from scorekeeper.tournaments.new_tournament import parse_groups
from scorekeeper.tournaments.tournament_file import TournamentFormatError, load, parse

LANGUAGES = ("en", "pt_PT", "pt_BR")


def _said(words) -> dict[str, object]:
    """`words` (a refusal, or a list of Messages) said in each language."""
    said = {}
    for language in LANGUAGES:
        with i18n.speaking(language):
            said[language] = str(words) if isinstance(words, Exception) else [i18n.in_words(w) for w in words]
    return said


def _refused(call, *args) -> ScorekeeperError:
    with i18n.speaking("en"), pytest.raises(ScorekeeperError) as refused:
        call(*args)
    return refused.value


FILE = """tournament: Final
rules: king
players: [Ana, Bruno, Carla, Duarte, Eva]
rounds:
  - tables:
      - {table: 1, players: [Ana, Bruno, Carla, Duarte]}
    byes: [Zeca]
"""


def test_a_tournament_files_refusal_names_its_round_in_the_callers_words():
    """`round 1: byes` is a Message and a key: the round said in the caller's language, the key
    (byes) as the file writes it."""
    refused = _refused(parse, FILE, "t.yaml")
    assert isinstance(refused, TournamentFormatError)
    assert _said(refused) == {
        "en": "t.yaml:7: round 1: byes: 'Zeca' is not in the tournament",
        "pt_PT": "t.yaml:7: ronda 1: byes: 'Zeca' não está no torneio",
        "pt_BR": "t.yaml:7: rodada 1: byes: 'Zeca' não está no torneio",
    }


def test_a_table_named_in_a_refusal_is_said_in_the_callers_words():
    text = FILE.replace("byes: [Zeca]", "byes: [Eva]").replace("Carla, Duarte]}", "Carla, Rui]}")
    assert _said(_refused(parse, text, "t.yaml")) == {
        "en": "t.yaml:6: round 1, table 1: players: 'Rui' is not in the tournament",
        "pt_PT": "t.yaml:6: ronda 1, mesa 1: players: 'Rui' não está no torneio",
        "pt_BR": "t.yaml:6: rodada 1, mesa 1: players: 'Rui' não está no torneio",
    }


def test_a_count_in_a_refusal_is_grouped_as_the_callers_language_writes_it():
    """2,001 players: the thousands grouped when said (100,000 / 100 000 / 100.000, i18n.grouped)."""
    players = ", ".join(f"P{number}" for number in range(2001))
    refused = _refused(parse, f"tournament: Final\nrules: king\nplayers: [{players}]\n", "t.yaml")
    assert _said(refused) == {
        "en": "t.yaml:3: players: 2,001 names; at most 2,000",
        "pt_PT": "t.yaml:3: players: 2 001 nomes; no máximo 2 000",
        "pt_BR": "t.yaml:3: players: 2.001 nomes; no máximo 2.000",
    }


def test_tournament_news_refusal_is_said_in_the_callers_words():
    refused = _refused(parse_groups, ("A=Nos",), {"Nos": [], "Eles": [], "Outros": []}, "t.yaml")
    assert _said(refused) == {
        "en": "t.yaml: 'Eles', 'Outros' in no group",
        "pt_PT": "t.yaml: 'Eles', 'Outros' sem grupo",
        "pt_BR": "t.yaml: 'Eles', 'Outros' sem grupo",
    }


@pytest.fixture
def drawn(tmp_path):
    """The King final planned for four rounds, round 4 drawn (seed 2029): two tables, no hand."""
    final = king_final_for_four(tmp_path)
    core_tournament.draw(str(final), seed=2029, seconds=None, steps=200)
    return final


def test_what_check_finds_is_said_in_the_callers_words(drawn):
    """Round 4's sheets, one handed in empty, one gone: each finding names its round and table,
    said when the finding is, not when it was found."""
    (drawn.parent / "r4-mesa2.yaml").unlink()
    with i18n.speaking("en"):
        findings = check(load(str(drawn))).findings
    assert [finding.code for finding in findings] == ["T-TN2-SHEET-MISSING", "T-TN2-SHEET-INCOMPLETE"]
    assert _said([finding.message for finding in findings]) == {
        "en": [
            "round 4, table 2: r4-mesa2.yaml is not handed in yet",
            "round 4, table 1: r4-mesa1.yaml is not complete",
        ],
        "pt_PT": [
            "ronda 4, mesa 2: r4-mesa2.yaml ainda não foi entregue",
            "ronda 4, mesa 1: r4-mesa1.yaml não está completa",
        ],
        "pt_BR": [
            "rodada 4, mesa 2: r4-mesa2.yaml ainda não foi entregue",
            "rodada 4, mesa 1: r4-mesa1.yaml não está completa",
        ],
    }


def test_a_sheets_own_refusal_inside_a_finding_is_said_in_the_callers_words(drawn):
    """A sheet that cannot be read: its refusal (file:line: why) quoted in the finding, said with it."""
    (drawn.parent / "r4-mesa2.yaml").write_bytes(b"event: \xff\n")
    with i18n.speaking("en"):
        findings = check(load(str(drawn))).findings
    unreadable = [finding for finding in findings if finding.code == "T-TN2-SHEET-UNREADABLE"]
    assert _said([finding.message for finding in unreadable]) == {
        "en": [f"round 4, table 2: {drawn.parent}/r4-mesa2.yaml:1: is not UTF-8 text"],
        "pt_PT": [f"ronda 4, mesa 2: {drawn.parent}/r4-mesa2.yaml:1: não é texto UTF-8"],
        "pt_BR": [f"rodada 4, mesa 2: {drawn.parent}/r4-mesa2.yaml:1: não é texto UTF-8"],
    }
