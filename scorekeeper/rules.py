"""The rule registry: rule files found by name, alias or path, validated on load."""
from __future__ import annotations

import importlib
import os

from scorekeeper.errors import RulesError, UnknownRulesError
from scorekeeper.vocabulary import normalize
from scorekeeper.yaml_lines import load_file

# game -> its model module (from_data, parse_sheet, score_sheet, ...); a new game is a rule
# file plus one model.
MODELS = {"king": "scorekeeper.king.game", "sueca": "scorekeeper.sueca.game", "truco": "scorekeeper.truco.game"}

_HERE = os.path.dirname(os.path.abspath(__file__))
_cache: dict[str, object] = {}


def rules_dir() -> str:
    """Where the shipped rule files are: inside the installed package, or rules/ in a checkout."""
    installed = os.path.join(_HERE, "rule_files")
    if os.path.isdir(installed):
        return installed
    return os.path.join(os.path.dirname(_HERE), "rules")


def shipped_files() -> list[str]:
    folder = rules_dir()
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [os.path.join(folder, name) for name in names if name.endswith((".yaml", ".yml"))]


def looks_like_path(ref: str) -> bool:
    return ref.endswith((".yaml", ".yml")) or os.sep in ref or "/" in ref


def load_path(path: str):
    """Load and validate one rule file (cached by real path)."""
    key = os.path.realpath(path)
    if key in _cache:
        return _cache[key]
    data = load_file(path, RulesError)
    if not isinstance(data, dict):
        raise RulesError("a rule file is a mapping with a 'game' key", path, getattr(data, "line", 1))
    game = data.get("game")
    if game not in MODELS:
        raise RulesError(
            f"game: expected one of {', '.join(MODELS)}, got {game!r}", path, data.line_of("game"))
    rules = model(game).from_data(data, path)
    _cache[key] = rules
    return rules


def model(game: str):
    """The scoring model module of a game."""
    return importlib.import_module(MODELS[game])


def find(ref: str, base_dir: str | None = None):
    """Rules by name or alias (`king`, `rei`), or by path (relative to `base_dir` when given)."""
    if looks_like_path(ref):
        path = ref if base_dir is None or os.path.isabs(ref) else os.path.join(base_dir, ref)
        return load_path(path)
    wanted = normalize(ref)
    folder = rules_dir()
    direct = os.path.join(folder, wanted + ".yaml")
    if os.path.isfile(direct):
        return load_path(direct)
    for path in shipped_files():
        rules = load_path(path)
        if wanted in {normalize(rules.name), *map(normalize, rules.aliases)}:
            return rules
    known = ", ".join(rules_names())
    raise UnknownRulesError(f"unknown rules {ref!r}; known: {known} (or a path to a rule file)")


def rules_names() -> list[str]:
    return [os.path.splitext(os.path.basename(path))[0] for path in shipped_files()]


def all_shipped():
    """Every shipped rule file, loaded."""
    return [load_path(path) for path in shipped_files()]


def describe(rules) -> tuple[list[str], list[list]]:
    """Every number of a rule file as rows (setting, value) for `rules show`."""
    rows = [["game", rules.game], ["name", rules.name], ["aliases", ", ".join(rules.aliases)],
            ["title", rules.title], ["file", rules.source]]
    rows.extend(model(rules.game).describe_rules(rules))
    return ["setting", "value"], rows
