"""Every textual form of a tournament's results: the standings as a table, CSV or JSON rows,
what a draw says of the round it drew (its tables or matches, byes, the search), and what
`tournament check` says (its findings as lines, JSON objects or CSV rows, and its summary)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper import games, i18n
from scorekeeper.errors import one_line
from scorekeeper.i18n import _, in_words, ngettext, pgettext
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.journal_text import journal_lines, repeat_line
from scorekeeper.output.json_text import json_text
from scorekeeper.output.table_layout import table
from scorekeeper.tournaments import standings_words
from scorekeeper.tournaments.day_reports import (
    DayChange,
    Done,
    Entered,
    MarkedAbsent,
    Penalised,
    Renamed,
    RoundUndone,
    Substituted,
    Withdrawn,
)
from scorekeeper.tournaments.standings_words import GROUP_STAGE

if TYPE_CHECKING:
    from scorekeeper.core.tournament import Checked, Created, Drawn, Exported
    from scorekeeper.findings import Finding
    from scorekeeper.tournaments.draw_round import DrawnRound
    from scorekeeper.tournaments.model import StandingRow, Tournament


# --- the standings ---------------------------------------------------------------------------


Row = dict[str, object]  # a standings row as JSON gives it: its keys and their values


def standings_rows(tournament: Tournament, rows: list[StandingRow], ids: dict[str, str] | None = None) -> list[Row]:
    """Each row as `standings --format json` prints it: place, player (or team, group and the
    stage it reached), with a registry his member `id` (a team's players' ids; null: no member),
    points, the numbers each tie-break used, and the criterion that decided the place."""
    teams = games.get(tournament.rules.game).seating is games.Seating.TEAMS
    printed = []
    for row in rows:
        item: Row = {"place": row.place}
        if teams:
            item.update({"team": row.name, "group": row.group, "stage": row.stage})
        else:
            item["player"] = row.name
        if ids:
            item["id"] = ids.get(row.name) or None
        item["points"] = row.points
        item.update(row.tiebreaks)
        item["decided_by"] = row.decided_by
        printed.append(item)
    return printed


POINTS = standings_words.POINTS  # a tie-break key of a game's own points (the organiser's pages say them)


def decided_by_words(value: str | None, game: games.Game) -> str:
    """A row's `decided_by` as a table shows it, in the language in use (the game's words)."""
    return standings_words.decided_by_words(game.standings_words(), value)


class StandingsTable(NamedTuple):
    """The standings as `tournament standings` prints them: heads, rows of cells, and how many
    columns name the row (place, player; or place, team, group) before the numbers."""

    headers: list[str]
    rows: list[list[object]]
    names: int


def standings_table(rows: list[Row], game: games.Game, csv: bool = False) -> StandingsTable:
    """The standings rows (standings_rows) of a tournament of `game` as a table: place, name (and
    group), points, each tie-break's number, and the deciding criterion (last, so that the numbers
    line up before it). Heads, words and decimal commas in the language in use, the game's words
    first (Game.standings_words); `csv` keeps the keys, the values and the point, as a machine
    reads them."""
    words = game.standings_words()

    def head(key: str) -> str:
        return standings_words.csv_head(words, key) if csv else standings_words.table_head(words, key)

    def number(value: object) -> str:
        text = _number(value)
        return text if csv else i18n.decimal(text)

    if not rows:
        return StandingsTable(
            [head("place"), "name" if csv else pgettext("standings", "name"), head("points"), head("decided_by")], [], 2
        )
    name_key = "team" if "team" in rows[0] else "player"
    skip = {"place", name_key, "id", "group", "stage", "points", "decided_by"}
    member = ["id"] if "id" in rows[0] else []  # the member ids, when the tournament names a registry
    # Each tie-break's number every row has (not those some criterion gave a few: the numbers among
    # the tied), but not one that is nought or empty on every row (nobody absent, no penalty, no
    # extra round played); rows in any order (the final's) give the same columns.
    extra = [
        key
        for key in rows[0]
        if key not in skip and all(key in row for row in rows) and any(_numeric(row[key]) and row[key] for row in rows)
    ]
    group = ["group"] if name_key == "team" and len({row.get("group") for row in rows}) > 1 else []
    # The stage each team reached, once the knockout has begun (TN5).
    stage = ["stage"] if any(row.get("stage") not in (None, GROUP_STAGE) for row in rows) else []
    headers = [
        head("place"),
        head(name_key),
        *["id" if csv else pgettext("standings", "member id") for _key in member],
        *map(head, group),
        *map(head, stage),
        head("points"),
        *map(head, extra),
        head("decided_by"),
    ]
    table = [
        [
            row["place"],
            row[name_key],
            *[row.get("id") or "" for _key in member],
            *[row.get("group") or "" for _key in group],
            *[
                (row.get("stage") or "") if csv else standings_words.stage_words(_text(row.get("stage")))
                for _key in stage
            ],
            number(row["points"]),
            *[number(row.get(k)) for k in extra],
            (row["decided_by"] or "") if csv else standings_words.decided_by_words(words, _text(row["decided_by"])),
        ]
        for row in rows
    ]
    return StandingsTable(headers, table, 2 + len(member) + len(group) + len(stage))


def _text(value: object) -> str | None:
    """A row's word (its stage, its decided_by): a text, or None."""
    return value if isinstance(value, str) else None


