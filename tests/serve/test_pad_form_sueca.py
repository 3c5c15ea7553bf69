"""Sueca's deal on the score pad's one screen (sueca.pad_form): the fields it declares, the entry
its values make, each refusal by field, where a finding is shown, and deals recorded through
core.pad_entry on a new sheet, scored to the end of the game (3 mocas of 4 points)."""

from __future__ import annotations

import pathlib

import pytest
import yaml
from conftest import new_team_sheet

from scorekeeper import games
from scorekeeper.core import pad_entry
from scorekeeper.core import pad_tables as tables
from scorekeeper.errors import RefusedChange
from scorekeeper.i18n import in_words
from scorekeeper.output.refusal import reasons_words
from scorekeeper.sheet.entry_form import CHOICE, NUMBER, FormRefused
from scorekeeper.sheet.load import load_sheet

SUECA = games.get("sueca")


# The whole game recorded from the screen below, deal by deal, worked out by hand: its browser
# twin (test_serve_browser_games) plays it in Chromium and checks the same sheet.
SUECA_DEALS = [
    {"points": [72, 48]},
    {"points": [25, 95]},
    {"points": [120, 0], "all_tricks": True},
    {"points": [60, 60]},
    {"penalty": "castigo", "team": "Eles"},
    {"penalty": "castigo", "team": "Eles"},
    {"penalty": "renuncia", "team": "Nos"},
    {"penalty": "ponto", "team": "Eles", "reason": "baralhar"},
    {"points": [91, 29]},
    {"points": [61, 59]},
    {"points": [20, 100]},
    {"points": [120, 0]},
    {"points": [120, 0]},
]


@pytest.fixture
def table(tmp_path):
    return tables.list_tables(str(new_team_sheet(tmp_path, "sueca"))).tables[0]


def sheet_of(table):
    return load_sheet(table.path)


def entry(table, values):
    return SUECA.entry_from_pad(sheet_of(table), values)


def refusals(table, values):
    with pytest.raises(FormRefused) as refused:
        SUECA.entry_from_pad(sheet_of(table), values)
    return reasons_words(refused.value.reasons)


def deals(table):
    return yaml.safe_load(open(table.path, encoding="utf-8"))["deals"]


def test_the_screen_opens_on_card_points_for_the_first_team(table):
    form = SUECA.pad_form(sheet_of(table))
    assert form.title == "Deal 1"
    assert [(f.name, f.kind, f.value) for f in form.fields] == [
        ("deal", CHOICE, "pontos"),
        ("team", CHOICE, "Nos"),
        ("points", NUMBER, ""),
        ("at-fault", CHOICE, ""),
        ("reason", CHOICE, ""),
    ]
    deal = form.get("deal")
    assert [(c.value, c.label) for c in deal.choices] == [
        ("pontos", "Card points"),
        ("todas-as-vazas", "Todas as vazas"),
        ("renuncia", "Renúncia"),
        ("castigo", "Castigo"),
        ("ponto", "Penalização de 1 ponto"),
    ]
    points = form.get("points")
    assert (points.low, points.high, points.taps) == (0, 120, False)  # a number pad, not 121 tap targets
    assert points.hint == "The other team has 120 minus these; 60 is a 60-60 (O jogo 4, Pontuação 3)."
    assert [c.value for c in form.get("team").choices] == ["Nos", "Eles"]
    assert [c.value for c in form.get("at-fault").choices] == ["Nos", "Eles"]
    assert [(c.value, c.label) for c in form.get("reason").choices] == [
        ("baralhar", "Baralhar"),
        ("ver-vazas", "Ver vazas"),
        ("ma-distribuicao", "Má distribuição"),
        ("sinais", "Sinais"),
    ]
    assert form.get("at-fault").hint == (
        "The other team scores 4 for a Renúncia, 1 for a Penalização de 1 ponto, and 1 for every 2 Castigos of a "
        "team (Penalizações)."
    )
    assert form.get("at-fault").when == (("deal", ("renuncia", "castigo", "ponto")),)
    assert form.get("reason").when == (("deal", ("ponto",)),)


