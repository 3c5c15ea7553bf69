"""A table's page as one screen per entry (issue 25), through Flask's test client, without any
JavaScript: the README tour's King game posted as plain forms (one post an entry, the fields of
a choice shown by its own button), each refusal beside its field with every value kept, undo
that names its entry, the page's words (the game's, with accents, never a key) and the JSON
API's check (nothing saved) and entry given as a screen's values."""

from __future__ import annotations

import html
import re

import pytest
import yaml
from conftest import king_sheet

from scorekeeper.serve.app import create_app

CLOCK = r"\d\d:\d\d:\d\d"


@pytest.fixture
def folder(tmp_path):
    king_sheet(tmp_path, "mesa1.yaml")
    return tmp_path


def _form(page: str, kind: str = "entry-form") -> dict:
    found = re.search(rf'<form [^>]*class="{kind}".*?</form>', page, re.S).group(0)
    return dict(re.findall(r'<input type="hidden" name="([\w-]+)" value="([^"]*)"', found))


def _said(page: str) -> list[str]:
    return [
        html.unescape(s)
        for s in re.findall(r'<p class="(?:said[^"]*|alert)" role="(?:status|alert)">([^<]*)</p>', page)
    ]


def _messages(page: str) -> dict[str, str]:
    """Each place's messages (a field, a group of fields, "" above Record), as text."""
    found = re.findall(
        r'<div class="messages[^"]*" id="m-[\w-]*" data-place="([\w-]*)" aria-live="polite">(.*?)</div>', page, re.S
    )
    return {
        place: " ".join(html.unescape(re.sub(r"<[^>]+>", "", body)).split()) for place, body in found if body.strip()
    }


def _checked(page: str) -> dict[str, str]:
    return dict(re.findall(r'name="([\w-]+)" value="([^"]*)" checked', page))


def _hands(folder) -> list:
    return yaml.safe_load((folder / "mesa1.yaml").read_text())["hands"] or []


def _counts(hand: str, *values) -> dict:
    return {f"{hand}-{seat}": str(value) for seat, value in enumerate(values)}


# README.md "A tour", as the screen posts it: the next hand and the beneficiary need no answer.
TOUR = [
    (_counts("vazas", 3, 2, 1, 7), "Hand 1 · Vazas saved: Ana -60, Bruno -40, Carla -20, Duarte -140"),
    (_counts("copas", 4, 3, 6, 0), "Hand 2 · Copas saved: Ana -80, Bruno -60, Carla -120, Duarte 0"),
    (_counts("damas", 1, 1, 1, 0), "Hand 3 · Damas saved: Ana -100, Bruno -50, Carla -50, Duarte 0"),
    (_counts("reis-valetes", 2, 2, 2, 2), "Hand 4 · Reis e Valetes saved: Ana -60, Bruno -60, Carla -60, Duarte -60"),
    (_counts("rei-de-copas", 0, 0, 1, 0), "Hand 5 · Rei de Copas saved: Ana 0, Bruno 0, Carla -160, Duarte 0"),
    (
        {"penalty": "renuncia", "at-fault": "Duarte"},
        "Hand 6 · 2 Últimas Vazas saved: Ana 0, Bruno 0, Carla 0, Duarte -180",
    ),
    (
        {"contract": "positivos", "trump": "copas", **_counts("tricks", 5, 3, 3, 2)},
        "Hand 7 · Festa saved: Ana +125, Bruno +75, Carla +75, Duarte +50",
    ),
    (
        {"contract": "nulos", "offer-by": "Carla", "offer-tricks": "2", **_counts("tricks", 1, 3, 4, 5)},
        "Hand 8 · Festa saved: Ana +250, Bruno +250, Carla -125, Duarte -50",
    ),
    ({"contract": "4-3-3-3"}, "Hand 9 · Festa saved: Ana +75, Bruno +75, Carla +100, Duarte +75"),
    ({"penalty": "renuncia", "at-fault": "Bruno"}, "Hand 10 · Festa saved: Ana +75, Bruno -225, Carla +75, Duarte +75"),
    (
        {
            "contract": "positivos",
            "trump": "sem-trunfo",
            "offer-by": "Ana",
            "offer-tricks": "6",
            **_counts("tricks", 8, 2, 2, 1),
        },
        "Hand 11 · Festa saved: Ana +50, Bruno +50, Carla +50, Duarte +175",
    ),
]


