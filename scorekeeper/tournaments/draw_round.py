"""`tournament draw`: the next round of a tournament, its tables' (or matches') empty sheets,
and the refusal to draw while the round before is not all in, complete and clean (TN2)."""

from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass, field

from scorekeeper import games
from scorekeeper.errors import InputValueError, quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_, Mn_, _
from scorekeeper.journal.transaction import Change, FileChange, current
from scorekeeper.sheet.yaml_edit import append_entry, flow
from scorekeeper.tournaments import knockout
from scorekeeper.tournaments.draw_plan import TIME_BUDGET, Draw, draw_tables, round_robin
from scorekeeper.tournaments.drawn_sheets import is_untouched, leftovers, new_sheet, sheet_name
from scorekeeper.tournaments.model import Tournament
from scorekeeper.tournaments.standings import counted
from scorekeeper.tournaments.tournament_file import sheet_path


@dataclass(frozen=True)
class Seated:
    """A table (or match) drawn: its number, who sits at it (a match: its two teams), its
    sheet's name as the file writes it, and a match's group (None outside the group phase)."""

    number: int
    who: list[str]
    sheet: str
    match: bool = False
    group: str | None = None


@dataclass
class DrawnRound:
    """A round as the file will hold it (`lines`: block YAML for sheet.yaml_edit.append_entry), the
    empty sheets to create (path, text), and what was drawn (`seated`, `byes`, `without`:
    output.tournament_text says it); `extra`, the round drawn beside it for the players the
    cut left out (Quatrilho Art 22, 23)."""

    lines: list[str]
    sheets: list[tuple[str, str]]
    seated: list[Seated]
    byes: list[str] = field(default_factory=list)
    without: list[str] = field(default_factory=list)
    extra: DrawnRound | None = None
    search: Draw | None = None  # how a players' game's tables were found (its steps, time, repeats)


class DrawRefused(InputValueError):
    """The round before is not all in, complete and clean (TN2); `--force` draws anyway."""


def refuse_unfinished(tournament: Tournament, findings: list[Finding]) -> None:
    """TN2: a round is drawn only when every sheet of the round before is complete and clean,
    and not past the rounds the committee fixed (planned_rounds; Quatrilho Art 10)."""
    if not tournament.rounds:
        return
    planned = tournament.planned_rounds
    if planned is not None and len(tournament.rounds) >= planned:
        raise DrawRefused(
            M_(
                "round {number} was the last planned (planned_rounds: {number}); `--force` draws another",
                number=planned,
            ),
            tournament.source,
        )
    last = tournament.rounds[-1]
    lines = {table.line for table in last.tables} | {match.line for match in last.matches} | {last.line}
    about_last = [f for f in findings if f.is_error and f.line in lines]
    if about_last:
        first, more = about_last[0], len(about_last) - 1
        message = (
            Mn_(
                "round {number} is not finished: {finding} (and {count} more); `tournament check` "
                "lists everything, `--force` draws anyway",
                "round {number} is not finished: {finding} (and {count} more); `tournament check` "
                "lists everything, `--force` draws anyway",
                more,
                number=last.number,
                finding=first.message,
                count=more,
            )
            if more
            else M_(
                "round {number} is not finished: {finding}; `tournament check` lists everything, `--force` draws anyway",
                number=last.number,
                finding=first.message,
            )
        )
        raise DrawRefused(message, tournament.source)


