"""A championship's operations, with no click and no terminal: start a tournament file, draw
its next round (the knockout and the extra round included), check it, rank it, export its
workbook, and the changes of the day. Each takes plain arguments and returns what it did as
data (output.tournament_text turns that into lines), or raises the domain's errors; the CLI
and the score pad call these, once per command."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from scorekeeper import games, i18n
from scorekeeper.errors import InputValueError, ScorekeeperError
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_
from scorekeeper.journal import transaction
from scorekeeper.journal.news import NO_NEWS, JournalNews
from scorekeeper.journal.store import Record
from scorekeeper.journal.transaction import Change, FileChange, Session
from scorekeeper.sheet.saving import refuse_existing, write_new, writer_lock
from scorekeeper.tournaments import day_changes, draw_round, member_check
from scorekeeper.tournaments.collect import check as check_tournament
from scorekeeper.tournaments.draw_round import DrawnRound
from scorekeeper.tournaments.model import StandingRow, Tournament
from scorekeeper.tournaments.new_tournament import Registration as Registration  # the CLI's `new --registry`
from scorekeeper.tournaments.new_tournament import (
    check_entrants,
    find_rules,
    new_tournament_text,
    parse_groups,
)
from scorekeeper.tournaments.standings import counted, ranked
from scorekeeper.tournaments.tournament_file import load, parse, read_tournament_text

Tick = Callable[[int, int], None]  # told of the progress: (done, total)

# The changes of the day are plain functions of the file already (TN1, TN6): the core's own.
undo = day_changes.undo
absent = day_changes.absent
penalty = day_changes.penalty
substitute = day_changes.substitute
withdraw = day_changes.withdraw
add = day_changes.add
rename = day_changes.rename


# --- new -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Created:
    """A tournament file written: where, under which rules (their name), for how many entrants,
    and whether they are teams."""

    path: str
    rules: str
    count: int
    teams: bool


def new(
    rules_ref: str,
    name: str,
    output: str,
    players: tuple[str, ...] = (),
    teams: tuple[str, ...] = (),
    groups: tuple[str, ...] = (),
    planned: int | None = None,
    force: bool = False,
    registration: Registration | None = None,
) -> Created:
    """Write a tournament file for `rules_ref` with its players (or teams `NAME=A,B` and groups
    `NAME=TEAM,TEAM`), planning `planned` rounds (TN2) when given; with a `registration` (its
    registries, the event's day, the season's start), each entrant a member who may play."""
    rules, written_ref = find_rules(rules_ref, output)
    refuse_existing(output, force)
    game = games.get(rules.game)
    who = check_entrants(game, rules, tuple(players), tuple(teams), output)
    grouped = parse_groups(tuple(groups), who, output) if isinstance(who, dict) else None
    text = new_tournament_text(name, written_ref, who, grouped, planned, output, registration)
    detail = {"file": os.path.basename(output), "name": name, "rules": rules.name, "entrants": len(who)}
    transaction.write_new(output, text, force, "tournament-new", detail)
    return Created(output, rules.name, len(who), isinstance(who, dict))


# --- draw ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawn:
    """A round drawn into the file `path` (as the caller named it): its number, and the round
    (its tables or matches, byes, search; `round.extra` the extra round drawn beside it).
    `journal`: what the journal did first (a change a killed run left, completed); `repeat`: the
    journal's record of the same draw, already made by a killed run (then `round` is None)."""

    path: str
    number: int
    round: DrawnRound | None
    journal: JournalNews = NO_NEWS
    repeat: Record | None = None


def draw(
    path: str,
    seed: int | None = None,
    seconds: float | None = 5.0,
    steps: int | None = None,
    force: bool = False,
    extra_without: tuple[str, ...] = (),
    again: bool = False,
) -> Drawn:
    """Draw the next round into the tournament file and write each table's (or match's) empty
    sheet, under the file's writer lock, as one change on the record: all or nothing (issue 24).
    Refused (DrawRefused) while a sheet of the last round is missing, incomplete or has errors,
    unless `force` (TN2). The same draw asked again right after a killed one that the journal
    completed is that one: not drawn twice, unless `again`."""
    with writer_lock(path) as target, Session(day_changes.refuse_missing(target, path), {target}) as session:
        said = day_changes.journal_news(session)
        try:
            # The real path it locked is read; the file is named, and its sheets and rules found, as
            # typed (every other command does so: a message never shows a path the user did not give).
            text = read_tournament_text(target, path)
            with open(target, "rb") as handle:
                before = handle.read()
            key = repr(("draw", seed, seconds, steps, force, tuple(extra_without)))
            probe = Change(
                "draw", path, [FileChange(path, before, None)], repeat_key=key, guard="interrupted", again=again
            )
            earlier = session.repeat_of(probe)
            if earlier is not None:
                return Drawn(path, len(parse(text, path).rounds), None, said, earlier)
            tournament = parse(text, path)
            checked = check_tournament(tournament)
            if not force:
                draw_round.refuse_unfinished(tournament, checked.findings)
            # Art 2, TN8, TN14: nobody who may not play is seated, forced or not.
            member_check.refuse_drawn(tournament, len(tournament.rounds) + 1, checked.findings)
            drawn = draw_round.draw(tournament, checked, seed, seconds, steps, tuple(extra_without))
            sheets, rounds = drawn.sheets, [drawn.lines]
            if drawn.extra is not None:
                sheets, rounds = [*sheets, *drawn.extra.sheets], [*rounds, drawn.extra.lines]
            text = draw_round.append_round(tournament, text, *rounds)
            number = len(tournament.rounds) + 1
            detail = {
                "round": number,
                "extra": number + 1 if drawn.extra is not None else None,
                "seed": seed,
                "steps": steps,
                "force": force,
                "extra_without": list(extra_without),
                "files": [
                    {"file": os.path.relpath(sheet, os.path.dirname(path) or os.curdir), "does": "created"}
                    for sheet, _text in sheets
                ],
            }
            change = draw_round.round_change(tournament, sheets, path, before, text, detail)
            change.repeat_key, change.guard, change.again = key, "interrupted", again
            session.apply(change)
        except ScorekeeperError as exc:
            exc.journal_news = said  # the completed change is said even when this one is refused
            raise
    return Drawn(path, number, drawn, said)


