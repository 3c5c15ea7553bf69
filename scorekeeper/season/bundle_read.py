"""A union's bundle read (`season receive SEASON FILE`): it comes from another union, over mail
or a memory stick, so it is read as a stranger's file and verified whole before anything is
written. Bounded first, from the zip's own directory, before a byte is inflated: its size, the
member count, each member's declared size and their sum; every member a plain relative path
(no absolute path, no `..`, no backslash, no hidden name, no two names that one case-folding
disk would make one), a regular file (no symlink, no device, no folder), not encrypted, stored
or deflated. Then every member is inflated at most to its declared size (a member that holds
more is refused by its CRC) and checked against the manifest: the same files, none more, none
missing, each with its SHA-256 and size. One refusal (BundleError) names the bundle and the
member."""

from __future__ import annotations

import json
import os
import stat
import struct
import zipfile
from collections.abc import Iterable

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_, Grouped, Message
from scorekeeper.journal.store import APPLIED, FileRecord, Record
from scorekeeper.journal.transaction import digest
from scorekeeper.season.bundle_model import (
    FORMAT,
    JOURNAL,
    JOURNAL_FORMAT,
    MANIFEST,
    VERSION,
    Bundle,
    BundleFile,
    ExportedChange,
    Manifest,
    journal_path,
)
from scorekeeper.season.causes import Step
from scorekeeper.season.season_parts import EVENT, MAX_NAME, REGISTRY, SHEET, name_problem
from scorekeeper.sheet.file_access import open_regular, read_regular
from scorekeeper.workbook.zip_damage import DAMAGED_MEMBER

MAX_BUNDLE = 512 << 20  # a union's part: its registry (32 MiB at most) and a few thousand sheets
MAX_MEMBERS = 5_000  # ten regional events of 100 tables and 3 rounds, and then some
MAX_MEMBER = 32 << 20  # a member inflated: a registry of 100,000 members
MAX_TOTAL = 512 << 20  # all members inflated
MAX_MANIFEST = 4 << 20
KINDS = (REGISTRY, EVENT, SHEET, JOURNAL)
_EOCD = b"PK\x05\x06"
_EOCD_SIZE = 22
_MOST_PER_ENTRY = 46 + MAX_NAME * 4 + 64  # a directory entry: its fixed part, a name, a little extra
_FILE_TYPES = (0, stat.S_IFREG)  # the mode's file type: none said (DOS), or a regular file

# A member zipfile cannot read (zip64 sizes it refuses, a read that fails) or a damaged one.
UNREADABLE_MEMBER: tuple[type[Exception], ...] = (zipfile.LargeZipFile, OSError, *DAMAGED_MEMBER)


class BundleError(InputValueError):
    """A bundle refused: unusable, out of bounds, or not what its manifest says."""


def read_bundle(path: str) -> Bundle:
    """The bundle in the zip at `path`, every file verified against its manifest."""
    with open_regular(path, BundleError) as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > MAX_BUNDLE:
            raise BundleError(M_("larger than {size} MiB: not a bundle", size=Grouped(MAX_BUNDLE >> 20)), path)
        _count_members(handle, size, path)
        try:
            archive = zipfile.ZipFile(handle)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
            raise BundleError(M_("not a zip file (a bundle is one)"), path) from None
        with archive:
            infos = _checked_members(archive.infolist(), path)
            manifest = _manifest(_inflate(archive, infos[MANIFEST], path, MAX_MANIFEST), path)
            listed = {item.path: item for item in manifest.files}
            if len(listed) != len(manifest.files):
                raise BundleError(M_("{manifest}: a file named twice", manifest=MANIFEST), path)
            for name in infos:
                if name != MANIFEST and name not in listed:
                    raise BundleError(M_("{member}: a file the manifest does not name", member=quoted(name)), path)
            contents = {}
            for item in manifest.files:
                if item.path not in infos:
                    raise BundleError(
                        M_("{member}: named by the manifest, missing from the bundle", member=quoted(item.path)), path
                    )
                data = _inflate(archive, infos[item.path], path, MAX_MEMBER)
                if len(data) != item.size or digest(data) != item.sha256:
                    raise BundleError(
                        M_(
                            "{member}: not the file the manifest names (its SHA-256 or size differs): changed on the way",
                            member=quoted(item.path),
                        ),
                        path,
                    )
                contents[item.path] = data
    return Bundle(path, manifest, contents)


