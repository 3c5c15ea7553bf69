"""Truco in Portuguese (issue 11): the prompts, the findings with their codes, the rules, the
show table and the ficha, in Brazil's Portuguese (the FURB regulation's, and the ficha's own
language) and Portugal's; a ficha written in any language reads back as the same sheet."""

from __future__ import annotations

import openpyxl
import pytest
import yaml
from conftest import EXAMPLES, new_team_sheet, run

from scorekeeper import games, i18n
from scorekeeper.core.check import check_file

DISPUTED = EXAMPLES / "truco-disputed-partida2.yaml"

HELP = {
    "pt_BR": [
        "Digite a dupla vencedora (ou um de seus jogadores) e o valor da mão: Nos 3",
        "(só Nos vale 1). Ou: recusou DUPLA (mão de onze recusada), anulada (erro na distribuição),",
        "truco-na-mao-de-onze DUPLA ou olhar-baralho DUPLA (a dupla em falta). q encerra.",
    ],
    "pt_PT": [
        "Escreva a equipa vencedora (ou um dos seus jogadores) e o valor da mão: Nos 3",
        "(só Nos vale 1). Ou: recusou EQUIPA (mão de onze recusada), anulada (má distribuição),",
        "truco-na-mao-de-onze EQUIPA ou olhar-baralho EQUIPA (a equipa em falta). q termina.",
    ],
}
AT_FAULT = {"pt_BR": "Dupla em falta: ", "pt_PT": "Equipa em falta: "}
DECLINED = {"pt_BR": "Dupla com onze que recusou: ", "pt_PT": "Equipa com onze que recusou: "}


@pytest.fixture
def speaking():
    """i18n.use(language) for a test that calls the game directly; English again afterwards."""
    yield lambda language: i18n.use(language)
    i18n.use(i18n.SOURCE)


@pytest.mark.parametrize("language", ["pt_BR", "pt_PT"])
def test_the_prompts_speak_portuguese(tmp_path, language):
    path = new_team_sheet(tmp_path, "truco")
    # A value Truco has not, then a hand worth 3; a dealer who looked, whose team is asked; a
    # declined mao de onze, whose team is asked, and q there.
    done = run("--lang", language, "record", path, input="Nos 4\nNos 3\nolhar-baralho\nEles\nrecusou\nq\n")
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[:3] == HELP[language]
    first = (
        "Mão 1: vencedor e valor (ex.: Nos 3): " if language == "pt_BR" else "Mão 1: vencedor e valor (p. ex. Nos 3): "
    )
    # The runner echoes what is typed after each prompt.
    assert lines[3:6] == [first + "Nos 4", lines[4], first + "Nos 3"]
    assert lines[4].startswith("  uma mão vale 1, 3, 6, 9, 12, não 4; ")  # then typed_input's "try again"
    second, third = (first.replace("Mão 1", f"Mão {n}") for n in (2, 3))
    assert lines[lines.index(second + "olhar-baralho") + 1] == AT_FAULT[language] + "Eles"
    assert lines[lines.index(third + "recusou") + 1] == DECLINED[language] + "q"
    hands = yaml.safe_load(path.read_text(encoding="utf-8"))["hands"]
    assert hands == [{"winner": "Nos", "value": 3}, {"penalty": "olhar-baralho", "team": "Eles"}]


def test_a_typed_hand_is_refused_in_portuguese(tmp_path):
    path = new_team_sheet(tmp_path, "truco")
    done = run("--lang", "pt_BR", "record", path, "anulada", "3")
    assert done.exit_code != 0
    assert done.output.endswith(f"{path}: anulada não leva nada depois, não '3'\n")
    done = run("--lang", "pt_PT", "record", path, "Nos", "5")
    assert done.output.endswith(f"{path}: uma mão vale 1, 3, 6, 9, 12, não 5\n")


SHEET = """\
rules: truco
teams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}
hands:
  - {mao_de_onze: declined, team: Nos}
  - {penalty: olhar-baralho}
  - {winner: Nos, value: 4}
  - {void: bogus}
  - {winner: Eles, value: 9}
  - {winner: Eles}
  - {winner: Eles, value: 3, raised_by: Carla}
"""

