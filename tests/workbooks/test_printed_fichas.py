"""The Sueca and Truco fichas and the Resumo as a referee gets them: printed to PDF by
LibreOffice, and read back from the paper's text (issue 8 items 1 and 2): every finding and
every team's result is on the page, the pages are as many as the layout promises, spare rows
print nothing, labels are whole, and a blank ficha is made to be written on by hand.
"""

from __future__ import annotations

import re
import subprocess

import pytest
from conftest import EXAMPLES, run
from printing import page_count, page_sizes_mm, page_texts, print_pdf, require

from scorekeeper import games, i18n
from scorekeeper.core.check import check_file
from scorekeeper.output.findings_text import describe
from scorekeeper.sheet.load import load_sheet
from scorekeeper.team.workbook_write import BLANK_PAGES, blank_rows
from scorekeeper.workbook.export import summary_headers, summary_pages
from scorekeeper.workbook.page import WRITING_MM

TEAMS = ["-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte"]
DISPUTED = {"sueca": EXAMPLES / "sueca-disputed-jogo2.yaml", "truco": EXAMPLES / "truco-disputed-partida2.yaml"}
LABELS = {  # each column head of the ficha, as printed (a head wraps between words, never inside one)
    "sueca": [
        "Nº",
        "Penalidade",
        "Equipa",
        "em falta",
        "Motivo",
        "Todas as",
        "vazas",
        "Pontos",
        "Ganhos",
        "Início",
        "Moca",
        "Mocas",
        "Soma",
        "Controlo",
        "Nota",
    ],
    "truco": [
        "Nº",
        "Vencedor",
        "Valor",
        "Pediu",
        "Ocorrência",
        "Dupla",
        "Jogo",
        "Início",
        "Ganhos",
        "Placar",
        "Jogos",
        "Nota",
    ],
}


@pytest.fixture(autouse=True)
def _printer():
    require()


def _words(text: str) -> str:
    """The text with each run of spaces as one: a table's columns are as far apart as printed."""
    return re.sub(r"[ \t]+", " ", text)


def _row_lines(page: str) -> dict[int, str]:
    """Each numbered row of a ficha's table on a page: Nº -> the rest of its line."""
    rows = {}
    for line in page.splitlines():
        match = re.match(r"^\s{0,4}(\d+)(\s.*)?$", line)
        if match and not line.strip().startswith(("1.", "Página")):
            rows.setdefault(int(match.group(1)), (match.group(2) or "").strip())
    return rows


def _landscape_a4(pdf) -> None:
    for width, height in page_sizes_mm(pdf):
        assert (round(width), round(height)) == (297, 210)


# --- the disputed fichas --------------------------------------------------------------------


@pytest.mark.parametrize("game", ["sueca", "truco"])
def test_a_disputed_ficha_prints_every_finding_marked_in_its_row(game, tmp_path):
    path = DISPUTED[game]
    with i18n.speaking(games.get(game).workbook_language):  # the notes are in the ficha's language
        sheet, result = load_sheet(str(path)), check_file(str(path))
        notes = [describe(f) for f in result.findings]
    out = tmp_path / f"{game}.xlsx"
    assert run("export", path, "-o", out).exit_code == 0
    pdf = print_pdf(out, tmp_path)
    assert page_count(pdf) == 1  # 14 or 12 entries, 3 spare rows, the result and 7 or 8 notes
    _landscape_a4(pdf)
    (page,) = page_texts(pdf)
    text = _words(page)
    assert len(notes) == {"sueca": 8, "truco": 7}[game]
    for number, note in enumerate(notes, start=1):
        assert f"{number}. {note}" in text  # whole, on one line
    # Each row a finding is about ends with its notes' numbers, in the Nota column.
    rows = _row_lines(page)
    marks: dict[int, list[int]] = {}
    for number, finding in enumerate(result.findings, start=1):
        marks.setdefault(finding.hand, []).append(number)
    for hand, numbers in marks.items():
        assert rows[hand].endswith(" " + ", ".join(map(str, numbers))), (hand, rows[hand])
    # The result, as the CLI has it: the winner, and each team's mocas or games.
    one, many = ("Moca", "Mocas") if game == "sueca" else ("Jogo", "Jogos")
    assert f"Vencedor {result.extra['winner']}\n" in text
    for team in sheet.team_names:
        won = result.totals[team]
        assert f"\n {team} {won} {one if won == 1 else many}\n" in text
    # Spare rows print their number and nothing else.
    entries = len(sheet.entries)
    assert [rows[n] for n in range(entries + 1, entries + 4)] == ["", "", ""]
    assert max(rows) == entries + 3
    for label in LABELS[game]:
        assert re.search(rf"(^|\s){re.escape(label)}(\s|$)", text), label


