"""Reading a workbook of boletins: each worksheet is read by the game its `Regras` cell names."""

from __future__ import annotations

import datetime
from typing import Protocol

from scorekeeper import games
from scorekeeper.errors import SheetFormatError
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_
from scorekeeper.sheet.results import SheetResult
from scorekeeper.workbook import layout as L
from scorekeeper.workbook import regras
from scorekeeper.workbook.safe_read import (
    MAX_COLUMNS,
    MAX_ROWS,
    Grid,
    bounded_read,
    check_zip,
    open_workbook,
    read_file,
    read_grid,
    worksheets,
)


class Boletim(Protocol):
    """A boletim or ficha worksheet as its game read it (or will, HouseRulesWorksheet): its title,
    its place (`workbook:worksheet`), its sheet checked, its YAML, and what its cells say that a
    sheet cannot (a count read from a formula)."""

    @property
    def title(self) -> str: ...
    @property
    def source(self) -> str: ...
    def check(self, rules_path: str | None = None) -> SheetResult: ...
    def to_yaml(self, rules_path: str | None = None, rules_ref: str | None = None) -> str: ...
    def cell_findings(self, rules_path: str | None = None) -> list[Finding]: ...


def read_workbook(path: str) -> list[Boletim]:
    """Every boletim or ficha worksheet of a workbook (a summary sheet is passed over). Each is
    read by its game, named in its `Regras` cell; each has `title`, `check()` and `to_yaml()`.
    The read is bounded in bytes, parts, tags, shared strings, rows, cells and time."""
    found: list[Boletim] = []
    with bounded_read(path) as budget:
        data = read_file(path)
        check_zip(data, path, budget)
        wb = open_workbook(data, path)
        try:
            for title, member in worksheets(wb, path):
                boletim = read_worksheet(read_grid(wb, title, member, budget))
                if boletim is not None:
                    found.append(boletim)
        finally:
            wb.close()
    if not found:
        raise SheetFormatError(M_("not a scorekeeper boletim: no worksheet has the 'Regras' and 'Mão' headers"), path)
    return found


def read_worksheet(grid: Grid):
    """One worksheet's boletim, or None when it has no Regras cell (a summary, a note)."""
    # The header is the rows above the names (a player or a team named "Evento" is no label)
    found = header_places(grid, L.NAMES_ROW)
    if "rules" not in found:
        return None
    if grid.beyond is not None:  # a boletim's cells all lie within the bounds: nothing typed is skipped
        raise SheetFormatError(
            M_(
                "a value is typed here, beyond what a boletim uses ({corner}): nothing there is "
                "read; move it into the table or clear it",
                corner=f"{L.col(MAX_COLUMNS)}{MAX_ROWS}",
            ),
            grid.where(*grid.beyond),
        )
    info, places = header_info(grid, L.NAMES_ROW, found)
    ref = info.get("rules")
    if ref is None:
        raise SheetFormatError(
            M_("the Regras cell is empty: it names the rules the boletim is played by"), grid.where(*found["rules"])
        )
    ref = str(ref)
    where = grid.where(*places["rules"])
    rules = regras.shipped(ref)
    if rules is None:  # a path or a house variant's name: readable only with --rules PATH
        return HouseRulesWorksheet(grid, info, ref, where, places)
    return read_as(grid, info, rules, ref, where, places)


def read_as(grid: Grid, info: dict, rules, ref: str, where: str, places: dict | None = None):
    """The worksheet read by the game of `rules`; `places` says where each header value sits,
    so that a finding about one (a scorer not at the table) names its cell."""
    return games.get(rules.game).read_boletim(grid, rules, ref, info, where, places)


class HouseRulesWorksheet:
    """A worksheet whose Regras cell names no shipped rules: it is read, by the game of the
    rules the user gives with --rules PATH, only when checked or imported; without them it is
    refused at its Regras cell."""

    def __init__(self, grid: Grid, info: dict, ref: str, where: str, places: dict | None = None):
        self.grid, self.info, self.ref, self.where, self.places = grid, info, ref, where, places
        self.title = grid.title

    @property
    def source(self) -> str:
        return f"{self.grid.path}:{self.grid.title}"

    def _read(self, rules_path: str | None):
        rules = regras.resolve(self.ref, rules_path, self.where)
        boletim = read_as(self.grid, self.info, rules, self.ref, self.where, self.places)
        if boletim is None:
            raise SheetFormatError(M_("not a scorekeeper boletim: no 'Mão' header row"), self.source)
        return boletim

    def check(self, rules_path: str | None = None) -> SheetResult:
        return self._read(rules_path).check(rules_path)

    def to_yaml(self, rules_path: str | None = None, rules_ref: str | None = None) -> str:
        return self._read(rules_path).to_yaml(rules_path, rules_ref)

    def cell_findings(self, rules_path: str | None = None) -> list[Finding]:
        return self._read(rules_path).cell_findings()


def header_places(grid: Grid, head: int) -> dict[str, tuple[int, int]]:
    """Where the value of each labelled header cell above row `head` (Evento, Mesa, Regras, ...)
    is: the cell just after its label, whatever it says (an event may be named "Mesa"), or else
    the first cell within three that holds anything, unless that is the next label (this one's
    value left empty)."""
    places: dict[str, tuple[int, int]] = {}
    for row, column in sorted(position for position in grid.values if position[0] < head):
        key = L.info_key(grid.label(row, column))
        if key is None or (row, column) in places.values():  # a value that reads like a label is a value
            continue
        if grid.present(row, column + 1):
            places[key] = (row, column + 1)
            continue
        for right in range(column + 2, column + 4):
            if grid.present(row, right):
                if L.info_key(grid.label(row, right)) is None:
                    places[key] = (row, right)
                break  # the next label: this one's value is empty
    return places


def header_info(grid: Grid, head: int, found: dict | None = None) -> tuple[dict, dict]:
    """The labelled header cells above row `head` (Evento, Mesa, Regras, ...), by key, read as a
    person typed them (grid.text), and the (row, column) each value was read from (`found`:
    header_places, when the caller has them)."""
    info, places = {}, {}
    for key, (row, column) in (found if found is not None else header_places(grid, head)).items():
        text = grid.text(row, column)
        if text is not None:
            info[key] = _header_value(key, text)
            places[key] = (row, column)
    return info, places


def _header_value(key: str, text: str):
    if key in ("table", "round") and text.isascii() and text.isdigit() and len(text) <= 12:
        return int(text)
    if key == "date":
        try:
            return datetime.date.fromisoformat(text[:10])
        except ValueError:
            return text
    return text
