"""The JSON API beside the pages (docs/serve.md): the tables, one table's `show` object, an entry
recorded (201; 409 when stale; 422 refused, with its codes) and the last one undone. The same
links are the credentials (`Authorization: Bearer TOKEN` or `?token=`). A change is JSON only:
a page of another site cannot send JSON here without the browser asking first (and it is
never answered), so no CSRF token is needed."""

from __future__ import annotations

from flask import abort, jsonify, request

from scorekeeper import i18n
from scorekeeper.core import tables
from scorekeeper.errors import InputValueError, RefusedChange, ScorekeeperError, StaleSheet
from scorekeeper.serve.access import ORGANISER
from scorekeeper.serve.requests import allow, language, locked, served, table_or_404, token


def register(app) -> None:
    @app.get("/api/tables")
    @locked
    def api_tables():
        who = served().access.who(token())
        if who is None:
            abort(401)
        listed = served().tables().tables
        with i18n.speaking(language(None)):
            return jsonify([tables.summary(t) for t in listed if who in (ORGANISER, t.id)])

    @app.get("/api/tables/<table_id>")
    @locked
    def api_table(table_id):
        table = _table(table_id)
        with i18n.speaking(language(None)):
            try:
                return jsonify(tables.show(table))
            except ScorekeeperError as exc:
                return _error(422, "unusable", exc)

    @app.post("/api/tables/<table_id>/entries")
    @locked
    def api_record(table_id):
        table = _table(table_id)
        if not request.is_json:
            return jsonify({"error": "unsupported", "message": "Content-Type: application/json"}), 415
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            return jsonify({"error": "invalid", "message": "a JSON object"}), 400
        entry = dict(body)
        expected = entry.pop("expected_entries", None)
        with i18n.speaking(language(None)):
            try:
                done = tables.record(table, entry, expected)
            except ScorekeeperError as exc:
                return _refused(table, exc)
            return jsonify({**done.report, "said": done.said}), 201

    @app.delete("/api/tables/<table_id>/entries/last")
    @locked
    def api_undo(table_id):
        table = _table(table_id)
        body = request.get_json(silent=True) if request.is_json else None
        expected = body.get("expected_entries") if isinstance(body, dict) else request.args.get("expected_entries")
        with i18n.speaking(language(None)):
            try:
                done = tables.undo(table, expected)
            except ScorekeeperError as exc:
                return _refused(table, exc)
            return jsonify({**done.report, "said": done.said})


def _table(table_id: str) -> tables.Table:
    allow(table_id)
    return table_or_404(table_id)


def _refused(table, exc: ScorekeeperError):
    if isinstance(exc, StaleSheet):
        return jsonify(
            {
                "error": "stale",
                "message": exc.message,
                "expected_entries": exc.expected,
                "entries": exc.now,
                "sheet": tables.show(table),
            }
        ), 409
    if isinstance(exc, tables.SheetBusy):
        return jsonify({"error": "busy", "message": exc.message}), 503, {"Retry-After": "1"}
    if isinstance(exc, RefusedChange):
        findings = [f.as_dict() for f in exc.findings]
        return jsonify(
            {
                "error": "refused",
                "code": findings[0]["code"] if findings else None,
                "message": exc.message,
                "findings": findings,
            }
        ), 422
    if isinstance(exc, InputValueError):
        return jsonify({"error": "refused", "code": None, "message": exc.message, "findings": []}), 422
    return _error(422, "unusable", exc)


def _error(status: int, kind: str, exc: ScorekeeperError):
    return jsonify({"error": kind, "message": tables.refusal(exc)}), status  # which sheet, by its name
