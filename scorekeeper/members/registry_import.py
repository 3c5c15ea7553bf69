"""A union's list of members, as a spreadsheet gives it (CSV or XLSX: one row per period, columns
`id, name, from, to`), read with bounds and merged into its registry.

The rows come from strangers. Every unusable value is one problem naming its place (`file:line`
of a CSV, `file:Sheet!B7` of a workbook); all of them are collected (at most MAX_PROBLEMS said,
then how many more) and the import is refused whole when there is any: nothing half-merged.

The file is the union's list: a member in it gets its name and its periods (the file's replace
the registry's); a new id is added; a member of the registry the file does not name is kept as
he is and reported as absent, never deleted (a list exported with a filter, or a member who left
and whose history eligibility still reads: TN8 looks back to the season's start).
"""

from __future__ import annotations

import codecs
import csv
import datetime
import io
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from scorekeeper.errors import ScorekeeperError, quoted
from scorekeeper.i18n import M_, Grouped, Message
from scorekeeper.members.member_names import member_name_refusal
from scorekeeper.members.name_folding import fold
from scorekeeper.members.registry_file import MAX_ID, MAX_MEMBERS, MAX_PERIODS
from scorekeeper.members.registry_model import Member, Period, UnionRegistry
from scorekeeper.sheet.file_access import read_regular
from scorekeeper.sheet.load import collector_held

MAX_CSV_BYTES = 64 << 20  # 1,000,000 rows of some 50 bytes
MAX_ROWS = 1_000_000  # rows of periods (100,000 members with ten periods each)
MAX_PROBLEMS = 1000  # problems said one by one; beyond them, how many more
MAX_UNION = 40

# Each column's heads, folded (fold: no accents, no case): the English ones, and what a
# Portuguese or Brazilian union's spreadsheet calls them.
HEADS = {
    "id": ("id", "numero", "n", "no", "socio", "numero de socio", "matricula"),
    "name": ("name", "nome"),
    "from": ("from", "de", "desde", "inicio", "entrada", "admissao"),
    "to": ("to", "ate", "fim", "saida", "demissao"),
}
REQUIRED = ("id", "name", "from")
_UNION_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*\Z")
_ISO = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})\Z")
_DAY_FIRST = re.compile(r"([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})\Z")


class RegistryImportError(ScorekeeperError):
    """A list of members that cannot be imported: `problems`, each one line at its place (the
    error's own message is the first of them, and how many more)."""

    def __init__(self, problems: Sequence[ScorekeeperError], more: int = 0) -> None:
        first = problems[0]
        shown = first.message
        if len(problems) + more > 1:
            shown = M_(
                "{problem} (and {count} more problems: nothing imported)",
                problem=first.message,
                count=Grouped(len(problems) + more - 1),
            )
        super().__init__(shown, first.source, first.line)
        self.problems = tuple(problems)
        self.more = more


@dataclass(frozen=True)
class Row:
    """One period of one member as the file gives it, and where (`place`: file:line or cell)."""

    id: str
    name: str
    start: datetime.date
    end: datetime.date | None
    place: str


class _Problems:
    """The problems of one file, collected: at most MAX_PROBLEMS kept, the rest counted."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[ScorekeeperError] = []
        self.more = 0

    def add(self, place: str, message: Message) -> None:
        if len(self.found) < MAX_PROBLEMS:
            self.found.append(ScorekeeperError(message, place))
        else:
            self.more += 1

    def raise_any(self) -> None:
        if self.found:
            raise RegistryImportError(self.found, self.more)


def _refuse(path: str, message: Message) -> RegistryImportError:
    return RegistryImportError([ScorekeeperError(message, path)])


def union_id_refusal(union: str) -> Message | None:
    """Why `union` cannot be a union's id (it names its file, registry/UNION.yaml), or None."""
    if not _UNION_ID.match(union) or len(union) > MAX_UNION:
        return M_(
            "the union {union} is not an id: letters, digits, - and _ (at most {most} characters)",
            union=quoted(union),
            most=MAX_UNION,
        )
    return None


# --- values ----------------------------------------------------------------------------------