def _count_members(handle, size: int, path: str) -> None:
    """The member count from the zip's end record, before its directory is read: a flood of
    members is refused without listing them (and a zip64 end, which a bundle never needs)."""
    tail = min(size, _EOCD_SIZE + 0xFFFF)
    handle.seek(size - tail)
    data = handle.read(tail)
    at = data.rfind(_EOCD)
    if at < 0 or len(data) - at < _EOCD_SIZE:
        raise BundleError(M_("not a zip file (a bundle is one)"), path)
    _sig, _disk, _start, here, total, dir_size, _offset, _comment = struct.unpack("<4s4H2LH", data[at : at + 22])
    if total == 0xFFFF or here == 0xFFFF or dir_size == 0xFFFFFFFF:
        raise BundleError(M_("a zip64 archive: more than a bundle ever holds"), path)
    if total > MAX_MEMBERS or dir_size > MAX_MEMBERS * _MOST_PER_ENTRY:
        raise BundleError(
            M_("{count} files: more than a bundle holds ({most})", count=Grouped(total), most=Grouped(MAX_MEMBERS)),
            path,
        )
    handle.seek(0)


def _checked_members(infos: list[zipfile.ZipInfo], path: str) -> dict[str, zipfile.ZipInfo]:
    """Every member by name, each refused when it is anything but a plain file named plainly,
    and their declared sizes bounded."""
    if len(infos) > MAX_MEMBERS:
        raise BundleError(
            M_(
                "{count} files: more than a bundle holds ({most})", count=Grouped(len(infos)), most=Grouped(MAX_MEMBERS)
            ),
            path,
        )
    found: dict[str, zipfile.ZipInfo] = {}
    folded: set[str] = set()
    total = 0
    for info in infos:
        problem = name_problem(info.filename) or _kind_problem(info)
        if problem is not None:
            raise BundleError(M_("{member}: {problem}", member=quoted(info.filename), problem=problem), path)
        if info.file_size > MAX_MEMBER:
            raise BundleError(
                M_(
                    "{member}: declares {size} bytes, more than a file of a bundle holds",
                    member=quoted(info.filename),
                    size=Grouped(info.file_size),
                ),
                path,
            )
        total += info.file_size
        if total > MAX_TOTAL:
            raise BundleError(M_("its files declare more than {size} MiB in all", size=Grouped(MAX_TOTAL >> 20)), path)
        if info.filename.casefold() in folded:
            raise BundleError(M_("{member}: named twice", member=quoted(info.filename)), path)
        folded.add(info.filename.casefold())
        found[info.filename] = info
    if MANIFEST not in found:
        raise BundleError(M_("no {manifest}: not a bundle", manifest=MANIFEST), path)
    return found


def _kind_problem(info: zipfile.ZipInfo) -> Message | None:
    mode = info.external_attr >> 16
    if info.is_dir():
        return M_("a folder: a bundle holds files only")
    if stat.S_IFMT(mode) not in _FILE_TYPES:
        return M_("not a regular file (a symbolic link, a device or a pipe): refused")
    if info.flag_bits & 0x1:
        return M_("encrypted: refused")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        return M_("compressed in a way a bundle never is: refused")
    return None


def _inflate(archive: zipfile.ZipFile, info: zipfile.ZipInfo, path: str, most: int) -> bytes:
    """A member's bytes, inflated at most to its declared size (zipfile stops there and checks
    the CRC: a member holding more than it declares is refused)."""
    if info.file_size > most:
        raise BundleError(M_("{member}: larger than a bundle's file may be", member=quoted(info.filename)), path)
    try:
        with archive.open(info) as member:
            data = member.read(info.file_size + 1)
    except UNREADABLE_MEMBER:
        raise BundleError(
            M_("{member}: damaged (its bytes do not inflate to what it declares)", member=quoted(info.filename)), path
        ) from None
    if len(data) != info.file_size:
        raise BundleError(
            M_("{member}: damaged (its bytes do not inflate to what it declares)", member=quoted(info.filename)), path
        )
    return data


