"""The season's workbook (`season export -o FILE.xlsx`, issue 27 point 5): its phases and events
with their states (Fases), each union's race to the final with its cut line (Apuramento, King
Art 3; RULINGS TN7-TN11), the final's seats, agreements and inscriptions (Final, TN7, TN13), the
players' membership and eligibility at each event (Jogadores, Art 2, TN8, TN9), each person's
events (Historial), the ratings when given, the committee's decisions (Decisões, TN10, Art 18)
and the journal's changes of the season's files (Diário).

Totals are formulas a spreadsheet recalculates: a person's points in his race are the SUM of
his events' points on Historial, the final's seats the SUM of the quotas, its open seats the
size less that SUM, an ordinal mu - 3 sigma. Every name is a stranger's: written inert
(sheet_style.put). Every word is the workbook's language's (gettext, context "season workbook")."""

from __future__ import annotations

import datetime
import math

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Side

from scorekeeper import games
from scorekeeper.i18n import pgettext
from scorekeeper.journal.change_words import action_word, by_text, entry_said, removed_word
from scorekeeper.journal.moments import printed
from scorekeeper.members.eligibility import gap, member_on
from scorekeeper.members.roster import Person
from scorekeeper.season.qualification_model import Race, RaceRow, Status
from scorekeeper.season.season_model import NACIONAL, Event
from scorekeeper.season.workbook_layout import (
    COMPLETE,
    DECISIONS_COLUMNS,
    FIRST_ROW,
    HEAD_ROW,
    HISTORY_COLUMNS,
    IN_PLAY,
    INFO_ROW,
    JOURNAL_COLUMNS,
    MAX_EVENT_COLUMNS,
    MAX_JOURNAL_ROWS,
    MAX_REGISTRY_ROWS,
    NOT_STARTED,
    PHASES_COLUMNS,
    PLAYERS_FIXED,
    RACE_FIXED,
    RATINGS_COLUMNS,
    TITLE_ROW,
    HistoryLayout,
    SeasonBook,
    column,
    counts_for,
)
from scorekeeper.tournaments.standings_words import decided_by_words, workbook_head
from scorekeeper.workbook.export import no_cyclic_gc
from scorekeeper.workbook.layout import col
from scorekeeper.workbook.page import page_scale
from scorekeeper.workbook.sheet_style import TITLE_FONT, Styles, page_setup, put, text_width
from scorekeeper.workbook.worksheet_names import formula_reference, worksheet_name

MIN_PORTRAIT_SCALE = 0.7  # as the championship workbook: a portrait page shrunk more turns landscape
DATE_FORMAT = "yyyy-mm-dd"
RATING_FORMAT = "0.000"
BODY_SIZE = 11  # the cells' font size, against the title's (sheet_style.TITLE_FONT)
CUT = Side(style="medium", color="000000")  # the cut line under the last qualified row (Art 3)


# --- the worksheets' names ------------------------------------------------------------------------


def phases_title() -> str:
    return pgettext("season workbook", "Phases")


def race_title(union: str) -> str:
    title = pgettext("season workbook", "Qualification {union}").format(union=union)
    return worksheet_name(title)


def unique_titles(unions: list[str]) -> dict[str, str]:
    """Each union's Apuramento title, unique among the workbook's worksheets however its id was
    cut to 31 characters (a formula names it: a worksheet renamed on the way would break it)."""
    taken = {
        title.lower()
        for title in (phases_title(), final_title(), players_title(), history_title())
        + (ratings_title(), decisions_title(), journal_title())
    }
    titles = {}
    for union in unions:
        base = title = race_title(union)
        number = 2
        while title.lower() in taken:
            suffix = f" ({number})"
            title, number = base[: 31 - len(suffix)] + suffix, number + 1
        taken.add(title.lower())
        titles[union] = title
    return titles


def final_title() -> str:
    return pgettext("season workbook", "Final")


def players_title() -> str:
    return pgettext("season workbook", "Players")


def history_title() -> str:
    return pgettext("season workbook", "Record")


def ratings_title() -> str:
    return pgettext("season workbook", "Ratings")  # pt: Força, the rating's word


def decisions_title() -> str:
    return pgettext("season workbook", "Decisions")


def journal_title() -> str:
    return pgettext("season workbook", "Journal")


reference = formula_reference  # the name the season's tests and the Final's formulas use


# --- words ----------------------------------------------------------------------------------------


def status_words(status: Status) -> str:
    """A race row's status (the JSON's `status`) as the workbook says it."""
    return {
        Status.QUALIFIED: pgettext("season workbook", "qualified"),
        Status.RESERVE: pgettext("season workbook", "reserve"),
        Status.EXCLUDED: pgettext("season workbook", "excluded"),
        Status.TIED: pgettext("season workbook", "tied"),
    }[status]


