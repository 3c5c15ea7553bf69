"""All or nothing across files, under a fault injector (issue 24): every tournament command that
changes more than one file (draw, undo, undo --force, absent, penalty, substitute, withdraw, add,
rename), run as a real `scorekeeper` process under strace, is killed (SIGKILL) or stopped
(SIGTERM) at its Nth rename, unlink, write, fsync and fdatasync, for every N the command reaches; after
the next command (`tournament check`, which completes what the journal holds pending before it
reads), every file of the folder is exactly as before the change or exactly as after it. And
never twice: a penalty killed after its save, then retried, counts once."""

from __future__ import annotations

import concurrent.futures
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import threading

import pytest

from scorekeeper.journal import store
from scorekeeper.tournaments.tournament_file import load

STRACE = shutil.which("strace")
# The console script installed beside this Python (a real process, as an organiser runs it).
SCOREKEEPER = shutil.which("scorekeeper", path=os.path.dirname(sys.executable)) or shutil.which("scorekeeper")


def _tracing_refused() -> str | None:
    """Why strace cannot trace here (a container without ptrace), or None."""
    try:
        done = subprocess.run([STRACE, "-f", "-o", "/dev/null", "true"], capture_output=True, text=True, timeout=60)
    except OSError as exc:
        return str(exc)
    return None if done.returncode == 0 else (done.stderr.strip() or "strace failed")


pytestmark = [
    pytest.mark.skipif(SCOREKEEPER is None, reason="the scorekeeper console script is not installed"),
    pytest.mark.skipif(
        STRACE is None, reason="strace is not installed: it is the fault injector (apt-get install strace)"
    ),
    pytest.mark.skipif(
        STRACE is not None and _tracing_refused() is not None,
        reason="strace cannot trace processes here (no ptrace): the fault injector cannot run",
    ),
]

# fdatasync too: SQLite commits the journal with it, so the journal's own commits are kill points.
SYSCALLS = ("rename", "unlink", "write", "fsync", "fdatasync")
SIGNALS = ("KILL", "TERM")
PLAYERS = "ABCDEFGH"  # two tables of King: small, so that every kill point is tried in time
NOT_STATE = re.compile(r"(^\.scorekeeper-journal\.)|(\.lock$)|(\.tmp$)")  # the journal, locks, temporaries


def scorekeeper(folder: pathlib.Path, *args, strace: list[str] | None = None) -> subprocess.CompletedProcess:
    # Its bytecode cached (as an installed wheel has it): a run compiling every module again is
    # twice as slow, and the matrix runs hundreds.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(SCOREKEEPER_LANG="en", LC_ALL="C.UTF-8")
    command = [*(strace or []), SCOREKEEPER, *map(str, args)]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=120, env=env)


def state(folder: pathlib.Path) -> dict[str, bytes]:
    """What a person reads in the folder: every file but the journal, the locks and temporaries."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if not NOT_STATE.search(p.name)}


def everything(folder: pathlib.Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def restore(folder: pathlib.Path, files: dict[str, bytes]) -> None:
    """The folder as `files` (the journal included), in place: the folder itself, and so the
    journal's idea of its folder, stays the same."""
    for path in folder.iterdir():
        path.unlink()
    for name, content in files.items():
        (folder / name).write_bytes(content)


def build(folder: pathlib.Path) -> dict[str, dict[str, bytes]]:
    """A King tournament of 8 players in its 2nd round: round 1 has a hand on table 1's sheet.
    Returns the folder as it is then ("empty": round 2's sheets as drawn) and with a hand on
    round 2's table 1 too ("played")."""
    folder.mkdir()
    steps = [
        ("tournament", "new", "king", "--name", "T", *(a for p in PLAYERS for a in ("-p", p)), "-o", "t.yaml"),
        ("tournament", "draw", "t.yaml", "--seed", "1", "--steps", "100"),
        ("record", "r1-mesa1.yaml", "vazas", "4", "3", "3", "3"),
        ("tournament", "draw", "t.yaml", "--seed", "2", "--steps", "100", "--force"),
    ]
    for args in steps:
        done = scorekeeper(folder, *args)
        assert done.returncode == 0, (args, done.stderr)
    empty = everything(folder)
    done = scorekeeper(folder, "record", "r2-mesa1.yaml", "vazas", "4", "3", "3", "3")
    assert done.returncode == 0, done.stderr
    played = everything(folder)
    restore(folder, empty)
    return {"empty": empty, "played": played}


def seated(folder: pathlib.Path, table: int) -> list[str]:
    """Who sits at `table` of round 2."""
    return load(str(folder / "t.yaml")).rounds[1].tables[table - 1].players


