"""`show` of a Quatrilho round: each entry's chips per person with the round's net, then the
running chips after each entry."""

from __future__ import annotations

from scorekeeper.i18n import _, in_words, pgettext
from scorekeeper.quatrilho.sheet import entry_label
from scorekeeper.sheet.show_table import signed

# "deal", "dealer" and "net" are said in the context "quatrilho" (a Brazilian carteada, its
# carteiro, the round's saldo): another game's "deal" may be another word in Portuguese. The
# context is written out at each call, as the extractor reads only a literal.


def _people(result) -> list[str]:
    """The registered players in dealing order, then the coringas in the order they sat down."""
    return [*result.players, *result.extra["coringas"]]


def show_tables(result) -> list[tuple[str, list, list, int]]:
    """The first table is what `record` prints after each deal and `--format csv` writes."""
    people = _people(result)
    deal, dealer, entry = pgettext("quatrilho", "deal"), pgettext("quatrilho", "dealer"), _("entry")
    headers = ["#", deal, dealer, entry, _("detail"), *people, _("total")]
    rows = []
    for hand, state in zip(result.hands, result.extra["running"]):
        points = hand.points
        cells = [("?" if points is None else signed(points[p]) if p in points else "") for p in people]
        rows.append(
            [
                hand.index,
                state["deal"] or "",
                state["dealer"] or "",
                entry_label(hand.hand),
                in_words(hand.detail),
                *cells,
                "?" if points is None else "" if hand.expected is None and not points else signed(hand.total),
            ]
        )
    nets = result.totals
    rows.append(
        [
            "",
            "",
            "",
            pgettext("quatrilho", "net"),
            "",
            *(signed(nets[p]) for p in result.players),
            *("" for _coringa in result.extra["coringas"]),
            "",
        ]
    )
    running = [
        [
            hand.index,
            state["deal"] or "",
            entry_label(hand.hand),
            *(str(state["chips"][p]) if p in state["chips"] else "" for p in people),
        ]
        for hand, state in zip(result.hands, result.extra["running"])
    ]
    tables = [("", headers, rows, 5)]
    if running:
        tables.append((_("Running chips"), ["#", deal, entry, *people], running, 3))
    return tables
