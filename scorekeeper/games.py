"""The games scorekeeper knows: a declared interface (`Game`) and a plain list registry.

A game is one package (`scorekeeper/<game>/`) whose `game.py` defines a `Game` subclass, one
rule file under `rules/`, and one line in `REGISTRY` below. The CLI and the shared machinery
(sheets, findings, workbooks, reports) reach a game only through this interface and never
name one. The registry holds module paths, imported on first use; each game's `game.py`
imports its own heavy modules (scoring, prompts, workbook layout) inside the methods that
need them, so that `check` of a King sheet loads nothing of Sueca's Excel ficha.
"""

from __future__ import annotations

import enum
import importlib
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Callable, ClassVar, NamedTuple, Protocol

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_, Message, N_plural, _

if TYPE_CHECKING:
    from scorekeeper.sheet.entry_form import EntryForm
    from scorekeeper.sheet.entry_sentences import EntrySentences

# One line per game: the module whose GAME is that game's Game instance.
REGISTRY = [
    "scorekeeper.king.game",
    "scorekeeper.sueca.game",
    "scorekeeper.truco.game",
    "scorekeeper.quatrilho.game",
]


class Seating(enum.Enum):
    """How a game's sheet names who plays: players in seat order, or teams of players."""

    PLAYERS = "players"  # `new -p NAME ...`; the sheet's `players:`
    TEAMS = "teams"  # `new -t NAME=A,B ...`; the sheet's `teams:`


class RecordOption(NamedTuple):
    """An option of `record` and `fix` that a game's entries take (`--beneficiary`), declared as
    data so that the CLI builds it without naming the game (a NamedTuple: `check` pays for
    defining it at every start, and a frozen dataclass costs more). `name` is the keyword the game's
    `build_entry` receives; options of the same name in two games must agree on their flags."""

    name: str
    flags: tuple[str, ...]
    help: str
    is_flag: bool = False


class Unit(NamedTuple):
    """A unit a game counts (its entries, its standing), declared by its Game: the word (one,
    many: message ids, said by `_`), and its count said whole, the pair ngettext is given
    ("{count} hand", "{count} hands"), as the languages agree the number and the word. An
    entry's unit also says a sheet in progress whole ("in progress, {count} hand recorded":
    the Portuguese participle agrees with the word; the sentences about one entry are the
    game's EntrySentences, Game.entry_sentences); a standing's has none."""

    one: str
    many: str
    count: tuple[str, str]  # type: ignore[assignment]  # ngettext's pair, named as its count; a Unit never calls tuple.count
    in_progress: tuple[str, str] | None = None


# The units more than one game counts in; a game of its own words declares its Unit in game.py.
HANDS = Unit(
    N_("hand"),
    N_("hands"),
    N_plural("{count} hand", "{count} hands"),
    N_plural("in progress, {count} hand recorded", "in progress, {count} hands recorded"),
)
ENTRIES = Unit(
    N_("entry"),
    N_("entries"),
    N_plural("{count} entry", "{count} entries"),
    N_plural("in progress, {count} entry recorded", "in progress, {count} entries recorded"),
)


class Outcome(NamedTuple):
    """What a tournament reads of one finished sheet: each participant's result as the game's
    regulation ranks it. `score` is the standing (points, mocas, games, chips); `places` the
    table points when the regulation gives them; `winner` the winner when there is one."""

    participants: tuple[str, ...]
    score: dict[str, float]
    places: dict[str, float] | None = None
    winner: str | None = None


class Rules(Protocol):
    """What shared code reads of any game's loaded rules (a game's own rules type has more): the
    rule file's `game:` (its Game's name) and `name:`."""

    game: str
    name: str


