"""Every kind of finding a King check reports, with its stable code.

Prefix K; then the article or table of the regulation the finding is reported under (Q1 for
Quadro 1, ART8 ...), when one says it; then what is wrong. A kind whose article depends on the
hand (a penalty: Art 14 for a renuncia, Art 9.1 or 9.2 for cards passed) has none in its code,
and its `rule` is the usual one. The boletim import's own kinds (king.workbook_finding_codes)
are listed here too; scorekeeper/finding_codes.py gathers these.
"""

from __future__ import annotations

from scorekeeper.findings import FindingKind
from scorekeeper.i18n import N_
from scorekeeper.king import workbook_finding_codes

# The game: ten hands, the negative ones first, in the order of Quadro 1 (Art 8).
UNFINISHED = FindingKind("K-UNFINISHED", "Art 8", N_("the game is not complete"))
HAND_UNKNOWN = FindingKind("K-ART8-HAND-UNKNOWN", "Art 8", N_("a hand the rules do not have"))
HAND_TWICE = FindingKind("K-ART8-HAND-TWICE", "Art 8", N_("a negative hand recorded twice"))
NEGATIVE_AFTER_FESTA = FindingKind("K-ART8-NEGATIVE-AFTER-FESTA", "Art 8", N_("a negative hand after the festas began"))
FESTA_EARLY = FindingKind("K-ART8-FESTA-EARLY", "Art 8", N_("a festa before every negative hand was played"))
FESTA_OVER = FindingKind("K-ART8-FESTA-OVER", "Art 8", N_("more festas than a game has"))
FESTA_DETAILS = FindingKind("K-ART8-FESTA-DETAILS", "Art 8", N_("festa details on a negative hand"))
ORDER = FindingKind("K-Q1-ORDER", "Quadro 1", N_("a negative hand played out of the order of Quadro 1"))
GAME_TOTAL = FindingKind(
    "K-GAME-TOTAL", "Regras: A contagem dos pontos", N_("a complete game that does not add up to its total")
)

# Who is asked and who answers for the sheet (Art 6).
PLAYER_UNKNOWN = FindingKind("K-ART6-PLAYER-UNKNOWN", "Art 6", N_("a name that is not a player at the table"))
VALUE_COUNT = FindingKind("K-ART6-VALUE-COUNT", "Art 6", N_("a list of values not one for every player"))
VALUE_MISSING = FindingKind("K-ART6-VALUE-MISSING", "Art 6", N_("a player with no value"))
NO_COUNTS = FindingKind("K-ART6-NO-COUNTS", "Art 6", N_("a negative hand with no counts or points"))
MISSING_CHARGED = FindingKind(
    "K-ART6-MISSING-CHARGED", "Art 6", N_("counts short of the hand's, charged to the responsible scorer")
)

# A negative hand's counts and points (Quadro 1).
COUNT_OVER = FindingKind("K-Q1-COUNT-OVER", "Quadro 1", N_("a hand's count is more than the hand has"))
TOTAL_OVER = FindingKind("K-Q1-TOTAL-OVER", "Quadro 1", N_("a hand's counts add up to more than the hand has"))
TOTAL_SHORT = FindingKind("K-Q1-TOTAL-SHORT", "Quadro 1", N_("a hand's counts add up to less than the hand has"))
POINTS_RANGE = FindingKind("K-Q1-POINTS-RANGE", "Quadro 1", N_("points a negative hand cannot score"))
POINTS_MULTIPLE = FindingKind(
    "K-Q1-POINTS-MULTIPLE", "Quadro 1", N_("points that are not a multiple of the hand's unit")
)
POINTS_COUNTS = FindingKind("K-Q1-POINTS-COUNTS", "Quadro 1", N_("points that are not what the count scores"))
PHASE_TOTAL = FindingKind(
    "K-Q1-PHASE-TOTAL", "Quadro 1", N_("negative hands that do not add up to the negative phase's total")
)

# The festas (Art 9, 2a fase; Art 10-13; Quadros 2 and 3).
FESTA_COUNTS = FindingKind("K-ART9-FESTA-COUNTS", "Art 9", N_("a festa recorded with counts"))
NO_CONTRACT = FindingKind("K-ART9-NO-CONTRACT", "Art 9", N_("a festa with no contract"))
CONTRACT_UNKNOWN = FindingKind("K-ART9-CONTRACT-UNKNOWN", "Art 9", N_("a contract the rules do not have"))
NO_TRICKS = FindingKind("K-ART9-NO-TRICKS", "Art 9", N_("a played festa with no tricks"))
TRUMP_MISSING = FindingKind(
    "K-ART9-TRUMP-MISSING", "Art 9, 2a fase; Regras: Trunfo", N_("a positivos festa with no trump")
)
TRUMP_UNKNOWN = FindingKind("K-ART13-TRUMP-UNKNOWN", "Art 13", N_("a trump the rules do not have"))
TRICKS_TOTAL = FindingKind("K-TRICKS-TOTAL", "Regras: 13 vazas", N_("a festa's tricks that are not a hand's"))
POSITIVOS_POINTS = FindingKind(
    "K-Q2-POINTS", "Quadro 2", N_("a player's points that are not what positivos or the 4-3-3-3 score")
)
NULOS_POINTS = FindingKind("K-Q3-POINTS", "Quadro 3", N_("a player's points that are not what nulos score"))
FESTA_TOTAL = FindingKind(
    "K-FESTA-TOTAL", "Regras: Mãos positivas", N_("a festa that does not add up to a festa's total")
)
NO_BENEFICIARY = FindingKind("K-ART12-NO-BENEFICIARY", "Art 12", N_("a festa with no beneficiary"))
BENEFICIARY_TWICE = FindingKind(
    "K-ART9-BENEFICIARY-TWICE", "Art 9, 2a fase", N_("a player who is the beneficiary of two festas")
)
NEVER_BENEFICIARY = FindingKind(
    "K-ART9-NEVER-BENEFICIARY", "Art 9, 2a fase", N_("a player who was never the beneficiary of a festa")
)
ROTATION = FindingKind("K-ART9-ROTATION", "Art 9, 2a fase", N_("a festa out of deal rotation"))
FOUR_THREE_TRICKS = FindingKind("K-ART13-4333-TRICKS", "Art 13", N_("a 4-3-3-3 recorded with tricks"))
FOUR_THREE_OFFER = FindingKind("K-ART13-4333-OFFER", "Art 13", N_("a 4-3-3-3 after an offer above the one it allows"))

