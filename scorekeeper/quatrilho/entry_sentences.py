"""The sentences said of one entry of this game's sheet: its list holds deals and also late
arrivals, outs and rebuys, so each is an entry (Game.entry_word, games.ENTRIES)."""

from __future__ import annotations

from scorekeeper.i18n import M_
from scorekeeper.sheet.entry_sentences import ENTRY_SENTENCES

# An entry that is a YAML alias is named by its place in the list of deals (sheet.yaml_edit).
SENTENCES = ENTRY_SENTENCES._replace(
    shared_text=M_(
        "deal {number} shares its text with another entry through a YAML alias (&, *): edit the sheet by hand"
    )
)
