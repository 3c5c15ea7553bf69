"""Quatrilho in Brazilian Portuguese (its regulation's: carteada, carteiro, rodada, fichas, talha,
coringa, figuras, vazas, multa) and in the Portuguese of Portugal, with its finding codes."""

import re

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, run

from scorekeeper import games, i18n
from scorekeeper.cli import cli
from scorekeeper.core.check import check_file
from scorekeeper.errors import ScorekeeperError
from scorekeeper.findings import Finding
from scorekeeper.quatrilho import finding_codes
from scorekeeper.quatrilho import workbook_finding_codes as planilha_finding_codes
from scorekeeper.quatrilho.standings import extra_round_winners
from scorekeeper.rulebook.registry import find
from scorekeeper.tournaments.model import Round

DISPUTED = EXAMPLES / "quatrilho-disputed-mesa3.yaml"
DISPUTED_PT_BR = [
    "13: erro [Q-ART14-DEALER-PLAYS]: carteada 2 (carteiro Beto): quem chama: Beto dá as cartas nesta carteada e "
    "fica de fora [Art 14]",
    "14: erro [Q-ART20-OUT-OF-RANGE]: carteada 3 (carteiro Carla): figuras: 38 está fora de 0-35 [Art 20.11]",
    "15: erro [Q-ART20-FIGURAS-TOTAL]: carteada 4 (carteiro Duda): as figuras somam 36, não 35 [Art 20.11]",
    "16: erro [Q-ART20-TRICKS-FIGURAS]: carteada 5 (carteiro Edu): 10 vazas não podem conter 30 figuras [Art 20.11]",
    "20: erro [Q-ART15-BELOW-ZERO]: carteada 8 (carteiro Carla): Carla está com -3 fichas antes desta carteada: "
    "compre uma talha (`{rebuy: Carla}`) ou saia (`{out: Carla}`) [Art 15]",
    "21: erro [Q-ART19-SECOND-TALHA]: entrada 10 (talha Edu): Edu já comprou 1 talha nesta rodada; uma por rodada; "
    "depois, está fora [Art 19]",
    "23: erro [Q-PLAYER-OUT]: carteada 9 (carteiro Duda): multado: Carla está fora desta rodada [Art 15]",
    "24: erro [Q-ART18-CHIPS-DIFFER]: carteada 10 (carteiro Edu): fichas: a planilha dá Beto -6, Zeca -10; a carteada dá "
    "Beto -8, Zeca -8 [Art 18.2]",
    "25: erro [Q-ART18-CHIPS-SUM]: carteada 11 (carteiro Ana): as fichas anotadas somam +1, não 0 [Art 18.2]",
    "25: erro [Q-ART18-CHIPS-DIFFER]: carteada 11 (carteiro Ana): fichas: a planilha dá Duda -5; a carteada dá Duda -6 "
    "[Art 18.2]",
    "27: erro [Q-DEAL-BEYOND-ROUND]: carteada 13 (carteiro Zeca): a rodada tem 12 carteadas (reduzida pela Comissão "
    "Organizadora) [Art 11]",
]


@pytest.fixture(autouse=True)
def english_after():
    """Every test leaves scorekeeper speaking English, as the other tests expect."""
    yield
    i18n.use("en")


@pytest.fixture
def speak():
    """Speak a language for the rest of the test (English again after it)."""
    return i18n.use


def finding_lines(output: str, path) -> list[str]:
    """The finding lines of `check` (the summary line is not a finding), without the path."""
    prefix = f"{path}:"
    return [line[len(prefix) :] for line in output.splitlines() if re.match(re.escape(prefix) + r"\d", line)]


def test_check_of_the_disputed_sheet_in_brazilian_portuguese():
    result = run("--lang", "pt_BR", "check", DISPUTED)
    assert result.exit_code == 1
    assert finding_lines(result.stdout, DISPUTED) == DISPUTED_PT_BR


def test_the_brazilian_locale_speaks_brazilian_portuguese():
    """`LANG=pt_BR.UTF-8 scorekeeper check`: no --lang, no SCOREKEEPER_LANG, the locale decides."""
    environment = {"LANG": "pt_BR.UTF-8", "LC_ALL": None, "LC_MESSAGES": None, "SCOREKEEPER_LANG": None}
    result = CliRunner().invoke(cli, ["check", str(DISPUTED)], env=environment)
    assert result.exit_code == 1
    assert finding_lines(result.stdout, DISPUTED) == DISPUTED_PT_BR
    portugal = CliRunner().invoke(cli, ["check", str(DISPUTED)], env={**environment, "LANG": "pt_PT.UTF-8"})
    assert finding_lines(portugal.stdout, DISPUTED)[0] == (
        "13: erro [Q-ART14-DEALER-PLAYS]: jogada 2 (dá Beto): quem chama: Beto dá as cartas nesta jogada e fica de fora "
        "[Art 14]"
    )


