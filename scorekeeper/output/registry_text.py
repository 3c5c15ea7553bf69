"""The registry commands in words: what an import changed, what a check found, one member shown."""

from __future__ import annotations

from scorekeeper import i18n
from scorekeeper.core.person_record import PersonRecord, RatingStep
from scorekeeper.core.registry import Checked, Imported, MemberCard
from scorekeeper.i18n import N_, _, grouped, ngettext
from scorekeeper.members.registry_model import Member, Period
from scorekeeper.members.roster import Match
from scorekeeper.output.findings_text import finding_line
from scorekeeper.season.ratings import ORDINAL_SIGMAS

_HOW = {
    Match.ID: N_("by his member id"),
    Match.NAME: N_("by his name"),
    Match.ALIAS: N_("by an alias the registry lists"),
    Match.FOLDED: N_("by his name written without accents or case"),
    Match.INITIALS: N_("by his initials"),
}


def period_words(period: Period) -> str:
    """`2020-01-01 to 2026-03-31`, or `from 2020-01-01` for a period still open."""
    if period.end is None:
        return _("from {start}").format(start=period.start.isoformat())
    return _("{start} to {end}").format(start=period.start.isoformat(), end=period.end.isoformat())


def _periods(member: Member) -> str:
    return "; ".join(period_words(p) for p in member.periods) or _("no period of membership")


def import_lines(imported: Imported) -> list[str]:
    """What `registry import` says: the file written (or left as it was) and what changed in it."""
    merged = imported.merged
    count = len(merged.registry.members)
    members = ngettext("{count} member", "{count} members", count).format(count=grouped(count))
    if imported.wrote and merged.created:
        lines = [_("{path}: created, {members}").format(path=imported.path, members=members)]
    elif imported.wrote:
        lines = [_("{path}: updated, {members}").format(path=imported.path, members=members)]
    else:
        lines = [_("{path}: nothing changed, {members}").format(path=imported.path, members=members)]
    if merged.name_before is not None:
        lines.append(_("  name: {old} -> {new}").format(old=merged.name_before, new=merged.registry.name))
    for member in merged.added:
        lines.append(
            _("  added {id} {name}: {periods}").format(id=member.id, name=member.name, periods=_periods(member))
        )
    for renamed in merged.renamed:
        lines.append(
            _("  renamed {id}: {old} -> {new} (the old name kept as an alias)").format(
                id=renamed.id, old=renamed.old, new=renamed.new
            )
        )
    for changed in merged.periods:
        before = "; ".join(period_words(p) for p in changed.before) or _("no period of membership")
        after = "; ".join(period_words(p) for p in changed.after)
        lines.append(
            _("  periods of {id} {name}: {before} -> {after}").format(
                id=changed.id, name=changed.name, before=before, after=after
            )
        )
    if merged.unchanged:
        lines.append(
            ngettext("  {count} member unchanged", "  {count} members unchanged", merged.unchanged).format(
                count=grouped(merged.unchanged)
            )
        )
    if merged.absent:
        ids = ", ".join(member.id for member in merged.absent)
        lines.append(
            ngettext(
                "  {count} member not in the file, kept as he was: {ids}",
                "  {count} members not in the file, kept as they were: {ids}",
                len(merged.absent),
            ).format(count=grouped(len(merged.absent)), ids=ids)
        )
    lines += [finding_line(finding) for finding in imported.findings]
    return lines


def check_summary(checked: Checked) -> str:
    """The last line of `registry check`: how many registries and members, and what was found."""
    members = sum(len(registry.members) for registry in checked.registries)
    read = ngettext("{count} registry", "{count} registries", len(checked.registries)).format(
        count=len(checked.registries)
    )
    people = ngettext("{count} member", "{count} members", members).format(count=grouped(members))
    said = []
    if checked.errors:
        said.append(ngettext("{count} error", "{count} errors", checked.errors).format(count=checked.errors))
    if checked.warnings:
        said.append(ngettext("{count} warning", "{count} warnings", checked.warnings).format(count=checked.warnings))
    return _("{registries}, {members}: {said}").format(
        registries=read, members=people, said=", ".join(said) or _("clean")
    )


