"""The sentences said of one entry of a sheet (`record`, `fix`, `undo` and `history`), whole for
each word a game has for an entry (Game.entry_word): the Portuguese words differ in gender (a
King or Truco hand, a Sueca deal, a Quatrilho entry) and each sentence agrees with its word, so
a game declares the sentences, not the word alone (Game.entry_sentences).

Each is a Message without its values (`fill` gives them), said at the edge by `in_words`."""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.i18n import M_, Message, Mp_


class EntrySentences(NamedTuple):
    """Every sentence that names an entry of a game's sheet, in that game's word for an entry."""

    complete_already: Message  # `record` on a complete sheet
    no_such_entry: Message  # `fix N` past the last entry: {number}, {count}
    nothing_to_undo: Message
    recorded_meanwhile: Message  # a change made for the sheet as it was: {number}
    removed_meanwhile: Message  # {number}
    saved: Message  # `Hand 3 (copas)`: {number}, {what}
    removed: Message  # `Removed hand 3 (line 12).`: {number}, {line}
    removed_named: Message  # `Removed hand 3 (copas, line 12).`: {number}, {name}, {line}
    stopped: Message  # the prompts left before the game is complete
    name: Message  # `hand 3`: {number}
    name_of_kind: Message  # `hand 3 (damas)`: {number}, {kind}
    removed_value: Message  # what an undo left of an entry, in `history`: `removed`
    # The score pad's (serve/words.py), each a change of one entry: {number}, {kind}, {when}
    numbered: Message  # `Hand 5`: the heading of an entry on a table's page
    already_saved: Message  # a form sent again: the change its id made before
    already_removed: Message
    record: Message  # a line of the table's history: `hand 5 recorded at 15:42:07`
    fix: Message
    undo: Message
    record_kind: Message  # `hand 5 (Copas) recorded at 15:42:07`
    fix_kind: Message
    undo_kind: Message
    # An entry that is a YAML alias, or holds an anchor another names (sheet.yaml_edit): {number}
    shared_text: Message


def fill(template: Message, **values: object) -> Message:
    """One of the sentences with its values, to be said at the edge."""
    return template._replace(values=values)


# The sentences of a game whose entries are hands (games.HANDS, the default: King, Truco).
HAND_SENTENCES = EntrySentences(
    complete_already=M_("the game is complete; `fix` corrects a hand, `--force` adds one anyway"),
    no_such_entry=M_("there is no hand {number}; the sheet has {count}"),
    nothing_to_undo=M_("there is no hand to undo"),
    recorded_meanwhile=M_("hand {number} was recorded meanwhile"),
    removed_meanwhile=M_("hand {number} was removed meanwhile"),
    saved=M_("Hand {number} ({what})"),
    removed=M_("Removed hand {number} (line {line})."),
    removed_named=M_("Removed hand {number} ({name}, line {line})."),
    stopped=M_("Stopped; every recorded hand is saved."),
    name=M_("hand {number}"),
    name_of_kind=M_("hand {number} ({kind})"),
    removed_value=Mp_("a hand", "removed"),
    numbered=M_("Hand {number}"),
    already_saved=M_("hand {number} was already saved at {when}; nothing changed"),
    already_removed=M_("hand {number} was already removed at {when}; nothing changed"),
    record=M_("hand {number} recorded at {when}"),
    fix=M_("hand {number} corrected at {when}"),
    undo=M_("hand {number} removed at {when}"),
    record_kind=M_("hand {number} ({kind}) recorded at {when}"),
    fix_kind=M_("hand {number} ({kind}) corrected at {when}"),
    undo_kind=M_("hand {number} ({kind}) removed at {when}"),
    shared_text=M_(
        "hand {number} shares its text with another entry through a YAML alias (&, *): edit the sheet by hand"
    ),
)

# Of a game whose entries are entries (games.ENTRIES: Quatrilho's late arrivals and rebuys are
# no deals), and of a change whose game is unknown (a journal's record of a sheet now gone).
ENTRY_SENTENCES = EntrySentences(
    complete_already=M_("the game is complete; `fix` corrects an entry, `--force` adds one anyway"),
    no_such_entry=M_("there is no entry {number}; the sheet has {count}"),
    nothing_to_undo=M_("there is no entry to undo"),
    recorded_meanwhile=M_("entry {number} was recorded meanwhile"),
    removed_meanwhile=M_("entry {number} was removed meanwhile"),
    saved=M_("Entry {number} ({what})"),
    removed=M_("Removed entry {number} (line {line})."),
    removed_named=M_("Removed entry {number} ({name}, line {line})."),
    stopped=M_("Stopped; every recorded entry is saved."),
    name=M_("entry {number}"),
    name_of_kind=M_("entry {number} ({kind})"),
    removed_value=Mp_("an entry", "removed"),
    numbered=M_("Entry {number}"),
    already_saved=M_("entry {number} was already saved at {when}; nothing changed"),
    already_removed=M_("entry {number} was already removed at {when}; nothing changed"),
    record=M_("entry {number} recorded at {when}"),
    fix=M_("entry {number} corrected at {when}"),
    undo=M_("entry {number} removed at {when}"),
    record_kind=M_("entry {number} ({kind}) recorded at {when}"),
    fix_kind=M_("entry {number} ({kind}) corrected at {when}"),
    undo_kind=M_("entry {number} ({kind}) removed at {when}"),
    # No sentence of its own yet for an entry (a new msgid would need translating): an entry of
    # such a list is named as a deal, the list every game of entries keeps so far.
    shared_text=M_(
        "deal {number} shares its text with another entry through a YAML alias (&, *): edit the sheet by hand"
    ),
)
