"""The rule registry: rule files found by name, alias or path, validated on load.

Who names a path matters: the user's own `--rules PATH` is followed wherever it points, a
sheet's `rules:` (a file from strangers) may only name a rule file in the sheet's own folder,
and a workbook may only name shipped rules.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from typing import Protocol

from scorekeeper import games
from scorekeeper.errors import RulesError, UnknownRulesError, quoted
from scorekeeper.i18n import M_, N_, _
from scorekeeper.sheet.vocabulary import normalize
from scorekeeper.sheet.yaml_lines import LineDict, load_file

_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the package, one up from rulebook/
_cache: dict[tuple, object] = {}
# A shipped rule file named by name (`rules: king`), by its path: the file's identity and stamp
# when it was last found, and its rules. A season's 2,500 sheets each name their rules; one
# stat of the file tells it is the same one (a rule file edited or replaced while the score pad
# runs has another size, time of change or inode, and is read again), where load_path's key
# walked the path for its real name at every sheet (issue 26: a twentieth of the standings).
_found_shipped: dict[str, tuple[tuple[int, int, int, int], object]] = {}
SEASON_RULES_PREFIX = "season-"


def rules_dir() -> str:
    """Where the shipped rule files are: inside the installed package, or rules/ in a checkout.

    Found once a process: where the package is does not move while it runs, and asking again
    (a failed stat in a checkout) cost more than finding a sheet's rules (issue 26)."""
    global _rules_dir
    if _rules_dir is None:
        installed = os.path.join(_HERE, "rule_files")
        _rules_dir = installed if os.path.isdir(installed) else os.path.join(os.path.dirname(_HERE), "rules")
    return _rules_dir


_rules_dir: str | None = None


def shipped_files() -> list[str]:
    folder = rules_dir()
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    # A season's rule file (season-NAME.yaml, read by season/season_rules.py) is no game's.
    return [
        os.path.join(folder, name)
        for name in names
        if name.endswith((".yaml", ".yml")) and not name.startswith(SEASON_RULES_PREFIX)
    ]


