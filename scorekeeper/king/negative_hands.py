"""Scoring of King's negative hands (Quadro 1), with the Art 6 charge to the scorer."""

from __future__ import annotations

from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import M_, Message, Mn_
from scorekeeper.king import finding_codes as K
from scorekeeper.king.rules import NegativeHand
from scorekeeper.king.sheet import HandEntry, KingSheet, Report, hand_finding


def score_negative_hand(
    entry: HandEntry, hand: NegativeHand, sheet: KingSheet
) -> tuple[dict[str, int] | None, list[Finding]]:
    """Points per player for a negative hand from its counts or points, and the findings.

    Returns (points or None, findings). Points recorded in error are still returned as
    recorded, so a referee sees what the sheet says next to what is wrong with it.
    """
    findings: list[Finding] = []

    def finding(
        message: str | Message, kind: FindingKind, player: str | None = None, severity: Severity = Severity.ERROR
    ):
        findings.append(
            hand_finding(
                sheet.source, entry.line, entry.index, hand.name, message, kind.rule, player, severity, code=kind.code
            )
        )

    if entry.tricks is not None or entry.beneficiary or entry.contract or entry.offer or entry.trump:
        finding(M_("festa details (tricks, beneficiary, contract, trump, offer) on a negative hand"), K.FESTA_DETAILS)
    counts, points = entry.counts, entry.points
    if points is not None:
        bad = _check_points(points, hand, finding)
        if counts is None:
            if bad:
                return dict(points), findings
            counts = {player: -value // hand.unit for player, value in points.items()}
        elif _check_points_against_counts(points, counts, hand, finding) or bad:
            return dict(points), findings
    if counts is None:
        if not entry.findings:
            finding(M_("no counts or points recorded"), K.NO_COUNTS)
        return None, findings
    return _score_counts(counts, hand, sheet, finding), findings


def _check_points(points: dict[str, int], hand: NegativeHand, finding: Report) -> bool:
    """Quadro 1: each player's points are 0 to the hand's total, whole units. True when one is not."""
    bad = False
    for player, value in points.items():
        if value > 0 or value < -hand.total:
            finding(
                Mn_(
                    "{player} has {points} point; a {hand} hand scores from 0 to -{total}",
                    "{player} has {points} points; a {hand} hand scores from 0 to -{total}",
                    abs(value),
                    player=player,
                    points=value,
                    hand=hand.name,
                    total=hand.total,
                ),
                K.POINTS_RANGE,
                player,
            )
            bad = True
        elif value % hand.unit:
            finding(
                Mn_(
                    "{player} has {points} point, not a multiple of {unit}",
                    "{player} has {points} points, not a multiple of {unit}",
                    abs(value),
                    player=player,
                    points=value,
                    unit=hand.unit,
                ),
                K.POINTS_MULTIPLE,
                player,
            )
            bad = True
    return bad


def _check_points_against_counts(
    points: dict[str, int], counts: dict[str, int], hand: NegativeHand, finding: Report
) -> bool:
    """Points and counts both recorded must agree (count x unit); True when one does not."""
    bad = False
    for player, count in counts.items():
        if points[player] != -count * hand.unit:
            finding(
                M_(
                    "{player}: {count} x {unit} = {value}, but the points say {points}",
                    player=player,
                    count=count,
                    unit=hand.unit,
                    value=-count * hand.unit,
                    points=points[player],
                ),
                K.POINTS_COUNTS,
                player,
            )
            bad = True
    return bad


def _score_counts(counts: dict[str, int], hand: NegativeHand, sheet: KingSheet, finding: Report) -> dict[str, int]:
    """The points of the counts, each count at most the hand's units and all of them its units;
    the units nobody took are the responsible scorer's when the rules say so (Art 6)."""
    recorded = {player: -count * hand.unit for player, count in counts.items()}
    over = [player for player, count in counts.items() if count > hand.units]
    for player in over:
        finding(
            M_(
                "{player} took {count}, but there are only {units}",
                player=player,
                count=counts[player],
                units=hand.units,
            ),
            K.COUNT_OVER,
            player,
        )
    taken = sum(counts.values())
    if taken > hand.units:
        if not over:
            finding(
                M_("counts add up to {taken}, more than the {units} there are", taken=taken, units=hand.units),
                K.TOTAL_OVER,
            )
        return recorded
    if taken < hand.units:
        missing = hand.units - taken
        if sheet.rules.charge_missing_to_scorer:
            # Art 6: "o responsavel da mesa assumira a pontuacao em falta".
            charged = dict(recorded)
            charged[sheet.scorer] -= missing * hand.unit
            finding(
                M_(
                    "counts add up to {taken} of {units}; the missing {missing} ({points}) is charged to "
                    "{scorer}, the responsible scorer",
                    taken=taken,
                    units=hand.units,
                    missing=missing,
                    points=-missing * hand.unit,
                    scorer=sheet.scorer,
                ),
                K.MISSING_CHARGED,
                sheet.scorer,
                Severity.WARNING,
            )
            return charged
        finding(M_("counts add up to {taken} of {units}", taken=taken, units=hand.units), K.TOTAL_SHORT)
    return recorded
