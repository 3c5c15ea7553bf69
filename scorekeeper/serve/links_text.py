"""Every link of what is served, as `serve` prints them on its console and `scorekeeper links`
prints them or writes them as a printable sheet (an HTML file of every table's link and QR code,
to print once for the whole event and lay on the tables). No Flask here."""

from __future__ import annotations

import html

from scorekeeper.core import pad_tables
from scorekeeper.i18n import _
from scorekeeper.serve.organiser import organiser_address, table_address


def table_label(table: pad_tables.Table) -> str:
    """A table as the organiser names it: "Table 3" in a tournament, else its sheet's name."""
    return _("Table {number}").format(number=table.number) if table.number else table.sheet


def link_lines(found: pad_tables.Tables, access, base: str) -> list[tuple[str, str]]:
    """(label, address) of the organiser's link, then of each table's (its token made now
    when it has none yet, and kept)."""
    lines = [(_("Organiser"), organiser_address(base, access))]
    for table in found.tables:
        lines.append((table_label(table), table_address(base, access, table)))
    return lines


def printable(found: pad_tables.Tables, access, base: str, title: str) -> str:
    """The printable sheet: a page whose first card is the organiser's link (kept by the
    organiser, not laid on a table), then one card per table with its label, players, QR code
    and link. A file opened in a browser and printed; every name in it is escaped."""
    from scorekeeper.serve.qr import svg  # lazy: segno only when a sheet is written

    cards = []
    lines = link_lines(found, access, base)
    who = [_("Keep this one: it opens every table.")] + [_players(t) for t in found.tables]
    for (label, address), under in zip(lines, who):  # noqa: B905 - py39 has no strict=; one of each per table
        code = svg(address).decode("utf-8")
        cards.append(
            f'<section class="card"><h2>{html.escape(label)}</h2><p>{html.escape(under)}</p>\n'
            f'{code}\n<p class="address">{html.escape(address)}</p></section>'
        )
    intro = _("Lay each table's code on its table: the phone that scans it records that table only.")
    same = _("These links stay the same all day, in every round and after a restart of the server.")
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style></head>\n<body>\n"
        f"<h1>{html.escape(title)}</h1>\n<p>{html.escape(intro)} {html.escape(same)}</p>\n"
        + "\n".join(cards)
        + "\n</body></html>\n"
    )


def _players(table: pad_tables.Table) -> str:
    item = pad_tables.summary(table)
    teams, players = item.get("teams"), item.get("players")
    if isinstance(teams, dict):
        return " v ".join(teams)
    return ", ".join(players) if isinstance(players, list) else ""  # none: a sheet that cannot be read


# A file on the organiser's disk, not a page served under the pad's Content-Security-Policy.
_STYLE = (
    "body{font-family:sans-serif}.card{display:inline-block;width:45%;margin:1em;vertical-align:top;"
    "page-break-inside:avoid;border:1px solid #999;padding:.5em}.card svg{width:60mm;height:60mm}"
    ".address{font-family:monospace;word-break:break-all;font-size:9pt}"
)
