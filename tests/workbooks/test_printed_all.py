"""Every example exported into one workbook and printed as an organiser prints it: the Resumo
on its page, then each game on one A4 landscape page of its own, with every finding and every
player's or team's result on that page (issue 8: the printed sheets are checked from
LibreOffice's PDF, not only from the cells)."""

import pytest
from conftest import EXAMPLES, run
from printing import page_count, page_sizes_mm, page_texts, print_pdf

from scorekeeper import games, i18n
from scorekeeper.core.check import check_file
from scorekeeper.sheet.show_table import signed
from scorekeeper.workbook.export import summary_pages

ORDER = sorted(EXAMPLES.glob("*.yaml"))
RESUMO_PAGES = summary_pages(sum(len(check_file(str(path)).players) for path in ORDER))


def words(text: str) -> str:
    """Text with every run of spaces and line breaks as one space: a note wraps on paper."""
    return " ".join(text.split())


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("all")
    workbook = folder / "all.xlsx"
    result = run("export", *ORDER, "-o", workbook)
    assert result.exit_code == 0, result.output
    pdf = print_pdf(workbook, folder)
    return pdf, page_texts(pdf)


def test_the_resumo_and_each_game_print_on_a_landscape_page_of_their_own(printed):
    pdf, pages = printed
    assert page_count(pdf) == len(pages) == RESUMO_PAGES + len(ORDER)
    for width, height in page_sizes_mm(pdf):
        assert (round(width), round(height)) == (297, 210)
    assert pages[0].split()[0] == "Resumo"


@pytest.mark.parametrize("position", range(len(ORDER)), ids=[p.stem for p in ORDER])
def test_each_game_prints_every_finding_and_every_result(printed, position):
    _pdf, pages = printed
    # The workbook speaks its first sheet's game's language (no language was chosen), and so do
    # the findings written in it.
    language = games.get(check_file(str(ORDER[0])).game).workbook_language
    with i18n.speaking(language):  # a finding is data: said here, in the workbook's language
        result = check_file(str(ORDER[position]))
        said = [f"{i18n.in_words(finding.message)} [{finding.rule}]" for finding in result.findings]
    page = words(pages[RESUMO_PAGES + position])
    for text in said:
        assert words(text) in page, text
    if games.get(result.game).totals_word is None:  # signed points (King) or chips (Quatrilho)
        for player, total in result.totals.items():
            assert player in page and signed(total) in page, player
    else:
        one, many = ("Moca", "Mocas") if result.game == "sueca" else ("Jogo", "Jogos")
        for team, won in result.totals.items():
            assert f"{team} {won} {one if won == 1 else many}" in page, team
        assert f"Vencedor {result.extra['winner']}" in page
