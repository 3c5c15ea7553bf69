"""A union's bundle received into a season (`season receive SEASON FILE`): checked against the
receiving season (its name, its rules, a union of them, and every file one of that union's
part as this season file names it: its registry, its regional events, the sheets those events
name, its exported journal), then that union's part replaced whole or not at all: one journalled
change (`receive`) writing every file that differs and removing every file of the old part the
bundle no longer holds. A kill in the middle leaves a pending change that the next command
completes (journal/transaction.py): the old part or the new, never a mix."""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_
from scorekeeper.journal.transaction import Change, FileChange, Session, current, new_id
from scorekeeper.members.registry_file import RegistryFormatError, parse_registry
from scorekeeper.season.bundle_model import JOURNAL, Bundle, journal_path
from scorekeeper.season.bundle_read import BundleError
from scorekeeper.season.causes import RECEIVE
from scorekeeper.season.published import published_path
from scorekeeper.season.season_model import Season
from scorekeeper.season.season_parts import (
    EVENT,
    REGISTRY,
    SHEET,
    event_files,
    folder_of,
    on_disk,
    relative,
    sheets_of,
    union_part,
)
from scorekeeper.sheet.saving import writer_lock
from scorekeeper.sheet.yaml_lines import loads
from scorekeeper.tournaments.tournament_file import TournamentFormatError, parse


@dataclass(frozen=True)
class Received:
    """What receiving a bundle did: the union, the journal change's id and when it began (None
    when nothing differed), the files written and removed (relative to the season's folder),
    and how many were the same already."""

    union: str
    change: str | None
    when: str | None
    written: tuple[str, ...]
    removed: tuple[str, ...]
    same: int


def check_bundle(season: Season, bundle: Bundle) -> None:
    """Refuse a bundle of another season or rules, of a union the rules do not name, or holding a
    file that is no part of its union's part in this season file (BundleError naming it)."""
    manifest, source = bundle.manifest, bundle.source
    if manifest.season != season.name:
        raise BundleError(
            M_(
                "a bundle of the season {other}, not {season}",
                other=quoted(manifest.season),
                season=quoted(season.name),
            ),
            source,
        )
    if manifest.rules != season.rules.name:
        raise BundleError(
            M_(
                "a bundle under the rules {other}, not {rules}",
                other=quoted(manifest.rules),
                rules=quoted(season.rules.name),
            ),
            source,
        )
    if manifest.union not in season.rules.unions:
        raise BundleError(
            M_(
                "a bundle of the union {union}, which the season's rules do not name ({names})",
                union=quoted(manifest.union),
                names=", ".join(season.rules.unions),
            ),
            source,
        )
    allowed = _allowed(season, bundle)
    for item in manifest.files:
        if allowed.get(item.path) != item.kind:
            raise BundleError(
                M_(
                    "{member}: not a file of {union}'s part in this season (its registry, its regional events, "
                    "their sheets, its journal)",
                    member=quoted(item.path),
                    union=manifest.union,
                ),
                source,
            )


def _allowed(season: Season, bundle: Bundle) -> dict[str, str]:
    """Each path the bundle may hold, with its kind: the union's registry (a registry the season
    names, of that union), its regional events, the sheets the bundled events name, its journal."""
    union, source = bundle.manifest.union, bundle.source
    allowed: dict[str, str] = {journal_path(union): JOURNAL}
    registries = {relative(season, written, season.source) for written in season.registries}
    for item in bundle.manifest.files:
        if item.kind == REGISTRY and item.path in registries:
            try:
                found = parse_registry(
                    loads(bundle.contents[item.path].decode("utf-8"), item.path, RegistryFormatError), item.path
                )
            except (RegistryFormatError, UnicodeDecodeError):
                raise BundleError(M_("{member}: not a registry", member=quoted(item.path)), source) from None
            if found.union == union:
                allowed[item.path] = REGISTRY
    events = event_files(season, union)
    for event in events:
        allowed[event] = EVENT
        if event in bundle.contents:
            try:
                tournament = parse(bundle.contents[event].decode("utf-8"), on_disk(season, event))
            except (TournamentFormatError, UnicodeDecodeError, InputValueError):
                raise BundleError(M_("{member}: not a tournament file", member=quoted(event)), source) from None
            for sheet in sheets_of(season, event, tournament):
                allowed.setdefault(sheet, SHEET)
    for other in _others(season, union):
        if other in allowed:
            allowed.pop(other)
    return allowed


def _others(season: Season, union: str) -> set[str]:
    """What the bundle may never write: the season file, its published list, and the other
    unions' parts here."""
    names = {posixpath.basename(season.source), posixpath.basename(published_path(season.source))}
    for other in season.rules.unions:
        if other != union:
            names.update(item.path for item in union_part(season, other, with_missing=True))
            names.add(journal_path(other))
    return names


def _inside(season: Season, path: str) -> None:
    """A file's folder, created when missing, must be inside the season's real folder (a
    symlinked folder here would send the union's files elsewhere)."""
    base = os.path.realpath(folder_of(season))
    folder = os.path.dirname(on_disk(season, path))
    existing = folder
    while not os.path.exists(existing) and os.path.dirname(existing) != existing:
        existing = os.path.dirname(existing)
    real = os.path.realpath(existing)
    if os.path.commonpath([base, real]) != base:
        raise InputValueError(
            M_("{path}: its folder leads outside the season's folder: refused", path=path), season.source
        )
    os.makedirs(folder, exist_ok=True)
    if os.path.commonpath([base, os.path.realpath(folder)]) != base:
        raise InputValueError(
            M_("{path}: its folder leads outside the season's folder: refused", path=path), season.source
        )


def receive(season: Season, bundle: Bundle) -> Received:
    """Replace the bundle's union's part of `season` with the bundle's files, whole or not at all."""
    check_bundle(season, bundle)
    union = bundle.manifest.union
    old = [item.path for item in union_part(season, union)]
    if os.path.isfile(on_disk(season, journal_path(union))):
        old.append(journal_path(union))
    new = [item.path for item in bundle.manifest.files]
    for path in new:
        _inside(season, path)
    files, written, same = [], [], 0
    for path in new:
        before = current(on_disk(season, path))
        if before == bundle.contents[path]:
            same += 1
            continue
        files.append(FileChange(on_disk(season, path), before, bundle.contents[path]))
        written.append(path)
    removed = [path for path in old if path not in set(new)]
    files += [FileChange(on_disk(season, path), current(on_disk(season, path)), None) for path in removed]
    if not files:
        return Received(union, None, None, (), (), same)
    detail = {
        "union": union,
        "bundle": os.path.basename(bundle.source),
        "made": bundle.manifest.made,
        "summary": f"{union}: {len(written)} written, {len(removed)} removed",
    }
    # The season file too, unchanged: `history season.yaml` lists every part received.
    files.insert(0, FileChange(season.source, current(season.source), current(season.source)))
    change_id = new_id()
    with writer_lock(season.source) as target, Session(season.source, {target}, {f.path for f in files}) as session:
        applied = session.apply(Change(RECEIVE, season.source, files, detail, change_id=change_id))
    return Received(union, applied.change_id, applied.when, tuple(written), tuple(removed), same)
