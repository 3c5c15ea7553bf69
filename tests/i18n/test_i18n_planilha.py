"""The Quatrilho planilha in English, Portuguese of Portugal and of Brazil (issue 11): every word
it prints is in the workbook's language (pt_BR unless --lang chooses another), and a planilha
written in any of the three is read back entry for entry, its findings at their cells with their
codes, whatever language the command speaks."""

from __future__ import annotations

import openpyxl
import pytest
import recalc
from conftest import EXAMPLES, run
from workbook_heads import QUATRILHO_PLANILHA_HEADS_PT

from scorekeeper import i18n
from scorekeeper.core.check import check_file
from scorekeeper.finding_codes import all_kinds
from scorekeeper.quatrilho import workbook_finding_codes as planilha_finding_codes
from scorekeeper.quatrilho.workbook_layout import GROUPS, META_HEADS, OWN_LABELS, REMARK_HEAD, label_id
from scorekeeper.quatrilho.workbook_read import person_heads
from scorekeeper.rulebook.registry import find
from scorekeeper.sheet.load import load_sheet
from scorekeeper.sheet.vocabulary import normalize
from scorekeeper.workbook import layout as L

LANGUAGES = ("en", "pt_PT", "pt_BR")
ROUNDS = ["quatrilho-cbqi-mesa7.yaml", "quatrilho-cbqi-mesa9.yaml", "quatrilho-disputed-mesa3.yaml"]
TITLE = find("quatrilho").title

# What the planilha says, per language: the title, the header labels (Evento, Mesa, Ronda, Data;
# Regras, Fiscal, Jogos da ronda), the row's own heads (A-L), the groups' titles, each group's
# heads for a player and a coringa, the heads after the people's (Conta to Observação, then the
# hidden ones), the bottom's labels, Confere, Notas, and the line of a planilha with no findings.
WORDS = {
    "en": {
        "title": "Chip Sheet",
        "labels": ["Event", "Table", "Round", "Date", "Rules", "Referee", "Deals in the round"],
        "heads": [
            "No.",
            "Dealer",
            "Entry",
            "Who",
            "Partner / Giver",
            "Figuras",
            "Tricks",
            "Coringa",
            "Fine",
            "Fined",
            "Fine 2",
            "Fined 2",
        ],
        "groups": ["Figuras (rolar)", "Chips written", "Chips of the row", "Running chips"],
        "people": [
            ("Figuras", "Figuras (coringa)"),
            ("Written", "Written (coringa)"),
            ("Chips", "Chips (coringa)"),
            ("Balance", "Balance (coringa)"),
        ],
        "after": ["Counted", "Sum", "Check", "Note", "Remark", None, "Deal", "Dealer (Q1)", "1st coringa"],
        "bottom": ["Chips at the end", "Talhas", "Net for the round"],
        "confere": "Adds up",
        "notes": "Notes",
        "clean": "No findings: the planilha adds up.",
        "no": "no",
        "error": "ERROR",
        "between": "0 to 35",
    },
    "pt_PT": {
        "title": "Folha de Fichas",
        "labels": ["Evento", "Mesa", "Ronda", "Data", "Regras", "Fiscal", "Jogos da ronda"],
        "heads": QUATRILHO_PLANILHA_HEADS_PT,
        "groups": ["Figuras (rolar)", "Fichas escritas", "Fichas da linha", "Fichas acumuladas"],
        "people": [
            ("Figuras", "Figuras (coringa)"),
            ("Escritas", "Escritas (coringa)"),
            ("Fichas", "Fichas (coringa)"),
            ("Saldo", "Saldo (coringa)"),
        ],
        "after": ["Conta", "Soma", "Controlo", "Nota", "Observação", None, "Jogo", "Dá (Q1)", "1º coringa"],
        "bottom": ["Fichas no fim", "Talhas", "Saldo da ronda"],
        "confere": "Confere",
        "notes": "Notas",
        "clean": "Sem observações: a folha confere.",
        "no": "não",
        "error": "ERRO",
        "between": "0 a 35",
    },
}
# Brazil's is the planilha as it always was, but for the round: the CBQI's "rodada" (Art 5, 8, 10)
WORDS["pt_BR"] = {
    **WORDS["pt_PT"],
    "title": "Planilha de Fichas",
    "labels": ["Evento", "Mesa", "Rodada", "Data", "Regras", "Fiscal", "Jogos da rodada"],
    "bottom": ["Fichas no fim", "Talhas", "Saldo da rodada"],
    "clean": "Sem observações: a planilha confere.",
}
# Conta's explanation under the Notas, when an entry could not be scored
EXPLAINED = {
    "en": 'Counted "no": an entry the check cannot count (see the notes); the row moves no chips, as in the program, '
    "and the sums are the program's.",
    "pt_PT": 'Conta "não": uma entrada que a verificação não pode contar (ver as notas); a linha não move fichas, como '
    "no programa, e as somas são as dele.",
}
EXPLAINED["pt_BR"] = EXPLAINED["pt_PT"]


