"""`scorekeeper tournament`: the file it keeps, the draw and its refusals, check and standings,
as an organiser runs them (issue 10). The standings' numbers by each regulation are tested in
tests/tournaments/test_standings_*.py; here, that the commands carry them."""

import json
import pathlib
import re

import pytest
import yaml
from conftest import EXAMPLES, run

NINE = ["Ana", "Bruno", "Carla", "Duarte", "Eduardo", "Filipa", "Gil", "Helena", "Ines"]
GAME = (EXAMPLES / "king-final-nacional-mesa1.yaml").read_text(encoding="utf-8")


def players_args(names):
    return [arg for name in names for arg in ("-p", name)]


def play(sheet: pathlib.Path) -> None:
    """Fill a drawn King sheet with the example final's whole game, played by its table."""
    players = yaml.safe_load(sheet.read_text(encoding="utf-8"))["players"]
    hands = GAME[GAME.index("hands:") :]
    for index, name in enumerate(["Ana", "Bruno", "Carla", "Duarte"]):  # two steps: the names recur
        hands = re.sub(rf"\b{name}\b", f"@{index}@", hands)
    for index, name in enumerate(players):
        hands = hands.replace(f"@{index}@", name)
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("hands: []\n", hands), encoding="utf-8")


@pytest.fixture
def final(tmp_path):
    path = tmp_path / "final.yaml"
    created = run("tournament", "new", "king", "--name", "Final Nacional", *players_args(NINE), "-o", path)
    assert created.exit_code == 0, created.output
    assert created.output == f"Created {path}: king, 9 players. Next: scorekeeper tournament draw {path}\n"
    return path


def drawn_tables(path: pathlib.Path, number: int) -> list[list[str]]:
    round_ = yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"][number - 1]
    return [table["players"] for table in round_["tables"]]


def test_a_draw_seats_everyone_once_records_its_seed_and_creates_the_sheets(final):
    result = run("tournament", "draw", final, "--seed", "7")
    assert result.exit_code == 0, result.output
    round_ = yaml.safe_load(final.read_text(encoding="utf-8"))["rounds"][0]
    assert round_["seed"] == 7
    seated = [name for table in round_["tables"] for name in table["players"]] + round_["byes"]
    assert sorted(seated) == sorted(NINE) and len(round_["tables"]) == 2 and len(round_["byes"]) == 1
    for number, table in enumerate(round_["tables"], start=1):
        sheet = final.parent / f"r1-mesa{number}.yaml"
        assert table["sheet"] == sheet.name
        header = yaml.safe_load(sheet.read_text(encoding="utf-8"))
        assert (header["players"], header["table"], header["round"], header["hands"]) == (
            table["players"],
            number,
            1,
            [],
        )
        assert f"Table {number}: {', '.join(table['players'])} ({sheet.name})" in result.output
    assert f"Bye: {round_['byes'][0]}" in result.output
    assert final.read_text(encoding="utf-8").startswith("tournament: Final Nacional\nrules: king\n")


def test_the_same_seed_draws_the_same_round(tmp_path, final):
    assert run("tournament", "draw", final, "--seed", "12345").exit_code == 0
    again = tmp_path / "again"
    again.mkdir()
    copy = again / "final.yaml"
    assert run("tournament", "new", "king", "--name", "Final Nacional", *players_args(NINE), "-o", copy).exit_code == 0
    assert run("tournament", "draw", copy, "--seed", "12345").exit_code == 0
    assert drawn_tables(copy, 1) == drawn_tables(final, 1)


def test_no_round_is_drawn_while_a_sheet_of_the_last_is_missing_or_unfinished(final):
    assert run("tournament", "draw", final, "--seed", "1").exit_code == 0
    before = final.read_text(encoding="utf-8")
    refused = run("tournament", "draw", final)
    assert refused.exit_code == 2
    assert refused.stderr == (
        f"Error: {final}: round 1 is not finished: round 1, table 1: r1-mesa1.yaml is not "
        "complete (and 1 more); `tournament check` lists everything, `--force` draws anyway\n"
    )
    assert final.read_text(encoding="utf-8") == before
    play(final.parent / "r1-mesa1.yaml")
    (final.parent / "r1-mesa2.yaml").unlink()
    refused = run("tournament", "draw", final)
    assert refused.exit_code == 2 and "r1-mesa2.yaml is not handed in yet" in refused.stderr
    forced = run("tournament", "draw", final, "--force")
    assert forced.exit_code == 0 and "Round 2 drawn" in forced.output
    assert len(yaml.safe_load(final.read_text(encoding="utf-8"))["rounds"]) == 2


