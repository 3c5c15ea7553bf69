"""The reference in docs/ runs as written, like the README (issue 17, item 5): every page's
console sessions print what it shows, each page in a session of its own; its example sheets and
tournament files read as written; its generated pages are what the code generates; and the
site builds with mkdocs, every warning an error, with every page in its navigation.

A failure names the page and line of the command; `python tools/readme_runner.py --docs --update`
rewrites the shown outputs, `python tools/gen_docs.py` the generated pages.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import gen_docs
import pytest
import yaml
from conftest import run
from readme_runner import (
    NOT_RUN,
    SET_UP,
    TOUR_FOLDER,
    command_id,
    commands,
    find_docs,
    parse,
    run_in_order,
    yaml_blocks,
)

from scorekeeper import games

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = find_docs()
BLOCKS = {where: parse(where, text) for where, text in PAGES}
COMMANDS = [c for where in BLOCKS for c in commands(BLOCKS[where])]
REGENERATE = "python tools/readme_runner.py --docs --update rewrites every shown output to what the program prints"


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """Each page's commands, run in order in the page's own session, when the page is first asked for."""
    done: dict[str, dict[int, object]] = {}

    def of(where: str):
        if where not in done:
            done[where] = run_in_order(commands(BLOCKS[where]), str(tmp_path_factory.mktemp(where.replace("/", "-"))))
        return done[where]

    return of


@pytest.mark.parametrize("command", COMMANDS, ids=[f"{c.block.where}:{command_id(c)}" for c in COMMANDS])
def test_docs_command(outcomes, command):
    problem = outcomes(command.block.where)[command.line].problem()
    if problem:
        pytest.fail(f"{problem}\n\n({REGENERATE})", pytrace=False)


def test_the_docs_are_found_and_every_page_with_a_session_is_run():
    assert PAGES, "no docs/*.md beside tools/ (CI copies docs/ beside tests/)"
    with_sessions = sorted(where for where, blocks in BLOCKS.items() if any(b.kind == "console" for b in blocks))
    run_pages = sorted({c.block.where for c in COMMANDS})
    assert with_sessions == run_pages
    assert {
        "docs/boletim.md",
        "docs/team-games.md",
        "docs/quatrilho.md",
        "docs/tournaments.md",
        "docs/rules.md",
    } <= set(run_pages)
    assert all(c.words[0] == "scorekeeper" for b in sum(BLOCKS.values(), []) if b.kind == "console" for c in b.commands)


def test_only_the_set_up_blocks_are_not_run():
    for where, blocks in BLOCKS.items():
        skipped = {b.text for b in blocks if b.text in NOT_RUN}
        assert skipped <= set(SET_UP["docs"]), (
            f"{where}: a set-up block of another guide: {skipped - set(SET_UP['docs'])}"
        )
        tour = [b for b in blocks if b.text == TOUR_FOLDER]
        if any(c.block.where == where for c in COMMANDS):
            # A page with a session says where it starts, before its first command.
            assert tour and all(c.line > tour[0].line for c in COMMANDS if c.block.where == where), where


# --- the example files ------------------------------------------------------------------------

YAMLS = [(where, n, text) for where, page in PAGES for n, text in yaml_blocks(page)]
SHEETS = [(w, n, t) for w, n, t in YAMLS if not t.startswith("tournament:") and "rules:" in t.split("\n", 1)[0]]
TOURNAMENTS = [(w, n, t) for w, n, t in YAMLS if t.startswith("tournament:")]


@pytest.mark.parametrize("where, line, text", SHEETS, ids=[f"{w}:L{n}" for w, n, _ in SHEETS])
def test_docs_sheet_files_check_clean(tmp_path, where, line, text):
    """The example sheets (```yaml blocks that start with `rules:`) are sheets a reader can copy."""
    path = tmp_path / "sheet.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("check", path)
    assert (result.exit_code, "clean" in result.output) == (0, True), f"{where}:{line}:\n{result.output}"


def test_the_sheets_page_shows_a_sheet_of_every_game():
    shown = sorted(t.splitlines()[0].split("#")[0].strip() for w, _n, t in SHEETS if w == "docs/sheets.md")
    assert shown == sorted(f"rules: {name}" for name in games.names())


@pytest.mark.parametrize("where, line, text", TOURNAMENTS, ids=[f"{w}:L{n}" for w, n, _ in TOURNAMENTS])
def test_docs_tournament_files_read_as_written(tmp_path, where, line, text):
    """The tournament files (```yaml blocks that start with `tournament:`) are read as the
    commands read them: every key valid, every name known."""
    from scorekeeper.tournaments.tournament_file import load

    path = tmp_path / "tournament.yaml"
    path.write_text(text, encoding="utf-8")
    assert load(str(path)).rounds, f"{where}:{line}"


def test_the_tournaments_page_shows_a_tournament_file_of_each_seating():
    assert sorted(yaml.safe_load(t)["rules"] for w, _n, t in TOURNAMENTS if w == "docs/tournaments.md") == [
        "king",
        "sueca",
    ]


# --- generated pages and the site -------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(gen_docs.PAGES))
def test_the_generated_page_is_what_the_code_generates(name):
    committed = (ROOT / "docs" / name).read_text(encoding="utf-8")
    assert committed == gen_docs.PAGES[name](), f"docs/{name} is stale: run `python tools/gen_docs.py`"


def test_gen_docs_check_names_a_stale_page(tmp_path):
    for name, make in gen_docs.PAGES.items():
        (tmp_path / name).write_text(make(), encoding="utf-8")
    assert gen_docs.stale(tmp_path) == []
    (tmp_path / "cli.md").write_text("# old\n", encoding="utf-8")
    assert gen_docs.stale(tmp_path) == ["cli.md"]


def test_the_cli_reference_has_every_command_and_subcommand():
    text = gen_docs.cli_page()
    for path in gen_docs.command_paths():
        assert f"\n## `scorekeeper {' '.join(path)}`\n" in text if path else text.startswith("# ")
    names = {" ".join(p) for p in gen_docs.command_paths()}
    assert {"check", "record", "fix", "undo", "codes", "rules list", "tournament draw", "tournament standings"} <= names


def test_every_page_is_in_the_sites_navigation():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))

    def pages(nav):
        for item in nav:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            yield from pages(value) if isinstance(value, list) else [value]

    assert sorted(pages(config["nav"])) == sorted(where.split("/", 1)[1] for where, _ in PAGES)


def test_the_site_builds_with_every_warning_an_error(tmp_path):
    """mkdocs is in the test extra: a missing one fails here, it is not skipped."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(ROOT / "mkdocs.yml"),
            "--site-dir",
            str(tmp_path / "site"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "site" / "finding-codes" / "index.html").is_file()
