"""Quatrilho's entry on the score pad's one screen (quatrilho/pad_form.py): the screen a sheet
opens on, the entry its values make (compared with examples/quatrilho-cbqi-mesa7.yaml's deals,
typed there by hand), each refusal beside its field, the findings placed beside theirs, and an
entry recorded from the values with its chips worked out by hand from the rules."""

import pytest
from conftest import EXAMPLES

from scorekeeper import games
from scorekeeper.core import pad_entry
from scorekeeper.core import pad_tables as tables
from scorekeeper.output.refusal import reasons_words
from scorekeeper.sheet.entry_form import CHOICE, NUMBER, PLAYERS, TEXT, FormRefused, applies
from scorekeeper.sheet.load import load_sheet

GAME = games.get("quatrilho")
MESA7 = (EXAMPLES / "quatrilho-cbqi-mesa7.yaml").read_text(encoding="utf-8").splitlines()
HEADER = MESA7[: MESA7.index("deals:") + 1]
ENTRIES = [line for line in MESA7 if line.startswith("  - {")]


def mesa7_after(tmp_path, count: int):
    """Table 7's sheet with its first `count` entries (its header as the example writes it)."""
    path = tmp_path / "mesa7.yaml"
    path.write_text("\n".join(HEADER + ENTRIES[:count]) + "\n", encoding="utf-8")
    return load_sheet(str(path))


def example_entry(tmp_path, count: int) -> dict:
    """Entry `count + 1` of the example, as its sheet reads it."""
    return dict(mesa7_after(tmp_path, count + 1).entries[count].item)


def plain(entry) -> dict:
    """An entry as plain data (the sheet reads mappings and lists with their lines)."""
    if isinstance(entry, dict):
        return {key: plain(value) for key, value in entry.items()}
    if isinstance(entry, list):
        return [plain(value) for value in entry]
    return entry


# --- the screen a sheet opens on -------------------------------------------------------------------


def test_the_first_deal_opens_on_a_jogo_normal_among_the_four_who_play_it(tmp_path):
    sheet = mesa7_after(tmp_path, 1)  # Eva late, Zeca in her seat; Ari deals deal 1
    form = GAME.pad_form(sheet)
    assert form.title == "Deal 1"
    entry = form.get("entry")
    assert (entry.kind, entry.value, [(c.value, c.label) for c in entry.choices]) == (
        CHOICE,
        "deal",
        [
            ("deal", "A deal"),
            ("fine", "A fine that ended the deal"),
            ("late", "Late arrival"),
            ("out", "Leaves the table"),
            ("rebuy", "Talha"),
        ],
    )
    assert entry.hint == "Ari deals this deal and sits out: he is not offered (Art 14)."
    contract = form.get("contract")
    assert (contract.value, [(c.value, c.label) for c in contract.choices]) == (
        "normal",
        [
            ("normal", "Jogo normal"),
            ("solo-natural", "Solo natural"),
            ("solo-preto", "Solo preto"),
            ("solo-branco", "Solo branco"),
            ("rolar", "Rolar"),
        ],
    )
    # the dealer sits out at a table of five (Art 14): every player field offers the other four
    for name in ("caller", "partner", "player", "giver", "fined", "fine-olhar-vazas", "fine-negar-carta"):
        assert [c.value for c in form.get(name).choices] == ["Bia", "Caio", "Davi", "Zeca"], name
    assert [c.value for c in form.get("rebuy").choices] == ["Ari", "Bia", "Caio", "Davi"]  # Eva is out (Art 12)
    assert [(f.name, f.kind, f.low, f.high, f.taps) for f in form.fields if f.name in ("figuras", "tricks")] == [
        ("figuras", NUMBER, 0, 35, False),  # 36 values: a number pad
        ("tricks", NUMBER, 0, 10, True),  # 11: a row of tap targets
    ]
    assert [f.label for f in form.fields if f.group == "rolar"] == ["Bia", "Caio", "Davi", "Zeca"]
    assert [(f.kind, f.label) for f in form.fields if f.group == "fines"] == [
        (PLAYERS, "Olhar vazas"),
        (PLAYERS, "Fora de vez"),
        (PLAYERS, "Negar carta"),
    ]
    assert [c.label for c in form.get("fine").choices] == ["Bater", "Sinal", "Fora de vez", "Negar carta"]
    coringa = form.get("coringa")
    assert (coringa.kind, [c.value for c in coringa.choices]) == (TEXT, ["Zeca"])  # the coringa named before


