"""The championship workbook (`tournament export FILE -o X.xlsx`): the standings with live
formulas over the tables' sheets, a chart of the leaders after each round, each round's tables
by table and by name, every table's sheet as its own worksheet, and, for a game whose round
result is each player's own net, the players' control cards.

Game-neutral: the game is reached only through games.Game (its seating, write_boletim, outcome
and standings). A round's points per player are the CLI's standings after that round minus
those after the round before; each table's cell becomes a formula into its sheet's worksheet
when one of the sheet's own result cells (table points, the winner, the standing) gives those
points, and a value otherwise (a bye, an absence, a penalty, a round that does not count)."""

from __future__ import annotations

import dataclasses
import datetime
import io
import math
import zipfile
from copy import copy
from typing import NamedTuple, Protocol

from openpyxl import Workbook
from openpyxl.cell.cell import MergedCell
from openpyxl.chart import LineChart, Reference
from openpyxl.styles import Alignment
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.pagebreak import Break
from openpyxl.writer.excel import ExcelWriter

from scorekeeper import games
from scorekeeper.errors import SheetFormatError
from scorekeeper.i18n import M_, N_, Grouped, _, in_words, pgettext
from scorekeeper.sheet.load import load_sheet
from scorekeeper.sheet.results import SheetResult, sheet_meta
from scorekeeper.tournaments.collect import check
from scorekeeper.tournaments.member_check import entrant_ids, pending
from scorekeeper.tournaments.model import Round, StandingRow, Tournament
from scorekeeper.tournaments.standings import counted, ranked
from scorekeeper.tournaments.standings_words import decided_by_words, stage_words, workbook_head
from scorekeeper.tournaments.tournament_file import sheet_path
from scorekeeper.workbook import regras
from scorekeeper.workbook.export import SummaryCells, no_cyclic_gc
from scorekeeper.workbook.layout import col
from scorekeeper.workbook.page import page_scale
from scorekeeper.workbook.sheet_style import (
    Styles,
    Unwritable,
    page_setup,
    put,
    text_width,
)
from scorekeeper.workbook.worksheet_names import formula_reference, worksheet_name

LEADERS = 6  # the chart's lines: more than six on an A4 page cannot be told apart
HEAD_ROW = 3  # every list's column heads; the title above
PAGE_ROWS = 48  # rows of the default height on a portrait A4 page inside page_setup's margins
LANDSCAPE_ROWS = 32  # the same on a landscape A4 page (179 mm high inside the margins, not 266)
MIN_PORTRAIT_SCALE = 0.7  # a portrait page shrunk to fit its width still reads at 7.7 points (of 11)
KNOCKOUT_STAGES = ("semi", "final")  # TN3: the rounds after the groups, a match each pair
FINAL_STAGE = "final"  # its winner is the champion
EXTRA_STAGE = "extra"  # Quatrilho Art 23: played apart, its nets never added to the championship (TN6)
# The notes under the lists. They name the lists' heads and worksheets: a translation says them
# as its own heads do (pgettext "championship" and "worksheet" below).
PLACE_NOTE = N_(
    "Place and Decided by are written as values, as the regulation ranks the players; Points add up "
    "each one's rounds on Results, which reads them from the tables' sheets."
)
FINAL_NOTE = N_(
    "After the final (TN5): 1st its winner, 2nd its loser, 3rd (shared) the semi-finals' losers, then "
    "the others in the order of the group phase, by group and by place in the group."
)
EXTRA_NOTE = N_(
    "The extra round (Art 23) is shown apart: each player's net at his table, never added to the Total; "
    "a player who did not play it has an empty cell."
)
RESULTS_NOTE = N_(
    "Each round: the points the round gave the player. A formula reads them from his table's sheet; "
    "a value is what does not come from a sheet (a bye, an absence, a table not played). "
    "Adjustments: what the standings add outside the rounds (penalties in the tournament file, "
    "disqualifications)."
)


def standings_title() -> str:
    return pgettext("worksheet", "Standings")


def rounds_title() -> str:
    return pgettext("worksheet", "Rounds")


def results_title() -> str:
    return pgettext("worksheet", "Results")


def cards_title() -> str:
    return pgettext("worksheet", "Cards")


class KnockoutMatch(NamedTuple):
    """A match of the knockout (TN3) and its winner (None while undecided)."""

    round_: Round
    label: str  # "Jogo 1"
    who: list[str]
    winner: str | None


class Summary(Protocol):
    """What a game's write_boletim returns: the Resumo's cells of participant `p` of the boletim
    on the worksheet a formula names `quoted`."""

    def summary_cells(self, quoted: str, p: int) -> SummaryCells: ...


class Played(NamedTuple):
    """A table (or match) whose sheet could be read: where it is in the workbook, and how its
    result reads there."""

    round_: Round
    label: str  # "Mesa 1", "Jogo 2"
    title: str  # its worksheet
    result: SheetResult
    summary: Summary  # what write_boletim returned
    counted: bool  # complete and clean: the standings count it


class RoundCell(NamedTuple):
    """One participant's points from one round: a formula into a sheet (or None), and the value
    the CLI gives it (None: nothing to show, an extra round's table not counted yet)."""

    formula: str | None
    value: float | None
    where: str  # what the participant did in the round: "Mesa 1", "Isenção", "Ausente"