def test_the_readme_tour_is_eleven_posts_of_one_form_each(folder):
    client = create_app(str(folder), language="en").test_client()
    page = client.get("/t/mesa1").get_data(as_text=True)
    assert _checked(page) == {"hand": "vazas", "beneficiary": "Ana", "penalty": "", "offer-by": ""}  # K1, K2
    for values, said in TOUR:
        reply = client.post("/t/mesa1", data={**_form(page), **values}, follow_redirects=True)
        page = reply.get_data(as_text=True)
        assert (reply.status_code, _said(page)) == (200, [said])
    assert re.search(r'<p class="complete" role="status">([^<]*)</p>', page).group(1) == (
        "The game is complete: Ana +275, Bruno +15, Carla -235, Duarte -55"
    )
    assert 'class="entry-form"' not in page  # nothing left to record
    totals = re.findall(r'<span class="who">(\w+)</span> <span class="total">([^<]*)</span>', page)
    assert totals == [("Ana", "+275"), ("Bruno", "+15"), ("Carla", "-235"), ("Duarte", "-55")]
    assert len(_hands(folder)) == 11
    # The whole sheet says each festa and penalty in the regulation's words, not the sheet's keys.
    assert [
        html.unescape(d) for d in re.findall(r'<tr class="detail"><td></td><td colspan="\d+">([^<]*)</td>', page)
    ] == [
        "Renúncia: Duarte",
        "Ana · Positivos · Copas",
        "Bruno · Nulos · offer of Carla: 2 tricks",
        "Carla · 4-3-3-3",
        "Duarte · Renúncia: Bruno",
        "Duarte · Positivos · Sem trunfo · offer of Ana: 6 tricks",
        "Art 15",  # the table points' article, under their row
    ]


def test_a_refusal_keeps_every_value_and_says_each_beside_its_field_once(folder):
    client = create_app(str(folder), language="en").test_client()
    page = client.get("/t/mesa1").get_data(as_text=True)
    form = _form(page)
    refused = client.post("/t/mesa1", data={**form, **_counts("vazas", 3, 14, 1)}, follow_redirects=True)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert _messages(page) == {
        "vazas-1": "Bruno: 14 is out of range (0 to 13)",
        "vazas-3": "Duarte: required",
    }
    assert _checked(page) == {
        "hand": "vazas",
        "beneficiary": "Ana",
        "penalty": "",
        "offer-by": "",
        "vazas-0": "3",
        "vazas-2": "1",
    }
    assert re.search(
        r'<fieldset class="field number taps" data-field="vazas-1"[^>]*aria-invalid="true" aria-describedby="m-vazas-1"',
        page,
    )
    assert _form(page)["change_id"] == form["change_id"]  # the same entry, the same id
    # A refusal by a finding: beside the hand's counts, with its code and article, said once.
    over = client.post("/t/mesa1", data={**form, **_counts("vazas", 3, 2, 1, 8)}, follow_redirects=True).get_data(
        as_text=True
    )
    assert _messages(over) == {
        "vazas": "K-Q1-TOTAL-OVER hand 1 (vazas): counts add up to 14, more than the 13 there are [Quadro 1]"
    }
    assert over.count("counts add up to 14") == 1 and _said(over) == []
    assert _checked(over)["vazas-3"] == "8"
    assert _hands(folder) == []


def test_the_fields_of_a_choice_are_shown_by_its_own_button_without_javascript(folder):
    client = create_app(str(folder), language="en").test_client()
    page = client.get("/t/mesa1").get_data(as_text=True)
    assert (
        '<button type="submit" name="show" value="hand" class="show nojs">Show the fields of this choice</button>'
        in page
    )
    assert re.search(r'data-field="contract"[^>]*hidden', page)  # a festa's fields: not for hand 1
    shown = client.post("/t/mesa1", data={**_form(page), "hand": "festa", "show": "hand"}, follow_redirects=True)
    page = shown.get_data(as_text=True)
    assert shown.status_code == 200 and _hands(folder) == []  # nothing saved
    assert not re.search(r'data-field="contract"[^>]*hidden', page)
    assert re.search(r'data-field="vazas-0"[^>]*hidden', page)
    assert _checked(page) == {"hand": "festa", "beneficiary": "Ana", "penalty": "", "offer-by": ""}
    assert "[s/n]" not in page and "[y/n]" not in page


