"""A union's part sent and received (King Art 2: each union runs its regional phase; Art 3: each
qualifies its own): `season bundle` from one folder, `season receive` in another holding the
other unions' parts. The files arrive byte for byte, the list is the same on both sides, a
changed byte refuses the bundle whole, and a kill in the middle of receiving leaves the old part
or the new after the next command, never a mix."""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import zipfile

import pytest
from conftest import run
from season_maker import make_season

from scorekeeper.core import season_exchange
from scorekeeper.journal.history import history
from scorekeeper.season.bundle_read import read_bundle
from scorekeeper.season.published import Move
from scorekeeper.season.qualification import qualify
from scorekeeper.season.season_file import load_season

UNIONS = {"norte": 12, "centro": 8, "sul-e-ilhas": 16}
SHEET = "norte/e1/r3-mesa3.yaml"


def part(folder: pathlib.Path) -> dict[str, bytes]:
    """Norte's part as a person reads it: its registry, its event and sheets."""
    files = {"registry/norte.yaml": (folder / "registry/norte.yaml").read_bytes()}
    for path in sorted((folder / "norte").rglob("*.yaml")):
        files[path.relative_to(folder).as_posix()] = path.read_bytes()
    return files


def everything(folder: pathlib.Path) -> dict[str, bytes]:
    """Every file of the season but the journals, locks and temporaries."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and not p.name.startswith(".")
    }


@pytest.fixture
def sender(tmp_path):
    return make_season(tmp_path / "sender", UNIONS)


@pytest.fixture
def receiver(tmp_path):
    """The same season where Norte's part has not arrived: no registry, no event folder."""
    path = make_season(tmp_path / "receiver", UNIONS)
    shutil.rmtree(path.parent / "norte")
    (path.parent / "registry/norte.yaml").unlink()
    return path


