"""The Quatrilho planilha (issue 9 point 5): export then import gives the same round back,
the disputed sheet's findings come back at their cells, a blank filled in by hand is read, and
every formula cell, recalculated by LibreOffice and by Gnumeric, equals the CLI's number."""

from __future__ import annotations

import openpyxl
import pytest
import recalc
import yaml
from conftest import EXAMPLES, run
from hypothesis import given, settings
from hypothesis import strategies as st
from random_games import round_entries
from workbook_heads import QUATRILHO_PLANILHA_HEADS_PT

from scorekeeper import i18n
from scorekeeper.core.check import check_file
from scorekeeper.output.findings_text import describe
from scorekeeper.quatrilho.workbook_layout import CHIPS_GROUP, FIG_GROUP, FIRST, Layout, blank_rows
from scorekeeper.rulebook.registry import find
from scorekeeper.sheet.load import load_sheet

ROUNDS = ["quatrilho-cbqi-mesa7.yaml", "quatrilho-cbqi-mesa9.yaml", "quatrilho-disputed-mesa3.yaml"]
TITLES = {
    "quatrilho-cbqi-mesa7.yaml": "Mesa7 R1",
    "quatrilho-cbqi-mesa9.yaml": "Mesa9 R2",
    "quatrilho-disputed-mesa3.yaml": "Mesa3 R4",
}
FIVE = ["-p", "Ari", "-p", "Bia", "-p", "Caio", "-p", "Davi", "-p", "Eva"]


def _entries(path) -> tuple:
    sheet = load_sheet(str(path))
    header = (sheet.players, sheet.event, sheet.table, sheet.round, sheet.date, sheet.scorer, sheet.round_deals)
    return header, [dict(entry.item) for entry in sheet.entries]


def _report(result) -> tuple:
    return (
        [(f.severity, f.message, f.rule, f.hand, f.player) for f in result.findings],
        result.totals,
        result.extra["chips"],
        result.complete,
    )


# --- export, import -----------------------------------------------------------------------------


def test_the_three_rounds_exported_then_imported_give_back_the_same_sheets(tmp_path):
    out = tmp_path / "rounds.xlsx"
    result = run("export", *(EXAMPLES / name for name in ROUNDS), "-o", out)
    assert result.exit_code == 0, result.output
    assert result.output == f"Wrote {out}: Resumo, Mesa7 R1, Mesa9 R2, Mesa3 R4\n"
    folder = tmp_path / "back"
    folder.mkdir()
    assert run("import", out, "-o", folder).exit_code == 1  # the disputed sheet's errors are reported
    for name in ROUNDS:
        back = folder / f"{TITLES[name].replace(' ', '-')}.yaml"
        assert _entries(back) == _entries(EXAMPLES / name), name
        assert _report(check_file(str(back))) == _report(check_file(str(EXAMPLES / name))), name


def test_the_issue_round_reads_back_as_typed(tmp_path):
    out, back = tmp_path / "mesa7.xlsx", tmp_path / "mesa7.yaml"
    assert run("export", EXAMPLES / "quatrilho-cbqi-mesa7.yaml", "-o", out).exit_code == 0
    assert run("import", out, "-o", back).exit_code == 0
    lines = back.read_text().splitlines()
    assert lines[:16] == [
        "rules: quatrilho",
        "event: 4o CBQI",
        "round: 1",
        "table: 7",
        "players: [Ari, Bia, Caio, Davi, Eva]",
        "deals:",
        "  - {late: Eva, coringa: Zeca}",
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22}",
        "  - {contract: normal, caller: Caio, partner: Caio, figuras: 20}",
        "  - {contract: normal, caller: Davi, partner: Zeca, figuras: 35, tricks: 10}",
        "  - {contract: solo-natural, player: Zeca, figuras: 19, tricks: 6}",
        "  - {contract: solo-preto, player: Ari, giver: Bia, figuras: 12, tricks: 4}",
        "  - {rebuy: Ari}",
        "  - {contract: solo-branco, player: Bia, tricks: 0}",
        "  - {contract: rolar, figuras: {Ari: 6, Caio: 6, Davi: 6, Zeca: 17}}",
        "  - {fine: negar-carta, player: Bia}",
    ]
    assert lines[16] == (
        "  - {contract: normal, caller: Ari, partner: Bia, figuras: 19, fines: [{fine: olhar-vazas, player: Zeca}]}"
    )
    checked = run("check", out)
    assert (checked.exit_code, checked.output) == (
        0,
        f"{out}:Mesa7 R1: clean (quatrilho, complete; Ari -191, Bia -112, Caio -5, Davi +306, Eva -200)\n",
    )


