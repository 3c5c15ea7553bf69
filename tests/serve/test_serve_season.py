"""The organiser's season pages (issue 27): each union's live race with its cut line when the
server is given the season, and the registration desk: a name or a member number gives the
member, whether he may play on the event's day (King Art 2, TN8) and, for Truco, whether the
pair has an associate (Art 1, TN14). Served through Flask's test client, in English."""

from __future__ import annotations

import re

import pytest
from season_maker import make_season

from scorekeeper.serve.app import create_app


def text_of(html: str, start: str, length: int = 4000) -> str:
    at = html.index(start)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html[at : at + length])).strip()


@pytest.fixture
def season(tmp_path):
    return make_season(tmp_path, {"norte": 8, "centro": 4, "sul-e-ilhas": 12}, lapsed=("N0002",))


def client(path, season=None):
    return create_app(str(path), language="en", season=None if season is None else str(season)).test_client()


def test_the_organisers_page_shows_each_unions_race_with_its_cut_line(season):
    page = client(season.parent / "norte" / "e1" / "torneio.yaml", season).get("/").get_data(as_text=True)
    # TN7: Art 3's quotas add up to 12 of its 16 seats; the four others are open until an agreement.
    assert "4 seats of the final are open: no quota fills them until the unions agree (Art 3)" in page
    norte = text_of(page, "Sindicato dos Bancários do Norte: 4 seats", 2500)
    rows = re.findall(r'<tr class="(\w+)( cut)?">(.*?)</tr>', page)
    first = [(status, cut, re.findall(r"<td[^>]*>(.*?)</td>", cells)[:4]) for status, cut, cells in rows[:8]]
    assert first == [
        ("qualified", "", ["1", "N0001", "José Magalhães", "13"]),
        ("qualified", "", ["2", "N0007", "Rui Magalhães", "9"]),
        ("qualified", "", ["2", "N0008", "Inês Magalhães", "9"]),
        ("qualified", " cut", ["4", "N0004", "Ana Magalhães", "9"]),  # the cut line under the fourth seat
        ("excluded", "", ["5", "N0002", "Maria Magalhães", "9"]),  # TN8: out in February
        ("reserve", "", ["6", "N0006", "Joana Magalhães", "8"]),
        ("reserve", "", ["7", "N0003", "João Magalhães", "6"]),
        ("reserve", "", ["8", "N0005", "Manuel Magalhães", "3"]),
    ]
    assert "excluded Art 2" in norte


def test_without_a_season_the_page_shows_no_race(season):
    page = client(season.parent / "norte" / "e1" / "torneio.yaml").get("/").get_data(as_text=True)
    assert "The race to the final" not in page
    assert 'href="/desk?lang=en"' in page


@pytest.mark.parametrize(
    ("query", "said"),
    [
        (
            "name=N0001",
            "N0001 José Magalhães (norte): may play on 2027-03-09 · already a player of this tournament",
        ),
        (
            "name=jose+magalhaes",
            "N0001 José Magalhães (norte), the same name but for accents, case or spacing: may play on 2027-03-09"
            " · already a player of this tournament",
        ),
        (
            "name=Maria+Magalh%C3%A3es",
            "N0002 Maria Magalhães (norte): may not play on 2027-03-09: not a member from 2027-02-01 to 2027-02-28"
            " (Art 2) · already a player of this tournament",
        ),
        (
            "name=J.+Magalh%C3%A3es",
            "J. Magalhães: fits more than one member (N0001 José Magalhães, N0003 João Magalhães, N0006 Joana"
            " Magalhães, S0007 Jorge Magalhães): ask for the member number",
        ),
        ("name=Rui+Costa", "Rui Costa: no member goes by this name (Art 2)"),
        (
            "name=C0002",  # a member of another union: he may play (Art 1: any organising union)
            "C0002 Sofia Magalhães (centro): may play on 2027-03-09",
        ),
    ],
)
def test_the_desk_says_who_a_name_is_and_whether_he_may_play(season, query, said):
    page = client(season.parent / "norte" / "e1" / "torneio.yaml", season).get(f"/desk?{query}")
    assert page.status_code == 200
    answer = re.findall(r"<li class=\"(ok|refused)\">(.*?)</li>", page.get_data(as_text=True))
    assert [text for _, text in answer] == [said]


def test_the_desk_of_a_king_event_asks_no_partner(season):
    page = client(season.parent / "norte" / "e1" / "torneio.yaml", season).get("/desk").get_data(as_text=True)
    assert 'id="desk-name"' in page and 'id="desk-partner"' not in page


FURB = """\
union: furb
name: Associação dos Servidores da FURB
members:
  - {id: F01, name: Maria Silva, membership: [{from: 2020-01-01}]}
  - {id: F02, name: Pedro Souza, membership: [{from: 2020-01-01, to: 2025-12-31}]}
"""


@pytest.fixture
def truco(tmp_path):
    (tmp_path / "furb.yaml").write_text(FURB, encoding="utf-8")
    path = tmp_path / "truco.yaml"
    path.write_text(
        "tournament: Truco FURB\nrules: truco\ndate: 2026-05-02\nregistry: [furb.yaml]\n"
        "teams:\n  Nos: [Maria Silva, Joana]\n  Eles: [Lucas, Rita]\n",
        encoding="utf-8",
    )
    return path


def test_tn14_the_desk_says_a_pair_has_an_associate(truco):
    page = client(truco).get("/desk?name=Joana&partner=Maria+Silva").get_data(as_text=True)
    assert 'id="desk-partner"' in page
    assert "the pair has an associate: Maria Silva (Art 1)" in page


def test_tn14_the_desk_says_a_pair_of_no_associate_may_not_play(truco):
    page = client(truco).get("/desk?name=Pedro+Souza&partner=Carlos").get_data(as_text=True)
    assert "F02 Pedro Souza: may not play on 2026-05-02: not a member from 2026-05-02 to 2026-05-02 (Art 1)" in page
    assert "neither of the pair is an associate: the pair may not play (Art 1)" in page


def test_a_tournament_with_no_registry_says_the_desk_has_none(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("tournament: T\nrules: king\nplayers: [A, B, C, D]\n", encoding="utf-8")
    page = client(path).get("/desk?name=A").get_data(as_text=True)
    assert "no registry to look in" in page


def test_the_desk_bounds_and_escapes_what_is_typed(season):
    typed = "<script>alert(1)</script>"
    page = client(season.parent / "norte" / "e1" / "torneio.yaml", season).get(f"/desk?name={typed}")
    body = page.get_data(as_text=True)
    assert "<script>alert" not in body and "&lt;script&gt;alert(1)&lt;/script&gt;: no member" in body
    long = client(season.parent / "norte" / "e1" / "torneio.yaml", season).get("/desk?name=" + "x" * 150)
    assert "a name or member number has at most 80 characters" in long.get_data(as_text=True)