def test_what_applies_follows_the_contract(tmp_path):
    form = GAME.pad_form(mesa7_after(tmp_path, 1))

    def shown(values):
        return [f.name for f in form.fields if applies(form, f, values) and not f.group]

    assert shown({}) == ["entry", "contract", "caller", "partner", "figuras", "tricks"]
    assert shown({"contract": "solo-preto"}) == ["entry", "contract", "player", "giver", "figuras", "tricks"]
    assert shown({"contract": "solo-branco"}) == ["entry", "contract", "player", "tricks"]
    assert shown({"contract": "rolar"}) == ["entry", "contract"]
    assert shown({"entry": "fine"}) == ["entry", "fine", "fined"]
    assert shown({"entry": "late"}) == ["entry", "late", "coringa"]
    assert shown({"entry": "rebuy"}) == ["entry", "rebuy"]
    fines = [f.name for f in form.fields if f.group == "fines" and applies(form, f, {"contract": "normal"})]
    assert fines == ["fine-olhar-vazas"]  # in a jogo normal only looking at the tricks goes on (Q9)


def test_at_a_table_of_four_the_dealer_plays_and_is_offered(tmp_path):
    path = tmp_path / "mesa.yaml"
    path.write_text("rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi]\ndeals: []\n", encoding="utf-8")
    form = GAME.pad_form(load_sheet(str(path)))
    assert [c.value for c in form.get("caller").choices] == ["Ari", "Bia", "Caio", "Davi"]
    assert form.get("entry").hint == "Ari deals this deal and plays it (Art 14)."


def test_a_player_below_zero_opens_the_screen_on_his_talha_then_on_his_leaving(tmp_path):
    form = GAME.pad_form(mesa7_after(tmp_path, 6))  # Ari at -33 after deal 5 (Art 15)
    assert (form.get("entry").value, form.get("rebuy").value) == ("rebuy", "Ari")
    assert GAME.entry_from_pad(mesa7_after(tmp_path, 6), {}) == {"rebuy": "Ari"}  # one tap: Record
    below = tmp_path / "below.yaml"
    below.write_text(
        "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi]\ndeals:\n"
        "  - {contract: solo-natural, player: Ari, figuras: 0, tricks: 0}\n"  # Ari pays 66 to each: -98
        "  - {rebuy: Ari}\n"  # +100: 2
        "  - {contract: normal, caller: Ari, partner: Bia, figuras: 0, tricks: 0}\n",  # 22 to each: -64
        encoding="utf-8",
    )
    form = GAME.pad_form(load_sheet(str(below)))
    assert (form.get("entry").value, form.get("out").value) == ("out", "Ari")  # one talha a round (Art 19)


# --- the entry the values make: the example's, typed on the screen ---------------------------------------