def _export(tmp_path, language: str | None, *names: str):
    """The examples `names` exported in `language` (None: no --lang, the planilha's own pt_BR)."""
    out = tmp_path / f"{language or 'default'}-{'-'.join(name[10:-5] for name in names)}.xlsx"
    chosen = ("--lang", language) if language else ()
    result = run(*chosen, "export", *(EXAMPLES / name for name in names), "-o", out)
    assert result.exit_code == 0, result.output
    return out


def _entries(path) -> tuple:
    sheet = load_sheet(str(path))
    header = (sheet.players, sheet.event, sheet.table, sheet.round, sheet.date, sheet.scorer, sheet.round_deals)
    return header, [dict(entry.item) for entry in sheet.entries]


def _report(result) -> tuple:
    return (
        [(f.severity, f.code, f.message, f.rule, f.hand, f.player) for f in result.findings],
        result.totals,
        result.extra["chips"],
        result.complete,
    )


# --- the words ----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_of_the_planilha_is_in_its_language(tmp_path, language):
    """The disputed round (six people: every group, a coringa's heads, Conta's "não") and a clean
    round (its Notas say it adds up)."""
    words = WORDS[language]
    ws = openpyxl.load_workbook(_export(tmp_path, language, "quatrilho-disputed-mesa3.yaml")).worksheets[0]
    assert ws["A1"].value == f"{words['title']} — {TITLE}"
    assert ws.oddHeader.center.text == f"{words['title']} — {TITLE}"
    assert [ws[c].value for c in ("B2", "F2", "I2", "L2", "B3", "F3", "I3")] == words["labels"]
    assert [ws[c].value for c in ("C2", "G2", "J2", "C3", "G3", "K3")] == [
        "4o CBQI",
        3,
        4,
        "quatrilho",
        "Fiscal Rosa",
        12,
    ]
    assert [ws.cell(5, c).value for c in range(1, 13)] == words["heads"]
    # five players and the coringa Zeca: Figuras (rolar) M-R, Escritas S-X, Fichas Y-AD, Saldo AE-AJ
    assert [ws.cell(3, c).value for c in (13, 19, 25, 31)] == words["groups"]
    assert [(ws.cell(5, c).value, ws.cell(5, c + 5).value) for c in (13, 19, 25, 31)] == words["people"]
    assert [ws.cell(5, c).value for c in range(37, 46)] == words["after"]
    assert [ws.cell(r, 21).value for r in (26, 27, 28)] == words["bottom"]
    assert ws["AK28"].value == words["confere"]
    assert ws["B30"].value == words["notes"]
    assert ws["B42"].value == EXPLAINED[language]
    # Conta: the entries the CLI could not score, in the planilha's word; the formulas take any
    assert [r for r in range(6, 25) if ws.cell(r, 37).value == words["no"]] == [7, 8, 9, 10, 17]
    assert 'IF(NOT(AND($AK7<>"no",$AK7<>"não")),0,' in ws["Y7"].value
    assert (
        ws["AM7"].value == f'=IF(AND(AND($C7<>"",$C7<>"atraso",$C7<>"saída",$C7<>"talha"),'
        f'AND($AK7<>"no",$AK7<>"não")),IF(AL7=0,"OK","{words["error"]}"),"")'
    )
    assert [dv.error for dv in ws.data_validations.dataValidation if dv.error][0] == words["between"]
    clean = openpyxl.load_workbook(_export(tmp_path, language, "quatrilho-cbqi-mesa9.yaml")).worksheets[0]
    assert [clean["B40"].value, clean["B41"].value] == [words["notes"], words["clean"]]


def test_without_lang_the_planilha_speaks_brazil_s_portuguese(tmp_path):
    ws = openpyxl.load_workbook(_export(tmp_path, None, "quatrilho-cbqi-mesa9.yaml")).worksheets[0]
    assert ws["A1"].value == f"Planilha de Fichas — {TITLE}"
    assert [ws[c].value for c in ("B2", "F2", "I2", "L2", "B3", "F3", "I3")] == WORDS["pt_BR"]["labels"]
    assert [ws.cell(5, c).value for c in range(1, 13)] == WORDS["pt_BR"]["heads"]


