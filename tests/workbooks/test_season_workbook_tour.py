"""The season's workbook of the README's tour ("## A season": examples/season-2026), as a trial of
the tour printed it: each fault it found, pinned with the tour's own numbers.

The tour is run on the command line in a copy of the example: each union's office imports its
list in its own folder (its own journal), each regional event is drawn and its sheets handed in,
the season is made, the unions agree on the four open seats (Art 3, TN7), a fix moves Norte's
list, Centro and Norte inscribe (TN13) and Sul e Ilhas does not, the final is written and drawn.
Then the final's first table hands in its sheet (the three others have not played)."""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil

import openpyxl
import pytest
from conftest import run

from scorekeeper.workbook.sheet_style import TITLE_FONT, text_width

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "season-2026"
UNIONS = {
    "norte": "Sindicato dos Bancários do Norte",
    "centro": "Sindicato dos Bancários do Centro",
    "sul-e-ilhas": "Sindicato dos Bancários do Sul e Ilhas",
}
# The final's table 1 as `tournament draw final.yaml --seed 2026 --steps 1000` seats it (README).
FINAL_TABLE_1 = ["Nuno Almeida", "José Magalhães", "Carlos Teixeira", "Graça Monteiro"]


def ok(*args):
    result = run(*args)
    assert result.exit_code in (0, 1), (args, result.output)
    return result


@pytest.fixture(scope="module")
def tour(tmp_path_factory):
    """The tour played, and the workbook exported in English: (folder, workbook path)."""
    folder = tmp_path_factory.mktemp("tour") / "season-2026"
    shutil.copytree(EXAMPLE, folder)
    here = os.getcwd()
    try:
        for union, name in UNIONS.items():
            os.chdir(folder / union)
            ok("registry", "import", f"socios-{union}.csv", "--union", union, "--name", name)
            ok("tournament", "draw", "regional.yaml", "--seed", "1")
            for sheet in (folder / union / "played").glob("*.yaml"):
                shutil.copy(sheet, folder / union / sheet.name)
        os.chdir(folder)
        registries = [arg for union in UNIONS for arg in ("--registry", f"{union}/registry/{union}.yaml")]
        name = ("--name", "Interbancário de King 2026")
        ok(
            "season",
            "new",
            "season.yaml",
            "--rules",
            "king-interbancario",
            "--starts",
            "2026-01-01",
            *name,
            *registries,
        )
        for union, day in (("norte", "2026-03-06"), ("centro", "2026-03-13"), ("sul-e-ilhas", "2026-03-20")):
            event = (f"{union}/regional.yaml", "--phase", "regional", "--union", union, "--date", day)
            ok("season", "add", "season.yaml", *event)
        with open(folder / "season.yaml", "a", encoding="utf-8") as season:
            season.write(
                "agreements:\n  - {date: 2026-04-15, size: 16, quotas: {norte: 5, centro: 4, sul-e-ilhas: 7}}\n"
            )
        ok("season", "qualify", "season.yaml", "--publish")
        ok("fix", "norte/r1-mesa2.yaml", "3", "damas", "0", "2", "2", "0")
        ok("season", "inscribe", "season.yaml", "--union", "centro", "C0203", "C0202", "C0204", "C0201")
        ok("season", "inscribe", "season.yaml", "--union", "norte", "N0104", "N0105", "N0109", "N0108", "N0101")
        ok("season", "final", "season.yaml", "-o", "final.yaml", "--date", "2026-06-13")
        drawn = ok("tournament", "draw", "final.yaml", "--seed", "2026", "--steps", "1000").output
        assert "Table 1: " + ", ".join(FINAL_TABLE_1) in drawn
        out = folder / "epoca.xlsx"
        ok("--lang", "en", "season", "export", "season.yaml", "-o", out)
    finally:
        os.chdir(here)
    return folder, out


