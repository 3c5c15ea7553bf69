"""The organiser's pages through Flask's test client: every table with its state in words (in
play and how far, a match or a game, a real error with its code and article, never the
tournament's "not complete" finding of a table being played), the live standings marked
provisional, the next round drawn by its button (its tables with their links and codes; the
form sent again says so), the printable page of links, and a table's boletim downloaded (an
xlsx that `scorekeeper check` reads clean)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
import yaml
from conftest import EXAMPLES, king_final_for_four

from scorekeeper.core import pad_tables as tables
from scorekeeper.core import tournament as core_tournament
from scorekeeper.serve.app import create_app

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CLOCK = re.compile(r"\d\d:\d\d:\d\d")


@pytest.fixture
def final(tmp_path):
    return king_final_for_four(tmp_path)


@pytest.fixture
def in_play(final):
    """Round 4 drawn (seed 2029); at table 1 three hands played, the third `ultimas`; table 2
    not started."""
    core_tournament.draw(str(final), seed=2029, seconds=None, steps=200)
    table = tables.list_tables(str(final)).tables[0]
    for number, (hand, counts) in enumerate(
        (("vazas", [2, 6, 3, 2]), ("copas", [1, 7, 2, 3]), ("ultimas", [0, 0, 1, 1]))
    ):
        tables.record(table, {"hand": hand, "counts": counts}, number)
    return final


def _csrf(page: str) -> str:
    return re.search(r'name="csrf" value="(\w+)"', page).group(1)


def _cells(page: str, cls: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(rf'<td class="{cls}"[^>]*>(.*?)</td>', page, re.S)
    ]


def _standings(page: str) -> list[list[str]]:
    body = re.search(r'<table class="standings">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_a_table_in_play_is_in_play_with_its_progress_never_an_error(in_play):
    page = create_app(str(in_play), language="en").test_client().get("/").get_data(as_text=True)
    assert _cells(page, "state") == ["in play: hand 3 of 10", "game not started"]
    assert [CLOCK.sub("T", line) for line in _cells(page, "last")] == [
        "hand 3 (2 Últimas Vazas) recorded at T on the command line",  # the rule file's label, not `ultimas`
        "draw at T on the command line",
    ]
    assert "T-TN2-SHEET-INCOMPLETE" not in page and "error" not in page
    assert 'id="pending-h"' not in page  # nothing else to look at


def test_the_live_standings_mark_the_tables_in_play_as_provisional_in_words(in_play):
    page = create_app(str(in_play), language="en").test_client().get("/").get_data(as_text=True)
    assert re.search(r'<span class="provisional">([^<]*)</span>', page).group(1) == "provisional: 2 tables in play"
    rows = _standings(page)
    # place, player (marked when his table is in play), points, King points, byes, absent, unplayed, penalty, decided by
    assert [(row[1], row[2], row[-1]) for row in rows] == [  # as docs/tournaments.md, and Ines's bye (2.5)
        ("Ines", "12", "points"),  # the bye of round 4: nobody plays her
        ("Filipa in play at table 2", "10.5", "points"),
        ("Ana in play at table 2", "9.5", "King points"),  # `king_points` said in words
        ("Bruno in play at table 1", "9.5", "points"),
        ("Helena in play at table 1", "8", "points"),
        ("Carla in play at table 1", "6.5", "points"),
        ("Gil in play at table 2", "6", "best game 1"),
        ("Eduardo in play at table 1", "6", "points"),
        ("Duarte in play at table 2", "2", ""),
    ]
    assert "king_points" not in page


def test_the_organisers_page_in_portuguese_says_the_games_words_with_their_accents(in_play):
    page = create_app(str(in_play), language="pt_PT").test_client().get("/?lang=pt_PT").get_data(as_text=True)
    assert "mão 3 de 10" in _cells(page, "state")[0]
    assert "(2 Últimas Vazas)" in _cells(page, "last")[0]
    assert "Ronda 4" in page and ">Mesa 1</a>" in page
    assert "ultimas" not in page and "king_points" not in page and "T-TN2-SHEET-INCOMPLETE" not in page


def test_a_table_with_a_real_error_says_it_with_its_code_and_article(in_play):
    second = in_play.parent / "r4-mesa2.yaml"
    second.write_text(second.read_text().replace("hands: []", "hands:\n  - {hand: vazas, counts: [2, 6, 3, 3]}"))
    page = create_app(str(in_play), language="en").test_client().get("/").get_data(as_text=True)
    assert _cells(page, "state")[1] == (
        "error: hand 1 (vazas): counts add up to 14, more than the 13 there are (K-Q1-TOTAL-OVER, Quadro 1)"
    )
    pending = re.findall(r"<li>([^<]*)</li>", re.search(r'<ul class="pending">(.*?)</ul>', page, re.S).group(1))
    assert pending == ["Round 4, table 2: a table&#39;s sheet has errors (T-TN2-SHEET-ERRORS, TN2)"]
    assert re.search(r'<span class="provisional">([^<]*)</span>', page).group(1) == "provisional: 1 table in play"


def test_a_race_is_a_match_said_by_its_score_and_its_winner(tmp_path):
    """Sueca's deals to 4 points make a moca, the game is won at 3 mocas (Vencedor 1): a table
    of 4 deals (72, 30, 95, 61 for Nos) is in play at 1 moca to 0. Truco's match (T4), complete,
    is won by Nos."""
    sueca = (EXAMPLES / "sueca-torneio-jogo1.yaml").read_text()
    (tmp_path / "jogo1.yaml").write_text(sueca.split("  - {points: [60, 60]}")[0])
    shutil.copy(EXAMPLES / "truco-furb-partida1.yaml", tmp_path / "partida1.yaml")
    page = create_app(str(tmp_path), language="en").test_client().get("/").get_data(as_text=True)
    assert _cells(page, "who") == ["Nos v Eles", "Nos v Eles"]
    assert _cells(page, "state") == ["in play: 1 moca to 0", "match over, won by Nos"]
    assert 'class="standings"' not in page  # a folder of sheets has no standings


def test_the_draw_button_draws_the_next_round_and_shows_its_tables_links_and_codes(final):
    app = create_app(str(final), with_tokens=True, language="en")
    access = app.extensions["scorekeeper"].access
    client = app.test_client()
    boss = access.organiser
    page = client.get(f"/?token={boss}").get_data(as_text=True)
    assert "Draw the next round</button>" in page
    csrf = _csrf(page)
    before = final.read_text()
    assert client.post(f"/draw?token={boss}", data={"csrf": "0" * 64}).status_code == 403
    table = access.token_for("1")
    assert client.post(f"/draw?token={table}", data={"csrf": csrf}).status_code == 403  # a table's link
    assert final.read_text() == before

    assert re.search(r'name="after_round" value="3"', page)
    drawn = client.post(f"/draw?token={boss}", data={"csrf": csrf, "after_round": "3"})
    # Post/Redirect/Get: the result is a page of its own, which a reload asks for again.
    assert (drawn.status_code, drawn.headers["Location"]) == (303, f"/draw?token={boss}&lang=en&drawn=4")
    shown = client.get(drawn.headers["Location"]).get_data(as_text=True)
    assert client.get(drawn.headers["Location"]).get_data(as_text=True) == shown  # reloaded: the same page
    assert re.search(r'<p class="said" role="status">([^<]*)</p>', shown).group(1) == "Round 4 drawn: 2 tables."
    fourth = yaml.safe_load(final.read_text())["rounds"][3]
    assert [t["table"] for t in fourth["tables"]] == [1, 2] and len(fourth["byes"]) == 1
    seated = sorted(p for t in fourth["tables"] for p in t["players"]) + fourth["byes"]
    assert sorted(seated) == sorted(["Ana", "Bruno", "Carla", "Duarte", "Eduardo", "Filipa", "Gil", "Helena", "Ines"])
    sheets = [t["sheet"] for t in fourth["tables"]]
    for sheet, seat in zip(sheets, fourth["tables"]):
        written = yaml.safe_load((final.parent / sheet).read_text())
        assert (written["rules"], written["players"], written["hands"] or []) == ("king", seat["players"], [])
    links = [
        f"http://localhost/t/{n}?token={access.token_for(str(n))}" for n in (1, 2)
    ]  # each table's own link (the same as in round 3), as the organiser's page and the QR code give it
    assert re.findall(r'<td class="address" data-label="Link"><a href="([^"]+)">', shown) == links
    assert re.findall(r'<img class="qr" src="/qr/(\d).svg', shown) == ["1", "2"]
    assert _cells(shown, "who") == [", ".join(seat["players"]) for seat in fourth["tables"]]
    assert f'<p class="meta">Bye: {fourth["byes"][0]}</p>' in shown
    assert client.get(f"/draw?token={access.token_for('1')}").status_code == 403  # the organiser's only
    qr = client.get(f"/qr/1.svg?token={boss}")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"

    page = client.get(f"/?token={boss}").get_data(as_text=True)
    assert "Round 4" in page and all(sheet in page for sheet in sheets)
    assert [
        (t["id"], t["round"], t["sheet"], t["state"]) for t in client.get(f"/api/tables?token={boss}").get_json()
    ] == [("1", 4, sheets[0], "not-started"), ("2", 4, sheets[1], "not-started")]
    assert "Draw the next round</button>" not in page  # round 4 is not played yet (and is the last planned)

    # Reloaded, or sent again after Back: the round drawn, with the same tables and links.
    sent_twice = client.post(f"/draw?token={boss}", data={"csrf": csrf, "after_round": "3"}, follow_redirects=True)
    assert sent_twice.status_code == 200 and len(yaml.safe_load(final.read_text())["rounds"]) == 4
    again = sent_twice.get_data(as_text=True)
    assert re.search(r'<p class="said" role="status">([^<]*)</p>', again).group(1) == (
        "Round 4 was already drawn; nothing changed. Its tables and links:"
    )
    assert re.findall(r'<td class="address" data-label="Link"><a href="([^"]+)">', again) == links
    assert "--force" not in again

    refused = client.post(f"/draw?token={boss}", data={"csrf": csrf})  # a form of no round: round 4 is the last
    assert refused.status_code == 422 and len(yaml.safe_load(final.read_text())["rounds"]) == 4
    said = re.search(r'<pre class="message" role="status">(.*?)</pre>', refused.get_data(as_text=True), re.S)
    assert said.group(1) == "Round 4 was the last planned round: the pad draws no other."


def test_a_round_not_finished_is_not_drawn_and_the_pad_never_advises_force(in_play):
    in_play.write_text(in_play.read_text().replace("planned_rounds: 4 ", "planned_rounds: 5 "))
    client = create_app(str(in_play), language="en").test_client()
    page = client.get("/").get_data(as_text=True)
    assert "Draw the next round</button>" not in page
    refused = client.post("/draw", data={"csrf": _csrf_of_any(client), "after_round": "4"})
    assert refused.status_code == 422 and "--force" not in refused.get_data(as_text=True)
    said = re.search(r'<pre class="message" role="status">(.*?)</pre>', refused.get_data(as_text=True), re.S)
    assert said.group(1) == (
        "Round 4 is not complete and clean yet: the next round is drawn when every table&#39;s sheet is."
    )
    assert len(yaml.safe_load(in_play.read_text())["rounds"]) == 4


def _csrf_of_any(client) -> str:
    """The draw form's CSRF token, as the organiser's page would carry it when the round is
    ready (the same session and link): read from the access object, since the page shows no form."""
    client.get("/")  # the session's nonce
    app = client.application
    access = app.extensions["scorekeeper"].access
    with client.session_transaction() as session:
        nonce = session["nonce"]
    return access.csrf(nonce, "", "draw")


def test_the_printable_page_has_every_tables_number_code_and_link(final):
    app = create_app(str(final), with_tokens=True, language="en")
    access = app.extensions["scorekeeper"].access
    page = app.test_client().get(f"/print?token={access.organiser}").get_data(as_text=True)
    assert re.findall(r"<h2>([^<]*)</h2>", page) == ["Table 1", "Table 2"]
    assert re.findall(r'<p class="address">([^<]*)</p>', page) == [
        f"http://localhost/t/{n}?token={access.token_for(str(n))}" for n in (1, 2)
    ]
    assert re.findall(r'<img src="/qr/(\d).svg', page) == ["1", "2"]
    assert '<link rel="stylesheet" href="/static/organiser.css">' in page


def test_a_tables_boletim_downloads_as_a_workbook_check_reads_clean(final, tmp_path):
    app = create_app(str(final), with_tokens=True, language="en")
    access = app.extensions["scorekeeper"].access
    client = app.test_client()
    got = client.get(f"/t/1/sheet.xlsx?token={access.token_for('1')}")
    assert got.status_code == 200 and got.mimetype == XLSX
    assert got.headers["Content-Disposition"] == 'attachment; filename="1.xlsx"'
    assert client.get(f"/t/2/sheet.xlsx?token={access.token_for('1')}").status_code == 403
    saved = tmp_path / "r3-t1.xlsx"
    saved.write_bytes(got.data)
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "check", "--lang", "en", str(saved)], capture_output=True, text=True
    )
    sheet = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "check", "--lang", "en", str(final.parent / "r3-mesa1.yaml")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and sheet.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split(": ", 1)[1] == sheet.stdout.split(": ", 1)[1]  # the same game, the same totals
    assert done.stdout.split(": ", 1)[1].startswith("clean (king, complete;")
