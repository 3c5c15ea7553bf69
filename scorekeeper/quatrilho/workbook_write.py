"""Exporting a Quatrilho round's planilha: written by planilha.py, then each entry's row read
back as `import` reads it (workbook_read.py), and an entry the planilha cannot give back as typed
refused at export, naming it (the Safety section's promise 4). Its own module, so that the
writer and the reader never import each other."""

from __future__ import annotations

from scorekeeper.errors import SheetFormatError, quote
from scorekeeper.i18n import _
from scorekeeper.quatrilho import workbook_layout as planilha
from scorekeeper.quatrilho.workbook_read import entries_read_back
from scorekeeper.sheet.vocabulary import normalize
from scorekeeper.workbook.sheet_style import Styles


def write_game(ws, sheet, result, styles: Styles, meta: dict):
    """The round's planilha on `ws` (planilha.write_game), refused when an entry would not read
    back as typed."""
    writer = planilha.write_game(ws, sheet, result, styles, meta)
    _refuse_what_reads_back_otherwise(ws, sheet)
    return writer


def _same(key: str, typed, back) -> bool:
    """The value of `key` reads back as typed: a name as the same person (normalize), the fines
    fine for fine and person for person, anything else equal and of the same type."""
    if key in planilha.NAME_KEYS:
        return isinstance(typed, str) and isinstance(back, str) and normalize(typed) == normalize(back)
    if key == "fines" and isinstance(typed, list) and isinstance(back, list) and len(typed) == len(back):
        return all(
            isinstance(t, dict)
            and set(t) == set(b)
            and _same("fine", t.get("fine"), b.get("fine"))
            and _same("player", t.get("player"), b.get("player"))
            for t, b in zip(typed, back)
        )
    return _equal(typed, back)


def _equal(a, b) -> bool:
    """Equal and of the same types all the way down (3 is not '3', nor True 1); bounded by the
    value read back, which is small."""
    if isinstance(a, dict) and isinstance(b, dict):
        return len(a) == len(b) and all(k in b and _equal(v, b[k]) for k, v in a.items())
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and not isinstance(a, (dict, list)) and a == b


def _refuse_what_reads_back_otherwise(ws, sheet) -> None:
    """Promise 4: each entry's row, read back as `import` reads it, gives the entry as typed;
    an entry the planilha cannot hold is refused at export, naming it, never changed or dropped
    (a row that would read back empty would renumber every entry after it)."""
    try:
        read = entries_read_back(ws, len(sheet.entries))
    except SheetFormatError as exc:  # the names over the people's columns (a coringa named as a player)
        cell = str(exc.source).rpartition("!")[2]
        raise SheetFormatError(
            _("cannot export: cell {cell} would be refused on import: {reason}").format(cell=cell, reason=exc.message),
            sheet.source,
        ) from None
    for number, (entry, back) in enumerate(zip(sheet.entries, read), start=1):
        item = entry.item
        if isinstance(back, SheetFormatError):
            cell = str(back.source).rpartition("!")[2]
            reason = _("cell {cell} would be refused on import: {reason}").format(cell=cell, reason=back.message)
        elif back is None:
            reason = _("its row would be empty, and import would drop it")
        elif not isinstance(item, dict):
            reason = _("{item} is not an entry the planilha can hold (a mapping such as {{contract: ...}})").format(
                item=quote(item)
            )
        else:
            keys = [
                key
                for key in {**item, **back}
                if key not in item or key not in back or not _same(key, item[key], back[key])
            ]
            if not keys:
                continue
            reason = _difference(keys[0], item, back)
        raise SheetFormatError(
            _("cannot export: entry {number}: {reason}").format(number=number, reason=reason), sheet.source, entry.line
        )


def _difference(key: str, item: dict, back: dict) -> str:
    """What of an entry the planilha would not give back, at its first key that differs."""
    if key not in item:
        return _("its row would read back with {key} {value}, which the entry does not have").format(
            key=key, value=quote(back[key])
        )
    if key not in back:
        extra = [k for k in back if k not in item]
        if extra:
            return _(
                "{key}: the planilha cannot hold {value} on this entry's row: it would read back without it (it "
                "would read back as an entry of {keys})"
            ).format(key=key, value=quote(item[key]), keys=", ".join(extra))
        return _("{key}: the planilha cannot hold {value} on this entry's row: it would read back without it").format(
            key=key, value=quote(item[key])
        )
    typed, read = item[key], back[key]
    if key == "fines" and isinstance(typed, list) and isinstance(read, list) and len(typed) == len(read):
        number, (typed, read) = next(
            (n, pair) for n, pair in enumerate(zip(typed, read), start=1) if not _same("fines", [pair[0]], [pair[1]])
        )
        if isinstance(typed, dict):
            part = next((k for k in ("fine", "player") if not _same(k, typed.get(k), read.get(k))), None)
            if part is not None:
                key, typed, read = (
                    _("fines: fine {number}: {part}").format(number=number, part=part),
                    typed.get(part),
                    read.get(part),
                )
    return _("{key}: the planilha cannot hold {typed} as typed (it would read back as {read})").format(
        key=key, typed=quote(typed), read=quote(read)
    )
