"""A tournament that names a registry (issue 27 point 1; King Art 1-2, Truco Art 1; RULINGS TN8,
TN14): every name resolves to one member, `tournament check` reports who may not play citing the
game's article, every day command and the draw refuse to bring one in, and the exports show the
member ids. Registries and tournaments written by hand; every day and id worked out from them."""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import time

import pytest
from conftest import RULES, run
from openpyxl import load_workbook

from scorekeeper.tournaments.tournament_file import load

# Norte: N003 lapsed in January 2026 (a gap from the season's start 2026-01-01 to 2026-01-31),
# N004 and N005 are both written Carla Dias, N007 left on 2026-03-10 (four days before the
# event), N009 moved to Centro (C002, same_as) the day after she left Norte (TN8: no interruption).
NORTE = """\
union: norte
name: Sindicato dos Bancários do Norte
members:
  - id: N001
    name: José Magalhães
    aliases: [Zé Magalhães]
    membership: [{from: 2020-01-01}]
  - {id: N002, name: Ana Sousa, membership: [{from: 2019-05-01}]}
  - id: N003
    name: João Pires
    membership: [{from: 2018-01-01, to: 2025-12-31}, {from: 2026-02-01}]
  - {id: N004, name: Carla Dias, membership: [{from: 2010-01-01}]}
  - {id: N005, name: Carla Dias, membership: [{from: 2011-01-01}]}
  - {id: N006, name: Rui Costa, membership: [{from: 2015-01-01}]}
  - {id: N007, name: Duarte Melo, membership: [{from: 2015-01-01, to: 2026-03-10}]}
  - {id: N008, name: Helena Reis, membership: [{from: 2012-01-01}]}
  - {id: N009, name: Maria Sá, membership: [{from: 2019-01-01, to: 2026-01-31}]}
  - id: N010
    name: Sofia Rocha
    membership: [{from: 2010-01-01, to: 2026-02-09}, {from: 2026-02-11}]
"""
CENTRO = """\
union: centro
name: Sindicato dos Bancários do Centro
members:
  - {id: C001, name: Pedro Nunes, membership: [{from: 2020-01-01}]}
  - {id: C002, name: Maria Sá, same_as: N009, membership: [{from: 2026-02-01}]}
"""
# The header's lines: tournament 1, rules 2, date 3, starts 4, registry 5, players 6; the
# players from line 7 on, one a line.
KING_HEAD = """\
tournament: Regional Norte
rules: {rules}
date: 2026-03-14
starts: 2026-01-01
registry: [norte.yaml, centro.yaml]
players:
"""
CLEAN = ["Ana Sousa", "José Magalhães", "Rui Costa", "Helena Reis", "Maria Sá", "Pedro Nunes"]


def king_file(folder: pathlib.Path, players, rules="king", head=KING_HEAD) -> pathlib.Path:
    (folder / "norte.yaml").write_text(NORTE, encoding="utf-8")
    (folder / "centro.yaml").write_text(CENTRO, encoding="utf-8")
    path = folder / "regional.yaml"
    body = "".join(f"  - {name}\n" for name in players)
    path.write_text(head.format(rules=rules) + body, encoding="utf-8")
    return path


