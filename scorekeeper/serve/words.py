"""Every word the score pad's pages say, in the language in use (the templates say none of
their own: they show these, so the catalogs hold every one)."""

from __future__ import annotations

from scorekeeper import games
from scorekeeper.i18n import _, ngettext
from scorekeeper.output.sheet_text import counted


def words() -> dict[str, str]:
    return {
        "record": _("Record"),
        "undo": _("Undo the last entry"),
        "again": _("Start this entry again"),
        "sheet": _("The sheet"),
        "running": _("Running balance"),
        "findings": _("Findings"),
        "no_findings": _("No findings."),
        "answered": _("Answered so far"),
        "how": _("How to type an entry"),
        "next": _("Next entry"),
        "complete": _("The game is complete."),
        "tables": _("Tables"),
        "standings": _("Standings"),
        "state": _("State"),
        "link": _("Link"),
        "code": _("Code"),
        "table": _("Table"),
        "sheet_file": _("Sheet"),
        "downloads": _("Downloads"),
        "boletim": _("Download the sheet's workbook"),
        "championship": _("The championship workbook"),
        "print": _("Print the tables' codes"),
        "print_intro": _("Lay each table's code on its table: the phone that scans it records that table only."),
        "organiser": _("Organiser"),
        "organiser_link": _("The organiser's link (every table)"),
        "language": _("Language"),
        "draw": _("The round is complete and clean: draw the next round"),
        "draw_button": _("Draw the next round"),
        "not_counted": _("Not counted yet"),
        "back": _("All tables"),
        "refresh": _("Refresh"),
        "pad": _("Score pad"),
        "stale": _("The sheet changed since this form was made; here it is as it is now."),
    }


def state_words(state: str, entries: int | None, entry_word: games.Unit | None, game=None, progress=None) -> str:
    """A table's state as the organiser's page says it."""
    if state == "not-started":
        return _("not started")
    if state == "complete":
        return _("complete and clean")
    if state == "findings":
        return _("with findings")
    if state == "unusable":
        return _("unusable")

    if game is not None and progress:  # "hand 3 of 10": the game's own words
        return _("in progress: {entries}").format(entries=game.progress_words(progress["done"], progress["whole"]))
    return _("in progress: {entries}").format(entries=counted(entries or 0, entry_word or games.ENTRIES))


def round_words(number) -> str:
    return _("Round {number}").format(number=number)


def findings_count(count: int) -> str:
    return ngettext("{count} finding", "{count} findings", count).format(count=count)
