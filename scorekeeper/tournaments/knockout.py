"""The knockout after a group phase, for any team game: the semi-finals 1st v 4th and 2nd v 3rd
(Sueca Torneio 1b, RULINGS S5/TN3), the final between their winners, and the ties that still
need a deciding game (a negra) before the semi-finals can be drawn."""
from __future__ import annotations

from scorekeeper.errors import ScorekeeperError, quote
from scorekeeper.i18n import _
from scorekeeper.tournaments.model import Match, StandingRow

# What a standings row's decided_by says when nothing separated it from the row below.
NEGRA_NEEDED = "negra needed"
TIED = "tied"
SEMI_FINALISTS = 4  # two semi-finals: 1st v 4th, 2nd v 3rd (Torneio 1b)


def negras_needed(rows: list[StandingRow]) -> list[list[str]]:
    """Each run of rows that criteria a-e left tied at the end of the group phase (decided_by
    "negra needed" joins a row to the one below), as its teams in order."""
    ties: list[list[str]] = []
    joined = False
    for row in rows:
        if joined:
            ties[-1].append(row.name)
        else:
            ties.append([row.name])
        joined = row.decided_by == NEGRA_NEEDED
    return [tie for tie in ties if len(tie) > 1]


def semi_finals(rows: list[StandingRow]) -> list[tuple[str, str]]:
    """The semi-finals from one group's standings: [(1st, 4th), (2nd, 3rd)]. Refused while a tie
    touches the first four places (who plays whom depends on it)."""
    groups = {row.group for row in rows}
    if len(groups) > 1:
        raise ScorekeeperError(_("the semi-finals are drawn from one group's standings, got groups {groups}").format(
            groups=", ".join(quote(g) for g in sorted(groups, key=str))))
    if len(rows) < SEMI_FINALISTS:
        raise ScorekeeperError(_("the semi-finals need {needed} teams, the group has {count}").format(
            needed=SEMI_FINALISTS, count=len(rows)))
    # A tie inside the first four, or between 4th and 5th, leaves a pairing undecided.
    for upper, lower in zip(rows[:SEMI_FINALISTS], rows[1:SEMI_FINALISTS + 1]):
        if upper.decided_by in (NEGRA_NEEDED, TIED) or upper.place == lower.place:
            message = _("the semi-finals wait for a negra: {first} and {second} are tied at place {place}") \
                if upper.decided_by == NEGRA_NEEDED else \
                _("the semi-finals wait for the group phase: {first} and {second} are tied at place {place}")
            raise ScorekeeperError(message.format(first=quote(upper.name), second=quote(lower.name),
                                                  place=upper.place))
    first, second, third, fourth = (row.name for row in rows[:SEMI_FINALISTS])
    return [(first, fourth), (second, third)]


def counted_result(match: Match, results: dict):
    """The SheetResult of a match that counts: its sheet in `results`, complete and without
    errors (a disputed sheet counts once corrected); None until then."""
    result = results.get(match.sheet) if match.sheet is not None else None
    if result is None or not result.complete or not result.valid:
        return None
    return result


def match_winner(match: Match, results: dict) -> str | None:
    """The winner of a match that counts (counted_result); None until then."""
    result = counted_result(match, results)
    return None if result is None else result.extra["winner"]


def final(semi_matches: list[Match], results: dict) -> tuple[str, str] | None:
    """The final: the winner of the first semi-final (1st v 4th) against the winner of the
    second, or None while either semi-final's sheet is missing, incomplete or has errors."""
    if len(semi_matches) != 2:
        raise ScorekeeperError(_("the final follows two semi-finals, got {count} matches").format(
            count=len(semi_matches)))
    winners = [match_winner(match, results) for match in semi_matches]
    if None in winners:
        return None
    return winners[0], winners[1]
