"""The organiser's pages in a real browser: `scorekeeper serve` on the King final of examples/
(a copy, planned for four rounds) in a subprocess on a free loopback port, the system's Chromium
driven by Playwright at a laptop's 1366x800 and a phone's 360x740. The organiser draws round 4
by the button (its tables with their links and codes; reloaded, and the form sent again from
another tab, it draws nothing), a table plays three hands (in play, the standings provisional),
and the printable page of links prints on one page. No page scrolls sideways at 360 px;
screenshots are kept in docs/ with SCOREKEEPER_SCREENSHOTS=docs."""

from __future__ import annotations

import contextlib
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest
import yaml
from conftest import king_final_for_four

from scorekeeper.core import pad_tables as tables

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = pathlib.Path("/usr/bin/chromium")
DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"
SHOTS = (
    DOCS
    if os.environ.get("SCOREKEEPER_SCREENSHOTS") == "docs"
    else pathlib.Path(tempfile.mkdtemp(prefix="organiser-shots-"))
)
LAPTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740}
SMALL_TARGETS = """Array.from(document.querySelectorAll('a, button, input:not([type=hidden]), summary'))
  .map(e => [e.tagName + ' ' + (e.innerText || e.name || '').slice(0, 40), e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.height < 44 || r.width < 44))
  .map(([name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs the system's Chromium (apt-get install chromium)")


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


@pytest.fixture
def final(tmp_path):
    return king_final_for_four(tmp_path)


@contextlib.contextmanager
def _serving(path, *options):
    """`scorekeeper serve PATH --port 0 OPTIONS` in a subprocess; yields the organiser's link
    it prints first (its address, and its token when it gives each table a secret link)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", str(path), "--port", "0", "--no-qr", "--lang", "en", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        link = None
        for line in server.stdout:
            found = re.search(r"http://127\.0\.0\.\d:\d+/\S*", line)
            if found:
                link = found.group(0)
                break
        assert link, "serve printed no link"
        for _attempt in range(100):
            try:
                urllib.request.urlopen(link, timeout=2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield link
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture
def served(final):
    """The final served on 127.0.0.1 (everyone on this machine is the organiser): its address."""
    with _serving(final) as link:
        yield link.rstrip("/")


def _fits(page) -> None:
    """Nothing scrolls sideways, and every link and control is a 44 px touch target."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    assert page.evaluate(SMALL_TARGETS) == []


def _shot(page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"serve-{name}.png"), full_page=True)


def _codes_loaded(page) -> list[bool]:
    """Each QR code on the page, drawn (an image the server made, not a broken one)."""
    return page.evaluate(
        "Array.from(document.querySelectorAll('img[src*=\"/qr/\"]')).map(i => i.complete && i.naturalWidth > 0)"
    )


def test_the_organiser_draws_a_round_follows_its_tables_and_prints_their_links(browser, served, final):
    laptop = browser.new_context(viewport=LAPTOP).new_page()
    laptop.goto(f"{served}/")
    # The round 3 played clean: standings final, the draw offered; every table on one row.
    assert laptop.locator(".legend").inner_text() == "Every table of the round is counted."
    assert laptop.locator("table.roster tbody tr").evaluate_all(
        "rows => rows.map(r => getComputedStyle(r).display)"
    ) == [
        "table-row",
        "table-row",
    ]
    assert laptop.locator("td.state").all_inner_texts() == ["game over", "game over"]
    _fits(laptop)
    left_open = browser.new_context(viewport=LAPTOP).new_page()  # another tab, its draw form left open
    left_open.goto(f"{served}/")

    laptop.get_by_role("button", name="Draw the next round", exact=True).click()
    assert re.search(r"/draw\?lang=en&drawn=4$", laptop.url)
    assert laptop.get_by_role("status").inner_text() == "Round 4 drawn: 2 tables."
    fourth = yaml.safe_load(final.read_text())["rounds"][3]
    links = [f"{served}/t/1", f"{served}/t/2"]  # the tables' links of round 3, kept
    assert laptop.locator("td.address a").evaluate_all("links => links.map(a => a.href)") == links
    assert laptop.locator("td.who").all_inner_texts() == [", ".join(t["players"]) for t in fourth["tables"]]
    assert _codes_loaded(laptop) == [True, True]  # each table's QR code, drawn by the server (segno)
    _fits(laptop)
    _shot(laptop, "organiser-draw")
    laptop.reload()  # the result is a page of its own: reloaded, nothing is drawn again
    assert laptop.get_by_role("status").inner_text() == "Round 4 drawn: 2 tables."
    left_open.get_by_role("button", name="Draw the next round", exact=True).click()
    assert left_open.get_by_role("status").inner_text() == (
        "Round 4 was already drawn; nothing changed. Its tables and links:"
    )
    assert left_open.locator("td.address a").evaluate_all("links => links.map(a => a.href)") == links
    assert "--force" not in left_open.content()
    assert len(yaml.safe_load(final.read_text())["rounds"]) == 4
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(laptop.url)
    _fits(phone)
    _shot(phone, "organiser-draw-phone")

    # Table 1 plays three hands (as its phone would, through the same core).
    table = tables.list_tables(str(final)).tables[0]
    for number, (hand, counts) in enumerate(
        (("vazas", [2, 6, 3, 2]), ("copas", [1, 7, 2, 3]), ("ultimas", [0, 0, 1, 1]))
    ):
        tables.record(table, {"hand": hand, "counts": counts}, number)
    laptop.goto(f"{served}/")
    assert laptop.locator("td.state").all_inner_texts() == ["in play: hand 3 of 10", "game not started"]
    assert laptop.locator(".provisional").inner_text() == "provisional: 2 tables in play"
    assert "T-TN2-SHEET-INCOMPLETE" not in laptop.content()
    assert laptop.locator("table.roster").bounding_box()["width"] > 1000  # a laptop's width for all the tables
    _fits(laptop)
    _shot(laptop, "organiser")
    phone.goto(f"{served}/")
    assert phone.locator("table.roster tbody tr").evaluate_all(
        "rows => rows.map(r => getComputedStyle(r).display)"
    ) == [
        "grid",
        "grid",
    ]  # each table a card
    _fits(phone)
    _shot(phone, "organiser-phone")

    # The printable page of links: every table's number, code and link, on one printed page.
    laptop.goto(f"{served}/print")
    assert laptop.locator(".codes h2").all_inner_texts() == ["Table 1", "Table 2"]
    assert laptop.locator(".codes .address").all_inner_texts() == links
    assert _codes_loaded(laptop) == [True, True]
    _fits(laptop)
    pdf = laptop.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    laptop.emulate_media(media="print")
    _shot(laptop, "organiser-print")
    phone.goto(f"{served}/print")
    _fits(phone)


def test_nine_tables_links_print_on_one_page(browser, tmp_path):
    """A round of nine tables, each with its secret link (a server on the club's network: here
    127.0.0.2), prints its links three by three on one A4 page."""
    for number in range(1, 10):
        (tmp_path / f"mesa{number}.yaml").write_text(
            f"rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\ntable: {number}\nhands: []\n"
        )
    with _serving(tmp_path, "--host", "127.0.0.2") as link:
        page = browser.new_context(viewport=LAPTOP).new_page()
        page.goto(link.replace("/?token=", "/print?token="))
        addresses = page.locator(".codes .address").all_inner_texts()
        assert len(addresses) == 9 and all(
            re.fullmatch(r"http://127\.0\.0\.2:\d+/t/mesa\d\?token=\S{32}", a) for a in addresses
        )
        assert _codes_loaded(page) == [True] * 9
        assert page.locator(".codes h2").all_inner_texts() == [f"Table {n}" for n in range(1, 10)]  # as each sheet says
        pdf = page.pdf(format="A4", print_background=True)
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
        page.emulate_media(media="print")
        _shot(page, "organiser-print-nine")