def play_final_table_1(folder):
    """The final's table 1 hands in Norte's table 1's game, its four players its four finalists."""
    played = (folder / "norte" / "played" / "r1-mesa1.yaml").read_text(encoding="utf-8")
    norte = ["Marta Ribeiro", "Nuno Almeida", "Paulo Moreira", "Inês Carvalho"]
    names = dict(zip(norte, FINAL_TABLE_1))
    hands = played[played.index("hands:") :]
    hands = re.sub("|".join(map(re.escape, norte)), lambda m: names[m.group(0)], hands)
    sheet = folder / "r1-mesa1.yaml"
    text = sheet.read_text(encoding="utf-8")
    sheet.write_text(text[: text.index("hands:")] + hands, encoding="utf-8")


def rows(ws, first, last, columns):
    return [tuple(ws.cell(r, c).value for c in range(1, columns + 1)) for r in range(first, last + 1)]


def test_diario_says_the_historys_words_and_each_unions_registry_import(tour):
    """Diário: each change in `scorekeeper history`'s words (never the action's id, `draw` or
    `season-inscribe`), and the registry imports each union's office made in its own folder
    (its own journal), in time order, with the union whose folder it is."""
    _folder, out = tour
    ws = openpyxl.load_workbook(out)["Journal"]
    assert rows(ws, 3, 3, 5) == [("When", "Who", "Union", "File", "Change")]
    lines = rows(ws, 4, ws.max_row, 5)
    assert [line[0] for line in lines] == sorted(line[0] for line in lines)  # oldest first
    said = [(union or "", file, change) for _when, _who, union, file, change in lines]
    assert sorted(said) == sorted(
        [
            ("norte", "norte/registry/norte.yaml", "registry import"),
            ("norte", "norte/regional.yaml", "draw"),
            ("centro", "centro/registry/centro.yaml", "registry import"),
            ("centro", "centro/regional.yaml", "draw"),
            ("sul-e-ilhas", "sul-e-ilhas/registry/sul-e-ilhas.yaml", "registry import"),
            ("sul-e-ilhas", "sul-e-ilhas/regional.yaml", "draw"),
            ("", "season.yaml", "new season"),
            ("", "season.yaml", "event added to the season"),
            ("", "season.yaml", "event added to the season"),
            ("", "season.yaml", "event added to the season"),
            ("", "season.published.yaml", "list published"),
            ("norte", "norte/r1-mesa2.yaml", "fix"),
            ("", "season.yaml", "inscription"),
            ("", "season.yaml", "inscription"),
            ("", "season.yaml", "national final written"),
            ("", "final.yaml", "draw"),
        ]
    )
    # Each union's list was imported before its event was drawn, and so listed.
    for union in UNIONS:
        imported = said.index((union, f"{union}/registry/{union}.yaml", "registry import"))
        assert imported < said.index((union, f"{union}/regional.yaml", "draw"))


def test_diario_in_portuguese_says_the_historys_portuguese_words(tour):
    """The same words `scorekeeper history` says in Portugal's Portuguese (the season's game's)."""
    folder, _out = tour
    out = folder / "epoca-pt.xlsx"
    here = os.getcwd()
    try:
        os.chdir(folder)
        ok("season", "export", "season.yaml", "-o", out)
    finally:
        os.chdir(here)
    ws = openpyxl.load_workbook(out)["Diário"]
    changes = {ws.cell(r, 5).value for r in range(4, ws.max_row + 1)}
    history = run("--lang", "pt_PT", "history", folder).output
    assert {"sorteio", "nova época", "inscrição", "importação do registo de sócios"} <= changes
    assert "draw" not in changes and "season-inscribe" not in changes
    assert "nova época" in history and "inscrição" in history


