"""What a Sueca deal is worth (Pontuacao 2-3; RULINGS S1, S2)."""

from __future__ import annotations

from scorekeeper.sueca.rules import SuecaRules


def deal_points(rules: SuecaRules, card_points: dict[str, int], all_tricks: bool) -> dict[str, int]:
    """Points per team: more than 60 card points 1, more than 90 2, every trick 4, 60-60 nothing."""
    awarded = dict.fromkeys(card_points, 0)
    for team, points in card_points.items():
        if all_tricks and points == rules.total:
            awarded[team] = rules.all_tricks
        elif points > rules.big_win_above:
            awarded[team] = rules.big_win
        elif points > rules.win_above:
            awarded[team] = rules.win
    return awarded
