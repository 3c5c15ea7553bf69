"""LEIAME.md, the Portuguese guide, runs as written, like the README (issue 11, point 5): its
console sessions, in pt_PT (SCOREKEEPER_LANG, as its set-up asks), print what it shows."""

from __future__ import annotations

import pathlib

import pytest
from readme_runner import GUIDES, SET_UP, command_id, commands, find_readme, parse, run_in_order

FOUND = find_readme("LEIAME.md")
BLOCKS = parse(*FOUND) if FOUND else []
COMMANDS = commands(BLOCKS)
REGENERATE = "python tools/readme_runner.py --leiame --update rewrites every shown output to what the program prints"


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    return run_in_order(COMMANDS, str(tmp_path_factory.mktemp("leiame")), GUIDES["LEIAME.md"])


@pytest.mark.parametrize("command", COMMANDS, ids=[command_id(c) for c in COMMANDS])
def test_leiame_command(outcomes, command):
    problem = outcomes[command.line].problem()
    if problem:
        pytest.fail(f"{problem}\n\n({REGENERATE})", pytrace=False)


def test_the_leiame_is_found_with_its_tour_and_is_linked_from_the_readme():
    assert FOUND is not None, "no LEIAME.md beside tests/"
    consoles = [b for b in BLOCKS if b.kind == "console"]
    assert len(consoles) >= 5
    assert any(c.words == ["scorekeeper", "record", "mesa1.yaml"] for c in COMMANDS)  # the prompts, in Portuguese
    skipped = sorted(b.text for b in BLOCKS if b.text in SET_UP["LEIAME.md"])
    assert skipped == sorted(SET_UP["LEIAME.md"])
    readme = pathlib.Path(find_readme()[0]).read_text(encoding="utf-8") if find_readme() else ""
    assert "[LEIAME.md](LEIAME.md)" in "\n".join(readme.splitlines()[:5])
