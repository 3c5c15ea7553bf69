"""`show` of a Truco match: each hand, the tentos it gives, the running score of its game (Art
13: a game is 12) and the games won (Art 14)."""

from __future__ import annotations

from scorekeeper.i18n import _, in_words, pgettext
from scorekeeper.sheet.show_table import Column

# A hand, its game, its score and the games are said in the context "truco": a mão, a jogo, the
# placar (another game's "hand" or "game" may be another word in Portuguese).


def entry_label(kind: str) -> str:
    """A hand's kind ("hand", "void", "mao de onze") in the language in use; a penalty's name
    is the rule file's own word."""
    kinds = {
        "hand": pgettext("truco", "hand"),
        "void": pgettext("truco", "void"),
        "mao de onze": pgettext("truco", "mao de onze"),
    }
    return kinds.get(kind, kind)


def show_tables(result) -> list[tuple[str, list, list, int]]:
    """One table, a row per hand: its game, its kind, the tentos it gives, the score of its game
    and the games won, a column of each per team. Heads in the language in use."""
    teams = result.players
    words = ("+", pgettext("truco", "score"), pgettext("truco", "games"))
    headers = [
        "#",
        pgettext("truco", "game"),
        pgettext("truco", "hand"),
        _("detail"),
        *(Column(f"{t} {word}", word, t) for word in words for t in teams),
    ]
    rows = []
    for hand, state in zip(result.hands, result.extra["running"]):
        rows.append(
            [
                hand.index,
                state["game"],
                entry_label(hand.hand),
                in_words(hand.detail),
                *(hand.awarded.get(t, 0) for t in teams),
                *(state["score"][t] for t in teams),
                *(state["games_won"][t] for t in teams),
            ]
        )
    return [("", headers, rows, 4)]
