"""The changes of a championship's day (issue 18 point 2; TN1, TN6): undo, absent, penalty,
substitute, withdraw, add, rename, each end to end with the CLI, refused with one line, and all
or nothing."""

from __future__ import annotations

import json
import pathlib
import re
import shutil

import pytest
from conftest import run

from scorekeeper.tournaments.tournament_file import load

KING = pathlib.Path(__file__).resolve().parents[2] / "examples" / "championship-king"


@pytest.fixture
def king(tmp_path) -> pathlib.Path:
    for path in KING.iterdir():
        shutil.copy(path, tmp_path / path.name)
    return tmp_path / "final.yaml"


def players_args(names):
    return [arg for name in names for arg in ("-p", name)]


def standings(path) -> dict:
    shown = run("tournament", "standings", path, "--format", "json")
    assert shown.exit_code == 0, shown.output
    return {row["player"]: row for row in json.loads(shown.stdout)}


def test_undo_then_the_same_draw_restores_the_file_byte_for_byte_and_removes_its_empty_sheets(tmp_path):
    path = tmp_path / "t.yaml"
    assert run("tournament", "new", "king", "--name", "T", *players_args("ABCDEFGH"), "-o", path).exit_code == 0
    new = path.read_bytes()
    assert run("tournament", "draw", path, "--seed", "1").exit_code == 0
    one = path.read_bytes()
    assert run("tournament", "draw", path, "--seed", "2", "--force").exit_code == 0
    undone = run("tournament", "undo", path)
    assert (undone.exit_code, undone.stdout) == (0, f"Round 2 undone in {path}: 2 empty sheets removed\n")
    assert path.read_bytes() == one and not list(tmp_path.glob("r2-*"))
    # The same undo right after it is taken for a retry (issue 24): a second round goes only with --again.
    repeated = run("tournament", "undo", path)
    assert repeated.exit_code == 0 and path.read_bytes() == one
    assert re.fullmatch(
        r"already done at \d\d:\d\d:\d\d: the undo of a round \(round 2\); nothing changed "
        r"\(use --again to do it once more\)\n",
        repeated.stdout,
    ), repeated.stdout
    assert run("tournament", "undo", path, "--again").exit_code == 0
    assert path.read_bytes() == new and not list(tmp_path.glob("r*-mesa*"))
    refused = run("tournament", "undo", path, "--again")
    assert (refused.exit_code, refused.stderr) == (2, f"Error: {path}: no round is drawn yet: nothing to undo\n")


def test_undo_of_a_played_round_needs_force_and_keeps_its_sheets(king):
    before = king.read_bytes()
    refused = run("tournament", "undo", king)
    assert (refused.exit_code, refused.stderr) == (
        2,
        f"Error: {king}: round 3: r3-mesa1.yaml has entries already; `--force` undoes the round and keeps the "
        "sheet as r3-mesa1.undone.yaml\n",
    )
    assert king.read_bytes() == before
    played = (king.parent / "r3-mesa1.yaml").read_text(encoding="utf-8")
    forced = run("tournament", "undo", king, "--force")
    assert forced.exit_code == 0, forced.output
    assert len(load(str(king)).rounds) == 2
    assert (king.parent / "r3-mesa1.undone.yaml").read_text(encoding="utf-8") == played
    assert not (king.parent / "r3-mesa1.yaml").exists()


def test_the_negative_penalty_typed_as_the_issue_types_it(king):
    shown = run("tournament", "penalty", king, "Duarte", "-2.5", "--article", "Art 14", "--round", "2")
    assert (shown.exit_code, shown.stdout) == (0, f"Penalty written into {king}: round 2, Duarte -2.5 (Art 14)\n")
    # Duarte (K5 by hand): 1 + 2.5 (bye) + 1 (round 3) - 2.5 - 2.5 = -0.5
    assert standings(king)["Duarte"]["points"] == -0.5
    assert [(p.points, p.article) for p in load(str(king)).rounds[1].penalties] == [(-2.5, "Art 14"), (-2.5, "Art 14")]
    assert run("tournament", "check", king).exit_code == 0


