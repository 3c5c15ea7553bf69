"""Opening an untrusted workbook safely, with the work it can cause bounded.

The file is opened through file_access.open_regular (never a FIFO or a device) and read once
into memory, so what is checked is what is parsed. Before anything is parsed, the zip
directory is checked (size, parts, what they unpack to) and every part is pre-scanned as it
unpacks: its XML tags and shared strings are counted, and a part over a cap is refused before
openpyxl builds a single object from it (a 158 KB part can hold millions of tiny shared
strings). openpyxl (through defusedxml) then reads the workbook's structure in read-only mode;
worksheets are read by our own expat reader, which counts every `row` and `c` element (a row
whose number does not advance, or a lying `<dimension>`, costs a count, not a pass), keeps only
the cells inside the boletim's bounds, and treats a cell as a formula only when it holds an
`<f>` element. Of every cell it keeps what a reader must judge it by (issue 16): the value typed,
or a formula's text and the value the spreadsheet saved with it; an error value (`#N/A`) as an
ErrorValue; the merged ranges; and the first cell with anything in it beyond the bounds. The
whole read runs against a deadline. Every problem is one SheetFormatError.
"""

from __future__ import annotations

import contextlib
import decimal
import io
import math
import os
import re
import signal
import threading
import time
import warnings
import zipfile
from typing import NamedTuple
from xml.parsers import expat

from openpyxl import xml as openpyxl_xml
from openpyxl.reader.excel import ExcelReader
from openpyxl.styles.stylesheet import apply_stylesheet
from openpyxl.utils.datetime import from_excel

from scorekeeper import i18n
from scorekeeper.errors import RefusalWords, SheetFormatError, quoted
from scorekeeper.findings import Finding, Severity
from scorekeeper.i18n import M_, Grouped, Message
from scorekeeper.sheet.file_access import open_regular
from scorekeeper.workbook.layout import col
from scorekeeper.workbook.zip_damage import DAMAGED_MEMBER

# A worksheet the workbook names but does not hold (KeyError), or one of its parts damaged.
DAMAGED_WORKSHEET: tuple[type[Exception], ...] = (KeyError, *DAMAGED_MEMBER)
MAX_FILE_BYTES = 20 << 20  # a boletim is some 30 KiB; a workbook of a whole tournament a few MiB
MAX_MEMBERS = 8000  # a 500-sheet export has some 2,500 parts (sheet, rels, drawing, chart, comments)
MAX_UNPACKED_BYTES = 200 << 20  # everything the zip holds, unpacked
MAX_MEMBER_BYTES = 64 << 20
MAX_PART_TAGS = 600_000  # XML tags in one part; the biggest legitimate one (a summary) has ~100,000
MAX_TOTAL_TAGS = 6_000_000  # in the whole workbook; a 500-sheet export has ~1,600,000
MAX_SHARED_STRINGS = 100_000  # a 500-sheet export needs a few thousand distinct texts
MAX_WORKSHEETS = 1000
MAX_SHEET_ROWS = 10_000  # row elements in one worksheet
MAX_SHEET_CELLS = 100_000  # c elements in one worksheet; a 400-entry ficha has ~7,000
MAX_TOTAL_ROWS = 200_000  # in the whole workbook; a 500-sheet export has ~23,000
MAX_TOTAL_CELLS = 1_000_000  # a 500-sheet export has ~290,000
DEADLINE_SECONDS = 4.0  # for the whole read; a 500-sheet export reads in about 2.5 s on one slow core
MAX_ROWS = 1000  # rows read from each worksheet: a 400-entry ficha ends on row 410
MAX_COLUMNS = 60  # columns read from each worksheet
FAR_ROWS, FAR_COLUMNS = 10 * MAX_ROWS, 4 * MAX_COLUMNS  # a cell beyond these is not a boletim's
MAX_TEXT_RUN = 4 * 32_767 + 1024  # bytes between two tags: Excel's 32,767 characters a cell, in UTF-8
MAX_HELD = 24  # digits of a fraction a refusal quotes in full
MAX_MAGNITUDE = 10**12  # no number on a score sheet comes near it; below it, at most 12 digits, as a sheet
MAX_MERGES = 10_000  # merged ranges in one worksheet; a boletim merges a name a player, a note a finding
MAX_MERGED_ROWS = 100_000  # the rows (within MAX_ROWS) all of one worksheet's merged ranges span

_SHARED_STRING = re.compile(rb"<(?:[A-Za-z_][\w.\-]*:)?si[\s/>]")  # <si> or <x:si>, any prefix
_CELL_REF = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")
_RANGE_REF = re.compile(r"([A-Z]{1,3})([0-9]{1,7})(?::([A-Z]{1,3})([0-9]{1,7}))?")
_INTEGER = re.compile(r"[+-]?[0-9]{1,15}")
_CHUNK = 1 << 20