def parse_day(value: object) -> datetime.date | Message:
    """A date as a spreadsheet gives it: a date cell, `2026-01-31` or `31/01/2026`; a day that
    does not exist (2026-02-30) or anything else is a Message saying why."""
    if isinstance(value, datetime.datetime):
        if value.time() != datetime.time(0):
            return M_("{value} is a moment, not a day", value=quoted(value.isoformat(sep=" ")))
        return value.date()
    if isinstance(value, datetime.date):
        return value
    text = str(value).strip()
    iso, day_first = _ISO.match(text), _DAY_FIRST.match(text)
    if iso:
        year, month, day = (int(part) for part in iso.groups())
    elif day_first:
        day, month, year = (int(part) for part in day_first.groups())
    else:
        return M_("{value} is not a date (2026-01-31 or 31/01/2026)", value=quoted(value))
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return M_("{value} is no day of the calendar", value=quoted(text))


def _text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a member number a spreadsheet keeps as a number
    return "" if value is None else str(value).strip()


def _row(cells: Mapping[str, object], places: Mapping[str, str], problems: _Problems) -> Row | None:
    """One row's period, or None when a value cannot be used (each such value is a problem)."""
    member_id, name = _text(cells.get("id")), _text(cells.get("name"))
    usable = True
    for key, text in (("id", member_id), ("name", name)):
        problem = member_name_refusal(text) if text else M_("empty")
        if problem is None and key == "id" and len(text) > MAX_ID:
            problem = M_("{name} is longer than a member number ({most} characters)", name=quoted(text), most=MAX_ID)
        if problem is not None:
            problems.add(places[key], M_("{key}: {problem}", key=key, problem=problem))
            usable = False
    days: dict[str, datetime.date | None] = {"from": None, "to": None}
    for key in ("from", "to"):
        raw = cells.get(key)
        if raw is None or _text(raw) == "":
            if key == "from":
                problems.add(places[key], M_("from: empty; a period needs its first day"))
                usable = False
            continue
        day = parse_day(raw)
        if isinstance(day, Message):
            problems.add(places[key], M_("{key}: {problem}", key=key, problem=day))
            usable = False
        else:
            days[key] = day
    start, end = days["from"], days["to"]
    if start is not None and end is not None and end < start:
        problems.add(places["to"], M_("to: {end} is before from {start}", end=end.isoformat(), start=start.isoformat()))
        usable = False
    if not usable or start is None:
        return None
    return Row(member_id, name, start, end, places["id"])


def _columns(heads: Sequence[object], where, problems: _Problems) -> dict[str, int] | None:
    """Each known column's index from the header row (any order; other columns are passed over)."""
    found: dict[str, int] = {}
    for index, head in enumerate(heads):
        key = next((k for k, names in HEADS.items() if fold(_text(head)) in names), None)
        if key is None:
            continue
        if key in found:
            problems.add(where(index), M_("the column {head} is there twice", head=quoted(_text(head))))
            return None
        found[key] = index
    missing = [key for key in REQUIRED if key not in found]
    if missing:
        problems.add(
            where(0),
            M_(
                "the header row needs the columns id, name, from (and to); missing: {missing}",
                missing=", ".join(missing),
            ),
        )
        return None
    return found


# --- CSV -------------------------------------------------------------------------------------


def _csv_text(path: str) -> str:
    raw = read_regular(path, MAX_CSV_BYTES, ScorekeeperError)
    if len(raw) > MAX_CSV_BYTES:
        raise _refuse(path, M_("larger than {size} MiB: not a list of members", size=Grouped(MAX_CSV_BYTES >> 20)))
    if b"\0" in raw:  # a NUL byte: said at its line, as the other refusals of a row are
        line = raw[: raw.index(b"\0")].count(b"\n") + 1
        raise RegistryImportError([ScorekeeperError(M_("is a binary file, not CSV text"), f"{path}:{line}")])
    body = raw[len(codecs.BOM_UTF8) :] if raw.startswith(codecs.BOM_UTF8) else raw
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body[: exc.start].count(b"\n") + 1
        raise RegistryImportError(
            [ScorekeeperError(M_("is not UTF-8 text: save it as CSV UTF-8"), f"{path}:{line}")]
        ) from None


def _separator(first_line: str) -> str:
    """`;` (what Portuguese spreadsheets write, the decimal comma being taken) or `,`: the one the
    header row holds more of."""
    return ";" if first_line.count(";") > first_line.count(",") else ","