class StandingsWords(NamedTuple):
    """What a game's standings say in its own words, declared in its folder's standings_words.py
    (Game.standings_words): the heads of the numbers its StandingRow.tiebreaks hold, short for
    the standings table (`tournament standings`, the score pad; each head's English id is the
    CSV's) and long for the championship workbook, and the words of each `decided_by` value its
    standings give. Messages (i18n.Mp_), said in the language of the call; a key or value a game
    does not declare is said by tournaments.standings_words (the tournament's own, or as it reads).
    `numbered`: a `decided_by` that ends in a number ("best game 2", King K5's k-th best game),
    by its words before the number; its Message takes the number as {number}."""

    table_heads: Mapping[str, Message] = {}  # never mutated: a NamedTuple's default
    workbook_heads: Mapping[str, Message] = {}
    decided_by: Mapping[str, Message] = {}
    numbered: Mapping[str, Message] = {}


class Game(ABC):
    """A game as the rest of scorekeeper sees it. Subclass it in `<game>/game.py`, set the class
    attributes, implement every abstract method (a game missing one cannot be created), and
    add the module to REGISTRY."""

    name: ClassVar[str]  # the `game:` of its rule files, e.g. "king"
    title: ClassVar[str]  # as a person writes it, e.g. "King"
    seating: ClassVar[Seating]
    list_key: ClassVar[str] = "hands"  # the sheet's list of entries
    entry_word: ClassVar[Unit] = HANDS  # one entry of its list, many
    totals_word: ClassVar[Unit | None] = None  # a team's standing (moca, mocas); None: signed points
    # What one sheet holds whole, as a page says its end: a "game" (King), a "match" of games
    # or mocas to a score (Sueca, Truco: "the match is complete", never "the game" for all of it),
    # or a "round" of deals (Quatrilho's table: Art 10).
    sheet_word: ClassVar[str] = "game"
    workbook_word: ClassVar[str] = "boletim"  # what its printed Excel sheet is called (boletim, ficha)
    # The kind (its code and article) a final sheet that is not complete is reported under.
    unfinished: ClassVar[FindingKind]
    scorer_rule: ClassVar[str | None] = None  # the article naming the sheet's responsible scorer, if any
    record_options: ClassVar[tuple[RecordOption, ...]] = ()
    # How `history` and a workbook's history worksheet say an entry as the sheet holds it
    # (`hand 3 (damas): 1 1 2 0`): the key whose value names the entry's kind, said in brackets
    # through entry_label (None: none does), and the keys whose values are said bare, in the
    # order `record` takes them; any other key is said with its name (`trump copas`).
    entry_kind_key: ClassVar[str | None] = None
    entry_bare_keys: ClassVar[tuple[str, ...]] = ()
    control_cards: ClassVar[bool] = False  # the championship workbook prints each player's control card
    code_prefix: ClassVar[str]  # its finding codes' first part, e.g. "K" in K-Q1-COUNT-OVER
    # TN6: the article under which the tournament file marks a player absent and his table not
    # played (King Art 7), None when a game writes an absence on the table's sheet; and the
    # article that closes late entries (Quatrilho Art 5), None when its regulation sets no limit.
    absence_rule: ClassVar[str | None] = None
    late_entry_rule: ClassVar[str | None] = None
    workbook_language: ClassVar[str]  # the language of its workbooks unless one is chosen (issue 11)
    # TEAMS: the standings' numbers (StandingRow.tiebreaks) that seed group winners across groups
    # after their points, in order, when four groups go to the semi-finals (RULINGS TN5).
    knockout_seeding: ClassVar[tuple[str, ...]] = ()

    # --- rules ---------------------------------------------------------------------------
    @abstractmethod
    def rules_from_data(self, data, path: str):
        """The validated rules of a rule file's data (a yaml_lines.LineDict); RulesError naming
        the file, the key and the allowed values when it is not."""

    @abstractmethod
    def describe_rules(self, rules) -> list[list]:
        """Every number of the rules as (setting, value) rows for `rules show`."""

    @abstractmethod
    def seats(self, rules) -> tuple[int, ...]:
        """How many players (PLAYERS) or teams (TEAMS) a sheet of these rules may have."""

    def team_size(self, rules) -> int | None:
        """TEAMS: how many players each team has."""
        return None

    # --- sheets --------------------------------------------------------------------------
    @abstractmethod
    def parse_sheet(self, doc, rules, path: str, ref: str):
        """The game's sheet model of a loaded sheet document; SheetFormatError when unusable."""

    @abstractmethod
    def score_sheet(self, sheet):
        """The SheetResult of a sheet: every entry scored, every finding collected."""

    # --- record --------------------------------------------------------------------------
    @abstractmethod
    def build_entry(self, sheet, hand: str, values: list[str], **options) -> dict:
        """The entry that `record FILE HAND VALUES...` appends; InputValueError quoting the input."""

    @abstractmethod
    def interactive_help(self) -> str:
        """What `record FILE` prints before it asks the first entry."""

    @abstractmethod
    def ask_entry(self, sheet, ask: Callable[..., str], say: Callable[[str], None]) -> dict:
        """The next entry, asked at the prompts (by name, only what it needs)."""

    # --- the score pad: an entry on one screen (sheet.entry_form) ---------------------
    @abstractmethod
    def pad_form(self, sheet) -> EntryForm:
        """The next entry's screen (sheet.entry_form.EntryForm): every field a button, a row of
        tap targets or a number pad, opening on what comes next (the next hand, the dealer)."""

    @abstractmethod
    def entry_from_pad(self, sheet, values: dict) -> dict:
        """The entry the screen's values make (as the sheet's YAML writes it); FormRefused
        naming each field that cannot be right."""

    def pad_finding_place(self, sheet, code: str, values: dict) -> str | None:
        """The field (or group of fields) of the pad's screen a finding of the entry is about,
        shown beside it; None: above the Record button."""
        return None

    def entry_detail_words(self, rules, entry) -> str | None:
        """An entry of the sheet (as its game parsed it) said for a page under its kind, in the
        game's words (`Ana · Positivos · Copas`), or None when `show`'s detail says it already
        without keys."""
        return None

    def in_play_words(self, result) -> str | None:
        """Where the race under way stands, for a page beside the totals (Truco's tentos in the
        game being played, Sueca's points towards the moca being played), in the language in
        use; None when the totals say it all (King's, Quatrilho's points)."""
        return None

    def entry_words(self, rules, kind: str) -> str:
        """An entry's kind (a HandResult's `hand`) by the sheet's `rules`, in the game's own
        words, accents and all, for a page (never a key a sheet writes: `2 Últimas Vazas`, not
        `ultimas`)."""
        return self.entry_label(kind)

    # --- show ----------------------------------------------------------------------------
    def entry_label(self, kind: str) -> str:
        """An entry's kind (a HandResult's `hand`) as `show` and `record`'s lines say it, in the
        language in use: the game's own word for a kind the program names (a Sueca deal, a Truco
        void, a Quatrilho late arrival); a kind the sheet writes (a King hand, a contract, a
        penalty: the regulation's words) as it is written."""
        return kind

    @abstractmethod
    def show_tables(self, result) -> list[tuple[str, list, list, int]]:
        """`show`: (title, headers, rows, first numeric column) per table; the first is the one
        `record` prints after each entry and `--format csv` writes."""

    # --- workbook ------------------------------------------------------------------------
    @abstractmethod
    def write_boletim(self, ws, sheet, result, styles, meta: dict):
        """Write the sheet's boletim on the worksheet `ws`; returns its `summary_cells(p)`:
        the Resumo's formulas for participant p (see workbook.export.SummaryCells)."""

    @abstractmethod
    def write_blank(self, ws, rules, who, scorer: str | None, styles, meta: dict) -> None:
        """An empty boletim for `who` (players, or {team: players}) to fill in at the table."""

    @abstractmethod
    def read_boletim(self, grid, rules, ref: str, info: dict, where: str, places: dict | None):
        """The boletim on a worksheet (`grid`), read by these rules: an object with `title`,
        `source`, `check(rules_path)` and `to_yaml(rules_path, rules_ref)`."""

    def progress(self, sheet, result) -> tuple[int, int] | None:
        """How far a game of a fixed length is: (done, whole) in its own units (King's hands,
        a Quatrilho round's deals); None for a race to a score (Sueca's mocas, Truco's games)."""
        return None

    def progress_words(self, done: int, whole: int) -> str:
        """`progress` said in the game's words and the language in use ("hand 3 of 10")."""
        return _("entry {done} of {whole}").format(done=done, whole=whole)

    # --- tournaments ---------------------------------------------------------------------
    def standings_words(self) -> StandingsWords:
        """Its standings' tie-break heads and decided-by words: the WORDS of its folder's
        standings_words.py (every game folder has one, beside its game.py), imported on first use."""
        folder = type(self).__module__.rpartition(".")[0]
        words: StandingsWords = importlib.import_module(f"{folder}.standings_words").WORDS
        return words

    def standings_note(self, rules) -> str:
        """How the standings break ties, in the regulation's words and the language in use: the
        championship workbook's note for the organiser under its Classificação."""
        return ""

    @abstractmethod
    def outcome(self, result) -> Outcome:
        """What a tournament reads of a finished sheet."""

    @abstractmethod
    def standings(self, tournament, results: dict) -> list:
        """The standings of a tournament (tournaments.model) by the regulation's articles, from
        the results of its sheets that count (complete and clean, keyed as the file names
        them): tournaments.model.StandingRow, best first, each with the criterion that decided
        its place."""

    def entry_sentences(self) -> EntrySentences:
        """The sentences that name one of its entries (sheet/entry_sentences.py): the SENTENCES
        of its folder's entry_sentences.py when it has one, else those of a hand (games.HANDS)."""
        from scorekeeper.sheet.entry_sentences import HAND_SENTENCES  # lazy: only a change says them

        module = type(self).__module__.rpartition(".")[0] + ".entry_sentences"  # beside its game.py
        try:
            return importlib.import_module(module).SENTENCES
        except ModuleNotFoundError as exc:
            if exc.name != module:  # the folder has the module, and it is broken: say so
                raise
            return HAND_SENTENCES


