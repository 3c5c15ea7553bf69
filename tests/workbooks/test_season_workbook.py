"""The season's workbook (`season export`, issue 27 point 5) cell by cell, from a season whose every
number is worked out by hand (King Art 1-3; RULINGS TN7-TN13): its worksheets, the races with
their formulas, cut lines, statuses and articles, the final's seats, the players' eligibility,
each person's events, the ratings, the decisions and the journal; strangers' names inert; and a
100,000-member registry costs the workbook nothing."""

from __future__ import annotations

import dataclasses
import datetime
import json

import openpyxl
import pytest
from conftest import run
from season_maker import make_season

from scorekeeper import i18n
from scorekeeper.journal.history import Change
from scorekeeper.members.registry_file import load_registry
from scorekeeper.members.registry_model import Member, Period, UnionRegistry
from scorekeeper.members.roster import Roster
from scorekeeper.season.qualification_model import Qualification, Race, RaceRow, Status
from scorekeeper.season.season_file import load_season
from scorekeeper.season.season_model import Event
from scorekeeper.season.workbook_layout import (
    COMPLETE,
    IN_PLAY,
    MAX_EVENT_COLUMNS,
    MAX_JOURNAL_ROWS,
    NOT_STARTED,
    EventState,
    JournalLine,
    Played,
    SeasonBook,
)
from scorekeeper.season.workbook_write import build, unique_titles

# Each event's points, by member id, in its standings' order of places.
NORTE_1 = {"N0001": 9, "N0002": 8, "N0003": 7, "N0004": 6, "N0005": 5, "N0006": 4, "N0007": 3, "N0008": 2.5}
NORTE_2 = {"N0001": 1, "N0002": 3, "N0003": 2, "N0004": 4, "N0005": 1, "N0006": 0.5, "N0007": 2, "N0008": 3}
CENTRO_1 = {"C0001": 7, "C0002": 5, "C0003": 5, "C0004": 3}
SUL_1 = {f"S{index:04d}": 9 - index for index in range(1, 9)}  # 8 down to 1

# Norte's race by hand (TN10: the sum of its two events; TN8: N0002 lapsed in February, Art 2):
# N0002 11 excluded; N0001 10 and N0004 10 (king points decide); N0003 9; N0005 6 (the cut: 4
# seats); N0008 5.5, N0007 5, N0006 4.5 reserves.
NORTE_RACE = [
    (1, "N0002", 11, Status.EXCLUDED, "Art 2", "points"),
    (2, "N0001", 10, Status.QUALIFIED, "Art 3", "king_points"),
    (3, "N0004", 10, Status.QUALIFIED, "Art 3", "points"),
    (4, "N0003", 9, Status.QUALIFIED, "Art 3", "points"),
    (5, "N0005", 6, Status.QUALIFIED, "Art 3", "points"),
    (6, "N0008", 5.5, Status.RESERVE, None, "points"),
    (7, "N0007", 5, Status.RESERVE, None, "points"),
    (8, "N0006", 4.5, Status.RESERVE, None, None),
]
# Centro (2 seats, its event in play: provisional): C0002 and C0003 tied across the last seat (TN10).
CENTRO_RACE = [
    (1, "C0001", 7, Status.QUALIFIED, "Art 3", "points"),
    (2, "C0002", 5, Status.TIED, "Art 18", "tied"),
    (2, "C0003", 5, Status.TIED, "Art 18", "points"),
    (4, "C0004", 3, Status.RESERVE, None, None),
]
SUL_RACE = [
    (index, f"S{index:04d}", 9 - index, Status.QUALIFIED if index <= 6 else Status.RESERVE, None, "points")
    for index in range(1, 9)
]
KING_POINTS = {"N0001": 120, "N0004": -40}


class FakeRating:
    def __init__(self, person, mu, sigma, games):
        self.person, self.mu, self.sigma, self.games = person, mu, sigma, games

    @property
    def ordinal(self):
        return self.mu - 3 * self.sigma


class FakeRatings:
    def __init__(self, rows):
        self._rows = rows

    def rows(self):
        return self._rows


RATINGS = [FakeRating("N0001", 30.271, 7.2, 6), FakeRating("C0004", 17.094, 7.9, 3)]

SEASON_EXTRA = """\
decisions:
  - {date: 2027-03-20, union: centro, seat: C0002}
inscriptions:
  norte: [N0001, N0004, N0003, N0006]
"""