def test_the_planilha_layout(tmp_path):
    out = tmp_path / "mesa7.xlsx"
    assert run("export", EXAMPLES / "quatrilho-cbqi-mesa7.yaml", "-o", out).exit_code == 0
    ws = openpyxl.load_workbook(out)["Mesa7 R1"]
    assert ws["A1"].value == f"Planilha de Fichas — {find('quatrilho').title}"
    assert [ws[c].value for c in ("B2", "C2", "F2", "G2", "I2", "J2", "B3", "C3")] == [
        "Evento",
        "4o CBQI",
        "Mesa",
        7,
        "Rodada",
        1,
        "Regras",
        "quatrilho",
    ]
    assert [ws.cell(5, c).value for c in range(1, 13)] == QUATRILHO_PLANILHA_HEADS_PT
    # Figuras (rolar) M-R (the round has a rolar), Fichas da linha S-X, Fichas acumuladas Y-AD:
    # no Fichas escritas, as no entry has chips written
    assert [ws.cell(4, c).value for c in range(13, 19)] == ["Ari", "Bia", "Caio", "Davi", "Eva", "Zeca"]
    assert [ws.cell(5, c).value for c in (13, 18, 19, 24, 25, 30, 31, 32, 33, 34, 35)] == [
        "Figuras",
        "Figuras (coringa)",
        "Fichas",
        "Fichas (coringa)",
        "Saldo",
        "Saldo (coringa)",
        "Conta",
        "Soma",
        "Controlo",
        "Nota",
        "Observação",
    ]
    assert [ws.cell(3, c).value for c in (13, 19, 25)] == ["Figuras (rolar)", "Fichas da linha", "Fichas acumuladas"]
    # the hidden deal number, dealer by Q1 and first coringa, past the printed table
    assert [ws.cell(5, c).value for c in (37, 38, 39)] == ["Jogo", "Dá (Q1)", "1º coringa"]
    assert all(ws.column_dimensions[c].hidden for c in ("AK", "AL", "AM"))
    # entry 1: Eva late, Zeca her coringa; entry 2 dealt by Ari (he sits out); the rebuy row
    assert [ws.cell(6, c).value for c in range(1, 9)] == [1, None, "atraso", "Eva", None, None, None, "Zeca"]
    assert [ws.cell(7, c).value for c in range(1, 7)] == [2, "Ari", "normal", "Bia", "Davi", 22]
    assert [ws.cell(12, c).value for c in (1, 3, 4)] == [7, "talha", "Ari"]
    assert [ws.cell(14, c).value for c in range(13, 19)] == [6, None, 6, 6, None, 17]  # the rolar's figuras
    assert [ws.cell(16, c).value for c in (9, 10)] == ["olhar-vazas", "Zeca"]
    assert ws["I3"].value == "Jogos da rodada" and ws["K3"].value == "=30"  # the round's length, not typed
    assert ws.page_setup.orientation == "landscape" and int(ws.page_setup.paperSize) == 9  # A4
    assert ws.print_title_rows == "$2:$5"  # the header block on every page
    # 33 entries and 3 spare rows end on row 41; the chips at the end, talhas and net below
    assert [ws.cell(r, 15).value for r in (43, 44, 45)] == ["Fichas no fim", "Talhas", "Saldo da rodada"]
    assert ws["B47"].value == "Notas" and ws["B48"].value == "Sem observações: a planilha confere."


