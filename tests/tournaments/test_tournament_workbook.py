"""The championship workbook (tournaments.workbook.build, `tournament export`): a nine-player
King final over two rounds and a four-team Sueca group with its semi-finals, written as real
sheets and tournament files in tmp_path, exported, and recalculated by LibreOffice and Gnumeric:
every formula cell equals the CLI's number (`tournament standings --format json`, and the round
points computed by hand below); the worksheets exist; the printed Classificação names everyone."""

from __future__ import annotations

import json
import re

import openpyxl
import printing
import pytest
import recalc
import yaml
from conftest import run

from scorekeeper import games, i18n
from scorekeeper.core.check import check_file
from scorekeeper.sheet.load import load_sheet
from scorekeeper.tournaments.tournament_file import load
from scorekeeper.tournaments.workbook_write import build
from scorekeeper.workbook.export import save

# --- a King final (TN1, K5) ----------------------------------------------------------------------

# A whole King game written as points in seat order (K1): the same negative phase for every game,
# three festas of +325 (81, 81, 81, 82), and the fourth festa making up each player's total.
NEGATIVE = [
    ("vazas", [-80, -60, -60, -60]),
    ("copas", [-80, -60, -60, -60]),
    ("damas", [-50, -50, -50, -50]),
    ("reis-valetes", [-60, -60, -60, -60]),
    ("rei-de-copas", [-160, 0, 0, 0]),
    ("ultimas", [0, -90, -90, 0]),
]
NEGATIVE_BY_SEAT = [sum(points[seat] for _, points in NEGATIVE) for seat in range(4)]
FESTA = [81, 81, 81, 82]

NINE = ["Ana", "Bruno", "Carla", "Duarte", "Eduardo", "Filipa", "Gil", "Helena", "Ines"]
KING_FILE = """\
tournament: Final Nacional
rules: king
players: [Ana, Bruno, Carla, Duarte, Eduardo, Filipa, Gil, Helena, Ines]
rounds:
  - tables:
      - {table: 1, players: [Ana, Bruno, Carla, Duarte], sheet: r1-mesa1.yaml}
      - {table: 2, players: [Eduardo, Filipa, Gil, Helena], absent: [Gil]}
    byes: [Ines]
  - tables:
      - {table: 1, players: [Ana, Eduardo, Filipa, Ines], sheet: r2-mesa1.yaml}
      - {table: 2, players: [Bruno, Carla, Gil, Helena], sheet: r2-mesa2.yaml}
    byes: [Duarte]
    penalties: [{player: Bruno, points: -2.5, article: Art 14}]
"""
# Each player's points from each round (K5, TN1), by hand:
# R1 table 1 ends 300, 100, -100, -300: 5, 3, 2, 1. Table 2 is not played (Gil absent): Gil 0,
#    the three present 2.5 each (Art 7). Ines's bye: 2.5.
# R2 table 1 ends Ana 50, Eduardo 50, Filipa -40, Ines -60: Ana and Eduardo share 1st and 2nd,
#    (5 + 3) / 2 = 4 each, Filipa 2, Ines 1. Table 2 ends Bruno -300, Carla, Gil, Helena 100
#    each: the three share 1st to 3rd, (5 + 3 + 2) / 3 = 10/3 each, Bruno 1. Duarte's bye: 2.5.
#    Bruno's denunciation (Art 14): -2.5 in the classification, not in a round.
KING_ROUNDS = {
    "Ana": (5, 4),
    "Bruno": (3, 1),
    "Carla": (2, 10 / 3),
    "Duarte": (1, 2.5),
    "Eduardo": (2.5, 4),
    "Filipa": (2.5, 2),
    "Gil": (0, 10 / 3),
    "Helena": (2.5, 10 / 3),
    "Ines": (2.5, 1),
}
KING_PENALTIES = {"Bruno": -2.5}
# Totals: Ana 9, Eduardo 6.5, Helena 35/6, Carla 16/3, Filipa 4.5, Ines 3.5, Duarte 3.5,
# Gil 10/3, Bruno 3 + 1 - 2.5 = 1.5.