def state_words(state: str) -> str:
    return {
        COMPLETE: pgettext("season workbook", "complete"),
        IN_PLAY: pgettext("season workbook", "in play"),
        NOT_STARTED: pgettext("season workbook", "not started"),
    }.get(state, state)


def phase_words(phase: str) -> str:
    return pgettext("season workbook", "national") if phase == NACIONAL else pgettext("season workbook", "regional")


def periods_words(person: Person) -> str:
    """A person's periods of membership, each union's in turn: `norte 2020-01-01 to 2027-01-31`."""
    said = []
    for member in person.members:
        for period in member.periods:
            if period.end is None:
                span = pgettext("season workbook", "from {start}").format(start=period.start.isoformat())
            else:
                span = pgettext("season workbook", "{start} to {end}").format(
                    start=period.start.isoformat(), end=period.end.isoformat()
                )
            said.append(f"{member.union} {span}")
    return "; ".join(said)


def _plain(value: float) -> float | int:
    value = float(value)
    return int(value) if value.is_integer() else value


def _shown(value):
    """A tie-break's number as a cell shows it (as the championship workbook does)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return pgettext("championship", "yes") if value else pgettext("championship", "no")
    if isinstance(value, (list, tuple)):
        return ", ".join("" if v is None else str(_plain(v)) for v in value)
    if isinstance(value, float):
        return _plain(value)
    return value


# --- the workbook ---------------------------------------------------------------------------------


def build(book: SeasonBook) -> Workbook:
    """The season's workbook of `book`, in the language in use."""
    with no_cyclic_gc():
        return _Builder(book).build()


class _Sheet:
    """One worksheet being written: values put inert, each column's printed width kept."""

    def __init__(self, wb: Workbook, title: str, styles: Styles, header: str) -> None:
        self.ws = wb.create_sheet(title)
        self.styles, self.header = styles, header
        self.widths: dict[int, float] = {}
        self.capped: dict[int, float] = {}  # column: the widest it grows; a longer value wraps
        self.lines: dict[int, int] = {}  # row: the lines its wrapped values take
        self.above: list[float] = []  # the widths of the title and the line under it, printed unwrapped
        self.stretch: int | None = None  # the column widened when the list is narrower than its title

    def cap(self, column: int, width: float) -> None:
        """Column `column` no wider than `width`: a longer value wraps at its words, its row taller."""
        self.capped[column] = width

    def put(self, row: int, column: int, value, style: str | None = "box", shown: object = None):
        cell = put(self.ws, row, column, value) if not _is_formula(value) else self._formula(row, column, value)
        if isinstance(value, datetime.date):
            cell.number_format = DATE_FORMAT
        if style is not None:
            number_format = cell.number_format
            self.styles(cell, style)
            if number_format != "General":
                cell.number_format = number_format
        if row >= HEAD_ROW:
            text = _width_text(value if shown is None else shown)
            self.widths[column] = max(self.widths.get(column, 6.0), text_width(text, bold=style == "head"))
            if column in self.capped and row > HEAD_ROW and isinstance(value, str) and style is not None:
                cell.alignment = Alignment(wrap_text=True, vertical="top")
                lines = wrapped_lines(value, self.capped[column])
                self.lines[row] = max(self.lines.get(row, 1), lines)
        return cell

    def _formula(self, row: int, column: int, formula: str):
        cell = self.ws.cell(row, column)
        cell.value = formula
        return cell

    def title(self, text: str, info: str = "") -> None:
        self.styles(put(self.ws, TITLE_ROW, 1, text), "title")
        self.above.append(text_width(text, bold=True) * TITLE_FONT.size / BODY_SIZE)
        if info:
            self.styles(put(self.ws, INFO_ROW, 1, info), "bold")
            self.above.append(text_width(info, bold=True))

    def heads(self, heads, row: int = HEAD_ROW) -> None:
        for c, head in enumerate(heads, start=1):
            self.put(row, c, head, "head", shown=max(str(head).split() or [""], key=len))

    def note(self, row: int, last_col: int, text: str) -> int:
        """A wrapped note across the list's columns; the row after it."""
        cell = put(self.ws, row, 1, text)
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        self.ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=last_col)
        chars = max(20.0, sum(self.widths.get(c, 6.0) for c in range(1, last_col + 1)) / 1.05)
        self.ws.row_dimensions[row].height = 15 * (math.ceil(len(text) / chars) + 1)
        return row + 1

    def page(self, last_col: int, last_row: int) -> None:
        """Each column as wide as its longest value; A4, landscape when a portrait page would
        shrink the columns below MIN_PORTRAIT_SCALE; the heads repeated on every page."""
        widths = [min(self.widths.get(c, 6.0), self.capped.get(c, math.inf)) for c in range(1, last_col + 1)]
        short = max(self.above, default=0.0) - sum(widths)
        if short > 0:  # a narrow list (Decisões): its title and the line under it are printed whole
            stretch = self.stretch if self.stretch is not None else last_col
            widths[stretch - 1] += short
        for c, width in enumerate(widths, start=1):
            self.ws.column_dimensions[col(c)].width = width
        for row, lines in self.lines.items():
            if lines > 1:
                self.ws.row_dimensions[row].height = 15 * lines
                for c in range(1, last_col + 1):  # the row's other values at its top, beside the wrapped
                    cell = self.ws.cell(row, c)
                    if not cell.alignment.wrap_text:
                        cell.alignment = Alignment(vertical="top")
        lines = 1
        for c in range(1, last_col + 1):
            head = self.ws.cell(HEAD_ROW, c).value
            if isinstance(head, str):  # a head wider than its column wraps at its words
                lines = max(lines, math.ceil(text_width(head, bold=True) / widths[c - 1]))
        self.ws.row_dimensions[HEAD_ROW].height = 15 * min(lines, 3)
        landscape = page_scale(widths, False) < MIN_PORTRAIT_SCALE
        page_setup(
            self.ws,
            header=self.header,
            landscape=landscape,
            one_page=False,
            area=f"A1:{col(last_col)}{max(last_row, HEAD_ROW)}",
            repeat_titles=False,
        )
        self.ws.print_title_rows = f"{HEAD_ROW}:{HEAD_ROW}"
        self.ws.freeze_panes = f"A{FIRST_ROW}"