def test_the_disputed_round_is_checked_at_its_cells(tmp_path):
    out = tmp_path / "mesa3.xlsx"
    assert run("export", EXAMPLES / "quatrilho-disputed-mesa3.yaml", "-o", out).exit_code == 0
    checked = run("check", out)
    assert checked.exit_code == 1
    where = f"{out}:Mesa3 R4"
    # Quem D, Figuras F, Vazas G; the rolar's figuras from M; Carla's chips above (AG); Escritas from S
    cells = ["D7", "F8", "M9", "G10", "AG13", "D15", "D17", "S18", "T19", "V19", "A21"]
    findings = check_file(str(EXAMPLES / "quatrilho-disputed-mesa3.yaml")).findings
    assert [f.rule for f in findings] == [
        "Art 14",
        "Art 20.11",
        "Art 20.11",
        "Art 20.11",
        "Art 15",
        "Art 19",
        "Art 15",
        "Art 18.2",
        "Art 18.2",
        "Art 18.2",
        "Art 11",
    ]
    assert checked.output.splitlines() == [
        *(f"{where}!{cell}: {describe(f)}" for cell, f in zip(cells, findings)),
        f"{where}: 11 errors (quatrilho, complete; Ana -31, Beto -61, Carla -103, Duda +320, Edu -118)",
    ]
    ws = openpyxl.load_workbook(out)["Mesa3 R4"]
    notes = [ws.cell(r, 2).value for r in range(30, 45) if ws.cell(r, 2).value]
    assert notes[0] == "Notas"
    with i18n.speaking("pt_BR"):  # the Notas are the findings as the check says them in the planilha's language
        said = describe(check_file(str(EXAMPLES / "quatrilho-disputed-mesa3.yaml")).findings[0])
    assert notes[1] == f"1. {said}"
    assert notes[1].startswith("1. erro [Q-ART14-DEALER-PLAYS]: ") and notes[1].endswith(" [Art 14]")
    assert len(notes) == 13  # the heading, 11 findings, and what Conta "não" means
    assert notes[-1].startswith('Conta "não": uma entrada que a verificação não pode contar')
    assert [ws.cell(r, 40).value for r in (7, 14, 21)] == ["1", "5", "11"]  # the Nota column marks the rows
    # Conta: the entries the CLI could not score (deals 2-5 and Carla's fine once out) move no chips
    assert [r for r in range(6, 25) if ws.cell(r, 37).value == "não"] == [7, 8, 9, 10, 17]


# --- a blank filled in by hand ---------------------------------------------------------------------

# What a fiscal writes at table 7: Eva late with Zeca her coringa (the coringa's columns take
# his name from Coringa), then four deals of the issue's sheet, Dá written by hand.
TYPED = {
    "C6": "atraso",
    "D6": "Eva",
    "H6": "Zeca",
    "B7": "Ari",
    "C7": "normal",
    "D7": "Bia",
    "E7": "Davi",
    "F7": 22,
    "B8": "Bia",
    "C8": "normal",
    "D8": "Caio",
    "E8": "Caio",
    "F8": 20,
    "B9": "Caio",
    "C9": "rolar",
    "M9": 10,
    "N9": 12,
    "P9": 8,
    "R9": 5,
    "B10": "Davi",
    "C10": "solo-preto",
    "D10": "Ari",
    "E10": "Bia",
    "F10": 12,
    "G10": 4,
    "B11": "Zeca",
    "C11": "normal",
    "D11": "Ari",
    "E11": "Bia",
    "F11": 19,
    "I11": "olhar-vazas",
    "J11": "Caio",
}


def _blank(tmp_path):
    out = tmp_path / "blank.xlsx"
    result = run("export", "--blank", "quatrilho", *FIVE, "--table", "7", "--round", "1", "-o", out)
    assert result.exit_code == 0, result.output
    return out


def _typed(out, cells: dict) -> None:
    wb = openpyxl.load_workbook(out)
    for cell, value in cells.items():
        wb.active[cell] = value
    wb.save(out)