FINDINGS = {
    "pt_BR": [
        "4: erro [TR-ART17-DECLINE-NOT-AT-ELEVEN]: mão 1: só a dupla que está sozinha com 11 pode recusar a mão "
        "(Nos 0, Eles 0) [Art 17]",
        "5: erro [TR-PENALTY-NO-TEAM]: mão 2: olhar-baralho precisa da dupla em falta (`team: ...`) [Art 6, Art 16]",
        "6: erro [TR-ART13-VALUE]: mão 3: uma mão vale 1, 3, 6, 9, 12, não 4 [Art 13]",
        "7: erro [TR-ART7-VOID-UNKNOWN]: mão 4: anulação desconhecida 'bogus'; permitidas: misdeal [Art 7]",
        "10: erro [TR-ART16-RAISED-AT-ELEVEN]: mão 7: Eles, com 11, trucou: a outra dupla marca 3 [Art 16]",
    ],
    "pt_PT": [
        "4: erro [TR-ART17-DECLINE-NOT-AT-ELEVEN]: mão 1: só a equipa que está sozinha com 11 pode recusar a mão "
        "(Nos 0, Eles 0) [Art 17]",
        "5: erro [TR-PENALTY-NO-TEAM]: mão 2: olhar-baralho precisa da equipa em falta (`team: ...`) [Art 6, Art 16]",
        "6: erro [TR-ART13-VALUE]: mão 3: uma mão vale 1, 3, 6, 9, 12, não 4 [Art 13]",
        "7: erro [TR-ART7-VOID-UNKNOWN]: mão 4: anulação desconhecida 'bogus'; permitidas: misdeal [Art 7]",
        "10: erro [TR-ART16-RAISED-AT-ELEVEN]: mão 7: Eles, com 11, pediu truco: a outra equipa marca 3 [Art 16]",
    ],
}


@pytest.mark.parametrize("language", ["pt_BR", "pt_PT"])
def test_findings_in_portuguese_with_their_codes(tmp_path, language):
    path = tmp_path / "truco.yaml"
    path.write_text(SHEET, encoding="utf-8")
    checked = run("--lang", language, "check", path)
    assert checked.exit_code == 1
    assert [line for line in checked.output.splitlines() if " [TR-" in line] == [
        f"{path}:{line}" for line in FINDINGS[language]
    ]
    report = run("--lang", language, "check", "--format", "json", path)
    (sheet,) = yaml.safe_load(report.output)  # JSON is YAML
    assert [(f["severity"], f["code"], f["rule"]) for f in sheet["findings"]] == [
        ("error", "TR-ART17-DECLINE-NOT-AT-ELEVEN", "Art 17"),
        ("error", "TR-PENALTY-NO-TEAM", "Art 6, Art 16"),
        ("error", "TR-ART13-VALUE", "Art 13"),
        ("error", "TR-ART7-VOID-UNKNOWN", "Art 7"),
        ("error", "TR-ART16-RAISED-AT-ELEVEN", "Art 16"),
    ]
    assert sheet["findings"][2]["message"] == "mão 3: uma mão vale 1, 3, 6, 9, 12, não 4"


@pytest.mark.parametrize(
    "language, counts",
    [
        ("pt_BR", ["0 registros feitos", "1 registro feito", "2 registros feitos"]),  # 0 is plural (issue 16)
        ("pt_PT", ["0 registos feitos", "1 registo feito", "2 registos feitos"]),
    ],
)
def test_an_unfinished_match_counts_its_hands_in_each_plural(tmp_path, language, counts):
    for recorded, count in enumerate(counts):
        path = tmp_path / f"truco{recorded}.yaml"
        hands = [{"winner": "Nos"}] * recorded
        path.write_text(
            yaml.safe_dump(
                {"rules": "truco", "teams": {"Nos": ["Ana", "Bruno"], "Eles": ["Carla", "Duarte"]}, "hands": hands},
                sort_keys=False,
            ),
            encoding="utf-8",
        )
        checked = run("--lang", language, "check", "--require-complete", path)
        assert (
            f"{path}:1: erro [TR-UNFINISHED]: o jogo não está completo: {count} [Art 14]" in checked.output.splitlines()
        )


def test_the_rules_in_brazils_words():
    shown = run("--lang", "pt_BR", "rules", "show", "truco").output.splitlines()
    rows = [line.split("  ", 1)[0] + " | " + line.split("  ", 1)[1].strip() for line in shown[-7:]]
    assert rows == [
        "duplas | 2 de 2",
        "jogo | até 12, melhor de 3",
        "valores da mão | 1, 3, 6, 9, 12",
        "mão de onze | com 11: trucar dá 3 à outra dupla, recusar 1, perder 3; as duas com 11: vale 1",
        "carteador olhou o baralho | 1 para a outra dupla",
        "mãos anuladas | erro na distribuição",  # the shipped void in Brazil's words (issue 16)
        "classificação | partidas, depois jogos, depois tentos",
    ]


def test_the_show_table_heads_and_kinds_in_portuguese(speaking):
    result = check_file(str(DISPUTED))
    speaking("pt_BR")
    ((_title, headers, rows, _numeric),) = games.get("truco").show_tables(result)
    assert [str(h) for h in headers] == [
        "#",
        "jogo",
        "mão",
        "detalhe",
        "Nos +",
        "Eles +",
        "Nos placar",
        "Eles placar",
        "Nos jogos",
        "Eles jogos",
    ]
    assert [row[2] for row in rows[5:9]] == ["mão de onze", "mão de onze", "mão", "truco-na-mao-de-onze"]
    speaking("pt_PT")
    headers = games.get("truco").show_tables(result)[0][1]
    assert [str(h) for h in headers][6:8] == ["Nos marcador", "Eles marcador"]