def season_of(tmp_path, extra: str = SEASON_EXTRA):
    """The season of three unions (8, 4 and 8 members; N0002 lapsed in February, TN8), Norte
    with a second regional event a week after its first, and `extra` appended to its file."""
    path = make_season(tmp_path, {"norte": 8, "centro": 4, "sul-e-ilhas": 8}, lapsed=("N0002",))
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "union: norte" in line) + 1
    lines.insert(at, "  - {file: norte/e2/torneio.yaml, phase: regional, union: norte, date: 2027-03-16}\n")
    path.write_text("".join(lines) + extra, encoding="utf-8")
    return load_season(str(path))


def race_of(season, roster, union, seats, rows, provisional=False) -> Race:
    events = 2 if union == "norte" else 1
    return Race(
        union,
        season.rules.unions[union],
        seats,
        tuple(
            RaceRow(
                union,
                place,
                pid,
                roster.person(pid).name,
                points,
                status,
                article,
                decided,
                {"king_points": KING_POINTS[pid]} if pid in KING_POINTS else {},
                events,
            )
            for place, pid, points, status, article, decided in rows
        ),
        provisional,
        tuple(season.inscriptions.get(union, ())),
    )


def book_of(tmp_path, extra: str = SEASON_EXTRA, ratings=True, journal=(), roster=None) -> SeasonBook:
    season = season_of(tmp_path, extra)
    roster = roster or Roster(load_registry(str(tmp_path / ref)) for ref in season.registries)
    events = (
        EventState(season.events[0], "Regional norte 1", COMPLETE, 6, 6),
        EventState(season.events[1], "Regional norte 2", COMPLETE, 6, 6),
        EventState(season.events[2], "Regional centro 1", IN_PLAY, 2, 3),
        EventState(season.events[3], "Regional sul-e-ilhas 1", COMPLETE, 6, 6),
    )
    played = [
        Played(pid, roster.person(pid).name, index, place, value)
        for index, points in enumerate((NORTE_1, NORTE_2, CENTRO_1, SUL_1))
        for place, (pid, value) in enumerate(points.items(), start=1)
    ]
    size, quotas = season.final_seats()  # TN7: Art 3's, or the latest agreement's
    races = (
        race_of(season, roster, "norte", quotas["norte"], NORTE_RACE),
        race_of(season, roster, "centro", quotas["centro"], CENTRO_RACE, provisional=True),
        race_of(season, roster, "sul-e-ilhas", quotas["sul-e-ilhas"], SUL_RACE),
    )
    return SeasonBook(
        season,
        roster,
        events,
        tuple(played),
        Qualification(races, size, size - sum(quotas.values())),
        FakeRatings(RATINGS) if ratings else None,
        tuple(journal),
        datetime.date(2027, 3, 31),
    )


def a_change(when, action, file, entry=None, before=None, after=None, user="ana") -> JournalLine:
    change = Change(f"id-{when}", when, when, "done", action, {"user": user}, file, (file,), entry, before, after, {})
    return JournalLine(change, "king")


def built(book, language="en") -> openpyxl.Workbook:
    """The workbook written and read back as a spreadsheet opens it."""
    with i18n.speaking(language):
        wb = build(book)
    return wb


def rows(ws, first, last, columns):
    return [tuple(ws.cell(r, c).value for c in range(1, columns + 1)) for r in range(first, last + 1)]


TITLES = [
    "Phases",
    "Qualification norte",
    "Qualification centro",
    "Qualification sul-e-ilhas",
    "Final",
    "Players",
    "Record",
    "Ratings",
    "Decisions",
    "Journal",
]


def test_the_worksheets_in_order_and_without_ratings(tmp_path):
    assert built(book_of(tmp_path)).sheetnames == TITLES
    assert built(book_of(tmp_path / "b", ratings=False)).sheetnames == [t for t in TITLES if t != "Ratings"]


