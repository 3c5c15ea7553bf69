"""How a change of one entry that the journal holds is said, wherever it is shown: the terminal's
`history` (output/history_text.py) and a workbook's history worksheet (workbook/history_sheet.py,
an edge that writes cells, below output/): the entry in its game's own words and sentences
(Game.entry_sentences), its values before and after (`hand 3 (damas): 1 1 2 0 -> 1 1 1 1`),
and who made the change. The journal gives its records as data; these are their words."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from scorekeeper import games
from scorekeeper.errors import one_line
from scorekeeper.i18n import M_, Message, Mp_, in_words
from scorekeeper.sheet.entry_sentences import ENTRY_SENTENCES, EntrySentences, fill

if TYPE_CHECKING:
    from scorekeeper.journal.history import Change

MAX_SAID = 240  # characters of one entry's values said in a line; the JSON holds them whole
MAX_ITEMS = 40  # keys or list items of a value said; a hand-edited entry may hold any number
MAX_DEPTH = 3  # nesting said (a festa's offer is one level down)

# A change's action (the command's name, as the journal records it) as a person says it: the
# terminal's `history`, the score pad's and the season's workbook say the same words.
ACTION_WORDS: dict[str, Message] = {
    "new": Mp_("change", "new sheet"),
    "record": Mp_("change", "record"),
    "fix": Mp_("change", "fix"),
    "undo": Mp_("change", "undo"),
    "import": Mp_("change", "import"),
    "draw": Mp_("change", "draw"),
    "absent": Mp_("change", "absence"),
    "penalty": Mp_("change", "penalty"),
    "substitute": Mp_("change", "substitution"),
    "withdraw": Mp_("change", "withdrawal"),
    "add": Mp_("change", "late entry"),
    "rename": Mp_("change", "rename"),
    "tournament-new": Mp_("change", "new tournament"),
    "tournament-undo": Mp_("change", "undo of a round"),
    "publish": Mp_("change", "list published"),
    "receive": Mp_("change", "bundle received"),
    "registry import": Mp_("change", "registry import"),
    "season-new": Mp_("change", "new season"),
    "season-add": Mp_("change", "event added to the season"),
    "season-add-registry": Mp_("change", "registry added to the season"),
    "season-inscribe": Mp_("change", "inscription"),
    "season-final": Mp_("change", "national final written"),
    "season-agree": Mp_("change", "unions' agreement"),
    "season-decide": Mp_("change", "committee's decision"),
}


def action_word(action: str) -> str:
    """A change's action as a person says it; an action no version of scorekeeper names here
    (a newer one's) as the journal wrote it."""
    message = ACTION_WORDS.get(action)
    return in_words(message) if message is not None else action


def said_value(value: object, depth: int = 0) -> str:
    """A value of an entry said plainly: a list as its items (`1 1 2 0`), a mapping as
    `NAME=N` pairs (as `record` takes counts by name), bounded however it was written."""
    if depth > MAX_DEPTH:
        return "..."
    if isinstance(value, dict):
        items = list(value.items())
        said = [f"{key}={said_value(item, depth + 1)}" for key, item in items[:MAX_ITEMS]]
        return " ".join(said + (["..."] if len(items) > MAX_ITEMS else []))
    if isinstance(value, list):
        said = [said_value(item, depth + 1) for item in value[:MAX_ITEMS]]
        return " ".join(said + (["..."] if len(value) > MAX_ITEMS else []))
    if value is None:
        return ""
    if value is True or value is False:
        return "true" if value else "false"
    return str(value)


def clipped(text: str) -> str:
    """`text`, cut to MAX_SAID characters."""
    return text if len(text) <= MAX_SAID else text[: MAX_SAID - 3] + "..."


def entry_words(entry: object, game: games.Game | None) -> tuple[str | None, str]:
    """An entry as the sheet holds it, said in its game's words: its kind (`damas`, through the
    game's entry_label; None when its game names none) and its values (`1 1 2 0`, `trump copas`)."""
    if not isinstance(entry, dict):
        return None, clipped(said_value(entry))
    kind_key = game.entry_kind_key if game is not None else None
    bare_keys = game.entry_bare_keys if game is not None else ()
    kind = entry.get(kind_key) if kind_key is not None else None
    if isinstance(kind, str) and game is not None:
        with contextlib.suppress(Exception):  # a hand-edited kind is said as written, never fails the history
            kind = game.entry_label(kind)
    else:
        kind = None
    items = list(entry.items())[:MAX_ITEMS]
    bare = [said_value(entry[key]) for key in bare_keys if key in entry]  # in record's order (the journal sorts keys)
    # A value the game takes as an option of `record` is said as that option (`--trump copas`),
    # the same in every language, not by the sheet's English key.
    flags = {option.name: option.flags[0] for option in (game.record_options if game is not None else ())}
    named = [
        f"{flags.get(key, key)} {said_value(value)}".rstrip()
        for key, value in items
        if key not in bare_keys and (kind_key is None or key != kind_key)
    ]
    if kind is None and kind_key is not None and kind_key in entry:  # a kind written as no text: said as written
        named.insert(0, f"{kind_key} {said_value(entry[kind_key])}")
    parts = [" ".join(part for part in bare if part)] if any(bare) else []
    return (str(kind) if kind is not None else None), clipped(", ".join(parts + named))


def entry_name(sentences: EntrySentences, number: int, kind: str | None) -> str:
    """`hand 3 (damas)`: entry `number` of a sheet, in its game's word for an entry."""
    if kind is None:
        return in_words(fill(sentences.name, number=number))
    return in_words(fill(sentences.name_of_kind, number=number, kind=kind))


def game_of(name: str | None) -> games.Game | None:
    """The game a change's sheet is of, None when it is not known (any more)."""
    if name is None:
        return None
    try:
        return games.get(name)
    except KeyError:
        return None


def sentences_of(game: games.Game | None) -> EntrySentences:
    """A game's sentences for an entry; an entry's, when its game is not known."""
    return game.entry_sentences() if game is not None else ENTRY_SENTENCES


def removed_word(game_name: str | None) -> str:
    """What an undo left of an entry: nothing (said agreeing with the game's word for an entry)."""
    return in_words(sentences_of(game_of(game_name)).removed_value)


def entry_said(change: Change, game_name: str | None) -> tuple[str, str, str]:
    """A change of one entry as (its name, its values before, after): `hand 3 (damas)`,
    `1 1 2 0`, `1 1 1 1`; before is empty for an entry recorded, after for one removed."""
    if change.entry is None:  # a change of no single entry (a day command's) names none
        return "", "", ""
    game = game_of(game_name)
    sentences = sentences_of(game)
    kind_before, before = entry_words(change.before, game) if change.before is not None else (None, "")
    kind_after, after = entry_words(change.after, game) if change.after is not None else (None, "")
    if change.before is not None and change.after is not None and kind_before != kind_after:
        # a correction that changes the entry's kind: each side says its own
        before = " ".join(part for part in (kind_before, before) if part)
        after = " ".join(part for part in (kind_after, after) if part)
        return entry_name(sentences, change.entry, None), before, after
    kind = kind_after if change.after is not None else kind_before
    return entry_name(sentences, change.entry, kind), before, after


def by_text(by: object) -> str:
    """Who made a change, as a person reads it: the user at the command line; the score pad's
    link and the client's address."""
    if not isinstance(by, dict):
        return ""
    if by.get("link"):
        address = by.get("address")
        return one_line(f"{said_value(by['link'])} ({said_value(address)})" if address else said_value(by["link"]))
    if by.get("user"):
        return one_line(said_value(by["user"]))
    return one_line(said_value(by.get("address") or by.get("command") or ""))


def season_subject(action: str, detail: object) -> str | None:
    """The subject of a season change that decides the final, from its detail (season/committee.py):
    the unions' agreement, `2027-04-15: a final of 16 (norte 5, centro 4, sul-e-ilhas 7)` (Art 3,
    TN7), and the committee's decision, `2027-05-21: centro's seat to C0008 (Art 18)` (TN10). None
    for any other change, or a detail that does not hold them (a journal written by hand)."""
    if not isinstance(detail, dict):
        return None
    day = detail.get("date")
    if action == "season-agree" and isinstance(detail.get("quotas"), list):
        quotas = ", ".join(said_value(item).replace("=", " ", 1) for item in detail["quotas"][:MAX_ITEMS])
        said = M_(
            "{date}: a final of {size} ({quotas})",
            date=said_value(day),
            size=said_value(detail.get("size")),
            quotas=quotas,
        )
        return clipped(one_line(in_words(said)))
    if action == "season-decide" and detail.get("seat") is not None:
        said = M_(
            "{date}: {union}'s seat to {id}",
            date=said_value(day),
            union=said_value(detail.get("union")),
            id=said_value(detail.get("seat")),
        )
        article = detail.get("article")
        text = in_words(said) + (f" ({said_value(article)})" if article else "")
        return clipped(one_line(text))
    return None
