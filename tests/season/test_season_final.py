"""`season final` (King Art 2-3; RULINGS TN7, TN10, TN12, TN13): the national final's tournament
file, refused while the final cannot be known, written for `tournament draw` once it can, and
recorded in the season file as its nacional event."""

from __future__ import annotations

import datetime

import pytest
from conftest import run
from season_edits import AGREED, add_to_season, penalise, season

from scorekeeper.errors import InputValueError
from scorekeeper.i18n import in_words
from scorekeeper.season.final_file import final
from scorekeeper.season.inscriptions import inscribe
from scorekeeper.season.season_check import check_season
from scorekeeper.season.season_file import load_season
from scorekeeper.season.season_reading import SeasonFormatError
from scorekeeper.tournaments.tournament_file import load

FINAL_DAY = datetime.date(2027, 6, 12)


def output(path):
    folder = path.parent / "final"
    folder.mkdir(exist_ok=True)
    return folder / "final.yaml"


def test_tn7_tn10_refused_while_a_seat_is_tied_or_open_naming_why(tmp_path):
    path = season(tmp_path)
    with pytest.raises(InputValueError) as caught:
        final(str(path), str(output(path)), FINAL_DAY)
    said = str(caught.value)
    assert "centro's last seat is tied (C0007, C0008)" in said and "Art 18" in said
    assert "4 seats of the final are open (Art 3)" in said
    assert not output(path).exists()


def test_refused_while_a_regional_event_is_in_play(tmp_path):
    path = add_to_season(season(tmp_path), AGREED)
    (path.parent / "sul-e-ilhas" / "e1" / "r3-mesa2.yaml").unlink()
    with pytest.raises(InputValueError, match="sul-e-ilhas's race is provisional"):
        final(str(path), str(output(path)), FINAL_DAY)


def test_the_final_of_the_agreed_quotas_drawn_by_tournament_draw(tmp_path):
    """The agreement of 2027-04-01 (Norte 6, Centro 4, Sul e Ilhas 6: 16): each union's first
    eligible, in the rules' order; Norte inscribed its own six (a reserve among them)."""
    path = add_to_season(season(tmp_path), AGREED)
    inscribe(str(path), "norte", ("N0008", "N0010", "N0007", "N0012", "N0004", "N0001"))
    written = final(str(path), str(output(path)), FINAL_DAY)
    assert [(f.union, f.id, f.inscribed) for f in written.finalists] == [
        ("norte", "N0008", True),
        ("norte", "N0010", True),
        ("norte", "N0007", True),
        ("norte", "N0012", True),
        ("norte", "N0004", True),
        ("norte", "N0001", True),
        ("centro", "C0001", False),
        ("centro", "C0007", False),
        ("centro", "C0008", False),
        ("centro", "C0004", False),
        ("sul-e-ilhas", "S0001", False),
        ("sul-e-ilhas", "S0004", False),
        ("sul-e-ilhas", "S0003", False),
        ("sul-e-ilhas", "S0008", False),
        ("sul-e-ilhas", "S0009", False),
        ("sul-e-ilhas", "S0012", False),
    ]
    tournament = load(str(output(path)))
    assert tournament.players[:2] == ["Inês Magalhães", "Sofia Magalhães"] and len(tournament.players) == 16
    assert (tournament.rules.game, tournament.planned_rounds, tournament.rounds) == ("king", 3, [])
    # Recorded as the season's nacional event: `season check` reads it.
    events = load_season(str(path)).events
    assert (events[-1].file, events[-1].phase, events[-1].date) == ("final/final.yaml", "nacional", FINAL_DAY)
    drawn = run("tournament", "draw", str(output(path)), "--seed", "7")
    assert drawn.exit_code == 0, drawn.output
    assert len(load(str(output(path))).rounds[0].tables) == 4  # sixteen players: four tables, no bye


def test_tn12_the_final_starts_from_zero(tmp_path):
    """A regional penalty (Art 14) stays in its event: the final's file carries no points,
    penalties or byes of the regional phase."""
    path = add_to_season(season(tmp_path), AGREED)
    penalise(path, "norte", "Inês Magalhães")
    final(str(path), str(output(path)), FINAL_DAY)
    text = output(path).read_text(encoding="utf-8")
    assert "penalties" not in text and "byes" not in text and "rounds: []" in text


def test_written_again_the_event_is_recorded_once(tmp_path):
    path = add_to_season(season(tmp_path), AGREED)
    final(str(path), str(output(path)), FINAL_DAY)
    again = final(str(path), str(output(path)), None, force=True)
    assert (again.recorded, again.day) == (False, FINAL_DAY)
    assert [e.phase for e in load_season(str(path)).events].count("nacional") == 1
    found = check_season(load_season(str(path)))
    assert [f.code for f in found.findings if f.is_error] == ["SEASON-TN8-NOT-ELIGIBLE"]


def test_a_final_outside_the_seasons_folder_is_refused(tmp_path):
    path = add_to_season(season(tmp_path / "s"), AGREED)
    with pytest.raises(SeasonFormatError, match="only files in its own folder"):
        final(str(path), str(tmp_path / "final.yaml"), FINAL_DAY)


def test_tn13_an_agreement_after_the_final_is_written_says_who_the_file_leaves_out(tmp_path):
    """The final written for Norte 6, Centro 4, Sul e Ilhas 6; the unions then agree Norte 5,
    Centro 3, Sul e Ilhas 8: the file still seats Norte's sixth and Centro's fourth, not Sul e
    Ilhas' two tied at 7th, and `season check` says so at the line that names the final, until
    `season final` is run again."""
    path = add_to_season(season(tmp_path), AGREED)
    final(str(path), str(output(path)), FINAL_DAY)
    assert not [f for f in check_season(load_season(str(path))).findings if f.code == "SEASON-TN13-FINAL-STALE"]
    agreed = run("season", "agree", str(path), "--date", "2027-05-01", "--size", "16", "--quota", "norte=5", "--quota", "centro=3", "--quota", "sul-e-ilhas=8")  # fmt: skip
    assert agreed.exit_code == 0, agreed.output
    season_now = load_season(str(path))
    stale = [f for f in check_season(season_now).findings if f.code == "SEASON-TN13-FINAL-STALE"]
    assert [(f.severity.value, f.line, f.rule, in_words(f.message)) for f in stale] == [
        (
            "warning",
            season_now.events[-1].line,
            "TN13",
            "final/final.yaml does not seat the finalists as they are now: missing Rui Sousa, Teresa Sousa; no "
            "longer finalists Manuel Magalhães, Teresa Magalhães (written before a later agreement, decision or "
            "inscription: `season final --force` again before its first game)",
        )
    ]
    final(str(path), str(output(path)), None, force=True)  # written again (--force): it seats them
    assert not [f for f in check_season(load_season(str(path))).findings if f.code == "SEASON-TN13-FINAL-STALE"]
