"""Sueca and the team sheet in Portuguese (issue 11): the prompts that ask each team's card
points, the findings of a disputed sheet with their codes, plurals by the language's rule,
`rules show`, and the ficha, whose pt_PT heads are the paper ficha's and which is read back
whatever language it was written in."""

from __future__ import annotations

import dataclasses
import json

import openpyxl
import pytest
from conftest import EXAMPLES, files_in, run
from conftest import new_team_sheet as new

from scorekeeper import i18n
from scorekeeper.finding_codes import all_kinds
from scorekeeper.rulebook.registry import find_shipped
from scorekeeper.sueca import finding_codes
from scorekeeper.sueca.game import GAME

DISPUTED = EXAMPLES / "sueca-disputed-jogo2.yaml"


@pytest.fixture(autouse=True)
def english_after():
    """A test that speaks Portuguese in this process leaves it speaking English."""
    yield
    i18n.use("en")


def test_the_prompts_in_portuguese_of_portugal(tmp_path):
    sheet = new(tmp_path, "sueca")
    result = run("--lang", "pt_PT", "record", sheet, input="72\n\n119\n1\n40\n\nrenuncia\nEles\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        "Escreva os pontos das cartas de cada equipa (somam 120): 72 48, Nos=72 Eles=48,\n"
        "ou só 72 e os da outra equipa são pedidos; ou uma penalização e a equipa em falta:\n"
        "renuncia Eles, castigo Nos, ponto Eles baralhar. q termina.\n"
        "Partida 1: pontos das cartas de Nos (ou uma penalização): 72\nPartida 1: pontos das cartas de Eles [48]: \n"
    )
    assert (
        "Partida 2: pontos das cartas de Eles [1]: 1\n  nenhum conjunto de cartas vale 1; volto a perguntar\n"
        in result.output
    )
    assert (
        "Partida 3: pontos das cartas de Nos (ou uma penalização): renuncia\nEquipa em falta: Eles\n" in result.output
    )
    assert sheet.read_text().endswith(
        "deals:\n  - {points: [72, 48]}\n  - {points: [40, 80]}\n  - {penalty: renuncia, team: Eles}\n"
    )


def test_the_prompts_in_portuguese_of_brazil(tmp_path):
    sheet = new(tmp_path, "sueca")
    result = run("--lang", "pt_BR", "record", sheet, input="120\n0\ns\nponto\nNos\nconversa\nsinais\n50\n60\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Digite os pontos das cartas de cada dupla (somam 120): 72 48, Nos=72 Eles=48,\n")
    assert "Partida 1: pontos das cartas de Eles [0]: 0\nTodas as dez vazas? [s/n] [n]: s\n" in result.output
    assert (
        "Partida 2: pontos das cartas de Nos (ou uma penalidade): ponto\nDupla em falta: Nos\n"
        "Motivo (baralhar, ver-vazas, ma-distribuicao, sinais): conversa\n  'conversa' não é um motivo "
        "(baralhar, ver-vazas, ma-distribuicao, sinais)"
    ) in result.output
    assert (
        "Partida 3: pontos das cartas de Eles [70]: 60\n  estes somam 110, não 120; vou perguntar de novo\n"
        in result.output
    )
    assert sheet.read_text().endswith(
        "deals:\n  - {points: [120, 0], all_tricks: true}\n  - {penalty: ponto, team: Nos, reason: sinais}\n"
    )


def test_what_record_refuses_is_said_in_the_language(tmp_path):
    sheet = new(tmp_path, "sueca")
    for language, args, message in (
        ("pt_PT", ["72"], "indique os pontos das cartas de cada equipa (Nos Eles), p. ex. 72 48"),
        ("pt_BR", ["72"], "informe os pontos das cartas de cada dupla (Nos Eles), p. ex. 72 48"),
        ("pt_PT", ["ponto", "Nos"], "indique o motivo: baralhar, ver-vazas, ma-distribuicao, sinais"),
        (
            "pt_BR",
            ["Nos=72", "48"],
            "informe os pontos das cartas de todas as duplas na ordem das duplas ou todos como DUPLA=N, sem misturar",
        ),
        ("pt_PT", ["Nos=72", "Ana=48"], "Nos aparece duas vezes em 'Ana=48'"),
        (
            "pt_BR",
            ["ponto", "Nos", "baralhar", "Eles"],
            "ponto leva a dupla em falta e o motivo, não 'Nos baralhar Eles'",
        ),
    ):
        result = run("--lang", language, "record", sheet, *args)
        assert (result.exit_code, result.stderr) == (2, f"Erro: {sheet}: {message}\n"), args