def test_phases_list_every_event_with_its_state_and_sums_the_sheets(tmp_path):
    ws = built(book_of(tmp_path))["Phases"]
    assert ws["A1"].value == "Interbancário de King 2027: phases and events"
    assert rows(ws, 3, 8, 9) == [
        ("No.", "Phase", "File", "Tournament", "Union", "Date", "State", "Sheets in", "Sheets"),
        (
            1,
            "regional",
            "norte/e1/torneio.yaml",
            "Regional norte 1",
            "norte",
            datetime.date(2027, 3, 9),
            "complete",
            6,
            6,
        ),
        (
            2,
            "regional",
            "norte/e2/torneio.yaml",
            "Regional norte 2",
            "norte",
            datetime.date(2027, 3, 16),
            "complete",
            6,
            6,
        ),
        (
            3,
            "regional",
            "centro/e1/torneio.yaml",
            "Regional centro 1",
            "centro",
            datetime.date(2027, 3, 10),
            "in play",
            2,
            3,
        ),
        (
            4,
            "regional",
            "sul-e-ilhas/e1/torneio.yaml",
            "Regional sul-e-ilhas 1",
            "sul-e-ilhas",
            datetime.date(2027, 3, 11),
            "complete",
            6,
            6,
        ),
        ("Total", None, None, None, None, None, None, "=SUM(H4:H7)", "=SUM(I4:I7)"),
    ]
    assert ws["F4"].number_format == "yyyy-mm-dd"


def test_tn10_norte_race_points_are_sums_of_its_two_events_on_record(tmp_path):
    """TN10: a member's points are the sum of his table points over his union's regional events:
    on the workbook, a SUM of his rows on Record (N0001: 9 + 1 = 10 from rows 8 and 9)."""
    wb = built(book_of(tmp_path))
    ws = wb["Qualification norte"]
    assert ws["A1"].value == "Qualification: Sindicato dos Bancários do Norte"
    assert ws["A2"].value == "4 seats in the final (Art 3)"
    heads = ("Place", "Member", "Name", "Points", "king points", "Decided by", "Status", "Article", "Events")
    assert rows(ws, 3, 11, 9) == [
        heads,
        (1, "N0002", "Maria Magalhães", "=SUM(Record!H10:H11)", None, "points", "excluded", "Art 2", 2),
        (2, "N0001", "José Magalhães", "=SUM(Record!H8:H9)", 120, "King points", "qualified", "Art 3", 2),
        (3, "N0004", "Ana Magalhães", "=SUM(Record!H14:H15)", -40, "points", "qualified", "Art 3", 2),
        (4, "N0003", "João Magalhães", "=SUM(Record!H12:H13)", None, "points", "qualified", "Art 3", 2),
        (5, "N0005", "Manuel Magalhães", "=SUM(Record!H16:H17)", None, "points", "qualified", "Art 3", 2),
        (6, "N0008", "Inês Magalhães", "=SUM(Record!H22:H23)", None, "points", "reserve", "", 2),
        (7, "N0007", "Rui Magalhães", "=SUM(Record!H20:H21)", None, "points", "reserve", "", 2),
        (8, "N0006", "Joana Magalhães", "=SUM(Record!H18:H19)", None, "", "reserve", "", 2),
    ]
    record = wb["Record"]
    assert [record.cell(r, 8).value for r in (8, 9)] == [9, 1]
    assert [record.cell(r, 1).value for r in (8, 9)] == ["N0001", "N0001"]


def test_art_3_the_cut_line_is_drawn_under_the_last_qualified_row(tmp_path):
    """Art 3: four seats for Norte: a thick line under its fourth qualified (N0005, row 8), none
    elsewhere; Centro's tied pair (TN10) stands below its one qualified member."""
    wb = built(book_of(tmp_path))
    ws = wb["Qualification norte"]
    for c in range(1, 10):
        assert ws.cell(8, c).border.bottom.style == "medium", c
        for r in (4, 5, 6, 7, 9, 10, 11):
            assert ws.cell(r, c).border.bottom.style == "thin", (r, c)
    centro = wb["Qualification centro"]
    assert [centro.cell(4, c).border.bottom.style for c in range(1, 9)] == ["medium"] * 8
    assert centro.cell(5, 1).border.bottom.style == "thin"


def test_tn10_a_tie_at_the_last_seat_is_tied_citing_art_18_and_the_race_is_provisional(tmp_path):
    ws = built(book_of(tmp_path))["Qualification centro"]
    assert ws["A2"].value == "2 seats in the final (Art 3) - PROVISIONAL: a regional event is still in play"
    assert rows(ws, 4, 7, 8) == [
        (1, "C0001", "Carlos Magalhães", "=SUM(Record!H4)", "points", "qualified", "Art 3", 1),
        (2, "C0002", "Sofia Magalhães", "=SUM(Record!H5)", "tied", "tied", "Art 18", 1),
        (2, "C0003", "Pedro Magalhães", "=SUM(Record!H6)", "points", "tied", "Art 18", 1),
        (4, "C0004", "Marta Magalhães", "=SUM(Record!H7)", "", "reserve", "", 1),
    ]
    note = ws["A9"].value
    assert note.startswith("The thick line is the cut: above it the union's 2 seats in the final (Art 3).")
    assert "organising committee (Art 18)" in note and "excluded (Art 2)" in note


