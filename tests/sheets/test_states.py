"""No silent wrong state (issue 8, item 6): a change reports every finding it causes anywhere in
the sheet and is refused, unless forced, when it brings an error; import reports what it wrote;
export writes only a workbook named as one."""

import pathlib

import pytest
from conftest import EXAMPLES, files_in, run

FINAL = EXAMPLES / "king-final-nacional-mesa1.yaml"
HEADER = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n"


@pytest.fixture
def final(tmp_path):
    """A copy of the complete, clean King sheet."""
    path = tmp_path / "ok2.yaml"
    path.write_text(FINAL.read_text())
    return path


def first_lines(count: int) -> str:
    """The final sheet's first `count` lines (its header, then one hand a line from line 13)."""
    return "".join(FINAL.read_text().splitlines(keepends=True)[:count])


# --- fix ----------------------------------------------------------------------------------


def test_fix_that_makes_a_beneficiary_twice_is_refused(final):
    before = final.read_text()
    result = run("fix", final, "7", "festa", "-b", "Bruno", "-c", "positivos", "-t", "copas", "5", "3", "3", "2")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"Error: {final}: not recorded: hand 8 (Bruno's festa): Bruno was already the beneficiary at hand 7; each "
        "player is beneficiary once [Art 9, 2a fase]; hand 11 (Duarte's festa): Ana was never the beneficiary of a "
        "festa [Art 9, 2a fase] (use --force to record it as written)\n"
    )
    assert final.read_text() == before


def test_forced_fix_saves_and_prints_every_finding_it_causes(final):
    result = run(
        "fix", final, "7", "festa", "-b", "Bruno", "-c", "positivos", "-t", "copas", "5", "3", "3", "2", "--force"
    )
    assert result.exit_code == 0
    assert result.output == (
        "Hand 7 (festa, Bruno, positivos, copas): Ana +125, Bruno +75, Carla +75, Duarte +50\n"
        f"{final}:20: error [K-ART9-BENEFICIARY-TWICE]: hand 8 (Bruno's festa): Bruno was already the beneficiary at hand 7; each player is "
        "beneficiary once [Art 9, 2a fase]\n"
        f"{final}:20: warning [K-ART9-ROTATION]: hand 8 (Bruno's festa): Bruno's festa follows Bruno's; in deal rotation it is Carla's "
        "turn [Art 9, 2a fase]\n"
        f"{final}:23: error [K-ART9-NEVER-BENEFICIARY]: hand 11 (Duarte's festa): Ana was never the beneficiary of a festa [Art 9, 2a fase]\n"
        "The game is complete: Ana +325, Bruno +15, Carla -285, Duarte -55\n"
    )
    assert "  - {hand: festa, beneficiary: Bruno, contract: positivos, trump: copas, tricks: [5, 3, 3, 2]}\n" in (
        final.read_text()
    )
    assert run("check", final).exit_code == 1


def test_fix_that_makes_a_second_copas_is_refused(tmp_path):
    part = tmp_path / "part.yaml"
    text = HEADER + "  - {hand: vazas, counts: [3, 2, 1, 7]}\n  - {hand: copas, counts: [3, 3, 3, 4]}\n"
    part.write_text(text)
    result = run("fix", part, "1", "copas", "3", "3", "3", "4")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {part}: not recorded: hand 2 (copas): copas was already recorded at hand 1 "
        "[Art 8] (use --force to record it as written)\n"
    )
    assert part.read_text() == text


def test_fix_that_breaks_a_replayed_festa_is_refused(final):
    result = run("fix", final, "10", "festa", "-b", "Ana", "--penalty", "renuncia", "Bruno")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {final}: not recorded: hand 11 (Duarte's festa): Ana's festa was penalised at hand 10 and is replayed "
        "next, but this festa is Duarte's [Art 14] (use --force to record it as written)\n"
    )
    assert final.read_text() == FINAL.read_text()


def test_fix_prints_a_warning_it_causes_on_another_hand(tmp_path):
    sheet = tmp_path / "p8.yaml"
    sheet.write_text(first_lines(20))  # the six negative hands, Ana's festa and Bruno's
    result = run("fix", sheet, "7", "festa", "-b", "Carla", "-c", "positivos", "-t", "copas", "5", "3", "3", "2")
    assert result.exit_code == 0
    assert result.output == (
        "Hand 7 (festa, Carla, positivos, copas): Ana +125, Bruno +75, Carla +75, Duarte +50\n"
        f"{sheet}:20: warning [K-ART9-ROTATION]: hand 8 (Bruno's festa): Bruno's festa follows Carla's; in deal rotation it is Duarte's "
        "turn [Art 9, 2a fase]\n"
    )


