"""Every shipped example checks clean, except the disputed ones, which list each seeded error."""

import pytest
from conftest import EXAMPLES

from scorekeeper.core.check import check_file

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_there_are_examples():
    assert any("final" in p.name for p in EXAMPLE_FILES)
    assert any("disputed" in p.name for p in EXAMPLE_FILES)


@pytest.mark.parametrize("path", [p for p in EXAMPLE_FILES if "disputed" not in p.name], ids=lambda p: p.name)
def test_example_checks_clean(path):
    result = check_file(str(path))
    assert result.findings == []
    assert result.complete
    if result.game == "king":
        assert sum(result.totals.values()) == 0


def test_final_mesa2_totals():
    # Computed by hand from Quadros 1-3 (see the example's entries).
    result = check_file(str(EXAMPLES / "king-final-nacional-mesa2.yaml"))
    assert result.totals == {"Eva": 295, "Filipe": -150, "Graça": -25, "Hugo": -120}
    assert result.places == {"Eva": 5, "Graça": 3, "Hugo": 2, "Filipe": 1}


def test_disputed_king_sheet_reports_each_seeded_error():
    result = check_file(str(EXAMPLES / "king-disputed-mesa3.yaml"))
    found = [(f.hand, f.severity.value, f.rule, f.player) for f in result.findings]
    assert found == [
        (1, "warning", "Art 6", "Ivo"),
        (2, "error", "Quadro 1", None),
        (3, "error", "Quadro 1", "Lia"),
        (3, "error", "Quadro 1", "Manuel"),
        (4, "error", "Quadro 1", "Lia"),
        (4, "error", "Quadro 1", "Manuel"),
        (6, "error", "Quadro 1", None),  # the phase: -1320
        (7, "error", "Regras: 13 vazas", None),
        (8, "error", "Art 10", "Lia"),
        (9, "error", "Art 13", "Manuel"),
        (10, "error", "Art 9, 2a fase", "Lia"),
        (10, "warning", "Art 9, 2a fase", "Lia"),
        (10, "error", "Art 9, 2a fase", "Manuel"),
    ]
    assert result.hands[5].points == {"Ivo": 0, "Joana": -90, "Lia": 0, "Manuel": -90}


def test_sueca_example_game():
    # Hand-computed from S2-S4: the moca race of the example, deal by deal (see its comments).
    result = check_file(str(EXAMPLES / "sueca-torneio-jogo1.yaml"))
    assert [list(h.awarded.values()) for h in result.hands] == [
        [1, 0],
        [0, 1],
        [2, 0],
        [1, 0],
        [0, 0],
        [0, 2],
        [0, 0],
        [0, 4],
        [1, 0],
        [4, 0],
        [1, 0],
        [2, 0],
    ]
    assert result.extra["winner"] == "Nos"
    assert result.extra["teams"]["Nos"]["mocas"] == 3 and result.extra["teams"]["Eles"]["mocas"] == 1
    assert result.extra["teams"]["Nos"]["game_points"] == 12 and result.extra["teams"]["Eles"]["game_points"] == 5


def test_truco_example_match():
    result = check_file(str(EXAMPLES / "truco-furb-partida1.yaml"))
    assert [g["winner"] for g in result.extra["games"]] == ["Nos", "Eles", "Nos"]
    assert [g["score"] for g in result.extra["games"]] == [
        {"Nos": 12, "Eles": 4},
        {"Nos": 5, "Eles": 12},
        {"Nos": 12, "Eles": 1},
    ]
    assert result.extra["winner"] == "Nos"


def test_disputed_sueca_reports_each_seeded_mistake():
    result = check_file(str(EXAMPLES / "sueca-disputed-jogo2.yaml"))
    assert [(f.hand, f.rule) for f in result.findings] == [
        (2, "O jogo 4"),
        (3, "O jogo 3"),
        (3, "O jogo 3"),
        (4, "Pontuação 2"),
        (6, "Pontuação 4"),
        (8, "Penalizações, 1 ponto"),
        (12, "Pontuação 4"),
        (14, "Vencedor 1"),
    ]


def test_disputed_truco_reports_each_seeded_mistake():
    result = check_file(str(EXAMPLES / "truco-disputed-partida2.yaml"))
    assert [(f.hand, f.rule) for f in result.findings] == [
        (2, "Art 13"),
        (4, "Art 16"),
        (5, "Art 17"),
        (8, "Art 18"),
        (8, "Art 14"),
        (9, "Art 16"),
        (12, "Art 14"),
    ]
