"""A King penalty whose written `points:` leave a player out (Art 6: every player is asked) keeps
its finding through the boletim: the export writes the points as typed, the missing player's cell
empty, and import reads back the same entry with the same finding (docs/safety.md, promise 4).
Values written for a name not at the table have no cell: the export refuses them, naming the hand,
as it refuses them in any hand. Before the fix, the boletim held the points the penalty computes,
and the copy came back clean (tests/attacks/test_fuzz_workbooks.py met it once)."""

from __future__ import annotations

import pathlib

from conftest import run

HEADER = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n  - {hand: vazas, counts: [3, 4, 3, 3]}\n"


def _round_trip(tmp_path: pathlib.Path, entry: str) -> tuple[str, str]:
    """The sheet with `entry` after the first hand, exported and imported: (the sheet read back,
    what `check` of the copy prints)."""
    sheet, out, back = tmp_path / "mesa.yaml", tmp_path / "mesa.xlsx", tmp_path / "back.yaml"
    sheet.write_text(HEADER + f"  - {entry}\n", encoding="utf-8")
    exported = run("export", sheet, "-o", out)
    assert exported.exit_code == 0, exported.output
    imported = run("import", out, "-o", back)
    assert imported.exit_code == 1, imported.output  # the copy has the sheet's error
    checked = run("check", back)
    assert checked.exit_code == 1, checked.output
    return back.read_text(encoding="utf-8"), checked.output


def test_a_negative_hands_penalty_with_a_player_left_out_keeps_its_finding(tmp_path):
    # Art 9.1: cartas-passadas in the 2 últimas vazas (90 points each: 180) by Ana and Bruno; Duarte
    # not asked.
    entry = "{hand: ultimas, penalty: cartas-passadas, players: [Ana, Bruno], points: {Ana: -50, Bruno: -40, Carla: 0}}"
    back, checked = _round_trip(tmp_path, entry)
    assert back == (
        "rules: king\n"
        "players: [Ana, Bruno, Carla, Duarte]\n"
        "scorer: Ana\n"
        "hands:\n"
        "  - {hand: vazas, counts: [3, 4, 3, 3]}\n"
        f"  - {entry}\n"
    )
    # The points are not taken (a player was not asked): the penalty's own 90 each are counted,
    # 180 / 2 (Art 9.1), after vazas' 3, 4, 3, 3 tricks at -20: -60 - 90, -80 - 90, -60, -60.
    assert checked == (
        f"{tmp_path / 'back.yaml'}:6: error [K-ART6-VALUE-MISSING]: hand 2 (ultimas): points: no value for "
        "Duarte; every player is asked (Art 6) [Art 6]\n"
        f"{tmp_path / 'back.yaml'}: 1 error (king, in progress, 2 hands recorded; "
        "Ana -150, Bruno -170, Carla -60, Duarte -60)\n"
    )


def test_a_festas_penalty_with_two_players_left_out_keeps_its_finding(tmp_path):
    # Art 14 in a festa: Bruno's renuncia in Ana's festa; Carla and Duarte not asked.
    entry = "{hand: festa, beneficiary: Ana, penalty: renuncia, players: [Bruno], points: {Ana: 100, Bruno: -100}}"
    back, checked = _round_trip(tmp_path, entry)
    assert back.endswith(f"  - {entry}\n")
    lines = checked.splitlines()
    assert lines[0] == (
        f"{tmp_path / 'back.yaml'}:6: error [K-ART6-VALUE-MISSING]: hand 2 (festa): points: no value for "
        "Carla, Duarte; every player is asked (Art 6) [Art 6]"
    )
    assert [line.split(": error [", 1)[1].split("]")[0] for line in lines[:-1]] == [
        "K-ART6-VALUE-MISSING",
        "K-ART8-FESTA-EARLY",
    ]


def _refused(tmp_path: pathlib.Path, entry: str) -> str:
    sheet, out = tmp_path / "mesa.yaml", tmp_path / "mesa.xlsx"
    sheet.write_text(HEADER + f"  - {entry}\n", encoding="utf-8")
    exported = run("export", sheet, "-o", out)
    assert exported.exit_code == 2, exported.output
    assert not out.exists()
    return exported.stderr


def test_a_penaltys_points_for_someone_not_at_the_table_are_refused_at_export(tmp_path):
    # Every player has his value, and Zé one more: the boletim has no column for Zé, and a copy
    # without him would lose the finding (K-ART6-PLAYER-UNKNOWN). Refused, naming the hand.
    entry = (
        "{hand: ultimas, penalty: renuncia, players: [Ana], points: {Ana: -90, Bruno: 0, Carla: 0, Duarte: 0, Zé: 0}}"
    )
    assert _refused(tmp_path, entry) == (
        f"Error: {tmp_path / 'mesa.yaml'}:5: cannot export: hand 2: points: 'Zé' is not at this table, and the "
        "boletim has a column for each player only\n"
    )


def test_counts_for_someone_not_at_the_table_are_refused_at_export(tmp_path):
    entry = "{hand: copas, counts: {Ana: 3, Bruno: 4, Carla: 3, Duarte: 3, Zé: 0}}"
    assert _refused(tmp_path, entry) == (
        f"Error: {tmp_path / 'mesa.yaml'}:5: cannot export: hand 2: counts: 'Zé' is not at this table, and the "
        "boletim has a column for each player only\n"
    )


def test_a_penalty_with_no_points_written_still_shows_the_points_it_gives(tmp_path):
    """The boletim's row of a penalty with no written points holds the points the penalty gives
    (Art 14: the offender takes the hand's whole total, 2 x 90), and reads back as the entry typed."""
    import openpyxl

    entry = "{hand: ultimas, penalty: renuncia, players: [Bruno]}"
    sheet, out = tmp_path / "mesa.yaml", tmp_path / "mesa.xlsx"
    sheet.write_text(HEADER + f"  - {entry}\n", encoding="utf-8")
    assert run("export", sheet, "-o", out).exit_code == 0
    ws = openpyxl.load_workbook(out).worksheets[0]
    heads = [ws.cell(5, column).value for column in range(1, ws.max_column + 1)]
    row = 7  # the second hand's row
    points = [ws.cell(row, column + 1).value for column, head in enumerate(heads) if head == "Negativos"]
    assert points == [0, 180, 0, 0]
    back = tmp_path / "back.yaml"
    assert run("import", out, "-o", back).exit_code == 0
    assert back.read_text(encoding="utf-8").endswith(f"  - {entry}\n")


def test_the_pads_download_says_the_refusal_in_the_pages_language(tmp_path):
    """The score pad's boletim download of such a sheet is refused, the refusal (data) said in the
    language the page asks for, as the workbook would have been written in it."""
    from scorekeeper.serve.app import create_app

    entry = "{hand: copas, counts: {Ana: 3, Bruno: 4, Carla: 3, Duarte: 3, Zé: 0}}"
    (tmp_path / "mesa1.yaml").write_text(HEADER + f"  - {entry}\n", encoding="utf-8")
    client = create_app(str(tmp_path)).test_client()
    pages = {lang: client.get(f"/t/mesa1/sheet.xlsx?lang={lang}") for lang in ("en", "pt_PT")}
    assert [page.status_code for page in pages.values()] == [422, 422]
    english, portuguese = (page.get_data(as_text=True) for page in pages.values())
    assert "mesa1.yaml:5: cannot export: hand 2: counts: &#39;Zé&#39; is not at this table" in english
    assert "mesa1.yaml:5: não é possível exportar: mão 2: counts: &#39;Zé&#39;" in portuguese