def test_an_error_already_there_is_not_the_fix_s_fault_even_when_its_line_moves(tmp_path):
    sheet = tmp_path / "shift.yaml"
    sheet.write_text(
        HEADER + "  - hand: vazas\n    counts: [3, 2, 1, 7]\n  - {hand: copas, counts: [3, 3, 3, 5]}\n"
        "  - {hand: damas, counts: [1, 1, 1, 1]}\n"
    )
    assert run("check", sheet).output.startswith(
        f"{sheet}:6: error [K-Q1-TOTAL-OVER]: hand 2 (copas): counts add up to 14"
    )
    result = run("fix", sheet, "1", "vazas", "4", "2", "1", "6")
    assert result.exit_code == 0
    assert result.output == "Hand 1 (vazas): Ana -80, Bruno -40, Carla -20, Duarte -120\n"
    assert sheet.read_text() == HEADER + (
        "  - {hand: vazas, counts: [4, 2, 1, 6]}\n  - {hand: copas, counts: [3, 3, 3, "
        "5]}\n  - {hand: damas, counts: [1, 1, 1, 1]}\n"
    )
    assert run("check", sheet).output.startswith(
        f"{sheet}:5: error [K-Q1-TOTAL-OVER]: hand 2 (copas): counts add up to 14"
    )


def test_fixing_a_hand_that_stays_wrong_is_still_refused(tmp_path):
    sheet = tmp_path / "s.yaml"
    text = HEADER + "  - {hand: copas, counts: [3, 3, 3, 5]}\n"
    sheet.write_text(text)
    result = run("fix", sheet, "1", "copas", "3", "3", "4", "4")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {sheet}: not recorded: hand 1 (copas): counts add up to 14, more than the 13 "
        "there are [Quadro 1] (use --force to record it as written)\n"
    )
    assert sheet.read_text() == text


# --- record -------------------------------------------------------------------------------


