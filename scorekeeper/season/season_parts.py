"""Which files a season is made of (King Art 2: each union runs its own regional phase): each
union's part (its registry, its regional events' tournament files and their sheets) and the
files the qualification reads (the season file and every union's part). A published list
remembers their hashes (season/published.py), a bundle carries one union's part
(season/bundle.py). Paths are relative to the season file's folder, with `/`, as a bundle
names them."""

from __future__ import annotations

import hashlib
import os
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_, Message
from scorekeeper.members.registry_file import load_registry
from scorekeeper.season.season_model import REGIONAL, Season
from scorekeeper.sheet.file_access import read_regular
from scorekeeper.tournaments.model import Tournament
from scorekeeper.tournaments.tournament_file import load as load_tournament

REGISTRY, EVENT, SHEET = "registry", "event", "sheet"  # a part's files, by kind
MAX_PART_FILE = 32 << 20  # a registry of 100,000 members (members/registry_file.py's bound)
MAX_NAME = 1024  # characters of a part's file's path
MAX_PART = 255  # bytes of one of its folder's or file's names


@dataclass(frozen=True)
class PartFile:
    """One file of a union's part: its path relative to the season's folder (`/` between
    folders), its kind (registry, event, sheet) and, for a sheet, the event it belongs to."""

    path: str
    kind: str
    event: str | None = None


def name_problem(name: str) -> Message | None:
    """Why a member's (or a manifest's) path is no plain relative path inside the season's folder."""
    if not name or len(name) > MAX_NAME:
        return M_("not a file's name")
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return M_("an absolute path: refused")
    if "\\" in name:
        return M_("a backslash in its name (a Windows path): refused")
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        return M_("a control character in its name: refused")
    parts = name.split("/")
    if any(part in ("", ".", "..") for part in parts):
        return M_("a path that is not plain (`..`, `.` or an empty folder name): refused")
    if any(part.startswith(".") for part in parts):
        return M_("a hidden name (a journal, a lock, a temporary file): refused")
    if any(len(part.encode("utf-8", "surrogatepass")) > MAX_PART for part in parts):
        return M_("a name longer than a disk allows: refused")
    return None


def folder_of(season: Season) -> str:
    return os.path.dirname(season.source) or os.curdir


def relative(season: Season, written: str, shown: str | None = None) -> str:
    """A path as the season file writes it (or as a tournament file does, joined already),
    relative to the season's folder with `/`; refused when it leaves that folder: a union's part
    lives inside the season's folder, so that a bundle can name every file in it."""
    text = written.replace(os.sep, "/") if os.sep != "/" else written
    norm = posixpath.normpath(text)
    if posixpath.isabs(norm) or norm == ".." or norm.startswith("../") or norm == ".":
        raise InputValueError(
            M_("{path}: outside the season's folder; a union's part lives inside it", path=quoted(written)),
            shown or os.path.join(folder_of(season), written),
        )
    return norm


def on_disk(season: Season, path: str) -> str:
    """Where a part's file (relative, `/`) is on this disk."""
    return os.path.join(folder_of(season), *path.split("/"))


def registry_of(season: Season, union: str) -> str | None:
    """The registry file (relative) whose `union:` is `union`, None when the season names none."""
    for written in season.registries:
        path = relative(season, written, season.source)
        if os.path.isfile(on_disk(season, path)) and load_registry(on_disk(season, path)).union == union:
            return path
    return None


def event_files(season: Season, union: str) -> list[str]:
    """The union's regional events' tournament files (relative), in the season file's order."""
    return [
        relative(season, event.file, season.source)
        for event in season.events
        if event.phase == REGIONAL and event.union == union
    ]


def sheets_of(season: Season, event: str, tournament: Tournament | None = None) -> list[str]:
    """The sheets a tournament file names (relative to the season's folder), in its order
    (none while the file is not there). `tournament`: the file, read already."""
    if tournament is None:
        if not os.path.lexists(on_disk(season, event)):
            return []
        tournament = load_tournament(on_disk(season, event))
    folder = posixpath.dirname(event)
    found: list[str] = []
    for round_ in tournament.rounds:
        named = [table.sheet for table in round_.tables] + [match.sheet for match in round_.matches]
        for sheet in named:
            if sheet is not None:
                path = relative(season, posixpath.join(folder, sheet), tournament.source)
                if path not in found:
                    found.append(path)
    return found


def union_part(season: Season, union: str, with_missing: bool = False) -> list[PartFile]:
    """The files of `union`'s part: its registry, each regional event and the sheets that exist
    of it (a sheet not handed in yet is no file: `with_missing` lists it all the same)."""
    files: list[PartFile] = []
    registry = registry_of(season, union)
    if registry is not None:
        files.append(PartFile(registry, REGISTRY))
    for event in event_files(season, union):
        if not with_missing and not os.path.isfile(on_disk(season, event)):
            continue
        files.append(PartFile(event, EVENT))
        for sheet in sheets_of(season, event):
            if with_missing or os.path.isfile(on_disk(season, sheet)):
                files.append(PartFile(sheet, SHEET, event))
    return files


def read_set(season: Season) -> list[str]:
    """Every file the qualification reads (relative): the season file, the registries, each
    regional event and its sheets (a sheet drawn but not yet written is named too: its arrival
    moves the list)."""
    found = [posixpath.basename(season.source)]
    found += [relative(season, written, season.source) for written in season.registries]
    for union in season.rules.unions:
        for event in event_files(season, union):
            found.append(event)
            found += sheets_of(season, event)
    return list(dict.fromkeys(found))


def sha256_of(path: str, limit: int = MAX_PART_FILE) -> str | None:
    """The SHA-256 of the regular file at `path` (None: no such file)."""
    if not os.path.lexists(path):
        return None
    return hashlib.sha256(read_regular(path, limit, InputValueError)).hexdigest()


def hashes(season: Season, paths: Iterable[str]) -> dict[str, str | None]:
    """Each file's SHA-256 now (None: there is none)."""
    return {path: sha256_of(on_disk(season, path)) for path in paths}