class _Deadline(BaseException):
    """Raised by the timer; a BaseException so that no `except Exception` inside openpyxl eats it."""


class _Budget:
    """The work left for one workbook read: rows, cells and time."""

    def __init__(self, path: str, seconds: float):
        self.path = path
        self.deadline = time.monotonic() + seconds
        self.rows = self.cells = 0

    def check_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise _Deadline


def _refuse(message: RefusalWords, path: str) -> SheetFormatError:
    return SheetFormatError(message, path)


@contextlib.contextmanager
def _timer(seconds: float):
    """Raise _Deadline after `seconds` (SIGALRM, main thread only; elsewhere the loops check
    the budget's clock themselves). A timer somebody else set is left alone."""
    usable = (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and signal.getitimer(signal.ITIMER_REAL)[0] == 0
    )
    if not usable:
        yield
        return

    def expired(signum, frame):
        raise _Deadline

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def bounded_read(path: str, seconds: float | None = None):
    """Run a workbook read against a deadline, with openpyxl's warnings silenced; yields the
    budget that the readers charge rows and cells to."""
    seconds = DEADLINE_SECONDS if seconds is None else seconds
    budget = _Budget(path, seconds)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with _timer(seconds):
                yield budget
    except _Deadline:
        raise _refuse(
            M_(
                "reading the workbook took more than {seconds} s: refused "
                "(a workbook of boletins reads in about a second)",
                seconds=i18n.Decimal(f"{seconds:g}"),
            ),
            path,
        ) from None


def read_file(path: str) -> bytes:
    """The workbook's bytes: a regular file only, and no larger than a workbook of boletins."""
    with open_regular(path, SheetFormatError) as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > MAX_FILE_BYTES:
            raise _refuse(
                M_(
                    "{size} MiB is larger than a workbook of boletins can be ({most} MiB)",
                    size=size >> 20,
                    most=MAX_FILE_BYTES >> 20,
                ),
                path,
            )
        try:
            data = handle.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise _refuse(M_("cannot read: {reason}", reason=exc.strerror or exc), path) from None
    if len(data) > MAX_FILE_BYTES:  # it grew while we read it
        raise _refuse(M_("larger than a workbook of boletins can be ({most} MiB)", most=MAX_FILE_BYTES >> 20), path)
    return data


