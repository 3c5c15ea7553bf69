"""Every shipped example checks clean, except the disputed ones, which list each seeded error."""
import pytest

from conftest import EXAMPLES
from scorekeeper.sheets import check_file

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_there_are_examples():
    assert any("final" in p.name for p in EXAMPLE_FILES)
    assert any("disputed" in p.name for p in EXAMPLE_FILES)


@pytest.mark.parametrize("path", [p for p in EXAMPLE_FILES if "disputed" not in p.name], ids=lambda p: p.name)
def test_example_checks_clean(path):
    result = check_file(str(path))
    assert result.findings == []
    assert result.complete
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
