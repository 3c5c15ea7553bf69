"""A tournament's sheets, read and checked, and what `tournament check` finds: every sheet
handed in, complete and clean, its players those of the draw, and each player (or team) once
in each round."""
from __future__ import annotations

import os
from typing import NamedTuple

from scorekeeper.errors import ScorekeeperError, quote
from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import _, ngettext
from scorekeeper.tournaments import finding_codes as codes
from scorekeeper.tournaments.model import Tournament
from scorekeeper.tournaments.tournament_file import sheet_path


def collect(tournament: Tournament, tick=None) -> tuple[dict, list[Finding]]:
    """Every sheet the file names that can be read, scored (keyed as the file writes it), and a
    finding for each that cannot: missing, unusable, or of another game. `tick(done, total)` is
    told of each sheet read (a season's standings take a while)."""
    from scorekeeper.checking import check_file

    results, findings = {}, []
    total = sum(1 for round_ in tournament.rounds for item, *_said in _played(round_) if item.sheet is not None)
    done = 0
    for round_ in tournament.rounds:
        for item, what, _where in _played(round_):
            if item.sheet is None or item.sheet in results or getattr(item, "absent", None):
                continue  # a table with a player absent is not played (King Art 7): its sheet is not read
            done += 1
            if tick is not None:
                tick(done, total)
            path = sheet_path(tournament, item.sheet)
            where = (tournament.source, item.line)
            if os.path.lexists(path) and not _inside(path, os.path.dirname(tournament.source)):
                # A tournament file may come from someone else: its sheets stay in its folder, a
                # symlink out of it included (as a sheet's rules: does).
                findings.append(_finding(codes.SHEET_OUTSIDE, where, _(
                    "round {round}, {what}: {sheet} is outside the tournament's folder").format(
                    round=round_.number, what=what, sheet=item.sheet)))
                continue
            if not os.path.exists(path):
                findings.append(_finding(codes.SHEET_MISSING, where, _(
                    "round {round}, {what}: {sheet} is not handed in yet").format(
                    round=round_.number, what=what, sheet=item.sheet)))
                continue
            try:
                result = check_file(path)
            except ScorekeeperError as exc:
                findings.append(_finding(codes.SHEET_UNREADABLE, where, _("round {round}, {what}: {error}").format(
                    round=round_.number, what=what, error=exc)))
                continue
            if result.game != tournament.rules.game:
                findings.append(_finding(codes.SHEET_OTHER_GAME, where, _(
                    "round {round}, {what}: {sheet} is a {game} sheet, not {tournament_game}").format(
                    round=round_.number, what=what, sheet=item.sheet, game=result.game,
                    tournament_game=tournament.rules.game)))
                continue
            results[item.sheet] = result
    return results, findings


def _inside(path: str, folder: str) -> bool:
    """Whether `path`, its links followed, is a file inside `folder`."""
    try:
        real, base = os.path.realpath(path), os.path.realpath(folder or os.curdir)
        return os.path.commonpath([base, real]) == base and real != base
    except (OSError, ValueError):
        return False


def _played(round_):
    """Each table (or match) of a round, what a finding calls it ("table 1") and where a player
    plays at it ("at table 1"), in the language in use."""
    for table in round_.tables:
        yield table, _("table {table}").format(table=table.table), _("at table {table}").format(table=table.table)
    for number, match in enumerate(round_.matches, start=1):
        yield match, _("match {number}").format(number=number), _("at match {number}").format(number=number)


def _finding(kind: FindingKind, where, message: str, severity: Severity = Severity.ERROR) -> Finding:
    source, line = where
    return Finding(severity, source, line, message, kind.rule, code=kind.code)


class Checked(NamedTuple):
    """What `tournament check` finds: the results of the sheets it read, every finding, and the
    sheets a finding disputes (not the draw's players or round, a player twice): those never
    count in the standings until the organiser settles them."""

    results: dict
    findings: list[Finding]
    disputed: set[str]