def check_json(path) -> list[dict]:
    result = run("tournament", "check", path, "--format", "json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def found(path) -> list[tuple]:
    """(line, severity, code, rule, the name it is about: the first quoted) of each registry
    finding of `tournament check`."""
    return [
        (f["line"], f["severity"], f["code"], f["rule"], re.search(r"'([^']*)'", f["message"]).group(1))
        for f in check_json(path)
        if f["code"].startswith(("T-MEMBER", "T-TN8", "T-TN14"))
    ]


def test_check_resolves_every_name_and_reports_each_finding_at_its_line(tmp_path):
    path = king_file(
        tmp_path, ["Ana Sousa", "Jose Magalhaes", "João Pires", "Carla Dias", "Bruno", "Duarte Melo", "Maria Sá"]
    )
    result = run("tournament", "check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:5] == [
        f"{path}:8: warning [T-MEMBER-SPELLING]: 'Jose Magalhaes' is member N001, José Magalhães (the same name "
        "but for accents, case or spacing) [registry]",
        f"{path}:9: error [T-TN8-MEMBER-GAP]: 'João Pires' (member N003) may not play on 2026-03-14: a member of "
        "no organising union from 2026-01-01 to 2026-01-31 [Art 2]",
        f"{path}:10: error [T-MEMBER-AMBIGUOUS]: 'Carla Dias' fits 2 members: N004 Carla Dias, N005 Carla Dias; "
        "write his member id instead [registry]",
        f"{path}:11: error [T-TN8-NOT-MEMBER]: 'Bruno' is no member of the organising unions (centro, norte): "
        "only their members may play [Art 2]",
        f"{path}:12: error [T-TN8-MEMBER-GAP]: 'Duarte Melo' (member N007) may not play on 2026-03-14: a member "
        "of no organising union from 2026-03-11 to 2026-03-14 [Art 2]",
    ]
    assert result.stdout.splitlines()[-1] == f"{path}: 4 errors, 1 warning (king, 0 rounds)"


def test_a_clean_registry_tournament_checks_clean(tmp_path):
    path = king_file(tmp_path, CLEAN)
    result = run("tournament", "check", path)
    assert (result.exit_code, result.stdout) == (0, f"{path}: clean (king, 0 rounds)\n")


def test_a_name_found_by_alias_or_initials_is_information_naming_the_member(tmp_path):
    path = king_file(tmp_path, ["Zé Magalhães", "A. Sousa", "N006", "Helena Reis"])
    assert found(path) == [
        (7, "warning", "T-MEMBER-SPELLING", "registry", "Zé Magalhães"),
        (8, "warning", "T-MEMBER-SPELLING", "registry", "A. Sousa"),
    ]
    messages = [f["message"] for f in check_json(path)]
    assert messages == [
        "'Zé Magalhães' is member N001, José Magalhães (an alias the registry lists)",
        "'A. Sousa' is member N002, Ana Sousa (by initials)",
    ]
    assert run("tournament", "check", path).exit_code == 0  # information: the check is clean


def test_two_names_of_one_member_are_an_error(tmp_path):
    path = king_file(tmp_path, ["José Magalhães", "Ana Sousa", "Zé Magalhães", "Rui Costa"])
    assert found(path) == [
        (9, "error", "T-MEMBER-TWICE", "registry", "Zé Magalhães"),
        (9, "warning", "T-MEMBER-SPELLING", "registry", "Zé Magalhães"),
    ]


def test_tn8_a_gap_after_the_season_start_keeps_a_member_out_citing_art_2(tmp_path):
    """TN8 (Art 2 "sem interrupção"): João Pires was no member in January 2026; the season starts
    on 2026-01-01, so he may not play on 2026-03-14 although he is a member that day."""
    path = king_file(tmp_path, ["João Pires", *CLEAN[:3]])
    assert found(path) == [(7, "error", "T-TN8-MEMBER-GAP", "Art 2", "João Pires")]


def test_tn8_a_gap_of_one_day_is_an_interruption(tmp_path):
    """TN8: Sofia Rocha's membership ended on 2026-02-09 and began again on 2026-02-11: on
    2026-02-10 she was no member, and Art 2 asks "sem interrupção"."""
    path = king_file(tmp_path, ["Sofia Rocha", *CLEAN[:3]])
    assert found(path) == [(7, "error", "T-TN8-MEMBER-GAP", "Art 2", "Sofia Rocha")]
    assert check_json(path)[0]["message"] == (
        "'Sofia Rocha' (member N010) may not play on 2026-03-14: a member of no organising union on 2026-02-10"
    )


def test_tn8_without_starts_the_event_day_alone_is_asked(tmp_path):
    """TN8: with no `starts:` the season's start is the event's day: a member on that day may play."""
    path = king_file(tmp_path, ["João Pires", *CLEAN[:3]], head=KING_HEAD.replace("starts: 2026-01-01\n", ""))
    assert found(path) == []
    assert load(str(path)).starts is None


def test_tn8_a_move_between_organising_unions_the_next_day_is_no_interruption(tmp_path):
    """TN8: Maria Sá left Norte on 2026-01-31 and joined Centro (same_as) on 2026-02-01: eligible
    while both unions organise (Art 1); with Norte's registry alone, Centro is no organising union
    and her gap runs from 2026-02-01 to the event's day."""
    path = king_file(tmp_path, ["Maria Sá", *CLEAN[:3]])
    assert found(path) == []
    path.write_text(path.read_text(encoding="utf-8").replace("[norte.yaml, centro.yaml]", "[norte.yaml]"))
    assert found(path) == [(7, "error", "T-TN8-MEMBER-GAP", "Art 2", "Maria Sá")]
    assert "from 2026-02-01 to 2026-03-14" in check_json(path)[0]["message"]


def test_tn8_first_joined_reads_every_gap_since_joining(tmp_path):
    """TN8's strict reading (`members: {since: first_joined}` in a house rule file): no `starts:`,
    and João Pires' gap of January 2026 still keeps him out; Ana Sousa never had one."""
    house = (RULES / "king.yaml").read_text(encoding="utf-8").replace("since: season_start", "since: first_joined")
    (tmp_path / "king-estrito.yaml").write_text(house.replace("name: king\n", "name: king-estrito\n"), encoding="utf-8")
    head = KING_HEAD.replace("starts: 2026-01-01\n", "")
    path = king_file(tmp_path, ["João Pires", *CLEAN[:3]], rules="king-estrito.yaml", head=head)
    assert found(path) == [(6, "error", "T-TN8-MEMBER-GAP", "Art 2", "João Pires")]


# --- the day's commands ----------------------------------------------------------------------


def test_add_refuses_a_non_member_citing_art_2_and_leaves_the_file(tmp_path):
    path = king_file(tmp_path, CLEAN[:4])
    before = path.read_bytes()
    refused = run("tournament", "add", path, "Bruno")
    assert (refused.exit_code, refused.stderr) == (
        2,
        f"Error: {path}: refused: 'Bruno' is no member of the organising unions (centro, norte): only their "
        "members may play [Art 2]\n",
    )
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("command", "why"),
    [
        (("add", "João Pires"), "'João Pires' (member N003) may not play on 2026-03-14"),
        (("add", "Carla Dias"), "'Carla Dias' fits 2 members: N004 Carla Dias, N005 Carla Dias"),
        (("add", "Zé Magalhães"), "'Zé Magalhães' and 'José Magalhães' are one member, N001 José Magalhães"),
        (("rename", "Rui Costa", "Duarte Melo"), "'Duarte Melo' (member N007) may not play on 2026-03-14"),
        (("substitute", "Rui Costa", "Bruno"), "'Bruno' is no member of the organising unions"),
    ],
)
def test_every_day_command_refuses_to_bring_in_a_player_who_may_not_play(tmp_path, command, why):
    path = king_file(tmp_path, CLEAN[:4])
    assert run("tournament", "draw", path, "--seed", "1").exit_code == 0
    before = path.read_bytes()
    action, *args = command
    refused = run("tournament", action, path, *args)
    assert refused.exit_code == 2, refused.output
    assert refused.stderr.startswith(f"Error: {path}: refused: {why}"), refused.stderr
    assert path.read_bytes() == before


