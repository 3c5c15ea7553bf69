"""The score pad's server (scorekeeper/serve) through Flask's test client: every API endpoint,
the secret links (401 without, 403 for another table's), a forged CSRF token, a body too large,
a name holding <script>, and the headers every page sends."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml
from conftest import EXAMPLES, king_sheet

from scorekeeper.serve.app import CSP, create_app


@pytest.fixture
def folder(tmp_path):
    king_sheet(tmp_path, "mesa1.yaml")
    king_sheet(tmp_path, "mesa2.yaml", "[Eva, Filipe, Gil, Helena]")
    return tmp_path


def _client(path, **options):
    app = create_app(str(path), **options)
    return app, app.test_client()


def test_the_api_lists_shows_records_and_undoes(folder):
    _app, client = _client(folder)
    listed = client.get("/api/tables").get_json()
    assert [
        (t["id"], t["sheet"], t["game"], t["players"], t["state"], t["entries"], t["findings"]) for t in listed
    ] == [
        ("mesa1", "mesa1.yaml", "king", ["Ana", "Bruno", "Carla", "Duarte"], "not-started", 0, []),
        ("mesa2", "mesa2.yaml", "king", ["Eva", "Filipe", "Gil", "Helena"], "not-started", 0, []),
    ]
    made = client.post(
        "/api/tables/mesa1/entries", json={"hand": "vazas", "counts": [3, 2, 1, 7], "expected_entries": 0}
    )
    assert made.status_code == 201
    assert made.get_json()["totals"] == {"Ana": -60, "Bruno": -40, "Carla": -20, "Duarte": -140}
    assert made.get_json()["said"] == ["Hand 1 (vazas): Ana -60, Bruno -40, Carla -20, Duarte -140"]
    shown = client.get("/api/tables/mesa1").get_json()
    assert [h["points"] for h in shown["hands"]] == [{"Ana": -60, "Bruno": -40, "Carla": -20, "Duarte": -140}]
    stale = client.post(
        "/api/tables/mesa1/entries", json={"hand": "copas", "counts": [4, 3, 6, 0], "expected_entries": 0}
    )
    assert stale.status_code == 409
    assert stale.get_json()["message"] == "hand 1 was recorded meanwhile"
    assert len(stale.get_json()["sheet"]["hands"]) == 1
    refused = client.post(
        "/api/tables/mesa1/entries", json={"hand": "copas", "counts": [4, 3, 6, 1], "expected_entries": 1}
    )
    assert refused.status_code == 422
    assert refused.get_json()["code"] == "K-Q1-TOTAL-OVER"
    assert refused.get_json()["message"] == (
        "not recorded: hand 2 (copas): counts add up to 14, more than the 13 there are [Quadro 1]"
    )
    assert client.delete("/api/tables/mesa1/entries/last?expected_entries=0").status_code == 409
    undone = client.delete("/api/tables/mesa1/entries/last", json={"expected_entries": 1})
    assert undone.status_code == 200 and undone.get_json()["hands"] == []
    assert yaml.safe_load((folder / "mesa1.yaml").read_text())["hands"] == []
    assert client.get("/api/tables/nowhere").status_code == 404
    assert client.post("/api/tables/mesa1/entries", data="hand=vazas").status_code == 415


def test_a_tournament_lists_its_current_round(tmp_path):
    shutil.copytree(EXAMPLES / "championship-king", tmp_path / "final")
    _app, client = _client(tmp_path / "final" / "final.yaml")
    listed = client.get("/api/tables").get_json()
    assert [(t["id"], t["round"], t["sheet"], t["state"]) for t in listed] == [
        ("1", 3, "r3-mesa1.yaml", "complete"),
        ("2", 3, "r3-mesa2.yaml", "complete"),
    ]
    page = client.get("/?lang=en").get_data(as_text=True)
    assert "Standings" in page and "r3-mesa1.yaml" in page
    assert client.get("/championship.xlsx").data[:2] == b"PK"


def test_a_tables_link_reads_and_writes_only_its_table(folder):
    app, client = _client(folder, with_tokens=True)
    access = app.extensions["scorekeeper"].access
    one, two = access.token_for("mesa1"), access.token_for("mesa2")
    assert client.get("/api/tables").status_code == 401
    assert client.get("/api/tables/mesa1?token=wrong").status_code == 401
    assert client.get("/api/tables/mesa1", headers={"Authorization": f"Bearer {one}"}).status_code == 200
    assert client.get(f"/api/tables/mesa2?token={one}").status_code == 403
    assert (
        client.post(
            f"/api/tables/mesa2/entries?token={one}",
            json={"hand": "vazas", "counts": [3, 2, 1, 7], "expected_entries": 0},
        ).status_code
        == 403
    )
    refused = client.get(f"/t/mesa2?token={one}")
    assert refused.status_code == 403  # said in the tables' language (King: pt_PT), as their pages are
    assert '<p role="alert">Esta ligação é de outra mesa.</p>' in refused.get_data(as_text=True)
    assert client.get(f"/?token={one}").status_code == 403
    assert [t["id"] for t in client.get(f"/api/tables?token={two}").get_json()] == ["mesa2"]
    assert [t["id"] for t in client.get(f"/api/tables?token={access.organiser}").get_json()] == ["mesa1", "mesa2"]
    assert client.get(f"/t/mesa2?token={access.organiser}").status_code == 200
    assert yaml.safe_load((folder / "mesa2.yaml").read_text())["hands"] == []


def _form(page: str) -> dict:
    return {
        "csrf": re.search(r'name="csrf" value="(\w+)"', page).group(1),
        "expected_entries": re.search(r'name="expected_entries" value="(\d+)"', page).group(1),
    }


def test_a_forged_csrf_token_changes_nothing(folder):
    app, client = _client(folder, with_tokens=True)
    one = app.extensions["scorekeeper"].access.token_for("mesa1")
    page = client.get(f"/t/mesa1?token={one}&lang=en").get_data(as_text=True)
    form = _form(page)
    vazas = {"hand": "vazas", "penalty": "", "vazas-0": "3", "vazas-1": "2", "vazas-2": "1", "vazas-3": "7"}
    assert client.post(f"/t/mesa1?token={one}", data={**form, "csrf": "0" * 64, **vazas}).status_code == 403
    assert client.post(f"/t/mesa1?token={one}", data={"expected_entries": "0", **vazas}).status_code == 403
    other = app.test_client()  # another browser: its session has its own tokens
    assert other.post(f"/t/mesa1?token={one}", data={**form, **vazas}).status_code == 403
    assert yaml.safe_load((folder / "mesa1.yaml").read_text())["hands"] == []
    saved = client.post(f"/t/mesa1?token={one}&lang=en", data={**form, **vazas})
    assert saved.status_code == 200 and "Hand 1 · Vazas saved: Ana -60" in saved.get_data(as_text=True)
    assert yaml.safe_load((folder / "mesa1.yaml").read_text())["hands"] == [{"hand": "vazas", "counts": [3, 2, 1, 7]}]


def test_a_body_too_large_is_refused(folder):
    _app, client = _client(folder)
    big = {"hand": "vazas", "counts": [3, 2, 1, 7], "expected_entries": 0, "note": "x" * 70_000}
    assert client.post("/api/tables/mesa1/entries", json=big).status_code == 413
    assert yaml.safe_load((folder / "mesa1.yaml").read_text())["hands"] == []


def test_a_name_holding_a_script_is_escaped_on_every_page(tmp_path):
    king_sheet(tmp_path, "mesa1.yaml", '["<script>alert(1)</script>", Bruno, Carla, Duarte]')
    _app, client = _client(tmp_path)
    for address in ("/t/mesa1?lang=en", "/?lang=en"):
        page = client.get(address).get_data(as_text=True)
        assert "<script>alert(1)</script>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>" not in re.sub(
        r'<script src="/static/pad.js" defer></script>', "", client.get("/t/mesa1?lang=en").get_data(as_text=True)
    )


def test_every_page_sends_the_policy_of_the_server_alone(folder):
    _app, client = _client(folder)
    for address in ("/", "/t/mesa1", "/api/tables", "/print", "/static/pad.css", "/nowhere"):
        answer = client.get(address)
        assert answer.headers["Content-Security-Policy"] == CSP, address
        assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert CSP.startswith("default-src 'self';") and "unsafe-inline" not in CSP
    assert client.get("/t/mesa1", headers={"Host": "attacker.example"}).status_code == 400  # DNS rebinding


def test_the_pages_speak_the_games_workbook_language_unless_told(folder):
    def record(page) -> str:
        return re.search(r'<button type="submit" class="record"[^>]*>([^<]*)</button>', page).group(1)

    _app, client = _client(folder)
    assert record(client.get("/t/mesa1").get_data(as_text=True)) == "Registar"
    assert record(client.get("/t/mesa1?lang=pt_BR").get_data(as_text=True)) == "Registrar"
    assert record(client.get("/t/mesa1?lang=en").get_data(as_text=True)) == "Record"
    _app, told = _client(folder, language="en")
    assert record(told.get("/t/mesa1").get_data(as_text=True)) == "Record"


def test_serve_prints_the_organisers_link_then_each_tables_with_its_code(tmp_path):
    import subprocess
    import sys

    shutil.copytree(EXAMPLES / "championship-king", tmp_path / "final")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scorekeeper",
            "serve",
            str(tmp_path / "final" / "final.yaml"),
            "--host",
            "127.0.0.2",
            "--port",
            "0",
            "--lang",
            "en",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        lines = []
        for line in server.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("Serving on"):
                break
    finally:
        server.terminate()
        try:  # waitress lets its task threads finish (up to 5 s) before it exits: slow on a loaded machine
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
            raise
    links = [line for line in lines if "http://" in line and not line.startswith("Serving")]
    assert [re.sub(r"token=[\w-]+", "token=T", re.sub(r":\d+/", ":P/", line)) for line in links] == [
        "Organiser: http://127.0.0.2:P/?token=T",
        "Table 1: http://127.0.0.2:P/t/1?token=T",
        "Table 2: http://127.0.0.2:P/t/2?token=T",
    ]
    tokens = {re.search(r"token=([\w-]+)", line).group(1) for line in links}
    assert len(tokens) == 3 and all(len(t) >= 32 for t in tokens)  # secrets.token_urlsafe(24): 32 characters
    codes = [line for line in lines if "\u2580" in line or "\u2584" in line or "\u2588" in line]
    assert len(codes) >= 3 * 12  # a QR code (25 modules and its border, two rows a line) after each link