def test_refusals_are_one_line_naming_the_file(king):
    before = king.read_bytes()
    cases = [
        (("penalty", king, "Zé", "-2.5", "--article", "Art 14"), "'Zé' is not one of the players"),
        (
            ("penalty", king, "Duarte", "-2.5", "--article", "Art 14", "--round", "4"),
            "round 4 is not drawn: the file holds 3 rounds",
        ),
        (
            ("penalty", king, "Duarte", "0", "--article", "Art 14"),
            "a penalty of 0.0 points: expected a number other than 0, at most 1000 either way",
        ),
        (
            ("penalty", king, "Duarte", "-2.5", "--article", "Art\x1b[2J"),
            "--article: 'Art\\x1b[2J' holds a control character",
        ),
        (("absent", king, "Carla", "--round", "3"), "'Carla' has a bye in round 3"),
        (("absent", king, "Gil", "--round", "2"), "round 2, table 1: 'Gil' is marked absent already"),
        (("substitute", king, "Gil", "Ana"), "'Ana' is already in the tournament"),
        (("substitute", king, "Gil", "Ze\nca"), "the name 'Ze\\nca' holds a control character"),
        (
            ("substitute", king, "Gil", "Zeca", "--round", "3"),
            "round 3, table 1: r3-mesa1.yaml has entries, 'Gil' played it: name the substitute from round 4 (--round 4)",
        ),
        (("add", king, "Bruno"), "'Bruno' is already in the tournament"),
        (("add", king, "Rui\u202e"), "the name 'Rui\\u202e' holds an invisible direction mark"),
        (("rename", king, "Nobody", "Rui"), "'Nobody' is not in the tournament"),
        (("rename", king, "Ines", "Ana"), "'Ana' is already in the tournament"),
        (("withdraw", king, "Nobody"), "'Nobody' is not one of the players"),
    ]
    for args, message in cases:
        refused = run("tournament", *args)
        assert (refused.exit_code, refused.stderr) == (2, f"Error: {king}: {message}\n"), args
    assert king.read_bytes() == before


def test_a_substitute_has_a_standing_of_his_own_from_his_round(king):
    """King Art 7 / TN6: Zeca takes Gil's seat from round 3. Gil keeps round 1 (table 2: 5 table
    points, +360) and round 2 (absent: 0); Zeca has round 3's table 1 (Gil's game there: 1 table
    point, -535). Everyone else is as before."""
    before = standings(king)
    assert run("tournament", "undo", king, "--force").exit_code == 0
    assert run("tournament", "draw", king, "--seed", "2028", "--steps", "1000", "--force").exit_code == 0
    shown = run("tournament", "substitute", king, "Gil", "Zeca", "--round", "3")
    assert (shown.exit_code, shown.stdout) == (
        0,
        f"Zeca substitutes Gil from round 3 in {king}, with a standing of "
        "his own; Gil keeps what he scored\n"
        "  1 table not played yet seats Zeca\n",
    )
    table = load(str(king)).rounds[2].tables[0]
    assert table.players == ["Ines", "Zeca", "Ana", "Bruno"]
    sheet = (king.parent / "r3-mesa1.yaml").read_text(encoding="utf-8")
    assert "players: [Ines, Zeca, Ana, Bruno]" in sheet and "Gil" not in sheet
    played = (king.parent / "r3-mesa1.undone.yaml").read_text(encoding="utf-8")
    (king.parent / "r3-mesa1.yaml").write_text(played.replace("Gil", "Zeca"), encoding="utf-8")
    shutil.copy(king.parent / "r3-mesa2.undone.yaml", king.parent / "r3-mesa2.yaml")
    assert run("tournament", "check", king).exit_code == 0
    after = standings(king)
    assert (after["Gil"]["points"], after["Gil"]["king_points"], after["Gil"]["absences"]) == (5, 360, 1)
    assert (after["Zeca"]["points"], after["Zeca"]["king_points"], after["Zeca"]["games"]) == (1, -535, [-535])
    assert after["Zeca"]["place"] == 10 and after["Gil"]["place"] == 8
    for name in before:
        if name != "Gil":
            assert after[name]["points"] == before[name]["points"], name
    exported = run("tournament", "export", king, "-o", king.parent / "final.xlsx")
    assert exported.exit_code == 0, exported.output


