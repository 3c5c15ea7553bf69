"""Each game says the sentences that name one of its entries (Game.entry_sentences): Sueca its
deals, Quatrilho its entries, King, Truco and a game that declares none its hands; each sentence
takes the same values in every game, so that the code that fills them never asks which game."""

from __future__ import annotations

import string

import pytest

from scorekeeper import games
from scorekeeper.i18n import in_words, speaking
from scorekeeper.sheet.entry_sentences import ENTRY_SENTENCES, HAND_SENTENCES, EntrySentences, fill


def _names(template: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


def test_each_game_declares_its_sentences_in_its_folder():
    from scorekeeper.quatrilho.entry_sentences import SENTENCES as QUATRILHO
    from scorekeeper.sueca.entry_sentences import SENTENCES as SUECA

    said = {game.name: game.entry_sentences() for game in games.all_games()}
    assert said == {"king": HAND_SENTENCES, "sueca": SUECA, "truco": HAND_SENTENCES, "quatrilho": QUATRILHO}
    assert QUATRILHO is ENTRY_SENTENCES


@pytest.mark.parametrize("field", EntrySentences._fields)
def test_a_sentence_takes_the_same_values_in_every_game(field):
    expected = _names(getattr(HAND_SENTENCES, field).msgid)
    for game in games.all_games():
        assert _names(getattr(game.entry_sentences(), field).msgid) == expected, (game.name, field)


def test_a_sentence_is_said_in_the_language_of_the_call():
    sueca = games.get("sueca").entry_sentences()
    removed = fill(sueca.removed_named, number=3, name="partida", line=12)
    assert in_words(removed) == "Removed deal 3 (partida, line 12)."
    with speaking("pt_PT"):
        assert in_words(removed) == "Apagada a partida 3 (partida, linha 12)."
    assert in_words(fill(HAND_SENTENCES.no_such_entry, number=9, count=2)) == "there is no hand 9; the sheet has 2"
