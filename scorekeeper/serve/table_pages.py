"""A table's page: its sheet as `show` gives it, and the form of its next entry; the entry
posted, the last one undone, and the table's boletim downloaded. Forms are posted and the page
rendered again: nothing needs JavaScript."""

from __future__ import annotations

from flask import g, render_template, request

from scorekeeper import games, i18n
from scorekeeper.core import tables
from scorekeeper.errors import ScorekeeperError, StaleSheet
from scorekeeper.i18n import _
from scorekeeper.journal import transaction
from scorekeeper.output.sheet_text import format_totals
from scorekeeper.output.table_layout import DETAIL
from scorekeeper.serve.access import ORGANISER
from scorekeeper.serve.downloads import boletim
from scorekeeper.serve.page_common import check_csrf, common, game_of, message_page, table_for, xlsx
from scorekeeper.serve.requests import acting, change_id, language, locked, nonce, served, token
from scorekeeper.serve.words import already_words, change_words, findings_count, round_words, state_words

LAST_CHANGES = 3  # a table's page shows its last changes: one's own saved entry among them after Back


def sheet_table(result) -> dict:
    """The first table `show` prints (each entry's numbers, the totals, the table points), as
    the page lays it out: a detail under its entry, groups of columns above their labels."""
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
    return {
        "labels": labels,
        "groups": spans if any(groups) else [],
        "rows": body,
        "numeric": sum(1 for i in kept if i < numeric),
    }


def _complete_words(result) -> str:
    winner = result.extra.get("winner")
    if winner:
        return _("The game is complete: {totals}; {winner} wins").format(totals=format_totals(result), winner=winner)
    return _("The game is complete: {totals}").format(totals=format_totals(result))


def register(app) -> None:
    @app.get("/t/<table_id>")
    @locked
    def table_page(table_id):
        table = table_for(table_id)
        return _table_page(table, None)

    @app.post("/t/<table_id>")
    @change_id("form")
    @locked
    def table_answer(table_id):
        table = table_for(table_id)
        check_csrf(f"entry:{table.id}")
        answers = {key: value for key, value in request.form.items() if key.startswith("a")}
        for key, value in request.form.items():
            if key.startswith("pick-") and key[5:].startswith("a"):
                answers[key[5:]] = value  # a choice's button answers its question
        with acting(table):
            return _table_page(
                table, lambda: tables.answer(table, answers, request.form.get("expected_entries"), g.change_id)
            )

    @app.post("/t/<table_id>/undo")
    @change_id("form")
    @locked
    def table_undo(table_id):
        table = table_for(table_id)
        check_csrf(f"undo:{table.id}")
        with acting(table):
            return _table_page(table, lambda: tables.undo(table, request.form.get("expected_entries"), g.change_id))

    @app.get("/t/<table_id>/sheet.xlsx")
    @locked
    def table_workbook(table_id):
        table = table_for(table_id)
        lang = language(game_of(table))
        try:
            data = boletim(table, lang)
        except ScorekeeperError as exc:
            return message_page(422, tables.refusal(exc), lang)
        return xlsx(data, table.id)


def _table_page(table: tables.Table, change):
    """The table's page, after `change()` when there is one (an answer, an undo)."""
    lang = language(game_of(table))
    status, stale, said, repeat = 200, None, [], None
    with i18n.speaking(lang):
        try:
            done = change() if change is not None else None
        except StaleSheet as exc:
            done, status, stale = None, 409, exc.message
        except tables.SheetBusy as exc:
            done, status, stale = None, 503, exc.message
        except ScorekeeperError as exc:
            done, status, stale = None, 422, exc.message
        try:
            if isinstance(done, tables.Form):
                form = done
                said = form.recorded.said if form.recorded else []
                repeat = form.recorded.repeat if form.recorded else None
                if form.questions is not None and (form.questions.error or any(f.error for f in form.questions.fields)):
                    status = 422
            else:
                form = tables.form(table)
                said = done.said if done is not None else []
                repeat = done.repeat if done is not None else None
        except ScorekeeperError as exc:
            return message_page(422, tables.refusal(exc), lang)
        # The entry's id goes on with its next screen (the same entry, not saved yet); a new
        # entry's form, after a save or a refusal of the form as a whole, gets a new one.
        going_on = isinstance(done, tables.Form) and done.recorded is None and g.get("change_id")
        entry_id = g.change_id if going_on else transaction.new_id()
        result = form.result
        game = games.get(result.game)
        summary = tables.summary(table)
        access = served().access
        complete = _complete_words(result) if result.complete else None
        said = [line for line in said if line != complete]  # said once, below the form
        view = {
            "table": table,
            "report": form.report,
            "sheet": sheet_table(result),
            "form": form,
            "questions": form.questions,
            "said": said,
            "already": already_words(repeat) if repeat is not None else None,
            "stale": stale,
            "state": state_words(summary["state"], summary["entries"], game.entry_word, game, summary.get("progress")),
            "findings": form.report["findings"],
            "findings_count": findings_count(len(form.report["findings"])),
            "complete": complete,
            "round": round_words(table.round) if table.round is not None else None,
            "csrf_entry": access.csrf(nonce(), token(), f"entry:{table.id}"),
            "csrf_undo": access.csrf(nonce(), token(), f"undo:{table.id}"),
            "entry_id": entry_id,
            "undo_id": transaction.new_id(),
            "changes": [change_words(c, result.game) for c in tables.last_changes(table, LAST_CHANGES)],
            "organiser": access.who(token()) == ORGANISER,
            "title": _title(form.report, table),
        }
        return render_template("table.html", **view, **common(lang)), status


def _title(report: dict, table: tables.Table) -> str:
    parts = [str(report[key]) for key in ("event",) if report.get(key)]
    if report.get("table") is not None or table.number:
        parts.append(_("Table {number}").format(number=report.get("table") or table.number))
    return " · ".join(parts) or table.sheet