@pytest.mark.parametrize(
    "count, values",
    [
        (0, {"entry": "late", "late": "Eva", "coringa": "Zeca"}),
        (1, {"caller": "Bia", "partner": "Davi", "figuras": "22"}),  # deal 1 (the example's second entry)
        (2, {"caller": "Caio", "partner": "Caio", "figuras": "20"}),
        (3, {"caller": "Davi", "partner": "Zeca", "figuras": "35", "tricks": "10"}),
        (4, {"contract": "solo-natural", "player": "Zeca", "figuras": "19", "tricks": "6"}),
        (5, {"contract": "solo-preto", "player": "Ari", "giver": "Bia", "figuras": "12", "tricks": "4"}),
        (6, {"entry": "rebuy", "rebuy": "Ari"}),
        (7, {"contract": "solo-branco", "player": "Bia", "tricks": "0"}),
        (8, {"contract": "rolar", "figuras-0": "6", "figuras-1": "6", "figuras-2": "6", "figuras-3": "17"}),
        (9, {"entry": "fine", "fine": "negar-carta", "fined": "Bia"}),
        (10, {"caller": "Ari", "partner": "Bia", "figuras": "19", "fine-olhar-vazas": "Zeca"}),
        (19, {"contract": "solo-natural", "player": "Bia", "figuras": "15", "fine-fora-de-vez": "Davi"}),
        (20, {"entry": "rebuy"}),  # Bia at -79: the screen opens on her talha
        (24, {"contract": "solo-preto", "player": "Davi", "giver": "Davi", "figuras": "25"}),
        (28, {"contract": "solo-natural", "player": "Zeca", "fine-negar-carta": "Zeca"}),  # no figuras (Art 20.12)
        (29, {"caller": "Caio", "partner": "Davi", "figuras": "0", "tricks": "0"}),
        (30, {"contract": "solo-branco", "player": "Ari", "tricks": "1"}),
    ],
)
def test_the_values_make_the_example_s_entry(tmp_path, count, values):
    made = GAME.entry_from_pad(mesa7_after(tmp_path, count), values)
    assert made == plain(example_entry(tmp_path, count))
    assert list(made) == list(example_entry(tmp_path, count))  # in the order the sheet writes its keys


def test_deal_2_of_the_example_exactly(tmp_path):
    assert GAME.entry_from_pad(mesa7_after(tmp_path, 1), {"caller": "Bia", "partner": "Davi", "figuras": "22"}) == {
        "contract": "normal",
        "caller": "Bia",
        "partner": "Davi",
        "figuras": 22,
    }


def test_fines_the_deal_went_on_after_in_seat_order_and_a_tie_s_chips(tmp_path):
    sheet = mesa7_after(tmp_path, 1)  # Bia, Caio, Davi, Zeca play
    assert GAME.entry_from_pad(
        sheet,
        {
            "contract": "solo-preto",
            "player": "Caio",
            "giver": "Bia",
            "figuras": "20",
            "fine-olhar-vazas": "Zeca,Bia",
            "fine-negar-carta": "Davi",
            "fine-fora-de-vez": "",
        },
    ) == {
        "contract": "solo-preto",
        "player": "Caio",
        "giver": "Bia",
        "figuras": 20,
        "fines": [
            {"fine": "olhar-vazas", "player": "Bia"},
            {"fine": "olhar-vazas", "player": "Zeca"},
            {"fine": "negar-carta", "player": "Davi"},
        ],
    }
    assert GAME.entry_from_pad(
        sheet,
        {
            "contract": "rolar",
            **{f"figuras-{i}": n for i, n in enumerate(("12", "9", "9", "5"))},
            "chips-0": "-10",
            "chips-1": "-10",
            "chips-3": "20",
        },
    ) == {
        "contract": "rolar",
        "figuras": {"Bia": 12, "Caio": 9, "Davi": 9, "Zeca": 5},
        "chips": {"Bia": -10, "Caio": -10, "Davi": 0, "Zeca": 20},
    }


def test_a_new_coringa_is_typed_and_a_known_one_is_matched(tmp_path):
    sheet = mesa7_after(tmp_path, 0)
    assert GAME.entry_from_pad(sheet, {"entry": "out", "out": "Caio", "coringa": " Rui "}) == {
        "out": "Caio",
        "coringa": "Rui",
    }
    sheet = mesa7_after(tmp_path, 1)
    assert GAME.entry_from_pad(sheet, {"entry": "out", "out": "Caio", "coringa": "zeca"}) == {
        "out": "Caio",
        "coringa": "Zeca",  # as the sheet writes him
    }
    assert GAME.entry_from_pad(sheet, {"entry": "out", "out": "Caio", "coringa": ""}) == {"out": "Caio"}


