"""The qualification as published (King Art 3: "o apuramento ... é da responsabilidade de cada
Sindicato"; `season qualify --publish`): every union's rows (place, member, points, status,
article), when, by whom and as which journal change, and the SHA-256 of every file it was
computed from, so that a later change that moves the list is found by the files it changed
(season/causes.py). The file sits beside the season file (`NAME.published.yaml`), a person
reads it, and `differences` compares it with the list now."""

from __future__ import annotations

import enum
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from scorekeeper.errors import quoted
from scorekeeper.i18n import M_
from scorekeeper.journal.store import now as now_stamp
from scorekeeper.journal.transaction import Change, FileChange, Session, current, new_id
from scorekeeper.journal.who import who
from scorekeeper.season.qualification_model import Qualification, Race, RaceRow, Status
from scorekeeper.season.season_model import Season
from scorekeeper.season.season_parts import hashes, name_problem, read_set
from scorekeeper.season.season_reading import Reader, SeasonFormatError
from scorekeeper.sheet.file_access import read_regular
from scorekeeper.sheet.saving import writer_lock
from scorekeeper.sheet.yaml_lines import LineDict, loads

SUFFIX = ".published.yaml"
MAX_BYTES = 16 << 20  # three unions' rows, and the hashes of 3,000 sheets, are well under 1 MiB
MAX_RACES = 100
MAX_ROWS = 100_000  # a registry's members
MAX_FILES = 100_000
KEYS = ("season", "published", "by", "change", "size", "open_seats", "races", "files")
RACE_KEYS = ("union", "name", "seats", "provisional", "rows")
ROW_KEYS = ("place", "id", "name", "points", "status", "article")


class PublishedFormatError(SeasonFormatError):
    """A published list that cannot be read as one (written by hand, or damaged)."""


@dataclass(frozen=True)
class Published:
    """A published list: the season's name, when (the journal's time) and by whom (the
    journal's who), the journal change that wrote it, the list itself (its races' rows), and the
    SHA-256 of each file it was computed from (relative to the season's folder; None: no file)."""

    season: str
    when: str
    by: Mapping[str, str]
    change: str
    qualification: Qualification
    files: Mapping[str, str | None] = field(default_factory=dict)
    source: str = ""


class Move(enum.Enum):
    """How a member's row differs from the published list, the weightiest first."""

    IN = "in"  # now among the qualified, and was not (or was not in the list)
    OUT = "out"  # qualified when published, and no more
    STATUS = "status"  # another status (reserve, excluded, tied), neither in nor out
    ADDED = "added"  # in the race now, not when published
    REMOVED = "removed"  # in the race when published, not now
    PLACE = "place"  # the same status, another place
    POINTS = "points"  # the same place and status, other points


@dataclass(frozen=True)
class Difference:
    """One member whose row moved since the publication: his union (now, or then when he left
    the list), id and name, how it moved, and his row then and now (None: not in the list)."""

    union: str
    id: str
    name: str
    move: Move
    before: RaceRow | None
    after: RaceRow | None


def published_path(season_path: str) -> str:
    """`season.published.yaml` beside `season.yaml`."""
    stem, _ext = os.path.splitext(season_path)
    return stem + SUFFIX


def _move(before: RaceRow | None, after: RaceRow | None) -> Move | None:
    was = before is not None and before.status is Status.QUALIFIED
    now = after is not None and after.status is Status.QUALIFIED
    if now and not was:
        return Move.IN
    if was and not now:
        return Move.OUT
    if before is None:
        return Move.ADDED
    if after is None:
        return Move.REMOVED
    if before.status is not after.status or before.union != after.union:
        return Move.STATUS
    if before.place != after.place:
        return Move.PLACE
    if before.points != after.points:
        return Move.POINTS
    return None


