"""A union's bundle as data (King Art 2: each union runs its regional phase; `season bundle`,
`season receive`): its manifest (the season, the union, when and by whom, and every file with
its SHA-256 and size) and the journal's records of those files, exported. The files are one
zip (season/bundle.py writes it, season/bundle_read.py reads it, bounded)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

FORMAT = "scorekeeper-season-bundle"
VERSION = 1
MANIFEST = "manifest.json"  # the zip's first member
JOURNAL_FORMAT = "scorekeeper-journal-export"
RECEIVED = "received"  # the folder, in the season's, where a union's exported journal is kept
JOURNAL = "journal"  # a part's file kind besides season_parts' registry, event and sheet


def journal_path(union: str) -> str:
    """Where a union's exported journal is in a bundle and in the receiving season's folder."""
    return f"{RECEIVED}/{union}.journal.json"


@dataclass(frozen=True)
class BundleFile:
    """One file of a bundle: its path relative to the season's folder (`/`), its SHA-256, its
    size in bytes and its kind (registry, event, sheet, journal)."""

    path: str
    sha256: str
    size: int
    kind: str


@dataclass(frozen=True)
class Manifest:
    """What a bundle says it holds: the season's name and rules, the union, when it was made and
    by whom (the journal's who), and its files."""

    season: str
    rules: str
    union: str
    made: str
    by: Mapping[str, str]
    files: tuple[BundleFile, ...]


@dataclass(frozen=True)
class Bundle:
    """A bundle read and verified: its manifest and every file's content (path: bytes)."""

    source: str
    manifest: Manifest
    contents: Mapping[str, bytes] = field(default_factory=dict)


@dataclass(frozen=True)
class ExportedChange:
    """A journalled change of a union's files as a bundle carries it: its id, when it began and
    ended, its state, action, who, main file (relative to the season's folder), what it did
    (data), and each of the part's files it wrote with its SHA-256 before and after."""

    id: str
    began: str
    ended: str | None
    state: str
    action: str
    who: Mapping[str, object]
    main_file: str
    detail: Mapping[str, object]
    files: tuple[tuple[str, str | None, str | None], ...]
