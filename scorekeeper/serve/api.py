"""The JSON API beside the pages (docs/serve.md): the tables, one table's `show` object, an entry
recorded (201; 409 when stale; 422 refused, with its codes) and the last one undone. The same
links are the credentials (`Authorization: Bearer TOKEN` or `?token=`). A change is JSON only:
a page of another site cannot send JSON here without the browser asking first (and it is
never answered), so no CSRF token is needed. A change may carry an `Idempotency-Key`: sent
again with it (a retry after a lost reply), it changes nothing and gets the first one's result
(200, `already_saved`). An entry may also be sent as the values of its screen (core.pad_entry:
the fields a game declares), and those values checked before they are sent (`check`: what
recording them would do, nothing saved)."""

from __future__ import annotations

from flask import Flask, Response, abort, g, jsonify, request
from flask.typing import ResponseReturnValue

from scorekeeper import i18n
from scorekeeper.core import pad_entry, pad_tables
from scorekeeper.errors import InputValueError, RefusedChange, ScorekeeperError, StaleSheet
from scorekeeper.i18n import _, in_words
from scorekeeper.output.editing_text import said_lines
from scorekeeper.output.json_shape import sheet_report
from scorekeeper.output.refusal import reasons_words
from scorekeeper.serve.access import ORGANISER
from scorekeeper.serve.per_request import acting, allow, change_id, language, locked, served, table_or_404, token
from scorekeeper.serve.words import already_words
from scorekeeper.sheet.entry_form import FormRefused


def register(app: Flask) -> None:
    _register_reads(app)
    _register_changes(app)
    _register_check(app)


def _register_reads(app: Flask) -> None:
    """The tables, and one table's `show` object."""

    @app.get("/api/tables")
    @locked
    def api_tables() -> ResponseReturnValue:
        who = served().access.who(token())
        if who is None:
            abort(401)
        listed = served().tables().tables
        with i18n.speaking(language(None)):
            return jsonify([_said_summary(pad_tables.summary(t)) for t in listed if who in (ORGANISER, t.id)])

    @app.get("/api/tables/<table_id>")
    @locked
    def api_table(table_id: str) -> ResponseReturnValue:
        table = _table(table_id)
        with i18n.speaking(language(None)):
            try:
                return jsonify(sheet_object(pad_tables.result_of(table), table.sheet))
            except ScorekeeperError as exc:
                return _error(422, "unusable", exc)


def _register_changes(app: Flask) -> None:
    """An entry recorded (as data, or as its screen's values), and the last one undone."""

    @app.post("/api/tables/<table_id>/entries")
    @change_id("header")
    @locked
    def api_record(table_id: str) -> ResponseReturnValue:
        table = _table(table_id)
        if not request.is_json:
            return jsonify({"error": "unsupported", "message": "Content-Type: application/json"}), 415
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            return jsonify({"error": "invalid", "message": "a JSON object"}), 400
        entry = dict(body)
        expected = entry.pop("expected_entries", None)
        with i18n.speaking(language(None)), acting(table):
            try:
                done = _record(table, entry, expected)
            except FormRefused as exc:
                return _form_refused(exc), 422
            except ScorekeeperError as exc:
                return _refused(table, exc, entry.get("values"))
            return _changed(done, 201)

    @app.delete("/api/tables/<table_id>/entries/last")
    @change_id("header")
    @locked
    def api_undo(table_id: str) -> ResponseReturnValue:
        table = _table(table_id)
        body = request.get_json(silent=True) if request.is_json else None
        expected = body.get("expected_entries") if isinstance(body, dict) else request.args.get("expected_entries")
        with i18n.speaking(language(None)), acting(table):
            try:
                done = pad_tables.undo(table, expected, g.change_id)
            except ScorekeeperError as exc:
                return _refused(table, exc)
            return _changed(done, 200)


def _said_summary(item: dict[str, object]) -> dict[str, object]:
    """A table as the list says it: an unusable sheet's refusal (data in the core) in words."""
    error = item.get("error")
    return {**item, "error": str(error)} if isinstance(error, ScorekeeperError) else item


def _record(table: pad_tables.Table, entry: dict[str, object], expected: object) -> pad_tables.Recorded:
    """An entry sent as data (the sheet's keys), or as its screen's `values` (as the page's
    form posts them: core.pad_entry makes the entry)."""
    if "values" not in entry:
        return pad_tables.record(table, entry, expected, g.change_id)
    if set(entry) != {"values"}:
        raise InputValueError(_("values: sent alone, with expected_entries only"))
    return pad_entry.record(table, entry["values"], expected, g.change_id)


