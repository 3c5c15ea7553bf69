"""Links for the whole event (issue 25, point 5): a table's link belongs to the table, so the same
link opens its current sheet after a restart of `serve` and in every round; `scorekeeper links`
gives a lost phone's table a new link (the old one answers 401 at once) and writes a printable
sheet; the secrets are kept in a file only their owner may read; a folder's ids come from the
file names, so a file added shifts none."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import stat
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

import pytest
from click.testing import CliRunner
from conftest import king_final_for_four

from scorekeeper.cli import cli
from scorekeeper.core import pad_tables as tables
from scorekeeper.serve import link_file
from scorekeeper.serve.app import create_app

EMPTY = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands: []\n"
HOST = "127.0.0.2"  # not the loopback name serve treats as this machine only: the links carry tokens


@pytest.fixture
def final(tmp_path):
    return king_final_for_four(tmp_path)


def _links(path, *args) -> dict[str, str]:
    """`scorekeeper links PATH` as {label: address}."""
    done = CliRunner().invoke(cli, ["--lang", "en", "links", str(path), "--host", HOST, *args])
    assert done.exit_code == 0, done.output
    return dict(line.split(": ", 1) for line in done.output.splitlines() if ": http://" in line)


def _token(address: str) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(address).query)["token"][0]


class _Server:
    """`scorekeeper serve PATH --host 127.0.0.2 --port 0` in a process of its own: its console's
    links, then its address."""

    def __init__(self, path):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "--lang", "en", "serve", str(path), "--host", HOST, "--port", "0"]
            + ["--no-qr"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.links: dict[str, str] = {}
        for line in self.process.stdout:
            served = re.match(r"Serving on (http://\S+);", line)
            if served:
                self.base = served.group(1)
                break
            if ": http://" in line:
                label, address = line.rstrip("\n").split(": ", 1)
                self.links[label] = address
        else:
            raise AssertionError("serve printed no address")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise


def _get(opener, address: str) -> tuple[int, str]:
    try:
        with opener.open(address, timeout=20) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def test_a_tables_link_and_an_open_form_outlive_a_restart_of_serve(final):
    jar = http.cookiejar.CookieJar()
    phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    first = _Server(final)
    try:
        table = first.links["Table 1"]
        status, page = _get(phone, table)
        assert status == 200 and "<title>" in page
        form = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page))
        assert set(form) >= {"csrf", "expected_entries", "change_id"}
    finally:
        first.stop()
    second = _Server(final)  # another run, another port: the same secrets
    try:
        same = {label: _token(address) for label, address in second.links.items()}
        assert same == {label: _token(address) for label, address in first.links.items()}
        assert list(same) == ["Organiser", "Table 1", "Table 2"]
        moved = table.replace(first.base, second.base)
        assert _get(phone, moved)[0] == 200
        # The undo form opened before the restart still posts: its CSRF token and the session
        # cookie are signed with the kept key (the sheet is complete: undo removes its last hand).
        undo = re.search(r'action="(/t/1/undo[^"]*)".*?name="csrf" value="(\w+)"', page, re.S)
        posted = urllib.parse.urlencode(
            {"csrf": undo.group(2), "expected_entries": form["expected_entries"], "change_id": "restart-undo-1"}
        ).encode()
        status, _ = _get(phone, urllib.request.Request(second.base + undo.group(1).replace("&amp;", "&"), posted))
        assert status == 200
        assert tables.summary(tables.list_tables(str(final)).get("1"))["entries"] == int(form["expected_entries"]) - 1
        assert _get(phone, second.base + "/t/1?token=" + "x" * 32)[0] == 401
    finally:
        second.stop()


def test_a_round_drawn_keeps_each_tables_link_opening_its_new_sheet(final):
    before = _links(final)
    app = create_app(str(final), with_tokens=True, language="en")
    client = app.test_client()
    one = _token(before["Table 1"])
    assert client.get(f"/api/tables/1?token={one}").get_json()["file"] == "r3-mesa1.yaml"
    drawn = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "tournament", "draw", str(final), "--seed", "7", "--steps", "200"],
        capture_output=True,
        text=True,
    )
    assert drawn.returncode == 0, drawn.stdout + drawn.stderr
    fourth = [t["sheet"] for t in _round(final, 4)]
    assert client.get(f"/api/tables/1?token={one}").get_json()["file"] == fourth[0]  # the running server
    assert client.get(f"/api/tables/2?token={one}").status_code == 403
    assert _links(final) == before  # and the links printed again: the same, table by table
    restarted = create_app(str(final), with_tokens=True, language="en").test_client()
    assert restarted.get(f"/api/tables/2?token={_token(before['Table 2'])}").get_json()["file"] == fourth[1]


def _round(final, number: int) -> list[dict]:
    import yaml

    return yaml.safe_load(final.read_text())["rounds"][number - 1]["tables"]


def test_a_new_link_for_a_lost_phone_stops_the_old_one_at_once(final):
    before = _links(final)
    app = create_app(str(final), with_tokens=True, language="en")
    client = app.test_client()
    old, other, boss = _token(before["Table 1"]), _token(before["Table 2"]), _token(before["Organiser"])
    assert client.get(f"/t/1?token={old}").status_code == 200
    done = CliRunner().invoke(cli, ["--lang", "en", "links", str(final), "--host", HOST, "--new-link", "1"])
    assert done.exit_code == 0, done.output
    assert done.output.splitlines()[0] == "Table 1 has a new link; its old link no longer works."
    after = _links(final)
    new = _token(after["Table 1"])
    assert new != old and len(new) == 32
    assert (_token(after["Table 2"]), _token(after["Organiser"])) == (other, boss)
    # the server started before the new link was made refuses the old one from its next request on
    assert client.get(f"/t/1?token={old}").status_code == 401
    assert client.get(f"/api/tables/1?token={old}").status_code == 401
    assert client.get(f"/t/1?token={new}").status_code == 200
    assert client.get(f"/t/2?token={other}").status_code == 200
    renewed = CliRunner().invoke(cli, ["--lang", "en", "links", str(final), "--new-organiser-link"])
    assert renewed.output.splitlines()[0] == "The organiser has a new link; the old one no longer works."
    assert client.get(f"/?token={boss}").status_code == 401
    assert client.get(f"/?token={_token(_links(final)['Organiser'])}").status_code == 200
    unknown = CliRunner().invoke(cli, ["--lang", "en", "links", str(final), "--new-link", "9"])
    assert unknown.exit_code == 2
    assert unknown.output.splitlines()[-1] == "Error: --new-link: there is no table '9' here (its tables: 1, 2)"


def test_the_printable_sheet_holds_every_link_and_code_for_its_owner_only(final, tmp_path):
    sheet = tmp_path / "links.html"
    done = CliRunner().invoke(cli, ["--lang", "en", "links", str(final), "--host", HOST, "--html", str(sheet)])
    assert done.output == f"Wrote the printable sheet of 3 links to {sheet}.\n"
    assert stat.S_IMODE(os.stat(sheet).st_mode) == 0o600
    page = sheet.read_text()
    for label, address in _links(final).items():
        assert f"<h2>{label}</h2>" in page and f'<p class="address">{address.replace("&", "&amp;")}</p>' in page
    assert page.count("<svg") == 3
    assert "<p>Ines, Gil, Ana, Bruno</p>" in page  # table 1's players, as the round seats them
    again = CliRunner().invoke(cli, ["--lang", "en", "links", str(final), "--html", str(sheet)])
    assert again.exit_code == 2 and "already exists; use --force to overwrite it" in again.output
    forced = CliRunner().invoke(cli, ["--lang", "en", "links", str(final), "--html", str(sheet), "--force"])
    assert forced.exit_code == 0


def test_the_links_file_is_the_owners_alone(final):
    kept = final.parent / ".final.yaml.links.json"
    assert link_file.path_for(str(final)) == str(kept)
    _links(final)
    st = os.lstat(kept)
    assert stat.S_ISREG(st.st_mode) and stat.S_IMODE(st.st_mode) == 0o600 and st.st_uid == os.geteuid()
    secrets_ = json.loads(kept.read_text())
    assert sorted(secrets_) == ["key", "organiser", "tables"] and sorted(secrets_["tables"]) == ["1", "2"]
    assert [n for n in os.listdir(final.parent) if n.startswith(".")] == [kept.name]  # no lock or temp left

    os.chmod(kept, 0o640)
    refused = CliRunner().invoke(cli, ["--lang", "en", "links", str(final)])
    assert refused.exit_code == 2
    assert refused.output == (
        f"Error: {kept}: may be read or written by others (mode 0640): its links are no longer secret;"
        " run chmod 600 .final.yaml.links.json\n"
    )
    served = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--lang", "en", "serve", str(final), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert served.returncode == 2 and served.stderr.splitlines() == refused.output.splitlines()
    os.chmod(kept, 0o600)

    elsewhere = final.parent / "elsewhere.json"
    os.rename(kept, elsewhere)
    os.symlink(elsewhere, kept)
    linked = CliRunner().invoke(cli, ["--lang", "en", "links", str(final)])
    assert linked.output == f"Error: {kept}: is a symbolic link: refused; remove it\n"
    os.remove(kept)
    os.mkdir(kept)
    folder = CliRunner().invoke(cli, ["--lang", "en", "links", str(final)])
    assert folder.output == f"Error: {kept}: is not a regular file: refused; remove it\n"
    os.rmdir(kept)
    kept.write_text('{"key": "00", "organiser": "x", "tables": []}')
    os.chmod(kept, 0o600)
    garbage = CliRunner().invoke(cli, ["--lang", "en", "links", str(final)])
    assert (
        garbage.output
        == f"Error: {kept}: is not a links file scorekeeper wrote: refused; remove it to make new links\n"
    )
    if os.geteuid() == 0:  # only root can hand the file to another user
        os.rename(elsewhere, kept)
        os.chown(kept, 1, 1)
        theirs = CliRunner().invoke(cli, ["--lang", "en", "links", str(final)])
        assert theirs.output == f"Error: {kept}: belongs to another user: refused (its links are not yours to serve)\n"


def test_a_folders_ids_come_from_file_names_and_a_file_added_shifts_none(tmp_path):
    for name in ("mesa 2.yaml", "mesa1.yaml", "Mesa Ç.yaml", "b.yml"):
        (tmp_path / name).write_text(EMPTY.replace("Ana", name.split(".")[0].replace(" ", "")))
    before = {t.sheet: t.id for t in tables.list_tables(str(tmp_path)).tables}
    assert before == {
        "Mesa Ç.yaml": tables.stable_id("Mesa Ç"),
        "b.yml": "b.yml",
        "mesa 2.yaml": tables.stable_id("mesa 2"),
        "mesa1.yaml": "mesa1",
    }
    assert tables.stable_id("mesa 2") == "mesa-2~" + __import__("hashlib").sha256(b"mesa 2").hexdigest()[:10]
    assert re.fullmatch(r"Mesa~[0-9a-f]{10}", before["Mesa Ç.yaml"])
    app = create_app(str(tmp_path), with_tokens=True, language="en")
    client = app.test_client()
    access = app.extensions["scorekeeper"].access
    links = {sheet: access.token_for(table_id) for sheet, table_id in before.items()}
    for name in ("a b.yaml", "0.yaml", "mesa 1.yaml", "b.yaml", "b.yml.yaml"):  # sorted before, beside and after
        (tmp_path / name).write_text(EMPTY)
    after = {t.sheet: t.id for t in tables.list_tables(str(tmp_path)).tables}
    assert {sheet: after[sheet] for sheet in before} == before
    assert len(set(after.values())) == len(after) == 9  # b.yaml is "b", b.yml "b.yml", b.yml.yaml hashed
    assert (after["b.yaml"], after["b.yml.yaml"][:6]) == ("b", "b-yml~")
    for sheet, table_id in before.items():  # each link still reads its own sheet, and only it
        shown = client.get(f"/api/tables/{urllib.parse.quote(table_id)}?token={links[sheet]}").get_json()
        assert shown["file"] == sheet
        assert shown["players"][0] == sheet.split(".")[0].replace(" ", "")
    assert client.get(f"/api/tables/mesa1?token={links['mesa 2.yaml']}").status_code == 403


def test_links_that_cannot_be_kept_last_for_the_run_and_say_why(tmp_path, monkeypatch):
    """A folder where nothing may be written (a read-only USB stick: root ignores mode bits, so
    the refusal is made here) is still served; its links last for this run, and serve says so."""
    from scorekeeper.serve import access as pad_access

    (tmp_path / "mesa1.yaml").write_text(EMPTY)

    def refuse(path, data):
        raise link_file.LinkFileWriteError("cannot be written: Read-only file system", path)

    monkeypatch.setattr(link_file, "write_private", refuse)
    kept = pad_access.Access(True, link_file.path_for(str(tmp_path)))
    assert kept.unkept == f"{tmp_path / '.scorekeeper-links.json'}: cannot be written: Read-only file system"
    token = kept.token_for("mesa1")
    assert kept.who(token) == "mesa1" and kept.token_for("mesa1") == token and kept.who(kept.organiser) == "organiser"
    assert not (tmp_path / ".scorekeeper-links.json").exists()
