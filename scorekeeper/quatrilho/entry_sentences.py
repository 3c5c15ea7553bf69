"""The sentences said of one entry of this game's sheet: its list holds deals and also late
arrivals, outs and rebuys, so each is an entry (Game.entry_word, games.ENTRIES)."""

from __future__ import annotations

from scorekeeper.sheet.entry_sentences import ENTRY_SENTENCES

SENTENCES = ENTRY_SENTENCES