class RuleFile(Protocol):
    """What every game's rules (a rule file loaded) have: the rule file's name and aliases, its
    game, its title and the file it was read from; the rest is each game's own."""

    @property
    def name(self) -> str: ...
    @property
    def aliases(self) -> Sequence[str]: ...
    @property
    def game(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def source(self) -> str: ...


def looks_like_path(ref: str) -> bool:
    return ref.endswith((".yaml", ".yml")) or os.sep in ref or "/" in ref


def load_path(path: str):
    """Load and validate one rule file (cached by real path, size and time of change, so that
    a file edited while one process runs, as in tests, is read again)."""
    try:
        info = os.stat(path)
        key = (os.path.realpath(path), info.st_size, info.st_mtime_ns)
    except (OSError, ValueError):
        key = None  # not there or not a file: load_file says so in one line
    if key in _cache:
        return _cache[key]
    data = load_file(path, RulesError)
    # every mapping the YAML loader builds is a LineDict (yaml_lines._construct_mapping), which knows its lines
    if not isinstance(data, LineDict):
        raise RulesError(M_("a rule file is a mapping with a 'game' key"), path, getattr(data, "line", 1))
    game = data.get("game")
    known = games.names()
    if not isinstance(game, str) or game not in known:
        raise RulesError(
            M_("game: expected one of {names}, got {value}", names=", ".join(known), value=quoted(game)),
            path,
            data.line_of("game"),
        )
    rules = games.get(game).rules_from_data(data, path)
    if key is not None:
        _cache[key] = rules
    return rules


SHEET_PATH_REFUSED = N_("a sheet may only name a rule file in its own folder; use --rules PATH")


def find(ref: str, base_dir: str | None = None):
    """Rules by name or alias (`king`, `rei`), or by path.

    With no `base_dir` the path is the user's own (`--rules PATH`) and is followed as given.
    With `base_dir` (the folder of the sheet that names it) only a relative path to a regular
    file inside that folder or below is read; anything else is refused with one message that
    does not tell whether the file exists.
    """
    if looks_like_path(ref):
        if base_dir is None:
            return load_path(ref)
        target = _inside(ref, base_dir)
        try:
            return load_path(target)
        except RulesError as exc:
            if exc.source != target:
                raise
            # Named as the user would name it (from the folder as given), not by its real path.
            raise RulesError(exc.message, os.path.join(base_dir, ref), exc.line) from None
    return _shipped(ref, N_("unknown rules {name}; known: {names} (or a path to a rule file)"))


def find_shipped(ref: str):
    """Shipped rules by name or alias only, never a path: what a workbook (a file from
    strangers) may name."""
    if not isinstance(ref, str) or looks_like_path(ref):
        raise UnknownRulesError(
            M_(
                "unknown rules {name}; a workbook names shipped rules only ({names}); --rules PATH "
                "gives a house variant",
                name=quoted(ref),
                names=", ".join(rules_names()),
            )
        )
    return _shipped(
        ref,
        N_(
            "unknown rules {name}; known: {names} (a workbook names shipped rules only; --rules PATH "
            "gives a house variant)"
        ),
    )


def _inside(ref: str, base_dir: str) -> str:
    """The real path of the regular file `ref` names inside `base_dir`, or RulesError."""
    if "\0" in ref or os.path.isabs(ref) or os.path.splitdrive(ref)[0]:
        raise RulesError(M_(SHEET_PATH_REFUSED))
    try:
        folder = os.path.realpath(base_dir or os.curdir)
        target = os.path.realpath(os.path.join(folder, ref))
        inside = os.path.commonpath([folder, target]) == folder and target != folder
        readable = inside and stat.S_ISREG(os.stat(target).st_mode) and os.access(target, os.R_OK)
    except (OSError, ValueError):
        readable = False
    if not readable:
        if _lexically_inside(ref) and _missing(os.path.join(base_dir or os.curdir, ref)):
            # A file missing in the sheet's own folder is said as such: that tells nothing of
            # what is outside it (a path out of the folder is refused alike, existing or not).
            raise RulesError(M_("{ref} does not exist in the sheet's folder", ref=quoted(ref)))
        raise RulesError(M_(SHEET_PATH_REFUSED))
    return target


def _missing(path: str) -> bool:
    """Whether no file is at `path` (and it is a name a file could have: not too long)."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return False


def _lexically_inside(ref: str) -> bool:
    """Whether a relative path names a file of its folder or below as written: no `..` in it
    (one with `..` is refused alike, wherever it leads)."""
    parts = [part for part in ref.replace("\\", "/").split("/") if part not in ("", os.curdir)]
    return bool(parts) and os.pardir not in parts


def _shipped(ref: str, unknown: str):
    """The shipped rules `ref` names; `unknown` (an N_ message with {name} and {names}) refuses
    a name no rule file answers to."""
    wanted = normalize(ref)
    folder = rules_dir()
    direct = os.path.join(folder, wanted + ".yaml")
    try:
        info = os.stat(direct)
    except (OSError, ValueError):
        info = None
    if info is not None and stat.S_ISREG(info.st_mode):  # what os.path.isfile asks
        stamp = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
        found = _found_shipped.get(direct)
        if found is not None and found[0] == stamp:
            return found[1]
        rules = load_path(direct)
        _found_shipped[direct] = (stamp, rules)
        return rules
    for path in shipped_files():
        rules = load_path(path)
        if wanted in {normalize(rules.name), *map(normalize, rules.aliases)}:
            return rules
    raise UnknownRulesError(M_(unknown, name=quoted(ref), names=", ".join(rules_names())))


def rules_names() -> list[str]:
    return [os.path.splitext(os.path.basename(path))[0] for path in shipped_files()]


def all_shipped() -> list[RuleFile]:
    """Every shipped rule file, loaded."""
    return [load_path(path) for path in shipped_files()]


def describe(rules: RuleFile) -> tuple[list[str], list[list[object]]]:
    """Every number of a rule file as rows (setting, value) for `rules show`."""
    rows: list[list[object]] = [
        [_("game"), rules.game],
        [_("name"), rules.name],
        [_("aliases"), ", ".join(rules.aliases)],
        [_("title"), rules.title],
        [_("file"), rules.source],
    ]  # said as each game's own rows are
    rows.extend(games.get(rules.game).describe_rules(rules))
    return [N_("setting"), N_("value")], rows  # English ids: JSON and CSV keys; a table translates them
