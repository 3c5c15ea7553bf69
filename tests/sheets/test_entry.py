"""Entry accepts what its prompts say, alike on the command line and at the prompt (issue 8):
one-line penalties and hands, TEAM=N card points, and a running table that fits 80 columns."""

from conftest import new_team_sheet as new
from conftest import run

SUECA_PROMPT = "Deal {}: card points of Nos (or a penalty): "
TRUCO_PROMPT = "Hand {}: winner and value (e.g. Nos 3): "


def deals(path):
    return path.read_text().split("deals:\n", 1)[1]


def hands(path):
    return path.read_text().split("hands:\n", 1)[1]


def test_sueca_prompt_takes_one_line_penalties(tmp_path):
    sheet = new(tmp_path, "sueca")
    result = run(
        "record",
        sheet,
        input="renuncia Eles\nponto Eles conversa\nponto Carla baralhar\ncastigo Nos\ncastigo Nos Eles\nq\n",
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == [
        "Type each team's card points (they add up to 120): 72 48, Nos=72 Eles=48,",
        "or 72 alone and the other team's are asked; or a penalty and the team at fault:",
        "renuncia Eles, castigo Nos, ponto Eles baralhar. q stops.",
    ]
    assert lines[3:5] == [SUECA_PROMPT.format(1) + "renuncia Eles", "Deal 1 (renuncia, by Eles): Nos +4, Eles 0"]
    assert "  'conversa' is not a reason (baralhar, ver-vazas, ma-distribuicao, sinais); try again" in lines
    assert "Deal 2 (ponto, by Eles (baralhar)): Nos +1, Eles 0" in lines
    assert "Deal 3 (castigo, Nos, number 1): Nos 0, Eles 0" in lines
    assert "  castigo takes the team at fault, not 'Nos Eles'; try again" in lines
    assert deals(sheet) == (
        "  - {penalty: renuncia, team: Eles}\n  - {penalty: ponto, team: Eles, reason: baralhar}\n"
        "  - {penalty: castigo, team: Nos}\n"
    )


def test_sueca_prompt_takes_a_whole_deal_or_one_team_at_a_time(tmp_path):
    sheet = new(tmp_path, "sueca")
    result = run("record", sheet, input="Eles=30 Ana=90\n72 40\n72 48\n60\n\nrenuncia\nNos\n120 0\ny\nq\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert SUECA_PROMPT.format(1) + "Eles=30 Ana=90" in lines
    assert "Deal 1 (deal): Nos +1, Eles 0" in lines
    assert "  these add up to 112, not 120; ask again" in lines
    assert "Deal 3: card points of Eles [60]: " in lines
    assert "Deal 4 (renuncia, by Nos): Nos 0, Eles +4" in lines
    assert "All ten tricks? [y/n] [n]: y" in lines
    assert deals(sheet) == (
        "  - {points: [90, 30]}\n  - {points: [72, 48]}\n  - {points: [60, 60]}\n"
        "  - {penalty: renuncia, team: Nos}\n  - {points: [120, 0], all_tricks: true}\n"
    )


def test_sueca_team_equals_points_on_the_command_line(tmp_path):
    sheet = new(tmp_path, "sueca")
    recorded = run("record", sheet, "Nos=72", "Eles=48")
    assert (recorded.exit_code, recorded.output) == (0, "Deal 1 (deal): Nos +1, Eles 0\n")
    assert run("record", sheet, "duarte=100", "ana=20").output == "Deal 2 (deal): Nos 0, Eles +2\n"
    for args, message in (
        (["Nos=72"], "no card points for Eles: give every team's, e.g. Nos=72 Eles=48"),
        (["Nos=72", "Ana=48"], "Nos is given twice in 'Ana=48'"),
        (["Nos=72", "48"], "give every team's card points in team order or every one as TEAM=N, not a mix"),
        (["Nos=72", "Zeca=48"], "'Zeca' is not a team at this table (Nos, Eles)"),
        (["Nos=7x", "Eles=48"], "card points of Nos: '7x' is not a whole number"),
        (["Nos=72", "Eles=148"], "card points of Eles: 148 is out of range (0 to 120)"),
        (["renuncia", "Eles", "Nos"], "renuncia takes the team at fault, not 'Eles Nos'"),
        (["ponto", "Eles"], "name the reason: baralhar, ver-vazas, ma-distribuicao, sinais"),
    ):
        result = run("record", sheet, *args)
        assert (result.exit_code, result.stderr) == (2, f"Error: {sheet}: {message}\n"), args
    assert deals(sheet) == "  - {points: [72, 48]}\n  - {points: [20, 100]}\n"


def test_truco_prompt_takes_one_line_hands(tmp_path):
    sheet = new(tmp_path, "truco")
    result = run(
        "record",
        sheet,
        input="Nos 3\nBruno\nolhar-baralho Eles\ntruco-na-mao-de-onze\nNos\nvoid x\nNos 4\nvoid\ndeclined Carla\nq\n",
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == [
        "Type the winning team (or one of its players) and the hand's value: Nos 3",
        "(Nos alone is 1). Or: declined TEAM (a mao de onze declined), void (a misdeal),",
        "truco-na-mao-de-onze TEAM or olhar-baralho TEAM (the team at fault). q stops.",
    ]
    assert lines[3:5] == [TRUCO_PROMPT.format(1) + "Nos 3", "Hand 1 (hand, Nos, 3): Nos +3, Eles 0"]
    assert "Hand 2 (hand, Nos): Nos +1, Eles 0" in lines
    assert "Hand 3 (olhar-baralho, by Eles): Nos +1, Eles 0" in lines
    assert TRUCO_PROMPT.format(4) + "truco-na-mao-de-onze" in lines
    at = lines.index("Team at fault: Nos")
    assert (
        lines[at + 1] == "not recorded: hand 4: Nos is not the only team at 11 (Nos 5, Eles 0) [Art 16]; ask the "
        "hand again"
    )
    assert "  void takes nothing after it, not 'x'; try again" in lines
    assert "  a hand is worth 1, 3, 6, 9, 12, not 4; try again" in lines
    assert "Hand 4 (void, misdeal): Nos 0, Eles 0" in lines
    assert lines[-5:] == [
        TRUCO_PROMPT.format(5) + "declined Carla",
        "not recorded: hand 5: only the one team at 11 may decline the hand (Nos 5, Eles 0) "
        "[Art 17]; ask the hand again",
        TRUCO_PROMPT.format(5) + "q",
        "",
        "Stopped; every recorded hand is saved.",
    ]
    assert hands(sheet) == (
        "  - {winner: Nos, value: 3}\n  - {winner: Nos}\n  - {penalty: olhar-baralho, team: Eles}\n"
        "  - {void: misdeal}\n"
    )


def test_a_positivos_festa_needs_its_trump(tmp_path):
    sheet = tmp_path / "k.yaml"
    assert run("new", "king", "-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte", "-o", sheet).exit_code == 0
    before = sheet.read_text()
    refused = run("record", sheet, "festa", "-c", "positivos", "5", "3", "3", "2")
    assert (refused.exit_code, refused.output) == (
        2,
        f"Error: {sheet}: a positivos festa needs its trump, named by the Dono da Festa: give -t copas | espadas | "
        "ouros | paus | sem-trunfo [Art 9, 2a fase; Regras: Trunfo]\n",
    )
    assert sheet.read_text() == before
    sheet.write_text(
        before.replace(
            "hands: []",
            "hands:\n  - {hand: festa, beneficiary: Bruno, contract: positivos, "
            "trump: paus, tricks: [2, 5, 3, 3]}\n  - {hand: festa, beneficiary: "
            "Carla, contract: positivos, tricks: [2, 5, 3, 3]}\n",
        )
    )
    checked = run("check", sheet)
    assert checked.exit_code == 1
    # the sheet was edited by hand after `new` recorded it: said first, as information (issue 24)
    assert checked.output.splitlines()[0].startswith(f"{sheet}: changed outside scorekeeper since its last recorded")
    assert checked.output.splitlines()[2] == (
        f"{sheet}:6: error [K-ART9-TRUMP-MISSING]: hand 2 (Carla's festa): a positivos festa needs its trump, named by the Dono da Festa: "
        "copas, espadas, ouros, paus, sem-trunfo (trump: ...) [Art 9, 2a fase; Regras: Trunfo]"
    )
    assert "hand 1 (Bruno's festa): a positivos" not in checked.output  # its trump is paus


def test_counts_agree_with_their_words(tmp_path):
    for args, message in (
        (["king", "-p", "Ana"], "king is played by 4 players; 1 was given"),
        (["king", "-p", "Ana", "-p", "Bruno"], "king is played by 4 players; 2 were given"),
        (["sueca", "-t", "Nos=Ana,Bruno"], "sueca is played by 2 teams; 1 was given"),
        (["truco", "-t", "Nos=Ana", "-t", "Eles=Carla,Duarte"], "team Nos: 2 players, 1 was given"),
    ):
        result = run("new", *args, "-o", tmp_path / "x.yaml")
        assert (result.exit_code, result.stderr) == (2, f"Error: {tmp_path / 'x.yaml'}: {message}\n"), args
    king = tmp_path / "k.yaml"
    run("new", "king", "-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte", "-o", king)
    for args, message in (
        (["vazas", "13"], "1 value given for 4 players (Ana, Bruno, Carla, Duarte)"),
        (
            ["damas", "--points", "-50", "0", "0", "-1"],
            "not recorded: hand 1 (damas): Duarte has -1 point, not a multiple of 50 [Quadro 1] (use --force to "
            "record it as written)",
        ),
    ):
        result = run("record", king, *args)
        assert (result.exit_code, result.stderr) == (2, f"Error: {king}: {message}\n"), args
    sueca = new(tmp_path, "sueca")
    run("record", sueca, "renuncia", "Eles")
    assert (
        run("check", sueca).output
        == f"{sueca}: clean (sueca, in progress, 1 deal recorded; Nos 1 moca, Eles 0 mocas)\n"
    )
    run("record", sueca, "--force", "119", "1")
    checked = run("check", sueca).output.splitlines()
    assert (
        checked[1]
        == f"{sueca}:5: error [S-JOGO3-IMPOSSIBLE]: deal 2: Eles has 1 card point; no set of cards is worth 1 [O jogo 3]"
    )
    assert checked[-1] == f"{sueca}: 2 errors (sueca, in progress, 2 deals recorded; Nos 1 moca, Eles 0 mocas)"
    truco = new(tmp_path, "truco")
    run("record", truco, "Eles", "12")
    assert (
        run("check", truco).output
        == f"{truco}: clean (truco, in progress, 1 hand recorded; Nos 0 games, Eles 1 game)\n"
    )


SUECA_AT_80 = """\
                 pts         +         moca      mocas
#   deal      Nos  Eles  Nos  Eles  Nos  Eles  Nos  Eles
--  --------  ---  ----  ---  ----  ---  ----  ---  ----
1   deal       72    48    1     0    1     0    0     0
2   deal       30    90    0     1    1     1    0     0
3   deal       95    25    2     0    3     1    0     0
4   deal       61    59    1     0    4     1    1     0
5   deal       60    60    0     0    0     0    1     0
6   deal       20   100    0     2    0     2    1     0
7   castigo                0     0    0     2    1     0
      Eles, number 1
8   deal        0   120    0     4    0     4    1     1
      all tricks; 2 lost beyond the moca
9   deal       88    32    1     0    1     0    1     1
10  renuncia               4     0    4     0    2     1
      by Eles
11  castigo                1     0    2     0    2     1
      Eles, number 2
12  deal      100    20    2     0    4     0    3     1
"""


def table_lines(output: str, sheet) -> list[str]:
    """What `show` prints but the findings (one `file:line: ...` line each, printed by the CLI)."""
    return [line for line in output.splitlines() if not line.startswith(f"{sheet}:")]


def test_show_fits_80_columns_for_every_example(monkeypatch):
    from conftest import EXAMPLES

    monkeypatch.setenv("COLUMNS", "80")
    for sheet in sorted(EXAMPLES.glob("*.yaml")):
        lines = table_lines(run("show", sheet).output, sheet)
        assert len(lines) > 10, sheet
        assert [line for line in lines if len(line) > 80] == [], sheet
    assert run("show", EXAMPLES / "sueca-torneio-jogo1.yaml").output == SUECA_AT_80


def test_a_wide_terminal_keeps_the_wide_table_and_csv_is_unchanged(monkeypatch):
    from conftest import EXAMPLES

    sheet = EXAMPLES / "sueca-torneio-jogo1.yaml"
    monkeypatch.setenv("COLUMNS", "200")
    wide = run("show", sheet).output.splitlines()
    assert wide[0].split() == [
        "#",
        "deal",
        "detail",
        "Nos",
        "pts",
        "Eles",
        "pts",
        "Nos",
        "+",
        "Eles",
        "+",
        "Nos",
        "moca",
        "Eles",
        "moca",
        "Nos",
        "mocas",
        "Eles",
        "mocas",
    ]
    assert wide[9] == (
        "8    deal      all tricks; 2 lost beyond the moca          0         120        0         4  "
        "         0            4            1             1"
    )
    monkeypatch.setenv("COLUMNS", "80")
    csv = run("show", sheet, "--format", "csv").output.splitlines()
    assert csv[0] == "#,deal,detail,Nos pts,Eles pts,Nos +,Eles +,Nos moca,Eles moca,Nos mocas,Eles mocas"
    assert csv[8] == "8,deal,all tricks; 2 lost beyond the moca,0,120,0,4,0,4,1,1"


def test_king_with_eight_letter_names_fits_80_columns(tmp_path, monkeypatch):
    from conftest import EXAMPLES

    monkeypatch.setenv("COLUMNS", "80")
    text = (EXAMPLES / "king-final-nacional-mesa1.yaml").read_text()
    for short, long in (("Ana", "Carolina"), ("Bruno", "Fernando"), ("Carla", "Henrique"), ("Duarte", "Madalena")):
        text = text.replace(short, long)
    sheet = tmp_path / "mesa.yaml"
    sheet.write_text(text)
    lines = run("show", sheet).output.splitlines()
    assert max(map(len, lines)) == 72
    assert lines[:2] == [
        "#   hand          Carolina  Fernando  Henrique  Madalena  total  control",
        "--  ------------  --------  --------  --------  --------  -----  -------",
    ]
    assert lines[17:20] == [
        "11  festa              +50       +50       +50      +175   +325     +325",
        "      Madalena, positivos, sem-trunfo, offer Carolina 6",
        "    saldo             +325       +15      -285       -55      0        0",
    ]


def test_the_table_after_each_hand_at_the_prompt_fits_80_columns(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    sheet = new(tmp_path, "truco")
    result = run("record", sheet, input="Nos 3\nolhar-baralho Eles\nq\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line for line in lines if len(line) > 80] == []
    assert lines[-10:-3] == [
        "                            +        score      games",
        "#  game  hand           Nos  Eles  Nos  Eles  Nos  Eles",
        "-  ----  -------------  ---  ----  ---  ----  ---  ----",
        "1  1     hand             3     0    3     0    0     0",
        "     Nos, 3",
        "2  1     olhar-baralho    1     0    4     0    0     0",
        "     by Eles",
    ]


def king_sheet(tmp_path):
    path = tmp_path / "mesa.yaml"
    assert run("new", "king", "-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte", "-o", path).exit_code == 0
    return path


def test_king_takes_a_one_line_penalty_at_the_prompt_and_as_arguments(tmp_path):
    # The King prompt says "add renuncia or cartas-passadas after it": the players at fault may
    # follow on the same line, as a Sueca penalty's team does.
    sheet = king_sheet(tmp_path)
    result = run("record", sheet, input="vazas renuncia Duarte\ncopas renuncia\nCarla\nq\n")
    assert result.exit_code == 0, result.output
    assert "Hand 1 (vazas, renuncia: Duarte): Ana 0, Bruno 0, Carla 0, Duarte -260" in result.output
    assert "Hand 2 (copas, renuncia: Carla): Ana 0, Bruno 0, Carla -260, Duarte 0" in result.output
    done = run("record", sheet, "damas", "renuncia", "Bruno")  # without --penalty, as at the prompt
    assert done.output == "Hand 3 (damas, renuncia: Bruno): Ana 0, Bruno -200, Carla 0, Duarte 0\n"
    assert hands(sheet).splitlines() == [
        "  - {hand: vazas, penalty: renuncia, players: [Duarte]}",
        "  - {hand: copas, penalty: renuncia, players: [Carla]}",
        "  - {hand: damas, penalty: renuncia, players: [Bruno]}",
    ]


def test_truco_takes_team_equals_value_like_every_game(tmp_path):
    sheet = new(tmp_path, "truco")
    assert run("record", sheet, "Nos=3").output == "Hand 1 (hand, Nos, 3): Nos +3, Eles 0\n"
    assert run("record", sheet, "Carla=1").output == "Hand 2 (hand, Eles): Nos 0, Eles +1\n"
    assert run("record", sheet, input="Eles=3\nq\n").exit_code == 0
    assert hands(sheet).splitlines() == [
        "  - {winner: Nos, value: 3}",
        "  - {winner: Eles}",
        "  - {winner: Eles, value: 3}",
    ]


def test_a_bad_offer_is_asked_again_in_the_words_of_its_prompt(tmp_path):
    sheet = king_sheet(tmp_path)
    for hand, counts in (
        ("vazas", "3 2 1 7"),
        ("copas", "4 3 3 3"),
        ("damas", "1 1 1 1"),
        ("reis-valetes", "2 2 2 2"),
        ("rei-de-copas", "0 0 1 0"),
        ("ultimas", "1 1 0 0"),
    ):
        assert run("record", sheet, hand, *counts.split()).exit_code == 0
    result = run("record", sheet, input="festa\n\nnulos\n5\nnone\n1\n3\n4\n5\nq\n")
    assert "  offer '5': expected NAME TRICKS or NAME:TRICKS, e.g. Carla 2; try again" in result.output
