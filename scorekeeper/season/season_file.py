"""Reading a season file (`season.yaml`): the season's name, rules and start, its registries and
events, the unions' agreements, the committee's decisions and the inscriptions. It comes from
strangers (a union's bundle): bounded, and refused at the first unusable value's line."""

from __future__ import annotations

import os

from scorekeeper.errors import quoted
from scorekeeper.i18n import M_
from scorekeeper.season.season_model import PHASES, REGIONAL, Agreement, Decision, Event, Season, SeasonRules
from scorekeeper.season.season_reading import Reader, SeasonFormatError, named_file_problem
from scorekeeper.season.season_rules import find_season_rules
from scorekeeper.sheet.yaml_lines import LineDict, load_file, loads

KEYS = ("season", "rules", "starts", "registries", "events", "agreements", "decisions", "inscriptions")
EVENT_KEYS = ("file", "phase", "union", "date")
AGREEMENT_KEYS = ("date", "size", "quotas")
DECISION_KEYS = ("date", "union", "seat", "article")
MAX_EVENTS = 1000  # ten regional events a union, for many seasons' worth
MAX_REGISTRIES = 50
MAX_AGREEMENTS = 100
MAX_DECISIONS = 1000
MAX_INSCRIBED = 1000


def load_season(path: str) -> Season:
    """The season in the file at `path`; SeasonFormatError naming `path:line` when it is not one."""
    shown = os.fspath(path)
    return season_from_data(load_file(shown, SeasonFormatError), shown)


def parse_season(text: str, path: str) -> Season:
    """The season a season file's text holds (`path` names it and its folder): what a season
    command writes is read back with this before it is written."""
    return season_from_data(loads(text, path, SeasonFormatError), path)


def season_from_data(data: object, shown: str) -> Season:
    read = Reader(shown)
    doc = read.mapping(data, "season", getattr(data, "line", 1), KEYS)
    rules_ref = read.word(doc, "rules") or ""
    try:
        rules = find_season_rules(rules_ref, os.path.dirname(shown))
    except SeasonFormatError as exc:
        if exc.source is not None:
            raise
        raise read.refuse(exc.message, doc.line_of("rules")) from None
    unions = tuple(rules.unions)
    folder = os.path.dirname(shown)
    return Season(
        source=shown,
        name=read.text(doc, "season") or "",
        rules=rules,
        rules_ref=rules_ref,
        starts=read.date(doc, "starts"),
        registries=_paths(read, doc, folder),
        events=tuple(_events(read, doc, unions, folder)),
        agreements=tuple(_agreements(read, doc, unions)),
        decisions=tuple(_decisions(read, doc, rules)),
        inscriptions=_inscriptions(read, doc, unions),
        inscription_lines=_inscription_lines(doc),
    )


def _paths(read: Reader, doc: LineDict, folder: str) -> tuple[str, ...]:
    items = read.sequence(doc.get("registries"), "registries", doc.line_of("registries"), MAX_REGISTRIES)
    paths = []
    for index, item in enumerate(items):
        if not isinstance(item, str) or not item.strip():
            raise read.refuse(
                M_("registries: expected a file's path, got {value}", value=quoted(item)), items.line_of(index)
            )
        problem = named_file_problem(folder, item)  # refused here, at its line: later reads know no line
        if problem is not None:
            raise read.refuse(problem, items.line_of(index))
        paths.append(item)
    return tuple(paths)


def _events(read: Reader, doc: LineDict, unions: tuple[str, ...], folder: str) -> list[Event]:
    items = read.sequence(doc.get("events"), "events", doc.line_of("events"), MAX_EVENTS)
    events = []
    for index, raw in enumerate(items):
        item = read.mapping(raw, "events", items.line_of(index), EVENT_KEYS)
        phase = read.word(item, "phase")
        if phase not in PHASES:
            raise read.refuse(
                M_("phase: expected one of {names}, got {value}", names=", ".join(PHASES), value=quoted(phase)),
                item.line_of("phase"),
            )
        union = read.word(item, "union", required=phase == REGIONAL)
        if union is not None and union not in unions:
            raise read.refuse(_unknown_union(union, unions), item.line_of("union"))
        written = read.text(item, "file") or ""
        problem = named_file_problem(folder, written) if written else None
        if problem is not None:  # a FIFO or a directory: said where the season names it
            raise read.refuse(problem, item.line_of("file"))
        events.append(Event(written, phase or "", union, read.date(item, "date"), item.line))
    return events


def _agreements(read: Reader, doc: LineDict, unions: tuple[str, ...]) -> list[Agreement]:
    items = read.sequence(doc.get("agreements"), "agreements", doc.line_of("agreements"), MAX_AGREEMENTS)
    agreements = []
    for index, raw in enumerate(items):
        item = read.mapping(raw, "agreements", items.line_of(index), AGREEMENT_KEYS)
        size = read.count(item.get("size"), "size", item.line_of("size"), 1, 1000)
        agreements.append(Agreement(read.date(item, "date"), size, read.counts(item, "quotas", unions), item.line))
    return agreements


def _decisions(read: Reader, doc: LineDict, rules: SeasonRules) -> list[Decision]:
    items = read.sequence(doc.get("decisions"), "decisions", doc.line_of("decisions"), MAX_DECISIONS)
    decisions = []
    for index, raw in enumerate(items):
        item = read.mapping(raw, "decisions", items.line_of(index), DECISION_KEYS)
        union = read.word(item, "union") or ""
        if union not in rules.unions:
            raise read.refuse(_unknown_union(union, tuple(rules.unions)), item.line_of("union"))
        article = read.text(item, "article", required=False) or rules.decision_article
        decisions.append(Decision(read.date(item, "date"), union, read.word(item, "seat") or "", article, item.line))
    return decisions


def _inscriptions(read: Reader, doc: LineDict, unions: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    found = read.mapping(doc.get("inscriptions", LineDict()), "inscriptions", doc.line_of("inscriptions"), unions)
    inscribed: dict[str, tuple[str, ...]] = {}
    for union in found:
        ids = read.sequence(found[union], str(union), found.line_of(union), MAX_INSCRIBED)
        holder = LineDict()
        holder.line, holder.key_lines = ids.line, {}
        words = []
        for index, value in enumerate(ids):
            holder["seat"] = value
            holder.key_lines["seat"] = ids.line_of(index)
            words.append(read.word(holder, "seat") or "")
        inscribed[str(union)] = tuple(words)
    return inscribed


def _inscription_lines(doc: LineDict) -> dict[str, int]:
    found = doc.get("inscriptions")
    if not isinstance(found, LineDict):
        return {}
    return {str(union): found.line_of(union) for union in found}


def _unknown_union(union: str, unions: tuple[str, ...]):
    return M_("unknown union {name}; the season's rules name: {names}", name=quoted(union), names=", ".join(unions))