@pytest.mark.parametrize(
    "values, made",
    [
        ({"points": "72"}, {"points": [72, 48]}),  # the screen's opening deal and team
        ({"deal": "pontos", "team": "Eles", "points": "72"}, {"points": [48, 72]}),
        ({"points": " 60 "}, {"points": [60, 60]}),  # a 60-60 (Pontuação 3)
        ({"points": "120"}, {"points": [120, 0]}),  # every card point, not every trick: 2 points
        ({"team": "Eles", "points": "0"}, {"points": [120, 0]}),
        ({"deal": "todas-as-vazas", "team": "Eles"}, {"points": [0, 120], "all_tricks": True}),
        ({"deal": "todas-as-vazas"}, {"points": [120, 0], "all_tricks": True}),
        ({"deal": "renuncia", "at-fault": "Eles"}, {"penalty": "renuncia", "team": "Eles"}),
        ({"deal": "castigo", "at-fault": "Nos", "points": "abc"}, {"penalty": "castigo", "team": "Nos"}),
        (
            {"deal": "ponto", "at-fault": "Eles", "reason": "ver-vazas", "team": "x"},
            {"penalty": "ponto", "team": "Eles", "reason": "ver-vazas"},
        ),
        ({"deal": "pontos", "points": "95", "at-fault": "Ana", "reason": "?"}, {"points": [95, 25]}),
    ],
)
def test_the_values_make_the_entry_record_writes(table, values, made):
    """Fields that do not apply are not read (a penalty's team beside card points)."""
    assert entry(table, values) == made


@pytest.mark.parametrize(
    "values, refused",
    [
        ({}, {"points": "Card points: required"}),
        ({"points": ""}, {"points": "Card points: required"}),
        ({"points": "121"}, {"points": "Card points: 121 is out of range (0 to 120)"}),
        ({"points": "-1"}, {"points": "Card points: -1 is out of range (0 to 120)"}),
        ({"points": "7x"}, {"points": "Card points: '7x' is not a whole number"}),
        ({"deal": "", "points": "72"}, {"deal": "Deal: required"}),
        ({"deal": "ponto-extra"}, {"deal": "Deal: choose one of the buttons"}),
        ({"team": "Ana", "points": "72"}, {"team": "Team: choose one of the buttons"}),  # a player, not a team
        ({"team": "", "points": ""}, {"team": "Team: required", "points": "Card points: required"}),
        ({"deal": "renuncia"}, {"at-fault": "Team at fault: required"}),
        ({"deal": "castigo", "at-fault": "Carla"}, {"at-fault": "Team at fault: choose one of the buttons"}),
        ({"deal": "ponto"}, {"at-fault": "Team at fault: required", "reason": "Reason: required"}),
        (
            {"deal": "ponto", "at-fault": "Nos", "reason": "falar"},
            {"reason": "Reason: choose one of the buttons"},
        ),
    ],
)
def test_each_field_is_refused_beside_itself(table, values, refused):
    assert refusals(table, values) == refused


def test_a_finding_of_the_entry_is_shown_beside_its_field(table):
    checked = pad_entry.check(table, {"team": "Eles", "points": "119"})
    assert checked.entry == {"points": [1, 119]}
    assert [(place, f.code, f.rule, in_words(f.message)) for place, f in checked.findings] == [
        ("points", "S-JOGO3-IMPOSSIBLE", "O jogo 3", "deal 1: Nos has 1 card point; no set of cards is worth 1"),
        ("points", "S-JOGO3-IMPOSSIBLE", "O jogo 3", "deal 1: Eles has 119 card points; no set of cards is worth 1"),
    ]
    assert not checked.recordable
    sheet = sheet_of(table)
    assert SUECA.pad_finding_place(sheet, "S-PEN-NO-TEAM", {}) == "at-fault"
    assert SUECA.pad_finding_place(sheet, "S-PEN-UNKNOWN-REASON", {}) == "reason"
    assert SUECA.pad_finding_place(sheet, "TEAM-NOT-AT-TABLE", {"deal": "castigo"}) == "at-fault"
    assert SUECA.pad_finding_place(sheet, "TEAM-NOT-AT-TABLE", {}) == "team"
    assert SUECA.pad_finding_place(sheet, "S-PONT4-MOCA-DIFFERS", {}) is None  # the standing is never asked


def test_a_check_saves_nothing(table):
    before = pathlib.Path(table.path).read_text(encoding="utf-8")
    assert pad_entry.check(table, {"points": "72"}).recordable
    assert reasons_words(pad_entry.check(table, {"points": ""}).reasons) == {"points": "Card points: required"}
    assert pathlib.Path(table.path).read_text(encoding="utf-8") == before


