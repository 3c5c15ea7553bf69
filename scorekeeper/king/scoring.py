"""Scoring a whole King sheet: every hand, then the game's order, phase and total checks."""

from __future__ import annotations

from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import M_, N_, Joined, Message
from scorekeeper.king import finding_codes as K
from scorekeeper.king.classification import table_points
from scorekeeper.king.festa import score_festa
from scorekeeper.king.negative_hands import score_negative_hand
from scorekeeper.king.penalties import penalty_points
from scorekeeper.king.sheet import HandEntry, KingSheet, entry_label, hand_finding
from scorekeeper.king.workbook_finding_codes import TOTALS_RULE, TYPED_COLUMN_TOTAL, TYPED_HAND_TOTAL, TYPED_SALDO
from scorekeeper.king.written_totals import TOTALS_KEYS
from scorekeeper.sheet.results import Detail, HandResult, SheetResult, sheet_meta

ROTATION_RULE = K.ROTATION.rule  # Art 9, 2a fase: "Todos os jogadores da mesa, um de cada vez, serao beneficiados"


def describe(entry: HandEntry) -> Detail:
    """A short description of an entry, as data: `show` says it (`in_words`) in its own language."""
    parts: list[str | Message | Joined] = []
    if entry.hand == "festa" and entry.beneficiary:
        parts.append(entry.beneficiary)
    if entry.penalty:
        parts.append(f"{entry.penalty}: {', '.join(entry.offenders)}")
    if entry.contract:
        parts.append(entry.contract)
    if entry.trump:
        parts.append(entry.trump)
    if entry.offer:
        offer = M_("offer {player} {tricks}", player=entry.offer.by, tricks=entry.offer.tricks)
        # the offer's contract follows it, a space apart
        parts.append(Joined((offer, entry.offer.contract), " ") if entry.offer.contract else offer)
    return Joined(tuple(parts)) if parts else ""  # no detail is empty, as `show` tests it


def score_sheet(sheet: KingSheet) -> SheetResult:
    """Score every hand and check the sheet as a whole; collects every finding."""
    rules = sheet.rules
    findings: list[Finding] = []
    hands: list[HandResult] = []
    game = _GameState(sheet, findings)
    # An entry's `hand` is its name as the rules' hand_names resolve it (king/sheet.py), so a
    # negative hand is found by it at once, as rules.negative_hand(entry.name) finds it.
    negatives = {hand.name: hand for hand in rules.negative_hands}

    for entry in sheet.entries:
        findings.extend(entry.findings)
        negative = negatives.get(entry.hand) if entry.hand not in (None, "festa") else None
        if negative is not None:
            if entry.penalty:
                points, found = penalty_points(entry, sheet, negative)
            else:
                points, found = score_negative_hand(entry, negative, sheet)
            expected = -negative.total
            game.negative(entry, negative.name)
        elif entry.hand == "festa":
            if entry.penalty:
                points, found = penalty_points(entry, sheet, None)
                expected = 0
            else:
                points, found = score_festa(entry, sheet)
                expected = rules.festa_total
            game.festa(entry)
        else:
            points, found, expected = (dict(entry.points) if entry.points else None), [], None
        findings.extend(found)
        hands.append(HandResult(entry.index, entry.line, entry.hand or entry.name, describe(entry), points, expected))

    complete = game.finish(hands)
    if sheet.totals is not None:
        findings.extend(sheet.totals.findings)  # a name in `totals:` that is not a player
    findings.extend(written_total_findings(sheet, hands))  # the totals written, checked
    findings.sort(key=lambda f: f.line or 0)  # stable: in sheet order, each hand's in the order found
    result = SheetResult(
        source=sheet.source,
        rules=rules.name,
        players=list(sheet.players),
        hands=hands,
        findings=findings,
        complete=complete,
        game=sheet.rules.game,
        meta=sheet_meta(sheet),
    )
    if complete:
        result.places = table_points(result.totals, rules.places)
    return result


