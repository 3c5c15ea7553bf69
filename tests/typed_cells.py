"""Cells typed into an exported workbook as a spreadsheet saves them, for the tests of what import
reads (issue 16, item 3).

openpyxl writes a formula without the value it computes; LibreOffice and Excel save both (`<f>`
and `<v>`), and an error value (`#N/A`) as a cell of type `e`. `typed` edits a workbook with
openpyxl (plain values, merges) and then writes the cells openpyxl cannot into the worksheet's
XML: a formula with its saved value, a formula with none, an error value.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import NamedTuple
from xml.sax.saxutils import escape

import openpyxl


class Formula(NamedTuple):
    """A formula (without its `=`) and the value the spreadsheet saved with it (None: none saved)."""

    text: str
    saved: object = None


class Error(NamedTuple):
    """An error value (`#N/A`, `#VALUE!`), typed or computed by `formula`."""

    code: str
    formula: str | None = None


def typed(path: Path, cells: dict[str, object], sheet: int = 0, merge: tuple[str, ...] = ()) -> Path:
    """The workbook at `path` with `cells` ({"F9": Formula("5*2", 10), "B6": Error("#N/A"),
    "C7": "Ana", "D7": None}) typed on its `sheet`-th worksheet and the ranges in `merge` merged;
    saved in place."""
    wb = openpyxl.load_workbook(path)
    ws = wb.worksheets[sheet]
    raw = {}
    for ref, value in cells.items():
        if isinstance(value, (Formula, Error)):
            ws[ref] = 0  # a cell of its own in the XML, rewritten below
            raw[ref] = value
        else:
            ws[ref] = value
    for area in merge:
        ws.merge_cells(area)
    wb.save(path)
    if raw:
        _rewrite(path, _part(path, sheet), raw)
    return path


def _part(path: Path, sheet: int) -> str:
    with zipfile.ZipFile(path) as archive:
        names = sorted(
            (n for n in archive.namelist() if re.fullmatch(r"xl/worksheets/sheet\d+\.xml", n)),
            key=lambda n: int(re.search(r"\d+", n.rpartition("/")[2]).group()),
        )
    return names[sheet]


def _cell_xml(ref: str, style: str, value) -> str:
    if isinstance(value, Error):
        formula = f"<f>{escape(value.formula)}</f>" if value.formula else ""
        return f'<c r="{ref}"{style} t="e">{formula}<v>{escape(value.code)}</v></c>'
    formula = f"<f>{escape(value.text)}</f>"
    if value.saved is None:
        return f'<c r="{ref}"{style}>{formula}</c>'
    if isinstance(value.saved, str):
        return f'<c r="{ref}"{style} t="str">{formula}<v>{escape(value.saved)}</v></c>'
    if isinstance(value.saved, bool):
        return f'<c r="{ref}"{style} t="b">{formula}<v>{int(value.saved)}</v></c>'
    return f'<c r="{ref}"{style}>{formula}<v>{value.saved}</v></c>'


def _rewrite(path: Path, part: str, raw: dict) -> None:
    with zipfile.ZipFile(path) as archive:
        members = [(info, archive.read(info.filename)) for info in archive.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in members:
            if info.filename == part:
                text = data.decode("utf-8")
                for ref, value in raw.items():
                    pattern = re.compile(rf'<c r="{ref}"(?P<attrs>[^>]*?)(?:/>|>.*?</c>)', re.S)
                    match = pattern.search(text)
                    assert match is not None, ref
                    style = re.search(r'\ss="\d+"', match.group("attrs"))
                    text = (
                        text[: match.start()]
                        + _cell_xml(ref, style.group(0) if style else "", value)
                        + text[match.end() :]
                    )
                data = text.encode("utf-8")
            archive.writestr(info, data)
