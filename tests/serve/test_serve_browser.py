"""The score pad in a real browser: the system's Chromium driven by Playwright (never a browser
download), at a phone's 390x844 and 360x740 with touch, against the real `scorekeeper serve` on a
free loopback port (a subprocess). A game is scripted as a list of entries (what the scorer taps
and types on each entry's one screen, and what the page then says); the run counts the taps (a
choice, a toggle, a count or a button: one each), the keystrokes (one a character) and the
requests that save (POSTs to /t/ or to the API's entries), and checks that no other page is
loaded. Screenshots are kept in docs/ with SCOREKEEPER_SCREENSHOTS=docs.

Another game's scripted entries are added as a list like KING_TOUR (see Entry)."""

from __future__ import annotations

import dataclasses
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import threading

import pytest
import yaml

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = pathlib.Path("/usr/bin/chromium")
DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs the system's Chromium (apt-get install chromium)")


@dataclasses.dataclass(frozen=True)
class Entry:
    """One entry as the scorer makes it on its screen: the fields tapped, (name, value) in order
    (a choice's button, a player's toggle, a count's tap target), the numbers typed, (name,
    text), into a number pad; `warned`: a finding's code the page shows beside its place before
    Record (then `then` corrects it, tapped the same way); `saved`: what the page says once it
    is saved (None: Record is not pressed, as for an entry the check refuses before it)."""

    taps: tuple[tuple[str, str], ...] = ()
    typed: tuple[tuple[str, str], ...] = ()
    warned: tuple[str, str] | None = None  # (place, code) shown before Record
    then: tuple[tuple[str, str], ...] = ()
    saved: str | None = None


def _counts(hand: str, *values) -> tuple[tuple[str, str], ...]:
    return tuple((f"{hand}-{seat}", str(value)) for seat, value in enumerate(values))


# README.md "A tour": the King game of Ana, Bruno, Carla and Duarte, entry by entry. The next
# hand (K1) and the festa's beneficiary (K2) are already chosen: nothing is tapped for them.
KING_TOUR = (
    Entry(_counts("vazas", 3, 2, 1, 7), saved="Hand 1 · Vazas saved: Ana -60, Bruno -40, Carla -20, Duarte -140"),
    Entry(_counts("copas", 4, 3, 6, 0), saved="Hand 2 · Copas saved: Ana -80, Bruno -60, Carla -120, Duarte 0"),
    Entry(
        _counts("damas", 1, 1, 2, 1),
        warned=("damas", "K-Q1-TOTAL-OVER"),  # refused beside the hand's counts, before Record
        then=(("damas-2", "1"), ("damas-3", "0")),
        saved="Hand 3 · Damas saved: Ana -100, Bruno -50, Carla -50, Duarte 0",
    ),
    Entry(
        _counts("reis-valetes", 2, 2, 2, 2),
        saved="Hand 4 · Reis e Valetes saved: Ana -60, Bruno -60, Carla -60, Duarte -60",
    ),
    Entry(
        _counts("rei-de-copas", 0, 0, 1, 0), saved="Hand 5 · Rei de Copas saved: Ana 0, Bruno 0, Carla -160, Duarte 0"
    ),
    Entry(
        (("penalty", "renuncia"), ("at-fault", "Duarte")),
        saved="Hand 6 · 2 Últimas Vazas saved: Ana 0, Bruno 0, Carla 0, Duarte -180",
    ),
    Entry(
        (("contract", "positivos"), ("trump", "copas"), *_counts("tricks", 5, 3, 3, 2)),
        saved="Hand 7 · Festa saved: Ana +125, Bruno +75, Carla +75, Duarte +50",
    ),
    Entry(
        (("contract", "nulos"), ("offer-by", "Carla"), ("offer-tricks", "2"), *_counts("tricks", 1, 3, 4, 5)),
        saved="Hand 8 · Festa saved: Ana +250, Bruno +250, Carla -125, Duarte -50",
    ),
    Entry((("contract", "4-3-3-3"),), saved="Hand 9 · Festa saved: Ana +75, Bruno +75, Carla +100, Duarte +75"),
    Entry(
        (("penalty", "renuncia"), ("at-fault", "Bruno")),
        saved="Hand 10 · Festa saved: Ana +75, Bruno -225, Carla +75, Duarte +75",
    ),
    Entry(
        (
            ("contract", "positivos"),
            ("trump", "sem-trunfo"),
            ("offer-by", "Ana"),
            ("offer-tricks", "6"),
            *_counts("tricks", 8, 2, 2, 1),
        ),
        saved="Hand 11 · Festa saved: Ana +50, Bruno +50, Carla +50, Duarte +175",
    ),
)
KING_SHEET = "rules: king\nevent: Final Nacional\ntable: 1\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n"
KING_END = "The game is complete: Ana +275, Bruno +15, Carla -235, Duarte -55"


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def serve():
    """`scorekeeper serve PATH` in a subprocess on a free loopback port; yields a function that
    starts it and returns (organiser's address, {sheet name: table's address})."""
    running = []

    def start(path, *options):
        process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "serve", str(path), "--port", "0", "--no-qr", *options],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        running.append(process)
        lines = []
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("Serving on "):
                break
        organiser = next(line.split(": ", 1)[1] for line in lines if line.startswith("Organiser: "))
        tables = dict(re.findall(r"^(?!Organiser: )(.+?): (http\S+)$", "\n".join(lines), re.M))
        threading.Thread(target=process.stdout.read, daemon=True).start()  # never a full pipe
        return organiser, tables

    yield start
    for process in running:
        process.terminate()
        process.wait(10)


