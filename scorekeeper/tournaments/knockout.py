"""The knockout after a group phase, for any team game (Sueca Torneio 1b, 3; RULINGS S5, TN3,
TN5): the semi-finals from one, two or four groups, the final between their winners, the ties
that still need a deciding game (a negra) before the semi-finals can be drawn, and the final
standings once the final is won."""

from __future__ import annotations

import dataclasses

from scorekeeper.errors import InputValueError, ScorekeeperError, one_line, quoted
from scorekeeper.i18n import M_, N_, Joined
from scorekeeper.tournaments.model import Match, StandingRow, Tournament

# What a standings row's decided_by says when nothing separated it from the row below.
NEGRA_NEEDED = "negra needed"
TIED = "tied"
SEMI_FINALISTS = 4  # two semi-finals: 1st v 4th, 2nd v 3rd (Torneio 1b)
GROUP_STAGE, SEMI_STAGE, FINAL_STAGE = "group", "semi", "final"
# What decided_by says between the rows of the final standings (TN5), kept in English by JSON.
BY_FINAL = N_("won the final")
BY_REACHING_FINAL = N_("reached the final")
BY_REACHING_SEMIS = N_("reached the semi-finals")
BY_GROUP = N_("by group")  # the last of one group above the next group's first (TN5)


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


def by_group(rows: list[StandingRow]) -> dict[str | None, list[StandingRow]]:
    """The standings' rows of each group, in the standings' order (the file's order of groups)."""
    groups: dict[str | None, list[StandingRow]] = {}
    for row in rows:
        groups.setdefault(row.group, []).append(row)
    return groups


def _decided(rows: list[StandingRow], places: int, source: str | None) -> None:
    """Refuse while a tie touches the first `places` rows of a group, or the last of them and
    the next: who plays whom depends on it."""
    for place in range(min(places, len(rows) - 1)):  # each of the first rows against the one below it
        upper, lower = rows[place], rows[place + 1]
        if upper.decided_by in (NEGRA_NEEDED, TIED) or upper.place == lower.place:
            tied = {"first": quoted(upper.name), "second": quoted(lower.name), "place": upper.place}
            message = (
                M_("the semi-finals wait for a negra: {first} and {second} are tied at place {place}", **tied)
                if upper.decided_by == NEGRA_NEEDED
                else M_(
                    "the semi-finals wait for the group phase: {first} and {second} are tied at place {place}", **tied
                )
            )
            raise InputValueError(message, source)


def semi_finals(
    rows: list[StandingRow], seeding: tuple[str, ...] = (), source: str | None = None, next_round: int | None = None
) -> list[tuple[str, str]]:
    """The semi-finals from the group standings, as RULINGS TN5 draws them:
    - one group: its first four, 1st v 4th and 2nd v 3rd;
    - two groups: the first two of each, crossed, A1 v B2 and B1 v A2;
    - four groups: each group's winner, seeded 1-4 by points, then `seeding` (the game's
      numbers: Sueca's mocas and game points, S5 d, e), 1 v 4 and 2 v 3.
    Any other number of groups is refused: the organiser writes the semi-finals (the message
    gives the round to write, its sheets named as round `next_round`'s). Every refusal names
    `source`, the tournament file."""
    groups = by_group(rows)
    if len(groups) == 1:
        (group_rows,) = groups.values()
        if len(group_rows) < SEMI_FINALISTS:
            raise InputValueError(
                M_(
                    "the semi-finals need {needed} teams, the group has {count}",
                    needed=SEMI_FINALISTS,
                    count=len(group_rows),
                ),
                source,
            )
        _decided(group_rows, SEMI_FINALISTS, source)
        first, second, third, fourth = (row.name for row in group_rows[:SEMI_FINALISTS])
        return [(first, fourth), (second, third)]
    if len(groups) == 2:
        (a_rows, b_rows) = groups.values()
        for group, group_rows in groups.items():
            if len(group_rows) < 2:
                raise InputValueError(
                    M_(
                        "the semi-finals take the first two of each group, and group {group} has {count}",
                        group=one_line(str(group)),
                        count=len(group_rows),
                    ),
                    source,
                )
            _decided(group_rows, 2, source)
        return [(a_rows[0].name, b_rows[1].name), (b_rows[0].name, a_rows[1].name)]
    if len(groups) == 4:
        winners = []
        for group_rows in groups.values():
            _decided(group_rows, 1, source)
            winners.append(group_rows[0])

        def key(row: StandingRow) -> tuple:
            return (row.points, *(row.tiebreaks.get(name, 0) for name in seeding))

        seeded = sorted(winners, key=key, reverse=True)  # stable: equal winners stay in the file's order
        # Seeds 2 and 3 equal play the same semi-finals either way; any other tie decides the pairs.
        for index in range(1, len(seeded)):  # each seed against the next
            upper, lower = seeded[index - 1], seeded[index]
            if index != 2 and key(upper) == key(lower):
                raise InputValueError(
                    M_(
                        "the semi-finals wait for the organiser: the group winners {first} and "
                        "{second} are equal on every number that seeds them (TN5); write the "
                        "semi-finals into the file: {yaml}",
                        first=quoted(upper.name),
                        second=quoted(lower.name),
                        yaml=semi_finals_yaml(next_round),
                    ),
                    source,
                )
        return [(seeded[0].name, seeded[3].name), (seeded[1].name, seeded[2].name)]
    raise InputValueError(
        M_(
            "the semi-finals are drawn from one, two or four groups (TN5), and this tournament has "
            "{count}: the organiser writes them as the file's next round, {yaml}, and `tournament "
            "draw` draws the final",
            count=len(groups),
            yaml=semi_finals_yaml(next_round),
        ),
        source,
    )