def lazy(module: str, attribute: str):
    """A Game method that forwards its arguments to `module.attribute`, imported on the first
    call (a game's scoring, prompts and workbook stay unloaded until a command needs them)."""

    def method(self, *args, **kwargs):
        # sys.modules first: import_module's own checks cost microseconds a call, and a
        # season's standings make two calls a sheet (parse and score), 5,000 in all.
        loaded = sys.modules.get(module) or importlib.import_module(module)
        return getattr(loaded, attribute)(*args, **kwargs)

    method.__name__, method.__doc__ = attribute, f"{module}.{attribute}"
    return method


_loaded: dict[str, Game] = {}


def _name_of(path: str) -> str:
    """A registry line's game: `scorekeeper.<game>.game` (tests/sheets/test_every_game.py holds every
    line to that form, so a game is found without importing the others)."""
    return path.split(".")[-2]


def names() -> list[str]:
    """Every registered game's name, in REGISTRY order, without importing any."""
    return [_name_of(path) for path in REGISTRY]


def get(name: str) -> Game:
    """The game named `name` (a rule file's `game:`), its game.py imported on first use;
    KeyError when none is."""
    game = _loaded.get(name)
    if game is None:
        path = next((p for p in REGISTRY if _name_of(p) == name), None)
        if path is None:
            raise KeyError(name)
        game = _loaded[name] = importlib.import_module(path).GAME
    return game


def all_games() -> list[Game]:
    """Every registered game, in REGISTRY order (each game.py imported on first use)."""
    return [get(name) for name in names()]


def record_options() -> list[RecordOption]:
    """Every game's record options, each name once (their flags must agree)."""
    seen: dict[str, RecordOption] = {}
    for game in all_games():
        for option in game.record_options:
            known = seen.get(option.name)
            if known is not None and (known.flags, known.is_flag) != (option.flags, option.is_flag):
                raise ValueError(f"record option {option.name!r} is declared twice with different flags")
            seen.setdefault(option.name, option)
    return list(seen.values())