def draw_ready(tournament: Tournament) -> tuple[bool, list[Finding]]:
    """Whether the next round can be drawn (the current one complete and clean, and not past
    the planned rounds: draw_round.refuse_unfinished), and what `tournament check` finds."""
    checked = check_tournament(tournament)
    try:
        draw_round.refuse_unfinished(tournament, checked.findings)
    except ScorekeeperError:
        return False, checked.findings
    return True, checked.findings


# --- check -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Checked:
    """What `tournament check` finds in a tournament: every finding, in the order found."""

    tournament: Tournament
    findings: list[Finding]
    journal: JournalNews = NO_NEWS  # said first: a change a killed run left, completed

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.is_error)

    @property
    def warnings(self) -> int:
        return len(self.findings) - self.errors


def check(path: str, tick: Tick | None = None) -> Checked:
    """Check a tournament file: every sheet handed in, complete and clean, its players those of
    the draw, each player once in each round. `tick(done, total)` is told of each sheet read."""
    said = recovered(path)
    tournament = load(path)
    return Checked(tournament, check_tournament(tournament, tick).findings, said)


def recovered(path: str) -> JournalNews:
    """Before a command reads a tournament, what killed runs left pending in its folder's journal
    is completed (issue 24); what the journal did, for the front end to say first."""
    completed, notices = transaction.recover(path)
    return JournalNews(tuple(completed), tuple(notices))


# --- standings -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Standings:
    """The standings from the sheets that count, and what check finds (`pending`: a sheet not
    counted yet, a player seated twice ...), so that nothing moves the standings silently."""

    tournament: Tournament
    rows: list[StandingRow]
    pending: list[Finding]
    journal: JournalNews = NO_NEWS  # said first: a change a killed run left, completed
    ids: dict[str, str] = field(default_factory=dict)  # each entrant's member id, with a registry


def standings_of(tournament: Tournament, tick: Tick | None = None, journal: JournalNews = NO_NEWS) -> Standings:
    """The standings of a loaded tournament (the game's regulation; a team game's ending with
    its final, TN5), with each entrant's member id when the file names a registry."""
    checked = check_tournament(tournament, tick)
    ids = member_check.entrant_ids(tournament)
    pending = member_check.pending(checked.findings)  # a spelling said is no reason to wait
    return Standings(tournament, ranked(tournament, counted(checked)), pending, journal, ids)


def standings(path: str, tick: Tick | None = None) -> Standings:
    """The standings of the tournament file `path`."""
    said = recovered(path)
    return standings_of(load(path), tick, said)


# --- export ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Exported:
    """A championship workbook written: where, and its worksheets' titles in order."""

    path: str
    worksheets: list[str]
    journal: JournalNews = NO_NEWS  # said first: a change a killed run left, completed


def export(
    path: str,
    output: str,
    force: bool = False,
    reading: Tick | None = None,
    writing: Tick | None = None,
    saving: Tick | None = None,
) -> Exported:
    """Write the championship workbook of the tournament file `path` to `output` (.xlsx). The
    workbook speaks its game's language (King, Sueca: Portugal's; Truco, Quatrilho: Brazil's)
    or the one chosen; `reading`, `writing`, `saving` (done, total) are told of the progress in
    the language in use when called (the terminal's)."""
    if not output.lower().endswith(".xlsx"):
        raise InputValueError(M_("{path}: a workbook is an Excel file; name it with .xlsx", path=output))
    # Only export needs openpyxl: a day's command, a draw or a check starts without it.
    from scorekeeper.core.export import in_workbook_language  # lazy: loads openpyxl
    from scorekeeper.tournaments.workbook_write import build, refuse_oversized, workbook_bytes  # lazy: openpyxl

    refuse_existing(output, force)
    said = recovered(path)
    tournament = load(path)  # a file that cannot be used is refused in the caller's language
    refuse_oversized(tournament)  # before a sheet is read: the export's time is bounded
    language = i18n.workbook_language(games.get(tournament.rules.game).workbook_language)
    terminal = i18n.active()

    def told(tick: Tick | None) -> Tick | None:
        if tick is None:
            return None

        def in_terminal(done: int, total: int) -> None:
            with i18n.speaking(terminal):
                tick(done, total)

        return in_terminal

    workbook = in_workbook_language(language, lambda: build(tournament, told(reading), told(writing)))
    data = workbook_bytes(workbook, saving)
    write_new(output, data, force)
    return Exported(output, [ws.title for ws in workbook.worksheets], said)
