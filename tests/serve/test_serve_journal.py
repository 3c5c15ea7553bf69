"""The score pad on the journal (issue 24), through Flask's test client: an entry or an undo sent
again with its Idempotency-Key (or a form posted twice) is made once and answered with the
first one's result; a key that is no id is a 400 of one line, refused without the core lock;
who made each change (the link, never its secret, and the client's address) is on the record;
a table's page lists its last changes and the organiser's page each table's last one."""

from __future__ import annotations

import json
import re
import shutil
import threading

import pytest
import yaml
from conftest import EXAMPLES, king_sheet

from scorekeeper.journal import history
from scorekeeper.serve import per_request as requests
from scorekeeper.serve.app import create_app
from scorekeeper.sheet import editing

KEY = {"Idempotency-Key": "3f1c9a2e-5b7d-4e08-9c61-0a2b4c6d8e10"}
VAZAS = {"hand": "vazas", "counts": [3, 2, 1, 7], "expected_entries": 0}
CLOCK = r"\d\d:\d\d:\d\d"


@pytest.fixture
def folder(tmp_path):
    king_sheet(tmp_path, "mesa1.yaml")
    king_sheet(tmp_path, "mesa2.yaml", "[Eva, Filipe, Gil, Helena]")
    return tmp_path


def _hands(path) -> list:
    return yaml.safe_load(path.read_text())["hands"] or []


def _hidden(page: str) -> dict:
    return dict(re.findall(r'<input type="hidden" name="([\w-]+)" value="([^"]*)"', page))


def _entry_form(page: str) -> str:
    return re.search(r'<form [^>]*class="entry-form".*?</form>', page, re.S).group(0)


def _status_lines(page: str) -> list[str]:
    return re.findall(r'<p class="(?:said[^"]*|alert)" role="(?:status|alert)">([^<]*)</p>', page)


def test_an_entry_sent_twice_with_its_key_is_recorded_once(folder):
    client = create_app(str(folder)).test_client()
    first = client.post("/api/tables/mesa1/entries", json=VAZAS, headers=KEY)
    assert first.status_code == 201 and first.get_json()["already_saved"] is None
    saved = (folder / "mesa1.yaml").read_bytes()
    again = client.post("/api/tables/mesa1/entries", json=VAZAS, headers=KEY)  # the reply was lost: sent again
    assert again.status_code == 200
    body = again.get_json()
    assert (folder / "mesa1.yaml").read_bytes() == saved  # not a byte changed
    assert (
        saved.decode()
        == "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}\n"
    )
    assert body["already_saved"]["id"] == KEY["Idempotency-Key"]
    assert (body["already_saved"]["action"], body["already_saved"]["entry"]) == ("record", 1)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT" + CLOCK + r"[+-]\d\d:\d\d", body["already_saved"]["when"])
    assert re.fullmatch(f"hand 1 was already saved at {CLOCK}; nothing changed", body["said"][0])
    assert [h["points"] for h in body["hands"]] == [first.get_json()["hands"][0]["points"]]  # the sheet as it is
    # One's own entry is not taken for someone else's: no 409 "recorded meanwhile" although
    # the sheet no longer has the 0 entries the retry was made for.
    assert [c.action for c in history.history(str(folder / "mesa1.yaml")).changes] == ["record"]


def test_an_undo_sent_twice_with_its_key_removes_one_entry(folder):
    client = create_app(str(folder)).test_client()
    for counts, expected in (([3, 2, 1, 7], 0), ([4, 3, 6, 0], 1)):
        hand = "vazas" if expected == 0 else "copas"
        made = client.post(
            "/api/tables/mesa1/entries", json={"hand": hand, "counts": counts, "expected_entries": expected}
        )
        assert made.status_code == 201
    undo = {"Idempotency-Key": "undo-0001-retry"}
    first = client.delete("/api/tables/mesa1/entries/last?expected_entries=2", headers=undo)
    again = client.delete("/api/tables/mesa1/entries/last?expected_entries=2", headers=undo)
    assert (first.status_code, again.status_code) == (200, 200)
    assert first.get_json()["already_saved"] is None
    assert again.get_json()["already_saved"]["action"] == "undo" and again.get_json()["already_saved"]["entry"] == 2
    assert re.fullmatch(f"hand 2 was already removed at {CLOCK}; nothing changed", again.get_json()["said"][0])
    assert [h["hand"] for h in _hands(folder / "mesa1.yaml")] == ["vazas"]  # hand 2 removed, hand 1 kept