def king_game(path, totals: dict[str, int]) -> None:
    players = list(totals)
    assert sum(totals.values()) == 0
    hands = [{"hand": hand, "points": points} for hand, points in NEGATIVE]
    for seat in range(3):
        hands.append({"hand": "festa", "beneficiary": players[seat], "points": FESTA})
    hands.append(
        {
            "hand": "festa",
            "beneficiary": players[3],
            "points": [totals[p] - NEGATIVE_BY_SEAT[seat] - 3 * FESTA[seat] for seat, p in enumerate(players)],
        }
    )
    path.write_text(
        yaml.safe_dump({"rules": "king", "players": players, "hands": hands}, sort_keys=False, default_flow_style=None),
        encoding="utf-8",
    )


@pytest.fixture
def king_final(tmp_path):
    king_game(tmp_path / "r1-mesa1.yaml", {"Ana": 300, "Bruno": 100, "Carla": -100, "Duarte": -300})
    king_game(tmp_path / "r2-mesa1.yaml", {"Ana": 50, "Eduardo": 50, "Filipa": -40, "Ines": -60})
    king_game(tmp_path / "r2-mesa2.yaml", {"Bruno": -300, "Carla": 100, "Gil": 100, "Helena": 100})
    path = tmp_path / "final.yaml"
    path.write_text(KING_FILE, encoding="utf-8")
    return path


# --- a Sueca group phase (S5, TN3) and its semi-finals -------------------------------------------

TEAMS = {"Leoes": ["Ana", "Bruno"], "Tigres": ["Carla", "Duarte"], "Ursos": ["Eva", "Rui"], "Lobos": ["Gil", "Ines"]}
# (first, second, winner) per match, a round per line: every game a 3-0 sweep (three all-trick
# deals of 4 points). Round 4 is the semi-finals, 1st v 4th and 2nd v 3rd.
SUECA_ROUNDS = [
    ("group", [("Leoes", "Tigres", "Leoes"), ("Ursos", "Lobos", "Ursos")]),
    ("group", [("Leoes", "Ursos", "Leoes"), ("Tigres", "Lobos", "Tigres")]),
    ("group", [("Leoes", "Lobos", "Lobos"), ("Tigres", "Ursos", "Ursos")]),
    ("semi", [("Leoes", "Lobos", "Leoes"), ("Ursos", "Tigres", "Tigres")]),
    ("final", [("Leoes", "Tigres", "Tigres")]),
]
# Group points (a win 3, S5): Leoes 3 + 3 + 0 = 6, Ursos 3 + 0 + 3 = 6, Tigres 0 + 3 + 0 = 3,
# Lobos 0 + 0 + 3 = 3. Ties by (a), the game between them: Leoes beat Ursos, Tigres beat Lobos.
# The semi-finals and the final give no group points (None: not in the final, a blank cell);
# Tigres win the final: the champion.
SUECA_POINTS = {
    "Leoes": (3, 3, 0, 0, 0),
    "Tigres": (0, 3, 0, 0, 0),
    "Ursos": (3, 0, 3, 0, None),
    "Lobos": (0, 0, 3, 0, None),
}
KNOCKOUT = [
    ("R4 semi", "Jogo 1", "Leoes v Lobos", "Leoes"),
    ("R4 semi", "Jogo 2", "Ursos v Tigres", "Tigres"),
    ("R5 final", "Jogo 1", "Leoes v Tigres", "Tigres"),
]


def sueca_match(path, first: str, second: str, winner: str) -> None:
    sweep = {"points": [120, 0] if winner == first else [0, 120], "all_tricks": True}
    doc = {"rules": "sueca", "teams": {first: TEAMS[first], second: TEAMS[second]}, "deals": [sweep] * 3}
    path.write_text(yaml.safe_dump(doc, sort_keys=False, default_flow_style=None), encoding="utf-8")


@pytest.fixture
def sueca_group(tmp_path):
    rounds = []
    for number, (stage, matches) in enumerate(SUECA_ROUNDS, start=1):
        written = []
        for index, (first, second, winner) in enumerate(matches, start=1):
            name = f"r{number}-jogo{index}.yaml"
            sueca_match(tmp_path / name, first, second, winner)
            written.append({"sheet": name})
        rounds.append({"stage": stage, "matches": written})
    doc = {
        "tournament": "Torneio de Sueca",
        "rules": "sueca",
        "teams": TEAMS,
        "groups": {"A": list(TEAMS)},
        "rounds": rounds,
    }
    path = tmp_path / "torneio.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False, default_flow_style=None), encoding="utf-8")
    return path


