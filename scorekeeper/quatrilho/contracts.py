"""The chips of one deal by its contract (Art 18, RULINGS Q4-Q8) and of a fine (Art 20, Q9).

Each function takes the four players of the deal (in seat order) and returns what each of them
receives (+) or pays (-); every amount comes from the rules, and every result adds up to 0."""

from __future__ import annotations

from scorekeeper.quatrilho.rules import QuatrilhoRules


def points_of(rules: QuatrilhoRules, figuras: int) -> int:
    """Art 20.11: each three figuras make a point."""
    return figuras // rules.figuras_per_point


def tricks_hold(rules: QuatrilhoRules, tricks: int, figuras: int) -> bool:
    """Q2: t tricks can hold f figuras only when t = 0 and f = 0, or all tricks and all figuras,
    or in between max(0, 4t - 16) <= f <= min(4t + 11, 35) (four cards a trick, an ace at most
    in each, the last trick's three: the other side's tricks bound it from below)."""
    if tricks == 0:
        return figuras == 0
    if tricks == rules.tricks:
        return figuras == rules.figuras
    if not 0 < tricks < rules.tricks:
        return False
    return max(0, 4 * tricks - 16) <= figuras <= min(4 * tricks + 11, rules.figuras)


def _paid(players: list[str], receiver: str, amount: int, payers: list[str]) -> dict[str, int]:
    """`amount` from each of `payers` to `receiver` (negative: the other way)."""
    chips = dict.fromkeys(players, 0)
    for payer in payers:
        chips[payer] -= amount
        chips[receiver] += amount
    return chips


def _others(players: list[str], *who: str) -> list[str]:
    return [p for p in players if p not in who]


def normal(
    rules: QuatrilhoRules, players: list[str], caller: str, partner: str, figuras: int, tricks: int | None
) -> dict[str, int]:
    """Q4, Art 18.2: s >= 6, caller and partner each receive s from each opponent; s <= 5, each
    opponent receives v = 11 - s from them, the caller paying both shares when s < 3 and each of
    the other three when s < 2; all tricks 22. A caller who called his own card (Art 20.2,
    partner == caller) plays alone against the three."""
    s = points_of(rules, figuras)
    all_tricks, none = tricks == rules.tricks, tricks == 0
    opponents = _others(players, caller, partner)
    if caller == partner:
        if all_tricks or none:
            amount = rules.normal["all_tricks"]
        else:
            amount = s if s >= rules.points_to_win else rules.points - s
        won = all_tricks or (not none and s >= rules.points_to_win)
        return _paid(players, caller, amount if won else -amount, opponents)
    if all_tricks:  # the caller's side took every trick: 22 to each of them from each opponent
        s = rules.normal["all_tricks"]
    if all_tricks or s >= rules.points_to_win:
        chips = dict.fromkeys(players, 0)
        for winner in (caller, partner):
            chips[winner] += s
        for loser in opponents:
            chips[loser] -= s
        return chips
    if none:  # the opponents took every trick: the caller's fault at the all-tricks value, to each of the three
        return _paid(players, caller, -rules.normal["all_tricks"], _others(players, caller))
    v = rules.points - s
    if s < rules.normal["pays_all_below"]:  # "nao faz dois pontos": v to each of the other three
        return _paid(players, caller, -v, _others(players, caller))
    chips = dict.fromkeys(players, 0)
    for opponent in opponents:
        chips[opponent] += v
    if s < rules.normal["pays_both_below"]:  # "nao faz tres pontos": the caller pays both shares
        chips[caller] -= 2 * v
    else:
        chips[caller] -= v
        chips[partner] -= v
    return chips


