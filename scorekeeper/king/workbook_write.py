"""Writing a King boletim worksheet: the paper layout, with live formulas for everything a
person would add by hand, so the sheet keeps adding up when it is edited in a spreadsheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, NoReturn

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.chart import LineChart, Reference
from openpyxl.comments import Comment
from openpyxl.formatting.rule import FormulaRule, Rule
from openpyxl.styles import Alignment
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.styles.numbers import NumberFormat
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.pagebreak import Break

from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.i18n import M_, Grouped, Message, _
from scorekeeper.king import workbook_layout as L
from scorekeeper.king.rules import KingRules
from scorekeeper.king.workbook_layout import FIRST_PLAYER_COL, Layout, col, offender_names
from scorekeeper.workbook.export import SummaryCells
from scorekeeper.workbook.finding_words import finding_words as describe
from scorekeeper.workbook.layout import info_label, notes_label
from scorekeeper.workbook.page import BLANK_PAGE_FILL, PAGE_FILL, REMARK_MAX_WIDTH, column_points, printable_points
from scorekeeper.workbook.sheet_style import (
    DEFAULT_ROW,
    MAX_CELL_CHARS,
    MIN_WIDTH,
    RED_FILL,
    WARN_FILL,
    Styles,
    list_formula,
    page_setup,
    put,
    text_width,
    typed_value,
)

SPARE_ROWS = 2  # blank rows for a penalised festa's replay or a hand written in late
MIN_HAND_ROWS = 10
BLANK_NOTE_LINES = 3  # ruled lines under Notas on a blank boletim
MAX_ROW = 30  # points: a game's hand rows grow to fill the page up to twice the default
NOTE_CHAR_WIDTH = 1.05  # a note's characters per unit of column width, to size its wrapped row
NOTE_ALIGNMENT = Alignment(horizontal="left", vertical="top", wrap_text=True)
HIDDEN_FORMAT_ID = 400  # ";;;" (nothing shown): an id above the workbook's own custom formats
# The label of a festa row; the negative hands' labels come from the rule file. Like those, it is
# the game's own word, in every language (the formulas and import compare it as written).
FESTA_LABEL = "Festa"


def _lookup(cell: str, values: Mapping[str, object], otherwise) -> str:
    """A nested IF that maps a hand label to a number (Excel and LibreOffice both read it)."""
    formula = f'"{otherwise}"' if isinstance(otherwise, str) else str(otherwise)
    for label, value in reversed(list(values.items())):
        label = label.replace('"', '""')  # a quote in a formula's string is doubled
        formula = f'IF({cell}="{label}",{value},{formula})'
    return formula


def whole_game(rules: KingRules) -> int:
    """How many hands a whole game has: the negative hands and the festas (Art 8)."""
    return len(rules.negative_hands) + rules.festa_count


class KingBoletimWriter:
    """Writes one King game (or a blank one) onto a worksheet."""

    def __init__(self, ws, rules: KingRules, players: list[str], hand_rows: int, styles: Styles | None = None):
        self.ws, self.rules, self.players = ws, rules, players
        self.style = styles or Styles()  # one Styles per workbook
        self.lay = Layout(len(players), hand_rows)

    def summary_cells(self, quoted: str, p: int):
        """The Resumo's cells for player p: the saldo, the table points (Art 15), and the
        boletim's own zero check, which says ERRO once a whole game does not add up to 0."""
        lay = self.lay
        confere = f"{quoted}!{col(lay.class_col(2))}{lay.sum_row}"
        return SummaryCells(
            f"{quoted}!{col(lay.class_col(p))}{lay.class_saldo_row}",
            f"{quoted}!{col(lay.class_col(p))}{lay.points_row}",
            confere,
            f'{confere}="{_(L.ERROR_WORD)}"',
        )

    # --- formulas -------------------------------------------------------------------------
    def unit_formula(self, r: int) -> str:
        units = {h.label: h.unit for h in self.rules.negative_hands}
        return "=" + _lookup(f"$B{r}", units, "")

    def units_formula(self, r: int) -> str:
        units = {h.label: h.units for h in self.rules.negative_hands}
        units[FESTA_LABEL] = self.rules.tricks
        return "=" + _lookup(f"$B{r}", units, "")

    def control_formula(self, r: int) -> str:
        festa = FESTA_LABEL
        return (
            f'=IF($B{r}="","",IF($B{r}="{festa}",IF($H{r}="",{self.rules.festa_total},0),IF($J{r}="","",-$J{r}*$K{r})))'
        )

    def _charge(self, r: int, player: int, scorer: int) -> str:
        """Art 6: the responsible scorer takes the units nobody declared (their points, > 0)."""
        if player != scorer or not self.rules.charge_missing_to_scorer:
            return ""
        lay = self.lay
        qs = ",".join(f"{col(lay.qty_col(p))}{r}" for p in range(len(self.players)))
        return f"+IF(COUNT({qs})={len(self.players)},MAX(0,$K{r}-SUM({qs}))*$J{r},0)"

    def negative_points(self, r: int, player: int, scorer: int) -> str:
        """A negative hand's points (as a positive number, for the Negativos column)."""
        q = f"{col(self.lay.qty_col(player))}{r}"
        return f"{q}*$J{r}{self._charge(r, player, scorer)}"

    def festa_points(self, r: int, player: int, sign: int) -> str:
        """A festa's points for `player` in the Positivos (sign 1) or Negativos (sign -1) column:
        the 4-3-3-3, nulos (Quadro 3) or positivos (Quadro 2), with a sold offer's tricks moved."""
        rules, lay = self.rules, self.lay
        q = f"{col(lay.qty_col(player))}{r}"
        name = f"{col(lay.qty_col(player))}${L.NAMES_ROW}"
        # SUM of the one cell, not N(): N of an empty cell is an error in Gnumeric, and SUM
        # reads a blank or a text ("3 nulos") as 0 in every spreadsheet alike.
        given = f"IF($C{r}={name},SUM($G{r}),0)"
        sold = f"IF($F{r}={name},SUM($G{r}),0)"
        per, bonus, per_null = rules.positivos_per_trick, rules.nulos_bonus, rules.nulos_per_trick
        four = rules.four_three_beneficiary_tricks * per
        three = rules.four_three_other_tricks * per
        played = f'IF($D{r}="nulos",{bonus}-{per_null}*({q}-{given}+{sold}),{per}*({q}+{given}-{sold}))'
        unplayed = f"IF($C{r}={name},{four},{three})" if sign > 0 else "0"  # the 4-3-3-3 gives no negatives
        value = f"MAX(0,{played})" if sign > 0 else f"MAX(0,-{played})"
        return f'IF($D{r}="4-3-3-3",{unplayed},IF(OR({q}="",$D{r}=""),"",{value}))'

    def any_points(self, r: int, player: int, scorer: int, sign: int) -> str:
        """For a row whose hand is not known when exported (a spare row): any hand, by its label."""
        q = f"{col(self.lay.qty_col(player))}{r}"
        negative = (
            f'IF(OR($J{r}="",{q}=""),"",{self.negative_points(r, player, scorer)})'
            if sign < 0
            else f'IF(OR($J{r}="",{q}=""),"",0)'
        )
        return (
            f'IF(OR($B{r}="",$H{r}<>""),"",IF($B{r}="{FESTA_LABEL}",{self.festa_points(r, player, sign)},{negative}))'
        )

    # --- writing ---------------------------------------------------------------------------
    def write(
        self,
        meta: dict,
        scorer: str,
        rows: list[dict],
        findings: list[Note],
        totals: dict[str, dict[str, int]] | None = None,
    ):
        """Write the worksheet, in the language in use. `rows` hold what is typed in each hand
        row; `findings` are the notes to show as comments and in the notes area; `totals` the
        Totais and Saldo numbers written over their formulas ({"saldo": {"Ana": 20}})."""
        ws, lay, rules, players = self.ws, self.lay, self.rules, self.players
        self.written_totals = totals or {}
        scorer_index = players.index(scorer)
        # A sheet with nothing entered is a form to fill in by hand: no result shown, rows to write in.
        self.blank = not findings and not any(r.get("quantities") or r.get("points") for r in rows)
        self.typed_rows, self.notes = rows, findings
        ws.sheet_view.showGridLines = False
        self.style(put(ws, 1, 1, f"{L.title()} — {rules.title}"), "title")
        for key, (row, label_col, value_col) in L.INFO_CELLS.items():
            self.style(ws.cell(row, label_col, info_label(key)), "bold")
            value = scorer if key == "scorer" else meta.get(key)
            if value is not None:
                self.style(put(ws, row, value_col, typed_value(value)), "left")
            elif self.blank:  # a line to write it on, up to the next label
                labels = [c for r, c, _value in L.INFO_CELLS.values() if r == row and c > value_col]
                for column in range(value_col, min(labels, default=value_col + 3)):
                    self.style(ws.cell(row, column), "ruled")
        for index, header in enumerate(L.META_HEADERS, start=1):
            self._head(L.HEAD_ROW, index, _(header))
        for p, name in enumerate(players):
            qcol = lay.qty_col(p)
            put(ws, L.NAMES_ROW, qcol, name)
            ws.merge_cells(start_row=L.NAMES_ROW, start_column=qcol, end_row=L.NAMES_ROW, end_column=qcol + 2)
            self._head(L.NAMES_ROW, qcol, name)
            for offset, header in enumerate(L.PLAYER_HEADERS):
                self._head(L.HEAD_ROW, qcol + offset, _(header))
        self._head(L.HEAD_ROW, lay.total_col, _(L.TOTAL_HEADER))
        self._head(L.HEAD_ROW, lay.control_col, _(L.CONTROL_HEADER))
        self._head(L.HEAD_ROW, lay.note_col, _(L.REMARK_HEADER))

        for position, r in enumerate(lay.hand_rows()):
            self._hand_row(r, rows[position] if position < len(rows) else {}, scorer_index)
        self._totals()
        self._classification()
        self._running()
        self._findings(findings)
        self._validation()
        self._formatting()
        self._print_setup(meta)

    def _head(self, row, column, text):
        self.style(put(self.ws, row, column, text), "head")

    def _head_name(self, row, column, player: int):
        """A header that repeats a player's name: a live reference to the name cell (our own
        formula, so it is not passed through `put`, which keeps a sheet's text inert)."""
        cell = self.ws.cell(row, column)
        cell.value = f"={col(self.lay.qty_col(player))}{L.NAMES_ROW}"
        self.style(cell, "head")

    def _hand_row(self, r: int, typed: dict, scorer: int) -> None:
        ws, lay = self.ws, self.lay
        ws.cell(r, L.COL_NUMBER, r - L.FIRST_ROW + 1)
        for column, key in (
            (L.COL_HAND, "label"),
            (L.COL_BENEFICIARY, "beneficiary"),
            (L.COL_CONTRACT, "contract"),
            (L.COL_TRUMP, "trump"),
            (L.COL_OFFER_BY, "offer_by"),
            (L.COL_OFFER_TRICKS, "offer_tricks"),
            (L.COL_PENALTY, "penalty"),
            (L.COL_OFFENDERS, "offenders"),
        ):
            if typed.get(key) is not None:
                put(ws, r, column, typed[key])
        if typed.get("note") is not None:  # the hand's own note, as typed: inert text (put)
            put(ws, r, lay.note_col, typed["note"])
        # A row whose hand is known gets that hand's numbers and formula; a spare row gets
        # formulas that follow whatever label a person gives it.
        label = typed.get("label")
        negative = self.rules.negative_hand(label) if label else None
        festa = label == FESTA_LABEL
        if negative is not None:
            ws.cell(r, L.COL_UNIT, negative.unit)
            ws.cell(r, L.COL_UNITS, negative.units)
            ws.cell(r, lay.control_col, -negative.total)
        elif festa:
            ws.cell(r, L.COL_UNITS, self.rules.tricks)
            ws.cell(r, lay.control_col, f'=IF($H{r}="",{self.rules.festa_total},0)')
        else:
            ws.cell(r, L.COL_UNIT, self.unit_formula(r))
            ws.cell(r, L.COL_UNITS, self.units_formula(r))
            ws.cell(r, lay.control_col, self.control_formula(r))
        quantities, points = typed.get("quantities"), typed.get("points")
        neg_cells, pos_cells = [], []
        for p in range(len(self.players)):
            qcol, ncol, pcol = lay.qty_col(p), lay.neg_col(p), lay.pos_col(p)
            if quantities is not None and quantities[p] is not None:
                put(ws, r, qcol, quantities[p])
            if points is not None:
                if points[p] is not None:
                    put(ws, r, ncol, max(0, -points[p]))
                    put(ws, r, pcol, max(0, points[p]))
            elif negative is not None:
                q = f"{col(qcol)}{r}"
                ws.cell(r, ncol, f'=IF(OR($H{r}<>"",{q}=""),"",{self.negative_points(r, p, scorer)})')
            elif festa:
                ws.cell(r, ncol, f'=IF($H{r}<>"","",{self.festa_points(r, p, -1)})')
                ws.cell(r, pcol, f'=IF($H{r}<>"","",{self.festa_points(r, p, 1)})')
            else:
                ws.cell(r, ncol, "=" + self.any_points(r, p, scorer, -1))
                ws.cell(r, pcol, "=" + self.any_points(r, p, scorer, 1))
            neg_cells.append(f"{col(ncol)}{r}")
            pos_cells.append(f"{col(pcol)}{r}")
        every = ",".join(neg_cells + pos_cells)
        if typed.get("total") is not None:  # a total written over the formula (written_totals): kept as written
            put(ws, r, lay.total_col, typed["total"])
        else:
            ws.cell(r, lay.total_col, f'=IF(COUNT({every})=0,"",SUM({",".join(pos_cells)})-SUM({",".join(neg_cells)}))')
        for column in range(1, lay.last_col + 1):
            if column in (lay.total_col, lay.control_col):
                self.style(ws.cell(r, column), "box_signed")
            else:
                self.style(ws.cell(r, column), "box_hide_zero" if L.COL_UNIT <= column < lay.note_col else "box")
        ws.cell(r, lay.note_col).alignment = NOTE_ALIGNMENT  # a long note wraps (its row grows, _print_setup)

    def saldo_formula(self, p: int) -> str:
        """Player p's saldo from the hand rows: Positivos - Negativos."""
        first, last = L.FIRST_ROW, self.lay.last_hand_row
        pos, neg = col(self.lay.pos_col(p)), col(self.lay.neg_col(p))
        return f"SUM({pos}{first}:{pos}{last})-SUM({neg}{first}:{neg}{last})"

    def nothing_entered(self) -> str:
        """True while no hand row holds a number: a blank sheet shows no computed result (issue 8)."""
        letter = col(self.lay.total_col)
        return f"COUNT(${letter}${L.FIRST_ROW}:${letter}${self.lay.last_hand_row})=0"

    def _totals(self) -> None:
        ws, lay = self.ws, self.lay
        first, last = L.FIRST_ROW, lay.last_hand_row
        empty = self.nothing_entered()
        ws.cell(lay.totals_row, L.COL_HAND, _(L.TOTALS_LABEL))
        ws.cell(lay.saldo_row, L.COL_HAND, _(L.SALDO_LABEL))
        written = self.written_totals
        for p, name in enumerate(self.players):
            for key, column in (("negativos", lay.neg_col(p)), ("positivos", lay.pos_col(p))):
                letter = col(column)
                if name in written.get(key, {}):  # written over the formula: kept as written
                    put(ws, lay.totals_row, column, written[key][name])
                else:
                    ws.cell(lay.totals_row, column, f'=IF({empty},"",SUM({letter}{first}:{letter}{last}))')
            qcol = lay.qty_col(p)
            # The saldo adds up the hands themselves, never a total written over its formula (that
            # is a claim, checked): the classification and the Resumo follow it.
            if name in written.get("saldo", {}):
                put(ws, lay.saldo_row, qcol, written["saldo"][name])
            else:
                ws.cell(lay.saldo_row, qcol, f'=IF({empty},"",{self.saldo_formula(p)})')
            ws.merge_cells(start_row=lay.saldo_row, start_column=qcol, end_row=lay.saldo_row, end_column=qcol + 2)
        # The hands' total is what their points add up to, never a hand's total written over its
        # formula (a claim, checked): the players' Positivos less their Negativos
        n = len(self.players)
        positives = ",".join(f"{col(lay.pos_col(p))}{first}:{col(lay.pos_col(p))}{last}" for p in range(n))
        negatives = ",".join(f"{col(lay.neg_col(p))}{first}:{col(lay.neg_col(p))}{last}" for p in range(n))
        ws.cell(lay.totals_row, lay.total_col, f'=IF({empty},"",SUM({positives})-SUM({negatives}))')
        letter = col(lay.control_col)
        ws.cell(lay.totals_row, lay.control_col, f'=IF({empty},"",SUM({letter}{first}:{letter}{last}))')
        # Negativos and Positivos totals are written as the sheet means them, without a sign; the
        # saldo, a hand's total and the control total are signed.
        signed = {lay.total_col, lay.control_col}
        for row in (lay.totals_row, lay.saldo_row):
            for column in range(1, lay.last_col + 1):
                is_signed = row == lay.saldo_row and column >= FIRST_PLAYER_COL or column in signed
                self.style(ws.cell(row, column), "total_signed" if is_signed else "total")

    def _classification(self) -> None:
        ws, lay, rules = self.ws, self.lay, self.rules
        n = len(self.players)
        empty = self.nothing_entered()
        first, last = col(lay.class_col(0)), col(lay.class_col(n - 1))
        saldos = f"${first}${lay.class_saldo_row}:${last}${lay.class_saldo_row}"
        labels = (
            (lay.class_head_row, L.PLAYER_LABEL),
            (lay.class_saldo_row, L.SALDO_LABEL),
            (lay.place_row, L.PLACE_LABEL),
            (lay.points_row, L.POINTS_LABEL),
            (lay.place_values_row, L.PLACE_VALUES_LABEL),
            (lay.sum_row, L.SUM_LABEL),
        )
        for row, label in labels:
            self.style(ws.cell(row, L.COL_HAND, _(label)), "bold")
        # Art 15's table points and the zero check are a whole game's (the CLI gives `places` for
        # a complete game only): before that both show nothing, not a result made up halfway.
        rows = list(lay.hand_rows())
        totals = f"{col(lay.total_col)}{rows[0]}:{col(lay.total_col)}{rows[-1]}"
        unfinished = f"OR({empty},COUNT({totals})<{whole_game(rules)})"
        for p in range(n):
            c = lay.class_col(p)
            letter = col(c)
            self._head_name(lay.class_head_row, c, p)
            self.style(ws.cell(lay.class_saldo_row, c, f'=IF({empty},"",{self.saldo_formula(p)})'), "box_signed")
            ws.cell(lay.place_row, c, f'=IF({empty},"",RANK({letter}{lay.class_saldo_row},{saldos}))')
            # Art 16 / K5: tied players share the average of the places they occupy.
            self.style(
                ws.cell(
                    lay.points_row,
                    c,
                    f'=IF({unfinished},"",AVERAGE(OFFSET(${first}${lay.place_values_row},0,'
                    f"{letter}{lay.place_row}-1,1,"
                    f"COUNTIF({saldos},{letter}{lay.class_saldo_row}))))",
                ),
                "box_points",
            )
            self.style(ws.cell(lay.place_values_row, c, rules.places[p] if p < len(rules.places) else 0), "box")
            self.style(ws.cell(lay.place_row, c), "box")
        self.style(ws.cell(lay.sum_row, lay.class_col(0), f'=IF({empty},"",SUM({saldos}))'), "signed")
        self.style(ws.cell(lay.sum_row, lay.class_col(1), _(L.ZERO_LABEL)), "bold")
        verdict = f'IF({first}{lay.sum_row}={rules.game_total},"{L.OK_WORD}","{_(L.ERROR_WORD)}")'
        self.style(ws.cell(lay.sum_row, lay.class_col(2), f'=IF({unfinished},"",{verdict})'), "check")

    def _running(self) -> None:
        ws, lay = self.ws, self.lay
        empty = self.nothing_entered()
        self.style(ws.cell(lay.running_head_row, L.COL_NUMBER, _(L.NUMBER_HEADER)), "bold")
        self.style(ws.cell(lay.running_head_row, L.COL_HAND, _(L.RUNNING_LABEL)), "bold")
        for p in range(len(self.players)):
            self._head_name(lay.running_head_row, lay.class_col(p), p)
        for offset, r in enumerate(lay.hand_rows()):
            row = lay.running_first_row + offset
            ws.cell(row, L.COL_NUMBER, f"=A{r}")
            ws.cell(row, L.COL_HAND, f'=IF(B{r}="","",B{r})')
            for p in range(len(self.players)):
                c = lay.class_col(p)
                previous = f"{col(c)}{row - 1}+" if offset else ""
                # SUM, not N(): an empty or "" points cell counts 0 in every spreadsheet (see festa_points)
                self.style(
                    ws.cell(
                        row, c, f'=IF({empty},"",{previous}SUM({col(lay.pos_col(p))}{r})-SUM({col(lay.neg_col(p))}{r}))'
                    ),
                    "box",
                )
        chart = LineChart()
        chart.title = _(L.RUNNING_LABEL)
        chart.y_axis.title = _(L.POINTS_AXIS)
        chart.x_axis.title = _(L.HAND_HEADER)
        chart.height, chart.width = 7.5, 16
        data = Reference(
            ws,
            min_col=lay.class_col(0),
            max_col=lay.class_col(len(self.players) - 1),
            min_row=lay.running_head_row,
            max_row=lay.running_first_row + self.lay.hands - 1,
        )
        chart.add_data(data, titles_from_data=True)
        for series in chart.series:
            series.smooth = False  # a balance moves hand by hand; a curve would invent values between
        chart.x_axis.tickLblPos = "low"
        chart.x_axis.delete = False
        chart.y_axis.delete = False
        chart.set_categories(
            Reference(
                ws,
                min_col=L.COL_NUMBER,
                min_row=lay.running_first_row,
                max_row=lay.running_first_row + self.lay.hands - 1,
            )
        )
        ws.add_chart(chart, f"{col(lay.qty_col(1))}{lay.class_head_row}")

    def _findings(self, findings) -> None:
        """Every finding in the notes, each on its own row across the page (wrapped, so a long one
        is never cut at the print area's edge), as a comment at its cell, and its row marked."""
        ws, lay = self.ws, self.lay
        self.style(ws.cell(lay.notes_row, L.COL_HAND, notes_label()), "bold")
        if self.blank:
            for offset in range(1, BLANK_NOTE_LINES + 1):  # ruled lines to write on
                for column in range(L.COL_HAND, lay.last_col + 1):
                    self.style(ws.cell(lay.notes_row + offset, column), "ruled")
        elif not findings:
            ws.cell(lay.notes_row + 1, L.COL_HAND, _(L.ALL_CLEAR))
        by_cell: dict[tuple[int, int], list[str]] = {}
        for offset, (row, player, text, is_error) in enumerate(findings):
            note_row = lay.notes_row + 1 + offset
            self.style(put(ws, note_row, L.COL_HAND, text), "note")
            ws.merge_cells(start_row=note_row, start_column=L.COL_HAND, end_row=note_row, end_column=lay.last_col)
            if row is not None:
                column = lay.qty_col(player) if player is not None else L.COL_HAND
                by_cell.setdefault((row, column), []).append(text)
                self._mark(row, player, is_error)
        for (row, column), texts in by_cell.items():
            comment = Comment("\n".join(texts), "scorekeeper")
            comment.width, comment.height = 320, 40 + 30 * len(texts)
            ws.cell(row, column).comment = comment

    def _mark(self, row: int, player: int | None, is_error: bool) -> None:
        """A finding's row marked on paper too (the conditional red fill only sees a row that does
        not balance): its Nº and Mão, and the player's cells when the finding names one."""
        fill = RED_FILL if is_error else WARN_FILL
        columns = [L.COL_NUMBER, L.COL_HAND]
        if player is not None:
            columns += [self.lay.qty_col(player), self.lay.neg_col(player), self.lay.pos_col(player)]
        else:
            columns += list(range(L.COL_HAND + 1, self.lay.last_col + 1))
        for column in columns:
            cell = self.ws.cell(row, column)
            if cell.fill != RED_FILL:  # an error's mark is never turned into a warning's
                cell.fill = fill

    def _validation(self) -> None:
        ws, lay, rules = self.ws, self.lay, self.rules
        first, last = L.FIRST_ROW, lay.last_hand_row
        labels = [h.label for h in rules.negative_hands] + [FESTA_LABEL]
        lists = (
            (L.COL_HAND, labels),
            (L.COL_BENEFICIARY, self.players),
            (L.COL_OFFER_BY, self.players),
            (L.COL_CONTRACT, ("positivos", "nulos", "4-3-3-3")),
            (L.COL_TRUMP, rules.trumps),
            (L.COL_PENALTY, ("renuncia", "cartas-passadas")),
        )
        for column, values in lists:
            formula = list_formula(values)
            if formula is not None:
                dv = DataValidation(type="list", formula1=formula, allow_blank=True, showErrorMessage=True)
                dv.add(f"{col(column)}{first}:{col(column)}{last}")
                ws.add_data_validation(dv)
        limit = max(rules.offer_limit_positivos, rules.offer_limit_nulos)
        offers = DataValidation(
            type="whole",
            operator="between",
            formula1="1",
            formula2=str(limit),
            allow_blank=True,
            showErrorMessage=True,
            error=_("Art 10: 1 to {limit} tricks").format(limit=limit),
        )
        offers.add(f"{col(L.COL_OFFER_TRICKS)}{first}:{col(L.COL_OFFER_TRICKS)}{last}")
        ws.add_data_validation(offers)
        quantities = DataValidation(
            type="whole",
            operator="between",
            formula1="0",
            formula2=f"$K{first}",
            allow_blank=True,
            showErrorMessage=True,
            error=_("A whole number from 0 to the hand's units (column {units})").format(units=_(L.UNITS_HEADER)),
        )
        points = DataValidation(
            type="whole",
            operator="between",
            formula1="0",
            formula2=str(-rules.negative_phase_total),
            allow_blank=True,
            showErrorMessage=True,
            error=_("Whole points, written without sign in {negatives} or {positives}").format(
                negatives=_(L.NEGATIVES_HEADER), positives=_(L.POSITIVES_HEADER)
            ),
        )
        for p in range(len(self.players)):
            quantities.add(f"{col(lay.qty_col(p))}{first}:{col(lay.qty_col(p))}{last}")
            points.add(f"{col(lay.neg_col(p))}{first}:{col(lay.pos_col(p))}{last}")
        ws.add_data_validation(quantities)
        ws.add_data_validation(points)

    def _formatting(self) -> None:
        ws, lay = self.ws, self.lay
        first, last = L.FIRST_ROW, lay.last_hand_row
        total, control = col(lay.total_col), col(lay.control_col)
        # One range from the hands to the running balance, so the rules are read relative to A6:
        # a hand row that does not balance against its control total turns red, and a spare row's
        # running balance, which only repeats the last one, prints nothing until the row is given
        # a hand (its value stays in the cell, for anything that reads it).
        running, running_last = lay.running_first_row, lay.running_first_row + lay.hands - 1
        area = f"A{first}:{control}{running_last}"
        ws.conditional_formatting.add(
            area,
            FormulaRule(
                formula=[f'AND(ROW()<={last},${total}{first}<>"",${total}{first}<>${control}{first})'], fill=RED_FILL
            ),
        )
        hidden = DifferentialStyle(numFmt=NumberFormat(numFmtId=HIDDEN_FORMAT_ID, formatCode=";;;"))
        ws.conditional_formatting.add(
            area, Rule(type="expression", dxf=hidden, formula=[f'AND(ROW()>={running},$B{first}="")'])
        )
        check = f"{col(lay.class_col(2))}{lay.sum_row}"
        ws.conditional_formatting.add(check, FormulaRule(formula=[f'{check}="{_(L.ERROR_WORD)}"'], fill=RED_FILL))
        ws.freeze_panes = f"A{first}"
        for column, width in self._widths().items():
            ws.column_dimensions[col(column)].width = width
        ws.row_dimensions[L.HEAD_ROW].height = 30

    def _widths(self) -> dict[int, float]:
        """Each column as wide as its longest text (issue 8: no label cut on paper)."""
        lay, rows = self.lay, self.typed_rows
        texts: dict[int, list[tuple[str, bool]]] = {c: [] for c in range(1, lay.last_col + 1)}
        for index, header in enumerate(L.META_HEADERS, start=1):
            texts[index] += [(word, True) for word in _(header).split()]  # a header wraps at its spaces
        keys = {
            L.COL_HAND: "label",
            L.COL_BENEFICIARY: "beneficiary",
            L.COL_CONTRACT: "contract",
            L.COL_TRUMP: "trump",
            L.COL_OFFER_BY: "offer_by",
            L.COL_OFFER_TRICKS: "offer_tricks",
            L.COL_PENALTY: "penalty",
            L.COL_OFFENDERS: "offenders",
        }
        for column, key in keys.items():
            texts[column] += [(str(row[key]), False) for row in rows if row.get(key) is not None]
        texts[L.COL_HAND] += [(h.label, False) for h in self.rules.negative_hands]
        texts[L.COL_HAND] += [
            (_(label), True)
            for label in (
                L.TOTALS_LABEL,
                L.SALDO_LABEL,
                L.PLAYER_LABEL,
                L.PLACE_LABEL,
                L.POINTS_LABEL,
                L.PLACE_VALUES_LABEL,
                L.SUM_LABEL,
                L.RUNNING_LABEL,
            )
        ]
        texts[L.COL_HAND] += [(notes_label(), True)]
        texts[L.COL_CONTRACT] += [("positivos", False), ("4-3-3-3", False)]
        texts[L.COL_TRUMP] += [(t, False) for t in self.rules.trumps]
        texts[L.COL_PENALTY] += [("cartas-passadas", False)]
        texts[L.COL_UNIT] += [("-00000", False)]
        for p, name in enumerate(self.players):
            texts[lay.class_col(p)] += [(name, True), ("-00000", False)]
            texts[L.COL_BENEFICIARY] += [(name, False)]
            texts[L.COL_OFFER_BY] += [(name, False)]
            texts[lay.qty_col(p)] += [(_(L.QTY_HEADER), True)]
            texts[lay.neg_col(p)] += [(_(L.NEGATIVES_HEADER), True), ("00000", True)]
            texts[lay.pos_col(p)] += [(_(L.POSITIVES_HEADER), True), ("00000", True)]
        texts[lay.class_col(1)] += [(_(L.ZERO_LABEL), True)]
        texts[lay.class_col(2)] += [(_(L.ERROR_WORD), True)]
        texts[lay.total_col] += [(_(L.TOTAL_HEADER), True), ("+00000", True)]
        texts[lay.control_col] += [(_(L.CONTROL_HEADER), True), ("+00000", True)]
        texts[lay.note_col] += [(_(L.REMARK_HEADER), True)]
        widths = {
            column: max([text_width(text, bold) for text, bold in found] + [MIN_WIDTH])
            for column, found in texts.items()
        }
        notes = [text_width(line) for row in rows if row.get("note") is not None for line in row["note"].split("\n")]
        widths[lay.note_col] = max([widths[lay.note_col], *(min(REMARK_MAX_WIDTH, w) for w in notes)])
        return widths

    def _print_setup(self, meta: dict) -> None:
        """One A4 landscape page for a game, every finding on it; a blank boletim on two pages
        filled with rows to write in: the hands, then the classification and running balance
        (at 7 mm a row, the 40 rows of a blank do not fit one page)."""
        ws, lay = self.ws, self.lay
        title = " · ".join(str(v) for v in (meta.get("event"), _mesa(meta)) if v)
        last_row = lay.notes_row + (BLANK_NOTE_LINES if self.blank else max(1, len(self.notes)))
        page_setup(
            ws,
            header=f"{L.title()} — {self.rules.title}" + (f" — {title}" if title else ""),
            landscape=True,
            one_page=not self.blank,
            area=f"A1:{col(lay.last_col)}{last_row}",
            repeat_titles=not self.blank,
        )  # a blank's page 2 is not the hands table
        page_width, page_height = printable_points(landscape=True)
        scale = min(
            1.0, page_width / sum(column_points(ws.column_dimensions[col(c)].width) for c in range(1, lay.last_col + 1))
        )
        room = page_height * PAGE_FILL / scale  # the page's height, in the sheet's points
        chars = sum(ws.column_dimensions[col(c)].width for c in range(L.COL_HAND, lay.last_col + 1))
        for offset, note in enumerate(self.notes):
            text = note.text
            lines = -(-len(text) * NOTE_CHAR_WIDTH // chars) or 1
            ws.row_dimensions[lay.notes_row + 1 + offset].height = DEFAULT_ROW * lines
        if self.blank:
            # A scale of our own, not fitted by the spreadsheet: fitting ignores a page break.
            ws.sheet_properties.pageSetUpPr.fitToPage = False
            ws.page_setup.scale = int(scale * 100)
            room = page_height * BLANK_PAGE_FILL / (ws.page_setup.scale / 100)  # a scale we set: exact
            ws.row_breaks.append(Break(id=lay.saldo_row))
            self._fill(range(1, lay.saldo_row + 1), room, fixed={1: 22, L.HEAD_ROW: 30})
            gaps = (lay.saldo_row + 1, lay.sum_row + 1, lay.notes_row - 1)
            self._fill(range(lay.saldo_row + 1, last_row + 1), room, fixed=dict.fromkeys(gaps, DEFAULT_ROW))
            return
        used = sum(ws.row_dimensions[r].height or DEFAULT_ROW for r in range(1, last_row + 1))
        grow = [*lay.hand_rows(), lay.totals_row, lay.saldo_row]
        extra = min(MAX_ROW - DEFAULT_ROW, max(0.0, (room - used) / len(grow)))
        for r in grow:
            ws.row_dimensions[r].height = DEFAULT_ROW + extra
        width = ws.column_dimensions[col(lay.note_col)].width
        for r, row in zip(lay.hand_rows(), self.typed_rows):  # noqa: B905 (py39: zip has no strict)
            if row.get("note") is not None:  # a hand's note wraps in Observação: its row as high as its lines
                lines = sum(-(-len(part) * NOTE_CHAR_WIDTH // width) or 1 for part in row["note"].split("\n"))
                ws.row_dimensions[r].height = max(ws.row_dimensions[r].height, DEFAULT_ROW * lines)

    def _fill(self, rows: range, room: float, fixed: dict[int, float]) -> None:
        """Rows that share one page's height evenly (a blank form: the page filled, rows to write in)."""
        free = [r for r in rows if r not in fixed]
        height = (room - sum(fixed.get(r, 0) for r in rows)) / len(free)
        for r in rows:
            self.ws.row_dimensions[r].height = fixed.get(r, height)


def _mesa(meta: dict) -> str:
    parts = []
    if meta.get("table") is not None:
        parts.append(_("Table {table}").format(table=meta["table"]))
    if meta.get("round") is not None:
        parts.append(_("Round {round}").format(round=meta["round"]))
    return ", ".join(parts)


def typed_rows(sheet, result) -> list[dict]:
    """What a person would have typed in each hand row of the boletim for this sheet. A name or
    a word the check could not resolve (a beneficiary not at the table, an unknown trump) is
    written as the sheet writes it, so that it reads back with its finding; what the boletim has
    no cell for is refused (Safety, promise 4)."""
    rules, players = sheet.rules, sheet.players
    rows = []
    for entry, hand in zip(sheet.entries, result.hands):  # noqa: B905 (py39: zip has no strict)
        item = entry.item or {}
        negative = rules.negative_hand(entry.name) if entry.hand not in (None, "festa") else None
        label = negative.label if negative else (FESTA_LABEL if entry.hand == "festa" else entry.name)
        row = {"label": label}
        festa = label == FESTA_LABEL
        for key, otherwise in (("counts", "tricks"), ("tricks", "counts")):
            if key in item and (key == "tricks") != festa:  # Qtd holds a festa's tricks, another hand's counts
                _refuse(
                    sheet,
                    entry,
                    M_(
                        "{key}: the boletim's Qtd cells hold a festa's tricks and any other hand's "
                        "counts: these would read back as {other}",
                        key=key,
                        other=otherwise,
                    ),
                )
        for key, resolved in (
            ("beneficiary", entry.beneficiary),
            ("contract", entry.contract),
            ("trump", entry.trump),
            ("penalty", entry.penalty),
        ):
            row[key] = resolved if resolved is not None else _as_written(item.get(key))
        offenders = item.get("players")
        offenders = [offenders] if isinstance(offenders, str) else offenders
        if offenders:
            text = ", ".join(str(name) for name in offenders)
            if offender_names(text, players) != [str(name).strip() for name in offenders]:
                _refuse(
                    sheet,
                    entry,
                    M_(
                        "players: the boletim writes the players at fault in one cell, separated by "
                        "commas, and {names} would read back as others",
                        names=quoted(text),
                    ),
                )
            row["offenders"] = text
        offer = item.get("offer") if entry.offer is None else None
        if entry.offer is not None:
            row["offer_by"] = entry.offer.by
            kind = entry.offer.contract
            row["offer_tricks"] = (
                entry.offer.tricks if kind is None or kind == entry.contract else f"{entry.offer.tricks} {kind}"
            )
        elif isinstance(offer, dict):  # an offer by someone not at the table, or of an unknown kind
            row["offer_by"] = _as_written(offer.get("by"))
            kind = offer.get("contract")
            row["offer_tricks"] = offer.get("tricks") if kind is None else f"{offer.get('tricks')} {kind}"
        row["quantities"], row["points"] = _player_cells(sheet, entry, hand)
        if entry.note is not None:
            row["note"] = _note_cell(sheet, entry)
        if entry.total is not None:
            row["total"] = entry.total
        rows.append(row)
    return rows


def _player_cells(sheet, entry, hand) -> tuple[list | None, list | None]:
    """The hand's Qtd and points cells, a value per player: as the check took them, else as
    typed (a player left out keeps his cell empty, and reads back with his finding, Art 6); a
    penalty with no points written shows the points it gives."""
    item, players = entry.item or {}, sheet.players
    for key in ("counts", "tricks", "points"):
        if _names_outside(item.get(key), players):  # Art 6: no cell would give back its finding
            _per_player(sheet, entry, key)  # refuses it, naming the first such name
    quantities = entry.counts if entry.counts is not None else entry.tricks
    typed_quantities: list | None
    if quantities is not None:
        typed_quantities = [quantities[p] for p in players]
    else:
        typed_quantities = _per_player(sheet, entry, "tricks" if "tricks" in item else "counts")
    if entry.points is not None:
        return typed_quantities, [entry.points[p] for p in players]
    if entry.penalty and item.get("points") is None:  # no points written: the penalty's, as scored
        return typed_quantities, [hand.points[p] if hand.points else None for p in players]
    return typed_quantities, _per_player(sheet, entry, "points")


def _as_written(value):
    """A value the check could not resolve, as its cell holds it: a text or a number, else nothing
    (the sheet refuses any other)."""
    return value if isinstance(value, (str, int)) and not isinstance(value, bool) else None


def _names_outside(value, players: list[str]) -> bool:
    """Whether a mapping of values by name names someone not at the table (a finding, K-ART6-PLAYER-UNKNOWN)."""
    return isinstance(value, dict) and any(name not in players for name in value)


def _per_player(sheet, entry, key: str) -> list | None:
    """The values of `key` the check could not take (a player left out: a finding), each in its
    player's cell; values for someone not at the table, or a list that is not one a player, have
    no cell, and are refused."""
    value = (entry.item or {}).get(key)
    players = sheet.players
    if value is None:
        return None
    if isinstance(value, dict) and all(name in players for name in value):
        return [value.get(p) for p in players]
    if isinstance(value, dict):
        unknown = next(name for name in value if name not in players)
        _refuse(
            sheet,
            entry,
            M_(
                "{key}: {name} is not at this table, and the boletim has a column for each player only",
                key=key,
                name=quoted(unknown),
            ),
        )
    _refuse(
        sheet,
        entry,
        M_(
            "{key}: {count} values for {players} players: the boletim has one cell for each",
            key=key,
            count=len(value) if isinstance(value, list) else 1,
            players=len(players),
        ),
    )


def _refuse(sheet, entry, why: Message) -> NoReturn:
    raise SheetFormatError(
        M_("cannot export: hand {index}: {why}", index=entry.index, why=why), sheet.source, entry.line
    )


def _note_cell(sheet, entry) -> str:
    """A hand's note as its Observação cell holds it; a note that the cell cannot give back as
    typed is refused at export, naming the sheet and the hand (Safety, promise 4)."""
    note = entry.note  # text: the sheet refuses any other note (king.sheet, read.word)
    if not note.strip():
        why = M_("a cell of only blanks reads back as no note")
    elif ILLEGAL_CHARACTERS_RE.search(note) or "\r" in note:
        why = M_("it holds a control character that a workbook cannot hold")
    elif len(note) > MAX_CELL_CHARS:
        why = M_("it is longer than a workbook cell holds ({most} characters)", most=Grouped(MAX_CELL_CHARS))
    else:
        return note
    raise SheetFormatError(
        M_(
            "cannot export: hand {index}: note: the boletim cannot hold {note}: {why}",
            index=entry.index,
            note=quoted(note),
            why=why,
        ),
        sheet.source,
        entry.line,
    )


class Note(NamedTuple):
    """A finding as the boletim shows it: at its hand's row (None: the game as a whole) and its
    player's cells (None: the row), its text in the workbook's language, and whether it is an
    error (its row marked red) or a warning."""

    row: int | None
    player: int | None
    text: str
    is_error: bool


def finding_notes(sheet, result) -> list[Note]:
    players = sheet.players
    notes = []
    for f in result.findings:
        row = L.FIRST_ROW + f.hand - 1 if f.hand else None
        player = players.index(f.player) if f.player in players else None
        notes.append(Note(row, player, describe(f), f.is_error))
    return notes


def write_game(ws, sheet, result, styles: Styles, meta: dict) -> KingBoletimWriter:
    """A King sheet's boletim on `ws`: what was typed, live formulas, the findings as notes."""
    rows = typed_rows(sheet, result)
    hand_rows = max(len(rows) + SPARE_ROWS, MIN_HAND_ROWS + SPARE_ROWS)
    writer = KingBoletimWriter(ws, sheet.rules, sheet.players, hand_rows, styles)
    totals = {key: sheet.totals.as_numbers(key) for key in sheet.totals.values} if sheet.totals is not None else {}
    writer.write(meta, sheet.scorer, rows, finding_notes(sheet, result), totals)
    return writer


def write_blank(ws, rules: KingRules, players: list[str], scorer: str, styles: Styles, meta: dict) -> None:
    """The empty boletim: the hands of the rule file in order, festa beneficiaries in rotation."""
    rows = [{"label": h.label} for h in rules.negative_hands]
    rows += [{"label": FESTA_LABEL, "beneficiary": players[i % len(players)]} for i in range(rules.festa_count)]
    KingBoletimWriter(ws, rules, players, len(rows) + SPARE_ROWS, styles).write(meta, scorer, rows, [])