def test_final_a_union_that_inscribed_nobody_sends_its_qualified(tour):
    """TN13 as `season final` did it in the tour: Norte's five and Centro's four inscribed, Sul e
    Ilhas inscribed nobody, so its seven qualified go (its quota by the agreement, TN7)."""
    _folder, out = tour
    ws = openpyxl.load_workbook(out)["Final"]
    assert rows(ws, 3, 6, 6) == [
        ("Union", "Name", "Quota", "Qualified", "Finalists", "Chosen by"),
        (
            "norte",
            UNIONS["norte"],
            5,
            "=COUNTIF('Qualification norte'!L4:L11,\"qualified\")",
            "=COUNT(B17:B21)",
            "inscription",
        ),
        (
            "centro",
            UNIONS["centro"],
            4,
            "=COUNTIF('Qualification centro'!L4:L7,\"qualified\")",
            "=COUNT(B22:B25)",
            "inscription",
        ),
        (
            "sul-e-ilhas",
            UNIONS["sul-e-ilhas"],
            7,
            "=COUNTIF('Qualification sul-e-ilhas'!L4:L11,\"qualified\")",
            "=COUNT(B26:B32)",
            "qualified (no inscription)",
        ),
    ]
    inscribed, qualified = "inscription", "qualified (no inscription)"
    assert rows(ws, 15, 32, 6) == [
        ("Finalists", None, None, None, None, None),
        ("Union", "Order", "Member", "Name", "Status", "Chosen by"),
        ("norte", 1, "N0104", "Marta Ribeiro", "qualified", inscribed),
        ("norte", 2, "N0105", "Carlos Teixeira", "qualified", inscribed),
        ("norte", 3, "N0109", "Nuno Almeida", "qualified", inscribed),
        ("norte", 4, "N0108", "Teresa Lopes", "qualified", inscribed),
        ("norte", 5, "N0101", "José Magalhães", "reserve", inscribed),
        ("centro", 1, "C0203", "Sofia Mendes", "qualified", inscribed),
        ("centro", 2, "C0202", "Jorge Nunes", "qualified", inscribed),
        ("centro", 3, "C0204", "Luís Correia", "qualified", inscribed),
        ("centro", 4, "C0201", "Helena Martins", "qualified", inscribed),
        ("sul-e-ilhas", 1, "S0303", "Rita Vieira", "qualified", qualified),
        ("sul-e-ilhas", 2, "S0304", "Manuel Ferreira", "qualified", qualified),
        ("sul-e-ilhas", 3, "S0308", "Duarte Lopes", "qualified", qualified),
        ("sul-e-ilhas", 4, "S0301", "Maria Gonçalves", "qualified", qualified),
        ("sul-e-ilhas", 5, "S0305", "Joana Costa", "qualified", qualified),
        ("sul-e-ilhas", 6, "S0307", "Graça Monteiro", "qualified", qualified),
        ("sul-e-ilhas", 7, "S0302", "Pedro Soares", "qualified", qualified),
    ]
    assert ws.max_row == 32


def test_jogadores_lists_every_member_a_lapsed_one_who_never_played_too(tour):
    """Art 2, TN8: Rui Pires (N0103) let his membership lapse in February and never played: he is
    listed with the gap that keeps him out of every event of the season, the final's too."""
    _folder, out = tour
    ws = openpyxl.load_workbook(out)["Players"]
    assert rows(ws, 3, 3, 8) == [("Member", "Name", "Union", "Membership", "Event 1", "Event 2", "Event 3", "Event 4")]
    ids = [ws.cell(r, 1).value for r in range(4, ws.max_row + 1)]
    assert ids == [f"C020{n}" for n in range(1, 5)] + [f"N010{n}" for n in range(1, 10)] + [
        f"S030{n}" for n in range(1, 9)
    ]
    gap = "no: 2026-02-01 to 2026-02-28"
    row = 4 + ids.index("N0103")
    assert rows(ws, row, row, 8) == [
        ("N0103", "Rui Pires", "norte", "norte 2016-01-01 to 2026-01-31; norte from 2026-03-01", gap, gap, gap, gap)
    ]


def test_historial_gives_no_place_in_an_event_not_yet_played(tour):
    """The final is drawn but not played: nobody has a place in it yet (its standings rank
    everyone first with nothing), so Historial lists the regional events only, 8 + 4 + 8 rows,
    as `registry show --season` lists no final for Marta Ribeiro."""
    folder, out = tour
    ws = openpyxl.load_workbook(out)["Record"]
    phases = [ws.cell(r, 6).value for r in range(4, ws.max_row + 1)]
    assert phases == ["regional"] * 20
    card = json.loads(run("registry", "show", "N0104", "--season", folder / "season.yaml", "--format", "json").output)
    assert [event["phase"] for event in card["events"]] == ["regional"]