# --- what is checked -------------------------------------------------------------------------------


def cli_standings(path) -> list[dict]:
    done = run("tournament", "standings", path, "--format", "json")
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


def exported(path, tmp_path):
    """The workbook as `tournament export` writes it: in its game's language (King's and Sueca's
    Portugal's Portuguese, Quatrilho's Brazil's)."""
    out = tmp_path / (path.stem + ".xlsx")
    tournament = load(str(path))
    with i18n.speaking(games.get(tournament.rules.game).workbook_language):
        save(build(tournament), str(out))
    return out


def rows_by_name(ws, first_row: int = 4, column: int = 2) -> dict[str, int]:
    """Each name in a column of a list (from its first row to the first empty cell) and its row."""
    rows, row = {}, first_row
    while ws.cell(row, column).value not in (None, ""):
        rows[ws.cell(row, column).value] = row
        row += 1
    return rows


def columns_by_head(ws, row: int) -> dict[str, int]:
    return {ws.cell(row, c).value: c for c in range(1, ws.max_column + 1) if ws.cell(row, c).value is not None}


def expected_championship(
    ws_results, ws_standings, rounds: dict, penalties: dict, cli: list[dict], who: str, points_col: str = "C"
) -> tuple[dict, dict]:
    """What Resultados and Classificação must show: each round's points (`rounds`, by hand), the
    penalties apart (Ajustes), the total, and on Classificação the CLI's points and the leaders'
    points after each round."""
    points = {row[who]: row["points"] for row in cli}
    heads = columns_by_head(ws_results, 3)
    results = {}
    for name, row in rows_by_name(ws_results).items():
        for k, value in enumerate(rounds[name], start=1):
            results[f"{openpyxl.utils.get_column_letter(heads[ws_results.cell(3, 2 + k).value])}{row}"] = value
        adjust = penalties.get(name, 0)
        results[f"{openpyxl.utils.get_column_letter(heads['Ajustes'])}{row}"] = adjust
        results[f"{openpyxl.utils.get_column_letter(heads['Total'])}{row}"] = _sum(rounds[name]) + adjust
        assert _sum(rounds[name]) + adjust == pytest.approx(points[name]), name  # the hand count is the CLI's
    standings = {}
    ranked = rows_by_name(ws_standings)
    assert list(ranked) == [row[who] for row in cli]
    for name, row in ranked.items():
        standings[f"{points_col}{row}"] = points[name]
    # The chart's data: the leaders (the first six) after each round, the penalty in its round.
    chart_head = next(
        r
        for r in range(4, ws_standings.max_row + 1)
        if str(ws_standings.cell(r - 1, 1).value or "").startswith("Evolução")
    )
    for name, row in rows_by_name(ws_standings, chart_head + 1).items():
        assert name in list(ranked)[:6]
        for k in range(1, len(rounds[name]) + 1):
            after = _sum(rounds[name][:k]) + (penalties.get(name, 0) if k == len(rounds[name]) else 0)
            standings[f"{openpyxl.utils.get_column_letter(2 + k)}{row}"] = after
    return results, standings


def _sum(values) -> float:
    return sum(v for v in values if v is not None)


def assert_values(ws, values, expect: dict, engine) -> None:
    """Every formula cell of `ws` is expected and written with portable functions; every expected
    cell (formula or value) holds its number as the engine computed it (thirds to 1e-9)."""
    for row in ws.iter_rows():
        for cell in row:
            if cell.data_type == "f":
                assert recalc.functions(cell.value) <= recalc.PORTABLE_FUNCTIONS, f"{ws.title}!{cell.coordinate}"
                assert cell.coordinate in expect, f"{ws.title}!{cell.coordinate} {cell.value} is not expected"
    for coordinate, want in expect.items():
        got = values[coordinate].value
        if recalc.blank(want):
            assert recalc.blank(got), f"{ws.title}!{coordinate}: {engine.name} {got!r}, expected blank"
        elif isinstance(want, str):
            assert got == want, f"{ws.title}!{coordinate}: {engine.name} {got!r}, CLI {want!r}"
        else:  # an engine saves 15 digits: 10/3 comes back as 3.33333333333333
            assert got == pytest.approx(want, abs=1e-9), f"{ws.title}!{coordinate}: {engine.name} {got!r}, CLI {want!r}"


