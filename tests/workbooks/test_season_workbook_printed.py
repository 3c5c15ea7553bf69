"""The season's workbook printed (issue 27 point 5: "printed on A4, checked from the PDF"): a
season of 120 members over six regional events exported by the CLI and printed by LibreOffice,
as File > Print would. Every page is A4; every worksheet starts on a page of its own with its
title; a list longer than a page repeats its heads on every page and keeps its last column on
the page (nothing cut at the right); every member's row is printed (nothing cut below).

Skipped where LibreOffice or poppler-utils is missing, except in CI (printing.require)."""

from __future__ import annotations

import printing
import pytest
from conftest import run
from season_maker import make_season

UNIONS = {"norte": 40, "centro": 20, "sul-e-ilhas": 60}


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("printed-season")
    path = make_season(tmp_path / "season", UNIONS, events_per_union=2, lapsed=("N0002",))
    out = tmp_path / "season.xlsx"
    result = run("--lang", "en", "season", "export", path, "-o", out)
    assert result.exit_code == 0, result.output
    pdf = printing.print_pdf(out, tmp_path)
    return pdf, printing.page_texts(pdf)


def test_every_page_is_a4_and_the_count_is_the_lists_length(printed):
    pdf, pages = printed
    sizes = printing.page_sizes_mm(pdf)
    # Fases; Norte's and Centro's races a page each, Sul e Ilhas' 60 members two; Final;
    # Jogadores (120 members: 3 pages); Historial (240 rows: 4 pages); the ratings (120 people: 3
    # pages); Decisões; Diário.
    assert len(sizes) == len(pages) == 18
    for width, height in sizes:
        assert sorted((round(width), round(height))) == [210, 297], (width, height)


def test_each_worksheet_starts_with_its_title(printed):
    _pdf, pages = printed
    firsts = [
        "phases and events",
        "Qualification: Sindicato dos Bancários do Norte",
        "Qualification: Sindicato dos Bancários do Centro",
        "Qualification: Sindicato dos Bancários do Sul e Ilhas",
        "the Final Nacional",
        "players",
        "each person's events",
        "the committee's decisions",
        "the journal",
    ]
    found = [next(i for i, page in enumerate(pages) if title in page) for title in firsts]
    assert found == sorted(found) and found[0] == 0
    assert pages[-1].count("the journal") == 1 and "No change on record." in pages[-1]


def test_long_lists_repeat_their_heads_and_keep_every_column_and_row(printed):
    """Jogadores and Historial run over several pages: each page repeats the heads, its last
    column's head (nothing cut at the right) among them; every member's id is printed."""
    _pdf, pages = printed
    players = [page for page in pages if "Membership" in page]
    record = [page for page in pages if "Counts for" in page]
    assert len(players) == 3 and len(record) == 4
    for page in players:
        assert "Event 6" in page
    ids = [f"{union[0].upper()}{index:04d}" for union, count in UNIONS.items() for index in range(1, count + 1)]
    text = "\n".join(players)
    assert all(member in text for member in ids)
    assert "no: 2027-02-01 to" in text  # N0002's gap (TN8), wrapped in its narrow column
    races = [page for page in pages if "Decided by" in page]  # the races' heads, on each of their pages
    assert len(races) == 4 and all("Events" in page and "Status" in page for page in races)
    # Each race's note of its cut line (Art 3) under its list, Sul e Ilhas' on its second page.
    assert [page.count("The thick line is the cut") for page in races] == [1, 1, 0, 1]