def test_a_key_used_for_another_change_is_refused_not_taken_for_a_repeat(folder):
    client = create_app(str(folder)).test_client()
    assert client.post("/api/tables/mesa1/entries", json=VAZAS, headers=KEY).status_code == 201
    other_table = client.post("/api/tables/mesa2/entries", json=VAZAS, headers=KEY)
    assert other_table.status_code == 422
    assert other_table.get_json()["message"] == "this change's id was used for another change; send it with a new one"
    as_undo = client.delete("/api/tables/mesa1/entries/last?expected_entries=1", headers=KEY)
    assert as_undo.status_code == 422
    assert _hands(folder / "mesa2.yaml") == [] and len(_hands(folder / "mesa1.yaml")) == 1
    copas = {"hand": "copas", "counts": [4, 3, 6, 0], "expected_entries": 1}
    another_hand = client.post("/api/tables/mesa1/entries", json=copas, headers=KEY)  # the same key, a new hand
    assert another_hand.status_code == 422
    assert [h["hand"] for h in _hands(folder / "mesa1.yaml")] == ["vazas"]


@pytest.mark.parametrize("key", ["short", "x" * 81, "has space 123", "naïve-key-123", "a/b/c/d/e/f"])
def test_a_key_that_is_no_id_is_a_400_of_one_line_and_takes_no_lock(folder, key):
    client = create_app(str(folder)).test_client()
    replies = []
    # The table's lock is held (a long change of its own): a refusal must not wait for it.
    held = requests.table_lock("mesa1")
    with held.lock:
        sent = threading.Thread(
            target=lambda: replies.append(
                client.post("/api/tables/mesa1/entries", json=VAZAS, headers={"Idempotency-Key": key})
            )
        )
        sent.start()
        sent.join(10)
    assert replies, "the refusal waited for the table's lock"
    answer = replies[0]
    assert answer.status_code == 400
    body = answer.get_json()
    assert body == {"error": "invalid", "message": "Idempotency-Key: a change's id is 8 to 80 letters, digits, - and _"}
    assert "\n" not in json.dumps(body)
    assert _hands(folder / "mesa1.yaml") == []
    undo = client.delete("/api/tables/mesa1/entries/last?expected_entries=0", headers={"Idempotency-Key": key})
    assert undo.status_code == 400


VAZAS_SCREEN = {"hand": "vazas", "penalty": "", "vazas-0": "3", "vazas-1": "2", "vazas-2": "1", "vazas-3": "7"}


def test_a_form_posted_twice_records_once_and_says_so(folder):
    client = create_app(str(folder), language="en").test_client()
    page = client.get("/t/mesa1").get_data(as_text=True)
    first_form = _hidden(_entry_form(page))
    assert re.fullmatch(r"[0-9a-f]{32}", first_form["change_id"])
    refused = client.post(
        "/t/mesa1", data={**first_form, **VAZAS_SCREEN, "vazas-3": ""}, follow_redirects=True
    ).get_data(as_text=True)
    assert _hidden(_entry_form(refused))["change_id"] == first_form["change_id"]  # one entry, one id, refused or not
    posted = {**first_form, **VAZAS_SCREEN}
    saved = client.post("/t/mesa1", data=posted, follow_redirects=True)
    assert saved.status_code == 200
    assert _status_lines(saved.get_data(as_text=True)) == [
        "Hand 1 · Vazas saved: Ana -60, Bruno -40, Carla -20, Duarte -140"
    ]
    assert _hidden(_entry_form(saved.get_data(as_text=True)))["change_id"] != first_form["change_id"]  # the next's
    text = (folder / "mesa1.yaml").read_text()
    for resent in (posted, {**posted, "hand": "copas"}):  # Record posted twice (a reload); Back, changed, again
        again = client.post("/t/mesa1", data=resent, follow_redirects=True)
        assert again.status_code == 200  # not 409 "recorded meanwhile": it is one's own entry
        lines = _status_lines(again.get_data(as_text=True))
        assert len(lines) == 1 and re.fullmatch(f"Hand 1 · Vazas was already saved at {CLOCK}", lines[0])
        assert (folder / "mesa1.yaml").read_text() == text
    assert len(_hands(folder / "mesa1.yaml")) == 1