def test_absent_sets_the_sheet_aside_and_the_table_is_not_played(king):
    sheet = king.parent / "r3-mesa2.yaml"
    played = sheet.read_text(encoding="utf-8")
    shown = run("tournament", "absent", king, "Filipa", "--round", "3")
    assert (shown.exit_code, shown.stdout) == (
        0,
        "Filipa absent in round 3, table 2 (Art 7): the table is not played\n"
        "  r3-mesa2.yaml is out of the file, kept as r3-mesa2.absent.yaml\n",
    )
    assert not sheet.exists() and (king.parent / "r3-mesa2.absent.yaml").read_text(encoding="utf-8") == played
    table = load(str(king)).rounds[2].tables[1]
    assert (table.absent, table.sheet) == (["Filipa"], None)
    rows = standings(king)
    # TN1: the sheet's table points (Filipa 5, Eduardo 2.5, Duarte 1) go; Filipa absent scores 0,
    # the three present 2.5 each: Filipa 10.5 - 5, Duarte 2 - 1 + 2.5, Eduardo 6 - 2.5 + 2.5.
    assert (rows["Filipa"]["points"], rows["Duarte"]["points"], rows["Eduardo"]["points"]) == (5.5, 3.5, 6)
    assert run("tournament", "check", king).exit_code == 0


def test_withdraw_and_add_change_who_is_drawn(tmp_path):
    path = tmp_path / "q.yaml"
    assert run("tournament", "new", "quatrilho", "--name", "Q", *players_args("ABCDEFGHIJ"), "-o", path).exit_code == 0
    assert run("tournament", "draw", path, "--seed", "1").exit_code == 0
    added = run("tournament", "add", path, "Rui")
    assert (added.exit_code, added.stdout) == (0, f"Rui entered in {path}: drawn from round 2\n")
    assert added.stderr == (
        f"{path}: Art 5 closes late entries at the first round after lunch; the file does not say "
        "which round that is (entries_until: N makes `tournament add` refuse after it)\n"
    )
    gone = run("tournament", "withdraw", path, "A")
    assert (gone.exit_code, gone.stdout) == (
        0,
        f"A withdrawn in {path}: drawn no more from round 2, keeps what he scored\n",
    )
    retried = run("tournament", "withdraw", path, "A")  # taken for a retry (issue 24): nothing changed
    assert retried.exit_code == 0 and retried.stdout.endswith(
        ": the withdrawal (A); nothing changed (use --again to do it once more)\n"
    )
    again = run("tournament", "withdraw", path, "A", "--again")
    assert (again.exit_code, again.stderr) == (2, f"Error: {path}: 'A' is not drawn in round 2 already\n")
    assert run("tournament", "draw", path, "--seed", "2", "--force").exit_code == 0
    tournament = load(str(path))
    seated = [name for table in tournament.rounds[1].tables for name in table.players]
    assert sorted(seated) == sorted("BCDEFGHIJ") + ["Rui"] and "A" in tournament.players
    checked = run("tournament", "check", path)
    assert "has no table" not in checked.stdout and "T-TN6" not in checked.stdout
    path.write_text(path.read_text(encoding="utf-8").replace("rounds:", "entries_until: 2\nrounds:"), encoding="utf-8")
    late = run("tournament", "add", path, "Ana")
    assert (late.exit_code, late.stderr) == (
        2,
        f"Error: {path}: entries closed after round 2 (entries_until: 2, Art 5): 'Ana' would be drawn from round 3\n",
    )


