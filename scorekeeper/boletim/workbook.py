"""Reading a workbook of boletins: each worksheet is read by the game its `Regras` cell names."""
from __future__ import annotations

import datetime

from scorekeeper import games
from scorekeeper.boletim import layout as L
from scorekeeper.boletim import regras
from scorekeeper.boletim.safe_read import Grid, bounded_read, check_zip, open_workbook, read_file, read_grid, worksheets
from scorekeeper.errors import SheetFormatError
from scorekeeper.i18n import _


def read_workbook(path: str) -> list:
    """Every boletim or ficha worksheet of a workbook (a summary sheet is passed over). Each is
    read by its game, named in its `Regras` cell; each has `title`, `check()` and `to_yaml()`.
    The read is bounded in bytes, parts, tags, shared strings, rows, cells and time."""
    found = []
    with bounded_read(path) as budget:
        data = read_file(path)
        check_zip(data, path, budget)
        wb = open_workbook(data, path)
        try:
            for title, member in worksheets(wb, path):
                values, formulas = read_grid(wb, title, member, budget)
                boletim = read_worksheet(Grid(path, title, values, formulas))
                if boletim is not None:
                    found.append(boletim)
        finally:
            wb.close()
    if not found:
        raise SheetFormatError(_("not a scorekeeper boletim: no worksheet has the 'Regras' and 'Mão' headers"), path)
    return found


def read_worksheet(grid: Grid):
    """One worksheet's boletim, or None when it has no Regras cell (a summary, a note)."""
    info, places = header_info(grid, L.HEAD_ROW)
    ref = info.get("rules")
    if ref is None:
        return None
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
            raise SheetFormatError(_("not a scorekeeper boletim: no 'Mão' header row"), self.source)
        return boletim

    def check(self, rules_path: str | None = None):
        return self._read(rules_path).check(rules_path)

    def to_yaml(self, rules_path: str | None = None, rules_ref: str | None = None) -> str:
        return self._read(rules_path).to_yaml(rules_path, rules_ref)


def header_info(grid: Grid, head: int) -> tuple[dict, dict]:
    """The labelled header cells above row `head` (Evento, Mesa, Regras, ...), by key, and the
    (row, column) each value was read from."""
    info, places = {}, {}
    for (row, column), value in sorted(grid.values.items()):
        key = L.info_key(value) if row < head else None
        if key is None:
            continue
        for right in range(column + 1, column + 4):
            text = grid.text(row, right)
            if text is not None and L.info_key(text) is None:
                info[key] = _header_value(key, text)
                places[key] = (row, right)
                break
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