def test_someone_elses_entry_still_makes_a_form_stale(folder):
    client = create_app(str(folder), language="en").test_client()
    form = _hidden(_entry_form(client.get("/t/mesa1").get_data(as_text=True)))
    editing.record_entry(str(folder / "mesa1.yaml"), {"hand": "vazas", "counts": [3, 2, 1, 7]}, say=lambda _l: None)
    stale = client.post("/t/mesa1", data={**form, **VAZAS_SCREEN}, follow_redirects=True)
    assert stale.status_code == 409
    assert _status_lines(stale.get_data(as_text=True)) == ["hand 1 was recorded meanwhile"]
    assert len(_hands(folder / "mesa1.yaml")) == 1


def test_a_forms_change_id_that_is_no_id_is_a_400_of_one_line(folder):
    client = create_app(str(folder), language="en").test_client()
    form = _hidden(client.get("/t/mesa1").get_data(as_text=True))
    replies = []
    held = requests.table_lock("mesa1")
    with held.lock:  # refused without waiting for the table's lock, as the API's key is
        sent = threading.Thread(
            target=lambda: replies.append(
                client.post("/t/mesa1", data={**form, "change_id": "<script>"}, follow_redirects=True)
            )
        )
        sent.start()
        sent.join(10)
    assert replies, "the refusal waited for the table's lock"
    refused = replies[0]
    assert refused.status_code == 400 and refused.mimetype == "text/plain"
    assert refused.get_data(as_text=True) == "change_id: a change's id is 8 to 80 letters, digits, - and _\n"


def test_the_undo_form_posted_twice_removes_one_entry(folder):
    client = create_app(str(folder), language="en").test_client()
    for counts, hand, expected in (([3, 2, 1, 7], "vazas", 0), ([4, 3, 6, 0], "copas", 1)):
        client.post("/api/tables/mesa1/entries", json={"hand": hand, "counts": counts, "expected_entries": expected})
    page = client.get("/t/mesa1").get_data(as_text=True)
    undo = _hidden(re.search(r'<form method="post" action="[^"]*/undo.*?</form>', page, re.S).group(0))
    first = client.post("/t/mesa1/undo", data=undo, follow_redirects=True)
    again = client.post("/t/mesa1/undo", data=undo, follow_redirects=True)
    assert (first.status_code, again.status_code) == (200, 200)
    assert re.fullmatch(
        f"Hand 2 was already removed at {CLOCK}; nothing changed", _status_lines(again.get_data(as_text=True))[0]
    )
    assert [h["hand"] for h in _hands(folder / "mesa1.yaml")] == ["vazas"]


def test_the_journal_records_which_link_and_address_made_each_change(folder):
    app = create_app(str(folder), with_tokens=True, language="en")
    access = app.extensions["scorekeeper"].access
    table, organiser = access.token_for("mesa1"), access.organiser
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.0.2.31"
    laptop = app.test_client()
    laptop.environ_base["REMOTE_ADDR"] = "192.0.2.1"
    assert phone.post(f"/api/tables/mesa1/entries?token={table}", json=VAZAS).status_code == 201
    page = phone.get(f"/t/mesa1?token={table}").get_data(as_text=True)
    undo = _hidden(re.search(r'<form method="post" action="[^"]*/undo.*?</form>', page, re.S).group(0))
    undone = phone.post(f"/t/mesa1/undo?token={table}", data=undo, follow_redirects=True)
    assert undone.status_code == 200
    made = laptop.post(f"/api/tables/mesa1/entries?token={organiser}", json=VAZAS)
    assert made.status_code == 201
    changes = history.history(str(folder / "mesa1.yaml")).changes
    assert [(c.action, c.entry, c.by) for c in changes] == [
        ("record", 1, {"link": "table mesa1", "address": "192.0.2.31"}),
        ("undo", 1, {"link": "table mesa1", "address": "192.0.2.31"}),
        ("record", 1, {"link": "organiser", "address": "192.0.2.1"}),
    ]
    recorded = json.dumps([c.by for c in changes])
    assert table not in recorded and organiser not in recorded  # a link's secret is never on the record
    # A change on the command line afterwards is not said to be the pad's: each request sets
    # who it is, and sets it back.
    editing.record_entry(str(folder / "mesa1.yaml"), {"hand": "copas", "counts": [4, 3, 6, 0]}, say=lambda _l: None)
    assert "command" in history.history(str(folder / "mesa1.yaml")).changes[-1].by


