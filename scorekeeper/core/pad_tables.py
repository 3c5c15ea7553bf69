"""The tables a score pad serves, and what it does at each: list them (a tournament's current
round, a folder of sheets, or one sheet), tell each one's state, show it, record an entry (as
the sheet's YAML writes it; core.pad_entry makes it from a screen's values) and undo the last one.
Every change goes through editing (the writer lock and the atomic write `record` uses) and
names the entry count it was made for: a stale one is refused with the sheet as it is now.

Every change may carry a client's change id (the API's Idempotency-Key, a form's hidden id): a
change sent again with the id of one already made is not made again, and says so (AlreadySaved),
before the entry count is compared, so one's own retry is never taken for someone else's entry.
A table's last changes are read from the journal beside its sheet.

Tables are addressed by an id that belongs to the table, not to a round or a run (`3`, table
3's number in a tournament, in every round; a sheet's stem in a folder), looked up in the list;
a request never names a file. No web framework here: a front end turns requests
into these calls and their results into pages.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import sqlite3
import stat
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from scorekeeper import games
from scorekeeper.core import tournament as core_tournament
from scorekeeper.errors import (
    InputValueError,
    ScorekeeperError,
    SheetFormatError,
    SheetLockedError,
    quoted,
)
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_
from scorekeeper.journal import history, transaction
from scorekeeper.journal.store import APPLIED, PENDING, Notice, Record
from scorekeeper.sheet import editing
from scorekeeper.sheet.change_reports import Said
from scorekeeper.sheet.load import load_sheet, score
from scorekeeper.sheet.results import SheetResult
from scorekeeper.sheet.typed_input import whole
from scorekeeper.sheet.yaml_lines import loads, read_text
from scorekeeper.tournaments import model
from scorekeeper.tournaments.model import Tournament
from scorekeeper.tournaments.tournament_file import parse, sheet_path

MAX_TABLES = 500  # a folder's sheets served at most (a tournament's round has far fewer tables)
LOCK_WAIT = 2.0  # seconds a change waits for another writer (a phone, `record`) to finish
MAX_ANSWERS = 200  # values one entry's screen may carry: no entry has more fields
MAX_ANSWER = 200  # characters of one value
MAX_DEPTH = 4  # nesting of an entry given as data ({fines: [{fine: ..., player: ...}]} is 3)
SHEET_SUFFIXES = (".yaml", ".yml")
_SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\Z")
# A game's sheet model (games.Game.parse_sheet's): each game has its own, and they share no base.
Sheet = Any
_Done = TypeVar("_Done")
# sheet/load.score is not annotated: what it returns is a SheetResult (games.Game.score_sheet).
_score: Callable[[Sheet], SheetResult] = score


class UnknownTable(ScorekeeperError):
    """An id that names no table of the list."""


class SheetBusy(ScorekeeperError):
    """Another writer kept the sheet longer than a change waits (a `record` session open on it)."""


@dataclass(frozen=True)
class Table:
    """One table: its id, the sheet's file name and where it is (never shown in a request), and
    in a tournament its round and its table (or match) number."""

    id: str
    path: str
    sheet: str
    round: int | None = None
    number: str | None = None


@dataclass
class Tables:
    """What a PATH serves: `kind` is tournament, folder or sheet; `tournament` the loaded file."""

    kind: str
    source: str
    tables: list[Table]
    tournament: Tournament | None = None

    @property
    def game(self) -> str | None:
        """A tournament's game (its rules' `game:`); None for a folder or a sheet, whose tables
        each name their own."""
        if self.tournament is None:
            return None
        game = getattr(self.tournament.rules, "game", None)  # each game's rules are a class of its own
        return game if isinstance(game, str) else None

    def get(self, table_id: str) -> Table:
        for table in self.tables:
            if table.id == table_id:
                return table
        raise UnknownTable(M_("there is no table {id}", id=quoted(table_id)))


def list_tables(path: str) -> Tables:
    """The tables of `path`: a tournament file's current (last) round, each table or match with
    a sheet; every sheet of a folder; or the one sheet."""
    path = os.fspath(path)
    if os.path.isdir(path):
        return Tables("folder", path, _folder_tables(path))
    text = read_text(path, SheetFormatError)
    doc = loads(text, path, SheetFormatError)
    if isinstance(doc, dict) and "tournament" in doc:
        tournament = parse(text, path)
        tables = []
        if tournament.rounds:
            current = tournament.rounds[-1]
            seats: Sequence[model.Table | model.Match] = current.tables or current.matches
            for position, seat in enumerate(seats, 1):
                if seat.sheet:
                    number = str(getattr(seat, "table", position))
                    tables.append(
                        Table(
                            table_id(number),
                            sheet_path(tournament, seat.sheet),
                            os.path.basename(seat.sheet),
                            current.number,
                            number,
                        )
                    )
        return Tables("tournament", path, _unique(tables), tournament)
    name = os.path.basename(path)
    return Tables("sheet", path, [Table(sheet_id(name), path, name)])


def table_id(number: str) -> str:
    """A tournament's table's id: its number (or label) as the round names it, so that its link
    is the same in every round (table 3 is `3` in round 1 and in round 5); a label that is
    not plain letters and digits gets a stable id from it (stable_id)."""
    return number if _SAFE_ID.match(number) else stable_id(number)


def sheet_id(name: str) -> str:
    """A served sheet's id, from its file name alone (never its place in the folder, so a file
    added or removed shifts no other's): the stem of a `.yaml`, the whole name of a `.yml`, each
    when it is plain letters, digits and -_. (an id goes in an address as it is); any other name
    a stable id from it. No two names give one id: a stem never ends in .yml (such a name is
    hashed) and a derived id holds a ~, which no plain name holds."""
    stem, suffix = os.path.splitext(name)
    plain = _SAFE_ID.match(stem) and not stem.lower().endswith(SHEET_SUFFIXES)
    if plain and suffix == ".yaml":
        return stem
    if plain and suffix == ".yml" and _SAFE_ID.match(name):
        return name
    return stable_id(stem)


def stable_id(text: str) -> str:
    """An id made from any text: its letters and digits as a slug (the first 24), a ~ and the
    first 10 hex digits of its SHA-256, so `Mesa Norte` is `Mesa-Norte~1b2c...`, the same at
    every run, and two texts whose slugs agree still differ."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:24].strip("-") or "table"
    digest = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:10]
    return f"{slug}~{digest}"


