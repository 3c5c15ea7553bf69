"""No English word of ours in Portuguese output (issue 16): every example and championship run
through check, show, record/fix/undo's lines, `rules`, the tournament commands, `--help`'s
example comments and every text cell of every kind of workbook, in pt_PT and pt_BR.

The rule: a word of the output is English when it is a word of the English message ids that no
Portuguese translation uses (so "total", "normal", "festa", "moca" and "OK", which both say,
are not), or one of ALWAYS_ENGLISH, the program's own words that must never be shown. What the
user's data holds is allowed: every word of every string value of the examples, the
championships and the rule files (names of players and teams, events, contracts, hands,
penalties, reasons, voids: the sheet's words, as the regulations write them), never their YAML
keys. Also allowed: file paths, finding codes, options (`--force`), a command named
(`scorekeeper tournament standings`) and text in backquotes, which is literal input (a
command, a YAML snippet the user is asked to write). A team finding's rule, `teams` (the
sheet's key: no article names it), is left out of `codes`' list. A Portuguese
word written without the accents that the catalogs give it ("Classificacao", "saida") is
caught the same way.
"""

from __future__ import annotations

import re
import shutil
import unicodedata
from functools import cache
from pathlib import Path

import catalogs  # tools/catalogs.py, on the path by conftest  # noqa: E402
import openpyxl
import pytest
import yaml
from conftest import EXAMPLES, RULES, run

from scorekeeper import games, i18n
from scorekeeper.output.sheet_text import counted

LANGUAGES = ("pt_PT", "pt_BR")
# The program's words that are English whatever a translation holds (a YAML key shown, a kind).
ALWAYS_ENGLISH = {
    "hand",
    "hands",
    "deal",
    "deals",
    "entry",
    "entries",
    "control",
    "clean",
    "error",
    "errors",
    "warning",
    "warnings",
    "points",
    "table",
    "game",
    "games",
    "player",
    "players",
    "caller",
    "partner",
    "giver",
    "tricks",
    "chips",
    "counts",
    "late",
    "out",
    "rebuy",
    "fines",
    "score",
    "standing",
    "winner",
    "team",
    "teams",
    "void",
    "declined",
    "round",
    "rounds",
    "sheet",
    "standings",
    "cards",
    "results",
    "wins",
    "won",
    "the",
    "and",
    "with",
    "by",
    "of",
    "asks",
    "next",
    "existing",
    "folder",
    "output",
    "standard",
    "misdeal",
    "name",
    "aliases",
    "title",
    "file",
    "setting",
    "value",
}
SHEETS = sorted([*EXAMPLES.glob("*.yaml"), *EXAMPLES.glob("championship-*/r*.yaml")])
TOURNAMENTS = sorted(EXAMPLES.glob("championship-*/[!r]*.yaml"))
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _strings(value):
    """Every string value (never a key) of a YAML document."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _key_strings(value):
    """The keys of a rule file's mappings that are data (a penalty's name: `olhar-baralho: 1`)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and "-" in key:
                yield key
            yield from _key_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _key_strings(item)


@cache
def data_words() -> frozenset[str]:
    """The words the user's data holds (see the module's docstring)."""
    texts = []
    for path in [*EXAMPLES.rglob("*.yaml"), *RULES.glob("*.yaml")]:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        texts += [*_strings(document), *_key_strings(document)]
    texts += games.names()
    # A rule file's English aliases (`tricks` for vazas) are data a sheet may hold, but never ours to print.
    return frozenset(w.lower() for text in texts for w in WORD.findall(text)) - ALWAYS_ENGLISH


@cache
def vocabulary() -> tuple[frozenset[str], dict[str, str]]:
    """(the English words, {a Portuguese word without its accents: the word})."""
    english, portuguese = set(), set()
    for language in LANGUAGES:
        for message in catalogs.read_catalog(catalogs.po_path(language, i18n.DOMAIN)):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            for text in ids:
                english.update(w.lower() for w in WORD.findall(re.sub(r"\{[^{}]*\}", " ", text)))
            for text in strings:
                portuguese.update(w.lower() for w in WORD.findall(re.sub(r"\{[^{}]*\}", " ", text)))
    accented = {plain(w): w for w in portuguese if plain(w) != w and plain(w) not in portuguese}
    return frozenset((english - portuguese) | ALWAYS_ENGLISH), accented


