"""What `record`, `fix` and `undo` say of what a change tells (sheet/change_reports.py): the
entry saved and its points, the findings it caused, the game complete, the entry removed, the
prompts left, a change not made twice and what the journal did first. Each sentence that names
an entry is its game's (Game.entry_sentences: a King or Truco hand, a Sueca deal, a Quatrilho
entry), as the Portuguese words differ in gender and the sentence agrees with them."""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper import games
from scorekeeper.errors import one_line
from scorekeeper.i18n import _, in_words
from scorekeeper.journal.news import JournalNews
from scorekeeper.output.findings_text import finding_line
from scorekeeper.output.journal_text import journal_lines, repeat_line
from scorekeeper.output.sheet_text import format_points, format_totals
from scorekeeper.sheet.change_reports import Removed, Repeated, Said, Saved, Say, Stopped
from scorekeeper.sheet.entry_sentences import fill


def saved_lines(saved: Saved) -> list[str]:
    """What a saved change says, a line each: the entry with its points, each finding it caused,
    and the game's end when it is complete."""
    result, index = saved.result, saved.number
    hand = result.hands[index - 1]
    points = format_points(hand.awarded if hand.awarded is not None else hand.points or {})
    game = games.get(result.game)
    kind = game.entry_label(hand.hand)  # as `show` says it: "partida", not the sheet's "deal"
    what = f"{kind}, {in_words(hand.detail)}" if hand.detail else kind
    said = in_words(fill(game.entry_sentences().saved, number=index, what=what))
    lines = [one_line(f"{said}: {points}" if points else said)]  # one line, whatever a name holds
    lines.extend(finding_line(finding) for finding in saved.found)
    if result.complete:
        winner = result.extra.get("winner")
        totals = format_totals(result)
        if winner:
            lines.append(
                one_line(_("The game is complete: {totals}; {winner} wins").format(totals=totals, winner=winner))
            )
        else:
            lines.append(one_line(_("The game is complete: {totals}").format(totals=totals)))
    return lines


def removed_line(removed: Removed) -> str:
    """`Removed hand 3 (copas, line 12).`; a Quatrilho entry has no name of its own."""
    game = games.get(removed.game)
    sentences = game.entry_sentences()
    if removed.kind is None:
        return in_words(fill(sentences.removed, number=removed.number, line=removed.line))
    name = game.entry_label(removed.kind)
    return in_words(fill(sentences.removed_named, number=removed.number, name=name, line=removed.line))


def stopped_line(stopped: Stopped) -> str:
    """The prompts left: under the last prompt's answer, after a blank line."""
    return "\n" + in_words(games.get(stopped.game).entry_sentences().stopped)


def said_lines(said: Said) -> list[str]:
    """What a change tells through its `say`, in the lines the command line prints (the score
    pad shows the same lines): a game's prompt's text as it is, everything else in words."""
    if isinstance(said, str):
        return [said]
    if isinstance(said, Saved):
        return saved_lines(said)
    if isinstance(said, Removed):
        return [removed_line(said)]
    if isinstance(said, Stopped):
        return [stopped_line(said)]
    if isinstance(said, Repeated):
        return [repeat_line(said.record)]
    if isinstance(said, JournalNews):
        return journal_lines(said.recovered, said.notices)
    return [in_words(said)]


def saying(write: Callable[[str], None]) -> Say:
    """A change's `say` that writes each of its lines with `write` (the command line's `out`)."""

    def say(said: Said) -> None:
        for line in said_lines(said):
            write(line)

    return say
