"""Sueca's ficha: its columns, the formulas of a deal's row (Pontuacao, Penalizacoes), what a
scorer typed, and how a row and its findings are read back (team.workbook_write and team.workbook_read do the rest)."""

from __future__ import annotations

from openpyxl.formatting.rule import FormulaRule
from openpyxl.worksheet.datavalidation import DataValidation

from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_, N_, Joined, _
from scorekeeper.sueca import finding_codes as codes
from scorekeeper.team.finding_codes import NOT_A_TEAM
from scorekeeper.team.sheet import entry_problem, names_field
from scorekeeper.team.workbook_columns import YES, FichaColumns, per_team, team_of
from scorekeeper.team.workbook_read import key_lines, new_entry, team_values
from scorekeeper.workbook.layout import FIRST_ROW as FIRST
from scorekeeper.workbook.layout import HEAD_ROW, col, is_label
from scorekeeper.workbook.sheet_style import RED_FILL, put

# The heads are English message ids, written in the workbook's language (a Sueca ficha's is
# pt_PT, whose words are the paper ficha's: Nº, Penalidade, Equipa em falta, ...).
SUM_HEAD, CONTROL_HEAD = N_("Sum"), N_("Check")
# Card points typed in a Pontos cell that the workbook refuses (Excel's data validation).
POINTS_ERROR = N_("Card points, 0 to {total}")
# What else a scorer may type in Todas as vazas for "yes", in any language.
ALL_TRICKS_MARKS = ("s", "x", "y", "yes", "sim", "true", "1")
# Where a finding's cell is, by its kind: the Pontos cells, the standing (Moca), or a column of the row.
POINTS_KINDS = {codes.NO_POINTS.code, codes.IMPOSSIBLE_POINTS.code, codes.POINTS_OVER.code, codes.CARD_TOTAL.code}
STANDING_KINDS = {codes.MOCA_OVER.code, codes.MOCA_DIFFERS.code}
TEAM_KINDS = {codes.PENALTY_NO_TEAM.code, NOT_A_TEAM.code}
REASON_KINDS = {codes.NO_REASON.code, codes.UNKNOWN_REASON.code}


