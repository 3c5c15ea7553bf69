"""The score pad in a real browser: the system's Chromium driven by Playwright (never a browser
download), at a phone's 390x844, against a waitress server on a free loopback port. Each game
is recorded by the accessible names (each count labelled with its player, the button "Record"),
the saved sheet is checked with `check`, and a screenshot of each page is taken (kept in docs/ with SCOREKEEPER_SCREENSHOTS=docs)."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
import tempfile
import threading

import pytest

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = pathlib.Path("/usr/bin/chromium")
DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs the system's Chromium (apt-get install chromium)")


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def serve(tmp_path):
    """Start the pad on PATH (a free loopback port, waitress in a thread); yields its address."""
    from waitress.server import create_server

    from scorekeeper.serve.app import MAX_BODY, create_app

    servers = []

    def start(path, **options):
        app = create_app(str(path), **options)
        server = create_server(
            app, host="127.0.0.1", port=0, threads=4, connection_limit=20, max_request_body_size=MAX_BODY
        )
        threading.Thread(target=server.run, daemon=True).start()
        servers.append(server)
        return app, f"http://127.0.0.1:{server.effective_port}"

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    opened = context.new_page()
    yield opened
    context.close()


def _check(path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "check", "--lang", "en", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip()


def _record(page, *counts, prefix="", choice=None):
    """Answer one screen: a choice's button, or each player's count by name, then Record."""
    if choice is not None:
        page.get_by_role("button", name=choice, exact=True).click()
        return
    for name, value in counts:
        page.get_by_role("textbox", name=re.compile("^" + re.escape(name) + ("" if prefix is None else ","))).fill(
            str(value)
        )
    page.get_by_role("button", name="Record", exact=True).click()


SMALL_TARGETS = """Array.from(document.querySelectorAll('a, button, input:not([type=hidden]), summary'))
  .map(e => [e.tagName + ' ' + (e.innerText || e.name || '').slice(0, 40), e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.height < 44 || r.width < 44))
  .map(([name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""


def _fits(page) -> None:
    """The page fits a phone: nothing scrolls sideways, every link and control is a 44 px target."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    assert page.evaluate(SMALL_TARGETS) == []


# Each run draws new secret links (so new QR codes): the screenshots in docs/ are rewritten only
# when asked (SCOREKEEPER_SCREENSHOTS=docs), else taken into a temporary folder, so that a test
# run leaves the checkout as it was. Either way the page is rendered and captured.
SHOTS = (
    DOCS
    if os.environ.get("SCOREKEEPER_SCREENSHOTS") == "docs"
    else pathlib.Path(tempfile.mkdtemp(prefix="serve-shots-"))
)


def _shot(page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"serve-{name}.png"), full_page=True)


PLAYERS = ("Ana", "Bruno", "Carla", "Duarte")


def _counts(*values):
    return list(zip(PLAYERS, values))


def test_a_whole_king_game(tmp_path, serve, page):
    sheet = tmp_path / "mesa1.yaml"
    sheet.write_text("rules: king\nevent: Final Nacional\ntable: 1\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n")
    _app, base = serve(tmp_path, language="en")
    page.goto(f"{base}/t/mesa1")
    for hand, values in (
        ("vazas", (3, 2, 1, 7)),
        ("copas", (4, 3, 6, 0)),
        ("damas", (1, 1, 1, 1)),
        ("reis-valetes", (2, 2, 2, 2)),
        ("rei-de-copas", (0, 0, 1, 0)),
        ("ultimas", (0, 0, 0, 2)),
    ):
        _record(page, choice=hand)
        if hand == "damas":
            _fits(page)
            _shot(page, "king-counts")
        _record(page, *_counts(*values))
        assert page.get_by_role("status").first.inner_text().startswith("Hand ")
    assert page.get_by_text("Hand 6 (ultimas): Ana 0, Bruno 0, Carla 0, Duarte -180").is_visible()
    # a count out of range is refused beside its field, with what was typed kept
    _record(page, choice="festa")
    page.get_by_role("button", name="Record", exact=True).click()  # Ana, the Dono da Festa in rotation
    _record(page, choice="positivos")
    _record(page, choice="copas")
    page.get_by_role("button", name="Record", exact=True).click()  # no offer
    _record(page, *_counts(5, 3, 3, 14))
    assert page.get_by_text("Duarte: tricks made: 14 is out of range (0 to 13); try again").is_visible()
    assert page.get_by_role("textbox", name=re.compile("^Duarte,")).input_value() == "14"
    _shot(page, "king-refused")
    _record(page, ("Duarte", 2))
    for beneficiary, contract, rest in (
        ("Bruno", "nulos", (1, 3, 4, 5)),
        ("Carla", "4-3-3-3", None),
        ("Duarte", "positivos", (6, 2, 3, 2)),
    ):
        _record(page, choice="festa")
        assert page.get_by_role("textbox", name="Beneficiary (Dono da Festa)").input_value() == beneficiary
        page.get_by_role("button", name="Record", exact=True).click()
        _record(page, choice=contract)
        if contract == "positivos":
            _record(page, choice="sem-trunfo")
        if rest is not None:
            page.get_by_role("button", name="Record", exact=True).click()  # no offer
            _record(page, *_counts(*rest))
    assert (
        page.locator("p.complete").inner_text() == "The game is complete: Ana +350, Bruno +90, Carla -135, Duarte -305"
    )
    _fits(page)
    _shot(page, "king-complete")
    assert _check(sheet) == "{}: clean (king, complete; Ana +350, Bruno +90, Carla -135, Duarte -305)".format(sheet)


def test_a_sueca_match(tmp_path, serve, page):
    sheet = tmp_path / "jogo.yaml"
    sheet.write_text("rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\ndeals: []\n")
    _app, base = serve(tmp_path)
    page.goto(f"{base}/t/jogo?lang=en")
    page.get_by_role("textbox", name="Deal 1: card points of Nos (or a penalty)").fill("72")
    page.get_by_role("button", name="Record", exact=True).click()
    assert page.get_by_role("textbox", name="Deal 1: card points of Eles").input_value() == "48"
    page.get_by_role("button", name="Record", exact=True).click()
    for number in (2, 3, 4):
        page.get_by_role("textbox", name=f"Deal {number}: card points of Nos (or a penalty)").fill("120")
        page.get_by_role("button", name="Record", exact=True).click()
        page.get_by_role("button", name="Record", exact=True).click()  # Eles: 0, as the form says
        _record(page, choice="yes")  # all ten tricks
    assert page.locator("p.complete").inner_text() == "The game is complete: Nos 3 mocas, Eles 0 mocas; Nos wins"
    _fits(page)
    _shot(page, "sueca")
    assert _check(sheet) == f"{sheet}: clean (sueca, won by Nos; Nos 3 mocas, Eles 0 mocas)"


def test_a_truco_match(tmp_path, serve, page):
    sheet = tmp_path / "partida.yaml"
    sheet.write_text("rules: truco\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\nhands: []\n")
    _app, base = serve(tmp_path, language="pt_BR")
    page.goto(f"{base}/t/partida")
    _record(page, choice="Nos 3")
    _record(page, choice="Eles 1")
    _record(page, choice="Nos 9")  # Nos 12: game 1
    _record(page, choice="Nos 12")  # game 2, and the match
    assert page.get_by_role("button", name="Registrar", exact=True).count() == 0  # nothing left to record
    _fits(page)
    _shot(page, "truco")
    assert _check(sheet) == f"{sheet}: clean (truco, won by Nos; Nos 2 games, Eles 0 games)"


def test_a_quatrilho_round(tmp_path, serve, page):
    sheet = tmp_path / "mesa7.yaml"
    sheet.write_text("rules: quatrilho\nround_deals: 2\nplayers: [Ari, Bia, Caio, Davi, Eva]\ndeals: []\n")
    _app, base = serve(tmp_path, language="en")
    page.goto(f"{base}/t/mesa7")
    _record(page, choice="normal")
    _record(page, choice="Bia")  # caller
    _record(page, choice="Davi")  # partner
    page.get_by_role("textbox", name="figuras of Bia's side (0-35)").fill("22")
    page.get_by_role("button", name="Record", exact=True).click()
    page.get_by_role("button", name="Record", exact=True).click()  # no fine
    assert page.get_by_text(
        "Entry 1 (normal, Bia + Davi, 22 figuras (7 pontos)): Bia +7, Caio -7, Davi +7, Eva -7"
    ).is_visible()
    _record(page, choice="rolar")
    for player, figuras in (("Ari", 6), ("Caio", 6), ("Davi", 6)):
        page.get_by_role("textbox", name=re.compile(f"^figuras of {player} ")).fill(str(figuras))
        page.get_by_role("button", name="Record", exact=True).click()
    assert page.get_by_role("textbox", name="figuras of Eva (0-17)").input_value() == "17"
    page.get_by_role("button", name="Record", exact=True).click()
    page.get_by_role("button", name="Record", exact=True).click()  # no fine
    assert page.get_by_text(
        "Entry 2 (rolar, Ari 6, Caio 6, Davi 6, Eva 17): Ari +3, Caio +3, Davi +3, Eva -9"
    ).is_visible()
    _fits(page)
    _shot(page, "quatrilho")
    assert _check(sheet) == f"{sheet}: clean (quatrilho, complete; Ari +3, Bia +7, Caio -4, Davi +10, Eva -16)"


def test_a_stale_form_is_refused_with_the_sheet_as_it_is(tmp_path, serve, browser):
    sheet = tmp_path / "mesa1.yaml"
    sheet.write_text("rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n")
    _app, base = serve(tmp_path, language="en")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    first, second = context.new_page(), context.new_page()
    for phone in (first, second):
        phone.goto(f"{base}/t/mesa1")
        _record(phone, choice="vazas")
    _record(first, *_counts(3, 2, 1, 7))
    _record(second, *_counts(3, 3, 3, 4))
    assert second.get_by_role("alert").inner_text().startswith("hand 1 was recorded meanwhile.")
    assert second.get_by_role("textbox", name="Hand 2").input_value() == "copas"
    _shot(second, "stale")
    context.close()
    assert _check(sheet).endswith(
        ": clean (king, in progress, 1 hand recorded; Ana -60, Bruno -40, Carla -20, Duarte -140)"
    )


def test_the_organisers_page_and_a_tables_secret_link(tmp_path, serve, browser):
    import shutil

    from conftest import EXAMPLES

    shutil.copytree(EXAMPLES / "championship-king", tmp_path / "final")
    app, base = serve(tmp_path / "final" / "final.yaml", with_tokens=True, language="en")
    access = app.extensions["scorekeeper"].access
    context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = context.new_page()
    phone.goto(f"{base}/?token={access.organiser}")
    assert phone.get_by_role("heading", name="Standings").is_visible()
    assert phone.get_by_role("img", name="Code: Table 1").is_visible()
    _fits(phone)  # its screenshots: test_serve_organiser_browser.py
    answer = phone.goto(f"{base}/t/2?token={access.token_for('1')}")
    assert answer.status == 403
    context.close()


def test_a_reply_lost_after_the_save_then_back_and_resend_records_once(tmp_path, serve, page):
    """Issue 24's flaky Wi-Fi: the server saves the deal, the reply never reaches the phone, the
    scorer goes Back (and sees the deal among the last changes) and sends the form again: the
    sheet holds the entry once and the page says it was already saved."""
    import yaml

    sheet = tmp_path / "mesa1.yaml"
    sheet.write_text("rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n")
    app, base = serve(tmp_path, with_tokens=True, language="en")
    token = app.extensions["scorekeeper"].access.token_for("mesa1")
    page.goto(f"{base}/t/mesa1?token={token}")
    _record(page, choice="vazas")
    for name, value in _counts(3, 2, 1, 7):
        page.get_by_role("textbox", name=re.compile("^" + name + ",")).fill(str(value))
    # The reply is lost after the server saved: the request reaches it, its answer is dropped.
    page.route(lambda url: "/t/mesa1" in url, lambda route: (route.fetch(), route.abort()))
    page.get_by_role("button", name="Record", exact=True).click()
    page.wait_for_load_state()
    assert len(yaml.safe_load(sheet.read_text())["hands"]) == 1  # saved, though the phone never heard
    page.unroute_all()

    page.go_back()
    changes = page.get_by_role("region", name="Last changes").get_by_role("listitem").all_inner_texts()
    assert [re.sub(r"\d\d:\d\d:\d\d", "T", line) for line in changes] == ["hand 1 recorded at T by table mesa1"]
    try:  # Forward to the lost page: Chromium asks before it posts a form again (ERR_CACHE_MISS) ...
        page.go_forward()
    except playwright.Error:
        pass
    page.wait_for_url(lambda url: url.startswith("chrome-error:"))  # the browser's page for it, loaded
    resent = page.reload()  # ... and the scorer sends it again
    assert resent.request.method == "POST" and resent.status == 200  # one's own entry: not a 409
    said = page.get_by_role("status").all_inner_texts()
    assert len(said) == 1 and re.fullmatch(r"hand 1 was already saved at \d\d:\d\d:\d\d; nothing changed", said[0])
    assert page.get_by_role("textbox", name="Hand 2").is_visible()  # the next hand's form, with its own id
    _fits(page)
    _shot(page, "already-saved")
    assert len(yaml.safe_load(sheet.read_text())["hands"]) == 1
    assert _check(sheet).endswith(
        ": clean (king, in progress, 1 hand recorded; Ana -60, Bruno -40, Carla -20, Duarte -140)"
    )