def test_a_member_who_may_play_is_added_and_said_by_his_member(tmp_path):
    path = king_file(tmp_path, CLEAN[:4])
    assert run("tournament", "add", path, "P. Nunes").exit_code == 0
    assert found(path) == [(6, "warning", "T-MEMBER-SPELLING", "registry", "P. Nunes")]  # a flow list's line


def test_draw_refuses_to_seat_a_player_who_may_not_play_until_he_is_withdrawn(tmp_path):
    path = king_file(tmp_path, [*CLEAN[:4], "Duarte Melo"])
    refused = run("tournament", "draw", path, "--seed", "1", "--force")
    assert refused.exit_code == 2
    assert refused.stderr.startswith(f"Error: {path}: refused: 'Duarte Melo' (member N007) may not play on 2026-03-14")
    assert run("tournament", "withdraw", path, "Duarte Melo").exit_code == 0
    drawn = run("tournament", "draw", path, "--seed", "1")
    assert drawn.exit_code == 0, drawn.output
    assert "Duarte Melo" not in drawn.stdout


def test_new_with_a_registry_writes_its_keys_and_refuses_a_non_member(tmp_path):
    (tmp_path / "norte.yaml").write_text(NORTE, encoding="utf-8")
    out = tmp_path / "t.yaml"
    args = ["tournament", "new", "king", "--name", "R", "--registry", tmp_path / "norte.yaml", "--date", "2026-03-14"]
    refused = run(*args, "-p", "N001", "-p", "N002", "-p", "N006", "-p", "Bruno", "-o", out)
    assert refused.exit_code == 2 and "'Bruno' is no member of the organising unions (norte)" in refused.stderr
    assert not out.exists()
    made = run(*args, "--starts", "2026-01-01", "-p", "N001", "-p", "N002", "-p", "N006", "-p", "N008", "-o", out)
    assert made.exit_code == 0, made.output
    assert out.read_text(encoding="utf-8").splitlines()[:5] == [
        "tournament: R",
        "rules: king",
        "date: 2026-03-14",
        "starts: 2026-01-01",
        "registry: [norte.yaml]",
    ]