def test_rename_in_the_file_and_every_sheet_changes_no_result(king):
    before = standings(king)
    shown = run("tournament", "rename", king, "Gil", "Gil Sousa")
    assert (shown.exit_code, shown.stdout) == (0, f"Gil is Gil Sousa in {king} and in 2 sheets\n")
    after = standings(king)
    assert {("Gil Sousa" if n == "Gil" else n): (r["place"], r["points"]) for n, r in before.items()} == {
        n: (r["place"], r["points"]) for n, r in after.items()
    }
    assert run("tournament", "check", king).exit_code == 0
    assert "Gil Sousa" in (king.parent / "r1-mesa2.yaml").read_text(encoding="utf-8")


def test_a_team_game_renames_and_undoes_and_refuses_the_rest(tmp_path):
    path = tmp_path / "s.yaml"
    assert (
        run(
            "tournament",
            "new",
            "sueca",
            "--name",
            "S",
            "-t",
            "Nos=Ana,Bruno",
            "-t",
            "Eles=Carla,Duarte",
            "-t",
            "Tres=Eva,Rui",
            "-t",
            "Quatro=Gil,Ze",
            "-o",
            path,
        ).exit_code
        == 0
    )
    assert run("tournament", "draw", path, "--seed", "1").exit_code == 0
    assert run("tournament", "rename", path, "Nos", "Nosotros").stdout == f"Nos is Nosotros in {path} and in 1 sheet\n"
    assert "Nosotros" in (tmp_path / "r1-mesa1.yaml").read_text(encoding="utf-8")
    for args in (
        ("withdraw", path, "Eles"),
        ("add", path, "Cinco"),
        ("absent", path, "Eles"),
        ("substitute", path, "Ana", "Zé"),
        ("penalty", path, "Eles", "-1", "--article", "Art 1"),
    ):
        refused = run("tournament", *args)
        assert (refused.exit_code, refused.stderr) == (
            2,
            f"Error: {path}: sueca is played by teams, whose standings are their matches': `tournament {args[0]}` "
            "is for a players' game (a team's name: `tournament rename`)\n",
        ), args
    assert run("tournament", "undo", path).exit_code == 0 and not list(tmp_path.glob("r1-*"))


def test_a_change_stopped_before_its_commit_leaves_everything_as_before(king, monkeypatch):
    """SIGTERM (KeyboardInterrupt or SystemExit from the handler) or a full disk as the file is
    written, its sheets written or set aside before: the journal puts every file back (issue 24),
    and records the change as rolled back."""
    from scorekeeper.journal import store, transaction

    assert run("tournament", "undo", king, "--force").exit_code == 0
    assert run("tournament", "draw", king, "--seed", "2028", "--steps", "1000", "--force").exit_code == 0

    def folder() -> dict:
        return {p.name: p.read_bytes() for p in king.parent.iterdir() if not p.name.startswith(store.JOURNAL_NAME)}

    files = folder()
    real_atomic_write = transaction.atomic_write

    def stopped_at_the_file(target, content, name=None):
        if name == str(king):
            raise KeyboardInterrupt
        return real_atomic_write(target, content, name=name)

    monkeypatch.setattr(transaction, "atomic_write", stopped_at_the_file)
    for args in (
        ("substitute", king, "Gil", "Zeca"),
        ("absent", king, "Gil"),
        ("rename", king, "Ana", "Anabela"),
        ("penalty", king, "Ana", "-1", "--article", "Art 14"),
    ):
        stopped = run("tournament", *args)
        assert stopped.exit_code != 0, args
        assert folder() == files, args
    journal = store.Journal.open(str(king.parent), False, [], ".")
    try:
        states = [(record.action, record.state) for record in journal.history(None, 100)][-4:]
    finally:
        journal.close()
    assert states == [
        ("substitute", "rolled_back"),
        ("absent", "rolled_back"),
        ("rename", "rolled_back"),
        ("penalty", "rolled_back"),
    ]