def test_tn7_the_final_sums_the_quotas_and_leaves_four_seats_open(tmp_path):
    """TN7: Art 3's 16 and its quotas of 4, 2 and 6: 12 seats by quota, 16 - 12 = 4 open, said
    citing Art 3 until an agreement fills them."""
    book = book_of(tmp_path)
    ws = built(book)["Final"]
    # TN13: Norte inscribed four (rows 18-21 below); Centro and Sul e Ilhas inscribed nobody, so
    # their qualified go, as `season final` writes them: Centro's one (C0001, its tied pair waits
    # for the committee), Sul e Ilhas' six (rows 22 and 23-28).
    assert rows(ws, 3, 9, 6) == [
        ("Union", "Name", "Quota", "Qualified", "Finalists", "Chosen by"),
        (
            "norte",
            "Sindicato dos Bancários do Norte",
            4,
            "=COUNTIF('Qualification norte'!G4:G11,\"qualified\")",
            "=COUNT(B18:B21)",
            "inscription",
        ),
        (
            "centro",
            "Sindicato dos Bancários do Centro",
            2,
            "=COUNTIF('Qualification centro'!F4:F7,\"qualified\")",
            "=COUNT(B22:B22)",
            "qualified (no inscription)",
        ),
        (
            "sul-e-ilhas",
            "Sindicato dos Bancários do Sul e Ilhas",
            6,
            "=COUNTIF('Qualification sul-e-ilhas'!F4:F11,\"qualified\")",
            "=COUNT(B23:B28)",
            "qualified (no inscription)",
        ),
        ("Size of the final", None, 16, None, None, None),
        ("Seats by quota", None, "=SUM(C4:C6)", None, None, None),
        ("Open seats", None, "=C7-SUM(C4:C6)", None, None, None),
    ]
    assert ws["A10"].value == (
        '4 seats beyond the quotas are open until the unions agree on them (Art 3: "desde que haja acordo dos '
        'Sindicatos").'
    )
    assert rows(ws, 11, 14, 6) == [
        (None, None, None, None, None, None),
        ("Agreements", None, None, None, None, None),
        ("Date", "Size", "norte", "centro", "sul-e-ilhas", "Sum"),
        ("none", None, None, None, None, None),
    ]
    # TN13: each union's inscriptions in its order, with where its race puts each one; a union
    # that inscribed nobody, its qualified in the race's order.
    inscribed, qualified = "inscription", "qualified (no inscription)"
    assert rows(ws, 16, 28, 6) == [
        ("Finalists", None, None, None, None, None),
        ("Union", "Order", "Member", "Name", "Status", "Chosen by"),
        ("norte", 1, "N0001", "José Magalhães", "qualified", inscribed),
        ("norte", 2, "N0004", "Ana Magalhães", "qualified", inscribed),
        ("norte", 3, "N0003", "João Magalhães", "qualified", inscribed),
        ("norte", 4, "N0006", "Joana Magalhães", "reserve", inscribed),
        ("centro", 1, "C0001", "Carlos Magalhães", "qualified", qualified),
        *(
            ("sul-e-ilhas", n, f"S{n:04d}", book.roster.person(f"S{n:04d}").name, "qualified", qualified)
            for n in range(1, 7)
        ),
    ]
    assert ws.max_row == 28


AGREED = """\
agreements:
  - {date: 2027-04-02, size: 16, quotas: {norte: 5, centro: 4, sul-e-ilhas: 7}}
"""


