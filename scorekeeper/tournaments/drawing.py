"""`tournament draw`: the next round of a tournament, its tables' (or matches') empty sheets,
and the refusal to draw while the round before is not all in, complete and clean (TN2)."""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass

from scorekeeper import games
from scorekeeper.errors import InputValueError, one_line
from scorekeeper.findings import Finding
from scorekeeper.i18n import _, ngettext
from scorekeeper.tournaments.model import Tournament
from scorekeeper.tournaments.tournament_file import sheet_path


@dataclass
class DrawnRound:
    """A round as the file will hold it (`lines`: block YAML for sheet_file.append_entry), the
    empty sheets to create (path, text), and what to tell the organiser; `extra`, the round
    drawn beside it for the players the cut left out (Quatrilho Art 22, 23)."""

    lines: list[str]
    sheets: list[tuple[str, str]]
    summary: list[str]
    extra: "DrawnRound | None" = None


class DrawRefused(InputValueError):
    """The round before is not all in, complete and clean (TN2); `--force` draws anyway."""


def refuse_unfinished(tournament: Tournament, findings: list[Finding]) -> None:
    """TN2: a round is drawn only when every sheet of the round before is complete and clean,
    and not past the rounds the committee fixed (planned_rounds; Quatrilho Art 10)."""
    if not tournament.rounds:
        return
    planned = tournament.planned_rounds
    if planned is not None and len(tournament.rounds) >= planned:
        raise DrawRefused(_("round {number} was the last planned (planned_rounds: {number}); `--force` draws "
                            "another").format(number=planned), tournament.source)
    last = tournament.rounds[-1]
    lines = {item.line for item in (*last.tables, *last.matches)} | {last.line}
    about_last = [f for f in findings if f.is_error and f.line in lines]
    if about_last:
        first, more = about_last[0], len(about_last) - 1
        if more:
            message = ngettext("round {number} is not finished: {finding} (and {count} more); `tournament check` "
                               "lists everything, `--force` draws anyway",
                               "round {number} is not finished: {finding} (and {count} more); `tournament check` "
                               "lists everything, `--force` draws anyway", more)
        else:
            message = _("round {number} is not finished: {finding}; `tournament check` lists everything, "
                        "`--force` draws anyway")
        raise DrawRefused(message.format(number=last.number, finding=first.message, count=more), tournament.source)


def draw(tournament: Tournament, checked, seed: int | None) -> DrawnRound:
    """The next round: tables of a players' game, or matches of a team game's next stage."""
    game = games.get(tournament.rules.game)
    seed = secrets.randbelow(2**31) if seed is None else seed
    number = len(tournament.rounds) + 1
    if game.seating is games.Seating.PLAYERS:
        playing, left_out = _after_the_cut(tournament, game, checked, number)
        drawn = _tables(tournament, game, number, seed, playing)
        if left_out:
            # Art 23: the players the cut left out may play an extra round, apart, for its own prize.
            drawn.extra = _tables(tournament, game, number + 1, seed, left_out, stage="extra")
        return drawn
    return _matches(tournament, game, checked, number, seed)


def _after_the_cut(tournament: Tournament, game, checked, number: int) -> tuple[list[str], list[str]]:
    """Who plays round `number`: everyone, except in the last planned round of a game whose
    standings mark who the cut let through (tiebreaks["qualified"]: Quatrilho Art 22's first 40
    after the next-to-last round); the others play apart (Art 23)."""
    if tournament.planned_rounds is None or number != tournament.planned_rounds:
        return list(tournament.players), []
    from scorekeeper.tournaments.standings import counted

    rows = game.standings(tournament, counted(checked))
    through = {row.name for row in rows if row.tiebreaks.get("qualified") is not False}
    if len(through) == len(tournament.players):
        return list(tournament.players), []
    return ([p for p in tournament.players if p in through], [p for p in tournament.players if p not in through])


def _flow(value) -> str:
    from scorekeeper.sheet_file import flow

    return flow(value)


def _names(names: list[str]) -> str:
    """Names as the draw's lines show them: each escaped as a message quotes it (errors.one_line),
    so that no name breaks a line or forges one."""
    return ", ".join(one_line(name) for name in names)


def _sheet_name(number: int, table) -> str:
    return f"r{number}-mesa{table}.yaml"


def _new_sheet(tournament: Tournament, game, who, table, number: int) -> str:
    from scorekeeper.new_sheet import new_sheet_text

    return new_sheet_text(game, tournament.rules, tournament.rules_ref, who, event=tournament.name or None,
                          table=str(table), round_=str(number), source=tournament.source)