@pytest.mark.parametrize(
    "language, said",
    [
        ("pt_PT", "Penalização escrita em {path}: ronda 2, Duarte -2,5 (Art 14)\n"),
        ("pt_BR", "Penalidade escrita em {path}: rodada 2, Duarte -2,5 (Art 14)\n"),
    ],
)
def test_the_changes_speak_the_language_chosen(king, language, said):
    shown = run(
        "--lang", language, "tournament", "penalty", king, "Duarte", "-2.5", "--article", "Art 14", "--round", "2"
    )
    assert (shown.exit_code, shown.stdout) == (0, said.format(path=king))
    refused = run("--lang", language, "tournament", "absent", king, "Carla", "--round", "3")
    word = {"pt_PT": "está isento na ronda", "pt_BR": "está de folga na rodada"}[language]
    assert refused.stderr.endswith(f"{king}: 'Carla' {word} 3\n") and refused.exit_code == 2


def test_every_command_help_has_an_example():
    for command in ("undo", "absent", "penalty", "substitute", "withdraw", "add", "rename"):
        shown = run("tournament", command, "--help")
        assert shown.exit_code == 0 and f"scorekeeper tournament {command} " in shown.output, command


def test_an_undo_that_finds_a_sheet_written_meanwhile_keeps_it_and_says_11_removed_not_12(tmp_path, monkeypatch):
    """Said as done (issue 24): a round's empty sheets are removed only while still as drawn; one
    a scorer wrote into between the undo's reading and its writing is kept, and not counted."""
    from scorekeeper.journal import store, transaction

    path = tmp_path / "t.yaml"
    entered = run("tournament", "new", "king", "--name", "T", *players_args(f"P{n}" for n in range(1, 49)), "-o", path)
    assert entered.exit_code == 0
    new = path.read_bytes()
    assert run("tournament", "draw", path, "--seed", "1", "--steps", "100").exit_code == 0
    assert len(list(tmp_path.glob("r1-mesa*.yaml"))) == 12
    sheet = tmp_path / "r1-mesa5.yaml"
    played = sheet.read_text(encoding="utf-8").replace("hands: []", "hands:\n  - {hand: vazas, counts: [4, 3, 3, 3]}")
    real_apply = transaction.Session.apply

    def a_scorer_records_first(session, change):
        sheet.write_text(played, encoding="utf-8")  # the score pad's hand, saved just before
        return real_apply(session, change)

    monkeypatch.setattr(transaction.Session, "apply", a_scorer_records_first)
    undone = run("tournament", "undo", path)
    assert (undone.exit_code, undone.stdout) == (
        0,
        f"Round 1 undone in {path}: 11 empty sheets removed\n"
        "  r1-mesa5.yaml was written meanwhile: kept as it is (move it before round 1 is drawn again)\n",
    )
    assert path.read_bytes() == new
    assert [p.name for p in tmp_path.glob("r1-mesa*.yaml")] == ["r1-mesa5.yaml"]
    assert sheet.read_text(encoding="utf-8") == played
    journal = store.Journal.open(str(tmp_path), False, [], ".")
    try:
        last = journal.history(None, 100)[-1]
    finally:
        journal.close()
    assert (last.action, last.state, last.result, last.detail["rounds"]) == (
        "tournament-undo",
        "done",
        {"skipped": ["r1-mesa5.yaml"]},
        [1],
    )


def test_a_mistyped_file_is_refused_and_leaves_no_journal(tmp_path):
    """The journal is opened once the tournament file is known to be there: a typo never leaves
    a `.scorekeeper-journal.sqlite` in a folder that holds no tournament."""
    path = tmp_path / "fnal.yaml"
    for args in (("penalty", path, "Ana", "-1", "--article", "Art 14"), ("draw", path), ("undo", path)):
        refused = run("tournament", *args)
        assert (refused.exit_code, refused.stderr) == (2, f"Error: {path}: no such file\n"), args
    assert list(tmp_path.iterdir()) == []
