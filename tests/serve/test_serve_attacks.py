"""An attacker's pass at the score pad (issue 19, point 5): each way in tried, each refused with
nothing written. Flask's test client, except the slow client, which needs waitress itself."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time

import pytest
import yaml
from conftest import EXAMPLES

from scorekeeper.serve.app import create_app
from scorekeeper.serve.server import CHANNEL_TIMEOUT, CLEANUP_INTERVAL

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
        "/t/1%00",
        "/api/tables/..",
        "/api/tables/r3-mesa1.yaml",
        "/t/1/..%2F..%2Ffinal.yaml/sheet.xlsx",
    ):
        assert client.get(f"{address}?token={boss}").status_code == 404, address
    shown = client.get(f"/api/tables/1?token={boss}").get_json()
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
    assert '<td class="who">&lt;script&gt;alert(1)&lt;/script&gt;, Zoë 🂡, Ana &amp; Bruno, Duarte</td>' in listed
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
    assert client.get(f"/api/tables/1?token={boss}").status_code == 200
    os.remove(tmp_path / "final" / "r3-mesa1.yaml")
    os.symlink(secret, tmp_path / "final" / "r3-mesa1.yaml")
    refused = "r3-mesa1.yaml: is a symbolic link now: the score pad opens only the sheet it listed"
    for answer in (
        client.get(f"/api/tables/1?token={boss}"),
        client.post(f"/api/tables/1/entries?token={boss}", json={**VAZAS, "expected_entries": 0}),
        client.delete(f"/api/tables/1/entries/last?token={boss}&expected_entries=0"),
    ):
        assert answer.status_code == 422 and answer.get_json()["message"] == refused
    for address in ("/t/1", "/t/1/sheet.xlsx", "/"):
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


# --- a stranger cannot stall the room (issue 25, point 7) ------------------------------------


def _server_cost(app, path: str, runs: int = 400, **request) -> float:
    """The median CPU time, in seconds, the application spends answering `path` (the WSGI call
    alone: the test client's own work is not the server's; the thread's CPU time, so other
    processes on a loaded machine do not count)."""
    from werkzeug.test import EnvironBuilder

    environ = EnvironBuilder(path=path, **request).get_environ()
    statuses, times = set(), []
    for _ in range(runs):
        began = time.thread_time()
        body = b"".join(app.wsgi_app(dict(environ), lambda status, headers, *rest: statuses.add(status[:3])))
        times.append(time.thread_time() - began)
    assert body and len(statuses) == 1
    return sorted(times)[len(times) // 2], statuses.pop()


def test_a_refusal_takes_no_lock_reads_no_file_and_costs_under_a_millisecond(tmp_path, monkeypatch):
    from scorekeeper.core import pad_tables as tables
    from scorekeeper.serve import per_request as requests

    (tmp_path / "mesa1.yaml").write_text(EMPTY)
    (tmp_path / "mesa2.yaml").write_text(EMPTY)
    app = create_app(str(tmp_path), with_tokens=True)  # no --lang: King's pt_PT, remembered at start
    access = app.extensions["scorekeeper"].access
    one = access.token_for("mesa1")
    read = []
    monkeypatch.setattr(tables, "list_tables", lambda path: read.append(path))  # a read would fail the request
    big = "x" * 70_000
    taken = []  # every table lock a request takes (a refusal must take none)
    real_lock = requests.table_lock
    monkeypatch.setattr(requests, "table_lock", lambda table_id: taken.append(table_id) or real_lock(table_id))
    for path, request, status in (
        ("/t/mesa1", {}, "401"),
        ("/t/mesa1?token=" + "y" * 32, {}, "401"),
        ("/t/mesa1?token=" + "y" * 5000, {}, "401"),
        ("/api/tables/mesa1", {}, "401"),
        (f"/t/mesa2?token={one}", {}, "403"),
        (f"/api/tables/mesa2?token={one}", {}, "403"),
        ("/wp-admin/setup.php", {}, "404"),
        ("/t/mesa1", {"method": "POST", "data": big, "content_type": "text/plain"}, "413"),
        ("/t/mesa1", {"headers": {"Host": "a b"}}, "400"),
    ):
        cost, answered = _server_cost(app, path, **request)
        assert answered == status, path
        assert cost < 0.001, (path, cost)
    assert (read, taken) == ([], [])
    assert app.test_client().get(f"/t/mesa1?token={one}").status_code == 500  # the page itself reads, and fails
    assert taken == ["mesa1"]  # and took its table's lock: the check above can fail
    page = app.test_client().get("/t/mesa1").get_data(as_text=True)
    assert (
        '<p role="alert">Esta página precisa da ligação da sua mesa (o código secreto falta ou está errado).</p>'
        in page
    )
    english = app.test_client().get("/t/mesa1?lang=en").get_data(as_text=True)
    assert "This page needs its table&#39;s link (its secret token is missing or wrong)." in english


def test_no_table_waits_on_another_tables_work(folder):
    from scorekeeper.serve import per_request as requests

    (folder / "mesa2.yaml").write_text(EMPTY)
    client = create_app(str(folder), language="en").test_client()
    replies = {}

    def ask(path):
        began = time.monotonic()
        status = client.get(path).status_code
        replies[path] = (status, time.monotonic() - began)

    held = requests.table_lock("mesa1")
    with held.lock:  # table 1 busy for as long as this block: nobody else waits on it
        asked = [threading.Thread(target=ask, args=(path,)) for path in ("/t/mesa2", "/api/tables", "/", "/print")]
        for thread in asked:
            thread.start()
        for thread in asked:
            thread.join(10)
        waiting = threading.Thread(target=ask, args=("/t/mesa1",))
        waiting.start()
        waiting.join(0.5)
        assert waiting.is_alive()  # table 1's own page waits for table 1's work
    waiting.join(10)
    assert {path: status for path, (status, _) in replies.items()} == {
        "/t/mesa2": 200,
        "/api/tables": 200,
        "/": 200,
        "/print": 200,
        "/t/mesa1": 200,
    }
    assert max(seconds for path, (_, seconds) in replies.items() if path != "/t/mesa1") < 2


@pytest.mark.parametrize("depth", [1_000, 9_000])  # 9,000 objects: 63 KB, under the 64 KiB a body may be
@pytest.mark.parametrize("opening, closing", [("[", "]"), ('{"a":', "}")])
def test_json_nested_to_any_depth_is_a_400_of_one_line(folder, depth, opening, closing):
    client, access = _pad(folder)
    body = opening * depth + "1" + closing * depth
    answer = client.post(
        "/api/tables/mesa1/entries",
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {access.token_for('mesa1')}"},
    )
    assert (answer.status_code, answer.get_json()) == (400, {"error": "invalid", "message": "a JSON object"})
    assert (folder / "mesa1.yaml").read_text() == EMPTY


@pytest.mark.parametrize(
    "character",
    [
        "\u200b",  # zero width space
        "\u3164",  # Hangul filler
        "\uffa0",  # halfwidth Hangul filler
        "\u034f",  # combining grapheme joiner
        "\u115f",  # Hangul choseong filler
        "\u1160",  # Hangul jungseong filler
        "\u00ad",  # soft hyphen
        "\u2060",  # word joiner
        "\u180e",  # Mongolian vowel separator
        "\ufe0f",  # variation selector 16
        "\U000e0041",  # tag latin capital letter A
        "\U000e0100",  # variation selector 17
        "\u2800",  # Braille pattern blank
    ],
)
def test_a_name_holding_a_character_that_shows_as_nothing_is_refused(tmp_path, character):
    from scorekeeper.names import name_problem

    twin = "Ana" + character
    code = f"U+{ord(character):04X}"
    assert name_problem(twin) == (
        f"the name {yaml_quote(twin)} holds {code}, which shows as nothing: two names would look alike"
    )
    (tmp_path / "mesa1.yaml").write_text(
        f'rules: king\nplayers: [Ana, "{twin.encode("ascii", "backslashreplace").decode()}", Carla, Duarte]\nhands: []\n'
    )
    client = create_app(str(tmp_path), language="en").test_client()
    answer = client.get("/api/tables")
    assert answer.get_json()[0]["error"].startswith("mesa1.yaml:2: players: the name ")
    assert answer.get_json()[0]["error"].endswith(f"holds {code}, which shows as nothing: two names would look alike")


def yaml_quote(name: str) -> str:
    from scorekeeper.errors import quote

    return quote(name)


def test_slow_clients_cannot_lock_the_tables_out(folder):
    """120 connections each sending a byte every 3 s (slowloris): waitress's default limit of
    100 connections would turn every phone away; the pad's server answers a table's page
    within a second all along."""
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", str(folder), "--port", "0", "--no-qr", "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    slow: list[socket.socket] = []
    try:
        for line in server.stdout:
            found = re.search(r"Serving on http://127\.0\.0\.1:(\d+)", line)
            if found:
                break
        port = int(found.group(1))
        request = b"GET /t/mesa1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
        for _ in range(120):
            slow.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        answered = []
        began = time.monotonic()
        sent = 0
        while time.monotonic() - began < 12:
            if time.monotonic() - began >= sent * 3:  # each slow connection's next byte, every 3 s
                for each in slow:
                    each.sendall(request[sent : sent + 1])
                sent += 1
            asked = time.monotonic()
            with socket.create_connection(("127.0.0.1", port), timeout=5) as phone:
                phone.sendall(b"GET /t/mesa1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                reply = b""
                while chunk := phone.recv(65536):
                    reply += chunk
            answered.append((reply.split(b"\r\n", 1)[0], time.monotonic() - asked))
            time.sleep(0.5)
        assert sent == 4 and len(answered) >= 10
        assert {status for status, _ in answered} == {b"HTTP/1.1 200 OK"}
        assert max(seconds for _, seconds in answered) < 1, answered
        for each in slow:  # every slow connection is still open: none was cut to make room
            each.sendall(b"a")
    finally:
        for each in slow:
            each.close()
        server.terminate()
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
            raise


def test_a_request_still_trickling_in_after_the_deadline_is_cut_off(folder, monkeypatch):
    """A byte every second keeps waitress's idle timeout away for ever; the request deadline
    closes the connection (REQUEST_DEADLINE, here 2 s, looked at every CLEANUP_INTERVAL)."""
    from scorekeeper.serve import server as pad_server

    monkeypatch.setattr(pad_server, "REQUEST_DEADLINE", 2)
    running = pad_server.make_server(create_app(str(folder), language="en"), "127.0.0.1", 0)
    loop = threading.Thread(target=running.run, daemon=True)
    loop.start()
    try:
        trickle = socket.create_connection(("127.0.0.1", running.effective_port), timeout=1)
        began = time.monotonic()
        closed = None
        for byte in b"GET /t/mesa1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100:
            try:
                trickle.sendall(bytes([byte]))
                if trickle.recv(1) == b"":
                    closed = time.monotonic() - began
                    break
            except TimeoutError:
                continue  # nothing yet: a second went by
            except OSError:
                closed = time.monotonic() - began
                break
        assert closed is not None and 2 <= closed <= 2 + 2 * CLEANUP_INTERVAL + 1.5, closed
        trickle.close()
    finally:
        running.close()
        running.task_dispatcher.shutdown()


@pytest.mark.parametrize("character", ["\u00a0", "\u2002", "\u2007", "\u202f", "\u3000", "\u1680", "\u205f"])
def test_a_name_holding_a_space_that_looks_like_the_plain_one_is_refused(tmp_path, character):
    """`A na` and `A` + U+00A0 + `na` would be two players that look like one (the trial of issue
    25 seated both at one table): every space separator but the plain one is refused."""
    from conftest import run

    from scorekeeper.names import name_problem

    twin = "A" + character + "na"
    code = f"U+{ord(character):04X}"
    assert name_problem(twin) == (
        f"the name {yaml_quote(twin)} holds {code}, a space that looks like the plain one: two names would look alike"
    )
    assert name_problem("A na") is None
    done = run("new", "king", "-p", "A na", "-p", twin, "-p", "Carla", "-p", "Duarte", "-o", str(tmp_path / "m.yaml"))
    assert done.exit_code == 2 and code in done.output and not (tmp_path / "m.yaml").exists()