def test_the_file_needs_the_event_day_and_a_start_before_it(tmp_path):
    path = king_file(tmp_path, CLEAN[:4], head=KING_HEAD.replace("date: 2026-03-14\n", ""))
    result = run("tournament", "check", path)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {path}:4: date: a tournament that names a registry needs the event's day (date: YYYY-MM-DD)\n",
    )
    path = king_file(tmp_path, CLEAN[:4], head=KING_HEAD.replace("starts: 2026-01-01", "starts: 2026-04-01"))
    assert run("tournament", "check", path).stderr == (
        f"Error: {path}:4: starts: the season's start 2026-04-01 is after the event's day 2026-03-14\n"
    )
    path = king_file(tmp_path, CLEAN[:4], head=KING_HEAD.replace("date: 2026-03-14", "date: 2026-02-30"))
    assert run("tournament", "check", path).exit_code == 2


# --- Truco: a pair holds at least one associate (Art 1, TN14) --------------------------------

FURB = """\
union: furb
name: Associação dos Servidores da FURB
members:
  - {id: F01, name: Maria Silva, membership: [{from: 2020-01-01}]}
  - {id: F02, name: Pedro Souza, membership: [{from: 2020-01-01, to: 2025-12-31}]}
  - {id: F03, name: Lucas Lima, membership: [{from: 2021-01-01}]}
  - {id: F04, name: Rita Alves, membership: [{from: 2021-01-01}]}
"""