def _manifest(raw: bytes, path: str) -> Manifest:
    """The manifest, every value checked."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BundleError(M_("{manifest}: not a bundle's manifest", manifest=MANIFEST), path)
    if data.get("version") != VERSION:
        raise BundleError(
            M_(
                "{manifest}: version {value}, this scorekeeper reads {version}",
                manifest=MANIFEST,
                value=quoted(data.get("version")),
                version=VERSION,
            ),
            path,
        )
    texts = {key: data.get(key) for key in ("season", "rules", "union", "made")}
    bad = next(
        (key for key, value in texts.items() if not isinstance(value, str) or not value or len(value) > 200), None
    )
    by = data.get("by")
    if bad is None and not (isinstance(by, dict) and all(isinstance(v, str) for v in by.values()) and len(by) <= 10):
        bad = "by"
    files = data.get("files")
    if bad is None and not (isinstance(files, list) and len(files) <= MAX_MEMBERS):
        bad = "files"
    if bad is not None or not isinstance(by, dict) or not isinstance(files, list):
        raise BundleError(
            M_("{manifest}: {key} is missing or not what a manifest holds", manifest=MANIFEST, key=bad or "by"), path
        )
    return Manifest(
        str(texts["season"]), str(texts["rules"]), str(texts["union"]), str(texts["made"]),
        {str(k): str(v)[:200] for k, v in by.items()}, tuple(_file(item, path) for item in files),
    )  # fmt: skip


def _file(item: object, path: str) -> BundleFile:
    if isinstance(item, dict):
        name, sha, size, kind = item.get("path"), item.get("sha256"), item.get("size"), item.get("kind")
        if (
            isinstance(name, str)
            and name_problem(name) is None
            and name != MANIFEST
            and isinstance(sha, str)
            and len(sha) == 64
            and all(c in "0123456789abcdef" for c in sha)
            and isinstance(size, int)
            and not isinstance(size, bool)
            and 0 <= size <= MAX_MEMBER
            and kind in KINDS
        ):
            return BundleFile(name, sha, size, str(kind))
    shown = item.get("path") if isinstance(item, dict) else item
    raise BundleError(
        M_(
            "{manifest}: a file it names is not a plain path with its SHA-256, size and kind: {value}",
            manifest=MANIFEST,
            value=quoted(shown),
        ),
        path,
    )


MAX_EXPORTED = 100_000  # changes in a union's exported journal (journal/history.py's bound)


def read_exported(path: str, union: str) -> list[ExportedChange]:
    """A union's exported journal as a receiving season keeps it (received/UNION.journal.json):
    the changes of its files, each checked; one that is not what an export holds refuses it."""
    raw = read_regular(path, MAX_MEMBER, BundleError)
    try:
        data = json.loads(raw.decode("utf-8")) if len(raw) <= MAX_MEMBER else None
    except (UnicodeDecodeError, ValueError, RecursionError):
        data = None
    changes = data.get("changes") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or data.get("format") != JOURNAL_FORMAT
        or data.get("union") != union
        or not isinstance(changes, list)
        or len(changes) > MAX_EXPORTED
    ):
        raise BundleError(M_("not a union's exported journal"), path)
    return [_exported(item, path, number) for number, item in enumerate(changes, 1)]


def _exported(item: object, path: str, number: int) -> ExportedChange:
    texts = ("id", "began", "state", "action", "main_file")
    files = item.get("files") if isinstance(item, dict) else None
    if (
        isinstance(item, dict)
        and all(isinstance(item.get(key), str) for key in texts)
        and isinstance(item.get("who"), dict)
        and isinstance(item.get("detail"), dict)
        and isinstance(files, list)
        and all(_exported_file(entry) for entry in files)
    ):
        ended = item.get("ended")
        return ExportedChange(
            item["id"], item["began"], ended if isinstance(ended, str) else None, item["state"], item["action"],
            item["who"], item["main_file"], item["detail"],
            tuple((entry["path"], entry.get("before"), entry.get("after")) for entry in files),
        )  # fmt: skip
    raise BundleError(M_("change {number}: not what an exported journal holds", number=number), path)


def _exported_file(entry: object) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("path"), str)
        and all(entry.get(key) is None or _is_sha(entry.get(key)) for key in ("before", "after"))
    )


def _is_sha(value: object) -> bool:
    return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)


def received_steps(folder: str, unions: Iterable[str]) -> dict[str, list[Step]]:
    """Each file's changes that the unions' bundles received in the season's `folder` brought
    (their exported journals), oldest first, as causes.causes takes them."""
    found: dict[str, list[Step]] = {}
    for union in unions:
        path = os.path.join(folder, *journal_path(union).split("/"))
        if not os.path.isfile(path):
            continue
        for number, change in enumerate(read_exported(path, union), 1):
            files = [FileRecord(p, before, after) for p, before, after in change.files]
            record = Record(
                number, change.id, change.began, change.ended, change.state, change.action, dict(change.who),
                change.main_file, None, dict(change.detail), None, files,
            )  # fmt: skip
            if change.state not in APPLIED:
                continue
            for item in files:
                found.setdefault(item.path, []).append(Step(record, item, ".", received=True))
    return found
