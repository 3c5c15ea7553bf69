"""Reading and scoring a Sueca sheet: every deal, the moca race, and the checks of S1-S4."""

from __future__ import annotations

from scorekeeper.errors import quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_, N_, Joined, Message, Mn_
from scorekeeper.sheet.results import Detail, HandResult, SheetResult, sheet_meta
from scorekeeper.sueca import finding_codes as codes
from scorekeeper.sueca.deal_points import deal_points
from scorekeeper.sueca.moca import MocaRace
from scorekeeper.sueca.rules import PENALTIES, SuecaRules
from scorekeeper.team.sheet import EntryReader, TeamSheet, check_written, other_team, parse_team_sheet

LIST_KEY = "deals"
DEAL_KEYS = ("points", "all_tricks", "penalty", "team", "reason", "standing", "note")
# What a deal gives: (points per team, its kind, its detail, card points or None, whether points
# beyond the moca carry into the next).
Deal = tuple[dict[str, int], str, Detail, "dict[str, int] | None", bool]
DEAL = N_("deal")  # what a Sueca entry is called: "deal 3: ..." (the Regulamento's "partida")


def parse_sheet(doc, rules: SuecaRules, source: str, rules_ref: str) -> TeamSheet[SuecaRules]:
    return parse_team_sheet(doc, rules, source, rules_ref, LIST_KEY)


def score_sheet(sheet: TeamSheet[SuecaRules]) -> SheetResult:
    """Score every deal in order and check it; collects every finding."""
    rules = sheet.rules
    teams = sheet.team_names
    race = MocaRace(rules, teams)
    castigos = dict.fromkeys(teams, 0)
    findings: list[Finding] = []
    hands: list[HandResult] = []
    running: list[dict] = []
    won_at: int | None = None
    for position, item in enumerate(sheet.entries):
        index = position + 1
        read = EntryReader(sheet, item, index, DEAL, DEAL_KEYS)
        if race.winner is not None:
            read.found(
                codes.AFTER_WIN,
                M_("recorded after {team} won the game at deal {number}", team=race.winner, number=won_at),
            )
        awarded, kind, detail, card_points, carries = _deal(read, sheet, castigos)
        lost = 0
        start = dict(race.standing)
        shown = dict(race.standing)
        scored = race.winner is None
        if scored:
            for team, points in awarded.items():
                if points:
                    shown, lost_now = race.award(team, points, carries)
                    lost += lost_now
            if race.winner is not None:
                won_at = index
        if scored:
            check_written(
                read,
                "standing",
                shown,
                rules.moca_points,
                M_("a moca stops at {points} (nothing is carried ahead)", points=rules.moca_points),
                M_("the moca stands at {standing}"),
                codes.MOCA_OVER.rule,
                kinds=(codes.MOCA_OVER, codes.MOCA_DIFFERS),
            )
        if lost:
            beyond = Mn_("{count} lost beyond the moca", "{count} lost beyond the moca", lost, count=lost)
            detail = Joined((detail, beyond), "; ") if detail else beyond
        findings.extend(read.findings)
        hands.append(
            HandResult(
                index, read.line, kind, detail, card_points, rules.total if card_points is not None else None, awarded
            )
        )
        running.append({"start": start, "standing": shown, "mocas": dict(race.mocas), "scored": scored})
    findings.sort(key=lambda f: f.line or 0)
    result = SheetResult(
        source=sheet.source,
        rules=rules.name,
        players=teams,
        hands=hands,
        findings=findings,
        complete=race.winner is not None,
        game=rules.game,
        meta=sheet_meta(sheet),
        totals_override=dict(race.mocas),
    )
    result.extra = {
        "winner": race.winner,
        "teams": {
            team: {"players": sheet.teams[team], "mocas": race.mocas[team], "game_points": race.game_points[team]}
            for team in teams
        },
        "running": running,
        "standing_now": dict(race.standing),
    }
    return result


def _deal(read: EntryReader, sheet: TeamSheet[SuecaRules], castigos: dict[str, int]) -> Deal:
    """(awarded, kind, detail, card points or None, carries) for one deal entry: a penalty
    (Penalizações) or a deal of the cards (Pontuação 2-3)."""
    penalty_word = read.word_value("penalty")
    card_points = read.per_team("points")
    all_tricks = read.item.get("all_tricks", False)
    if not isinstance(all_tricks, bool):
        read.fail(key="all_tricks", message=M_("expected true or false, got {value}", value=quoted(all_tricks)))
    if penalty_word is not None:
        return _penalty(read, sheet, castigos, penalty_word)
    return _cards(read, sheet.rules, card_points, all_tricks)


