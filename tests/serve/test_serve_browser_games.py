"""The score pad in a real browser for Sueca, Truco and Quatrilho (the harness, Phone and the
`serve` fixture, is test_serve_browser's): a Sueca match, a Truco match with a mão de onze played
and declined, and a whole Quatrilho round at a table of four, each entry made on its one screen at
390x844 and 360x740 with one refusal corrected on the screen, the taps, keystrokes and requests
that save counted, the page fitting the phone at every step, and the sheet's result checked with
`scorekeeper check` (worked out by hand, as the core's tests tests/serve/test_pad_form_*.py do). Then
`serve` restarted between two entries, and an entry made while it is down sent when it is back:
every entry saved once, nothing retyped."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
import threading

import pytest
import yaml
from conftest import new_team_sheet
from test_pad_form_sueca import SUECA_DEALS
from test_pad_form_truco import TRUCO_HANDS
from test_serve_browser import CHROMIUM, KING_SHEET, KING_TOUR, PHONES, Phone, _check, _shot, browser, phone_at, serve

__all__ = ["browser", "serve"]  # the harness's fixtures, used here by name

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs the system's Chromium (apt-get install chromium)")

SAID = "main p.said"


@dataclasses.dataclass(frozen=True)
class Step:
    """One entry on its screen (see test_serve_browser.Entry): `taps` and `typed` as there;
    `refused`: (place, words) the page shows beside that place (a finding's code, or a field's
    refusal) before Record, or after a refused Record when `after_record`; `then` the taps and
    `retyped` the numbers typed again that correct it; `saved` what the page then says."""

    taps: tuple[tuple[str, str], ...] = ()
    typed: tuple[tuple[str, str], ...] = ()
    refused: tuple[str, str] | None = None
    after_record: bool = False
    then: tuple[tuple[str, str], ...] = ()
    retyped: tuple[tuple[str, str], ...] = ()
    saved: str = ""


def _type(phone: Phone, field: str, text: str) -> None:
    """Phone.type at a person's pace: the page selects a number pad's value a moment after the tap
    that focuses it (pad.js onFocus, a timer), so the digits wait for that moment, as a finger does."""
    phone.page.locator(f'form.entry-form input[name="{field}"]').tap()
    phone.taps += 1
    phone.page.evaluate("() => new Promise(done => setTimeout(done, 0))")
    phone.page.keyboard.type(text)
    phone.keys += len(text)


def _retype(phone: Phone, field: str, text: str) -> None:
    """Type a number again: a tap on the field (its value selected when the tap focuses it, so
    typing replaces it); when the field still has the focus, the wrong digits are erased first."""
    box = phone.page.locator(f'form.entry-form input[name="{field}"]')
    focused = box.evaluate("el => el === document.activeElement")
    old = box.input_value()
    box.tap()
    phone.taps += 1
    phone.page.evaluate("() => new Promise(done => setTimeout(done, 0))")
    if focused:
        for _ in old:
            phone.page.keyboard.press("Backspace")
            phone.keys += 1
    phone.page.keyboard.type(text)
    phone.keys += len(text)


def _shown(phone: Phone, place: str, words: str) -> None:
    """A finding's code (the first, when it is found more than once) or a field's refusal beside its place."""
    box = phone.page.locator(f'form.entry-form [data-place="{place}"]')
    if re.fullmatch(r"[A-Z0-9]+(-[A-Z0-9]+)+", words):
        box.locator(".code", has_text=words).first.wait_for()
    else:
        box.locator("p.error", has_text=words).wait_for()


def _record_and_wait(phone: Phone, number: int) -> None:
    phone.record()
    phone.page.wait_for_function(
        "n => document.querySelector('main p.said') && document.querySelector('form.entry-form')"
        " ? document.querySelector('form.entry-form').dataset.expected == n : !!document.querySelector('p.complete')",
        arg=str(number),
    )


def play_steps(phone: Phone, steps, shots: dict | None = None, first: int = 1) -> list[tuple[int, int]]:
    """Make each entry on its screen (the first is the sheet's entry number `first`), checking what
    the page says; (taps, keystrokes) per entry."""
    per_entry = []
    for number, step in enumerate(steps, first):
        taps, keys = phone.taps, phone.keys
        for field, value in step.taps:
            phone.tap(field, value)
        for field, text in step.typed:
            _type(phone, field, text)
        if shots and number in shots:
            phone.page.locator("form.entry-form").wait_for()
            phone.page.wait_for_timeout(600)  # the check's answer beside its field
            _shot(phone.page, shots.pop(number))
        if step.refused is not None:
            saving = len(phone.saving)
            if step.after_record:
                phone.record()
                _shown(phone, *step.refused)
                assert len(phone.saving) == saving + 1 and phone.page.locator(SAID).count() == 0  # nothing saved
            else:
                _shown(phone, *step.refused)
            phone.fits()
            for field, value in step.then:
                phone.tap(field, value)
            for field, text in step.retyped:
                _retype(phone, field, text)
        saving = len(phone.saving)
        _record_and_wait(phone, number)
        assert phone.said() == step.saved, number
        assert len(phone.saving) == saving + 1
        phone.fits()
        per_entry.append((phone.taps - taps, phone.keys - keys))
    return per_entry


# --- Sueca: tests/serve/test_pad_form_sueca.py's game, to three mocas ----------------------------------------


def _points(team: str, points: str) -> dict:
    return {"taps": (("team", team),) if team != "Nos" else (), "typed": (("points", points),)}


def _penalty(kind: str, team: str, *more) -> dict:
    return {"taps": (("deal", kind), ("at-fault", team), *more)}


# The standing Nos-Eles after each deal, worked by hand (Pontuação 2-4, Penalizações; S2-S4).
SUECA_MATCH = (
    Step(  # one refusal: 1 card point, which no set of cards is worth (O jogo 3), typed again as 72
        typed=(("points", "1"),),
        refused=("points", "S-JOGO3-IMPOSSIBLE"),
        retyped=(("points", "72"),),
        saved="Deal 1 saved: Nos +1, Eles 0",
    ),  # 1-0
    Step(**_points("Eles", "95"), saved="Deal 2 saved: Nos 0, Eles +2"),  # 1-2
    Step(taps=(("deal", "todas-as-vazas"),), saved="Deal 3 saved: Nos +4, Eles 0"),  # Nos's moca 1
    Step(**_points("Nos", "60"), saved="Deal 4 saved: Nos 0, Eles 0"),  # 60-60
    Step(**_penalty("castigo", "Eles"), saved="Deal 5 · Castigo saved: Nos 0, Eles 0"),  # the first castigo
    Step(**_penalty("castigo", "Eles"), saved="Deal 6 · Castigo saved: Nos +1, Eles 0"),  # the second: 1-0
    Step(**_penalty("renuncia", "Nos"), saved="Deal 7 · Renúncia saved: Nos 0, Eles +4"),  # Eles's moca 1
    Step(
        **_penalty("ponto", "Eles", ("reason", "baralhar")),
        saved="Deal 8 · Penalização de 1 ponto saved: Nos +1, Eles 0",
    ),
    Step(**_points("Nos", "91"), saved="Deal 9 saved: Nos +2, Eles 0"),  # 3-0
    Step(**_points("Nos", "61"), saved="Deal 10 saved: Nos +1, Eles 0"),  # Nos's moca 2
    Step(**_points("Eles", "100"), saved="Deal 11 saved: Nos 0, Eles +2"),  # 0-2
    Step(**_points("Nos", "120"), saved="Deal 12 saved: Nos +2, Eles 0"),  # 2-2
    Step(**_points("Eles", "0"), saved="Deal 13 saved: Nos +2, Eles 0"),  # Nos's moca 3: the game
)


@pytest.mark.parametrize("size", list(PHONES))
def test_a_sueca_game_to_three_mocas_one_screen_and_one_request_per_deal(tmp_path, serve, browser, size):
    sheet = new_team_sheet(tmp_path, "sueca")
    phone, _organiser, _link = phone_at(browser, serve, sheet, size)
    phone.fits()
    per_entry = play_steps(phone, SUECA_MATCH, {2: "sueca"} if size == "390x844" else {})
    # a count typed is a tap and its digits; a penalty two taps (three with its reason); Record one
    assert per_entry == [
        (3, 4),  # the refusal: 1 typed, the field tapped again, 1 erased, 72 typed
        (3, 2),
        (2, 0),
        (2, 2),
        (3, 0),
        (3, 0),
        (3, 0),
        (4, 0),
        (2, 2),
        (2, 2),
        (3, 3),
        (2, 3),
        (3, 1),
    ]
    assert len(phone.saving) == 13 and phone.loads == 1
    assert phone.page.locator("p.complete").inner_text() == "The match is complete: Nos 3 mocas, Eles 1 moca; Nos wins"
    phone.close()
    assert yaml.safe_load(sheet.read_text())["deals"] == SUECA_DEALS
    assert _check(sheet) == f"{sheet}: clean (sueca, won by Nos; Nos 3 mocas, Eles 1 moca)"


# --- Truco: tests/serve/test_pad_form_truco.py's match, a mão de onze declined, lost and won ------------------


def _won(team: str, value: str = "") -> dict:
    return {"taps": (("winner", team),) + ((("value", value),) if value else ())}


ELEVEN = "Mão de onze"
TRUCO_MATCH = (
    # Game 1: the score Nos-Eles after each hand.
    Step(**_won("Nos", "3"), saved="Hand 1 saved: Nos +3, Eles 0"),  # 3-0
    Step(**_won("Nos", "3"), saved="Hand 2 saved: Nos +3, Eles 0"),  # 6-0
    Step(**_won("Nos", "3"), saved="Hand 3 saved: Nos +3, Eles 0"),  # 9-0
    Step(**_won("Eles"), saved="Hand 4 saved: Nos 0, Eles +1"),  # 9-1
    Step(**_won("Nos"), saved="Hand 5 saved: Nos +1, Eles 0"),  # 10-1
    Step(**_won("Nos"), saved="Hand 6 saved: Nos +1, Eles 0"),  # 11-1: Nos decides the next hand
    Step(taps=(("hand", "declined"),), saved=f"Hand 7 · {ELEVEN} saved: Nos 0, Eles +1"),  # Art 17: 11-2
    Step(  # one refusal: played, and Record before the winner is tapped (Art 17: lost, Eles +3)
        taps=(("hand", "played"),),
        refused=("winner", "Winner: required"),
        after_record=True,
        then=(("winner", "Eles"),),
        saved="Hand 8 saved: Nos 0, Eles +3",
    ),  # 11-5
    Step(taps=(("hand", "played"), ("winner", "Nos")), saved="Hand 9 saved: Nos +1, Eles 0"),  # 12-5: game 1
    # Game 2.
    Step(**_won("Eles", "12"), saved="Hand 10 saved: Nos 0, Eles +12"),  # 0-12: game 2
    # Game 3.
    Step(taps=(("hand", "void:misdeal"),), saved="Hand 11 · Baralho mal dado saved: Nos 0, Eles 0"),  # Art 7
    Step(
        taps=(("hand", "olhar-baralho"), ("at-fault", "Eles")), saved="Hand 12 · Olhar o baralho saved: Nos +1, Eles 0"
    ),
    Step(**_won("Nos", "9"), saved="Hand 13 saved: Nos +9, Eles 0"),  # 10-0
    Step(**_won("Eles", "6"), saved="Hand 14 saved: Nos 0, Eles +6"),  # 10-6
    Step(**_won("Eles", "3"), saved="Hand 15 saved: Nos 0, Eles +3"),  # 10-9
    Step(**_won("Eles"), saved="Hand 16 saved: Nos 0, Eles +1"),  # 10-10
    Step(**_won("Nos"), saved="Hand 17 saved: Nos +1, Eles 0"),  # 11-10
    Step(taps=(("hand", "declined"),), saved=f"Hand 18 · {ELEVEN} saved: Nos 0, Eles +1"),  # 11-11
    Step(**_won("Nos"), saved="Hand 19 saved: Nos +1, Eles 0"),  # Art 18, worth 1: 12-11, the match
)


@pytest.mark.parametrize("size", list(PHONES))
def test_a_truco_match_with_a_mao_de_onze_one_screen_and_one_request_per_hand(tmp_path, serve, browser, size):
    sheet = new_team_sheet(tmp_path, "truco")
    phone, _organiser, _link = phone_at(browser, serve, sheet, size)
    phone.fits()
    per_entry = play_steps(phone, TRUCO_MATCH[:6])
    hand = phone.page.locator('form.entry-form [data-field="hand"] legend')
    assert hand.inner_text() == "Mão de onze: Nos has 11"  # the decision it is (Art 17), nothing chosen
    assert phone.page.locator('form.entry-form input[name="hand"]:checked').count() == 0
    assert phone.page.locator('form.entry-form [data-field="value"]').count() == 0  # Art 17 sets the value
    if size == "390x844":
        _shot(phone.page, "truco")
    per_entry += play_steps(phone, TRUCO_MATCH[6:], first=7)
    # a hand won is a tap (two with its value), a decision one, a penalty two; Record one
    assert per_entry == [
        (3, 0),
        (3, 0),
        (3, 0),
        (2, 0),
        (2, 0),
        (2, 0),
        (2, 0),
        (4, 0),  # the refusal: played, Record refused, the winner tapped, Record again
        (3, 0),
        (3, 0),
        (2, 0),
        (3, 0),
        (3, 0),
        (3, 0),
        (3, 0),
        (2, 0),
        (2, 0),
        (2, 0),
        (2, 0),
    ]
    assert len(phone.saving) == 19 + 1 and phone.loads == 1  # the refused Record saves nothing
    assert phone.page.locator("p.complete").inner_text() == "The match is complete: Nos 2 games, Eles 1 game; Nos wins"
    phone.close()
    assert yaml.safe_load(sheet.read_text())["hands"] == TRUCO_HANDS
    assert _check(sheet) == f"{sheet}: clean (truco, won by Nos; Nos 2 games, Eles 1 game)"


# --- Quatrilho: a whole round at a table of four -------------------------------------------------------

QUATRILHO_SHEET = "rules: quatrilho\nround: 1\ntable: 7\nplayers: [Ari, Bia, Caio, Davi]\ndeals: []\n"
# Jogo normal (Art 18.2, Q4): 3 figuras a point; 6 points or more win, and the caller and his
# partner each receive the points from each of the other two. At a table of four every player
# plays every deal (Art 14), and the round is 6 deals a seat: 24 deals (Q1).
CYCLE = (  # (caller, partner, figuras, points)
    ("Ari", "Bia", "22", 7),
    ("Caio", "Davi", "19", 6),
    ("Ari", "Caio", "25", 8),
    ("Bia", "Davi", "18", 6),
)
PLAYERS4 = ("Ari", "Bia", "Caio", "Davi")


def _normal(number: int, caller: str, partner: str, figuras: str, points: int, **refusal) -> Step:
    chips = ", ".join(f"{p} {'+' if p in (caller, partner) else '-'}{points}" for p in PLAYERS4)
    return Step(
        taps=(("caller", caller), ("partner", partner)),
        typed=(("figuras", figuras if not refusal else "36"),),
        saved=f"Entry {number} · Jogo normal saved: {chips}",
        **refusal,
    )


QUATRILHO_ROUND = tuple(
    _normal(
        number,
        *CYCLE[(number - 1) % 4],
        # one refusal: 36 figuras, beyond the 35 of the deck (Art 20.11), typed again as 22
        **(
            {"refused": ("figuras", "Figuras: 36 is out of range (0 to 35)"), "retyped": (("figuras", "22"),)}
            if number == 5
            else {}
        ),
    )
    for number in range(1, 25)
)
# Each cycle of four deals: Ari +7 -6 +8 -6 = +3, Bia +7 -6 -8 +6 = -1, Caio -7 +6 +8 -6 = +1,
# Davi -7 +6 -8 +6 = -3; six cycles: Ari +18, Bia -6, Caio +6, Davi -18 (chips 118, 94, 106, 82).


@pytest.mark.parametrize("size", list(PHONES))
def test_a_quatrilho_round_at_a_table_of_four_one_screen_and_one_request_per_deal(tmp_path, serve, browser, size):
    sheet = tmp_path / "mesa7.yaml"
    sheet.write_text(QUATRILHO_SHEET)
    phone, _organiser, _link = phone_at(browser, serve, sheet, size)
    phone.fits()
    per_entry = play_steps(phone, QUATRILHO_ROUND, {1: "quatrilho"} if size == "390x844" else {})
    # caller and partner a tap each, the figuras a tap and two digits, Record a tap
    assert per_entry == [(4, 2)] * 4 + [(5, 6)] + [(4, 2)] * 19  # the refusal: 36, tapped again, both erased, 22
    assert len(phone.saving) == 24 and phone.loads == 1
    assert phone.page.locator("p.complete").inner_text() == "The round is complete: Ari +18, Bia -6, Caio +6, Davi -18"
    phone.close()
    deals = yaml.safe_load(sheet.read_text())["deals"]
    assert deals == [{"contract": "normal", "caller": c, "partner": p, "figuras": int(f)} for c, p, f, _ in CYCLE * 6]
    assert _check(sheet) == f"{sheet}: clean (quatrilho, complete; Ari +18, Bia -6, Caio +6, Davi -18)"


# --- serve restarted between two entries, and down at Record ---------------------------------------------

HOST = "127.0.0.2"  # a loopback address serve does not take for this machine's own: the links carry tokens


class _Serving:
    """`scorekeeper serve FOLDER --host 127.0.0.2 --port PORT` in a process of its own."""

    def __init__(self, folder, port: int = 0):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "--lang", "en", "serve", str(folder), "--host", HOST]
            + ["--port", str(port), "--no-qr"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        lines = []
        for line in self.process.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("Serving on "):
                break
        else:
            raise AssertionError("serve printed no address: " + "\n".join(lines))
        self.port = int(re.search(r"Serving on http://[^:]+:(\d+);", lines[-1]).group(1))
        self.links = dict(re.findall(r"^(.+?): (http\S+)$", "\n".join(lines), re.M))
        threading.Thread(target=self.process.stdout.read, daemon=True).start()  # never a full pipe

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise


def _king(number: int) -> Step:
    entry = KING_TOUR[number - 1]
    return Step(taps=entry.taps + entry.then, saved=entry.saved)


def test_serve_restarted_between_two_entries_and_down_at_record_saves_each_entry_once(tmp_path, browser):
    sheet = tmp_path / "mesa1.yaml"
    sheet.write_text(KING_SHEET)
    serving = _Serving(tmp_path)
    try:
        link = serving.links["mesa1.yaml"]
        assert "?token=" in link
        phone = Phone(browser, "360x740")
        phone.page.goto(link)
        assert play_steps(phone, [_king(1)]) == [(5, 0)]
        port = serving.port
        serving.stop()
        # The page as it was before the restart (its form, CSRF token and change id): hand 2's
        # counts tapped while serve is down (the check as it goes cannot answer), then serve
        # started again on the same port, with the same secrets kept beside the sheets.
        serving = _Serving(tmp_path, port)
        assert serving.links["mesa1.yaml"] == link
        assert play_steps(phone, [_king(2)], first=2) == [(5, 0)]
        assert [h["hand"] for h in _hands(sheet)] == ["vazas", "copas"]
        serving.stop()
        # Down at Record: hand 3 waits on the phone, and is sent when serve is back.
        for field, value in _king(3).taps:
            phone.tap(field, value)
        phone.record()
        pending = phone.page.locator(".pending")
        pending.wait_for()
        assert pending.get_by_role("status").inner_text().startswith("1 entry not sent yet")
        phone.fits()
        assert len(_hands(sheet)) == 2
        serving = _Serving(tmp_path, port)
        phone.page.wait_for_function("() => document.querySelector('form.entry-form').dataset.expected == '3'")
        assert phone.said() == KING_TOUR[2].saved  # sent again on its own, nothing retyped
        assert pending.is_hidden()
        assert phone.taps == 5 + 5 + 7 and phone.keys == 0 and phone.loads == 1
        phone.close()
    finally:
        serving.stop()
    assert _hands(sheet) == [
        {"hand": "vazas", "counts": [3, 2, 1, 7]},
        {"hand": "copas", "counts": [4, 3, 6, 0]},
        {"hand": "damas", "counts": [1, 1, 1, 0]},
    ]


def _hands(sheet) -> list:
    return yaml.safe_load(sheet.read_text())["hands"] or []