def member_lines(card: MemberCard) -> list[str]:
    """`registry show`: the person, each of his members (union, id, names, periods), his union on
    the day and whether he is a member then."""
    person = card.person
    lines = [_("{id} {name}, found {how}").format(id=person.id, name=person.name, how=_(_HOW[card.how]))]
    for member in person.members:
        union = card.unions.get(member.union, member.union)
        lines.append(_("  {union}: {id} {name}").format(union=union, id=member.id, name=member.name))
        if member.aliases:
            lines.append(_("    also written: {aliases}").format(aliases=", ".join(member.aliases)))
        lines.append(_("    membership: {periods}").format(periods=_periods(member)))
    today = card.day.isoformat()
    if card.member_today is None:
        lines.append(_("  on {day}: a member of no union").format(day=today))
    else:
        union = card.unions.get(card.member_today.union, card.member_today.union)
        lines.append(
            _("  on {day}: a member of {union} ({id})").format(day=today, union=union, id=card.member_today.id)
        )
    return lines


def member_item(card: MemberCard) -> dict[str, object]:
    """The person as `registry show --format json` gives him (dates ISO, keys in English)."""
    return {
        "id": card.person.id,
        "name": card.person.name,
        "found": card.how.value,
        "members": [
            {
                "union": member.union,
                "id": member.id,
                "name": member.name,
                "aliases": list(member.aliases),
                "same_as": member.same_as,
                "membership": [
                    {"from": p.start.isoformat(), "to": None if p.end is None else p.end.isoformat()}
                    for p in member.periods
                ],
            }
            for member in card.person.members
        ],
        "day": card.day.isoformat(),
        "union_on_day": None if card.member_today is None else card.member_today.union,
        "member_on_day": card.member_today is not None,
    }


def record_lines(record: PersonRecord) -> list[str]:
    """`registry show --season`: his events (place of how many, points, a title), his rating after
    each game (skill - 3 x uncertainty, the number `season ratings` ranks by), and the players he
    met most."""
    lines = [_("  events:") if record.events else _("  no event of the season yet")]
    for played in record.events:
        said = _("    {day} {event}: place {place} of {of}, {points} points").format(
            day=played.date.isoformat(),
            event=played.event,
            place=played.place,
            of=played.of,
            points=i18n.decimal(f"{round(played.points, 2):g}"),
        )
        lines.append(said + (" · " + _("title") if played.title else ""))
    if record.ratings:  # the rating: skill - 3 x uncertainty, as `season ratings` ranks by it
        steps = ", ".join(f"{step.date.isoformat()} " + i18n.decimal(f"{_rating(step):.3f}") for step in record.ratings)
        last = record.ratings[-1]
        lines.append(
            _("  rating: {rating} (skill {mu}, uncertainty {sigma}) after {games}; over time: {steps}").format(
                rating=i18n.decimal(f"{_rating(last):.3f}"),
                mu=i18n.decimal(f"{last.mu:.3f}"),
                sigma=i18n.decimal(f"{last.sigma:.3f}"),
                games=ngettext("{count} game", "{count} games", len(record.ratings)).format(count=len(record.ratings)),
                steps=steps,
            )
        )
    if record.met:
        met = ", ".join(
            ngettext("{id} {name} ({count} game)", "{id} {name} ({count} games)", other.games).format(
                id=other.id, name=other.name, count=other.games
            )
            for other in record.met
        )
        lines.append(_("  met most: {players}").format(players=met))
    return lines


def _rating(step: RatingStep) -> float:
    """His rating after a game: openskill's ordinal, mu - 3 sigma (season.ratings)."""
    return step.mu - ORDINAL_SIGMAS * step.sigma


def record_item(record: PersonRecord) -> dict[str, object]:
    """His season as `registry show --season --format json` gives it."""
    return {
        "events": [
            {
                "event": played.event,
                "file": played.file,
                "date": played.date.isoformat(),
                "phase": played.phase,
                "place": played.place,
                "of": played.of,
                "points": played.points,
                "games": played.games,
                "complete": played.complete,
                "title": played.title,
            }
            for played in record.events
        ],
        "ratings": [
            {
                "date": step.date.isoformat(),
                "event": step.event,
                "mu": round(step.mu, 3),
                "sigma": round(step.sigma, 3),
                "ordinal": round(_rating(step), 3),
            }
            for step in record.ratings
        ],
        "met": [{"id": other.id, "name": other.name, "games": other.games} for other in record.met],
    }
