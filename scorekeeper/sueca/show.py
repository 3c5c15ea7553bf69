"""`show` of a Sueca match: each deal's card points and the points it gives, the standing of
the moca being played, and the mocas won (Pontuação 2-4, Vencedor 1)."""

from __future__ import annotations

from scorekeeper.i18n import _, in_words
from scorekeeper.sheet.show_table import Column


def entry_label(kind: str) -> str:
    """A deal is said in the language in use ("partida"); a penalty is the rule file's word."""
    return _("deal") if kind == "deal" else kind


def show_tables(result) -> list[tuple[str, list, list, int]]:
    """One table, a row per deal: its card points, the points it gives, the moca standing and
    the mocas won, a column of each per team. Heads in the language in use."""
    teams = result.players
    words = (_("pts"), "+", _("moca"), _("mocas"))
    headers = ["#", _("deal"), _("detail"), *(Column(f"{t} {word}", word, t) for word in words for t in teams)]
    rows = []
    for hand, state in zip(result.hands, result.extra["running"]):
        points = hand.points or {}
        rows.append(
            [
                hand.index,
                entry_label(hand.hand),
                in_words(hand.detail),
                *(points.get(t, "") for t in teams),
                *(hand.awarded.get(t, 0) for t in teams),
                *(state["standing"][t] for t in teams),
                *(state["mocas"][t] for t in teams),
            ]
        )
    return [("", headers, rows, 3)]