def _tables(tournament: Tournament, game, number: int, seed: int, players: list[str],
            stage: str | None = None) -> DrawnRound:
    from scorekeeper.tournaments.draw import draw_tables

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
    tables, byes = draw_tables(list(players), sizes, history, byes_so_far, max(planned, number), seed)
    # The file's comments speak the organiser's language; its keys and values stay as they are.
    again = _("`tournament draw --seed {seed}` draws this round again").format(seed=seed)
    lines = [f"seed: {seed}  # {again}", "tables:"]
    if stage is not None:
        apart = _("the players the cut left out, apart (Art 23)")
        lines.insert(0, f"stage: {stage}  # {apart}")
    sheets, summary = [], []
    for index, players in enumerate(tables, start=1):
        sheet = _sheet_name(number, index)
        lines.append(f"  - {_flow({'table': index, 'players': players, 'sheet': sheet})}")
        sheets.append((sheet_path(tournament, sheet), _new_sheet(tournament, game, players, index, number)))
        summary.append(_("Table {number}: {players} ({sheet})").format(number=index, players=_names(players),
                                                                      sheet=sheet))
    if byes:
        lines.append(f"byes: {_flow(byes)}")
        summary.append(_("Bye: {players}").format(players=_names(byes)))
    return DrawnRound(lines, sheets, summary)


def _matches(tournament: Tournament, game, checked, number: int, seed: int) -> DrawnRound:
    """The next group round of every group's round robin (circle method); when the groups are
    played, the semi-finals (1st v 4th, 2nd v 3rd), then the final (TN3)."""
    from scorekeeper.tournaments.draw import round_robin

    group_rounds = [r for r in tournament.rounds if (r.stage or "group") == "group"]
    pairs: list[tuple[str, str, str]] = []
    for group, teams in tournament.groups.items():
        schedule = round_robin(list(teams))
        if len(group_rounds) < len(schedule):
            pairs += [(group, a, b) for a, b in schedule[len(group_rounds)]]
    if pairs:
        stage = "group"
    else:
        stage, pairs = _knockout(tournament, game, checked)
    lines = [f"stage: {stage}", f"seed: {seed}", "matches:"]
    sheets, summary = [], []
    for index, (group, first, second) in enumerate(pairs, start=1):
        sheet = _sheet_name(number, index)
        match = {"group": group, "teams": [first, second], "sheet": sheet} if group else \
            {"teams": [first, second], "sheet": sheet}
        lines.append(f"  - {_flow(match)}")
        who = {first: tournament.teams[first], second: tournament.teams[second]}
        sheets.append((sheet_path(tournament, sheet), _new_sheet(tournament, game, who, index, number)))
        said = _("Match {number} (group {group}): {first} v {second} ({sheet})") if group else \
            _("Match {number}: {first} v {second} ({sheet})")
        summary.append(said.format(number=index, group=one_line(str(group)), first=one_line(first),
                                   second=one_line(second), sheet=sheet))
    return DrawnRound(lines, sheets, summary)


def _knockout(tournament: Tournament, game, checked) -> tuple[str, list[tuple[str | None, str, str]]]:
    """After the groups: a negra for a tie the criteria do not break, else the semi-finals, then
    the final (TN3); nothing after the final."""
    from scorekeeper.tournaments import knockout

    from scorekeeper.tournaments.draw import round_robin

    from scorekeeper.tournaments.standings import counted

    results = counted(checked)
    rows = game.standings(tournament, results)
    played = {frozenset(match.teams) for r in tournament.rounds if r.stage == "negra" for match in r.matches}
    pairs = []
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
        return "semi", [(None, a, b) for a, b in knockout.semi_finals(rows)]
    if not any(r.stage == "final" for r in tournament.rounds):
        final = knockout.final(semis[-1].matches, results)
        if final is None:
            raise InputValueError(_("the semi-finals have no winners yet"), tournament.source)
        return "final", [(None, *final)]
    raise InputValueError(_("the final is drawn: the tournament is over"), tournament.source)


def create_sheets(sheets: list[tuple[str, str]]) -> None:
    """Write each table's empty sheet; an existing one is never replaced (it may hold a game)."""
    from scorekeeper.sheet_file import write_new

    for path, _text in sheets:
        if os.path.lexists(path):
            raise InputValueError(_("{path}: already exists; a draw never replaces a sheet").format(path=path))
    for path, text in sheets:
        write_new(path, text, False)
