"""Exported workbooks recalculated by a spreadsheet engine, and the number the CLI computed for
every formula cell. Shared by test_libreoffice.py and test_gnumeric.py: each engine must agree
with the CLI (issue 8: formulas every spreadsheet computes alike).

An engine's tests are skipped when it is not installed, except in CI (CI set), where .ci/run
installs both and a missing engine fails the run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest
import yaml
from conftest import EXAMPLES, PLAYERS, run, sheet_text

from scorekeeper import games
from scorekeeper.core.check import check_any, check_file
from scorekeeper.king.classification import table_points
from scorekeeper.king.workbook_layout import Layout
from scorekeeper.king.workbook_write import MIN_HAND_ROWS, SPARE_ROWS
from scorekeeper.quatrilho.workbook_layout import ALL_GROUPS as PLANILHA_GROUPS
from scorekeeper.quatrilho.workbook_layout import CHIPS_GROUP, FIG_GROUP, RUNNING_GROUP, WRITTEN_GROUP
from scorekeeper.quatrilho.workbook_layout import FIRST as PLANILHA_FIRST
from scorekeeper.quatrilho.workbook_layout import SPARE_ROWS as PLANILHA_SPARE_ROWS
from scorekeeper.quatrilho.workbook_layout import Layout as PlanilhaLayout
from scorekeeper.sheet.load import load_sheet
from scorekeeper.team.workbook_columns import FIRST
from scorekeeper.team.workbook_write import SPARE_ROWS as TEAM_SPARE_ROWS
from scorekeeper.team.workbook_write import blank_rows
from scorekeeper.workbook.layout import FIRST_ROW, col


class Engine:
    """A spreadsheet program that opens an .xlsx, recalculates every formula and saves it."""

    name = package = ""
    programs: tuple[str, ...] = ()

    @property
    def program(self) -> str | None:
        return next((p for p in map(shutil.which, self.programs) if p), None)

    def require(self) -> None:
        """Skip the calling test (or module) when the engine is missing; fail in CI."""
        if self.program is not None:
            return
        message = f"{self.name} ({self.programs[0]}) is not installed"
        if os.environ.get("CI"):
            raise RuntimeError(f"{message}: .ci/run must install {self.package}")
        pytest.skip(message, allow_module_level=True)

    def recalculate(self, paths: list[Path], tmp_path: Path) -> list[Path]:
        """The recalculated copies of `paths` (same file names, in a folder of their own)."""
        raise NotImplementedError

    def workbook(self, path: Path, tmp_path: Path):
        """One workbook as the engine recalculates it, read with the values it computed."""
        return openpyxl.load_workbook(self.recalculate([path], tmp_path)[0], data_only=True)


class LibreOffice(Engine):
    name, package, programs = "LibreOffice", "libreoffice-calc-nogui", ("soffice", "libreoffice")

    def recalculate(self, paths, tmp_path):
        out = tmp_path / "libreoffice"
        out.mkdir(exist_ok=True)
        profile = tmp_path / "lo-profile"  # a profile of its own: a running soffice must not take the job
        done = subprocess.run(
            [
                self.program,
                f"-env:UserInstallation=file://{profile}",
                "--headless",
                "--convert-to",
                "xlsx",
                "--outdir",
                str(out),
                *map(str, paths),
            ],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        results = [out / Path(p).name for p in paths]
        for result in results:  # soffice exits 0 even when it fails: the file is the proof
            assert result.exists(), f"LibreOffice did not write {result.name}: {done.stderr[-500:]}"
        return results


class Gnumeric(Engine):
    name, package, programs = "Gnumeric", "gnumeric", ("ssconvert",)

    def recalculate(self, paths, tmp_path):
        out = tmp_path / "gnumeric"
        out.mkdir(exist_ok=True)
        home = tmp_path / "gnumeric-home"  # ssconvert writes its settings under HOME
        (home / "tmp").mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "HOME": str(home), "TMPDIR": str(home / "tmp")}
        results = []
        for path in paths:
            result = out / Path(path).name
            done = subprocess.run(
                [self.program, "--recalc", str(path), str(result)],
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            # ssconvert prints GLib warnings about elements it skips; the file is the proof
            assert result.exists(), f"Gnumeric did not write {result.name}: {done.stderr[-500:]}"
            results.append(result)
        return results


LIBREOFFICE, GNUMERIC = LibreOffice(), Gnumeric()

# The functions every formula is written from: in Excel, LibreOffice and Gnumeric alike, with
# the same results for blanks and text (N() is not among them: N of a blank is #NUM! in Gnumeric).
PORTABLE_FUNCTIONS = {
    "IF",
    "AND",
    "OR",
    "NOT",
    "SUM",
    "COUNT",
    "COUNTIF",
    "COUNTIFS",
    "MIN",
    "MAX",
    "MOD",
    "RANK",
    "AVERAGE",
    "OFFSET",
}
_FUNCTION = re.compile(r'("(?:[^"]|"")*")|([A-Z][A-Z0-9.]*)\(')


def functions(formula: str) -> set[str]:
    """The functions a formula calls (string literals skipped)."""
    return {m.group(2) for m in _FUNCTION.finditer(formula) if m.group(2)}


def blank(value):
    return value in (None, "")


# --- what the CLI computed, cell by cell ---------------------------------------------------------


def king_rows(sheet, result):
    """(label, hand) for every hand row of an exported boletim: the sheet's hands, then spares."""
    rules = sheet.rules
    rows = []
    for entry, hand in zip(sheet.entries, result.hands):
        negative = rules.negative_hand(entry.name) if entry.hand != "festa" else None
        rows.append((negative.label if negative else "Festa", hand))
    spare = max(len(rows) + SPARE_ROWS, MIN_HAND_ROWS + SPARE_ROWS) - len(rows)
    return rows + [(None, None)] * spare