def knockout_list(ws) -> tuple[list[tuple], str]:
    """The knockout's rows below its title (round, match, teams, winner) and the champion's name."""
    top = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Fase final")
    assert [ws.cell(top + 1, c).value for c in range(1, 5)] == ["Ronda", "Jogo", "Equipas", "Vencedor"]
    rows, r = [], top + 2
    while ws.cell(r, 1).value != "Campeão":
        rows.append(tuple(ws.cell(r, c).value for c in range(1, 5)))
        r += 1
    return rows, ws.cell(r, 2).value


ENGINES = [pytest.param(recalc.LIBREOFFICE, id="libreoffice"), pytest.param(recalc.GNUMERIC, id="gnumeric")]


# --- King ------------------------------------------------------------------------------------------

# decided_by as the Portuguese workbook writes it (JSON keeps the English value).
DECIDED_BY_PT = {"points": "pontos", "king_points": "pontos king", "tied": "empatados", None: None}


def test_king_workbook_has_every_worksheet_and_the_rounds_lists(king_final, tmp_path):
    wb = openpyxl.load_workbook(exported(king_final, tmp_path))
    assert wb.sheetnames == ["Classificação", "Rondas", "Resultados", "R1 Mesa1", "R2 Mesa1", "R2 Mesa2"]
    # A row per player in seat order, his table points a number (10/3 kept, shown as 3.33); the
    # round, table and sheet on the table's first row (merged down), what became of it at the end.
    rondas = [list(row) for row in wb["Rondas"].iter_rows(min_row=4, max_row=21, values_only=True)]
    assert rondas == [
        ["R1", "Mesa 1", "r1-mesa1.yaml", "Ana", 5, None],
        [None, None, None, "Bruno", 3, None],
        [None, None, None, "Carla", 2, None],
        [None, None, None, "Duarte", 1, None],
        ["R1", "Mesa 2", None, "Eduardo", None, "não jogada (ausente: Gil)"],
        [None, None, None, "Filipa", None, None],
        [None, None, None, "Gil", None, None],
        [None, None, None, "Helena", None, None],
        ["R1", "Isenção", None, "Ines", None, None],
        ["R2", "Mesa 1", "r2-mesa1.yaml", "Ana", 4, None],
        [None, None, None, "Eduardo", 4, None],
        [None, None, None, "Filipa", 2, None],
        [None, None, None, "Ines", 1, None],
        ["R2", "Mesa 2", "r2-mesa2.yaml", "Bruno", 1, None],
        [None, None, None, "Carla", pytest.approx(10 / 3), None],
        [None, None, None, "Gil", pytest.approx(10 / 3), None],
        [None, None, None, "Helena", pytest.approx(10 / 3), None],
        ["R2", "Isenção", None, "Duarte", None, None],
    ]
    assert wb["Rondas"]["E18"].number_format == "0.##"  # Carla's 10/3 prints as 3.33
    by_name_head = (
        next(r for r in range(4, wb["Rondas"].max_row + 1) if wb["Rondas"].cell(r, 1).value == "Por nome") + 1
    )
    by_name = {
        row[0]: row[1:3]
        for row in wb["Rondas"].iter_rows(min_row=by_name_head + 1, max_row=by_name_head + 9, values_only=True)
    }
    # By name: each player's table in each round, as the by-table list above seats him.
    assert by_name == {
        "Ana": ("Mesa 1", "Mesa 1"),
        "Bruno": ("Mesa 1", "Mesa 2"),
        "Carla": ("Mesa 1", "Mesa 2"),
        "Duarte": ("Mesa 1", "Isenção"),
        "Eduardo": ("Mesa 2", "Mesa 1"),
        "Filipa": ("Mesa 2", "Mesa 1"),
        "Gil": ("Mesa 2 (ausente)", "Mesa 2"),
        "Helena": ("Mesa 2", "Mesa 2"),
        "Ines": ("Isenção", "Mesa 1"),
    }
    # The place and the deciding criterion as the CLI gives them, written as values.
    cli = cli_standings(king_final)
    ws = wb["Classificação"]
    heads = columns_by_head(ws, 3)
    for index, row in enumerate(cli, start=4):
        assert ws.cell(index, 1).value == row["place"]
        assert ws.cell(index, 2).value == row["player"]
        assert ws.cell(index, heads["pontos king"]).value == row["king_points"]
        assert ws.cell(index, heads["Decidido por"]).value == DECIDED_BY_PT[row["decided_by"]]
    assert [r["player"] for r in cli[:6]] == ["Ana", "Eduardo", "Helena", "Carla", "Filipa", "Ines"]
    assert cli[5]["decided_by"] == "king_points"  # Ines and Duarte on 3.5: -60 King points to -300
    assert len(ws._charts) == 1
    # Each table's points are read from its sheet's worksheet; a bye and an absence are values.
    results = wb["Resultados"]
    names = rows_by_name(results)
    assert results.cell(names["Ana"], 3).value.startswith("='R1 Mesa1'!")
    assert results.cell(names["Ines"], 3).value == 2.5
    assert results.cell(names["Gil"], 3).value == 0
    assert "Cartões" not in wb.sheetnames  # a King round's result is a table place: no control cards


