"""Exported boletins recalculated by LibreOffice: every formula cell equals the CLI's number.

LibreOffice (soffice) recalculates the workbook headlessly; openpyxl then reads the values.
Locally the tests are skipped when soffice is missing; in CI (CI set) they fail instead, as
.ci/run installs LibreOffice.
"""
import os
import shutil
import subprocess

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, PLAYERS, run, sheet_text
from scorekeeper.boletim.export import MIN_HAND_ROWS, SPARE_ROWS
from scorekeeper.boletim.layout import FIRST_ROW, Layout, col
from scorekeeper.king.classification import table_points
from scorekeeper.sheets import check_any, check_file, load_sheet
from test_properties import valid_game
from test_team_properties import deal
from test_team_properties import hand as truco_hand
from scorekeeper.boletim.team_ficha import FIRST

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
if SOFFICE is None:
    if os.environ.get("CI"):
        raise RuntimeError("LibreOffice (soffice) is not installed: .ci/run must install libreoffice-calc-nogui")
    pytest.skip("LibreOffice (soffice) is not installed", allow_module_level=True)


def recalculated(path, tmp_path):
    """The workbook as LibreOffice recalculates and saves it."""
    out = tmp_path / "recalculated"
    out.mkdir(exist_ok=True)
    profile = tmp_path / "lo-profile"
    subprocess.run([SOFFICE, f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "xlsx",
                    "--outdir", str(out), str(path)], capture_output=True, timeout=300, check=False)
    result = out / path.name
    assert result.exists(), "LibreOffice did not write the recalculated workbook"
    return openpyxl.load_workbook(result, data_only=True)


def blank(value):
    return value in (None, "")


def expected_cells(sheet, result, rules):
    """Every formula cell of one boletim worksheet and the value the CLI computed for it."""
    players = sheet.players
    lay = Layout(len(players), max(len(sheet.entries) + SPARE_ROWS, MIN_HAND_ROWS + SPARE_ROWS))
    expect = {}
    running = result.running()
    for position, r in enumerate(lay.hand_rows()):
        hand = result.hands[position] if position < len(result.hands) else None
        entry = sheet.entries[position] if hand else None
        negative = rules.negative_hand(entry.name) if entry and entry.hand != "festa" else None
        expect[f"J{r}"] = negative.unit if negative else ""
        expect[f"K{r}"] = negative.units if negative else (rules.tricks if entry and entry.hand == "festa" else "")
        for p, name in enumerate(players):
            points = hand.points[name] if hand else None
            expect[f"{col(lay.neg_col(p))}{r}"] = max(0, -points) if hand else ""
            expect[f"{col(lay.pos_col(p))}{r}"] = max(0, points) if hand else ""
            balance = running[min(position, len(running) - 1)][name] if running else 0
            expect[f"{col(lay.class_col(p))}{lay.running_first_row + position}"] = balance
        expect[f"{col(lay.total_col)}{r}"] = hand.total if hand else ""
        expect[f"{col(lay.control_col)}{r}"] = hand.expected if hand else ""
        expect[f"A{lay.running_first_row + position}"] = position + 1
        expect[f"B{lay.running_first_row + position}"] = \
            (negative.label if negative else "Festa") if hand else ""
    totals = result.totals
    ranks = {p: 1 + sum(1 for q in players if totals[q] > totals[p]) for p in players}
    places = table_points(totals, rules.places)
    for p, name in enumerate(players):
        negatives = sum(max(0, -h.points[name]) for h in result.hands)
        positives = sum(max(0, h.points[name]) for h in result.hands)
        expect[f"{col(lay.neg_col(p))}{lay.totals_row}"] = negatives
        expect[f"{col(lay.pos_col(p))}{lay.totals_row}"] = positives
        expect[f"{col(lay.qty_col(p))}{lay.saldo_row}"] = totals[name]
        c = col(lay.class_col(p))
        expect[f"{c}{lay.class_head_row}"] = name
        expect[f"{c}{lay.running_head_row}"] = name
        expect[f"{c}{lay.class_saldo_row}"] = totals[name]
        expect[f"{c}{lay.place_row}"] = ranks[name]
        expect[f"{c}{lay.points_row}"] = places[name]
    expect[f"{col(lay.total_col)}{lay.totals_row}"] = sum(h.total for h in result.hands)
    expect[f"{col(lay.control_col)}{lay.totals_row}"] = sum(h.expected for h in result.hands)
    expect[f"C{lay.sum_row}"] = sum(totals.values())
    expect[f"E{lay.sum_row}"] = "OK" if sum(totals.values()) == rules.game_total else "ERRO"
    return expect


