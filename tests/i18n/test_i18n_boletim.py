"""The King boletim in every language scorekeeper speaks (issue 11): written in English, in the
Portuguese of Portugal (its default) or of Brazil, and read back from any of them entry for
entry; the refusals of a workbook, the import's errors and the typed totals' findings (with their
codes) said in Portuguese."""

from __future__ import annotations

import zipfile

import openpyxl
import pytest
from conftest import EXAMPLES, files_in, run
from workbook_heads import KING_BOLETIM_HEADS_PT

from scorekeeper.king.workbook_finding_codes import KINDS
from scorekeeper.sheet.load import load_sheet

FINAL = EXAMPLES / "king-final-nacional-mesa1.yaml"
DISPUTED = EXAMPLES / "king-disputed-mesa3.yaml"

# What each language writes: the worksheets' names, the title, the column heads (row 5, A to N,
# then X, Y and Z), the header labels (B2, F2, H2, J2, B3, F3), the labels of column B from the
# totals to the notes (rows 19-27, 29 and 44 of a game of 13 hand rows), the clean game's note,
# the Resumo's title and column heads, and the words of the zero check.
WRITTEN = {
    "en": {
        "sheets": ["Summary", "Table1 R1", "Table3 R1"],
        "title": "Score Sheet — King (Regulamento Nacional Interbancário)",
        "heads": [
            "No.",
            "Hand",
            "Beneficiary",
            "Contract",
            "Trump",
            "Offered by",
            "Tricks offered",
            "Penalty",
            "Offenders",
            "Value",
            "Units",
            "Qty",
            "Negatives",
            "Positives",
            "Total",
            "Control",
            "Remark",
        ],
        "labels": ["Event", "Table", "Round", "Date", "Rules", "Scorer (Art 6)"],
        "column_b": [
            "Totals",
            "Balance",
            "Player",
            "Balance",
            "Place",
            "Points (Art 15)",
            "Points per place",
            "Sum of balances",
            "Running balance",
            "Notes",
        ],
        "clean": "No findings: the boletim adds up.",
        "summary": [
            "Summary",
            "Worksheet",
            "Event",
            "Table",
            "Round",
            "Date",
            "Player / Team",
            "Result",
            "Table points",
            "Check / Winner",
            "Errors",
            "Status",
        ],
        "zero": ("Check (0)", '"OK","ERROR"'),
        "footer": "Page &P of &N",
    },
    "pt_PT": {
        "sheets": ["Resumo", "Mesa1 R1", "Mesa3 R1"],
        "title": "Boletim de Pontuação — King (Regulamento Nacional Interbancário)",
        "heads": KING_BOLETIM_HEADS_PT,
        "labels": ["Evento", "Mesa", "Ronda", "Data", "Regras", "Responsável (Art 6)"],
        "column_b": [
            "Totais",
            "Saldo",
            "Jogador",
            "Saldo",
            "Lugar",
            "Pontos (Art 15)",
            "Pontos por lugar",
            "Soma dos saldos",
            "Saldo acumulado",
            "Notas",
        ],
        "clean": "Sem observações: o boletim confere.",
        "summary": [
            "Resumo",
            "Folha",
            "Evento",
            "Mesa",
            "Ronda",
            "Data",
            "Jogador / Equipa",
            "Resultado",
            "Pontos de mesa",
            "Confere / Vencedor",
            "Erros",
            "Estado",
        ],
        "zero": ("Confere (0)", '"OK","ERRO"'),
        "footer": "Página &P de &N",
    },
    "pt_BR": {
        "sheets": ["Resumo", "Mesa1 R1", "Mesa3 R1"],
        "title": "Boletim de Pontuação — King (Regulamento Nacional Interbancário)",
        "heads": [
            "Nº",
            "Mão",
            "Beneficiário",
            "Contrato",
            "Trunfo",
            "Ofertante",
            "Vazas oferecidas",
            "Penalidade",
            "Infratores",
            "Valor",
            "Unidades",
            "Qtd",
            "Negativos",
            "Positivos",
            "Total",
            "Controle",
            "Observação",
        ],
        "labels": ["Evento", "Mesa", "Rodada", "Data", "Regras", "Responsável (Art 6)"],
        "column_b": [
            "Totais",
            "Saldo",
            "Jogador",
            "Saldo",
            "Colocação",
            "Pontos (Art 15)",
            "Pontos por colocação",
            "Soma dos saldos",
            "Saldo acumulado",
            "Notas",
        ],
        "clean": "Sem observações: o boletim confere.",
        "summary": [
            "Resumo",
            "Folha",
            "Evento",
            "Mesa",
            "Rodada",
            "Data",
            "Jogador / Equipe",
            "Resultado",
            "Pontos de mesa",
            "Confere / Vencedor",
            "Erros",
            "Situação",
        ],
        "zero": ("Confere (0)", '"OK","ERRO"'),
        "footer": "Página &P de &N",
    },
}


