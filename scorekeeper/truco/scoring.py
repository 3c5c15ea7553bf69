"""Reading and scoring a Truco sheet: hands split into games at 12, the mao de onze, the match."""

from __future__ import annotations

from scorekeeper.errors import quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_, N_, Mp_
from scorekeeper.sheet.results import Detail, HandResult, SheetResult, sheet_meta
from scorekeeper.team.sheet import EntryReader, TeamSheet, check_written, other_team, parse_team_sheet
from scorekeeper.truco import finding_codes as C
from scorekeeper.truco.rules import PENALTIES, TrucoRules, void_words

LIST_KEY = "hands"
Hand = tuple[dict[str, int], str, Detail]  # what a hand gives each team, its kind, its detail
HAND = N_("hand")  # what a Truco entry is called: "hand 3: ..." ("mão 3: ...")
HAND_KEYS = ("winner", "value", "raised_by", "mao_de_onze", "team", "penalty", "void", "score", "note")


def parse_sheet(doc, rules: TrucoRules, source: str, rules_ref: str) -> TeamSheet[TrucoRules]:
    return parse_team_sheet(doc, rules, source, rules_ref, LIST_KEY)


class _Match:
    def __init__(self, rules: TrucoRules, teams: list[str]):
        self.rules = rules
        self.score = dict.fromkeys(teams, 0)
        self.games_won = dict.fromkeys(teams, 0)
        self.games: list[dict] = []
        self.winner: str | None = None
        self.ended_at: int | None = None

    def at_eleven(self) -> list[str]:
        return [team for team, points in self.score.items() if points == self.rules.eleven]

    def add(self, awarded: dict[str, int], index: int) -> dict[str, int]:
        """Add a hand's points; a game ends as soon as a team reaches 12 (shown as 12)."""
        for team, points in awarded.items():
            self.score[team] = min(self.rules.target, self.score[team] + points)
        shown = dict(self.score)
        leader = next((t for t, p in self.score.items() if p >= self.rules.target), None)
        if leader is not None:
            self.games_won[leader] += 1
            self.games.append({"winner": leader, "score": shown, "ended_at_hand": index})
            self.score = dict.fromkeys(self.score, 0)
            if self.games_won[leader] >= self.rules.games_to_win:
                self.winner, self.ended_at = leader, index
        return shown


def score_sheet(sheet: TeamSheet[TrucoRules]) -> SheetResult:
    """Score every hand in order and check it; collects every finding."""
    rules = sheet.rules
    teams = sheet.team_names
    match = _Match(rules, teams)
    findings: list[Finding] = []
    hands: list[HandResult] = []
    running: list[dict] = []
    for position, item in enumerate(sheet.entries):
        index = position + 1
        read = EntryReader(sheet, item, index, HAND, HAND_KEYS)
        over = match.winner is not None
        if over:
            read.found(
                C.AFTER_MATCH,
                M_("recorded after {team} won the match at hand {hand}", team=match.winner, hand=match.ended_at),
            )
        game_number = len(match.games) + 1
        start = dict(match.score)
        awarded, kind, detail = _hand(read, sheet, match)
        shown = dict(match.score) if over else match.add(awarded, index)
        # After the match, nothing is scored to agree with; a score above 12 is still impossible.
        check_written(
            read,
            "score",
            shown,
            rules.target,
            M_("a game stops at {target}", target=rules.target),
            M_("the score is {standing}"),
            C.SCORE_OVER.rule,
            compare=not over,
            kinds=(C.SCORE_OVER, C.SCORE_WRONG),
        )
        findings.extend(read.findings)
        hands.append(HandResult(index, read.line, kind, detail, None, None, awarded))
        running.append(
            {
                "game": game_number,
                "start": start,
                "score": shown,
                "games_won": dict(match.games_won),
                "scored": not over,
            }
        )
    findings.sort(key=lambda f: f.line or 0)
    result = SheetResult(
        source=sheet.source,
        rules=rules.name,
        players=teams,
        hands=hands,
        findings=findings,
        complete=match.winner is not None,
        game=sheet.rules.game,
        meta=sheet_meta(sheet),
        totals_override=dict(match.games_won),
    )
    result.extra = {
        "winner": match.winner,
        "teams": {
            team: {"players": sheet.teams[team], "games_won": match.games_won[team], "score": match.score[team]}
            for team in teams
        },
        "games": match.games,
        "running": running,
    }
    return result