def test_check_then_standings_once_every_sheet_is_in(final):
    assert run("tournament", "draw", final, "--seed", "3").exit_code == 0
    checked = run("tournament", "check", final)
    assert checked.exit_code == 1
    assert checked.output.splitlines()[-1] == f"{final}: 2 errors (king, 1 round)"
    for sheet in ("r1-mesa1.yaml", "r1-mesa2.yaml"):
        play(final.parent / sheet)
    checked = run("tournament", "check", final)
    assert (checked.exit_code, checked.output) == (0, f"{final}: clean (king, 1 round)\n")
    shown = run("tournament", "standings", final, "--format", "json")
    assert shown.exit_code == 0 and shown.stderr == ""
    rows = json.loads(shown.output)
    assert sorted(row["player"] for row in rows) == sorted(NINE)
    # The example game: Ana +325, Bruno +315, Carla -335, Duarte -305 in seat order: 5, 3, 1, 2 (K5).
    seats = drawn_tables(final, 1)
    places = {name: points for table in seats for name, points in zip(table, (5, 3, 1, 2))}
    bye = next(name for name in NINE if name not in places)
    places[bye] = 2.5
    assert {row["player"]: row["points"] for row in rows} == places
    assert [row["place"] for row in rows] == [1, 1, 3, 3, 5, 6, 6, 8, 8]
    assert rows[0]["decided_by"] == "tied" and rows[1]["decided_by"] == "points"
    table = run("tournament", "standings", final)
    assert table.exit_code == 0 and table.output.splitlines()[0].split()[:3] == ["place", "player", "points"]


def test_a_team_tournament_draws_its_group_round_robin(tmp_path):
    path = tmp_path / "torneio.yaml"
    teams = ["-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "-t", "Tres=Eva,Rui", "-t", "Quatro=Gil,Ines"]
    assert run("tournament", "new", "sueca", "--name", "Torneio", *teams, "-o", path).exit_code == 0
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["groups"] == {"A": ["Nos", "Eles", "Tres", "Quatro"]}
    met = set()
    for number in (1, 2, 3):
        result = run("tournament", "draw", path, "--force")
        assert result.exit_code == 0, result.output
        round_ = yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"][number - 1]
        assert round_["stage"] == "group" and len(round_["matches"]) == 2
        for match in round_["matches"]:
            met.add(frozenset(match["teams"]))
            sheet = yaml.safe_load((tmp_path / match["sheet"]).read_text(encoding="utf-8"))
            assert list(sheet["teams"]) == match["teams"] and sheet["deals"] == []
    assert len(met) == 6  # every pair of the four once


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "tournament: T\nrules: king\nplayers: [A, B, C, D]\nrounds: []\nprize: 1\n",
            ":5: tournament file: unknown key 'prize'; allowed: tournament, rules, date, starts, registry, players, teams, "
            "groups, planned_rounds, withdrawn, entered, substitutes, entries_until, rounds, notes",
        ),
        (
            "tournament: T\nrules: king\nplayers: [A, B, C, D]\nrounds:\n  - tables: [{table: 1, sheet: ../x.yaml}]\n",
            ":5: round 1, table 1: sheet: expected a file name in the tournament's folder, got '../x.yaml'",
        ),
        (
            "tournament: T\nrules: king\nplayers: [A, B, C, D]\nrounds:\n  - byes: [Zeca]\n",
            ":5: round 1: byes: 'Zeca' is not in the tournament",
        ),
        (
            "tournament: T\nrules: king\nteams: {Nos: [A, B]}\n",
            ":1: king is played by players: give 'players' (and no teams)",
        ),
        (
            "- a list\n",
            ":1: not a tournament file: expected a mapping with 'tournament', 'rules' and 'players' or 'teams'",
        ),
    ],
)
def test_a_bad_tournament_file_is_one_line_at_its_place(tmp_path, text, message):
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    for command in ("check", "standings", "draw"):
        result = run("tournament", command, path)
        assert (result.exit_code, result.stderr) == (2, f"Error: {path}{message}\n"), command