def expected_cells(sheet, result, rules, rows=None):
    """Every formula cell of one boletim worksheet and the value the CLI computed for it.
    `rows` are (label, hand) per hand row (label None for a spare row); by default those of
    the exported sheet. A labelled row without a hand is one a blank boletim leaves empty."""
    rows = king_rows(sheet, result) if rows is None else rows
    players = sheet.players
    lay = Layout(len(players), len(rows))
    expect = {}
    balance = dict.fromkeys(players, 0)
    control_sum = 0
    for position, ((label, hand), r) in enumerate(zip(rows, lay.hand_rows())):
        negative = rules.negative_hand(label) if label and label != "Festa" else None
        festa = label == "Festa"
        expect[f"J{r}"] = negative.unit if negative else ""
        expect[f"K{r}"] = negative.units if negative else (rules.tricks if festa else "")
        for p, name in enumerate(players):
            points = hand.points[name] if hand else None
            expect[f"{col(lay.neg_col(p))}{r}"] = max(0, -points) if hand else ""
            expect[f"{col(lay.pos_col(p))}{r}"] = max(0, points) if hand else ""
            balance[name] += points or 0
            expect[f"{col(lay.class_col(p))}{lay.running_first_row + position}"] = balance[name]
        control = hand.expected if hand else (rules.festa_total if festa else (-negative.total if negative else ""))
        control_sum += control or 0
        expect[f"{col(lay.total_col)}{r}"] = hand.total if hand else ""
        expect[f"{col(lay.control_col)}{r}"] = control
        expect[f"A{lay.running_first_row + position}"] = position + 1
        expect[f"B{lay.running_first_row + position}"] = label or ""
    hands = [hand for _, hand in rows if hand]
    # Art 15's points and the zero check show a whole game's result only
    whole = sum(1 for h in hands if h.total is not None) >= len(rules.negative_hands) + rules.festa_count
    totals = result.totals
    ranks = {p: 1 + sum(1 for q in players if totals[q] > totals[p]) for p in players}
    places = table_points(totals, rules.places)
    for p, name in enumerate(players):
        expect[f"{col(lay.neg_col(p))}{lay.totals_row}"] = sum(max(0, -h.points[name]) for h in hands)
        expect[f"{col(lay.pos_col(p))}{lay.totals_row}"] = sum(max(0, h.points[name]) for h in hands)
        expect[f"{col(lay.qty_col(p))}{lay.saldo_row}"] = totals[name]
        c = col(lay.class_col(p))
        expect[f"{c}{lay.class_head_row}"] = name
        expect[f"{c}{lay.running_head_row}"] = name
        expect[f"{c}{lay.class_saldo_row}"] = totals[name]
        expect[f"{c}{lay.place_row}"] = ranks[name]
        expect[f"{c}{lay.points_row}"] = places[name] if whole else ""
    expect[f"{col(lay.total_col)}{lay.totals_row}"] = sum(h.total for h in hands)
    expect[f"{col(lay.control_col)}{lay.totals_row}"] = control_sum
    expect[f"C{lay.sum_row}"] = sum(totals.values())
    expect[f"E{lay.sum_row}"] = ("OK" if sum(totals.values()) == rules.game_total else "ERRO") if whole else ""
    return expect


