"""Truco's hand on the score pad's one screen (truco.pad_form): the fields it declares, the entry
its values make, each refusal by field, the mão de onze offered as the decision it is when one
team has 11 (and not otherwise), and a match recorded through core.pad_entry on a new sheet,
scored game by game to 12."""

from __future__ import annotations

import pytest
import yaml
from conftest import new_team_sheet

from scorekeeper import games
from scorekeeper.core import pad_entry
from scorekeeper.core import pad_tables as tables
from scorekeeper.output.refusal import reasons_words
from scorekeeper.sheet.entry_form import CHOICE, FormRefused
from scorekeeper.sheet.load import load_sheet
from scorekeeper.truco.pad_form import scores

TRUCO = games.get("truco")
PLAYED_ONLY = ("played", "void:misdeal", "olhar-baralho")  # the hand's buttons when nobody stands alone at 11
AT_ELEVEN = ("played", "declined", "void:misdeal", "olhar-baralho", "truco-na-mao-de-onze")


# The match recorded from the screen below, hand by hand, worked out by hand: its browser twin
# (test_serve_browser_games) plays it in Chromium and checks the same sheet.
TRUCO_HANDS = [
    {"winner": "Nos", "value": 3},
    {"winner": "Nos", "value": 3},
    {"winner": "Nos", "value": 3},
    {"winner": "Eles"},
    {"winner": "Nos"},
    {"winner": "Nos"},
    {"mao_de_onze": "declined", "team": "Nos"},
    {"winner": "Eles"},
    {"winner": "Nos"},
    {"winner": "Eles", "value": 12},
    {"void": "misdeal"},
    {"penalty": "olhar-baralho", "team": "Eles"},
    {"winner": "Nos", "value": 9},
    {"winner": "Eles", "value": 6},
    {"winner": "Eles", "value": 3},
    {"winner": "Eles"},
    {"winner": "Nos"},
    {"mao_de_onze": "declined", "team": "Nos"},
    {"winner": "Nos"},
]


@pytest.fixture
def path(tmp_path):
    return new_team_sheet(tmp_path, "truco")


@pytest.fixture
def table(path):
    return tables.list_tables(str(path)).tables[0]