def check_zip(data: bytes, path: str, budget: _Budget | None = None) -> None:
    """Refuse what is not a workbook, or would unpack to too much work, before parsing any of it."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError):
        raise _refuse(M_("not an .xlsx workbook (not a zip file, or a damaged one)"), path) from None
    if len(members) > MAX_MEMBERS:
        raise _refuse(
            M_(
                "the workbook has {count} parts; a workbook of boletins has at most {most}",
                count=len(members),
                most=MAX_MEMBERS,
            ),
            path,
        )
    unpacked = sum(m.file_size for m in members)
    biggest = max((m.file_size for m in members), default=0)
    if unpacked > MAX_UNPACKED_BYTES or biggest > MAX_MEMBER_BYTES:
        raise _refuse(M_("the workbook unpacks to {size} MiB: refused as a zip bomb", size=unpacked >> 20), path)
    names = {m.filename for m in members}
    if "[Content_Types].xml" not in names or "xl/workbook.xml" not in names:
        raise _refuse(M_("not an .xlsx workbook (no xl/workbook.xml inside)"), path)
    _prescan(archive, members, path, budget)


def _prescan(archive: zipfile.ZipFile, members, path: str, budget: _Budget | None) -> None:
    """Count the XML tags and shared strings of every part as it unpacks (whatever its name:
    a workbook may put its shared strings anywhere), stopping at the first cap passed."""
    total_tags = strings = 0
    for member in members:
        if member.is_dir() or member.filename.lower().endswith((".png", ".jpeg", ".jpg", ".gif", ".emf", ".bin")):
            continue
        tags = run = 0  # `run`: bytes since the last '<', carried across chunks
        try:
            with archive.open(member) as part:
                while True:
                    chunk = part.read(_CHUNK)
                    if not chunk:
                        break
                    # A tag split by the chunk boundary is missed at most once per MiB: no matter.
                    tags += chunk.count(b"<")
                    # Few tags do not make a part cheap: one cell may hold 60 MB of text (a 76 KB
                    # zip), which every later step would copy. No cell holds more than Excel's
                    # 32,767 characters, so no text between two tags may be longer.
                    pieces = chunk.split(b"<")
                    longest = max(run + len(pieces[0]), max(map(len, pieces[1:]), default=0))
                    run = run + len(chunk) if len(pieces) == 1 else len(pieces[-1])
                    if longest > MAX_TEXT_RUN:
                        raise _refuse(
                            M_(
                                "{part} holds a text longer than a cell can ({most} characters): not a boletim",
                                part=quoted(member.filename),
                                most=Grouped(32_767),
                            ),
                            path,
                        )
                    strings += len(_SHARED_STRING.findall(chunk))
                    if strings > MAX_SHARED_STRINGS:
                        raise _refuse(
                            M_(
                                "the workbook holds more than {most} shared strings (in {part}); a "
                                "workbook of boletins needs a few thousand",
                                most=Grouped(MAX_SHARED_STRINGS),
                                part=quoted(member.filename),
                            ),
                            path,
                        )
                    if tags > MAX_PART_TAGS:
                        raise _refuse(
                            M_(
                                "{part} holds more than {most} XML tags; a boletim's parts hold some thousands",
                                part=quoted(member.filename),
                                most=Grouped(MAX_PART_TAGS),
                            ),
                            path,
                        )
                    if total_tags + tags > MAX_TOTAL_TAGS:
                        raise _refuse(
                            M_(
                                "the workbook holds more than {most} XML tags; a workbook of 500 boletins "
                                "holds some {usual}",
                                most=Grouped(MAX_TOTAL_TAGS),
                                usual=Grouped(1_600_000),
                            ),
                            path,
                        )
                    if budget is not None:
                        budget.check_time()
        except SheetFormatError:
            raise
        except DAMAGED_MEMBER:
            raise _refuse(
                M_("damaged or unreadable workbook (part {part})", part=quoted(member.filename)), path
            ) from None
        total_tags += tags


class Workbook:
    """What a workbook's structure says: its worksheets (title, part), shared strings and date
    styles, and the open zip to read the worksheets from."""

    def __init__(self, archive, sheets, shared, date_styles, epoch):
        self.archive, self.sheets, self.shared, self.date_styles, self.epoch = (
            archive,
            sheets,
            shared,
            date_styles,
            epoch,
        )

    def close(self) -> None:
        self.archive.close()


def open_workbook(data: bytes, path: str) -> Workbook:
    """The workbook's structure, read by openpyxl's own steps (manifest, shared strings,
    workbook, styles) and nothing more: no properties, no worksheet is opened here."""
    if not openpyxl_xml.DEFUSEDXML:  # defusedxml is a dependency; refuse to parse without it
        raise _refuse(M_("defusedxml is not installed: refusing to read an untrusted workbook"), path)
    reader = None
    try:
        reader = ExcelReader(io.BytesIO(data), read_only=True, keep_vba=False, data_only=False, keep_links=False)
        reader.read_manifest()
        reader.read_strings()
        reader.read_workbook()
        apply_stylesheet(reader.archive, reader.wb)
        sheets = [
            (sheet.name, rel.target)
            for sheet, rel in reader.parser.find_sheets()
            if rel.target in reader.valid_files and "chartsheet" not in str(rel.Type)
        ]
        wb = reader.wb
        return Workbook(
            reader.archive, sheets, list(reader.shared_strings), set(getattr(wb, "_date_formats", None) or ()), wb.epoch
        )
    except Exception as exc:  # openpyxl raises many kinds on damaged files; each is one line here
        if reader is not None:
            reader.archive.close()
        detail = " ".join(str(exc).split())
        cause = exc.__cause__ or exc.__context__
        if cause is not None:  # the error behind openpyxl's own
            detail = f"{type(cause).__name__}: {' '.join(str(cause).split())}"
        # The whole line is cut at 300 characters once said, in whichever language says it.
        said = i18n.Clipped(
            M_("damaged or unreadable workbook ({error}: {detail})", error=type(exc).__name__, detail=detail), 300
        )
        raise _refuse(said, path) from None


def worksheets(wb: Workbook, path: str) -> list[tuple[str, str]]:
    """The (title, part) of each worksheet to read; refused when there are too many."""
    if len(wb.sheets) > MAX_WORKSHEETS:
        raise _refuse(
            M_(
                "the workbook has {count} worksheets; a workbook of boletins has at most {most}",
                count=len(wb.sheets),
                most=MAX_WORKSHEETS,
            ),
            path,
        )
    return wb.sheets


def read_grid(wb: Workbook, title: str, member: str, budget: _Budget) -> Grid:
    """The non-empty cells of a worksheet within the bounds, as a Grid: what was typed, each
    formula with the value saved with it, the merged ranges, and the first cell beyond the bounds."""
    reader = _SheetReader(title, wb.shared, wb.date_styles, wb.epoch, budget)
    try:
        with wb.archive.open(member) as source:
            reader.feed(source)
    except SheetFormatError:
        raise
    except DAMAGED_WORKSHEET:
        raise _refuse(M_("damaged worksheet {title}", title=quoted(title)), budget.path) from None
    except expat.ExpatError as exc:
        raise _refuse(
            M_(
                "damaged worksheet {title} (XML error: {error}, line {line})",
                title=quoted(title),
                error=expat.ErrorString(exc.code),
                line=exc.lineno,
            ),
            budget.path,
        ) from None
    return Grid(budget.path, title, reader.values, reader.formulas, reader.saved, reader.merges, reader.beyond)


_LOCAL_NAMES: dict[str, str] = {}


def _local(name: str) -> str:
    """An element's name without its namespace prefix (`x:c` is `c`: any prefix is accepted)."""
    local = _LOCAL_NAMES.get(name)
    if local is None:
        local = name.rpartition(":")[2]
        if len(_LOCAL_NAMES) < 1000:  # a hostile sheet may use many names: keep the cache small
            _LOCAL_NAMES[name] = local
    return local