def team_expected(sheet, result, rows=None):
    """Every formula cell of a Sueca or Truco ficha and the value the CLI computed for it;
    `rows` is how many entry rows the ficha has (by default, as export writes a game)."""
    rules, names = sheet.rules, sheet.team_names
    cols = games.get(rules.game).ficha_columns(len(names))
    rows = len(sheet.entries) + TEAM_SPARE_ROWS if rows is None else rows
    running = result.extra["running"]
    expect = {}
    for position in range(rows):
        r = FIRST + position
        if position < len(running):
            state, hand = running[position], result.hands[position]
            gained = {t: (hand.awarded[t] if state["scored"] else 0) for t in names}
        else:  # spare rows show nothing (issue 8: no made-up numbers on paper)
            for column in _computed_columns(rules, cols, len(names)):
                expect[f"{col(column)}{r}"] = ""
            continue
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
    for t, name in enumerate(names):
        expect[f"B{result_row + 1 + t}"] = name
        expect[f"C{result_row + 1 + t}"] = result.totals[name] if result.hands else ""
        won = result.totals[name] if result.hands else None
        words = ("Moca", "Mocas") if rules.game == "sueca" else ("Jogo", "Jogos")
        expect[f"D{result_row + 1 + t}"] = words[0] if won == 1 else words[1]
    return expect


def _computed_columns(rules, cols, teams):
    """The formula columns of a ficha's row."""
    if rules.game == "sueca":
        per_team = [c(t) for t in range(teams) for c in (cols.gained, cols.start, cols.standing, cols.mocas)]
        return [*per_team, cols.sum_col, cols.control_col]
    return [cols.GAME, *[c(t) for t in range(teams) for c in (cols.start, cols.gained, cols.score, cols.games)]]