def check(tournament: Tournament, tick=None) -> Checked:
    """Every finding about the tournament: what collect finds, each sheet incomplete or with
    errors, a sheet whose players, round or table are not the draw's, two tables of the same
    number, and a player (or team) seated twice or not at all in a round."""
    results, findings = collect(tournament, tick)
    disputed: set[str] = set()
    everyone = tournament.players or list(tournament.teams)
    for round_ in tournament.rounds:
        number = round_.number
        seen: dict[str, str] = {}  # who -> where he plays ("at table 1"; the markers below are never printed)
        sheets: dict[str, str | None] = {}  # where (at table 1) -> its sheet
        numbers: set[str] = set()
        for item, what, at in _played(round_):
            where = (tournament.source, item.line)
            label = str(getattr(item, "table", ""))
            if label and label in numbers:
                findings.append(_finding(codes.TABLE_NUMBER_TWICE, where, _(
                    "round {round}: two tables are numbered {table}").format(round=number, table=label)))
            numbers.add(label)
            if getattr(item, "absent", None) and item.sheet is not None:
                findings.append(_finding(codes.ABSENT_SHEET, where, _(
                    "round {round}, {what}: {player} was absent, so the table is not played and {sheet} is not "
                    "read (remove its sheet: from the table)").format(
                    round=number, what=what, player=quote(item.absent[0]), sheet=item.sheet), Severity.WARNING))
            result = results.get(item.sheet) if item.sheet is not None else None
            drawn = item.players if hasattr(item, "players") else item.teams
            if result is not None:
                for kind, key, drawn_value in ((codes.SHEET_OTHER_ROUND, "round", number),
                                               (codes.SHEET_OTHER_TABLE, "table", getattr(item, "table", None))):
                    written = result.meta.get(key)
                    if written is not None and drawn_value is not None and str(written) != str(drawn_value):
                        disputed.add(item.sheet)
                        message = _("round {round}, {what}: {sheet} says round {written}, not {drawn}") \
                            if key == "round" else _("round {round}, {what}: {sheet} says table {written}, not {drawn}")
                        findings.append(_finding(kind, where, message.format(
                            round=number, what=what, sheet=item.sheet, written=written, drawn=drawn_value)))
                if not result.complete:
                    findings.append(_finding(codes.SHEET_INCOMPLETE, where, _(
                        "round {round}, {what}: {sheet} is not complete").format(
                        round=number, what=what, sheet=item.sheet)))
                errors = sum(1 for f in result.findings if f.is_error)
                if errors:
                    findings.append(_finding(codes.SHEET_ERRORS, where, ngettext(
                        "round {round}, {what}: {sheet} has {count} error (scorekeeper check {sheet})",
                        "round {round}, {what}: {sheet} has {count} errors (scorekeeper check {sheet})",
                        errors).format(round=number, what=what, sheet=item.sheet, count=errors)))
                if drawn and list(result.players) != list(drawn):
                    disputed.add(item.sheet)
                    findings.append(_finding(codes.SHEET_OTHER_PLAYERS, where, _(
                        "round {round}, {what}: {sheet} is played by {players}, not the draw's {drawn}").format(
                        round=number, what=what, sheet=item.sheet, players=", ".join(result.players),
                        drawn=", ".join(drawn))))
                drawn = list(result.players)
            for name in drawn:
                if name in seen:
                    disputed.update(sheet for sheet in (item.sheet, sheets.get(seen[name])) if sheet)
                    findings.append(_finding(codes.PLAYER_TWICE, where, _(
                        "round {round}: {name} plays {where} and {other}").format(
                        round=number, name=quote(name), where=at, other=seen[name])))
                elif name not in everyone:
                    findings.append(_finding(codes.PLAYER_UNKNOWN, where, _(
                        "round {round}, {what}: {name} is not in the tournament").format(
                        round=number, what=what, name=quote(name))))
                seen[name] = at
            sheets[at] = item.sheet
        for name in round_.byes:
            if name in seen:
                findings.append(_finding(codes.BYE_PLAYS, (tournament.source, round_.line), _(
                    "round {round}: {name} has a bye and plays {where}").format(
                    round=number, name=quote(name), where=seen[name])))
            seen[name] = "a bye"
        apart = tournament.rounds[number] if number < len(tournament.rounds) else None
        if apart is not None and apart.stage == "extra":  # the players the cut left out play apart (Art 23)
            seen.update({name: "the extra round" for table in apart.tables for name in table.players})
        unknown = any(not table.players and results.get(table.sheet) is None for table in round_.tables)
        # A players' game seats everyone in every round; a table whose players neither the file nor
        # a readable sheet names leaves it unknown who sat there (its own finding says why).
        if round_.tables and round_.stage != "extra" and not unknown:
            for name in everyone:
                if name not in seen:
                    findings.append(_finding(codes.PLAYER_UNSEATED, (tournament.source, round_.line), _(
                        "round {round}: {name} has no table and no bye").format(round=number, name=quote(name))))
    return Checked(results, findings, disputed)