def _hand(read: EntryReader, sheet: TeamSheet[TrucoRules], match: _Match) -> Hand:
    """(awarded, kind, detail) for one hand entry, with its findings: a void hand (Art 7), a
    penalty (Art 6, 16), a mao de onze declined (Art 17) or a hand played (Art 13-18)."""
    void = read.word_value("void")
    if void is not None:
        return _void(read, sheet, void)
    penalty_word = read.word_value("penalty")
    if penalty_word is not None:
        return _penalty(read, sheet, match, penalty_word)
    declined = read.word_value("mao_de_onze")
    if declined is not None:
        return _declined(read, sheet, match, declined)
    return _played(read, sheet, match)


def _void(read: EntryReader, sheet: TeamSheet[TrucoRules], void: str) -> Hand:
    """A void hand (Art 7: a misdeal): nobody scores."""
    rules = sheet.rules
    if void not in rules.voids:
        read.found(
            C.VOID_UNKNOWN,
            M_("unknown void {void}; allowed: {allowed}", void=quoted(void), allowed=", ".join(rules.voids)),
            key="void",
        )
    # The rule file's void is a data word; the one it ships (Art 7's misdeal) is said in the
    # language in use.
    return dict.fromkeys(sheet.team_names, 0), "void", void_words(void)


def _penalty(read: EntryReader, sheet: TeamSheet[TrucoRules], match: _Match, penalty_word: str) -> Hand:
    """A penalty against the team at fault: a truco raised at eleven (Art 16) or the dealer who
    looked at the deck (Art 6); the other team scores."""
    rules = sheet.rules
    nothing = dict.fromkeys(sheet.team_names, 0)
    penalty = PENALTIES.get(penalty_word)
    team = read.team("team")
    if penalty is None:
        read.unknown_penalty(C.PENALTY_UNKNOWN, penalty_word, PENALTIES.names)
        return nothing, penalty_word, ""
    if team is None:
        if "team" not in read.item:
            read.found(
                C.PENALTY_NO_TEAM,
                Mp_("truco", "a {penalty} needs the team at fault (team: ...)", penalty=penalty),
                key="team",
            )
        return nothing, penalty, ""
    awarded = dict(nothing)
    other = other_team(sheet, team)
    if penalty == "truco-na-mao-de-onze":
        if match.at_eleven() != [team]:
            read.found(
                C.RAISE_NOT_AT_ELEVEN,
                M_(
                    "{team} is not the only team at {eleven} ({score})",
                    team=team,
                    eleven=rules.eleven,
                    score=_score(match),
                ),
                team,
                key="team",
            )
        awarded[other] = rules.raise_penalty  # Art 16: the other team scores 3
    else:
        awarded[other] = rules.looked_at_deck  # Art 6: the dealer loses the deal and a point
    return awarded, penalty, M_("by {team}", team=team)


def _declined(read: EntryReader, sheet: TeamSheet[TrucoRules], match: _Match, declined: str) -> Hand:
    """A mao de onze declined by the one team at eleven (Art 17): the other team scores 1."""
    rules = sheet.rules
    nothing = dict.fromkeys(sheet.team_names, 0)
    team = read.team("team")
    if declined not in ("declined", "recusada", "recusou"):
        read.found(
            C.ELEVEN_WORD,
            M_("mao_de_onze: expected declined, got {value}", value=quoted(declined)),
            key="mao_de_onze",
        )
    if team is None:
        if "team" not in read.item:
            read.found(C.DECLINE_NO_TEAM, M_("name the team at eleven that declined (team: ...)"), key="team")
        return nothing, "mao de onze", ""
    if match.at_eleven() != [team]:
        read.found(
            C.DECLINE_NOT_AT_ELEVEN,
            M_(
                "only the one team at {eleven} may decline the hand ({score})", eleven=rules.eleven, score=_score(match)
            ),
            team,
            key="team",
        )
    awarded = dict(nothing)
    awarded[other_team(sheet, team)] = rules.declined  # Art 17: declining gives the others 1
    return awarded, "mao de onze", M_("declined by {team}", team=team)