def planilha_expected(
    sheet, result, rows: int | None = None, coringas: list[str] | None = None, groups=None
) -> tuple[dict, set]:
    """Every formula cell of a planilha and the number the CLI computed for it: an entry the CLI
    could not score says "não" under Conta and moves no chips, as in the CLI. The second value
    (cells not compared) is empty: kept for the callers that pass it on."""
    blank = rows is not None
    rows = len(sheet.entries) + PLANILHA_SPARE_ROWS if rows is None else rows
    coringas = result.extra["coringas"] if coringas is None else coringas
    if groups is None:
        groups = PLANILHA_GROUPS if blank else planilha_groups(sheet)
    lay = PlanilhaLayout(sheet.players, coringas, rows, groups)
    expect = {}
    typed_coringa = next(
        (
            e.item.get("coringa")
            for e in sheet.entries
            if isinstance(e.item, dict) and ("late" in e.item or "out" in e.item) and e.item.get("coringa")
        ),
        None,
    )
    for p, name in enumerate(lay.people):
        for group in lay.groups[1:]:
            expect[f"{col(lay.column(group, p))}4"] = name
        if blank and lay.is_coringa(p):  # the blank's coringa: the first named in Coringa
            expect[f"{col(lay.column(lay.groups[0], p))}4"] = typed_coringa or ""
    if sheet.round_deals is None:  # Jogos da ronda: the round's length
        expect["K3"] = result.extra["round_deals"] if not blank else sheet.rules.deals_per_seat * len(sheet.players)
    running = result.extra["running"]
    coringa_so_far = ""
    for position in range(rows):
        r = PLANILHA_FIRST + position
        cells = {
            f"{col(lay.column(group, p))}{r}": p for group in (CHIPS_GROUP, RUNNING_GROUP) for p in range(lay.size)
        }
        row_cells = [
            *cells,
            f"{col(lay.sum_col)}{r}",
            f"{col(lay.control_col)}{r}",
            f"{col(lay.deal_col)}{r}",
            f"{col(lay.dealer_col)}{r}",
        ]
        if position >= len(result.hands):
            expect.update(dict.fromkeys(row_cells, ""))
            expect[f"{col(lay.coringa_col)}{r}"] = coringa_so_far
            continue
        hand, state = result.hands[position], running[position]
        item = sheet.entries[position].item
        if not coringa_so_far and isinstance(item, dict) and ("late" in item or "out" in item):
            coringa_so_far = item.get("coringa") or ""
        expect[f"{col(lay.coringa_col)}{r}"] = coringa_so_far
        deal = state["deal"] is not None
        expect[f"{col(lay.deal_col)}{r}"] = state["deal"] if deal else ""
        # the dealer by Q1 (what the formulas use when Dá is empty): the CLI's wherever five
        # seats are held; this test's rounds leave no seat empty before a deal
        expect[f"{col(lay.dealer_col)}{r}"] = state["dealer"] if deal else ""
        before = running[position - 1]["chips"] if position else dict.fromkeys(sheet.players, sheet.rules.chips)
        for p, name in enumerate(lay.people):
            if hand.hand == "rebuy":
                moved = state["chips"].get(name, 0) - before.get(name, 0)
            else:
                moved = (hand.points or {}).get(name, 0)
            expect[f"{col(lay.column(CHIPS_GROUP, p))}{r}"] = moved
            expect[f"{col(lay.column(RUNNING_GROUP, p))}{r}"] = state["chips"].get(name, "")
        counted = deal and hand.points is not None
        expect[f"{col(lay.sum_col)}{r}"] = sum(hand.points.values()) if counted else ""
        expect[f"{col(lay.control_col)}{r}"] = ("OK" if sum(hand.points.values()) == 0 else "ERRO") if counted else ""
    started = bool(result.hands)
    for p, name in enumerate(lay.people):
        c = col(lay.column(CHIPS_GROUP, p))
        if not lay.is_coringa(p):
            expect[f"{c}{lay.talhas_row}"] = result.extra["talhas"][name] if started else ""
            expect[f"{c}{lay.end_row}"] = result.extra["chips"][name] if started else ""
            expect[f"{c}{lay.net_row}"] = result.totals[name] if started else ""
        else:
            expect[f"{c}{lay.end_row}"] = result.extra["coringa_chips"].get(name, "")
    # the planilha's own control: ERRO once a counted deal's chips do not add up to 0
    expect[f"{col(lay.control_col)}{lay.net_row}"] = "OK" if started else ""
    return expect, set()


def planilha_groups(sheet) -> list[int]:
    """The per-person groups an exported round has: the rolar's figuras and the written chips
    only when one of its entries has them."""
    items = [e.item for e in sheet.entries if isinstance(e.item, dict)]
    groups = [CHIPS_GROUP, RUNNING_GROUP]
    if any(isinstance(i.get("figuras"), dict) for i in items):
        groups.append(FIG_GROUP)
    if any(isinstance(i.get("chips"), dict) for i in items):
        groups.append(WRITTEN_GROUP)
    return groups