_STYLE_NUMBERS: dict[str, int] = {}


def _style_number(style: str) -> int:
    """A cell's `s` attribute as a number (0, the default style, when it is none)."""
    number = _STYLE_NUMBERS.get(style)
    if number is None:
        number = int(style) if style.isascii() and style.isdigit() and len(style) <= 9 else 0
        if len(_STYLE_NUMBERS) < 10_000:
            _STYLE_NUMBERS[style] = number
    return number


_CELL_PLACES: dict[str, tuple[int, int]] = {}


def _cell_place(reference: str) -> tuple[int, int] | None:
    """`D7` (or `$D$7`) as (row, column); None when it is no cell reference."""
    match = _CELL_REF.fullmatch(reference.replace("$", ""))
    if match is None:
        return None
    place = int(match.group(2)), _column_number(match.group(1))
    if len(_CELL_PLACES) < 100_000:  # a hostile sheet may name a million cells: keep the cache bounded
        _CELL_PLACES[reference] = place
    return place


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


class ErrorValue(NamedTuple):
    """An error value as a spreadsheet shows it (`#N/A`, `#VALUE!`), typed or computed: never
    a value a score sheet holds. Not a str, so that no reader takes it for text."""

    code: str


class Merge(NamedTuple):
    """A merged range of cells: its first and last row and column."""

    first_row: int
    first_column: int
    last_row: int
    last_column: int

    @property
    def ref(self) -> str:
        return f"{col(self.first_column)}{self.first_row}:{col(self.last_column)}{self.last_row}"


