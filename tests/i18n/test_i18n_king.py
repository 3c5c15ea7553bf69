"""King in Portuguese (issue 11): the prompts of `record`, the findings with their codes, the
rules' table and the plurals, in pt_PT and pt_BR; English keeps its words and gains the codes."""

import re

import pytest
from conftest import EXAMPLES, PLAYERS, run

from scorekeeper import games, i18n
from scorekeeper.core.check import check_file
from scorekeeper.i18n import in_words
from scorekeeper.king import finding_codes

DISPUTED = EXAMPLES / "king-disputed-mesa3.yaml"
NEGATIVE_HANDS = (
    "  - {hand: vazas, counts: [3, 3, 3, 4]}\n  - {hand: copas, counts: [4, 3, 3, 3]}\n"
    "  - {hand: damas, counts: [1, 1, 1, 1]}\n  - {hand: reis-valetes, counts: [2, 2, 2, 2]}\n"
    "  - {hand: rei-de-copas, counts: [0, 0, 1, 0]}\n  - {hand: ultimas, counts: [1, 0, 0, 1]}\n"
)


@pytest.fixture
def speaking():
    """Speak a language inside the test, English again after it (the next test expects it)."""
    yield i18n.use
    i18n.use("en")


def new_king(tmp_path, name="mesa1.yaml"):
    path = tmp_path / name
    created = run("new", "king", *[arg for player in PLAYERS for arg in ("-p", player)], "-o", path)
    assert created.exit_code == 0, created.output
    return path


def test_record_asks_every_player_in_the_portuguese_of_portugal(tmp_path):
    sheet = new_king(tmp_path)
    result = run("--lang", "pt_PT", "record", sheet, input="\n3\n3\n3\n5\n3\n3\n3\n4\nq\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:8] == [
        "Escreva a mão (Enter aceita a que está entre parênteses retos); acrescente",
        "renuncia ou cartas-passadas para uma penalização; q termina. Pergunta-se a cada",
        "jogador pelo nome (Art 6).",
        "Mão 1 [vazas]: ",
        "  Ana, vazas que levou: 3",
        "  Bruno, vazas que levou: 3",
        "  Carla, vazas que levou: 3",
        "  Duarte, vazas que levou: 5",
    ]
    assert lines[8] == "  somam 14, mais do que o total de 13; pergunte de novo a cada jogador"
    assert lines[9:13] == [
        "  Ana, vazas que levou: 3",
        "  Bruno, vazas que levou: 3",
        "  Carla, vazas que levou: 3",
        "  Duarte, vazas que levou: 4",
    ]
    assert "Mão 2 [copas]: q" in lines
    assert "  - {hand: vazas, counts: [3, 3, 3, 4]}\n" in sheet.read_text()  # the sheet keeps its own words


