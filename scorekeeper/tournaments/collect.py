"""A tournament's sheets, read and checked, and what `tournament check` finds: every sheet
handed in, complete and clean, its players those of the draw, and each player (or team) once
in each round."""

from __future__ import annotations

import os
from typing import NamedTuple

from scorekeeper.errors import RefusalWords, ScorekeeperError, one_line, quoted
from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import M_, Decimal, Message, Mn_, in_words
from scorekeeper.sheet.load import load_sheet, reading_many, score
from scorekeeper.sheet.results import SheetResult
from scorekeeper.tournaments import finding_codes as codes
from scorekeeper.tournaments.drawn_sheets import leftovers
from scorekeeper.tournaments.inside_folder import looked_at, real_folder
from scorekeeper.tournaments.member_check import member_findings
from scorekeeper.tournaments.model import Match, Round, Table, Tournament
from scorekeeper.tournaments.tournament_file import TournamentFormatError, sheet_path


class Collected(NamedTuple):
    """The sheets the file names, read: each readable one's result (keyed as the file writes
    it), a finding for each that cannot be used, the sheets that must not count (a file reached
    twice, another event's or rule set's), and, when asked for, each sheet's model."""

    results: dict
    findings: list[Finding]
    disputed: set[str]
    sheets: dict


MAX_SHEET_BYTES = 64 * 1024  # a table's sheet: King's 100 hands or Sueca's 400 deals are some 25 KiB
MAX_SHEETS_BYTES = 3 << 20  # what one command reads of a tournament's sheets: 2,500 played games of King


class _Looked(NamedTuple):
    """One table's (or match's) sheet as collect first looks at it, before any is read."""

    round: Round
    item: Table | Match
    what: Message  # how a finding names the table ("table 1"), said with it
    path: str | None  # None: the file names no sheet for it yet
    info: os.stat_result | None  # None: no file there (or outside the folder)
    outside: bool  # the path leads out of the tournament's folder


def collect(tournament: Tournament, tick=None, keep_sheets: bool = False) -> Collected:
    """Every sheet the file names that can be read, scored (keyed as the file writes it), and a
    finding for each that cannot: missing, larger than a table's sheet, unusable, of another
    game, another event or another rule set, or a file already reached from another table (by
    another spelling of its path, a symlink or a hard link: one game counts once). `tick(done,
    total)` is told of each sheet read (a season's standings take a while).

    Bounded: each sheet is looked at once (stat) before any is read, and one that would be
    read is read once, so the work is linear in the sheets; their sizes in all are at most
    MAX_SHEETS_BYTES, else the tournament is refused up front (TournamentFormatError)."""
    looked = _look(tournament)
    _refuse_too_much(tournament, looked)
    collector = _Collector(tournament, keep_sheets)
    with reading_many():
        for done, look in enumerate(looked, start=1):
            if tick is not None:
                tick(done, len(looked))
            collector.take(look)
    return Collected(collector.results, collector.findings, collector.disputed, collector.sheets)


def _look(tournament: Tournament) -> list[_Looked]:
    """Each sheet the file names, looked at (stat) but not read; a table with a player absent
    is not played (King Art 7) and its sheet is not looked at."""
    folder = real_folder(tournament.source)
    looked = []
    for round_ in tournament.rounds:
        for item, what, _where in _played(round_):
            if getattr(item, "absent", None):
                continue
            if item.sheet is None:  # a table the file names no sheet for has not handed one in (TN2)
                looked.append(_Looked(round_, item, what, None, None, False))
                continue
            path = sheet_path(tournament, item.sheet)
            outside, info = looked_at(path, item.sheet, folder)
            looked.append(_Looked(round_, item, what, path, info, outside))
    return looked


