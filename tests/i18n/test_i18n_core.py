"""The shared core in Portuguese: refusals of unusable files, rule-file errors, quote()'s
plurals, the check summary, record's lines, the decimal comma of a table (never in JSON or
CSV), and click's own usage errors."""

import csv
import io
import json
import os
import pathlib

import pytest
from conftest import EXAMPLES, RULES, run

from scorekeeper import i18n
from scorekeeper.errors import quote


@pytest.fixture
def speaking():
    """i18n.use(language) for the test; English again afterwards."""
    yield i18n.use
    i18n.use(i18n.SOURCE)


def refused(result, message: str, word: str = "Erro"):
    """One line on standard error, exit 2, nothing on standard output."""
    assert result.exit_code == 2, result.output
    assert result.stderr == f"{word}: {message}\n"
    assert result.stdout == ""


# --- unusable files -----------------------------------------------------------------------

MALFORMED = {
    "pt_PT": "YAML inválido: esperava-se ',' ou ']'",
    "pt_BR": "YAML inválido: esperava-se ',' ou ']'",
    "en": "malformed YAML: did not find expected ',' or ']'",
}


@pytest.mark.parametrize("language", ["pt_PT", "pt_BR", "en"])
def test_a_malformed_yaml_sheet_is_refused_in_the_language_chosen(tmp_path, language):
    sheet = tmp_path / "s.yaml"
    sheet.write_text("rules: king\nplayers: [Ana, Bruno\n", encoding="utf-8")
    refused(
        run("--lang", language, "check", sheet),
        f"{sheet}:3: {MALFORMED[language]}",
        "Error" if language == "en" else "Erro",
    )


@pytest.mark.parametrize(
    "language, message",
    [
        ("pt_PT", "YAML inválido: carácter inaceitável #x0007: não são permitidos caracteres de controlo"),
        ("pt_BR", "YAML inválido: caractere inaceitável #x0007: caracteres de controle não são permitidos"),
    ],
)
def test_a_control_character_is_refused_in_portuguese(tmp_path, language, message):
    sheet = tmp_path / "s.yaml"
    sheet.write_text("rules: king\nplayers: [Ana\x07]\n", encoding="utf-8")
    refused(run("--lang", language, "check", sheet), f"{sheet}: {message}")


@pytest.mark.parametrize(
    "language, message",
    [
        ("pt_PT", "YAML inválido: chave repetida 'rules'"),
        ("pt_BR", "YAML inválido: chave repetida 'rules'"),
    ],
)
def test_a_duplicate_key_is_refused_in_portuguese(tmp_path, language, message):
    sheet = tmp_path / "s.yaml"
    sheet.write_text("rules: king\nrules: sueca\n", encoding="utf-8")
    refused(run("--lang", language, "check", sheet), f"{sheet}:2: {message}")


