"""What `history` prints, and how a change of an entry is said wherever it is shown (the
terminal, a workbook's history worksheet): the entry in the game's own words, its values before
and after (`hand 3 (damas): 1 1 2 0 -> 1 1 1 1`), who made the change and when. The core gives
the journal's records as data (core.history); the words are made here."""

from __future__ import annotations

from scorekeeper import games, i18n
from scorekeeper.errors import one_line
from scorekeeper.i18n import N_, _, pgettext
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.journal_text import action_word, clock, journal_lines, outside_line, tournament_subject
from scorekeeper.output.json_text import json_text
from scorekeeper.output.table_layout import DETAIL, table

MAX_SAID = 240  # characters of one entry's values said in a line; the JSON holds them whole
MAX_ITEMS = 40  # keys or list items of a value said; a hand-edited entry may hold any number
MAX_DEPTH = 3  # nesting said (a festa's offer is one level down)
MAX_FILES_SAID = 3  # other files a day command wrote, named in its line

# The table's columns (English message ids: CSV keys as they are, a table's translated).
HEADERS = (N_("when"), N_("action"), N_("file"), DETAIL, N_("by"))  # who last: its width varies most
CSV_HEADERS = ("id", "when", "state", "action", "by", "command", "file", "entry", "before", "after", "detail")


def _value(value, depth: int = 0) -> str:
    """A value of an entry said plainly: a list as its items (`1 1 2 0`), a mapping as
    `NAME=N` pairs (as `record` takes counts by name), bounded however it was written."""
    if depth > MAX_DEPTH:
        return "..."
    if isinstance(value, dict):
        items = list(value.items())
        said = [f"{key}={_value(item, depth + 1)}" for key, item in items[:MAX_ITEMS]]
        return " ".join(said + (["..."] if len(items) > MAX_ITEMS else []))
    if isinstance(value, list):
        said = [_value(item, depth + 1) for item in value[:MAX_ITEMS]]
        return " ".join(said + (["..."] if len(value) > MAX_ITEMS else []))
    if value is None:
        return ""
    if value is True or value is False:
        return "true" if value else "false"
    return str(value)


def _cut(text: str) -> str:
    return text if len(text) <= MAX_SAID else text[: MAX_SAID - 3] + "..."


def entry_words(entry, game: games.Game | None) -> tuple[str | None, str]:
    """An entry as the sheet holds it, said in its game's words: its kind (`damas`, through the
    game's entry_label; None when its game names none) and its values (`1 1 2 0`, `trump copas`)."""
    if not isinstance(entry, dict):
        return None, _cut(_value(entry))
    kind_key = game.entry_kind_key if game is not None else None
    bare_keys = game.entry_bare_keys if game is not None else ()
    kind = entry.get(kind_key) if kind_key is not None else None
    if isinstance(kind, str) and game is not None:
        try:
            kind = game.entry_label(kind)
        except Exception:  # noqa: BLE001 - a hand-edited kind is said as written, never fails the history
            pass
    else:
        kind = None
    items = list(entry.items())[:MAX_ITEMS]
    bare = [_value(entry[key]) for key in bare_keys if key in entry]  # in record's order (the journal sorts keys)
    # A value the game takes as an option of `record` is said as that option (`--trump copas`),
    # the same in every language, not by the sheet's English key.
    flags = {option.name: option.flags[0] for option in (game.record_options if game is not None else ())}
    named = [
        f"{flags.get(key, key)} {_value(value)}".rstrip()
        for key, value in items
        if key not in bare_keys and (kind_key is None or key != kind_key)
    ]
    if kind is None and kind_key is not None and kind_key in entry:  # a kind written as no text: said as written
        named.insert(0, f"{kind_key} {_value(entry[kind_key])}")
    parts = [" ".join(part for part in bare if part)] if any(bare) else []
    return (str(kind) if kind is not None else None), _cut(", ".join(parts + named))


def entry_name(word: str, number: int, kind: str | None) -> str:
    """`hand 3 (damas)`: entry `number` of a sheet, in its game's word for an entry."""
    if kind is None:
        if word == "deal":
            return _("deal {number}").format(number=number)
        if word == "entry":
            return _("entry {number}").format(number=number)
        return _("hand {number}").format(number=number)
    if word == "deal":
        return _("deal {number} ({kind})").format(number=number, kind=kind)
    if word == "entry":
        return _("entry {number} ({kind})").format(number=number, kind=kind)
    return _("hand {number} ({kind})").format(number=number, kind=kind)