# --- every refusal, beside its field ------------------------------------------------------------------


@pytest.mark.parametrize(
    "count, values, refusals",
    [
        (1, {"entry": "nothing"}, {"entry": "What happened: choose one of the buttons"}),
        (1, {"contract": "jogo-normal"}, {"contract": "Contract: choose one of the buttons"}),
        (
            1,
            {"caller": "Ari", "figuras": "22"},  # Ari deals deal 1 and sits out (Art 14)
            {"caller": "Caller: choose one of the buttons", "partner": "Partner: who held the called card: required"},
        ),
        (1, {"caller": "Bia", "partner": "Davi"}, {"figuras": "Figuras: required"}),
        (
            1,
            {"caller": "Bia", "partner": "Davi", "figuras": "36"},
            {"figuras": "Figuras: 36 is out of range (0 to 35)"},
        ),
        (1, {"caller": "Bia", "partner": "Davi", "figuras": "2x"}, {"figuras": "Figuras: '2x' is not a whole number"}),
        (
            1,
            {"caller": "Bia", "partner": "Davi", "figuras": "35", "tricks": "11"},
            {"tricks": "Tricks: 11 is out of range (0 to 10)"},
        ),
        (1, {"contract": "solo-natural", "figuras": "20"}, {"player": "Soloist: required"}),
        (
            1,
            {"contract": "solo-preto", "player": "Bia", "figuras": "20"},
            {"giver": "Giver of the card asked for: required"},
        ),
        (1, {"contract": "solo-branco", "player": "Bia"}, {"tricks": "Tricks: required"}),
        (
            1,
            {"contract": "rolar", "figuras-0": "6", "figuras-1": "-1", "figuras-2": "6"},
            {"figuras-1": "Caio: -1 is out of range (0 to 35)", "figuras-3": "Zeca: required"},
        ),
        (
            1,
            {"contract": "rolar", **{f"figuras-{i}": "7" for i in range(3)}, "figuras-3": "14", "chips-2": "x"},
            {"chips-2": "Davi: 'x' is not a whole number"},
        ),
        (
            1,
            {"caller": "Bia", "partner": "Davi", "figuras": "22", "fine-olhar-vazas": "Ari"},
            {"fine-olhar-vazas": "Olhar vazas: choose one of the buttons"},
        ),
        (
            1,
            {"caller": "Bia", "partner": "Davi", "figuras": "22", "fine-olhar-vazas": "Zeca,Zeca"},
            {"fine-olhar-vazas": "Olhar vazas: choose one of the buttons"},
        ),
        (1, {"entry": "fine"}, {"fine": "Fine: required", "fined": "Player fined: required"}),
        (
            1,
            {"entry": "fine", "fine": "olhar-vazas", "fined": "Bia"},  # it does not end the deal (Art 20.15)
            {"fine": "Fine: choose one of the buttons"},
        ),
        (1, {"entry": "rebuy", "rebuy": "Eva"}, {"rebuy": "Player buying the talha: choose one of the buttons"}),
        (0, {"entry": "late"}, {"late": "Late player: required"}),
        (
            0,
            {"entry": "late", "late": "Eva", "coringa": "Z" * 81},
            {"coringa": f"coringa: '{'Z' * 80}'... (81 characters) is longer than a name (80 characters)"},
        ),
        (
            0,
            {"entry": "out", "out": "Eva", "coringa": "Ze\u202eca"},
            {"coringa": "coringa: the name 'Ze\\u202eca' holds an invisible direction mark"},
        ),
    ],
)
def test_each_refusal_is_beside_its_field(tmp_path, count, values, refusals):
    with pytest.raises(FormRefused) as refused:
        GAME.entry_from_pad(mesa7_after(tmp_path, count), values)
    assert reasons_words(refused.value.reasons) == refusals