def export(tmp_path, *args, language=None, name="out.xlsx"):
    out = tmp_path / name
    chosen = ("--lang", language) if language else ()
    result = run(*chosen, "export", *args, "-o", out)
    assert result.exit_code == 0, result.output
    return out


def written(ws) -> dict:
    """What test WRITTEN expects of a game's worksheet, read from it."""
    return {
        "title": ws["A1"].value,
        "heads": [ws.cell(5, c).value for c in [*range(1, 15), 24, 25, 26]],
        "labels": [ws[cell].value for cell in ("B2", "F2", "H2", "J2", "B3", "F3")],
        "column_b": [ws.cell(r, 2).value for r in (19, 20, 22, 23, 24, 25, 26, 27, 29, 44)],
        "clean": ws["B45"].value,
        "zero": (ws["D27"].value, ws["E27"].value.split("IF(C27=0,", 1)[1].rstrip(")")),
        "footer": ws.oddFooter.right.text,
    }


def entries(path):
    sheet = load_sheet(str(path))
    return [
        (
            e.hand,
            e.counts,
            e.points,
            e.tricks,
            e.penalty,
            e.offenders,
            e.beneficiary,
            e.contract,
            e.trump,
            e.offer,
            e.note,
        )
        for e in sheet.entries
    ], (sheet.players, sheet.scorer, sheet.event, sheet.table, sheet.round, sheet.date)


@pytest.mark.parametrize("language", ["en", "pt_PT", "pt_BR"])
def test_the_boletim_is_written_in_the_language_chosen(tmp_path, language):
    wb = openpyxl.load_workbook(export(tmp_path, FINAL, DISPUTED, language=language))
    expected = WRITTEN[language]
    assert wb.sheetnames == expected["sheets"]
    game = written(wb.worksheets[1])
    assert game == {key: expected[key] for key in game}
    assert [wb.worksheets[1].cell(r, 2).value for r in range(6, 17)][-5:] == ["Festa"] * 5  # the game's own word
    summary = wb.worksheets[0]
    assert [summary["A1"].value] + [summary.cell(3, c).value for c in range(1, 12)] == expected["summary"]
    error = expected["zero"][1].split(",")[1]  # the Resumo says ERRO (ERROR) when the boletim's check does
    assert summary["K4"].value == f"=IF(OR(J4>0,'{expected['sheets'][1]}'!E27={error}),{error},\"OK\")"


def test_a_king_workbook_is_written_in_the_portuguese_of_portugal_by_default(tmp_path):
    wb = openpyxl.load_workbook(export(tmp_path, FINAL))
    game = written(wb.worksheets[0])
    assert game == {key: WRITTEN["pt_PT"][key] for key in game}
    assert wb.sheetnames == ["Mesa1 R1"]


@pytest.mark.parametrize("language", ["en", "pt_PT", "pt_BR"])
@pytest.mark.parametrize("reader", ["en", "pt_PT", "pt_BR"])
def test_a_boletim_in_any_language_comes_back_entry_for_entry(tmp_path, language, reader):
    workbook = export(tmp_path, FINAL, DISPUTED, language=language)
    folder = tmp_path / "back"
    folder.mkdir()
    result = run("--lang", reader, "import", workbook, "-o", folder)
    assert result.exit_code == 1, result.output  # the disputed sheet comes back with its errors
    sheets = WRITTEN[language]["sheets"][1:]
    assert files_in(folder) == sorted(f"{title.replace(' ', '-')}.yaml" for title in sheets)
    assert entries(folder / f"{sheets[0].replace(' ', '-')}.yaml") == entries(FINAL)
    assert entries(folder / f"{sheets[1].replace(' ', '-')}.yaml") == entries(DISPUTED)


# --- said in Portuguese ------------------------------------------------------------------------


def typed_over(tmp_path, language, cells):
    """FINAL exported in `language`, with `cells` typed over its formulas."""
    workbook = export(tmp_path, FINAL, language=language)
    wb = openpyxl.load_workbook(workbook)
    for cell, value in cells.items():
        wb.active[cell] = value
    wb.save(workbook)
    return workbook