def _refuse_too_much(tournament: Tournament, looked: list[_Looked]) -> None:
    """TournamentFormatError when the sheets that would be read hold more than
    MAX_SHEETS_BYTES in all (each file counted once)."""
    to_read, seen = 0, set()
    for look in looked:
        info = look.info
        if info is not None and info.st_size <= MAX_SHEET_BYTES and (info.st_dev, info.st_ino) not in seen:
            seen.add((info.st_dev, info.st_ino))
            to_read += info.st_size
    if to_read > MAX_SHEETS_BYTES:
        raise TournamentFormatError(
            M_(
                "its sheets hold {size} MiB; a tournament command reads at most {most} MiB of sheets",
                size=Decimal(f"{to_read / (1 << 20):.1f}"),
                most=MAX_SHEETS_BYTES >> 20,
            ),
            tournament.source,
        )


class _Collector:
    """What collect gathers, sheet by sheet: the results, the findings, the disputed sheets,
    the sheets' models (when kept), and each file reached so far (st_dev, st_ino) with the
    place that first named it."""

    def __init__(self, tournament: Tournament, keep_sheets: bool):
        self.tournament, self.keep_sheets = tournament, keep_sheets
        self.results: dict[str, SheetResult] = {}
        self.findings: list[Finding] = []
        self.disputed: set[str] = set()
        self.sheets: dict[str, object] = {}
        self.reached: dict[tuple[int, int], tuple[str, int, Message]] = {}

    def take(self, look: _Looked) -> None:
        """Read one table's sheet, or say why it is not read."""
        where = (self.tournament.source, look.item.line)
        path, name, info = look.path, look.item.sheet, look.info
        if path is None or name is None or look.outside or info is None:
            kind, message = self.not_there(look)
            self.findings.append(_finding(kind, where, message))
            return
        if self.reached_before(look, name, (info.st_dev, info.st_ino), where):
            return
        self.reached[info.st_dev, info.st_ino] = (name, look.round.number, look.what)
        if info.st_size > MAX_SHEET_BYTES:
            self.findings.append(
                _finding(
                    codes.SHEET_UNREADABLE,
                    where,
                    M_(
                        "round {round}, {what}: {sheet} is larger than {size} KiB: not a table's sheet (not read)",
                        round=look.round.number,
                        what=look.what,
                        sheet=name,
                        size=MAX_SHEET_BYTES >> 10,
                    ),
                )
            )
            return
        self.read(look, path, name, where)

    @staticmethod
    def not_there(look: _Looked) -> tuple[FindingKind, Message]:
        """Why a sheet is not read: the file names none, it is outside the folder, or no file is there."""
        round_, item, what = look.round.number, look.item, look.what
        if look.path is None:
            return codes.SHEET_MISSING, M_(
                "round {round}, {what}: no sheet is handed in yet (the file names none: give it its sheet:)",
                round=round_,
                what=what,
            )
        if look.outside:
            # A tournament file may come from someone else: its sheets stay in its folder, a
            # symlink out of it included (as a sheet's rules: does).
            return codes.SHEET_OUTSIDE, M_(
                "round {round}, {what}: {sheet} is outside the tournament's folder",
                round=round_,
                what=what,
                sheet=item.sheet,
            )
        return codes.SHEET_MISSING, M_(
            "round {round}, {what}: {sheet} is not handed in yet", round=round_, what=what, sheet=item.sheet
        )

    def reached_before(self, look: _Looked, sheet: str, file: tuple[int, int], where) -> bool:
        """One file, one game: reached again (s.yaml and ./s.yaml, a link) it would count twice.
        Neither place counts until the organiser names it at one table only."""
        first = self.reached.get(file)
        if first is None:
            return False
        first_sheet, first_round, first_what = first
        self.findings.append(
            _finding(
                codes.SHEET_TWICE,
                where,
                M_(
                    "round {round}, {what}: {sheet} is the file round {first_round}, {first_what} names as "
                    "{first_sheet}: a game counts once; name its sheet at one table",
                    round=look.round.number,
                    what=look.what,
                    sheet=sheet,
                    first_round=first_round,
                    first_what=first_what,
                    first_sheet=first_sheet,
                ),
            )
        )
        self.disputed.update((sheet, first_sheet))
        if first_sheet in self.results:
            self.results[sheet] = self.results[first_sheet]
        return True

    def read(self, look: _Looked, path: str, name: str, where) -> None:
        """Load and score a sheet; one that cannot be used, or is of another game, is a finding;
        one of another event or rule set counts as read but is disputed."""
        tournament, number, what = self.tournament, look.round.number, look.what
        try:
            sheet = load_sheet(path)
            result = score(sheet)
        except ScorekeeperError as exc:
            self.findings.append(
                _finding(
                    codes.SHEET_UNREADABLE,
                    where,
                    M_(
                        "round {round}, {what}: {error}",
                        round=number,
                        what=what,
                        error=SheetRefused(exc.location, exc.message),
                    ),
                )
            )
            return
        if result.game != tournament.rules.game:
            self.findings.append(
                _finding(
                    codes.SHEET_OTHER_GAME,
                    where,
                    M_(
                        "round {round}, {what}: {sheet} is a {game} sheet, not {tournament_game}",
                        round=number,
                        what=what,
                        sheet=name,
                        game=result.game,
                        tournament_game=tournament.rules.game,
                    ),
                )
            )
            return
        self.findings.extend(_not_this_tournaments(tournament, sheet, name, where, number, what, self.disputed))
        self.results[name] = result
        if self.keep_sheets:
            self.sheets[name] = sheet