def test_a_field_that_does_not_apply_is_not_read(tmp_path):
    sheet = mesa7_after(tmp_path, 1)
    values = {"caller": "Bia", "partner": "Davi", "figuras": "22", "player": "nobody", "figuras-0": "x", "late": "?"}
    assert GAME.entry_from_pad(sheet, values) == {
        "contract": "normal",
        "caller": "Bia",
        "partner": "Davi",
        "figuras": 22,
    }


# --- the check and the record, through the pad's core ---------------------------------------------------


def new_table(tmp_path, players="[Ari, Bia, Caio, Davi, Eva]") -> tables.Table:
    path = tmp_path / "mesa7.yaml"
    path.write_text(f"rules: quatrilho\nround: 1\ntable: 7\nplayers: {players}\ndeals: []\n", encoding="utf-8")
    return tables.Table("mesa7", str(path), "mesa7.yaml")


def test_the_check_places_each_finding_beside_its_field(tmp_path):
    table = new_table(tmp_path)
    checked = pad_entry.check(table, {"caller": "Bia", "partner": "Davi", "figuras": "0", "tricks": "5"})
    assert [(place, f.code) for place, f in checked.findings] == [("tricks", "Q-ART20-TRICKS-FIGURAS")]
    assert not checked.recordable
    tie = {"contract": "rolar", "figuras-0": "12", "figuras-1": "9", "figuras-2": "9", "figuras-3": "5"}
    checked = pad_entry.check(table, tie)
    assert [(place, f.code) for place, f in checked.findings] == [("rolar-chips", "Q-ART18-ROLAR-TIE")]
    checked = pad_entry.check(table, {**tie, "chips-0": "-10", "chips-1": "-10", "chips-3": "20"})
    assert [(place, f.code) for place, f in checked.findings] == [("rolar-chips", "Q-ART18-ROLAR-TIE-WRITTEN")]
    assert checked.recordable  # a warning is recorded with the entry
    checked = pad_entry.check(table, {"entry": "rebuy", "rebuy": "Caio"})
    assert [(place, f.code) for place, f in checked.findings] == [("rebuy", "Q-ART15-TALHA-NOT-NEEDED")]
    checked = pad_entry.check(table, {"entry": "late", "late": "Eva", "coringa": "Ari"})
    assert [(place, f.code) for place, f in checked.findings] == [("coringa", "Q-ART15-CORINGA-SEATED")]
    checked = pad_entry.check(table, {"caller": "Bia"})
    assert (checked.entry, reasons_words(checked.reasons)) == (
        None,
        {"partner": "Partner: who held the called card: required", "figuras": "Figuras: required"},
    )
    assert "deals: []\n" in (tmp_path / "mesa7.yaml").read_text()  # nothing saved


def test_two_deals_recorded_from_the_screen_score_as_the_rules_say(tmp_path):
    table = new_table(tmp_path)
    pad_entry.record(table, {"caller": "Bia", "partner": "Davi", "figuras": "22"}, 0)
    # Deal 1, Ari deals and sits out: 22 figuras are 7 points, 6 or more win (Art 18.2, Q4):
    # Bia and Davi each receive 7 from each of Caio and Eva.
    values = {
        "contract": "solo-preto",
        "player": "Caio",
        "giver": "Davi",
        "figuras": "20",
        "fine-olhar-vazas": "Eva",
    }
    pad_entry.record(table, values, 1)
    # Deal 2, Bia deals and sits out: 20 figuras are 6 points, Caio wins v = 10 + 6 = 16 from
    # each of Ari, Davi and Eva (+48), and Davi, who gave the card, pays 10 less (Art 18.3, Q6):
    # Caio +38, Ari -16, Davi -6, Eva -16; Eva looked at the tricks: 6 to each of Ari, Caio and
    # Davi (Art 20.15, Q9): Ari -10, Caio +44, Davi 0, Eva -34.
    assert (tmp_path / "mesa7.yaml").read_text(encoding="utf-8").splitlines()[-3:] == [
        "deals:",
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22}",
        "  - {contract: solo-preto, player: Caio, giver: Davi, figuras: 20, fines: [{fine: olhar-vazas, player: Eva}]}",
    ]
    _sheet, result = tables.load(table)
    assert [hand.points for hand in result.hands] == [
        {"Bia": 7, "Caio": -7, "Davi": 7, "Eva": -7},  # the four who played
        {"Ari": -10, "Caio": 44, "Davi": 0, "Eva": -34},
    ]
    assert result.extra["chips"] == {"Ari": 90, "Bia": 107, "Caio": 137, "Davi": 107, "Eva": 59}
    assert result.totals == {"Ari": -10, "Bia": 7, "Caio": 37, "Davi": 7, "Eva": -41}
    assert [f.code for f in result.findings] == []
    assert GAME.pad_form(_sheet).title == "Deal 3"