def _form_refused(exc: FormRefused) -> Response:
    """A screen's values that make no entry: each field's refusal."""
    return jsonify(
        {
            "error": "refused",
            "code": None,
            "message": in_words(exc.message),
            "refusals": reasons_words(exc.reasons),
            "findings": [],
        }
    )


def _register_check(app: Flask) -> None:
    @app.post("/api/tables/<table_id>/check")
    def api_check(table_id: str) -> ResponseReturnValue:
        """What recording the values would do (the page asks as the scorer types): each field's
        refusal, the findings the entry would bring and where each is shown. Nothing is saved
        and no lock is taken, neither the table's nor the sheet's writer lock: a read of the
        sheet (written atomically), so a check never waits on an entry being saved."""
        table = _table(table_id)
        if not request.is_json:
            return jsonify({"error": "unsupported", "message": "Content-Type: application/json"}), 415
        body = request.get_json(silent=True)
        if not isinstance(body, dict) or set(body) != {"values"}:
            return jsonify({"error": "invalid", "message": 'a JSON object {"values": {field: text}}'}), 400
        with i18n.speaking(language(None)):
            try:
                checked = pad_entry.check(table, body["values"])
            except ScorekeeperError as exc:
                return _refused(table, exc)
            return jsonify(
                {
                    "entry": checked.entry,
                    "refusals": reasons_words(checked.reasons),
                    "findings": [_placed(place, f) for place, f in checked.findings],
                    "recordable": checked.recordable,
                }
            )


def _changed(done: pad_tables.Recorded, status: int):
    """The sheet after a change, what it says, and `already_saved`: null when this request made
    the change, else the change its Idempotency-Key made before (this one made none: 200)."""
    report = sheet_object(done.result, done.sheet)
    if done.repeat is None:
        said = [line for told in done.said for line in said_lines(told)]  # what the change told, in words
        return jsonify({**report, "said": said, "already_saved": None}), status
    repeat = done.repeat
    line = already_words(repeat)
    return jsonify(
        {
            **report,
            "said": [line],
            "already_saved": {"id": repeat.id, "action": repeat.action, "entry": repeat.entry, "when": repeat.when},
        }
    ), 200


def sheet_object(result, sheet: str) -> dict:
    """The object `show --format json` prints for a table's sheet, naming it by its file name
    only (a reply never tells where the server keeps its files)."""
    return {**sheet_report(result, running=True), "file": sheet}


def _table(table_id: str) -> pad_tables.Table:
    allow(table_id)
    return table_or_404(table_id)


def _placed(place, finding) -> dict:
    """A finding as the check says it: where on the screen it goes (a field or a group of
    fields; null: above Record), its code, article, severity and words."""
    return {
        "place": place,
        "code": finding.code,
        "rule": finding.rule,
        "severity": finding.severity.value,
        "message": in_words(finding.message),
    }


def _refused(table, exc: ScorekeeperError, values=None):
    if isinstance(exc, StaleSheet):
        return jsonify(
            {
                "error": "stale",
                "message": in_words(exc.message),
                "expected_entries": exc.expected,
                "entries": exc.now,
                "sheet": sheet_object(pad_tables.result_of(table), table.sheet),
            }
        ), 409
    if isinstance(exc, pad_tables.SheetBusy):
        return jsonify({"error": "busy", "message": in_words(exc.message)}), 503, {"Retry-After": "1"}
    if isinstance(exc, RefusedChange):
        findings = [f.as_dict() for f in exc.findings]
        if isinstance(values, dict):  # sent as a screen's values: each finding's field too
            sheet = pad_tables.load(table)[0]
            placed = pad_entry.places(sheet, exc.findings, pad_entry.values_of(values))
            findings = [{**shown, "place": place} for shown, (place, _f) in zip(findings, placed)]  # noqa: B905 - py39 has no strict=; a place per finding
        return jsonify(
            {
                "error": "refused",
                "code": findings[0]["code"] if findings else None,
                "message": in_words(exc.message),
                "findings": findings,
            }
        ), 422
    if isinstance(exc, InputValueError):
        return jsonify({"error": "refused", "code": None, "message": in_words(exc.message), "findings": []}), 422
    return _error(422, "unusable", exc)


def _error(status: int, kind: str, exc: ScorekeeperError):
    return jsonify({"error": kind, "message": str(pad_tables.refusal(exc))}), status  # which sheet, by its name
