"""Quatrilho's extra round as it is played (Art 22, 23; RULINGS Q11, TN6; issue 18 point 5): a
45-player championship of two rounds whose first 40 after round 1 play round 2 for the places,
while those from the 41st on may play the extra round beside it, at tables numbered after round
2's, its nets shown apart (never in the total) in the standings, on Resultados and on every
control card (Art 6), a round a player did not play left empty.

The numbers, by hand. Every sheet is a round shortened by the committee to one deal a seat (Art
11, `round_deals`), each deal a jogo normal (Art 18.2, Q4):
- FIVE, a table of five [a, b, c, d, e]: deal k is dealt by seat k, who sits out; the first of
  the other four calls the second and their side takes all ten tricks: each of the two receives
  22 and each opponent pays 22 (Q4). a: 0 (deals), +22 (b deals), +22, +22, +22 = 88; b: 22 + 0
  + 22 + 22 + 22 = 88; c: 22 + 22 + 0 - 22 - 22 = 0; d: -22 - 22 - 22 + 0 - 22 = -88; e: -88.
- LATE, the same table with e late (Art 12, Q10: -200, no coringa: a table of four, the dealer
  plays): four deals, each a calls b, all ten tricks: a, b 4 x 22 = 88; c, d -88; e -200.
- EXTRA, a table of four [a, b, c, d] (the dealer plays): deal 1 a calls b, all ten tricks
  (a, b +22; c, d -22); deals 2-4 a calls c and their side makes 24 figuras, 8 points (Q4: each
  of the two receives 8, each opponent pays 8): a 22 + 24 = 46, b 22 - 24 = -2, c -22 + 24 = 2,
  d -22 - 24 = -46 (they add up to 0). a's 46 is the table's best: the extra prize, 50 (Art 23).

Round 1: 9 tables of five, P01-P45 in order; tables 1-5 LATE (their fifth, P05, P10 ... P25, is
late), tables 6-9 FIVE. Nets: 88 for 18 players (places 1-18), 0 for 4 (19-22), -88 for 18
(23-40), -200 for the five late (41st, shared): the cut (Art 22) lets exactly 40 through.
"""

from __future__ import annotations

import json
import pathlib

import openpyxl
import pytest
import recalc
import yaml
from conftest import run

from scorekeeper import games, i18n
from scorekeeper.tournaments.tournament_file import load
from scorekeeper.tournaments.workbook_write import build
from scorekeeper.workbook.export import save

PLAYERS = [f"P{n:02d}" for n in range(1, 46)]
LATE_PLAYERS = ["P05", "P10", "P15", "P20", "P25"]
FIVE_NETS = (88, 88, 0, -88, -88)
LATE_NETS = (88, 88, -88, -88, -200)
EXTRA_NETS = (46, -2, 2, -46)


def _deal(caller: str, partner: str, figuras: int) -> dict:
    deal = {"contract": "normal", "caller": caller, "partner": partner, "figuras": figuras}
    if figuras == 35:
        deal["tricks"] = 10
    return deal


def write_sheet(path: pathlib.Path, players: list[str], kind: str, table: int, number: int) -> None:
    """A table's whole (shortened) round, FIVE, LATE or EXTRA as the module's docstring says."""
    deals: list[dict] = []
    if kind == "five":
        for k in range(5):
            playing = [p for seat, p in enumerate(players) if seat != k]
            deals.append(_deal(playing[0], playing[1], 35))
        length = 5
    elif kind == "late":
        deals.append({"late": players[4]})
        deals += [_deal(players[0], players[1], 35) for _k in range(4)]
        length = 4
    else:
        a, b, c, _d = players
        deals = [_deal(a, b, 35), *[_deal(a, c, 24) for _k in range(3)]]
        length = 4
    doc = {
        "rules": "quatrilho",
        "event": "CBQI",
        "round": number,
        "table": table,
        "players": players,
        "round_deals": length,
        "deals": deals,
    }
    path.write_text(yaml.safe_dump(doc, sort_keys=False, default_flow_style=None), encoding="utf-8")


def championship(tmp_path) -> pathlib.Path:
    """Round 1 written and played as the docstring says; round 2 (the last planned) to draw."""
    tables = []
    for index in range(9):
        seats = PLAYERS[5 * index : 5 * index + 5]
        sheet = f"r1-mesa{index + 1}.yaml"
        write_sheet(tmp_path / sheet, seats, "late" if index < 5 else "five", index + 1, 1)
        tables.append({"table": index + 1, "players": seats, "sheet": sheet})
    doc = {
        "tournament": "CBQI",
        "rules": "quatrilho",
        "players": PLAYERS,
        "planned_rounds": 2,
        "rounds": [{"seed": 1, "tables": tables}],
    }
    path = tmp_path / "cbqi.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False, default_flow_style=None), encoding="utf-8")
    return path


def rounds_of(path) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"]


