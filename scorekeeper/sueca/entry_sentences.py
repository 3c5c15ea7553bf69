"""The sentences said of one entry of this game's sheet: its entries are deals (a partida, a
deal of the cards: Game.entry_word), and the Portuguese sentences agree with the word."""

from __future__ import annotations

from scorekeeper.i18n import M_, Mp_
from scorekeeper.sheet.entry_sentences import EntrySentences

SENTENCES = EntrySentences(
    complete_already=M_("the game is complete; `fix` corrects a deal, `--force` adds one anyway"),
    no_such_entry=M_("there is no deal {number}; the sheet has {count}"),
    nothing_to_undo=M_("there is no deal to undo"),
    recorded_meanwhile=M_("deal {number} was recorded meanwhile"),
    removed_meanwhile=M_("deal {number} was removed meanwhile"),
    saved=M_("Deal {number} ({what})"),
    removed=M_("Removed deal {number} (line {line})."),
    removed_named=M_("Removed deal {number} ({name}, line {line})."),
    stopped=M_("Stopped; every recorded deal is saved."),
    name=M_("deal {number}"),
    name_of_kind=M_("deal {number} ({kind})"),
    removed_value=Mp_("a deal", "removed"),
    numbered=M_("Deal {number}"),
    already_saved=M_("deal {number} was already saved at {when}; nothing changed"),
    already_removed=M_("deal {number} was already removed at {when}; nothing changed"),
    record=M_("deal {number} recorded at {when}"),
    fix=M_("deal {number} corrected at {when}"),
    undo=M_("deal {number} removed at {when}"),
    record_kind=M_("deal {number} ({kind}) recorded at {when}"),
    fix_kind=M_("deal {number} ({kind}) corrected at {when}"),
    undo_kind=M_("deal {number} ({kind}) removed at {when}"),
    shared_text=M_(
        "deal {number} shares its text with another entry through a YAML alias (&, *): edit the sheet by hand"
    ),
)