def _not_this_tournaments(
    tournament: Tournament, sheet, name: str, where, number: int, what: Message, disputed: set
) -> list[Finding]:
    """A sheet of this game that is not this tournament's: another event's (its `event:` is not
    the tournament's name), or scored under other values than the tournament's rules (a house
    variant). Each is an error and the sheet does not count, as a sheet of another round does:
    a referee does not count a game from another championship or under other rules, and the
    organiser settles it (correcting the header, or the sheet)."""
    found = []
    event = sheet.event
    if event is not None and tournament.name and str(event).strip() != tournament.name.strip():
        disputed.add(name)
        found.append(
            _finding(
                codes.SHEET_OTHER_EVENT,
                where,
                M_(
                    "round {round}, {what}: {sheet} is a sheet of {event}, not of {tournament}",
                    round=number,
                    what=what,
                    sheet=name,
                    event=quoted(str(event)),
                    tournament=quoted(tournament.name),
                ),
            )
        )
    if not same_rules(sheet.rules, tournament.rules):
        disputed.add(name)
        found.append(
            _finding(
                codes.SHEET_OTHER_RULES,
                where,
                M_(
                    "round {round}, {what}: {sheet} is scored under {rules}, whose values are not the tournament's "
                    "({tournament_rules})",
                    round=number,
                    what=what,
                    sheet=name,
                    rules=quoted(sheet.rules_ref),
                    tournament_rules=tournament.rules_ref,
                ),
            )
        )
    return found


IDENTITY_FIELDS = ("source", "name", "aliases", "title")  # what names a rule set, not what it scores


def same_rules(first, second) -> bool:
    """Whether two loaded rule sets score alike: every value but their names and file (a house
    copy of the shipped rules with the same numbers is the same rule set)."""
    if first is second:
        return True
    if type(first) is not type(second):
        return False
    for field in first._fields:
        if field in IDENTITY_FIELDS:
            continue
        mine, theirs = getattr(first, field), getattr(second, field)
        if mine != theirs and not (
            type(mine) is type(theirs) and hasattr(mine, "__dict__") and vars(mine) == vars(theirs)
        ):
            return False
    return True


def _played(round_):
    """Each table (or match) of a round, what a finding calls it ("table 1") and where a player
    plays at it ("at table 1"): Messages, said with the finding in its caller's language."""
    for table in round_.tables:
        yield table, M_("table {table}", table=table.table), M_("at table {table}", table=table.table)
    for number, match in enumerate(round_.matches, start=1):
        yield match, M_("match {number}", number=number), M_("at match {number}", number=number)


class SheetRefused(NamedTuple):
    """A sheet's refusal quoted in a finding (`r1.yaml:3: missing key 'name'`), said as the
    refusal says itself (one line) when the finding is said, in the caller's language: `in_words`
    says a value it does not know by `str`, as findings.Cited is."""

    location: str
    message: RefusalWords

    def __str__(self) -> str:
        said = in_words(self.message)
        return one_line(f"{self.location}: {said}" if self.location else said)