@pytest.mark.parametrize("engine", ENGINES)
def test_king_workbook_recalculates_to_the_cli_numbers(king_final, tmp_path, engine):
    engine.require()
    out = exported(king_final, tmp_path)
    wb = openpyxl.load_workbook(out)
    values = engine.workbook(out, tmp_path)
    results, standings = expected_championship(
        wb["Resultados"], wb["Classificação"], KING_ROUNDS, KING_PENALTIES, cli_standings(king_final), "player"
    )
    assert_values(wb["Resultados"], values["Resultados"], results, engine)
    assert_values(wb["Classificação"], values["Classificação"], standings, engine)
    for title in ("R1 Mesa1", "R2 Mesa1", "R2 Mesa2"):
        path = str(king_final.parent / (title.lower().replace(" ", "-") + ".yaml"))
        sheet, result = load_sheet(path), check_file(path)
        assert_values(wb[title], values[title], recalc.expected_cells(sheet, result, sheet.rules), engine)


def test_king_classificacao_prints_every_player_on_its_page(king_final, tmp_path):
    pdf = printing.print_pdf(exported(king_final, tmp_path), tmp_path)
    pages = printing.page_texts(pdf)
    first = pages[0]
    assert "classificação" in first
    for name in NINE:
        assert name in first, name
    width, height = printing.page_sizes_mm(pdf)[0]
    assert abs(width - 210) < 2 and abs(height - 297) < 2  # A4 portrait, as posted on the wall
    assert "Evolução dos líderes" in first and "Pontos acumulados" in first  # the chart on the same page


# --- Sueca -----------------------------------------------------------------------------------------


def test_sueca_workbook_worksheets_and_the_semi_finals_count_nothing(sueca_group, tmp_path):
    wb = openpyxl.load_workbook(exported(sueca_group, tmp_path))
    assert wb.sheetnames == [
        "Classificação",
        "Rondas",
        "Resultados",
        "R1 Jogo1",
        "R1 Jogo2",
        "R2 Jogo1",
        "R2 Jogo2",
        "R3 Jogo1",
        "R3 Jogo2",
        "R4 Jogo1",
        "R4 Jogo2",
        "R5 Jogo1",
    ]
    results = wb["Resultados"]
    names = rows_by_name(results)
    # In the final's order (TN5): Tigres won it, Leoes lost it, the semi-finals' losers Ursos
    # (2nd of the group) and Lobos (4th) share 3rd.
    assert list(names) == ["Tigres", "Leoes", "Ursos", "Lobos"]
    # A group win reads the winner from the ficha; a semi-final adds nothing (0, no formula).
    # 3 a win (S5) as the standings after the round give it; the ficha's winner cell (C13) decides.
    assert results.cell(names["Leoes"], 3).value == "=IF('R1 Jogo1'!C13=\"Leoes\",3,0)"
    assert results.cell(names["Leoes"], 6).value == 0
    assert columns_by_head(results, 3)["R4 semi"] == 6
    # A row per team, its games won (a 3-0 sweep), the winner on the match's first row.
    rondas = [row[:6] for row in wb["Rondas"].iter_rows(min_row=4, max_row=21, values_only=True)]
    assert rondas[:2] == [
        ("R1", "Jogo 1", "r1-jogo1.yaml", "Leoes", 3, "vence Leoes"),
        (None, None, None, "Tigres", 0, None),
    ]
    assert rondas[12:] == [
        ("R4 semi", "Jogo 1", "r4-jogo1.yaml", "Leoes", 3, "vence Leoes"),
        (None, None, None, "Lobos", 0, None),
        ("R4 semi", "Jogo 2", "r4-jogo2.yaml", "Ursos", 0, "vence Tigres"),
        (None, None, None, "Tigres", 3, None),
        ("R5 final", "Jogo 1", "r5-jogo1.yaml", "Leoes", 0, "vence Tigres"),
        (None, None, None, "Tigres", 3, None),
    ]
    # The knockout (TN3) and its champion, on Rondas and under the standings.
    for title in ("Rondas", "Classificação"):
        assert knockout_list(wb[title]) == (KNOCKOUT, "Tigres"), title
    cli = cli_standings(sueca_group)
    ws = wb["Classificação"]
    assert [(ws.cell(r, 1).value, ws.cell(r, 2).value, ws.cell(r, 3).value) for r in range(4, 8)] == [
        (row["place"], row["team"], row["group"]) for row in cli
    ]
    assert [(row["place"], row["stage"], row["decided_by"]) for row in cli] == [
        (1, "final", "won the final"),
        (2, "final", "reached the final"),
        (3, "semi", "tied"),
        (3, "semi", None),
    ]
    assert "Cartões" not in wb.sheetnames