def test_the_disputed_truco_ficha_prints_its_values_whole(tmp_path):
    out = tmp_path / "truco.xlsx"
    assert run("export", DISPUTED["truco"], "-o", out).exit_code == 0
    rows = _row_lines(page_texts(print_pdf(out, tmp_path))[0])
    assert _words(rows[9]) == "truco-na-mao-de-onze Nos 2 0 0 0 1 0 3 3 0 6"  # Ocorrência whole, then Equipa
    assert _words(rows[6]) == "recusada Eles 1 9 1 10 0 11 0 11 0"


def test_a_disputed_sueca_ficha_prints_its_penalty_row_whole(tmp_path):
    out = tmp_path / "sueca.xlsx"
    assert run("export", DISPUTED["sueca"], "-o", out).exit_code == 0
    rows = _row_lines(page_texts(print_pdf(out, tmp_path))[0])
    assert _words(rows[8]) == "ponto Eles conversa 1 0 1 2 0 1 1 0 6"


# --- blank fichas ---------------------------------------------------------------------------


def _row_pitches_mm(pdf) -> list[float]:
    """The distance between consecutive row numbers printed in the Nº column, on each page."""
    done = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True)
    pitches, previous = [], None
    for line in done.stdout.splitlines():
        if "<page" in line:
            previous = None
        match = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">(\d+)</word>', line)
        if match and float(match.group(1)) < 60:  # the Nº column, at the left edge
            y = float(match.group(2))
            if previous is not None:
                pitches.append((y - previous) * 25.4 / 72)
            previous = y
    return pitches


@pytest.mark.parametrize("game", ["sueca", "truco"])
def test_a_blank_ficha_is_made_to_be_written_on(game, tmp_path):
    out = tmp_path / f"{game}.xlsx"
    assert run("export", "--blank", game, *TEAMS, "-o", out).exit_code == 0
    pdf = print_pdf(out, tmp_path)
    assert page_count(pdf) == BLANK_PAGES == 2
    _landscape_a4(pdf)
    pages = page_texts(pdf)
    rows = {}
    for page in pages:
        rows.update(_row_lines(page))
    rules = load_sheet(str(DISPUTED[game])).rules
    count = blank_rows(games.get(rules.game).ficha_columns(2))
    assert count == {"sueca": 39, "truco": 38}[game]
    # Every row is numbered and holds nothing else: no computed result before something is typed.
    assert rows == dict.fromkeys(range(1, count + 1), "")
    pitches = _row_pitches_mm(pdf)
    assert len(pitches) == count - len(pages)
    assert min(pitches) >= WRITING_MM - 0.1 >= 7
    text = _words("".join(pages))
    assert "\n Nos Mocas\n" in text or "\n Nos Jogos\n" in text  # the result's lines, with no number
    assert "Sem observações" not in text and "confere" not in text
    for page in pages:  # the column heads on every page, the table filling it
        for label in LABELS[game]:
            assert re.search(rf"(^|\s){re.escape(label)}(\s|$)", page), label
    # Both pages are full: some 20 rows of 7.5 mm on the first (under the title), 18 or more on
    # the second above the result and the notes' heading, which end it.
    assert len(_row_lines(pages[0])) >= 20 and len(_row_lines(pages[1])) >= 18
    lines = [line for line in pages[-1].splitlines() if line.strip()]
    assert lines[-2].strip() == "Notas" and "Página 2 de 2" in lines[-1]