def read_csv(path: str) -> list[Row]:
    """The periods of a CSV file (UTF-8, with or without BOM; `,` or `;`); RegistryImportError
    with every problem."""
    text = _csv_text(path)
    problems = _Problems(path)
    first, _newline, rest = text.partition("\n")
    if first.rstrip("\r").lower() in ("sep=;", "sep=,"):  # Excel's line naming the separator: kept as an empty row
        separator, text = first.rstrip("\r")[-1], "\n" + rest
    else:
        separator = _separator(first)
    if text.count("\n") > MAX_ROWS:  # maybe too many rows: counted before any is read (a quoted field may hold lines)
        try:
            rows_in = sum(1 for _cells in csv.reader(io.StringIO(text, newline=""), delimiter=separator))
        except csv.Error:
            rows_in = 0  # the reading below says where
        if rows_in > MAX_ROWS + 1:
            raise _refuse(path, M_("more than {most} rows: refused", most=Grouped(MAX_ROWS)))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
    rows: list[Row] = []
    columns: dict[str, int] | None = None
    count = 0
    try:
        for cells in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            if columns is None:
                columns = _columns(cells, lambda _index, line=line: f"{path}:{line}", problems)
                if columns is None:
                    break
                continue
            count += 1
            if count > MAX_ROWS:
                raise _refuse(path, M_("more than {most} rows: refused", most=Grouped(MAX_ROWS)))
            values = {key: cells[index] if index < len(cells) else None for key, index in columns.items()}
            row = _row(values, dict.fromkeys(columns, f"{path}:{line}"), problems)
            if row is not None:
                rows.append(row)
    except csv.Error as exc:
        problems.add(f"{path}:{reader.line_num}", M_("not CSV: {reason}", reason=str(exc)))
    if columns is None and not problems.found:
        problems.add(path, M_("no header row: the file is empty"))
    problems.raise_any()
    return rows


# --- XLSX ------------------------------------------------------------------------------------


def read_xlsx(path: str) -> list[Row]:
    """The periods of a workbook's first worksheet, read through workbook.safe_read (bounded in
    bytes, parts, rows, cells and time, at a workbook of boletins' size: its first
    safe_read.MAX_ROWS rows; a longer list is imported from CSV)."""
    from scorekeeper.workbook import safe_read  # lazy: openpyxl only for a workbook

    problems = _Problems(path)
    rows: list[Row] = []
    with safe_read.bounded_read(path) as budget:
        data = safe_read.read_file(path)
        safe_read.check_zip(data, path, budget)
        wb = safe_read.open_workbook(data, path)
        try:
            sheets = safe_read.worksheets(wb, path)
            if not sheets:
                raise _refuse(path, M_("the workbook has no worksheet"))
            grid = safe_read.read_grid(wb, *sheets[0], budget)
        finally:
            wb.close()
    if grid.beyond is not None:
        row, column = grid.beyond
        raise _refuse(
            grid.where(row, column),
            M_(
                "a value beyond row {most}: a workbook lists at most {members} periods; import a longer list from CSV",
                most=Grouped(safe_read.MAX_ROWS),
                members=Grouped(safe_read.MAX_ROWS - 1),
            ),
        )
    row_numbers = sorted({row for row, _column in grid.values})
    if not row_numbers:
        raise _refuse(path, M_("no header row: the worksheet is empty"))
    head_row = row_numbers[0]
    width = max(column for _row, column in grid.values)
    columns = _columns(
        [grid.label(head_row, column) for column in range(1, width + 1)],
        lambda index: grid.where(head_row, index + 1),
        problems,
    )
    if columns is not None:
        for number in row_numbers[1:]:
            cells, places = {}, {}
            for key, index in columns.items():
                places[key] = grid.where(number, index + 1)
                cells[key] = _cell(grid, number, index + 1, places[key], problems)
            row_read = _row(cells, places, problems)
            if row_read is not None:
                rows.append(row_read)
    problems.raise_any()
    return rows


def _cell(grid, row: int, column: int, place: str, problems: _Problems) -> object:
    """A cell's typed value; a formula or an error value is a problem (a list of members is typed)."""
    from scorekeeper.workbook.safe_read import ErrorValue  # lazy: openpyxl only for a workbook

    if (row, column) in grid.formulas:
        problems.add(place, M_("a formula: a list of members holds typed values"))
        return None
    value = grid.values.get((row, column))
    if isinstance(value, ErrorValue):
        problems.add(place, M_("the error value {value}", value=value.code))
        return None
    return value


@collector_held()  # 100,000 members' values built at once, no cycle among them (sheet/load.py)
def read_rows(path: str) -> list[Row]:
    """The periods a CSV or XLSX file lists (by its name's ending)."""
    if os.fspath(path).lower().endswith((".xlsx", ".xlsm")):
        return read_xlsx(path)
    return read_csv(path)


# --- the merge -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Renamed:
    """A member the file names otherwise: his old name is kept as an alias."""

    id: str
    old: str
    new: str