# Offers (Art 10-13).
OFFER_KIND = FindingKind("K-ART10-OFFER-KIND", "Art 10", N_("an offer that is not for positivos or nulos"))
OFFER_LIMIT = FindingKind("K-ART10-OFFER-LIMIT", "Art 10", N_("an offer of more tricks than the limit"))
OFFER_BY_BENEFICIARY = FindingKind(
    "K-ART12-OFFER-BY-BENEFICIARY", "Art 12", N_("an offer made by the festa's beneficiary")
)
OFFER_MISMATCH = FindingKind(
    "K-ART13-OFFER-MISMATCH", "Art 13", N_("an accepted offer of another contract than the one played")
)

# Penalties: renuncia (Art 14), cards passed (Art 9.1 in a negative hand, 9.2 in a festa).
PENALTY_UNKNOWN = FindingKind("K-ART9-PENALTY-UNKNOWN", "Art 9, Art 14", N_("a penalty the rules do not have"))
PENALTY_NO_OFFENDERS = FindingKind(
    "K-ART9-PENALTY-NO-OFFENDERS", "Art 9, Art 14", N_("a penalty that names no player at fault")
)
OFFENDERS_NO_PENALTY = FindingKind(
    "K-ART9-OFFENDERS-NO-PENALTY", "Art 9, Art 14", N_("players at fault named with no penalty")
)
PENALTY_COUNTS = FindingKind("K-PENALTY-COUNTS", "Art 14", N_("a penalised hand recorded with counts or tricks"))
OFFENDER_TWICE = FindingKind("K-PENALTY-OFFENDER-TWICE", "Art 14", N_("a player at fault named twice"))
RENUNCIA_OFFENDERS = FindingKind(
    "K-ART14-RENUNCIA-OFFENDERS", "Art 14", N_("a renuncia with other than one player at fault")
)
PASSED_OFFENDERS = FindingKind(
    "K-ART9-PASSED-OFFENDERS", "Art 9.2", N_("cards passed in a festa with other than one or two players at fault")
)
SPLIT_UNEVEN = FindingKind(
    "K-ART9-SPLIT-UNEVEN", "Art 9.1", N_("cards passed whose total cannot be split equally, with no points")
)
PENALTY_POINTS = FindingKind("K-PENALTY-POINTS", "Art 14", N_("a player's points that are not what the penalty gives"))
NOT_AT_FAULT_POINTS = FindingKind(
    "K-PENALTY-NOT-AT-FAULT", "Art 9.1", N_("points for a player not at fault in a penalised hand")
)
PENALTY_TOTAL = FindingKind("K-PENALTY-TOTAL", "Art 14", N_("a penalised hand that does not add up to its total"))
REPLAY_BENEFICIARY = FindingKind(
    "K-REPLAY-BENEFICIARY", "Art 14", N_("a penalised festa replayed for another beneficiary")
)

KINDS = (
    UNFINISHED,
    HAND_UNKNOWN,
    HAND_TWICE,
    NEGATIVE_AFTER_FESTA,
    FESTA_EARLY,
    FESTA_OVER,
    FESTA_DETAILS,
    ORDER,
    GAME_TOTAL,
    PLAYER_UNKNOWN,
    VALUE_COUNT,
    VALUE_MISSING,
    NO_COUNTS,
    MISSING_CHARGED,
    COUNT_OVER,
    TOTAL_OVER,
    TOTAL_SHORT,
    POINTS_RANGE,
    POINTS_MULTIPLE,
    POINTS_COUNTS,
    PHASE_TOTAL,
    FESTA_COUNTS,
    NO_CONTRACT,
    CONTRACT_UNKNOWN,
    NO_TRICKS,
    TRUMP_MISSING,
    TRUMP_UNKNOWN,
    TRICKS_TOTAL,
    POSITIVOS_POINTS,
    NULOS_POINTS,
    FESTA_TOTAL,
    NO_BENEFICIARY,
    BENEFICIARY_TWICE,
    NEVER_BENEFICIARY,
    ROTATION,
    FOUR_THREE_TRICKS,
    FOUR_THREE_OFFER,
    OFFER_KIND,
    OFFER_LIMIT,
    OFFER_BY_BENEFICIARY,
    OFFER_MISMATCH,
    PENALTY_UNKNOWN,
    PENALTY_NO_OFFENDERS,
    OFFENDERS_NO_PENALTY,
    PENALTY_COUNTS,
    OFFENDER_TWICE,
    RENUNCIA_OFFENDERS,
    PASSED_OFFENDERS,
    SPLIT_UNEVEN,
    PENALTY_POINTS,
    NOT_AT_FAULT_POINTS,
    PENALTY_TOTAL,
    REPLAY_BENEFICIARY,
    *workbook_finding_codes.KINDS,
)