def test_undo_names_what_it_removes_and_the_page_its_last_saved_entry(folder):
    client = create_app(str(folder), language="en").test_client()
    page = client.get("/t/mesa1").get_data(as_text=True)
    assert "Undo the last entry" not in page  # nothing to undo
    for values, _said_line in TOUR[:2]:
        page = client.post("/t/mesa1", data={**_form(page), **values}, follow_redirects=True).get_data(as_text=True)
    page = client.get("/t/mesa1").get_data(as_text=True)
    assert re.search(f'<p class="last-saved">Last saved: Hand 2 · Copas at {CLOCK}</p>', page)
    assert re.search(r'<p class="question">([^<]*)</p>', page).group(1) == (
        "Remove Hand 2 · Copas: Ana -80, Bruno -60, Carla -120, Duarte 0?"
    )
    undone = client.post("/t/mesa1/undo", data=_form(page, "undo-form"), follow_redirects=True).get_data(as_text=True)
    assert _said(undone) == ["Hand 2 · Copas removed"]
    assert [h["hand"] for h in _hands(folder)] == ["vazas"]


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", ["2 Últimas Vazas", "Renúncia", "Reis e Valetes", "Record", "Hand 1"]),
        ("pt_PT", ["2 Últimas Vazas", "Renúncia", "Reis e Valetes", "Registar"]),
        ("pt_BR", ["2 Últimas Vazas", "Renúncia", "Reis e Valetes", "Registrar"]),
    ],
)
def test_the_page_says_the_games_words_with_their_accents_never_a_key(folder, lang, words):
    client = create_app(str(folder)).test_client()
    client.post(
        "/api/tables/mesa1/entries", json={"hand": "reis-valetes", "counts": [2, 2, 2, 2], "expected_entries": 0}
    )
    page = client.get(f"/t/mesa1?lang={lang}").get_data(as_text=True)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    for word in words:
        assert word in text, word
    for key in ("reis-valetes", "rei-de-copas", "ultimas", "renuncia", "[s/n]", "[y/n]"):
        assert key not in text, key


def test_the_check_says_what_recording_would_do_and_saves_nothing(folder):
    client = create_app(str(folder), language="en").test_client()
    before = (folder / "mesa1.yaml").read_bytes()
    short = client.post("/api/tables/mesa1/check", json={"values": {"hand": "damas", **_counts("damas", 1, 1, 1, 0)}})
    assert short.status_code == 200
    assert short.get_json() == {
        "entry": {"hand": "damas", "counts": [1, 1, 1, 0]},
        "refusals": {},
        "findings": [
            {
                "place": "damas",
                "code": "K-ART6-MISSING-CHARGED",
                "rule": "Art 6",
                "severity": "warning",
                "message": "hand 1 (damas): counts add up to 3 of 4; the missing 1 (-50) is charged to Ana, the responsible scorer",
            }
        ],
        "recordable": True,
    }
    typed = client.post("/api/tables/mesa1/check", json={"values": {"hand": "vazas", "vazas-0": "x"}}).get_json()
    assert typed == {
        "entry": None,
        "refusals": {
            "vazas-0": "Ana: 'x' is not a whole number",
            "vazas-1": "Bruno: required",
            "vazas-2": "Carla: required",
            "vazas-3": "Duarte: required",
        },
        "findings": [],
        "recordable": False,
    }
    for bad in ({"values": []}, {"values": {"hand": 3}}, {"values": {f"f{n}": "1" for n in range(201)}}):
        assert client.post("/api/tables/mesa1/check", json=bad).status_code == 422, bad
    assert client.post("/api/tables/mesa1/check", json={"hand": "vazas"}).status_code == 400
    assert client.post("/api/tables/mesa1/check", data="values=1").status_code == 415
    assert (folder / "mesa1.yaml").read_bytes() == before


def test_the_api_records_a_screens_values_once_with_its_key(folder):
    client = create_app(str(folder), language="en").test_client()
    key = {"Idempotency-Key": "b2c4e6f8-0a1b-4c3d-8e5f-7a9b1c3d5e7f"}
    body = {"values": {"hand": "vazas", **_counts("vazas", 3, 2, 1, 7)}, "expected_entries": 0}
    made = client.post("/api/tables/mesa1/entries", json=body, headers=key)
    assert made.status_code == 201
    assert made.get_json()["totals"] == {"Ana": -60, "Bruno": -40, "Carla": -20, "Duarte": -140}
    again = client.post("/api/tables/mesa1/entries", json=body, headers=key)
    assert again.status_code == 200 and again.get_json()["already_saved"]["entry"] == 1
    refused = client.post(
        "/api/tables/mesa1/entries",
        json={"values": {"hand": "copas", **_counts("copas", 4, 3, 6, 1)}, "expected_entries": 1},
    )
    assert refused.status_code == 422
    assert [(f["code"], f["place"]) for f in refused.get_json()["findings"]] == [("K-Q1-TOTAL-OVER", "copas")]
    empty = client.post("/api/tables/mesa1/entries", json={"values": {"hand": "copas"}, "expected_entries": 1})
    assert empty.status_code == 422 and empty.get_json()["refusals"]["copas-0"] == "Ana: required"
    mixed = client.post("/api/tables/mesa1/entries", json={"values": {}, "hand": "copas", "expected_entries": 1})
    assert mixed.status_code == 422
    assert mixed.get_json()["message"] == "values: sent alone, with expected_entries only"
    assert _hands(folder) == [{"hand": "vazas", "counts": [3, 2, 1, 7]}]