def _place(at: Message | str) -> tuple:
    """Where a player plays (`at table 1`) as a key: a Message holds a mapping, which no key may;
    its id and its values as text (table 1 and table "1" are one place, as their words are)."""
    if isinstance(at, Message):
        return (at.msgid, *map(str, at.values.values()))
    return (at,)


def _names(names) -> str:
    return ", ".join(map(str, names))


def _finding(kind: FindingKind, where, message: Message, severity: Severity = Severity.ERROR) -> Finding:
    source, line = where
    return Finding(severity, source, line, message, kind.rule, code=kind.code)


class Checked(NamedTuple):
    """What `tournament check` finds: the results of the sheets it read, every finding, and the
    sheets a finding disputes (not the draw's players or round, a player twice): those never
    count in the standings until the organiser settles them; with `keep_sheets`, each read
    sheet's model (the workbook writes them without reading them again)."""

    results: dict
    findings: list[Finding]
    disputed: set[str]
    sheets: dict = {}


def check(tournament: Tournament, tick=None, keep_sheets: bool = False) -> Checked:
    """Every finding about the tournament: what collect finds, each sheet incomplete or with
    errors, a sheet whose players, round or table are not the draw's, two tables of the same
    number, and a player (or team) seated twice or not at all in a round."""
    results, findings, disputed, sheets = collect(tournament, tick, keep_sheets)
    findings.extend(member_findings(tournament))  # who may play, when the file names a registry (Art 2, TN8, TN14)
    everyone = list(tournament.players or tournament.teams)  # in the file's order, for the findings'
    for round_ in tournament.rounds:
        _RoundCheck(tournament, round_, results, findings, disputed, everyone).run()
    findings.extend(_leftover_findings(tournament))
    return Checked(results, findings, disputed, sheets)


