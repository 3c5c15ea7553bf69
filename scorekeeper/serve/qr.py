"""The QR code of a link (segno): for the terminal, and as SVG for the printable page."""

from __future__ import annotations

import io

import segno


def terminal_text(address: str) -> str:
    """The code drawn with block characters, two rows a line (it fits a terminal of 80 columns)."""
    out = io.StringIO()
    segno.make(address, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def svg(address: str) -> bytes:
    out = io.BytesIO()
    segno.make(address, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False, title=None)
    return out.getvalue()
