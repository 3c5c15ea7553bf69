"""What scorekeeper knows, as rows: the finding codes with their articles, the shipped rule
files, every number of one rule file; and rule files checked."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from scorekeeper.finding_codes import all_kinds
from scorekeeper.i18n import M_, N_, Message
from scorekeeper.rulebook.registry import RuleFile, all_shipped, describe, find, load_path

CODE_HEADERS = [N_("code"), N_("rule"), N_("meaning")]  # English: JSON and CSV keys
RULES_HEADERS = [N_("name"), N_("aliases"), N_("game"), N_("title"), N_("file")]


def code_rows() -> tuple[list[str], list[list[str | Message]]]:
    """Every kind of finding: its code, its article, what it means (a Message, said by output/listing)."""
    return CODE_HEADERS, [[kind.code, kind.rule, M_(kind.meaning)] for kind in all_kinds()]


def rule_files() -> tuple[list[str], list[list[object]]]:
    """The shipped rule files with their aliases."""
    return RULES_HEADERS, [[r.name, ", ".join(r.aliases), r.game, r.title, r.source] for r in all_shipped()]


def rule_settings(ref: str) -> tuple[list[str], list[list[object]]]:
    """Every number of the rule file `ref` (a name or a path): setting, value, ..."""
    return describe(find(ref))


def checked_rule_files(paths: Iterable[str]) -> Iterator[tuple[str, RuleFile]]:
    """Each rule file at `paths` loaded and checked, as (path, rules), one at a time: the first
    that fails raises (RulesError naming its file and line)."""
    for path in paths:
        yield path, load_path(path)