def summary_expected(games) -> dict:
    """Every formula cell of the Resumo worksheet: one row per player (King) or team."""
    expect, row = {}, 4
    for sheet, result in games:
        rules = sheet.rules
        king = rules.game == "king"
        places = table_points(result.totals, rules.places) if king else None
        errors = any(f.is_error for f in result.findings)
        planilha = rules.game == "quatrilho"
        for name in sheet.players:
            # a ficha with nothing typed shows no result, nor does the Resumo
            expect[f"G{row}"] = result.totals[name] if king or result.hands else ""
            if planilha:  # the net, and the planilha's own control: rows the CLI could not score move
                # no chips (Conta "não"), so every counted deal adds up to 0
                expect[f"G{row}"] = result.totals[name] if result.hands else ""
                expect[f"I{row}"] = "OK" if result.hands else ""
            elif king:
                whole = (
                    sum(1 for h in result.hands if h.total is not None) >= len(rules.negative_hands) + rules.festa_count
                )
                confere = ("OK" if sum(result.totals.values()) == rules.game_total else "ERRO") if whole else ""
                expect[f"H{row}"] = places[name] if whole else ""
                expect[f"I{row}"] = confere
            else:
                expect[f"I{row}"] = result.extra["winner"] or ""
            totals_wrong = (king or planilha) and expect[f"I{row}"] == "ERRO"
            expect[f"K{row}"] = "ERRO" if errors or totals_wrong else "OK"
            row += 1
    return expect


# --- the assertions ----------------------------------------------------------------------------


def assert_formulas(ws, values, expect, engine: Engine, unchecked: set = frozenset()) -> int:
    """Every formula cell of worksheet `ws` is expected (or in `unchecked`: of a row the CLI
    could not score), and the engine computed that value. The number of cells compared."""
    title = ws.title
    formulas = [cell for row in ws.iter_rows() for cell in row if cell.data_type == "f"]
    assert formulas, title
    checked = 0
    for cell in formulas:
        coordinate = cell.coordinate
        assert functions(cell.value) <= PORTABLE_FUNCTIONS, f"{title}!{coordinate}: {cell.value}"
        if coordinate in unchecked:
            continue
        assert coordinate in expect, f"{title}!{coordinate} has a formula no test expects"
        checked += 1
        got, want = values[coordinate].value, expect[coordinate]
        if blank(want):
            assert blank(got), f"{title}!{coordinate}: {engine.name} {got!r}, expected blank"
        else:
            assert got == want, f"{title}!{coordinate}: {engine.name} {got!r}, CLI {want!r}"
    return checked


def assert_workbook(exported, recalc, games, engine: Engine):
    """Every worksheet of an exported workbook (and its Resumo) as the CLI computed it."""
    titles = [t for t in exported.sheetnames if t != "Resumo"]
    assert len(titles) == len(games)
    for (sheet, result), title in zip(games, titles):
        unchecked: set = set()
        if sheet.rules.game == "king":
            expect = expected_cells(sheet, result, sheet.rules)
        elif sheet.rules.game == "quatrilho":
            expect, unchecked = planilha_expected(sheet, result)
        else:
            expect = team_expected(sheet, result)
        assert_formulas(exported[title], recalc[title], expect, engine, unchecked)
    if len(games) > 1:
        assert exported.sheetnames[0] == "Resumo"
        assert_formulas(exported["Resumo"], recalc["Resumo"], summary_expected(games), engine)
    else:
        assert "Resumo" not in exported.sheetnames


# --- the export kinds, recalculated by one engine -------------------------------------------------


def games_of(paths):
    return [(load_sheet(str(p)), check_file(str(p))) for p in paths]


def every_example_alone(engine: Engine, tmp_path: Path) -> None:
    """Each example exported on its own (no Resumo) recalculates to the CLI's numbers."""
    exported = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        out = tmp_path / f"{path.stem}.xlsx"
        assert run("export", path, "-o", out).exit_code == 0
        exported.append((path, out))
    assert len(exported) == 10
    recalculated = engine.recalculate([out for _, out in exported], tmp_path)
    for (path, out), result in zip(exported, recalculated):
        assert_workbook(
            openpyxl.load_workbook(out), openpyxl.load_workbook(result, data_only=True), games_of([path]), engine
        )


def all_examples_together(engine: Engine, tmp_path: Path) -> None:
    """The ten examples (King, Sueca, Truco and Quatrilho) in one workbook, with its Resumo; the copy the
    engine saved reads back with the same numbers and the same findings."""
    paths = sorted(EXAMPLES.glob("*.yaml"))
    out = tmp_path / "examples.xlsx"
    assert run("export", *paths, "-o", out).exit_code == 0
    games = games_of(paths)
    saved = engine.recalculate([out], tmp_path)[0]
    assert_workbook(openpyxl.load_workbook(out), openpyxl.load_workbook(saved, data_only=True), games, engine)
    results = check_any(str(saved))
    assert [r.totals for r in results] == [result.totals for _, result in games]
    assert [[f.rule for f in r.findings] for r in results] == [[f.rule for f in result.findings] for _, result in games]