def wrapped_lines(text: str, width: float) -> int:
    """How many lines `text` takes wrapped at its words in a column `width` wide."""
    lines, line = 1, ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if line and len(joined) > width - 1:  # a column of width N prints some N characters of text
            lines, line = lines + 1, word
        else:
            line = joined
    return lines


def _is_formula(value) -> bool:
    return isinstance(value, Formula)


class Formula(str):
    """A formula the writer made (never a stranger's text: that is put inert)."""


def _width_text(value) -> str:
    if value is None or isinstance(value, Formula):
        return ""
    if isinstance(value, datetime.date):
        return "0000-00-00"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


class _Builder:
    def __init__(self, book: SeasonBook) -> None:
        self.book = book
        self.season = book.season
        self.styles = Styles()
        self.game = games.get(self.season.rules.game)
        self.words = self.game.standings_words()
        self.history = HistoryLayout(book)
        self.header = self.season.name

    def sheet(self, title: str) -> _Sheet:
        return _Sheet(self.wb, title, self.styles, self.header)

    def build(self) -> Workbook:
        self.wb = Workbook()
        self.wb.remove(self.wb.active)
        self.race_titles = unique_titles([race.union for race in self.book.qualification.races])
        self.finalist_rows: dict[str, tuple[int, int]] = {}  # each union's rows on Final's list of finalists
        self._phases()
        for race in self.book.qualification.races:
            self._race(race)
        self._final()
        self._players()
        self._history()
        if self.book.ratings is not None:
            self._ratings()
        self._decisions()
        self._journal()
        self.wb.active = 0
        return self.wb

    def name_of(self, person_id: str) -> str:
        person = self.book.roster.person(person_id)
        return person.name if person is not None else ""

    # --- Fases ------------------------------------------------------------------------------------
    def _phases(self) -> None:
        s = self.sheet(phases_title())
        s.title(
            pgettext("season workbook", "{season}: phases and events").format(season=self.season.name),
            pgettext("season workbook", "Season from {starts}; rules: {rules}").format(
                starts=self.season.starts.isoformat(), rules=self.season.rules.title
            ),
        )
        s.heads(
            [
                pgettext("season workbook", "No."),
                pgettext("season workbook", "Phase"),
                pgettext("season workbook", "File"),
                pgettext("season workbook", "Tournament"),
                pgettext("season workbook", "Union"),
                pgettext("season workbook", "Date"),
                pgettext("season workbook", "State"),
                pgettext("season workbook", "Sheets in"),
                pgettext("season workbook", "Sheets"),
            ]
        )
        r = HEAD_ROW
        for number, state in enumerate(self.book.events, start=1):
            r = HEAD_ROW + number
            event = state.event
            values = [number, phase_words(event.phase), event.file, state.title, event.union or ""]
            values += [event.date, state_words(state.state), state.sheets_in, state.sheets]
            for c, value in enumerate(values, start=1):
                s.put(r, c, value)
        last_col = len(PHASES_COLUMNS)
        total = r + 1
        s.put(total, 1, pgettext("season workbook", "Total"), "total")
        for c in range(2, last_col + 1):
            s.put(total, c, None, "total")
        if self.book.events:
            for name in ("sheets_in", "sheets"):
                c = column(PHASES_COLUMNS, name)
                s.put(total, c, Formula(f"=SUM({col(c)}{FIRST_ROW}:{col(c)}{r})"), "total")
        else:
            s.put(total, column(PHASES_COLUMNS, "sheets_in"), 0, "total")
            s.put(total, column(PHASES_COLUMNS, "sheets"), 0, "total")
        s.page(last_col, total)

    # --- Apuramento -------------------------------------------------------------------------------
    def _race(self, race: Race) -> None:
        s = self.sheet(self.race_titles[race.union])
        info = pgettext("season workbook", "{count} seats in the final ({article})").format(
            count=race.seats, article=self.season.rules.final_article
        )
        if race.provisional:
            info += " - " + pgettext("season workbook", "PROVISIONAL: a regional event is still in play")
        s.title(pgettext("season workbook", "Qualification: {union}").format(union=race.name or race.union), info)
        keys: list[str] = []
        for row in race.rows:
            keys += [key for key in row.tiebreaks if key not in keys]
        heads = [
            pgettext("season workbook", "Place"),
            pgettext("season workbook", "Member"),
            pgettext("season workbook", "Name"),
            pgettext("season workbook", "Points"),
            *(workbook_head(self.words, key) for key in keys),
            pgettext("season workbook", "Decided by"),
            pgettext("season workbook", "Status"),
            pgettext("season workbook", "Article"),
            pgettext("season workbook", "Events"),
        ]
        s.heads(heads)
        last_col = len(heads)
        r = HEAD_ROW
        for r, row in enumerate(race.rows, start=FIRST_ROW):
            self._race_row(s, r, row, keys)
        cut = max((i for i, row in enumerate(race.rows) if row.status is Status.QUALIFIED), default=None)
        if cut is not None:  # Art 3: the line under the union's last seat
            for c in range(1, last_col + 1):
                cell = s.ws.cell(FIRST_ROW + cut, c)
                old = cell.border
                cell.border = Border(left=old.left, right=old.right, top=old.top, bottom=CUT)
        below = s.note(r + 2, last_col, self._race_note(race))
        s.page(last_col, below - 1)

    def _race_row(self, s: _Sheet, r: int, row: RaceRow, keys: list[str]) -> None:
        runs = self.history.ranges(row.id, row.union)
        if runs:
            points_col = col(column(HISTORY_COLUMNS, "points"))
            ref = reference(history_title())
            terms = ",".join(
                f"{ref}!{points_col}{a}" if a == b else f"{ref}!{points_col}{a}:{points_col}{b}" for a, b in runs
            )
            points: object = Formula(f"=SUM({terms})")
        else:
            points = _plain(row.points)
        values = [row.place, row.id, row.name, points]
        values += [_shown(row.tiebreaks.get(key)) for key in keys]
        values += [decided_by_words(self.words, row.decided_by), status_words(row.status), row.article or ""]
        values += [row.events]
        for c, value in enumerate(values, start=1):
            s.put(r, c, value, "box_points" if c == 4 else "box", shown=row.points if c == 4 else None)

    def _race_note(self, race: Race) -> str:
        rules = self.season.rules
        note = pgettext(
            "season workbook",
            "The thick line is the cut: above it the union's {count} seats in the final ({article}). Points add up "
            "each one's events on Record that count for this union (TN10); a tie at the last seat is decided by the "
            "organising committee ({decisions}); an ineligible player is excluded ({eligibility}).",
        ).format(
            count=race.seats,
            article=rules.final_article,
            decisions=rules.decision_article,
            eligibility=rules.eligibility_article,
        )
        if race.inscribed:
            note += " " + pgettext("season workbook", "Inscribed: {ids}.").format(ids=", ".join(race.inscribed))
        return note

    # --- Final ------------------------------------------------------------------------------------
    def _final(self) -> None:
        """The final's seats by union (TN7: the quotas bind; open seats until an agreement),
        the agreements, and each union's inscriptions (TN13)."""
        s = self.sheet(final_title())
        q = self.book.qualification
        s.title(
            pgettext("season workbook", "{season}: the Final Nacional").format(season=self.season.name),
            pgettext("season workbook", "Seats: each union's quota ({article}); the latest agreement sets them").format(
                article=self.season.rules.final_article
            ),
        )
        s.heads(
            [
                pgettext("season workbook", "Union"),
                pgettext("season workbook", "Name"),
                pgettext("season workbook", "Quota"),
                pgettext("season workbook", "Qualified"),
                pgettext("season workbook", "Finalists"),
                pgettext("season workbook", "Chosen by"),
            ]
        )
        races = q.races
        last = HEAD_ROW + len(races)
        size_row, sum_row, open_row = last + 1, last + 2, last + 3
        inscriptions_top = self._agreements(s, open_row + (3 if q.open_seats > 0 else 2))
        last_inscribed = self._finalists(s, inscriptions_top)
        for r, race in enumerate(races, start=FIRST_ROW):
            self._final_row(s, r, race)
        quotas = f"C{FIRST_ROW}:C{max(FIRST_ROW, last)}"
        s.put(size_row, 1, pgettext("season workbook", "Size of the final"), "total")
        s.put(size_row, 3, q.size, "total")
        s.put(sum_row, 1, pgettext("season workbook", "Seats by quota"), "total")
        s.put(sum_row, 3, Formula(f"=SUM({quotas})"), "total", shown=q.size - q.open_seats)
        s.put(open_row, 1, pgettext("season workbook", "Open seats"), "total")
        s.put(open_row, 3, Formula(f"=C{size_row}-SUM({quotas})"), "total", shown=q.open_seats)
        for r in (size_row, sum_row, open_row):
            for c in (2, 4, 5, 6):
                s.put(r, c, None, "total")
        if q.open_seats > 0:  # TN7: warned of, citing Art 3, until an agreement fills them
            s.note(open_row + 1, 6, self._open_note(q.open_seats))
        s.page(max(6, 3 + len(self.season.rules.unions)), last_inscribed)

    def _final_row(self, s: _Sheet, r: int, race: Race) -> None:
        """A union's seats: its quota, its qualified (counted on its Apuramento), and its finalists
        (counted on the list below) with how they were chosen: its inscriptions, or its qualified
        where it inscribed none (TN13, as `season final` writes the final)."""
        qualified = sum(1 for row in race.rows if row.status is Status.QUALIFIED)
        status_col = col(len(RACE_FIXED) + self._keys_count(race) + 2)
        rows = f"{status_col}{FIRST_ROW}:{status_col}{max(FIRST_ROW, HEAD_ROW + len(race.rows))}"
        status = status_words(Status.QUALIFIED).replace('"', '""')
        s.put(r, 1, race.union)
        s.put(r, 2, race.name)
        s.put(r, 3, race.seats)
        s.put(r, 4, Formula(f'=COUNTIF({reference(self.race_titles[race.union])}!{rows},"{status}")'), shown=qualified)
        finalists = self.finalist_rows.get(race.union)  # its rows' Order numbers, counted
        s.put(r, 5, Formula(f"=COUNT(B{finalists[0]}:B{finalists[1]})") if finalists else 0)
        s.put(r, 6, self._chosen_by(race.union in self.season.inscriptions))

    def _chosen_by(self, inscribed: bool) -> str:
        if inscribed:
            return pgettext("season workbook", "inscription")
        return pgettext("season workbook", "qualified (no inscription)")

    def _keys_count(self, race: Race) -> int:
        keys: list[str] = []
        for row in race.rows:
            keys += [key for key in row.tiebreaks if key not in keys]
        return len(keys)

    def _open_note(self, seats: int) -> str:
        return pgettext(
            "season workbook",
            "{count} seats beyond the quotas are open until the unions agree on them ({article}: "
            '"desde que haja acordo dos Sindicatos").',
        ).format(count=seats, article=self.season.rules.final_article)

    def _agreements(self, s: _Sheet, top: int) -> int:
        """The unions' agreements (TN7): date, size, each union's quota and their SUM; the row after."""
        unions = list(self.season.rules.unions)
        self.styles(put(s.ws, top, 1, pgettext("season workbook", "Agreements")), "bold")
        heads = [
            pgettext("season workbook", "Date"),
            pgettext("season workbook", "Size"),
            *unions,
            pgettext("season workbook", "Sum"),
        ]
        s.heads(heads, top + 1)
        r = top + 1
        for r, agreement in enumerate(sorted(self.season.agreements, key=lambda a: a.date), start=top + 2):
            s.put(r, 1, agreement.date)
            s.put(r, 2, agreement.size)
            for c, union in enumerate(unions, start=3):
                s.put(r, c, agreement.quotas.get(union, 0))
            total = Formula(f"=SUM({col(3)}{r}:{col(2 + len(unions))}{r})")
            s.put(r, 3 + len(unions), total, shown=sum(agreement.quotas.values()))
        if not self.season.agreements:
            r = top + 2
            s.put(r, 1, pgettext("season workbook", "none"), None)
        return r + 2

    def _finalists(self, s: _Sheet, top: int) -> int:
        """The final's players as `season final` chooses them (TN13): each union's inscriptions in
        its order, or its qualified where it inscribed none; where its race puts each one, and
        how he was chosen. The last row."""
        from scorekeeper.season.finalists import finalists_of  # lazy: only the Final sheet needs it

        self.styles(put(s.ws, top, 1, pgettext("season workbook", "Finalists")), "bold")
        s.heads(
            [
                pgettext("season workbook", "Union"),
                pgettext("season workbook", "Order"),
                pgettext("season workbook", "Member"),
                pgettext("season workbook", "Name"),
                pgettext("season workbook", "Status"),
                pgettext("season workbook", "Chosen by"),
            ],
            top + 1,
        )
        statuses = {(row.union, row.id): row.status for row in self.book.qualification.rows()}
        r = top + 1
        order: dict[str, int] = {}
        for finalist in finalists_of(self.season, self.book.roster, self.book.qualification):
            r += 1
            order[finalist.union] = order.get(finalist.union, 0) + 1
            first, _last = self.finalist_rows.get(finalist.union, (r, r))
            self.finalist_rows[finalist.union] = (first, r)
            status = statuses.get((finalist.union, finalist.id))
            values = [finalist.union, order[finalist.union], finalist.id, self.name_of(finalist.id)]
            values += [status_words(status) if status else "", self._chosen_by(finalist.inscribed)]
            for c, value in enumerate(values, start=1):
                s.put(r, c, value)
        if r == top + 1:
            r += 1
            s.put(r, 1, pgettext("season workbook", "none"), None)
        return r

    # --- Jogadores --------------------------------------------------------------------------------
    def persons(self) -> tuple[list[Person], bool]:
        """Every member of every registry the season names, by person id (one row a person: a
        move between unions is one person, TN9), whether he played or not (a lapsed member who
        never played is listed with the gap that keeps him out, Art 2); and True. Past
        MAX_REGISTRY_ROWS persons (a union's whole roll of 100,000), only those the season names
        (its events' players, its races, inscriptions and decisions), and False: `registry show`
        gives any other."""
        roster = self.book.roster
        found: dict[str, Person] = {}
        if len(roster.members) <= MAX_REGISTRY_ROWS:
            for member_id in roster.members:
                person = roster.person(member_id)
                if person is not None:
                    found.setdefault(person.id, person)
            if len(found) <= MAX_REGISTRY_ROWS:
                return [found[key] for key in sorted(found)], True
            found = {}
        ids = {played.person for played in self.book.played}
        ids |= {row.id for row in self.book.qualification.rows()}
        ids |= {seat for seats in self.season.inscriptions.values() for seat in seats}
        ids |= {decision.seat for decision in self.season.decisions}
        for person_id in ids:
            person = roster.person(person_id)
            if person is not None:
                found[person.id] = person
        return [found[key] for key in sorted(found)], False

    def _players(self) -> None:
        s = self.sheet(players_title())
        rules = self.season.rules
        events = [state.event for state in self.book.events][:MAX_EVENT_COLUMNS]
        s.title(
            pgettext("season workbook", "{season}: players").format(season=self.season.name),
            pgettext(
                "season workbook", "Eligibility at each event ({article}): a member every day since {starts}"
            ).format(article=rules.eligibility_article, starts=self.season.starts.isoformat()),
        )
        heads = [
            pgettext("season workbook", "Member"),
            pgettext("season workbook", "Name"),
            pgettext("season workbook", "Union"),
            pgettext("season workbook", "Membership"),
            *(pgettext("season workbook", "Event {number}").format(number=n) for n in range(1, len(events) + 1)),
        ]
        s.heads(heads)
        s.cap(column(PLAYERS_FIXED, "periods"), 30)  # a member's periods, each union's: wrapped
        for c in range(len(PLAYERS_FIXED) + 1, len(heads) + 1):
            s.cap(c, 16)  # "yes", or the gap that keeps him out (TN8): wrapped, a column narrow
        unions = frozenset(rules.unions)
        first_day = self._first_days()
        r = HEAD_ROW
        persons, everyone = self.persons()
        for r, person in enumerate(persons, start=FIRST_ROW):
            day = first_day.get(person.id)
            member = member_on(person, day, unions) if day is not None else None
            union = (member or person.members[0]).union
            values = [person.id, person.name, union, periods_words(person)]
            values += [self._eligible(person, event, unions) for event in events]
            for c, value in enumerate(values, start=1):
                s.put(r, c, value)
        last = r
        if not everyone:
            last = r = s.note(r + 2, len(heads), self._season_people_note(len(persons))) - 1
        if len(self.book.events) > MAX_EVENT_COLUMNS:
            last = s.note(r + 2, len(heads), self._more_events_note()) - 1
        s.page(len(heads), last)

    def _season_people_note(self, listed: int) -> str:
        return pgettext(
            "season workbook",
            "The registries hold more than {most} members: the {count} the season names are listed "
            "(its events' players, its races, inscriptions and decisions); `registry show ID` shows any other.",
        ).format(most=MAX_REGISTRY_ROWS, count=listed)

    def _more_events_note(self) -> str:
        return pgettext(
            "season workbook", "Eligibility is shown at the first {most} events; `season check` checks them all."
        ).format(most=MAX_EVENT_COLUMNS)

    def _first_days(self) -> dict[str, datetime.date]:
        """Each person's first event's day (TN9: his union for the season is the one of that day)."""
        days: dict[str, datetime.date] = {}
        for played in self.book.played:
            day = self.book.events[played.event].event.date
            if played.person not in days or day < days[played.person]:
                days[played.person] = day
        return days

    def _eligible(self, person: Person, event: Event, unions: frozenset[str]) -> str:
        rules = self.season.rules
        found = gap(person, self.season.starts, event.date, rules.since, unions)
        if found is None:
            return pgettext("season workbook", "yes")
        return pgettext("season workbook", "no: {first} to {last}").format(
            first=found.first.isoformat(), last=found.last.isoformat()
        )

    # --- Historial --------------------------------------------------------------------------------
    def _history(self) -> None:
        s = self.sheet(history_title())
        s.title(
            pgettext("season workbook", "{season}: each person's events").format(season=self.season.name),
            pgettext("season workbook", "Place and points in each event's standings (live while it is in play)"),
        )
        s.heads(
            [
                pgettext("season workbook", "Member"),
                pgettext("season workbook", "Name"),
                pgettext("season workbook", "No."),
                pgettext("season workbook", "Tournament"),
                pgettext("season workbook", "Date"),
                pgettext("season workbook", "Phase"),
                pgettext("season workbook", "Place"),
                pgettext("season workbook", "Points"),
                pgettext("season workbook", "Counts for"),
            ]
        )
        races: dict[str, str] = {}  # each person's race: the one that counts him (TN9), else the one he is in
        for row in self.book.qualification.rows():
            if row.status is not Status.EXCLUDED or row.id not in races:
                races[row.id] = row.union
        r = HEAD_ROW
        for r, played in enumerate(self.history.rows, start=FIRST_ROW):
            state = self.book.events[played.event]
            union = races.get(played.person)
            counts = union if union is not None and counts_for(self.season, state.event, union) else ""
            values = [played.person, self.name_of(played.person) or played.written, played.event + 1]
            values += [state.title, state.event.date, phase_words(state.event.phase), played.place]
            values += [_plain(played.points), counts]
            for c, value in enumerate(values, start=1):
                s.put(r, c, value, "box_points" if c == column(HISTORY_COLUMNS, "points") else "box")
        s.page(len(HISTORY_COLUMNS), r)

    # --- Ratings ----------------------------------------------------------------------------------
    def _ratings(self) -> None:
        """Each person's rating, best first: the rating (skill - 3 x uncertainty, openskill's
        ordinal, a formula), the skill (mu) and its uncertainty (sigma) it is made of, and the
        games rated: the words and the order of `season ratings`."""
        s = self.sheet(ratings_title())
        as_of = self.book.as_of
        info = pgettext("season workbook", "A rating is no part of any regulation: it qualifies nobody.")
        if as_of is not None:
            info = pgettext("season workbook", "As of {date}.").format(date=as_of.isoformat()) + " " + info
        s.title(pgettext("season workbook", "{season}: each player's rating").format(season=self.season.name), info)
        s.heads(
            [
                pgettext("season workbook", "Place"),
                pgettext("season workbook", "Member"),
                pgettext("season workbook", "Name"),
                pgettext("season workbook", "Rating (skill - 3 x uncertainty)"),
                pgettext("season workbook", "Estimated skill"),
                pgettext("season workbook", "Uncertainty"),
                pgettext("season workbook", "Games"),
            ]
        )
        rating_col = column(RATINGS_COLUMNS, "rating")
        mu_col, sigma_col = col(column(RATINGS_COLUMNS, "mu")), col(column(RATINGS_COLUMNS, "sigma"))
        r = HEAD_ROW
        rows = self.book.ratings.rows() if self.book.ratings is not None else ()
        for r, rating in enumerate(rows, start=FIRST_ROW):
            ordinal = Formula(f"={mu_col}{r}-3*{sigma_col}{r}")
            values = [r - HEAD_ROW, rating.person, self.name_of(rating.person), ordinal, rating.mu, rating.sigma]
            values += [rating.games]
            for c, value in enumerate(values, start=1):
                cell = s.put(r, c, value, shown=rating.ordinal if c == rating_col else None)
                if c in (rating_col, column(RATINGS_COLUMNS, "mu"), column(RATINGS_COLUMNS, "sigma")):
                    cell.number_format = RATING_FORMAT
        last = r
        if rows:  # what the three numbers are, in the organiser's words
            last = s.note(r + 2, len(RATINGS_COLUMNS), self._ratings_note()) - 1
        s.page(len(RATINGS_COLUMNS), last)

    def _ratings_note(self) -> str:
        return pgettext(
            "season workbook",
            "Estimated skill: what the games so far point to (a new player starts at 25). Uncertainty: how unsure "
            "that is (25/3 at the start; it shrinks as he plays). Rating: skill less three times the uncertainty, "
            "a number the player very likely exceeds (a new player's is 0); the list is ranked by it. "
            "Read a rating with its games.",
        )

    # --- Decisões ---------------------------------------------------------------------------------
    def _decisions(self) -> None:
        s = self.sheet(decisions_title())
        s.title(
            pgettext("season workbook", "{season}: the committee's decisions").format(season=self.season.name),
            pgettext(
                "season workbook", "A tie at a union's last seat is decided by the organising committee ({article})"
            ).format(article=self.season.rules.decision_article),
        )
        s.heads(
            [
                pgettext("season workbook", "Date"),
                pgettext("season workbook", "Union"),
                pgettext("season workbook", "Member"),
                pgettext("season workbook", "Name"),
                pgettext("season workbook", "Article"),
            ]
        )
        s.stretch = column(DECISIONS_COLUMNS, "name")
        r = HEAD_ROW
        for r, decision in enumerate(sorted(self.season.decisions, key=lambda d: d.date), start=FIRST_ROW):
            values = [decision.date, decision.union, decision.seat, self.name_of(decision.seat), decision.article]
            for c, value in enumerate(values, start=1):
                s.put(r, c, value)
        if not self.season.decisions:
            r = s.note(FIRST_ROW, len(DECISIONS_COLUMNS), pgettext("season workbook", "No decision on record.")) - 1
        s.page(len(DECISIONS_COLUMNS), r)

    # --- Diário -----------------------------------------------------------------------------------
    def _journal(self) -> None:
        s = self.sheet(journal_title())
        s.title(
            pgettext("season workbook", "{season}: the journal").format(season=self.season.name),
            pgettext("season workbook", "Every change of the season's files on record, oldest first"),
        )
        s.heads(
            [
                pgettext("season workbook", "When"),
                pgettext("season workbook", "Who"),
                pgettext("season workbook", "Union"),
                pgettext("season workbook", "File"),
                pgettext("season workbook", "Change"),
                pgettext("season workbook", "Entry"),
                pgettext("season workbook", "Before"),
                pgettext("season workbook", "After"),
            ]
        )
        for name in ("file", "entry", "before", "after"):  # a path and an entry's values wrap, not widen the page
            s.cap(column(JOURNAL_COLUMNS, name), 30)
        r = HEAD_ROW
        lines = self.book.journal[-MAX_JOURNAL_ROWS:]
        for r, line in enumerate(lines, start=FIRST_ROW):
            change = line.change
            name, before, after = entry_said(change, line.game)
            if change.entry is not None and change.after is None:
                after = removed_word(line.game)
            values = [printed(change.when), by_text(change.by), line.union, change.file, action_word(change.action)]
            values += [name, before, after]
            for c, value in enumerate(values, start=1):
                s.put(r, c, value, "box_note")
        last_col = len(JOURNAL_COLUMNS)
        if not lines:
            r = s.note(FIRST_ROW, last_col, pgettext("season workbook", "No change on record.")) - 1
        elif self.book.journal_more or len(self.book.journal) > len(lines):
            more = pgettext(
                "season workbook", "Earlier changes are not listed: `scorekeeper history FOLDER` lists them all."
            )
            r = s.note(r + 1, last_col, more) - 1
        s.page(last_col, r)