@dataclasses.dataclass
class Layout:
    """Where each participant's row is on Resultados and the columns of its rounds: the rounds
    that count, then Ajustes and Total, then each extra round apart (Quatrilho Art 23, TN6: its
    nets never added to the championship). `counting` and `apart` hold the rounds' positions in
    the file (from 1)."""

    names: list[str]
    counting: list[int]
    apart: list[int] = dataclasses.field(default_factory=list)
    first_row: int = HEAD_ROW + 1

    def __post_init__(self):
        self._rows = {name: self.first_row + index for index, name in enumerate(self.names)}
        self._cols = {k: 3 + index for index, k in enumerate(self.counting)}
        self._cols.update({k: self.total_col + 1 + index for index, k in enumerate(self.apart)})

    @property
    def rounds(self) -> int:
        return len(self.counting)

    def row(self, name: str) -> int:
        return self._rows[name]

    def round_col(self, k: int) -> int:  # k: the round's position in the file, from 1
        return self._cols[k]

    def counts(self, k: int) -> bool:
        return k not in self.apart

    @property
    def adjust_col(self) -> int:
        return 3 + self.rounds

    @property
    def total_col(self) -> int:
        return 4 + self.rounds

    @property
    def last_col(self) -> int:
        return self.total_col + len(self.apart)


# What one workbook holds: each table's sheet is a worksheet of its own (some 40 ms each to
# build and save) and each seat a row of the lists (some 1 ms), so that an export at these
# limits is written in under 10 seconds; a larger one is refused before anything is read.
MAX_SHEETS = 100  # tables' sheets: a final of 9 has 6 or 9; a national day, some 30 tables of 4 a round
MAX_SEATS = 4000  # seats over the rounds (a player at a table, a team in a match, a bye): 2,000 x 2


def refuse_oversized(tournament: Tournament) -> None:
    """Refuse, up front, a tournament whose workbook would be larger than MAX_SHEETS worksheets
    of tables or MAX_SEATS rows of seats, saying what the organiser can use instead."""
    game = games.get(tournament.rules.game)
    widest = max(game.seats(tournament.rules))
    sheets, seats = set(), 0
    for round_ in tournament.rounds:
        for table in round_.tables:
            seats += len(table.players) or widest  # a table named by its sheet alone: as many as a table seats
            if table.sheet is not None and not table.absent:
                sheets.add(table.sheet)
        for match in round_.matches:
            seats += 2
            if match.sheet is not None:
                sheets.add(match.sheet)
        seats += len(round_.byes)
    if len(sheets) > MAX_SHEETS:
        raise SheetFormatError(
            M_(
                "the championship workbook holds at most {most} tables' sheets, and this tournament "
                "names {count}; `tournament standings` gives its standings and `scorekeeper export` "
                "its sheets",
                most=Grouped(MAX_SHEETS),
                count=Grouped(len(sheets)),
            ),
            tournament.source,
        )
    if seats > MAX_SEATS:
        raise SheetFormatError(
            M_(
                "the championship workbook lists at most {most} seats over the rounds, and this "
                "tournament has {count}; `tournament standings` gives its standings",
                most=Grouped(MAX_SEATS),
                count=Grouped(seats),
            ),
            tournament.source,
        )


def build(tournament: Tournament, reading=None, writing=None) -> Workbook:
    """The championship workbook of a tournament, from every sheet it names that can be read.
    `reading(done, total)` is told of each sheet read, `writing(done, total)` of each worksheet
    written (export shows them on a terminal)."""
    with no_cyclic_gc():
        return _Builder(tournament, reading, writing).build()


def workbook_bytes(wb: Workbook, saving=None) -> bytes:
    """The workbook as an .xlsx file's bytes, `saving(done, total)` told of each worksheet saved
    (openpyxl's own save, one worksheet at a time)."""
    total = len(wb.worksheets)

    class _Counting(ExcelWriter):
        done = 0

        def write_worksheet(self, ws):
            super().write_worksheet(ws)
            _Counting.done += 1
            if saving is not None:
                saving(_Counting.done, total)

    buffer = io.BytesIO()
    with no_cyclic_gc():
        archive = zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, allowZip64=True)
        wb.properties.modified = datetime.datetime.now(tz=datetime.timezone.utc).replace(tzinfo=None)
        _Counting(wb, archive).save()
    return buffer.getvalue()


