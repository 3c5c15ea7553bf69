"""`season new` and `season add`: a season file started (its name, rules, start and registries)
and an event or a registry added to it, each written atomically on the journal and read back as
a season first (King Art 1-3)."""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_
from scorekeeper.journal.transaction import Applied
from scorekeeper.members.registry_file import load_registry
from scorekeeper.season.season_events import inside_path, season_folder
from scorekeeper.season.season_model import NACIONAL, PHASES, REGIONAL, Season
from scorekeeper.season.season_rules import find_season_rules
from scorekeeper.season.season_write import Rewritten, append, rewrite, write_season
from scorekeeper.sheet.saving import refuse_existing
from scorekeeper.sheet.yaml_edit import flow
from scorekeeper.tournaments.tournament_file import load


@dataclass(frozen=True)
class SeasonCreated:
    path: str
    name: str
    rules: str
    starts: datetime.date
    registries: tuple[str, ...]
    applied: Applied


def new_season(
    path: str, rules_ref: str, starts: datetime.date, name: str, registries: tuple[str, ...] = (), force: bool = False
) -> SeasonCreated:
    """A new season file at `path`: `season: NAME`, its rules (a shipped season rule file by
    name, or one in the season's folder), its start (TN8) and its registries (paths as given,
    relative to the season file's folder), no events yet."""
    refuse_existing(path, force)
    folder = os.path.dirname(path) or os.curdir
    find_season_rules(rules_ref, folder)  # refused now, naming the rules, not after writing
    written = tuple(_relative(folder, registry) for registry in registries)
    lines = [
        f"season: {flow(name)}",
        f"rules: {flow(rules_ref)}",
        f"starts: {starts.isoformat()}",
        f"registries: {flow(list(written))}",
        "events: []",
    ]
    text = "\n".join(lines) + "\n"
    applied = write_season(path, text, force, {"file": os.path.basename(path), "name": name, "rules": rules_ref})
    return SeasonCreated(path, name, rules_ref, starts, written, applied)


def _relative(folder: str, path: str) -> str:
    """A file the season names, as it writes it: relative to the season file's folder."""
    return os.path.relpath(os.path.abspath(path), os.path.abspath(folder or os.curdir)).replace(os.sep, "/")


@dataclass(frozen=True)
class EventAdded:
    path: str
    file: str
    phase: str
    union: str | None
    date: datetime.date
    rewritten: Rewritten


def add_event(
    path: str, event_file: str, phase: str, union: str | None, date: datetime.date, again: bool = False
) -> EventAdded:
    """Add an event (a tournament file in the season's folder) to the season file at `path`: a
    regional event names its union (Art 2: each union's own 1.ª Fase), the national final none."""
    if phase not in PHASES:
        raise InputValueError(
            M_("phase: expected one of {names}, got {value}", names=", ".join(PHASES), value=quoted(phase)), path
        )
    if phase == REGIONAL and not union:
        raise InputValueError(M_("a regional event names its union (--union)"), path)
    if phase == NACIONAL and union:
        raise InputValueError(M_("the national final is the three unions' (Art 2): it names no --union"), path)
    found: list[str] = []

    def edit(text: str, season: Season) -> str:
        written = _relative(season_folder(season), event_file)
        load(inside_path(season, written, None))  # a tournament file, readable: refused now if not
        if any(event.file == written for event in season.events):
            raise InputValueError(M_("{file}: already an event of the season", file=quoted(written)), season.source)
        found.append(written)
        entry: dict[str, object] = {"file": written, "phase": phase}
        if union:
            entry["union"] = union
        entry["date"] = date
        return append(text, "events", entry, season.source)

    detail = {"file": event_file, "phase": phase, "union": union, "date": date.isoformat()}
    rewritten = rewrite(path, "season-add", detail, edit, again)
    return EventAdded(path, found[0], phase, union, date, rewritten)


@dataclass(frozen=True)
class RegistryAdded:
    path: str
    file: str
    union: str
    members: int
    rewritten: Rewritten


def add_registry(path: str, registry_file: str, again: bool = False) -> RegistryAdded:
    """Add a registry file (in the season's folder) to the season file at `path`."""
    found: list[tuple[str, str, int]] = []

    def edit(text: str, season: Season) -> str:
        written = _relative(season_folder(season), registry_file)
        registry = load_registry(inside_path(season, written, None))
        if written in season.registries:
            raise InputValueError(M_("{file}: already a registry of the season", file=quoted(written)), season.source)
        found.append((written, registry.union, len(registry.members)))
        return append(text, "registries", written, season.source)

    rewritten = rewrite(path, "season-add-registry", {"file": registry_file}, edit, again)
    written, union, members = found[0]
    return RegistryAdded(path, written, union, members, rewritten)