class _GameState:
    """Follows the sheet hand by hand for the checks that span hands."""

    def __init__(self, sheet: KingSheet, findings: list[Finding]):
        self.sheet, self.rules, self.findings = sheet, sheet.rules, findings
        self.order = {hand.name: position for position, hand in enumerate(self.rules.negative_hands)}
        self.seen: dict[str, int] = {}  # negative hand -> index of its entry
        self.beneficiaries: dict[str, int] = {}  # beneficiary -> index of their festa
        self.festas = 0
        self.last_beneficiary: str | None = None
        self.pending_replay: HandEntry | None = None
        self.festa_started = False
        self.early_festa_reported = False

    def error(
        self,
        entry: HandEntry,
        message: str | Message,
        kind: FindingKind,
        player=None,
        severity=Severity.ERROR,
        rule: str | None = None,
    ):
        """A finding of `kind` about `entry`, under the kind's article unless `rule` says another."""
        self.findings.append(
            hand_finding(
                self.sheet.source,
                entry.line,
                entry.index,
                entry_label(entry),
                message,
                rule or kind.rule,
                player,
                severity,
                code=kind.code,
            )
        )

    def negative(self, entry: HandEntry, name: str) -> None:
        if name in self.seen:
            self.error(
                entry,
                M_("{hand} was already recorded at hand {index}", hand=name, index=self.seen[name]),
                K.HAND_TWICE,
            )
            return
        if self.festa_started:
            self.error(entry, M_("a negative hand after the festas began"), K.NEGATIVE_AFTER_FESTA)
        later = [other for other in self.seen if self.order[other] > self.order[name]]
        if later:
            self.error(
                entry,
                M_("played after {later}; Quadro 1 plays {hand} before it", later=later[0], hand=name),
                K.ORDER,
                severity=Severity.WARNING,
            )
        self.seen[name] = entry.index

    def festa(self, entry: HandEntry) -> None:
        rules = self.rules
        self.festa_started = True
        if len(self.seen) < len(rules.negative_hands) and not self.early_festa_reported:
            self.early_festa_reported = True
            missing = [h.name for h in rules.negative_hands if h.name not in self.seen]
            self.error(
                entry,
                M_("a festa before all negative hands were played (missing: {hands})", hands=", ".join(missing)),
                K.FESTA_EARLY,
            )
        beneficiary = entry.beneficiary
        if self.pending_replay is not None:
            replayed = self.pending_replay.beneficiary
            if beneficiary is not None and replayed is not None and beneficiary != replayed:
                penalty = self.pending_replay.penalty
                self.error(
                    entry,
                    M_(
                        "{replayed}'s festa was penalised at hand {index} and is replayed next, but this "
                        "festa is {player}'s",
                        replayed=replayed,
                        index=self.pending_replay.index,
                        player=beneficiary,
                    ),
                    K.REPLAY_BENEFICIARY,
                    beneficiary,
                    rule="Art 14" if penalty == "renuncia" else "Art 9.2",
                )
            self.pending_replay = None
        if entry.penalty:
            self.pending_replay = entry
            return
        self.festas += 1
        if self.festas > rules.festa_count:
            self.error(
                entry,
                M_("festa number {number}; a game has {count}", number=self.festas, count=rules.festa_count),
                K.FESTA_OVER,
            )
        if beneficiary is None:
            return
        if beneficiary in self.beneficiaries:
            self.error(
                entry,
                M_(
                    "{player} was already the beneficiary at hand {index}; each player is beneficiary once",
                    player=beneficiary,
                    index=self.beneficiaries[beneficiary],
                ),
                K.BENEFICIARY_TWICE,
                beneficiary,
            )
        else:
            self.beneficiaries[beneficiary] = entry.index
        players = self.sheet.players
        if self.last_beneficiary is not None:
            following = players[(players.index(self.last_beneficiary) + 1) % len(players)]
            if beneficiary != following:
                self.error(
                    entry,
                    M_(
                        "{player}'s festa follows {last}'s; in deal rotation it is {next}'s turn",
                        player=beneficiary,
                        last=self.last_beneficiary,
                        next=following,
                    ),
                    K.ROTATION,
                    beneficiary,
                    Severity.WARNING,
                )
        self.last_beneficiary = beneficiary

    def finish(self, hands: list[HandResult]) -> bool:
        rules = self.rules
        complete = (
            len(self.seen) == len(rules.negative_hands)
            and self.festas >= rules.festa_count
            and self.pending_replay is None
        )
        last = self.sheet.entries[-1] if self.sheet.entries else None
        negatives = [h for h in hands if h.hand in self.order]
        phase_off = False
        if len(self.seen) == len(rules.negative_hands) and all(h.points is not None for h in negatives):
            phase = sum(h.total or 0 for h in negatives)  # every one known (above)
            if phase != rules.negative_phase_total:
                phase_off = True
                last_negative = self.sheet.entries[negatives[-1].index - 1]
                self.error(
                    last_negative,
                    M_(
                        "the negative hands add up to {total}, not {expected}",
                        total=phase,
                        expected=rules.negative_phase_total,
                    ),
                    K.PHASE_TOTAL,
                )
        if complete and last is not None:  # a complete game has hands
            for player in self.sheet.players:
                if player not in self.beneficiaries:
                    self.error(
                        last,
                        M_("{player} was never the beneficiary of a festa", player=player),
                        K.NEVER_BENEFICIARY,
                        player,
                    )
            if not phase_off and all(h.points is not None for h in hands):
                total = sum(h.total or 0 for h in hands)  # every one known (above)
                if total != rules.game_total:
                    self.error(
                        last,
                        M_("the game adds up to {total}, not {expected}", total=total, expected=rules.game_total),
                        K.GAME_TOTAL,
                    )
        return complete