def test_record_beside_an_error_already_there_is_saved_without_repeating_it(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text(HEADER + "  - {hand: copas, counts: [3, 3, 3, 5]}\n")
    result = run("record", sheet, "damas", "1", "1", "1", "1")
    assert result.exit_code == 0
    assert result.output == "Hand 2 (damas): Ana -50, Bruno -50, Carla -50, Duarte -50\n"


def test_record_a_second_copas_is_refused_then_forced(tmp_path):
    sheet = tmp_path / "s.yaml"
    text = HEADER + "  - {hand: copas, counts: [3, 3, 3, 4]}\n"
    sheet.write_text(text)
    refused = run("record", sheet, "copas", "4", "3", "3", "3")
    assert refused.exit_code == 2
    assert refused.stderr == (
        f"Error: {sheet}: not recorded: hand 2 (copas): copas was already recorded at hand 1 "
        "[Art 8] (use --force to record it as written)\n"
    )
    assert sheet.read_text() == text
    forced = run("record", sheet, "copas", "4", "3", "3", "3", "--force")
    assert forced.exit_code == 0
    assert forced.output == (
        "Hand 2 (copas): Ana -80, Bruno -60, Carla -60, Duarte -60\n"
        f"{sheet}:5: error [K-ART8-HAND-TWICE]: hand 2 (copas): copas was already recorded at hand 1 [Art 8]\n"
    )


def test_interactive_record_asks_again_a_hand_that_brings_an_error(tmp_path):
    sheet = tmp_path / "s.yaml"
    sheet.write_text(HEADER + "  - {hand: copas, counts: [3, 3, 3, 4]}\n")
    answers = "\n".join(["copas", "4", "3", "3", "3", "damas", "1", "1", "1", "1", "q"]) + "\n"
    result = run("record", sheet, input=answers)
    assert result.exit_code == 0, result.output
    assert (
        "not recorded: hand 2 (copas): copas was already recorded at hand 1 [Art 8]; ask the hand again\n"
        in result.output
    )
    assert "Hand 2 (damas): Ana -50, Bruno -50, Carla -50, Duarte -50\n" in result.output
    assert sheet.read_text() == HEADER + (
        "  - {hand: copas, counts: [3, 3, 3, 4]}\n  - {hand: damas, counts: [1, 1, 1, 1]}\n"
    )


def test_new_findings_compares_severity_and_message_as_a_multiset():
    from scorekeeper.findings import Finding, Severity
    from scorekeeper.sheet.editing import new_findings

    old = Finding(Severity.ERROR, "s.yaml", 5, "hand 2 (copas): copas was already recorded at hand 1", "Art 8", 2)
    moved = old._replace(line=9)
    twice = old._replace(line=12, hand=3)
    warned = old._replace(severity=Severity.WARNING)
    assert new_findings([old], [moved]) == []
    assert new_findings([old], [moved, twice]) == [twice]
    assert new_findings([old], [warned]) == [warned]
    assert new_findings([], [old]) == [old]


# --- import ---------------------------------------------------------------------------------

DISPUTED = EXAMPLES / "king-disputed-mesa3.yaml"


def exported(tmp_path, *sheets) -> pathlib.Path:
    workbook = tmp_path / "boletim.xlsx"
    result = run("export", *sheets, "-o", workbook)
    assert result.exit_code == 0, result.output
    return workbook


def test_import_of_a_clean_boletim_says_only_what_it_wrote(tmp_path):
    back = tmp_path / "mesa1.yaml"
    result = run("import", exported(tmp_path, FINAL), "-o", back)
    assert (result.exit_code, result.output) == (0, f"Wrote {back}\n")


def test_import_writes_a_disputed_boletim_and_reports_its_findings_at_the_written_lines(tmp_path):
    back = tmp_path / "mesa3.yaml"
    result = run("import", exported(tmp_path, DISPUTED), "-o", back)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 15
    assert lines[0] == f"Wrote {back}"
    assert lines[1] == (
        f"{back}:9: warning [K-ART6-MISSING-CHARGED]: hand 1 (vazas): counts add up to 12 of 13; the missing 1 (-20) is "
        "charged to Ivo, the responsible scorer [Art 6]"
    )
    assert (
        lines[2]
        == f"{back}:10: error [K-Q1-TOTAL-OVER]: hand 2 (copas): counts add up to 14, more than the 13 there are [Quadro 1]"
    )
    assert lines[-1] == f"{back}: 11 errors, 2 warnings (king, complete; Ivo +330, Joana +325, Lia -585, Manuel -115)"
    assert result.output == f"Wrote {back}\n" + run("check", back).output  # what `check` will say, word for word
    assert back.read_text().count("\n  - ") == 10  # every hand written all the same: a copy of the paper


def test_import_to_stdout_keeps_the_yaml_alone_and_reports_at_the_workbook_cells(tmp_path):
    workbook = exported(tmp_path, DISPUTED)
    result = run("import", workbook, "-o", "-")
    assert result.exit_code == 1
    assert result.stdout.startswith("rules: king\nplayers: [Ivo, Joana, Lia, Manuel]\n")
    errors = result.stderr.splitlines()
    assert len(errors) == 14
    assert errors[1].startswith(f"{workbook}:Mesa3 R1!")  # the cell is boletim/'s to choose (issue 8 item 7)
    assert errors[1].endswith(
        ": error [K-Q1-TOTAL-OVER]: hand 2 (copas): counts add up to 14, more than the 13 there are [Quadro 1]"
    )
    assert result.stderr == run("check", workbook).output  # what `check` says of the workbook, word for word
    assert errors[-1] == (
        f"{workbook}:Mesa3 R1: 11 errors, 2 warnings (king, complete; Ivo +330, Joana +325, Lia -585, Manuel -115)"
    )


def test_import_into_a_folder_reports_each_sheet_and_exits_1_for_any_error(tmp_path):
    folder = tmp_path / "sheets"
    folder.mkdir()
    result = run("import", exported(tmp_path, FINAL, DISPUTED), "-o", folder)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[:2] == [f"Wrote {folder / 'Mesa1-R1.yaml'}", f"Wrote {folder / 'Mesa3-R1.yaml'}"]
    assert lines[-1].startswith(f"{folder / 'Mesa3-R1.yaml'}: 11 errors, 2 warnings (king, complete;")
    assert files_in(folder) == ["Mesa1-R1.yaml", "Mesa3-R1.yaml"]


# --- export and the output's folder ---------------------------------------------------------


@pytest.mark.parametrize("name", ["out.txt", "out.xls", "out", "out.xlsx.yaml"])
def test_export_needs_an_xlsx_name(tmp_path, name):
    out = tmp_path / name
    for args in ([FINAL], ["--blank", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D"]):
        result = run("export", *args, "-o", out)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == f"Error: {out}: a boletim is an Excel workbook; name it with .xlsx\n"
    assert list(tmp_path.iterdir()) == []


def test_export_takes_xlsx_in_capitals(tmp_path):
    out = tmp_path / "MESA1.XLSX"
    assert run("export", FINAL, "-o", out).output == f"Wrote {out}: Mesa1 R1\n"


def test_a_missing_output_folder_is_one_line_naming_it(tmp_path):
    folder = tmp_path / "nowhere"
    workbook = exported(tmp_path, FINAL)
    commands = {
        "x.yaml": ["new", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o"],
        "x.xlsx": ["export", FINAL, "-o"],
        "blank.xlsx": ["export", "--blank", "truco", "-t", "Nos=A,B", "-t", "Eles=C,D", "-o"],
        "y.yaml": ["import", workbook, "-o"],
    }
    for name, command in commands.items():
        result = run(*command, folder / name)
        assert (result.exit_code, result.stdout) == (2, ""), command
        assert result.stderr == f"Error: {folder / name}: the folder {folder} does not exist\n", command
    assert not folder.exists()
