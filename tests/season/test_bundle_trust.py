"""What a bundle's manifest proves (docs/season-exchange.md): corruption, not forgery. A changed
byte with the manifest left as it was is refused (tests/season/test_bundle.py); a change whose
manifest was recomputed after it verifies, and `season receive` accepts it. This test holds the
docs to that: if bundles are ever signed, it fails and the page must say so."""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile

from conftest import run
from season_maker import make_season

UNIONS = {"norte": 12, "centro": 8, "sul-e-ilhas": 16}
SHEET = "norte/e1/r3-mesa3.yaml"


def test_a_bundle_whose_manifest_was_recomputed_after_a_change_is_accepted(tmp_path):
    sender = make_season(tmp_path / "sender", UNIONS)
    receiver = make_season(tmp_path / "receiver", UNIONS)
    shutil.rmtree(receiver.parent / "norte")
    (receiver.parent / "registry/norte.yaml").unlink()
    out = tmp_path / "norte.zip"
    assert run("season", "bundle", sender, "--union", "norte", "-o", out).exit_code == 0
    forged = tmp_path / "forged.zip"
    with zipfile.ZipFile(out) as old:
        members = {info.filename: old.read(info) for info in old.infolist()}
        infos = old.infolist()
    changed = members[SHEET].replace(b"counts: [3, 2, 1, 7]", b"counts: [3, 2, 1, 6]", 1)
    assert changed != members[SHEET]
    manifest = json.loads(members["manifest.json"])
    for item in manifest["files"]:
        if item["path"] == SHEET:
            item["sha256"], item["size"] = hashlib.sha256(changed).hexdigest(), len(changed)
    members[SHEET] = changed
    members["manifest.json"] = json.dumps(manifest, ensure_ascii=False, indent=1).encode("utf-8")
    with zipfile.ZipFile(forged, "w", zipfile.ZIP_DEFLATED) as new:
        for info in infos:
            new.writestr(info, members[info.filename])
    done = run("season", "receive", receiver, forged)
    assert done.exit_code == 0, done.output
    assert (receiver.parent / SHEET).read_bytes() == changed
