"""What the organiser's pages show: every table with its state in the game's words, its link,
code and last change (organiser page, the draw's result, the printable page of links), the live
standings marked provisional while tables are in play, and what the tournament's check leaves
to look at, from core.pad_tables and core.tournament."""

from __future__ import annotations

from scorekeeper import games
from scorekeeper.core import pad_tables
from scorekeeper.core import tournament as core_tournament
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _, in_words
from scorekeeper.output.tournament_text import standings_rows, standings_table
from scorekeeper.serve import organiser_words as said
from scorekeeper.serve.words import change_words, round_words
from scorekeeper.tournaments import finding_codes

# A table of the round being played has no complete sheet yet: that is its state (in play),
# not a finding to look at (TN2 waits for it before the next draw, and the page says so).
_IN_PLAY_CODE = finding_codes.SHEET_INCOMPLETE.code
_MEANINGS = {kind.code: kind.meaning for kind in finding_codes.KINDS}


def table_address(base: str, access, table: pad_tables.Table) -> str:
    secret = access.token_for(table.id)
    return f"{base}/t/{table.id}" + (f"?token={secret}" if secret else "")


def organiser_address(base: str, access) -> str:
    return f"{base}/" + (f"?token={access.organiser}" if access.with_tokens else "")


def table_row(table: pad_tables.Table, access, base: str, changes: bool = True) -> dict:
    """One table as the organiser's pages list it: number, who plays, its state (`state`: a
    class of the page, `state_words`: what it says), its link and its last change."""
    row = {
        "id": table.id,
        "sheet": table.sheet,
        "number": table.number or table.sheet,
        "label": said.table_words(table.number) if table.number else table.sheet,
        "address": table_address(base, access, table),
        "who": "",
        "last": None,
        "in_play": False,
    }
    try:
        sheet, result = pad_tables.load(table)
    except ScorekeeperError as exc:
        return {**row, "state": "unusable", "state_words": said.unusable_words(in_words(exc.message))}
    written = result.meta.get("table")
    if not table.number and isinstance(written, (int, str)) and str(written).strip():
        row["label"] = said.table_words(written)  # a folder's sheet, by the table its sheet names
    game = games.get(result.game)
    teams = game.seating is games.Seating.TEAMS
    row["who"] = " v ".join(sheet.teams) if teams else ", ".join(sheet.players)
    state = pad_tables.state_of(result)
    if state == "findings":
        first = next(f for f in result.findings if f.is_error)
        row.update(state="error", state_words=said.error_words(first))
    elif state == "complete":
        row.update(state="complete", state_words=said.complete_words(game, result))
    elif state == "not-started":
        row.update(state="not-started", state_words=said.not_started_words(game), in_play=True)
    else:
        words = said.in_play_words(game, result, game.progress(sheet, result), len(sheet.entries))
        row.update(state="in-play", state_words=words, in_play=True)
    if changes:  # what happened there last, from the journal: a table gone quiet, or just undone
        last = pad_tables.last_changes(table, 1)
        row["last"] = change_words(last[0], result.game, sheet.rules) if last else None
    return row


def organiser_view(
    found: pad_tables.Tables, access, base: str, lang: str, standings: bool = True, changes: bool = True
) -> dict[str, object]:
    """The organiser's page's data (`standings` and each table's last change, `changes`, left
    out for the printable page of links and the draw's result)."""
    rows = [table_row(table, access, base, changes) for table in found.tables]
    view: dict[str, object] = {
        "tables": rows,
        "organiser_address": organiser_address(base, access),
        "kind": found.kind,
        "round": None,
        "standings": None,
        "ready": False,
        "pending": [],
        "ow": said.organiser_words(),
    }
    tournament = found.tournament
    if tournament is not None:
        view["name"] = tournament.name
        if tournament.rounds:
            view["round"] = round_words(tournament.rounds[-1].number)
            view["round_number"] = tournament.rounds[-1].number  # the draw's form is made after it
            view["byes"] = said.byes_words(tournament.rounds[-1].byes) if tournament.rounds[-1].byes else None
        if standings:
            ready, findings = pad_tables.draw_ready(tournament)
            view["ready"] = ready
            view["standings"] = standings_view(tournament, rows)
            view["pending"] = pending_view(tournament, findings)
    return view


def standings_view(tournament, rows: list[dict]) -> dict:
    """The live standings as `tournament standings` gives them (the sheets that count), each
    criterion in words, and the players (or teams) of the tables in play marked: their places
    are provisional until their sheets are in."""
    found = core_tournament.standings_of(tournament)
    printed = standings_rows(tournament, found.rows)
    game = games.get(tournament.rules.game)
    for row in printed:
        decided = row["decided_by"]
        # standings_rows copies StandingRow.decided_by there: a criterion's key, or None
        assert decided is None or isinstance(decided, str)
        row["decided_by"] = said.decided_words(decided, game)  # already words: said as it is
    shown = standings_table(printed, game)
    playing = _playing(tournament, rows)
    body = []
    for cells in shown.rows:
        name = str(cells[1])
        number = playing.get(name)
        body.append(
            {"cells": [str(c) for c in cells], "playing": said.playing_words(number) if number is not None else None}
        )
    in_play = sum(1 for row in rows if row["in_play"])
    return {
        "heads": shown.headers,
        "rows": body,
        "names": shown.names,
        "provisional": said.provisional_words(in_play) if in_play else None,
    }


def _playing(tournament, rows: list[dict]) -> dict[str, str]:
    """Each player (or team) of the current round's tables in play, and the table's number."""
    if not tournament.rounds:
        return {}
    current = tournament.rounds[-1]
    in_play = {str(row["number"]) for row in rows if row["in_play"]}
    playing = {}
    for position, seat in enumerate(current.tables or current.matches, 1):
        number = str(getattr(seat, "table", position))
        if number in in_play:
            for name in getattr(seat, "players", None) or getattr(seat, "teams", []):
                playing[name] = number
    return playing


def pending_view(tournament, findings: list) -> list[str]:
    """What `tournament check` finds that the page's tables do not already say: each finding
    named by its round and table, its meaning, code and article. A current table's sheet not
    complete yet is the table in play (its card says how far), not a finding."""
    where = _places(tournament)
    current = tournament.rounds[-1].number if tournament.rounds else None
    shown = []
    for finding in findings:
        place = where.get(finding.line)
        if finding.code == _IN_PLAY_CODE and place is not None and place[0] == current:
            continue
        if place is None:
            at = round_words(place[0]) if place else tournament.name
        elif place[1] is None:
            at = round_words(place[0])
        else:
            at = said.round_table_words(*place)
        meaning = _(_MEANINGS[finding.code]) if finding.code in _MEANINGS else in_words(finding.message)
        shown.append(said.pending_words(at, meaning, finding.code, finding.rule))
    return shown


def _places(tournament) -> dict[int, tuple[int, str | None]]:
    """The tournament file's line of each round and of each of its tables: (round, table)."""
    places: dict[int, tuple[int, str | None]] = {}
    for played in tournament.rounds:
        if played.line is not None:
            places[played.line] = (played.number, None)
        for position, seat in enumerate(played.tables or played.matches, 1):
            if seat.line is not None:
                places[seat.line] = (played.number, str(getattr(seat, "table", position)))
    return places