def test_a_late_arrival_and_a_talha_recorded_from_the_screen(tmp_path):
    table = new_table(tmp_path)
    pad_entry.record(table, {"entry": "late", "late": "Eva", "coringa": "Zeca"}, 0)
    pad_entry.record(table, {"contract": "solo-natural", "player": "Bia", "figuras": "10", "tricks": "3"}, 1)
    # Eva -200 (Art 12); deal 1, Ari deals and sits out: Bia's 3 points lose the solo natural,
    # 44 to each of Caio, Davi and Zeca (Art 18.1, Q5): Bia at 100 - 132 = -32.
    form = GAME.pad_form(tables.load(table)[0])
    assert (form.get("entry").value, form.get("rebuy").value) == ("rebuy", "Bia")
    pad_entry.record(table, {}, 2)  # the screen as it opened: Bia's talha (Art 15, 19)
    _sheet, result = tables.load(table)
    assert [hand.hand for hand in result.hands] == ["late", "solo-natural", "rebuy"]
    assert result.extra["chips"] == {"Ari": 100, "Bia": 68, "Caio": 144, "Davi": 144, "Eva": -100}
    assert result.totals == {"Ari": 0, "Bia": -132, "Caio": 44, "Davi": 44, "Eva": -200}  # a talha is 100 off the net


# --- words ---------------------------------------------------------------------------------------------


def test_entry_words_are_the_regulation_s(tmp_path):
    rules = mesa7_after(tmp_path, 0).rules
    kinds = ["normal", "solo-natural", "solo-preto", "solo-branco", "rolar", "bater", "sinal", "fora-de-vez"]
    kinds += ["negar-carta", "olhar-vazas", "late", "out", "rebuy"]
    assert [GAME.entry_words(rules, kind) for kind in kinds] == [
        "Jogo normal",
        "Solo natural",
        "Solo preto",
        "Solo branco",
        "Rolar",
        "Bater",
        "Sinal",
        "Fora de vez",
        "Negar carta",
        "Olhar vazas",
        "Late arrival",
        "Leaves the table",
        "Talha",
    ]


@pytest.mark.parametrize(
    "code, values, place",
    [
        ("Q-ART14-NOT-AT-TABLE", {"contract": "normal"}, "caller"),
        ("Q-ART14-DEALER-PLAYS", {"contract": "solo-preto"}, "player"),
        ("Q-PLAYER-OUT", {"entry": "fine"}, "fined"),
        ("Q-NO-SEAT", {"entry": "out"}, "out"),
        ("Q-ART20-FIGURAS-TOTAL", {"contract": "rolar"}, "rolar"),
        ("Q-ART15-BELOW-ZERO", {}, "entry"),
        ("Q-ART20-SOLOIST-OUT-OF-TURN", {}, "fine-fora-de-vez"),
        ("Q-UNFINISHED", {}, None),
    ],
)
def test_finding_places(tmp_path, code, values, place):
    assert GAME.pad_finding_place(mesa7_after(tmp_path, 1), code, values) == place