@pytest.mark.parametrize(
    "language, message",
    [
        ("pt_PT", "é uma ligação simbólica: recusado (indique o ficheiro para onde aponta, se é isso que quer)"),
        ("pt_BR", "é um link simbólico: recusado (indique o arquivo para onde ele aponta, se é isso que você quer)"),
    ],
)
def test_a_symlink_as_new_sheet_is_refused_in_portuguese(tmp_path, language, message):
    (tmp_path / "target.yaml").write_text("", encoding="utf-8")
    link = tmp_path / "link.yaml"
    os.symlink(tmp_path / "target.yaml", link)
    result = run("--lang", language, "new", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-o", link, "--force")
    refused(result, f"{link}: {message}")
    assert (tmp_path / "target.yaml").read_text(encoding="utf-8") == ""


@pytest.mark.parametrize(
    "language, message",
    [
        ("pt_PT", "é uma ligação simbólica para nada (ou um ciclo de ligações): recusado"),
        ("pt_BR", "é um link simbólico para nada (ou um ciclo de links): recusado"),
    ],
)
def test_a_symlink_to_nothing_is_refused_in_portuguese(tmp_path, language, message):
    link = tmp_path / "mesa.yaml"
    os.symlink(tmp_path / "gone.yaml", link)
    refused(run("--lang", language, "record", link, "vazas", "3", "2", "1", "7"), f"{link}: {message}")


@pytest.mark.parametrize(
    "language, message",
    [
        ("pt_PT", "maior do que 1024 KiB: não é uma folha de pontos nem um ficheiro de regras"),
        ("pt_BR", "maior do que 1024 KiB: não é uma planilha de pontos nem um arquivo de regras"),
    ],
)
def test_a_huge_file_is_refused_in_portuguese(tmp_path, language, message):
    sheet = tmp_path / "big.yaml"
    sheet.write_text("#" * (2 << 20), encoding="utf-8")
    refused(run("--lang", language, "check", sheet), f"{sheet}: {message}")


@pytest.mark.parametrize(
    "language, message",
    [
        ("pt_PT", "não é um ficheiro normal (um pipe, dispositivo ou socket): recusado"),
        ("pt_BR", "não é um arquivo comum (um pipe, dispositivo ou socket): recusado"),
    ],
)
def test_a_fifo_is_refused_in_portuguese(tmp_path, language, message):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    refused(run("--lang", language, "check", fifo), f"{fifo}: {message}")


@pytest.mark.parametrize(
    "language, message",
    [
        ("pt_PT", "players: esperava-se um número inteiro de 2 a 8, não 1000000"),
        ("pt_BR", "players: esperava-se um número inteiro de 2 a 8, não 1000000"),
    ],
)
def test_a_bad_rule_file_names_the_file_the_key_and_the_allowed_values_in_portuguese(tmp_path, language, message):
    rules = tmp_path / "casa.yaml"
    text = (RULES / "king.yaml").read_text(encoding="utf-8")
    rules.write_text(text.replace("players: 4", "players: 1000000", 1), encoding="utf-8")
    line = next(
        n for n, row in enumerate(rules.read_text(encoding="utf-8").splitlines(), 1) if row.startswith("players:")
    )
    refused(run("--lang", language, "rules", "check", rules), f"{rules}:{line}: {message}")


def test_an_unknown_rule_file_key_in_brazilian_portuguese(tmp_path):
    rules = tmp_path / "casa.yaml"
    text = (RULES / "king.yaml").read_text(encoding="utf-8")
    rules.write_text(text + "colour: red\n", encoding="utf-8")
    result = run("--lang", "pt_BR", "rules", "check", rules)
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"Erro: {rules}:{len(text.splitlines()) + 1}: chave desconhecida 'colour'; "
        "permitidas aqui: game, name, aliases,"
    )


# --- quote(), the check summary, record ---------------------------------------------------


def test_quote_counts_by_each_languages_plural_rule(speaking):
    speaking("pt_PT")
    assert [quote([]), quote([1]), quote([1, 2, 3])] == [
        "uma lista de 0 itens",
        "uma lista de 1 item",
        "uma lista de 3 itens",
    ]
    assert quote({1}) == "um conjunto de 1 item"
    assert quote({}) == "um mapeamento vazio"
    assert quote(10**300) == "um número de cerca de 301 algarismos"
    assert quote("x" * 81) == f"{'x' * 80!r}... (81 caracteres)"
    speaking("pt_BR")  # Brazil says "0 itens" too: a count of none is plural (issue 16)
    assert [quote([]), quote([1]), quote([1, 2, 3])] == [
        "uma lista de 0 itens",
        "uma lista de 1 item",
        "uma lista de 3 itens",
    ]
    assert quote(10**300) == "um número de cerca de 301 dígitos"
    speaking("en")
    assert [quote([]), quote([1]), quote({})] == ["a list of 0 items", "a list of 1 item", "an empty mapping"]


KING_ONE_HAND = "rules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nhands:\n  - {hand: vazas, counts: [3, 2, 1, 7]}\n"


@pytest.mark.parametrize(
    "language, summary",
    [
        ("pt_PT", "sem erros (king, em curso, 1 mão registada; Ana -60, Bruno -40, Carla -20, Duarte -140)"),
        ("pt_BR", "sem erros (king, em andamento, 1 mão registrada; Ana -60, Bruno -40, Carla -20, Duarte -140)"),
    ],
)
def test_the_check_summary_in_portuguese(tmp_path, language, summary):
    sheet = tmp_path / "mesa.yaml"
    sheet.write_text(KING_ONE_HAND, encoding="utf-8")
    result = run("--lang", language, "check", sheet)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{sheet}: {summary}\n"