def test_a_blank_planilha_is_a_whole_round_to_write_in(tmp_path):
    out = _blank(tmp_path)
    ws = openpyxl.load_workbook(out).active
    assert ws.title == "Mesa7 R1"
    # the coringa's name: the first one named in Coringa (hidden column AS), unless typed over it
    assert [ws.cell(4, c).value for c in range(13, 19)] == ["Ari", "Bia", "Caio", "Davi", "Eva", '=IF(AS41="","",AS41)']
    assert ws["R5"].value == "Figuras (coringa)"
    assert [ws.cell(5, c).value for c in (37, 38, 39, 40, 41)] == ["Conta", "Soma", "Controlo", "Nota", "Observação"]
    assert ws["K3"].value == "=30"
    rows = [r for r in range(FIRST, 60) if isinstance(ws.cell(r, 1).value, int)]
    assert rows == list(range(FIRST, FIRST + 36))  # 30 deals and six late, out or talha rows
    # the table (353 character widths, Observação's 16 among them) is fitted to the page's 277 mm:
    # a row of 67 points prints 7.4 mm high, room to write in
    assert ws.row_dimensions[FIRST].height == 67
    assert ws.page_setup.orientation == "landscape" and ws.print_title_rows == "$2:$5"
    report = run("check", out).output  # (how the CLI words the count of entries is not the planilha's)
    assert report.startswith(f"{out}:Mesa7 R1: clean (quatrilho, in progress, 0 ")
    assert report.endswith(" recorded; Ari 0, Bia 0, Caio 0, Davi 0, Eva 0)\n")


def test_a_blank_filled_in_by_hand_is_imported(tmp_path):
    out = _blank(tmp_path)
    _typed(out, TYPED)
    back = tmp_path / "back.yaml"
    assert run("import", out, "-o", back).exit_code == 0
    assert back.read_text() == (
        "rules: quatrilho\nround: 1\ntable: 7\nplayers: [Ari, Bia, Caio, Davi, Eva]\ndeals:\n"
        "  - {late: Eva, coringa: Zeca}\n"
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22}\n"
        "  - {contract: normal, caller: Caio, partner: Caio, figuras: 20}\n"
        "  - {contract: rolar, figuras: {Ari: 10, Bia: 12, Davi: 8, Zeca: 5}}\n"
        "  - {contract: solo-preto, player: Ari, giver: Bia, figuras: 12, tricks: 4}\n"
        "  - {contract: normal, caller: Ari, partner: Bia, figuras: 19, fines: [{fine: olhar-vazas, player: Caio}]}\n"
    )
    # Eva -200 (Art 12); Bia+Davi 7 each; Caio alone at 6 points, 6 from each; the rolar: Bia and
    # Ari pay 10 each; Ari's solo preto lost at 4 points: v = 17, 27 to Bia who gave the card; Ari+Bia
    # 6 each (Zeca deals and sits out), and Caio looked at the tricks: 6 to each of the other three.
    checked = run("check", back)
    assert checked.exit_code == 0
    assert checked.output.startswith(f"{back}: clean (quatrilho, in progress, 6 ")
    assert checked.output.endswith(" recorded; Ari -65, Bia +36, Caio +4, Davi +11, Eva -200)\n")


# --- recalculated by LibreOffice and Gnumeric --------------------------------------------------------


@pytest.fixture(params=[recalc.LIBREOFFICE, recalc.GNUMERIC], ids=["libreoffice", "gnumeric"])
def engine(request):
    request.param.require()
    return request.param


