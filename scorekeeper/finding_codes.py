"""Every kind of finding scorekeeper reports, with its stable code and article.

Each package declares its kinds in its own `finding_codes.py` (a tuple `KINDS` of
`findings.FindingKind`): every game's, the team sheets' and the tournaments'. This module
gathers them for `scorekeeper codes` and docs/finding-codes.md (a test compares the two). A code is
never reused: tests/code/finding_codes.ledger holds every code ever issued, retired ones marked.
"""

from __future__ import annotations

import importlib

from scorekeeper import games
from scorekeeper.findings import FindingKind

# The packages that are not a game and report findings of their own.
SHARED_MODULES = (
    "scorekeeper.team.finding_codes",
    "scorekeeper.tournaments.finding_codes",
    "scorekeeper.members.finding_codes",
    "scorekeeper.season.finding_codes",
)


def _modules() -> list[str]:
    from_games = [module.rsplit(".", 1)[0] + ".finding_codes" for module in games.REGISTRY]
    return [*from_games, *SHARED_MODULES]


def all_kinds() -> list[FindingKind]:
    """Every kind of finding, each game's first (in registry order), then the shared ones."""
    kinds: list[FindingKind] = []
    for module in _modules():
        kinds.extend(importlib.import_module(module).KINDS)
    return kinds