def _unique(tables: list[Table]) -> list[Table]:
    """The tables whose id no other has: two with one id (two sheets of one table number in a
    round, or a derived id's hash met twice) are both left out, so that neither's link ever
    reads the other's sheet; `check` names such a round's fault."""
    counts = Counter(table.id for table in tables)
    return [table for table in tables if counts[table.id] == 1]


def _folder_tables(folder: str) -> list[Table]:
    """Every regular file named .yaml or .yml in the folder (no symlink, no subfolder), by name,
    each with its id from its file name (sheet_id)."""
    with os.scandir(folder) as entries:
        names = sorted(
            e.name
            for e in entries
            if e.name.lower().endswith(SHEET_SUFFIXES)
            and not e.name.startswith(".")
            and stat.S_ISREG(e.stat(follow_symlinks=False).st_mode)
        )
    return _unique([Table(sheet_id(name), os.path.join(folder, name), name) for name in names[:MAX_TABLES]])


def refusal(exc: ScorekeeperError) -> ScorekeeperError:
    """The error as a reply may tell it: its file named by its name only (a reply never tells
    where the server keeps its files); the front end says it (`str`) in its request's language."""
    source = os.path.basename(str(exc.source)) if exc.source is not None else None
    return ScorekeeperError(exc.message, source, exc.line)


# --- reading a table ---------------------------------------------------------------------


def load(table: Table) -> tuple[Sheet, SheetResult]:
    """The table's sheet and its result (ScorekeeperError when the sheet cannot be used)."""
    sheet = sheet_of(table)
    return sheet, _score(sheet)


