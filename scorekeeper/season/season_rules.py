"""Season rule files (rules/season-NAME.yaml): found by name among the shipped ones, or by a path
in the season file's folder, and read whole (SeasonFormatError at the first unusable value)."""

from __future__ import annotations

import os

from scorekeeper import games
from scorekeeper.errors import quoted
from scorekeeper.i18n import M_
from scorekeeper.members.eligibility import READINGS
from scorekeeper.rulebook.registry import SEASON_RULES_PREFIX as PREFIX
from scorekeeper.rulebook.registry import looks_like_path, rules_dir
from scorekeeper.season.season_model import BY_EVENT, METHODS, Method, SeasonRules
from scorekeeper.season.season_reading import Reader, SeasonFormatError
from scorekeeper.sheet.yaml_lines import LineDict, load_file

KEYS = ("season_rules", "title", "game", "unions", "eligibility", "final", "qualification", "inscriptions", "decisions")
MAX_UNIONS = 50


def shipped_season_rules() -> list[str]:
    """The names of the shipped season rule files (`king-interbancario`)."""
    try:
        names = sorted(os.listdir(rules_dir()))
    except OSError:
        return []
    return [name[len(PREFIX) : -len(".yaml")] for name in names if name.startswith(PREFIX) and name.endswith(".yaml")]


def find_season_rules(ref: str, folder: str) -> SeasonRules:
    """The season rules a season file names: a shipped one by name, or a file in the season's
    own folder (or below) by its relative path."""
    if looks_like_path(ref):
        return load_season_rules(_inside(ref, folder))
    if ref not in shipped_season_rules():
        known = ", ".join(shipped_season_rules())
        raise SeasonFormatError(M_("unknown season rules {name}; known: {names}", name=quoted(ref), names=known))
    return load_season_rules(os.path.join(rules_dir(), f"{PREFIX}{ref}.yaml"))


def _inside(ref: str, folder: str) -> str:
    real_folder = os.path.realpath(folder or os.curdir)
    target = os.path.realpath(os.path.join(real_folder, ref))
    if os.path.isabs(ref) or "\0" in ref or os.path.commonpath([real_folder, target]) != real_folder:
        raise SeasonFormatError(M_("a season may only name a rule file in its own folder"), os.path.join(folder, ref))
    return target


def load_season_rules(path: str) -> SeasonRules:
    data = load_file(path, SeasonFormatError)
    read = Reader(path)
    doc = read.mapping(data, "season_rules", getattr(data, "line", 1), KEYS)
    name = read.word(doc, "season_rules")
    game = read.word(doc, "game")
    if game not in games.names():
        raise read.refuse(
            M_("game: expected one of {names}, got {value}", names=", ".join(games.names()), value=quoted(game)),
            doc.line_of("game"),
        )
    unions_map = read.mapping(doc.get("unions"), "unions", doc.line_of("unions"), None)
    if not unions_map or len(unions_map) > MAX_UNIONS:
        raise read.refuse(M_("unions: expected 1 to {most} unions", most=MAX_UNIONS), doc.line_of("unions"))
    unions = {str(union): read.text(unions_map, union) or "" for union in unions_map}
    union_ids = tuple(unions)
    eligibility = read.mapping(doc.get("eligibility"), "eligibility", doc.line_of("eligibility"), ("since", "article"))
    since = read.word(eligibility, "since")
    if since not in READINGS:
        raise read.refuse(
            M_("since: expected one of {names}, got {value}", names=", ".join(READINGS), value=quoted(since)),
            eligibility.line_of("since"),
        )
    final = read.mapping(doc.get("final"), "final", doc.line_of("final"), ("size", "quotas", "article"))
    qualification = read.mapping(
        doc.get("qualification"),
        "qualification",
        doc.line_of("qualification"),
        ("method", "article", "event", "unions"),
    )
    default = _method(read, qualification)
    own = read.mapping(qualification.get("unions", LineDict()), "unions", qualification.line_of("unions"), union_ids)
    return SeasonRules(
        name=name or "",
        title=read.text(doc, "title") or "",
        game=game or "",
        unions=unions,
        since=since or "",
        eligibility_article=read.text(eligibility, "article") or "",
        final_size=read.count(final.get("size"), "size", final.line_of("size"), 1, 1000),
        quotas=read.counts(final, "quotas", union_ids),
        final_article=read.text(final, "article") or "",
        method=default,
        methods={
            str(union): _method(
                read, read.mapping(own[union], str(union), own.line_of(union), ("method", "article", "event"))
            )
            for union in own
        },
        inscription_article=_article(read, doc, "inscriptions"),
        decision_article=_article(read, doc, "decisions"),
        source=path,
    )


def _method(read: Reader, item: LineDict) -> Method:
    kind = read.word(item, "method")
    if kind not in METHODS:
        raise read.refuse(
            M_("method: expected one of {names}, got {value}", names=", ".join(METHODS), value=quoted(kind)),
            item.line_of("method"),
        )
    event = read.text(item, "event", required=kind == BY_EVENT)
    return Method(kind or "", read.text(item, "article") or "", event)


def _article(read: Reader, doc: LineDict, key: str) -> str:
    return read.text(read.mapping(doc.get(key), key, doc.line_of(key), ("article",)), "article") or ""
