"""docs/tournament-final.md is a contract (BRIEF: the README and docs/): its shell session runs as
the README's does (tests/readme_runner.py), every command's output exactly as shown."""
from __future__ import annotations

import pathlib

import readme_runner

PAGE = pathlib.Path(__file__).resolve().parent.parent / "docs" / "tournament-final.md"


def test_the_tournament_final_page_runs_as_shown(tmp_path):
    text = PAGE.read_text(encoding="utf-8")
    blocks, outcomes = readme_runner.run_readme(str(PAGE), text, str(tmp_path))
    problems = [problem for problem in (outcome.problem() for outcome in outcomes) if problem]
    assert not problems, "\n\n".join(problems)
    ran = [outcome.command.text for outcome in outcomes]
    assert sum(1 for command in ran if command.startswith("scorekeeper tournament draw")) >= 8
    assert any("--extra-without J25" in command for command in ran)