def test_historial_lists_the_final_for_those_who_played_a_table_of_it(tour, tmp_path):
    """The final's table 1 hands in its sheet: its four players have a place in the final (the live
    standings: King points of Norte's table 1, 5, 3, 1 and 2 table points), the twelve others
    none yet; `registry show --season` says the same of Nuno Almeida and of Marta Ribeiro."""
    folder = tmp_path / "season-2026"
    shutil.copytree(tour[0], folder)
    play_final_table_1(folder)
    out = tmp_path / "later.xlsx"
    assert run("--lang", "en", "season", "export", folder / "season.yaml", "-o", out).exit_code in (0, 1)
    ws = openpyxl.load_workbook(out)["Record"]
    final = [row for row in rows(ws, 4, ws.max_row, 9) if row[5] == "national"]
    assert [(row[0], row[1], row[6], row[7], row[8]) for row in final] == [
        ("N0101", "José Magalhães", 2, 3, None),
        ("N0105", "Carlos Teixeira", 4, 1, None),
        ("N0109", "Nuno Almeida", 1, 5, None),
        ("S0307", "Graça Monteiro", 3, 2, None),
    ]
    season = folder / "season.yaml"
    for member, phases in (("N0109", ["regional", "nacional"]), ("N0104", ["regional"])):
        card = json.loads(run("registry", "show", member, "--season", season, "--format", "json").output)
        assert [event["phase"] for event in card["events"]] == phases, member


def test_decisoes_prints_its_title_and_subtitle_whole(tour):
    """Decisões' five columns are narrower than the line under its title: the Name column takes
    what is missing, so the printed page holds the title and the subtitle whole."""
    _folder, out = tour
    ws = openpyxl.load_workbook(out)["Decisions"]
    info = ws["A2"].value
    assert info == "A tie at a union's last seat is decided by the organising committee (Art 18)"
    widths = [ws.column_dimensions[c].width for c in "ABCDE"]
    title = text_width(ws["A1"].value, bold=True) * TITLE_FONT.size / 11
    assert sum(widths) == pytest.approx(max(text_width(info, bold=True), title), abs=0.05)
    assert widths[3] == max(widths)  # the names' column grew


def test_the_rating_is_said_with_one_word_everywhere(tour):
    """The rating is openskill's ordinal, skill - 3 x uncertainty: the number `season ratings`
    ranks by, said under that word by its table, by `registry show --season` and by the
    workbook. Marta Ribeiro won her one King table: skill 32.906, uncertainty 7.502, rating
    32.906 - 3 x 7.502 = 10.401."""
    folder, out = tour
    season = folder / "season.yaml"
    table = run("--lang", "en", "season", "ratings", season).output.splitlines()
    assert table[0].split() == ["place", "member", "name", "rating", "skill", "uncertainty", "games"]
    assert table[2].split() == ["1", "C0203", "Sofia", "Mendes", "10.401", "32.906", "7.502", "1"]
    assert table[-1].startswith("rating = skill - 3 x uncertainty")
    card = run("--lang", "en", "registry", "show", "N0104", "--season", season).output
    assert "  rating: 10.401 (skill 32.906, uncertainty 7.502) after 1 game; over time: 2026-03-06 10.401" in card
    data = json.loads(run("registry", "show", "N0104", "--season", season, "--format", "json").output)
    assert data["ratings"] == [
        {"date": "2026-03-06", "event": "norte/regional.yaml", "mu": 32.906, "sigma": 7.502, "ordinal": 10.401}
    ]
    ws = openpyxl.load_workbook(out)["Ratings"]
    assert rows(ws, 3, 3, 7) == [
        ("Place", "Member", "Name", "Rating (skill - 3 x uncertainty)", "Estimated skill", "Uncertainty", "Games")
    ]
    assert ws["D4"].value == "=E4-3*F4" and round(ws["E4"].value, 3) == 32.906 and round(ws["F4"].value, 3) == 7.502
    ratings = json.loads(run("season", "ratings", season, "--format", "json").output)
    assert set(ratings[0]) == {"place", "id", "name", "mu", "sigma", "ordinal", "games"}  # keys kept