@pytest.mark.parametrize("engine", ENGINES)
def test_sueca_workbook_recalculates_to_the_cli_numbers(sueca_group, tmp_path, engine):
    engine.require()
    out = exported(sueca_group, tmp_path)
    wb = openpyxl.load_workbook(out)
    values = engine.workbook(out, tmp_path)
    cli = cli_standings(sueca_group)
    # Classificação has a Grupo column and, the final played, a Fase one (TN5): its points are in column E.
    results, standings = expected_championship(
        wb["Resultados"], wb["Classificação"], SUECA_POINTS, {}, cli, "team", points_col="E"
    )
    assert_values(wb["Resultados"], values["Resultados"], results, engine)
    assert_values(wb["Classificação"], values["Classificação"], standings, engine)
    for title in wb.sheetnames[3:]:
        number, match = title[1], title[-1]
        path = str(sueca_group.parent / f"r{number}-jogo{match}.yaml")
        sheet, result = load_sheet(path), check_file(path)
        assert_values(wb[title], values[title], recalc.team_expected(sheet, result), engine)


# --- Quatrilho: the players' control cards (Art 6) -------------------------------------------------

QUATRILHO_NETS = {
    "Ari": -191,
    "Bia": -112,
    "Caio": -5,
    "Davi": 306,
    "Eva": -200,  # mesa 7 (Eva late: -200)
    "Gil": 58,
    "Helena": -33,
    "Ivo": -169,
    "Joana": 144,
}  # mesa 9