def test_english_is_as_before_with_the_code():
    result = run("--lang", "en", "check", DISPUTED)
    assert finding_lines(result.stdout, DISPUTED)[-1] == (
        "27: error [Q-DEAL-BEYOND-ROUND]: deal 13 (dealer Zeca): the round has 12 deals (shortened by the committee) "
        "[Art 11]"
    )


def test_json_gives_the_code_and_the_translated_message():
    import json

    result = run("--lang", "pt_PT", "check", "--format", "json", DISPUTED)
    finding = json.loads(result.stdout)[0]["findings"][5]
    assert (finding["severity"], finding["code"], finding["rule"], finding["message"]) == (
        "error",
        "Q-ART19-SECOND-TALHA",
        "Art 19",
        "entrada 10 (talha Edu): Edu já comprou 1 talha nesta ronda; uma por ronda; depois, está fora",
    )


def new_sheet(tmp_path, *players):
    path = tmp_path / "mesa.yaml"
    result = run("new", "quatrilho", *[a for p in players for a in ("-p", p)], "-o", path)
    assert result.exit_code == 0, result.output
    return path


def test_the_prompts_in_brazilian_portuguese(tmp_path):
    sheet = new_sheet(tmp_path, "Ari", "Bia", "Caio", "Davi", "Eva")
    answers = [
        "atrasado",
        "Eva",
        "Zeca",  # late, typed as the regulation says it
        "normal",
        "bia",
        "Davi",
        "35",
        "10",
        "",  # the fines' default: nenhuma
        "solo-branco",
        "Caio",
        "0",
        "nenhuma",
        "q",
    ]
    result = run("--lang", "pt_BR", "record", sheet, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        "Digite o contrato (normal, solo-natural, solo-preto, solo-branco, rolar) e os jogadores e as figuras\n"
        "são perguntados pelo nome; ou uma multa que encerrou a carteada (bater, sinal, fora-de-vez, negar-carta);\n"
        "ou atrasado, saiu ou talha. Uma entrada inteira em uma linha também vale: normal Bia Davi 22. q encerra.\n"
    )
    for asked in (
        "Carteada 1 (carteiro Ari): contrato, multa, atrasado, saiu ou talha: atrasado\n",
        "jogador atrasado (Ari, Bia, Caio, Davi, Eva): Eva\n",
        "coringa no lugar de Eva (um nome, ou nenhum) [nenhum]: Zeca\n",
        "quem chama (Bia, Caio, Davi, Zeca): bia\n",
        "companheiro, quem tinha a carta chamada (Bia, Caio, Davi, Zeca; Bia se ele mesmo a tinha): Davi\n",
        "figuras da dupla de Bia (0-35): 35\nvazas da dupla de Bia (9-10): 10\n",
        "uma multa depois da qual a carteada continuou (olhar-vazas NAME), ou nenhuma [nenhuma]: \n",
        "Carteada 2 (carteiro Bia): contrato, multa, atrasado, saiu ou talha: solo-branco\n",
        "solista (Ari, Caio, Davi, Zeca): Caio\nvazas de Caio (0-10; 0 ganha): 0\n",
        "uma multa depois da qual a carteada continuou (olhar-vazas, fora-de-vez ou negar-carta NAME), ou "
        "nenhuma [nenhuma]: nenhuma\n",
    ):
        assert asked in result.output
    assert sheet.read_text().endswith(
        "deals:\n"
        "  - {late: Eva, coringa: Zeca}\n"
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 35, tricks: 10}\n"
        "  - {contract: solo-branco, player: Caio, tricks: 0}\n"
    )