# --- the Resumo ------------------------------------------------------------------------------


def _summary_lines(paths) -> list[str]:
    """What each Resumo row must print, from the CLI: name, result, error count and ERRO/OK."""
    expected = []
    for path in paths:
        sheet, result = load_sheet(str(path)), check_file(str(path))
        errors = sum(1 for f in result.findings if f.is_error)
        totals_wrong = sheet.rules.game == "king" and sum(result.totals.values()) != sheet.rules.game_total
        state = "ERRO" if errors or totals_wrong else "OK"
        for name in sheet.players:
            expected.append(f"{name} {result.totals[name]} .*{errors} {state}")
    return expected


def test_the_resumo_of_every_example_prints_on_its_pages_and_flags_every_game(tmp_path):
    paths = sorted(EXAMPLES.glob("*.yaml"))
    out = tmp_path / "all.xlsx"
    assert run("export", *paths, "-o", out).exit_code == 0
    pdf = print_pdf(out, tmp_path)
    pages = page_texts(pdf)
    expected = _summary_lines(paths)
    assert len(expected) == 12 + 4 + 4 + 14  # King tables of four, Sueca and Truco pairs, Quatrilho of five and four
    promised = summary_pages(len(expected))
    assert promised == 2
    summary = [_words(page) for page in pages[:promised]]
    assert summary[0].lstrip().startswith("Resumo\n")
    assert "Vencedor" not in _words(pages[promised])  # nothing of the Resumo spills onto the next page
    for page in summary:
        assert "Boletim de Pontuação" not in page and "Ficha de Pontuação" not in page  # the Resumo alone
        assert "Planilha de Fichas" not in page
        for piece in (
            "Folha",
            "Evento",
            "Mesa",
            "Ronda",
            "Data",
            "Jogador / Equipa",
            "Resultado",
            "Pontos de",
            "mesa",
            "Confere /",
            "Vencedor",
            "Erros",
            "Estado",
        ):
            assert piece in page, piece  # the header on every page
    lines = [line for page in summary for line in page.splitlines() if re.match(r"^ ?Mesa\d", line)]
    assert len(lines) == len(expected)
    for line, pattern in zip(lines, expected):
        assert re.search(pattern, line), (pattern, line)
    assert " Ronda " not in lines[0] and re.search(r" 3 1 2026-11-28 ", lines[0])  # Ronda apart from Data
    # The disputed Quatrilho, Sueca and Truco sheets are flagged like the disputed King boletim.
    flagged = [line.split(" ")[0:3] for line in lines if line.endswith(" ERRO")]
    assert len(flagged) == 4 + 5 + 2 + 2


def test_a_longer_resumo_prints_on_the_pages_it_promises_with_its_header_on_each(tmp_path):
    paths = [
        EXAMPLES / f"{name}.yaml"
        for name in ("sueca-disputed-jogo2", "sueca-torneio-jogo1", "truco-disputed-partida2", "truco-furb-partida1")
    ] * 9
    out = tmp_path / "many.xlsx"
    assert run("export", *paths, "-o", out).exit_code == 0
    pdf = print_pdf(out, tmp_path)
    pages = page_texts(pdf)
    promised = summary_pages(2 * len(paths))
    assert promised == 3  # 72 rows of teams
    summary = [_words(page) for page in pages[:promised]]
    with i18n.speaking("pt_PT"):  # the workbook's language: its first sheet's game's, Sueca's
        head = summary_headers()[5]
    assert all(head in page for page in summary)  # the header on every page
    assert head not in _words(pages[promised])
    rows = [line for page in summary for line in page.splitlines() if re.match(r"^ ?Mesa\d", line)]
    assert len(rows) == 72
    assert sum(1 for row in rows if row.endswith(" ERRO")) == 36  # each disputed game's two teams