# --- the ficha ---------------------------------------------------------------------------------

HEADS = {  # row 5, from A: the row's own columns, each team's block, Nota and Observação
    "pt_BR": [
        "Nº",
        "Vencedor",
        "Valor",
        "Pediu",
        "Ocorrência",
        "Dupla",
        "Jogo",
        *["Início", "Ganhos", "Placar", "Jogos"] * 2,
        "Nota",
        "Observação",
    ],
    "pt_PT": [
        "Nº",
        "Vencedor",
        "Valor",
        "Pediu",
        "Ocorrência",
        "Equipa",
        "Jogo",
        *["Início", "Ganhos", "Marcador", "Jogos"] * 2,
        "Nota",
        "Observação",
    ],
    "en": [
        "No.",
        "Winner",
        "Value",
        "Raised",
        "Incident",
        "Team",
        "Game",
        *["Start", "Gained", "Score", "Games"] * 2,
        "Note",
        "Remark",
    ],
}
WORDS = {  # the title, Vencedor under the table, the standing's words, and the notes' first line
    "pt_BR": (
        "Ficha de Pontuação",
        "Vencedor",
        '"Jogo","Jogos"',
        "1. erro [TR-ART13-VALUE]: mão 2: uma mão vale 1, 3, 6, 9, 12, não 2 [Art 13]",
    ),
    "pt_PT": (
        "Ficha de Pontuação",
        "Vencedor",
        '"Jogo","Jogos"',
        "1. erro [TR-ART13-VALUE]: mão 2: uma mão vale 1, 3, 6, 9, 12, não 2 [Art 13]",
    ),
    "en": (
        "Score sheet",
        "Winner",
        '"Game","Games"',
        "1. error [TR-ART13-VALUE]: hand 2: a hand is worth 1, 3, 6, 9, 12, not 2 [Art 13]",
    ),
}


def _export(tmp_path, *lang) -> tuple[str, openpyxl.worksheet.worksheet.Worksheet]:
    out = tmp_path / f"truco{'-'.join(lang)}.xlsx"
    done = run(*lang, "export", DISPUTED, "-o", out)
    assert done.exit_code == 0, done.output
    return out, openpyxl.load_workbook(out).worksheets[-1]


@pytest.mark.parametrize("language", ["pt_BR", "pt_PT", "en"])
def test_the_ficha_is_written_in_its_language(tmp_path, language):
    # Truco's ficha speaks Brazil's Portuguese unless another language is chosen.
    _out, ws = _export(tmp_path, *(() if language == "pt_BR" else ("--lang", language)))
    assert [c.value for c in ws[5]][:17] == HEADS[language]
    title, winner, words, note = WORDS[language]
    assert ws["A1"].value == f"{title} — Truco (Regulamento Truco Misto, FURB)"
    values = [c.value for row in ws.iter_rows(min_row=20) for c in row if isinstance(c.value, str)]
    assert winner in values and note in values
    assert any(value.endswith(words + ")") for value in values)  # =IF(C23=1,"Jogo","Jogos")


def test_a_clean_ficha_says_it_checks_out(tmp_path):
    out = tmp_path / "furb.xlsx"
    assert run("export", EXAMPLES / "truco-furb-partida1.yaml", "-o", out).exit_code == 0
    values = [c.value for row in openpyxl.load_workbook(out).worksheets[-1].iter_rows() for c in row]
    assert "Sem observações: a ficha confere." in values


def test_a_ficha_in_english_reads_back_as_the_sheet_it_was(tmp_path):
    english, ws = _export(tmp_path, "--lang", "en")
    brazilian, _ws = _export(tmp_path)
    back = {}
    for name, path, lang in (("en", english, "en"), ("pt_BR", brazilian, "en"), ("en in pt_BR", english, "pt_BR")):
        target = tmp_path / f"{name}.yaml"
        run("--lang", lang, "import", path, "-o", target)
        back[name] = target.read_text(encoding="utf-8")
    assert back["en"] == back["pt_BR"] == back["en in pt_BR"]
    doc = yaml.safe_load(back["en"])
    original = yaml.safe_load(DISPUTED.read_text(encoding="utf-8"))
    assert doc["teams"] == original["teams"] and len(doc["hands"]) == len(original["hands"])
    # The English ficha's findings, checked in Portuguese, at the cells they are about.
    checked = run("--lang", "pt_BR", "check", english).output.splitlines()
    assert (
        f"{english}:{ws.title}!C7: erro [TR-ART13-VALUE]: mão 2: uma mão vale 1, 3, 6, 9, 12, não 2 [Art 13]" in checked
    )
    assert [line.split(": erro [")[1].split("]")[0] for line in checked if ": erro [" in line] == [
        f.code for f in check_file(str(DISPUTED)).findings
    ]