def test_every_round_recalculates_to_the_cli_numbers(engine, tmp_path):
    out = tmp_path / "rounds.xlsx"
    assert run("export", *(EXAMPLES / name for name in ROUNDS), "-o", out).exit_code == 0
    exported = openpyxl.load_workbook(out)
    values = openpyxl.load_workbook(engine.recalculate([out], tmp_path)[0], data_only=True)
    for name in ROUNDS:
        sheet, result = load_sheet(str(EXAMPLES / name)), check_file(str(EXAMPLES / name))
        expect, unchecked = recalc.planilha_expected(sheet, result)
        title = TITLES[name]
        checked = recalc.assert_formulas(exported[title], values[title], expect, engine, unchecked)
        assert checked > (300 if "cbqi" in name else 50), (name, checked)
    # the Resumo: each player's net and the planilha's own control
    resumo, summary = exported["Resumo"], values["Resumo"]
    assert [summary.cell(r, 7).value for r in range(4, 8)] == [-191, -112, -5, 306]
    # the disputed sheet's chips add up (the rows the CLI could not score move none), its errors flag it
    assert [summary.cell(r, 9).value for r in (4, 9, 13)] == ["OK", "OK", "OK"]
    assert [summary.cell(r, 11).value for r in (4, 9, 13)] == ["OK", "OK", "ERRO"]
    assert resumo.cell(4, 7).value.startswith("='Mesa7 R1'!")


def test_a_filled_in_blank_recalculates_to_the_cli_numbers(engine, tmp_path):
    out = _blank(tmp_path)
    _typed(out, TYPED)
    back = tmp_path / "back.yaml"
    assert run("import", out, "-o", back).exit_code == 0
    sheet, result = load_sheet(str(back)), check_file(str(back))
    players = ["Ari", "Bia", "Caio", "Davi", "Eva"]
    expect, unchecked = recalc.planilha_expected(sheet, result, blank_rows(sheet.rules, players), ["Zeca"])
    values = engine.workbook(out, tmp_path).active
    assert not unchecked
    assert recalc.assert_formulas(openpyxl.load_workbook(out).active, values, expect, engine, unchecked) > 400
    # the chips of entry 3 (Caio alone, 6 points) and the rolar of entry 4, as the fiscal sees them
    lay = Layout(players, ["Zeca"], 36)
    assert [values.cell(8, lay.column(CHIPS_GROUP, p)).value for p in range(6)] == [-6, 0, 18, -6, 0, -6]
    assert [values.cell(9, lay.column(CHIPS_GROUP, p)).value for p in range(6)] == [-10, -10, 0, 10, 0, 10]
    assert values.cell(9, lay.column(FIG_GROUP, 0)).value == 10


@settings(max_examples=4, deadline=None)  # a LibreOffice start costs a second or two
@given(rounds=st.lists(round_entries(), min_size=3, max_size=3))
def test_random_rounds_recalculate_to_the_cli_numbers_and_read_back(tmp_path_factory, rounds):
    """Random rounds at four and five (every contract, fines under it, talhas, rolar ties with
    the chips written) in one workbook: each engine computes the CLI's numbers, and import gives
    back the same entries."""
    tmp_path = tmp_path_factory.mktemp("random")
    paths = []
    for index, (players, entries) in enumerate(rounds):
        path = tmp_path / f"round{index}.yaml"
        path.write_text(
            yaml.safe_dump(
                {"rules": "quatrilho", "table": index + 1, "players": players, "deals": entries}, sort_keys=False
            ),
            encoding="utf-8",
        )
        paths.append(path)
    out = tmp_path / "random.xlsx"
    assert run("export", *paths, "-o", out).exit_code == 0
    exported = openpyxl.load_workbook(out)
    for engine in (recalc.LIBREOFFICE, recalc.GNUMERIC):
        engine.require()
        values = openpyxl.load_workbook(engine.recalculate([out], tmp_path)[0], data_only=True)
        for index, path in enumerate(paths):
            sheet, result = load_sheet(str(path)), check_file(str(path))
            expect, unchecked = recalc.planilha_expected(sheet, result)
            assert not unchecked
            recalc.assert_formulas(exported[f"Mesa{index + 1}"], values[f"Mesa{index + 1}"], expect, engine)
    folder = tmp_path / "back"
    folder.mkdir()
    assert run("import", out, "-o", folder).exit_code in (0, 1)  # a player below zero is an Art 15 error
    for index, path in enumerate(paths):
        assert _entries(folder / f"Mesa{index + 1}.yaml") == _entries(path)


# --- the dealer, the coringa's name, names as typed ------------------------------------------------