def random_games(engine: Engine, tmp_path: Path, king_games, deals, truco_hands) -> None:
    """Generated King games and Sueca and Truco matches, exported together."""
    paths = []
    for index, game in enumerate(king_games):
        path = tmp_path / f"king{index}.yaml"
        path.write_text(sheet_text(game, PLAYERS, table=index + 1), encoding="utf-8")
        paths.append(path)
    for index, (game, key, entries) in enumerate(
        [("sueca", "deals", d) for d in deals] + [("truco", "hands", h) for h in truco_hands]
    ):
        path = tmp_path / f"{game}{index}.yaml"
        doc = {
            "rules": game,
            "teams": {"Nos": ["Ana", "Bruno"], "Eles": ["Carla", "Duarte"]},
            "table": 100 + index,
            key: entries,
        }
        path.write_text(yaml.safe_dump(doc), encoding="utf-8")
        paths.append(path)
    out = tmp_path / "random.xlsx"
    assert run("export", *paths, "-o", out).exit_code == 0
    saved = engine.recalculate([out], tmp_path)[0]
    assert_workbook(openpyxl.load_workbook(out), openpyxl.load_workbook(saved, data_only=True), games_of(paths), engine)


def _typed(out: Path, cells: dict) -> None:
    """Type values into the first worksheet of a blank, as a person would at the table."""
    wb = openpyxl.load_workbook(out)
    for coordinate, value in cells.items():
        wb.active[coordinate] = value
    wb.save(out)


def _imported(out: Path, tmp_path: Path):
    """The sheet and result the CLI reads from a filled-in blank (through import)."""
    sheet_path = tmp_path / f"{out.stem}.yaml"
    assert run("import", out, "-o", sheet_path).exit_code in (0, 1)
    return load_sheet(str(sheet_path)), check_file(str(sheet_path))


def filled_in_blank_boletim(engine: Engine, tmp_path: Path) -> None:
    """A blank King boletim with vazas, copas and Ana's festa typed in adds up in the engine."""
    out = tmp_path / "blank.xlsx"
    assert run("export", "--blank", "king", *sum((["-p", p] for p in PLAYERS), []), "-o", out).exit_code == 0
    r, festa = FIRST_ROW, FIRST_ROW + 6  # the vazas row; the first festa row (Ana's)
    typed = {f"{c}{r}": v for c, v in zip("LORU", (3, 2, 1, 6))}  # Duarte declared 6: one vaza short
    typed.update({f"{c}{r + 1}": v for c, v in zip("LORU", (4, 3, 3, 3))})  # copas
    typed.update({f"D{festa}": "positivos", f"E{festa}": "copas"})  # no offer: Vazas oferecidas stays empty
    typed.update({f"{c}{festa}": v for c, v in zip("LORU", (5, 3, 3, 2))})
    _typed(out, typed)
    values = engine.workbook(out, tmp_path).active
    # Art 6: the missing vaza is charged to Ana, the responsible scorer, live in the sheet.
    assert [values[f"{c}{r}"].value for c in "MPSV"] == [80, 40, 20, 120]
    assert values[f"X{r}"].value == -260
    assert [values[f"{c}{r + 1}"].value for c in "MPSV"] == [80, 60, 60, 60]
    assert [values[f"{c}{festa}"].value for c in "NQTW"] == [125, 75, 75, 50]  # 25 a vaza (positivos)
    assert [values[f"{c}{festa}"].value for c in "MPSV"] == [0, 0, 0, 0]
    wb = openpyxl.load_workbook(out)
    ws = wb.active
    lay_rows = range(FIRST_ROW, FIRST_ROW + 12)  # six negative hands, four festas, two spare rows
    assert ws[f"B{FIRST_ROW + 12}"].value == "Totais"
    assert (
        f"{out}:Boletim!L{r}: warning [K-ART6-MISSING-CHARGED]: hand 1 (vazas): counts add up to 12 of 13; the missing 1 (-20) is "
        "charged to Ana"
    ) in run("check", out).output
    sheet, result = _imported(out, tmp_path)
    assert result.totals == {"Ana": -35, "Bruno": -25, "Carla": -5, "Duarte": -130}
    hands = iter(result.hands)
    rows = [(ws[f"B{row}"].value, next(hands) if row in (r, r + 1, festa) else None) for row in lay_rows]
    assert_formulas(ws, values, expected_cells(sheet, result, sheet.rules, rows), engine)