def play_round_2(path) -> dict[str, int]:
    """Round 2's tables FIVE by seat, the extra round's EXTRA; each player's net in each."""
    rounds = rounds_of(path)
    nets = {}
    for table in rounds[1]["tables"]:
        write_sheet(path.parent / table["sheet"], table["players"], "five", table["table"], 2)
        nets.update(zip(table["players"], FIVE_NETS))
    extra = {}
    for table in rounds[2]["tables"]:
        write_sheet(path.parent / table["sheet"], table["players"], "extra", table["table"], 3)
        extra.update(zip(table["players"], EXTRA_NETS))
    return {"round 2": nets, "extra": extra}


def standings_json(path) -> list[dict]:
    done = run("tournament", "standings", path, "--format", "json")
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def test_the_extra_round_is_drawn_beside_the_last_at_tables_numbered_after_its_own(tmp_path):
    path = championship(tmp_path)
    assert run("tournament", "check", path).exit_code == 0
    drawn = run("tournament", "draw", path, "--seed", "7", "--time", "1", "--extra-without", "P25")
    assert drawn.exit_code == 0, drawn.output
    rounds = rounds_of(path)
    assert [r.get("stage") for r in rounds] == [None, None, "extra"]
    # Round 2: the first 40 at 8 tables of five (Mesa 1-8); the extra round's one table of the
    # four late players who play it is Mesa 9, its sheet r3-mesa9.yaml; P25 does not play it.
    assert [t["table"] for t in rounds[1]["tables"]] == list(range(1, 9))
    assert {p for t in rounds[1]["tables"] for p in t["players"]} == set(PLAYERS) - set(LATE_PLAYERS)
    assert [(t["table"], sorted(t["players"]), t["sheet"]) for t in rounds[2]["tables"]] == [
        (9, ["P05", "P10", "P15", "P20"], "r3-mesa9.yaml")
    ]
    assert rounds[2]["without"] == ["P25"] and "byes" not in rounds[2]
    assert yaml.safe_load((tmp_path / "r3-mesa9.yaml").read_text(encoding="utf-8"))["table"] == 9
    assert "Round 3, apart, for the players the cut left out:" in drawn.output
    assert "  Table 9: " in drawn.output and "  Not playing: P25" in drawn.output
    # Nobody is reported unseated: P25 chose not to play (Art 23 "poderao participar").
    checked = run("tournament", "check", path)
    assert "has no table and no bye" not in checked.output


@pytest.mark.parametrize(
    "names, said",
    [
        (["P01"], "--extra-without: 'P01' is not one of the players the cut leaves out of round 2"),
        (["Nobody"], "--extra-without: 'Nobody' is not one of the players the cut leaves out of round 2"),
    ],
)
def test_extra_without_names_only_those_the_cut_leaves_out(tmp_path, names, said):
    path = championship(tmp_path)
    before = path.read_text(encoding="utf-8")
    args = [arg for name in names for arg in ("--extra-without", name)]
    refused = run("tournament", "draw", path, "--seed", "7", "--time", "1", *args)
    assert refused.exit_code == 2
    assert refused.output == f"Error: {path}: {said}\n"
    assert path.read_text(encoding="utf-8") == before and not (tmp_path / "r2-mesa1.yaml").exists()


def test_extra_without_before_the_last_round_is_refused(tmp_path):
    path = tmp_path / "t.yaml"
    assert (
        run(
            "tournament",
            "new",
            "quatrilho",
            "--name",
            "T",
            "--rounds",
            "2",
            *[a for p in PLAYERS[:10] for a in ("-p", p)],
            "-o",
            path,
        ).exit_code
        == 0
    )
    refused = run("tournament", "draw", path, "--extra-without", "P01")
    assert refused.exit_code == 2
    assert refused.output == (
        f"Error: {path}: --extra-without: round 1 has no extra round: it is drawn beside the "
        "last planned round, for those the cut leaves out (Art 23)\n"
    )


def played(tmp_path):
    path = championship(tmp_path)
    drawn = run("tournament", "draw", path, "--seed", "7", "--time", "1", "--extra-without", "P25")
    assert drawn.exit_code == 0, drawn.output
    return path, play_round_2(path)


def test_standings_show_the_extra_round_apart(tmp_path):
    path, nets = played(tmp_path)
    rows = {row["player"]: row for row in standings_json(path)}
    # Round 1 by seat (the docstring), round 2 by the drawn seats; the extra round never counts.
    round_1 = {}
    for index in range(9):
        round_1.update(zip(PLAYERS[5 * index : 5 * index + 5], LATE_NETS if index < 5 else FIVE_NETS))
    for name in PLAYERS:
        assert rows[name]["points"] == round_1[name] + nets["round 2"].get(name, 0), name
        assert rows[name]["extra_round"] == nets["extra"].get(name), name
    # The four who played it: 46, -2, 2, -46 by seat; P25 none (null); the best, 46, wins 50.
    assert sorted(v for v in (rows[n]["extra_round"] for n in PLAYERS) if v is not None) == [-46, -2, 2, 46]
    assert rows["P25"]["extra_round"] is None
    winner = next(name for name, net in nets["extra"].items() if net == 46)
    assert rows[winner]["extra_prize"] == 50 and sum(rows[n]["extra_prize"] for n in PLAYERS) == 50
    # The late five are 41st (shared) whatever the extra round gave them (Art 22, 23).
    assert {rows[n]["place"] for n in LATE_PLAYERS} == {41}
    table = run("tournament", "standings", path)
    head = table.stdout.splitlines()[0]
    assert "extra round" in head and "extra prize" in head


