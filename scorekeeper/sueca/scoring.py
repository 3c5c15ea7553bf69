"""Reading and scoring a Sueca sheet: every deal, the moca race, and the checks of S1-S4."""
from __future__ import annotations

from scorekeeper.findings import Finding
from scorekeeper.results import HandResult, SheetResult, sheet_meta
from scorekeeper.sueca.deal_points import deal_points
from scorekeeper.sueca.moca import MocaRace
from scorekeeper.sueca.rules import PENALTIES, SuecaRules
from scorekeeper.team_sheet import EntryReader, TeamSheet, check_written, other_team, parse_team_sheet
from scorekeeper.errors import quote
from scorekeeper.report import plural

LIST_KEY = "deals"
DEAL_KEYS = ("points", "all_tricks", "penalty", "team", "reason", "standing", "note")
SCORING = "Pontuacao 2"  # the deal's points: > 60 one, > 90 two, all tricks four, 60-60 none
MOCA = "Pontuacao 4"  # mocas of 4, nothing carried ahead (S3)


def parse_sheet(doc, rules: SuecaRules, source: str, rules_ref: str) -> TeamSheet:
    return parse_team_sheet(doc, rules, source, rules_ref, LIST_KEY)


def score_sheet(sheet: TeamSheet) -> SheetResult:
    """Score every deal in order and check it; collects every finding."""
    rules: SuecaRules = sheet.rules
    teams = sheet.team_names
    race = MocaRace(rules, teams)
    castigos = dict.fromkeys(teams, 0)
    findings: list[Finding] = []
    hands: list[HandResult] = []
    running: list[dict] = []
    won_at: int | None = None
    for position, item in enumerate(sheet.entries):
        index = position + 1
        read = EntryReader(sheet, item, index, "deal", DEAL_KEYS)
        if race.winner is not None:
            read.finding(f"recorded after {race.winner} won the game at deal {won_at}", "Vencedor 1")
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
            check_written(read, "standing", shown, rules.moca_points,
                          f"a moca stops at {rules.moca_points} (nothing is carried ahead)", "the moca stands at", MOCA)
        if lost:
            detail = (detail + "; " if detail else "") + f"{lost} lost beyond the moca"
        findings.extend(read.findings)
        hands.append(HandResult(index, read.line, kind, detail, card_points,
                                rules.total if card_points is not None else None, awarded))
        running.append({"start": start, "standing": shown, "mocas": dict(race.mocas), "scored": scored})
    findings.sort(key=lambda f: f.line or 0)
    result = SheetResult(
        source=sheet.source, rules=rules.name, players=teams, hands=hands, findings=findings,
        complete=race.winner is not None, game="sueca",
        meta=sheet_meta(sheet),
        totals_override=dict(race.mocas),
    )
    result.extra = {
        "winner": race.winner,
        "teams": {team: {"players": sheet.teams[team], "mocas": race.mocas[team],
                         "game_points": race.game_points[team]} for team in teams},
        "running": running,
        "standing_now": dict(race.standing),
    }
    return result


def _deal(read: EntryReader, sheet: TeamSheet, castigos: dict[str, int]):
    """(awarded, kind, detail, card points or None, carries) for one deal entry."""
    rules: SuecaRules = sheet.rules
    teams = sheet.team_names
    nothing = dict.fromkeys(teams, 0)
    penalty_word = read.word_value("penalty")
    card_points = read.per_team("points")
    all_tricks = read.item.get("all_tricks", False)
    if not isinstance(all_tricks, bool):
        read.fail("all_tricks", f"expected true or false, got {quote(all_tricks)}")
    if penalty_word is not None:
        penalty = PENALTIES.get(penalty_word)
        team = read.team("team")
        if penalty is None:
            read.finding(f"unknown penalty {quote(penalty_word)}; allowed: {', '.join(PENALTIES.names)}", "Penalizacoes",
                         key="penalty")
            return nothing, penalty_word, "", None, False
        if team is None:
            if "team" not in read.item:
                read.finding(f"a {penalty} needs the team at fault (team: ...)", "Penalizacoes", key="team")
            return nothing, penalty, "", None, False
        other = other_team(sheet, team)
        awarded = dict(nothing)
        if penalty == "renuncia":
            # S4: the other team scores 4, carried into the next moca; the deal's card points are void.
            awarded[other] = rules.renuncia_points
            return awarded, penalty, f"by {team}", None, rules.renuncia_carries
        if penalty == "ponto":
            reason = read.word_value("reason")
            if reason is None:
                read.finding(f"a one-point penalty names its reason: {', '.join(rules.ponto_reasons)}",
                             "Penalizacoes, 1 ponto", key="reason")
            elif reason not in rules.ponto_reasons:
                read.finding(f"unknown reason {quote(reason)}; allowed: {', '.join(rules.ponto_reasons)}",
                             "Penalizacoes, 1 ponto", key="reason")
            awarded[other] = rules.ponto_points
            return awarded, penalty, f"by {team}" + (f" ({reason})" if reason else ""), None, False
        castigos[team] += 1
        if castigos[team] % rules.castigo_every == 0:  # S4: every second castigo costs a point
            awarded[other] = rules.castigo_points
        return awarded, penalty, f"{team}, number {castigos[team]}", None, False

    if card_points is None:
        if "points" not in read.item:
            read.finding("no card points recorded (points: [NOS, ELES])", "Pontuacao 1")
        return nothing, "deal", "", None, False
    total = sum(card_points.values())
    detail = ""
    for team, points in card_points.items():
        if points > rules.total:
            read.finding(f"{team} has {plural(points, 'card point')}; a deal holds {rules.total}", "O jogo 4", team,
                         key="points")
        elif points in rules.impossible:
            read.finding(f"{team} has {plural(points, 'card point')}; no set of cards is worth "
                         f"{min(points, rules.total - points)}", "O jogo 3", team, key="points")
    if total != rules.total:
        read.finding(f"card points add up to {total}, not {rules.total}", "O jogo 4", key="points")
    if all_tricks:
        detail = "all tricks"
        if max(card_points.values()) != rules.total:
            read.finding(f"all tricks means all {rules.total} card points, but the best team has "
                         f"{max(card_points.values())}", SCORING, key="all_tricks")
    return deal_points(rules, card_points, all_tricks), "deal", detail, card_points, False