@pytest.fixture
def serve_in_thread():
    """The pad's app on PATH in this process (waitress in a thread, a free loopback port): the
    organiser's tests read its links' secrets from the app; yields (app, address)."""
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


class Phone:
    """A page at a phone's size with touch, counting what the scorer does and what it sends."""

    def __init__(self, browser, size: str = "390x844"):
        self.context = browser.new_context(viewport=PHONES[size], has_touch=True, device_scale_factor=1)
        self.page = self.context.new_page()
        self.taps = self.keys = 0
        self.saving: list[str] = []  # the POSTs that save (an entry, an undo)
        self.loads = 0
        self.page.on("request", self._request)
        self.page.on("load", lambda _page: self._loaded())

    def _request(self, request) -> None:
        path = request.url.split("?")[0]
        if request.method == "POST" and ("/t/" in path or path.endswith("/entries")):
            self.saving.append(path)

    def _loaded(self) -> None:
        self.loads += 1

    def tap(self, field: str, value: str) -> None:
        """Tap a choice's button, a toggle or a count: the label drawn around its input."""
        target = self.page.locator(f'form.entry-form input[name="{field}"][value="{value}"]')
        target.locator("xpath=..").tap()
        self.taps += 1

    def type(self, field: str, text: str) -> None:
        self.page.locator(f'form.entry-form input[name="{field}"]').tap()
        self.taps += 1
        self.page.keyboard.type(text)
        self.keys += len(text)

    def record(self) -> None:
        self.page.get_by_role("button", name=re.compile("^(Record|Registar|Registrar)$")).tap()
        self.taps += 1

    def said(self) -> str:
        return self.page.locator("main p.said").inner_text()

    def fits(self) -> None:
        """No sideways scroll at this width; every control a 44 px target."""
        assert self.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "scrolls sideways"
        assert self.page.evaluate(SMALL_TARGETS) == []

    def close(self) -> None:
        self.context.close()