def _cleared_dealers(out) -> None:
    wb = openpyxl.load_workbook(out)
    ws = wb["Mesa7 R1"]
    for r in range(FIRST, FIRST + 36):
        ws.cell(r, 2).value = None
    wb.save(out)


def test_with_da_empty_the_formulas_find_the_dealer(engine, tmp_path):
    """Dá left empty at a table of five: the hidden column's dealer by Q1 (deal k by seat
    (k-1) mod 5, Zeca in Eva's seat) leaves the right player out, and every cell is the CLI's."""
    out = tmp_path / "mesa7.xlsx"
    path = EXAMPLES / "quatrilho-cbqi-mesa7.yaml"
    assert run("export", path, "-o", out).exit_code == 0
    _cleared_dealers(out)
    values = engine.workbook(out, tmp_path)["Mesa7 R1"]
    expect, _ = recalc.planilha_expected(load_sheet(str(path)), check_file(str(path)))
    assert recalc.assert_formulas(openpyxl.load_workbook(out)["Mesa7 R1"], values, expect, engine) > 300
    # deal 1 (row 7) by Ari, deal 4 (row 10) by Davi, deal 5 (row 11) by Eva's coringa Zeca
    assert recalc.blank(values["AL6"].value)  # a late arrival: no deal
    assert [values[f"AL{r}"].value for r in (7, 10, 11)] == ["Ari", "Davi", "Zeca"]
    assert run("check", out).exit_code == 0


def test_a_typed_da_that_is_not_the_dealer_is_reported_at_its_cell(tmp_path):
    out = tmp_path / "mesa7.xlsx"
    assert run("export", EXAMPLES / "quatrilho-cbqi-mesa7.yaml", "-o", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    wb["Mesa7 R1"]["B8"] = "Caio"  # deal 2 (entry 3) is dealt by Bia
    wb["Mesa7 R1"]["B9"] = "caio"  # deal 3's dealer, typed in lower case: no finding
    wb.save(out)
    checked = run("check", out)
    assert checked.exit_code == 1
    assert checked.output.splitlines()[0] == (
        f"{out}:Mesa7 R1!B8: error [Q-Q1-DEALER-CELL]: deal 2 (dealer Bia): Dá says 'Caio', but deal 2 is dealt by "
        "Bia [Q1]"
    )
    assert len(checked.output.splitlines()) == 2


def test_names_typed_in_any_case_are_the_sheet_s(tmp_path):
    out = _blank(tmp_path)
    lower = {
        cell: value.lower() if cell[0] in "BDEHJ" and isinstance(value, str) else value for cell, value in TYPED.items()
    }
    assert lower["D7"] == "bia" and lower["H6"] == "zeca"
    _typed(out, lower)
    back = tmp_path / "back.yaml"
    assert run("import", out, "-o", back).exit_code == 0
    assert "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22}\n" in back.read_text()
    assert "  - {late: Eva, coringa: zeca}\n" in back.read_text()  # a coringa is spelled as first typed
    assert "player: Caio}]}\n" in back.read_text()
    assert run("check", back).output.endswith(" recorded; Ari -65, Bia +36, Caio +4, Davi +11, Eva -200)\n")


# --- printed ---------------------------------------------------------------------------------------


def test_a_blank_prints_its_heads_whole_on_each_page_and_no_result(tmp_path):
    from printing import page_texts, print_pdf, require

    require()
    pages = page_texts(print_pdf(_blank(tmp_path), tmp_path))
    assert len(pages) == 2
    for page in pages:  # the header block and every column head, whole, on each page
        words = page.split()
        for label in (
            "Evento",
            "Jogos",
            "rodada",
            "30",
            "Dá",
            "Entrada",
            "Parceiro",
            "Multado",
            "Figuras",
            "Escritas",
            "(coringa)",
            "Fichas",
            "Saldo",
            "Conta",
            "Soma",
            "Controlo",
            "Nota",
        ):
            assert label in words, label
    assert "OK" not in pages[1].split() and "100" not in pages[1].split()  # nothing before an entry is typed
    assert "Confere" in pages[1] and "Saldo da rodada" in pages[1]
