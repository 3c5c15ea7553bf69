"""A King hand written by its English alias (`queens`, rules/king.yaml Quadro 1) and corrected by
`fix` (which writes `damas`) is one hand: the history says its kind once, not `queens ... ->
damas ...` as if the correction changed the hand."""

from __future__ import annotations

from scorekeeper.journal.change_words import entry_said
from scorekeeper.journal.history import Change


def _fix(before: dict, after: dict) -> Change:
    return Change(
        id="c1",
        when="2026-03-08T15:42:07+00:00",
        ended="2026-03-08T15:42:07+00:00",
        state="done",
        action="fix",
        by={"user": "referee"},
        file="mesa2.yaml",
        files=("mesa2.yaml",),
        entry=3,
        before=before,
        after=after,
        detail={},
    )


def test_a_hand_written_by_its_alias_is_named_by_quadro_1s_name():
    before = {"hand": "queens", "counts": {"Ana": 2, "Bruno": 0, "Carla": 1, "Duarte": 1}}
    after = {"hand": "damas", "counts": [0, 2, 2, 0]}
    assert entry_said(_fix(before, after), "king") == ("hand 3 (damas)", "Ana=2 Bruno=0 Carla=1 Duarte=1", "0 2 2 0")


def test_a_correction_to_another_hand_still_says_both_kinds():
    before = {"hand": "queens", "counts": [0, 2, 2, 0]}
    after = {"hand": "copas", "counts": [1, 5, 4, 3]}
    assert entry_said(_fix(before, after), "king") == ("hand 3", "damas 0 2 2 0", "copas 1 5 4 3")


def test_a_penaltys_players_are_said_as_record_takes_them_not_by_the_sheets_key():
    """`record mesa1.yaml festa --penalty renuncia Bruno`: the players at fault are record's
    values, so the history says them bare, with no English key in a Portuguese line."""
    after = {"hand": "festa", "penalty": "renuncia", "players": ["Bruno"]}
    assert entry_said(_fix(None, after), "king") == ("hand 3 (festa)", "", "Bruno, --penalty renuncia")