def _numeric(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _number(value: object) -> str:
    """A standings number as people write it: 2.5, 10/3 as 3.33, 5 (not 5.0)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{round(value, 2):g}"
    return str(value)


# --- a draw ----------------------------------------------------------------------------------


def _names(names: Iterable[str]) -> str:
    """Names as the draw's lines show them: each escaped as a message quotes it (errors.one_line),
    so that no name breaks a line or forges one."""
    return ", ".join(one_line(name) for name in names)


def round_lines(drawn: DrawnRound) -> list[str]:
    """What a draw says of a round: each table (or match) with its sheet, the byes, and those
    who do not play it (the extra round's, Art 23)."""
    lines = []
    for seat in drawn.seated:
        if not seat.match:
            lines.append(
                _("Table {number}: {players} ({sheet})").format(
                    number=seat.number, players=_names(seat.who), sheet=seat.sheet
                )
            )
            continue
        said = (
            _("Match {number} (group {group}): {first} v {second} ({sheet})")
            if seat.group
            else _("Match {number}: {first} v {second} ({sheet})")
        )
        first, second = seat.who
        lines.append(
            said.format(
                number=seat.number,
                group=one_line(str(seat.group)),
                first=one_line(first),
                second=one_line(second),
                sheet=seat.sheet,
            )
        )
    if drawn.byes:
        lines.append(_("Bye: {players}").format(players=_names(drawn.byes)))
    if drawn.without:
        lines.append(_("Not playing: {players}").format(players=_names(drawn.without)))
    return lines


def searched_lines(search: object) -> list[str]:
    """What a players' game's draw says of its search (draw_plan's Draw): how long it took
    against its budget, and each pair the round seats together again with their meetings, or
    that none is."""
    from scorekeeper.tournaments.draw_plan import Draw  # lazy: only a draw has a search

    if not isinstance(search, Draw):  # a team game's draw searches nothing
        return []
    seconds = i18n.decimal(f"{search.seconds:.1f}")
    if search.budget is None:
        took = ngettext(
            "searched {seconds} s, {steps} step", "searched {seconds} s, {steps} steps", search.steps
        ).format(seconds=seconds, steps=i18n.grouped(search.steps))
    else:
        took = _("searched {seconds} s of {budget} s").format(
            seconds=seconds, budget=i18n.decimal(f"{search.budget:g}")
        )
    if not search.again:
        return [_("Nobody meets anyone again ({searched})").format(searched=took)]
    lines = [_("Meeting again ({searched}):").format(searched=took)]
    for again in search.again:
        lines.append(
            "  "
            + _("{first} and {second}: {times} times").format(first=again.first, second=again.second, times=again.times)
        )
    return lines


def draw_lines(drawn: Drawn, path: str | None = None, indent: str = "  ", search: bool = True) -> list[str]:
    """What `tournament draw` prints: the round drawn into the file (named `path`, default as
    the caller named it), its tables (each after `indent`) and, with `search`, what the search
    found; then the extra round drawn beside it. The journal's lines come first."""
    shown = drawn.path if path is None else path
    said = journal_lines(*drawn.journal)  # a change a killed run left, completed first (issue 24)
    if drawn.round is None:  # the draw asked for is one a killed run made: not drawn twice
        return [*said, repeat_line(drawn.repeat)] if drawn.repeat is not None else said
    lines = [*said, _("Round {number} drawn into {path}:").format(number=drawn.number, path=shown)]
    lines += [
        indent + line for line in [*round_lines(drawn.round), *(searched_lines(drawn.round.search) if search else [])]
    ]
    extra = drawn.round.extra
    if extra is not None:
        lines.append(_("Round {number}, apart, for the players the cut left out:").format(number=drawn.number + 1))
        lines += [indent + line for line in [*round_lines(extra), *(searched_lines(extra.search) if search else [])]]
    return lines


# --- check -----------------------------------------------------------------------------------

FINDING_KEYS = ("file", "line", "severity", "code", "rule", "message")  # `check --format json`'s names


def finding_item(finding: Finding) -> dict[str, object]:
    """A finding as `tournament check --format json` gives it (`severity` in English, as every
    JSON of findings: `scorekeeper check --format json`)."""
    return {
        "file": finding.source,
        "line": finding.line,
        "severity": finding.severity.value,
        "code": finding.code,
        "rule": finding.rule,
        "message": in_words(finding.message),
    }


def finding_rows(findings: list[Finding]) -> list[list[object]]:
    """The findings as CSV rows under FINDING_KEYS (the line empty when there is none)."""
    return [["" if value is None else value for value in finding_item(finding).values()] for finding in findings]


def check_summary(checked: Checked, path: str) -> str:
    """The last line of `tournament check`: the errors and warnings (or clean), its rules and
    rounds."""
    errors, warnings = checked.errors, checked.warnings
    said = [ngettext("{count} error", "{count} errors", errors).format(count=errors)] if errors else []
    if warnings:
        said.append(ngettext("{count} warning", "{count} warnings", warnings).format(count=warnings))
    rounds = len(checked.tournament.rounds)
    return _("{path}: {said} ({rules}, {rounds})").format(
        path=path,
        said=", ".join(said) or _("clean"),
        rules=checked.tournament.rules.name,
        rounds=ngettext("{count} round", "{count} rounds", rounds).format(count=rounds),
    )


def standings_text(tournament: Tournament, rows: list[StandingRow], fmt: str, ids: dict[str, str] | None = None) -> str:
    """The standings as `tournament standings --format FMT` prints them: `table` (heads, words
    and decimal commas in the language in use), `csv` (a machine's: English heads and words,
    the decimal point) or `json` (standings_rows); `ids`, each entrant's member id when the
    tournament names a registry (a column, or an `id` field, of their own)."""
    game = games.get(tournament.rules.game)
    if fmt == "json":
        return json_text(standings_rows(tournament, rows, ids)) + "\n"
    if fmt == "csv":
        shown = standings_table(standings_rows(tournament, rows, ids), game, csv=True)
        return csv_text(shown.headers, shown.rows, range(shown.names, len(shown.headers) - 1))
    shown = standings_table(standings_rows(tournament, rows, ids), game)
    return (
        table(shown.headers, shown.rows, numeric_from=shown.names, numeric_until=len(shown.headers) - 1, tight=True)
        + "\n"
    )


# --- new, export -----------------------------------------------------------------------------


def created_line(created: Created) -> str:
    """What `tournament new` says of the file it wrote (core.tournament.Created)."""
    if created.teams:
        said = ngettext(
            "Created {path}: {rules}, {count} team. Next: scorekeeper tournament draw {path}",
            "Created {path}: {rules}, {count} teams. Next: scorekeeper tournament draw {path}",
            created.count,
        )
    else:
        said = ngettext(
            "Created {path}: {rules}, {count} player. Next: scorekeeper tournament draw {path}",
            "Created {path}: {rules}, {count} players. Next: scorekeeper tournament draw {path}",
            created.count,
        )
    return said.format(path=created.path, rules=created.rules, count=created.count)


SHOWN_WORKSHEETS = 6  # the worksheets `tournament export` names; the rest are counted


def exported_line(exported: Exported) -> str:
    """What `tournament export` says of the workbook it wrote (core.tournament.Exported)."""
    titles = ", ".join(exported.worksheets[:SHOWN_WORKSHEETS])
    more = len(exported.worksheets) - SHOWN_WORKSHEETS
    if more > 0:
        return ngettext(
            "Wrote {path}: {worksheets} and {count} more", "Wrote {path}: {worksheets} and {count} more", more
        ).format(path=exported.path, worksheets=titles, count=more)
    return _("Wrote {path}: {worksheets}").format(path=exported.path, worksheets=titles)


# --- the changes of the day ------------------------------------------------------------------


def _undone_lines(done: RoundUndone) -> list[str]:
    numbers = " ".join(str(number) for number in done.numbers)
    lines = [
        ngettext(
            "Round {numbers} undone in {path}: {count} empty sheet removed",
            "Round {numbers} undone in {path}: {count} empty sheets removed",
            done.removed,
        ).format(numbers=numbers, path=done.path, count=done.removed)
    ]
    lines += [
        "  " + _("{sheet} has entries: kept as {kept}").format(sheet=sheet, kept=kept) for sheet, kept in done.kept
    ]
    lines += [
        "  "
        + _("{sheet} was written meanwhile: kept as it is (move it before round {number} is drawn again)").format(
            sheet=sheet, number=done.numbers[0]
        )
        for sheet in done.left
    ]
    return lines


def _penalised_lines(done: Penalised) -> list[str]:
    return [
        _("Penalty written into {path}: round {number}, {name} {points} ({article})").format(
            path=done.path,
            number=done.number,
            name=one_line(done.name),
            points=i18n.decimal(f"{done.points:+g}"),
            article=one_line(done.article),
        )
    ]


def _absent_lines(done: MarkedAbsent) -> list[str]:
    lines = [
        _("{name} absent in round {number}, table {table} ({article}): the table is not played").format(
            name=one_line(done.name), number=done.number, table=done.table, article=done.article
        )
    ]
    if done.kept is not None:
        lines.append("  " + _("{sheet} is out of the file, kept as {kept}").format(sheet=done.sheet, kept=done.kept))
    return lines


def _substituted_lines(done: Substituted) -> list[str]:
    new, old = one_line(done.new), one_line(done.old)
    lines = [
        _(
            "{new} substitutes {old} from round {number} in {path}, with a standing of his own; "
            "{old} keeps what he scored"
        ).format(new=new, old=old, number=done.number, path=done.path)
    ]
    if done.tables:
        lines.append(
            "  "
            + ngettext(
                "{count} table not played yet seats {new}", "{count} tables not played yet seat {new}", done.tables
            ).format(count=done.tables, new=new)
        )
    return lines


def _withdrawn_lines(done: Withdrawn) -> list[str]:
    return [
        _("{name} withdrawn in {path}: drawn no more from round {number}, keeps what he scored").format(
            name=one_line(done.name), path=done.path, number=done.number
        )
    ]


def _entered_lines(done: Entered) -> list[str]:
    return [
        _("{name} entered in {path}: drawn from round {number}").format(
            name=one_line(done.name), path=done.path, number=done.number
        )
    ]


def _renamed_lines(done: Renamed) -> list[str]:
    return [
        ngettext(
            "{old} is {new} in {path} and in {count} sheet",
            "{old} is {new} in {path} and in {count} sheets",
            done.sheets,
        ).format(old=one_line(done.old), new=one_line(done.new), path=done.path, count=done.sheets)
    ]


def done_lines(done: Done) -> list[str]:
    """What a change of the day did (day_changes' data), as the organiser is told, in the
    language in use."""
    if isinstance(done, RoundUndone):
        return _undone_lines(done)
    if isinstance(done, Penalised):
        return _penalised_lines(done)
    if isinstance(done, MarkedAbsent):
        return _absent_lines(done)
    if isinstance(done, Substituted):
        return _substituted_lines(done)
    if isinstance(done, Withdrawn):
        return _withdrawn_lines(done)
    if isinstance(done, Entered):
        return _entered_lines(done)
    return _renamed_lines(done)


def day_change_lines(change: DayChange) -> list[str]:
    """What a day command prints: the journal's lines first (a change a killed run left,
    completed), then what the change did, or that it was made already (a retry)."""
    lines = journal_lines(*change.journal)
    if change.repeat is not None:
        return [*lines, repeat_line(change.repeat)]
    return [*lines, *(done_lines(change.done) if change.done is not None else [])]


def day_change_warnings(change: DayChange) -> list[str]:
    """What a day command writes to the error stream: a regulation's limit the file cannot check
    (Quatrilho Art 5: late entries close at the first round after lunch, which the file does not
    say)."""
    done = change.done
    if isinstance(done, Entered) and done.unbounded is not None:
        return [
            _(
                "{path}: {article} closes late entries at the first round after lunch; the file "
                "does not say which round that is (entries_until: N makes `tournament add` refuse "
                "after it)"
            ).format(path=done.path, article=done.unbounded)
        ]
    return []