class _Builder:
    def __init__(self, tournament: Tournament, reading=None, writing=None):
        self.t = tournament
        self.game = games.get(tournament.rules.game)
        self.teams = self.game.seating is games.Seating.TEAMS
        self.styles = Styles()
        self.writing = writing or (lambda done, total: None)
        # The sheets that count are the standings command's own; each is read once.
        checked = check(tournament, reading, keep_sheets=True)
        self.sheets = checked.sheets
        self.results, self.pending, self.counted = checked.results, pending(checked.findings), counted(checked)
        # The standings command's own rows: a team game's end with its final (TN5).
        self.rows: list[StandingRow] = ranked(tournament, self.counted)
        # The standings after each round (0: before the first): the chart's points, and each
        # round's points as their difference.
        self.after = [self._points_after(k) for k in range(len(tournament.rounds) + 1)]
        # Each player's (a team's players') member ids, when the file names a registry: a column
        # of their own beside the name, none without one (the workbook as it always was).
        self.ids = entrant_ids(tournament)

    def _points_after(self, k: int) -> dict[str, float]:
        if k == len(self.t.rounds):
            rows = self.rows
        else:
            rows = self.game.standings(dataclasses.replace(self.t, rounds=self.t.rounds[:k]), self.counted)
        return {row.name: row.points for row in rows}

    def points_after(self, k: int, name: str) -> float:
        return self.after[k].get(name, 0)

    # --- the workbook ------------------------------------------------------------------------------
    def build(self) -> Workbook:
        wb = Workbook()
        wb.remove(wb.active)
        self.wb = wb
        titles = standings_title(), rounds_title(), results_title(), cards_title()
        self.taken: set[str] = {t.lower() for t in titles}
        self.results_ref = formula_reference(results_title())
        self.played = self._table_sheets()
        names = [row.name for row in self.rows]
        positions = list(enumerate(self.t.rounds, start=1))
        self.layout = Layout(
            names,
            [k for k, r in positions if r.stage != EXTRA_STAGE],
            [k for k, r in positions if r.stage == EXTRA_STAGE],
        )
        self.cells = self._round_cells()
        results_ws = wb.create_sheet(results_title(), 0)
        self._results(results_ws)
        rounds_ws = wb.create_sheet(rounds_title(), 0)
        self._rounds(rounds_ws)
        standings_ws = wb.create_sheet(standings_title(), 0)
        self._standings(standings_ws)
        if self._has_cards():
            self._cards(wb.create_sheet(cards_title(), 3))
        wb.active = 0
        return wb

    def _table_sheets(self) -> dict[int, Played]:
        """Every readable sheet as its own worksheet ("R1 Mesa1"), keyed by id of its table or match."""
        played = {}
        self.sheet_count = sum(
            1
            for round_ in self.t.rounds
            for item, *_said in _items(round_)
            if item.sheet is not None and item.sheet in self.results
        )
        for round_ in self.t.rounds:
            for item, label, short in _items(round_):
                result = self.results.get(item.sheet) if item.sheet is not None else None
                if result is None or id(item) in played:
                    continue
                sheet = self.sheets.get(item.sheet) or load_sheet(sheet_path(self.t, item.sheet))
                meta = {**sheet_meta(sheet), "rules": regras.written_name(sheet.rules, sheet.rules_ref)}
                if meta.get("table") is None and round_.tables:
                    meta["table"] = item.table
                if meta.get("round") is None:
                    meta["round"] = round_.number
                title = self._title(f"R{round_.number} {short}")
                ws = self.wb.create_sheet(title)
                try:
                    summary = self.game.write_boletim(ws, sheet, result, self.styles, meta)
                except Unwritable as exc:
                    raise SheetFormatError(M_("cannot export: {reason}", reason=exc.message), sheet.source) from None
                played[id(item)] = Played(round_, label, title, result, summary, item.sheet in self.counted)
                self.writing(len(played), self.sheet_count)
        return played

    def _title(self, base: str) -> str:
        base = worksheet_name(base) or pgettext("worksheet", "Sheet")
        title, number = base, 2
        while title.lower() in self.taken:
            suffix = f" ({number})"
            title, number = base[: 31 - len(suffix)] + suffix, number + 1
        self.taken.add(title.lower())
        return title

    # --- each round's points per participant -------------------------------------------------------
    def _round_cells(self) -> list[dict[str, RoundCell]]:
        """Per round, each participant's RoundCell; the rest of what the standings moved in the
        round (a penalty) is left to the Ajustes column."""
        everyone = self.layout.names
        rounds = []
        for k, round_ in enumerate(self.t.rounds, start=1):
            if not self.layout.counts(k):
                rounds.append(self._apart_cells(round_))
                continue
            delta = {name: self.points_after(k, name) - self.points_after(k - 1, name) for name in everyone}
            penalty = {name: 0.0 for name in everyone}
            for p in round_.penalties:
                penalty[p.player] = penalty.get(p.player, 0.0) + p.points
            cells: dict[str, RoundCell] = {}
            for item, label, _short in _items(round_):
                played = self.played.get(id(item))
                who = _who(item, played)
                if played is not None and played.counted:
                    cells.update(self._table_cells(played, who, delta, penalty))
                    continue
                absent = getattr(item, "absent", [])
                for name in who:
                    where = label
                    if absent:
                        where = (
                            pgettext("championship", "Absent")
                            if name in absent
                            else _("{table} (not played)").format(table=label)
                        )
                    cells[name] = RoundCell(None, _own(delta, penalty, name), where)
            for name in round_.byes:
                cells[name] = RoundCell(None, _own(delta, penalty, name), pgettext("championship", "Bye"))
            for name in everyone:
                if name not in cells and not math.isclose(_own(delta, penalty, name), 0, abs_tol=1e-9):
                    cells[name] = RoundCell(None, _own(delta, penalty, name), "")
            rounds.append(cells)
        return rounds

    def _apart_cells(self, round_: Round) -> dict[str, RoundCell]:
        """An extra round's cells (Art 23, TN6): each player's net at his table, read from its
        sheet's standing; nothing (an empty cell) while the sheet is not counted, or for a player
        who did not play it."""
        cells: dict[str, RoundCell] = {}
        for item, label, _short in _items(round_):
            played = self.played.get(id(item))
            who = _who(item, played)
            if played is None or not played.counted:
                cells.update({name: RoundCell(None, None, label) for name in who})
                continue
            score = self.game.outcome(played.result).score
            quoted = "'" + played.title.replace("'", "''") + "'"
            for p, name in enumerate(who):
                cells[name] = RoundCell(played.summary.summary_cells(quoted, p).standing, score[name], label)
        for name in round_.byes:
            cells[name] = RoundCell(None, None, pgettext("championship", "Bye"))
        return cells

    def _table_cells(self, played: Played, who: list[str], delta, penalty) -> dict[str, RoundCell]:
        """A counted table's cells: the first of its sheet's result cells (table points, the
        winner's points, the standing) that gives every participant the round's points the CLI
        gives (a penalty of the round apart), or no formula when the round gives the table
        nothing (a knockout or an extra round), else the CLI's values."""
        outcome = self.game.outcome(played.result)
        quoted = "'" + played.title.replace("'", "''") + "'"
        cells: list[SummaryCells] = [played.summary.summary_cells(quoted, p) for p in range(len(who))]
        candidates = []
        if outcome.places is not None and cells[0].points is not None:
            candidates.append(([c.points for c in cells], [outcome.places[n] for n in who]))
        if outcome.winner is not None and cells[0].check is not None and outcome.winner in who:
            won = delta[outcome.winner] - penalty.get(outcome.winner, 0)
            if won > 0:
                literal = _number(won)
                candidates.append(
                    (
                        [f'IF({c.check}="{_text(n)}",{literal},0)' for c, n in zip(cells, who)],
                        [won if n == outcome.winner else 0 for n in who],
                    )
                )
        candidates.append(([c.standing for c in cells], [outcome.score[n] for n in who]))
        candidates.append(([None] * len(who), [0] * len(who)))
        for formulas, values in candidates:
            if all(_explains(delta[n], penalty.get(n, 0), v) for n, v in zip(who, values)):
                return {n: RoundCell(f, v, played.label) for n, f, v in zip(who, formulas, values)}
        return {n: RoundCell(None, _own(delta, penalty, n), played.label) for n in who}

    # --- Resultados --------------------------------------------------------------------------------
    def _results(self, ws) -> None:
        lay, st = self.layout, self.styles
        styles_title(ws, st, _("{tournament}: points by round").format(tournament=self.t.name))
        rounds = self.t.rounds
        heads = [
            pgettext("championship", "Place"),
            self._who_word(),
            *[_round_head(rounds[k - 1]) for k in lay.counting],
            pgettext("championship", "Adjustments"),
            pgettext("championship", "Total"),
            *[self._apart_head(rounds[k - 1]) for k in lay.apart],
        ]
        for c, head in enumerate(heads, start=1):
            st(put(ws, HEAD_ROW, c, head), "head")
        self.adjust = {}
        for row in self.rows:
            r = lay.row(row.name)
            put(ws, r, 1, row.place)
            put(ws, r, 2, row.name)
            in_rounds = 0.0
            for k, cells in enumerate(self.cells, start=1):
                cell = cells.get(row.name)
                c = lay.round_col(k)
                if cell is not None and cell.formula is not None:
                    ws.cell(r, c, f"={cell.formula}")
                elif cell is not None and cell.value is not None:
                    put(ws, r, c, _plain(cell.value))
                # A round a player did not play stays empty (not 0); an extra round is never added.
                if cell is not None and cell.value is not None and lay.counts(k):
                    in_rounds += cell.value
            self.adjust[row.name] = _snap(row.points - in_rounds)
            put(ws, r, lay.adjust_col, _plain(self.adjust[row.name]))
            first, last = col(3), col(lay.adjust_col)
            ws.cell(r, lay.total_col, f"=SUM({first}{r}:{last}{r})")
            for c in range(1, lay.last_col + 1):
                st(ws.cell(r, c), "box_points" if c > 2 else "box")
        note_row = lay.first_row + len(self.rows) + 1
        note = _(RESULTS_NOTE) + (" " + _(EXTRA_NOTE) if lay.apart else "") + self._penalties_text()
        _note(ws, note_row, lay.last_col, note)
        widths = [6, _name_width(self.layout.names), *[8] * lay.rounds, 8, 8, *[10] * len(lay.apart)]
        _widths(ws, widths)
        ws.freeze_panes = f"C{HEAD_ROW + 1}"
        _page(ws, self.t.name, lay.last_col, note_row, landscape=lay.rounds > 10)

    def _apart_head(self, round_: Round) -> str:
        """An extra round's column head: what it is, and that it is not in the total (Art 23)."""
        return pgettext("championship", "R{number} extra (Art 23)").format(number=round_.number)

    def _penalties_text(self) -> str:
        lines = [
            " "
            + _("Round {number}: {player} {points} ({article}).").format(
                number=r.number, player=p.player, points=_number(p.points), article=p.article
            )
            for r in self.t.rounds
            for p in r.penalties
        ]
        return (" " + _("Penalties:") + "".join(lines)) if lines else ""

    def round_ref(self, name: str, k: int) -> str:
        return f"{self.results_ref}!{col(self.layout.round_col(k))}{self.layout.row(name)}"

    # --- Classificacao -----------------------------------------------------------------------------
    def _standings(self, ws) -> None:
        st, lay = self.styles, self.layout
        styles_title(ws, st, _("{tournament}: standings").format(tournament=self.t.name))
        grouped = any(row.group is not None for row in self.rows)
        keys, words = _tiebreak_keys(self.rows), self.game.standings_words()
        # The stage each team reached, once the knockout has begun (TN5: the final's order).
        staged = any(row.stage not in (None, "group") for row in self.rows)
        ids = bool(self.ids)
        heads = [
            pgettext("championship", "Place"),
            self._who_word(),
            *([pgettext("championship", "Member id")] if ids else []),
            *([pgettext("championship", "Group")] if grouped else []),
            *([pgettext("championship", "Stage")] if staged else []),
            pgettext("championship", "Points"),
            *(workbook_head(words, key) for key in keys),
            pgettext("championship", "Decided by"),
        ]
        for c, head in enumerate(heads, start=1):
            st(put(ws, HEAD_ROW, c, head), "head")
        points_col = 3 + ids + grouped + staged
        r = HEAD_ROW
        for r, row in enumerate(self.rows, start=HEAD_ROW + 1):
            values = [
                row.place,
                row.name,
                *([self.ids.get(row.name, "")] if ids else []),
                *([row.group] if grouped else []),
                *([stage_words(row.stage)] if staged else []),
            ]
            for c, value in enumerate(values, start=1):
                if value is not None:
                    put(ws, r, c, value)
            source = lay.row(row.name)
            first, last = col(3), col(lay.adjust_col - 1)
            results = self.results_ref
            rounds = f"SUM({results}!{first}{source}:{last}{source})+" if lay.rounds else ""
            ws.cell(r, points_col, f"={rounds}{results}!{col(lay.adjust_col)}{source}")
            for c, key in enumerate(keys, start=points_col + 1):
                value = _shown(row.tiebreaks.get(key))
                if value is not None:
                    put(ws, r, c, value)
            if row.decided_by is not None:
                put(ws, r, points_col + len(keys) + 1, decided_by_words(words, row.decided_by))
            for c in range(1, len(heads) + 1):
                st(ws.cell(r, c), "box_points" if c == points_col else "box")
        last_col = len(heads)
        known = {f"{col(points_col)}{HEAD_ROW + i}": row.points for i, row in enumerate(self.rows, start=1)}
        page_rows = _page_rows(_fit(ws, last_col, known))
        # For the organiser, in the game's own tie-break words (Game.standings_note).
        notes = [" ".join(text for text in (_(PLACE_NOTE), self.game.standings_note(self.t.rules)) if text)]
        if any(row.stage == FINAL_STAGE for row in self.rows) and self.champion() is not None:
            notes.append(_(FINAL_NOTE))
        if self.layout.apart:
            notes.append(_(EXTRA_NOTE))
        notes += [_("Provisional: {finding}").format(finding=in_words(finding.message)) for finding in self.pending]
        below = r + 2
        note_rows = [(below + i, text) for i, text in enumerate(notes)]
        for at, text in note_rows:
            _note(ws, at, last_col, text)
        below += len(notes)
        below = self._knockout_list(ws, below + 1, last_col)
        if below + len(self.rows[:LEADERS]) + 20 > page_rows:
            ws.row_breaks.append(Break(id=below))  # the chart and its numbers on a page of their own
        below = self._chart(ws, below + 1, last_col, known)
        # Each column as wide as its longest value (a list as its text), so that nothing is cut;
        # landscape when the columns do not fit a portrait page at full size.
        widths = _fit(ws, last_col, known)
        _widths(ws, widths)
        lines = max(_wrapped_lines(str(head), width) for head, width in zip(heads, widths))
        ws.row_dimensions[HEAD_ROW].height = 15 * lines
        for at, text in note_rows:
            _note_height(ws, at, text, widths)
        ws.freeze_panes = f"A{HEAD_ROW + 1}"
        # As the organiser posts it; one page while the list and the chart fit on one.
        _page(ws, self.t.name, last_col, below, landscape=_landscape(widths), one_page=below <= page_rows)

    # --- the knockout (TN3): its matches, their winners, the champion ---------------------------------
    def _knockout(self) -> list[KnockoutMatch]:
        """The knockout's matches in order, each with its winner once its sheet is in and counted."""
        matches = []
        for round_ in self.t.rounds:
            if round_.stage not in KNOCKOUT_STAGES:
                continue
            for item, label, _short in _items(round_):
                played = self.played.get(id(item))
                winner = self.game.outcome(played.result).winner if played is not None and played.counted else None
                matches.append(KnockoutMatch(round_, label, _who(item, played), winner))
        return matches

    def champion(self) -> str | None:
        """The winner of the final (TN3), once its sheet is in, complete and clean."""
        finals = [m for m in self._knockout() if m.round_.stage == FINAL_STAGE]
        return finals[-1].winner if finals else None

    def _knockout_list(self, ws, top: int, last_col: int) -> int:
        """The knockout's matches (round, match, teams, winner) and the champion from row `top`;
        the first row after them (`top` when the tournament has no knockout)."""
        matches = self._knockout()
        if not matches:
            return top
        st = self.styles
        st(put(ws, top, 1, _("Final stage")), "bold")
        _merge(ws, top, 1, top, last_col)
        heads = (
            pgettext("championship", "Round"),
            pgettext("championship", "Match"),
            pgettext("championship", "Teams"),
            pgettext("championship", "Winner"),
        )
        for c, head in enumerate(heads, start=1):
            st(put(ws, top + 1, c, head), "head")
        r = top + 1
        for match in matches:
            r += 1
            values = [_round_head(match.round_), match.label, " v ".join(match.who), match.winner or _("undecided")]
            for c, value in enumerate(values, start=1):
                st(put(ws, r, c, value), "box")
        r += 1
        st(put(ws, r, 1, pgettext("championship", "Champion")), "total")
        st(put(ws, r, 2, self.champion() or _("undecided")), "total")
        return r + 2

    def _chart(self, ws, top: int, last_col: int, known: dict) -> int:
        """The leaders' points after each round (live: sums of Resultados), and their line chart."""
        st, lay = self.styles, self.layout
        rounds = lay.rounds  # the rounds that count: an extra round is no step of the championship
        if not rounds:
            return top
        leaders = [row.name for row in self.rows[:LEADERS]]
        st(put(ws, top, 1, _("The leaders' progress (points so far after each round)")), "bold")
        _merge(ws, top, 1, top, last_col)
        head = top + 1
        st(put(ws, head, 2, self._who_word()), "head")
        for j, k in enumerate(lay.counting, start=1):
            st(put(ws, head, 2 + j, _round_head(self.t.rounds[k - 1])), "head")
        for i, name in enumerate(leaders, start=1):
            r = head + i
            put(ws, r, 2, name)
            source = lay.row(name)
            adjusted = 0.0
            for j, k in enumerate(lay.counting, start=1):
                cell = self.cells[k - 1].get(name)
                value = cell.value if cell is not None and cell.value is not None else 0
                adjusted += self.points_after(k, name) - self.points_after(k - 1, name) - value
                extra = _literal_term(_snap(adjusted))
                ws.cell(r, 2 + j, f"=SUM({self.results_ref}!{col(3)}{source}:{col(lay.round_col(k))}{source}){extra}")
                st(ws.cell(r, 2 + j), "box_points")
                known[ws.cell(r, 2 + j).coordinate] = self.points_after(k, name)
            st(ws.cell(r, 2), "box")
        chart = LineChart()
        chart.title = _("Points so far")
        chart.y_axis.title = pgettext("championship", "Points")
        chart.x_axis.title = pgettext("championship", "Round")
        data = Reference(ws, min_col=2, max_col=2 + rounds, min_row=head + 1, max_row=head + len(leaders))
        chart.add_data(data, from_rows=True, titles_from_data=True)
        chart.set_categories(Reference(ws, min_col=3, max_col=2 + rounds, min_row=head, max_row=head))
        for series in chart.series:
            series.smooth = False  # straight segments: a smoothed curve dips below 0 between 0 and 3
        chart.x_axis.tickLblPos = "low"  # the rounds' labels below the plot, not on its zero line
        chart.height, chart.width = 7.5, 16  # cm: the page's width, a third of its height
        chart_row = head + len(leaders) + 2
        ws.add_chart(chart, f"A{chart_row}")
        return chart_row + 16  # 7.5 cm in rows of 15 points (0.53 cm)

    # --- Rondas -------------------------------------------------------------------------------------
    def _rounds(self, ws) -> None:
        """Each round's tables, a row per participant in seat order with its result (a number,
        shown to two places: 10/3 as 3.33) and, on the table's first row, its round, sheet and
        what became of it; the knockout and its champion; then, on a page of its own, where each
        participant is in every round."""
        st = self.styles
        styles_title(ws, st, _("{tournament}: rounds").format(tournament=self.t.name))
        heads = [
            pgettext("championship", "Round"),
            pgettext("championship", "Match") if self.teams else pgettext("championship", "Table"),
            pgettext("championship", "Sheet"),
            pgettext("championship", "Team") if self.teams else _("Player (by seat)"),
            pgettext("championship", "Result"),
            _("Winner / note"),
        ]
        last_col = len(heads)
        for c, head in enumerate(heads, start=1):
            st(put(ws, HEAD_ROW, c, head), "head")
        r = HEAD_ROW
        for round_ in self.t.rounds:
            r = self._round_rows(ws, round_, r, last_col)
        by_table_end = self._knockout_list(ws, r + 2, last_col) - 1
        r = self._by_name(ws, by_table_end + 2)
        ws.row_breaks.append(Break(id=by_table_end + 1))  # the list by name on a page of its own
        page_col = max(last_col, 1 + bool(self.ids) + len(self.t.rounds))
        widths = _fit(ws, page_col, {})
        _widths(ws, widths)
        ws.row_dimensions[HEAD_ROW].height = 15 * max(_wrapped_lines(h, w) for h, w in zip(heads, widths))
        _page(ws, self.t.name, page_col, r, landscape=_landscape(widths), titles=False)

    def _round_rows(self, ws, round_: Round, r: int, last_col: int) -> int:
        """A round's tables (or matches) below row `r`, each participant on a row of its own and
        the table's round, sheet and state merged down its rows, then its byes; the last row."""
        st = self.styles
        for item, label, _short in _items(round_):
            played = self.played.get(id(item))
            shown = self._shown_results(played)
            first = r + 1
            for name in _who(item, played):
                r += 1
                put(ws, r, 4, name)
                if name in shown:
                    put(ws, r, 5, _plain(shown[name]))
                for c in range(1, last_col + 1):
                    st(ws.cell(r, c), "box_points" if c == 5 else "box")
            for c, value in enumerate([_round_head(round_), label, item.sheet or ""], start=1):
                put(ws, first, c, value)
            put(ws, first, last_col, self._state_text(item, played))
            for c in (1, 2, 3, last_col):
                if r > first:
                    _merge(ws, first, c, r, c)
                ws.cell(first, c).alignment = Alignment(vertical="top")
        for name in round_.byes:
            r += 1
            for c, value in enumerate([_round_head(round_), pgettext("championship", "Bye"), "", name], start=1):
                put(ws, r, c, value)
            for c in range(1, last_col + 1):
                st(ws.cell(r, c), "box")
        return r

    def _by_name(self, ws, top: int) -> int:
        """Where each participant is in every round, from row `top` (the list posted on the wall);
        its last row (the one two above `top` when there is no one to list)."""
        st = self.styles
        st(put(ws, top, 1, _("By name")), "bold")
        names = list(self.t.teams) if self.teams else list(self.t.players)
        for name in self.layout.names:
            if name not in names:
                names.append(name)
        head_row = top + 1
        ids = int(bool(self.ids))  # the member ids' column after the name, with a registry
        st(put(ws, head_row, 1, self._who_word()), "head")
        if ids:
            st(put(ws, head_row, 2, pgettext("championship", "Member id")), "head")
        for k, round_ in enumerate(self.t.rounds, start=1):
            st(put(ws, head_row, 1 + ids + k, _round_head(round_)), "head")
        seated = [self._seated(round_) for round_ in self.t.rounds]
        r = top - 2
        for i, name in enumerate(sorted(names, key=str.casefold), start=1):
            r = head_row + i
            put(ws, r, 1, name)
            if ids:
                put(ws, r, 2, self.ids.get(name, ""))
            for k in range(1, len(self.t.rounds) + 1):
                put(ws, r, 1 + ids + k, seated[k - 1].get(name, ""))
            for c in range(1, 2 + ids + len(self.t.rounds)):
                st(ws.cell(r, c), "box")
        return r

    def _seated(self, round_: Round) -> dict[str, str]:
        seated = {}
        for item, label, _short in _items(round_):
            absent = getattr(item, "absent", [])
            for name in _who(item, self.played.get(id(item))):
                seated[name] = _("{table} (absent)").format(table=label) if name in absent else label
        for name in round_.byes:
            seated[name] = pgettext("championship", "Bye")
        return seated

    def _state_text(self, item, played: Played | None) -> str:
        """What became of a table or match: its winner, or why it has no result ('' for a
        finished table whose game names no winner)."""
        absent = getattr(item, "absent", [])
        if absent:
            return _("not played (absent: {players})").format(players=", ".join(absent))
        if item.sheet is None:
            return ""
        if played is None:
            return _("not handed in")
        if not played.result.complete:
            return _("incomplete")
        if not played.result.valid:
            return _("with errors")
        winner = self.game.outcome(played.result).winner
        return _("{winner} wins").format(winner=winner) if winner else ""

    def _shown_results(self, played: Played | None) -> dict[str, float]:
        """Each participant's result at a finished table: its table points where the regulation
        gives them (K5), else its standing (games, mocas, net); none while it is not finished."""
        if played is None or not (played.result.complete and played.result.valid):
            return {}
        outcome = self.game.outcome(played.result)
        return outcome.places if outcome.places is not None else outcome.score

    # --- control cards ------------------------------------------------------------------------------
    def _has_cards(self) -> bool:
        """The players' control cards, where the game's regulation gives each one (Game.control_cards)."""
        return self.game.control_cards and bool(self.t.rounds)

    def _cards(self, ws) -> None:
        """One card per player (two side by side), a row per round: its table and its points,
        read from Resultados (empty for a round he did not play), the total, and below it each
        extra round apart (Art 23: never in the total); a card never split across pages."""
        st, lay = self.styles, self.layout
        rounds = lay.rounds
        height = rounds + len(lay.apart) + 3  # name, heads, rounds, total, extra rounds, a blank row
        per_page = max(1, (PAGE_ROWS - 2) // (height + 1))
        styles_title(ws, st, _("{tournament}: control cards").format(tournament=self.t.name))
        r = HEAD_ROW
        names = self.layout.names
        for index, name in enumerate(sorted(names, key=str.casefold)):
            left = 1 + 5 * (index % 2)
            if index % 2 == 0 and index:
                r += height + 1
                if (index // 2) % per_page == 0:
                    ws.row_breaks.append(Break(id=r - 1))
            st(put(ws, r, left, name), "head")
            _merge(ws, r, left, r, left + 3)
            heads = (
                pgettext("championship", "Round"),
                pgettext("championship", "Table"),
                pgettext("championship", "Result"),
                pgettext("championship", "Checked"),
            )
            for c, head in enumerate(heads, start=left):
                st(put(ws, r + 1, c, head), "head")
            total = r + 2 + rounds
            lines = [(r + 1 + j, k) for j, k in enumerate(lay.counting, start=1)]
            lines += [(total + j, k) for j, k in enumerate(lay.apart, start=1)]
            for row, k in lines:
                cell = self.cells[k - 1].get(name)
                round_ = self.t.rounds[k - 1]
                put(ws, row, left, _round_head(round_) if lay.counts(k) else _card_apart_head(round_))
                put(ws, row, left + 1, cell.where if cell else "")
                if cell is not None and (cell.formula is not None or cell.value is not None):
                    ws.cell(row, left + 2, f"={self.round_ref(name, k)}")
                for c in range(left, left + 4):
                    st(ws.cell(row, c), "box_points" if c == left + 2 else "box")
            st(put(ws, total, left, pgettext("championship", "Total")), "total")
            st(ws.cell(total, left + 1), "total")
            ws.cell(total, left + 2, f"={self.results_ref}!{col(self.layout.total_col)}{self.layout.row(name)}")
            st(ws.cell(total, left + 2), "total")
            st(ws.cell(total, left + 3), "total")
        _widths(ws, [8, 12, 11, 8, 3, 8, 12, 11, 8])
        _page(ws, self.t.name, 9, r + height, landscape=False, titles=False)

    def _who_word(self) -> str:
        return pgettext("championship", "Team") if self.teams else pgettext("championship", "Player")


# --- helpers ----------------------------------------------------------------------------------------


def _card_apart_head(round_: Round) -> str:
    """An extra round's line on a control card: short, as the card's Rodada column is narrow (the
    Resultados head and the notes cite Art 23; on the card it stands below the Total, not in it)."""
    return pgettext("championship", "R{number} extra").format(number=round_.number)


def _items(round_: Round):
    """Each table (or match) of a round, its label ("Mesa 1") and its short name ("Mesa1")."""
    for table in round_.tables:
        yield (
            table,
            pgettext("championship", "Table {table}").format(table=table.table),
            pgettext("worksheet", "Table{table}").format(table=table.table),
        )
    for number, match in enumerate(round_.matches, start=1):
        yield (
            match,
            pgettext("championship", "Match {number}").format(number=number),
            pgettext("worksheet", "Match{number}").format(number=number),
        )


def _who(item, played: Played | None) -> list[str]:
    """Who sits at a table (or plays a match): its sheet's players when it is in, else the draw's."""
    if played is not None:
        return list(played.result.players)
    return list(item.players if hasattr(item, "players") else item.teams)


def _own(delta: dict, penalty: dict, name: str) -> float:
    """What the round gave a participant apart from its penalties (those go to Ajustes)."""
    return delta.get(name, 0) - penalty.get(name, 0)


def _explains(delta: float, penalty: float, value: float) -> bool:
    """A sheet's value is the round's points, alone or with the round's penalty."""
    return math.isclose(delta, value, abs_tol=1e-6) or math.isclose(delta, value + penalty, abs_tol=1e-6)


def _round_head(round_: Round) -> str:
    stage = f" {round_.stage}" if round_.stage and round_.stage != "group" else ""
    return f"R{round_.number}{stage}"


def _number(value: float) -> str:
    """A number as a formula or a list writes it: whole numbers without a point, others to 4 places."""
    value = float(value)
    if value.is_integer():
        return str(int(value))
    return f"{value:.4f}".rstrip("0")


def _snap(value: float) -> float:
    """A difference of sums of thirds, rid of its rounding noise (10/3 + 2 - 16/3 is 1e-16)."""
    return round(value, 9) + 0.0


def _plain(value: float):
    value = float(value)
    return int(value) if value.is_integer() else value


def _literal_term(value: float) -> str:
    """A constant to add to a formula ('' when none; '+(-2.5)' keeps the sign readable)."""
    if math.isclose(value, 0, abs_tol=1e-9):
        return ""
    return f"+({_number(value)})" if value < 0 else f"+{_number(value)}"


def _text(name: str) -> str:
    return name.replace('"', '""')


def _shown(value):
    """A tie-break's number as a cell shows it: lists as text, yes/no for a flag."""
    if value is None:
        return None
    if isinstance(value, bool):
        return pgettext("championship", "yes") if value else pgettext("championship", "no")
    if isinstance(value, (list, tuple)):
        return ", ".join("" if v is None else _number(v) for v in value)
    if isinstance(value, float):
        return _plain(value)
    return value


def _tiebreak_keys(rows: list[StandingRow]) -> list[str]:
    keys: list[str] = []
    for row in rows:
        for key in row.tiebreaks:
            if key not in keys:
                keys.append(key)
    return keys


def _name_width(names) -> float:
    return max([14.0, *(text_width(str(n)) for n in names)])


def _merge(ws, min_row: int, min_col: int, max_row: int, max_col: int) -> None:
    """ws.merge_cells in time linear in the merges. openpyxl's tests each new range against every
    one merged before (MultiCellRange.add), and its MergedCellRange registers new border objects
    for the range (hashing each): the Rondas of a 2,000-player season took minutes, and a
    thousand notes under the standings seconds. The ranges merged here never overlap: each
    covered cell becomes a MergedCell with the top-left cell's style (a table's box, a note's
    wrap), and the range is listed for the writer, which writes its coordinates."""
    ws.merged_cells.ranges.add(CellRange(min_col=min_col, min_row=min_row, max_col=max_col, max_row=max_row))
    style = ws.cell(min_row, min_col)._style
    for row in range(min_row, max_row + 1):
        for column in range(min_col, max_col + 1):
            if (row, column) != (min_row, min_col):
                cell = MergedCell(ws, row, column)
                cell._style = copy(style)
                ws._cells[row, column] = cell


def _widths(ws, widths) -> None:
    for c, width in enumerate(widths, start=1):
        ws.column_dimensions[col(c)].width = width


def styles_title(ws, styles: Styles, title: str) -> None:
    styles(put(ws, 1, 1, title), "title")


def _shown_text(value) -> str:
    """A cell's value as it prints: numbers in box_points' format (0.##), the rest as written."""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def _fit(ws, last_col: int, known: dict[str, float], minimum: float = 6.0) -> list[float]:
    """Each column's width from its longest value below the title (a formula's as the CLI
    computes it, in `known`; a wrapped head's longest word, in bold); a note merged across
    columns is left out. Reads the cells written (ws._cells): ws.iter_rows would create every
    empty cell of the rectangle, and a season's lists are large."""
    merged = {
        (r, c)
        for rng in ws.merged_cells.ranges
        if rng.max_col > rng.min_col
        for r in range(rng.min_row, rng.max_row + 1)
        for c in range(rng.min_col, rng.max_col + 1)
    }
    widths = [minimum] * last_col
    looks: dict[tuple[int, int], tuple[bool, bool]] = {}
    for (row, column), cell in ws._cells.items():
        if row < HEAD_ROW or column > last_col or (row, column) in merged:
            continue
        value = known.get(cell.coordinate, cell.value) if known else cell.value
        if value is None or (isinstance(value, str) and value.startswith("=")):
            continue
        style = cell._style.alignmentId, cell._style.fontId  # a cell's wrap and bold, looked up once a style
        if style not in looks:
            looks[style] = (
                bool(cell.alignment is not None and cell.alignment.wrap_text),
                bool(cell.font is not None and cell.font.b),
            )
        wrap, bold = looks[style]
        text = _shown_text(value)
        if wrap:
            text = max(text.split() or [""], key=len)
        widths[column - 1] = max(widths[column - 1], text_width(text, bold=bold))
    return widths


def _wrapped_lines(text: str, width: float) -> int:
    """How many lines a bold head takes wrapped at its words in a column `width` wide."""
    lines, line = 1, ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if line and text_width(joined, bold=True) > width:
            lines, line = lines + 1, word
        else:
            line = joined
    return lines


def _landscape(widths: list[float]) -> bool:
    """Landscape when a portrait A4 page would shrink the columns below MIN_PORTRAIT_SCALE."""
    return page_scale(widths, False) < MIN_PORTRAIT_SCALE


def _page_rows(widths: list[float]) -> float:
    """The rows of the default height a page holds once its columns are fitted to its width."""
    landscape = _landscape(widths)
    return (LANDSCAPE_ROWS if landscape else PAGE_ROWS) / page_scale(widths, landscape)


def _note_height(ws, row: int, text: str, widths: list[float]) -> None:
    """A wrapped note's row as high as its lines across the columns' width (and one spare)."""
    chars = max(20.0, sum(widths) / 1.05)
    ws.row_dimensions[row].height = 15 * (math.ceil(len(text) / chars) + 1)


def _note(ws, row: int, last_col: int, text: str) -> int:
    """A wrapped note across the page's columns; the row after it."""
    cell = put(ws, row, 1, text)
    cell.alignment = Alignment(wrap_text=True, vertical="top")
    _merge(ws, row, 1, row, last_col)
    ws.row_dimensions[row].height = 15 * max(1, math.ceil(len(text) / (9 * last_col + 20)) + 1)
    return row + 1


def _page(
    ws, name: str, last_col: int, last_row: int, *, landscape: bool, titles: bool = True, one_page: bool = False
) -> None:
    """A4 fitted to the page's width (and height when `one_page`), the heads repeated on every page."""
    page_setup(
        ws,
        header=name,
        landscape=landscape,
        one_page=one_page,
        area=f"A1:{col(last_col)}{last_row}",
        repeat_titles=False,
    )
    if titles:
        ws.print_title_rows = f"{HEAD_ROW}:{HEAD_ROW}"
