"""Every kind of finding a Quatrilho check reports (scoring.py, deal.py), with its stable code.

A code names the article the finding is reported under (ART11 ... ART20: Art 20.11's counting
is ART20) and what is wrong; `rule` is that article as the finding prints it. A kind whose
article depends on the entry (an unknown key: the article of a late, an out, a rebuy, a fine or
a contract) names none in its code, and its `rule` is the usual one. KINDS ends with the
planilha's own (workbook_finding_codes.py); scorekeeper/finding_codes.py gathers them all."""

from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_
from scorekeeper.quatrilho import workbook_finding_codes

# The round: its length, the seats, late, out and the talha (Art 10-16, 19; Q1, Q10).
UNFINISHED = FindingKind("Q-UNFINISHED", "Art 10", N_("the game is not complete"))
ROUND_LENGTH = FindingKind(
    "Q-ART11-ROUND-LENGTH", "Art 11", N_("round_deals is outside 1 to the deals of a whole round")
)
DEAL_BEYOND_ROUND = FindingKind("Q-DEAL-BEYOND-ROUND", "Art 10", N_("a deal after the round's last deal"))
ENTRY_NOT_MAPPING = FindingKind("Q-ART17-ENTRY-NOT-MAPPING", "Art 17", N_("an entry that is not a mapping"))
ENTRY_KIND_MISSING = FindingKind(
    "Q-ART17-ENTRY-KIND-MISSING", "Art 17", N_("an entry that says neither contract, fine, late, out nor rebuy")
)
ENTRY_KINDS_TWO = FindingKind("Q-ART17-ENTRY-TWO-KINDS", "Art 17", N_("an entry that says two things it is"))
UNKNOWN_KEY = FindingKind("Q-UNKNOWN-KEY", "Art 17", N_("an entry has a key its kind does not read"))
NOT_AT_TABLE = FindingKind("Q-ART14-NOT-AT-TABLE", "Art 14", N_("a name that is not playing at the table"))
NAME_EXPECTED = FindingKind("Q-ART14-NAME-EXPECTED", "Art 14", N_("a player's name is not a name"))
DEALER_PLAYS = FindingKind("Q-ART14-DEALER-PLAYS", "Art 14", N_("the dealer of a table of five plays the deal"))
PLAYER_OUT = FindingKind("Q-PLAYER-OUT", "Art 15", N_("a player out of the round is named"))
NO_SEAT = FindingKind("Q-NO-SEAT", "Art 15", N_("a player who holds no seat leaves or buys a talha"))
CORINGA_NAME = FindingKind("Q-ART15-CORINGA-NAME", "Art 15", N_("a coringa's name is not a name"))
CORINGA_SEATED = FindingKind("Q-ART15-CORINGA-SEATED", "Art 15", N_("the coringa already holds another seat"))
CORINGA_NEEDED = FindingKind("Q-ART19-CORINGA-NEEDED", "Art 19", N_("a player leaves a table of four with no coringa"))
LATE_AFTER_DEAL = FindingKind("Q-ART12-LATE-AFTER-DEAL", "Art 12", N_("a late arrival recorded after a deal"))
SECOND_TALHA = FindingKind("Q-ART19-SECOND-TALHA", "Art 19", N_("a second talha in the round"))
TALHA_NOT_NEEDED = FindingKind("Q-ART15-TALHA-NOT-NEEDED", "Art 15", N_("a talha bought at zero chips or more"))
BELOW_ZERO = FindingKind("Q-ART15-BELOW-ZERO", "Art 15", N_("a player below zero plays on without a talha"))
BELOW_ZERO_AFTER_TALHA = FindingKind(
    "Q-ART19-BELOW-ZERO-AFTER-TALHA", "Art 19", N_("a player below zero after his talha plays on")
)
TOO_FEW_SEATS = FindingKind("Q-ART19-TOO-FEW-SEATS", "Art 19", N_("a deal at a table of fewer than four"))
MODEL_SUM = FindingKind("Q-ART18-DEAL-SUM", "Art 18", N_("a deal's computed chips do not add up to 0"))

