"""Exported boletins and fichas recalculated by Gnumeric (`ssconvert --recalc`): every formula
cell equals the CLI's number, as in LibreOffice (issue 8: formulas every spreadsheet computes
alike; N() of an empty cell, for one, is #NUM! in Gnumeric and 0 in Excel and LibreOffice).

Locally the engine tests are skipped when ssconvert is missing; in CI (CI set) they fail
instead, as .ci/run installs gnumeric. The portable-functions test needs no engine.
"""

import openpyxl
import pytest
import recalc
from conftest import EXAMPLES, PLAYERS, run
from hypothesis import given, settings
from hypothesis import strategies as st
from random_games import sueca_deal as deal
from random_games import truco_hand, valid_game
from recalc import GNUMERIC as ENGINE


@pytest.fixture
def engine():
    ENGINE.require()
    return ENGINE


def test_every_example_alone_recalculates_to_the_cli_numbers(engine, tmp_path):
    recalc.every_example_alone(engine, tmp_path)


def test_all_examples_in_one_workbook_with_its_resumo(engine, tmp_path):
    recalc.all_examples_together(engine, tmp_path)


@settings(max_examples=10, deadline=None)
@given(
    king_games=st.lists(valid_game(), min_size=2, max_size=2),
    deals=st.lists(st.lists(deal, max_size=40), min_size=1, max_size=1),
    truco_hands=st.lists(st.lists(truco_hand, max_size=50), min_size=1, max_size=1),
)
def test_random_games_recalculate_to_the_cli_numbers(tmp_path_factory, king_games, deals, truco_hands):
    ENGINE.require()
    recalc.random_games(ENGINE, tmp_path_factory.mktemp("random"), king_games, deals, truco_hands)


def test_a_filled_in_blank_boletim_adds_up(engine, tmp_path):
    recalc.filled_in_blank_boletim(engine, tmp_path)


def test_filled_in_blank_fichas_add_up(engine, tmp_path):
    recalc.filled_in_blank_fichas(engine, tmp_path)


def test_every_formula_calls_only_portable_functions(tmp_path):
    """No engine needed: every export kind's formulas use only the functions that Excel,
    LibreOffice and Gnumeric compute alike (no N(), no engine's own functions)."""
    out = tmp_path / "all.xlsx"
    assert run("export", *sorted(EXAMPLES.glob("*.yaml")), "-o", out).exit_code == 0
    outputs = [out]
    for kind, who in (
        ("king", sum((["-p", p] for p in PLAYERS), [])),
        ("sueca", ["-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte"]),
        ("truco", ["-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte"]),
    ):
        blank = tmp_path / f"blank-{kind}.xlsx"
        assert run("export", "--blank", kind, *who, "-o", blank).exit_code == 0
        outputs.append(blank)
    called = set()
    for path in outputs:
        for ws in openpyxl.load_workbook(path):
            for row in ws.iter_rows():
                for cell in row:
                    if cell.data_type == "f":
                        called |= recalc.functions(cell.value)
    assert called <= recalc.PORTABLE_FUNCTIONS, called - recalc.PORTABLE_FUNCTIONS
    assert {"IF", "SUM", "RANK", "OFFSET", "COUNTIFS"} <= called  # the scan sees the formulas
    assert "N" not in called


def test_functions_are_read_outside_string_literals():
    assert recalc.functions('=IF($B6="N(",SUM(G6),N(G7))') == {"IF", "SUM", "N"}


def test_saved_copies_read_as_the_originals(engine, tmp_path):
    recalc.saved_copies_read_as_the_originals(engine, tmp_path)


def test_a_formula_typed_in_an_input_cell_is_read_once_saved(engine, tmp_path):
    recalc.formulas_typed_then_saved(engine, tmp_path)


def test_written_totals_leave_every_formula_the_cli_s(engine, tmp_path):
    recalc.written_totals_recalculate(engine, tmp_path)
