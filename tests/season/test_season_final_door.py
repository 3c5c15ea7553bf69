"""What the final's day needs of the season (issue 27, found by a trial of the README's tour): the
final's tournament file names the season's registries, its day and the season's start, so the
day commands at the final refuse a lapsed member (Art 2, TN8) or a stranger as a regional event
does; an inscription or the final written is never named as what moved the published list; and
a final in play (its first round's sheets to come) is no error of the season."""

from __future__ import annotations

import datetime

from conftest import run
from season_edits import AGREED, add_to_season, season

from scorekeeper.season.final_file import final
from scorekeeper.season.inscriptions import inscribe
from scorekeeper.season.season_check import check_season
from scorekeeper.season.season_file import load_season
from scorekeeper.tournaments.tournament_file import load

FINAL_DAY = datetime.date(2027, 6, 12)


def test_tn8_the_final_refuses_a_lapsed_member_at_its_door(tmp_path):
    path = add_to_season(season(tmp_path), AGREED)
    output = path.parent / "final.yaml"  # beside the season: the registries are in its folder
    final(str(path), str(output), FINAL_DAY)
    tournament = load(str(output))
    assert (tournament.date, tournament.starts) == (FINAL_DAY, datetime.date(2027, 1, 1))
    assert tournament.registry == ["registry/norte.yaml", "registry/centro.yaml", "registry/sul-e-ilhas.yaml"]
    refused = run("--lang", "en", "tournament", "add", str(output), "N0002")  # out in February (TN8)
    assert refused.exit_code == 2
    assert "may not play on 2027-06-12" in refused.output and "[Art 2]" in refused.output
    stranger = run("--lang", "en", "tournament", "add", str(output), "Zé Ninguém")
    assert stranger.exit_code == 2 and "no member of the organising unions" in stranger.output


def test_a_final_outside_the_registries_folder_names_none(tmp_path):
    path = add_to_season(season(tmp_path), AGREED)
    folder = path.parent / "final"
    folder.mkdir()
    final(str(path), str(folder / "final.yaml"), FINAL_DAY)
    assert load(str(folder / "final.yaml")).registry == []  # a tournament names registries in its folder only


def test_an_inscription_or_the_final_is_no_cause_of_a_move(tmp_path):
    path = add_to_season(season(tmp_path), AGREED)
    assert run("season", "qualify", str(path), "--publish").exit_code == 0
    inscribe(str(path), "centro", ("C0001", "C0002", "C0003", "C0004"))
    moved = run("--lang", "en", "season", "qualify", str(path))
    assert moved.exit_code == 0
    assert "Since the list was published" not in moved.output  # nothing the races read moved
    assert "because of" not in moved.output


def test_a_final_in_play_is_no_error_of_the_season(tmp_path):
    path = add_to_season(season(tmp_path), AGREED)
    output = path.parent / "final.yaml"
    final(str(path), str(output), FINAL_DAY)
    assert run("tournament", "draw", str(output), "--seed", "1", "--steps", "100").exit_code == 0
    checked = check_season(load_season(str(path)))
    in_play = [f for f in checked.findings if f.code == "T-TN2-SHEET-INCOMPLETE"]
    assert len(in_play) == 4 and all(f.severity.value == "warning" for f in in_play)
    # The one error left is the maker's lapsed N0002, who played Norte's regional (TN8).
    assert [f.code for f in checked.findings if f.is_error] == ["SEASON-TN8-NOT-ELIGIBLE"]