def truco_file(folder: pathlib.Path, teams: dict) -> pathlib.Path:
    (folder / "furb.yaml").write_text(FURB, encoding="utf-8")
    path = folder / "truco.yaml"
    lines = ["tournament: Truco FURB", "rules: truco", "date: 2026-05-02", "registry: [furb.yaml]", "teams:"]
    lines += [f"  {team}: [{', '.join(players)}]" for team, players in teams.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_tn14_a_pair_with_one_associate_is_clean_and_its_other_player_is_information(tmp_path):
    """TN14 (Art 1: "pelo menos um associado por dupla"): Joana is no member; her pair holds Maria Silva."""
    path = truco_file(tmp_path, {"Nos": ["Maria Silva", "Joana"], "Eles": ["Lucas Lima", "Rita Alves"]})
    assert found(path) == [(6, "warning", "T-MEMBER-NONE", "Art 1", "Joana")]
    assert check_json(path)[0]["message"] == (
        "'Joana' is no associate eligible on 2026-05-02; the pair's associate is F01, Maria Silva"
    )


def test_tn14_a_pair_whose_only_member_lapsed_has_no_associate_citing_art_1(tmp_path):
    """TN14: Pedro Souza's membership ended on 2025-12-31: on 2026-05-02 his pair has no associate."""
    path = truco_file(tmp_path, {"Nos": ["Maria Silva", "Joana"], "Eles": ["Pedro Souza", "Carlos"]})
    assert found(path) == [
        (6, "warning", "T-MEMBER-NONE", "Art 1", "Joana"),
        (7, "error", "T-TN14-NO-ASSOCIATE", "Art 1", "Eles"),
    ]
    assert run("tournament", "check", path).exit_code == 1
    drawn = run("tournament", "draw", path, "--force")  # nor is the pair drawn, forced or not
    assert drawn.exit_code == 2 and drawn.stderr.startswith(f"Error: {path}: refused: team 'Eles'"), drawn.stderr
    assert drawn.stderr.endswith("[Art 1]\n")


def test_tn14_a_truco_tournament_with_a_registry_refuses_a_pair_of_two_non_members(tmp_path):
    """The issue's Done-when: `tournament new` refuses the pair (Art 1), and so does a rename
    that takes the pair's associate out."""
    (tmp_path / "furb.yaml").write_text(FURB, encoding="utf-8")
    out = tmp_path / "t.yaml"
    args = ["tournament", "new", "truco", "--name", "T", "--registry", tmp_path / "furb.yaml", "--date", "2026-05-02"]
    refused = run(*args, "-t", "Nos=Maria Silva,Joana", "-t", "Eles=Carlos,Bia", "-o", out)
    assert (refused.exit_code, refused.stderr) == (
        2,
        f"Error: {out}: refused: team 'Eles': none of Carlos, Bia is a member of the organising unions (furb) "
        "eligible on 2026-05-02: a pair holds at least one associate [Art 1]\n",
    )
    assert not out.exists()
    path = truco_file(tmp_path, {"Nos": ["Maria Silva", "Joana"], "Eles": ["Lucas Lima", "Bia"]})
    before = path.read_bytes()
    renamed = run("tournament", "rename", path, "Lucas Lima", "Carlos")
    assert renamed.exit_code == 2 and "[Art 1]" in renamed.stderr and "team 'Eles'" in renamed.stderr
    assert path.read_bytes() == before
    assert run("tournament", "rename", path, "Bia", "Rita Alves").exit_code == 0


def test_a_game_without_a_membership_rule_only_names_the_players(tmp_path):
    """Sueca's regulation asks no membership: a registry resolves names, a non-member is
    information and eligibility is not checked (Pedro Souza lapsed, and plays)."""
    path = truco_file(tmp_path, {"Nos": ["Maria Silva", "Joana"], "Eles": ["Pedro Souza", "Carlos"]})
    path.write_text(path.read_text(encoding="utf-8").replace("rules: truco", "rules: sueca"), encoding="utf-8")
    assert found(path) == [
        (6, "warning", "T-MEMBER-NONE", "registry", "Joana"),
        (7, "warning", "T-MEMBER-NONE", "registry", "Carlos"),
    ]


# --- the rule files' key ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("members", "says"),
    [
        ("{each: everyone, article: Art 2}", "members.each: expected one of player, team, got 'everyone'"),
        ("{each: player, article: Art 2, since: forever}", "members.since: expected one of season_start, first_joined"),
        ("{each: player}", "missing key 'members.article'"),
        ("{each: player, article: '  '}", "members.article: which article? (e.g. Art 2)"),
    ],
)
def test_a_wrong_members_key_is_refused_at_its_line(tmp_path, members, says):
    text = (RULES / "king.yaml").read_text(encoding="utf-8").split("\nmembers:")[0]
    text = text.replace("name: king\n", "name: king-casa\n") + f"\nmembers: {members}\n"
    house = tmp_path / "king-casa.yaml"
    house.write_text(text, encoding="utf-8")
    at = len(text.splitlines())
    result = run("rules", "show", house)
    assert result.exit_code == 2
    assert f"{house}:{at}:" in result.stderr and says in result.stderr, result.stderr