def test_a_game_recorded_from_the_screen_is_scored_to_three_mocas(table):
    """Worked by hand (Pontuação 2-4, Penalizações; S2-S4), standing Nos-Eles after each deal."""
    screens = [
        {"points": "72"},  # Nos 72: +1 -> 1-0
        {"team": "Eles", "points": "95"},  # Eles 95: +2 -> 1-2
        {"deal": "todas-as-vazas", "team": "Nos"},  # +4 -> 4 (1 lost): Nos's moca 1, 0-0
        {"points": "60"},  # 60-60: nothing
        {"deal": "castigo", "at-fault": "Eles"},  # Eles's first castigo: nothing
        {"deal": "castigo", "at-fault": "Eles"},  # the second: Nos +1 -> 1-0
        {"deal": "renuncia", "at-fault": "Nos"},  # Eles +4: Eles's moca 1, 0-0
        {"deal": "ponto", "at-fault": "Eles", "reason": "baralhar"},  # Nos +1 -> 1-0
        {"points": "91"},  # +2 -> 3-0
        {"points": "61"},  # +1 -> 4: Nos's moca 2, 0-0
        {"team": "Eles", "points": "100"},  # Eles +2 -> 0-2
        {"points": "120"},  # Nos +2 -> 2-2
        {"team": "Eles", "points": "0"},  # Nos 120 again: +2 -> 4: Nos's moca 3, the game
    ]
    # One refusal corrected: nothing is saved, and the corrected values record the deal.
    with pytest.raises(FormRefused) as refused:
        pad_entry.record(table, {"points": "7 2"}, 0)
    assert reasons_words(refused.value.reasons) == {"points": "Card points: '7 2' is not a whole number"}
    with pytest.raises(RefusedChange) as impossible:
        pad_entry.record(table, {"points": "1"}, 0)
    assert [f.code for f in impossible.value.findings] == ["S-JOGO3-IMPOSSIBLE", "S-JOGO3-IMPOSSIBLE"]
    assert deals(table) == []
    for count, values in enumerate(screens):
        assert pad_entry.screen(table).form.title == f"Deal {count + 1}"
        pad_entry.record(table, values, count)
    assert deals(table) == SUECA_DEALS
    screen = pad_entry.screen(table)
    result = screen.result
    assert screen.form is None  # the game is won: no next deal
    assert result.complete and result.findings == []
    assert [h.awarded for h in result.hands] == [
        {"Nos": 1, "Eles": 0},
        {"Nos": 0, "Eles": 2},
        {"Nos": 4, "Eles": 0},
        {"Nos": 0, "Eles": 0},
        {"Nos": 0, "Eles": 0},
        {"Nos": 1, "Eles": 0},
        {"Nos": 0, "Eles": 4},
        {"Nos": 1, "Eles": 0},
        {"Nos": 2, "Eles": 0},
        {"Nos": 1, "Eles": 0},
        {"Nos": 0, "Eles": 2},
        {"Nos": 2, "Eles": 0},
        {"Nos": 2, "Eles": 0},
    ]
    assert [state["standing"] for state in result.extra["running"]] == [
        {"Nos": 1, "Eles": 0},
        {"Nos": 1, "Eles": 2},
        {"Nos": 4, "Eles": 2},
        {"Nos": 0, "Eles": 0},
        {"Nos": 0, "Eles": 0},
        {"Nos": 1, "Eles": 0},
        {"Nos": 1, "Eles": 4},
        {"Nos": 1, "Eles": 0},
        {"Nos": 3, "Eles": 0},
        {"Nos": 4, "Eles": 0},
        {"Nos": 0, "Eles": 2},
        {"Nos": 2, "Eles": 2},
        {"Nos": 4, "Eles": 2},
    ]
    assert result.extra["winner"] == "Nos"
    assert result.totals == {"Nos": 3, "Eles": 1}  # mocas
    # Game points (S5): what fit in the mocas: Nos 1 + 3 + 1 + 1 + 2 + 1 + 2 + 2, Eles 2 + 4 + 2.
    assert {t: v["game_points"] for t, v in result.extra["teams"].items()} == {"Nos": 13, "Eles": 8}


def test_entry_words_are_the_regulations(table):
    rules = sheet_of(table).rules
    words = {kind: SUECA.entry_words(rules, kind) for kind in ("deal", "renuncia", "castigo", "ponto", "outra")}
    assert words == {
        "deal": "Deal",
        "renuncia": "Renúncia",
        "castigo": "Castigo",
        "ponto": "Penalização de 1 ponto",
        "outra": "outra",  # a word Sueca does not know, as the sheet writes it
    }


def test_the_page_says_the_points_towards_the_moca_being_played(tmp_path):
    """Nos 72 (+1), then Eles 95 (+2): 1 to 2 towards the first moca (Pontuação 4)."""
    from scorekeeper.sheet.load import load_sheet, score

    sheet = "rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\ndeals:\n"
    (tmp_path / "s.yaml").write_text(sheet + "  - {points: [72, 48]}\n  - {points: [25, 95]}\n")
    result = score(load_sheet(str(tmp_path / "s.yaml")))
    assert games.get("sueca").in_play_words(result) == "Towards this moca: Nos 1, Eles 2"
