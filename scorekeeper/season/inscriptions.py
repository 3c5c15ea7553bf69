"""`season inscribe`: a union inscribes its finalists (King Art 2: the unions are "incumbidos
das inscrições dos respetivos representantes"; RULINGS TN13). More than its quota, or an
ineligible player, is refused; a player its race did not qualify is inscribed with a warning
(the union decides). Until the final's first game a new inscription replaces the old one
whole; after it, Art 7 applies (a substitute on the day: `tournament substitute`)."""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass

from scorekeeper.errors import InputValueError, RefusedChange, ScorekeeperError, quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_, Joined
from scorekeeper.season.qualification import qualify
from scorekeeper.season.season_check import inscription_problems
from scorekeeper.season.season_events import inside_path, read_events, roster_of
from scorekeeper.season.season_model import NACIONAL, Season
from scorekeeper.season.season_write import Rewritten, rewrite, set_inscription
from scorekeeper.tournaments.collect import collect
from scorekeeper.tournaments.tournament_file import load

SUBSTITUTION_ARTICLE = "Art 7"  # after the final's first game, a player missing is replaced on the day


@dataclass(frozen=True)
class Inscribed:
    """A union's inscription written: its ids, the ones it replaced, and its warnings (TN13)."""

    union: str
    ids: tuple[str, ...]
    replaced: tuple[str, ...]
    warnings: tuple[Finding, ...]
    rewritten: Rewritten


def inscribe(path: str, union: str, ids: tuple[str, ...], as_of: datetime.date | None = None) -> Inscribed:
    """Inscribe `ids` as `union`'s finalists in the season file at `path` (TN13)."""
    said: list[Finding] = []
    before: list[tuple[str, ...]] = []

    def edit(text: str, season: Season) -> str:
        if union not in season.rules.unions:
            raise InputValueError(
                M_(
                    "unknown union {name}; the season's rules name: {names}",
                    name=quoted(union),
                    names=", ".join(season.rules.unions),
                ),
                season.source,
            )
        refuse_after_first_game(season)
        twice = sorted({member_id for member_id in ids if ids.count(member_id) > 1})
        if twice:
            raise InputValueError(M_("{ids}: inscribed twice", ids=", ".join(twice)), season.source)
        roster = roster_of(season)
        qualification = qualify(season, as_of, read_events(season, roster=roster))
        race = next(race for race in qualification.races if race.union == union)
        problems = inscription_problems(season, roster, race, tuple(ids))
        errors = [problem for problem in problems if problem.is_error]
        if errors:
            raise RefusedChange(Joined(tuple(problem.message for problem in errors), "; "), season.source, errors)
        said.extend(problems)
        before.append(tuple(season.inscriptions.get(union, ())))
        return set_inscription(text, union, list(ids), season.source)

    rewritten = rewrite(path, "season-inscribe", {"union": union, "ids": list(ids)}, edit)
    return Inscribed(union, tuple(ids), before[0] if before else (), tuple(said), rewritten)


def final_started(season: Season) -> str | None:
    """The national final's tournament file when a game of it has been played (a sheet with a
    hand): from then on, a union no longer replaces a finalist by inscription (TN13, Art 7)."""
    for event in season.events:
        if event.phase != NACIONAL:
            continue
        path = inside_path(season, event.file, event.line)
        if not os.path.lexists(path):
            continue  # not written yet: no game played
        try:
            tournament = load(path)
        except ScorekeeperError:
            continue  # unreadable: `season check` says so; no game of it was played here
        results = collect(tournament).results
        if any(result.hands for result in results.values()):
            return path
    return None


def refuse_after_first_game(season: Season) -> None:
    started = final_started(season)
    if started is not None:
        raise InputValueError(
            M_(
                "the final has begun ({file} has a game played): a finalist is no longer replaced by "
                "inscription; a missing player is replaced on the day ({article}: `tournament substitute`)",
                file=started,
                article=SUBSTITUTION_ARTICLE,
            ),
            season.source,
        )