# One deal: its contract, its names, figuras and tricks, its fines, its chips (Art 17-20; Q2-Q9).
CONTRACT_UNKNOWN = FindingKind("Q-ART17-CONTRACT-UNKNOWN", "Art 17", N_("a contract Art 17 does not know"))
KEY_MISSING = FindingKind("Q-KEY-MISSING", "Art 18", N_("a deal does not write what its contract needs"))
KEY_NOT_USED = FindingKind("Q-ART18-KEY-NOT-USED", "Art 18", N_("a deal writes a key its contract does not use"))
NOT_WHOLE = FindingKind("Q-ART20-NOT-WHOLE", "Art 20.11", N_("figuras or tricks that are not a whole number"))
OUT_OF_RANGE = FindingKind("Q-ART20-OUT-OF-RANGE", "Art 20.11", N_("figuras or tricks outside what a deal has"))
FIGURAS_SHAPE = FindingKind(
    "Q-ART18-FIGURAS-SHAPE", "Art 18", N_("figuras of one side in a rolar, or one per player in another contract")
)
FIGURAS_MISSING = FindingKind("Q-ART20-FIGURAS-MISSING", "Art 20.11", N_("a rolar without a player's figuras"))
FIGURAS_TOTAL = FindingKind("Q-ART20-FIGURAS-TOTAL", "Art 20.11", N_("a rolar's figuras do not add up to 35"))
TRICKS_FIGURAS = FindingKind("Q-ART20-TRICKS-FIGURAS", "Art 20.11", N_("the tricks cannot hold the figuras"))
BRANCO_TRICKS = FindingKind("Q-ART18-BRANCO-TRICKS", "Art 18.4", N_("a solo branco without the soloist's tricks"))
ROLAR_TIE = FindingKind(
    "Q-ART18-ROLAR-TIE", "Art 18.5", N_("a rolar whose second and third tie, with no chips written")
)
ROLAR_TIE_WRITTEN = FindingKind(
    "Q-ART18-ROLAR-TIE-WRITTEN", "Art 18.5", N_("a rolar whose second and third tie: the chips written are scored")
)
FINE_UNKNOWN = FindingKind("Q-ART20-FINE-UNKNOWN", "Art 20", N_("a fine Art 20 does not know"))
LOOK_DOES_NOT_END = FindingKind(
    "Q-ART20-LOOK-DOES-NOT-END", "Art 20.15", N_("olhar-vazas written as an entry that ends the deal")
)
FINES_SHAPE = FindingKind("Q-ART20-FINES-SHAPE", "Art 20", N_("a deal's fines are not a list of fine and player"))
FINES_MANY = FindingKind("Q-ART20-FINES-MANY", "Art 20", N_("a deal with more fines than a deal holds"))
SOLOIST_OUT_OF_TURN = FindingKind(
    "Q-ART20-SOLOIST-OUT-OF-TURN", "Art 20.8", N_("a fine for a soloist who led out of turn")
)
FINE_ENDS_DEAL = FindingKind(
    "Q-ART20-FINE-ENDS-DEAL", "Art 20", N_("a fine that ends the deal written under a contract")
)
CHIPS_SHAPE = FindingKind(
    "Q-ART18-CHIPS-SHAPE", "Art 18", N_("the chips written are not a name and a whole number each")
)
CHIPS_NAME = FindingKind("Q-ART18-CHIPS-NAME", "Art 18", N_("the chips written name someone not playing the deal"))
CHIPS_SUM = FindingKind("Q-ART18-CHIPS-SUM", "Art 18", N_("the chips written do not add up to 0"))
CHIPS_DIFFER = FindingKind("Q-ART18-CHIPS-DIFFER", "Art 18", N_("the chips written are not the deal's"))

KINDS = (
    UNFINISHED,
    ROUND_LENGTH,
    DEAL_BEYOND_ROUND,
    ENTRY_NOT_MAPPING,
    ENTRY_KIND_MISSING,
    ENTRY_KINDS_TWO,
    UNKNOWN_KEY,
    NOT_AT_TABLE,
    NAME_EXPECTED,
    DEALER_PLAYS,
    PLAYER_OUT,
    NO_SEAT,
    CORINGA_NAME,
    CORINGA_SEATED,
    CORINGA_NEEDED,
    LATE_AFTER_DEAL,
    SECOND_TALHA,
    TALHA_NOT_NEEDED,
    BELOW_ZERO,
    BELOW_ZERO_AFTER_TALHA,
    TOO_FEW_SEATS,
    MODEL_SUM,
    CONTRACT_UNKNOWN,
    KEY_MISSING,
    KEY_NOT_USED,
    NOT_WHOLE,
    OUT_OF_RANGE,
    FIGURAS_SHAPE,
    FIGURAS_MISSING,
    FIGURAS_TOTAL,
    TRICKS_FIGURAS,
    BRANCO_TRICKS,
    ROLAR_TIE,
    ROLAR_TIE_WRITTEN,
    FINE_UNKNOWN,
    LOOK_DOES_NOT_END,
    FINES_SHAPE,
    FINES_MANY,
    SOLOIST_OUT_OF_TURN,
    FINE_ENDS_DEAL,
    CHIPS_SHAPE,
    CHIPS_NAME,
    CHIPS_SUM,
    CHIPS_DIFFER,
    *workbook_finding_codes.KINDS,  # the planilha's reading (workbook_read.py)
)
