"""A union's bundle comes from outside (mail, a memory stick): a zip made to escape the season's
folder, to plant a link, to flood or to explode is refused, in bounded time, before anything is
written (season/bundle_read.py)."""

from __future__ import annotations

import hashlib
import io
import json
import stat
import struct
import time
import zipfile

import pytest
from conftest import run
from season_maker import make_season

from scorekeeper.season.bundle_read import MAX_MEMBERS, BundleError, read_bundle

SEASON = "Interbancário de King 2027"


def manifest(files: dict[str, bytes], **changes) -> bytes:
    data = {
        "format": "scorekeeper-season-bundle",
        "version": 1,
        "season": SEASON,
        "rules": "king-interbancario",
        "union": "norte",
        "made": "2027-05-01T10:00:00+00:00",
        "by": {"user": "norte"},
        "files": [
            {"path": name, "sha256": hashlib.sha256(data).hexdigest(), "size": len(data), "kind": "sheet"}
            for name, data in files.items()
        ],
    }
    data.update(changes)
    return json.dumps(data).encode()


def zipped(path, members: list[tuple[zipfile.ZipInfo | str, bytes]], listed: dict[str, bytes] | None = None):
    """A zip of `members` (a name or a ZipInfo, and bytes) after a manifest naming `listed`
    (default: the members themselves)."""
    named = {m if isinstance(m, str) else m.filename: data for m, data in members}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", manifest(named if listed is None else listed))
        for member, data in members:
            archive.writestr(member, data)
    return path


def refused(path, words: str, most: float = 2.0) -> None:
    started = time.perf_counter()
    with pytest.raises(BundleError) as caught:
        read_bundle(str(path))
    assert time.perf_counter() - started < most
    assert caught.value.source == str(path)
    assert words in str(caught.value)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("../outside.yaml", "'../outside.yaml': a path that is not plain"),
        ("norte/../../outside.yaml", "a path that is not plain"),
        ("/etc/passwd", "'/etc/passwd': an absolute path: refused"),
        ("C:/Windows/win.ini", "an absolute path: refused"),
        ("norte\\..\\..\\x.yaml", "a backslash in its name"),
        ("norte/.scorekeeper-journal.sqlite", "a hidden name"),
        ("norte/e1/r1\x1b[2J.yaml", "a control character in its name"),
    ],
)
def test_a_member_that_leaves_the_folder_or_hides_is_refused(tmp_path, name, words):
    refused(zipped(tmp_path / "b.zip", [(name, b"x")]), words)


def test_a_symlink_member_is_refused(tmp_path):
    info = zipfile.ZipInfo("norte/e1/r1-mesa1.yaml")
    info.create_system = 3
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    refused(zipped(tmp_path / "b.zip", [(info, b"/etc/passwd")]), "not a regular file (a symbolic link")


def test_a_device_member_is_refused(tmp_path):
    info = zipfile.ZipInfo("norte/e1/r1-mesa1.yaml")
    info.create_system = 3
    info.external_attr = (stat.S_IFCHR | 0o666) << 16
    refused(zipped(tmp_path / "b.zip", [(info, b"")]), "not a regular file")


def test_a_folder_member_is_refused(tmp_path):
    refused(zipped(tmp_path / "b.zip", [("norte/", b"")], listed={}), "'norte/': a path that is not plain")


def test_ten_thousand_members_are_refused_before_they_are_listed(tmp_path):
    path = tmp_path / "b.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for number in range(10_000):
            archive.writestr(f"n/{number}.yaml", b"")
    refused(path, f"10,000 files: more than a bundle holds ({MAX_MEMBERS:,})", most=0.5)


def _declared(path, name: bytes, size: int) -> None:
    """Patch the zip at `path` so that member `name` declares `size` bytes inflated (its local
    header and its directory entry), its bytes left as they are."""
    data = bytearray(path.read_bytes())
    local = data.find(b"PK\x03\x04")
    while local >= 0:
        name_length = struct.unpack_from("<H", data, local + 26)[0]
        if data[local + 30 : local + 30 + name_length] == name:
            struct.pack_into("<L", data, local + 22, size)
        local = data.find(b"PK\x03\x04", local + 4)
    entry = data.find(b"PK\x01\x02")
    while entry >= 0:
        name_length = struct.unpack_from("<H", data, entry + 28)[0]
        if data[entry + 46 : entry + 46 + name_length] == name:
            struct.pack_into("<L", data, entry + 24, size)
        entry = data.find(b"PK\x01\x02", entry + 4)
    path.write_bytes(bytes(data))