def _played(read: EntryReader, sheet: TeamSheet[TrucoRules], match: _Match) -> Hand:
    """A hand played to its end: its winner scores its value (Art 13), unless a team stands at
    eleven (Art 16-18)."""
    rules = sheet.rules
    winner = read.team("winner")
    if winner is None:
        if "winner" not in read.item:
            read.found(C.NO_WINNER, M_("no winner recorded (winner: TEAM)"), key="winner")
        return dict.fromkeys(sheet.team_names, 0), "hand", ""
    value = read.number("value", read.item.get("value", 1), 1)
    if value not in rules.values:
        read.found(
            C.VALUE,
            M_("a hand is worth {values}, not {value}", values=", ".join(map(str, rules.values)), value=value),
            key="value",
        )
    raised_by = read.team("raised_by")
    detail = f"{winner}" + (f", {value}" if value != 1 else "")
    eleven = match.at_eleven()
    if len(eleven) == 2:
        return _both_at_eleven(read, sheet, winner, value, detail)
    if len(eleven) == 1:
        return _one_at_eleven(read, sheet, eleven[0], winner, value, raised_by, detail)
    awarded = dict.fromkeys(sheet.team_names, 0)
    awarded[winner] = value
    return awarded, "hand", detail


def _both_at_eleven(read: EntryReader, sheet: TeamSheet[TrucoRules], winner: str, value: int, detail: Detail) -> Hand:
    """Both teams at eleven (Art 18): the hand is played blind, for the rule file's value."""
    rules = sheet.rules
    if value != rules.both_at_eleven_value:
        read.found(
            C.BOTH_AT_ELEVEN_VALUE,
            M_(
                "both teams at {eleven}: the hand is worth {worth}, not {value}",
                eleven=rules.eleven,
                worth=rules.both_at_eleven_value,
                value=value,
            ),
            key="value",
        )
    awarded = dict.fromkeys(sheet.team_names, 0)
    awarded[winner] = rules.both_at_eleven_value
    return awarded, "hand", M_("{detail}, both at eleven", detail=detail)


def _one_at_eleven(
    read: EntryReader,
    sheet: TeamSheet[TrucoRules],
    at: str,
    winner: str,
    value: int,
    raised_by: str | None,
    detail: Detail,
) -> Hand:
    """A mao de onze played by the team `at` eleven: it may not raise (Art 16), and if it loses
    the other team scores 3 (Art 17)."""
    rules = sheet.rules
    awarded = dict.fromkeys(sheet.team_names, 0)
    if raised_by == at:
        read.found(
            C.RAISED_AT_ELEVEN,
            M_(
                "{team}, at {eleven}, raised: the other team scores {points}",
                team=at,
                eleven=rules.eleven,
                points=rules.raise_penalty,
            ),
            at,
            key="raised_by",
        )
        awarded[other_team(sheet, at)] = rules.raise_penalty
        return (
            awarded,
            "hand",
            M_("{winner}, {value}, raised by {team} at eleven", winner=winner, value=value, team=at),
        )
    if winner != at:
        # Art 17: the team at eleven played and lost: the other team scores 3.
        if "value" in read.item and value != rules.lost:
            read.found(
                C.LOST_VALUE,
                M_(
                    "{team} played the mao de onze and lost: {winner} scores {points}, not {value}",
                    team=at,
                    winner=winner,
                    points=rules.lost,
                    value=value,
                ),
                winner,
                key="value",
            )
        awarded[winner] = rules.lost
        return awarded, "hand", M_("{winner}, mao de onze lost by {team}", winner=winner, team=at)
    awarded[winner] = value
    return awarded, "hand", M_("{detail}, mao de onze", detail=detail)


def _score(match: _Match) -> str:
    return ", ".join(f"{t} {p}" for t, p in match.score.items())