def test_no_draw_past_the_planned_rounds_unless_forced(tmp_path):
    path = tmp_path / "t.yaml"
    assert (
        run("tournament", "new", "king", "--name", "T", "--rounds", "1", *players_args(NINE[:4]), "-o", path).exit_code
        == 0
    )
    assert run("tournament", "draw", path, "--seed", "1").exit_code == 0
    play(tmp_path / "r1-mesa1.yaml")
    refused = run("tournament", "draw", path)
    assert (refused.exit_code, refused.stderr) == (
        2,
        f"Error: {path}: round 1 was the last planned (planned_rounds: 1); `--force` draws another\n",
    )
    assert run("tournament", "draw", path, "--force").exit_code == 0


def test_the_championship_workbook_of_the_example_final(tmp_path):
    import openpyxl

    out = tmp_path / "final.xlsx"
    result = run("tournament", "export", EXAMPLES / "championship-king" / "final.yaml", "-o", out)
    assert result.exit_code == 0, result.output
    assert result.output == (
        f"Wrote {out}: Classificação, Rondas, Resultados, R1 Mesa1, R1 Mesa2, R2 Mesa2 and 2 more\n"
    )
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == [
        "Classificação",
        "Rondas",
        "Resultados",
        "R1 Mesa1",
        "R1 Mesa2",
        "R2 Mesa2",
        "R3 Mesa1",
        "R3 Mesa2",
    ]
    again = run("tournament", "export", EXAMPLES / "championship-king" / "final.yaml", "-o", out)
    assert (again.exit_code, again.stderr) == (2, f"Error: {out}: already exists; use --force to overwrite it\n")


