"""The kinds of finding a Sueca sheet can have, each with its stable code (prefix S).

The code names the regulation's section and item as the findings cite them: JOGO (O jogo),
PONT (Pontuacao), VENC (Vencedor), PEN (Penalizacoes); the Regulamento numbers each section
from 1, so a bare ART4 would not say which 4 it is.
"""

from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_

# O jogo 3-4: the card points of a deal.
IMPOSSIBLE_POINTS = FindingKind(
    "S-JOGO3-IMPOSSIBLE", "O jogo 3", N_("a team's card points that no set of cards is worth")
)
POINTS_OVER = FindingKind("S-JOGO4-POINTS-OVER", "O jogo 4", N_("a team's card points are more than a deal holds"))
CARD_TOTAL = FindingKind("S-JOGO4-CARD-TOTAL", "O jogo 4", N_("a deal's card points do not add up to the deck's"))
# Pontuacao 1-4: what a deal gives, the moca race.
NO_POINTS = FindingKind("S-PONT1-NO-POINTS", "Pontuação 1", N_("a deal with no card points and no penalty"))
ALL_TRICKS = FindingKind("S-PONT2-ALL-TRICKS", "Pontuação 2", N_("all tricks claimed without all the card points"))
MOCA_OVER = FindingKind("S-PONT4-MOCA-OVER", "Pontuação 4", N_("a moca written past its 4 points"))
MOCA_DIFFERS = FindingKind(
    "S-PONT4-MOCA-DIFFERS", "Pontuação 4", N_("the moca written on the sheet differs from the one the deals give")
)
# Vencedor 1: three mocas win the game.
AFTER_WIN = FindingKind("S-VENC1-AFTER-WIN", "Vencedor 1", N_("a deal recorded after the game was won"))
UNFINISHED = FindingKind("S-UNFINISHED", "Vencedor 1", N_("the game is not complete"))
# Penalizacoes: renuncia, ponto, castigo.
UNKNOWN_PENALTY = FindingKind("S-PEN-UNKNOWN", "Penalizações", N_("a penalty the regulation does not have"))
PENALTY_NO_TEAM = FindingKind("S-PEN-NO-TEAM", "Penalizações", N_("a penalty without the team at fault"))
NO_REASON = FindingKind("S-PEN-NO-REASON", "Penalizações, 1 ponto", N_("a one-point penalty without its reason"))
UNKNOWN_REASON = FindingKind(
    "S-PEN-UNKNOWN-REASON", "Penalizações, 1 ponto", N_("a one-point penalty for a reason the rules do not list")
)

KINDS = (
    IMPOSSIBLE_POINTS,
    POINTS_OVER,
    CARD_TOTAL,
    NO_POINTS,
    ALL_TRICKS,
    MOCA_OVER,
    MOCA_DIFFERS,
    AFTER_WIN,
    UNFINISHED,
    UNKNOWN_PENALTY,
    PENALTY_NO_TEAM,
    NO_REASON,
    UNKNOWN_REASON,
)
