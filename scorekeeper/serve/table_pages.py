"""A table's page: where the sheet stands (each player's total, the last entries, the whole
sheet a tap away) and its next entry on one screen (core.pad_entry: the fields its game
declares); the entry posted once and recorded, the last one undone after a question, and the
table's boletim downloaded. Every page is a plain form: static/pad.js only makes it quicker
(the fields shown as the scorer taps, the check as he types, Record without a page load)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import g, redirect, render_template, request

from scorekeeper import games, i18n
from scorekeeper.core import pad_entry, pad_tables
from scorekeeper.errors import InputValueError, RefusedChange, ScorekeeperError, StaleSheet
from scorekeeper.i18n import _, in_words
from scorekeeper.journal import transaction
from scorekeeper.journal.history import Change
from scorekeeper.serve.access import ORGANISER
from scorekeeper.serve.downloads import boletim
from scorekeeper.serve.page_common import check_csrf, common, game_of, link, message_page, table_for, xlsx
from scorekeeper.serve.per_request import acting, change_id, language, locked, nonce, served, token
from scorekeeper.serve.table_words import (
    already_saved_words,
    complete_words,
    entry_line,
    entry_name,
    last_saved_words,
    removed_name,
    saved_words,
    table_words,
    totals_of,
    undo_question,
)
from scorekeeper.serve.words import change_words, findings_count, round_words, state_words
from scorekeeper.sheet.entry_form import CHOICE, NUMBER, PLAYERS, EntryForm, Field, FormRefused, applies, value_of
from scorekeeper.sheet.results import SheetResult
from scorekeeper.sheet.show_table import DETAIL

# What a change's page says was done, from the sheet's result and rules after it (None: nothing).
DoneWords = Callable[[SheetResult, Any], "str | None"]
LAST_CHANGES = 3  # a table's page lists its last changes: one's own saved entry among them after Back
LAST_ENTRIES = 3  # the entries a phone shows above the whole sheet
FORM_KEYS = ("csrf", "change_id", "expected_entries", "show")  # what a posted form carries besides its values


def sheet_table(result, rules=None, entries=()) -> dict:
    """The first table `show` prints (each entry's numbers, the totals, the table points), as
    the page lays it out: a detail under its entry, groups of columns above their labels; an
    entry's kind in the game's words (`Reis e Valetes`), not as the sheet writes it."""
    game = games.get(result.game)
    _heading, headers, rows, numeric = game.show_tables(result)[0]
    detail = next((i for i, h in enumerate(headers) if str(h) in (DETAIL, _(DETAIL))), None)
    kept = [i for i in range(len(headers)) if i != detail]
    labels = [getattr(headers[i], "label", str(headers[i])) for i in kept]
    groups = [getattr(headers[i], "group", None) for i in kept]
    spans: list[tuple[str, int]] = []
    for group in groups:
        if spans and spans[-1][0] == (group or "") and group:
            spans[-1] = (spans[-1][0], spans[-1][1] + 1)
        else:
            spans.append((group or "", 1))
    body = [
        {
            "cells": ["" if row[i] is None else str(row[i]) for i in kept],
            "detail": str(row[detail]) if detail is not None and row[detail] else "",
        }
        for row in rows
    ]
    if rules is not None:
        for row, hand in zip(body, result.hands):  # noqa: B905 - py39 has no strict=; a row per entry
            said = game.entry_words(rules, hand.hand)
            row["cells"] = [said if cell == hand.hand else cell for cell in row["cells"]]
        # the detail in words, where the game says it so
        for row, entry in zip(body, entries):  # noqa: B905 - py39 has no strict=; a row per entry
            worded = game.entry_detail_words(rules, entry)
            if worded is not None:
                row["detail"] = worded
    return {
        "labels": labels,
        "groups": spans if any(groups) else [],
        "rows": body,
        "numeric": sum(1 for i in kept if i < numeric),
    }


def register(app) -> None:
    @app.get("/t/<table_id>")
    @locked
    def table_page(table_id):
        table = table_for(table_id)
        return _table_page(table, None, done=request.args.get("done", "")[:80], again=bool(request.args.get("again")))

    @app.post("/t/<table_id>")
    @change_id("form")
    @locked
    def table_record(table_id):
        table = table_for(table_id)
        check_csrf(f"entry:{table.id}")
        values = posted_values()
        if request.form.get("show"):  # without JavaScript: the fields of the choice made, nothing saved
            return _table_page(table, None, values=values, keep_id=True)
        with acting(table):
            return _table_page(
                table,
                lambda: pad_entry.record(table, values, request.form.get("expected_entries"), g.change_id),
                values=values,
                done_words=saved_words,
            )

    @app.post("/t/<table_id>/undo")
    @change_id("form")
    @locked
    def table_undo(table_id):
        table = table_for(table_id)
        check_csrf(f"undo:{table.id}")
        with i18n.speaking(language(lambda: game_of(table))):  # the page's words, not the process's
            removed = _last_entry_name(table)
        with acting(table):
            return _table_page(
                table,
                lambda: pad_tables.undo(table, request.form.get("expected_entries"), g.change_id),
                done_words=lambda _result, _rules: _("{entry} removed").format(entry=removed) if removed else None,
            )

    @app.get("/t/<table_id>/sheet.xlsx")
    @locked
    def table_workbook(table_id):
        table = table_for(table_id)
        lang = language(lambda: game_of(table))
        try:
            data = boletim(table, lang)
        except ScorekeeperError as exc:
            with i18n.speaking(lang):  # a refusal is data: said in the page's language, as the workbook is
                refused = str(pad_tables.refusal(exc))
            return message_page(422, refused, lang)
        return xlsx(data, table.id)


def posted_values() -> dict[str, str]:
    """The screen's values as a form posts them: each field's text; a PLAYERS field's toggles,
    posted once each under its name, joined as its Reader reads them ("Ana,Bruno")."""
    return {key: ",".join(request.form.getlist(key)) for key in request.form if key not in FORM_KEYS}


class _Outcome:
    """What a posted change came to, as the page says it."""

    def __init__(self):
        self.status = 200
        self.alert: str | None = None  # stale, busy, or a refusal of the whole entry
        self.refusals: dict[str, str] = {}  # field -> words
        self.placed: list = []  # (place, Finding) of a refused entry
        self.recorded: pad_tables.Recorded | None = None
        self.kept = False  # the values posted are shown again (a refusal): the same entry, the same id


def _run(change, values) -> _Outcome:
    out = _Outcome()
    if change is None:
        return out
    try:
        out.recorded = change()
    except StaleSheet as exc:
        out.status, out.alert = 409, in_words(exc.message)
    except pad_tables.SheetBusy as exc:
        out.status, out.alert, out.kept = 503, in_words(exc.message), True
    except FormRefused as exc:
        out.status, out.kept = 422, True
        out.refusals = {k: in_words(v) for k, v in exc.reasons.items() if k}
        out.alert = in_words(exc.reasons[""]) if exc.reasons.get("") else None
    except RefusedChange as exc:
        out.status, out.kept = 422, True
        out.placed = list(exc.findings)  # placed beside their fields once the sheet is read
        out.alert = None if exc.findings else in_words(exc.message)  # the findings say it: never twice
    except InputValueError as exc:
        out.status, out.alert, out.kept = 422, in_words(exc.message), True
    except ScorekeeperError as exc:
        out.status, out.alert = 422, str(pad_tables.refusal(exc))
    return out


def _last_entry_name(table: pad_tables.Table) -> str | None:
    """The last entry in words (`Hand 7 · Festa`), read before an undo removes it."""
    try:
        sheet, result = pad_tables.load(table)
    except ScorekeeperError:
        return None
    return entry_name(result, sheet.rules, result.hands[-1]) if result.hands else None


def _table_page(
    table: pad_tables.Table,
    change,
    values: dict | None = None,
    keep_id: bool = False,
    done_words: DoneWords | None = None,
    done: str = "",
    again: bool = False,
):
    """The table's page, after `change()` when there is one (an entry recorded, an undo; then
    `done_words(result, rules)` says what was done). A change made is answered with the page at
    an address of its own (Post/Redirect/Get: `?done=ID`, and `again` when the id's change was
    made before), so Back and reload never post the form again; that page says what `done` did."""
    lang = language(lambda: game_of(table))  # the sheet read for its game only when no language is chosen
    with i18n.speaking(lang):
        out = _run(change, values)
        if out.recorded is not None and g.get("change_id"):
            kept = {"again": "1"} if out.recorded.repeat is not None else {}
            address = link(f"/t/{table.id}", lang if request.args.get("lang") else None, done=g.change_id, **kept)
            return redirect(address, 303)
        try:
            screen = pad_entry.screen(table)
        except ScorekeeperError as exc:
            return message_page(422, str(pad_tables.refusal(exc)), lang)
        sheet, result = screen.sheet, screen.result
        shown = values if (out.kept or keep_id) and values is not None else {}
        if out.placed:
            out.placed = pad_entry.places(sheet, out.placed, shown)
        # The entry's id stays with its values while they are not saved (a refusal, the fields of
        # a choice): posted again, it is still one entry. A new screen gets a new id.
        entry_id = g.change_id if (out.kept or keep_id) and g.get("change_id") else transaction.new_id()
        changes = pad_tables.last_changes(table, LAST_CHANGES)
        said, already = _done_words(table, screen, out, done_words, done, again)
        access = served().access
        view = {
            **_sheet_view(table, screen, changes),
            "said": said,
            "already": already,
            "alert": out.alert,
            "last_saved": None if said or already else last_saved_words(result, sheet.rules, changes),
            "entry": _entry_view(screen.form, shown, out) if screen.form is not None else None,
            "expected": screen.expected,
            "fresh": not shown,
            "csrf_entry": access.csrf(nonce(), token(), f"entry:{table.id}"),
            "csrf_undo": access.csrf(nonce(), token(), f"undo:{table.id}"),
            "entry_id": entry_id,
            "undo_id": transaction.new_id(),
            "check_url": link(f"/api/tables/{table.id}/check", lang),
            "organiser": access.who(token()) == ORGANISER,
            "tw": table_words(),
        }
        return render_template("table.html", **view, **common(lang)), out.status


def _done_words(
    table: pad_tables.Table,
    screen: pad_entry.Screen,
    out: _Outcome,
    done_words: DoneWords | None,
    done: str,
    again: bool,
) -> tuple[str | None, str | None]:
    """What the page says was done (`said`: the entry saved, removed) or had been done before
    (`already`: one's own change sent again), by this request's change or, on the page a change
    redirected to, by the change its address names (`done`, `again`)."""
    sheet, result = screen.sheet, screen.result
    repeat = out.recorded.repeat if out.recorded is not None else None
    said = None
    if out.recorded is not None and repeat is None and done_words is not None and result.hands is not None:
        said = done_words(result, sheet.rules) if result.hands or done_words is not saved_words else None
    already = already_saved_words(result, sheet.rules, repeat) if repeat is not None else None
    made = pad_tables.change_made(table, done) if done else None
    if made is not None and again:
        already = already_saved_words(result, sheet.rules, made)
    elif made is not None and made.action == "record" and made.entry == len(result.hands):
        said = saved_words(result, sheet.rules)
    elif made is not None and made.action == "undo":
        said = _("{entry} removed").format(entry=removed_name(result, sheet.rules, made))
    return said, already


def _sheet_view(table: pad_tables.Table, screen: pad_entry.Screen, changes: list[Change]) -> dict[str, object]:
    """Where the table's sheet stands, as its page shows it: its state, the totals, the last
    entries, the whole sheet, its findings and last changes."""
    sheet, result = screen.sheet, screen.result
    game = games.get(result.game)
    progress = game.progress(sheet, result)
    return {
        "table": table,
        "title": _title(result.meta, table),
        "round": round_words(table.round) if table.round is not None else None,
        "state": state_words(
            pad_tables.state_of(result),
            len(sheet.entries),
            game.entry_word,
            game,
            {"done": progress[0], "whole": progress[1]} if progress else None,
        ),
        "complete": complete_words(result) if result.complete else None,
        "totals": totals_of(result),
        "in_play": game.in_play_words(result),
        "last_entries": [entry_line(result, sheet.rules, h) for h in reversed(result.hands[-LAST_ENTRIES:])],
        "sheet": sheet_table(result, sheet.rules, sheet.entries),
        "findings": [f.as_dict() for f in result.findings],
        "findings_count": findings_count(len(result.findings)),
        "changes": [change_words(c, result.game) for c in changes],
        "undo_question": undo_question(result, sheet.rules) if result.hands else None,
    }


def _entry_view(form: EntryForm, values: dict, out: _Outcome) -> dict:
    """The form's fields as the template lays them out: each field (its choices, its taps, what
    it holds, whether it applies now, its refusal and findings), fields of a group together."""
    named_by_when = {name for one in form.fields for name, _wanted in one.when}
    by_place: dict[str | None, list] = {}
    for place, finding in out.placed:
        known = place is not None and (form.get(place) is not None or place in form.groups)
        by_place.setdefault(place if known else None, []).append(finding.as_dict())
    items: list[dict] = []
    for one in form.fields:
        shown = value_of(one, values)
        picked = set(part.strip() for part in shown.split(",")) if one.kind == PLAYERS else {shown}
        view = {
            "name": one.name,
            "kind": one.kind,
            "label": one.label,
            "hint": one.hint,
            "value": shown,
            "taps": _taps(one),
            "choices": [(c.value, c.label, c.value in picked) for c in one.choices],
            "hidden": not applies(form, one, values),
            "when": json.dumps([[name, list(wanted)] for name, wanted in one.when]) if one.when else "",
            "controls": one.name in named_by_when and one.kind == CHOICE,
            "refusal": out.refusals.get(one.name),
            "findings": by_place.get(one.name, []),
            "number": one.kind == NUMBER and not one.taps,
        }
        if one.group is not None and items and items[-1].get("group") == one.group:
            items[-1]["fields"].append(view)
            continue
        if one.group is not None:
            items.append(
                {
                    "group": one.group,
                    "legend": form.groups.get(one.group, ""),
                    "fields": [view],
                    "findings": by_place.get(one.group, []),
                }
            )
        else:
            items.append({"group": None, "fields": [view]})
    for item in items:
        if item["group"] is not None:
            item["hidden"] = all(f["hidden"] for f in item["fields"])
    return {
        "title": form.title,
        "items": items,
        "general": by_place.get(None, []),
    }


def _taps(one: Field) -> list[str]:
    """A row of tap targets' numbers (a field of few values: 0 to 13 tricks), else none."""
    if not one.taps or one.low is None or one.high is None:
        return []
    return [str(n) for n in range(one.low, one.high + 1)]


def _title(meta: dict, table: pad_tables.Table) -> str:
    parts = [str(meta[key]) for key in ("event",) if meta.get(key)]
    if meta.get("table") is not None or table.number:
        parts.append(_("Table {number}").format(number=meta.get("table") or table.number))
    return " · ".join(parts) or table.sheet
