"""Quatrilho from the command line, as a table's fiscal would record, show and check a round."""

import json

from conftest import EXAMPLES, run

ISSUE_DEALS = (
    "deals:\n"
    "  - {late: Eva, coringa: Zeca}\n"
    "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22}\n"
    "  - {contract: normal, caller: Caio, partner: Caio, figuras: 20}\n"
    "  - {contract: normal, caller: Davi, partner: Zeca, figuras: 35, tricks: 10}\n"
    "  - {contract: solo-natural, player: Zeca, figuras: 19, tricks: 6}\n"
    "  - {contract: solo-preto, player: Ari, giver: Bia, figuras: 12, tricks: 4}\n"
    "  - {rebuy: Ari}\n"
    "  - {contract: solo-branco, player: Bia, tricks: 0}\n"
    "  - {contract: rolar, figuras: {Ari: 6, Caio: 6, Davi: 6, Zeca: 17}}\n"
    "  - {fine: negar-carta, player: Bia}\n"
    "  - {contract: normal, caller: Ari, partner: Bia, figuras: 19, fines: [{fine: olhar-vazas, player: Zeca}]}\n"
)
NETS = {"Ari": -107, "Bia": -23, "Caio": -23, "Davi": 44, "Eva": -200}


def new(tmp_path, *players, name="mesa.yaml"):
    path = tmp_path / name
    args = [a for p in players for a in ("-p", p)]
    result = run("new", "quatrilho", *args, "-o", path)
    assert result.exit_code == 0, result.output
    return path


def report(path) -> dict:
    result = run("check", "--format", "json", path)
    return json.loads(result.stdout)[0]


def test_new_sheet_of_five_and_of_four(tmp_path):
    five = new(tmp_path, "Ari", "Bia", "Caio", "Davi", "Eva", name="five.yaml")
    assert five.read_text() == "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi, Eva]\ndeals: []\n"
    four = new(tmp_path, "Ari", "Bia", "Caio", "Davi", name="four.yaml")
    assert four.read_text() == "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi]\ndeals: []\n"
    assert report(five)["round_deals"] == 30 and report(four)["round_deals"] == 24  # Art 10, Q1
    three = run("new", "quatrilho", "-p", "Ari", "-p", "Bia", "-p", "Caio", "-o", tmp_path / "three.yaml")
    assert three.exit_code == 2 and "4 or 5" in three.stderr
    assert not (tmp_path / "three.yaml").exists()


def test_the_issues_round_recorded_as_arguments(tmp_path):
    sheet = new(tmp_path, "Ari", "Bia", "Caio", "Davi", "Eva")
    outputs = [
        run("record", sheet, *args.split())
        for args in (
            "late Eva Zeca",
            "normal Bia Davi 22",
            "normal caio CAIO 20",
            "normal Davi Zeca 35 tricks=10",
            "solo-natural Zeca 19 tricks=6",
            "solo-preto Ari Bia 12 tricks=4",
            "rebuy Ari",
            "solo-branco Bia tricks=0",
            "rolar Ari=6 Caio=6 Davi=6 Zeca=17",
            "negar-carta Bia",
            "normal Ari Bia 19 fine=olhar-vazas:Zeca",
        )
    ]
    assert [r.exit_code for r in outputs] == [0] * 11, [r.output for r in outputs]
    assert outputs[1].stdout == (
        "Entry 2 (normal, Bia + Davi, 22 figuras (7 pontos)): Bia +7, Caio -7, Davi +7, Zeca -7\n"
    )
    assert outputs[5].stdout == (
        "Entry 6 (solo-preto, Ari, card from Bia, 12 figuras (4 pontos), 4 vazas): "
        "Ari -61, Bia +27, Caio +17, Davi +17\n"
    )
    assert outputs[9].stdout == "Entry 10 (negar-carta, Bia): Ari +11, Bia -33, Davi +11, Zeca +11\n"
    assert sheet.read_text() == "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi, Eva]\n" + ISSUE_DEALS
    checked = run("check", sheet)
    assert checked.exit_code == 0
    assert checked.stdout == (
        f"{sheet}: clean (quatrilho, in progress, 11 entries recorded; "
        "Ari -107, Bia -23, Caio -23, Davi +44, Eva -200)\n"
    )


