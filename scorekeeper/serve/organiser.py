"""What the organiser's page (and the printable page of codes) shows: every table with its
state, link, code and last change, the live standings and the next draw, from core.tables."""

from __future__ import annotations

from scorekeeper import games
from scorekeeper.core import tables
from scorekeeper.i18n import _
from scorekeeper.output.findings_text import finding_line
from scorekeeper.serve.words import change_words, round_words, state_words


def table_address(base: str, access, table: tables.Table) -> str:
    secret = access.token_for(table.id)
    return f"{base}/t/{table.id}" + (f"?token={secret}" if secret else "")


def organiser_address(base: str, access) -> str:
    return f"{base}/" + (f"?token={access.organiser}" if access.with_tokens else "")


def organiser_view(
    found: tables.Tables, access, base: str, lang: str, standings: bool = True, changes: bool = True
) -> dict:
    """The organiser's page's data (`standings` and each table's last change, `changes`, left
    out for the printable page of codes)."""
    rows = []
    for table in found.tables:
        item = tables.summary(table)
        game = games.get(item["game"]) if item["game"] else None
        who = " v ".join(item["teams"]) if "teams" in item else ", ".join(item.get("players", []))
        rows.append(
            {
                "id": table.id,
                "sheet": table.sheet,
                "who": who,
                "label": _("Table {number}").format(number=table.number) if table.number else table.sheet,
                "state": item["state"],
                "state_words": state_words(
                    item["state"], item["entries"], game.entry_word if game else None, game, item.get("progress")
                ),
                "address": table_address(base, access, table),
                # what happened there last, from the journal: a table gone quiet, or just undone
                "last": next((change_words(c, item["game"]) for c in tables.last_changes(table, 1)), None)
                if changes
                else None,
            }
        )
    view = {
        "tables": rows,
        "organiser_address": organiser_address(base, access),
        "kind": found.kind,
        "round": None,
        "standings": None,
        "ready": False,
        "pending": [],
    }
    tournament = found.tournament
    if tournament is not None:
        view["name"] = tournament.name
        if tournament.rounds:
            view["round"] = round_words(tournament.rounds[-1].number)
            view["round_number"] = tournament.rounds[-1].number  # the draw's form is made after it
        if standings:
            heads, body, names = tables.standings(tournament)
            view["standings"] = {"heads": heads, "rows": [[str(c) for c in row] for row in body], "names": names}
            view["ready"], findings = tables.draw_ready(tournament)
            view["pending"] = [finding_line(f) for f in findings]
    return view
