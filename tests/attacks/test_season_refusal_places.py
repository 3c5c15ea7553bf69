"""Refusals that name their place (issue 27 point 6: one line naming file and place, exit 2, no
traceback): a directory given to `registry import`, a NUL byte in a union's list at its line, and
a season file whose `registries:` leads out of its folder or whose `events:` names a FIFO or a
directory, each at the season file's line that names it."""

from __future__ import annotations

import os
import threading

import pytest
from conftest import run
from season_maker import make_season


@pytest.fixture
def season(tmp_path):
    return make_season(tmp_path, {"norte": 4, "centro": 4, "sul-e-ilhas": 4})


def test_registry_import_of_a_directory_is_one_line_naming_it(tmp_path, monkeypatch):
    """Not click's three lines of usage: the path, and why."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "socios.csv").mkdir()
    done = run("registry", "import", "socios.csv", "--union", "norte")
    assert (done.exit_code, done.output) == (2, "Error: socios.csv: is a directory, not a file\n")
    assert not (tmp_path / "registry").exists()


def test_a_nul_byte_in_a_list_is_refused_at_its_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.csv").write_bytes(b"id,name,from\nS1,Ana,2020-01-01\nS2,Rui,2020-01-01\nS3,Jo\x00ana,2020-01-01\n")
    done = run("registry", "import", "s.csv", "--union", "sul")
    assert (done.exit_code, done.output) == (2, "Error: s.csv:4: is a binary file, not CSV text\n")
    assert not (tmp_path / "registry").exists()


def lines_of(path):
    return path.read_text(encoding="utf-8").splitlines()


def test_a_registry_outside_the_season_folder_is_refused_at_its_line(season, tmp_path):
    """`registries:` names `../outside.yaml`: refused where the season file names it."""
    (tmp_path.parent / "outside.yaml").write_text("union: x\nname: X\nmembers: []\n", encoding="utf-8")
    text = season.read_text(encoding="utf-8")
    season.write_text(text.replace("registries: [", "registries: [../outside.yaml, ", 1), encoding="utf-8")
    line = next(n for n, x in enumerate(lines_of(season), start=1) if x.startswith("registries:"))
    done = run("season", "check", season)
    assert (done.exit_code, done.output) == (
        2,
        f"Error: {season}:{line}: '../outside.yaml': a season names only files in its own folder\n",
    )


def test_a_registry_linked_out_of_the_season_folder_is_refused_at_its_line(season, tmp_path):
    """A symlink inside the folder that leads out of it is the same as a path that does."""
    outside = tmp_path.parent / f"{tmp_path.name}-outside.yaml"
    outside.write_text("union: x\nname: X\nmembers: []\n", encoding="utf-8")
    os.symlink(outside, tmp_path / "linked.yaml")
    text = season.read_text(encoding="utf-8")
    season.write_text(text.replace("registries: [", "registries: [linked.yaml, ", 1), encoding="utf-8")
    line = next(n for n, x in enumerate(lines_of(season), start=1) if x.startswith("registries:"))
    done = run("season", "standings", season)
    assert (done.exit_code, done.output) == (
        2,
        f"Error: {season}:{line}: 'linked.yaml': a season names only files in its own folder\n",
    )


def with_event(season, name: str) -> int:
    """The season file with a first event `name`; the line that names it."""
    text = season.read_text(encoding="utf-8")
    entry = f"  - {{file: {name}, phase: regional, union: norte, date: 2027-03-12}}\n"
    season.write_text(text.replace("events:\n", "events:\n" + entry, 1), encoding="utf-8")
    return lines_of(season).index(entry.rstrip("\n")) + 1


def test_an_event_that_is_a_fifo_is_refused_at_the_season_files_line_not_waited_on(season, tmp_path):
    os.mkfifo(tmp_path / "fifo.yaml")
    line = with_event(season, "fifo.yaml")
    result: list = []
    worker = threading.Thread(target=lambda: result.append(run("season", "check", season)))
    worker.start()
    worker.join(30)
    assert not worker.is_alive(), "season check waited on a FIFO"
    assert (result[0].exit_code, result[0].output) == (
        2,
        f"Error: {season}:{line}: fifo.yaml: is not a regular file (a pipe, device or socket): refused\n",
    )


def test_an_event_that_is_a_directory_is_refused_at_the_season_files_line(season, tmp_path):
    (tmp_path / "pasta.yaml").mkdir()
    line = with_event(season, "pasta.yaml")
    done = run("season", "qualify", season)
    assert (done.exit_code, done.output) == (2, f"Error: {season}:{line}: pasta.yaml: is a directory, not a file\n")
