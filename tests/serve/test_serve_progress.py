"""How far a table is, as the score pad's pages say it (issue 19: "entry n of N"): a game of a
fixed length counts in its own units, a race to a score does not."""

from __future__ import annotations

import shutil

import pytest
from conftest import EXAMPLES, run

from scorekeeper import games, i18n
from scorekeeper.core import pad_tables as tables
from scorekeeper.serve.words import state_words


def _summary(folder, stem: str) -> dict:
    (found,) = [t for t in tables.list_tables(str(folder)).tables if t.id == stem]
    return tables.summary(found)


@pytest.fixture()
def folder(tmp_path):
    for name in ("king-final-nacional-mesa1.yaml", "quatrilho-cbqi-mesa7.yaml", "sueca-torneio-jogo1.yaml"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    return tmp_path


def test_a_whole_king_game_is_its_rule_files_ten_hands_the_replayed_festa_not_counted(folder):
    # 11 entries: the six negative hands, a festa lost to a renuncia (Art 14: played again), and
    # the four festas (King rules: 6 negative hands + 4 festas = 10).
    summary = _summary(folder, "king-final-nacional-mesa1")
    assert (summary["entries"], summary["progress"]) == (11, {"done": 10, "whole": 10})


def test_a_king_game_under_way_is_hand_n_of_ten_in_each_language(folder):
    sheet = folder / "king-final-nacional-mesa1.yaml"
    for _ in range(8):  # back to the first three hands (all negative: no replay among them)
        assert run("undo", sheet).exit_code == 0
    summary = _summary(folder, "king-final-nacional-mesa1")
    assert (summary["state"], summary["entries"], summary["progress"]) == ("in-progress", 3, {"done": 3, "whole": 10})
    king = games.get("king")
    said = {}
    for language in ("en", "pt_PT", "pt_BR"):
        with i18n.speaking(language):
            said[language] = state_words(
                summary["state"], summary["entries"], king.entry_word, king, summary["progress"]
            )
    assert said == {
        "en": "in progress: hand 3 of 10",
        "pt_PT": i18n_in_progress("pt_PT", "mão 3 de 10"),
        "pt_BR": i18n_in_progress("pt_BR", "mão 3 de 10"),
    }


def i18n_in_progress(language: str, entries: str) -> str:
    with i18n.speaking(language):
        return i18n._("in progress: {entries}").format(entries=entries)


def test_a_quatrilho_round_counts_its_deals_not_its_entries(folder):
    # Art 10, Q1: six deals per seat at a table of five = 30; the sheet's 33 entries hold 3 that
    # are not deals (late, out, rebuy). Undoing the last two entries leaves 28 deals if both are deals.
    sheet = folder / "quatrilho-cbqi-mesa7.yaml"
    assert _summary(folder, "quatrilho-cbqi-mesa7")["progress"] == {"done": 30, "whole": 30}
    assert run("undo", sheet).exit_code == 0 and run("undo", sheet).exit_code == 0
    summary = _summary(folder, "quatrilho-cbqi-mesa7")
    assert (summary["entries"], summary["progress"]) == (31, {"done": 28, "whole": 30})
    quatrilho = games.get("quatrilho")
    with i18n.speaking("pt_BR"):
        assert quatrilho.progress_words(28, 30) == "carteada 28 de 30"
    with i18n.speaking("en"):
        assert state_words("in-progress", 31, quatrilho.entry_word, quatrilho, summary["progress"]) == (
            "in progress: deal 28 of 30"
        )


def test_a_race_to_a_score_has_no_whole_and_says_its_entries(folder):
    summary = _summary(folder, "sueca-torneio-jogo1")
    assert summary["progress"] is None
    sueca = games.get("sueca")
    with i18n.speaking("en"):
        assert state_words("in-progress", 5, sueca.entry_word, sueca, None) == "in progress: 5 deals"