# --- exports ---------------------------------------------------------------------------------


def played_king(tmp_path) -> pathlib.Path:
    """Four members at one table, its sheet played whole: the standings have a row each."""
    path = king_file(tmp_path, ["Ana Sousa", "Zé Magalhães", "Rui Costa", "Helena Reis"])
    assert run("tournament", "draw", path, "--seed", "1").exit_code == 0
    sheet = tmp_path / "r1-mesa1.yaml"
    text = sheet.read_text(encoding="utf-8")
    players = load(str(path)).rounds[0].tables[0].players
    hands = PLAYED_HANDS.format(*players)
    sheet.write_text(text.replace("hands: []", hands), encoding="utf-8")
    return path


PLAYED_HANDS = """hands:
  - {{hand: vazas, counts: [4, 2, 3, 4]}}
  - {{hand: copas, counts: [3, 1, 4, 5]}}
  - {{hand: damas, counts: [1, 0, 1, 2]}}
  - {{hand: reis-valetes, counts: [2, 2, 1, 3]}}
  - {{hand: rei-de-copas, counts: [0, 0, 0, 1]}}
  - {{hand: ultimas, counts: [2, 0, 0, 0]}}
  - {{hand: festa, beneficiary: {0}, contract: positivos, trump: paus, tricks: [6, 3, 2, 2]}}
  - {{hand: festa, beneficiary: {1}, contract: positivos, trump: copas, tricks: [4, 3, 3, 3]}}
  - {{hand: festa, beneficiary: {2}, contract: positivos, trump: copas, tricks: [1, 2, 5, 5]}}
  - {{hand: festa, beneficiary: {3}, contract: positivos, trump: ouros, tricks: [3, 4, 3, 3]}}
"""

IDS = {"Ana Sousa": "N002", "Zé Magalhães": "N001", "Rui Costa": "N006", "Helena Reis": "N008"}


def test_standings_json_and_csv_carry_each_member_id(tmp_path):
    path = played_king(tmp_path)
    shown = run("tournament", "standings", path, "--format", "json")
    assert shown.exit_code == 0, shown.output
    rows = json.loads(shown.stdout)
    assert {row["player"]: row["id"] for row in rows} == IDS
    assert shown.stderr == ""  # a spelling said (information) is no reason to call the standings provisional
    assert list(rows[0])[:3] == ["place", "player", "id"]
    csv = run("tournament", "standings", path, "--format", "csv").stdout.splitlines()
    assert csv[0].split(",")[:3] == ["place", "player", "id"]
    assert {line.split(",")[1]: line.split(",")[2] for line in csv[1:]} == IDS


def test_without_a_registry_the_standings_have_no_id(tmp_path):
    path = played_king(tmp_path)
    text = path.read_text(encoding="utf-8").replace("registry: [norte.yaml, centro.yaml]\n", "")
    path.write_text(text.replace("starts: 2026-01-01\n", ""), encoding="utf-8")
    rows = json.loads(run("tournament", "standings", path, "--format", "json").stdout)
    assert "id" not in rows[0]
    assert run("tournament", "standings", path, "--format", "csv").stdout.splitlines()[0].split(",")[:3] == [
        "place",
        "player",
        "points",
    ]


def test_the_workbook_shows_each_member_id_beside_the_name(tmp_path):
    path = played_king(tmp_path)
    out = tmp_path / "regional.xlsx"
    exported = run("tournament", "export", path, "-o", out)
    assert exported.exit_code == 0, exported.output
    wb = load_workbook(out)
    standings, rounds = wb.worksheets[0], wb.worksheets[1]
    shown = {standings.cell(r, 2).value: standings.cell(r, 3).value for r in range(4, 8)}
    assert shown == IDS
    assert str(standings.cell(4, 4).value).startswith("=")  # the points' formula one column on
    by_name = {
        row[0]: row[1] for row in rounds.iter_rows(values_only=True) if row[0] in IDS and isinstance(row[1], str)
    }
    assert by_name == IDS
    notes = [cell.value for row in standings.iter_rows() for cell in row if isinstance(cell.value, str)]
    assert not [note for note in notes if "'Zé Magalhães'" in note]  # no "provisional" note for a spelling said


