"""The organiser's page through Flask's test client: the next round drawn by its button (POST
/draw: the round in the tournament file, its sheets beside it, its tables on the page) and a
table's boletim downloaded (an xlsx that `scorekeeper check` reads clean)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
import yaml
from conftest import EXAMPLES

from scorekeeper.serve.app import create_app

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture
def final(tmp_path):
    """The King final of examples/, its three rounds played clean, planned for four (TN2)."""
    folder = tmp_path / "final"
    shutil.copytree(EXAMPLES / "championship-king", folder)
    path = folder / "final.yaml"
    path.write_text(path.read_text().replace("planned_rounds: 3 ", "planned_rounds: 4 "))
    return path


def _csrf(page: str) -> str:
    return re.search(r'name="csrf" value="(\w+)"', page).group(1)


def test_the_draw_button_draws_the_next_round_into_the_file_with_its_sheets(final):
    app = create_app(str(final), with_tokens=True, language="en")
    access = app.extensions["scorekeeper"].access
    client = app.test_client()
    page = client.get(f"/?token={access.organiser}").get_data(as_text=True)
    assert "Draw the next round</button>" in page
    csrf = _csrf(page)
    before = final.read_text()
    assert client.post(f"/draw?token={access.organiser}", data={"csrf": "0" * 64}).status_code == 403
    table = access.token_for("1")
    assert client.post(f"/draw?token={table}", data={"csrf": csrf}).status_code == 403  # a table's link
    assert final.read_text() == before

    assert re.search(r'name="after_round" value="3"', page)
    drawn = client.post(f"/draw?token={access.organiser}", data={"csrf": csrf, "after_round": "3"})
    assert drawn.status_code == 200
    said = re.search(r'<pre class="message" role="status">(.*?)</pre>', drawn.get_data(as_text=True), re.S).group(1)
    assert said.splitlines()[0] == "Round 4 drawn into final.yaml:"
    fourth = yaml.safe_load(final.read_text())["rounds"][3]
    assert [t["table"] for t in fourth["tables"]] == [1, 2] and len(fourth["byes"]) == 1
    seated = sorted(p for t in fourth["tables"] for p in t["players"]) + fourth["byes"]
    assert sorted(seated) == sorted(["Ana", "Bruno", "Carla", "Duarte", "Eduardo", "Filipa", "Gil", "Helena", "Ines"])
    sheets = [t["sheet"] for t in fourth["tables"]]
    for sheet, seat in zip(sheets, fourth["tables"]):
        written = yaml.safe_load((final.parent / sheet).read_text())
        assert (written["rules"], written["players"], written["hands"] or []) == ("king", seat["players"], [])

    page = client.get(f"/?token={access.organiser}").get_data(as_text=True)
    assert "Round 4" in page and all(sheet in page for sheet in sheets)
    assert [
        (t["id"], t["round"], t["sheet"], t["state"])
        for t in client.get(f"/api/tables?token={access.organiser}").get_json()
    ] == [("1", 4, sheets[0], "not-started"), ("2", 4, sheets[1], "not-started")]
    assert "Draw the next round</button>" not in page  # round 4 is not played yet (and is the last planned)
    again = client.post(f"/draw?token={access.organiser}", data={"csrf": csrf})  # a form of no round
    assert again.status_code == 422 and len(yaml.safe_load(final.read_text())["rounds"]) == 4
    sent_twice = client.post(f"/draw?token={access.organiser}", data={"csrf": csrf, "after_round": "3"})
    assert sent_twice.status_code == 200  # the form left open, or sent again after Back: said, not refused
    assert "Round 4 was already drawn; nothing changed." in sent_twice.get_data(as_text=True)
    assert len(yaml.safe_load(final.read_text())["rounds"]) == 4


def test_a_tables_boletim_downloads_as_a_workbook_check_reads_clean(final, tmp_path):
    app = create_app(str(final), with_tokens=True, language="en")
    access = app.extensions["scorekeeper"].access
    client = app.test_client()
    got = client.get(f"/t/1/sheet.xlsx?token={access.token_for('1')}")
    assert got.status_code == 200 and got.mimetype == XLSX
    assert got.headers["Content-Disposition"] == 'attachment; filename="1.xlsx"'
    assert client.get(f"/t/2/sheet.xlsx?token={access.token_for('1')}").status_code == 403
    saved = tmp_path / "r3-t1.xlsx"
    saved.write_bytes(got.data)
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "check", "--lang", "en", str(saved)], capture_output=True, text=True
    )
    sheet = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "check", "--lang", "en", str(final.parent / "r3-mesa1.yaml")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and sheet.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split(": ", 1)[1] == sheet.stdout.split(": ", 1)[1]  # the same game, the same totals
    assert done.stdout.split(": ", 1)[1].startswith("clean (king, complete;")