def filled_in_blank_fichas(engine: Engine, tmp_path: Path) -> None:
    """Blank Sueca and Truco fichas with a few rows typed in add up in the engine."""
    teams = ["-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte"]
    sueca, truco = tmp_path / "sueca.xlsx", tmp_path / "truco.xlsx"
    assert run("export", "--blank", "sueca", *teams, "-o", sueca).exit_code == 0
    assert run("export", "--blank", "truco", *teams, "-o", truco).exit_code == 0
    f = FIRST
    # Sueca (Nos points in F, Eles in K): 72-48, then 95-25, then a renuncia by Eles.
    _typed(
        sueca,
        {f"F{f}": 72, f"K{f}": 48, f"F{f + 1}": 95, f"K{f + 1}": 25, f"B{f + 2}": "renuncia", f"C{f + 2}": "Eles"},
    )
    # Truco: Nos wins a truco (3), Eles a plain hand (empty Valor counts 1), Nos a seis (6).
    _typed(truco, {f"B{f}": "Nos", f"C{f}": 3, f"B{f + 1}": "Eles", f"B{f + 2}": "Nos", f"C{f + 2}": 6})
    sueca_values, truco_values = engine.recalculate([sueca, truco], tmp_path)
    sueca_values = openpyxl.load_workbook(sueca_values, data_only=True).active
    truco_values = openpyxl.load_workbook(truco_values, data_only=True).active
    # Pontuacao 2-3: 72 gives 1, 95 (above 90) gives 2; a renuncia gives the other team 4.
    assert [sueca_values[f"G{r}"].value for r in (f, f + 1, f + 2)] == [1, 2, 4]
    assert [sueca_values[f"I{r}"].value for r in (f, f + 1, f + 2)] == [1, 3, 4]
    assert [sueca_values[f"L{r}"].value for r in (f, f + 1, f + 2)] == [0, 0, 0]
    assert [truco_values[f"J{r}"].value for r in (f, f + 1, f + 2)] == [3, 3, 9]
    assert [truco_values[f"N{r}"].value for r in (f, f + 1, f + 2)] == [0, 1, 1]
    for out, values in ((sueca, sueca_values), (truco, truco_values)):
        sheet, result = _imported(out, tmp_path)
        rows = blank_rows(games.get(sheet.rules.game).ficha_columns(2))
        assert_formulas(openpyxl.load_workbook(out).active, values, team_expected(sheet, result, rows), engine)


# --- what an engine saves reads back (issue 16) ----------------------------------------------------


def saved_copies_read_as_the_originals(engine: Engine, tmp_path: Path) -> None:
    """Every example and every blank, saved by the engine (each formula with its value, every
    text a shared string), checks and imports as the export itself: no cell is read otherwise
    and none is taken for a formula typed in an input cell."""
    outs = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        out = tmp_path / f"{path.stem}.xlsx"
        assert run("export", path, "-o", out).exit_code == 0
        outs.append(out)
    for rules, who in (
        ("king", sum((["-p", p] for p in PLAYERS), [])),
        ("sueca", ["-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte"]),
        ("truco", ["-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte"]),
        ("quatrilho", ["-p", "Ari", "-p", "Bia", "-p", "Caio", "-p", "Davi", "-p", "Eva"]),
    ):
        out = tmp_path / f"blank-{rules}.xlsx"
        assert run("export", "--blank", rules, *who, "-o", out).exit_code == 0
        outs.append(out)
    for out, saved in zip(outs, engine.recalculate(outs, tmp_path)):
        for args in (("check",), ("import", "-o", "-")):
            ours, theirs = run(args[0], out, *args[1:]), run(args[0], saved, *args[1:])
            assert theirs.exit_code == ours.exit_code, (out.name, args[0], theirs.output)
            assert theirs.stdout.replace(str(saved), str(out)) == ours.stdout, (out.name, args[0])
            assert "CELL-FORMULA" not in theirs.output, (out.name, theirs.output)


