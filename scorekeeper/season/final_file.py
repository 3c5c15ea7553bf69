"""`season final -o FILE`: the national final's tournament file (King Art 2-3: the 2.ª Fase),
ready for `tournament draw`, and the final recorded in the season file as its `nacional` event,
both in one change on the journal.

The finalists are each union's inscribed (TN13), or its qualified where it inscribed none, by
union in the rules' order, each named as his registry writes him. The final starts from zero
(TN12): the file carries no points, byes or penalties of the regional phase. It is refused while
a union's race is provisional (a regional event in play) or tied at its last seat (TN10), or
seats of the final are open (TN7), or an inscription is wrong (TN13): each named.

FINAL_ROUNDS: the committee fixes the final's rounds (TN2 plans the draw for them); the national
final scorekeeper ships (examples/championship-king) plays three, which twelve or sixteen players
in tables of four can play without a pair meeting twice. The file says `planned_rounds: 3`; the
organiser edits it before the first draw for more.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass

from scorekeeper.errors import InputValueError
from scorekeeper.i18n import M_, Joined, Message
from scorekeeper.journal.transaction import Applied, Change, FileChange, Session, current
from scorekeeper.members.roster import Roster
from scorekeeper.season.finalists import Finalist, finalists_of
from scorekeeper.season.qualification import qualify
from scorekeeper.season.qualification_model import Qualification, Status
from scorekeeper.season.season_check import inscription_problems
from scorekeeper.season.season_events import inside_path, read_events, roster_of, season_folder
from scorekeeper.season.season_file import parse_season
from scorekeeper.season.season_model import NACIONAL, Season
from scorekeeper.season.season_reading import SeasonFormatError
from scorekeeper.season.season_write import append
from scorekeeper.sheet.saving import refuse_existing, writer_lock
from scorekeeper.sheet.yaml_lines import read_text
from scorekeeper.tournaments.new_tournament import Registration, find_rules, new_tournament_text
from scorekeeper.tournaments.tournament_file import parse

FINAL_ROUNDS = 3


@dataclass(frozen=True)
class FinalWritten:
    """The final's tournament file written (`path`), its finalists in order, the event recorded
    in the season file (False: it named that file already), and the journal's change."""

    path: str
    finalists: tuple[Finalist, ...]
    recorded: bool
    day: datetime.date
    applied: Applied


def final(path: str, output: str, day: datetime.date | None = None, force: bool = False) -> FinalWritten:
    """Write the final's tournament file `output` for the season file at `path` and record it
    there as the `nacional` event on `day` (today when not given)."""
    refuse_existing(output, force)
    with writer_lock(path) as target, Session(path, {target}) as session:
        text = read_text(target, SeasonFormatError)
        season = parse_season(text, path)
        written = _relative(season, output)
        known = next((e for e in season.events if e.phase == NACIONAL and e.file == written), None)
        day = day or (known.date if known is not None else datetime.date.today())
        roster = roster_of(season)
        qualification = qualify(season, None, read_events(season, roster=roster))
        refuse_unready(season, roster, qualification)
        finalists = finalists_of(season, roster, qualification)
        final_text = final_text_of(season, finalists, output, day)
        new_season = text
        if known is None:
            new_season = append(text, "events", {"file": written, "phase": NACIONAL, "date": day}, path)
            parse_season(new_season, path)
        with open(target, "rb") as handle:
            now = handle.read()
        files = [FileChange(output, current(output), final_text.encode("utf-8"))]
        if new_season != text:
            files.append(FileChange(path, now, new_season.encode("utf-8")))
        detail = {"file": written, "date": day.isoformat(), "finalists": [f.id for f in finalists]}
        applied = session.apply(Change("season-final", path, files, detail))
    return FinalWritten(output, tuple(finalists), known is None, day, applied)


def _registration(season: Season, output: str, day: datetime.date) -> Registration | None:
    """The final's registries (the season's), day and start; None when a registry is not in the
    final's folder or below, where a tournament file may name one (then only `season check`
    checks the final's names)."""
    folder = os.path.realpath(os.path.dirname(os.path.abspath(output)))
    paths = [os.path.abspath(inside_path(season, written, None)) for written in season.registries]
    if not paths or any(os.path.commonpath([folder, os.path.realpath(path)]) != folder for path in paths):
        return None
    return Registration(tuple(paths), day, season.starts)


def _relative(season: Season, output: str) -> str:
    """The final's file as the season file names it: relative to its folder, and inside it."""
    written = os.path.relpath(os.path.abspath(output), os.path.abspath(season_folder(season) or os.curdir))
    inside_path(season, written, None)
    return written.replace(os.sep, "/")


def refuse_unready(season: Season, roster: Roster, qualification: Qualification) -> None:
    """Every reason the final cannot be written yet, in one refusal: a provisional race, a tie at
    a last seat (TN10: the committee decides, Art 18), open seats (TN7), a wrong inscription (TN13)."""
    reasons: list[Message] = []
    for race in qualification.races:
        if race.provisional:
            reasons.append(M_("{union}'s race is provisional: a regional event is still in play", union=race.union))
        tied = [row.id for row in race.rows if row.status is Status.TIED]
        if tied:
            reasons.append(
                M_(
                    "{union}'s last seat is tied ({ids}): the organising committee decides ({article})",
                    union=race.union,
                    ids=", ".join(tied),
                    article=season.rules.decision_article,
                )
            )
        if race.union in season.inscriptions:
            problems = inscription_problems(season, roster, race, tuple(season.inscriptions[race.union]))
            reasons.extend(problem.message for problem in problems if problem.is_error)  # type: ignore[misc]
    if qualification.open_seats:
        reasons.append(
            M_(
                "{count} seats of the final are open ({article}): an agreement of the unions fills them",
                count=qualification.open_seats,
                article=season.rules.final_article,
            )
        )
    if reasons:
        raise InputValueError(
            M_("the final cannot be written yet: {reasons}", reasons=Joined(tuple(reasons), "; ")), season.source
        )


def final_text_of(season: Season, finalists: list[Finalist], output: str, day: datetime.date) -> str:
    """The final's tournament file: the game's own rules, the finalists, three planned rounds, and
    the season's registries, the final's day and the season's start, so that every day command
    at the final refuses a name that may not play (Art 2, TN8) as a regional event does."""
    if not finalists:
        raise InputValueError(M_("the final has no finalists yet"), season.source)
    _rules, ref = find_rules(season.rules.game, output)  # the game's shipped rules, named as the game
    name = f"Final Nacional {season.name}"
    text = new_tournament_text(
        name, ref, [f.name for f in finalists], None, FINAL_ROUNDS, output, _registration(season, output, day)
    )
    parse(text, output)  # what `tournament draw` reads next: never write a file it refuses
    return text