def assert_formulas(ws, values, expect):
    """Every formula cell of worksheet `ws` is expected, and LibreOffice computed that value."""
    title = ws.title
    formulas = [cell.coordinate for row in ws.iter_rows() for cell in row if cell.data_type == "f"]
    assert formulas, title
    for coordinate in formulas:
        assert coordinate in expect, f"{title}!{coordinate} has a formula no test expects"
        got, want = values[coordinate].value, expect[coordinate]
        if blank(want):
            assert blank(got), f"{title}!{coordinate}: {got!r}, expected blank"
        else:
            assert got == want, f"{title}!{coordinate}: LibreOffice {got!r}, CLI {want!r}"


def assert_every_formula_matches(exported, recalc, games):
    for (sheet, result), title in zip(games, [t for t in exported.sheetnames if t != "Resumo"]):
        assert_formulas(exported[title], recalc[title], expected_cells(sheet, result, sheet.rules))
    if "Resumo" in exported.sheetnames:
        summary = recalc["Resumo"]
        row = 4
        for sheet, result in games:
            places = table_points(result.totals, sheet.rules.places)
            for name in sheet.players:
                assert summary[f"F{row}"].value == name
                assert summary[f"G{row}"].value == result.totals[name]
                assert summary[f"H{row}"].value == places[name]
                assert summary[f"I{row}"].value == ("OK" if sum(result.totals.values()) == 0 else "ERRO")
                row += 1


def test_examples_recalculate_to_the_cli_numbers(tmp_path):
    paths = [EXAMPLES / "king-final-nacional-mesa1.yaml", EXAMPLES / "king-final-nacional-mesa2.yaml",
             EXAMPLES / "king-disputed-mesa3.yaml"]
    out = tmp_path / "examples.xlsx"
    assert run("export", *paths, "-o", out).exit_code == 0
    games = [(load_sheet(str(p)), check_file(str(p))) for p in paths]
    assert_every_formula_matches(openpyxl.load_workbook(out), recalculated(out, tmp_path), games)
    # Read back as LibreOffice saved it: the same numbers and the same findings, by cell.
    saved = tmp_path / "recalculated" / "examples.xlsx"
    results = check_any(str(saved))
    assert [r.totals for r in results] == [result.totals for _, result in games]
    assert [len(r.findings) for r in results] == [len(result.findings) for _, result in games]
    assert [h.points for h in results[2].hands] == [h.points for h in games[2][1].hands]


@settings(max_examples=3, deadline=None)
@given(hands=st.lists(valid_game(), min_size=4, max_size=4))
def test_random_games_recalculate_to_the_cli_numbers(tmp_path_factory, hands):
    tmp_path = tmp_path_factory.mktemp("random")
    paths = []
    for index, game in enumerate(hands):
        path = tmp_path / f"game{index}.yaml"
        path.write_text(sheet_text(game, PLAYERS, table=index + 1), encoding="utf-8")
        paths.append(path)
    out = tmp_path / "random.xlsx"
    assert run("export", *paths, "-o", out).exit_code == 0
    games = [(load_sheet(str(p)), check_file(str(p))) for p in paths]
    assert_every_formula_matches(openpyxl.load_workbook(out), recalculated(out, tmp_path), games)


