"""King penalties: renuncia (Art 14) and cards passed (Art 9.1, 9.2), in negative hands and festas."""

from __future__ import annotations

from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import M_, Message, Mn_
from scorekeeper.king import finding_codes as K
from scorekeeper.king.rules import NegativeHand, Split
from scorekeeper.king.sheet import HandEntry, KingSheet, Report, festa_of, hand_finding

ARTICLE = {
    ("renuncia", "negative"): "Art 14",
    ("renuncia", "festa"): "Art 14",
    ("cartas-passadas", "negative"): "Art 9.1",
    ("cartas-passadas", "festa"): "Art 9.2",
}


def penalty_points(
    entry: HandEntry, sheet: KingSheet, hand: NegativeHand | None
) -> tuple[dict[str, int] | None, list[Finding]]:
    """Points for a penalised hand (a negative hand when `hand` is given, else a festa) and findings.

    Negative hands are not replayed: the entry is the hand. Festas are replayed: the entry
    adds up to 0 and the festa is recorded again for the same beneficiary.
    """
    findings: list[Finding] = []
    phase = "negative" if hand is not None else "festa"
    article = ARTICLE[(entry.penalty or "", phase)]  # scored only when its penalty is known (scoring)
    label = hand.name if hand is not None else (festa_of(entry.beneficiary) if entry.beneficiary else "festa")

    def finding(
        message: str | Message, kind: FindingKind, player: str | None = None, severity: Severity = Severity.ERROR
    ):
        # Reported under the penalty's article in this phase, whatever the kind's usual one.
        findings.append(
            hand_finding(sheet.source, entry.line, entry.index, label, message, article, player, code=kind.code)
        )

    if entry.counts is not None or entry.tricks is not None:
        finding(
            M_(
                "a hand penalised for {penalty} is scored by the penalty; counts or tricks were given",
                penalty=entry.penalty,
            ),
            K.PENALTY_COUNTS,
        )
    offenders = entry.offenders
    if not offenders:
        return None, findings
    if len(set(offenders)) != len(offenders):
        finding(M_("a player at fault is named twice"), K.OFFENDER_TWICE)
        return None, findings
    players = sheet.players
    if hand is not None:
        computed = _negative_points(entry, hand, players, finding)
    else:
        split = _festa_split(entry, sheet, finding)
        computed = None if split is None else {p: split.offender if p in offenders else split.others for p in players}
    if entry.points is None:
        return computed, findings
    _check_written(entry, entry.points, computed, -hand.total if hand is not None else 0, players, finding)
    return dict(entry.points), findings


def _negative_points(
    entry: HandEntry, hand: NegativeHand, players: list[str], finding: Report
) -> dict[str, int] | None:
    """A penalised negative hand's points, or None when the penalty cannot give them."""
    offenders = entry.offenders
    if entry.penalty == "renuncia":
        if len(offenders) != 1:
            finding(_renuncia_offenders(len(offenders)), K.RENUNCIA_OFFENDERS)
            return None
        # Art 14: the offender takes the hand's whole total; the hand is not replayed.
        return {p: -hand.total if p == offenders[0] else 0 for p in players}
    share, rest = divmod(hand.total, len(offenders))
    if rest == 0:
        # Art 9.1: the total divided equally among the players at fault.
        return {p: -share if p in offenders else 0 for p in players}
    if entry.points is None:
        finding(
            Mn_(
                "{total} cannot be split equally among {count} player at fault; record the points explicitly",
                "{total} cannot be split equally among {count} players at fault; record the points explicitly",
                len(offenders),
                total=hand.total,
                count=len(offenders),
            ),
            K.SPLIT_UNEVEN,
        )
    return None


def _check_written(
    entry: HandEntry,
    points: dict[str, int],
    computed: dict[str, int] | None,
    expected: int,
    players: list[str],
    finding: Report,
) -> None:
    """Points written for a penalised hand: each what the penalty gives (or 0 for a player not at
    fault when it gives none), and all of them the hand's total (a festa's: 0)."""
    if computed is not None:
        for player in players:
            if points[player] != computed[player]:
                finding(
                    Mn_(
                        "{player} has {points} point, but the {penalty} gives {computed}",
                        "{player} has {points} points, but the {penalty} gives {computed}",
                        abs(points[player]),
                        player=player,
                        points=points[player],
                        penalty=entry.penalty,
                        computed=computed[player],
                    ),
                    K.PENALTY_POINTS,
                    player,
                )
    else:
        for player in players:
            if player not in entry.offenders and points[player] != 0:
                finding(
                    Mn_(
                        "{player} is not at fault but has {points} point",
                        "{player} is not at fault but has {points} points",
                        abs(points[player]),
                        player=player,
                        points=points[player],
                    ),
                    K.NOT_AT_FAULT_POINTS,
                    player,
                )
    total = sum(points.values())
    if total != expected:
        finding(
            M_("the penalty adds up to {total}, not {expected}", total=total, expected=expected),
            K.PENALTY_TOTAL,
        )


def _festa_split(entry: HandEntry, sheet: KingSheet, finding: Report) -> Split | None:
    rules = sheet.rules
    count = len(entry.offenders)
    if entry.penalty == "renuncia":
        if count != 1:
            finding(_renuncia_offenders(count), K.RENUNCIA_OFFENDERS)
            return None
        return rules.renuncia_festa
    if count == 1:
        return rules.passed_cards_festa_one
    if count == 2:
        return rules.passed_cards_festa_two
    finding(
        Mn_(
            "Art 9.2 scores one or two players at fault, {count} is named",
            "Art 9.2 scores one or two players at fault, {count} are named",
            count,
            count=count,
        ),
        K.PASSED_OFFENDERS,
    )
    return None


def _renuncia_offenders(count: int) -> Message:
    """Art 14: a renuncia is one player's; `count` players at fault were named."""
    return Mn_(
        "a renuncia has one offender, {count} is named",
        "a renuncia has one offender, {count} are named",
        count,
        count=count,
    )