def _penalty(read: EntryReader, sheet: TeamSheet[SuecaRules], castigos: dict[str, int], penalty_word: str) -> Deal:
    """A penalty entry (Penalizações, S4): what the team not at fault scores."""
    rules = sheet.rules
    nothing = dict.fromkeys(sheet.team_names, 0)
    penalty = PENALTIES.get(penalty_word)
    team = read.team("team")
    if penalty is None:
        read.unknown_penalty(codes.UNKNOWN_PENALTY, penalty_word, PENALTIES.names)
        return nothing, penalty_word, "", None, False
    if team is None:
        if "team" not in read.item:
            read.found(
                codes.PENALTY_NO_TEAM,
                M_("a {penalty} needs the team at fault (team: ...)", penalty=penalty),
                key="team",
            )
        return nothing, penalty, "", None, False
    other = other_team(sheet, team)
    awarded = dict(nothing)
    if penalty == "renuncia":
        # S4: the other team scores 4, carried into the next moca; the deal's card points are void.
        awarded[other] = rules.renuncia_points
        return awarded, penalty, M_("by {team}", team=team), None, rules.renuncia_carries
    if penalty == "ponto":
        awarded[other] = rules.ponto_points
        return awarded, penalty, _ponto_detail(read, rules, team), None, False
    castigos[team] += 1
    if castigos[team] % rules.castigo_every == 0:  # S4: every second castigo costs a point
        awarded[other] = rules.castigo_points
    return awarded, penalty, M_("{team}, number {number}", team=team, number=castigos[team]), None, False


def _ponto_detail(read: EntryReader, rules: SuecaRules, team: str) -> Message:
    """A one-point penalty's reason, one the rule file lists (Penalizações, "perde 1 ponto se"),
    and the detail that names it."""
    reason = read.word_value("reason")
    if reason is None:
        read.found(
            codes.NO_REASON,
            M_("a one-point penalty names its reason: {reasons}", reasons=", ".join(rules.ponto_reasons)),
            key="reason",
        )
    elif reason not in rules.ponto_reasons:
        read.found(
            codes.UNKNOWN_REASON,
            M_(
                "unknown reason {reason}; allowed: {allowed}",
                reason=quoted(reason),
                allowed=", ".join(rules.ponto_reasons),
            ),
            key="reason",
        )
    return M_("by {team} ({reason})", team=team, reason=reason) if reason else M_("by {team}", team=team)


def _cards(read: EntryReader, rules: SuecaRules, card_points: dict[str, int] | None, all_tricks: bool) -> Deal:
    """A deal of the cards: each team's card points (O jogo 4: they add up to 120) and what they
    give (Pontuação 2-3)."""
    nothing = dict.fromkeys(read.sheet.team_names, 0)
    if card_points is None:
        if "points" not in read.item:
            read.found(codes.NO_POINTS, M_("no card points recorded (points: [NOS, ELES])"))
        return nothing, "deal", "", None, False
    _check_card_points(read, rules, card_points)
    detail: Detail = ""
    if all_tricks:
        detail = M_("all tricks")
        if max(card_points.values()) != rules.total:
            read.found(
                codes.ALL_TRICKS,
                M_(
                    "all tricks means all {total} card points, but the best team has {best}",
                    total=rules.total,
                    best=max(card_points.values()),
                ),
                key="all_tricks",
            )
    return deal_points(rules, card_points, all_tricks), "deal", detail, card_points, False


def _check_card_points(read: EntryReader, rules: SuecaRules, card_points: dict[str, int]) -> None:
    """S1: no team has more card points than a deal holds, or a number no set of cards is worth;
    together they are the deal's (O jogo 4)."""
    for team, points in card_points.items():
        if points > rules.total:
            read.found(
                codes.POINTS_OVER,
                Mn_(
                    "{team} has {count} card point; a deal holds {total}",
                    "{team} has {count} card points; a deal holds {total}",
                    points,
                    team=team,
                    count=points,
                    total=rules.total,
                ),
                team,
                key="points",
            )
        elif points in rules.impossible:
            read.found(
                codes.IMPOSSIBLE_POINTS,
                Mn_(
                    "{team} has {count} card point; no set of cards is worth {worth}",
                    "{team} has {count} card points; no set of cards is worth {worth}",
                    points,
                    team=team,
                    count=points,
                    worth=min(points, rules.total - points),
                ),
                team,
                key="points",
            )
    total = sum(card_points.values())
    if total != rules.total:
        read.found(
            codes.CARD_TOTAL,
            M_("card points add up to {sum}, not {total}", sum=total, total=rules.total),
            key="points",
        )
