"""Reading a workbook of boletins: each worksheet is read by the game its `Regras` cell names."""
from __future__ import annotations

import datetime

from scorekeeper import rules as registry
from scorekeeper.boletim import king_import, team_ficha
from scorekeeper.boletim import layout as L
from scorekeeper.boletim.safe_read import Grid, check_bounds, open_workbook, read_grid
from scorekeeper.errors import ScorekeeperError, SheetFormatError


def read_workbook(path: str) -> list:
    """Every boletim or ficha worksheet of a workbook (a summary sheet is passed over). Each is
    read by its game, named in its `Regras` cell; each has `title`, `check()` and `to_yaml()`."""
    wb = open_workbook(path)
    found = []
    try:
        for ws in wb.worksheets:
            check_bounds(ws, path)
            values, formulas = read_grid(ws, path)
            grid = Grid(path, ws.title, values, formulas)
            info = header_info(grid, L.HEAD_ROW)
            ref = info.get("rules")
            if ref is None:
                continue
            try:
                rules = registry.find(str(ref))
            except ScorekeeperError as exc:  # an unknown rule name: say where it is written
                raise SheetFormatError(f"Regras: {exc}", f"{path}:{ws.title}") from None
            if not registry.model(rules.game).TEAMS:
                boletim = king_import.read_worksheet(grid, info)
            else:
                boletim = team_ficha.read(grid, rules, str(ref), info)
            if boletim is not None:
                found.append(boletim)
    finally:
        wb.close()
    if not found:
        raise SheetFormatError("not a scorekeeper boletim: no worksheet has the 'Regras' and 'Mão' headers", path)
    return found


def header_info(grid: Grid, head: int) -> dict:
    """The labelled header cells above row `head` (Evento, Mesa, Regras, ...), by key."""
    labels = {v: k for k, v in L.INFO_LABELS.items()}
    info = {}
    for (row, column), value in grid.values.items():
        if row >= head or value not in labels:
            continue
        for right in range(column + 1, column + 4):
            text = grid.text(row, right)
            if text is not None and text not in labels:
                info[labels[value]] = _header_value(labels[value], text)
                break
    return info


def _header_value(key: str, text: str):
    if key in ("table", "round") and text.isdigit():
        return int(text)
    if key == "date":
        try:
            return datetime.date.fromisoformat(text[:10])
        except ValueError:
            return text
    return text