# --- attacks ---------------------------------------------------------------------------------


def test_a_registry_outside_the_folder_is_refused_at_its_line(tmp_path):
    inner = tmp_path / "evento"
    inner.mkdir()
    path = king_file(inner, CLEAN[:4])
    shutil.copy(inner / "norte.yaml", tmp_path / "norte.yaml")
    path.write_text(path.read_text(encoding="utf-8").replace("[norte.yaml,", "[../norte.yaml,"), encoding="utf-8")
    result = run("tournament", "check", path)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {path}:5: registry: expected a file name in the tournament's folder, got '../norte.yaml'\n",
    )


def test_a_registry_that_links_to_etc_passwd_is_refused_unread(tmp_path):
    path = king_file(tmp_path, CLEAN[:4])
    (tmp_path / "norte.yaml").unlink()
    os.symlink("/etc/passwd", tmp_path / "norte.yaml")
    result = run("tournament", "check", path)
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {path}:5: registry: 'norte.yaml' is outside the tournament's folder (a link leading out?)\n",
    )
    assert "root:" not in result.output


def test_a_registry_that_is_not_one_is_refused_at_its_own_line(tmp_path):
    path = king_file(tmp_path, CLEAN[:4])
    (tmp_path / "centro.yaml").write_text(CENTRO.replace("from: 2020-01-01", "from: 2020-02-30"), encoding="utf-8")
    result = run("tournament", "check", path)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Error: {tmp_path / 'centro.yaml'}:4:"), result.stderr


def test_a_registry_of_100000_members_is_read_and_indexed_once(tmp_path):
    """100,000 members (the registry's bound): the check reads the file once and finds each
    name in the Roster's index; its time is a small multiple of parsing the file with CSafeLoader."""
    import yaml

    lines = ["union: big", "name: Big", "members:"]
    lines += [f"  - {{id: B{i:06d}, name: Jogador {i}, membership: [{{from: 2020-01-01}}]}}" for i in range(100_000)]
    (tmp_path / "big.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    path = tmp_path / "t.yaml"
    players = "".join(f"  - Jogador {i * 997}\n" for i in range(100))
    path.write_text(
        "tournament: T\nrules: king\ndate: 2026-03-14\nregistry: [big.yaml]\nplayers:\n" + players, encoding="utf-8"
    )
    start = time.perf_counter()
    yaml.load((tmp_path / "big.yaml").read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    parsing = time.perf_counter() - start
    start = time.perf_counter()
    result = run("tournament", "check", path)
    checking = time.perf_counter() - start
    assert (result.exit_code, result.stdout) == (0, f"{path}: clean (king, 0 rounds)\n")
    assert checking < 3 * parsing + 2, (checking, parsing)  # measured: some 1.5 times


@pytest.mark.parametrize(
    "command",
    [("check",), ("standings", "--format", "json"), ("export", "-o", "x.xlsx"), ("add", "Pedro Nunes"), ("draw",)],
)
def test_each_command_reads_each_registry_once(tmp_path, monkeypatch, command):
    """The registries are read and indexed once per command, however many names, checks and
    exports ask (a 100,000-member registry is read once, not once per name or per step)."""
    from scorekeeper.tournaments import member_check

    path = played_king(tmp_path) if command[0] in ("standings", "export") else king_file(tmp_path, CLEAN[:4])
    reads = []
    real = member_check.load_registry
    monkeypatch.setattr(member_check, "load_registry", lambda where: reads.append(where) or real(where))
    name, *rest = command
    result = run("tournament", name, path, *[tmp_path / arg if arg.endswith(".xlsx") else arg for arg in rest])
    assert result.exit_code == 0, result.output
    assert sorted(os.path.basename(where) for where in reads) == ["centro.yaml", "norte.yaml"]