@pytest.mark.parametrize(
    "language, summary",
    [
        ("pt_PT", "8 erros (sueca, ganho por Nos; Nos 3 mocas, Eles 1 moca)"),
        ("pt_BR", "8 erros (sueca, vencido por Nos; Nos 3 mocas, Eles 1 moca)"),
    ],
)
def test_the_summary_of_a_won_sueca_game_counts_its_mocas(language, summary):
    sheet = EXAMPLES / "sueca-disputed-jogo2.yaml"
    result = run("--lang", language, "check", sheet)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == f"{sheet}: {summary}"


@pytest.mark.parametrize(
    "language, lines",
    [
        ("pt_PT", ["Mão 2 (copas): Ana -80, Bruno -60, Carla -120, Duarte 0"]),
        ("pt_BR", ["Mão 2 (copas): Ana -80, Bruno -60, Carla -120, Duarte 0"]),
    ],
)
def test_record_says_the_hand_in_portuguese(tmp_path, language, lines):
    sheet = tmp_path / "mesa.yaml"
    sheet.write_text(KING_ONE_HAND, encoding="utf-8")
    result = run("--lang", language, "record", sheet, "copas", "--points", "-80", "-60", "-120", "0")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == lines


@pytest.mark.parametrize(
    "language, message",
    [
        ("pt_PT", "não há mão 5; a folha tem 1"),
        ("pt_BR", "não existe a mão 5; a planilha tem 1"),
    ],
)
def test_fix_of_a_hand_that_is_not_there_in_portuguese(tmp_path, language, message):
    sheet = tmp_path / "mesa.yaml"
    sheet.write_text(KING_ONE_HAND, encoding="utf-8")
    refused(run("--lang", language, "fix", sheet, "5", "vazas", "3", "2", "1", "7"), f"{sheet}: {message}")


@pytest.mark.parametrize(
    "language, message",
    [
        ("pt_PT", "king joga-se com 4 jogadores; foram dados 3"),
        ("pt_BR", "king é jogado por 4 jogadores; foram informados 3"),
    ],
)
def test_new_counts_the_players_in_portuguese(tmp_path, language, message):
    out = tmp_path / "x.yaml"
    refused(run("--lang", language, "new", "king", "-p", "A", "-p", "B", "-p", "C", "-o", out), f"{out}: {message}")


# --- the decimal comma --------------------------------------------------------------------


def tied_king_sheet(tmp_path) -> pathlib.Path:
    """The Final Nacional's table 1 with Bruno and Duarte tied on -35: they share the 2nd and
    3rd places' table points, (3 + 2) / 2 = 2.5 each (Art 15)."""
    text = (EXAMPLES / "king-final-nacional-mesa1.yaml").read_text(encoding="utf-8")
    text = text.replace("counts: [3, 2, 1, 7]", "counts: [3, 3, 1, 6]").replace(
        "counts: [2, 2, 2, 2]", "counts: [2, 3, 1, 2]"
    )
    sheet = tmp_path / "empate.yaml"
    sheet.write_text(text, encoding="utf-8")
    return sheet


@pytest.mark.parametrize(
    "language, row",
    [
        (
            "pt_PT",
            "     pontos de mesa  Art 15                                           5      2,5        1       2,5",
        ),
        (
            "pt_BR",
            "     pontos de mesa  Art 15                                           5      2,5        1       2,5",
        ),
        ("en", "     table points  Art 15                                          5      2.5        1       2.5"),
    ],
)
def test_a_table_writes_a_fraction_with_the_languages_decimal_comma(tmp_path, monkeypatch, language, row):
    monkeypatch.setenv("COLUMNS", "200")
    result = run("--lang", language, "show", tied_king_sheet(tmp_path))
    assert result.exit_code == 0, result.output
    assert row in result.stdout.splitlines()