def sheet_of(table: Table) -> Sheet:
    """The table's sheet, not scored (ScorekeeperError when it cannot be read)."""
    refuse_link(table)
    return load_sheet(table.path)


def refuse_link(table: Table) -> None:
    """A sheet replaced by a symbolic link while it is served is refused: the pad reads and
    writes the files it listed, never what a link made later points at."""
    try:
        linked = stat.S_ISLNK(os.lstat(table.path).st_mode)
    except (OSError, ValueError):
        return  # gone or unreadable: reading it says so
    if linked:
        raise SheetFormatError(M_("is a symbolic link now: the score pad opens only the sheet it listed"), table.sheet)


def state_of(result: SheetResult) -> str:
    """not-started, in-progress, complete (and clean), or findings (an error in the sheet)."""
    if not result.valid:
        return "findings"
    if result.complete:
        return "complete"
    return "in-progress" if result.hands else "not-started"


def game_name(table: Table) -> str | None:
    """The game of the table's sheet (its rules), read without scoring it; None when the sheet
    cannot be used (the page that says so speaks the server's language)."""
    try:
        game: str = sheet_of(table).rules.game
        return game
    except ScorekeeperError:
        return None


def _listed(table: Table) -> dict[str, object]:
    return {"id": table.id, "round": table.round, "table": table.number, "sheet": table.sheet}


def summary(table: Table) -> dict[str, object]:
    """A table as GET /api/tables lists it (the keys of issue 19, point 6); an unusable one's
    "error" is the refusal as data (`refusal`), said by the front end."""
    try:
        sheet, result = load(table)
    except ScorekeeperError as exc:
        unusable: dict[str, object] = {
            "game": None,
            "state": "unusable",
            "entries": None,
            "findings": [],
            "error": refusal(exc),
        }
        return {**_listed(table), **unusable}
    return summary_of(table, sheet, result)


def summary_of(table: Table, sheet: Sheet, result: SheetResult) -> dict[str, object]:
    """`summary` of a table whose sheet is loaded and scored already (a page that shows it too)."""
    item = _listed(table)
    game = games.get(result.game)
    seats: dict[str, object] = (
        {"teams": dict(sheet.teams)} if game.seating is games.Seating.TEAMS else {"players": list(sheet.players)}
    )
    return {
        **item,
        "game": result.game,
        **seats,
        "state": state_of(result),
        "entries": len(sheet.entries),
        # how far a game of a fixed length is: King's hands, a Quatrilho round's deals
        "progress": {"done": progress[0], "whole": progress[1]} if (progress := game.progress(sheet, result)) else None,
        "complete": result.complete,
        "findings": [f.as_dict() for f in result.findings],
    }


def result_of(table: Table) -> SheetResult:
    """The table's sheet scored (what `show` prints of it: the front end shapes it)."""
    return load(table)[1]


# --- changing a table --------------------------------------------------------------------


@dataclass(frozen=True)
class AlreadySaved:
    """The change a client's id names, made before (the change sent again is not made): its
    id, action (record, undo), the entry's number, when it began (the journal's time) and the
    sheet's game (whose word for an entry says it)."""

    id: str
    action: str
    entry: int | None
    when: str
    game: str | None = None
    removed: dict[str, object] | None = None  # an undo's entry as the sheet held it (the journal's "before")


@dataclass
class Recorded:
    """An entry saved (or removed): what `record` says of it, and the sheet as it is now (its
    result, and its file's name: a reply never tells where the server keeps its files);
    `repeat` when the change was made before under the same id and this request changed
    nothing."""

    said: list[Said]
    result: SheetResult
    sheet: str
    repeat: AlreadySaved | None = None