def semi_finals_yaml(number: int | None) -> Joined:
    """The round the organiser writes at the end of the file's rounds (one line of YAML), its
    sheets named as a draw names them: its placeholder for a team's name said in the caller's
    language, the rest as YAML is written."""
    number = number or 1
    team = M_("TEAM")
    parts: list[object] = ["- {stage: semi, matches: ["]
    for k in (1, 2):
        parts += [", " if k > 1 else "", "{teams: [", team, ", ", team, f"], sheet: r{number}-mesa{k}.yaml}}"]
    return Joined((*parts, "]}"), "")


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
        raise ScorekeeperError(M_("the final follows two semi-finals, got {count} matches", count=len(semi_matches)))
    first, second = (match_winner(match, results) for match in semi_matches)
    if first is None or second is None:
        return None
    return first, second


def _teams(match: Match, results: dict) -> list[str]:
    """A match's teams: the file's, else its sheet's."""
    if match.teams:
        return list(match.teams)
    result = results.get(match.sheet) if match.sheet is not None else None
    return list(result.players) if result is not None else []


def final_standings(tournament: Tournament, rows: list[StandingRow], results: dict) -> list[StandingRow]:
    """The standings that end with the final (TN5): once the last final's sheet counts, 1st its
    winner, 2nd its loser, 3rd (shared) the semi-finals' losers, then every other team in the
    order of the group phase (by group, then by place in the group). Before that, the group
    standings as they are. Each row says the furthest stage its team reached (`stage`)."""
    semi_teams = {
        team
        for round_ in tournament.rounds
        if round_.stage == SEMI_STAGE
        for match in round_.matches
        for team in _teams(match, results)
    }
    finals = [match for round_ in tournament.rounds if round_.stage == FINAL_STAGE for match in round_.matches]
    final_teams = {team for match in finals for team in _teams(match, results)}

    def reached(name: str) -> str:
        return FINAL_STAGE if name in final_teams else SEMI_STAGE if name in semi_teams else GROUP_STAGE

    staged = [dataclasses.replace(row, stage=reached(row.name)) for row in rows]
    champion = match_winner(finals[-1], results) if finals else None
    finalists = _teams(finals[-1], results) if finals else []
    if champion is None or len(finalists) != 2 or champion not in finalists:
        return staged
    runner_up = next(team for team in finalists if team != champion)
    by_name = {row.name: row for row in staged}
    semi_losers = [row.name for row in staged if row.name in semi_teams and row.name not in finalists]
    top = [(champion, 1, BY_FINAL), (runner_up, 2, BY_REACHING_FINAL)]
    for index, name in enumerate(semi_losers):
        top.append((name, 3, TIED if index + 1 < len(semi_losers) else BY_REACHING_SEMIS))
    ordered = [
        dataclasses.replace(by_name[name], place=place, decided_by=said) for name, place, said in top if name in by_name
    ]
    shown = {row.name for row in ordered}
    rest = [row for row in staged if row.name not in shown]  # already by group, then by place
    for index, row in enumerate(rest):
        below = rest[index + 1] if index + 1 < len(rest) else None
        above = rest[index - 1] if index else None
        shares = above is not None and above.group == row.group and above.place == row.place
        place = ordered[-1].place if shares else len(ordered) + 1
        said = (
            row.decided_by
            if below is not None and below.group == row.group
            else (BY_GROUP if below is not None else None)
        )
        ordered.append(dataclasses.replace(row, place=place, decided_by=said))
    if ordered[-1].decided_by is not None:  # the last row has nobody below it (no team left after the semis)
        ordered[-1] = dataclasses.replace(ordered[-1], decided_by=None)
    return ordered
