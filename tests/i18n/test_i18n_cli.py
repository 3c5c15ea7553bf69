"""Choosing the language (issue 11, point 2): --lang, else SCOREKEEPER_LANG, else the locale,
else English; click's own messages and the help follow it; workbooks follow a chosen language,
else their game's."""

from __future__ import annotations

import openpyxl
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, run

from scorekeeper import i18n
from scorekeeper.cli import cli

KING = EXAMPLES / "king-final-nacional-mesa1.yaml"


@pytest.mark.parametrize(
    "option,environ,expected",
    [
        (None, {}, ("en", False)),
        (None, {"LANG": "pt_PT.UTF-8"}, ("pt_PT", False)),
        (None, {"LANG": "pt_BR.UTF-8"}, ("pt_BR", False)),
        (None, {"LANG": "pt"}, ("pt_PT", False)),
        (None, {"LANG": "pt_AO.UTF-8"}, ("pt_PT", False)),
        (None, {"LANG": "fr_FR.UTF-8"}, ("en", False)),
        (None, {"LANG": "C.UTF-8"}, ("en", False)),
        (None, {"LC_MESSAGES": "pt_BR.UTF-8", "LANG": "pt_PT.UTF-8"}, ("pt_BR", False)),
        (None, {"LC_ALL": "C", "LC_MESSAGES": "pt_BR.UTF-8", "LANG": "pt_PT.UTF-8"}, ("en", False)),
        (None, {"SCOREKEEPER_LANG": "pt_BR", "LC_ALL": "pt_PT.UTF-8"}, ("pt_BR", True)),
        (None, {"SCOREKEEPER_LANG": "pt-pt"}, ("pt_PT", True)),
        ("en", {"SCOREKEEPER_LANG": "pt_BR", "LANG": "pt_PT.UTF-8"}, ("en", True)),
        ("PT_br", {}, ("pt_BR", True)),
        # A locale's name, as the locale variables take it (it was refused while LANG took it).
        (None, {"SCOREKEEPER_LANG": "pt_PT.UTF-8"}, ("pt_PT", True)),
        (None, {"SCOREKEEPER_LANG": "pt_BR.utf8"}, ("pt_BR", True)),
        (None, {"SCOREKEEPER_LANG": "en_US.UTF-8", "LANG": "pt_PT.UTF-8"}, ("en", True)),
        (None, {"SCOREKEEPER_LANG": "pt_AO.UTF-8@euro"}, ("pt_PT", True)),
        (None, {"SCOREKEEPER_LANG": "pt"}, ("pt_PT", True)),
        ("pt_BR.UTF-8", {}, ("pt_BR", True)),
    ],
)
def test_the_language_is_the_option_then_the_variable_then_the_locale(option, environ, expected):
    assert i18n.choose(option, environ) == expected


def test_a_language_scorekeeper_does_not_speak_is_a_usage_error():
    result = run("--lang", "fr", "check", KING)
    assert result.exit_code == 2
    assert "Error: --lang: 'fr' is not a language scorekeeper speaks (en, pt_PT, pt_BR)" in result.output
    result = CliRunner().invoke(cli, ["check", str(KING)], env={"SCOREKEEPER_LANG": "klingon"})
    assert result.exit_code == 2
    assert "SCOREKEEPER_LANG: 'klingon' is not a language scorekeeper speaks" in result.output
    for value in ("xx", "fr_FR.UTF-8", "C.UTF-8", "ptx"):
        result = CliRunner().invoke(cli, ["check", str(KING)], env={"SCOREKEEPER_LANG": value})
        assert result.exit_code == 2
        assert f"SCOREKEEPER_LANG: '{value}' is not a language scorekeeper speaks" in result.output
    result = CliRunner().invoke(cli, ["check", str(KING)], env={"SCOREKEEPER_LANG": "pt_PT.UTF-8"})
    assert (result.exit_code, result.output) == (
        0,
        f"{KING}: sem erros (king, completo; Ana +325, Bruno +15, Carla -285, Duarte -55)\n",
    )


def test_lang_is_taken_after_the_command_too_and_the_locale_when_none_is_given():
    clean = "king-final-nacional-mesa1.yaml: clean"
    for args, env in ((["check", str(KING), "--lang", "pt_PT"], {}), (["check", str(KING)], {"LANG": "pt_PT.UTF-8"})):
        result = CliRunner().invoke(cli, args, env=env)
        assert result.exit_code == 0, result.output
        assert clean not in result.output  # said in Portuguese
    assert clean in run("check", KING).output
    assert i18n.active() == "en"  # a run leaves the process speaking English


def test_clicks_own_messages_follow_the_language():
    result = CliRunner().invoke(cli, ["--lang", "pt_PT", "chek", str(KING)], prog_name="scorekeeper")
    assert result.exit_code == 2
    assert result.output.startswith("Utilização: scorekeeper [OPTIONS] COMMAND [ARGS]...\n")
    assert "Erro: Não existe o comando 'chek'. Queria dizer 'check'?" in result.output
    result = CliRunner().invoke(cli, ["check", "--lang", "pt_BR"], prog_name="scorekeeper")
    assert result.exit_code == 2
    assert result.output.startswith("Uso: scorekeeper check [OPTIONS] FILE...\n")


def test_the_help_is_translated_and_keeps_its_examples():
    result = run("--lang", "pt_BR", "export", "--help")
    assert result.exit_code == 0
    assert "Exportar planilhas para um boletim Excel com fórmulas vivas" in result.output
    assert "scorekeeper export mesa1.yaml -o mesa1.xlsx" in result.output
    assert "--lang pt_PT|pt_BR|en" in result.output
    assert "O idioma a usar: pt_PT, pt_BR ou en" in result.output
    english = run("export", "--help").output
    assert "Export sheets to an Excel boletim with live formulas" in english
    top = run("--lang", "pt_PT", "--help").output
    assert "Começar uma folha para um jogo." in top  # a subcommand's short help in the list


def test_a_workbook_speaks_its_games_language_unless_one_is_chosen(tmp_path):
    def header(*args):
        out = tmp_path / f"{len(list(tmp_path.iterdir()))}.xlsx"
        result = run(*args, "export", KING, "-o", out)
        assert result.exit_code == 0, result.output
        ws = openpyxl.load_workbook(out).worksheets[0]
        return {cell.value for row in ws.iter_rows(max_row=4) for cell in row if isinstance(cell.value, str)}

    assert {"Evento", "Mesa", "Ronda"} <= header()  # King: pt_PT, whatever the terminal speaks
    assert {"Event", "Table", "Round"} <= header("--lang", "en")
    assert {"Evento", "Mesa", "Rodada"} <= header("--lang", "pt_BR")


def test_findings_written_into_a_workbook_are_in_its_language(tmp_path):
    out = tmp_path / "disputed.xlsx"
    result = run("export", EXAMPLES / "king-disputed-mesa3.yaml", "-o", out)
    assert result.exit_code == 0, result.output
    ws = openpyxl.load_workbook(out).worksheets[0]
    notes = " ".join(str(c.value) for row in ws.iter_rows() for c in row if isinstance(c.value, str))
    assert "erro [K-" in notes
    assert "error [K-" not in notes