SMALL_TARGETS = """Array.from(document.querySelectorAll('a, button, summary, .option span, .tap span, input:not([type=hidden]):not([type=radio]):not([type=checkbox])'))
  .map(e => [e.tagName + ' ' + (e.innerText || e.name || '').slice(0, 40), e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.height < 44 || r.width < 44))
  .map(([name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""


# Each run draws the pages anew: the screenshots in docs/ are rewritten only when asked
# (SCOREKEEPER_SCREENSHOTS=docs), else taken into a temporary folder.
SHOTS = (
    DOCS
    if os.environ.get("SCOREKEEPER_SCREENSHOTS") == "docs"
    else pathlib.Path(tempfile.mkdtemp(prefix="serve-shots-"))
)


def _shot(page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"serve-{name}.png"), full_page=True)


def _check(path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "check", "--lang", "en", str(path)], capture_output=True, text=True
    )
    return done.stdout.strip()


def _warned(phone: Phone, place: str, code: str) -> None:
    """The check's finding beside its place (a field or a group of fields), before Record."""
    box = phone.page.locator(f'form.entry-form [data-place="{place}"]')
    box.locator(".code", has_text=code).wait_for()


def play(phone: Phone, entries, shots: dict | None = None) -> list[tuple[int, int]]:
    """Make each entry on its screen; (taps, keystrokes) per entry."""
    per_entry = []
    for number, entry in enumerate(entries, 1):
        taps, keys = phone.taps, phone.keys
        for field, value in entry.taps:
            phone.tap(field, value)
        for field, text in entry.typed:
            phone.type(field, text)
        if entry.warned is not None:
            _warned(phone, *entry.warned)
            if shots and number in shots:
                _shot(phone.page, shots.pop(number))
            for field, value in entry.then:
                phone.tap(field, value)
        if shots and number in shots:
            phone.page.locator("form.entry-form").wait_for()
            _shot(phone.page, shots.pop(number))
        if entry.saved is not None:
            saving = len(phone.saving)
            phone.record()
            phone.page.wait_for_function(
                "n => document.querySelector('main p.said') && document.querySelector('form.entry-form')"
                " ? document.querySelector('form.entry-form').dataset.expected == n : !!document.querySelector('p.complete')",
                arg=str(number),
            )
            assert phone.said() == entry.saved
            assert len(phone.saving) == saving + 1
            phone.fits()  # every page on the way, at the phone's width
        per_entry.append((phone.taps - taps, phone.keys - keys))
    return per_entry


@pytest.mark.parametrize("size", list(PHONES))
def test_the_readme_tours_king_game_one_screen_and_one_request_per_entry(tmp_path, serve, browser, size):
    sheet = tmp_path / "mesa1.yaml"
    sheet.write_text(KING_SHEET)
    _organiser, links = serve(tmp_path, "--lang", "en")
    phone = Phone(browser, size)
    phone.page.goto(links["mesa1.yaml"])
    phone.fits()
    shots = {1: "king-counts", 3: "king-refused", 7: "king-festa"} if size == "390x844" else {}
    per_entry = play(phone, KING_TOUR, shots)
    assert phone.page.locator("p.complete").inner_text() == KING_END
    assert phone.page.locator("ul.totals").inner_text().split() == [
        "Ana",
        "+275",
        "Bruno",
        "+15",
        "Carla",
        "-235",
        "Duarte",
        "-55",
    ]
    total = sum(t + k for t, k in per_entry)
    assert total <= 100, per_entry
    assert per_entry == [(5, 0), (5, 0), (7, 0), (5, 0), (5, 0), (3, 0), (7, 0), (8, 0), (2, 0), (3, 0), (9, 0)]
    assert len(phone.saving) == 11 and phone.loads == 1  # one request per entry, no other page loaded
    phone.fits()
    phone.page.get_by_text("The whole sheet").tap()
    phone.fits()  # the whole sheet scrolls in its own box, never the page
    if size == "390x844":
        _shot(phone.page, "king-complete")
    phone.close()
    assert _check(sheet) == (
        f"{sheet}:8: warning [K-ART6-MISSING-CHARGED]: hand 3 (damas): counts add up to 3 of 4; the missing 1 (-50) "
        "is charged to Ana, the responsible scorer [Art 6]\n"
        f"{sheet}: 1 warning (king, complete; Ana +275, Bruno +15, Carla -235, Duarte -55)"
    )


