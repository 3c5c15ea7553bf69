"""What the season commands print: each union's race as a table (place, member, points, the
tie-break that decided the place, status and article) with its cut line, reserves and the
provisional mark; the races as JSON or CSV for programs (`season qualify --format`); and what
`season new|add|inscribe|final` did."""

from __future__ import annotations

from scorekeeper import games, i18n
from scorekeeper.i18n import N_, _, ngettext, pgettext
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.json_text import json_text
from scorekeeper.output.table_layout import table
from scorekeeper.season.final_file import FinalWritten
from scorekeeper.season.inscriptions import Inscribed
from scorekeeper.season.qualification_model import Qualification, Race, RaceRow, Status
from scorekeeper.season.season_new import EventAdded, RegistryAdded, SeasonCreated
from scorekeeper.tournaments import standings_words

# `season qualify --format json|csv`: these keys, in this order (the first seven are the issue's).
QUALIFY_KEYS = ("union", "place", "id", "name", "points", "status", "article", "decided_by", "events")
STATUS_WORDS = {
    Status.QUALIFIED: N_("qualified"),
    Status.RESERVE: N_("reserve"),
    Status.EXCLUDED: N_("excluded"),
    Status.TIED: N_("tied"),
}


def qualify_rows(qualification: Qualification) -> list[dict[str, object]]:
    """Every race's rows as JSON gives them: English keys and values, `article` null when none."""
    return [
        {
            "union": row.union,
            "place": row.place,
            "id": row.id or None,
            "name": row.name,
            "points": row.points,
            "status": row.status.value,
            "article": row.article,
            "decided_by": row.decided_by,
            "events": row.events,
        }
        for race in qualification.races
        for row in race.rows
    ]


def qualify_text(qualification: Qualification, fmt: str) -> str:
    """The races as `season qualify --format FMT` prints them: json, csv or the tables."""
    rows = qualify_rows(qualification)
    if fmt == "json":
        return json_text(rows) + "\n"
    if fmt == "csv":
        cells = [["" if row[key] is None else row[key] for key in QUALIFY_KEYS] for row in rows]
        return csv_text(list(QUALIFY_KEYS), cells, numbers=(1, 4, 8))
    return "\n".join(race_text(qualification, race) for race in qualification.races)


def points_words(value: float) -> str:
    return i18n.decimal(f"{round(value, 2):g}")


def race_text(qualification: Qualification, race: Race) -> str:
    """One union's race: a heading (its name, its seats, provisional while a regional event is
    in play), then the table with the cut line after the last seat."""
    seats = ngettext("{count} seat", "{count} seats", race.seats).format(count=race.seats)
    heading = f"{race.name} ({race.union}): {seats}"
    if race.provisional:
        heading += " " + _("[provisional: a regional event is still in play]")
    if not race.rows:
        return heading + "\n" + _("no one has played a regional event yet") + "\n"
    shown = table(race_heads(), race_cells(qualification, race), numeric_from=3, numeric_until=4, tight=True)
    lines = shown.split("\n")
    cut = cut_after(race.rows)
    if cut is not None:
        width = max(len(line) for line in lines)
        said = " " + _("cut line") + " "
        lines.insert(2 + cut + 1, said.center(width, "-"))
    return heading + "\n" + "\n".join(lines) + "\n"


def race_heads() -> list[str]:
    """The race's columns, as the terminal and the organiser's page head them."""
    return [
        pgettext("standings", "place"),
        _("member"),
        pgettext("standings", "name"),
        pgettext("standings", "points"),
        _("decided by"),
        _("status"),
        _("article"),
    ]


def race_cells(qualification: Qualification, race: Race) -> list[list[object]]:
    """Each row of the race under race_heads: place, member, name, points, the tie-break that
    decided the place (in words), status and article."""
    words = game_standings_words(qualification.game)
    return [
        [
            row.place,
            row.id or "-",
            row.name,
            points_words(row.points),
            standings_words.decided_by_words(words, row.decided_by) if words is not None else row.decided_by or "",
            _(STATUS_WORDS[row.status]),
            row.article or "",
        ]
        for row in race.rows
    ]


def cut_after(rows: tuple[RaceRow, ...]) -> int | None:
    """The index of the last row that holds (or ties for) a seat: the cut line is drawn below it."""
    last = None
    for index, row in enumerate(rows):
        if row.status in (Status.QUALIFIED, Status.TIED):
            last = index
    return last


def game_standings_words(game: str) -> games.StandingsWords | None:
    try:
        return games.get(game).standings_words()
    except KeyError:
        return None


def seats_line(qualification: Qualification) -> str:
    """The final's size and how many seats the quotas fill (TN7)."""
    filled = qualification.size - qualification.open_seats
    return _("The final: {size} players; the quotas fill {filled}.").format(size=qualification.size, filled=filled)


# --- what the writing commands did -----------------------------------------------------------


def created_line(created: SeasonCreated) -> str:
    """What `season new` says (season_new.SeasonCreated)."""
    return _(
        "Created {path}: {name}, rules {rules}, from {starts}. Next: scorekeeper season add {path} EVENT.yaml"
    ).format(path=created.path, name=created.name, rules=created.rules, starts=created.starts.isoformat())


def event_added_line(added: EventAdded) -> str:
    """What `season add EVENT` says (season_new.EventAdded)."""
    if added.union:
        return _("Added {file} to {path}: a regional event of {union} on {date}").format(
            file=added.file, path=added.path, union=added.union, date=added.date.isoformat()
        )
    return _("Added {file} to {path}: the national final on {date}").format(
        file=added.file, path=added.path, date=added.date.isoformat()
    )


def registry_added_line(added: RegistryAdded) -> str:
    """What `season add --registry` says (season_new.RegistryAdded)."""
    return ngettext(
        "Added the registry {file} to {path}: {union}, {count} member",
        "Added the registry {file} to {path}: {union}, {count} members",
        added.members,
    ).format(file=added.file, path=added.path, union=added.union, count=added.members)


def inscribed_line(inscribed: Inscribed) -> str:
    """What `season inscribe` says (inscriptions.Inscribed)."""
    ids = ", ".join(inscribed.ids)
    if inscribed.replaced:
        return _("Inscribed for {union}: {ids} (replacing {old})").format(
            union=inscribed.union, ids=ids, old=", ".join(inscribed.replaced)
        )
    return _("Inscribed for {union}: {ids}").format(union=inscribed.union, ids=ids)


def final_lines(written: FinalWritten) -> list[str]:
    """What `season final` says (final_file.FinalWritten): the file, its finalists by union, and
    the next command."""
    lines = [
        ngettext(
            "Wrote {path}: the national final of {count} player on {date}",
            "Wrote {path}: the national final of {count} players on {date}",
            len(written.finalists),
        ).format(path=written.path, count=len(written.finalists), date=written.day.isoformat())
    ]
    for finalist in written.finalists:
        how = _("inscribed") if finalist.inscribed else _("qualified")
        lines.append(f"  {finalist.union}: {finalist.name} ({finalist.id}, {how})")
    if written.recorded:
        lines.append(_("Recorded in the season file as its national event."))
    lines.append(_("Next: scorekeeper tournament draw {path}").format(path=written.path))
    return lines
