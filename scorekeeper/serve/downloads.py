"""The organiser's downloads, by the export core: a table's sheet as its boletim (or ficha,
planilha), and the championship workbook, each in its workbook's language."""

from __future__ import annotations

import io

from scorekeeper import i18n
from scorekeeper.core import pad_tables
from scorekeeper.tournaments.workbook_write import build, refuse_oversized, workbook_bytes
from scorekeeper.workbook.export import build_workbook, no_cyclic_gc


def boletim(table: pad_tables.Table, language: str) -> bytes:
    with i18n.speaking(language):  # the notes of its findings are written in the workbook's language
        sheet, result = pad_tables.load(table)
        workbook = build_workbook([(sheet, result)])
    buffer = io.BytesIO()
    with no_cyclic_gc():
        workbook.save(buffer)
    return buffer.getvalue()


def championship_workbook(tournament, language: str) -> bytes:
    refuse_oversized(tournament)
    with i18n.speaking(language):
        workbook = build(tournament)
    return workbook_bytes(workbook)
