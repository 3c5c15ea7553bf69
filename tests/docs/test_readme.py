"""The README runs as written: its console sessions, in order and in one folder, print what it shows.
(The reference pages in docs/, with the example sheets and tournament files, are run by
test_docs.py the same way.)

A failure names the README line of the command and shows a diff and the lines to write under the
command; `python tools/readme_runner.py --update` rewrites all of them at once (then read the diff).
"""

from __future__ import annotations

import pytest
from readme_runner import (
    NOT_RUN,
    SET_UP,
    TOUR_FOLDER,
    Block,
    Command,
    _answer,
    align,
    command_id,
    commands,
    find_readme,
    parse,
    run_in_order,
    update,
)

FOUND = find_readme()
BLOCKS = parse(*FOUND) if FOUND else []
COMMANDS = commands(BLOCKS)
REGENERATE = "python tools/readme_runner.py --update rewrites every shown output to what the program prints"


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """Every command of the README, run in order in one session (the blocks build on each other)."""
    return run_in_order(COMMANDS, str(tmp_path_factory.mktemp("readme")))


@pytest.mark.parametrize("command", COMMANDS, ids=[command_id(c) for c in COMMANDS])
def test_readme_command(outcomes, command):
    problem = outcomes[command.line].problem()
    if problem:
        pytest.fail(f"{problem}\n\n({REGENERATE})", pytrace=False)


def test_the_readme_is_found_with_its_sessions():
    assert FOUND is not None, "no README.md beside tests/ and no installed scorekeeper description"
    consoles = [b for b in BLOCKS if b.kind == "console"]
    assert len(consoles) >= 6  # the tour; the other games' sessions are in docs/ (tests/docs/test_docs.py)
    assert all(c.words[0] == "scorekeeper" for b in consoles for c in b.commands)
    # The interactive record is in the README and is answered from it.
    assert any(c.words == ["scorekeeper", "record", "mesa1.yaml"] for c in COMMANDS)


def test_only_the_set_up_blocks_are_not_run():
    skipped = sorted(b.text for b in BLOCKS if b.text in NOT_RUN)
    assert skipped == sorted(SET_UP["README.md"]), (
        "a set-up block changed: change NOT_RUN in tools/readme_runner.py to match"
    )
    # The tour's folder block comes before any command that is run.
    tour = next(b for b in BLOCKS if b.text == TOUR_FOLDER)
    assert all(c.line > tour.line for c in COMMANDS)
    assert sum(1 for c in COMMANDS if c.expected is None) >= 7  # the festas


# --- the runner itself ------------------------------------------------------------------------


def test_dots_stand_for_lines_and_for_text_in_a_line():
    assert align(["a", "...", "d"], ["a", "b", "c", "d"]) == (True, ["a", "...", "d"])
    assert align(["a", "...", "d"], ["a", "d"]) == (True, ["a", "...", "d"])
    assert align(["file  .../king.yaml"], ["file  /opt/x/king.yaml"]) == (True, ["file  .../king.yaml"])
    assert align(["file  .../king.yaml"], ["file  /opt/x/sueca.yaml"]) == (False, ["file  /opt/x/sueca.yaml"])
    assert align(["a"], ["a", "b"]) == (False, ["a", "b"])
    assert align(["a", "b"], ["a"]) == (False, ["a"])
    assert align([], []) == (True, [])


def test_the_suggested_lines_keep_the_readmes_dots():
    shown = ["head", "Eles 1 games", "...", "last"]
    printed = ["head", "Eles 1 game", "x", "y", "last"]
    assert align(shown, printed) == (False, ["head", "Eles 1 game", "...", "last"])
    # A line that was never shown comes in where it is printed; `...` takes as few lines as it can.
    assert align(["a", "...", "d"], ["a", "d", "e"]) == (False, ["a", "...", "d", "e"])


def test_a_prompt_is_answered_with_what_the_readme_types_after_it():
    shown = ["Hand 4 [reis-valetes]:", "  Ana, taken: 9", "  Ana: 9 is out of range; try again", "  Ana, taken: 2"]
    assert _answer(shown, "intro\nHand 4 [reis-valetes]: ", 0) == ("", 1)
    assert _answer(shown, "...\n  Ana, taken: ", 1) == ("9", 2)
    assert _answer(shown, "...\n  Ana, taken: ", 2) == ("2", 4)
    assert _answer(shown, "...\n  Bruno, taken: ", 4) == (None, 4)


def test_exit_codes_follow_the_shown_output():
    block = Block("R", "console", 1, [])

    def code(text, *shown):
        return Command(block, 2, text, list(shown)).expected_exit()

    assert code("scorekeeper record a.yaml damas 1 1 2 1", "Error: a.yaml: not recorded") == 2
    assert code("scorekeeper check a.yaml", "a.yaml:3: error: hand 1", "a.yaml: 1 error") == 1
    assert code("scorekeeper check a.yaml", "a.yaml:3: warning: hand 1", "a.yaml: 1 warning") == 0
    assert code("scorekeeper show a.yaml", "a.yaml:3: error: hand 1") == 0
    assert Command(block, 2, "scorekeeper record a.yaml festa", None).expected_exit() == 0


def test_update_writes_the_printed_output_under_its_command(tmp_path):
    from readme_runner import Outcome

    text = "# T\n\n```console\n$ scorekeeper new x\nold line\n...\nend\n```\n"
    (block,) = parse("R", text)
    (cmd,) = block.commands
    outcome = Outcome(cmd, "new line\nmore\nend\n", 0)
    assert update(text, [outcome]) == "# T\n\n```console\n$ scorekeeper new x\nnew line\n...\nend\n```\n"
