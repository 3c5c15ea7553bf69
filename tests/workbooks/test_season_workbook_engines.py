"""The season's workbook recalculated by LibreOffice and Gnumeric (issue 27 point 5): every
formula cell (a race's points, the final's seats, open seats, agreements' sums, qualified and
inscribed counts, the sheets handed in, a rating's ordinal) comes back as the number the season's
commands computed: `season qualify`'s points and statuses, its size and open seats (TN7, TN10).

Skipped where an engine is missing, except in CI (recalc.Engine.require)."""

from __future__ import annotations

import pathlib

import openpyxl
import pytest
import recalc
from conftest import run
from season_maker import make_season
from test_season_workbook import book_of, built

from scorekeeper.core.season_export import season_book
from scorekeeper.season.qualification_model import Status
from scorekeeper.season.season_file import load_season
from scorekeeper.season.workbook_layout import FIRST_ROW, HEAD_ROW, SeasonBook

ENGINES = [pytest.param(recalc.LIBREOFFICE, id="libreoffice"), pytest.param(recalc.GNUMERIC, id="gnumeric")]


def expected(wb: openpyxl.Workbook, book: SeasonBook) -> dict[str, dict[str, object]]:
    """Each worksheet's formula cells and the number the season's data gives each, placed by
    reading the written values beside them (a member's id, a union, a total's label)."""
    q = book.qualification
    want: dict[str, dict[str, object]] = {}
    phases = wb.worksheets[0]
    total = HEAD_ROW + len(book.events) + 1
    want[phases.title] = {
        f"H{total}": sum(e.sheets_in for e in book.events),
        f"I{total}": sum(e.sheets for e in book.events),
    }
    for index, race in enumerate(q.races, start=1):  # after Fases, in the rules' order (titles are words)
        ws = wb.worksheets[index]
        assert race.union in ws.title
        want[ws.title] = {
            f"D{r}": row.points for r, row in enumerate(race.rows, start=FIRST_ROW) if ws[f"D{r}"].data_type == "f"
        }
    final = wb.worksheets[len(q.races) + 1]
    cells: dict[str, object] = {}
    for r, race in enumerate(q.races, start=FIRST_ROW):
        assert final[f"A{r}"].value == race.union
        qualified = sum(1 for row in race.rows if row.status is Status.QUALIFIED)
        cells[f"D{r}"] = qualified
        # Its finalists (TN13, as `season final` chooses): its inscribed, or its qualified.
        cells[f"E{r}"] = (
            len(book.season.inscriptions[race.union]) if race.union in book.season.inscriptions else qualified
        )
    last = HEAD_ROW + len(q.races)
    cells[f"C{last + 2}"] = sum(race.seats for race in q.races)
    cells[f"C{last + 3}"] = q.open_seats
    agreements = sorted(book.season.agreements, key=lambda a: a.date)
    for r in range(last + 4, final.max_row + 1):
        cell = final.cell(r, 3 + len(book.season.rules.unions))
        if cell.data_type == "f":
            agreement = agreements.pop(0)
            assert final.cell(r, 1).value.date() == agreement.date
            cells[cell.coordinate] = sum(agreement.quotas.values())
    assert not agreements
    want[final.title] = cells
    if book.ratings is not None:
        ws = wb.worksheets[len(q.races) + 4]  # after Fases, the races, Final, Jogadores, Historial
        want[ws.title] = {f"D{r}": rating.ordinal for r, rating in enumerate(book.ratings.rows(), start=FIRST_ROW)}
    return want


def assert_recalculated(out, book, engine, tmp_path):
    wb = openpyxl.load_workbook(out)
    values = engine.workbook(out, tmp_path)
    want = expected(wb, book)
    for ws in wb.worksheets:
        formulas = [cell for row in ws.iter_rows() for cell in row if cell.data_type == "f"]
        if not formulas:
            assert ws.title not in want or not want[ws.title], ws.title
            continue
        for cell in formulas:
            assert recalc.functions(cell.value) <= recalc.PORTABLE_FUNCTIONS, f"{ws.title}!{cell.coordinate}"
            assert cell.coordinate in want[ws.title], f"{ws.title}!{cell.coordinate} {cell.value} is not expected"
        for coordinate, number in want[ws.title].items():
            got = values[ws.title][coordinate].value
            assert got == pytest.approx(number, abs=1e-9), (
                f"{ws.title}!{coordinate}: {engine.name} {got!r}, CLI {number!r}"
            )
    return want