def commands(folder: pathlib.Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each command that changes more than one file (or the file and the journal), and the folder
    it starts from."""
    one, two = seated(folder, 1), seated(folder, 2)
    return {
        "draw": ("empty", ("tournament", "draw", "t.yaml", "--seed", "3", "--steps", "100", "--force")),
        "undo": ("empty", ("tournament", "undo", "t.yaml")),
        "undo --force": ("played", ("tournament", "undo", "t.yaml", "--force")),
        "absent": ("empty", ("tournament", "absent", "t.yaml", two[0])),
        "penalty": ("empty", ("tournament", "penalty", "t.yaml", two[0], "-2.5", "--article", "Art 14")),
        "substitute": ("empty", ("tournament", "substitute", "t.yaml", two[1], "Zeca")),
        "withdraw": ("empty", ("tournament", "withdraw", "t.yaml", two[2])),
        "add": ("empty", ("tournament", "add", "t.yaml", "Rui")),
        "rename": ("played", ("tournament", "rename", "t.yaml", one[0], "Quim")),
    }


def counted(log: str) -> dict[str, int]:
    """How many times the traced process (and its threads) entered each system call."""
    calls = re.findall(r"^\d+\s+(\w+)\(", log, re.MULTILINE)
    return {name: calls.count(name) for name in SYSCALLS}


# The runs wait on fsync as much as they compute: two more folders than cores keep both busy.
WORKERS = (os.cpu_count() or 2) + 2


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    """A folder for each worker, each with its own tournament and journal."""
    base = tmp_path_factory.mktemp("faults")
    paths = [base / f"w{n}" for n in range(WORKERS)]
    with concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
        built = list(pool.map(build, paths))
    return list(zip(paths, built))


def test_every_kill_point_of_every_command_leaves_the_folder_as_before_or_as_after(folders):
    """The matrix: command x (rename, unlink, write, fsync, fdatasync) x (KILL, TERM) x N = 1 .. the number
    of times the uninjected run makes that call. Each injected run must not end normally (the
    fault was injected), and after `tournament check` the folder is as before or as after."""
    first, snapshots = folders[0]
    plan = commands(first)
    expected = {}
    tasks = []
    for name, (start, args) in plan.items():
        restore(first, snapshots[start])
        log = first.parent / "trace.log"
        done = scorekeeper(first, *args, strace=[STRACE, "-f", "-o", str(log), "-e", "trace=" + ",".join(SYSCALLS)])
        assert done.returncode == 0, (name, done.stderr)
        after = state(first)
        before = {k: v for k, v in snapshots[start].items() if not NOT_STATE.search(k)}
        assert after != before, name
        expected[name] = (before, after)
        calls = counted(log.read_text())
        assert all(calls.values()), (name, calls)
        tasks += [
            (name, syscall, signal, n)
            for syscall in SYSCALLS
            for signal in SIGNALS
            for n in range(1, calls[syscall] + 1)
        ]
    free = list(folders)
    lock = threading.Lock()

    def attempt(task):
        name, syscall, signal, n = task
        with lock:
            folder, snaps = free.pop()
        try:
            start, args = plan[name]
            restore(folder, snaps[start])
            inject = f"inject={syscall}:signal={signal}:when={n}"
            stopped = scorekeeper(
                folder, *args, strace=[STRACE, "-f", "-o", "/dev/null", "-e", f"trace={syscall}", "-e", inject]
            )
            checked = scorekeeper(folder, "tournament", "check", "t.yaml")
            now = state(folder)
            before, after = expected[name]
            outcome = "before" if now == before else "after" if now == after else "neither"
            problems = []
            if stopped.returncode == 0:
                problems.append("the fault was not injected: the command ended normally")
            if checked.returncode not in (0, 1) or "Traceback" in checked.stderr + stopped.stderr:
                problems.append(f"check: {checked.returncode} {checked.stderr[-300:]}")
            if outcome == "neither":
                problems.append(
                    "half done: "
                    + ", ".join(
                        sorted(k for k in set(now) | set(before) if now.get(k) not in (before.get(k), after.get(k)))
                    )
                )
            if (folder / store.JOURNAL_NAME).exists():
                journal = store.Journal.open(str(folder), False, [], ".")
                try:
                    if journal is not None and journal.pending():
                        problems.append("a change is still pending after the next command")
                finally:
                    if journal is not None:
                        journal.close()
            return task, outcome, problems
        finally:
            with lock:
                free.append((folder, snaps))

    with concurrent.futures.ThreadPoolExecutor(len(folders)) as pool:
        results = list(pool.map(attempt, tasks))
    failed = [(task, problems) for task, _outcome, problems in results if problems]
    assert failed == [], failed[:10]
    outcomes = {(task[0], outcome) for task, outcome, _problems in results}
    for name in plan:  # each command was caught both before its change was done and after
        assert {(name, "before"), (name, "after")} <= outcomes, (name, sorted(outcomes))
    assert len(results) == len(tasks) >= 9 * len(SYSCALLS) * 2


def killed_after_its_save(folder: pathlib.Path, start: dict[str, bytes], args) -> dict[str, bytes]:
    """Run `args` in `folder` once to learn its system calls and what it leaves, put the folder
    back as `start`, then run it again killed at the fsync just after the rename that saves
    t.yaml (of its folder): every file is saved, the journal does not say so yet. Returns the
    folder as the change leaves it."""
    log = folder.parent / f"{folder.name}.trace"
    traced = scorekeeper(folder, *args, strace=[STRACE, "-f", "-o", str(log), "-e", "trace=rename,fsync"])
    assert traced.returncode == 0, traced.stderr
    saved = state(folder)
    restore(folder, start)
    calls = re.findall(r"^\d+\s+(rename|fsync)\((.*)$", log.read_text(), re.MULTILINE)
    saving = max(i for i, (call, rest) in enumerate(calls) if call == "rename" and rest.endswith('/t.yaml") = 0'))
    when = sum(1 for call, _rest in calls[: saving + 1] if call == "fsync") + 1
    inject = f"inject=fsync:signal=KILL:when={when}"
    killed = scorekeeper(folder, *args, strace=[STRACE, "-f", "-o", "/dev/null", "-e", "trace=fsync", "-e", inject])
    assert killed.returncode in (-9, 137) and killed.stdout == "", killed
    assert state(folder) == saved  # saved, and nothing said: the organiser does not know
    return saved


CLOCK = r"\d\d:\d\d:\d\d"


def test_a_penalty_killed_after_its_save_then_retried_counts_once(tmp_path):
    """The issue's case: killed after the file was saved but before the journal marked it done,
    the organiser retries: the retry completes the first one, says so, and applies nothing more;
    the file holds one penalty, -2.5 and not -5."""
    folder = tmp_path / "t"
    snapshots = build(folder)
    who = seated(folder, 2)[0]
    args = ("tournament", "penalty", "t.yaml", who, "-2.5", "--article", "Art 14")
    saved = killed_after_its_save(folder, snapshots["empty"], args)
    retried = scorekeeper(folder, *args)
    assert retried.returncode == 0, retried.stderr
    assert re.fullmatch(
        rf"completed the interrupted penalty \({who} -2\.5, round 2\), begun {CLOCK}\n"
        rf"already done at {CLOCK}: the penalty \({who} -2\.5, round 2\); nothing changed "
        r"\(use --again to do it once more\)\n",
        retried.stdout,
    ), retried.stdout
    assert state(folder) == saved
    text = (folder / "t.yaml").read_text(encoding="utf-8")
    assert text.count("penalties:") == 1 and text.count("points: -2.5") == 1
    shown = scorekeeper(folder, "tournament", "standings", "t.yaml", "--format", "json")
    assert {row["player"]: row["penalties"] for row in json.loads(shown.stdout)}[who] == -2.5
    # Meant twice, it is said so: --again gives the second one.
    twice = scorekeeper(folder, *args, "--again")
    assert twice.returncode == 0 and twice.stdout.startswith("Penalty written into t.yaml: round 2")
    shown = scorekeeper(folder, "tournament", "standings", "t.yaml", "--format", "json")
    assert {row["player"]: row["penalties"] for row in json.loads(shown.stdout)}[who] == -5


def test_a_draw_killed_after_its_save_then_retried_is_drawn_once(tmp_path):
    """A draw killed once its sheets and file were written: the retry completes it and does
    not draw round 4 on top of it."""
    folder = tmp_path / "t"
    snapshots = build(folder)
    args = ("tournament", "draw", "t.yaml", "--seed", "3", "--steps", "100", "--force")
    saved = killed_after_its_save(folder, snapshots["empty"], args)
    retried = scorekeeper(folder, *args)
    assert retried.returncode == 0, retried.stderr
    assert re.fullmatch(
        rf"completed the interrupted draw \(round 3\), begun {CLOCK}\n"
        rf"already done at {CLOCK}: the draw \(round 3\); nothing changed \(use --again to do it once more\)\n",
        retried.stdout,
    ), retried.stdout
    assert state(folder) == saved and sorted(p.name for p in folder.glob("r3-*")) == ["r3-mesa1.yaml", "r3-mesa2.yaml"]
    assert not list(folder.glob("r4-*"))
    # Meant, a second draw is asked for so.
    again = scorekeeper(folder, *args, "--again")
    assert again.returncode == 0 and again.stdout.startswith("Round 4 drawn into t.yaml:\n"), again.stdout
    assert sorted(p.name for p in folder.glob("r4-*")) == ["r4-mesa1.yaml", "r4-mesa2.yaml"]


def test_the_next_command_completes_a_killed_rename_and_says_so_first(tmp_path):
    """The issue's rename killed at its 2nd unlink: the next command, a check, completes it
    before it reads, says so on its first line, and finds no sheet naming another player."""
    folder = tmp_path / "t"
    snapshots = build(folder)
    restore(folder, snapshots["played"])
    old = seated(folder, 1)[0]
    args = ("tournament", "rename", "t.yaml", old, "Quim")
    inject = "inject=unlink:signal=KILL:when=2"
    killed = scorekeeper(folder, *args, strace=[STRACE, "-f", "-o", "/dev/null", "-e", "trace=unlink", "-e", inject])
    assert killed.returncode in (-9, 137)
    checked = scorekeeper(folder, "tournament", "check", "t.yaml")
    first, *rest = checked.stdout.splitlines()
    assert re.fullmatch(rf"completed the interrupted rename \({old} to Quim\), begun {CLOCK}", first), first
    assert "T-TN2-SHEET-OTHER-PLAYERS" not in checked.stdout and "PLAYER-UNKNOWN" not in checked.stdout
    assert rest[-1] == "t.yaml: 4 errors (king, 2 rounds)" and checked.returncode == 1
    assert "Quim" in (folder / "r2-mesa1.yaml").read_text(encoding="utf-8")
    again = scorekeeper(folder, "tournament", "check", "t.yaml")  # said once: completed is completed
    assert not again.stdout.startswith("completed")


def test_the_issues_reproductions_on_48_players_in_their_4th_round(tmp_path):
    """The issue's own cases, as it ran them: `rename P40 Q40` killed at its 2nd unlink is
    completed by the next command, with no sheet naming a player the file does not; `absent`
    stopped by SIGTERM at its 1st rename and `undo --force` at its 2nd exit 143 with every file
    as before (the journal put them back), nothing moved aside."""
    folder = tmp_path / "t"
    folder.mkdir()
    players = [arg for n in range(1, 49) for arg in ("-p", f"P{n}")]
    assert scorekeeper(folder, "tournament", "new", "king", "--name", "T", *players, "-o", "t.yaml").returncode == 0
    for seed in range(1, 5):
        drawn = scorekeeper(folder, "tournament", "draw", "t.yaml", "--seed", seed, "--steps", "100", "--force")
        assert drawn.returncode == 0, drawn.stderr
    start = everything(folder)
    named = sorted(p.name for p in folder.glob("r*-mesa*.yaml") if "P40" in p.read_text(encoding="utf-8"))
    assert len(named) == 4

    def injected(syscall: str, signal: str, when: int, *args) -> subprocess.CompletedProcess:
        inject = f"inject={syscall}:signal={signal}:when={when}"
        trace = [STRACE, "-f", "-o", "/dev/null", "-e", f"trace={syscall}", "-e", inject]
        return scorekeeper(folder, "tournament", *args, strace=trace)

    assert injected("unlink", "KILL", 2, "rename", "t.yaml", "P40", "Q40").returncode in (-9, 137)
    checked = scorekeeper(folder, "tournament", "check", "t.yaml")
    assert re.fullmatch(
        rf"completed the interrupted rename \(P40 to Q40\), begun {CLOCK}", checked.stdout.split("\n")[0]
    )
    for code in ("T-TN2-SHEET-OTHER-PLAYERS", "PLAYER-UNKNOWN", "PLAYER-UNSEATED"):
        assert code not in checked.stdout, code
    assert sorted(p.name for p in folder.glob("r*-mesa*.yaml") if "Q40" in p.read_text(encoding="utf-8")) == named
    assert not [p.name for p in folder.glob("r*-mesa*.yaml") if "P40" in p.read_text(encoding="utf-8")]

    restore(folder, start)
    before = state(folder)
    stopped = injected("rename", "TERM", 1, "absent", "t.yaml", "P40")
    assert stopped.returncode == 143 and state(folder) == before and not list(folder.glob("*.absent.yaml"))

    assert scorekeeper(folder, "record", "r4-mesa1.yaml", "vazas", "4", "3", "3", "3").returncode == 0
    before = state(folder)
    stopped = injected("rename", "TERM", 2, "undo", "t.yaml", "--force")
    assert stopped.returncode == 143 and state(folder) == before and not list(folder.glob("*.undone.yaml"))
    checked = scorekeeper(folder, "tournament", "check", "t.yaml")
    assert state(folder) == before and not checked.stdout.startswith("completed")