def test_each_head_is_one_column_s_in_every_language():
    """Import tells the per-person columns apart by their heads, in any language: no spelling of
    one is a spelling of another; and the heads of the row's own columns are distinct."""
    seen: dict[str, tuple] = {}
    for group, (_title, *heads) in enumerate(GROUPS):
        for coringa, head in enumerate(heads):
            for spelling in i18n.spellings(head):
                assert seen.setdefault(normalize(spelling), (group, coringa)) == (group, coringa), spelling
    assert person_heads() == {key: (group, bool(coringa)) for key, (group, coringa) in seen.items()}
    for language in LANGUAGES:
        with i18n.speaking(language):
            said = [normalize(i18n._(head)) for head in META_HEADS]
            assert len(set(said)) == len(said), language
            assert normalize(i18n._(REMARK_HEAD)) not in seen


def test_a_planilha_written_before_its_labels_were_translated_is_still_read():
    """Today's pt_BR words were the planilha's only ones: Ronda and Jogos da ronda, now Portugal's."""
    assert L.info_key("Ronda") == "round" and L.info_key("Rodada") == "round"
    assert L.is_label("Jogos da ronda", label_id("round_deals")) and L.is_label(
        "JOGOS DA RODADA", OWN_LABELS["round_deals"]
    )
    assert all(L.is_label(old, head) for old, head in zip(WORDS["pt_BR"]["heads"], META_HEADS))


# --- read back in any language -------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_three_rounds_in_each_language_read_back_entry_for_entry(tmp_path, language):
    out = _export(tmp_path, language, *ROUNDS)
    titles = openpyxl.load_workbook(out).sheetnames[1:]  # after the Resumo, one per round
    for reader in ("en", "pt_BR" if language != "pt_BR" else "pt_PT"):  # read whatever the command speaks
        folder = tmp_path / f"back-{reader}"
        folder.mkdir()
        assert run("--lang", reader, "import", out, "-o", folder).exit_code == 1  # the disputed round's errors
        for name, title in zip(ROUNDS, titles):
            back = folder / f"{title.replace(' ', '-')}.yaml"
            assert _entries(back) == _entries(EXAMPLES / name), (name, reader)
            assert _report(check_file(str(back))) == _report(check_file(str(EXAMPLES / name))), (name, reader)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_blank_in_each_language_filled_in_by_hand_is_imported(tmp_path, language):
    out = tmp_path / "blank.xlsx"
    assert (
        run(
            "--lang",
            language,
            "export",
            "--blank",
            "quatrilho",
            "-p",
            "Ari",
            "-p",
            "Bia",
            "-p",
            "Caio",
            "-p",
            "Davi",
            "-p",
            "Eva",
            "--table",
            "7",
            "-o",
            out,
        ).exit_code
        == 0
    )
    wb = openpyxl.load_workbook(out)
    ws = wb.active
    assert [ws.cell(5, c).value for c in (13, 19, 25, 31)] == [heads[0] for heads in WORDS[language]["people"]]
    remark = next(c for c in range(37, 50) if ws.cell(5, c).value == WORDS[language]["after"][4])
    typed = {
        "C6": "atraso",
        "D6": "Eva",
        "H6": "Zeca",
        "B7": "Ari",
        "C7": "normal",
        "D7": "Bia",
        "E7": "Davi",
        "F7": 22,
        "C8": "rolar",
        "M8": 10,
        "O8": 12,
        "P8": 8,
        "R8": 5,
        "S8": 0,
    }
    for cell, value in typed.items():
        ws[cell] = value
    ws.cell(7, remark).value = "conferido"
    wb.save(out)
    back = tmp_path / "back.yaml"
    imported = run("import", out, "-o", back)
    assert imported.exit_code == 1, imported.output
    # Ari's chips written (Escritas, S8) on a rolar whose second and third do not tie: found at its cell
    checked = run("check", out).output
    assert checked.startswith(f"{out}:{ws.title}!S8: error [Q-ART18-CHIPS-DIFFER]: deal 2 (dealer Bia): chips: ")
    assert back.read_text(encoding="utf-8").splitlines()[3:] == [
        "deals:",
        "  - {late: Eva, coringa: Zeca}",
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22, note: conferido}",
        "  - {contract: rolar, figuras: {Ari: 10, Caio: 12, Davi: 8, Zeca: 5}, chips: {Ari: 0}}",
    ]


# --- findings and refusals at their cells --------------------------------------------------------