class _SheetReader:
    """An expat handler set for one worksheet: counts every row and cell, keeps those in bounds."""

    def __init__(self, title: str, shared: list, date_styles: set, epoch, budget: _Budget):
        self.title, self.shared, self.date_styles, self.epoch, self.budget = title, shared, date_styles, epoch, budget
        self.path = budget.path
        self.values: dict[tuple[int, int], object] = {}
        self.formulas: dict[tuple[int, int], str] = {}  # position -> the formula's text (without '=')
        self.saved: dict[tuple[int, int], object] = {}  # position -> the value saved with its formula
        self.merges: list[Merge] = []
        self.beyond: tuple[int, int] | None = None  # the first cell beyond the bounds that holds anything
        self.rows = self.cells = 0
        self.row = self.column = 0
        self.depth_data = False  # inside <sheetData>
        self.cell: tuple[int, int, str, int] | None = None  # (row, column, type, style) of the open <c>
        self.text: list[str] | None = None  # collecting the text of <v>, <t> or <f>
        self.value_text: str | None = None
        self.formula_text: str | None = None
        self.inline: list[str] = []
        self.formula = False
        self.in_phonetic = False

    def feed(self, source) -> None:
        parser = expat.ParserCreate()
        parser.buffer_text = True
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.characters
        parser.StartDoctypeDeclHandler = self.forbidden
        parser.EntityDeclHandler = self.forbidden
        parser.ExternalEntityRefHandler = self.forbidden
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        while True:
            chunk = source.read(1 << 16)
            if not chunk:
                break
            parser.Parse(chunk, False)
            self.budget.check_time()
        parser.Parse(b"", True)

    def forbidden(self, *args):
        raise _refuse(M_("worksheet {title} declares a DTD or entities: refused", title=quoted(self.title)), self.path)

    def _far(self, row: int, column: int) -> None:
        if row > FAR_ROWS or column > FAR_COLUMNS:
            raise _refuse(
                M_(
                    "worksheet {title} reaches {cell}; a boletim fits well inside {corner}",
                    title=quoted(self.title),
                    cell=f"{col(min(column, 16384))}{row}",
                    corner=f"{col(MAX_COLUMNS)}{MAX_ROWS}",
                ),
                self.path,
            )

    def start(self, name: str, attrs: dict) -> None:
        local = _LOCAL_NAMES.get(name) or _local(name)  # inline: this runs for every element
        if self.cell is not None:
            if local in ("v", "t") and not self.in_phonetic:
                self.text = []
            elif local == "f":
                self.formula = True
                self.text = []
            elif local == "rPh":
                self.in_phonetic = True
            return
        if local == "c" and self.depth_data:
            self._open_cell(attrs)
        elif local == "row" and self.depth_data:
            self._open_row(attrs)
        elif local == "sheetData":
            self.depth_data = True
        elif local == "mergeCell" and not self.depth_data:
            self._merge(attrs)
        elif local == "dimension":
            corner = str(attrs.get("ref", "")).rpartition(":")[2].replace("$", "")
            match = _CELL_REF.fullmatch(corner)
            if match:
                self._far(int(match.group(2)), _column_number(match.group(1)))

    def _merge(self, attrs: dict) -> None:
        """A merged range, counted as a cell; one that is not a range of cells is damage."""
        self._count_cell()
        if len(self.merges) >= MAX_MERGES:
            raise _refuse(
                M_(
                    "worksheet {title} has more than {most} merged ranges; a boletim has a few dozen",
                    title=quoted(self.title),
                    most=Grouped(MAX_MERGES),
                ),
                self.path,
            )
        ref = str(attrs.get("ref", "")).replace("$", "")
        match = _RANGE_REF.fullmatch(ref)
        if match is None:
            raise _refuse(
                M_(
                    "damaged worksheet {title} (merged range {reference})",
                    title=quoted(self.title),
                    reference=quoted(ref),
                ),
                self.path,
            )
        first_row, first_column = int(match.group(2)), _column_number(match.group(1))
        last_row, last_column = first_row, first_column
        if match.group(3):
            last_row, last_column = int(match.group(4)), _column_number(match.group(3))
        first_row, last_row = sorted((first_row, last_row))
        first_column, last_column = sorted((first_column, last_column))
        self._far(last_row, last_column)
        if first_row <= MAX_ROWS and first_column <= MAX_COLUMNS:  # what is not read cannot be merged over
            self.merges.append(Merge(first_row, first_column, last_row, last_column))

    def _open_row(self, attrs: dict) -> None:
        self.rows += 1
        self.budget.rows += 1
        if self.rows > MAX_SHEET_ROWS:
            raise _refuse(
                M_(
                    "worksheet {title} has more than {most} rows; a boletim has a few hundred",
                    title=quoted(self.title),
                    most=Grouped(MAX_SHEET_ROWS),
                ),
                self.path,
            )
        if self.budget.rows > MAX_TOTAL_ROWS:
            raise _refuse(
                M_(
                    "the workbook has more than {most} rows; 500 boletins have some {usual}",
                    most=Grouped(MAX_TOTAL_ROWS),
                    usual=Grouped(23_000),
                ),
                self.path,
            )
        if self.rows & 255 == 0:
            self.budget.check_time()
        number = attrs.get("r")
        if number is None:
            self.row += 1
        elif number.isascii() and number.isdigit() and len(number) <= 7:
            self.row = int(number)
        else:
            raise _refuse(
                M_("damaged worksheet {title} (row number {number})", title=quoted(self.title), number=quoted(number)),
                self.path,
            )
        self.column = 0
        self._far(self.row, 1)

    def _count_cell(self) -> None:
        self.cells += 1
        self.budget.cells += 1
        if self.cells > MAX_SHEET_CELLS:
            raise _refuse(
                M_(
                    "worksheet {title} has more than {most} cells; a boletim has some thousands",
                    title=quoted(self.title),
                    most=Grouped(MAX_SHEET_CELLS),
                ),
                self.path,
            )
        if self.budget.cells > MAX_TOTAL_CELLS:
            raise _refuse(
                M_(
                    "the workbook has more than {most} cells; 500 boletins have some {usual}",
                    most=Grouped(MAX_TOTAL_CELLS),
                    usual=Grouped(290_000),
                ),
                self.path,
            )
        if self.cells & 1023 == 0:
            self.budget.check_time()

    def _open_cell(self, attrs: dict) -> None:
        self.cells += 1  # _count_cell, inline: this runs for every cell of every worksheet
        self.budget.cells += 1
        if self.cells > MAX_SHEET_CELLS or self.budget.cells > MAX_TOTAL_CELLS or self.cells & 1023 == 0:
            self.cells -= 1
            self.budget.cells -= 1
            self._count_cell()
        reference = attrs.get("r")
        if reference is None:
            row, column = self.row, self.column + 1
        else:
            # Every boletim of a workbook names the same cells: a reference is parsed once.
            place = _CELL_PLACES.get(reference)
            if place is None:
                place = _cell_place(reference)
                if place is None:
                    raise _refuse(
                        M_(
                            "damaged worksheet {title} (cell reference {reference})",
                            title=quoted(self.title),
                            reference=quoted(reference),
                        ),
                        self.path,
                    )
            row, column = place
        self.column = column
        if row > FAR_ROWS or column > FAR_COLUMNS:
            self._far(row, column)
        style = attrs.get("s")
        self.cell = (row, column, attrs.get("t", "n"), 0 if style is None else _style_number(style))
        self.value_text, self.formula_text, self.inline = None, None, []
        self.formula, self.in_phonetic = False, False

    def characters(self, data: str) -> None:
        if self.text is not None:
            self.text.append(data)

    def end(self, name: str) -> None:
        local = _LOCAL_NAMES.get(name) or _local(name)
        if self.cell is None:
            if local == "sheetData":
                self.depth_data = False
            return
        if local == "c":
            self._close_cell(self.cell)
            self.cell = None
        elif local == "rPh":
            self.in_phonetic = False
        elif self.text is not None and local in ("v", "t", "f"):
            text = "".join(self.text)
            self.text = None
            if local == "v":
                self.value_text = text
            elif local == "t":
                self.inline.append(text)
            else:
                self.formula_text = text

    def _close_cell(self, cell: tuple[int, int, str, int]) -> None:
        row, column, kind, style = cell
        position = (row, column)
        if row > MAX_ROWS or column > MAX_COLUMNS:
            # counted, not kept: outside what a boletim uses; the first that holds anything is
            # remembered, for a boletim's reader to refuse (nothing typed is ever skipped)
            if self.beyond is None and (self.formula or self._value(kind, style, position) not in (None, "")):
                self.beyond = position
            return
        if self.formula:
            self.formulas[position] = self.formula_text or ""
            self.values[position] = "="  # a formula; its saved value is kept apart, for the readers to judge
            saved = self._saved(kind, style, position)
            if saved is None:
                self.saved.pop(position, None)
            else:
                self.saved[position] = saved
            return
        if position in self.formulas:  # a cell written twice: the last one counts
            del self.formulas[position]
            self.saved.pop(position, None)
        value = self._value(kind, style, position)
        if value is None or value == "":
            self.values.pop(position, None)
        else:
            self.values[position] = value

    def _saved(self, kind: str, style: int, position):
        """The value saved with a formula: None when none was (openpyxl saves none), "" when the
        formula computed an empty text (a spreadsheet saves `t="str"` and an empty `<v>`)."""
        if kind == "str" and self.value_text is not None:
            return self.value_text
        if not self.value_text:
            return None
        return self._value(kind, style, position)

    def _value(self, kind: str, style: int, position):
        text = self.value_text
        if kind == "inlineStr":
            return "".join(self.inline) if self.inline else None
        if not text:
            return None
        if kind == "s":
            index = text.strip()
            if not (index.isascii() and index.isdigit() and len(index) <= 9 and int(index) < len(self.shared)):
                raise _refuse(
                    M_(
                        "damaged worksheet {title} (shared string {index} at {cell} does not exist)",
                        title=quoted(self.title),
                        index=quoted(index),
                        cell=f"{col(position[1])}{position[0]}",
                    ),
                    self.path,
                )
            value = self.shared[int(index)]
            return value if isinstance(value, str) else str(value)
        if kind == "b":
            return text.strip() in ("1", "true")
        if kind == "e":
            return ErrorValue(text.strip()[:40])
        if kind in ("str", "d"):
            return text
        return self._number(text.strip(), style)

    def _number(self, text: str, style: int):
        """A number as written in <v>; what is not a number stays text (Grid.number says so at the cell)."""
        value: int | float | str
        if _INTEGER.fullmatch(text):
            value = int(text)
        else:
            try:
                value = float(text) if len(text) <= 400 else text
            except ValueError:
                return text
        if (
            style in self.date_styles
            and isinstance(value, (int, float))
            and math.isfinite(value)
            and 0 <= value < 2958466
        ):  # a date: as openpyxl would give it
            try:
                return from_excel(value, self.epoch) if self.epoch is not None else from_excel(value)
            except (OverflowError, ValueError):
                return value
        return value