def test_tn7_an_agreement_listed_with_the_sum_of_its_quotas(tmp_path):
    ws = built(book_of(tmp_path, AGREED))["Final"]
    assert ws["A10"].value is None and ws["A11"].value == "Agreements"  # no open seat: no warning
    assert rows(ws, 12, 13, 6) == [
        ("Date", "Size", "norte", "centro", "sul-e-ilhas", "Sum"),
        (datetime.date(2027, 4, 2), 16, 5, 4, 7, "=SUM(C13:E13)"),
    ]
    # No inscription at all: every union's qualified go (TN13), as `season final` chooses them.
    assert rows(ws, 15, 17, 6) == [
        ("Finalists", None, None, None, None, None),
        ("Union", "Order", "Member", "Name", "Status", "Chosen by"),
        ("norte", 1, "N0001", "José Magalhães", "qualified", "qualified (no inscription)"),
    ]
    assert [ws.cell(r, 3).value for r in range(17, ws.max_row + 1)] == [
        "N0001",
        "N0004",
        "N0003",
        "N0005",
        "C0001",
        *(f"S{n:04d}" for n in range(1, 7)),
    ]
    assert [ws.cell(r, 5).value for r in (4, 5, 6)] == ["=COUNT(B17:B20)", "=COUNT(B21:B21)", "=COUNT(B22:B27)"]


def test_tn8_players_eligibility_at_each_event_names_the_gap(tmp_path):
    """TN8 (Art 2): N0002 was out in February: at every event of March he may not play, and the
    gap is said; TN9: each one's union is the one of his first event's day."""
    ws = built(book_of(tmp_path))["Players"]
    assert rows(ws, 3, 3, 8) == [
        ("Member", "Name", "Union", "Membership", "Event 1", "Event 2", "Event 3", "Event 4"),
    ]
    by_id = {ws.cell(r, 1).value: r for r in range(4, ws.max_row + 1)}
    assert list(by_id) == sorted(by_id) and len(by_id) == 20
    gap = "no: 2027-02-01 to 2027-02-28"
    assert rows(ws, by_id["N0002"], by_id["N0002"], 8) == [
        (
            "N0002",
            "Maria Magalhães",
            "norte",
            "norte 2020-01-01 to 2027-01-31; norte from 2027-03-01",
            gap,
            gap,
            gap,
            gap,
        )
    ]
    assert rows(ws, by_id["S0001"], by_id["S0001"], 8) == [
        ("S0001", "Luís Magalhães", "sul-e-ilhas", "sul-e-ilhas from 2020-01-01", "yes", "yes", "yes", "yes")
    ]


def test_record_lists_each_persons_events_and_the_race_they_count_for(tmp_path):
    ws = built(book_of(tmp_path))["Record"]
    assert rows(ws, 3, 4, 9) == [
        ("Member", "Name", "No.", "Tournament", "Date", "Phase", "Place", "Points", "Counts for"),
        ("C0001", "Carlos Magalhães", 3, "Regional centro 1", datetime.date(2027, 3, 10), "regional", 1, 7, "centro"),
    ]
    assert rows(ws, 10, 11, 9) == [
        ("N0002", "Maria Magalhães", 1, "Regional norte 1", datetime.date(2027, 3, 9), "regional", 2, 8, "norte"),
        ("N0002", "Maria Magalhães", 2, "Regional norte 2", datetime.date(2027, 3, 16), "regional", 2, 3, "norte"),
    ]
    assert ws.max_row == 31  # 4 + 16 + 8 persons' events from row 4


def test_ratings_ordinal_is_a_formula_of_mu_and_sigma(tmp_path):
    ws = built(book_of(tmp_path))["Ratings"]
    assert ws["A2"].value == "As of 2027-03-31. A rating is no part of any regulation: it qualifies nobody."
    assert rows(ws, 3, 5, 7) == [
        ("Place", "Member", "Name", "Rating (skill - 3 x uncertainty)", "Estimated skill", "Uncertainty", "Games"),
        (1, "N0001", "José Magalhães", "=E4-3*F4", 30.271, 7.2, 6),
        (2, "C0004", "Marta Magalhães", "=E5-3*F5", 17.094, 7.9, 3),
    ]
    assert ws["D4"].number_format == "0.000"


def test_decisions_and_an_empty_journal(tmp_path):
    wb = built(book_of(tmp_path))
    assert rows(wb["Decisions"], 4, 4, 5) == [
        (datetime.date(2027, 3, 20), "centro", "C0002", "Sofia Magalhães", "Art 18")
    ]
    assert wb["Journal"]["A4"].value == "No change on record."