def solo_natural(
    rules: QuatrilhoRules,
    players: list[str],
    soloist: str,
    figuras: int | None,
    tricks: int | None,
    revoked: bool = False,
) -> dict[str, int]:
    """Q5, Art 18.1: 44 from each of the three (66 with all tricks), or 44 to each (66 with no
    trick). A soloist who revoked (Art 20.12) loses at the lowest amount, 44."""
    amounts = rules.solo_natural
    others = _others(players, soloist)
    if revoked:
        return _paid(players, soloist, -amounts["lost"], others)
    if tricks == rules.tricks:
        return _paid(players, soloist, amounts["all_tricks"], others)
    if tricks == 0:
        return _paid(players, soloist, -amounts["no_tricks"], others)
    # only a soloist who revoked may leave his figuras unwritten (deal.DealReader._solo)
    assert figuras is not None, "a solo natural not revoked is scored from its figuras"
    s = points_of(rules, figuras)
    return _paid(players, soloist, amounts["won"] if s >= rules.points_to_win else -amounts["lost"], others)


def solo_preto(
    rules: QuatrilhoRules,
    players: list[str],
    soloist: str,
    giver: str,
    figuras: int | None,
    tricks: int | None,
    revoked: bool = False,
) -> dict[str, int]:
    """Q6, Art 18.3: v = 10 + the winning side's points; S wins v from each, G paying v - 10; S
    loses v to each, v + 10 to G; all tricks 33 (G 23), no trick 33 (G 43). giver == soloist:
    he held the card he asked for (Art 20.3), there is no G. A soloist who revoked (Art 20.12)
    loses at the lowest amount: v = 10 + 6."""
    amounts = rules.solo_preto
    others = _others(players, soloist)
    if revoked:
        won, v = False, amounts["base"] + rules.points_to_win
    elif tricks == rules.tricks:
        won, v = True, amounts["all_tricks"]
    elif tricks == 0:
        won, v = False, amounts["no_tricks"]
    else:
        # only a soloist who revoked may leave his figuras unwritten (deal.DealReader._solo)
        assert figuras is not None, "a solo preto not revoked is scored from its figuras"
        s = points_of(rules, figuras)
        won = s >= rules.points_to_win
        v = amounts["base"] + (s if won else rules.points - s)
    chips = _paid(players, soloist, v if won else -v, others)
    if giver != soloist:  # "quem da a carta pedida desconta ou aumenta dez fichas": G pays 10 less
        chips[giver] += amounts["giver"]  # when S wins, is paid 10 more when S loses: 10 to G either way
        chips[soloist] -= amounts["giver"]
    return chips


def solo_branco(
    rules: QuatrilhoRules, players: list[str], soloist: str, took_a_trick: bool, revoked: bool = False
) -> dict[str, int]:
    """Q7, Art 18.4: no trick, 10 from each of the three; any trick (or a revoke, Art 20.12),
    15 to each."""
    others = _others(players, soloist)
    if took_a_trick or revoked:
        return _paid(players, soloist, -rules.solo_branco["lost"], others)
    return _paid(players, soloist, rules.solo_branco["won"], others)


def rolar(rules: QuatrilhoRules, figuras: dict[str, int]) -> dict[str, int] | None:
    """Q8, Art 18.5, in this order: 6-6-6-17, the 17 pays 3 to each; 18 figuras or more pays 10 to
    each of the other three; else the two with the most pay 10 each to the two with the fewest.
    None when the second and third have as many figuras (the article does not say who pays)."""
    amounts = rules.rolar
    players = list(figuras)
    ranked = sorted(players, key=lambda p: -figuras[p])
    if tuple(sorted(figuras.values())) == amounts["six_six_six"]:
        return _paid(players, ranked[0], -amounts["six_six_six_pays"], ranked[1:])
    if figuras[ranked[0]] >= amounts["alone_from"]:
        return _paid(players, ranked[0], -amounts["alone_pays"], ranked[1:])
    if figuras[ranked[1]] == figuras[ranked[2]]:
        return None
    chips = dict.fromkeys(players, 0)
    for payer in ranked[:2]:
        chips[payer] -= amounts["pays"]
    for receiver in ranked[2:]:
        chips[receiver] += amounts["pays"]
    return chips


def fine(rules: QuatrilhoRules, players: list[str], name: str, player: str) -> dict[str, int]:
    """Q9, Art 20: the player at fault pays the fine to each of the other three of the deal."""
    return _paid(players, player, -rules.fines[name], _others(players, player))
