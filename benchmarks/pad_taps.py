"""What an entry costs the scorer on the score pad: taps and keystrokes per entry, and the
requests that save, for a game scripted as the browser tests script it.

    python benchmarks/pad_taps.py [--size 390x844|360x740]

Starts `scorekeeper serve` on a new King sheet (a free loopback port, its own process) and plays
the README tour's game (tests/serve/test_serve_browser.KING_TOUR) in the system's Chromium at a
phone's size with touch: a field tapped is a tap, a button a tap, a character a keystroke.
Prints each entry's taps and keystrokes, the whole game's against the issue's target (at most
100) and against the question flow it replaced (143 for the same game), the requests that
saved and the pages loaded. Another game is measured by adding its scripted entries (a list of
test_serve_browser.Entry) to GAMES. Not a test: tests/serve/test_serve_browser.py asserts the counts.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "serve"))  # the browser test whose tour and phones this replays

from test_serve_browser import ARGS, CHROMIUM, KING_SHEET, KING_TOUR, PHONES, Phone  # noqa: E402

TARGET = 100  # issue 25: the README tour's King game in at most 100 taps and keystrokes
BEFORE = 143  # the same game through the question flow (issue 25: 75 taps and 68 keystrokes)

# game -> (its empty sheet, its entries as the scorer makes them, the number of the game before)
GAMES = {"king": (KING_SHEET, KING_TOUR, BEFORE)}


def serve(folder: pathlib.Path):
    import subprocess

    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", str(folder), "--port", "0", "--no-qr", "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    links = {}
    for line in process.stdout:
        if line.startswith("Serving on "):
            break
        name, _colon, address = line.rstrip("\n").partition(": ")
        if address.startswith("http") and name != "Organiser":
            links[name] = address
    return process, links


def measure(game: str, size: str) -> None:
    from playwright.sync_api import sync_playwright
    from test_serve_browser import play

    sheet_text, entries, before = GAMES[game]
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "mesa1.yaml"
        path.write_text(sheet_text)
        process, links = serve(pathlib.Path(folder))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
                phone = Phone(browser, size)
                phone.page.goto(links["mesa1.yaml"])
                per_entry = play(phone, entries)
                saving, loads = len(phone.saving), phone.loads
                phone.close()
                browser.close()
        finally:
            process.terminate()
            process.wait(10)
    print(f"{game}: {len(entries)} entries in Chromium at {size} with touch")
    print(f"{'#':>3}  {'taps':>4}  {'keys':>4}  saved as")
    for number, ((taps, keys), entry) in enumerate(zip(per_entry, entries), 1):
        print(f"{number:>3}  {taps:>4}  {keys:>4}  {entry.saved or '(checked, not sent)'}")
    taps = sum(t for t, _k in per_entry)
    keys = sum(k for _t, k in per_entry)
    total = taps + keys
    print(
        f"total: {taps} taps + {keys} keystrokes = {total} "
        f"({total / len(entries):.1f} per entry; target <= {TARGET}: {'met' if total <= TARGET else 'MISSED'}; "
        f"{total / before:.2f}x the {before} of the question flow)"
    )
    print(f"requests that saved: {saving} ({saving / len(entries):.2f} per entry); pages loaded: {loads}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=sorted(PHONES), default="390x844")
    parser.add_argument("--game", choices=sorted(GAMES), default="king")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        raise SystemExit(f"needs the system's Chromium at {CHROMIUM}")
    measure(args.game, args.size)


if __name__ == "__main__":
    main()
