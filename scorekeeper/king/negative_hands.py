"""Scoring of King's negative hands (Quadro 1), with the Art 6 charge to the scorer."""
from __future__ import annotations

from scorekeeper.findings import Finding, Severity
from scorekeeper.king.rules import NegativeHand
from scorekeeper.king.sheet import HandEntry, KingSheet, hand_finding
from scorekeeper.report import plural


def score_negative_hand(entry: HandEntry, hand: NegativeHand, sheet: KingSheet):
    """Points per player for a negative hand from its counts or points, and the findings.

    Returns (points or None, findings). Points recorded in error are still returned as
    recorded, so a referee sees what the sheet says next to what is wrong with it.
    """
    findings: list[Finding] = []

    def finding(message, rule, player=None, severity=Severity.ERROR):
        findings.append(hand_finding(sheet.source, entry.line, entry.index, hand.name, message, rule, player,
                                     severity))

    if entry.tricks is not None or entry.beneficiary or entry.contract or entry.offer or entry.trump:
        finding("festa details (tricks, beneficiary, contract, trump, offer) on a negative hand", "Art 8")
    counts, points = entry.counts, entry.points
    if counts is None and points is None:
        if not entry.findings:
            finding("no counts or points recorded", "Art 6")
        return None, findings

    if points is not None:
        bad = False
        for player, value in points.items():
            if value > 0 or value < -hand.total:
                finding(f"{player} has {plural(value, 'point')}; a {hand.name} hand scores from 0 to -{hand.total}",
                        "Quadro 1", player)
                bad = True
            elif value % hand.unit:
                finding(f"{player} has {plural(value, 'point')}, not a multiple of {hand.unit}", "Quadro 1", player)
                bad = True
        if counts is None:
            if bad:
                return dict(points), findings
            counts = {player: -value // hand.unit for player, value in points.items()}
        else:
            for player, count in counts.items():
                if points[player] != -count * hand.unit:
                    finding(f"{player}: {count} x {hand.unit} = {-count * hand.unit}, but the points say "
                            f"{points[player]}", "Quadro 1", player)
                    bad = True
            if bad:
                return dict(points), findings

    recorded = {player: -count * hand.unit for player, count in counts.items()}
    over = [player for player, count in counts.items() if count > hand.units]
    for player in over:
        finding(f"{player} took {counts[player]}, but there are only {hand.units}", "Quadro 1", player)
    taken = sum(counts.values())
    if taken > hand.units:
        if not over:
            finding(f"counts add up to {taken}, more than the {hand.units} there are", "Quadro 1")
        return recorded, findings
    if taken < hand.units:
        missing = hand.units - taken
        if sheet.rules.charge_missing_to_scorer:
            # Art 6: "o responsavel da mesa assumira a pontuacao em falta".
            charged = dict(recorded)
            charged[sheet.scorer] -= missing * hand.unit
            finding(f"counts add up to {taken} of {hand.units}; the missing {missing} ({-missing * hand.unit}) "
                    f"is charged to {sheet.scorer}, the responsible scorer", "Art 6", sheet.scorer,
                    Severity.WARNING)
            return charged, findings
        finding(f"counts add up to {taken} of {hand.units}", "Quadro 1")
    return recorded, findings