def test_every_key_as_key_value(tmp_path):
    sheet = new(tmp_path, "Ari", "Bia", "Caio", "Davi", "Eva")
    for args in (
        "late Eva coringa=Zeca",
        "normal caller=Bia partner=Davi figuras=22 chips=Bia:7,Davi:7,Caio:-7,Zeca:-7 note=calm",
        "solo-preto player=Ari giver=Bia figuras=20 fine=olhar-vazas:Caio fine=fora-de-vez:Davi",
        "rolar figuras=Ari:6,Bia:6,Davi:6,Zeca:17",
        "out Caio",
        "rebuy player=Ari",
    ):
        result = run("record", sheet, *args.split(), "--force")
        assert result.exit_code == 0, (args, result.output)
    assert sheet.read_text().endswith(
        "deals:\n"
        "  - {late: Eva, coringa: Zeca}\n"
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 22, chips: {Bia: 7, Davi: 7, Caio: -7, Zeca: -7}, "
        "note: calm}\n"
        "  - {contract: solo-preto, player: Ari, giver: Bia, figuras: 20, fines: [{fine: olhar-vazas, player: Caio}, "
        "{fine: fora-de-vez, player: Davi}]}\n"
        "  - {contract: rolar, figuras: {Ari: 6, Bia: 6, Davi: 6, Zeca: 17}}\n"
        "  - {out: Caio}\n"
        "  - {rebuy: Ari}\n"
    )


def test_bad_input_is_refused_quoting_it(tmp_path):
    sheet = new(tmp_path, "Ari", "Bia", "Caio", "Davi")
    for args, message in (
        ("normal Ari Bia 40", "figuras: 40 is out of range (0 to 35)"),
        ("normal Zé Bia 20", "'Zé' is not at this table (Ari, Bia, Caio, Davi)"),
        ("rolar Ari=6 Bia=x", "figuras of Bia: 'x' is not a whole number"),
        ("late", "name the player: late Ari | Bia | Caio | Davi"),
        (
            "out Ari Bia Caio",
            "out takes the player and his coringa if one takes the seat, e.g. out Davi Zeca; not 'Ari Bia Caio'",
        ),
        ("normal Ari Bia 20 chips=Ari7", "chips='Ari7': expected NAME:N,NAME:N,..."),
        ("normal Ari Bia 20 fine=xx:Ari", "fine='xx:Ari': expected FINE:NAME, e.g. fine=olhar-vazas:Ari"),
        (
            "normal Ari Bia 20 vazas=3",
            "unknown key 'vazas' in 'vazas=3'; normal takes caller, partner, figuras, e.g. normal Bia Davi 22",
        ),
        (
            "solo-verde Ari",
            "unknown contract 'solo-verde'; expected one of normal, solo-natural, solo-preto, "
            "solo-branco, rolar, a fine (bater, sinal, fora-de-vez, negar-carta, olhar-vazas), "
            "late, out or rebuy",
        ),
        (
            "normal Ari",
            "not recorded: deal 1 (dealer Ari): no partner written (the holder of the called card; "
            "the caller himself when he held it, Art 20.2) [Art 18.2] (use --force to record it as "
            "written)",
        ),
    ):
        result = run("record", sheet, *args.split())
        assert (result.exit_code, result.stderr) == (2, f"Error: {sheet}: {message}\n"), args
    assert sheet.read_text().endswith("deals: []\n")


def test_the_dealer_of_five_is_refused_at_record(tmp_path):
    sheet = new(tmp_path, "Ari", "Bia", "Caio", "Davi", "Eva")
    result = run("record", sheet, "solo-natural", "Ari", "20")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {sheet}: not recorded: deal 1 (dealer Ari): player: Ari deals this deal and "
        "sits out [Art 14] (use --force to record it as written)\n"
    )


