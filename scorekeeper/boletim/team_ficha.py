"""The score sheets (fichas) of the team games, Sueca and Truco: export with live formulas, and
import of what a person typed.

Sueca's ficha keeps each deal's card points, the points they give, and the moca race (the
moca's start, its standing as the ficha writes it, mocas won); Truco's keeps each hand's
winner and value, the points given, the score of the game and games won. Every number a
person would otherwise work out is a formula that follows the rule file's numbers.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment
from openpyxl.worksheet.datavalidation import DataValidation

from scorekeeper import rules as registry
from scorekeeper.boletim import layout as L
from scorekeeper.boletim import regras
from scorekeeper.boletim.king_import import STRIDE, code
from scorekeeper.boletim.safe_read import MAX_ROWS
from scorekeeper.boletim.sheet_style import CENTER, RED_FILL, Styles, list_formula, page_setup, put, typed_value
from scorekeeper.boletim.layout import col
from scorekeeper.errors import SheetFormatError
from scorekeeper.findings import Finding
from scorekeeper.sheet_file import flow
from scorekeeper.team_sheet import MAX_ENTRIES
from scorekeeper.truco.rules import PENALTIES
from scorekeeper.yaml_lines import LineDict, LineList

FIRST = L.FIRST_ROW
SPARE_ROWS = 3  # empty rows after an exported game's last entry, for one written in by hand
YES = "sim"
NOTE_ALIGNMENT = Alignment(wrap_text=True, vertical="top")
# The paper: A4 landscape with these margins (inches), so that the table is printed near its
# size (portrait shrank it to half); a blank ficha's rows are written on by hand.
PAGE_MM = (297, 210)
MM_PER_WIDTH = 2.515  # a column width unit on LibreOffice's printed page, measured
SIDE_IN, MARGIN_IN, HEADER_IN = 0.4, 0.5, 0.25  # page_setup sets the sides to 0.4 with a print area
WRITING_MM = 7.4
BLANK_PAGES = 2
PLAYERS_ROW = 3
# Header cells: (row, label column, value column); the teams' players sit in row 3 above each team.
TEAM_INFO_CELLS = {"event": (2, 2, 3), "table": (2, 6, 7), "round": (2, 8, 9), "date": (2, 10, 12),
                   "rules": (3, 2, 3), "scorer": (3, 4, 5)}


# --- the two games' columns -----------------------------------------------------------------

class SuecaColumns:
    """A Nº | B Penalidade | C Equipa em falta | D Motivo | E Todas as vazas | per team: Pontos,
    Ganhos, Início, Moca, Mocas | Soma | Controlo."""

    game, list_key, word, title = "sueca", "deals", "deal", "Ficha de Pontuação"
    meta = ("Nº", "Penalidade", "Equipa em falta", "Motivo", "Todas as vazas")
    team_headers = ("Pontos", "Ganhos", "Início", "Moca", "Mocas")
    first_team_col = 6
    PENALTY, TEAM, REASON, ALL = 2, 3, 4, 5
    # Widths (characters) that hold the labels and the longest value of each column
    # ("ma-distribuicao", "Controlo"), and leave room to write a number by hand.
    meta_widths = (4, 11, 9, 15, 8)
    team_width = 7
    input_ranges = ((2, 5),)  # B:E, and each team's Pontos: what a person types

    def __init__(self, teams: int):
        self.teams = teams
        self.sum_col = self.first_team_col + 5 * teams
        self.control_col = self.sum_col + 1
        self.last_col = self.control_col
        self.note_col = self.last_col + 1
        self.widths = [*self.meta_widths, *[self.team_width] * 5 * teams, 7, 9, 6]

    def inputs(self) -> list[tuple[int, int]]:
        return [*self.input_ranges, *((self.points(t), self.points(t)) for t in range(self.teams))]

    def block(self, team: int) -> int:
        return self.first_team_col + 5 * team

    def points(self, t):
        return self.block(t)

    def gained(self, t):
        return self.block(t) + 1

    def start(self, t):
        return self.block(t) + 2

    def standing(self, t):
        return self.block(t) + 3

    def mocas(self, t):
        return self.block(t) + 4


class TrucoColumns:
    """A Nº | B Vencedor | C Valor | D Pediu (the last raise) | E Ocorrência | F Equipa | Jogo |
    per team: Início, Ganhos, Placar, Jogos."""

    game, list_key, word, title = "truco", "hands", "hand", "Ficha de Pontuação"
    meta = ("Nº", "Vencedor", "Valor", "Pediu", "Ocorrência", "Equipa", "Jogo")
    team_headers = ("Início", "Ganhos", "Placar", "Jogos")
    first_team_col = 8
    WINNER, VALUE, RAISED, EVENT, TEAM, GAME = 2, 3, 4, 5, 6, 7
    EVENTS = ("recusada", "truco-na-mao-de-onze", "olhar-baralho", "anulada")
    meta_widths = (4, 10, 7, 8, 20, 8, 6)  # Ocorrência holds "truco-na-mao-de-onze"
    team_width = 7

    def __init__(self, teams: int):
        self.teams = teams
        self.last_col = self.first_team_col + 4 * teams - 1
        self.note_col = self.last_col + 1
        self.widths = [*self.meta_widths, *[self.team_width] * 4 * teams, 6]

    def inputs(self) -> list[tuple[int, int]]:
        return [(self.WINNER, self.TEAM)]  # B:F, what a person types

    def block(self, team: int) -> int:
        return self.first_team_col + 4 * team

    def start(self, t):
        return self.block(t)

    def gained(self, t):
        return self.block(t) + 1

    def score(self, t):
        return self.block(t) + 2

    def games(self, t):
        return self.block(t) + 3


def columns_for(rules, teams: int):
    return SuecaColumns(teams) if rules.game == "sueca" else TrucoColumns(teams)


# --- writing ----------------------------------------------------------------------------------

class TeamFichaWriter:
    """Writes one Sueca game or Truco match (or a blank ficha) onto a worksheet."""

    def __init__(self, ws, rules, teams: dict[str, list[str]], rows: int, styles: Styles, blank: bool = False):
        self.ws, self.rules, self.teams, self.style = ws, rules, teams, styles
        self.names = list(teams)
        self.cols = columns_for(rules, len(teams))
        self.rows = rows
        self.blank = blank
        self.last_row = FIRST + rows - 1
        self.result_row = self.last_row + 2
        self.notes_row = self.result_row + len(self.names) + 2

    def write(self, meta: dict, typed: list[dict], notes: list[tuple[int | None, str]]) -> None:
        ws, cols = self.ws, self.cols
        ws.sheet_view.showGridLines = False
        self.style(put(ws, 1, 1, f"{cols.title} — {self.rules.title}"), "title")
        for key, (row, label_col, value_col) in TEAM_INFO_CELLS.items():
            value = meta.get(key)
            if key == "scorer" and value is None:
                continue
            self.style(ws.cell(row, label_col, L.INFO_LABELS[key]), "bold")
            if value is not None:
                self.style(put(ws, row, value_col, typed_value(value)), "left")
        for column, header in enumerate(cols.meta, start=1):
            self.style(ws.cell(L.HEAD_ROW, column, header), "head")
        width = len(cols.team_headers)
        for t, name in enumerate(self.names):
            first = cols.block(t)
            self.style(put(ws, L.NAMES_ROW, first, name), "head")
            put(ws, PLAYERS_ROW, first, ", ".join(self.teams[name]))  # the team's players, above its name
            ws.merge_cells(start_row=L.NAMES_ROW, start_column=first, end_row=L.NAMES_ROW, end_column=first + width - 1)
            for offset, header in enumerate(cols.team_headers):
                self.style(ws.cell(L.HEAD_ROW, first + offset, header), "head")
        if cols.game == "sueca":
            self.style(ws.cell(L.HEAD_ROW, cols.sum_col, "Soma"), "head")
            self.style(ws.cell(L.HEAD_ROW, cols.control_col, "Controlo"), "head")
        self.style(ws.cell(L.HEAD_ROW, cols.note_col, "Nota"), "head")
        for position, r in enumerate(range(FIRST, self.last_row + 1)):
            row = typed[position] if position < len(typed) else {}
            ws.cell(r, 1, position + 1)
            if cols.game == "sueca":
                self._sueca_row(r, row)
            else:
                self._truco_row(r, row)
            for column in range(1, cols.note_col + 1):
                self.style(ws.cell(r, column), "box")
        self._result()
        self._notes(notes)
        self._validation()
        self._print_setup(meta)

    def _unused(self, r: int) -> str:
        """True while nothing is typed in row r or below it: a spare row, whose computed cells
        stay empty (a spare row printing the last standing again reads as deals never played).
        Rows above a typed one are never spare, so the race runs on through a skipped row."""
        counts = [f'COUNTIF(${col(a)}{r}:${col(b)}${self.last_row},"<>")' for a, b in self.cols.inputs()]
        return f"{'+'.join(counts)}=0"

    def _computed(self, r: int, formula: str) -> str:
        """A computed cell of row r: empty in a spare row."""
        return f'=IF({self._unused(r)},"",{formula})'

    def _team_ref(self, t: int) -> str:
        """The cell holding team t's name (row 4), as formulas compare names with it."""
        return f"${col(self.cols.block(t))}${L.NAMES_ROW}"

    # Sueca ---------------------------------------------------------------------------------
    def _sueca_row(self, r: int, row: dict) -> None:
        ws, cols, rules = self.ws, self.cols, self.rules
        for column, key in ((cols.PENALTY, "penalty"), (cols.TEAM, "team"), (cols.REASON, "reason"),
                            (cols.ALL, "all_tricks")):
            if row.get(key) is not None:
                put(ws, r, column, row[key])
        n = len(self.names)
        first = r == FIRST
        over = "FALSE" if first else f"MAX({','.join(f'{col(cols.mocas(t))}{r - 1}' for t in range(n))})>={rules.mocas_to_win}"
        for t in range(n):
            other = 1 - t
            if row.get("points") is not None:
                put(ws, r, cols.points(t), row["points"][t])
            if row.get("standing") is not None:
                put(ws, r, cols.standing(t), row["standing"][t])
            p = f"{col(cols.points(t))}{r}"
            fault = f"$C{r}={self._team_ref(other)}"
            castigos = f'COUNTIFS($B${FIRST}:$B{r},"castigo",$C${FIRST}:$C{r},{self._team_ref(other)})'
            # Pontuacao 2-3 and Penalizacoes (S2, S4): what this deal gives team t.
            dealt = (f'IF($B{r}="renuncia",IF({fault},{rules.renuncia_points},0),'
                     f'IF($B{r}="ponto",IF({fault},{rules.ponto_points},0),'
                     f'IF($B{r}="castigo",IF(AND({fault},MOD({castigos},{rules.castigo_every})=0),'
                     f'{rules.castigo_points},0),'
                     f'IF({p}="",0,IF(AND($E{r}="{YES}",{p}={rules.total}),{rules.all_tricks},'
                     f'IF({p}>{rules.big_win_above},{rules.big_win},IF({p}>{rules.win_above},{rules.win},0)))))))')
            ws.cell(r, cols.gained(t), self._computed(r, f"IF({over},0,{dealt})"))
            # S3: a moca closed on the row above starts the next at 0, or at a renuncia's carry.
            if first:
                start = "0"
            else:
                # The race follows the computed standing, never a number typed over the Moca formula
                # (that is a claim, checked on import).
                above = r - 1
                shown = [f"MIN({rules.moca_points},{col(cols.start(u))}{above}+{col(cols.gained(u))}{above})"
                         for u in range(n)]
                closed = f"MAX({','.join(shown)})>={rules.moca_points}"
                raw = f"({col(cols.start(t))}{above}+{col(cols.gained(t))}{above})"
                carry = (f'IF(AND($B{above}="renuncia",{raw}>{rules.moca_points},NOT({over})),'
                         f'{raw}-{rules.moca_points},0)') if rules.renuncia_carries else "0"
                start = f"IF({closed},{carry},{shown[t]})"
            ws.cell(r, cols.start(t), self._computed(r, start))
            if row.get("standing") is None:
                ws.cell(r, cols.standing(t), self._computed(
                    r, f"MIN({rules.moca_points},{col(cols.start(t))}{r}+{col(cols.gained(t))}{r})"))
            previous = "0" if first else f"{col(cols.mocas(t))}{r - 1}"
            ws.cell(r, cols.mocas(t), self._computed(r, f"{previous}+IF(AND(NOT({over}),{col(cols.start(t))}{r}"
                                                        f"+{col(cols.gained(t))}{r}>={rules.moca_points}),1,0)"))
        points = ",".join(f"{col(cols.points(t))}{r}" for t in range(n))
        ws.cell(r, cols.sum_col, f'=IF(COUNT({points})=0,"",SUM({points}))')
        ws.cell(r, cols.control_col, f'=IF(COUNT({points})=0,"",{rules.total})')

    # Truco ---------------------------------------------------------------------------------
    def _truco_row(self, r: int, row: dict) -> None:
        ws, cols, rules = self.ws, self.cols, self.rules
        for column, key in ((cols.WINNER, "winner"), (cols.VALUE, "value"), (cols.RAISED, "raised_by"),
                            (cols.EVENT, "event"), (cols.TEAM, "team")):
            if row.get(key) is not None:
                put(ws, r, column, row[key])
        n = len(self.names)
        first = r == FIRST
        above = r - 1
        target = rules.target
        computed = [f"MIN({target},{col(cols.start(t))}{above}+{col(cols.gained(t))}{above})" for t in range(n)]
        new_game = "TRUE" if first else f"MAX({','.join(computed)})>={target}"
        ws.cell(r, cols.GAME, self._computed(r, "1" if first else f"G{above}+IF({new_game},1,0)"))
        over = "FALSE" if first else \
            f"MAX({','.join(f'{col(cols.games(t))}{above}' for t in range(n))})>={rules.games_to_win}"
        for t in range(n):
            other = 1 - t
            ws.cell(r, cols.start(t), self._computed(r, "0" if first else f"IF({new_game},0,{computed[t]})"))
            if row.get("score") is not None:
                put(ws, r, cols.score(t), row["score"][t])
            me, ot = self._team_ref(t), self._team_ref(other)
            s_me, s_ot = f"{col(cols.start(t))}{r}", f"{col(cols.start(other))}{r}"
            value = f'IF($C{r}="",1,$C{r})'
            eleven = rules.eleven
            # Art 13-18 (T1-T3): what this hand gives team t.
            gained = (f'IF({over},0,IF($E{r}="anulada",0,'
                      f'IF(OR($E{r}="olhar-baralho",$E{r}="recusada"),'
                      f'IF($F{r}={ot},IF($E{r}="recusada",{rules.declined},{rules.looked_at_deck}),0),'
                      f'IF($E{r}="truco-na-mao-de-onze",IF($F{r}={ot},{rules.raise_penalty},0),'
                      f'IF(AND({s_me}={eleven},{s_ot}={eleven}),IF($B{r}={me},{rules.both_at_eleven_value},0),'
                      f'IF({s_ot}={eleven},IF(OR($D{r}={ot},$B{r}={me}),'
                      f'IF($D{r}={ot},{rules.raise_penalty},{rules.lost}),0),'
                      f'IF({s_me}={eleven},IF($D{r}={me},0,IF($B{r}={me},{value},0)),'
                      f'IF($B{r}={me},{value},0))))))))')
            ws.cell(r, cols.gained(t), self._computed(r, gained))
            if row.get("score") is None:
                ws.cell(r, cols.score(t), self._computed(r, f"MIN({target},{s_me}+{col(cols.gained(t))}{r})"))
            previous = "0" if first else f"{col(cols.games(t))}{above}"
            ws.cell(r, cols.games(t), self._computed(
                r, f"{previous}+IF(AND(NOT({over}),{s_me}+{col(cols.gained(t))}{r}>={target}),1,0)"))

    def _result(self) -> None:
        ws, cols, r = self.ws, self.cols, self.result_row
        last = self.last_row
        counter = cols.mocas if cols.game == "sueca" else cols.games
        to_win = self.rules.mocas_to_win if cols.game == "sueca" else self.rules.games_to_win
        self.style(ws.cell(r, 2, "Vencedor"), "bold")
        # Mocas and games won only grow down the column, and spare rows are empty: the
        # largest number is the last one written.
        won = [f"MAX({col(counter(t))}{FIRST}:{col(counter(t))}{last})" for t in range(2)]
        self.style(ws.cell(r, 3, f'=IF({won[0]}>={to_win},{self._team_ref(0)},IF({won[1]}>={to_win},'
                                 f'{self._team_ref(1)},""))'), "check")
        one, many = ("Moca", "Mocas") if cols.game == "sueca" else ("Jogo", "Jogos")
        for t in range(len(self.names)):
            self.style(ws.cell(r + 1 + t, 2, f"={self._team_ref(t)}"), "bold")
            column = f"{col(counter(t))}{FIRST}:{col(counter(t))}{last}"
            ws.cell(r + 1 + t, 3, f'=IF(COUNT({column})=0,"",MAX({column}))')
            ws.cell(r + 1 + t, 4, f'=IF(C{r + 1 + t}=1,"{one}","{many}")')  # "1 Moca", "2 Mocas"

    def _notes(self, notes) -> None:
        """The findings, numbered, each on a line as wide as the table (wrapped, never cut),
        and each row a finding is about marked with its numbers in the Nota column."""
        from openpyxl.comments import Comment

        ws, cols = self.ws, self.cols
        start = self.notes_row
        self.style(ws.cell(start, 2, L.NOTES_LABEL), "bold")
        if not notes and not self.blank:
            ws.cell(start + 1, 2, "Sem observações: a ficha confere.")
        by_row: dict[int, list[int]] = {}
        line_chars = sum(cols.widths[1:]) - 2  # what one line of the merged note holds
        for number, (row, text) in enumerate(notes, start=1):
            r = start + number
            cell = put(ws, r, 2, f"{number}. {text}")
            cell.alignment = NOTE_ALIGNMENT
            ws.merge_cells(start_row=r, start_column=2, end_row=r, end_column=cols.note_col)
            lines = -(-len(cell.value) // line_chars)
            if lines > 1:
                ws.row_dimensions[r].height = 13.5 * lines
            if row is not None:
                by_row.setdefault(row, []).append(number)
        for row, numbers in by_row.items():
            marks = ", ".join(map(str, numbers))
            mark = ws.cell(row, cols.note_col, marks)
            mark.fill, mark.alignment = RED_FILL, CENTER
            ws.cell(row, 1).fill = RED_FILL
            ws.cell(row, 1).comment = Comment("\n".join(notes[n - 1][1] for n in numbers), "scorekeeper")
        self.notes_end = start + max(1, len(notes))

    def _validation(self) -> None:
        ws, cols, rules = self.ws, self.cols, self.rules
        names = self.names

        def lst(column: int, values):
            formula = list_formula(values)
            if formula is None:
                return
            dv = DataValidation(type="list", formula1=formula, allow_blank=True, showErrorMessage=True)
            dv.add(f"{col(column)}{FIRST}:{col(column)}{self.last_row}")
            ws.add_data_validation(dv)

        if cols.game == "sueca":
            lst(cols.PENALTY, ("renuncia", "ponto", "castigo"))
            lst(cols.TEAM, names)
            lst(cols.REASON, rules.ponto_reasons)
            lst(cols.ALL, (YES,))
            dv = DataValidation(type="whole", operator="between", formula1="0", formula2=str(rules.total),
                                allow_blank=True, showErrorMessage=True, error=f"Card points, 0 to {rules.total}")
            for t in range(len(self.names)):
                dv.add(f"{col(cols.points(t))}{FIRST}:{col(cols.points(t))}{self.last_row}")
            ws.add_data_validation(dv)
            points = f"${col(cols.sum_col)}{FIRST}"
            ws.conditional_formatting.add(
                f"A{FIRST}:{col(cols.last_col)}{self.last_row}",
                FormulaRule(formula=[f'AND({points}<>"",{points}<>${col(cols.control_col)}{FIRST})'], fill=RED_FILL))
        else:
            lst(cols.WINNER, names)
            lst(cols.RAISED, names)
            lst(cols.TEAM, names)
            lst(cols.EVENT, cols.EVENTS)
            lst(cols.VALUE, [str(v) for v in rules.values])
        ws.freeze_panes = f"A{FIRST}"
        for column, width in enumerate(cols.widths, start=1):
            ws.column_dimensions[col(column)].width = width
        ws.row_dimensions[L.HEAD_ROW].height = 30

    def _print_setup(self, meta: dict) -> None:
        """Landscape A4 as wide as the table; the print area ends with the last note. A blank
        ficha's rows are at least WRITING_MM high on the paper, however the width scales it."""
        ws = self.ws
        page_setup(ws, header=f"{self.cols.title} — {self.rules.title}", landscape=True, one_page=False,
                   area=f"A1:{col(self.cols.note_col)}{self.notes_end}")
        ws.page_margins.top = ws.page_margins.bottom = MARGIN_IN
        ws.page_margins.header = ws.page_margins.footer = HEADER_IN
        if self.blank:
            for r in range(FIRST, self.last_row + 1):
                ws.row_dimensions[r].height = blank_row_points(self.cols)


def typed_rows(sheet, result) -> list[dict]:
    """What a scorer would have typed in each row of the ficha for this sheet."""
    names = sheet.team_names
    rows = []
    for item in sheet.entries:
        row: dict = {}
        if sheet.rules.game == "sueca":
            for key in ("penalty", "reason"):
                if isinstance(item.get(key), str):
                    row[key] = item[key]
            row["team"] = _team_of(sheet, item.get("team"))
            if item.get("all_tricks") is True:
                row["all_tricks"] = YES
            row["points"] = _per_team(item.get("points"), names)
            row["standing"] = _per_team(item.get("standing"), names)
        else:
            row["winner"] = _team_of(sheet, item.get("winner"))
            row["raised_by"] = _team_of(sheet, item.get("raised_by"))
            if isinstance(item.get("value"), int) and not isinstance(item.get("value"), bool):
                row["value"] = item["value"]  # as written, even 1: a lost mao de onze scored 1 is a finding
            if item.get("void") is not None:
                row["event"] = "anulada"
            elif item.get("mao_de_onze") is not None:
                row["event"], row["team"] = "recusada", _team_of(sheet, item.get("team"))
            elif isinstance(item.get("penalty"), str):
                row["event"], row["team"] = item["penalty"], _team_of(sheet, item.get("team"))
            row["score"] = _per_team(item.get("score"), names)
        rows.append(row)
    return rows


def _team_of(sheet, value):
    """The team's name as the ficha writes it (a player's name becomes their team's)."""
    if not isinstance(value, str):
        return None
    return sheet.team_of(value) or value


def _per_team(value, names):
    if isinstance(value, list) and len(value) == len(names):
        return list(value)
    if isinstance(value, dict) and set(value) == set(names):
        return [value[n] for n in names]
    return None


def scale(cols) -> float:
    """How much fitting the table to the page width shrinks it."""
    table_mm = sum(cols.widths) * MM_PER_WIDTH
    return min(1.0, (PAGE_MM[0] - 2 * SIDE_IN * 25.4) / table_mm)


def blank_row_points(cols) -> float:
    """A blank ficha's row height (points) that prints WRITING_MM high once scaled."""
    return round(WRITING_MM / scale(cols) / 25.4 * 72 + 0.5)


def blank_rows(rules, teams: int = 2) -> int:
    """The rows of a blank ficha: as many as fill BLANK_PAGES pages. The first page holds the
    title and header rows, each page the repeated column heads, and the last the result and
    the notes' heading."""
    cols = columns_for(rules, teams)
    points_per_mm = 72 / 25.4
    height = (PAGE_MM[1] - 2 * MARGIN_IN * 25.4) * points_per_mm / scale(cols)  # the page's body
    heads = 15 + 30  # the team names and the column headers, on every page
    top = 20 + 2 * 15  # title, event and players
    bottom = 15 * (teams + 4)  # a gap, Vencedor, a line a team, a gap, Notas
    row = blank_row_points(cols)
    return int((BLANK_PAGES * (height - heads) - top - bottom) // row) - 1


def write_game(ws, sheet, result, styles: Styles, meta: dict) -> TeamFichaWriter:
    rows = typed_rows(sheet, result)
    writer = TeamFichaWriter(ws, sheet.rules, sheet.teams, len(rows) + SPARE_ROWS, styles)
    notes = [(FIRST + f.hand - 1 if f.hand else None, f.describe())
             for f in result.findings]
    writer.write(meta, rows, notes)
    return writer


def write_blank(ws, rules, teams: dict[str, list[str]], styles: Styles, meta: dict) -> TeamFichaWriter:
    writer = TeamFichaWriter(ws, rules, teams, blank_rows(rules, len(teams)), styles, blank=True)
    writer.write(meta, [], [])
    return writer


# --- reading ------------------------------------------------------------------------------

# Each value read from a ficha gets the line `code(row, slot)` (as king_import does for the
# boletim), so that a refusal or a finding about it comes back to its cell (issue 8 item 7):
# the slot is the column of a row's own cells, a per-team slot for a key that has a cell per
# team (its team is the finding's), and ENTRY_SLOT for the entry as a whole.
ENTRY_SLOT = STRIDE - 1
TEAM_SLOTS = {"points": STRIDE - 2, "standing": STRIDE - 3, "score": STRIDE - 4}
SUECA_KEYS = {"penalty": SuecaColumns.PENALTY, "team": SuecaColumns.TEAM, "reason": SuecaColumns.REASON,
              "all_tricks": SuecaColumns.ALL}
TRUCO_KEYS = {"winner": TrucoColumns.WINNER, "value": TrucoColumns.VALUE, "raised_by": TrucoColumns.RAISED,
              "penalty": TrucoColumns.EVENT, "void": TrucoColumns.EVENT, "mao_de_onze": TrucoColumns.EVENT,
              "team": TrucoColumns.TEAM}

@dataclass
class TeamFicha:
    """One team ficha as read: the sheet document and where each value sits."""

    path: str
    title: str
    rules_ref: str
    doc: LineDict
    cols: object
    rules_cell: str | None = None  # where the Regras cell is, for a refusal of what it names
    team_cols: dict[str, int] = field(default_factory=dict)  # team -> its first column

    @property
    def source(self) -> str:
        return f"{self.path}:{self.title}"

    def check(self, rules_path: str | None = None):
        """Score the ficha; each finding named by worksheet and cell."""
        from scorekeeper.sheets import score

        sheet = self._load(rules_path)
        with self._refusals_at_cells():
            result = score(sheet)
        result.source = self.source
        result.findings = [self._at_cell(f) for f in result.findings]
        return result

    def to_yaml(self, rules_path: str | None = None, rules_ref: str | None = None) -> str:
        """The ficha as a YAML sheet; `rules_ref` is what its `rules:` says when the caller knows
        better than the workbook (a house variant's file)."""
        sheet = self._load(rules_path)
        doc = self.doc
        lines = [f"rules: {flow(rules_ref or regras.yaml_ref(doc['rules'], sheet.rules))}", f"teams: {flow(dict(doc['teams']))}"]
        for key in ("scorer", "event", "table", "round", "date"):
            if key in doc:
                lines.append(f"{key}: {flow(doc[key])}")
        entries = doc[self.cols.list_key]
        if entries:
            lines.append(f"{self.cols.list_key}:")
            lines.extend(f"  - {flow(_plain(entry, list(doc['teams'])))}" for entry in entries)
        else:
            lines.append(f"{self.cols.list_key}: []")
        return "\n".join(lines) + "\n"

    def _load(self, rules_path):
        rules = regras.resolve(self.doc["rules"], rules_path, self.rules_cell or self.source)
        ref = rules_path if rules_path is not None else self.doc["rules"]
        with self._refusals_at_cells():
            return registry.model(rules.game).parse_sheet(self.doc, rules, self.source, ref)

    @contextlib.contextmanager
    def _refusals_at_cells(self):
        """A value refused while reading or scoring the ficha is refused at its cell."""
        try:
            yield
        except SheetFormatError as exc:
            if exc.source != self.source:  # already placed (the rules file, a cell of the grid)
                raise
            where = self._cell(exc.line, self._refused_team(exc.line)) if exc.line else self.source
            raise SheetFormatError(exc.message, where) from None

    def _cell(self, line: int, team: str | None) -> str:
        """The cell a coded line names; a per-team slot is the team's cell (the first team's
        when the team is not known)."""
        row, slot = divmod(line, STRIDE)
        column = slot
        for key, team_slot in TEAM_SLOTS.items():
            if slot == team_slot:
                column = self._team_column(key, team)
        if slot == ENTRY_SLOT:
            column = 2
        return f"{self.source}!{col(column)}{row}"

    def _team_column(self, key: str, team: str | None) -> int:
        names = list(self.doc["teams"])
        t = names.index(team) if team in names else 0
        cols = self.cols
        column = {"points": getattr(cols, "points", None), "standing": getattr(cols, "standing", None),
                  "score": getattr(cols, "score", None)}[key]
        return column(t)

    def _refused_team(self, line: int) -> str | None:
        """The team whose value in a per-team cell was refused: the first that is not a whole
        number of at least 0 (the EntryReader's refusals of `points`, `standing`, `score`)."""
        row, slot = divmod(line, STRIDE)
        key = next((k for k, s in TEAM_SLOTS.items() if s == slot), None)
        entry = next((e for e in self.doc[self.cols.list_key] if e.line // STRIDE == row), None)
        if key is None or entry is None or not isinstance(entry.get(key), dict):
            return None
        return next((t for t, v in entry[key].items()
                     if isinstance(v, bool) or not isinstance(v, int) or v < 0), None)

    def _at_cell(self, finding: Finding) -> Finding:
        if finding.line is None:
            return finding._replace(source=self.source)
        row, slot = divmod(finding.line, STRIDE)
        if slot != ENTRY_SLOT:  # a finding about one value (one with a `key`): exactly its cell
            return finding._replace(source=self._cell(finding.line, finding.player), line=None)
        column = None
        entries = self.doc[self.cols.list_key]
        if finding.hand and finding.hand <= len(entries):
            entry = entries[finding.hand - 1]
            if self.cols.game == "truco":
                column = self._truco_column(finding, entry)
            else:
                column = self._sueca_column(finding, entry)
        if column is None:
            column = self.team_cols.get(finding.player, 2)
        return finding._replace(source=f"{self.source}!{col(column)}{row}", line=None)

    def _sueca_column(self, finding: Finding, entry) -> int | None:
        """The cell of a Sueca row that holds the value a finding is about, as sueca.scoring
        words its findings (they carry the entry's line only): None for the team's own cell."""
        cols, rule = self.cols, finding.rule
        message = finding.message.split(": ", 1)[-1]
        team = finding.player
        for key in ("points", "standing"):  # per_team's findings name their key first
            if message.startswith((f"{key}:", f"{key} has")):
                return self._team_column(key, team)
        if rule == "Pontuacao 4":  # a moca standing written over its formula
            return self._team_column("standing", team or self._shown_team(message))
        if rule in ("Pontuacao 1", "O jogo 3", "O jogo 4"):  # card points: the Pontos cells
            return self._team_column("points", team)
        if rule == "Pontuacao 2":  # all tricks claimed
            return cols.ALL
        if rule.startswith("Penalizacoes"):
            if "needs the team" in message:
                return cols.TEAM
            if "reason" in message:
                return cols.REASON
            return cols.PENALTY
        if rule == "teams":  # a name that is not a team: in Equipa em falta
            return cols.TEAM
        return 2

    def _truco_column(self, finding: Finding, entry) -> int | None:
        """The cell of a Truco row that holds the value a finding is about, as truco.scoring
        words its findings; None for the team's Placar (a finding naming a team) or the row's
        Vencedor cell (the hand as a whole)."""
        cols = self.cols
        rule = finding.rule
        if rule == "Art 14" or "void" in entry:  # the match was over, a Placar typed over its formula, a void
            return None
        if "winner" in entry:  # a played hand
            if rule in ("Art 13", "Art 18", "Art 17"):
                # Art 13 a value not in the table; Art 18 both at eleven; Art 17 the mao de onze
                # lost: each says what the hand is worth instead of the Valor written.
                return cols.VALUE
            if rule == "Art 16":  # raised at eleven: who raised is in Pediu
                return cols.RAISED
            if rule == "teams" and self._team_of(entry["winner"]) is not None and "raised_by" in entry:
                return cols.RAISED  # the name that is not a team is in Pediu, not Vencedor
            return None
        penalty = entry.get("penalty")
        if penalty is not None and penalty not in PENALTIES:
            return cols.EVENT  # an Ocorrência that is not a penalty
        return cols.TEAM  # the team at fault or at eleven (Equipa): missing, unknown or wrong

    def _shown_team(self, message: str) -> str | None:
        """The first team whose written standing a disagreement quotes ('the sheet shows Eles
        3; ...'): check_written names no team when it compares the claim as a whole."""
        shown = message.partition("the sheet shows ")[2].partition(";")[0]
        claims = [claim.rpartition(" ")[0] for claim in shown.split(", ")]
        return next((c for c in claims if c in self.doc["teams"]), None)

    def _team_of(self, name) -> str | None:
        teams = self.doc["teams"]
        return next((t for t, players in teams.items() if name == t or name in players), None)


def _plain(entry: dict, teams: list[str]) -> dict:
    out = {}
    for key, value in entry.items():
        if isinstance(value, dict):
            value = [value[t] for t in teams] if list(value) == teams else dict(value)
        out[key] = value
    return out


def read(grid, rules, rules_ref: str, info: dict, rules_cell: str | None = None) -> TeamFicha:
    """A team ficha from a worksheet's cells (only what a person typed), given its header
    `info` and where its Regras cell is."""
    head = L.HEAD_ROW
    cols = columns_for(rules, rules.teams)
    names = []
    for t in range(rules.teams):
        name = grid.text(L.NAMES_ROW, cols.block(t))
        if name is None:
            raise SheetFormatError("a team column has no team name above it", grid.where(L.NAMES_ROW, cols.block(t)))
        names.append(name)
    if grid.text(head, 1) != "Nº":
        raise SheetFormatError("not a scorekeeper ficha: no 'Nº' header", grid.where(head, 1))
    doc = LineDict()
    doc.line, doc.key_lines = code(1, 1), {}
    doc["rules"] = rules_ref
    teams = LineDict()
    teams.line, teams.key_lines = code(L.NAMES_ROW, cols.block(0)), {}
    for t, name in enumerate(names):
        players = grid.text(PLAYERS_ROW, cols.block(t))
        teams[name] = [p.strip() for p in (players or "").split(",") if p.strip()]
    doc["teams"] = teams
    doc.key_lines["teams"] = teams.line
    for key in ("rules", "scorer", "event", "table", "round", "date"):
        row, _, column = TEAM_INFO_CELLS[key]
        doc.key_lines[key] = code(row, column)
        if key != "rules" and info.get(key) is not None:
            doc[key] = info[key]
    entries = LineList()
    entries.line, entries.item_lines = code(head, 1), []
    ficha = TeamFicha(grid.path, grid.title, rules_ref, doc, cols, rules_cell,
                      # a team's finding points at its card points (Sueca) or its score (Truco)
                      {name: (cols.points(t) if cols.game == "sueca" else cols.score(t)) for t, name in enumerate(names)})
    for r in range(head + 1, MAX_ROWS + 2):
        if r > MAX_ROWS:  # numbered rows go on below what is read: refuse rather than drop them
            raise SheetFormatError(f"numbered rows go on past row {MAX_ROWS}; a ficha holds at most "
                                   f"{MAX_ENTRIES} {cols.list_key}", grid.where(r - 1, 1))
        if isinstance(grid.values.get((r, 1)), bool) or not isinstance(grid.values.get((r, 1)), (int, float)):
            break  # the entry rows are the numbered ones; the result and notes follow them
        entry = _sueca_entry(grid, cols, r, names) if cols.game == "sueca" else _truco_entry(grid, cols, r, names)
        if entry is not None:
            entries.append(entry)
            entries.item_lines.append(entry.line)
    doc[cols.list_key] = entries
    return ficha


def _new_entry(r: int) -> LineDict:
    entry = LineDict()
    entry.line, entry.key_lines = code(r, ENTRY_SLOT), {}
    return entry


def _key_lines(entry: LineDict, r: int, columns: dict[str, int]) -> dict[str, int]:
    """Each key's coded line: its own cell's column, or its per-team slot."""
    return {key: code(r, TEAM_SLOTS[key] if key in TEAM_SLOTS else columns[key]) for key in entry}


def _team_values(grid, r: int, columns: list[int], names: list[str]):
    values = [grid.number(r, c) for c in columns]
    if all(v is None for v in values):
        return None
    return {name: v for name, v in zip(names, values) if v is not None}


def _sueca_entry(grid, cols: SuecaColumns, r: int, names: list[str]):
    penalty = grid.text(r, cols.PENALTY)
    points = _team_values(grid, r, [cols.points(t) for t in range(len(names))], names)
    if penalty is None and points is None:
        return None
    entry = _new_entry(r)
    if penalty is not None:
        entry["penalty"] = penalty
        for key, column in (("team", cols.TEAM), ("reason", cols.REASON)):
            if grid.text(r, column) is not None:
                entry[key] = grid.text(r, column)
    elif points is not None:
        entry["points"] = points
        if (grid.text(r, cols.ALL) or "").lower() in (YES, "s", "x", "yes", "true", "1"):
            entry["all_tricks"] = True
    standing = _team_values(grid, r, [cols.standing(t) for t in range(len(names))], names)
    if standing is not None:
        entry["standing"] = standing
    entry.key_lines = _key_lines(entry, r, SUECA_KEYS)
    return entry


def _truco_entry(grid, cols: TrucoColumns, r: int, names: list[str]):
    winner, event = grid.text(r, cols.WINNER), grid.text(r, cols.EVENT)
    if winner is None and event is None:
        return None
    entry = _new_entry(r)
    team = grid.text(r, cols.TEAM)
    if event == "anulada":
        entry["void"] = "misdeal"
    elif event == "recusada":
        entry["mao_de_onze"] = "declined"
        if team is not None:
            entry["team"] = team
    elif event is not None:
        entry["penalty"] = event
        if team is not None:
            entry["team"] = team
    else:
        entry["winner"] = winner
        value = grid.number(r, cols.VALUE)
        if value is not None:
            entry["value"] = value
        raised = grid.text(r, cols.RAISED)
        if raised is not None:
            entry["raised_by"] = raised
    score = _team_values(grid, r, [cols.score(t) for t in range(len(names))], names)
    if score is not None:
        entry["score"] = score
    entry.key_lines = _key_lines(entry, r, TRUCO_KEYS)
    return entry