def test_a_filled_in_blank_adds_up_in_libreoffice(tmp_path):
    out = tmp_path / "blank.xlsx"
    assert run("export", "--blank", "king", *sum((["-p", p] for p in PLAYERS), []), "-o", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    ws = wb.active
    for column, value in zip("LORU", (3, 2, 1, 6)):  # vazas: Duarte declared 6, one vaza short
        ws[f"{column}{FIRST_ROW}"] = value
    wb.save(out)
    values = recalculated(out, tmp_path).active
    # Art 6: the missing vaza is charged to Ana, the responsible scorer, live in the sheet.
    assert [values[f"{c}{FIRST_ROW}"].value for c in "MPSV"] == [80, 40, 20, 120]
    assert values[f"X{FIRST_ROW}"].value == -260
    assert run("check", out).output.startswith(f"{out}:Boletim!L6: warning: hand 1 (vazas): counts add up to 12 of "
                                               "13; the missing 1 (-20) is charged to Ana")


# --- team fichas ------------------------------------------------------------------------------

def team_expected(sheet, result):
    """Every formula cell of a Sueca or Truco ficha and the value the CLI computed for it."""
    from scorekeeper.boletim.team_ficha import FIRST, columns_for

    rules, names = sheet.rules, sheet.team_names
    cols = columns_for(rules, len(names))
    rows = max(len(sheet.entries) + 5, 20)
    running = result.extra["running"]
    expect = {}
    for position in range(rows):
        r = FIRST + position
        if position < len(running):
            state, hand = running[position], result.hands[position]
            gained = {t: (hand.awarded[t] if state["scored"] else 0) for t in names}
        else:  # spare rows carry the last state on
            gained = dict.fromkeys(names, 0)
            state = _spare_state(sheet, result, expect, cols, r)
        for t, name in enumerate(names):
            expect[f"{col(cols.gained(t))}{r}"] = gained[name]
            expect[f"{col(cols.start(t))}{r}"] = state["start"][name]
            if rules.game == "sueca":
                expect[f"{col(cols.standing(t))}{r}"] = state["standing"][name]
                expect[f"{col(cols.mocas(t))}{r}"] = state["mocas"][name]
            else:
                expect[f"{col(cols.score(t))}{r}"] = state["score"][name]
                expect[f"{col(cols.games(t))}{r}"] = state["games_won"][name]
        if rules.game == "sueca":
            points = result.hands[position].points if position < len(running) else None
            typed = position < len(running) and isinstance(sheet.entries[position].get("points"), (list, dict))
            expect[f"{col(cols.sum_col)}{r}"] = sum(points.values()) if points and typed else ""
            expect[f"{col(cols.control_col)}{r}"] = rules.total if typed else ""
        else:
            expect[f"G{r}"] = state["game"]
    last = FIRST + rows - 1
    result_row = last + 2
    expect[f"C{result_row}"] = result.extra["winner"] or ""
    final = result.totals
    for t, name in enumerate(names):
        expect[f"B{result_row + 1 + t}"] = name
        expect[f"C{result_row + 1 + t}"] = final[name]
    return expect


def _spare_state(sheet, result, expect, cols, r):
    names = sheet.team_names
    if sheet.rules.game == "sueca":
        if r == FIRST + len(result.hands):
            start = result.extra["standing_now"] if result.hands else dict.fromkeys(names, 0)
        else:
            start = {n: expect[f"{col(cols.start(t))}{r - 1}"] for t, n in enumerate(names)}
        return {"start": start, "standing": dict(start), "mocas": result.totals}
    previous = result.extra["running"][-1] if result.hands else None
    if r == FIRST + len(result.hands):
        if previous is None:
            return {"start": dict.fromkeys(names, 0), "score": dict.fromkeys(names, 0), "games_won": result.totals,
                    "game": 1}
        ended = max(previous["score"].values()) >= sheet.rules.target
        start = dict.fromkeys(names, 0) if ended else dict(previous["score"])
        return {"start": start, "score": dict(start), "games_won": result.totals,
                "game": previous["game"] + (1 if ended else 0)}
    start = {n: expect[f"{col(cols.start(t))}{r - 1}"] for t, n in enumerate(names)}
    return {"start": start, "score": dict(start), "games_won": result.totals, "game": expect[f"G{r - 1}"]}


def assert_team_fichas_match(exported, recalc, games):
    titles = [t for t in exported.sheetnames if t != "Resumo"]
    for (sheet, result), title in zip(games, titles):
        assert_formulas(exported[title], recalc[title], team_expected(sheet, result))


def test_team_examples_recalculate_to_the_cli_numbers(tmp_path):
    paths = [EXAMPLES / name for name in ("sueca-torneio-jogo1.yaml", "truco-furb-partida1.yaml",
                                          "sueca-disputed-jogo2.yaml", "truco-disputed-partida2.yaml")]
    out = tmp_path / "teams.xlsx"
    assert run("export", *paths, "-o", out).exit_code == 0
    games = [(load_sheet(str(p)), check_file(str(p))) for p in paths]
    assert_team_fichas_match(openpyxl.load_workbook(out), recalculated(out, tmp_path), games)
    saved = tmp_path / "recalculated" / "teams.xlsx"
    results = check_any(str(saved))
    assert [r.totals for r in results] == [result.totals for _, result in games]
    assert [[f.rule for f in r.findings] for r in results] == [[f.rule for f in result.findings] for _, result in games]


@settings(max_examples=3, deadline=None)
@given(deals=st.lists(st.lists(deal, max_size=40), min_size=2, max_size=2),
       hands=st.lists(st.lists(truco_hand, max_size=50), min_size=2, max_size=2))
def test_random_team_games_recalculate_to_the_cli_numbers(tmp_path_factory, deals, hands):
    import yaml

    tmp_path = tmp_path_factory.mktemp("teams")
    paths = []
    for index, (game, key, entries) in enumerate([("sueca", "deals", d) for d in deals] +
                                                 [("truco", "hands", h) for h in hands]):
        path = tmp_path / f"{game}{index}.yaml"
        doc = {"rules": game, "teams": {"Nos": ["Ana", "Bruno"], "Eles": ["Carla", "Duarte"]}, "table": index + 1,
               key: entries}
        path.write_text(yaml.safe_dump(doc), encoding="utf-8")
        paths.append(path)
    out = tmp_path / "random-teams.xlsx"
    assert run("export", *paths, "-o", out).exit_code == 0
    games = [(load_sheet(str(p)), check_file(str(p))) for p in paths]
    assert_team_fichas_match(openpyxl.load_workbook(out), recalculated(out, tmp_path), games)