def already_saved(table: Table, change_id: str | None, action: str, entry: object = None) -> AlreadySaved | None:
    """The change of this table's sheet made before under `change_id` (a retry after a lost
    reply, a form posted twice), or None. An id used for another sheet's change or another kind
    of change is refused: a client that reuses one would lose its second change unawares. A
    change a killed run left pending is completed first (as the next command would), so that
    its retry is not applied a second time."""
    if change_id is None:
        return None
    found = _journalled(table, change_id)
    if found is not None and found.state == PENDING:
        transaction.recover(table.path)
        found = _journalled(table, change_id)
    if found is None or found.state not in APPLIED:
        return None  # never made, or taken back: this request makes it
    if found.main_file != os.path.realpath(table.path) or found.action != action or _other_entry(found, entry):
        raise InputValueError(M_("this change's id was used for another change; send it with a new one"), table.sheet)
    number = found.detail.get("entry") if isinstance(found.detail, dict) else None
    return AlreadySaved(found.id, found.action, number if isinstance(number, int) else None, found.began)


def change_made(table: Table, change_id: str | None) -> AlreadySaved | None:
    """The change made to this table's sheet under `change_id` (an entry recorded or removed),
    or None (no such change, or another sheet's): what the page shown after a change says was
    done (the score pad answers a change with the table's page at an address of its own, so
    that Back and reload never post the form again)."""
    if not change_id or not transaction.valid_id(change_id):
        return None
    found = _journalled(table, change_id)
    if found is None or found.state not in APPLIED or found.main_file != os.path.realpath(table.path):
        return None
    detail = found.detail if isinstance(found.detail, dict) else {}
    entry, before = detail.get("entry"), detail.get("before")
    return AlreadySaved(
        found.id,
        found.action,
        entry if isinstance(entry, int) else None,
        found.began,
        removed=before if found.action == "undo" and isinstance(before, dict) else None,
    )


def _other_entry(found: Record, entry: object) -> bool:
    """Whether the entry sent now is not the one saved under its id (the same key reused for a
    new hand: answered as a repeat, that hand would be lost unawares)."""
    if (
        not isinstance(entry, dict)
        or not isinstance(found.detail, dict)
        or not isinstance(found.detail.get("after"), dict)
    ):
        return False

    def canonical(value: object) -> str:
        return json.dumps(value, sort_keys=True, default=str)

    return canonical(found.detail["after"]) != canonical(entry)


def repeated(table: Table, repeat: AlreadySaved) -> Recorded:
    """The answer to a change sent again: the sheet as it is, and the change made before."""
    result = load(table)[1]
    return Recorded([], result, table.sheet, dataclasses.replace(repeat, game=result.game))


def _journalled(table: Table, change_id: str) -> Record | None:
    """The journal's record of `change_id` in the folder of the table's sheet, its main file as
    a real path, or None (no journal there yet, or one that cannot be read: then nothing was
    made through it)."""
    notices: list[Notice] = []
    try:
        journal = transaction.open_for(table.path, False, notices)
    except (OSError, sqlite3.Error):
        return None
    if journal is None:
        return None
    try:
        found = journal.find(change_id)
    except sqlite3.Error:
        return None
    finally:
        journal.close()
    if found is not None:
        found.main_file = os.path.realpath(os.path.join(journal.folder, found.main_file))
    return found


def last_changes(table: Table, count: int) -> list[history.Change]:
    """The last `count` changes made to the table's sheet, newest first (its journal's). A
    journal that cannot be read now gives none: the page is shown without them."""
    try:
        return history.last_changes(table.path, count)
    except (OSError, sqlite3.Error):
        return []


def _waiting(change: Callable[[], _Done]) -> _Done:
    """Run `change()`, waiting up to LOCK_WAIT for another writer of the sheet to finish."""
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            return change()
        except SheetLockedError as exc:
            if time.monotonic() >= deadline:
                raise SheetBusy(exc.message, exc.source) from None
            time.sleep(0.02)


def record(table: Table, entry: object, expected_entries: object, change_id: str | None = None) -> Recorded:
    """Append `entry` (a mapping as the sheet's YAML writes it) when the sheet still has
    `expected_entries`: StaleSheet when it has not, RefusedChange (its findings) when it would
    bring an error, InputValueError or SheetFormatError when it is no entry of the game. Sent
    again with the `change_id` of an entry saved before, it saves nothing and says which."""
    expected = expected_count(expected_entries)
    data = plain_entry(table, entry)
    refuse_link(table)
    repeat = already_saved(table, change_id, "record", data)
    if repeat is not None:  # before the entry count: it counts this very entry now
        return repeated(table, repeat)
    return append(table, data, expected, change_id)