def with_hands(path, hands):
    """The sheet at `path` holding `hands` (written as `record` writes them)."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["hands"] = hands
    path.write_text(yaml.safe_dump(doc, sort_keys=False, default_flow_style=None), encoding="utf-8")
    return load_sheet(str(path))


NOS_AT_11 = [{"winner": "Eles"}, *[{"winner": "Nos", "value": 3}] * 3, {"winner": "Nos"}, {"winner": "Nos"}]  # 11-1
# 9-0, 9-9, 10-9, 10-10, 11-10, and Nos at 11 declines: 11-11.
BOTH_AT_11 = [
    *[{"winner": "Nos", "value": 3}] * 3,
    {"winner": "Eles", "value": 9},
    {"winner": "Nos"},
    {"winner": "Eles"},
    {"winner": "Nos"},
    {"mao_de_onze": "declined", "team": "Nos"},
]


def refusals(sheet, values):
    with pytest.raises(FormRefused) as refused:
        TRUCO.entry_from_pad(sheet, values)
    return reasons_words(refused.value.reasons)


def hands(table):
    return yaml.safe_load(open(table.path, encoding="utf-8"))["hands"]


def test_the_screen_opens_on_a_played_hand_of_value_1(path):
    form = TRUCO.pad_form(load_sheet(str(path)))
    assert form.title == "Hand 1"
    assert [(f.name, f.kind, f.value, f.when) for f in form.fields] == [
        ("hand", CHOICE, "played", ()),
        ("winner", CHOICE, "", (("hand", ("played",)),)),
        ("value", CHOICE, "1", (("hand", ("played",)),)),
        ("at-fault", CHOICE, "", (("hand", ("olhar-baralho",)),)),
    ]
    assert [(c.value, c.label) for c in form.get("hand").choices] == [
        ("played", "Played"),
        ("void:misdeal", "Baralho mal dado"),
        ("olhar-baralho", "Olhar o baralho"),
    ]
    assert form.get("hand").label == "Hand"
    assert [c.value for c in form.get("winner").choices] == ["Nos", "Eles"]
    assert [c.label for c in form.get("value").choices] == ["1", "3", "6", "9", "12"]  # Art 13
    assert [c.value for c in form.get("at-fault").choices] == ["Nos", "Eles"]


@pytest.mark.parametrize(
    "values, made",
    [
        ({"winner": "Nos"}, {"winner": "Nos"}),  # the opening value 1, written as `record Nos` writes it
        ({"hand": "played", "winner": "Eles", "value": "1"}, {"winner": "Eles"}),
        ({"winner": "Eles", "value": "6"}, {"winner": "Eles", "value": 6}),
        ({"winner": " Nos ", "value": "12"}, {"winner": "Nos", "value": 12}),
        ({"hand": "void:misdeal", "winner": "x", "value": "2"}, {"void": "misdeal"}),  # Art 7
        ({"hand": "olhar-baralho", "at-fault": "Nos"}, {"penalty": "olhar-baralho", "team": "Nos"}),  # Art 6
    ],
)
def test_the_values_make_the_entry_record_writes(path, values, made):
    """Fields that do not apply are not read (a winner beside a misdeal)."""
    assert TRUCO.entry_from_pad(load_sheet(str(path)), values) == made


@pytest.mark.parametrize(
    "values, refused",
    [
        ({}, {"winner": "Winner: required"}),
        ({"winner": "Ana"}, {"winner": "Winner: choose one of the buttons"}),  # a player, not a team
        ({"winner": "Nos", "value": ""}, {"value": "Value: required"}),
        ({"winner": "Nos", "value": "2"}, {"value": "Value: choose one of the buttons"}),
        ({"winner": "Nos", "value": "13"}, {"value": "Value: choose one of the buttons"}),
        ({"value": "x"}, {"winner": "Winner: required", "value": "Value: choose one of the buttons"}),
        ({"hand": ""}, {"hand": "Hand: required"}),
        ({"hand": "declined"}, {"hand": "Hand: choose one of the buttons"}),  # nobody is at 11
        ({"hand": "truco-na-mao-de-onze"}, {"hand": "Hand: choose one of the buttons"}),
        ({"hand": "void:outra"}, {"hand": "Hand: choose one of the buttons"}),
        ({"hand": "olhar-baralho"}, {"at-fault": "Team at fault: required"}),
        ({"hand": "olhar-baralho", "at-fault": "Duarte"}, {"at-fault": "Team at fault: choose one of the buttons"}),
    ],
)
def test_each_field_is_refused_beside_itself(path, values, refused):
    assert refusals(load_sheet(str(path)), values) == refused


def test_one_team_at_11_opens_the_screen_on_the_mao_de_onze(path):
    sheet = with_hands(path, NOS_AT_11)
    assert scores(sheet) == {"Nos": 11, "Eles": 1}
    form = TRUCO.pad_form(sheet)
    assert form.title == "Hand 7"
    hand = form.get("hand")
    assert (hand.label, hand.value, hand.required) == ("Mão de onze: Nos has 11", "", True)  # the scorer decides
    assert [c.value for c in hand.choices] == list(AT_ELEVEN)
    assert [c.label for c in hand.choices] == [
        "Played",
        "Declined",
        "Baralho mal dado",
        "Olhar o baralho",
        "Truco na mão de onze",
    ]
    assert hand.hint == (
        "Nos decides whether to play the hand: declined, Eles scores 1; played and lost, Eles scores 3 "
        "(Art 17). Nos may not raise: if it does, Eles scores 3 (Art 16)."
    )
    assert [f.name for f in form.fields] == ["hand", "winner", "at-fault"]  # no value: Art 17 sets it
    assert form.get("winner").hint == "Nos wins the game with this hand; Eles scores 3 if it wins (Art 17)."
    made = {
        "declined": {"mao_de_onze": "declined", "team": "Nos"},
        "truco-na-mao-de-onze": {"penalty": "truco-na-mao-de-onze", "team": "Nos"},  # Art 16: the team at 11
        "void:misdeal": {"void": "misdeal"},
    }
    for choice, entry in made.items():
        assert TRUCO.entry_from_pad(sheet, {"hand": choice, "winner": "Eles"}) == entry
    assert TRUCO.entry_from_pad(sheet, {"hand": "played", "winner": "Eles", "value": "3"}) == {"winner": "Eles"}
    assert refusals(sheet, {}) == {"hand": "Mão de onze: Nos has 11: required"}
    assert refusals(sheet, {"winner": "Nos"}) == {"hand": "Mão de onze: Nos has 11: required"}
    assert refusals(sheet, {"hand": "played"}) == {"winner": "Winner: required"}


def test_the_other_team_at_11_is_the_one_deciding(path):
    sheet = with_hands(path, [{"winner": "Eles", "value": 9}, {"winner": "Eles"}, {"winner": "Eles"}])
    assert scores(sheet) == {"Nos": 0, "Eles": 11}
    form = TRUCO.pad_form(sheet)
    assert form.get("hand").label == "Mão de onze: Eles has 11"
    assert TRUCO.entry_from_pad(sheet, {"hand": "declined"}) == {"mao_de_onze": "declined", "team": "Eles"}


def test_both_teams_at_11_play_a_blind_hand_of_1_and_no_decision(path):
    sheet = with_hands(path, BOTH_AT_11)
    assert scores(sheet) == {"Nos": 11, "Eles": 11}
    form = TRUCO.pad_form(sheet)
    assert form.get("hand").value == "played"
    assert [c.value for c in form.get("hand").choices] == list(PLAYED_ONLY)
    assert [f.name for f in form.fields] == ["hand", "winner", "at-fault"]  # Art 18: worth 1
    assert form.get("winner").hint == "Both teams at 11: the hand is worth 1, played blind (Art 18)."
    assert TRUCO.entry_from_pad(sheet, {"winner": "Eles", "value": "12"}) == {"winner": "Eles"}
    assert refusals(sheet, {"hand": "declined"}) == {"hand": "Hand: choose one of the buttons"}


def test_10_or_a_game_won_at_11_is_no_mao_de_onze(path):
    sheet = with_hands(path, NOS_AT_11[:5])
    assert scores(sheet) == {"Nos": 10, "Eles": 1}
    assert [c.value for c in TRUCO.pad_form(sheet).get("hand").choices] == list(PLAYED_ONLY)
    sheet = with_hands(path, [*NOS_AT_11, {"winner": "Nos"}])  # Nos 12: the next game starts at 0-0
    assert scores(sheet) == {"Nos": 0, "Eles": 0}
    form = TRUCO.pad_form(sheet)
    assert (form.get("hand").label, form.get("hand").value) == ("Hand", "played")
    assert form.get("value") is not None


def test_a_finding_of_the_entry_is_shown_beside_its_field(path, table):
    sheet = with_hands(path, NOS_AT_11)
    assert TRUCO.pad_finding_place(sheet, "TR-ART13-VALUE", {}) == "value"
    assert TRUCO.pad_finding_place(sheet, "TR-ART17-LOST-VALUE", {}) == "winner"
    assert TRUCO.pad_finding_place(sheet, "TR-PENALTY-NO-TEAM", {}) == "at-fault"
    assert TRUCO.pad_finding_place(sheet, "TEAM-NOT-AT-TABLE", {"hand": "olhar-baralho"}) == "at-fault"
    assert TRUCO.pad_finding_place(sheet, "TEAM-NOT-AT-TABLE", {"hand": "played"}) == "winner"
    assert TRUCO.pad_finding_place(sheet, "TR-ART14-SCORE-WRONG", {}) is None  # the score is never asked
    checked = pad_entry.check(table, {"hand": "declined"})
    assert (checked.entry, reasons_words(checked.reasons), checked.findings) == (
        {"mao_de_onze": "declined", "team": "Nos"},
        {},
        [],
    )
    assert checked.recordable


def test_a_match_with_a_mao_de_onze_recorded_from_the_screen(table):
    """Worked by hand (Art 13, 14, 6, 7, 16-18; T1-T4), the score Nos-Eles after each hand."""
    screens = [
        # Game 1.
        ({"winner": "Nos", "value": "3"}, "Hand"),  # 3-0
        ({"winner": "Nos", "value": "3"}, "Hand"),  # 6-0
        ({"winner": "Nos", "value": "3"}, "Hand"),  # 9-0
        ({"winner": "Eles"}, "Hand"),  # 9-1
        ({"winner": "Nos"}, "Hand"),  # 10-1
        ({"winner": "Nos"}, "Hand"),  # 11-1
        ({"hand": "declined"}, "Mão de onze: Nos has 11"),  # Eles +1: 11-2
        ({"hand": "played", "winner": "Eles"}, "Mão de onze: Nos has 11"),  # lost: Eles +3, 11-5
        ({"hand": "played", "winner": "Nos"}, "Mão de onze: Nos has 11"),  # 12-5: Nos's game
        # Game 2.
        ({"winner": "Eles", "value": "12"}, "Hand"),  # 0-12: Eles's game
        # Game 3.
        ({"hand": "void:misdeal"}, "Hand"),  # Art 7: nothing
        ({"hand": "olhar-baralho", "at-fault": "Eles"}, "Hand"),  # Art 6: Nos +1, 1-0
        ({"winner": "Nos", "value": "9"}, "Hand"),  # 10-0
        ({"winner": "Eles", "value": "6"}, "Hand"),  # 10-6
        ({"winner": "Eles", "value": "3"}, "Hand"),  # 10-9
        ({"winner": "Eles"}, "Hand"),  # 10-10
        ({"winner": "Nos"}, "Hand"),  # 11-10
        ({"hand": "declined"}, "Mão de onze: Nos has 11"),  # Eles +1: 11-11
        ({"winner": "Nos"}, "Hand"),  # both at 11 (Art 18): worth 1, 12-11: Nos's game and the match
    ]
    for count, (values, label) in enumerate(screens):
        form = pad_entry.screen(table).form
        assert (form.title, form.get("hand").label) == (f"Hand {count + 1}", label)
        if count == 7:  # one refusal, corrected: nothing saved, and the corrected values record the hand
            with pytest.raises(FormRefused) as refused:
                pad_entry.record(table, {"hand": "played"}, count)
            assert reasons_words(refused.value.reasons) == {"winner": "Winner: required"}
            assert len(hands(table)) == count
        pad_entry.record(table, values, count)
    assert hands(table) == TRUCO_HANDS
    screen = pad_entry.screen(table)
    result = screen.result
    assert screen.form is None  # the match is won: no next hand
    assert result.complete and result.findings == []
    assert [state["score"] for state in result.extra["running"]] == [
        {"Nos": n, "Eles": e}
        for n, e in [
            (3, 0),
            (6, 0),
            (9, 0),
            (9, 1),
            (10, 1),
            (11, 1),
            (11, 2),
            (11, 5),
            (12, 5),
            (0, 12),
            (0, 0),
            (1, 0),
            (10, 0),
            (10, 6),
            (10, 9),
            (10, 10),
            (11, 10),
            (11, 11),
            (12, 11),
        ]
    ]
    assert result.extra["games"] == [
        {"winner": "Nos", "score": {"Nos": 12, "Eles": 5}, "ended_at_hand": 9},
        {"winner": "Eles", "score": {"Nos": 0, "Eles": 12}, "ended_at_hand": 10},
        {"winner": "Nos", "score": {"Nos": 12, "Eles": 11}, "ended_at_hand": 19},
    ]
    assert result.extra["winner"] == "Nos"
    assert result.totals == {"Nos": 2, "Eles": 1}  # games won


def test_entry_words_are_the_regulations(path):
    rules = load_sheet(str(path)).rules
    kinds = ("hand", "void", "mao de onze", "olhar-baralho", "truco-na-mao-de-onze", "outra")
    assert [TRUCO.entry_words(rules, kind) for kind in kinds] == [
        "Hand",
        "Baralho mal dado",
        "Mão de onze",
        "Olhar o baralho",
        "Truco na mão de onze",
        "outra",  # a word Truco does not know, as the sheet writes it
    ]


def test_the_page_says_the_tentos_of_the_game_being_played(tmp_path):
    """The FURB example after five hands: Nos 3, Eles 1, Nos 6, Eles 3, Nos 1 -> 10 to 4 (Art 13)."""
    import pathlib

    from scorekeeper.sheet.load import score

    text = (pathlib.Path(__file__).resolve().parents[2] / "examples" / "truco-furb-partida1.yaml").read_text()
    head, _sep, hands = text.partition("hands:\n")
    (tmp_path / "cut.yaml").write_text(head + "hands:\n" + "".join(hands.splitlines(keepends=True)[:5]))
    (tmp_path / "whole.yaml").write_text(text)
    assert TRUCO.in_play_words(score(load_sheet(str(tmp_path / "cut.yaml")))) == "This game: Nos 10, Eles 4"
    assert TRUCO.in_play_words(score(load_sheet(str(tmp_path / "whole.yaml")))) is None  # the match is over
