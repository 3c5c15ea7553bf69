"""Exported boletins and fichas recalculated by LibreOffice: every formula cell equals the CLI's
number (the scenarios and expectations are shared with test_gnumeric.py, in tools/recalc.py).

LibreOffice (soffice) recalculates each workbook headlessly with a profile of its own; openpyxl
then reads the values. Locally the tests are skipped when soffice is missing; in CI (CI set) they
fail instead, as .ci/run installs LibreOffice.
"""

import recalc
from hypothesis import given, settings
from hypothesis import strategies as st
from random_games import sueca_deal as deal
from random_games import truco_hand, valid_game
from recalc import LIBREOFFICE as ENGINE

ENGINE.require()


def test_every_example_alone_recalculates_to_the_cli_numbers(tmp_path):
    recalc.every_example_alone(ENGINE, tmp_path)


def test_all_examples_in_one_workbook_with_its_resumo(tmp_path):
    recalc.all_examples_together(ENGINE, tmp_path)


@settings(max_examples=3, deadline=None)  # a LibreOffice start costs seconds
@given(
    king_games=st.lists(valid_game(), min_size=2, max_size=2),
    deals=st.lists(st.lists(deal, max_size=40), min_size=1, max_size=1),
    truco_hands=st.lists(st.lists(truco_hand, max_size=50), min_size=1, max_size=1),
)
def test_random_games_recalculate_to_the_cli_numbers(tmp_path_factory, king_games, deals, truco_hands):
    recalc.random_games(ENGINE, tmp_path_factory.mktemp("random"), king_games, deals, truco_hands)


def test_a_filled_in_blank_boletim_adds_up(tmp_path):
    recalc.filled_in_blank_boletim(ENGINE, tmp_path)


def test_filled_in_blank_fichas_add_up(tmp_path):
    recalc.filled_in_blank_fichas(ENGINE, tmp_path)


def test_saved_copies_read_as_the_originals(tmp_path):
    recalc.saved_copies_read_as_the_originals(ENGINE, tmp_path)


def test_a_formula_typed_in_an_input_cell_is_read_once_saved(tmp_path):
    recalc.formulas_typed_then_saved(ENGINE, tmp_path)


def test_written_totals_leave_every_formula_the_cli_s(tmp_path):
    recalc.written_totals_recalculate(ENGINE, tmp_path)