TYPED = {"X8": -150, "M19": 240, "O20": 20}  # a hand's total, Ana's Negativos, Bruno's saldo


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_typed_totals_are_found_by_their_labels_in_any_language_and_said_in_portuguese(tmp_path, language):
    workbook = typed_over(tmp_path, language, TYPED)
    sheet = WRITTEN[language]["sheets"][1]
    result = run("--lang", "pt_PT", "check", workbook)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    where = f"{workbook}:{sheet}!"
    assert lines[-4:-1] == [
        f"{where}X8: erro [K-TYPED-HAND-TOTAL]: mão 3 (damas): o total escrito aqui é -150, mas os pontos da mão "
        "somam -200 [Regras: A contagem dos pontos]",
        f"{where}M19: erro [K-TYPED-COLUMN-TOTAL]: o total de Negativos de Ana escrito aqui é 240, mas os Negativos das mãos "
        "somam 250 [Regras: A contagem dos pontos]",
        f"{where}O20: erro [K-TYPED-SALDO]: o saldo de Bruno escrito aqui é 20, mas Positivos - Negativos é 15 "
        "[Regras: A contagem dos pontos]",
    ]
    assert {"K-TYPED-HAND-TOTAL", "K-TYPED-COLUMN-TOTAL", "K-TYPED-SALDO", "K-CELL-FORMULA"} == {
        kind.code for kind in KINDS
    }


def test_the_typed_totals_in_english(tmp_path):
    workbook = typed_over(tmp_path, "pt_PT", TYPED)
    lines = run("check", workbook).output.splitlines()
    assert lines[-4:-1] == [
        f"{workbook}:Mesa1 R1!X8: error [K-TYPED-HAND-TOTAL]: hand 3 (damas): the total written here is -150, but the "
        "hand's points add up to -200 [Regras: A contagem dos pontos]",
        f"{workbook}:Mesa1 R1!M19: error [K-TYPED-COLUMN-TOTAL]: Ana's Negativos total written here is 240, but the "
        "hands' Negativos add up to 250 [Regras: A contagem dos pontos]",
        f"{workbook}:Mesa1 R1!O20: error [K-TYPED-SALDO]: Bruno's saldo written here is 20, but Positivos - Negativos "
        "is 15 [Regras: A contagem dos pontos]",
    ]


@pytest.mark.parametrize(
    "language, cells, message",
    [
        ("pt_PT", {"R9": -1}, "R9: -1 é negativo; uma célula Qtd conta cartas ou vazas a partir de 0"),
        (
            "pt_PT",
            {"L4": "Anna"},
            "H3: Responsável (Art 6): 'Ana' não é nenhum dos jogadores indicados na linha 4 "
            "(Anna, Bruno, Carla, Duarte)",
        ),
        ("pt_BR", {"O4": "Ana"}, "O4: players: 'Ana' aparece duas vezes (linha 4)"),
        ("pt_BR", {"G13": "duas"}, "G13: 'duas': era esperado o número de vazas oferecidas"),
        ("pt_PT", {"M7": 2.5}, "M7: 2,5 não é um número inteiro"),
        ("pt_BR", {"M7": 1.0000000001}, "M7: 1,0000000001 não é um número inteiro"),  # issue 25: never "1"
        ("pt_BR", {"M7": -80}, "M7: -80: escreva os pontos sem sinal em Negativos e Positivos"),
    ],
)
def test_the_imports_refusals_in_portuguese(tmp_path, language, cells, message):
    workbook = typed_over(tmp_path, "en", cells)  # an English boletim, read by a Portuguese speaker
    result = run("--lang", language, "check", workbook)
    assert (result.exit_code, result.stderr) == (2, f"Erro: {workbook}:Table1 R1!{message}\n")


def test_a_hostile_workbook_is_refused_in_portuguese(tmp_path):
    strings = tmp_path / "strings.xlsx"
    with zipfile.ZipFile(strings, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/workbook.xml", "<workbook/>")
        archive.writestr("xl/sharedStrings.xml", "<sst>" + "<si><t>a</t></si>" * 100_001 + "</sst>")
    said = {language: run("--lang", language, "check", strings) for language in ("pt_PT", "pt_BR", "en")}
    assert {language: (result.exit_code, result.stderr) for language, result in said.items()} == {
        "pt_PT": (
            2,
            f"Erro: {strings}: o ficheiro contém mais de 100 000 cadeias partilhadas (em "
            "'xl/sharedStrings.xml'); um ficheiro de boletins precisa de alguns milhares\n",
        ),
        "pt_BR": (
            2,
            f"Erro: {strings}: o arquivo contém mais de 100.000 strings compartilhadas (em "
            "'xl/sharedStrings.xml'); um arquivo de boletins precisa de alguns milhares\n",
        ),
        "en": (
            2,
            f"Error: {strings}: the workbook holds more than 100,000 shared strings (in "
            "'xl/sharedStrings.xml'); a workbook of boletins needs a few thousand\n",
        ),
    }
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"just some text")
    result = run("--lang", "pt_PT", "check", broken)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Erro: {broken}: não é um ficheiro .xlsx (não é um ficheiro zip, ou está danificado)\n",
    )
    budget = tmp_path / "budget.xlsx"
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Orçamento"
    wb.save(budget)
    result = run("--lang", "pt_BR", "check", budget)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Erro: {budget}: não é um boletim do scorekeeper: nenhuma aba tem os cabeçalhos 'Regras' e 'Mão'\n",
    )