def written_total_findings(sheet, hands) -> list[Finding]:
    """Every written total (king/written_totals.py reads them) that is not what the hands' points
    add up to."""
    found = []
    for entry, hand in zip(sheet.entries, hands):  # noqa: B905 (py39: zip has no strict)
        if entry.total is not None and hand.total is not None and entry.total != hand.total:
            found.append(
                hand_finding(
                    sheet.source,
                    entry.total_line,
                    entry.index,
                    entry_label(entry),
                    M_(
                        "the total written here is {typed}, but the hand's points add up to {total}",
                        typed=entry.total,
                        total=hand.total,
                    ),
                    TOTALS_RULE,
                    code=TYPED_HAND_TOTAL.code,
                )
            )
    written = sheet.totals
    if written is None or not written.values:
        return found
    negatives = dict.fromkeys(sheet.players, 0)
    positives = dict.fromkeys(sheet.players, 0)
    for hand in hands:
        for player, value in (hand.points or {}).items():
            negatives[player] += max(0, -value)
            positives[player] += max(0, value)
    expected = {
        "negativos": negatives,
        "positivos": positives,
        "saldo": {p: positives[p] - negatives[p] for p in sheet.players},
    }
    messages = {
        "negativos": (
            N_("{player}'s Negativos total written here is {typed}, but the hands' Negativos add up to {expected}"),
            TYPED_COLUMN_TOTAL,
        ),
        "positivos": (
            N_("{player}'s Positivos total written here is {typed}, but the hands' Positivos add up to {expected}"),
            TYPED_COLUMN_TOTAL,
        ),
        "saldo": (N_("{player}'s saldo written here is {typed}, but Positivos - Negativos is {expected}"), TYPED_SALDO),
    }
    for key in TOTALS_KEYS:
        message, kind = messages[key]
        for player, (typed, line) in written.values.get(key, {}).items():
            if typed != expected[key][player]:
                found.append(
                    Finding(
                        Severity.ERROR,
                        sheet.source,
                        line,
                        M_(message, player=player, typed=typed, expected=expected[key][player]),
                        kind.rule,
                        None,
                        player,
                        code=kind.code,
                    )
                )
    return found
