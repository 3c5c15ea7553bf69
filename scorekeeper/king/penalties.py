"""King penalties: renuncia (Art 14) and cards passed (Art 9.1, 9.2), in negative hands and festas."""
from __future__ import annotations

from scorekeeper.findings import Finding
from scorekeeper.king.rules import NegativeHand, Split
from scorekeeper.king.sheet import HandEntry, KingSheet, hand_finding
from scorekeeper.report import plural

ARTICLE = {("renuncia", "negative"): "Art 14", ("renuncia", "festa"): "Art 14",
           ("cartas-passadas", "negative"): "Art 9.1", ("cartas-passadas", "festa"): "Art 9.2"}


def penalty_points(entry: HandEntry, sheet: KingSheet, hand: NegativeHand | None):
    """Points for a penalised hand (a negative hand when `hand` is given, else a festa) and findings.

    Negative hands are not replayed: the entry is the hand. Festas are replayed: the entry
    adds up to 0 and the festa is recorded again for the same beneficiary.
    """
    findings: list[Finding] = []
    phase = "negative" if hand is not None else "festa"
    article = ARTICLE[(entry.penalty, phase)]
    label = hand.name if hand is not None else (f"{entry.beneficiary}'s festa" if entry.beneficiary else "festa")

    def finding(message, player=None):
        findings.append(hand_finding(sheet.source, entry.line, entry.index, label, message, article, player))

    if entry.counts is not None or entry.tricks is not None:
        finding(f"a hand penalised for {entry.penalty} is scored by the penalty; counts or tricks were given")
    offenders = entry.offenders
    if not offenders:
        return None, findings
    if len(set(offenders)) != len(offenders):
        finding("a player at fault is named twice")
        return None, findings
    players = sheet.players
    computed = None
    if hand is not None and entry.penalty == "renuncia":
        if len(offenders) != 1:
            finding(f"a renuncia has one offender, {len(offenders)} are named")
        else:
            # Art 14: the offender takes the hand's whole total; the hand is not replayed.
            computed = {p: -hand.total if p == offenders[0] else 0 for p in players}
    elif hand is not None:
        share, rest = divmod(hand.total, len(offenders))
        if rest == 0:
            # Art 9.1: the total divided equally among the players at fault.
            computed = {p: -share if p in offenders else 0 for p in players}
        elif entry.points is None:
            finding(f"{hand.total} cannot be split equally among {plural(len(offenders), 'player')} at fault; "
                    f"record the points explicitly")
    else:
        split = _festa_split(entry, sheet, finding)
        if split is not None:
            computed = {p: split.offender if p in offenders else split.others for p in players}

    expected = -hand.total if hand is not None else 0
    if entry.points is not None:
        points = entry.points
        if computed is not None:
            for player in players:
                if points[player] != computed[player]:
                    finding(f"{player} has {plural(points[player], 'point')}, but the {entry.penalty} gives "
                            f"{computed[player]}",
                            player)
        else:
            for player in players:
                if player not in offenders and points[player] != 0:
                    finding(f"{player} is not at fault but has {plural(points[player], 'point')}", player)
        total = sum(points.values())
        if total != expected:
            finding(f"the penalty adds up to {total}, not {expected}")
        return dict(points), findings
    return computed, findings


def _festa_split(entry: HandEntry, sheet: KingSheet, finding) -> Split | None:
    rules = sheet.rules
    count = len(entry.offenders)
    if entry.penalty == "renuncia":
        if count != 1:
            finding(f"a renuncia has one offender, {count} are named")
            return None
        return rules.renuncia_festa
    if count == 1:
        return rules.passed_cards_festa_one
    if count == 2:
        return rules.passed_cards_festa_two
    finding(f"Art 9.2 scores one or two players at fault, {count} are named")
    return None
