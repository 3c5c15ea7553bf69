"""What the season's list and its unions exchange (King Art 2-3: each union qualifies its own,
and the three meet at the final), with no click and no terminal: `season qualify --publish`
(the list published), what moved since it was published and why (`season qualify` and
`season standings` say it), `season bundle` (a union's part in one file) and `season receive`
(a union's part replaced whole from its bundle, and what moved in the list). Each returns data;
output/season_news_text.py says it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from scorekeeper.errors import InputValueError, ScorekeeperError, quoted
from scorekeeper.i18n import M_
from scorekeeper.journal.store import Notice
from scorekeeper.journal.transaction import Recovered, recover
from scorekeeper.season.bundle import make_bundle
from scorekeeper.season.bundle_model import Manifest
from scorekeeper.season.bundle_read import read_bundle, received_steps
from scorekeeper.season.bundle_receive import Received, check_bundle
from scorekeeper.season.bundle_receive import receive as receive_part
from scorekeeper.season.causes import Cause, causes
from scorekeeper.season.published import (
    Difference,
    Published,
    differences,
    load_published,
    published_path,
)
from scorekeeper.season.published import publish as publish_list
from scorekeeper.season.qualification import qualify
from scorekeeper.season.qualification_model import Qualification
from scorekeeper.season.season_events import read_events
from scorekeeper.season.season_file import load_season
from scorekeeper.season.season_model import Season
from scorekeeper.season.season_parts import folder_of, hashes, read_set
from scorekeeper.sheet.saving import write_new

Tick = Callable[[int, int], None]


@dataclass(frozen=True)
class SeasonNews:
    """What moved in the list since it was published: the publication, each member's
    difference (only the races asked for), the journal's changes that caused them (oldest
    first; one of no change: files changed outside scorekeeper), the season's game (the words of
    a sheet's entry), and what the journals said of themselves."""

    published: Published
    differences: list[Difference]
    causes: list[Cause]
    game: str
    notices: list[Notice] = field(default_factory=list)


@dataclass(frozen=True)
class BundleMade:
    """A bundle written: where, its manifest and its size in bytes."""

    path: str
    manifest: Manifest
    size: int


@dataclass(frozen=True)
class ReceiveReport:
    """A bundle received: what was written, the bundle's manifest, and what moved in the list
    (its differences, before against after); `unranked` when the list could not be worked out
    before or after (a part missing or unusable: its refusal, said by output/ in the caller's language)."""

    received: Received
    manifest: Manifest
    differences: list[Difference]
    unranked: ScorekeeperError | None = None
    recovered: list[Recovered] = field(default_factory=list)


def _recovered(path: str) -> list[Recovered]:
    """What a killed run left pending in the season folder's journal (a receiving), completed
    before anything is read."""
    done, _notices = recover(path)
    return done


def publish(path: str, tick: Tick | None = None) -> Published:
    """`season qualify --publish`: every union's list, worked out now, published beside the season file."""
    _recovered(path)
    season = load_season(path)
    return publish_list(season, qualify(season, None, read_events(season, tick)))


def publish_found(path: str, found: Qualification) -> Published:
    """The list `season qualify` has just worked out (every union's, as of now), published."""
    _recovered(path)
    return publish_list(load_season(path), found)


def news(path: str, now: Qualification) -> SeasonNews | None:
    """What moved between the published list (None when nothing was published) and `now`
    (the races `season qualify` or `standings` worked out: only theirs are compared)."""
    published = load_published(published_path(path))
    if published is None:
        return None
    season = load_season(path)
    unions = {race.union for race in now.races}
    then = published.qualification
    then = Qualification(tuple(race for race in then.races if race.union in unions), then.size, then.open_seats)
    moved = differences(then, now)
    if not moved:
        return SeasonNews(published, [], [], season.rules.game)
    notices: list[Notice] = []
    paths = list(dict.fromkeys([*read_set(season), *published.files]))
    folder = folder_of(season)
    found = causes(folder, published.files, hashes(season, paths), received_steps(folder, season.rules.unions), notices)
    return SeasonNews(published, moved, found, season.rules.game, notices)


def bundle(path: str, union: str, output: str, force: bool) -> BundleMade:
    """`season bundle`: `union`'s part of the season in one zip at `output`."""
    _recovered(path)
    season = load_season(path)
    _known_union(season, union)
    data, manifest = make_bundle(season, union)
    write_new(output, data, force)
    return BundleMade(output, manifest, len(data))


def receive(path: str, bundle_path: str, tick: Tick | None = None) -> ReceiveReport:
    """`season receive`: the bundle verified whole, its union's part replaced whole, and what
    moved in the list."""
    recovered = _recovered(path)
    season = load_season(path)
    found = read_bundle(bundle_path)
    check_bundle(season, found)
    before, _unranked = _ranked(season, tick)
    received = receive_part(season, found)
    after, unranked = _ranked(load_season(path), tick)
    if after is None:
        return ReceiveReport(received, found.manifest, [], unranked, recovered)
    if before is None:  # the union's part was not here (its first bundle), or not usable: all of it is news
        union = found.manifest.union
        before = Qualification((), after.size, after.open_seats)
        after = Qualification(tuple(race for race in after.races if race.union == union), after.size, after.open_seats)
    return ReceiveReport(received, found.manifest, differences(before, after), None, recovered)


def _ranked(season: Season, tick: Tick | None) -> tuple[Qualification | None, ScorekeeperError | None]:
    try:
        return qualify(season, None, read_events(season, tick)), None
    except ScorekeeperError as exc:  # a union's part not there yet (the first bundle), or unusable
        return None, exc.with_traceback(None)  # data: said where the report is


def _known_union(season: Season, union: str) -> None:
    if union not in season.rules.unions:
        raise InputValueError(
            M_(
                "unknown union {name}; the season's rules name: {names}",
                name=quoted(union),
                names=", ".join(season.rules.unions),
            ),
            season.source,
        )