def append(table: Table, entry: object, expected: int, change_id: str | None) -> Recorded:
    """`record` once `change_id` is known to name no change made before (the caller looked it
    up: core.pad_entry does before it reads the screen's values)."""
    data = plain_entry(table, entry)
    said: list[Said] = []
    try:
        result = _waiting(
            lambda: editing.record_entry(table.path, data, expected=expected, say=said.append, change_id=change_id)
        )
    except SheetFormatError as exc:  # the entry, written, is no entry of the sheet's game
        raise InputValueError(exc.message, table.sheet) from None
    return Recorded(said, result, table.sheet)


def undo(table: Table, expected_entries: object, change_id: str | None = None) -> Recorded:
    """Remove the last entry when the sheet still has `expected_entries`; sent again with the
    `change_id` of an undo made before, it removes nothing more and says which."""
    expected = expected_count(expected_entries)
    refuse_link(table)
    repeat = already_saved(table, change_id, "undo")
    if repeat is not None:
        return repeated(table, repeat)
    said: list[Said] = []
    _waiting(lambda: editing.undo_hand(table.path, say=said.append, expected=expected, change_id=change_id))
    return Recorded(said, result_of(table), table.sheet)


def expected_count(value: object) -> int:
    """`expected_entries`, required: a whole number (JSON's or a form's)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise InputValueError(M_("expected_entries: the number of entries the change was made for is required"))

    return whole(str(value), "expected_entries", 0, None)


def plain_entry(table: Table, entry: object) -> dict[str, object]:
    """An entry given as data, refused unless it is a mapping of what a sheet's YAML holds (_plain)."""
    _plain(entry, 0)
    if not isinstance(entry, dict) or not entry:
        example = "{hand: vazas, counts: [3, 2, 1, 7]}"
        raise InputValueError(
            M_("an entry is a mapping of the sheet's keys, e.g. {example}", example=example), table.sheet
        )
    return {str(key): value for key, value in entry.items()}  # every key a str: _plain refused any other


def _plain(value: object, depth: int) -> None:
    """An entry given as data holds what a sheet's YAML holds: mappings of names, lists, text,
    whole numbers and booleans, nested a few levels (bounded: it is written into the sheet)."""
    if depth > MAX_DEPTH:
        raise InputValueError(M_("entry: nested too deep for a sheet"))
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InputValueError(M_("entry: {key} is not a key of a sheet", key=quoted(str(key))))
            _plain(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _plain(item, depth + 1)
    elif not isinstance(value, (str, int, bool)):
        raise InputValueError(M_("entry: {value} is not a value a sheet holds", value=quoted(repr(value))))


# --- the values of an entry's screen (core.pad_entry) ----------------------------------------


def bounded_answers(answers: dict[object, object]) -> dict[str, str]:
    """The values posted for one entry's screen, bounded: so many fields of so many characters
    at most (no entry of any game has more), each one text."""
    if len(answers) > MAX_ANSWERS:
        raise InputValueError(M_("too many answers for one entry"))
    taken = {}
    for key, value in answers.items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise InputValueError(M_("an answer is text"))
        if len(value) > MAX_ANSWER:
            raise InputValueError(M_("an answer is at most {count} characters", count=MAX_ANSWER))
        taken[key] = value
    return taken


# --- the tournament above the tables ---------------------------------------------------------


def draw_ready(tournament: Tournament) -> tuple[bool, list[Finding]]:
    """Whether the next round can be drawn, and what `tournament check` finds (core.tournament)."""
    return core_tournament.draw_ready(tournament)


def draw_next(path: str, seconds: float = 5.0) -> core_tournament.Drawn:
    """Draw the next round into the tournament file and create its sheets, as `tournament draw`
    does (core.tournament.draw: under the file's writer lock, all or nothing); returns the round
    drawn (core.tournament.Drawn: the front end says it)."""
    return core_tournament.draw(path, seconds=seconds)