class _RoundCheck:
    """What check finds in one round, added to `findings` (and the sheets it disputes to
    `disputed`): each table's number, sheet and seats, the byes, and who has no seat."""

    def __init__(self, tournament: Tournament, round_: Round, results: dict, findings: list, disputed: set, everyone):
        self.tournament, self.round, self.results = tournament, round_, results
        self.findings, self.disputed, self.everyone = findings, disputed, everyone
        self.known = set(everyone)  # a set to look names up in: a round of 2,000 players is not quadratic
        self.seen: dict[
            str, Message | str
        ] = {}  # who -> where he plays ("at table 1"; the markers below are never printed)
        self.sheet_at: dict[tuple, str | None] = {}  # where (_place(at table 1)) -> its sheet
        self.numbers: set[str] = set()

    def run(self) -> None:
        for item, what, at in _played(self.round):
            self.table(item, what, at)
        self.byes()
        self.apart()
        self.unseated()

    def add(self, kind: FindingKind, where, message: Message, severity: Severity = Severity.ERROR) -> None:
        self.findings.append(_finding(kind, where, message, severity))

    def table(self, item: Table | Match, what: Message, at: Message) -> None:
        """One table (or match): its number, its sheet against the draw, and who sits at it."""
        number = self.round.number
        where = (self.tournament.source, item.line)
        label = str(getattr(item, "table", ""))
        if label and label in self.numbers:
            self.add(
                codes.TABLE_NUMBER_TWICE,
                where,
                M_("round {round}: two tables are numbered {table}", round=number, table=label),
            )
        self.numbers.add(label)
        absent = getattr(item, "absent", None)
        if absent and item.sheet is not None:
            self.add(
                codes.ABSENT_SHEET,
                where,
                M_(
                    "round {round}, {what}: {player} was absent, so the table is not played and {sheet} is not "
                    "read (remove its sheet: from the table)",
                    round=number,
                    what=what,
                    player=quoted(absent[0]),
                    sheet=item.sheet,
                ),
                Severity.WARNING,
            )
        result = self.results.get(item.sheet) if item.sheet is not None else None
        drawn = item.players if isinstance(item, Table) else item.teams
        if result is not None and item.sheet is not None:
            drawn = self.sheet_against_draw(item, item.sheet, what, where, result, drawn)
        self.seats(drawn, item, what, at, where)
        self.sheet_at[_place(at)] = item.sheet

    def sheet_against_draw(self, item: Table | Match, sheet: str, what: Message, where, result, drawn: list) -> list:
        """A read sheet against the draw: its round and table as written, whether it is whole
        and clean, and its players; who it seats (its own players) is returned."""
        number = self.round.number
        for kind, key, drawn_value in (
            (codes.SHEET_OTHER_ROUND, "round", number),
            (codes.SHEET_OTHER_TABLE, "table", getattr(item, "table", None)),
        ):
            written = result.meta.get(key)
            if written is not None and drawn_value is not None and str(written) != str(drawn_value):
                self.disputed.add(sheet)
                said = dict(round=number, what=what, sheet=sheet, written=written, drawn=drawn_value)
                message = (
                    M_("round {round}, {what}: {sheet} says round {written}, not {drawn}", **said)
                    if key == "round"
                    else M_("round {round}, {what}: {sheet} says table {written}, not {drawn}", **said)
                )
                self.add(kind, where, message)
        if not result.complete:
            self.add(
                codes.SHEET_INCOMPLETE,
                where,
                M_("round {round}, {what}: {sheet} is not complete", round=number, what=what, sheet=sheet),
            )
        errors = sum(1 for f in result.findings if f.is_error)
        if errors:
            self.add(
                codes.SHEET_ERRORS,
                where,
                Mn_(
                    "round {round}, {what}: {sheet} has {count} error (scorekeeper check {sheet})",
                    "round {round}, {what}: {sheet} has {count} errors (scorekeeper check {sheet})",
                    errors,
                    round=number,
                    what=what,
                    sheet=sheet,
                    count=errors,
                ),
            )
        self.players_against_draw(sheet, what, where, result, drawn)
        return list(result.players)

    def players_against_draw(self, sheet: str, what: Message, where, result, drawn: list) -> None:
        number = self.round.number
        if drawn and sorted(result.players) == sorted(drawn) and list(result.players) != list(drawn):
            # The draw's own players, seated otherwise (who dealt first, TN2's seat order):
            # the game was theirs and counts; the organiser is told only the order differs.
            self.add(
                codes.SHEET_SEAT_ORDER,
                where,
                M_(
                    "round {round}, {what}: {sheet} seats the draw's players in another order ({players}, "
                    "drawn {drawn}); the game counts",
                    round=number,
                    what=what,
                    sheet=sheet,
                    players=_names(result.players),
                    drawn=_names(drawn),
                ),
                Severity.WARNING,
            )
        elif drawn and list(result.players) != list(drawn):
            self.disputed.add(sheet)
            self.add(
                codes.SHEET_OTHER_PLAYERS,
                where,
                M_(
                    "round {round}, {what}: {sheet} is played by {players}, not the draw's {drawn}",
                    round=number,
                    what=what,
                    sheet=sheet,
                    players=_names(result.players),
                    drawn=_names(drawn),
                ),
            )

    def seats(self, drawn: list, item: Table | Match, what: Message, at: Message, where) -> None:
        """Each name seated at the table: seated twice in the round, not in the tournament, or
        not drawn in this round (TN6)."""
        number, seen = self.round.number, self.seen
        for name in drawn:
            if name in seen:
                self.disputed.update(sheet for sheet in (item.sheet, self.sheet_at.get(_place(seen[name]))) if sheet)
                self.add(
                    codes.PLAYER_TWICE,
                    where,
                    M_(
                        "round {round}: {name} plays {where} and {other}",
                        round=number,
                        name=quoted(name),
                        where=at,
                        other=seen[name],
                    ),
                )
            elif name not in self.known:
                self.add(
                    codes.PLAYER_UNKNOWN,
                    where,
                    M_(
                        "round {round}, {what}: {name} is not in the tournament",
                        round=number,
                        what=what,
                        name=quoted(name),
                    ),
                )
            elif not self.tournament.plays_in(name, number):
                self.add(
                    codes.PLAYER_NOT_DRAWN,
                    where,
                    M_(
                        "round {round}, {what}: {name} does not play in round {round} (withdrawn, replaced by a "
                        "substitute, or entered later)",
                        round=number,
                        what=what,
                        name=quoted(name),
                    ),
                )
            seen[name] = at

    def byes(self) -> None:
        round_ = self.round
        for name in round_.byes:
            if name in self.seen:
                self.add(
                    codes.BYE_PLAYS,
                    (self.tournament.source, round_.line),
                    M_(
                        "round {round}: {name} has a bye and plays {where}",
                        round=round_.number,
                        name=quoted(name),
                        where=self.seen[name],
                    ),
                )
            self.seen[name] = "a bye"

    def apart(self) -> None:
        """The players the cut left out of the next round, an extra one, play apart (Art 23)."""
        rounds, number = self.tournament.rounds, self.round.number
        apart = rounds[number] if number < len(rounds) else None
        if apart is not None and apart.stage == "extra":
            self.seen.update({name: "the extra round" for table in apart.tables for name in table.players})
            # sat out, or chose not to
            self.seen.update({name: "the extra round" for name in (*apart.byes, *apart.without)})

    def unseated(self) -> None:
        """A players' game seats everyone in every round; a table whose players neither the file
        nor a readable sheet names leaves it unknown who sat there (its own finding says why)."""
        round_ = self.round
        unknown = any(not table.players and self.results.get(table.sheet) is None for table in round_.tables)
        if not round_.tables or round_.stage == "extra" or unknown:
            return
        for name in self.everyone:
            if name not in self.seen and self.tournament.plays_in(name, round_.number):  # TN6: not one withdrawn, ...
                self.add(
                    codes.PLAYER_UNSEATED,
                    (self.tournament.source, round_.line),
                    M_("round {round}: {name} has no table and no bye", round=round_.number, name=quoted(name)),
                )