def test_a_narrow_terminal_moves_the_translated_detail_column_under_its_row(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    result = run("--lang", "pt_BR", "show", tied_king_sheet(tmp_path))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "#   mão              Ana  Bruno  Carla  Duarte  total  controle"
    assert (
        lines[lines.index("9   festa            +75    +75   +100     +75   +325      +325") + 1]
        == "      Carla, 4-3-3-3"
    )
    assert lines[lines.index("    pontos de mesa     5    2,5      1     2,5") + 1] == "      Art 15"


@pytest.mark.parametrize("language", ["pt_PT", "pt_BR"])
def test_json_and_csv_keep_the_point(tmp_path, language):
    sheet = tied_king_sheet(tmp_path)
    data = json.loads(run("--lang", language, "show", sheet, "--format", "json").stdout)
    assert data["places"] == {"Ana": 5.0, "Bruno": 2.5, "Duarte": 2.5, "Carla": 1.0}
    rows = list(csv.reader(io.StringIO(run("--lang", language, "show", sheet, "--format", "csv").stdout)))
    assert rows[0] == ["#", "hand", "detail", "Ana", "Bruno", "Carla", "Duarte", "total", "control"]
    assert rows[-1] == ["", "table points", "Art 15", "5", "2.5", "1", "2.5", "", ""]


def test_only_a_tables_numbers_get_the_comma(speaking):
    from scorekeeper.output.csv_text import csv_text
    from scorekeeper.output.table_layout import table

    speaking("pt_PT")
    text = table(["name", "pts"], [["v1.5", "2.5"], ["Ana", 0.25]], numeric_from=1)
    assert text.splitlines()[2:] == ["v1.5      2,5", "Ana      0,25"]  # "v1.5" is no number: a name
    assert csv_text(["name", "pts"], [["v1.5", "2.5"]]) == "name,pts\nv1.5,2.5\n"


# --- click's own messages -----------------------------------------------------------------


@pytest.mark.parametrize(
    "language, output",
    [
        (
            "pt_PT",
            "Utilização: cli [OPTIONS] COMMAND [ARGS]...\nExperimente 'cli --help' para obter ajuda.\n\n"
            "Erro: Não existe o comando 'nosuchcommand'.\n",
        ),
        (
            "pt_BR",
            "Uso: cli [OPTIONS] COMMAND [ARGS]...\nTente 'cli --help' para obter ajuda.\n\n"
            "Erro: O comando 'nosuchcommand' não existe.\n",
        ),
    ],
)
def test_a_usage_error_in_portuguese(language, output):
    result = run("--lang", language, "nosuchcommand")
    assert result.exit_code == 2
    assert result.output == output


@pytest.mark.parametrize(
    "language, last",
    [
        ("pt_PT", "Erro: Não existe o comando 'chek'. Queria dizer 'check'?"),
        ("pt_BR", "Erro: O comando 'chek' não existe. Você quis dizer 'check'?"),
    ],
)
def test_did_you_mean_in_portuguese(language, last):
    result = run("--lang", language, "chek")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == last


@pytest.mark.parametrize(
    "language, last",
    [
        ("pt_PT", "Erro: Falta o argumento 'FILE...'."),
        ("pt_BR", "Erro: Falta o argumento 'FILE...'."),
    ],
)
def test_a_missing_argument_in_portuguese(language, last):
    result = run("--lang", language, "check")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == last


@pytest.mark.parametrize(
    "language, heading, help_line",
    [
        ("pt_PT", "Opções:", "Mostrar esta mensagem e sair."),
        ("pt_BR", "Opções:", "Mostrar esta mensagem e sair."),
    ],
)
def test_the_help_headings_in_portuguese(language, heading, help_line):
    result = run("--lang", language, "check", "--help")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert heading in lines
    assert any("--help" in line and line.endswith(help_line) for line in lines)


def test_the_help_options_own_help_follows_each_runs_language():
    """click builds a command's --help option once and keeps it: each run (tests run many in one
    process) must still say it in its own language."""
    for language, said in (
        ("en", "Show this message and exit."),
        ("pt_BR", "Mostrar esta mensagem e sair."),
        ("en", "Show this message and exit."),
    ):
        lines = run("--lang", language, "show", "--help").output.splitlines()
        assert [line for line in lines if "--help" in line][0].endswith(said), language
