"""The King rule file: Quadros 1-3 value by value, and validation of house variants."""

import pathlib

import pytest

from scorekeeper.errors import RulesError, UnknownRulesError
from scorekeeper.king.festa import nulos_points, positivos_points
from scorekeeper.rulebook import registry

KING = registry.find("king")


@pytest.mark.parametrize(
    "position, name, unit, units, total",
    [
        (0, "vazas", 20, 13, 260),
        (1, "copas", 20, 13, 260),
        (2, "damas", 50, 4, 200),
        (3, "reis-valetes", 30, 8, 240),
        (4, "rei-de-copas", 160, 1, 160),
        (5, "ultimas", 90, 2, 180),
    ],
)
def test_quadro_1(position, name, unit, units, total):
    hand = KING.negative_hands[position]
    assert (hand.name, hand.unit, hand.units, hand.total) == (name, unit, units, total)


def test_phase_and_festa_totals():
    assert KING.negative_phase_total == -1300
    assert KING.festa_count == 4 and KING.festa_total == 325
    assert KING.game_total == 0


# Quadro 2 as printed in the regulation: tricks -> points.
QUADRO_2 = {1: 25, 2: 50, 3: 75, 4: 100, 5: 125, 6: 150, 7: 175, 8: 200, 9: 225, 10: 250, 11: 275, 12: 300, 13: 325}


@pytest.mark.parametrize("tricks, points", sorted(QUADRO_2.items()))
def test_quadro_2(tricks, points):
    others = 13 - tricks
    spread = {"Ana": tricks, "Bruno": others, "Carla": 0, "Duarte": 0}
    assert positivos_points(KING, spread, "Ana")["Ana"] == points


# Quadro 3 as printed, with 13 tricks read as -650 (RULINGS K2: "-65" is a typo).
QUADRO_3 = {
    0: 325,
    1: 250,
    2: 175,
    3: 100,
    4: 25,
    5: -50,
    6: -125,
    7: -200,
    8: -275,
    9: -350,
    10: -425,
    11: -500,
    12: -575,
    13: -650,
}


@pytest.mark.parametrize("tricks, points", sorted(QUADRO_3.items()))
def test_quadro_3(tricks, points):
    spread = {"Ana": tricks, "Bruno": 13 - tricks, "Carla": 0, "Duarte": 0}
    assert nulos_points(KING, spread, "Ana")["Ana"] == points


@pytest.mark.parametrize("accepted, points", [(1, 400), (2, 475), (3, 550)])
def test_quadro_3_accepted_offers(accepted, points):
    # The beneficiary makes no trick and had accepted 1, 2 or 3 tricks for nulos.
    spread = {"Ana": 0, "Bruno": 13, "Carla": 0, "Duarte": 0}
    assert nulos_points(KING, spread, "Ana", "Bruno", accepted)["Ana"] == points


def test_aliases_and_names():
    assert registry.find("rei") is KING
    assert registry.find("KING") is KING
    assert KING.hand_names.get("Últimas") == "ultimas"
    assert KING.hand_names.get("rei de copas") == "rei-de-copas"
    assert KING.hand_names.get("hearts") == "copas"
    with pytest.raises(UnknownRulesError, match="unknown rules 'bisca'; known: king"):
        registry.find("bisca")


def variant(tmp_path, old, new, count=1):
    text = pathlib.Path(registry.rules_dir(), "king.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "house.yaml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return str(path)


def line_of(path, needle):
    for number, line in enumerate(pathlib.Path(path).read_text().splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def test_unknown_key_names_file_line_and_allowed(tmp_path):
    path = variant(tmp_path, "    unit: 50\n", "    unit: 50\n    bonus: 3\n")
    with pytest.raises(RulesError) as err:
        registry.load_path(path)
    assert str(err.value) == (
        f"{path}:{line_of(path, 'bonus: 3')}: unknown key 'negative_hands[2].bonus'; "
        "allowed here: name, label, aliases, unit, units, total"
    )


def test_wrong_type(tmp_path):
    path = variant(tmp_path, "    unit: 50\n", "    unit: fifty\n")
    with pytest.raises(RulesError) as err:
        registry.load_path(path)
    assert str(err.value) == (
        f"{path}:{line_of(path, 'unit: fifty')}: negative_hands[2].unit: expected a whole number, got 'fifty'"
    )


def test_unit_times_units_must_be_total(tmp_path):
    path = variant(tmp_path, "    total: 200\n", "    total: 250\n")
    with pytest.raises(RulesError) as err:
        registry.load_path(path)
    assert str(err.value) == (
        f"{path}:{line_of(path, '- name: damas')}: negative_hands[2] (damas): unit 50 x units 4 = 200, but total is 250"
    )


def test_wrong_choice_lists_allowed_values(tmp_path):
    path = variant(tmp_path, "missing_units: charge", "missing_units: ignore")
    with pytest.raises(
        RulesError,
        match=r"responsible_scorer.missing_units: expected one of charge, error, "
        r"got 'ignore'",
    ):
        registry.load_path(path)


def test_festa_penalty_must_net_zero(tmp_path):
    path = variant(tmp_path, "      others: 75\n", "      others: 70\n")
    with pytest.raises(RulesError, match="penalties.renuncia.festa adds up to -15 for the table"):
        registry.load_path(path)


def test_malformed_yaml_in_rule_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("game: king\nnegative_hands: [\n", encoding="utf-8")
    with pytest.raises(RulesError, match=r"bad.yaml:3: malformed YAML"):
        registry.load_path(str(path))


def test_house_variant_changes_numbers(tmp_path):
    # A club that plays queens at 60 (and so a phase of -1340 and festas adding up to match).
    path = variant(
        tmp_path, "    unit: 50\n    units: 4\n    total: 200\n", "    unit: 60\n    units: 4\n    total: 240\n"
    )
    with pytest.raises(RulesError, match="negative_phase_total is -1300, but the negative hands add up to -1340"):
        registry.load_path(path)