AGREED = """\
agreements:
  - {date: 2027-04-02, size: 16, quotas: {norte: 5, centro: 4, sul-e-ilhas: 7}}
  - {date: 2027-04-20, size: 12, quotas: {norte: 4, centro: 2, sul-e-ilhas: 6}}
inscriptions:
  norte: [N0004, N0001]
  centro: [C0001]
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_the_exported_season_recalculates_to_season_qualify(tmp_path, engine):
    """A season of three unions played by season_maker (Norte's two events, N0002 lapsed: TN8),
    exported by the CLI: every race's points (TN10), the final's 16 and its 4 open seats (TN7),
    as `season qualify` computes them."""
    engine.require()
    path = make_season(tmp_path / "season", {"norte": 8, "centro": 4, "sul-e-ilhas": 12}, 2, 2, lapsed=("N0002",))
    out = tmp_path / "season.xlsx"
    result = run("season", "export", path, "-o", out)
    assert result.exit_code == 0, result.output
    book = season_book(load_season(str(path)))
    assert book.qualification.open_seats == 4 and book.qualification.size == 16
    want = assert_recalculated(out, book, engine, tmp_path)
    # Fases' two totals, a formula per member of the races (8 + 4 + 12), Final's two counts a union
    # and two seats, and each rated person's ordinal (mu - 3 sigma) on the ratings' sheet (24).
    assert sum(len(cells) for cells in want.values()) == 2 + (8 + 4 + 12) + 3 * 2 + 2 + 24


@pytest.mark.parametrize("engine", ENGINES)
def test_an_agreement_and_inscriptions_recalculate(tmp_path, engine):
    """TN7: the latest agreement (12: 4, 2, 6) sets the final: no open seat; each agreement's
    quotas summed; TN13: the finalists counted by union: Norte's two and Centro's one inscribed,
    Sul e Ilhas' six qualified (it inscribed nobody)."""
    engine.require()
    path = make_season(tmp_path / "season", {"norte": 8, "centro": 4, "sul-e-ilhas": 8})
    path.write_text(path.read_text(encoding="utf-8") + AGREED, encoding="utf-8")
    out = tmp_path / "season.xlsx"
    assert run("season", "export", path, "-o", out).exit_code == 0
    book = season_book(load_season(str(path)))
    assert (book.qualification.size, book.qualification.open_seats) == (12, 0)
    want = assert_recalculated(out, book, engine, tmp_path)
    final = want[openpyxl.load_workbook(out).worksheets[4].title]
    assert sorted(final.values()) == sorted([4, 2, 6, 2, 1, 6, 12, 0, 16, 12])


@pytest.mark.parametrize("engine", ENGINES)
def test_a_hand_built_season_with_ratings_recalculates(tmp_path, engine):
    """The hand-worked season of test_season_workbook: Norte's sums of two events (N0001 9 + 1),
    Centro's tie, and each rating's ordinal mu - 3 sigma."""
    engine.require()
    book = book_of(tmp_path / "s")
    out = tmp_path / "hand.xlsx"
    built(book).save(out)
    want = assert_recalculated(out, book, engine, tmp_path)
    assert want["Qualification norte"]["D5"] == 10 and want["Ratings"]["D4"] == pytest.approx(30.271 - 3 * 7.2)


@pytest.mark.parametrize("engine", ENGINES)
def test_tn10_a_union_ranked_by_one_event_sums_only_that_events_rows(tmp_path, engine):
    """TN10: Centro's method is the standings of its second regional event alone: each of its
    members' points is the SUM of that one row on Historial, as `season qualify` ranks them."""
    engine.require()
    from scorekeeper.rulebook.registry import rules_dir

    path = make_season(tmp_path / "season", {"norte": 8, "centro": 8, "sul-e-ilhas": 8}, events_per_union=2)
    shipped = (pathlib.Path(rules_dir()) / "season-king-interbancario.yaml").read_text(encoding="utf-8")
    own = shipped.replace(
        "  unions: {}", "  unions: {centro: {method: event, event: centro/e2/torneio.yaml, article: Art 3}}"
    )
    (path.parent / "season-rules.yaml").write_text(own, encoding="utf-8")
    path.write_text(path.read_text(encoding="utf-8").replace("rules: king-interbancario", "rules: ./season-rules.yaml"))
    out = tmp_path / "season.xlsx"
    assert run("season", "export", path, "-o", out).exit_code == 0
    book = season_book(load_season(str(path)))
    assert_recalculated(out, book, engine, tmp_path)
    centro = openpyxl.load_workbook(out).worksheets[2]
    assert all(":" not in centro.cell(r, 4).value for r in range(4, 12))  # one row each: =SUM(Record!H9)
    norte = openpyxl.load_workbook(out).worksheets[1]
    assert all(":" in norte.cell(r, 4).value for r in range(4, 12))  # both of Norte's events: a range
