"""`season agree` and `season decide`: the unions' dated agreement on the final (King Art 3: "desde
que haja acordo dos Sindicatos"; RULINGS TN7) and the organising committee's dated decision of a
tie at a union's last seat (Art 18, TN10), each checked against the season before it is written,
then written atomically on the journal as the season's other changes are (season_write.rewrite),
so that a published list's differences name it. A change id (`--id`) is applied once."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_, Message
from scorekeeper.names import text_refusal
from scorekeeper.season.qualification import qualify
from scorekeeper.season.qualification_model import Qualification, RaceRow, Status
from scorekeeper.season.season_events import read_events, roster_of
from scorekeeper.season.season_file import MAX_AGREEMENTS, MAX_DECISIONS, parse_season
from scorekeeper.season.season_model import Season
from scorekeeper.season.season_reading import MAX_WORD
from scorekeeper.season.season_write import Rewritten, append, rewrite

MAX_SIZE = 1000  # players in a final: the season file's own bound (season_file._agreements)


@dataclass(frozen=True)
class Agreed:
    """The unions' agreement written (or found already written under the same change id): its day,
    the final's size, each union's quota (in the rules' order) and the article (Art 3)."""

    path: str
    date: datetime.date
    size: int
    quotas: dict[str, int]
    article: str
    rewritten: Rewritten


@dataclass(frozen=True)
class Moved:
    """A member of the race whose status the decision moved (TN10: tied -> qualified or reserve)."""

    id: str
    name: str
    before: Status
    after: Status
    article: str | None


@dataclass(frozen=True)
class Decided:
    """The committee's decision written: its day, the union, the member given the seat, the
    article (Art 18 unless the committee names another) and the rows of the race it moved."""

    path: str
    date: datetime.date
    union: str
    seat: str
    name: str
    article: str
    moved: tuple[Moved, ...]
    rewritten: Rewritten


def day_of(text: str, path: str) -> datetime.date:
    """`--date` as typed: a day that exists (2026-02-30 is refused), one line naming the option."""
    try:
        if len(text) == 10:
            return datetime.date.fromisoformat(text)
    except ValueError:
        pass
    raise InputValueError(M_("--date: {value} is not a day (YYYY-MM-DD)", value=quoted(text)), path)


def _refuse_before_start(date: datetime.date, season: Season) -> None:
    """An agreement or a decision is of the season: dated before it starts, it is a typing slip."""
    if date < season.starts:
        raise InputValueError(
            M_(
                "--date: {day} is before the season starts ({starts})",
                day=date.isoformat(),
                starts=season.starts.isoformat(),
            ),
            season.source,
        )


def whole(text: str, what: str, path: str, least: int = 0) -> int:
    """A whole number typed for `what` (`--size`, `--quota norte`), from `least` to MAX_SIZE."""
    value = text.strip()
    if value.isascii() and value.isdigit() and least <= int(value) <= MAX_SIZE:
        return int(value)
    raise InputValueError(
        M_(
            "{what}: expected a whole number from {least} to {most}, got {value}",
            what=what,
            least=least,
            most=MAX_SIZE,
            value=quoted(text),
        ),
        path,
    )


def _unknown_union(union: str, season: Season) -> Message:
    return M_(
        "unknown union {name}; the season's rules name: {names}",
        name=quoted(union),
        names=", ".join(season.rules.unions),
    )


def quotas_of(typed: tuple[str, ...], size: int, season: Season) -> dict[str, int]:
    """`--quota UNION=N`, once for each of the season's unions, adding up to the final's size
    (TN7: an agreement whose quotas do not add up to its size is an error, Art 3)."""
    path = season.source
    found: dict[str, int] = {}
    for item in typed:
        union, equals, number = item.partition("=")
        union = union.strip()
        if not equals or not union:
            raise InputValueError(M_("--quota: expected UNION=N, got {value}", value=quoted(item)), path)
        if union not in season.rules.unions:
            raise InputValueError(_unknown_union(union, season), path)
        if union in found:
            raise InputValueError(M_("--quota: {union} given twice", union=union), path)
        found[union] = whole(number, f"--quota {union}", path)
    missing = [union for union in season.rules.unions if union not in found]
    if missing:
        raise InputValueError(
            M_("--quota: the agreement gives every union its quota; missing: {names}", names=", ".join(missing)),
            path,
        )
    total = sum(found.values())
    if total != size:
        raise InputValueError(
            M_(
                "the quotas add up to {total}, not to the final's {size} players [{article}]",
                total=total,
                size=size,
                article=season.rules.final_article,
            ),
            path,
        )
    return {union: found[union] for union in season.rules.unions}


def agree(
    path: str, day: str, size: str, quotas: tuple[str, ...], change_id: str | None = None, again: bool = False
) -> Agreed:
    """Add the unions' agreement of `day` (the final of `size` players, `quotas` as UNION=N) to
    the season file at `path` (Art 3, TN7): the latest agreement sets the final."""
    date = day_of(day, path)
    players = whole(size, "--size", path, least=1)
    said: list[dict[str, int]] = []

    def edit(text: str, season: Season) -> str:
        agreed = quotas_of(quotas, players, season)
        _refuse_before_start(date, season)
        if any(agreement.date == date for agreement in season.agreements):
            raise InputValueError(
                M_("an agreement of {day} is already in the season file", day=date.isoformat()), season.source
            )
        latest = max((agreement.date for agreement in season.agreements), default=None)
        if latest is not None and date < latest:
            # The latest agreement sets the final: an earlier one written now would change nothing.
            raise InputValueError(
                M_(
                    "--date: the agreement of {latest} is later and sets the final; one of {day} would change nothing",
                    latest=latest.isoformat(),
                    day=date.isoformat(),
                ),
                season.source,
            )
        if len(season.agreements) >= MAX_AGREEMENTS:
            raise InputValueError(M_("agreements: more than {most} items", most=MAX_AGREEMENTS), season.source)
        said.append(agreed)
        return append(text, "agreements", {"date": date, "size": players, "quotas": agreed}, season.source)

    detail = {"date": date.isoformat(), "size": players, "quotas": list(quotas)}
    rewritten = rewrite(path, "season-agree", detail, edit, again, change_id)
    agreed = said[0] if said else _written_agreement(rewritten.season, date)
    article = rewritten.season.rules.final_article
    return Agreed(path, date, players, agreed, article, rewritten)


def _written_agreement(season: Season, date: datetime.date) -> dict[str, int]:
    """The quotas of the agreement of `date` as the file holds them (a change id applied before)."""
    found = next((agreement for agreement in season.agreements if agreement.date == date), None)
    return dict(found.quotas) if found is not None else {}


def decide(
    path: str,
    day: str,
    union: str,
    seat: str,
    article: str | None = None,
    change_id: str | None = None,
    again: bool = False,
) -> Decided:
    """Add the committee's decision of `day` giving `union`'s tied last seat to member `seat`
    (Art 18, TN10) to the season file at `path`: only a member of that union's registry, in its
    race and tied at its last seat, is given one."""
    date = day_of(day, path)
    if article is not None:
        problem = text_refusal(article) or (None if article.strip() else M_("an empty text"))
        if problem is None and len(article) > MAX_WORD:
            problem = M_("{name} is longer than a name ({most} characters)", name=quoted(article), most=MAX_WORD)
        if problem is not None:
            raise InputValueError(M_("--article: {problem}", problem=problem), path)
    found: list[tuple[str, str, str, tuple[Moved, ...]]] = []

    def edit(text: str, season: Season) -> str:
        if union not in season.rules.unions:
            raise InputValueError(_unknown_union(union, season), season.source)
        _refuse_before_start(date, season)
        if len(season.decisions) >= MAX_DECISIONS:
            raise InputValueError(M_("decisions: more than {most} items", most=MAX_DECISIONS), season.source)
        roster = _members_of(season, union, seat)
        person = roster.person(seat)
        # A person with members in two unions (same_as) is named across the season by his first
        # member's id: the race's row and the decision name him so (qualification matches it).
        seat_id = person.id if person is not None else seat
        events = read_events(season, roster=roster)
        before = qualify(season, None, events)
        row = _tied_row(season, before, union, seat, seat_id)
        given = article if article is not None else season.rules.decision_article
        new_text = append(
            text, "decisions", {"date": date, "union": union, "seat": seat_id, "article": given}, season.source
        )
        after = qualify(parse_season(new_text, season.source), None, events)
        found.append((seat_id, row.name, given, _moves(before, after, union)))
        return new_text

    detail = {"date": date.isoformat(), "union": union, "seat": seat, "article": article}
    rewritten = rewrite(path, "season-decide", detail, edit, again, change_id)
    if found:
        seat_id, name, given, moved = found[0]
    else:  # the same change id applied before: nothing written now, nothing moved now
        seat_id, name, given, moved = seat, seat, _written_article(rewritten.season, date, union), ()
    return Decided(path, date, union, seat_id, name, given, moved, rewritten)


def _members_of(season: Season, union: str, seat: str):
    """The season's roster, with `seat` a member of `union`'s own registry (refused otherwise)."""
    roster = roster_of(season)
    if not any(
        registry.union == union and any(m.id == seat for m in registry.members) for registry in roster.registries
    ):
        raise InputValueError(
            M_("{id} is no member of {union}'s registry", id=quoted(seat), union=union), season.source
        )
    return roster


def _tied_row(season: Season, qualification: Qualification, union: str, seat: str, seat_id: str) -> RaceRow:
    """The race row of member `seat` (the person `seat_id`), tied at `union`'s last seat (TN10:
    a decision settles only that)."""
    race = next(race for race in qualification.races if race.union == union)
    row = next((row for row in race.rows if row.id == seat_id), None)
    if row is None:
        raise InputValueError(
            M_("{id} is not in {union}'s race (no regional result counted for it)", id=quoted(seat), union=union),
            season.source,
        )
    if row.status is not Status.TIED:
        tied = [f"{other.id}" for other in race.rows if other.status is Status.TIED]
        if not tied:
            raise InputValueError(
                M_(
                    "{union} has no tie at its last seat for the committee to decide [{article}]",
                    union=union,
                    article=season.rules.decision_article,
                ),
                season.source,
            )
        raise InputValueError(
            M_(
                "{id} is not tied at {union}'s last seat; the tied are: {ids} [{article}]",
                id=quoted(seat),
                union=union,
                ids=", ".join(tied),
                article=season.rules.decision_article,
            ),
            season.source,
        )
    return row


def _moves(before: Qualification, after: Qualification, union: str) -> tuple[Moved, ...]:
    """The rows of `union`'s race whose status the decision changed, in the race's order."""
    old = {row.id: row for race in before.races if race.union == union for row in race.rows}
    moved = []
    for race in after.races:
        if race.union != union:
            continue
        for row in race.rows:
            earlier = old.get(row.id)
            if earlier is not None and earlier.status is not row.status:
                moved.append(Moved(row.id, row.name, earlier.status, row.status, row.article))
    return tuple(moved)


def _written_article(season: Season, date: datetime.date, union: str) -> str:
    """The article of the union's decision of `date` as the file holds it (a change id applied before)."""
    found = next((d for d in season.decisions if d.date == date and d.union == union), None)
    return found.article if found is not None else season.rules.decision_article
