"""Scoring of King's festas: positivos, nulos, the 4-3-3-3 and sold festas (Art 10-13, Quadros 2-3)."""

from __future__ import annotations

from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import M_, Message, Mn_
from scorekeeper.king import finding_codes as K
from scorekeeper.king.rules import KingRules
from scorekeeper.king.sheet import HandEntry, KingSheet, Report, festa_of, hand_finding


def positivos_points(
    rules: KingRules, tricks: dict[str, int], beneficiary: str, seller: str | None = None, sold: int = 0
) -> dict[str, int]:
    """Quadro 2: 25 per trick. A sold festa moves `sold` tricks from the seller to the beneficiary;
    a seller short of them scores -25 per missing trick (Art 13)."""
    per = rules.positivos_per_trick
    points = {player: per * made for player, made in tricks.items()}
    if seller is not None:
        points[beneficiary] += per * sold
        points[seller] -= per * sold
    return points


def nulos_points(
    rules: KingRules, tricks: dict[str, int], beneficiary: str, seller: str | None = None, sold: int = 0
) -> dict[str, int]:
    """Quadro 3: 325 - 75 per trick. Accepted tricks count for the seller and against the
    beneficiary's own (0 tricks with 3 accepted: 550)."""
    moved = dict(tricks)
    if seller is not None:
        moved[beneficiary] -= sold
        moved[seller] += sold
    return {player: rules.nulos_bonus - rules.nulos_per_trick * made for player, made in moved.items()}


def four_three_points(rules: KingRules, players: list[str], beneficiary: str) -> dict[str, int]:
    """Art 13: 4 tricks to the beneficiary and 3 to each other player, in positivos, unplayed."""
    per = rules.positivos_per_trick
    return {
        player: per * (rules.four_three_beneficiary_tricks if player == beneficiary else rules.four_three_other_tricks)
        for player in players
    }


def offer_in_positive_tricks(rules: KingRules, tricks: int, contract: str) -> int:
    """Art 11: 1 trick for nulos is worth 3 for positivos."""
    return tricks * rules.nulos_equivalence if contract == "nulos" else tricks


def score_festa(entry: HandEntry, sheet: KingSheet) -> tuple[dict[str, int] | None, list[Finding]]:
    """Points per player for a festa entry (no penalty), and the findings."""
    rules = sheet.rules
    findings: list[Finding] = []
    beneficiary = entry.beneficiary

    def finding(
        message: str | Message, kind: FindingKind, player: str | None = None, severity: Severity = Severity.ERROR
    ):
        owner = festa_of(beneficiary) if beneficiary else "festa"
        findings.append(
            hand_finding(sheet.source, entry.line, entry.index, owner, message, kind.rule, player, code=kind.code)
        )

    if entry.counts is not None:
        finding(M_("a festa is recorded with tricks (or points), not counts"), K.FESTA_COUNTS)
    if beneficiary is None:
        if not entry.findings:
            finding(M_("no beneficiary (the Dono da Festa)"), K.NO_BENEFICIARY)
        return (dict(entry.points) if entry.points else None), findings
    computed = _computed_points(entry, rules, sheet.players, beneficiary, finding)
    if entry.points is None:
        return computed, findings
    _check_written(entry, entry.points, computed, rules, sheet.players, finding)
    return dict(entry.points), findings


def _computed_points(
    entry: HandEntry, rules: KingRules, players: list[str], beneficiary: str, finding: Report
) -> dict[str, int] | None:
    """The festa's points from its contract and tricks (Quadros 2-3, Art 13), None when the sheet
    does not say enough to score it."""
    contract = entry.contract
    if contract is None:
        if entry.points is None and not entry.findings:
            finding(M_("no contract (positivos, nulos or 4-3-3-3)"), K.NO_CONTRACT)
        return None
    if contract == "4-3-3-3":
        _check_four_three(entry, rules, finding)
        return four_three_points(rules, players, beneficiary)
    seller, sold = _accepted_offer(entry, rules, finding)
    tricks = entry.tricks
    if tricks is None:
        if entry.points is None:
            finding(M_("no tricks recorded for {contract}", contract=contract), K.NO_TRICKS)
        return None
    _check_tricks(tricks, rules, finding)  # scored as recorded even when they do not add up
    score = positivos_points if contract == "positivos" else nulos_points
    return score(rules, tricks, beneficiary, seller, sold)