def _literal_free(text: str) -> str:
    """The text without what is not words of ours: literals in backquotes, paths, codes, options."""
    text = re.sub(r"`[^`\n]*`", " ", text)
    text = re.sub(r"\bscorekeeper(?: [a-z]+)+", " ", text)  # a command named: the user types it so
    text = re.sub(r"\S*[/\\]\S*|\S+\.(?:yaml|xlsx|csv|json)\b", " ", text)
    text = re.sub(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b", " ", text)  # a finding code, the same in every language
    return re.sub(r"(?<!\w)--?[\w-]+", " ", text)


def foreign_words(text: str) -> list[str]:
    """The English (or unaccented) words of ours in `text`, in order."""
    english, accented = vocabulary()
    allowed = data_words()
    found = []
    for word in WORD.findall(_literal_free(text)):
        low = word.lower()
        if low in allowed:
            continue
        if low in english or (low in accented and low != accented[low]):
            found.append(word)
    return found


def assert_portuguese(outputs: dict[str, str]) -> None:
    """Every output (by what produced it) without a foreign word; all of them said at once."""
    bad = {what: words for what, text in outputs.items() if (words := foreign_words(text))}
    assert not bad, "English or unaccented words in Portuguese output:\n" + "\n".join(
        f"{what}: {sorted(set(words))}" for what, words in bad.items()
    )


def said(*args) -> str:
    result = run(*args)
    assert result.exit_code in (0, 1), (args, result.output)
    return result.output


# --- the rule itself -------------------------------------------------------------------------


def test_the_rule_finds_what_issue_16_found():
    """The words this test exists for are found; the sheet's and the regulation's are not."""
    assert foreign_words("Partida 1 (deal): Nos +1, Eles 0") == ["deal"]
    assert foreign_words("Mão 1 (hand, Nos, 3): Nos +3, Eles 0") == ["hand"]
    assert foreign_words("Entrada 1 (late, Eva, coringa Zeca): Eva -200") == ["late"]
    assert foreign_words("carteada 2 (carteiro Beto): caller: Beto dá as cartas [Art 14]") == ["caller"]
    assert foreign_words("carteada 5: tricks: 10 vazas não podem conter 30 figuras") == ["tricks"]
    assert foreign_words("mão 1 (vazas): counts: sem valor para Duarte") == ["counts"]
    assert foreign_words("scorekeeper record mesa1.yaml   # asks the next hand, player by player") == [
        "asks",
        "the",
        "next",
        "hand",
        "player",
        "by",
        "player",
    ]
    assert foreign_words("Classificacao, Cartoes (scorekeeper tournament standings)") == ["Classificacao", "Cartoes"]
    assert (
        foreign_words(
            "Mão 4 (reis-valetes): Ana -60; `fix` corrige, --force, r1-mesa1.yaml, "
            "[K-ART6-MISSING-CHARGED] renuncia, ultimas, sem-trunfo, Classificação"
        )
        == []
    )


def test_the_rule_files_words_keep_their_accents():
    """A rule file's label or title is shown as it is written: its Portuguese words have their
    accents (the word test cannot tell the label "2 Ultimas Vazas" from the hand's name ultimas)."""
    from scorekeeper.rulebook.registry import find

    assert [hand.label for hand in find("king").negative_hands][-1] == "2 Últimas Vazas"
    assert find("king").title == "King (Regulamento Nacional Interbancário)"
    assert find("quatrilho").title == "Quatrilho (Regulamento do 4º CBQI, Iomerê)"


# --- the commands ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_check_and_show_of_every_example(language):
    outputs = {}
    for sheet in SHEETS:
        outputs[f"check {sheet.name}"] = said("--lang", language, "check", sheet)
        outputs[f"show {sheet.name}"] = said("--lang", language, "show", sheet)
    assert_portuguese(outputs)


RECORDED = {  # each game's kinds of entry, recorded from the command line; then fixed and undone
    "sueca": (
        [
            ["Nos=72", "Eles=48"],
            ["120", "0", "--all-tricks"],
            ["renuncia", "Eles"],
            ["ponto", "Eles", "baralhar"],
            ["castigo", "Nos"],
        ],
        ["1", "70", "50"],
    ),
    "truco": ([["Nos", "3"], ["void"], ["Eles"], ["olhar-baralho", "Eles"]], ["1", "Eles", "3"]),
    "quatrilho": (
        [
            ["late", "Eva", "Zeca"],
            ["normal", "Bia", "Davi", "22"],
            ["normal", "Davi", "Zeca", "35", "tricks=10"],
            ["solo-preto", "Ari", "Bia", "12", "tricks=4"],
            ["rebuy", "Ari"],
            ["negar-carta", "Bia"],
            ["out", "Caio", "Xavi"],
        ],
        ["2", "normal", "Bia", "Davi", "23"],
    ),
}


def _conformance() -> dict:
    return yaml.safe_load(
        (Path(__file__).resolve().parents[1] / "sheets" / "conformance.yaml").read_text(encoding="utf-8")
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", games.names())
def test_record_fix_and_undo_say_each_kind_in_portuguese(tmp_path, language, game):
    """Every game's whole game of tests/sheets/conformance.yaml, and its other kinds of entry."""
    plan = _conformance()[game]
    entries, fix = RECORDED.get(game, ([], None))
    outputs = {}
    for name, lines in (("conformance", plan["record"]), ("kinds", entries)):
        if not lines:
            continue
        sheet = tmp_path / f"{name}.yaml"
        assert run("new", game, *plan["new"], "-o", sheet).exit_code == 0
        if plan.get("header"):
            text = sheet.read_text(encoding="utf-8")
            sheet.write_text(text + "".join(f"{k}: {v}\n" for k, v in plan["header"].items()), encoding="utf-8")
        for line in lines:
            outputs[f"record {' '.join(line)}"] = said("--lang", language, "record", sheet, *line)
        if name == "kinds" and fix:
            outputs[f"fix {' '.join(fix)}"] = said("--lang", language, "fix", sheet, *fix)
        outputs[f"undo {name}"] = said("--lang", language, "undo", sheet)
    assert_portuguese(outputs)


def test_record_copies_of_the_examples(tmp_path):
    """record's line on a copy of each example: its last entry removed, then written again (fix)."""
    outputs = {}
    for language in LANGUAGES:
        for sheet in sorted(EXAMPLES.glob("*.yaml")):
            copy = tmp_path / f"{language}-{sheet.name}"
            shutil.copy(sheet, copy)
            outputs[f"undo {copy.name}"] = said("--lang", language, "undo", copy)
    assert_portuguese(outputs)


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_and_codes(language):
    # A team finding's rule is the sheet's `teams:` (no article says it): the codes' second column.
    codes = re.sub(r"^(TEAM-[A-Z-]+\s+)teams\b", r"\1", said("--lang", language, "codes"), flags=re.M)
    outputs = {"rules list": said("--lang", language, "rules", "list"), "codes": codes}
    for name in games.names():
        outputs[f"rules show {name}"] = said("--lang", language, "rules", "show", name)
    assert_portuguese(outputs)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tournament_commands(tmp_path, language):
    outputs = {}
    for tournament in TOURNAMENTS:
        outputs[f"check {tournament}"] = said("--lang", language, "tournament", "check", tournament)
        outputs[f"standings {tournament}"] = said("--lang", language, "tournament", "standings", tournament)
    final = tmp_path / "final.yaml"
    said(
        "--lang",
        language,
        "tournament",
        "new",
        "king",
        "--name",
        "Final",
        "-p",
        "Ana",
        "-p",
        "Bruno",
        "-p",
        "Carla",
        "-p",
        "Duarte",
        "-p",
        "Eva",
        "-o",
        final,
    )
    outputs["draw"] = said("--lang", language, "tournament", "draw", final, "--seed", "1")
    assert_portuguese(outputs)


def test_help_example_comments():
    """What follows `#` on --help's example lines, for every command."""
    listed = run("--help").output.split("Commands:")[-1].splitlines()  # the English list of commands
    commands = [[]] + [[line.split()[0]] for line in listed if re.match(r"  [a-z]+ ", line)]
    commands += [["rules", sub] for sub in ("list", "show", "check")]
    commands += [["tournament", sub] for sub in ("new", "draw", "check", "standings", "export")]
    outputs = {}
    for language in LANGUAGES:
        for command in commands:
            text = run("--lang", language, *command, "--help").output
            comments = [line.split("#", 1)[1] for line in text.splitlines() if "scorekeeper" in line and "#" in line]
            outputs[f"{language} {' '.join(command)} --help"] = "\n".join(comments)
    assert len(outputs) > 10
    assert_portuguese(outputs)


def _workbook_texts(path: Path) -> str:
    """Every text of a workbook: its worksheets' names, every text cell, every text in a formula,
    the data validations' lists, the comments, headers and footers, the charts' titles."""
    book = openpyxl.load_workbook(path)
    texts = []
    for ws in book.worksheets:
        texts.append(ws.title)
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    if cell.value.startswith("="):
                        texts += re.findall(r'"((?:[^"]|"")*)"', cell.value)
                    else:
                        texts.append(cell.value)
                if cell.comment is not None:
                    texts.append(cell.comment.text)
        for validation in ws.data_validations.dataValidation:
            texts += [t for t in (validation.formula1, validation.prompt, validation.error) if t]
        for part in (ws.oddHeader, ws.oddFooter):
            texts += [p.text for p in (part.left, part.center, part.right) if p.text]
        for chart in ws._charts:
            title = chart.title
            if title is not None and title.tx is not None and title.tx.rich is not None:
                texts += [run.t for paragraph in title.tx.rich.p for run in (paragraph.r or [])]
    return "\n".join(texts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_of_workbook(tmp_path, language):
    by_game: dict[str, list[Path]] = {}
    for sheet in sorted(EXAMPLES.glob("*.yaml")):
        by_game.setdefault(sheet.name.split("-")[0], []).append(sheet)  # king-final-nacional-mesa1.yaml
    blank = {
        "king": ["-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte"],
        "sueca": ["-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte"],
        "truco": ["-t", "Nos=Ana,Bruno", "-t", "Eles=Carla,Duarte"],
        "quatrilho": ["-p", "Ari", "-p", "Bia", "-p", "Caio", "-p", "Davi", "-p", "Eva"],
    }
    outputs = {}
    for game, sheets in by_game.items():
        out = tmp_path / f"{game}.xlsx"
        outputs[f"export {game}"] = said("--lang", language, "export", *sheets, "-o", out)
        outputs[f"{game} workbook"] = _workbook_texts(out)
        empty = tmp_path / f"{game}-blank.xlsx"
        outputs[f"export --blank {game}"] = said(
            "--lang", language, "export", "--blank", game, *blank[game], "-o", empty
        )
        outputs[f"{game} blank workbook"] = _workbook_texts(empty)
    for tournament in TOURNAMENTS:
        out = tmp_path / f"{tournament.parent.name}.xlsx"
        outputs[f"tournament export {tournament.parent.name}"] = said(
            "--lang", language, "tournament", "export", tournament, "-o", out
        )
        outputs[f"{tournament.parent.name} workbook"] = _workbook_texts(out)
    assert set(by_game) == set(games.names())
    assert_portuguese(outputs)


# --- plurals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "language, none, one, two",
    [
        (
            "pt_PT",
            ["0 mãos", "0 partidas", "0 entradas", "0 mocas", "0 jogos"],
            ["1 mão", "1 partida", "1 entrada", "1 moca", "1 jogo"],
            ["2 mãos", "2 partidas", "2 entradas", "2 mocas", "2 jogos"],
        ),
        (
            "pt_BR",
            ["0 mãos", "0 partidas", "0 entradas", "0 mocas", "0 jogos"],
            ["1 mão", "1 partida", "1 entrada", "1 moca", "1 jogo"],
            ["2 mãos", "2 partidas", "2 entradas", "2 mocas", "2 jogos"],
        ),
    ],
)
def test_every_games_counts_by_ngettext(language, none, one, two):
    """Each game's entries and standing are counted by ngettext: 'Eles 0 jogos' in Brazil too."""
    units = [
        games.HANDS,
        games.get("sueca").entry_word,
        games.ENTRIES,
        *(games.get(name).totals_word for name in ("sueca", "truco")),
    ]
    with i18n.speaking(language):
        assert [counted(0, u) for u in units] == none
        assert [counted(1, u) for u in units] == one
        assert [counted(2, u) for u in units] == two
        for game in games.all_games():
            for unit in filter(None, (game.entry_word, game.totals_word)):
                assert counted(2, unit) != f"2 {unit[1]}" or unit[1] in ("mocas",), (game.name, unit)


def test_a_truco_summary_counts_none_in_the_plural(tmp_path):
    sheet = tmp_path / "truco.yaml"
    sheet.write_text(
        "rules: truco\nteams: {Nos: [Ana, Bruno], Eles: [Carla, Duarte]}\nhands:\n  - {winner: Nos, value: 12}\n",
        encoding="utf-8",
    )
    assert said("--lang", "pt_BR", "check", sheet).endswith(
        "(truco, em andamento, 1 mão registrada; Nos 1 jogo, Eles 0 jogos)\n"
    )