def draw(
    tournament: Tournament,
    checked,
    seed: int | None,
    time_budget: float | None = None,
    steps: int | None = None,
    extra_without: tuple[str, ...] = (),
) -> DrawnRound:
    """The next round: tables of a players' game, or matches of a team game's next stage. A players'
    game's search runs `time_budget` seconds at most (draw.TIME_BUDGET when None), or exactly
    `steps` steps (the `search:` a round records) to draw a round again. `extra_without`: the
    players the cut leaves out who do not play the extra round (Art 23: they "may" play it)."""
    game = games.get(tournament.rules.game)
    seed = secrets.randbelow(2**31) if seed is None else seed
    number = len(tournament.rounds) + 1
    if game.seating is games.Seating.PLAYERS:
        playing, left_out = _after_the_cut(tournament, game, checked, number)
        _refuse_unknown_without(tournament, number, left_out, extra_without)
        drawn = _tables(tournament, game, number, seed, playing, time_budget=time_budget, steps=steps)
        if left_out:
            # Art 23: the players the cut left out may play an extra round, apart, for its own prize;
            # its tables are numbered after the last round's, beside which they play (TN6).
            apart = [name for name in left_out if name not in extra_without]
            drawn.extra = _tables(
                tournament,
                game,
                number + 1,
                seed,
                apart,
                stage="extra",
                time_budget=time_budget,
                first_table=len(drawn.search.tables) + 1 if drawn.search else 1,
                without=[name for name in left_out if name in extra_without],
            )
            if not apart:
                drawn.extra.search = None  # nobody plays it: no tables, nothing was searched
        return drawn
    if extra_without:
        raise InputValueError(
            M_("--extra-without: only a players' game after its cut has an extra round (Art 23)"), tournament.source
        )
    return _matches(tournament, game, checked, number, seed)


def _refuse_unknown_without(
    tournament: Tournament, number: int, left_out: list[str], extra_without: tuple[str, ...]
) -> None:
    """--extra-without names only players the cut leaves out of this round (Art 22, 23)."""
    for name in extra_without:
        if not left_out:
            raise InputValueError(
                M_(
                    "--extra-without: round {number} has no extra round: it is drawn beside the last "
                    "planned round, for those the cut leaves out (Art 23)",
                    number=number,
                ),
                tournament.source,
            )
        if name not in left_out:
            raise InputValueError(
                M_(
                    "--extra-without: {name} is not one of the players the cut leaves out of round {number}",
                    name=quoted(name),
                    number=number,
                ),
                tournament.source,
            )


def _after_the_cut(tournament: Tournament, game, checked, number: int) -> tuple[list[str], list[str]]:
    """Who plays round `number`: everyone, except in the last planned round of a game whose
    standings mark who the cut let through (tiebreaks["qualified"]: Quatrilho Art 22's first 40
    after the next-to-last round); the others play apart (Art 23)."""
    drawn = tournament.playing(number)  # TN6: not the withdrawn, the replaced, the entries still to come
    if tournament.planned_rounds is None or number != tournament.planned_rounds:
        return drawn, []

    rows = game.standings(tournament, counted(checked))
    through = {row.name for row in rows if row.tiebreaks.get("qualified") is not False}
    if all(p in through for p in drawn):
        return drawn, []
    return ([p for p in drawn if p in through], [p for p in drawn if p not in through])


def _flow(value) -> str:
    return flow(value)


