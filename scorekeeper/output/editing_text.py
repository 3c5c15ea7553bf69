"""What `record`, `fix` and `undo` say of the change they saved: the entry and its points, the
findings it caused, the game complete, the entry removed. Whole sentences for each game's word
for an entry (Game.entry_word: a King or Truco hand, a Sueca deal, a Quatrilho entry), as the
Portuguese words differ in gender and the sentence agrees with them."""

from __future__ import annotations

from scorekeeper import games
from scorekeeper.errors import one_line
from scorekeeper.i18n import _
from scorekeeper.output.findings_text import finding_line
from scorekeeper.output.sheet_text import format_points, format_totals


def saved_lines(result, index: int, found) -> list[str]:
    """What a saved change says, a line each: entry `index` of `result` with its points, each
    finding it caused (`found`), and the game's end when it is complete."""
    hand = result.hands[index - 1]
    points = format_points(hand.awarded if hand.awarded is not None else hand.points or {})
    game = games.get(result.game)
    kind = game.entry_label(hand.hand)  # as `show` says it: "partida", not the sheet's "deal"
    what = f"{kind}, {hand.detail}" if hand.detail else kind
    said = entry_said(game.entry_word[0], index, what)
    lines = [one_line(f"{said}: {points}" if points else said)]  # one line, whatever a name holds
    lines.extend(finding_line(finding) for finding in found)
    if result.complete:
        winner = result.extra.get("winner")
        if winner:
            lines.append(
                one_line(
                    _("The game is complete: {totals}; {winner} wins").format(
                        totals=format_totals(result), winner=winner
                    )
                )
            )
        else:
            lines.append(one_line(_("The game is complete: {totals}").format(totals=format_totals(result))))
    return lines


def entry_said(word: str, number: int, what: str) -> str:
    """`Hand 3 (copas)`: the entry just saved."""
    if word == "deal":
        return _("Deal {number} ({what})").format(number=number, what=what)
    if word == "entry":
        return _("Entry {number} ({what})").format(number=number, what=what)
    return _("Hand {number} ({what})").format(number=number, what=what)


def removed_line(word: str, number: int, name: str | None, line: int) -> str:
    """`Removed hand 3 (copas, line 12).`; a Quatrilho entry has no name of its own."""
    if name is None:
        if word == "deal":
            message = _("Removed deal {number} (line {line}).")
        elif word == "entry":
            message = _("Removed entry {number} (line {line}).")
        else:
            message = _("Removed hand {number} (line {line}).")
    elif word == "deal":
        message = _("Removed deal {number} ({name}, line {line}).")
    elif word == "entry":
        message = _("Removed entry {number} ({name}, line {line}).")
    else:
        message = _("Removed hand {number} ({name}, line {line}).")
    return message.format(number=number, name=name, line=line)


def stopped_line(word: str) -> str:
    if word == "deal":
        return _("Stopped; every recorded deal is saved.")
    if word == "entry":
        return _("Stopped; every recorded entry is saved.")
    return _("Stopped; every recorded hand is saved.")
