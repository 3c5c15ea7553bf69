"""The words of a table's page (the score pad at the table), in the language in use: an entry
said by its number and the game's own words for its kind (`Hand 4 · Reis e Valetes`), never a
key a sheet writes; what was saved, what was already saved, the last entry saved and when; the
end of a game or of a match; and what the page's script says (the entry not sent yet)."""

from __future__ import annotations

from scorekeeper import games
from scorekeeper.i18n import _, ngettext
from scorekeeper.output.journal_text import clock
from scorekeeper.output.sheet_text import counted, format_points, format_totals
from scorekeeper.serve.words import entry_sentence


def table_words() -> dict[str, str]:
    return {
        "record": _("Record"),
        "show_fields": _("Show the fields of this choice"),
        "undo_open": _("Undo the last entry…"),
        "remove": _("Remove"),
        "keep": _("Keep"),
        "totals": _("Totals"),
        "last_entries": _("Last entries"),
        "whole_sheet": _("The whole sheet"),
        "findings": _("Findings"),
        "last_changes": _("Last changes"),
        "boletim": _("Download the sheet's workbook"),
        "back": _("All tables"),
        "send_now": _("Send it now"),
        "sending": _("Sending…"),
        # said by pad.js (data attributes): the entry kept on the phone until the server answers
        "pending": ngettext("{count} entry not sent yet", "{count} entries not sent yet", 1).format(count=1),
        "pending_why": _("No connection: it is kept on this phone and sent again as soon as the server answers."),
    }


def entry_name(result, rules, hand) -> str:
    """`Hand 4 · Reis e Valetes`: an entry by its number and the game's words for its kind."""
    game = games.get(result.game)
    kind = game.entry_words(rules, hand.hand)
    if not kind or kind.casefold() == _(game.entry_word.one).casefold():  # `Deal 3`, not `Deal 3 · Deal`
        return numbered(game, hand.index)
    return f"{numbered(game, hand.index)} · {kind}"


def numbered(game: games.Game, number: int) -> str:
    """`Hand 4`, `Deal 12`, `Entry 3`: the game's word for one entry, with its number."""
    return entry_sentence(game, "numbered").format(number=number)


def entry_line(result, rules, hand) -> str:
    """`Hand 4 · Reis e Valetes: Ana -60, Bruno -60, …` (the points each player or team scored)."""
    points = hand.awarded if hand.awarded is not None else hand.points
    if not points:
        return entry_name(result, rules, hand)
    return _("{entry}: {points}").format(entry=entry_name(result, rules, hand), points=format_points(points))


def saved_words(result, rules) -> str:
    """What the page says of the entry just saved: `Hand 4 · Reis e Valetes saved: Ana -60, …`."""
    hand = result.hands[-1]
    points = hand.awarded if hand.awarded is not None else hand.points
    if not points:
        return _("{entry} saved").format(entry=entry_name(result, rules, hand))
    return _("{entry} saved: {points}").format(entry=entry_name(result, rules, hand), points=format_points(points))


def already_saved_words(result, rules, repeat) -> str:
    """One's own entry sent again (a reload, Back, a retry after a lost reply): said neutrally,
    with the entry it was, never as an error or as someone else's."""
    hand = next((h for h in result.hands if h.index == repeat.entry), None)
    entry = entry_name(result, rules, hand) if hand is not None else numbered(games.get(result.game), repeat.entry or 0)
    when = clock(repeat.when)
    if repeat.action == "undo":
        return _("{entry} was already removed at {when}; nothing changed").format(entry=entry, when=when)
    return _("{entry} was already saved at {when}").format(entry=entry, when=when)


def last_saved_words(result, rules, changes) -> str | None:
    """`Last saved: Hand 4 · Reis e Valetes at 15:42:07` (the time from the journal, when the
    entry was saved through it), so the scorer always sees where the sheet stands."""
    if not result.hands:
        return None
    hand = result.hands[-1]
    when = next((c.when for c in changes if c.action in ("record", "fix") and c.entry == hand.index), None)
    if when is None:
        return _("Last saved: {entry}").format(entry=entry_name(result, rules, hand))
    return _("Last saved: {entry} at {when}").format(entry=entry_name(result, rules, hand), when=clock(when))


def removed_name(result, rules, made) -> str:
    """An entry removed, as the page after the undo names it (`Hand 2 · Copas`): its number, and
    its kind in the game's words when the game's entries say it under one key (King's hand)."""
    game = games.get(result.game)
    number = numbered(game, made.entry or 0)
    kind = made.removed.get(game.entry_kind_key) if made.removed and game.entry_kind_key else None
    return f"{number} · {game.entry_words(rules, kind)}" if isinstance(kind, str) else number


def undo_question(result, rules) -> str:
    """`Remove Hand 7 · Festa: Ana +125, …?`: undo names what it removes before it does."""
    return _("Remove {entry}?").format(entry=entry_line(result, rules, result.hands[-1]))


def complete_words(result) -> str:
    """The end of the sheet in the game's word for it: a King game, a Sueca or Truco match."""
    game = games.get(result.game)
    totals = format_totals(result)
    winner = result.extra.get("winner")
    if game.sheet_word == "match":
        if winner:
            return _("The match is complete: {totals}; {winner} wins").format(totals=totals, winner=winner)
        return _("The match is complete: {totals}").format(totals=totals)
    if game.sheet_word == "round":
        return _("The round is complete: {totals}").format(totals=totals)
    if winner:
        return _("The game is complete: {totals}; {winner} wins").format(totals=totals, winner=winner)
    return _("The game is complete: {totals}").format(totals=totals)


def totals_of(result) -> list[tuple[str, str]]:
    """Each player's (team's) standing as the page's short list shows it: (name, `-300`, `2 mocas`)."""
    unit = games.get(result.game).totals_word
    shown = []
    for name, value in result.totals.items():
        if unit is None:
            shown.append((name, f"{value:+d}" if value else "0"))
        else:
            shown.append((name, counted(value, unit)))
    return shown