def test_a_sueca_sheet_is_a_match_and_its_deal_is_said_by_its_number(tmp_path):
    """Another game on the same page: the end of a Sueca sheet is the match's, and a deal is
    `Deal 1`, never `Deal 1 · Deal` (its kind is the game's word for an entry)."""
    import shutil

    from conftest import EXAMPLES, new_team_sheet

    shutil.copy(EXAMPLES / "sueca-torneio-jogo1.yaml", tmp_path / "jogo1.yaml")
    new_team_sheet(tmp_path, "sueca")
    client = create_app(str(tmp_path), language="en").test_client()
    done = client.get("/t/jogo1").get_data(as_text=True)
    assert re.findall(r'<p class="complete" role="status">([^<]*)</p>', done) == [
        "The match is complete: Nos 3 mocas, Eles 1 moca; Nos wins"
    ]
    page = client.get("/t/sueca").get_data(as_text=True)
    saved = client.post(
        "/t/sueca", data={**_form(page), "deal": "pontos", "team": "Nos", "points": "72"}, follow_redirects=True
    )
    assert _said(saved.get_data(as_text=True)) == ["Deal 1 saved: Nos +1, Eles 0"]  # 61 to 90 card points: 1


def test_a_change_is_answered_at_an_address_of_its_own_so_back_and_reload_post_nothing(folder):
    """Post/Redirect/Get: without JavaScript, the page after an entry (or an undo) is a GET of
    /t/ID?done=CHANGE, so the browser's Back and reload ask for a page, never post the form again
    (the pad's trial: Back after a save showed the browser's ERR_CACHE_MISS)."""
    client = create_app(str(folder), language="en").test_client()
    page = client.get("/t/mesa1").get_data(as_text=True)
    form = {**_form(page), **_counts("vazas", 3, 2, 1, 7)}
    saved = client.post("/t/mesa1", data=form)
    assert (saved.status_code, saved.headers["Location"]) == (303, f"/t/mesa1?done={form['change_id']}")
    for _reload in range(2):  # shown, then reloaded: the same words, nothing saved again
        shown = client.get(saved.headers["Location"]).get_data(as_text=True)
        assert _said(shown) == ["Hand 1 · Vazas saved: Ana -60, Bruno -40, Carla -20, Duarte -140"]
    again = client.post("/t/mesa1", data=form)  # the form posted again (its id): nothing saved, said so
    assert again.headers["Location"] == f"/t/mesa1?done={form['change_id']}&again=1"
    assert re.search(
        r"Hand 1 · Vazas was already saved at \d\d:\d\d:\d\d",
        client.get(again.headers["Location"]).get_data(as_text=True),
    )
    undo = _form(client.get("/t/mesa1").get_data(as_text=True), "undo-form")
    undone = client.post("/t/mesa1/undo", data=undo)
    assert undone.headers["Location"] == f"/t/mesa1?done={undo['change_id']}"
    assert _said(client.get(undone.headers["Location"]).get_data(as_text=True)) == ["Hand 1 · Vazas removed"]
    assert _hands(folder) == []
    assert _said(client.get("/t/mesa1?done=no-such-change").get_data(as_text=True)) == []  # an id of nothing: no words


def test_a_new_coringas_name_is_typed_in_a_text_box(tmp_path):
    """Quatrilho's coringa (Art 12) is a name no button can offer: a text box, the coringas
    already named suggested; the late arrival is recorded with him in her seat."""
    (tmp_path / "q.yaml").write_text("rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi, Eva]\ndeals: []\n")
    client = create_app(str(tmp_path), language="en").test_client()
    page = client.get("/t/q").get_data(as_text=True)
    assert re.search(r'<label for="f-coringa">Coringa</label>\s*<input id="f-coringa" name="coringa" value=""', page)
    values = {"entry": "late", "late": "Eva", "coringa": "Zeca"}
    client.post("/t/q", data={**_form(page), **values}, follow_redirects=True)
    assert yaml.safe_load((tmp_path / "q.yaml").read_text())["deals"] == [{"late": "Eva", "coringa": "Zeca"}]