def test_a_member_declaring_a_gigabyte_is_refused_unread(tmp_path):
    path = zipped(tmp_path / "b.zip", [("norte/e1/r1-mesa1.yaml", b"rules: king\n")])
    _declared(path, b"norte/e1/r1-mesa1.yaml", 1 << 30)
    refused(
        path, "'norte/e1/r1-mesa1.yaml': declares 1,073,741,824 bytes, more than a file of a bundle holds", most=0.5
    )


def test_a_bomb_declaring_little_is_stopped_at_what_it_declares(tmp_path):
    """Ten MiB of zeros deflated to a few KiB, declaring 100 bytes: inflated no further than
    100 bytes (then its CRC, or its length, says it is not what it declares)."""
    path = zipped(
        tmp_path / "b.zip", [("norte/e1/r1-mesa1.yaml", bytes(10 << 20))], listed={"norte/e1/r1-mesa1.yaml": bytes(100)}
    )
    _declared(path, b"norte/e1/r1-mesa1.yaml", 100)
    assert path.stat().st_size < 64 << 10
    refused(path, "'norte/e1/r1-mesa1.yaml': damaged (its bytes do not inflate to what it declares)", most=0.5)


def test_members_declaring_more_than_a_bundle_in_all_are_refused(tmp_path):
    members = [(f"norte/{n}.yaml", b"x") for n in range(20)]
    path = zipped(tmp_path / "b.zip", members)
    for n in range(20):
        _declared(path, f"norte/{n}.yaml".encode(), 30 << 20)
    refused(path, "its files declare more than 512 MiB in all", most=0.5)


def test_two_names_one_disk_folds_into_one_are_refused(tmp_path):
    path = zipped(tmp_path / "b.zip", [("norte/A.yaml", b"1"), ("norte/a.yaml", b"2")])
    refused(path, "'norte/a.yaml': named twice")


@pytest.mark.parametrize(
    "blob",
    [b"", b"PK\x05\x06", b"not a zip at all" * 100, io.BytesIO().getvalue() + b"PK\x03\x04" + bytes(100)],
)
def test_what_is_no_zip_is_refused(tmp_path, blob):
    path = tmp_path / "b.zip"
    path.write_bytes(blob)
    refused(path, "not a zip file")


def test_a_manifest_that_is_no_manifest_is_refused(tmp_path):
    path = tmp_path / "b.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("manifest.json", b"[" * 100_000 + b"]" * 100_000)
    refused(path, "manifest.json: not a bundle's manifest")


def test_a_manifest_naming_a_path_outside_is_refused(tmp_path):
    path = tmp_path / "b.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("manifest.json", manifest({"../../x.yaml": b"x"}))
    refused(path, "manifest.json: a file it names is not a plain path with its SHA-256, size and kind: '../../x.yaml'")


def test_a_forged_bundle_on_the_command_line_is_one_line_and_writes_nothing(tmp_path):
    """`season receive` of a forged bundle over the command line: exit 2, one line, and the
    receiving season's folder unchanged."""
    season = make_season(tmp_path / "s", {"norte": 4, "centro": 4, "sul-e-ilhas": 4})
    before = sorted(p.relative_to(season.parent).as_posix() for p in season.parent.rglob("*"))
    path = zipped(tmp_path / "b.zip", [("../escaped.yaml", b"x")])
    done = run("season", "receive", season, path)
    assert done.exit_code == 2
    assert done.output.count("\n") == 1 and "a path that is not plain" in done.output
    assert sorted(p.relative_to(season.parent).as_posix() for p in season.parent.rglob("*")) == before
    assert not (tmp_path / "escaped.yaml").exists()
