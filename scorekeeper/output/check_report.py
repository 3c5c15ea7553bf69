"""What `check` prints, sheet by sheet, in each of its formats: text (a finding a line and the
sheet's summary), a table, CSV, or a JSON array."""

from __future__ import annotations

from typing import Protocol

from scorekeeper.i18n import _
from scorekeeper.output.findings_text import finding_line
from scorekeeper.output.sheet_text import summary
from scorekeeper.sheet.results import SheetResult


class Writer(Protocol):
    """How the front end writes a text: `say` (made terminal-safe) or `echo` (JSON, as it is)."""

    def __call__(self, text: str = ..., /, *, nl: bool = ...) -> None: ...


# Each other format's modules (json, csv) are imported by the method that writes it: `check` of
# a sheet prints text, and loads none of them.


class CheckPrinter:
    """Prints each sheet's report as soon as it is checked, so that checking 10,000 sheets holds
    one sheet in memory, not all of them (the JSON array is written element by element).

    `say(text, nl=True)` writes text that may hold what a stranger wrote (the front end makes it
    terminal-safe); `echo(text, nl=True)` writes JSON, which escapes such characters itself."""

    def __init__(self, fmt: str, say: Writer, echo: Writer):
        self.fmt, self.say, self.echo = fmt, say, echo
        self.count = 0

    def sheet(self, result: SheetResult) -> None:
        if self.fmt == "json":
            from scorekeeper.output.json_shape import sheet_report  # lazy: see above

            self._json(sheet_report(result))
        elif self.fmt == "text":
            for finding in result.findings:
                self.say(finding_line(finding))
            self.say(summary(result))
        else:  # a table is read by a person; CSV is data, in English keys
            from scorekeeper.output.listing import finding_rows  # lazy: see above

            self._rows(finding_rows(result.findings, for_people=self.fmt == "table"))

    def failure(self, path: str, message: str) -> None:
        if self.fmt == "json":
            self._json({"file": path, "error": message})

    def _json(self, item: object) -> None:
        import textwrap  # lazy: only --format json indents; check of one sheet prints text

        from scorekeeper.output.json_text import json_text  # lazy: see above

        text = textwrap.indent(json_text(item), "  ")
        self.echo(("[\n" if self.count == 0 else ",\n") + text, nl=False)
        self.count += 1

    def _rows(self, rows: list[list[object]]) -> None:
        from scorekeeper.output.listing import FINDING_HEADERS  # lazy: see above

        if self.fmt == "csv":
            from scorekeeper.output.csv_text import csv_text  # lazy: see above

            text = csv_text(FINDING_HEADERS if self.count == 0 else None, rows, numbers=())  # all text
            if text:
                self.say(text, nl=False)
            self.count += 1
        elif rows:  # table: one table per sheet with findings, so nothing waits for the whole batch
            from scorekeeper.output.table_layout import table  # lazy: see above

            if self.count:
                self.say()
            self.say(table([_(header) for header in FINDING_HEADERS], rows))
            self.count += 1

    def close(self) -> None:
        if self.fmt == "json":
            self.echo("[]" if self.count == 0 else "\n]")