def _leftover_findings(tournament: Tournament) -> list[Finding]:
    """What an interrupted draw left in the folder (drawn_sheets.leftovers): its empty sheets, which
    the next draw replaces (one warning a round), and a file at a drawn sheet's name that holds
    something else, which refuses the next draw until it is moved (one warning each)."""
    found = leftovers(tournament)
    findings = []
    where = (tournament.source, tournament.rounds_line or 1)
    for number in sorted({leftover.round for leftover in found if leftover.untouched}):
        names = [leftover.name for leftover in found if leftover.untouched and leftover.round == number]
        findings.append(
            _finding(
                codes.DRAW_LEFTOVER,
                where,
                Mn_(
                    "an interrupted draw left {count} empty sheet of round {round}, which the file does not hold ({sheets}): "
                    "the next `tournament draw` replaces it",
                    "an interrupted draw left {count} empty sheets of round {round}, which the file does not hold ({sheets}): "
                    "the next `tournament draw` replaces them",
                    len(names),
                    count=len(names),
                    round=number,
                    sheets=_first_names(names),
                ),
                Severity.WARNING,
            )
        )
    for leftover in found:
        if not leftover.untouched:
            findings.append(
                _finding(
                    codes.DRAW_LEFTOVER,
                    where,
                    M_(
                        "{sheet} is named as a sheet of round {round}, which the file does not hold, and is not an empty "
                        "drawn sheet: a draw of round {round} is refused until it is moved",
                        sheet=leftover.path,
                        round=leftover.round,
                    ),
                    Severity.WARNING,
                )
            )
    return findings


def _first_names(names: list[str]) -> str | Message:
    """The first names of a long list, and how many more."""
    if len(names) <= 3:
        return ", ".join(names)
    return Mn_(
        "{names} and {count} more",
        "{names} and {count} more",
        len(names) - 3,
        names=", ".join(names[:3]),
        count=len(names) - 3,
    )
