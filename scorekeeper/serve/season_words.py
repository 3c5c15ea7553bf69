"""What the organiser's page says of the season (issue 27): each union's race with its cut line,
and the registration desk's answers, in the language in use."""

from __future__ import annotations

from scorekeeper.core.registration_desk import DeskAnswer, Looked
from scorekeeper.i18n import _, ngettext
from scorekeeper.members.roster import Match
from scorekeeper.output.season_text import cut_after, race_cells
from scorekeeper.season.qualification_model import Qualification, Race

_FOUND_BY = {
    Match.ID: None,
    Match.NAME: None,
    Match.ALIAS: lambda: _("by an alias the registry lists"),
    Match.FOLDED: lambda: _("the same name but for accents, case or spacing"),
    Match.INITIALS: lambda: _("by initials"),
}


def race_views(qualification: Qualification) -> list[dict]:
    """Each union's race as the page shows it: heading, rows (the cut line under the last seat)."""
    return [_race_view(qualification, race) for race in qualification.races]


def _race_view(qualification: Qualification, race: Race) -> dict:
    cut = cut_after(race.rows)
    rows = [
        {"cells": [str(cell) for cell in cells], "status": row.status.value, "cut": index == cut}
        for index, (row, cells) in enumerate(zip(race.rows, race_cells(qualification, race)))  # noqa: B905 - py39 has no strict=; a row of cells per row
    ]
    return {
        "heading": f"{race.name}: " + ngettext("{count} seat", "{count} seats", race.seats).format(count=race.seats),
        "provisional": _("[provisional: a regional event is still in play]") if race.provisional else None,
        "empty": _("no one has played a regional event yet") if not race.rows else None,
        "rows": rows,
    }


def open_seats_words(qualification: Qualification, article: str) -> str | None:
    """TN7: the seats no quota fills, until an agreement fills them."""
    if qualification.open_seats <= 0:
        return None
    return ngettext(
        "{count} seat of the final is open: no quota fills it until the unions agree ({article})",
        "{count} seats of the final are open: no quota fills them until the unions agree ({article})",
        qualification.open_seats,
    ).format(count=qualification.open_seats, article=article)


def desk_lines(answer: DeskAnswer) -> list[dict]:
    """Each name looked up said in one line, with whether he may play (`ok`)."""
    return [{"text": looked_words(answer, looked), "ok": looked.may_play} for looked in answer.looked]


def looked_words(answer: DeskAnswer, looked: Looked) -> str:
    article = answer.article or ""
    if looked.person is None:
        if looked.candidates:
            fits = ", ".join(f"{c.id} {c.name}" for c in looked.candidates)
            return _("{written}: fits more than one member ({members}): ask for the member number").format(
                written=looked.written, members=fits
            )
        if answer.article is None:
            return _("{written}: no member goes by this name").format(written=looked.written)
        return _("{written}: no member goes by this name ({article})").format(written=looked.written, article=article)
    who = f"{looked.person.id} {looked.person.name}"
    if looked.union:
        who += f" ({looked.union})"
    found_by = _FOUND_BY.get(looked.how) if looked.how is not None else None
    if found_by is not None:
        who += ", " + found_by()
    if looked.gap is not None:
        said = _("{member}: may not play on {day}: not a member from {first} to {last} ({article})").format(
            member=who,
            day=answer.day.isoformat(),
            first=looked.gap.first.isoformat(),
            last=looked.gap.last.isoformat(),
            article=article,
        )
    else:
        said = _("{member}: may play on {day}").format(member=who, day=answer.day.isoformat())
    if looked.entered:
        said += " · " + _("already a player of this tournament")
    return said


def pair_words(answer: DeskAnswer) -> str | None:
    """A pair's associate (TN14): which of the two is one, or that neither is."""
    has = answer.pair_has_associate
    if has is None:
        return None
    if has:
        names = ", ".join(look.person.name for look in answer.looked if look.may_play and look.person is not None)
        return _("the pair has an associate: {names} ({article})").format(names=names, article=answer.article)
    return _("neither of the pair is an associate: the pair may not play ({article})").format(article=answer.article)


def no_registry_words() -> str:
    return _(
        "no registry to look in: the tournament file names none (registry: and date:), and the server was not "
        "given its season (--season)"
    )