def exported(path, tmp_path) -> pathlib.Path:
    out = tmp_path / "cbqi.xlsx"
    with i18n.speaking(games.get("quatrilho").workbook_language):
        save(build(load(str(path))), str(out))
    return out


def heads(ws, row: int = 3) -> dict[str, int]:
    return {ws.cell(row, c).value: c for c in range(1, ws.max_column + 1) if ws.cell(row, c).value is not None}


def test_workbook_results_and_cards_show_the_extra_round_apart_and_empty_cells(tmp_path):
    path, nets = played(tmp_path)
    wb = openpyxl.load_workbook(exported(path, tmp_path))
    results = wb["Resultados"]
    columns = heads(results)
    # The rounds that count, Ajustes, Total, then the extra round apart (Art 23).
    assert list(columns) == ["Lugar", "Jogador", "R1", "R2", "Ajustes", "Total", "R3 extra (Art. 23)"]
    rows = {results.cell(r, 2).value: r for r in range(4, 4 + len(PLAYERS))}
    extra_col, r2_col = columns["R3 extra (Art. 23)"], columns["R2"]
    for name in PLAYERS:
        r = rows[name]
        total = results.cell(r, columns["Total"]).value
        assert total == f"=SUM(C{r}:E{r})"  # the extra column is outside the total
        extra = results.cell(r, extra_col).value
        if name in nets["extra"]:
            assert extra.startswith("='R3 Mesa9'!"), (name, extra)
        else:
            assert extra is None, name  # did not play it: empty, not 0
        if name in LATE_PLAYERS:
            assert results.cell(r, r2_col).value is None, name  # not at round 2: empty
    cards = wb["Cartões"]
    seen = 0
    for row in cards.iter_rows():
        for cell in row:
            if cell.value in PLAYERS and cards.cell(cell.row + 1, cell.column).value == "Rodada":
                name, top, left = cell.value, cell.row, cell.column
                labels = [cards.cell(top + k, left).value for k in range(2, 6)]
                assert labels == ["R1", "R2", "Total", "R3 extra"], labels
                r2, extra = cards.cell(top + 3, left + 2).value, cards.cell(top + 5, left + 2).value
                assert (r2 is None) == (name in LATE_PLAYERS), name
                assert (extra is None) == (name not in nets["extra"]), name
                if extra is not None:
                    assert extra == f"=Resultados!{openpyxl.utils.get_column_letter(extra_col)}{rows[name]}"
                    assert cards.cell(top + 5, left + 1).value == "Mesa 9"
                seen += 1
    assert seen == len(PLAYERS)
    # Rodadas: the extra round's table is Mesa 9, beside round 2's Mesa 1-8: no second Mesa 1.
    labels = [(r[0], r[1]) for r in wb["Rodadas"].iter_rows(min_row=4, values_only=True) if r[0] and r[1]]
    assert ("R3 extra", "Mesa 9") in labels and ("R3 extra", "Mesa 1") not in labels


def test_workbook_recalculates_the_extra_round_to_its_nets(tmp_path):
    engine = recalc.LIBREOFFICE
    engine.require()
    path, nets = played(tmp_path)
    out = exported(path, tmp_path)
    wb = openpyxl.load_workbook(out)
    values = engine.workbook(out, tmp_path)
    results, cards = wb["Resultados"], wb["Cartões"]
    columns = heads(results)
    extra_col = columns["R3 extra (Art. 23)"]
    points = {row["player"]: row["points"] for row in standings_json(path)}
    for r in range(4, 4 + len(PLAYERS)):
        name = results.cell(r, 2).value
        got = values["Resultados"][f"{openpyxl.utils.get_column_letter(extra_col)}{r}"].value
        assert (got if not recalc.blank(got) else None) == nets["extra"].get(name), name
        total = values["Resultados"][f"{openpyxl.utils.get_column_letter(columns['Total'])}{r}"].value
        assert total == pytest.approx(points[name]), name  # never the extra round's
    # Each card's extra row is the player's net; an empty one stays empty.
    for row in cards.iter_rows():
        for cell in row:
            if cell.value in PLAYERS and cards.cell(cell.row + 1, cell.column).value == "Rodada":
                extra = cards.cell(cell.row + 5, cell.column + 2).coordinate
                got = values["Cartões"][extra].value
                assert (None if recalc.blank(got) else got) == nets["extra"].get(cell.value), cell.value
                total = values["Cartões"][cards.cell(cell.row + 4, cell.column + 2).coordinate].value
                assert total == pytest.approx(points[cell.value])
