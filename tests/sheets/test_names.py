"""The one name rule (scorekeeper.names), which new, tournament new and every loader apply."""

import pytest

from scorekeeper.names import name_problem


@pytest.mark.parametrize("name", ["Ana", "Ωmega", "João Conceição", "J" * 80, "Ana-Maria O'Neil", "李"])
def test_a_name_that_reads_back_is_accepted(name):
    assert name_problem(name) is None


@pytest.mark.parametrize(
    "name, problem",
    [
        ("", "a name cannot be empty"),
        ("   ", "a name cannot be empty"),
        ("D\nx", "the name 'D\\nx' holds a control character"),
        ("D\x85x", "the name 'D\\x85x' holds a control character"),
        ("D\u2028x", "the name 'D\\u2028x' holds a control character"),
        ("Esc\x1b[31m", "the name 'Esc\\x1b[31m' holds a control character"),
        ("Ana\u202eanA", "the name 'Ana\\u202eanA' holds an invisible direction mark"),
        ("\ufeffAna", "the name '\\ufeffAna' holds an invisible direction mark"),
        ("Ana\udcff", "the name 'Ana\\udcff' is not UTF-8 text"),
        ("Ana\uffff", "the name 'Ana\\uffff' holds a Unicode noncharacter, which is no text"),
        ("\ufdd0", "the name '\\ufdd0' holds a Unicode noncharacter, which is no text"),
        ("Z\U0010fffe", "the name 'Z\\U0010fffe' holds a Unicode noncharacter, which is no text"),
        ("J" * 81, "'" + "J" * 80 + "'... (81 characters) is longer than a name (80 characters)"),
    ],
)
def test_a_name_that_would_not_read_back_is_refused(name, problem):
    assert name_problem(name) == problem


# --- every sheet's loader applies the rule: one line at the name's line -----------------------


@pytest.mark.parametrize(
    "text, line, problem",
    [
        (
            'rules: king\nplayers: [Ana, Bruno, Carla, "Duarte\\u202e"]\nhands: []\n',
            2,
            "players: the name 'Duarte\\u202e' holds an invisible direction mark",
        ),
        (
            'rules: king\nplayers:\n  - Ana\n  - "B\\x1b[31m"\n  - Carla\n  - Duarte\nhands: []\n',
            2,
            "players: the name 'B\\x1b[31m' holds a control character",
        ),
        (
            "rules: quatrilho\nplayers: [Ari, Bia, Caio, '\u2067Davi']\ndeals: []\n",
            2,
            "players: the name '\\u2067Davi' holds an invisible direction mark",
        ),
        (
            'rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi]\nscorer: "Rui\\uFFFE"\ndeals: []\n',
            3,
            "scorer: the name 'Rui\\ufffe' holds a Unicode noncharacter, which is no text",
        ),
        (
            "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi, Eva]\ndeals:\n  - {late: Eva, coringa: Zeca}\n"
            '  - {out: Ari, coringa: "Z\\u2028x"}\n',
            5,
            "entry 2: coringa: the name 'Z\\u2028x' holds a control character",
        ),
        (
            "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi, Eva]\ndeals:\n  - late: Eva\n    coringa: "
            + "Z" * 81
            + "\n",
            5,
            "entry 1: coringa: '" + "Z" * 80 + "'... (81 characters) is longer than a name (80 characters)",
        ),
        (
            'rules: sueca\nteams: {Nos: [Ana, Bruno], "Eles\\u200f": [Carla, Duarte]}\ndeals: []\n',
            2,
            "teams: the name 'Eles\\u200f' holds an invisible direction mark",
        ),
        (
            'rules: truco\nteams: {Nos: [Ana, "\\x85Bruno"], Eles: [Carla, Duarte]}\nhands: []\n',
            2,
            "teams: the name '\\x85Bruno' holds a control character",
        ),
    ],
)
def test_every_sheet_loader_refuses_what_new_refuses(tmp_path, text, line, problem):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("check", path)
    assert (result.exit_code, result.output) == (2, f"Error: {path}:{line}: {problem}\n")


# --- what `new` and `record` accept reads back as the same name; what they refuse is one line ------

import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from conftest import run  # noqa: E402
from hypothesis import assume, example, given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from scorekeeper.quatrilho.entry_input import NONE  # noqa: E402
from scorekeeper.sheet.load import load_sheet  # noqa: E402
from scorekeeper.sheet.vocabulary import normalize  # noqa: E402

# All of Unicode, the lone surrogates included (a shell passes bytes that are no UTF-8 as them);
# with names of over 80 characters now and then.
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=90) | st.text(min_size=78, max_size=84)