@dataclass(frozen=True)
class PeriodsChanged:
    """A member whose periods the file's replaced."""

    id: str
    name: str
    before: tuple[Period, ...]
    after: tuple[Period, ...]


@dataclass(frozen=True)
class Merged:
    """The registry after an import, and what the import changed in it: members added, renamed,
    whose periods changed, how many the file left as they were, and those it does not name
    (kept, never deleted)."""

    registry: UnionRegistry
    added: tuple[Member, ...] = ()
    renamed: tuple[Renamed, ...] = ()
    periods: tuple[PeriodsChanged, ...] = ()
    unchanged: int = 0
    absent: tuple[Member, ...] = ()
    created: bool = False
    name_before: str | None = field(default=None)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.added or self.renamed or self.periods or self.name_before is not None)


def _grouped(rows: Sequence[Row], path: str) -> dict[str, tuple[str, tuple[Period, ...]]]:
    """Each id's name and periods (by start), in the file's order; an id under two names, more
    periods than a member may have, or more members than a registry holds, is a problem."""
    problems = _Problems(path)
    names: dict[str, tuple[str, str]] = {}
    periods: dict[str, list[Period]] = {}
    for row in rows:
        name, place = names.setdefault(row.id, (row.name, row.place))
        if name != row.name:
            problems.add(
                row.place,
                M_(
                    "{id} is named {name} here and {other} at {place}",
                    id=row.id,
                    name=row.name,
                    other=name,
                    place=place,
                ),
            )
            continue
        periods.setdefault(row.id, []).append(Period(row.start, row.end))
        if len(periods[row.id]) == MAX_PERIODS + 1:
            problems.add(row.place, M_("{id}: more than {most} periods", id=row.id, most=MAX_PERIODS))
    if len(names) > MAX_MEMBERS:
        problems.add(
            path,
            M_(
                "{count} members; a registry holds at most {most}", count=Grouped(len(names)), most=Grouped(MAX_MEMBERS)
            ),
        )
    problems.raise_any()
    return {
        member_id: (name, tuple(sorted(periods[member_id], key=lambda p: (p.start, p.end or datetime.date.max))))
        for member_id, (name, _place) in names.items()
    }


def _same_periods(first: Sequence[Period], second: Sequence[Period]) -> bool:
    return [(p.start, p.end) for p in first] == [(p.start, p.end) for p in second]


@collector_held()  # 100,000 members' values built at once, no cycle among them (sheet/load.py)
def merge(
    registry: UnionRegistry | None, union: str, name: str | None, rows: Sequence[Row], source: str, path: str
) -> Merged:
    """The registry `registry` (None: a new one, for `union`, written at `path`) with the
    file's members merged in: what `registry import` writes, and what it says it changed."""
    listed = _grouped(rows, source)
    old_members = registry.members if registry is not None else ()
    members: list[Member] = []
    renamed: list[Renamed] = []
    changed: list[PeriodsChanged] = []
    absent: list[Member] = []
    unchanged = 0
    for member in old_members:
        found = listed.pop(member.id, None)
        if found is None:
            absent.append(member)
            members.append(member)
            continue
        new_name, new_periods = found
        updated = member
        if new_name != member.name:
            aliases = tuple(a for a in (*member.aliases, member.name) if a != new_name)
            updated = replace(updated, name=new_name, aliases=tuple(dict.fromkeys(aliases)))
            renamed.append(Renamed(member.id, member.name, new_name))
        if not _same_periods(member.periods, new_periods):
            updated = replace(updated, periods=new_periods)
            changed.append(PeriodsChanged(member.id, new_name, member.periods, new_periods))
        if updated is member:
            unchanged += 1
        members.append(updated)
    added = [
        Member(id=member_id, name=member_name, union=union, periods=periods, source=path)
        for member_id, (member_name, periods) in listed.items()
    ]
    members += added
    registry_name = name or (registry.name if registry is not None else union)
    name_before = registry.name if registry is not None and name is not None and name != registry.name else None
    return Merged(
        UnionRegistry(union, registry_name, tuple(members), path),
        tuple(added),
        tuple(renamed),
        tuple(changed),
        unchanged,
        tuple(absent),
        created=registry is None,
        name_before=name_before,
    )


def each_problem(exc: ScorekeeperError) -> Iterator[ScorekeeperError]:
    """Every problem an import's refusal holds (one for any other refusal)."""
    if isinstance(exc, RegistryImportError):
        yield from exc.problems
    else:
        yield exc