def test_the_prompts_in_the_portuguese_of_portugal(tmp_path):
    sheet = new_sheet(tmp_path, "Ari", "Bia", "Caio", "Davi")
    answers = [
        "talha",
        "Ari",  # a rebuy, as the regulation says it
        "solo-preto",
        "Caio",
        "Ari",
        "12",
        "multar Bia",
        "nenhuma",
        "q",
    ]
    result = run("--lang", "pt_PT", "record", sheet, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    for said in (
        "Jogada 1 (dá Ari): contrato, multa, atrasado, saiu ou talha: talha\n",
        "jogador que compra talha (Ari, Bia, Caio, Davi): Ari\n",
        "aviso [Q-ART15-TALHA-NOT-NEEDED]: entrada 1 (talha Ari): Ari compra uma talha com 100 fichas; a "
        "talha só é necessária abaixo de zero [Art 15]\n",
        "solista (Ari, Bia, Caio, Davi): Caio\n",
        "quem deu a carta pedida (Ari, Bia, Caio, Davi; Caio se a tinha ele próprio): Ari\n",
        "figuras de Caio (0-35): 12\n",
        "  escreva a multa e o jogador, por exemplo olhar-vazas Ari, ou nenhuma; ",
    ):
        assert said in result.output
    assert sheet.read_text().endswith(
        "  - {rebuy: Ari}\n  - {contract: solo-preto, player: Caio, giver: Ari, figuras: 12}\n"
    )


def test_a_refused_entry_is_said_in_portuguese(tmp_path):
    sheet = new_sheet(tmp_path, "Ari", "Bia", "Caio", "Davi")
    result = run("--lang", "pt_BR", "record", sheet, "solo-verde", "Ari")
    assert result.exit_code == 2
    assert (
        "contrato desconhecido 'solo-verde'; esperava um de normal, solo-natural, solo-preto, solo-branco, rolar, "
        "uma multa (bater, sinal, fora-de-vez, negar-carta, olhar-vazas), atrasado, saiu ou talha"
    ) in result.stderr
    result = run("--lang", "pt_PT", "record", sheet, "out", "Ari", "Bia", "Caio")
    assert (
        "out leva o jogador e o seu coringa, se um ocupar o lugar, por exemplo out Davi Zeca; e não 'Ari Bia Caio'"
    ) in result.stderr


def quatrilho_sheet(tmp_path, players, deals_text: str) -> str:
    path = tmp_path / "mesa.yaml"
    path.write_text(f"rules: quatrilho\nplayers: [{', '.join(players)}]\ndeals:\n{deals_text}", encoding="utf-8")
    return str(path)


def test_the_plurals_of_brazil_and_of_portugal(tmp_path, speak):
    """Brazil and Portugal both say 0 vazas and 0 pontos, 1 vaza and 1 figura (n != 1: issue 16), each
    in its own words."""
    path = quatrilho_sheet(
        tmp_path,
        ["Ana", "Bia", "Caio", "Davi"],
        "  - {contract: solo-branco, player: Bia, tricks: 0}\n"
        "  - {contract: normal, caller: Ana, partner: Davi, figuras: 1, tricks: 1}\n"
        "  - {late: Caio, coringa: Zeca}\n",
    )
    said = {}
    for language in ("pt_BR", "pt_PT", "en"):
        speak(language)
        result = check_file(path)
        said[language] = (
            [i18n.in_words(hand.detail) for hand in result.hands[:2]],
            [i18n.in_words(f.message) for f in result.findings],
        )
    assert said == {
        "pt_BR": (
            ["Bia, 0 vazas", "Ana + Davi, 1 figura (0 pontos), 1 vaza"],
            ["entrada 3 (atraso Caio): o atraso se registra antes da primeira carteada; 2 carteadas já foram jogadas"],
        ),
        "pt_PT": (
            ["Bia, 0 vazas", "Ana + Davi, 1 figura (0 pontos), 1 vaza"],
            ["entrada 3 (atraso Caio): o atraso regista-se antes da primeira jogada; 2 jogadas já foram jogadas"],
        ),
        "en": (
            ["Bia, 0 vazas", "Ana + Davi, 1 figura (0 pontos), 1 vaza"],
            ["entry 3 (late Caio): a late arrival is recorded before the first deal; 2 deals were played"],
        ),
    }


def test_show_heads_in_brazilian_portuguese(tmp_path):
    path = quatrilho_sheet(
        tmp_path,
        ["Ana", "Bia", "Caio", "Davi"],
        "  - {contract: normal, caller: Ana, partner: Bia, figuras: 22}\n  - {rebuy: Caio}\n",
    )
    shown = run("--lang", "pt_BR", "show", path)
    assert shown.exit_code == 0, shown.output
    assert shown.stdout == (
        "#  carteada  carteiro  entrada  Ana  Bia  Caio  Davi  total\n"
        "-  --------  --------  -------  ---  ---  ----  ----  -----\n"
        "1  1         Ana       normal    +7   +7    -7    -7      0\n"
        "     Ana + Bia, 22 figuras (7 pontos)\n"
        "2                      talha\n"
        "     Caio, talha 1\n"
        "                       saldo     +7   +7    -7    -7\n"
        "\n"
        "Fichas acumuladas\n"
        "#    carteada    entrada      Ana    Bia    Caio    Davi\n"
        "---  ----------  ---------  -----  -----  ------  ------\n"
        "1    1           normal       107    107      93      93\n"
        "2                talha        107    107     193      93\n"
        f"{path}:5: aviso [Q-ART15-TALHA-NOT-NEEDED]: entrada 2 (talha Caio): Caio compra uma talha com 93 fichas; a "
        "talha só é necessária abaixo de zero [Art 15]\n"
    )


def test_the_rules_described_in_brazilian_portuguese(speak):
    speak("pt_BR")
    rows = dict(games.get("quatrilho").describe_rules(find("quatrilho")))
    assert rows["mesas"] == "4 ou 5 jogadores (com cinco, o carteiro fica de fora)"
    assert rows["rodada"] == "6 carteadas por lugar"
    assert rows["solo branco"] == "ganha 10, perde 15, cada um"
    assert rows["atraso"] == "-200, que não vão para ninguém"
    assert rows["talha"] == "100 fichas, 1 por rodada"


def test_a_sheet_that_cannot_be_read_is_said_in_portuguese(tmp_path):
    path = tmp_path / "mesa.yaml"
    path.write_text("rules: quatrilho\nplayers: [Ana, Bia, Caio]\ndeals: []\n", encoding="utf-8")
    result = run("--lang", "pt_PT", "check", path)
    assert result.exit_code != 0
    assert (
        "players: uma mesa de Quatrilho tem 4 ou 5 jogadores (Art 14), a folha indica 3"
        in result.stdout + result.stderr
    )


def test_a_standings_error_in_portuguese(speak):
    speak("pt_BR")
    with pytest.raises(ScorekeeperError, match="^a rodada 3 não é uma rodada extra \\(stage: extra\\)$"):
        extra_round_winners(Round(number=3, tables=[]), {}, find("quatrilho"))


# --- codes -------------------------------------------------------------------------------
def test_the_game_names_its_codes_and_its_workbook_language():
    game = games.get("quatrilho")
    assert (game.code_prefix, game.workbook_language) == ("Q", "pt_BR")
    codes = [kind.code for kind in finding_codes.KINDS]
    assert len(set(codes)) == len(codes)
    assert all(re.fullmatch(r"Q-[A-Z0-9]+(-[A-Z0-9]+)*", code) for code in codes)
    assert ("Q-UNFINISHED", game.unfinished.rule, "the game is not complete") == finding_codes.UNFINISHED
    assert set(planilha_finding_codes.KINDS) <= set(finding_codes.KINDS)  # the planilha's reading too


def test_every_finding_of_the_check_has_a_known_code(tmp_path):
    known = {kind.code for kind in finding_codes.KINDS}
    found: list[Finding] = []
    for path in (DISPUTED, EXAMPLES / "quatrilho-cbqi-mesa7.yaml"):
        found += check_file(str(path), require_complete=True).findings
    found += check_file(
        quatrilho_sheet(tmp_path, ["Ana", "Bia", "Caio", "Davi"], "  - 5\n  - {rebuy: Ana}\n"), require_complete=True
    ).findings
    assert {f.code for f in found} <= known and all(f.code for f in found)
    assert [f.code for f in found][-3:] == ["Q-ART17-ENTRY-NOT-MAPPING", "Q-ART15-TALHA-NOT-NEEDED", "Q-UNFINISHED"]


def test_the_unfinished_round_in_brazilian_portuguese(tmp_path):
    path = quatrilho_sheet(tmp_path, ["Ana", "Bia", "Caio", "Davi"], "  - {fine: sinal, player: Bia}\n")
    result = run("--lang", "pt_BR", "check", "--require-complete", path)
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]  # the message is checking.py's, said in every game
    assert first.startswith(f"{path}:1: erro [Q-UNFINISHED]: ") and first.endswith(" [Art 10]")
