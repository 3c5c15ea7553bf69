"""The `season` commands as a user types them: a season from nothing (new, add), its check's
exit codes, each union's race as a table, JSON and CSV, inscriptions and the final (King Art 2,
3, 18; RULINGS TN7, TN8, TN10, TN13), in English and Portuguese."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import run
from season_edits import AGREED, add_to_season, season


@pytest.fixture
def path(tmp_path):
    return season(tmp_path)


def test_season_new_and_add_write_a_season_that_checks(path, tmp_path):
    """`season new` then `season add` of each registry and event: the same season the maker
    writes, the same findings."""
    folder = path.parent
    made = folder / "made.yaml"
    done = run("season", "new", made, "--rules", "king-interbancario", "--starts", "2027-01-01", "--name", "Interbancário 2027", "--registry", folder / "registry/norte.yaml")  # fmt: skip
    assert done.exit_code == 0, done.output
    assert made.read_text(encoding="utf-8") == (
        "season: Interbancário 2027\nrules: king-interbancario\nstarts: 2027-01-01\n"
        "registries: [registry/norte.yaml]\nevents: []\n"
    )
    for union in ("centro", "sul-e-ilhas"):
        added = run("season", "add", made, "--registry", folder / f"registry/{union}.yaml")
        assert added.exit_code == 0, added.output
    days = {"norte": "2027-03-09", "centro": "2027-03-10", "sul-e-ilhas": "2027-03-11"}
    for union, day in days.items():
        added = run("season", "add", made, folder / union / "e1/torneio.yaml", "--phase", "regional", "--union", union, "--date", day)  # fmt: skip
        assert added.exit_code == 0, added.output
        assert f"a regional event of {union} on {day}" in added.stdout
    again = run("season", "add", made, folder / "norte/e1/torneio.yaml", "--phase", "regional", "--union", "norte", "--date", "2027-03-09")  # fmt: skip
    assert again.exit_code == 2 and "already an event of the season" in again.output
    checked = run("season", "check", made, "--format", "json")
    assert checked.exit_code == 1
    assert sorted(f["code"] for f in json.loads(checked.stdout)) == [
        "SEASON-TN10-TIED-SEAT",
        "SEASON-TN7-OPEN-SEATS",
        "SEASON-TN8-NOT-ELIGIBLE",
    ]


def test_tn8_season_check_exits_1_naming_the_lapsed_member_and_art_2(path):
    done = run("season", "check", path)
    assert done.exit_code == 1
    lines = done.stdout.splitlines()
    (lapsed,) = [line for line in lines if "SEASON-TN8-NOT-ELIGIBLE" in line]
    assert lapsed.startswith(f"{path.parent}/norte/e1/torneio.yaml:8: error [SEASON-TN8-NOT-ELIGIBLE]: Maria Magalhães (N0002)")  # fmt: skip
    assert lapsed.endswith("[Art 2]")
    assert lines[-1] == f"{path}: 1 error, 2 warnings"


def test_tn7_qualify_prints_each_race_with_its_cut_line_and_warns_of_four_open_seats(path):
    done = run("season", "qualify", path)
    assert done.exit_code == 0, done.output
    norte = done.stdout.split("\n\n")[0].splitlines()
    assert norte[0] == "Sindicato dos Bancários do Norte (norte): 4 seats"
    assert norte[6].split() == ["4", "N0012", "Marta", "Magalhães", "10", "points", "qualified", "Art", "3"]
    assert "cut line" in norte[7]
    assert norte[10].split()[:2] == ["7", "N0002"] and "excluded" in norte[10]
    assert "The final: 16 players; the quotas fill 12." in done.stdout
    assert "4 seats are open until the unions agree" in done.stderr and "[Art 3]" in done.stderr


def test_qualify_json_is_a_list_of_every_row_with_the_issues_keys(path):
    done = run("season", "qualify", path, "--format", "json")
    rows = json.loads(done.stdout)
    assert len(rows) == 12 + 8 + 16
    assert rows[0] == {
        "union": "norte",
        "place": 1,
        "id": "N0008",
        "name": "Inês Magalhães",
        "points": 12.0,
        "status": "qualified",
        "article": "Art 3",
        "decided_by": "points",
        "events": 1,
    }
    assert [(r["id"], r["status"], r["article"]) for r in rows if r["union"] == "centro"][1:3] == [
        ("C0007", "tied", "Art 18"),
        ("C0008", "tied", "Art 18"),
    ]
    by_status = {}
    for row in rows:
        by_status.setdefault(row["union"], []).append(row["status"])
    assert [by_status[u].count("qualified") for u in ("norte", "centro", "sul-e-ilhas")] == [4, 1, 6]


def test_qualify_csv_and_one_unions_standings(path):
    done = run("season", "qualify", path, "--format", "csv", "--union", "centro")
    lines = done.stdout.splitlines()
    assert lines[0] == "union,place,id,name,points,status,article,decided_by,events"
    assert lines[1] == "centro,1,C0001,Luís Magalhães,13.0,qualified,Art 3,points,1"
    assert len(lines) == 9
    standings = run("season", "standings", path, "--union", "centro")
    assert standings.exit_code == 0 and "Sindicato dos Bancários do Centro" in standings.stdout
    assert "Norte" not in standings.stdout


def test_provisional_while_a_regional_event_is_in_play(path):
    (path.parent / "centro" / "e1" / "r3-mesa1.yaml").unlink()
    done = run("season", "standings", path, "--union", "centro")
    assert "[provisional: a regional event is still in play]" in done.stdout.splitlines()[0]


def test_the_season_in_portuguese(path):
    done = run("--lang", "pt_PT", "season", "qualify", path, "--union", "norte")
    assert done.exit_code == 0
    assert "lugar" in done.stdout.splitlines()[1]


def test_inscribe_and_final_then_tournament_draw(path):
    add_to_season(path, AGREED)
    inscribed = run("season", "inscribe", path, "--union", "norte", "N0008", "N0010", "N0007", "N0012", "N0004", "N0005")  # fmt: skip
    assert inscribed.exit_code == 0, inscribed.output
    assert inscribed.stdout.strip() == "Inscribed for norte: N0008, N0010, N0007, N0012, N0004, N0005"
    over = run("season", "inscribe", path, "--union", "centro", "C0001", "C0007", "C0008", "C0004", "C0002")
    assert over.exit_code == 2 and "its quota is 4" in over.output
    (path.parent / "final").mkdir()
    written = run("season", "final", path, "-o", path.parent / "final/final.yaml", "--date", "2027-06-12")
    assert written.exit_code == 0, written.output
    assert written.stdout.splitlines()[0].endswith("the national final of 16 players on 2027-06-12")
    drawn = run("tournament", "draw", path.parent / "final/final.yaml", "--seed", "3")
    assert drawn.exit_code == 0, drawn.output


def test_an_unreadable_registry_is_one_line_and_exit_2(path):
    registry = path.parent / "registry" / "centro.yaml"
    registry.write_text(registry.read_text(encoding="utf-8").replace("2020-01-01", "2020-02-30", 1), encoding="utf-8")
    done = run("season", "check", path)
    assert done.exit_code == 2
    assert len(done.output.strip().splitlines()) == 1 and "registry/centro.yaml:4" in done.output


def test_a_season_file_of_another_folder_names_nothing_outside_it(path, tmp_path):
    shutil.copy(path, tmp_path / "elsewhere.yaml")
    text = (tmp_path / "elsewhere.yaml").read_text(encoding="utf-8").replace("registry/norte.yaml", "../../etc/x.yaml")
    (tmp_path / "elsewhere.yaml").write_text(text, encoding="utf-8")
    done = run("season", "check", tmp_path / "elsewhere.yaml")
    assert done.exit_code == 2 and "only files in its own folder" in done.output


@pytest.mark.parametrize("command", ["new", "add", "check", "standings", "qualify", "inscribe", "final"])
def test_every_command_has_an_example(command):
    done = run("season", command, "--help")
    assert done.exit_code == 0 and f"scorekeeper season {command} season.yaml" in done.output


def test_a_missing_event_file_is_one_line_and_exit_2(path):
    (path.parent / "centro" / "e1" / "torneio.yaml").unlink()
    done = run("season", "qualify", path)
    assert done.exit_code == 2
    assert len(done.output.strip().splitlines()) == 1 and "centro/e1/torneio.yaml" in done.output


def test_season_new_refuses_unknown_rules_and_add_a_final_with_a_union(path):
    unknown = run("season", "new", path.parent / "other.yaml", "--rules", "king-ilhas", "--starts", "2027-01-01", "--name", "x")  # fmt: skip
    assert unknown.exit_code == 2 and "unknown season rules 'king-ilhas'" in unknown.output
    assert not (path.parent / "other.yaml").exists()
    final_with_union = run("season", "add", path, path.parent / "norte/e1/torneio.yaml", "--phase", "nacional", "--union", "norte", "--date", "2027-06-12")  # fmt: skip
    assert final_with_union.exit_code == 2 and "names no --union" in final_with_union.output