def test_the_journal_lists_the_changes_in_the_games_words(tmp_path):
    journal = [
        a_change(
            "2027-03-09T10:01:02+00:00",
            "record",
            "norte/e1/r1-mesa1.yaml",
            3,
            None,
            {"contract": "vazas", "counts": [4, 3, 3, 3]},
        ),
        a_change(
            "2027-03-09T11:00:00+00:00",
            "undo",
            "norte/e1/r1-mesa1.yaml",
            3,
            {"contract": "vazas", "counts": [4, 3, 3, 3]},
            None,
        ),
        a_change("2027-03-10T09:00:00+00:00", "draw", "centro/e1/torneio.yaml", user="=cmd|' /C calc'!A0"),
    ]
    ws = built(book_of(tmp_path, journal=journal))["Journal"]
    assert rows(ws, 3, 3, 8) == [("When", "Who", "Union", "File", "Change", "Entry", "Before", "After")]
    values = rows(ws, 4, 6, 8)
    assert [row[:5] for row in values] == [
        ("2027-03-09 10:01:02", "ana", "", "norte/e1/r1-mesa1.yaml", "record"),
        ("2027-03-09 11:00:00", "ana", "", "norte/e1/r1-mesa1.yaml", "undo"),
        ("2027-03-10 09:00:00", "=cmd|' /C calc'!A0", "", "centro/e1/torneio.yaml", "draw"),
    ]
    assert values[0][5].startswith("hand 3") and values[0][6] == "" and values[0][7]
    assert values[1][7] and values[2][5:] == ("", "", "")
    assert ws["B6"].data_type == "s" and ws["B6"].quotePrefix  # a stranger's text stays text


def test_a_name_that_looks_like_a_formula_is_written_as_text(tmp_path):
    """A registry read from a file refuses such a name; the writer does not rely on it."""
    registry = UnionRegistry(
        "norte",
        "Norte",
        tuple(
            Member(
                f"N{index:04d}",
                '=HYPERLINK("http://x")' if index == 1 else f"Nome {index}",
                "norte",
                periods=(Period(datetime.date(2020, 1, 1)),),
            )
            for index in range(1, 9)
        ),
        "registry/norte.yaml",
    )
    season = season_of(tmp_path / "s")
    others = [load_registry(str(tmp_path / "s" / ref)) for ref in season.registries[1:]]
    book = book_of(tmp_path, roster=Roster([registry, *others]))
    wb = built(book)
    for title, coordinate in (("Qualification norte", "C5"), ("Players", "B8"), ("Record", "B8")):
        cell = wb[title][coordinate]
        assert cell.value == '=HYPERLINK("http://x")', title
        assert cell.data_type == "s" and cell.quotePrefix, title


def test_a_100000_member_registry_lists_only_the_seasons_players_in_seconds(tmp_path):
    """Bounded: past MAX_REGISTRY_ROWS persons, Players lists who the season names (its events'
    players, its races, inscriptions and decisions) and says so: the 100,000 members cost only
    the roster."""
    import time

    season = season_of(tmp_path / "s")
    registries = [load_registry(str(tmp_path / "s" / ref)) for ref in season.registries]
    many = registries[0].members + tuple(
        Member(f"N{index:06d}", f"Associado {index}", "norte", periods=(Period(datetime.date(2020, 1, 1)),))
        for index in range(10, 100_000)
    )
    roster = Roster([UnionRegistry("norte", "Norte", many, "registry/norte.yaml"), *registries[1:]])
    started = time.perf_counter()
    wb = built(book_of(tmp_path, roster=roster))
    elapsed = time.perf_counter() - started
    ws = wb["Players"]
    assert [ws.cell(r, 1).value for r in (23, 24)] == ["S0008", None]
    assert ws["A25"].value == (
        "The registries hold more than 5000 members: the 20 the season names are listed (its events' players, "
        "its races, inscriptions and decisions); `registry show ID` shows any other."
    )
    assert ws.max_row == 25
    assert elapsed < 5, elapsed


@pytest.mark.parametrize("language", ["pt_PT", "pt_BR"])
def test_every_worksheet_is_named_in_the_workbook_language(tmp_path, language):
    """Each title is a word of the language in use (through gettext): the titles are distinct and
    no longer than a worksheet's name may be."""
    names = built(book_of(tmp_path), language).sheetnames
    assert len(names) == len(set(names)) == 10 and all(len(name) <= 31 for name in names)


# --- `season export` on the command line, from the real qualification ------------------------------