def test_a_disputed_sheet_in_portuguese_with_its_codes():
    result = run("--lang", "pt_PT", "check", DISPUTED)
    assert result.exit_code == 1
    found = [line for line in result.output.splitlines() if line.startswith(f"{DISPUTED}:")][:-1]
    assert found == [
        f"{DISPUTED}:{line}"
        for line in (
            "17: erro [S-JOGO4-CARD-TOTAL]: partida 2: os pontos das cartas somam 110, não 120 [O jogo 4]",
            "18: erro [S-JOGO3-IMPOSSIBLE]: partida 3: Nos tem 119 pontos das cartas; nenhum conjunto de cartas vale 1 "
            "[O jogo 3]",
            "18: erro [S-JOGO3-IMPOSSIBLE]: partida 3: Eles tem 1 ponto das cartas; nenhum conjunto de cartas vale 1 "
            "[O jogo 3]",
            "19: erro [S-PONT2-ALL-TRICKS]: partida 4: todas as vazas são os 120 pontos das cartas, mas a melhor equipa "
            "tem 110 [Pontuação 2]",
            "21: erro [S-PONT4-MOCA-DIFFERS]: partida 6: a folha mostra Nos 1, Eles 0; a moca está em Nos 4, Eles 0 "
            "[Pontuação 4]",
            "23: erro [S-PEN-UNKNOWN-REASON]: partida 8: motivo desconhecido 'conversa'; permitidos: baralhar, "
            "ver-vazas, ma-distribuicao, sinais [Penalizações, 1 ponto]",
            "27: erro [S-PONT4-MOCA-OVER]: partida 12: a folha mostra Eles com 5; uma moca fecha aos 4 (não se aponta "
            "à frente) [Pontuação 4]",
            "29: erro [S-VENC1-AFTER-WIN]: partida 14: registada depois de Nos ganhar o jogo na partida 13 [Vencedor 1]",
        )
    ]
    brazil = run("--lang", "pt_BR", "check", "--format", "json", DISPUTED)
    findings = json.loads(brazil.output)[0]["findings"]
    assert [(f["code"], f["message"]) for f in findings if f["hand"] in (6, 12)] == [
        ("S-PONT4-MOCA-DIFFERS", "partida 6: a planilha mostra Nos 1, Eles 0; a moca está em Nos 4, Eles 0"),
        ("S-PONT4-MOCA-OVER", "partida 12: a planilha mostra Eles com 5; uma moca fecha em 4 (não se marca à frente)"),
    ]


