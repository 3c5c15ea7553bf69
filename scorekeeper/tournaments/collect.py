"""A tournament's sheets, read and checked, and what `tournament check` finds: every sheet
handed in, complete and clean, its players those of the draw, and each player (or team) once
in each round."""
from __future__ import annotations

import os
from typing import NamedTuple

from scorekeeper.errors import ScorekeeperError, quote
from scorekeeper.findings import Finding, Severity
from scorekeeper.tournaments.model import Tournament
from scorekeeper.tournaments.tournament_file import sheet_path

TOURNAMENT_RULE = "TN2"  # RULINGS: a round is drawn when every sheet of the round before is complete and clean


def collect(tournament: Tournament, tick=None) -> tuple[dict, list[Finding]]:
    """Every sheet the file names that can be read, scored (keyed as the file writes it), and a
    finding for each that cannot: missing, unusable, or of another game. `tick(done, total)` is
    told of each sheet read (a season's standings take a while)."""
    from scorekeeper.checking import check_file

    results, findings = {}, []
    total = sum(1 for round_ in tournament.rounds for item, _what in _played(round_) if item.sheet is not None)
    done = 0
    for round_ in tournament.rounds:
        for item, what in _played(round_):
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
                findings.append(_finding(where, f"round {round_.number}, {what}: {item.sheet} is outside the "
                                                "tournament's folder"))
                continue
            if not os.path.exists(path):
                findings.append(_finding(where, f"round {round_.number}, {what}: {item.sheet} is not handed in yet"))
                continue
            try:
                result = check_file(path)
            except ScorekeeperError as exc:
                findings.append(_finding(where, f"round {round_.number}, {what}: {exc}"))
                continue
            if result.game != tournament.rules.game:
                findings.append(_finding(where, f"round {round_.number}, {what}: {item.sheet} is a {result.game} "
                                                f"sheet, not {tournament.rules.game}"))
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
    for table in round_.tables:
        yield table, f"table {table.table}"
    for number, match in enumerate(round_.matches, start=1):
        yield match, f"match {number}"


def _finding(where, message: str, severity: Severity = Severity.ERROR, rule: str = TOURNAMENT_RULE) -> Finding:
    source, line = where
    return Finding(severity, source, line, message, rule)


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
        seen: dict[str, str] = {}
        sheets: dict[str, str | None] = {}  # what (table 1) -> its sheet
        numbers: set[str] = set()
        for item, what in _played(round_):
            where = (tournament.source, item.line)
            label = str(getattr(item, "table", ""))
            if label and label in numbers:
                findings.append(_finding(where, f"round {round_.number}: two tables are numbered {label}"))
            numbers.add(label)
            if getattr(item, "absent", None) and item.sheet is not None:
                findings.append(_finding(where, f"round {round_.number}, {what}: {quote(item.absent[0])} was "
                                                f"absent, so the table is not played and {item.sheet} is not read "
                                                "(remove its sheet: from the table)", Severity.WARNING, "Art 7"))
            result = results.get(item.sheet) if item.sheet is not None else None
            drawn = item.players if hasattr(item, "players") else item.teams
            if result is not None:
                for key, drawn_value in (("round", round_.number), ("table", getattr(item, "table", None))):
                    written = result.meta.get(key)
                    if written is not None and drawn_value is not None and str(written) != str(drawn_value):
                        disputed.add(item.sheet)
                        findings.append(_finding(where, f"round {round_.number}, {what}: {item.sheet} says {key} "
                                                        f"{written}, not {drawn_value}"))
                if not result.complete:
                    findings.append(_finding(where, f"round {round_.number}, {what}: {item.sheet} is not complete"))
                errors = sum(1 for f in result.findings if f.is_error)
                if errors:
                    findings.append(_finding(where, f"round {round_.number}, {what}: {item.sheet} has "
                                                    f"{errors} error{'s' if errors != 1 else ''} "
                                                    f"(scorekeeper check {item.sheet})"))
                if drawn and list(result.players) != list(drawn):
                    disputed.add(item.sheet)
                    findings.append(_finding(where, f"round {round_.number}, {what}: {item.sheet} is played by "
                                                    f"{', '.join(result.players)}, not the draw's "
                                                    f"{', '.join(drawn)}"))
                drawn = list(result.players)
            for name in drawn:
                if name in seen:
                    disputed.update(sheet for sheet in (item.sheet, sheets.get(seen[name])) if sheet)
                    findings.append(_finding(where, f"round {round_.number}: {quote(name)} plays at {what} and at "
                                                    f"{seen[name]}"))
                elif name not in everyone:
                    findings.append(_finding(where, f"round {round_.number}, {what}: {quote(name)} is not in the "
                                                    "tournament"))
                seen[name] = what
            sheets[what] = item.sheet
        for name in round_.byes:
            if name in seen:
                findings.append(_finding((tournament.source, round_.line),
                                         f"round {round_.number}: {quote(name)} has a bye and plays at {seen[name]}"))
            seen[name] = "a bye"
        apart = tournament.rounds[round_.number] if round_.number < len(tournament.rounds) else None
        if apart is not None and apart.stage == "extra":  # the players the cut left out play apart (Art 23)
            seen.update({name: "the extra round" for table in apart.tables for name in table.players})
        unknown = any(not table.players and results.get(table.sheet) is None for table in round_.tables)
        # A players' game seats everyone in every round; a table whose players neither the file nor
        # a readable sheet names leaves it unknown who sat there (its own finding says why).
        if round_.tables and round_.stage != "extra" and not unknown:
            for name in everyone:
                if name not in seen:
                    findings.append(_finding((tournament.source, round_.line),
                                             f"round {round_.number}: {quote(name)} has no table and no bye"))
    return Checked(results, findings, disputed)