def formulas_typed_then_saved(engine: Engine, tmp_path: Path) -> None:
    """A formula typed in an input cell with openpyxl has no value saved with it and is refused
    at its cell; once the engine has saved the workbook, it is read by the value computed."""
    final, sueca = EXAMPLES / "king-final-nacional-mesa1.yaml", EXAMPLES / "sueca-torneio-jogo1.yaml"
    king_out, sueca_out = tmp_path / "king.xlsx", tmp_path / "sueca.xlsx"
    assert run("export", final, "-o", king_out).exit_code == 0
    assert run("export", sueca, "-o", sueca_out).exit_code == 0
    _typed(king_out, {"L6": "=1+2"})  # Ana's vazas: 3
    _typed(sueca_out, {"F6": "=70+2", "K6": "=40+8"})  # deal 1: 72-48
    refused = run("check", king_out)
    assert (refused.exit_code, refused.stderr) == (
        2,
        f"Error: {king_out}:Mesa1 R1!L6: the cell holds the formula '=1+2' and no value saved with it: type the "
        "value itself, or open and save the workbook in a spreadsheet so that the formula is computed\n",
    )
    king_saved, sueca_saved = engine.recalculate([king_out, sueca_out], tmp_path)
    checked = run("check", king_saved)
    assert (checked.exit_code, checked.stdout) == (
        0,
        (
            f"{king_saved}:Mesa1 R1!L6: warning [K-CELL-FORMULA]: the cell holds the formula '=1+2': read as the value "
            "saved with it, 3 [boletim]\n"
            f"{king_saved}:Mesa1 R1: 1 warning (king, complete; Ana +325, Bruno +15, Carla -285, Duarte -55)\n"
        ),
    )
    checked = run("check", sueca_saved)
    assert (checked.exit_code, checked.stdout.splitlines()) == (
        0,
        [
            f"{sueca_saved}:Mesa2 R1!F6: warning [TEAM-CELL-FORMULA]: the cell holds the formula '=70+2': read as the "
            "value saved with it, 72 [ficha]",
            f"{sueca_saved}:Mesa2 R1!K6: warning [TEAM-CELL-FORMULA]: the cell holds the formula '=40+8': read as the "
            "value saved with it, 48 [ficha]",
            f"{sueca_saved}:Mesa2 R1: 2 warnings (sueca, won by Nos; Nos 3 mocas, Eles 1 moca)",
        ],
    )


def written_totals_recalculate(engine: Engine, tmp_path: Path) -> None:
    """A King sheet's totals written over their formulas (a hand's, a Negativos total, a saldo) are
    written as values; every formula, the saldo and the classification among them, still adds up
    the hands, as the CLI does."""
    text = (
        (EXAMPLES / "king-final-nacional-mesa1.yaml")
        .read_text(encoding="utf-8")
        .replace("{hand: vazas, counts: [3, 2, 1, 7]}", "{hand: vazas, counts: [3, 2, 1, 7], total: -250}")
    )
    path = tmp_path / "totals.yaml"
    path.write_text(text + "totals: {negativos: {Ana: 240}, saldo: {Bruno: 20}}\n", encoding="utf-8")
    out = tmp_path / "totals.xlsx"
    assert run("export", path, "-o", out).exit_code == 0
    exported = openpyxl.load_workbook(out)
    ws = exported.active
    assert (ws["X6"].value, ws["M19"].value, ws["O20"].value) == (-250, 240, 20)
    values = openpyxl.load_workbook(engine.recalculate([out], tmp_path)[0], data_only=True)
    assert_workbook(exported, values, games_of([path]), engine)
    assert values.active["D23"].value == 15  # Bruno's saldo in the classification: the hands', not the 20 written