class FormulaRead(NamedTuple):
    """An input cell that held a formula, read by the value the spreadsheet saved with it."""

    row: int
    column: int
    formula: str
    value: object


class Grid:
    """A worksheet's cells as read, and how each may be read.

    `label` reads a label or a marker (a column head, a row's number): typed text only. The
    input cells (what a person types: counts, names, contracts) are read by `text`, `number`
    and `value`: a formula there is read by the value the spreadsheet saved with it, and
    remembered in `formulas_read` (its reader reports a warning at the cell); a formula with no
    saved value, an error value, and a cell merged other than as its writer merges it are
    refused at the cell. A cell the writer fills with a formula and a person may type over (a
    total, a standing) is read by `typed_over`: its formula is the writer's and is not read;
    a value typed over it is.
    """

    def __init__(
        self,
        path: str,
        title: str,
        values: dict,
        formulas,
        saved: dict | None = None,
        merges=(),
        beyond: tuple[int, int] | None = None,
    ):
        self.path, self.title, self.values = path, title, values
        self.formulas = formulas if isinstance(formulas, dict) else dict.fromkeys(formulas, "")
        self.saved = saved or {}
        self.merges = list(merges)
        self.beyond = beyond
        self.formulas_read: dict[tuple[int, int], FormulaRead] = {}
        self._merged_rows: dict[int, list[Merge]] | None = None

    def where(self, row: int, column: int) -> str:
        return f"{self.path}:{self.title}!{col(column)}{row}"

    # --- labels and markers ------------------------------------------------------------------
    def label(self, row: int, column: int) -> str | None:
        """A cell's typed text (a number as its text); None for a formula, an error or nothing."""
        value = self.values.get((row, column))
        if value is None or (row, column) in self.formulas or isinstance(value, ErrorValue):
            return None
        return _shown(value)

    def present(self, row: int, column: int) -> bool:
        """The cell holds anything: a value, a formula or an error."""
        return (row, column) in self.values

    def marker(self, row: int, column: int):
        """A row's marker (its number in column A): what is typed, or a formula's saved value."""
        position = (row, column)
        return self.saved.get(position) if position in self.formulas else self.values.get(position)

    # --- input cells -------------------------------------------------------------------------
    def value(self, row: int, column: int, merged_as: Merge | None = None):
        """What a person typed in an input cell (None when it is empty)."""
        if self._merged_rows is None:
            self._merged_rows = self._index_merges()
        if row in self._merged_rows:
            self._not_merged(row, column, merged_as)
        position = (row, column)
        value = self.values.get(position)
        if value is None:  # most input cells are empty: read them at once
            return None
        if position in self.formulas:
            value = self._formula_value(position)
        elif isinstance(value, ErrorValue):
            raise SheetFormatError(
                M_("the cell holds the error value {error}, not a value: type the value itself", error=value.code),
                self.where(row, column),
            )
        if isinstance(value, str) and not value.strip():
            return None
        return value

    def _formula_value(self, position: tuple[int, int]):
        """An input cell's formula, read by the value saved with it (and remembered, to be said)."""
        formula = self.formulas[position]
        if position not in self.saved:
            raise SheetFormatError(
                M_(
                    "the cell holds the formula {formula} and no value saved with it: type the "
                    "value itself, or open and save the workbook in a spreadsheet so that the "
                    "formula is computed",
                    formula=_formula(formula),
                ),
                self.where(*position),
            )
        value = self.saved[position]
        if isinstance(value, ErrorValue):
            raise SheetFormatError(
                M_(
                    "the cell holds the formula {formula}, whose value is the error {error}: a "
                    "score sheet's cell holds a value",
                    formula=_formula(formula),
                    error=value.code,
                ),
                self.where(*position),
            )
        self.formulas_read[position] = FormulaRead(*position, formula, value)
        return value

    def text(self, row: int, column: int, merged_as: Merge | None = None) -> str | None:
        """An input cell as text (a number as its text), stripped; None when empty."""
        value = self.value(row, column, merged_as)
        return None if value is None else _shown(value)

    def number(self, row: int, column: int, unsigned: bool = False, merged_as: Merge | None = None) -> int | None:
        """A typed whole number; an empty cell is None; anything else that is not a whole number
        of a score sheet's size is refused at its cell."""
        return self._number(self.value(row, column, merged_as), row, column, unsigned)

    # --- cells the writer computes, which a person may type over -------------------------------
    def typed_over(self, row: int, column: int, merged_as: Merge | None = None):
        """A value typed over a computed cell's formula (None: the formula, or nothing)."""
        position = (row, column)
        if position in self.formulas:
            return None
        return self.value(row, column, merged_as)

    def typed_over_number(
        self, row: int, column: int, unsigned: bool = False, merged_as: Merge | None = None
    ) -> int | None:
        return self._number(self.typed_over(row, column, merged_as), row, column, unsigned)

    def typed_over_text(self, row: int, column: int, merged_as: Merge | None = None) -> str | None:
        value = self.typed_over(row, column, merged_as)
        return None if value is None else _shown(value)

    def formula_findings(self, kind) -> list:
        """A warning of `kind` at each input cell read by the value saved with its formula."""
        found = []
        for (row, column), read in sorted(self.formulas_read.items()):
            value = quoted(read.value) if isinstance(read.value, str) else _shown(read.value)
            found.append(
                Finding(
                    Severity.WARNING,
                    self.where(row, column),
                    None,
                    M_(
                        "the cell holds the formula {formula}: read as the value saved with it, {value}",
                        formula=_formula(read.formula),
                        value=value,
                    ),
                    kind.rule,
                    code=kind.code,
                )
            )
        return found

    # --- merged ranges -----------------------------------------------------------------------
    def merge_at(self, row: int, column: int) -> Merge | None:
        """The merged range the cell is part of, if any."""
        if self._merged_rows is None:
            self._merged_rows = self._index_merges()
        for merge in self._merged_rows.get(row, ()):
            if merge.first_column <= column <= merge.last_column:
                return merge
        return None

    def _index_merges(self) -> dict[int, list[Merge]]:
        """The merged ranges by the rows they span (bounded: a range over a thousand rows costs
        a thousand)."""
        index: dict[int, list[Merge]] = {}
        spanned = 0
        for merge in self.merges:
            for r in range(merge.first_row, min(merge.last_row, MAX_ROWS) + 1):
                spanned += 1
                if spanned > MAX_MERGED_ROWS:
                    raise SheetFormatError(
                        M_(
                            "worksheet {title} has merged ranges over more than {most} rows; a "
                            "boletim's span a row each",
                            title=quoted(self.title),
                            most=Grouped(MAX_MERGED_ROWS),
                        ),
                        self.path,
                    )
                index.setdefault(r, []).append(merge)
        return index

    def _not_merged(self, row: int, column: int, merged_as: Merge | None) -> None:
        merge = self.merge_at(row, column)
        if merge is not None and merge != merged_as:
            raise SheetFormatError(
                M_(
                    "the cell is merged with others ({range}): each cell a person types in holds "
                    "its own value; unmerge them",
                    range=merge.ref,
                ),
                self.where(row, column),
            )

    def _number(self, value, row: int, column: int, unsigned: bool) -> int | None:
        if value is None:
            return None
        original = value
        if isinstance(value, str):
            text = value.strip()
            if not text:
                return None
            if len(text) > 40:
                raise SheetFormatError(_not_a_number(quoted(text)), self.where(row, column))
            try:
                value = float(text.replace(",", ".")) if not _INTEGER.fullmatch(text) else int(text)
            except ValueError:
                raise SheetFormatError(_not_a_number(quoted(text)), self.where(row, column)) from None
            original = text
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise SheetFormatError(_not_a_number(quoted(original)), self.where(row, column))
        if isinstance(value, float) and not math.isfinite(value):
            raise SheetFormatError(_not_a_number(quoted(original)), self.where(row, column))
        if abs(value) >= MAX_MAGNITUDE:  # 13 digits: what a sheet (yaml_lines.MAX_DIGITS) refuses
            raise SheetFormatError(
                M_(
                    "{value} is out of range (a score sheet's numbers are below {most})",
                    value=quoted(original),
                    most=Grouped(MAX_MAGNITUDE),
                ),
                self.where(row, column),
            )
        if value != int(value):
            raise SheetFormatError(
                M_("{number} is not a whole number", number=_held(original)), self.where(row, column)
            )
        if unsigned and value < 0:
            raise SheetFormatError(
                M_("{number}: write points without a sign in Negativos and Positivos", number=int(value)),
                self.where(row, column),
            )
        return int(value)


def _held(value) -> str | i18n.Decimal:
    """A number as its cell holds it, every digit kept (1.0000000001 is not "1", which is what
    `{:g}` would say), said with the language's decimal comma; one typed as text, as typed."""
    if isinstance(value, str):
        return value
    text = format(decimal.Decimal(repr(value)), "f")  # the shortest digits that give the float back
    return i18n.Decimal(text if len(text) <= MAX_HELD else repr(value))  # 5e-324: not 324 zeros


def _shown(value) -> str | None:
    """A value as the text a cell shows: a whole float without its '.0'; stripped."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_MAGNITUDE:
        value = int(value)
    return str(value).strip() or None


def _formula(text: str) -> str | Message:
    """A formula as a message quotes it: `=5*2` (a shared formula's copies have no text of their own)."""
    return quoted("=" + text) if text else M_("(a copied formula)")


def _not_a_number(shown: str | Message) -> Message:
    return M_("{value} is not a number", value=shown)
