"""A union's list and a registry come from strangers (issue 27 point 6): a FIFO, a symlink, a NUL
byte, a bidi control, a formula, a day that does not exist, a million and one rows, 100,000
members in bounded time, and a kill in the middle of the write: each refused in one line, or
done whole, never half-written."""

from __future__ import annotations

import datetime
import os
import shutil
import subprocess
import sys
import threading
import time

import pytest
import yaml
from conftest import run

from scorekeeper.core.registry import check_registries, import_registry
from scorekeeper.members.registry_import import MAX_ROWS, RegistryImportError, read_rows

TODAY = datetime.date(2026, 6, 1)
STRACE = shutil.which("strace")
SCOREKEEPER = shutil.which("scorekeeper", path=os.path.dirname(sys.executable)) or shutil.which("scorekeeper")


def test_a_fifo_is_refused_not_waited_on(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "list.csv")
    result: list = []
    worker = threading.Thread(target=lambda: result.append(run("registry", "import", "list.csv", "--union", "sul")))
    worker.start()
    worker.join(20)
    assert not worker.is_alive(), "import waited on a FIFO"
    assert result[0].exit_code == 2
    assert result[0].output == "Error: list.csv: is not a regular file (a pipe, device or socket): refused\n"
    checked = run("registry", "check", "list.csv")
    assert (checked.exit_code, checked.output.splitlines()[0]) == (
        2,
        "Error: list.csv: is not a regular file (a pipe, device or socket): refused",
    )


def test_a_symlinked_list_is_read_but_a_symlinked_registry_is_never_written(tmp_path, monkeypatch):
    """As `check` reads a sheet: a symlink the user names is followed (he named it). The file the
    import writes is another matter: registry/U.yaml planted as a link elsewhere is refused, and
    the file it points to is left as it was."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "real.csv").write_text("id,name,from\nS1,Ana,2020-01-01\n", encoding="utf-8")
    (tmp_path / "link.csv").symlink_to(tmp_path / "real.csv")
    assert run("registry", "import", "link.csv", "--union", "sul").exit_code == 0
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    os.remove(tmp_path / "registry" / "sul.yaml")
    (tmp_path / "registry" / "sul.yaml").symlink_to(victim)
    done = run("registry", "import", "link.csv", "--union", "sul")
    assert done.exit_code == 2
    assert (
        done.output
        == "Error: registry/sul.yaml: is a symbolic link: refused (the import writes registry files itself, never through a link)\n"
    )
    assert victim.read_text(encoding="utf-8") == "precious\n"


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"id,name,from\nS1,An\x00a,2020-01-01\n", "is a binary file, not CSV text"),
        (
            "id,name,from\nS1,Ana\u202e,2020-01-01\n".encode(),
            "s.csv:2: name: the name 'Ana\\u202e' holds an invisible direction mark",
        ),
        (b"id,name,from\nS1,Ana,2026-02-30\n", "s.csv:2: from: '2026-02-30' is no day of the calendar"),
        (b"id,name,from\nS1,=1+1,2020-01-01\n", "s.csv:2: name: the name '=1+1' starts as a spreadsheet formula does"),
        (
            b'id,name,from\nS1,"Ana\r\nSousa",2020-01-01\n',
            "s.csv:3: name: the name 'Ana\\r\\nSousa' holds a control character",
        ),
        (
            "id,name,from\nS1,Jos\u00e9,2020-01-01\n".encode("latin-1"),
            "s.csv:2: is not UTF-8 text: save it as CSV UTF-8",
        ),
    ],
)
def test_a_bad_value_is_one_line_and_nothing_is_written(tmp_path, monkeypatch, content, said):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.csv").write_bytes(content)
    done = run("registry", "import", "s.csv", "--union", "sul")
    assert done.exit_code == 2
    assert len(done.output.splitlines()) == 1 and said in done.output, done.output
    assert not (tmp_path / "registry").exists()


def test_a_registry_with_a_nul_byte_or_a_bidi_name_is_refused_at_its_line(tmp_path):
    nul = tmp_path / "nul.yaml"
    nul.write_bytes(b"union: a\nmembers:\n  - id: A1\n    name: An\x00a\n")
    bidi = tmp_path / "bidi.yaml"
    bidi.write_text('union: a\nmembers:\n  - id: A1\n    name: "Ana\\u202e"\n', encoding="utf-8")
    done = run("registry", "check", nul, bidi)
    assert done.exit_code == 2
    assert done.output.splitlines() == [
        f"Error: {nul}: is a binary file, not YAML text",
        f"Error: {bidi}:4: name: the name 'Ana\\u202e' holds an invisible direction mark",
        "0 registries, 0 members: clean",
    ]


def test_a_million_and_one_rows_are_refused_before_any_is_read(tmp_path):
    path = tmp_path / "huge.csv"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("id,name,from\n")
        handle.write("S1,Ana,2020-01-01\n" * (MAX_ROWS + 1))
    started = time.process_time()
    with pytest.raises(RegistryImportError, match="more than 1,000,000 rows: refused"):
        read_rows(str(path))
    assert time.process_time() - started < 30  # counted by the csv module's C reader: about a second


def test_100000_members_are_imported_and_checked_in_bounded_time(tmp_path):
    """Measured on a quiet core: import about 4 s, check about 6 s, CSafeLoader alone about 5 s
    of the check's file. The check reads the registry with the line-keeping loader the sheets
    use, so its time is bounded against CSafeLoader's on the same file (timed here, so a slow
    or busy machine slows both), the import's against it too."""
    source = tmp_path / "big.csv"
    with open(source, "w", encoding="utf-8") as handle:
        handle.write("id;nome;de;até\n")
        for number in range(100_000):
            handle.write(f"S{number:06d};Sócio Número {number};01/01/2019;31/12/2020\n")
            handle.write(f"S{number:06d};Sócio Número {number};2022-01-01;\n")
    started = time.process_time()
    done = import_registry(str(source), "sul", folder=str(tmp_path), on=TODAY)
    imported = time.process_time() - started
    assert len(done.merged.added) == 100_000 and done.findings == ()
    written = tmp_path / "registry" / "sul.yaml"
    started = time.process_time()
    checked = check_registries([str(written)], TODAY)
    checking = time.process_time() - started
    assert sum(len(r.members) for r in checked.registries) == 100_000 and checked.findings == ()
    started = time.process_time()
    yaml.load(written.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    baseline = time.process_time() - started
    assert checking < 2.0 * baseline + 5, (checking, baseline)
    assert imported < 1.5 * baseline + 10, (imported, baseline)


def test_more_than_100000_members_are_refused(tmp_path):
    source = tmp_path / "big.csv"
    source.write_text(
        "id,name,from\n" + "".join(f"S{n},Sócio {n},2020-01-01\n" for n in range(100_001)), encoding="utf-8"
    )
    with pytest.raises(RegistryImportError, match="100,001 members; a registry holds at most 100,000"):
        import_registry(str(source), "sul", folder=str(tmp_path), on=TODAY)
    assert not (tmp_path / "registry").exists()


def _scorekeeper(folder, *args, strace=None):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(SCOREKEEPER_LANG="en", LC_ALL="C.UTF-8")
    command = [*(strace or []), SCOREKEEPER, *map(str, args)]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=120, env=env)