# Dá typed B8 = Caio on deal 2, which Bia deals (Q1): as the check says it in each language, of a
# planilha whose Dá column is headed `head`.
DEALER_FINDING = {
    "en": "error [Q-Q1-DEALER-CELL]: deal 2 (dealer Bia): {head} says 'Caio', but deal 2 is dealt by Bia [Q1]",
    "pt_PT": "erro [Q-Q1-DEALER-CELL]: jogada 2 (dá Bia): {head} diz 'Caio', mas quem dá a jogada 2 é Bia [Q1]",
    "pt_BR": "erro [Q-Q1-DEALER-CELL]: carteada 2 (carteiro Bia): {head} diz 'Caio', mas o carteiro da carteada 2 é "
    "Bia [Q1]",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_typed_da_that_is_not_the_dealer_is_found_with_its_code_in_any_language(tmp_path, language):
    out = _export(tmp_path, language, "quatrilho-cbqi-mesa7.yaml")
    wb = openpyxl.load_workbook(out)
    ws = wb.worksheets[0]
    ws["B8"] = "Caio"
    wb.save(out)
    head = WORDS[language]["heads"][1]  # the head of Dá as this planilha writes it
    for speaking in LANGUAGES:
        checked = run("--lang", speaking, "check", out)
        assert checked.exit_code == 1
        assert checked.output.splitlines()[0] == f"{out}:{ws.title}!B8: " + DEALER_FINDING[speaking].format(
            head=head
        ), speaking
    as_json = run("check", "--format", "json", out)
    assert '"code": "Q-Q1-DEALER-CELL"' in as_json.output


def test_a_cell_its_row_does_not_read_is_refused_naming_the_planilha_s_own_heads(tmp_path):
    """A coringa typed on a contract's row of an English planilha: the refusal names the columns
    as that planilha heads them, in the sentence of the language the command speaks."""
    out = _export(tmp_path, "en", "quatrilho-cbqi-mesa9.yaml")
    wb = openpyxl.load_workbook(out)
    ws = wb.worksheets[0]
    ws["H6"] = "Zeca"
    wb.save(out)
    where = f"{out}:{ws.title}!H6"
    assert run("import", out, "-o", tmp_path / "back.yaml").output == (
        f"Error: {where}: Coringa: 'Zeca' on a row of Entry 'normal': a coringa is written on an atraso or saida row, "
        "the seat he takes (Art 12, Q10)\n"
    )
    assert run("--lang", "pt_BR", "import", out, "-o", tmp_path / "back.yaml").output == (
        f"Erro: {where}: Coringa: 'Zeca' em uma linha de Entry 'normal': o coringa é escrito em uma linha de atraso "
        "ou saida, o lugar que ele ocupa (Art 12, Q10)\n"
    )
    assert run("--lang", "pt_PT", "import", out, "-o", tmp_path / "back.yaml").output == (
        f"Erro: {where}: Coringa: 'Zeca' numa linha de Entry 'normal': um coringa escreve-se numa linha de atraso ou "
        "saida, o lugar que ocupa (Art 12, Q10)\n"
    )


def test_the_planilha_s_finding_codes_are_listed_with_quatrilho_s():
    assert [(k.code, k.rule) for k in planilha_finding_codes.KINDS] == [
        ("Q-Q1-DEALER-CELL", "Q1"),
        ("Q-CELL-FORMULA", "planilha"),
    ]
    assert planilha_finding_codes.DEALER_CELL in all_kinds() and planilha_finding_codes.CELL_FORMULA in all_kinds()
    with i18n.speaking("pt_BR"):
        assert (
            i18n._(planilha_finding_codes.DEALER_CELL.meaning)
            == "o carteiro digitado na linha de uma carteada não é o carteiro dela"
        )


# --- recalculated --------------------------------------------------------------------------------


@pytest.fixture(params=[recalc.LIBREOFFICE, recalc.GNUMERIC], ids=["libreoffice", "gnumeric"])
def engine(request):
    request.param.require()
    return request.param


def test_an_english_planilha_recalculates_to_the_cli_numbers(engine, tmp_path):
    """Its formulas compare Conta's "no" and say ERROR: the same numbers as the pt_BR one's."""
    name = "quatrilho-disputed-mesa3.yaml"
    out = _export(tmp_path, "en", name)
    exported = openpyxl.load_workbook(out).worksheets[0]
    values = engine.workbook(out, tmp_path).worksheets[0]
    expect, unchecked = recalc.planilha_expected(load_sheet(str(EXAMPLES / name)), check_file(str(EXAMPLES / name)))
    expect = {cell: "ERROR" if value == "ERRO" else value for cell, value in expect.items()}
    assert recalc.assert_formulas(exported, values, expect, engine, unchecked) > 50