def exported(tmp_path, *args, players=None):
    path = make_season(tmp_path / "season", players or {"norte": 8, "centro": 4, "sul-e-ilhas": 8}, lapsed=("N0002",))
    out = tmp_path / "season.xlsx"
    result = run("--lang", "en", "season", "export", path, "-o", out, *args)
    return path, out, result


def test_season_export_writes_the_races_as_season_qualify_ranks_them(tmp_path):
    """The CLI's workbook: each race's rows as `season qualify --format json` gives them (place,
    id, name, status and article), the cut line under the last qualified row, and TN7's warning
    of four open seats said as every season command says it (Art 3)."""
    path, out, result = exported(tmp_path)
    assert result.exit_code == 0, result.output
    assert "4 seats are open until the unions agree" in result.output and "[Art 3]" in result.output
    assert f"Wrote {out}: Phases, Qualification norte" in result.output
    qualified = json.loads(run("season", "qualify", path, "--format", "json").stdout)  # findings on stderr
    wb = openpyxl.load_workbook(out)
    words = {"qualified": "qualified", "reserve": "reserve", "excluded": "excluded", "tied": "tied"}
    for union in ("norte", "centro", "sul-e-ilhas"):
        ws = wb[f"Qualification {union}"]
        want = [row for row in qualified if row["union"] == union]
        got = rows(ws, 4, 3 + len(want), 3)
        assert got == [(row["place"], row["id"], row["name"]) for row in want]
        status_col = [ws.cell(3, c).value for c in range(1, ws.max_column + 1)].index("Status") + 1
        assert [ws.cell(r, status_col).value for r in range(4, 4 + len(want))] == [words[row["status"]] for row in want]
        assert [ws.cell(r, status_col + 1).value for r in range(4, 4 + len(want))] == [row["article"] for row in want]
        last = max(i for i, row in enumerate(want) if row["status"] == "qualified")
        assert ws.cell(4 + last, 1).border.bottom.style == "medium"
        assert all(ws.cell(4 + i, 1).border.bottom.style == "thin" for i in range(len(want)) if i != last)
    norte = [row for row in qualified if row["union"] == "norte"]
    assert ("N0002", "excluded", "Art 2") in [(row["id"], row["status"], row["article"]) for row in norte]  # TN8