@pytest.fixture
def quatrilho_round(tmp_path):
    """One round of a Quatrilho championship at the two example tables (their nets above, as
    `scorekeeper check` gives them)."""
    for table in (7, 9):
        text = (recalc.EXAMPLES / f"quatrilho-cbqi-mesa{table}.yaml").read_text(encoding="utf-8")
        text = text.replace("\nround: 2\n", "\nround: 1\n")  # mesa 9's example is of round 2: here round 1 (TN2)
        (tmp_path / f"mesa{table}.yaml").write_text(text, encoding="utf-8")
    path = tmp_path / "cbqi.yaml"
    path.write_text(
        "tournament: 4o CBQI\nrules: quatrilho\nplayers: [" + ", ".join(QUATRILHO_NETS) + "]\n"
        "rounds:\n  - tables:\n      - {table: 7, sheet: mesa7.yaml}\n"
        "      - {table: 9, sheet: mesa9.yaml}\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("engine", ENGINES)
def test_quatrilho_control_cards_show_each_round_net(quatrilho_round, tmp_path, engine):
    engine.require()
    out = exported(quatrilho_round, tmp_path)
    wb = openpyxl.load_workbook(out)
    # Brazil's Portuguese, the CBQI's: rodada, not ronda.
    assert wb.sheetnames == ["Classificação", "Rodadas", "Resultados", "Cartões", "R1 Mesa7", "R1 Mesa9"]
    values = engine.workbook(out, tmp_path)
    cli = cli_standings(quatrilho_round)
    assert {row["player"]: row["points"] for row in cli} == QUATRILHO_NETS
    rounds = {name: (net,) for name, net in QUATRILHO_NETS.items()}
    results, standings = expected_championship(wb["Resultados"], wb["Classificação"], rounds, {}, cli, "player")
    assert_values(wb["Resultados"], values["Resultados"], results, engine)
    assert_values(wb["Classificação"], values["Classificação"], standings, engine)
    # A card: the player's name, the heads, a row per round (rodada, mesa, net, visto), the total.
    cards, expect = wb["Cartões"], {}
    for row in cards.iter_rows():
        for cell in row:
            if cell.value in QUATRILHO_NETS and cards.cell(cell.row + 1, cell.column).value == "Rodada":
                net = QUATRILHO_NETS[cell.value]
                assert cards.cell(cell.row + 2, cell.column + 1).value == (
                    "Mesa 7" if cell.value in ("Ari", "Bia", "Caio", "Davi", "Eva") else "Mesa 9"
                )
                expect[cards.cell(cell.row + 2, cell.column + 2).coordinate] = net
                expect[cards.cell(cell.row + 3, cell.column + 2).coordinate] = net
    assert len(expect) == 2 * len(QUATRILHO_NETS)
    assert_values(cards, values["Cartões"], expect, engine)


# --- as printed: nothing cut, the chart's lines straight, thirds to two places ---------------------


def shown(value) -> str:
    """A value as Classificação prints it: a number in 0.##, a list already as its text."""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


@pytest.mark.parametrize("fixture", ["king_final", "sueca_group", "quatrilho_round"])
def test_classificacao_columns_hold_their_longest_value(fixture, request, tmp_path):
    path = request.getfixturevalue(fixture)
    wb = openpyxl.load_workbook(exported(path, tmp_path))
    ws = wb["Classificação"]
    heads = columns_by_head(ws, 3)
    points = {row.get("player", row.get("team")): row["points"] for row in cli_standings(path)}
    longest = {}
    for name, r in rows_by_name(ws).items():
        for c in range(1, len(heads) + 1):
            value = points[name] if c == heads["Pontos"] else ws.cell(r, c).value
            if value is not None:
                longest[c] = max(longest.get(c, 0), len(shown(value)))
    # The longest: King's decided_by "pontos king", Sueca's "chegou à final" (the final played, its
    # order: TN5), Quatrilho's "Helena".
    assert max(longest.values()) == {"king_final": 11, "sueca_group": 14, "quatrilho_round": 6}[fixture]
    for c, length in longest.items():
        width = ws.column_dimensions[openpyxl.utils.get_column_letter(c)].width
        assert width >= length, f"column {ws.cell(3, c).value}: width {width} < {length}"
    fit = ws.page_setup
    assert (fit.fitToWidth, ws.sheet_properties.pageSetUpPr.fitToPage) == (1, True)  # the page's width


def test_leaders_chart_is_straight_with_the_rounds_below(king_final, tmp_path):
    import zipfile

    with zipfile.ZipFile(exported(king_final, tmp_path)) as book:
        charts = [book.read(name).decode("utf-8") for name in book.namelist() if name.startswith("xl/charts/chart")]
    leaders = [xml for xml in charts if "Pontos acumulados" in xml]  # the tables' sheets have charts of their own
    assert len(leaders) == 1
    xml = leaders[0]
    # Six leaders, six series, none smoothed (a smoothed 0, 0, 0, 3 dips below 0 between rounds).
    assert re.findall(r'<(?:c:)?smooth val="(\w+)"', xml) == ["0"] * 6
    category_axis = re.search(r"<(?:c:)?catAx>.*</(?:c:)?catAx>", xml).group(0)
    assert re.search(r'<(?:c:)?tickLblPos val="low"', category_axis)  # R1, R2 under the plot, not on its 0 line


def test_rondas_prints_thirds_to_two_places(king_final, tmp_path):
    pages = printing.page_texts(printing.print_pdf(exported(king_final, tmp_path), tmp_path))
    rondas = next(page for page in pages if ": rondas" in page)  # its title (a note may say "rondas" too)
    # R2 table 2: Carla, Gil and Helena share 1st to 3rd, (5 + 3 + 2) / 3 = 3.333...
    assert rondas.count("3.33") == 3 and "3.333" not in rondas
