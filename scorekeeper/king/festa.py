"""Scoring of King's festas: positivos, nulos, the 4-3-3-3 and sold festas (Art 10-13, Quadros 2-3)."""
from __future__ import annotations

from scorekeeper.findings import Finding
from scorekeeper.king.rules import KingRules
from scorekeeper.king.sheet import HandEntry, KingSheet, hand_finding
from scorekeeper.report import plural


def positivos_points(rules: KingRules, tricks: dict[str, int], beneficiary: str,
                     seller: str | None = None, sold: int = 0) -> dict[str, int]:
    """Quadro 2: 25 per trick. A sold festa moves `sold` tricks from the seller to the beneficiary;
    a seller short of them scores -25 per missing trick (Art 13)."""
    per = rules.positivos_per_trick
    points = {player: per * made for player, made in tricks.items()}
    if seller is not None:
        points[beneficiary] += per * sold
        points[seller] -= per * sold
    return points


def nulos_points(rules: KingRules, tricks: dict[str, int], beneficiary: str,
                 seller: str | None = None, sold: int = 0) -> dict[str, int]:
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
    return {player: per * (rules.four_three_beneficiary_tricks if player == beneficiary
                           else rules.four_three_other_tricks) for player in players}


def offer_in_positive_tricks(rules: KingRules, tricks: int, contract: str) -> int:
    """Art 11: 1 trick for nulos is worth 3 for positivos."""
    return tricks * rules.nulos_equivalence if contract == "nulos" else tricks


def score_festa(entry: HandEntry, sheet: KingSheet):
    """Points per player for a festa entry (no penalty), and the findings."""
    rules = sheet.rules
    findings: list[Finding] = []
    beneficiary = entry.beneficiary

    def finding(message, rule, player=None):
        owner = f"{beneficiary}'s festa" if beneficiary else "festa"
        findings.append(hand_finding(sheet.source, entry.line, entry.index, owner, message, rule, player))

    if entry.counts is not None:
        finding("a festa is recorded with tricks (or points), not counts", "Art 9")
    if beneficiary is None:
        if not entry.findings:
            finding("no beneficiary (the Dono da Festa)", "Art 12")
        return (dict(entry.points) if entry.points else None), findings

    computed = None
    contract, offer = entry.contract, entry.offer
    if contract is None:
        if entry.points is None:
            if not entry.findings:
                finding("no contract (positivos, nulos or 4-3-3-3)", "Art 9")
            return None, findings
    elif contract == "4-3-3-3":
        if entry.tricks is not None:
            finding("the 4-3-3-3 is scored without playing; tricks were given", "Art 13")
        if offer is not None:
            offered = offer_in_positive_tricks(rules, offer.tricks, offer.contract or "positivos")
            if offered > rules.four_three_max_offer:
                finding(f"the 4-3-3-3 is not allowed after an offer of {offered} positive tricks "
                        f"(more than {rules.four_three_max_offer}) by {offer.by}", "Art 13", offer.by)
        computed = four_three_points(rules, sheet.players, beneficiary)
    else:
        seller, sold = _accepted_offer(entry, rules, finding)
        tricks = entry.tricks
        if tricks is None:
            if entry.points is None:
                finding(f"no tricks recorded for {contract}", "Art 9")
                return None, findings
        else:
            _check_tricks(tricks, rules, finding)  # scored as recorded even when they do not add up
            score = positivos_points if contract == "positivos" else nulos_points
            computed = score(rules, tricks, beneficiary, seller, sold)

    if entry.points is not None:
        if computed is not None:
            for player in sheet.players:
                if entry.points[player] != computed[player]:
                    finding(f"{player} has {plural(entry.points[player], 'point')}, but the {contract} scores "
                            f"{computed[player]}", "Quadro 2" if contract != "nulos" else "Quadro 3", player)
        total = sum(entry.points.values())
        if total != rules.festa_total:
            finding(f"the festa adds up to {total}, not +{rules.festa_total}", "Regras: Maos positivas")
        return dict(entry.points), findings
    return computed, findings


def _accepted_offer(entry: HandEntry, rules: KingRules, finding):
    offer = entry.offer
    if offer is None:
        return None, 0
    if offer.by == entry.beneficiary:
        finding(f"the offer is made by {offer.by}, the beneficiary; offers come from the other players",
                "Art 12", offer.by)
        return None, 0
    if offer.contract is not None and offer.contract != entry.contract:
        finding(f"the accepted offer is of tricks for {offer.contract}, but the festa is played as {entry.contract}",
                "Art 13", offer.by)
        return None, 0
    limit = rules.offer_limit_positivos if entry.contract == "positivos" else rules.offer_limit_nulos
    if not 1 <= offer.tricks <= limit:
        finding(f"an offer of {plural(offer.tricks, 'trick')} for {entry.contract}; the limit is 1 to {limit}",
                "Art 10", offer.by)
        if not 1 <= offer.tricks <= rules.tricks:
            return None, 0
    # An offer over the limit is still scored as it was played, next to the error.
    return offer.by, offer.tricks


def _check_tricks(tricks: dict[str, int], rules: KingRules, finding) -> None:
    made = sum(tricks.values())
    if made != rules.tricks:
        finding(f"tricks add up to {made}, not the {rules.tricks} of a hand", "Regras: 13 vazas")