def test_season_export_journal_lists_an_undo_and_the_race_turns_provisional(tmp_path):
    """A hand removed from a Norte table (the journal records it): Diário lists the undo in King's
    words, Norte's event is in play again and its race provisional; an inscription (TN13) is the
    season folder's change."""
    path = make_season(tmp_path / "season", {"norte": 8, "centro": 4, "sul-e-ilhas": 8})
    assert run("undo", path.parent / "norte" / "e1" / "r1-mesa1.yaml").exit_code == 0
    assert run("season", "inscribe", path, "--union", "centro", "C0001").exit_code in (0, 1)
    out = tmp_path / "season.xlsx"
    assert run("--lang", "en", "season", "export", path, "-o", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    journal = rows(wb["Journal"], 4, 5, 8)
    # Oldest first; the two were made in the same second (the journal's time is to the second).
    # Norte's table is in Norte's folder; the inscription in the season's own (no union's).
    assert sorted((row[3], row[4], row[2]) for row in journal) == [
        ("norte/e1/r1-mesa1.yaml", "undo", "norte"),
        ("season.yaml", "inscription", None),
    ]
    undo = next(row for row in journal if row[4] == "undo")
    assert undo[5].startswith("hand ") and undo[6] and undo[7]  # the hand, its values, and what removed it
    assert wb["Phases"]["G4"].value == "in play" and wb["Phases"]["H4"].value == 5
    assert "PROVISIONAL" in wb["Qualification norte"]["A2"].value


def test_season_export_refuses_a_name_that_is_no_workbook_and_an_existing_file(tmp_path):
    path, out, result = exported(tmp_path)
    assert result.exit_code == 0
    again = run("season", "export", path, "-o", out)
    assert again.exit_code == 2 and "--force" in again.output and len(again.output.strip().splitlines()) == 1
    assert run("season", "export", path, "-o", out, "--force").exit_code == 0
    wrong = run("season", "export", path, "-o", tmp_path / "season.csv")
    assert wrong.exit_code == 2 and "name it with .xlsx" in wrong.output
    assert not (tmp_path / "season.csv").exists()


# --- bounds ---------------------------------------------------------------------------------------


def test_more_than_sixty_events_get_a_column_each_up_to_sixty_and_a_note(tmp_path):
    book = book_of(tmp_path)
    extra = tuple(
        EventState(Event(f"extra/e{n}.yaml", "regional", "norte", datetime.date(2027, 5, 1)), f"E{n}", NOT_STARTED)
        for n in range(1, 58)
    )
    ws = built(dataclasses.replace(book, events=book.events + extra))["Players"]
    assert ws.cell(3, 4 + MAX_EVENT_COLUMNS).value == "Event 60" and ws.cell(3, 5 + MAX_EVENT_COLUMNS).value is None
    assert (
        ws.cell(ws.max_row, 1).value == "Eligibility is shown at the first 60 events; `season check` checks them all."
    )


def test_the_journal_lists_its_newest_changes_and_says_there_are_more(tmp_path):
    journal = [
        a_change(f"2027-03-{1 + n // 1000:02d}T10:{n // 60 % 60:02d}:{n % 60:02d}+00:00", "draw", "t.yaml")
        for n in range(MAX_JOURNAL_ROWS + 5)
    ]
    ws = built(dataclasses.replace(book_of(tmp_path), journal=tuple(journal), journal_more=True))["Journal"]
    # The newest 2,000 of 2,005, oldest first: the sixth (n = 5) to the last (n = 2004).
    assert ws["A4"].value == "2027-03-01 10:00:05"
    assert ws.cell(4 + MAX_JOURNAL_ROWS - 1, 1).value == "2027-03-03 10:33:24"
    assert ws.cell(4 + MAX_JOURNAL_ROWS, 1).value == (
        "Earlier changes are not listed: `scorekeeper history FOLDER` lists them all."
    )


def test_union_ids_cut_to_a_worksheets_31_characters_stay_distinct():
    with i18n.speaking("en"):
        titles = unique_titles(["a" * 40, "a" * 40 + "b", "Final"])
    assert titles == {
        "a" * 40: "Qualification " + "a" * 17,
        "a" * 40 + "b": "Qualification " + "a" * 13 + " (2)",
        "Final": "Qualification Final",
    }


def test_a_name_no_member_goes_by_is_ranked_with_its_points_as_a_value(tmp_path):
    """Art 2: a name in an event that no registry lists takes no seat (qualify gives it no id);
    it has no rows on Historial, so its points are written as the race's number."""
    book = book_of(tmp_path)
    norte = book.qualification.races[0]
    stranger = RaceRow("norte", 9, "", "Visitante", 3.5, Status.EXCLUDED, "Art 2", None, {}, 1)
    races = (dataclasses.replace(norte, rows=norte.rows + (stranger,)), *book.qualification.races[1:])
    wb = built(dataclasses.replace(book, qualification=dataclasses.replace(book.qualification, races=races)))
    assert rows(wb["Qualification norte"], 12, 12, 9) == [(9, "", "Visitante", 3.5, None, "", "excluded", "Art 2", 1)]


@pytest.mark.parametrize(("most", "listed"), [(20, 20), (19, 20)])
def test_players_lists_every_registry_member_up_to_the_bound(tmp_path, monkeypatch, most, listed):
    """Jogadores lists the registries' 20 members while they are at most MAX_REGISTRY_ROWS
    persons (no note); one over, only those the season names (here the same 20) and a note."""
    monkeypatch.setattr("scorekeeper.season.workbook_write.MAX_REGISTRY_ROWS", most)
    ws = built(book_of(tmp_path))["Players"]
    assert [ws.cell(r, 1).value is not None for r in range(4, 4 + listed)] == [True] * listed
    if most >= 20:
        assert ws.max_row == 3 + listed
    else:
        assert ws.cell(3 + listed + 2, 1).value.startswith(
            "The registries hold more than 19 members: the 20 the season"
        )


def test_decisions_name_column_holds_the_longest_name(tmp_path):
    """Decisões: a decided member's name is printed whole (its column as wide as the name), and the
    list is at least as wide as the line under its title."""
    from scorekeeper.workbook.sheet_style import text_width

    ws = built(book_of(tmp_path))["Decisions"]
    assert rows(ws, 4, 4, 5) == [(datetime.date(2027, 3, 20), "centro", "C0002", "Sofia Magalhães", "Art 18")]
    widths = [ws.column_dimensions[c].width for c in "ABCDE"]
    assert widths[3] >= text_width("Sofia Magalhães")
    assert sum(widths) >= text_width(ws["A2"].value, bold=True)
