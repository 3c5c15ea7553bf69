"""Every word the score pad's pages say, in the language in use (the templates say none of
their own: they show these, so the catalogs hold every one)."""

from __future__ import annotations

from scorekeeper import games
from scorekeeper.i18n import _, in_words, ngettext
from scorekeeper.output.journal_text import action_word, clock
from scorekeeper.output.sheet_text import counted
from scorekeeper.sheet.entry_sentences import ENTRY_SENTENCES


def words() -> dict[str, str]:
    return {
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
        "back": _("All tables"),
        "refresh": _("Refresh"),
        "pad": _("Score pad"),
        "last_change": _("Last change"),
        "desk": _("Registration desk"),
        "desk_intro": _("A name or a member number: who he is, and whether he may play today."),
        "desk_name": _("Name or member number"),
        "desk_partner": _("His partner (a pair), if any"),
        "desk_look_up": _("Look up"),
        "desk_answer": _("The registry says"),
        "season_races": _("The race to the final"),
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


def entry_sentence(game: games.Game | str | None, key: str) -> str:
    """The game's sentence `key` about one entry (sheet/entry_sentences.py, Game.entry_sentences:
    `Hand {number}`, `deal {number} recorded at {when}`), in the language in use, unsaid: the
    caller fills it in. A game unknown says it of an entry."""
    if isinstance(game, str):
        try:
            game = games.get(game)
        except KeyError:
            game = None
    sentences = game.entry_sentences() if game is not None else ENTRY_SENTENCES
    return in_words(getattr(sentences, key))


def already_words(repeat) -> str:
    """A change sent again (core.pad_tables.AlreadySaved): `hand 5 was already saved at 15:42:07;
    nothing changed`, so one's own retry is not taken for an error or for someone else's."""
    key = "already_removed" if repeat.action == "undo" else "already_saved"
    return entry_sentence(repeat.game, key).format(number=repeat.entry, when=clock(repeat.when))


def by_words(by: dict) -> str:
    """Who made a change, as the journal holds it (journal.who): a link of the pad (the
    organiser's, or a table's by its number) or the command line. The client's address is the
    referee's to read in `history`, not every table's page."""
    link = by.get("link") if isinstance(by, dict) else None
    if link == "organiser":
        return _("by the organiser")
    if isinstance(link, str) and link.startswith("table "):
        return _("by table {number}").format(number=link[len("table ") :])
    if isinstance(by, dict) and "command" in by:
        return _("on the command line")
    return ""


def change_words(change, game_name: str | None, rules=None) -> str:
    """One change of a sheet (journal.history.Change), as a line of the pad: `hand 5 recorded
    at 15:42:07 by table 3`, `hand 3 corrected ...`, `hand 4 removed ...`; with the sheet's
    `rules`, the entry's kind in the game's words (`hand 5 (Copas) recorded ...`, never the key
    the sheet writes); another change (the new sheet, an import) by its action's name."""
    number, when = change.entry, clock(change.when)
    kind = _kind_words(change, game_name, rules)
    known = change.action in ("record", "fix", "undo") and number is not None
    if not known:
        line = _("{action} at {when}").format(action=action_word(change.action), when=when)
    else:
        key = change.action if kind is None else f"{change.action}_kind"
        line = entry_sentence(game_name, key).format(number=number, kind=kind, when=when)
    by = by_words(change.by)
    return f"{line} {by}" if by else line


def _kind_words(change, game_name: str | None, rules) -> str | None:
    """The kind of the entry a change made or removed (its `hand`, a contract), in the game's
    words by the sheet's rules (Game.entry_words); None without rules, or for a game whose
    entries name no kind."""
    if rules is None or not game_name:
        return None
    try:
        game = games.get(game_name)
    except KeyError:
        return None
    entry = change.before if change.action == "undo" else change.after
    key = game.entry_kind_key
    kind = entry.get(key) if key is not None and isinstance(entry, dict) else None
    if not isinstance(kind, str):
        return None
    try:
        return game.entry_words(rules, kind)
    except Exception:  # noqa: BLE001 - a hand-edited kind is said as written; a page never fails on it
        return kind