def _hands(sheet) -> list:
    return yaml.safe_load(sheet.read_text())["hands"] or []


def phone_at(browser, serve, sheet, size="390x844"):
    """`serve` of the sheet's folder in English, and a phone opened on the sheet's table:
    (the phone, the organiser's link, the table's link)."""
    organiser, links = serve(sheet.parent, "--lang", "en")
    phone = Phone(browser, size)
    phone.page.goto(links[sheet.name])
    return phone, organiser, links[sheet.name]


def _open(browser, serve, tmp_path, size="390x844"):
    sheet = tmp_path / "mesa1.yaml"
    sheet.write_text(KING_SHEET)
    return (sheet, *phone_at(browser, serve, sheet, size))


def test_offline_at_record_the_entry_waits_on_the_phone_and_is_saved_once(tmp_path, serve, browser):
    sheet, phone, _organiser, _link = _open(browser, serve, tmp_path, "360x740")
    for field, value in KING_TOUR[0].taps:
        phone.tap(field, value)
    phone.context.set_offline(True)
    phone.record()
    pending = phone.page.locator(".pending")
    pending.wait_for()
    assert pending.get_by_role("status").inner_text().startswith("1 entry not sent yet")
    assert phone.page.get_by_role("button", name="Record").is_disabled()  # never sent twice, never retyped
    phone.fits()
    _shot(phone.page, "king-pending")
    assert _hands(sheet) == []
    phone.context.set_offline(False)  # the page hears `online` (and retries on its own besides)
    phone.page.locator("main p.said").wait_for()
    assert phone.said() == KING_TOUR[0].saved
    assert phone.page.locator(".pending").is_hidden()
    assert _hands(sheet) == [{"hand": "vazas", "counts": [3, 2, 1, 7]}]
    assert phone.loads == 1
    phone.close()


def test_a_reply_lost_after_the_save_is_sent_again_with_its_id_and_saved_once(tmp_path, serve, browser):
    sheet, phone, _organiser, link = _open(browser, serve, tmp_path)
    for field, value in KING_TOUR[0].taps:
        phone.tap(field, value)

    def lost(route):
        if route.request.method != "POST":
            return route.continue_()
        route.fetch()  # the server saves ...
        route.abort()  # ... and its answer never reaches the phone

    phone.page.route(lambda url: url.split("?")[0].endswith("/t/mesa1"), lost)
    phone.record()
    phone.page.locator(".pending").wait_for()
    assert len(_hands(sheet)) == 1  # saved, though the phone never heard
    phone.page.unroute_all()
    phone.page.locator("main p.said").wait_for()  # sent again on its own, with the same id
    assert re.fullmatch(r"Hand 1 · Vazas was already saved at \d\d:\d\d:\d\d", phone.said())
    assert phone.page.locator("form.entry-form h2, #next-h").first.inner_text() == "Hand 2"
    assert len(phone.saving) == 2 and _hands(sheet) == [{"hand": "vazas", "counts": [3, 2, 1, 7]}]
    _shot(phone.page, "already-saved")
    phone.close()


def test_a_double_tap_on_record_sends_once(tmp_path, serve, browser):
    sheet, phone, _organiser, _link = _open(browser, serve, tmp_path)
    for field, value in KING_TOUR[0].taps:
        phone.tap(field, value)
    phone.page.get_by_role("button", name="Record").dblclick()
    phone.page.locator("main p.said").wait_for()
    phone.page.wait_for_timeout(500)
    assert len(phone.saving) == 1 and len(_hands(sheet)) == 1
    phone.close()