class SuecaColumns(FichaColumns):
    """A Nº | B Penalidade | C Equipa em falta | D Motivo | E Todas as vazas | per team: Pontos,
    Ganhos, Início, Moca, Mocas | Soma | Controlo | Nota | Observação (the deal's `note:`).
    The heads are message ids (N_), said in the workbook's language by team.workbook_write."""

    list_key = "deals"
    result_words = (N_("Moca"), N_("Mocas"))
    meta = (N_("No."), N_("Penalty"), N_("Team at fault"), N_("Reason"), N_("All tricks"))
    team_headers = (N_("Points"), N_("Gained"), N_("Start"), N_("Moca"), N_("Mocas"))
    first_team_col = 6
    PENALTY, TEAM, REASON, ALL = 2, 3, 4, 5
    # Widths (characters) that hold the labels and the longest value of each column
    # ("ma-distribuicao", "Controlo"), and leave room to write a number by hand.
    meta_widths = (4, 11, 9, 15, 8)
    team_width = 7
    remark_width = 14  # Observação's head in bold (sheet_style.text_width: 13.5); a game's notes may widen it
    input_ranges = ((2, 5),)  # B:E, and each team's Pontos: what a person types

    def __init__(self, teams: int):
        self.teams = teams
        self.sum_col = self.first_team_col + 5 * teams
        self.control_col = self.sum_col + 1
        self.last_col = self.control_col
        self.note_col = self.last_col + 1
        self.widths = [*self.meta_widths, *[self.team_width] * 5 * teams, 7, 9, 6, self.remark_width]

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

    keys = {"penalty": 2, "team": 3, "reason": 4, "all_tricks": 5}

    def counter(self, t):
        return self.mocas(t)

    def team_value(self, t):
        return self.points(t)  # a team's finding points at its card points

    def to_win(self, rules):
        return rules.mocas_to_win

    def team_slot_column(self, key, t):
        return {"points": self.points, "standing": self.standing}[key](t)

    def extra_heads(self, writer):
        writer.style(writer.ws.cell(HEAD_ROW, self.sum_col, _(SUM_HEAD)), "head")
        writer.style(writer.ws.cell(HEAD_ROW, self.control_col, _(CONTROL_HEAD)), "head")

    def write_row(self, writer, r: int, row: dict) -> None:
        """Pontuacao 2-4 and Penalizacoes as formulas: what each deal gives, the moca race."""
        ws, cols, rules = writer.ws, self, writer.rules
        yes = _(YES)  # the all-tricks mark, in the workbook's language
        for column, key in (
            (cols.PENALTY, "penalty"),
            (cols.TEAM, "team"),
            (cols.REASON, "reason"),
            (cols.ALL, "all_tricks"),
        ):
            if row.get(key) is not None:
                put(ws, r, column, yes if key == "all_tricks" else row[key])
        n = len(writer.names)
        first = r == FIRST
        over = (
            "FALSE"
            if first
            else f"MAX({','.join(f'{col(cols.mocas(t))}{r - 1}' for t in range(n))})>={rules.mocas_to_win}"
        )
        for t in range(n):
            other = 1 - t
            if row.get("points") is not None and row["points"][t] is not None:
                put(ws, r, cols.points(t), row["points"][t])
            written = row.get("standing") is not None and row["standing"][t] is not None
            if written:
                put(ws, r, cols.standing(t), row["standing"][t])
            p = f"{col(cols.points(t))}{r}"
            fault = f"$C{r}={writer.team_ref(other)}"
            castigos = f'COUNTIFS($B${FIRST}:$B{r},"castigo",$C${FIRST}:$C{r},{writer.team_ref(other)})'
            # Pontuacao 2-3 and Penalizacoes (S2, S4): what this deal gives team t.
            dealt = (
                f'IF($B{r}="renuncia",IF({fault},{rules.renuncia_points},0),'
                f'IF($B{r}="ponto",IF({fault},{rules.ponto_points},0),'
                f'IF($B{r}="castigo",IF(AND({fault},MOD({castigos},{rules.castigo_every})=0),'
                f"{rules.castigo_points},0),"
                f'IF({p}="",0,IF(AND($E{r}="{yes}",{p}={rules.total}),{rules.all_tricks},'
                f"IF({p}>{rules.big_win_above},{rules.big_win},IF({p}>{rules.win_above},{rules.win},0)))))))"
            )
            ws.cell(r, cols.gained(t), writer.computed(r, f"IF({over},0,{dealt})"))
            # S3: a moca closed on the row above starts the next at 0, or at a renuncia's carry.
            if first:
                start = "0"
            else:
                # The race follows the computed standing, never a number typed over the Moca formula
                # (that is a claim, checked on import).
                above = r - 1
                shown = [
                    f"MIN({rules.moca_points},{col(cols.start(u))}{above}+{col(cols.gained(u))}{above})"
                    for u in range(n)
                ]
                closed = f"MAX({','.join(shown)})>={rules.moca_points}"
                raw = f"({col(cols.start(t))}{above}+{col(cols.gained(t))}{above})"
                carry = (
                    (f'IF(AND($B{above}="renuncia",{raw}>{rules.moca_points},NOT({over})),{raw}-{rules.moca_points},0)')
                    if rules.renuncia_carries
                    else "0"
                )
                start = f"IF({closed},{carry},{shown[t]})"
            ws.cell(r, cols.start(t), writer.computed(r, start))
            if not written:
                ws.cell(
                    r,
                    cols.standing(t),
                    writer.computed(r, f"MIN({rules.moca_points},{col(cols.start(t))}{r}+{col(cols.gained(t))}{r})"),
                )
            previous = "0" if first else f"{col(cols.mocas(t))}{r - 1}"
            ws.cell(
                r,
                cols.mocas(t),
                writer.computed(
                    r,
                    f"{previous}+IF(AND(NOT({over}),{col(cols.start(t))}{r}"
                    f"+{col(cols.gained(t))}{r}>={rules.moca_points}),1,0)",
                ),
            )
        points = ",".join(f"{col(cols.points(t))}{r}" for t in range(n))
        ws.cell(r, cols.sum_col, f'=IF(COUNT({points})=0,"",SUM({points}))')
        ws.cell(r, cols.control_col, f'=IF(COUNT({points})=0,"",{rules.total})')

    def validation(self, writer, lst) -> None:
        ws, cols, rules, names = writer.ws, self, writer.rules, writer.names
        lst(cols.PENALTY, ("renuncia", "ponto", "castigo"))
        lst(cols.TEAM, names)
        lst(cols.REASON, rules.ponto_reasons)
        lst(cols.ALL, (_(YES),))
        dv = DataValidation(
            type="whole",
            operator="between",
            formula1="0",
            formula2=str(rules.total),
            allow_blank=True,
            showErrorMessage=True,
            error=_(POINTS_ERROR).format(total=rules.total),
        )
        for t in range(len(writer.names)):
            dv.add(f"{col(cols.points(t))}{FIRST}:{col(cols.points(t))}{writer.last_row}")
        ws.add_data_validation(dv)
        points = f"${col(cols.sum_col)}{FIRST}"
        ws.conditional_formatting.add(
            f"A{FIRST}:{col(cols.last_col)}{writer.last_row}",
            FormulaRule(formula=[f'AND({points}<>"",{points}<>${col(cols.control_col)}{FIRST})'], fill=RED_FILL),
        )

    def typed_row(self, sheet, item) -> dict:
        names = sheet.team_names
        row: dict = {}
        for key in ("penalty", "reason"):
            if isinstance(item.get(key), str):
                row[key] = item[key]
        row["team"] = team_of(sheet, item.get("team"))
        if item.get("all_tricks") is True:
            row["all_tricks"] = YES
        row["points"] = per_team(item.get("points"), names, "points")
        row["standing"] = per_team(item.get("standing"), names, "standing")
        return row

    def read_entry(self, grid, r: int, names: list[str]):
        """Every cell a scorer types in on row r, each into its key (the check judges what goes
        with what): a penalty and its team and reason, the card points and the all-tricks mark,
        and a standing typed over the Moca formula."""
        cols = self
        text = {
            key: grid.text(r, column)
            for key, column in (("penalty", cols.PENALTY), ("team", cols.TEAM), ("reason", cols.REASON))
        }
        points = team_values(grid, r, [cols.points(t) for t in range(len(names))], names)
        mark = grid.text(r, cols.ALL)
        # the Moca cells hold the ficha's formulas: a standing typed over one is a claim, checked
        standing = team_values(grid, r, [cols.standing(t) for t in range(len(names))], names, typed_over=True)
        if all(v is None for v in (*text.values(), points, mark, standing)):
            return None
        entry = new_entry(r)
        for key, value in text.items():
            if value is not None:
                entry[key] = value
        if points is not None:
            entry["points"] = points
        if mark is not None:
            if not (is_label(mark, YES) or mark.strip().lower() in ALL_TRICKS_MARKS):
                raise SheetFormatError(
                    M_(
                        "{mark}: this column says {yes} when a team took all the tricks, and is empty otherwise",
                        mark=quoted(mark),
                        yes=quoted(_(YES)),
                    ),
                    grid.where(r, cols.ALL),
                )
            entry["all_tricks"] = True
        if standing is not None:
            entry["standing"] = standing
        entry.key_lines = key_lines(entry, r, self.keys)
        return entry

    def computed_columns(self) -> list[int]:
        per_team = [column(t) for t in range(self.teams) for column in (self.gained, self.start, self.mocas)]
        return [*per_team, self.sum_col, self.control_col]

    def finding_column(self, ficha, finding: Finding, entry) -> int | None:
        """The cell of a Sueca row that holds the value a finding is about, by the finding's kind
        (its code: the message is in the language in use): None for the team's own cell."""
        cols, code, team = self, finding.code, finding.player
        # a Joined list is no one entry's problem (an EntryReader's findings are str or Message): it names no key
        problem = None if isinstance(finding.message, Joined) else entry_problem(finding.message)
        for key in ("points", "standing"):  # per_team's findings name their key, in any language
            if code.startswith("TEAM-") and problem is not None and names_field(problem, key):
                return ficha.team_column(key, team)
        if code in STANDING_KINDS:  # a moca standing written over its formula
            return ficha.team_column("standing", team or _first_written(entry, "standing"))
        if code in POINTS_KINDS:  # card points: the Pontos cells
            return ficha.team_column("points", team)
        if code == codes.ALL_TRICKS.code:  # all tricks claimed
            return cols.ALL
        if code in TEAM_KINDS:  # a penalty's team missing, or a name that is not a team: Equipa em falta
            return cols.TEAM
        if code in REASON_KINDS:
            return cols.REASON
        if code == codes.UNKNOWN_PENALTY.code:
            return cols.PENALTY
        return 2


def _first_written(entry, key: str) -> str | None:
    """The first team whose `key` (a standing) the row has a value for: the claim a finding
    that names no team (it compares the written standing as a whole) is first about."""
    written = entry.get(key)
    return next(iter(written), None) if isinstance(written, dict) else None
