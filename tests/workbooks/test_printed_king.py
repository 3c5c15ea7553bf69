"""The King boletim as a referee gets it on paper (issue 8 items 1 and 2): each export printed to
PDF by LibreOffice, and what the PDF's text shows. A game prints on one A4 landscape page with
every finding and every total on it; a blank boletim prints on two A4 landscape pages (the hands
on page 1, the classification, running balance and notes on page 2) with rows to write in and no
result made up."""

from __future__ import annotations

import re
import subprocess

import pytest
from conftest import EXAMPLES, run
from printing import page_count, page_sizes_mm, page_texts, print_pdf

DISPUTED = EXAMPLES / "king-disputed-mesa3.yaml"
PT_PER_MM = 72 / 25.4


def export(tmp_path, *args, name="boletim.xlsx"):
    out = tmp_path / name
    result = run("export", *args, "-o", out)
    assert result.exit_code == 0, result.output
    return out


def flat(text: str) -> str:
    """A page's text with every run of blanks and line ends as one space (a wrapped note reads whole)."""
    return " ".join(text.split())


def words(pdf, page: int) -> list[tuple[float, float, float, str]]:
    """(xMin, yMin, xMax, word) of every word on a page, in points from the top left."""
    done = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.finditer(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', done.stdout)
    return [(float(m.group(1)), float(m.group(2)), float(m.group(3)), m.group(4)) for m in found]


def row_of(page_words, label: str, right_of: float, left_of: float) -> list[str]:
    """The words printed on the line of `label` (its topmost occurrence), between two x positions."""
    x, y, _, _ = min((w for w in page_words if w[3] == label), key=lambda w: w[1])
    return [w[3] for w in sorted(page_words) if abs(w[1] - y) < 2 and right_of < w[0] < left_of and w[0] > x]


@pytest.fixture(scope="module")
def disputed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("disputed")
    pdf = print_pdf(export(tmp, DISPUTED), tmp)
    return pdf, page_texts(pdf)


@pytest.fixture(scope="module")
def blank(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("blank")
    pdf = print_pdf(export(tmp, "--blank", "king", "-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte"), tmp)
    return pdf, page_texts(pdf)


def test_a_game_prints_on_one_a4_landscape_page(disputed):
    pdf, pages = disputed
    assert page_count(pdf) == 1 and len(pages) == 1
    ((width, height),) = page_sizes_mm(pdf)
    assert abs(width - 297) < 1 and abs(height - 210) < 1


def test_every_finding_of_the_disputed_boletim_is_on_the_page(disputed):
    _, pages = disputed
    text = flat(pages[0])
    checked = run("--lang", "pt_PT", "check", DISPUTED)  # the boletim's notes are in its language
    assert checked.exit_code == 1
    findings = [
        line.split(": ", 1)[1] for line in checked.output.splitlines() if ": erro [" in line or ": aviso [" in line
    ]
    assert len(findings) == 13  # 11 errors and 2 warnings, about hands 1 to 10
    for finding in findings:
        assert flat(finding) in text, finding
    # the ones the old print area cut off (hands 6 to 10), by their codes
    by_code = {finding.split("]", 1)[0]: finding for finding in findings}
    assert flat(by_code["erro [K-Q1-PHASE-TOTAL"]).startswith("erro [K-Q1-PHASE-TOTAL]: mão 6 (ultimas): ")
    assert flat(by_code["erro [K-Q1-PHASE-TOTAL"]) in text
    assert flat(by_code["erro [K-ART9-NEVER-BENEFICIARY"]).startswith("erro [K-ART9-NEVER-BENEFICIARY]: mão 10 ")
    assert flat(by_code["erro [K-ART9-NEVER-BENEFICIARY"]) in text


def test_every_players_total_is_on_the_page(disputed):
    pdf, _ = disputed
    page = words(pdf, 1)
    # Saldo row of the hands table: Ivo +330, Joana +325, Lia -585, Manuel -115
    assert row_of(page, "Saldo", 0, 10_000) == ["+330", "+325", "-585", "-115"]
    # Totais: Negativos and Positivos per player, unsigned, then the sheet's total and control
    assert row_of(page, "Totais", 0, 10_000) == ["270", "600", "300", "625", "835", "250", "315", "200", "-45", "0"]


def test_no_label_is_cut(disputed):
    _, pages = disputed
    text = pages[0]
    assert "cartas-passadas" in text and "Joana, Manuel" in text
    assert "Pontos por lugar" in text and "Soma dos saldos" in text and "Confere (0)" in text
    assert text.count("Saldo acumulado") == 2  # the running table's header and the chart's title


def test_spare_rows_print_no_running_balance(disputed):
    _, pages = disputed
    running = pages[0].split("Nº   Saldo acumulado", 1)[1].split("Notas")[0]
    numbered = [line.split()[0] for line in running.splitlines() if re.match(r"\s*\d", line)]
    assert numbered == [str(n) for n in range(1, 11)]  # hands 1-10; spare rows 11 and 12 print nothing
    assert "6 2 Últimas Vazas" in running


def test_a_findings_row_is_marked_on_paper(disputed, tmp_path):
    """Hand 3 (damas) balances, so no conditional format colours it: its finding marks it red."""
    pdf, _ = disputed
    page = words(pdf, 1)
    _, y, x_end, _ = next(w for w in page if w[3] == "Damas")
    _, y5, x5_end, _ = next(w for w in page if w[3] == "Rei" and w[1] > y)  # hand 5 has no finding
    subprocess.run(
        ["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(tmp_path / "p")], check=True
    )
    image = (tmp_path / "p.ppm").read_bytes()
    header = image.split(b"\n", 3)
    width = int(header[1].split()[0])
    pixels = header[3]

    def colour(x, y):
        at = (int(y) * width + int(x)) * 3
        return tuple(pixels[at : at + 3])

    assert colour(x_end + 6, y + 3) == (0xF8, 0xCB, 0xAD)  # the error's fill
    assert colour(x5_end + 30, y5 + 3) == (0xFF, 0xFF, 0xFF)


MADE_UP = ("2.75", "OK", "Sem observações", "o boletim confere")


def test_a_blank_boletim_prints_on_two_pages_with_nothing_made_up(blank):
    pdf, pages = blank
    assert page_count(pdf) == 2 and len(pages) == 2
    assert all(abs(w - 297) < 1 and abs(h - 210) < 1 for w, h in page_sizes_mm(pdf))
    text = "\n".join(pages)
    for made_up in MADE_UP:
        assert made_up not in text, made_up
    second = words(pdf, 2)
    duarte = next(w for w in second if w[3] == "Duarte")  # the classification's last column
    for label in ("Saldo", "Lugar", "15)", "saldos"):
        assert row_of(second, label, 0, duarte[2] + 40) == ([] if label != "saldos" else ["Confere", "(0)"]), label
    assert row_of(second, "lugar", 0, duarte[2] + 40) == ["5", "3", "2", "1"]  # the rule file's, not a result
    first = words(pdf, 1)
    assert row_of(first, "Totais", 0, 10_000) == [] and row_of(first, "Saldo", 0, 10_000) == []


def test_a_blank_boletims_rows_are_at_least_7_mm_and_fill_the_page(blank):
    pdf, _ = blank
    first = words(pdf, 1)
    x_label = next(w for w in first if w[3] == "Copas")[0]  # the Mão column ("Vazas" is a header too)
    head = next(w for w in first if w[3] == "Mão")[1]
    labels = sorted((w for w in first if abs(w[0] - x_label) < 1 and w[1] > head), key=lambda w: w[1])
    assert [w[3] for w in labels] == [
        "Vazas",
        "Copas",
        "Damas",
        "Reis",
        "Rei",
        "2",
        "Festa",
        "Festa",
        "Festa",
        "Festa",
        "Totais",
        "Saldo",
    ]
    steps = [(b[1] - a[1]) / PT_PER_MM for a, b in zip(labels, labels[1:])]
    assert min(steps) >= 7, steps
    assert labels[-1][1] / PT_PER_MM > 0.8 * 210  # the Saldo row near the page's foot: the page filled
    second = words(pdf, 2)
    x_jogador = next(w for w in second if w[3] == "Jogador")[0]
    rows = sorted({round(w[1], 1) for w in second if abs(w[0] - x_jogador) < 1})
    assert len(rows) == 18  # Jogador ... Soma dos saldos (6), Saldo acumulado, the ten hands, Notas
    assert min((b - a) / PT_PER_MM for a, b in zip(rows, rows[1:])) >= 7