def removed_word(word: str) -> str:
    """What an undo left of an entry: nothing (said agreeing with the game's word for an entry)."""
    if word == "deal":
        return pgettext("a deal", "removed")
    if word == "entry":
        return pgettext("an entry", "removed")
    return pgettext("a hand", "removed")


def _game(name: str | None) -> games.Game | None:
    if name is None:
        return None
    try:
        return games.get(name)
    except KeyError:
        return None


def entry_said(change, game_name: str | None) -> tuple[str, str, str]:
    """A change of one entry as (its name, its values before, after): `hand 3 (damas)`,
    `1 1 2 0`, `1 1 1 1`; before is empty for an entry recorded, after for one removed."""
    game = _game(game_name)
    word = game.entry_word[0] if game is not None else "entry"
    kind_before, before = entry_words(change.before, game) if change.before is not None else (None, "")
    kind_after, after = entry_words(change.after, game) if change.after is not None else (None, "")
    if change.before is not None and change.after is not None and kind_before != kind_after:
        # a correction that changes the entry's kind: each side says its own
        before = " ".join(part for part in (kind_before, before) if part)
        after = " ".join(part for part in (kind_after, after) if part)
        return entry_name(word, change.entry, None), before, after
    kind = kind_after if change.after is not None else kind_before
    return entry_name(word, change.entry, kind), before, after


def change_detail(change, game_name: str | None) -> str:
    """What a change did, in a line: an entry with its values before and after, else what the
    day command's record says (a summary, a name changed, the other files it wrote)."""
    if change.entry is not None and (change.before is not None or change.after is not None):
        name, before, after = entry_said(change, game_name)
        if change.before is None:
            return one_line(f"{name}: {after}" if after else name)
        if change.after is None:
            game = _game(game_name)
            after = removed_word(game.entry_word[0] if game is not None else "entry")
        return one_line(f"{name}: {before} -> {after}")
    detail = change.detail if isinstance(change.detail, dict) else {}
    if change.action == "rename" and "old" in detail and "new" in detail:
        return one_line(_("{old} to {new}").format(old=_value(detail["old"]), new=_value(detail["new"])))
    told = tournament_subject(change.action, detail)  # a day command's request: `Duarte -2.5, round 2`
    if told:
        return one_line(_cut(told))
    if detail.get("summary"):
        return one_line(_cut(_value(detail["summary"])))
    others = [path for path in change.files if path != change.file]
    if others:
        shown = ", ".join(others[:MAX_FILES_SAID])
        if len(others) > MAX_FILES_SAID:
            shown = _("{files} and {count} more").format(files=shown, count=len(others) - MAX_FILES_SAID)
        return one_line(shown)
    return ""


def by_text(by) -> str:
    """Who made a change, as a person reads it: the user at the command line; the score pad's
    link and the client's address."""
    if not isinstance(by, dict):
        return ""
    if by.get("link"):
        address = by.get("address")
        return one_line(f"{_value(by['link'])} ({_value(address)})" if address else _value(by["link"]))
    if by.get("user"):
        return one_line(_value(by["user"]))
    return one_line(_value(by.get("address") or by.get("command") or ""))


def action_said(change) -> str:
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


def notice_lines(report) -> list[str]:
    """The lines said about the journal itself (set aside, unreadable, made in another folder,
    a change a killed run left completed), before the history."""
    lines = journal_lines(report.recovered, report.notices)
    if report.foreign:
        lines.append(foreign_line(report.folder))
    return lines


def outside_lines(report) -> list[str]:
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


def history_rows(report, with_file: bool) -> list[list]:
    """One row per change under HEADERS (the file's column only when `with_file`)."""
    rows = []
    for change in report.changes:
        row = [clock(change.when), action_said(change)]
        if with_file:
            row.append(change.file)
        row += [change_detail(change, report.games.get(change.file)), by_text(change.by)]
        rows.append(row)
    return rows


def history_json(report) -> list[dict]:
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


def history_text(report, fmt: str, with_file: bool) -> str:
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


def _history_csv(report) -> str:
    rows = []
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
                _value(change.by.get("command", "")) if isinstance(change.by, dict) else "",
                change.file,
                change.entry if change.entry is not None else "",
                before,
                after,
                change_detail(change, game),
            ]
        )
    return csv_text(list(CSV_HEADERS), rows, numbers=(7,))