def bundle(season: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    done = run("season", "bundle", season, "--union", "norte", "-o", out)
    assert done.exit_code == 0, done.output
    return out


def races(path):
    return qualify(load_season(str(path))).races


def test_a_bundle_round_trips_byte_for_byte_and_the_list_is_the_same(sender, receiver, tmp_path):
    out = bundle(sender, tmp_path / "norte.zip")
    manifest = read_bundle(str(out)).manifest
    assert (manifest.season, manifest.rules, manifest.union) == (
        "Interbancário de King 2027",
        "king-interbancario",
        "norte",
    )
    assert [(f.path, f.kind) for f in manifest.files][:3] == [
        ("registry/norte.yaml", "registry"),
        ("norte/e1/torneio.yaml", "event"),
        ("norte/e1/r1-mesa1.yaml", "sheet"),
    ]
    assert len(manifest.files) == 1 + 1 + 9 + 1  # registry, event, its 9 sheets, the journal
    done = run("season", "receive", receiver, out)
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert "Received norte's part" in lines[0] and "12 files written, 0 removed, 0 the same" in lines[0]
    # Norte's part was not here: its whole race is news, its four seats taken (Art 3)
    assert lines[1:3] == [
        "What moved in the list:",
        "  norte: N0008 Inês Magalhães in: not in the list -> place 1, qualified, 12 points",
    ]
    assert len(lines) == 3 + 12 - 1
    assert part(receiver.parent) == part(sender.parent)
    assert races(receiver) == races(sender)
    # the receiving is one change on the season folder's journal, spanning every file
    [change] = history(str(receiver)).changes
    assert (change.action, len(change.files)) == ("receive", 13)  # the season file (unchanged) and 12 files
    # received again: nothing differs, nothing is written
    again = run("season", "receive", receiver, out)
    assert "already as the bundle holds it" in again.output
    assert len(history(str(receiver)).changes) == 1


def test_the_same_part_bundles_to_the_same_files(sender, tmp_path):
    first = zipfile.ZipFile(bundle(sender, tmp_path / "a.zip"))
    second = zipfile.ZipFile(bundle(sender, tmp_path / "b.zip"))
    assert [(i.filename, i.CRC) for i in first.infolist()][1:] == [(i.filename, i.CRC) for i in second.infolist()][1:]


def rewritten(source: pathlib.Path, target: pathlib.Path, change) -> pathlib.Path:
    """A copy of the zip with `change(name, data)` applied to each member's bytes."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = change(info.filename, old.read(info))
            if data is not None:
                new.writestr(info, data)
    return target


def test_a_changed_byte_is_refused_naming_the_file_and_nothing_is_written(sender, receiver, tmp_path):
    out = bundle(sender, tmp_path / "norte.zip")

    def flip(name, data):
        return data.replace(b"counts: [3, 2, 1, 7]", b"counts: [3, 2, 1, 6]", 1) if name == SHEET else data

    forged = rewritten(out, tmp_path / "forged.zip", flip)
    before = everything(receiver.parent)
    done = run("season", "receive", receiver, forged)
    assert done.exit_code == 2
    assert done.output.strip() == (
        f"Error: {forged}: '{SHEET}': not the file the manifest names (its SHA-256 or size differs): changed on the way"
    )
    assert everything(receiver.parent) == before
    assert not (receiver.parent / ".scorekeeper-journal.sqlite").exists()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda n, d: None if n == SHEET else d, f"'{SHEET}': named by the manifest, missing from the bundle"),
        (
            lambda n, d: (
                d.replace(b'"norte/e1/r1-mesa1.yaml"', b'"norte/e1/r1-mesa9.yaml"') if n == "manifest.json" else d
            ),
            "'norte/e1/r1-mesa1.yaml': a file the manifest does not name",
        ),
        (
            lambda n, d: (
                d.replace(b'"season": "Interbanc', b'"season": "Outro Interbanc') if n == "manifest.json" else d
            ),
            "a bundle of the season 'Outro Interbancário de King 2027', not 'Interbancário de King 2027'",
        ),
        (
            lambda n, d: d.replace(b'"union": "norte"', b'"union": "minho"') if n == "manifest.json" else d,
            "a bundle of the union 'minho', which the season's rules do not name (norte, centro, sul-e-ilhas)",
        ),
    ],
)
def test_a_bundle_not_what_its_manifest_says_is_refused(sender, receiver, tmp_path, change, words):
    forged = rewritten(bundle(sender, tmp_path / "norte.zip"), tmp_path / "forged.zip", change)
    before = everything(receiver.parent)
    done = run("season", "receive", receiver, forged)
    assert done.exit_code == 2, done.output
    assert done.output.strip() == f"Error: {forged}: {words}"
    assert everything(receiver.parent) == before


def test_a_bundle_may_not_write_another_unions_part(sender, receiver, tmp_path):
    """A sheet named as Norte's that is Centro's: not a file of Norte's part here."""
    out = bundle(sender, tmp_path / "norte.zip")
    centro = (receiver.parent / "centro/e1/r1-mesa1.yaml").read_bytes()

    def swap(name, data):
        if name == "manifest.json":
            text = json.loads(data)
            text["files"].append(
                {
                    "path": "centro/e1/r1-mesa1.yaml",
                    "sha256": __import__("hashlib").sha256(b"x").hexdigest(),
                    "size": 1,
                    "kind": "sheet",
                }
            )
            return json.dumps(text).encode()
        return data

    forged = rewritten(out, tmp_path / "forged.zip", swap)
    with zipfile.ZipFile(forged, "a") as archive:
        archive.writestr("centro/e1/r1-mesa1.yaml", b"x")
    done = run("season", "receive", receiver, forged)
    assert done.exit_code == 2
    assert "'centro/e1/r1-mesa1.yaml': not a file of norte's part in this season" in done.output
    assert (receiver.parent / "centro/e1/r1-mesa1.yaml").read_bytes() == centro


def test_a_part_is_replaced_whole_its_old_files_gone(sender, receiver, tmp_path):
    """The receiver had an older Norte part with a sheet the new one no longer names: removed."""
    shutil.copytree(sender.parent / "norte", receiver.parent / "norte")
    shutil.copy(sender.parent / "registry/norte.yaml", receiver.parent / "registry/norte.yaml")
    event = receiver.parent / "norte/e1/torneio.yaml"
    event.write_text(event.read_text().replace("sheet: r3-mesa3.yaml", "sheet: r3-mesa3-old.yaml"))
    (receiver.parent / "norte/e1/r3-mesa3-old.yaml").write_bytes((sender.parent / SHEET).read_bytes())
    (receiver.parent / SHEET).unlink()
    out = bundle(sender, tmp_path / "norte.zip")
    report = season_exchange.receive(str(receiver), str(out))
    assert report.received.written == ("norte/e1/torneio.yaml", SHEET, "received/norte.journal.json")
    assert report.received.removed == ("norte/e1/r3-mesa3-old.yaml",)
    assert report.differences == []
    assert part(receiver.parent) == part(sender.parent)


def test_a_fix_sent_in_a_bundle_moves_the_receivers_published_list_naming_the_fix(sender, receiver, tmp_path):
    """Centro's desk publishes with Norte's part as first received; Norte fixes a hand and sends
    its part again: Centro's list moves (Ana in, Marta out) and the cause is Norte's fix, by its
    id, brought by the receiving."""
    season_exchange.receive(str(receiver), str(bundle(sender, tmp_path / "first.zip")))
    season_exchange.publish(str(receiver))
    assert run("fix", sender.parent / SHEET, "1", "vazas", "3", "7", "1", "2").exit_code == 0
    [fix] = history(str(sender.parent / SHEET)).changes
    report = season_exchange.receive(str(receiver), str(bundle(sender, tmp_path / "second.zip")))
    assert [(d.id, d.move) for d in report.differences] == [
        ("N0004", Move.IN),
        ("N0007", Move.PLACE),
        ("N0012", Move.OUT),
    ]
    news = season_exchange.news(str(receiver), qualify(load_season(str(receiver))))
    [cause] = news.causes
    assert (cause.change.id, cause.change.action, cause.files) == (fix.id, "fix", (SHEET,))
    assert cause.via is not None and cause.via.id == report.received.change


# --- a kill in the middle of receiving -----------------------------------------------------

STRACE = shutil.which("strace")
SCOREKEEPER = shutil.which("scorekeeper", path=os.path.dirname(sys.executable)) or shutil.which("scorekeeper")


def _tracing_refused() -> str | None:
    try:
        done = subprocess.run([STRACE, "-f", "-o", "/dev/null", "true"], capture_output=True, text=True, timeout=60)
    except OSError as exc:
        return str(exc)
    return None if done.returncode == 0 else (done.stderr.strip() or "strace failed")


def scorekeeper(folder, *args, strace=()):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(SCOREKEEPER_LANG="en", LC_ALL="C.UTF-8")
    return subprocess.run(
        [*strace, SCOREKEEPER, *map(str, args)], cwd=folder, capture_output=True, text=True, timeout=120, env=env
    )


def snapshot(folder: pathlib.Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def restore(folder: pathlib.Path, files: dict[str, bytes]) -> None:
    for path in sorted(folder.rglob("*"), reverse=True):
        if path.is_file() or path.is_symlink():
            path.unlink()
        elif path != folder:
            path.rmdir()
    for name, content in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content)


def counted(log: str) -> dict[str, int]:
    """How many times each system call was made in a strace log."""
    found: dict[str, int] = {}
    for line in log.splitlines():
        call = re.match(r"(?:\d+\s+)?(\w+)\(", line)
        if call is not None:
            found[call.group(1)] = found.get(call.group(1), 0) + 1
    return found


def kill_points(calls: dict[str, int]) -> list[tuple[str, str, int]]:
    """Every rename, unlink and fsync (the files' own writes, their locks), with SIGKILL; every
    rename with SIGTERM too (taken back); and the journal's commits (fdatasync) at the first,
    the middle and the last."""
    points = [(name, "KILL", n) for name in ("rename", "unlink", "fsync") for n in range(1, calls.get(name, 0) + 1)]
    points += [("rename", "TERM", n) for n in range(1, calls.get("rename", 0) + 1)]
    commits = calls.get("fdatasync", 0)
    points += [("fdatasync", "KILL", n) for n in sorted({1, commits // 2, commits}) if n]
    return points


@pytest.mark.skipif(
    SCOREKEEPER is None or STRACE is None, reason="needs the console script and strace (the fault injector)"
)
def test_a_kill_while_receiving_leaves_the_old_part_or_the_new_whole(sender, tmp_path):
    """The receiver holds an older Norte part (a hand fixed since, a sheet not yet there); the
    receiving is killed (SIGKILL) or stopped (SIGTERM) at each of its renames, unlinks and
    fsyncs and at its journal's commits; then `history` (which completes what the journal holds
    pending) runs: every file of the season is exactly as before, or exactly as after."""
    if _tracing_refused() is not None:
        pytest.skip("strace cannot trace processes here")
    receiver = make_season(tmp_path / "receiver", UNIONS)
    old = receiver.parent / SHEET
    old.write_text(old.read_text().replace("counts: [3, 2, 1, 7]", "counts: [3, 7, 1, 2]"))
    (receiver.parent / "norte/e1/r1-mesa1.yaml").unlink()
    out = bundle(sender, tmp_path / "norte.zip")
    folder = receiver.parent
    start = snapshot(folder)
    log = tmp_path / "trace.log"
    traced = ["-f", "-o", str(log), "-e", "trace=rename,unlink,fsync,fdatasync"]
    done = scorekeeper(folder, "season", "receive", "season.yaml", out, strace=[STRACE, *traced])
    assert done.returncode == 0, done.stderr
    ignore = (".scorekeeper-journal", ".lock", ".tmp")
    after = {k: v for k, v in snapshot(folder).items() if not any(mark in k for mark in ignore)}
    before = {k: v for k, v in start.items() if not any(mark in k for mark in ignore)}
    assert after != before
    points = kill_points(counted(log.read_text()))
    assert len(points) >= 12, points
    outcomes, problems = {}, []
    for syscall, signal, n in points:
        restore(folder, start)
        inject = f"inject={syscall}:signal={signal}:when={n}"
        tracing = [STRACE, "-f", "-o", "/dev/null", "-e", f"trace={syscall}", "-e", inject]
        stopped = scorekeeper(folder, "season", "receive", "season.yaml", out, strace=tracing)
        checked = scorekeeper(folder, "history", "season.yaml")
        now = {k: v for k, v in snapshot(folder).items() if not any(mark in k for mark in ignore)}
        outcome = "before" if now == before else "after" if now == after else "neither"
        outcomes[(syscall, signal, n)] = outcome
        if "Traceback" in checked.stderr + stopped.stderr or checked.returncode != 0:
            problems.append((syscall, signal, n, checked.returncode, (checked.stderr + stopped.stderr)[-300:]))
        if outcome == "neither":
            problems.append((syscall, signal, n, "half done", sorted(k for k in now if now.get(k) != after.get(k))))
        # a point past the run's last call of its kind (SQLite's syncs vary a little from run to
        # run) lets it end normally: then it must have done the whole change
        if stopped.returncode == 0 and outcome != "after":
            problems.append((syscall, signal, n, "ended normally, not done", outcome))
    assert problems == []
    assert set(outcomes.values()) == {"before", "after"}, outcomes