def test_the_team_sheets_own_findings_in_portuguese(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(
        "rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\ndeals:\n"
        "  - {penalty: castigo, team: Zeca}\n  - {points: [60, 60, 0]}\n  - {points: {Nos: 60}}\n"
        "  - {penalty: renuncia}\n",
        encoding="utf-8",
    )
    findings = json.loads(run("--lang", "pt_BR", "check", "--format", "json", path).output)[0]["findings"]
    assert [(f["code"], f["rule"], f["message"]) for f in findings] == [
        ("TEAM-NOT-AT-TABLE", "teams", "partida 1: 'Zeca' não é uma dupla desta mesa (Nos, Eles)"),
        ("TEAM-VALUE-COUNT", "teams", "partida 2: pontos das cartas: 3 valores para 2 duplas"),
        ("TEAM-VALUE-MISSING", "teams", "partida 3: pontos das cartas: sem valor para Eles"),
        ("S-PEN-NO-TEAM", "Penalizações", "partida 4: a penalidade renuncia precisa da dupla em falta (`team: ...`)"),
    ]
    path.write_text("rules: sueca\nteams: {Nos: [Ana, Bruno]}\n", encoding="utf-8")
    refused = run("--lang", "pt_PT", "check", path)
    assert refused.exit_code == 2
    assert refused.stderr == (
        f"Erro: {path}:2: teams: sueca joga-se com 2 equipas, p. ex. {{Nos: [Ana, Bruno], Eles: [Carla, Duarte]}}\n"
    )


def test_plurals_follow_the_language(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(
        "rules: sueca\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\ndeals:\n"
        "  - {points: [95, 25]}\n  - {points: [70, 50]}\n  - {points: [120, 0], all_tricks: true}\n"
        "  - {points: [92, 28]}\n  - {points: [65, 55]}\n  - {points: [95, 25]}\n",
        encoding="utf-8",
    )
    hands = json.loads(run("--lang", "pt_PT", "show", "--format", "json", path).output)["hands"]
    assert [hand["detail"] for hand in hands] == [
        "",
        "",
        "todas as vazas; 3 pontos perdidos além da moca",
        "",
        "",
        "1 ponto perdido além da moca",
    ]
    sueca = find_shipped("sueca")
    one = dataclasses.replace(
        sueca, moca_points=1, mocas_to_win=1, renuncia_carries=False
    )  # a house rule file's numbers
    for language, team in (("pt_PT", "equipa"), ("pt_BR", "dupla")):
        i18n.use(language)
        assert dict(GAME.describe_rules(sueca))["moca"] == "4 pontos; 3 mocas ganham o jogo"
        described = dict(GAME.describe_rules(one))
        assert described["moca"] == "1 ponto; 1 moca ganha o jogo"
        assert described["renúncia"] == f"4 para a outra {team}"


def test_rules_show_in_portuguese():
    shown = run("--lang", "pt_PT", "rules", "show", "sueca").output
    for row in (
        "equipas                         2 de 2",
        "renúncia                        4 para a outra equipa, contados na moca seguinte",
        "castigo                         a cada 2: 1 para a outra equipa",
    ):
        assert row in shown
    brazil = [line.split() for line in run("--lang", "pt_BR", "rules", "show", "sueca").output.splitlines()]
    assert ["duplas", "2", "de", "2"] in brazil
    assert [
        "penalidades",
        "de",
        "um",
        "ponto",
        "1",
        "para",
        "a",
        "outra",
        "dupla:",
        "baralhar,",
        "ver-vazas,",
        "ma-distribuicao,",
        "sinais",
    ] in brazil


PT_HEADS = [
    "Nº",
    "Penalidade",
    "Equipa em falta",
    "Motivo",
    "Todas as vazas",
    "Pontos",
    "Ganhos",
    "Início",
    "Moca",
    "Mocas",
    "Pontos",
    "Ganhos",
    "Início",
    "Moca",
    "Mocas",
    "Soma",
    "Controlo",
]


def test_the_ficha_is_portuguese_of_portugal_and_read_back_from_any_language(tmp_path):
    heads = {}
    back = {}
    for language in (None, "en", "pt_BR"):
        out = tmp_path / f"{language}.xlsx"
        args = ["--lang", language] if language else []
        assert run(*args, "export", EXAMPLES / "sueca-torneio-jogo1.yaml", "-o", out).exit_code == 0
        ws = openpyxl.load_workbook(out).worksheets[-1]
        heads[language] = [cell.value for cell in ws[5]][: len(PT_HEADS)]
        folder = tmp_path / f"back-{language}"
        folder.mkdir()
        assert run("import", out, "-o", folder).exit_code == 0
        (written,) = (folder / name for name in files_in(folder))
        back[language] = written.read_text(encoding="utf-8")
    assert heads[None] == PT_HEADS  # a Sueca ficha is pt_PT unless a language is chosen: the paper ficha's words
    assert heads["en"][:5] == ["No.", "Penalty", "Team at fault", "Reason", "All tricks"]
    assert heads["pt_BR"][2] == "Dupla em falta"
    assert back["en"] == back["pt_BR"] == back[None]
    assert "all_tricks: true" in back[None]


def test_the_codes_of_sueca_and_the_team_sheet():
    codes = [kind.code for kind in all_kinds()]
    sueca = list(finding_codes.KINDS)
    assert all(kind.code.startswith("S-") for kind in sueca)
    assert [kind.code for kind in sueca if kind.code.endswith("-UNFINISHED")] == ["S-UNFINISHED"]
    assert finding_codes.UNFINISHED.rule == GAME.unfinished.rule and GAME.code_prefix == "S"
    assert GAME.workbook_language == "pt_PT"
    assert {"TEAM-NOT-AT-TABLE", "TEAM-VALUE-COUNT", "TEAM-VALUE-MISSING"} <= set(codes)
    assert len(codes) == len(set(codes))


def test_an_unfinished_game_has_suecas_code(tmp_path):
    sheet = new(tmp_path, "sueca")
    assert run("record", sheet, "72", "48").exit_code == 0
    result = run("--lang", "pt_PT", "check", "--require-complete", sheet)
    assert result.exit_code == 1
    assert f"{sheet}:1: erro [S-UNFINISHED]: " in result.output and result.output.rstrip().count("\n") == 1
