"""The score pad under load: 40 tables recording at once on loopback, no entry lost.

    python benchmarks/bench_serve.py [--tables 40] [--hands 20] [--strict]

Starts `scorekeeper serve` on a folder of Truco sheets (a free loopback port, a real waitress
server in its own process), then one client thread per table POSTs its hands to the JSON API,
each with the entry count it was made for (a 409 is made again for the sheet as it is, a 503
retried). Prints the time per entry (median and 95th percentile, and the whole run's entries
per second), then reads every sheet back: each must hold exactly its hands. Not a test: the
machine's load moves the numbers; --strict exits 1 when an entry is lost or doubled.
"""

from __future__ import annotations

import argparse
import http.client
import json
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def start(folder: pathlib.Path):
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", str(folder), "--port", "0", "--no-qr", "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    for line in server.stdout:
        found = re.search(r"Serving on http://127\.0\.0\.1:(\d+)", line)
        if found:
            return server, int(found.group(1))
    raise SystemExit("the server did not start")


def post(port: int, path: str, body: dict) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    answer = connection.getresponse()
    data = json.loads(answer.read() or b"{}")
    connection.close()
    return answer.status, data


def table(port: int, name: str, hands: int, times: list, problems: list) -> None:
    entries = 0
    while entries < hands:
        winner = "Nos" if entries % 2 == 0 else "Eles"
        began = time.perf_counter()
        status, data = post(port, f"/api/tables/{name}/entries", {"winner": winner, "expected_entries": entries})
        times.append(time.perf_counter() - began)
        if status == 201:
            entries += 1
        elif status == 409:
            problems.append(f"{name}: stale at {entries} (no one else writes this table)")
            entries = data.get("entries", entries)
        elif status != 503:
            problems.append(f"{name}: {status} {data}")
            return


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    import yaml

    with tempfile.TemporaryDirectory() as work:
        folder = pathlib.Path(work)
        names = [f"mesa{n:02d}" for n in range(1, args.tables + 1)]
        for name in names:
            (folder / f"{name}.yaml").write_text(
                "rules: truco\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\nhands: []\n"
            )
        server, port = start(folder)
        try:
            times: list[float] = []
            problems: list[str] = []
            threads = [threading.Thread(target=table, args=(port, name, args.hands, times, problems)) for name in names]
            began = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            took = time.perf_counter() - began
        finally:
            server.terminate()
            server.wait(10)
        lost = []
        for name in names:
            hands = yaml.safe_load((folder / f"{name}.yaml").read_text())["hands"] or []
            wanted = [{"winner": "Nos" if i % 2 == 0 else "Eles"} for i in range(args.hands)]
            if hands != wanted:
                lost.append(f"{name}: {len(hands)} hands, not the {args.hands} sent")
    total = args.tables * args.hands
    times.sort()
    print(f"{args.tables} tables x {args.hands} hands = {total} entries in {took:.1f} s ({total / took:.0f} entries/s)")
    print(
        f"time per entry: median {statistics.median(times) * 1000:.0f} ms, "
        f"95th percentile {times[int(len(times) * 0.95) - 1] * 1000:.0f} ms"
    )
    for line in problems + lost:
        print(line)
    print("no entry lost or doubled" if not lost else f"{len(lost)} tables lost or doubled entries")
    return 1 if args.strict and (lost or problems) else 0


if __name__ == "__main__":
    sys.exit(main())