def test_interactive_asks_the_contract_then_only_what_it_needs(tmp_path):
    sheet = new(tmp_path, "Ari", "Bia", "Caio", "Davi", "Eva")
    answers = [
        "late",
        "Eva",
        "Zeca",  # late, with a coringa
        "normal",
        "bia",
        "Davi",
        "35",
        "10",
        "none",  # tricks asked: 35 figuras; fines last
        "solo-branco",
        "Caio",
        "0",
        "none",  # only the tricks, then the fines
        "solo-natural",
        "Zeca",
        "20",
        "negar-carta Zeca",
        "none",  # fines last: his own revoke
        "rolar",
        "6",
        "6",
        "6",
        "",
        "none",  # the last figuras default to what is left
        "q",
    ]
    result = run("record", sheet, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "Deal 1 (dealer Ari): contract, fine, late, out or rebuy: late\n" in result.output
    assert "caller (Bia, Caio, Davi, Zeca): bia\n" in result.output
    assert "figuras of Bia's side (0-35): 35\ntricks of Bia's side (9-10): 10\n" in result.output
    assert "tricks of Caio (0-10; 0 wins): 0\na fine the deal went on after" in result.output
    assert "or none [none]: none\nEntry 3 (solo-branco, Caio, 0 vazas)" in result.output
    assert (
        "or none [none]: none\nEntry 4 (solo-natural, Zeca, negar-carta Zeca): Ari +44, Bia +44, Davi +44, Zeca -132\n"
    ) in result.output  # his own revoke loses the solo at 44 each, whatever the figuras
    assert "Deal 4 (dealer Davi): contract, fine, late, out or rebuy: rolar\n" in result.output  # Davi sits out
    assert "figuras of Zeca (0-17) [17]: \n" in result.output
    assert sheet.read_text().endswith(
        "deals:\n"
        "  - {late: Eva, coringa: Zeca}\n"
        "  - {contract: normal, caller: Bia, partner: Davi, figuras: 35, tricks: 10}\n"
        "  - {contract: solo-branco, player: Caio, tricks: 0}\n"
        "  - {contract: solo-natural, player: Zeca, figuras: 20, fines: [{fine: negar-carta, player: Zeca}]}\n"
        "  - {contract: rolar, figuras: {Ari: 6, Bia: 6, Caio: 6, Zeca: 17}}\n"
    )
    # Ari -10 + 44 + 3, Bia 22 + 44 + 3, Caio -22 + 30 + 3, Davi 22 - 10 + 44
    assert report(sheet)["totals"] == {"Ari": 37, "Bia": 69, "Caio": 11, "Davi": 56, "Eva": -200}


def test_undo_and_fix(tmp_path):
    sheet = new(tmp_path, "Ana", "Bia", "Caio", "Davi")
    assert run("record", sheet, "normal", "Ana", "Bia", "22").exit_code == 0
    assert run("record", sheet, "solo-natural", "Caio", "17").exit_code == 0
    assert run("undo", sheet).stdout == "Removed entry 2 (solo-natural, line 5).\n"
    fixed = run("fix", sheet, "1", "normal", "Ana", "Ana", "18")
    assert fixed.exit_code == 0, fixed.output
    assert fixed.stdout == "Entry 1 (normal, Ana alone, 18 figuras (6 pontos)): Ana +18, Bia -6, Caio -6, Davi -6\n"
    assert sheet.read_text().endswith("deals:\n  - {contract: normal, caller: Ana, partner: Ana, figuras: 18}\n")


def test_show_each_deal_the_net_and_the_running_chips(tmp_path):
    sheet = new(tmp_path, "Ana", "Bia", "Caio", "Davi")
    for args in ("normal Ana Bia 22", "solo-natural Caio 17", "rebuy Caio"):
        assert run("record", sheet, *args.split()).exit_code == 0
    shown = run("show", sheet)
    assert shown.exit_code == 0
    # normal: 7 each; solo natural lost: 44 to each; Caio 100 - 7 - 132 + 100 = 61, net 61 - 200 = -139
    assert shown.stdout == (
        "#  deal  dealer  entry         Ana  Bia  Caio  Davi  total\n"
        "-  ----  ------  ------------  ---  ---  ----  ----  -----\n"
        "1  1     Ana     normal         +7   +7    -7    -7      0\n"
        "     Ana + Bia, 22 figuras (7 pontos)\n"
        "2  2     Bia     solo-natural  +44  +44  -132   +44      0\n"
        "     Caio, 17 figuras (5 pontos)\n"
        "3                rebuy\n"
        "     Caio, talha 1\n"
        "                 net           +51  +51  -139   +37\n"
        "\n"
        "Running chips\n"
        "#    deal    entry           Ana    Bia    Caio    Davi\n"
        "---  ------  ------------  -----  -----  ------  ------\n"
        "1    1       normal          107    107      93      93\n"
        "2    2       solo-natural    151    151     -39     137\n"
        "3            rebuy           151    151      61     137\n"
    )
    csv = run("show", "--format", "csv", sheet)
    assert csv.stdout == (
        "#,deal,dealer,entry,detail,Ana,Bia,Caio,Davi,total\n"
        '1,1,Ana,normal,"Ana + Bia, 22 figuras (7 pontos)",+7,+7,-7,-7,0\n'
        '2,2,Bia,solo-natural,"Caio, 17 figuras (5 pontos)",+44,+44,-132,+44,0\n'
        '3,,,rebuy,"Caio, talha 1",,,,,\n'
        ",,,net,,+51,+51,-139,+37,\n"
    )


def test_check_json_hands_totals_and_chips(tmp_path):
    sheet = tmp_path / "mesa7.yaml"
    sheet.write_text(
        "rules: quatrilho\nevent: 4o CBQI\nround: 1\ntable: 7\nplayers: [Ari, Bia, Caio, Davi, Eva]\n" + ISSUE_DEALS,
        encoding="utf-8",
    )
    data = report(sheet)
    assert data["valid"] is True and data["complete"] is False and data["findings"] == []
    assert data["totals"] == NETS
    assert data["chips"] == {"Ari": 93, "Bia": 77, "Caio": 77, "Davi": 144, "Eva": -100}
    assert data["talhas"] == {"Ari": 1, "Bia": 0, "Caio": 0, "Davi": 0, "Eva": 0}
    assert data["coringas"] == ["Zeca"]
    assert len(data["hands"]) == 11
    assert data["hands"][0] == {
        "index": 1,
        "line": 7,
        "hand": "late",
        "detail": "Eva, coringa Zeca",
        "points": {"Eva": -200},
        "total": -200,
        "expected": None,
    }
    assert data["hands"][6]["points"] == {} and data["hands"][6]["hand"] == "rebuy"
    assert data["hands"][10]["points"] == {"Ari": 12, "Bia": 12, "Caio": 0, "Zeca": -24}
    assert data["running"][5] == {
        "dealer": "Zeca",
        "deal": 5,
        "chips": {"Ari": -33, "Bia": 68, "Caio": 84, "Davi": 140, "Eva": -100, "Zeca": 241},
    }


def test_the_examples(tmp_path):
    mesa7 = report(EXAMPLES / "quatrilho-cbqi-mesa7.yaml")
    assert (mesa7["valid"], mesa7["complete"], mesa7["deals_played"], mesa7["round_deals"]) == (True, True, 30, 30)
    assert {h["hand"] for h in mesa7["hands"]} >= {
        "normal",
        "solo-natural",
        "solo-preto",
        "solo-branco",
        "rolar",
        "late",
        "rebuy",
        "bater",
        "sinal",
        "negar-carta",
    }
    assert mesa7["totals"] == {"Ari": -191, "Bia": -112, "Caio": -5, "Davi": 306, "Eva": -200}
    mesa9 = report(EXAMPLES / "quatrilho-cbqi-mesa9.yaml")
    assert (mesa9["valid"], mesa9["complete"], mesa9["deals_played"]) == (True, True, 24)
    assert mesa9["totals"] == {"Gil": 58, "Helena": -33, "Ivo": -169, "Joana": 144}


def test_disputed_example_reports_each_seeded_mistake_at_its_deal():
    path = EXAMPLES / "quatrilho-disputed-mesa3.yaml"
    result = run("check", path)
    assert result.exit_code == 1
    found = [
        (int(f["location"].rsplit(":", 1)[1]), f["code"], f["rule"], f["message"]) for f in report(path)["findings"]
    ]
    assert found == [
        (13, "Q-ART14-DEALER-PLAYS", "Art 14", "deal 2 (dealer Beto): caller: Beto deals this deal and sits out"),
        (14, "Q-ART20-OUT-OF-RANGE", "Art 20.11", "deal 3 (dealer Carla): figuras: 38 is outside 0-35"),
        (15, "Q-ART20-FIGURAS-TOTAL", "Art 20.11", "deal 4 (dealer Duda): figuras add up to 36, not 35"),
        (16, "Q-ART20-TRICKS-FIGURAS", "Art 20.11", "deal 5 (dealer Edu): tricks: 10 tricks cannot hold 30 figuras"),
        (
            20,
            "Q-ART15-BELOW-ZERO",
            "Art 15",
            "deal 8 (dealer Carla): Carla is at -3 chips before this deal: buy a "
            "talha ({rebuy: Carla}) or leave ({out: Carla})",
        ),
        (
            21,
            "Q-ART19-SECOND-TALHA",
            "Art 19",
            "entry 10 (rebuy Edu): Edu already bought 1 talha this round; one a round, then out",
        ),
        (23, "Q-PLAYER-OUT", "Art 15", "deal 9 (dealer Duda): player: Carla is out of this round"),
        (
            24,
            "Q-ART18-CHIPS-DIFFER",
            "Art 18.2",
            "deal 10 (dealer Edu): chips: the sheet gives Beto -6, Zeca -10; the deal gives Beto -8, Zeca -8",
        ),
        (25, "Q-ART18-CHIPS-SUM", "Art 18.2", "deal 11 (dealer Ana): chips: the chips written add up to +1, not 0"),
        (
            25,
            "Q-ART18-CHIPS-DIFFER",
            "Art 18.2",
            "deal 11 (dealer Ana): chips: the sheet gives Duda -5; the deal gives Duda -6",
        ),
        (
            27,
            "Q-DEAL-BEYOND-ROUND",
            "Art 11",
            "deal 13 (dealer Zeca): the round has 12 deals (shortened by the committee)",
        ),
    ]
    assert result.stdout.splitlines()[0] == (
        f"{path}:13: error [Q-ART14-DEALER-PLAYS]: deal 2 (dealer Beto): caller: "
        "Beto deals this deal and sits out [Art 14]"
    )
    lines = path.read_text().splitlines()
    seeded = [n for n, line in enumerate(lines, 1) if line.startswith("  - ") and "# seeded:" in line]
    assert seeded == sorted({line for line, _code, _rule, _message in found})