def differences(published: Qualification, now: Qualification) -> list[Difference]:
    """Every member whose row differs between the published list and the list now, by union
    (the list's order now, then the published one's) and place (now's, else then's). Pure."""
    then_rows = {row.id: row for row in published.rows()}
    now_rows = {row.id: row for row in now.rows()}
    unions = [race.union for race in now.races] + [race.union for race in published.races]
    order = {union: index for index, union in enumerate(dict.fromkeys(unions))}
    found = []
    for member in dict.fromkeys([*now_rows, *then_rows]):
        before, after = then_rows.get(member), now_rows.get(member)
        move = _move(before, after)
        if move is None:
            continue
        shown = after if after is not None else before
        assert shown is not None  # the member is in one list at least
        found.append(Difference(shown.union, member, shown.name, move, before, after))

    def key(item: Difference) -> tuple[int, int, int]:
        row = item.after if item.after is not None else item.before
        assert row is not None
        return (order.get(item.union, len(order)), 0 if item.after is not None else 1, row.place)

    return sorted(found, key=key)


# --- the file -----------------------------------------------------------------------------


def _q(value: object) -> str:
    """A scalar as YAML reads it back exactly: text as a JSON string (a YAML double-quoted
    scalar), a number as it is, None as null."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    return json.dumps(str(value), ensure_ascii=False)


def _flow(items: Mapping[str, object]) -> str:
    return "{" + ", ".join(f"{key}: {_q(value)}" for key, value in items.items()) + "}"


def published_text(published: Published) -> str:
    """The published list as its file holds it: YAML a person reads, one row a line."""
    lines = [
        "# The qualification for the Final Nacional as published (scorekeeper season qualify --publish).",
        "# Written by scorekeeper: `season qualify` and `season standings` say what moved since.",
        f"season: {_q(published.season)}",
        f"published: {_q(published.when)}",
        f"by: {_flow({k: v for k, v in published.by.items() if v is not None})}",
        f"change: {_q(published.change)}",
        f"size: {published.qualification.size}",
        f"open_seats: {published.qualification.open_seats}",
        "races:",
    ]
    for race in published.qualification.races:
        lines += [
            f"  - union: {_q(race.union)}",
            f"    name: {_q(race.name)}",
            f"    seats: {race.seats}",
            f"    provisional: {_q(race.provisional)}",
            "    rows:" if race.rows else "    rows: []",
        ]
        for row in race.rows:
            values = {"place": row.place, "id": row.id, "name": row.name, "points": row.points}
            lines.append("      - " + _flow({**values, "status": row.status.value, "article": row.article}))
    lines.append("files:" if published.files else "files: {}")
    lines += [f"  {_q(path)}: {_q(digest)}" for path, digest in published.files.items()]
    return "\n".join(lines) + "\n"


def load_published(path: str) -> Published | None:
    """The published list in the file at `path`; None when there is none (nothing published)."""
    if not os.path.lexists(path):
        return None
    raw = read_regular(path, MAX_BYTES, PublishedFormatError)
    if len(raw) > MAX_BYTES:
        raise PublishedFormatError(M_("larger than {size} MiB: not a published list", size=MAX_BYTES >> 20), path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PublishedFormatError(M_("is not UTF-8 text"), path, raw[: exc.start].count(b"\n") + 1) from None
    return parse_published(loads(text, path, PublishedFormatError), path)


def parse_published(data: object, source: str) -> Published:
    read = _Reader(source)
    doc = read.mapping(data, "published", getattr(data, "line", 1), KEYS)
    items = read.sequence(doc.get("races"), "races", doc.line_of("races"), MAX_RACES)
    races = tuple(_race(read, read.mapping(raw, "races", items.line_of(n), RACE_KEYS)) for n, raw in enumerate(items))
    qualification = Qualification(
        races,
        read.count(doc.get("size"), "size", doc.line_of("size"), 0, 1000),
        read.count(doc.get("open_seats"), "open_seats", doc.line_of("open_seats"), 0, 1000),
    )
    by = read.mapping(doc.get("by", LineDict()), "by", doc.line_of("by"), None)
    return Published(
        season=read.text(doc, "season") or "",
        when=read.text(doc, "published") or "",
        by={str(key): read.text(by, key) or "" for key in by},
        change=read.word(doc, "change") or "",
        qualification=qualification,
        files=_files(read, doc),
        source=source,
    )


class _Reader(Reader):
    def refuse(self, message, line: int | None) -> SeasonFormatError:
        return PublishedFormatError(message, self.source, line)


def _race(read: Reader, item: LineDict) -> Race:
    union = read.word(item, "union") or ""
    rows = read.sequence(item.get("rows"), "rows", item.line_of("rows"), MAX_ROWS)
    return Race(
        union,
        read.text(item, "name", required=False) or union,
        read.count(item.get("seats"), "seats", item.line_of("seats"), 0, 1000),
        tuple(_row(read, union, read.mapping(raw, "rows", rows.line_of(n), ROW_KEYS)) for n, raw in enumerate(rows)),
        item.get("provisional") is True,
    )


def _row(read: Reader, union: str, item: LineDict) -> RaceRow:
    points = item.get("points")
    if isinstance(points, bool) or not isinstance(points, (int, float)) or points != points:
        raise read.refuse(M_("points: expected a number, got {value}", value=quoted(points)), item.line_of("points"))
    status = item.get("status")
    names = tuple(status.value for status in Status)
    if status not in names:
        raise read.refuse(
            M_("status: expected one of {names}, got {value}", names=", ".join(names), value=quoted(status)),
            item.line_of("status"),
        )
    return RaceRow(
        union=union,
        place=read.count(item.get("place"), "place", item.line_of("place"), 1, MAX_ROWS),
        id=read.word(item, "id") or "",
        name=read.text(item, "name") or "",
        points=points,
        status=Status(status),
        article=read.text(item, "article", required=False),
    )


def _files(read: Reader, doc: LineDict) -> dict[str, str | None]:
    found = read.mapping(doc.get("files", LineDict()), "files", doc.line_of("files"), None)
    if len(found) > MAX_FILES:
        raise read.refuse(M_("{key}: more than {most} items", key="files", most=MAX_FILES), doc.line_of("files"))
    files: dict[str, str | None] = {}
    for path, digest in found.items():
        if not isinstance(path, str) or name_problem(path) is not None or not (digest is None or _is_digest(digest)):
            raise read.refuse(
                M_("files: expected a file's path and its SHA-256, got {value}", value=quoted(digest)),
                found.line_of(path),
            )
        files[path] = digest
    return files


def _is_digest(value: object) -> bool:
    return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)


# --- publishing -----------------------------------------------------------------------------


def as_published(qualification: Qualification) -> Qualification:
    """What a published list keeps of `qualification` (and reads back): each race's seats and
    rows (union, place, id, name, points, status, article), the final's size and open seats."""
    races = tuple(
        Race(
            race.union,
            race.name,
            race.seats,
            tuple(RaceRow(r.union, r.place, r.id, r.name, r.points, r.status, r.article) for r in race.rows),
            race.provisional,
        )
        for race in qualification.races
    )
    return Qualification(races, qualification.size, qualification.open_seats)


def publish(season: Season, qualification: Qualification) -> Published:
    """Write `qualification` as the season's published list, beside its file, as one journalled
    change (`publish`) whose id the list holds; with the SHA-256 of every file it was computed
    from (season_parts.read_set), taken before, so that a change made meanwhile shows as moved."""
    files = hashes(season, read_set(season))
    path = published_path(season.source)
    change_id = new_id()
    with writer_lock(path) as target, Session(path, {target}) as session:
        by = {key: str(value) for key, value in who().items() if value is not None}
        published = Published(season.name, now_stamp(), by, change_id, as_published(qualification), files, path)
        text = published_text(published).encode("utf-8")
        qualified = [
            f"{race.union} {sum(row.status is Status.QUALIFIED for row in race.rows)}" for race in qualification.races
        ]
        detail = {"file": path, "summary": ", ".join(qualified)}
        session.apply(Change("publish", path, [FileChange(path, current(path), text)], detail, change_id=change_id))
    return published
