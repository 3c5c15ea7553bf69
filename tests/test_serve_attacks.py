"""An attacker's pass at the score pad (issue 19, point 5): each way in tried, each refused with
nothing written. Flask's test client, except the slow client, which needs waitress itself."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time

import pytest
import yaml
from conftest import EXAMPLES

from scorekeeper.serve.app import CHANNEL_TIMEOUT, CLEANUP_INTERVAL, create_app

EMPTY = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n"
VAZAS = {"hand": "vazas", "counts": [3, 2, 1, 7]}


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "mesa1.yaml").write_text(EMPTY)
    return tmp_path


def _pad(path, **options):
    app = create_app(str(path), with_tokens=True, language="en", **options)
    access = app.extensions["scorekeeper"].access
    return app.test_client(), access


def _csrf(page: str) -> str:
    return re.search(r'name="csrf" value="(\w+)"', page).group(1)


def test_every_change_of_a_page_needs_its_own_csrf_token(folder):
    client, access = _pad(folder)
    me = access.token_for("mesa1")
    assert (
        client.post(
            "/api/tables/mesa1/entries",
            json={**VAZAS, "expected_entries": 0},
            headers={"Authorization": f"Bearer {me}"},
        ).status_code
        == 201
    )
    page = client.get(f"/t/mesa1?token={me}").get_data(as_text=True)
    entry = _csrf(page)
    undo = re.search(r'action="/t/mesa1/undo[^"]*"[^>]*>\s*<input type="hidden" name="csrf" value="(\w+)"', page).group(
        1
    )
    assert entry != undo  # a token is for one kind of change
    for data in (
        {"expected_entries": "1"},
        {"csrf": "0" * 64, "expected_entries": "1"},
        {"csrf": entry, "expected_entries": "1"},
    ):
        assert client.post(f"/t/mesa1/undo?token={me}", data=data).status_code == 403
    assert (
        client.post(f"/t/mesa1/undo?token={access.organiser}", data={"csrf": undo, "expected_entries": "1"}).status_code
        == 403
    )  # made for the table's link, not the organiser's
    assert len(yaml.safe_load((folder / "mesa1.yaml").read_text())["hands"]) == 1
    assert client.post(f"/t/mesa1/undo?token={me}", data={"csrf": undo, "expected_entries": "1"}).status_code == 200
    assert yaml.safe_load((folder / "mesa1.yaml").read_text())["hands"] == []
    # switching the language is a link (GET), which changes nothing
    assert client.get(f"/t/mesa1?token={me}&lang=pt_BR").status_code == 200
    assert client.post(f"/t/mesa1?token={me}&lang=pt_BR").status_code == 403


def test_forms_too_large_or_with_too_many_answers_are_refused(folder):
    client, access = _pad(folder)
    me = access.token_for("mesa1")
    csrf = _csrf(client.get(f"/t/mesa1?token={me}").get_data(as_text=True))
    many = {"csrf": csrf, "expected_entries": "0", **{f"a{n}": "1" for n in range(201)}}
    refused = client.post(f"/t/mesa1?token={me}", data=many)
    assert refused.status_code == 422 and "too many answers for one entry" in refused.get_data(as_text=True)
    long = client.post(f"/t/mesa1?token={me}", data={"csrf": csrf, "expected_entries": "0", "a1": "x" * 201})
    assert long.status_code == 422 and "an answer is at most 200 characters" in long.get_data(as_text=True)
    assert client.post(f"/t/mesa1?token={me}", data={"csrf": csrf, "a1": "x" * 70_000}).status_code == 413
    assert (folder / "mesa1.yaml").read_text() == EMPTY


def test_a_table_id_never_names_a_file(tmp_path):
    shutil.copytree(EXAMPLES / "championship-king", tmp_path / "final")
    client, access = _pad(tmp_path / "final" / "final.yaml")
    boss = access.organiser
    for address in (
        "/t/..%2Fr1-mesa1.yaml",
        "/t/r1-mesa1.yaml",
        "/t/%2Fetc%2Fpasswd",
        "/t/r3-t1%00",
        "/api/tables/..",
        "/api/tables/r3-mesa1.yaml",
        "/t/r3-t1/..%2F..%2Ffinal.yaml/sheet.xlsx",
    ):
        assert client.get(f"{address}?token={boss}").status_code == 404, address
    shown = client.get(f"/api/tables/r3-t1?token={boss}").get_json()
    assert shown["file"] == "r3-mesa1.yaml"  # the file's name, never where the server keeps it
    assert str(tmp_path) not in client.get(f"/api/tables?token={boss}").get_data(as_text=True)


def test_names_from_strangers_are_escaped_on_every_page(tmp_path):
    (tmp_path / "mesa1.yaml").write_text(
        'rules: king\nevent: "<b>Final</b>"\n'
        'players: ["<script>alert(1)</script>", "Zoë 🂡", "Ana & Bruno", "Duarte"]\n'
        "hands: []\n"
    )
    (tmp_path / "mesa2.yaml").write_text('rules: king\nplayers: ["Ana\\u202eetouq", B, C, D]\nhands: []\n')
    client, access = _pad(tmp_path)
    boss = access.organiser
    for address in (
        "/t/mesa1",
        "/t/mesa2",
        "/",
        "/print",
        "/t/nowhere",
        "/api/tables",
        "/api/tables/mesa1",
        "/api/tables/mesa2",
    ):
        answer = client.get(f"{address}?token={boss}")
        text = answer.get_data(as_text=True)
        if address.startswith("/api"):  # JSON holds the names as they are, never sniffed as a page
            assert (answer.mimetype, answer.headers["X-Content-Type-Options"]) == ("application/json", "nosniff")
        else:
            assert answer.mimetype == "text/html", address
            assert "<script>alert" not in text and "<b>Final" not in text, address
        assert "\u202e" not in text, address  # a name's bidi control never reaches a page to turn it around
        assert str(tmp_path) not in text, address  # nor where the server keeps its files
    listed = client.get(f"/?token={boss}").get_data(as_text=True)
    assert "<p>&lt;script&gt;alert(1)&lt;/script&gt;, Zoë 🂡, Ana &amp; Bruno, Duarte</p>" in listed
    assert "<h1>&lt;b&gt;Final&lt;/b&gt;</h1>" in client.get(f"/t/mesa1?token={boss}").get_data(as_text=True)
    refused = client.get(f"/t/mesa2?token={boss}")
    assert refused.status_code == 422
    assert (
        "mesa2.yaml:2: players: the name &#39;Ana\\u202eetouq&#39; holds an invisible direction mark"
        in refused.get_data(as_text=True)
    )
    assert client.get(f"/api/tables?token={boss}").get_json()[1]["error"] == (
        "mesa2.yaml:2: players: the name 'Ana\\u202eetouq' holds an invisible direction mark"
    )


def test_a_host_header_that_is_no_host_is_refused(folder):
    client, access = _pad(folder)
    boss = access.organiser
    for host in ('a"><script>x</script>', "evil.example/path", "a b", "x" * 300, "a..b:8019"):
        assert client.get(f"/?token={boss}", headers={"Host": host}).status_code == 400, host
    assert client.get(f"/?token={boss}", headers={"Host": "192.168.1.20:8019"}).status_code == 200
    assert client.get("/", headers={"Host": "192.168.1.20:8019"}).status_code == 401  # a name gives no rights
    assert client.get(f"/?token={boss}", headers={"Host": "[fd00::2]:8019"}).status_code == 200


def test_a_sheet_replaced_by_a_symlink_while_served_is_refused(tmp_path):
    shutil.copytree(EXAMPLES / "championship-king", tmp_path / "final")
    secret = tmp_path / "elsewhere.yaml"
    secret.write_text("rules: king\nplayers: [Segredo, B, C, D]\nhands: []\n")
    client, access = _pad(tmp_path / "final" / "final.yaml")
    boss = access.organiser
    assert client.get(f"/api/tables/r3-t1?token={boss}").status_code == 200
    os.remove(tmp_path / "final" / "r3-mesa1.yaml")
    os.symlink(secret, tmp_path / "final" / "r3-mesa1.yaml")
    refused = "r3-mesa1.yaml: is a symbolic link now: the score pad opens only the sheet it listed"
    for answer in (
        client.get(f"/api/tables/r3-t1?token={boss}"),
        client.post(f"/api/tables/r3-t1/entries?token={boss}", json={**VAZAS, "expected_entries": 0}),
        client.delete(f"/api/tables/r3-t1/entries/last?token={boss}&expected_entries=0"),
    ):
        assert answer.status_code == 422 and answer.get_json()["message"] == refused
    for address in ("/t/r3-t1", "/t/r3-t1/sheet.xlsx", "/"):
        answer = client.get(f"{address}?token={boss}")
        assert "Segredo" not in answer.get_data(as_text=True), address
    assert [t["state"] for t in client.get(f"/api/tables?token={boss}").get_json()] == ["unusable", "complete"]
    assert secret.read_text() == "rules: king\nplayers: [Segredo, B, C, D]\nhands: []\n"


def test_the_api_takes_only_a_json_object(folder):
    client, access = _pad(folder)
    me = {"Authorization": f"Bearer {access.token_for('mesa1')}"}
    body = '{"hand": "vazas", "counts": [3, 2, 1, 7], "expected_entries": 0}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/yaml"):
        assert client.post("/api/tables/mesa1/entries", data=body, content_type=kind, headers=me).status_code == 415
    for bad in ('{"hand":', "[1, 2]", '"hand: vazas"', "null", "1" + "0" * 5000):
        answer = client.post("/api/tables/mesa1/entries", data=bad, content_type="application/json", headers=me)
        assert answer.status_code == 400 and answer.get_json()["message"] == "a JSON object", bad
    assert (folder / "mesa1.yaml").read_text() == EMPTY


@pytest.mark.parametrize(
    "expected, message",
    [
        (10**4000, "expected_entries: a number of 4001 digits is out of range (0 or more)"),
        ("9" * 60_000, "expected_entries: a number of 60000 digits is out of range (0 or more)"),
        (-1, "expected_entries: -1 is out of range (0 or more)"),
        (0.0, "expected_entries: the number of entries the change was made for is required"),
        (True, "expected_entries: the number of entries the change was made for is required"),
        (None, "expected_entries: the number of entries the change was made for is required"),
    ],
)
def test_an_expected_entries_that_is_no_count_is_refused_at_once(folder, expected, message):
    client = create_app(str(folder), language="en").test_client()
    began = time.perf_counter()
    answer = client.post("/api/tables/mesa1/entries", json={**VAZAS, "expected_entries": expected})
    assert time.perf_counter() - began < 2
    assert answer.status_code == 422 and answer.get_json()["message"] == message
    assert (folder / "mesa1.yaml").read_text() == EMPTY


@pytest.mark.parametrize(
    "entry, message",
    [
        ({"hand": "&a [*a, *a, *a]", "counts": [3, 2, 1, 7]}, None),  # K-ART8-HAND-UNKNOWN: text, not YAML
        (
            {"hand": "vazas", "counts": ["&a [*a, *a]", 2, 1, 7]},
            "hand 1: counts: expected whole numbers, got '&a [*a, *a]'",
        ),
        ({"hand": "vazas", "counts": "*a"}, None),
        ({"hand": "vazas", "counts": [[[[[[1]]]]]]}, "entry: nested too deep for a sheet"),
        ({}, "an entry is a mapping of the sheet's keys, e.g. {hand: vazas, counts: [3, 2, 1, 7]}"),
    ],
)
def test_an_entry_that_is_a_yaml_bomb_or_no_mapping_is_refused(folder, entry, message):
    client = create_app(str(folder), language="en").test_client()
    answer = client.post("/api/tables/mesa1/entries", json={**entry, "expected_entries": 0})
    assert answer.status_code == 422, answer.get_json()
    if message is not None:
        assert answer.get_json()["message"] == message
    assert (folder / "mesa1.yaml").read_text() == EMPTY
    csrf_client = create_app(str(folder), language="en").test_client()
    page = csrf_client.get("/t/mesa1").get_data(as_text=True)
    typed = csrf_client.post("/t/mesa1", data={"csrf": _csrf(page), "expected_entries": "0", "hand": "&a [*a, *a]"})
    assert typed.status_code == 422 and (folder / "mesa1.yaml").read_text() == EMPTY


def test_a_client_that_stalls_is_cut_off(folder):
    """Slowloris: a connection that sends half a request and then nothing is closed by waitress
    within CHANNEL_TIMEOUT (+ CLEANUP_INTERVAL), by `scorekeeper serve` itself."""
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", str(folder), "--port", "0", "--no-qr", "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        for line in server.stdout:
            found = re.search(r"Serving on http://127\.0\.0\.1:(\d+)", line)
            if found:
                break
        stalled = socket.create_connection(("127.0.0.1", int(found.group(1))), timeout=CHANNEL_TIMEOUT * 3)
        stalled.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
        began = time.monotonic()
        assert stalled.recv(1024) == b""  # closed by the server
        assert time.monotonic() - began <= CHANNEL_TIMEOUT + 2 * CLEANUP_INTERVAL + 1
        stalled.close()
    finally:
        server.terminate()
        try:  # waitress lets its task threads finish (up to 5 s) before it exits: slow on a loaded machine
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
            raise
