"""What `history` prints, and how a change of an entry is said wherever it is shown (the
terminal, a workbook's history worksheet): the entry in the game's own words, its values before
and after (`hand 3 (damas): 1 1 2 0 -> 1 1 1 1`), who made the change and when. The core gives
the journal's records as data (core.history); the words are made here, those of one entry in
journal/change_words.py, which a workbook's history worksheet says too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper import i18n
from scorekeeper.errors import one_line
from scorekeeper.i18n import N_, _, pgettext
from scorekeeper.journal.change_words import by_text, clipped, entry_said, removed_word, said_value
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.journal_text import action_word, clock, journal_lines, outside_line, tournament_subject
from scorekeeper.output.json_text import json_text
from scorekeeper.output.table_layout import table
from scorekeeper.sheet.show_table import DETAIL

if TYPE_CHECKING:
    from scorekeeper.core.history import HistoryReport
    from scorekeeper.journal.history import Change

MAX_FILES_SAID = 3  # other files a day command wrote, named in its line

# The table's columns (English message ids: CSV keys as they are, a table's translated).
HEADERS = (N_("when"), N_("action"), N_("file"), DETAIL, N_("by"))  # who last: its width varies most
CSV_HEADERS = ("id", "when", "state", "action", "by", "command", "file", "entry", "before", "after", "detail")


def change_detail(change: Change, game_name: str | None) -> str:
    """What a change did, in a line: an entry with its values before and after, else what the
    day command's record says (a summary, a name changed, the other files it wrote)."""
    if change.entry is not None and (change.before is not None or change.after is not None):
        name, before, after = entry_said(change, game_name)
        if change.before is None:
            return one_line(f"{name}: {after}" if after else name)
        if change.after is None:
            after = removed_word(game_name)
        return one_line(f"{name}: {before} -> {after}")
    detail = change.detail if isinstance(change.detail, dict) else {}
    if change.action == "rename" and "old" in detail and "new" in detail:
        return one_line(_("{old} to {new}").format(old=said_value(detail["old"]), new=said_value(detail["new"])))
    told = tournament_subject(change.action, detail)  # a day command's request: `Duarte -2.5, round 2`
    if told:
        return one_line(clipped(told))
    if detail.get("summary"):
        return one_line(clipped(said_value(detail["summary"])))
    others = [path for path in change.files if path != change.file]
    if others:
        shown = ", ".join(others[:MAX_FILES_SAID])
        if len(others) > MAX_FILES_SAID:
            shown = _("{files} and {count} more").format(files=shown, count=len(others) - MAX_FILES_SAID)
        return one_line(shown)
    return ""


def action_said(change: Change) -> str:
    """The change's action, with its state when it is not simply done: a change that a killed
    run left and the next command completed, one taken back, one still pending."""
    word = action_word(change.action)
    states = {
        "completed": pgettext("change", "completed after an interruption"),
        "rolled_back": pgettext("change", "taken back"),
        "conflict": pgettext("change", "interrupted, not completed"),
        "pending": pgettext("change", "not finished"),
        "set_aside": pgettext("change", "set aside"),
    }
    state = states.get(change.state)
    return f"{word} ({state})" if state else word


def notice_lines(report: HistoryReport) -> list[str]:
    """The lines said about the journal itself (set aside, unreadable, made in another folder,
    a change a killed run left completed), before the history."""
    lines = journal_lines(report.recovered, report.notices)
    if report.foreign:
        lines.append(foreign_line(report.folder))
    return lines


def outside_lines(report: HistoryReport) -> list[str]:
    """Each file changed outside scorekeeper since its last recorded change, with that change's
    time: what the history lists is not all that happened to it."""
    lines = []
    for path in report.outside:
        last = next((c for c in reversed(report.changes) if c.state in ("done", "completed") and path in c.files), None)
        if last is not None:
            lines.append(outside_line(path, last.when))
    return lines


def foreign_line(folder: str) -> str:
    """A journal copied from another folder: its changes are listed, but they were made there."""
    journal = f"{folder}/.scorekeeper-journal.sqlite" if folder not in ("", ".") else ".scorekeeper-journal.sqlite"
    return one_line(
        _("{journal}: made in another folder; the changes below were made to the files there").format(journal=journal)
    )


def empty_line(path: str) -> str:
    """A file or a folder that no change of scorekeeper's is recorded for."""
    return one_line(_("{path}: no change is on record (no journal holds one)").format(path=path))


def history_rows(report: HistoryReport, with_file: bool) -> list[list[object]]:
    """One row per change under HEADERS (the file's column only when `with_file`)."""
    rows: list[list[object]] = []
    for change in report.changes:
        row: list[object] = [clock(change.when), action_said(change)]
        if with_file:
            row.append(change.file)
        row += [change_detail(change, report.games.get(change.file)), by_text(change.by)]
        rows.append(row)
    return rows


def history_json(report: HistoryReport) -> list[dict[str, object]]:
    """The changes as data: English keys and the journal's own values (`action`: the command's
    name; `before` and `after`: the entry as the sheet holds it)."""
    return [
        {
            "id": change.id,
            "when": change.when,
            "ended": change.ended,
            "state": change.state,
            "action": change.action,
            "by": change.by,
            "file": change.file,
            "files": list(change.files),
            "entry": change.entry,
            "before": change.before,
            "after": change.after,
            "detail": change.detail,
        }
        for change in report.changes
    ]


def history_text(report: HistoryReport, fmt: str, with_file: bool) -> str:
    """The history as `history --format fmt` prints it, ending with a line break (nothing for
    a table with no change: the command says so in a line of its own)."""
    if fmt == "json":
        return json_text(history_json(report)) + "\n"
    if fmt == "csv":
        with i18n.speaking(i18n.SOURCE):  # data, as JSON is: English words whatever the language
            return _history_csv(report)
    if not report.changes:
        return ""
    headers = [h for h in HEADERS if with_file or h != "file"]
    return table([_(header) for header in headers], history_rows(report, with_file)) + "\n"


def _history_csv(report: HistoryReport) -> str:
    rows: list[list[object]] = []
    for change in report.changes:
        game = report.games.get(change.file)
        _name, before, after = entry_said(change, game) if change.entry is not None else ("", "", "")
        rows.append(
            [
                change.id,
                change.when,
                change.state,
                change.action,
                by_text(change.by),
                said_value(change.by.get("command", "")) if isinstance(change.by, dict) else "",
                change.file,
                change.entry if change.entry is not None else "",
                before,
                after,
                change_detail(change, game),
            ]
        )
    return csv_text(list(CSV_HEADERS), rows, numbers=(7,))