def test_a_tournament_table_is_on_the_record_by_its_number(tmp_path):
    shutil.copytree(EXAMPLES / "championship-king", tmp_path / "final")
    final = tmp_path / "final" / "final.yaml"
    app = create_app(str(final), with_tokens=True, language="en")
    access = app.extensions["scorekeeper"].access
    token = access.token_for("2")
    client = app.test_client()
    sheet = tmp_path / "final" / "r3-mesa2.yaml"
    count = len(_hands(sheet))
    undone = client.delete(f"/api/tables/2/entries/last?token={token}&expected_entries={count}")
    assert undone.status_code == 200
    last = history.last_changes(str(sheet), 1)[0]
    assert (last.action, last.entry, last.by["link"]) == ("undo", count, "table 2")


def test_a_tables_page_lists_its_last_changes_and_the_organisers_each_tables_last(folder):
    sheet = folder / "mesa1.yaml"
    client = create_app(str(folder), language="en").test_client()
    for hand, counts, expected in (("vazas", [3, 2, 1, 7], 0), ("copas", [4, 3, 6, 0], 1)):
        client.post("/api/tables/mesa1/entries", json={"hand": hand, "counts": counts, "expected_entries": expected})
    editing.fix_hand(str(sheet), 1, "vazas", ["4", "2", "1", "6"], say=lambda _l: None)  # at the terminal
    client.delete("/api/tables/mesa1/entries/last?expected_entries=2")
    page = client.get("/t/mesa1").get_data(as_text=True)
    listed = re.search(r'<section class="changes".*?<ul>(.*?)</ul>', page, re.S).group(1)
    lines = re.findall(r"<li>([^<]*)</li>", listed)
    assert [re.sub(CLOCK, "T", line) for line in lines] == [  # the last three, newest first
        "hand 2 removed at T by the organiser",
        "hand 1 corrected at T on the command line",
        "hand 2 recorded at T by the organiser",
    ]
    organiser = client.get("/").get_data(as_text=True)
    lasts = re.findall(r'<td class="last" data-label="Last change">([^<]*)</td>', organiser)
    assert [re.sub(CLOCK, "T", line) for line in lasts] == ["hand 2 (Copas) removed at T by the organiser", ""]
    assert "mesa2" in organiser  # a table with no change yet shows none
    for reply in (page, organiser):
        assert str(folder) not in reply  # no reply names where the server keeps its files


def test_the_last_changes_escape_what_a_tournament_file_names(tmp_path):
    """A table's number comes from the tournament file as written: on the record as text, on
    the page escaped."""
    sheet = king_sheet(tmp_path)
    client = create_app(str(tmp_path), language="en").test_client()
    client.post("/api/tables/mesa1/entries", json=VAZAS)
    from scorekeeper.journal.who import acting_as

    reset = acting_as({"link": "table <b>7</b>", "address": "192.0.2.9"})
    try:
        editing.undo_hand(str(sheet), say=lambda _l: None)
    finally:
        reset.var.reset(reset)
    page = client.get("/t/mesa1").get_data(as_text=True)
    assert "by table &lt;b&gt;7&lt;/b&gt;" in page and "<b>7</b>" not in page


def test_a_retry_of_an_entry_a_killed_server_left_half_done_completes_it_once(folder):
    """The server was killed after it put the entry on the record and before it wrote the sheet
    (the reply never came): the phone's retry with the same key completes that entry, as the
    next command would, and is answered as already saved; the entry is in the sheet once."""
    from scorekeeper.journal.store import FileRecord
    from scorekeeper.journal.transaction import digest, open_for

    sheet = folder / "mesa1.yaml"
    before = sheet.read_bytes()
    after = before.replace(b"hands: []\n", b"hands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}\n")
    journal = open_for(str(sheet), True, [])
    journal.begin(
        KEY["Idempotency-Key"],
        "record",
        {"link": "table mesa1", "address": "192.0.2.31"},
        "mesa1.yaml",
        None,
        {"entry": 1, "before": None, "after": {"hand": "vazas", "counts": [3, 2, 1, 7]}, "file": "mesa1.yaml"},
        [FileRecord("mesa1.yaml", digest(before), digest(after), before, after)],
    )
    journal.close()
    client = create_app(str(folder)).test_client()
    retried = client.post("/api/tables/mesa1/entries", json=VAZAS, headers=KEY)
    assert retried.status_code == 200 and retried.get_json()["already_saved"]["entry"] == 1
    assert sheet.read_bytes() == after
    assert [(c.action, c.state) for c in history.history(str(sheet)).changes] == [("record", "completed")]
