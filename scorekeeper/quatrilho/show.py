"""`show` of a Quatrilho round: each entry's chips per person with the round's net, then the
running chips after each entry."""
from __future__ import annotations


def _people(result) -> list[str]:
    """The registered players in dealing order, then the coringas in the order they sat down."""
    return [*result.players, *result.extra["coringas"]]


def show_tables(result) -> list[tuple[str, list, list, int]]:
    """The first table is what `record` prints after each deal and `--format csv` writes."""
    from scorekeeper.report import signed  # report is imported by the table paths only

    people = _people(result)
    headers = ["#", "deal", "dealer", "entry", "detail", *people, "total"]
    rows = []
    for hand, state in zip(result.hands, result.extra["running"]):
        points = hand.points
        cells = [("?" if points is None else signed(points[p]) if p in points else "") for p in people]
        rows.append([hand.index, state["deal"] or "", state["dealer"] or "", hand.hand, hand.detail, *cells,
                     "?" if points is None else "" if hand.expected is None and not points else signed(hand.total)])
    nets = result.totals
    rows.append(["", "", "", "net", "", *(signed(nets[p]) for p in result.players),
                 *("" for _ in result.extra["coringas"]), ""])
    running = [[hand.index, state["deal"] or "", hand.hand,
                *(str(state["chips"][p]) if p in state["chips"] else "" for p in people)]
               for hand, state in zip(result.hands, result.extra["running"])]
    tables = [("", headers, rows, 5)]
    if running:
        tables.append(("Running chips", ["#", "deal", "entry", *people], running, 3))
    return tables
