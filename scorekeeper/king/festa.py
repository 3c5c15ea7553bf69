"""Scoring of King's festas: positivos, nulos, the 4-3-3-3 and sold festas (Art 10-13, Quadros 2-3)."""

from __future__ import annotations

from scorekeeper.findings import Finding, FindingKind
from scorekeeper.i18n import _, ngettext
from scorekeeper.king import finding_codes as K
from scorekeeper.king.rules import KingRules
from scorekeeper.king.sheet import HandEntry, KingSheet, festa_of, hand_finding


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


def score_festa(entry: HandEntry, sheet: KingSheet):
    """Points per player for a festa entry (no penalty), and the findings."""
    rules = sheet.rules
    findings: list[Finding] = []
    beneficiary = entry.beneficiary

    def finding(message: str, kind: FindingKind, player=None):
        owner = festa_of(beneficiary) if beneficiary else "festa"
        findings.append(
            hand_finding(sheet.source, entry.line, entry.index, owner, message, kind.rule, player, code=kind.code)
        )

    if entry.counts is not None:
        finding(_("a festa is recorded with tricks (or points), not counts"), K.FESTA_COUNTS)
    if beneficiary is None:
        if not entry.findings:
            finding(_("no beneficiary (the Dono da Festa)"), K.NO_BENEFICIARY)
        return (dict(entry.points) if entry.points else None), findings

    computed = None
    contract, offer = entry.contract, entry.offer
    if contract is None:
        if entry.points is None:
            if not entry.findings:
                finding(_("no contract (positivos, nulos or 4-3-3-3)"), K.NO_CONTRACT)
            return None, findings
    elif contract == "4-3-3-3":
        if entry.tricks is not None:
            finding(_("the 4-3-3-3 is scored without playing; tricks were given"), K.FOUR_THREE_TRICKS)
        if offer is not None:
            offered = offer_in_positive_tricks(rules, offer.tricks, offer.contract or "positivos")
            if offered > rules.four_three_max_offer:
                finding(
                    _(
                        "the 4-3-3-3 is not allowed after an offer of {offered} positive tricks (more than "
                        "{most}) by {player}"
                    ).format(offered=offered, most=rules.four_three_max_offer, player=offer.by),
                    K.FOUR_THREE_OFFER,
                    offer.by,
                )
        computed = four_three_points(rules, sheet.players, beneficiary)
    else:
        seller, sold = _accepted_offer(entry, rules, finding)
        tricks = entry.tricks
        if tricks is None:
            if entry.points is None:
                finding(_("no tricks recorded for {contract}").format(contract=contract), K.NO_TRICKS)
                return None, findings
        else:
            _check_tricks(tricks, rules, finding)  # scored as recorded even when they do not add up
            score = positivos_points if contract == "positivos" else nulos_points
            computed = score(rules, tricks, beneficiary, seller, sold)

    if entry.points is not None:
        if computed is not None:
            for player in sheet.players:
                if entry.points[player] != computed[player]:
                    value = entry.points[player]
                    finding(
                        ngettext(
                            "{player} has {points} point, but the {contract} scores {computed}",
                            "{player} has {points} points, but the {contract} scores {computed}",
                            abs(value),
                        ).format(player=player, points=value, contract=contract, computed=computed[player]),
                        K.NULOS_POINTS if contract == "nulos" else K.POSITIVOS_POINTS,
                        player,
                    )
        total = sum(entry.points.values())
        if total != rules.festa_total:
            finding(
                _("the festa adds up to {total}, not +{festa}").format(total=total, festa=rules.festa_total),
                K.FESTA_TOTAL,
            )
        return dict(entry.points), findings
    return computed, findings


def _accepted_offer(entry: HandEntry, rules: KingRules, finding):
    offer = entry.offer
    if offer is None:
        return None, 0
    if offer.by == entry.beneficiary:
        finding(
            _("the offer is made by {player}, the beneficiary; offers come from the other players").format(
                player=offer.by
            ),
            K.OFFER_BY_BENEFICIARY,
            offer.by,
        )
        return None, 0
    if offer.contract is not None and offer.contract != entry.contract:
        finding(
            _("the accepted offer is of tricks for {offered}, but the festa is played as {contract}").format(
                offered=offer.contract, contract=entry.contract
            ),
            K.OFFER_MISMATCH,
            offer.by,
        )
        return None, 0
    limit = rules.offer_limit_positivos if entry.contract == "positivos" else rules.offer_limit_nulos
    if not 1 <= offer.tricks <= limit:
        finding(
            ngettext(
                "an offer of {count} trick for {contract}; the limit is 1 to {limit}",
                "an offer of {count} tricks for {contract}; the limit is 1 to {limit}",
                abs(offer.tricks),
            ).format(count=offer.tricks, contract=entry.contract, limit=limit),
            K.OFFER_LIMIT,
            offer.by,
        )
        if not 1 <= offer.tricks <= rules.tricks:
            return None, 0
    # An offer over the limit is still scored as it was played, next to the error.
    return offer.by, offer.tricks


def _check_tricks(tricks: dict[str, int], rules: KingRules, finding) -> None:
    made = sum(tricks.values())
    if made != rules.tricks:
        finding(
            _("tricks add up to {made}, not the {tricks} of a hand").format(made=made, tricks=rules.tricks),
            K.TRICKS_TOTAL,
        )