def test_a_festa_is_asked_vazas_feitas_and_a_wrong_name_is_refused_in_portuguese(tmp_path):
    sheet = new_king(tmp_path)
    sheet.write_text(sheet.read_text().replace("hands: []\n", "hands:\n" + NEGATIVE_HANDS))
    result = run("--lang", "pt_PT", "record", sheet, input="\nZeca\n\npositivos\ncopas\n\n4\n3\n3\n3\nq\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "Mão 7 [festa]: " in lines
    assert "Beneficiário (Dono da Festa) [Ana]: Zeca" in lines
    assert any(line.startswith("  'Zeca' não é um jogador desta mesa (Ana, Bruno, Carla, Duarte)") for line in lines)
    assert "Contrato (positivos, nulos, 4-3-3-3): positivos" in lines
    assert "Trunfo (copas, espadas, ouros, paus, sem-trunfo): copas" in lines
    assert "Oferta aceite (NOME VAZAS, ou nenhuma) [nenhuma]: " in lines
    assert [line for line in lines if "vazas feitas" in line] == [
        "  Ana, vazas feitas: 4",
        "  Bruno, vazas feitas: 3",
        "  Carla, vazas feitas: 3",
        "  Duarte, vazas feitas: 3",
    ]
    assert sheet.read_text().endswith(
        "  - {hand: festa, beneficiary: Ana, contract: positivos, trump: copas, tricks: [4, 3, 3, 3]}\n"
    )


def test_record_asks_in_the_portuguese_of_brazil_and_charges_the_scorer_when_told(tmp_path):
    sheet = new_king(tmp_path)
    result = run("--lang", "pt_BR", "record", sheet, input="\n3\n3\n3\n3\ns\nq\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == [
        "Digite a mão (Enter aceita a que está entre colchetes); acrescente renuncia ou",
        "cartas-passadas depois dela para uma penalidade; q encerra. Cada jogador é",
        "perguntado pelo nome (Art 6).",
    ]
    assert lines[4:8] == [
        "  Ana, vazas que levou: 3",
        "  Bruno, vazas que levou: 3",
        "  Carla, vazas que levou: 3",
        "  Duarte, vazas que levou: 3",
    ]
    assert lines[8] == (
        "  somam 12 de 13: lançar a falta de 1 (-20) para Ana, responsável pela mesa (Art 6)? [s/n] [n]: s"
    )
    assert (
        f"{sheet}:5: aviso [K-ART6-MISSING-CHARGED]: mão 1 (vazas): as contagens somam 12 de 13; a falta de 1 "
        "(-20) fica por conta de Ana, responsável pela mesa [Art 6]" in lines
    )


DISPUTED_PT_PT = [
    "18: aviso [K-ART6-MISSING-CHARGED]: mão 1 (vazas): as contagens somam 12 de 13; a falta de 1 (-20) fica a cargo "
    "de Ivo, responsável da mesa [Art 6]",
    "19: erro [K-Q1-TOTAL-OVER]: mão 2 (copas): as contagens somam 14, mais do que o total de 13 [Quadro 1]",
    "20: erro [K-Q1-POINTS-MULTIPLE]: mão 3 (damas): Lia tem -75 pontos, não um múltiplo de 50 [Quadro 1]",
    "20: erro [K-Q1-POINTS-MULTIPLE]: mão 3 (damas): Manuel tem -25 pontos, não um múltiplo de 50 [Quadro 1]",
    "21: erro [K-Q1-POINTS-COUNTS]: mão 4 (reis-valetes): Lia: 2 x 30 = -60, mas os pontos dizem -90 [Quadro 1]",
    "21: erro [K-Q1-POINTS-COUNTS]: mão 4 (reis-valetes): Manuel: 2 x 30 = -60, mas os pontos dizem -30 [Quadro 1]",
    "23: erro [K-Q1-PHASE-TOTAL]: mão 6 (ultimas): as mãos negativas somam -1320, não -1300 [Quadro 1]",
    "24: erro [K-TRICKS-TOTAL]: mão 7 (festa de Ivo): as vazas somam 12, não as 13 de uma mão [Regras: 13 vazas]",
    "25: erro [K-ART10-OFFER-LIMIT]: mão 8 (festa de Joana): uma oferta de 4 vazas para nulos; o limite é de 1 a 3 "
    "[Art 10]",
    "26: erro [K-ART13-4333-OFFER]: mão 9 (festa de Lia): o 4-3-3-3 não é permitido depois de uma oferta de 5 vazas "
    "positivas (mais de 3) feita por Manuel [Art 13]",
    "27: erro [K-ART9-BENEFICIARY-TWICE]: mão 10 (festa de Lia): Lia já teve a sua festa na mão 9; cada jogador é "
    "beneficiado uma vez [Art 9, 2a fase]",
    "27: aviso [K-ART9-ROTATION]: mão 10 (festa de Lia): a festa de Lia segue a de Lia; na ordem de dar cartas, é a "
    "vez de Manuel [Art 9, 2a fase]",
    "27: erro [K-ART9-NEVER-BENEFICIARY]: mão 10 (festa de Lia): Manuel nunca teve a sua festa [Art 9, 2a fase]",
]


def test_the_disputed_sheet_in_the_portuguese_of_portugal_with_every_code():
    result = run("--lang", "pt_PT", "check", DISPUTED)
    assert result.exit_code == 1
    assert result.output.splitlines()[:-1] == [f"{DISPUTED}:{line}" for line in DISPUTED_PT_PT]


def test_the_disputed_sheet_in_the_portuguese_of_brazil():
    lines = run("--lang", "pt_BR", "check", DISPUTED).output.splitlines()
    assert lines[0] == (
        f"{DISPUTED}:18: aviso [K-ART6-MISSING-CHARGED]: mão 1 (vazas): as contagens somam 12 de 13; "
        "a falta de 1 (-20) fica por conta de Ivo, responsável pela mesa [Art 6]"
    )
    assert lines[11] == (
        f"{DISPUTED}:27: aviso [K-ART9-ROTATION]: mão 10 (festa de Lia): a festa de Lia vem depois "
        "da de Lia; na ordem de distribuição, é a vez de Manuel [Art 9, 2a fase]"
    )
    assert lines[12] == (
        f"{DISPUTED}:27: erro [K-ART9-NEVER-BENEFICIARY]: mão 10 (festa de Lia): Manuel nunca teve "
        "sua festa [Art 9, 2a fase]"
    )


def test_english_keeps_its_words_and_prints_the_codes():
    lines = run("check", DISPUTED).output.splitlines()
    assert lines[1] == (
        f"{DISPUTED}:19: error [K-Q1-TOTAL-OVER]: hand 2 (copas): counts add up to 14, more than the "
        "13 there are [Quadro 1]"
    )
    assert lines[7] == (
        f"{DISPUTED}:24: error [K-TRICKS-TOTAL]: hand 7 (Ivo's festa): tricks add up to 12, not the 13 "
        "of a hand [Regras: 13 vazas]"
    )


def test_one_and_many_agree_in_portuguese(write_sheet, speaking):
    sheet = write_sheet(
        [
            {"hand": "vazas", "counts": [13]},
            {"hand": "copas", "counts": [3, 4, 6]},
            {"hand": "damas", "points": [-50, 0, -1, -75]},
        ]
    )
    for language in ("pt_PT", "pt_BR"):  # the values are the counts, said in Portuguese (not the key)
        speaking(language)
        assert [in_words(finding.message) for finding in check_file(sheet).findings] == [
            "mão 1 (vazas): contagens: 1 valor para 4 jogadores",
            "mão 2 (copas): contagens: 3 valores para 4 jogadores",
            "mão 3 (damas): Carla tem -1 ponto, não um múltiplo de 50",
            "mão 3 (damas): Duarte tem -75 pontos, não um múltiplo de 50",
        ], language


def test_record_on_the_command_line_counts_its_values_in_portuguese(tmp_path):
    sheet = new_king(tmp_path)
    for args, message in (
        (["vazas", "13"], "1 valor para 4 jogadores (Ana, Bruno, Carla, Duarte)"),
        (["vazas", "3", "4", "6"], "3 vazas para 4 jogadores (Ana, Bruno, Carla, Duarte)"),
        (["damas", "--points", "0", "0", "0"], "3 pontos para 4 jogadores (Ana, Bruno, Carla, Duarte)"),
        (["vazas", "Ana=3", "Bruno=4"], "sem vazas de Carla, Duarte: pergunta-se a cada jogador (Art 6)"),
        (
            ["festa", "-c", "positivos", "4", "3", "3", "3"],
            "uma festa em positivos precisa do seu trunfo, escolhido pelo Dono da Festa: indique -t "
            "copas | espadas | ouros | paus | sem-trunfo [Art 9, 2a fase; Regras: Trunfo]",
        ),
    ):
        result = run("--lang", "pt_PT", "record", sheet, *args)
        assert result.exit_code == 2, args
        assert result.stderr.endswith(f"{sheet}: {message}\n"), args


def test_rules_show_says_the_numbers_in_portuguese():
    lines = run("--lang", "pt_PT", "rules", "show", "king").output.splitlines()
    for row in (
        "vazas por mão                                  13",
        "mão negativa 3: damas (Damas)                  50 x 4 = -200",
        "nulos                                          325 - 75 por vaza",
        "4-3-3-3                                        4 / 3 vazas, ofertas até 3",
        "unidades em falta (Art 6)                      a cargo do responsável da mesa",
        "isenção, falta, bónus da mesa com falta        2,5; 0; 2,5",
    ):
        assert row in lines
    assert "bye, absent, absent table bonus                 2.5, 0, 2.5" in run("rules", "show", "king").output


def test_every_king_finding_has_a_code_of_its_own():
    codes = [kind.code for kind in finding_codes.KINDS]
    assert len(codes) == len(set(codes))
    assert all(re.fullmatch(r"K-[A-Z0-9]+(-[A-Z0-9]+)*", code) for code in codes)
    king = games.get("king")
    assert (king.code_prefix, king.workbook_language) == ("K", "pt_PT")
    assert ("K-UNFINISHED", king.unfinished.rule, "the game is not complete") == finding_codes.UNFINISHED
    found = {
        finding.code for path in sorted(EXAMPLES.glob("king-*.yaml")) for finding in check_file(str(path)).findings
    }
    assert found and found <= set(codes)


def test_a_code_s_meaning_is_said_in_portuguese(speaking):
    speaking("pt_PT")
    assert i18n._(finding_codes.COUNT_OVER.meaning) == "uma contagem maior do que a mão tem"
    speaking("pt_BR")
    assert i18n._(finding_codes.ROTATION.meaning) == "uma festa fora da ordem de distribuição"
