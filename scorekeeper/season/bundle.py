"""A union's bundle written (`season bundle SEASON --union U -o FILE`): one zip holding the
union's part of the season (its registry, its regional events' tournament files and their
sheets: season_parts.union_part), the journal's records of those files (exported as JSON, no
file contents: what a receiver needs to name a change's id, time, author and entry), and
`manifest.json`, naming every file with its SHA-256 and size, the season, the union, when and
by whom. Why a zip and not a tar: its central directory gives the member count and every
declared size before a byte is inflated, so a reader refuses a bomb or a flood up front, and a
union's secretary opens it on any computer; a tar must be read to its end to be counted, and
carries links and devices as members of their own."""

from __future__ import annotations

import dataclasses
import io
import json
import zipfile

from scorekeeper.errors import InputValueError
from scorekeeper.journal.store import Notice
from scorekeeper.journal.store import now as now_stamp
from scorekeeper.journal.transaction import digest
from scorekeeper.journal.who import who
from scorekeeper.season.bundle_model import (
    FORMAT,
    JOURNAL,
    JOURNAL_FORMAT,
    MANIFEST,
    VERSION,
    BundleFile,
    ExportedChange,
    Manifest,
    journal_path,
)
from scorekeeper.season.causes import file_steps
from scorekeeper.season.season_model import Season
from scorekeeper.season.season_parts import MAX_PART_FILE, folder_of, on_disk, union_part
from scorekeeper.sheet.file_access import read_regular

ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # every member's: the bundle of the same part is the same bytes
MODE = 0o100644  # a regular file, rw-r--r--: what a member's external attributes say


def exported_changes(season: Season, paths: list[str], notices: list[Notice]) -> list[ExportedChange]:
    """The journal's applied changes of the part's files (from the journals of their folders
    and of the folders above them up to the season's), oldest first, each with only the part's
    files it wrote."""
    steps = file_steps(folder_of(season), paths, notices)
    changes: dict[tuple[str, str], ExportedChange] = {}
    for path, found in steps.items():
        for step in found:
            key = (step.shown, step.record.id)
            record = step.record
            if key not in changes:
                main = record.main_file if step.shown == "." else f"{step.shown}/{record.main_file}"
                changes[key] = ExportedChange(
                    record.id, record.began, record.ended, record.state, record.action,
                    record.who if isinstance(record.who, dict) else {}, main.replace("\\", "/"),
                    record.detail if isinstance(record.detail, dict) else {}, (),
                )  # fmt: skip
            change = changes[key]
            files = (*change.files, (path, step.file.before_hash, step.file.after_hash))
            changes[key] = dataclasses.replace(change, files=files)
    return sorted(changes.values(), key=lambda change: change.began)


_FIELDS = ("id", "began", "ended", "state", "action", "who", "main_file", "detail", "files")


def journal_json(union: str, changes: list[ExportedChange]) -> bytes:
    """A union's exported journal, as JSON (received/UNION.journal.json)."""
    data = {
        "format": JOURNAL_FORMAT,
        "version": VERSION,
        "union": union,
        "changes": [
            {
                **{name: getattr(change, name) for name in _FIELDS[:-1]},
                "files": [{"path": p, "before": b, "after": a} for p, b, a in change.files],
            }
            for change in changes
        ],
    }
    return (json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True, default=str) + "\n").encode("utf-8")


def make_bundle(season: Season, union: str, notices: list[Notice] | None = None) -> tuple[bytes, Manifest]:
    """The zip of `union`'s part of `season` and its manifest."""
    part = union_part(season, union)
    contents: dict[str, bytes] = {}
    files: list[BundleFile] = []
    for item in part:
        data = read_regular(on_disk(season, item.path), MAX_PART_FILE, InputValueError)
        contents[item.path] = data
        files.append(BundleFile(item.path, digest(data) or "", len(data), item.kind))
    exported = journal_json(union, exported_changes(season, [item.path for item in part], notices or []))
    contents[journal_path(union)] = exported
    files.append(BundleFile(journal_path(union), digest(exported) or "", len(exported), JOURNAL))
    by = {key: str(value) for key, value in who().items() if value is not None}
    manifest = Manifest(season.name, season.rules.name, union, now_stamp(), by, tuple(files))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        _member(archive, MANIFEST, manifest_json(manifest))
        for written in files:
            _member(archive, written.path, contents[written.path])
    return buffer.getvalue(), manifest


def manifest_json(manifest: Manifest) -> bytes:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "season": manifest.season,
        "rules": manifest.rules,
        "union": manifest.union,
        "made": manifest.made,
        "by": dict(manifest.by),
        "files": [
            {"path": item.path, "sha256": item.sha256, "size": item.size, "kind": item.kind} for item in manifest.files
        ],
    }
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _member(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = MODE << 16
    info.create_system = 3  # Unix: the mode above is read as one
    archive.writestr(info, data)