def _tables(
    tournament: Tournament,
    game,
    number: int,
    seed: int,
    players: list[str],
    stage: str | None = None,
    time_budget: float | None = None,
    steps: int | None = None,
    first_table: int = 1,
    without: list[str] | None = None,
) -> DrawnRound:
    sizes = tuple(sorted(game.seats(tournament.rules), reverse=True))
    history = [[table.players for table in round_.tables if table.players] for round_ in tournament.rounds]
    byes_so_far = dict.fromkeys(players, 0)
    for round_ in tournament.rounds:
        for name in round_.byes:
            if name in byes_so_far:
                byes_so_far[name] += 1
    # TN2: plan for the rounds the file says; else for as many as could be played with no one
    # meeting anyone twice (16 in fours: 5), and at least this one.
    planned = tournament.planned_rounds or max(number, (len(players) - 1) // (sizes[0] - 1))
    drawn = draw_tables(
        list(players),
        sizes,
        history,
        byes_so_far,
        max(planned, number),
        seed,
        TIME_BUDGET if time_budget is None else time_budget,
        steps,
    )
    tables, byes = drawn.tables, drawn.byes
    # The file's comments speak the organiser's language; its keys and values stay as they are.
    again = _("`tournament draw --seed {seed} --steps {steps}` draws this round again").format(
        seed=seed, steps=drawn.steps
    )
    lines = [f"seed: {seed}  # {again}", "tables:"]
    if stage is not None:
        apart = _("the players the cut left out, apart (Art 23)")
        lines.insert(0, f"stage: {stage}  # {apart}")
    sheets, seated = [], []
    for index, players in enumerate(tables, start=first_table):
        sheet = sheet_name(number, index)
        lines.append(f"  - {_flow({'table': index, 'players': players, 'sheet': sheet})}")
        sheets.append((sheet_path(tournament, sheet), new_sheet(tournament, game, players, index, number)))
        seated.append(Seated(index, list(players), sheet))
    if byes:
        lines.append(f"byes: {_flow(byes)}")
    if without:
        lines.append(f"without: {_flow(without)}")
    lines.append(f"search: {drawn.steps}")  # last, so that the lines of the round's tables stay where they were
    return DrawnRound(lines, sheets, seated, list(byes), list(without or ()), search=drawn)


def _matches(tournament: Tournament, game, checked, number: int, seed: int) -> DrawnRound:
    """The next group round of every group's round robin (circle method); when the groups are
    played, the semi-finals (1st v 4th, 2nd v 3rd), then the final (TN3)."""
    group_rounds = [r for r in tournament.rounds if (r.stage or "group") == "group"]
    pairs: list[tuple[str | None, str, str]] = []
    for name, teams in tournament.groups.items():
        schedule = round_robin(list(teams))
        if len(group_rounds) < len(schedule):
            pairs += [(name, a, b) for a, b in schedule[len(group_rounds)]]
    if pairs:
        stage = "group"
    else:
        stage, pairs = _knockout(tournament, game, checked)
    lines = [f"stage: {stage}", f"seed: {seed}", "matches:"]
    sheets, seated = [], []
    for index, (group, first, second) in enumerate(pairs, start=1):
        sheet = sheet_name(number, index)
        match = (
            {"group": group, "teams": [first, second], "sheet": sheet}
            if group
            else {"teams": [first, second], "sheet": sheet}
        )
        lines.append(f"  - {_flow(match)}")
        who = {first: tournament.teams[first], second: tournament.teams[second]}
        sheets.append((sheet_path(tournament, sheet), new_sheet(tournament, game, who, index, number)))
        seated.append(Seated(index, [first, second], sheet, match=True, group=group))
    return DrawnRound(lines, sheets, seated)


def _knockout(tournament: Tournament, game, checked) -> tuple[str, list[tuple[str | None, str, str]]]:
    """After the groups: a negra for a tie the criteria do not break, else the semi-finals, then
    the final (TN3); nothing after the final."""

    results = counted(checked)
    rows = game.standings(tournament, results)
    played = {frozenset(match.teams) for r in tournament.rounds if r.stage == "negra" for match in r.matches}
    pairs: list[tuple[str | None, str, str]] = []
    for tied in knockout.negras_needed(rows):
        # S5 (f): the tied teams play negras among themselves, a round robin of them when three or
        # more are tied, one negra a team a round; the next of its rounds not yet played.
        schedule = round_robin(list(tied))
        upcoming = next((r for r in schedule if not all(frozenset(pair) in played for pair in r)), None)
        if upcoming is not None:
            pairs += [(None, a, b) for a, b in upcoming if frozenset((a, b)) not in played]
    if pairs:
        return "negra", pairs
    semis = [r for r in tournament.rounds if r.stage == "semi"]
    if not semis:
        # TN5: from one, two or four groups; any other count is the organiser's to write.
        drawn = knockout.semi_finals(rows, game.knockout_seeding, tournament.source, len(tournament.rounds) + 1)
        pairs = [(None, a, b) for a, b in drawn]
        return "semi", pairs
    if not any(r.stage == "final" for r in tournament.rounds):
        final = knockout.final(semis[-1].matches, results)
        if final is None:
            raise InputValueError(M_("the semi-finals have no winners yet"), tournament.source)
        pairs = [(None, *final)]
        return "final", pairs
    raise InputValueError(M_("the final is drawn: the tournament is over"), tournament.source)


def append_round(tournament: Tournament, text: str, *rounds: list[str]) -> str:
    """The tournament file's text with drawn rounds (each block YAML lines) added to its rounds.
    When `rounds:` is the file's last key and a block list (as every draw leaves it), the round
    is written after the last one as text, in time linear in the file; otherwise the file is
    composed (sheet.yaml_edit.append_entry), which is quadratic-looking slow on a file of a megabyte
    (pure-Python YAML nodes: seconds) but keeps any layout a person gave it."""
    indent = _block_indent(tournament, text)
    if indent is None:
        for lines in rounds:
            text = append_entry(text, lines, tournament.source, "rounds")
        return text
    body = [text if text.endswith("\n") else text + "\n"]
    for first, *rest in rounds:
        body += [f"{indent}- {first}\n", *(f"{indent}  {line}\n" for line in rest)]
    return "".join(body)


def _block_indent(tournament: Tournament, text: str) -> str | None:
    """The indentation of the rounds' `- ` when they are a block list that ends the file (only
    comments and blank lines, or the last round's own lines, after its first line); else None."""
    if not tournament.rounds or "\n..." in text or "\n---" in text:
        return None
    starts = [0]
    index = text.find("\n")
    while index != -1:  # each line's start: one pass, linear in the file
        starts.append(index + 1)
        index = text.find("\n", index + 1)

    def line(number: int) -> str:
        if not 1 <= number <= len(starts):
            return ""
        end = text.find("\n", starts[number - 1])
        return text[starts[number - 1] :] if end == -1 else text[starts[number - 1] : end]

    head = re.match(r"( *)- ", line(tournament.rounds[0].line or 0))
    if head is None:
        return None
    indent = head.group(1)
    if any(not line(round_.line or 0).startswith(indent + "- ") for round_ in tournament.rounds):
        return None
    for number in range((tournament.rounds[-1].line or 0) + 1, len(starts) + 1):
        after = line(number)
        stripped = after.lstrip(" ")
        if stripped and not stripped.startswith("#") and len(after) - len(stripped) <= len(indent):
            return None  # a key (or a round not at its place) after the rounds: compose it
    return indent


# --- writing a round: all or nothing -------------------------------------------------------------
#
# A round is one change on the record (journal.transaction, issue 24), applied under the
# tournament file's writer lock: its empty sheets, then the tournament file with the round, each
# with its content before and after, written to the folder's journal before any file. Stopped by
# SIGTERM, Ctrl-C or a full disk, every file is put back; killed outright (kill -9, a power cut),
# the next command that reads or writes the folder completes the draw before anything else. An
# interrupted draw thus leaves no leftover sheets any more; those of a folder written without a
# journal (an older scorekeeper's, a journal set aside) are still recognised, reported by
# `tournament check` (T-TN2-DRAW-LEFTOVER), and replaced by the next draw. A sheet that holds
# anything else is never replaced or removed: the draw is refused naming it.


def round_change(
    tournament: Tournament, sheets: list[tuple[str, str]], path: str, before: bytes, text: str, detail: dict
) -> Change:
    """The draw as one change: the untouched leftovers this draw does not name removed, each
    sheet created (a leftover at its name replaced), then the tournament file `path` from
    `before` to `text`. Any other file at a sheet's name refuses it before anything is written."""
    found = {leftover.path: leftover for leftover in leftovers(tournament)}
    named = {sheet for sheet, _text in sheets}
    files: list[FileChange] = []
    for leftover in found.values():
        if leftover.untouched and leftover.path not in named:
            files.append(FileChange(leftover.path, current(leftover.path), None))
    for sheet, sheet_text in sheets:
        old = None
        if os.path.lexists(sheet):
            if not (sheet in found and found[sheet].untouched and is_untouched(tournament, sheet)):
                raise InputValueError(M_("{path}: already exists; a draw never replaces a sheet", path=sheet))
            old = current(sheet)
        files.append(FileChange(sheet, old, sheet_text.encode("utf-8")))
    files.append(FileChange(path, before, text.encode("utf-8")))
    return Change("draw", path, files, detail)