def test_back_and_reload_keep_the_draft_and_never_show_an_error(tmp_path, serve, browser):
    sheet, phone, organiser, link = _open(browser, serve, tmp_path)
    page = phone.page
    for field, value in KING_TOUR[0].taps[:2]:  # Ana's and Bruno's counts, then reload
        phone.tap(field, value)
    page.reload()
    assert page.locator('input[name="vazas-0"][value="3"]').is_checked()  # the draft is back
    assert page.locator('input[name="vazas-1"][value="2"]').is_checked()
    for field, value in KING_TOUR[0].taps[2:]:
        phone.tap(field, value)
    phone.record()
    page.locator("main p.said").wait_for()
    for move in (page.reload, page.go_back, page.go_forward, page.reload):
        reply = move()
        if reply is not None:
            assert reply.status == 200
        assert page.get_by_role("alert").count() == 0
    page.goto(link)
    assert re.fullmatch(r"Last saved: Hand 1 · Vazas at \d\d:\d\d:\d\d", page.locator("p.last-saved").inner_text())
    assert page.locator('input[name="copas-0"]:checked').count() == 0  # the next hand's screen, empty
    assert len(_hands(sheet)) == 1
    phone.close()


def test_a_stale_screen_is_refused_with_the_sheet_as_it_is(tmp_path, serve, browser):
    sheet, first, _organiser, link = _open(browser, serve, tmp_path)
    second = Phone(browser)
    second.page.goto(link)
    for phone in (first, second):
        for field, value in KING_TOUR[0].taps:
            phone.tap(field, value)
    first.record()
    first.page.locator("main p.said").wait_for()
    second.record()
    alert = second.page.get_by_role("alert")
    alert.wait_for()
    assert alert.inner_text() == "hand 1 was recorded meanwhile"
    assert second.page.locator("#next-h").inner_text() == "Hand 2"
    _shot(second.page, "stale")
    assert len(_hands(sheet)) == 1
    first.close()
    second.close()


def test_undo_names_the_entry_and_asks_once(tmp_path, serve, browser):
    sheet, phone, _organiser, _link = _open(browser, serve, tmp_path)
    play(phone, KING_TOUR[:2])
    page = phone.page
    page.get_by_text("Undo the last entry…").tap()
    assert page.locator("details.undo .question").inner_text() == (
        "Remove Hand 2 · Copas: Ana -80, Bruno -60, Carla -120, Duarte 0?"
    )
    phone.fits()
    _shot(page, "king-undo")
    page.get_by_role("link", name="Keep").tap()
    assert page.locator("details.undo .question").is_hidden() and len(_hands(sheet)) == 2
    page.get_by_text("Undo the last entry…").tap()
    page.get_by_role("button", name="Remove").tap()
    page.locator("main p.said").wait_for()
    assert phone.said() == "Hand 2 · Copas removed"
    assert [h["hand"] for h in _hands(sheet)] == ["vazas"]
    phone.close()


def test_every_page_of_a_tournaments_round_fits_360_px(tmp_path, serve, browser):
    import shutil

    from conftest import EXAMPLES

    shutil.copytree(EXAMPLES / "championship-king", tmp_path / "final")
    organiser, links = serve(tmp_path / "final" / "final.yaml", "--lang", "en", "--host", "127.0.0.1")
    phone = Phone(browser, "360x740")
    phone.page.goto(organiser)
    phone.fits()
    for address in links.values():
        phone.page.goto(address)
        phone.fits()
        phone.page.get_by_text("The whole sheet").tap()
        phone.fits()
    phone.close()


def test_the_organisers_page_and_a_tables_secret_link(tmp_path, serve_in_thread, browser):
    import shutil

    from conftest import EXAMPLES

    shutil.copytree(EXAMPLES / "championship-king", tmp_path / "final")
    app, base = serve_in_thread(tmp_path / "final" / "final.yaml", with_tokens=True, language="en")
    access = app.extensions["scorekeeper"].access
    context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = context.new_page()
    phone.goto(f"{base}/?token={access.organiser}")
    assert phone.get_by_role("heading", name="Standings").is_visible()
    assert phone.get_by_role("img", name="Code: Table 1").is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # shots: organiser_browser
    answer = phone.goto(f"{base}/t/2?token={access.token_for('1')}")
    assert answer.status == 403
    context.close()