def _check_four_three(entry: HandEntry, rules: KingRules, finding: Report) -> None:
    """Art 13: the 4-3-3-3 is not played, and not allowed after an offer of more than its most."""
    if entry.tricks is not None:
        finding(M_("the 4-3-3-3 is scored without playing; tricks were given"), K.FOUR_THREE_TRICKS)
    offer = entry.offer
    if offer is not None:
        offered = offer_in_positive_tricks(rules, offer.tricks, offer.contract or "positivos")
        if offered > rules.four_three_max_offer:
            finding(
                M_(
                    "the 4-3-3-3 is not allowed after an offer of {offered} positive tricks (more than "
                    "{most}) by {player}",
                    offered=offered,
                    most=rules.four_three_max_offer,
                    player=offer.by,
                ),
                K.FOUR_THREE_OFFER,
                offer.by,
            )


def _check_written(
    entry: HandEntry,
    points: dict[str, int],
    computed: dict[str, int] | None,
    rules: KingRules,
    players: list[str],
    finding: Report,
) -> None:
    """Points written for a festa: each what its contract scores, all of them the festa's total."""
    contract = entry.contract
    if computed is not None:
        for player in players:
            if points[player] != computed[player]:
                value = points[player]
                finding(
                    Mn_(
                        "{player} has {points} point, but the {contract} scores {computed}",
                        "{player} has {points} points, but the {contract} scores {computed}",
                        abs(value),
                        player=player,
                        points=value,
                        contract=contract,
                        computed=computed[player],
                    ),
                    K.NULOS_POINTS if contract == "nulos" else K.POSITIVOS_POINTS,
                    player,
                )
    total = sum(points.values())
    if total != rules.festa_total:
        finding(
            M_("the festa adds up to {total}, not +{festa}", total=total, festa=rules.festa_total),
            K.FESTA_TOTAL,
        )


def _accepted_offer(entry: HandEntry, rules: KingRules, finding: Report) -> tuple[str | None, int]:
    offer = entry.offer
    if offer is None:
        return None, 0
    if offer.by == entry.beneficiary:
        finding(
            M_("the offer is made by {player}, the beneficiary; offers come from the other players", player=offer.by),
            K.OFFER_BY_BENEFICIARY,
            offer.by,
        )
        return None, 0
    if offer.contract is not None and offer.contract != entry.contract:
        finding(
            M_(
                "the accepted offer is of tricks for {offered}, but the festa is played as {contract}",
                offered=offer.contract,
                contract=entry.contract,
            ),
            K.OFFER_MISMATCH,
            offer.by,
        )
        return None, 0
    limit = rules.offer_limit_positivos if entry.contract == "positivos" else rules.offer_limit_nulos
    if not 1 <= offer.tricks <= limit:
        finding(
            Mn_(
                "an offer of {count} trick for {contract}; the limit is 1 to {limit}",
                "an offer of {count} tricks for {contract}; the limit is 1 to {limit}",
                abs(offer.tricks),
                count=offer.tricks,
                contract=entry.contract,
                limit=limit,
            ),
            K.OFFER_LIMIT,
            offer.by,
        )
        if not 1 <= offer.tricks <= rules.tricks:
            return None, 0
    # An offer over the limit is still scored as it was played, next to the error.
    return offer.by, offer.tricks


def _check_tricks(tricks: dict[str, int], rules: KingRules, finding: Report) -> None:
    made = sum(tricks.values())
    if made != rules.tricks:
        finding(
            M_("tricks add up to {made}, not the {tricks} of a hand", made=made, tricks=rules.tricks),
            K.TRICKS_TOTAL,
        )