def _strace_usable() -> bool:
    if STRACE is None or SCOREKEEPER is None:
        return False
    try:
        return (
            subprocess.run([STRACE, "-f", "-o", "/dev/null", "true"], capture_output=True, timeout=60).returncode == 0
        )
    except OSError:
        return False


@pytest.mark.skipif(not _strace_usable(), reason="strace cannot trace here: the fault injector cannot run")
@pytest.mark.parametrize("signal", ["KILL", "TERM"])
def test_a_kill_in_the_middle_of_the_write_leaves_the_old_registry_or_the_new_whole(tmp_path, signal):
    """Killed at the registry's rename (and at each fsync around it), `registry/sul.yaml` is the
    old file or the new one, whole; the next import completes what the journal holds (or finds
    nothing to do) and the file is then the new one."""
    (tmp_path / "one.csv").write_text("id,name,from\nS1,Ana,2020-01-01\n", encoding="utf-8")
    (tmp_path / "two.csv").write_text(
        "id,name,from,to\nS1,Ana Maria,2020-01-01,2026-04-30\nS2,Rui,2021-01-01,\n", encoding="utf-8"
    )
    assert _scorekeeper(tmp_path, "registry", "import", "one.csv", "--union", "sul").returncode == 0
    old = (tmp_path / "registry" / "sul.yaml").read_bytes()
    journal = {p.name: p.read_bytes() for p in (tmp_path / "registry").iterdir()}
    assert _scorekeeper(tmp_path, "registry", "import", "two.csv", "--union", "sul").returncode == 0
    new = (tmp_path / "registry" / "sul.yaml").read_bytes()
    assert old != new
    for syscall, when in (("rename", 1), ("fsync", 1), ("fsync", 2), ("fdatasync", 1)):
        shutil.rmtree(tmp_path / "registry")
        (tmp_path / "registry").mkdir()
        for name, content in journal.items():
            (tmp_path / "registry" / name).write_bytes(content)
        inject = f"inject={syscall}:signal={signal}:when={when}"
        killed = _scorekeeper(
            tmp_path, "registry", "import", "two.csv", "--union", "sul",
            strace=[STRACE, "-f", "-o", "/dev/null", "-e", f"trace={syscall}", "-e", inject],
        )  # fmt: skip
        assert killed.returncode != 0, (syscall, when, killed.stdout)
        assert (tmp_path / "registry" / "sul.yaml").read_bytes() in (old, new), (syscall, when)
        again = _scorekeeper(tmp_path, "registry", "import", "two.csv", "--union", "sul")
        assert again.returncode == 0, again.stderr
        assert (tmp_path / "registry" / "sul.yaml").read_bytes() == new, (syscall, when)