def test_a_sheet_linked_out_of_the_tournament_folder_is_not_read(tmp_path):
    folder = tmp_path / "t"
    folder.mkdir()
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text((EXAMPLES / "king-final-nacional-mesa1.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "r1-mesa1.yaml").symlink_to(outside)
    path = folder / "t.yaml"
    path.write_text(
        "tournament: T\nrules: king\nplayers: [Ana, Bruno, Carla, Duarte]\nrounds:\n"
        "  - tables: [{table: 1, sheet: r1-mesa1.yaml}]\n",
        encoding="utf-8",
    )
    checked = run("tournament", "check", path)
    assert checked.exit_code == 1
    assert (
        f"{path}:5: error [T-TN2-SHEET-OUTSIDE]: round 1, table 1: r1-mesa1.yaml is outside the tournament's "
        "folder [TN2]"
    ) in checked.output


def _finished_round(final) -> None:
    assert run("tournament", "draw", final, "--seed", "3").exit_code == 0
    for sheet in ("r1-mesa1.yaml", "r1-mesa2.yaml"):
        play(final.parent / sheet)


def test_a_sheet_of_another_round_or_table_is_disputed_and_not_counted(final):
    _finished_round(final)
    sheet = final.parent / "r1-mesa2.yaml"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("round: 1\n", "round: 3\n"), encoding="utf-8")
    checked = run("tournament", "check", final)
    assert checked.exit_code == 1
    assert (
        f"{final}:8: error [T-TN2-SHEET-OTHER-ROUND]: round 1, table 2: r1-mesa2.yaml says round 3, not 1 [TN2]"
        in checked.output
    )
    shown = run("tournament", "standings", final, "--format", "json")
    # On standard error with its place, as check prints it (issue 16: the line had no file:line).
    assert shown.stderr == (
        f"{final}:8: error [T-TN2-SHEET-OTHER-ROUND]: round 1, table 2: r1-mesa2.yaml says round 3, not 1 [TN2]\n"
    )
    table2 = drawn_tables(final, 1)[1]
    assert all(row["points"] == 0 for row in json.loads(shown.stdout) if row["player"] in table2)


def test_a_player_seated_twice_disputes_both_sheets(final):
    _finished_round(final)
    text = final.read_text(encoding="utf-8")
    one, two = drawn_tables(final, 1)
    final.write_text(
        text.replace(f"players: [{', '.join(two)}]", f"players: [{', '.join([one[0], *two[1:]])}]"), encoding="utf-8"
    )
    sheet = final.parent / "r1-mesa2.yaml"  # the table's sheet as the draw now says: one[0] in two[0]'s seat
    sheet.write_text(re.sub(rf"\b{two[0]}\b", one[0], sheet.read_text(encoding="utf-8")), encoding="utf-8")
    shown = run("tournament", "standings", final, "--format", "json")
    assert (
        f":8: error [T-TN2-PLAYER-TWICE]: round 1: '{one[0]}' plays at table 2 and at table 1 [TN2]\n" in shown.stderr
    )
    assert all(row["points"] == (2.5 if row["player"] not in one + two else 0) for row in json.loads(shown.stdout))


def test_an_absent_players_table_needs_no_sheet_and_two_tables_need_two_numbers(final):
    _finished_round(final)
    text = final.read_text(encoding="utf-8")
    one = drawn_tables(final, 1)[0]
    final.write_text(
        text.replace("{table: 1, players:", f"{{table: 1, absent: [{one[0]}], players:").replace(
            "{table: 2,", "{table: 1,"
        ),
        encoding="utf-8",
    )
    checked = run("tournament", "check", final)
    assert (
        f"{final}:7: warning [T-ART7-ABSENT-SHEET]: round 1, table 1: '{one[0]}' was absent, so the table is not played and "
        f"r1-mesa1.yaml is not read (remove its sheet: from the table) [Art 7]" in checked.output
    )
    assert f"{final}:8: error [T-TN2-TABLE-NUMBER-TWICE]: round 1: two tables are numbered 1 [TN2]" in checked.output


BEATS = {("Nos", "Eles"), ("Eles", "Ases"), ("Ases", "Nos"), ("Nos", "Copas"), ("Eles", "Copas"), ("Ases", "Copas")}


def _won_by(sheet: pathlib.Path, winner: str) -> None:
    """A whole Sueca game won 3 mocas to 0 by `winner`: twelve deals of 70-50 (1 point each, S2)."""
    teams = list(yaml.safe_load(sheet.read_text(encoding="utf-8"))["teams"])
    deal = "[70, 50]" if teams[0] == winner else "[50, 70]"
    sheet.write_text(
        sheet.read_text(encoding="utf-8").replace("deals: []\n", "deals:\n" + f"  - {{points: {deal}}}\n" * 12),
        encoding="utf-8",
    )


def _play_round(path: pathlib.Path, winners=None) -> dict:
    round_ = yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"][-1]
    for match in round_["matches"]:
        first, second = match["teams"]
        winner = (winners or {}).get(frozenset(match["teams"])) or (first if (first, second) in BEATS else second)
        _won_by(path.parent / match["sheet"], winner)
    return round_


def test_three_teams_tied_past_every_criterion_play_a_round_robin_of_negras(tmp_path):
    """S5 (f), TN3: Nos, Eles and Ases beat each other in a cycle, each 3-0, and beat Copas: (a)-(e)
    leave them tied, so each draw gives the next negra among the three, one a team a round."""
    path = tmp_path / "torneio.yaml"
    teams = ["-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte", "-t", "Ases=Eva,Rui", "-t", "Copas=Gil,Helena"]
    assert run("tournament", "new", "sueca", "--name", "N", *teams, "-o", path).exit_code == 0
    for _ in range(3):
        assert run("tournament", "draw", path, "--seed", "1").exit_code == 0
        _play_round(path)
    rows = json.loads(run("tournament", "standings", path, "--format", "json").stdout)
    assert [(r["place"], r["team"], r["decided_by"]) for r in rows] == [
        (1, "Nos", "negra needed"),
        (1, "Eles", "negra needed"),
        (1, "Ases", "points"),
        (4, "Copas", None),
    ]
    negras = []
    for _ in range(3):
        drawn = run("tournament", "draw", path)
        assert drawn.exit_code == 0, drawn.output
        round_ = _play_round(
            path,
            {frozenset(("Nos", "Eles")): "Nos", frozenset(("Nos", "Ases")): "Nos", frozenset(("Eles", "Ases")): "Eles"},
        )
        assert round_["stage"] == "negra" and len(round_["matches"]) == 1
        negras.append(frozenset(round_["matches"][0]["teams"]))
    assert set(negras) == {frozenset(p) for p in (("Nos", "Eles"), ("Nos", "Ases"), ("Eles", "Ases"))}
    rows = json.loads(run("tournament", "standings", path, "--format", "json").stdout)
    assert [(r["team"], r["decided_by"]) for r in rows][:3] == [
        ("Nos", "f: negra"),
        ("Eles", "f: negra"),
        ("Ases", "points"),
    ]
    semis = run("tournament", "draw", path)
    assert semis.exit_code == 0 and "Match 1: Nos v Copas" in semis.output and "Match 2: Eles v Ases" in semis.output


def _net_round(sheet: pathlib.Path, winner: str) -> None:
    """A Quatrilho table's whole round (six deals per seat): `winner` calls with a partner and
    takes all ten tricks on every deal he plays; a shortened round of one deal per seat."""
    players = yaml.safe_load(sheet.read_text(encoding="utf-8"))["players"]
    deals = []
    for k in range(len(players)):
        dealer = players[k % len(players)]
        playing = [p for p in players if p != dealer] if len(players) == 5 else players
        caller = winner if winner in playing else playing[0]
        partner = next(p for p in playing if p != caller)
        deals.append(f"  - {{contract: normal, caller: {caller}, partner: {partner}, figuras: 35, tricks: 10}}\n")
    text = sheet.read_text(encoding="utf-8").replace(
        "deals: []\n", f"round_deals: {len(players)}\ndeals:\n" + "".join(deals)
    )
    sheet.write_text(text, encoding="utf-8")


def test_after_the_cut_the_last_round_seats_the_first_and_the_others_play_apart(tmp_path):
    """Quatrilho Art 22, 23 (Q11) under a house rule file whose cut is 5 (of 10 players): the
    last planned round seats the first five, and the other five play an extra round apart."""
    from scorekeeper.rulebook.registry import rules_dir

    house = (pathlib.Path(rules_dir()) / "quatrilho.yaml").read_text(encoding="utf-8")
    house = house.replace("name: quatrilho\n", "name: quatrilho-clube\n").replace("cut: 40 ", "cut: 5 ")
    house = re.sub(r"prizes: \[[^\]]*\]", "prizes: [100, 60, 40]", house).replace(
        "prize_total: 3450", "prize_total: 200"
    )
    (tmp_path / "clube.yaml").write_text(house, encoding="utf-8")
    names = [f"P{n}" for n in range(10)]
    path = tmp_path / "t.yaml"
    created = run(
        "tournament",
        "new",
        str(tmp_path / "clube.yaml"),
        "--name",
        "T",
        "--rounds",
        "2",
        *players_args(names),
        "-o",
        path,
    )
    assert created.exit_code == 0, created.output
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"rules: {tmp_path / 'clube.yaml'}", "rules: clube.yaml"), encoding="utf-8")
    assert run("tournament", "draw", path, "--seed", "5").exit_code == 0
    round_1 = yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"][0]
    winners = set()
    for table in round_1["tables"]:
        _net_round(tmp_path / table["sheet"], table["players"][1])
        winners.add(table["players"][1])
    drawn = run("tournament", "draw", path, "--seed", "6")
    assert drawn.exit_code == 0, drawn.output
    rounds = yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"]
    assert len(rounds) == 3 and rounds[2]["stage"] == "extra"
    through = {p for table in rounds[1]["tables"] for p in table["players"]}
    apart = {p for table in rounds[2]["tables"] for p in table["players"]}
    byes = set(rounds[1].get("byes", []))  # the players tied at the cut all go through (a sixth sits out)
    assert through | byes | apart == set(names) and not apart & (through | byes) and winners <= through | byes
    assert len(apart) == 4 and len(through | byes) == 6
    assert "Round 3, apart, for the players the cut left out:" in drawn.output
    checked = run("tournament", "check", path)
    assert "has no table and no bye" not in checked.output and "not complete" in checked.output


def test_an_unreadable_sheet_is_one_finding_not_a_finding_per_player(tmp_path):
    import os

    os.mkfifo(tmp_path / "r1-mesa1.yaml")
    path = tmp_path / "t.yaml"
    path.write_text(
        "tournament: T\nrules: king\nplayers: [A, B, C, D]\nrounds:\n  - tables: [{table: 1, sheet: r1-mesa1.yaml}]\n",
        encoding="utf-8",
    )
    checked = run("tournament", "check", path)
    assert checked.exit_code == 1
    assert checked.output.count("\n") == 2 and "is not a regular file" in checked.output
    assert checked.output.endswith(f"{path}: 1 error (king, 1 round)\n")