def refused_in_one_line(result, path: Path, problem: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.output == f"Error: {path}: {problem}\n"
    assert not path.exists()


# What YAML or the writer once got wrong: no-break spaces (str.strip took them), a text YAML 1.2
# reads as a number, the spaces, quotes and words YAML would read as something else.
@given(name=ANY_TEXT)
@example(name="\xa0Ana\xa0")
@example(name="1e5")
@example(name=" Ana ")
@example(name="#1: 'x' \"y\" yes ~ 0x1 1_0")
@example(name="e\u0301\u3000")
@example(name="Ana\u202e")
@example(name="Ana\uffff")
def test_a_player_name_new_accepts_reads_back_and_one_it_refuses_is_one_line(name):
    assume(name not in ("B", "C", "D"))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.yaml"
        result = run("new", "king", f"--player={name}", "-p", "B", "-p", "C", "-p", "D", "-o", path)
        problem = name_problem(name)
        if problem is not None:
            refused_in_one_line(result, path, problem)
            return
        assert result.exit_code == 0, result.output
        sheet = load_sheet(path)
        assert (sheet.players, sheet.scorer) == ([name, "B", "C", "D"], name)


@given(team=ANY_TEXT.filter(lambda t: "=" not in t), member=ANY_TEXT.filter(lambda t: "," not in t))
def test_team_and_member_names_new_accepts_read_back(team, member):
    # `-t NAME=A,B` takes each name without the spaces around it.
    team, member = team.strip(), member.strip()
    assume(team and member and len({team, member, "Nos", "Ana", "Bruno", "Carla"}) == 6)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.yaml"
        result = run("new", "sueca", "-t", "Nos=Ana,Bruno", "-t", f"{team}=Carla,{member}", "-o", path)
        problem = name_problem(member) or name_problem(team)  # `new` reads the players first
        if problem is not None:
            refused_in_one_line(result, path, problem)
            return
        assert result.exit_code == 0, result.output
        assert load_sheet(path).teams == {"Nos": ["Ana", "Bruno"], team: ["Carla", member]}


@given(scorer=ANY_TEXT)
def test_a_fiscal_new_accepts_reads_back(scorer):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.yaml"
        result = run(
            "new", "quatrilho", *(f"-p{p}" for p in ("Ari", "Bia", "Caio", "Davi")), f"--scorer={scorer}", "-o", path
        )
        problem = name_problem(scorer)
        if problem is not None:
            refused_in_one_line(result, path, problem)
            return
        assert result.exit_code == 0, result.output
        assert load_sheet(path).scorer == scorer


@given(event=ANY_TEXT | st.text("0123456789", min_size=1, max_size=4))
@example(event="007")
@example(event="\xa0Final\xa0")
def test_an_event_new_accepts_reads_back(event):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.yaml"
        result = run("new", "king", "-p", "A", "-p", "B", "-p", "C", "-p", "D", f"--event={event}", "-o", path)
        unreadable = any(
            ch < " " or "\x7f" <= ch < "\xa0" or ch in "\u2028\u2029" or "\ud800" <= ch <= "\udfff" for ch in event
        )  # a control character, or bytes that are no UTF-8
        if unreadable or len(event) > 200:
            assert result.exit_code == 2 and result.output.startswith(f"Error: {path}: "), result.output
            assert result.output.count("\n") == 1 and not path.exists()
            return
        assert result.exit_code == 0, result.output
        assert load_sheet(path).event == event  # `007` too: a number would read back as 7


QUATRILHO = "rules: quatrilho\nplayers: [Ari, Bia, Caio, Davi, Eva]\ndeals: []\n"


@given(coringa=ANY_TEXT)
@example(coringa="Zeca\u2066")
@example(coringa="1E5")
def test_a_coringa_record_accepts_reads_back_and_one_it_refuses_is_one_line(coringa):
    name = coringa.strip()  # what was typed, without the spaces around it
    assume(normalize(name) not in {"ari", "bia", "caio", "davi", "eva", *NONE})  # a player, or no coringa
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.yaml"
        path.write_text(QUATRILHO, encoding="utf-8")
        result = run("record", path, "late", "Eva", f"coringa={coringa}")
        problem = name_problem(name)
        if problem is not None:
            assert result.exit_code == 2, result.output
            assert result.output == f"Error: {path}: coringa: {problem}\n"
            assert path.read_text(encoding="utf-8") == QUATRILHO
            return
        assert result.exit_code == 0, result.output
        assert result.output.count("\n") == 1, result.output
        entries = load_sheet(path).entries
        assert [entry.item for entry in entries] == [{"late": "Eva", "coringa": name}]
