"""The Quatrilho planilha: one table's round on an Excel worksheet, with live formulas.

A row per entry of `deals:` (a deal, a late arrival, a seat left, a talha): what the fiscal
typed (Entrada, Quem, Parceiro/Deu, Figuras, Vazas, Coringa, one fine written under a contract,
and per person the rolar's figuras and any chips written), then per person the chips the row
moves as a formula of those cells and of the rule file's amounts (Art 12, 15, 18-20, RULINGS
Q4-Q10), the running chips, and the row's zero-sum control (Q3). At the bottom each registered
player's chips at the end (the committee covering a deficit after a talha, Art 19), his talhas
and his net for the round (Q10). The findings of the export are a numbered Notas list with the
rows marked (Nota), as on the team fichas; an entry's own `note:` is typed in Observação.

Round trips lose nothing (README, Safety, promise 4): once written, each entry's row is read
back as `import` reads it (workbook_read.py), and an entry that would come back changed or not
at all (a value no cell of its row holds, a name with no column, an empty row that would
renumber the rest) is refused at export, naming the entry. Where each cell sits is
workbook_layout.py's, which the reader shares.

"Dá" (who deals) is what the exporter writes (the CLI's dealer) or the fiscal types. The
formulas need the dealer only to leave him out of a deal at five occupied seats (Art 14); when
Dá is empty they take a hidden column's: deal k is dealt by seat (k-1) mod n (Q1). That is
exact whenever it matters: five seats are held only when no seat was ever left empty, and an
empty seat is what makes the rotation skip (Q10). What is typed in Dá wins; the check reports
a Dá that is not the CLI's dealer.

"Conta" says "não" on a row the CLI could not score (an error makes it moot): that row moves
no chips, as in the CLI, so the paper's sums are the CLI's. The reader ignores it.

Every word the planilha prints is in the workbook's language (pt_BR unless another is chosen),
and workbook_read.py reads its labels in any. What is typed as data stays as it is: the rule file's
contract and fine names, and beside them Entrada's atraso, saida and talha (the regulation's
words, which the formulas compare). Controlo's ERRO is translated (OK is the same in every
language), and so is Conta's "não": written in the workbook's language, taken by the formulas in
any (a fiscal may type it to leave a row out).
"""

from __future__ import annotations

from collections import Counter

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment
from openpyxl.worksheet.datavalidation import DataValidation

from scorekeeper.errors import SheetFormatError, quote, quoted
from scorekeeper.i18n import M_, Joined, Message, _
from scorekeeper.quatrilho.rules import CONTRACTS, FINES, SOLOS, QuatrilhoRules
from scorekeeper.quatrilho.workbook_layout import (
    ALL_GROUPS,
    CHIPS_GROUP,
    CONFERE_LABEL,
    CONTA_HEAD,
    CONTROL_HEAD,
    CORINGA,
    CORINGA_1_HEAD,
    CORINGA_WIDTH,
    DEAL_HEAD,
    DEALER,
    DEALER_Q1_HEAD,
    END_LABELS,
    ENTRY,
    ERROR_WORD,
    FIG_GROUP,
    FIGURAS,
    FINE,
    FINE2,
    FINE_PAIRS,
    FINED,
    FINED2,
    FIRST,
    GROUP_ROW,
    GROUPS,
    INFO_CELLS,
    META_HEADS,
    META_WIDTHS,
    NO_NOTES,
    NON_DEAL_WORDS,
    NOTE_HEAD,
    NUMBER,
    OK_WORD,
    OTHER,
    PLAYER_WIDTH,
    REMARK_HEAD,
    REMARK_WIDTH,
    RUNNING_GROUP,
    SPARE_ROWS,
    SUM_HEAD,
    TITLE,
    TRICKS,
    WHO,
    WRITTEN_GROUP,
    Layout,
    blank_rows,
    label,
    not_counted,
    not_counted_spellings,
)
from scorekeeper.quatrilho.workbook_read import entries_read_back
from scorekeeper.sheet.vocabulary import normalize
from scorekeeper.workbook import layout as L
from scorekeeper.workbook.export import SummaryCells
from scorekeeper.workbook.finding_words import finding_words as describe
from scorekeeper.workbook.layout import col
from scorekeeper.workbook.page import writing_row_points
from scorekeeper.workbook.sheet_style import (
    NOTE_ALIGNMENT,
    RED_FILL,
    Styles,
    list_formula,
    numbered_notes,
    page_setup,
    put,
    typed_value,
)


class Formulas:
    """The formulas of one row: each person's chips by the contract typed (Art 18, Q4-Q8), a
    fine (Art 20, Q9), a late arrival (Art 12) or a talha (Art 15, 19)."""

    def __init__(self, rules: QuatrilhoRules, lay: Layout, r: int):
        self.rules, self.lay, self.r = rules, lay, r
        c = {
            k: f"${col(v)}{r}"
            for k, v in (
                ("entry", ENTRY),
                ("who", WHO),
                ("other", OTHER),
                ("figuras", FIGURAS),
                ("tricks", TRICKS),
                ("conta", lay.conta_col),
            )
        }
        # Dá as typed, else the hidden column's dealer by Q1
        c["dealer"] = f'IF(${col(DEALER)}{r}<>"",${col(DEALER)}{r},${col(lay.dealer_col)}{r})'
        self.c = c
        per = rules.figuras_per_point
        self.s = f"(({c['figuras']}-MOD({c['figuras']},{per}))/{per})"  # Art 20.11: figuras // 3
        self.v = f"({rules.points}-{self.s})"
        self.win = f"{self.s}>={rules.points_to_win}"
        self.all = f"{c['tricks']}={rules.tricks}"
        self.none = f'AND({c["tricks"]}<>"",{c["tricks"]}=0)'

    def above(self, column: int) -> str | None:
        """The column's cells from the first row to the row above this one (None on the first)."""
        if self.r == FIRST:
            return None
        return f"${col(column)}${FIRST}:${col(column)}{self.r - 1}"

    @staticmethod
    def fine_amount(rules: QuatrilhoRules, cell: str) -> str:
        formula = "0"
        for name in reversed(FINES.names):
            formula = f'IF({cell}="{name}",{rules.fines[name]},{formula})'
        return formula

    def occupied(self) -> str:
        """How many seats are held at this row (Q10): the players, less those late or gone,
        plus the coringas who sat down."""
        entries, coringas = self.above(ENTRY), self.above(CORINGA)
        if entries is None:
            return str(len(self.lay.players))
        return (
            f'({len(self.lay.players)}-COUNTIF({entries},"{NON_DEAL_WORDS["late"]}")'
            f'-COUNTIF({entries},"{NON_DEAL_WORDS["out"]}")+COUNTIF({coringas},"<>"))'
        )

    def seated(self, person: int) -> str:
        """The person holds a seat at this row: a player not late nor gone, a coringa who sat down."""
        name = self.lay.name(person)
        if self.lay.is_coringa(person):
            coringas = self.above(CORINGA)
            return "FALSE" if coringas is None else f'AND({name}<>"",COUNTIF({coringas},{name})>0)'
        entries, who = self.above(ENTRY), self.above(WHO)
        if entries is None:
            return "TRUE"
        return (
            f'COUNTIFS({entries},"{NON_DEAL_WORDS["late"]}",{who},{name})'
            f'+COUNTIFS({entries},"{NON_DEAL_WORDS["out"]}",{who},{name})=0'
        )

    def plays(self, person: int) -> str:
        """Art 14: a seated person plays, except the dealer when five seats are held."""
        return f"AND({self.seated(person)},OR({self.occupied()}<5,{self.c['dealer']}<>{self.lay.name(person)}))"

    def counted(self) -> str:
        """Conta is not "não" (in any language): the CLI scored the entry."""
        tests = [f'{self.c["conta"]}<>"{word}"' for word in not_counted_spellings()]
        return tests[0] if len(tests) == 1 else "AND(" + ",".join(tests) + ")"

    def chips(self, person: int) -> str:
        """The chips the row moves for this person (empty on an empty row, 0 on a row that
        Conta says the CLI could not score)."""
        c, rules, name = self.c, self.rules, self.lay.name(person)
        words = NON_DEAL_WORDS
        deal = f"IF(NOT({self.plays(person)}),0,{self.deal(person)})"
        return (
            f'=IF({c["entry"]}="","",IF(NOT({self.counted()}),0,'
            f'IF({c["entry"]}="{words["late"]}",IF({c["who"]}={name},-{rules.late},0),'
            f'IF({c["entry"]}="{words["rebuy"]}",IF({c["who"]}={name},{rules.talha},0),'
            f'IF({c["entry"]}="{words["out"]}",0,{deal})))))'
        )

    def deal_number(self) -> str:
        """The hidden deal number: the deal rows above, plus one (Q1: a fine's deal counts)."""
        column = col(self.lay.deal_col)
        above = "0" if self.r == FIRST else f"COUNT(${column}${FIRST}:{column}{self.r - 1})"
        return f'=IF({self.is_deal()},{above}+1,"")'

    def dealer(self) -> str:
        """The hidden dealer by Q1: deal k is dealt by seat (k-1) mod n, held by its player or by
        the coringa his late or out row named."""
        lay, number = self.lay, f"${col(self.lay.deal_col)}{self.r}"
        entries, who, coringas = self.above(ENTRY), self.above(WHO), self.above(CORINGA)
        formula = '""'
        for seat in reversed(range(len(lay.players))):
            occupant = lay.name(seat)
            for c in range(len(lay.players), lay.size):
                if entries is None:
                    break
                cname = lay.name(c)
                took = "+".join(
                    f'COUNTIFS({entries},"{NON_DEAL_WORDS[kind]}",{who},{lay.name(seat)},{coringas},{cname})'
                    for kind in ("late", "out")
                )
                occupant = f'IF(AND({cname}<>"",{took}>0),{cname},{occupant})'
            formula = f"IF(MOD({number}-1,{len(lay.players)})={seat},{occupant},{formula})"
        return f'=IF({number}="","",{formula})'

    def deal(self, person: int) -> str:
        c, name = self.c, self.lay.name(person)
        entry = c["entry"]
        fine = self._fine(person, entry, c["who"])
        contract = (
            f'IF({entry}="normal",{self._normal(name)},IF({entry}="solo-natural",{self._natural(name)},'
            f'IF({entry}="solo-preto",{self._preto(name)},IF({entry}="solo-branco",{self._branco(name)},'
            f'IF({entry}="rolar",{self._rolar(person)},{fine})))))'
        )
        return f"{contract}+" + "+".join(self._fines_under(person, pair) for pair in FINE_PAIRS)

    def _fine(self, person: int, name_cell: str, fined: str) -> str:
        """Q9: the player at fault pays the fine to each of the other three of the deal."""
        amount = self.fine_amount(self.rules, name_cell)
        return f"IF({fined}={self.lay.name(person)},-3*{amount},{amount})"

    def _own_revoke(self, pair: tuple[int, int]) -> str:
        fine, fined = (f"${col(column)}{self.r}" for column in pair)
        return f'AND({fine}="negar-carta",{fined}={self.c["who"]})'

    def _revoked(self) -> str:
        """Art 20.12: the soloist's own revoke, written under the solo."""
        return "OR(" + ",".join(self._own_revoke(pair) for pair in FINE_PAIRS) + ")"

    def _fines_under(self, person: int, pair: tuple[int, int]) -> str:
        """A fine written under a contract (the deal went on, Q9), except the soloist's revoke,
        which loses the solo at its lowest amount instead (Art 20.12)."""
        fine, fined = (f"${col(column)}{self.r}" for column in pair)
        solo = "OR(" + ",".join(f'{self.c["entry"]}="{s}"' for s in SOLOS) + ")"
        return f'IF(OR({fine}="",AND({solo},{self._own_revoke(pair)})),0,{self._fine(person, fine, fined)})'

    def _normal(self, name: str) -> str:
        """Q4, Art 18.2; the caller alone when he called his own card (Art 20.2)."""
        c, rules = self.c, self.rules
        s, v, win, all_, none = self.s, self.v, self.win, self.all, self.none
        a = rules.normal["all_tricks"]
        both, three = rules.normal["pays_both_below"], rules.normal["pays_all_below"]
        alone = f"{c['who']}={c['other']}"
        signed = f"IF({all_},{a},IF({none},-{a},IF({win},{s},-{v})))"
        caller = (
            f"IF({alone},3*{signed},IF({all_},{a},IF({win},{s},IF({none},-3*{a},"
            f"IF({s}<{three},-3*{v},IF({s}<{both},-2*{v},-{v}))))))"
        )
        partner = f"IF({all_},{a},IF({win},{s},IF({none},{a},IF({s}<{three},{v},IF({s}<{both},0,-{v})))))"
        opponent = f"IF({alone},-{signed},IF({all_},-{a},IF({win},-{s},IF({none},{a},{v}))))"
        return f"IF({c['who']}={name},{caller},IF({c['other']}={name},{partner},{opponent}))"

    def _natural(self, name: str) -> str:
        """Q5, Art 18.1."""
        n = self.rules.solo_natural
        signed = (
            f"IF({self._revoked()},-{n['lost']},IF({self.all},{n['all_tricks']},IF({self.none},"
            f"-{n['no_tricks']},IF({self.win},{n['won']},-{n['lost']}))))"
        )
        return f"IF({self.c['who']}={name},3*{signed},-{signed})"

    def _preto(self, name: str) -> str:
        """Q6, Art 18.3: v = base + the winner's points; the giver 10 less, or 10 more."""
        c, p = self.c, self.rules.solo_preto
        lowest = p["base"] + self.rules.points_to_win
        signed = (
            f"IF({self._revoked()},-{lowest},IF({self.all},{p['all_tricks']},IF({self.none},-{p['no_tricks']},"
            f"IF({self.win},{p['base']}+{self.s},-({p['base']}+{self.v})))))"
        )
        giver = f'AND({c["other"]}<>"",{c["other"]}<>{c["who"]})'
        return (
            f"IF({c['who']}={name},3*{signed}-IF({giver},{p['giver']},0),"
            f"IF(AND({giver},{c['other']}={name}),{p['giver']}-{signed},-{signed}))"
        )

    def _branco(self, name: str) -> str:
        """Q7, Art 18.4: any trick (or figuras, or his revoke) loses."""
        c, b = self.c, self.rules.solo_branco
        took = f'OR({self._revoked()},AND({c["tricks"]}<>"",{c["tricks"]}>0),AND({c["figuras"]}<>"",{c["figuras"]}>0))'
        signed = f"IF({took},-{b['lost']},{b['won']})"
        return f"IF({c['who']}={name},3*{signed},-{signed})"

    def _rolar(self, person: int) -> str:
        """Q8, Art 18.5, in its order: 6-6-6-17, then 18 figuras or more, then the two with the
        most pay the two with the fewest; the second and third tied take the chips written."""
        lay, rolar, r = self.lay, self.rules.rolar, self.r
        if not lay.has(FIG_GROUP):  # an export with no rolar has no cells for its figuras
            return "0"
        span = lay.span(FIG_GROUP, r)
        mine = f"{col(lay.column(FIG_GROUP, person))}{r}"
        written = f"{col(lay.column(WRITTEN_GROUP, person))}{r}" if lay.has(WRITTEN_GROUP) else '""'
        top = f"MAX({span})"
        six = ",".join(
            f"COUNTIF({span},{value})={count}" for value, count in sorted(Counter(rolar["six_six_six"]).items())
        )
        tie = ",".join(
            f'AND({cell}<>"",COUNTIF({span},">"&{cell})<=1,COUNTIF({span},">="&{cell})>=3)'
            for cell in (f"${col(lay.column(FIG_GROUP, p))}{r}" for p in range(lay.size))
        )
        return (
            f"IF(AND({six}),IF({mine}={top},-3*{rolar['six_six_six_pays']},{rolar['six_six_six_pays']}),"
            f"IF({top}>={rolar['alone_from']},IF({mine}={top},-3*{rolar['alone_pays']},{rolar['alone_pays']}),"
            f'IF(OR({tie}),IF({written}="",0,{written}),'
            f'IF(COUNTIF({span},">"&{mine})<2,-{rolar["pays"]},{rolar["pays"]}))))'
        )

    def is_deal(self) -> str:
        entry = self.c["entry"]
        return f'AND({entry}<>"",' + ",".join(f'{entry}<>"{w}"' for w in NON_DEAL_WORDS.values()) + ")"


class PlanilhaWriter:
    """Writes one round (or a blank planilha) onto a worksheet."""

    def __init__(
        self,
        ws,
        rules: QuatrilhoRules,
        players: list[str],
        coringas: list[str],
        rows: int,
        styles: Styles,
        blank: bool = False,
        groups=ALL_GROUPS,
    ):
        self.ws, self.rules, self.style, self.blank = ws, rules, styles, blank
        self.lay = Layout(players, coringas, rows, groups)

    def summary_cells(self, quoted: str, p: int):
        """The Resumo's cells for registered player p: his net for the round, and the
        planilha's own control (ERRO when any deal's chips do not add up to 0)."""
        lay = self.lay
        net = f"{quoted}!{col(lay.column(CHIPS_GROUP, p))}{lay.net_row}"
        control = f"{quoted}!{col(lay.control_col)}{lay.net_row}"
        return SummaryCells(net, None, control, f'{control}="{_(ERROR_WORD)}"')

    def write(self, meta: dict, typed: list[dict], notes: list[tuple[int | None, str]]) -> None:
        ws, lay = self.ws, self.lay
        ws.sheet_view.showGridLines = False
        self.style(put(ws, 1, 1, f"{_(TITLE)} — {self.rules.title}"), "title")
        self._header(meta)
        for column, head in enumerate(META_HEADS, start=1):
            self.style(ws.cell(L.HEAD_ROW, column, _(head)), "head")
        for group in lay.groups:
            title, head, coringa_head = GROUPS[group]
            first = lay.column(group, 0)
            self.style(ws.cell(GROUP_ROW, first, _(title)), "head")
            ws.merge_cells(
                start_row=GROUP_ROW, start_column=first, end_row=GROUP_ROW, end_column=lay.column(group, lay.size - 1)
            )
            for p, name in enumerate(lay.people):
                column = lay.column(group, p)
                if group != lay.groups[0]:
                    source = col(lay.column(lay.groups[0], p))
                    cell = ws.cell(L.NAMES_ROW, column, f'=IF({source}{L.NAMES_ROW}="","",{source}{L.NAMES_ROW})')
                elif name:
                    cell = put(ws, L.NAMES_ROW, column, name)
                else:  # a blank's coringa: the first one named in Coringa, unless his name is typed here
                    last = f"{col(lay.coringa_col)}{lay.last_row}"
                    cell = ws.cell(L.NAMES_ROW, column, f'=IF({last}="","",{last})')
                self.style(cell, "head")
                self.style(ws.cell(L.HEAD_ROW, column, _(coringa_head if lay.is_coringa(p) else head)), "head")
        for column, head in (
            (lay.conta_col, CONTA_HEAD),
            (lay.sum_col, SUM_HEAD),
            (lay.control_col, CONTROL_HEAD),
            (lay.note_col, NOTE_HEAD),
            (lay.remark_col, REMARK_HEAD),
            (lay.deal_col, DEAL_HEAD),
            (lay.dealer_col, DEALER_Q1_HEAD),
            (lay.coringa_col, CORINGA_1_HEAD),
        ):
            self.style(ws.cell(L.HEAD_ROW, column, _(head)), "head")
        for position, r in enumerate(range(FIRST, lay.last_row + 1)):
            self._row(r, position, typed[position] if position < len(typed) else {})
        self._bottom()
        self._notes(notes)
        self._validation()
        self._print_setup()

    def _header(self, meta: dict) -> None:
        """Evento, Mesa, ... as header_info reads them; Jogos da ronda the round's length: the
        committee's round_deals as typed, else a formula (which the reader passes over) of the
        length the CLI counts (Q1: six deals per seat)."""
        ws = self.ws
        for key, (row, label_col, value_col) in INFO_CELLS.items():
            self.style(ws.cell(row, label_col, label(key)), "bold")
            if value_col - label_col > 1:  # a long label over two columns, its value after them
                ws.merge_cells(start_row=row, start_column=label_col, end_row=row, end_column=value_col - 1)
            value = meta.get(key)
            if value is not None:
                self.style(put(ws, row, value_col, typed_value(value)), "left")
            elif key == "round_deals" and meta.get("round_length"):
                self.style(ws.cell(row, value_col, f"={int(meta['round_length'])}"), "left")

    def _row(self, r: int, position: int, row: dict) -> None:
        ws, lay, rules = self.ws, self.lay, self.rules
        ws.cell(r, NUMBER, position + 1)
        for column, key in (
            (DEALER, "dealer"),
            (ENTRY, "entry"),
            (WHO, "who"),
            (OTHER, "other"),
            (FIGURAS, "figuras"),
            (TRICKS, "tricks"),
            (CORINGA, "coringa"),
            (FINE, "fine"),
            (FINED, "fined"),
            (FINE2, "fine2"),
            (FINED2, "fined2"),
            (lay.conta_col, "conta"),
            (lay.remark_col, "note"),
        ):
            if row.get(key) is not None:
                put(ws, r, column, row[key])
        for group, key in ((FIG_GROUP, "per_figuras"), (WRITTEN_GROUP, "written")):
            for name, value in (row.get(key) or {}).items():
                if name in lay.people and lay.has(group):
                    put(ws, r, lay.column(group, lay.people.index(name)), value)
        formulas = Formulas(rules, lay, r)
        for p in range(lay.size):
            chips = f"{col(lay.column(CHIPS_GROUP, p))}"
            ws.cell(r, lay.column(CHIPS_GROUP, p), formulas.chips(p))
            running = f"{rules.chips}+SUM({chips}${FIRST}:{chips}{r})"
            if lay.is_coringa(p):  # Art 8: a coringa's 100 chips from the row he sits down
                empty = f'OR($C{r}="",COUNTIF($H${FIRST}:$H{r},{lay.name(p)})=0,{lay.name(p)}="")'
            else:
                empty = f'$C{r}=""'
            ws.cell(r, lay.column(RUNNING_GROUP, p), f'=IF({empty},"",{running})')
        deal = f"AND({formulas.is_deal()},{formulas.counted()})"
        total = f"SUM({lay.span(CHIPS_GROUP, r)})"
        ws.cell(r, lay.sum_col, f'=IF({deal},{total},"")')
        sum_cell = f"{col(lay.sum_col)}{r}"
        ws.cell(r, lay.control_col, f'=IF({deal},IF({sum_cell}=0,"{OK_WORD}","{_(ERROR_WORD)}"),"")')
        ws.cell(r, lay.deal_col, formulas.deal_number())
        ws.cell(r, lay.dealer_col, formulas.dealer())
        named = f'IF(AND($H{r}<>"",OR($C{r}="{NON_DEAL_WORDS["late"]}",$C{r}="{NON_DEAL_WORDS["out"]}")),$H{r},"")'
        above = f"{col(lay.coringa_col)}{r - 1}"
        ws.cell(r, lay.coringa_col, f"={named}" if r == FIRST else f'=IF({above}<>"",{above},{named})')
        for column in range(1, lay.remark_col + 1):
            self.style(ws.cell(r, column), "box")
        ws.cell(r, lay.remark_col).alignment = NOTE_ALIGNMENT
        for p in range(lay.size):
            self.style(ws.cell(r, lay.column(CHIPS_GROUP, p)), "box_signed")
        self.style(ws.cell(r, lay.control_col), "check")

    def _bottom(self) -> None:
        """Each registered player's chips at the end, talhas and net (Q10); a coringa's chips
        at the end count for nobody (Art 16). The planilha's own control under Controlo.
        Nothing shows before an entry is typed."""
        ws, lay, rules = self.ws, self.lay, self.rules
        last = lay.column(CHIPS_GROUP, 0) - 1
        for r, text in zip((lay.end_row, lay.talhas_row, lay.net_row), END_LABELS):
            cell = ws.cell(r, last - 3, _(text))
            self.style(cell, "bold")
            cell.alignment = Alignment(horizontal="right")
            ws.merge_cells(start_row=r, start_column=last - 3, end_row=r, end_column=last)
        started = f'COUNTIF($C${FIRST}:$C${lay.last_row},"<>")>0'
        for p in range(lay.size):
            column = col(lay.column(CHIPS_GROUP, p))
            chips = f"({rules.chips}+SUM({column}{FIRST}:{column}{lay.last_row}))"
            if lay.is_coringa(p):
                used = f"COUNTIF($H${FIRST}:$H${lay.last_row},{lay.name(p)})"
                ws.cell(lay.end_row, lay.column(CHIPS_GROUP, p), f'=IF(OR({lay.name(p)}="",{used}=0),"",{chips})')
                self.style(ws.cell(lay.end_row, lay.column(CHIPS_GROUP, p)), "total")
                continue
            talhas = f"{column}{lay.talhas_row}"
            # Art 19, Q10: below zero after his talha, the committee covers the deficit: 0
            ws.cell(
                lay.end_row,
                lay.column(CHIPS_GROUP, p),
                f'=IF(NOT({started}),"",IF(AND({chips}<0,{talhas}>0),0,{chips}))',
            )
            ws.cell(
                lay.talhas_row,
                lay.column(CHIPS_GROUP, p),
                f'=IF(NOT({started}),"",COUNTIFS($C${FIRST}:$C${lay.last_row},"{NON_DEAL_WORDS["rebuy"]}",'
                f"$D${FIRST}:$D${lay.last_row},{lay.name(p)}))",
            )
            ws.cell(
                lay.net_row,
                lay.column(CHIPS_GROUP, p),
                f'=IF(NOT({started}),"",{column}{lay.end_row}-{rules.chips}-{rules.talha}*{talhas})',
            )
            for r in (lay.end_row, lay.talhas_row):
                self.style(ws.cell(r, lay.column(CHIPS_GROUP, p)), "total")
            self.style(ws.cell(lay.net_row, lay.column(CHIPS_GROUP, p)), "total_signed")
        controls = f"{col(lay.control_col)}{FIRST}:{col(lay.control_col)}{lay.last_row}"
        error = _(ERROR_WORD)
        confere = ws.cell(lay.net_row, lay.conta_col, _(CONFERE_LABEL))
        self.style(confere, "bold")
        confere.alignment = Alignment(horizontal="right")
        ws.merge_cells(start_row=lay.net_row, start_column=lay.conta_col, end_row=lay.net_row, end_column=lay.sum_col)
        self.style(
            ws.cell(
                lay.net_row,
                lay.control_col,
                f'=IF(NOT({started}),"",IF(COUNTIF({controls},"{error}")>0,"{error}","{OK_WORD}"))',
            ),
            "check",
        )

    def _notes(self, notes) -> None:
        """The findings, numbered, each as wide as the table; each row a finding is about
        marked with its numbers in the Nota column. A row the CLI could not score says so."""
        ws, lay = self.ws, self.lay
        start = lay.notes_row
        self.style(ws.cell(start, 2, L.notes_label()), "bold")
        if not notes and not self.blank:
            ws.cell(start + 1, 2, _(NO_NOTES))
        self.notes_end = numbered_notes(
            ws,
            notes,
            start=start,
            last_col=lay.remark_col,
            note_col=lay.note_col,
            line_chars=sum(self.widths()[1 : lay.remark_col]) - 2,
            marked_col=NUMBER,
        )
        word = not_counted()
        if any(ws.cell(r, lay.conta_col).value == word for r in range(FIRST, lay.last_row + 1)):
            r = self.notes_end + 1
            explained = put(
                ws,
                r,
                2,
                _(
                    '{counted} "{no}": an entry the check cannot count (see the notes); the row '
                    "moves no chips, as in the program, and the sums are the program's."
                ).format(counted=_(CONTA_HEAD), no=word),
            )
            explained.alignment = NOTE_ALIGNMENT
            ws.merge_cells(start_row=r, start_column=2, end_row=r, end_column=lay.remark_col)
            self.notes_end = r

    def widths(self) -> list[int]:
        """Each printed column's width: every head and value whole (a head wraps between words)."""
        lay = self.lay
        people = [CORINGA_WIDTH if lay.is_coringa(p) else PLAYER_WIDTH for p in range(lay.size)]
        return [*META_WIDTHS, *people * len(lay.groups), 6, 6, 9, 6, REMARK_WIDTH]

    def _validation(self) -> None:
        ws, lay, rules = self.ws, self.lay, self.rules
        rows = f"{FIRST}:{{}}{lay.last_row}"

        def cells(column: int) -> str:
            return f"{col(column)}{rows.format(col(column))}"

        def lst(columns, values) -> None:
            formula = list_formula(values)
            if formula is None:
                return
            dv = DataValidation(type="list", formula1=formula, allow_blank=True, showErrorMessage=False)
            for column in columns:
                dv.add(cells(column))
            ws.add_data_validation(dv)

        lst((ENTRY,), [*CONTRACTS.names, *(n for n in FINES.names if n != "olhar-vazas"), *NON_DEAL_WORDS.values()])
        lst((FINE, FINE2), FINES.names)
        lst((WHO, OTHER, FINED, FINED2, DEALER), [p for p in lay.people if p])
        figuras = tuple(lay.column(FIG_GROUP, p) for p in range(lay.size)) if lay.has(FIG_GROUP) else ()
        whole = (((FIGURAS,), rules.figuras), ((TRICKS,), rules.tricks), (figuras, rules.figuras))
        for columns, high in whole:
            if not columns:
                continue
            dv = DataValidation(
                type="whole",
                operator="between",
                formula1="0",
                formula2=str(high),
                allow_blank=True,
                showErrorMessage=True,
                error=_("0 to {most}").format(most=high),
            )
            for column in columns:
                dv.add(cells(column))
            ws.add_data_validation(dv)
        control = f"${col(lay.control_col)}{FIRST}"
        ws.conditional_formatting.add(
            f"A{FIRST}:{col(lay.control_col)}{lay.last_row}",
            FormulaRule(formula=[f'{control}="{_(ERROR_WORD)}"'], fill=RED_FILL),
        )
        for p in range(lay.size if lay.has(WRITTEN_GROUP) else 0):  # chips written that are not the computed ones
            written = f"{col(lay.column(WRITTEN_GROUP, p))}{FIRST}"
            computed = f"{col(lay.column(CHIPS_GROUP, p))}{FIRST}"
            ws.conditional_formatting.add(
                f"{written}:{col(lay.column(WRITTEN_GROUP, p))}{lay.last_row}",
                FormulaRule(formula=[f'AND({written}<>"",{written}<>{computed})'], fill=RED_FILL),
            )
        ws.freeze_panes = f"{col(FIGURAS)}{FIRST}"
        for column, width in enumerate(self.widths(), start=1):
            ws.column_dimensions[col(column)].width = width
        for column in (lay.deal_col, lay.dealer_col, lay.coringa_col):
            ws.column_dimensions[col(column)].hidden = True
        ws.row_dimensions[L.HEAD_ROW].height = 30

    def _print_setup(self) -> None:
        """A4 landscape fitted to the table's width (landscape is the wider page: the larger
        print), running to as many pages as it needs; the header block (rows 2 to 5: the
        header cells, the groups' titles, the names and the column heads) on every page; a
        blank's rows high enough to write in."""
        ws, lay = self.ws, self.lay
        page_setup(
            ws,
            header=f"{_(TITLE)} — {self.rules.title}",
            landscape=True,
            one_page=False,
            area=f"A1:{col(lay.remark_col)}{self.notes_end}",
        )
        ws.print_title_rows = f"2:{L.HEAD_ROW}"
        if self.blank:
            for r in range(FIRST, lay.last_row + 1):
                ws.row_dimensions[r].height = self.blank_row_points()

    def blank_row_points(self) -> float:
        """A blank's row height (points) that prints WRITING_MM high once the table is fitted to
        the page's width (as the team fichas' blanks do)."""
        return writing_row_points(self.widths())


# --- what was typed --------------------------------------------------------------------------

# The keys whose value names a person: the reader gives back the sheet's spelling of the name
# (as the CLI matches it, vocabulary.normalize), as King's import does.
NAME_KEYS = ("late", "out", "rebuy", "coringa", "caller", "partner", "player", "giver")


def _cell_value(value):
    """A value as a cell holds it: text and whole numbers as they are; anything else is
    described (bounded: never the repr of a structure), which the read-back check refuses."""
    if value is None or isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    return quote(value)


def typed_row(item, dealer: str | None) -> dict:
    """What the fiscal would have typed in the row of one entry of `deals:`."""
    if not isinstance(item, dict):
        return {"entry": _cell_value(item)}
    row: dict = {"dealer": dealer}
    if "note" in item:
        row["note"] = _cell_value(item["note"])
    for kind, word in NON_DEAL_WORDS.items():
        if kind in item:
            row.update(entry=word, who=_cell_value(item[kind]), coringa=_cell_value(item.get("coringa")))
            return row
    row["entry"] = _cell_value(item.get("contract", item.get("fine")))
    row["who"] = _cell_value(item.get("caller", item.get("player")))
    row["other"] = _cell_value(item.get("partner", item.get("giver")))
    figuras = item.get("figuras")
    if isinstance(figuras, dict):
        row["per_figuras"] = {name: _cell_value(n) for name, n in figuras.items()}
    else:
        row["figuras"] = _cell_value(figuras)
    row["tricks"] = _cell_value(item.get("tricks"))
    row["coringa"] = _cell_value(item.get("coringa"))  # not a deal's: import refuses it at its cell
    fines = item.get("fines")
    if isinstance(fines, list) and fines and all(isinstance(f, dict) for f in fines):
        for (fine, fined), part in (("fine", "fined"), fines[:1]), (("fine2", "fined2"), fines[1:]):
            if part:
                row[fine] = ", ".join(str(_cell_value(f.get("fine", ""))) for f in part)
                row[fined] = ", ".join(str(_cell_value(f.get("player", ""))) for f in part)
    elif fines is not None:
        row["fine"] = _cell_value(fines)
    chips = item.get("chips")
    if isinstance(chips, dict):
        row["written"] = {name: _cell_value(n) for name, n in chips.items()}
    return row


def _off_the_table(sheet, people: list[str]) -> None:
    """A rolar's figuras or chips written for a name that has no column on the planilha (only
    the players and the coringas who sat down have one): refused, naming the entry."""
    for number, entry in enumerate(sheet.entries, start=1):
        item = entry.item
        for key in ("figuras", "chips"):
            value = item.get(key) if isinstance(item, dict) else None
            if not isinstance(value, dict):
                continue
            missing = [name for name in value if name not in people]
            if missing:
                shown = Joined(tuple(quoted(name) for name in missing[:3]))
                values = {"number": number, "key": key, "names": shown, "count": len(missing) - 3}
                if len(missing) > 3:
                    message = M_(
                        "cannot export: entry {number}: {key} names {names} and {count} more, not at this "
                        "table (the planilha has a column for each player and coringa only)",
                        **values,
                    )
                else:
                    message = M_(
                        "cannot export: entry {number}: {key} names {names}, not at this table (the planilha "
                        "has a column for each player and coringa only)",
                        **values,
                    )
                raise SheetFormatError(message, sheet.source, entry.line)


def write_game(ws, sheet, result, styles: Styles, meta: dict) -> PlanilhaWriter:
    """A Quatrilho round's planilha on `ws`: what was typed, live formulas, the findings as notes.
    The rolar's figuras and the written chips get their columns only when the round has them;
    an entry the CLI could not score says "não" under Conta. An entry the planilha cannot give
    back as typed is refused, naming it (promise 4: each row is read back as `import` reads it)."""
    running = result.extra["running"]
    _off_the_table(sheet, [*sheet.players, *result.extra["coringas"]])
    rows = [typed_row(entry.item, state["dealer"]) for entry, state in zip(sheet.entries, running)]
    for row, hand in zip(rows, result.hands):
        if hand.points is None:
            row["conta"] = not_counted()
    groups = [CHIPS_GROUP, RUNNING_GROUP]
    if any(row.get("per_figuras") for row in rows):
        groups.append(FIG_GROUP)
    if any(row.get("written") for row in rows):
        groups.append(WRITTEN_GROUP)
    writer = PlanilhaWriter(
        ws, sheet.rules, sheet.players, result.extra["coringas"], len(rows) + SPARE_ROWS, styles, groups=groups
    )
    notes = [(FIRST + f.hand - 1 if f.hand else None, describe(f)) for f in result.findings]
    writer.write({**meta, "round_deals": sheet.round_deals, "round_length": result.extra["round_deals"]}, rows, notes)
    _refuse_what_reads_back_otherwise(ws, sheet)
    return writer


def write_blank(ws, rules: QuatrilhoRules, players: list[str], scorer: str | None, styles: Styles, meta: dict) -> None:
    """An empty planilha for 4 or 5 players, with one coringa column whose name is written in
    when a coringa sits down."""
    writer = PlanilhaWriter(ws, rules, players, [""], blank_rows(rules, players), styles, blank=True)
    writer.write({**meta, "scorer": scorer, "round_length": rules.deals_per_seat * len(players)}, [], [])


def _same(key: str, typed, back) -> bool:
    """The value of `key` reads back as typed: a name as the same person (normalize), the fines
    fine for fine and person for person, anything else equal and of the same type."""
    if key in NAME_KEYS:
        return isinstance(typed, str) and isinstance(back, str) and normalize(typed) == normalize(back)
    if key == "fines" and isinstance(typed, list) and isinstance(back, list) and len(typed) == len(back):
        return all(
            isinstance(t, dict)
            and set(t) == set(b)
            and _same("fine", t.get("fine"), b.get("fine"))
            and _same("player", t.get("player"), b.get("player"))
            for t, b in zip(typed, back)
        )
    return _equal(typed, back)


def _equal(a, b) -> bool:
    """Equal and of the same types all the way down (3 is not '3', nor True 1); bounded by the
    value read back, which is small."""
    if isinstance(a, dict) and isinstance(b, dict):
        return len(a) == len(b) and all(k in b and _equal(v, b[k]) for k, v in a.items())
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and not isinstance(a, (dict, list)) and a == b


def _refuse_what_reads_back_otherwise(ws, sheet) -> None:
    """Promise 4: each entry's row, read back as `import` reads it, gives the entry as typed;
    an entry the planilha cannot hold is refused at export, naming it, never changed or dropped
    (a row that would read back empty would renumber every entry after it)."""
    try:
        read = entries_read_back(ws, len(sheet.entries))
    except SheetFormatError as exc:  # the names over the people's columns (a coringa named as a player)
        cell = str(exc.source).rpartition("!")[2]
        raise SheetFormatError(
            M_("cannot export: cell {cell} would be refused on import: {reason}", cell=cell, reason=exc.message),
            sheet.source,
        ) from None
    for number, (entry, back) in enumerate(zip(sheet.entries, read), start=1):
        item = entry.item
        reason: Message
        if isinstance(back, SheetFormatError):
            cell = str(back.source).rpartition("!")[2]
            reason = M_("cell {cell} would be refused on import: {reason}", cell=cell, reason=back.message)
        elif back is None:
            reason = M_("its row would be empty, and import would drop it")
        elif not isinstance(item, dict):
            reason = M_(
                "{item} is not an entry the planilha can hold (a mapping such as {{contract: ...}})", item=quoted(item)
            )
        else:
            keys = [
                key
                for key in {**item, **back}
                if key not in item or key not in back or not _same(key, item[key], back[key])
            ]
            if not keys:
                continue
            reason = _difference(keys[0], item, back)
        raise SheetFormatError(
            M_("cannot export: entry {number}: {reason}", number=number, reason=reason), sheet.source, entry.line
        )


def _difference(key: str, item: dict, back: dict) -> Message:
    """What of an entry the planilha would not give back, at its first key that differs."""
    if key not in item:
        return M_(
            "its row would read back with {key} {value}, which the entry does not have",
            key=key,
            value=quoted(back[key]),
        )
    if key not in back:
        extra = [k for k in back if k not in item]
        if extra:
            return M_(
                "{key}: the planilha cannot hold {value} on this entry's row: it would read back without it (it "
                "would read back as an entry of {keys})",
                key=key,
                value=quoted(item[key]),
                keys=", ".join(extra),
            )
        return M_(
            "{key}: the planilha cannot hold {value} on this entry's row: it would read back without it",
            key=key,
            value=quoted(item[key]),
        )
    typed, read = item[key], back[key]
    shown_key: str | Message = key
    if key == "fines" and isinstance(typed, list) and isinstance(read, list) and len(typed) == len(read):
        number, (typed, read) = next(
            (n, pair) for n, pair in enumerate(zip(typed, read), start=1) if not _same("fines", [pair[0]], [pair[1]])
        )
        if isinstance(typed, dict):
            part = next((k for k in ("fine", "player") if not _same(k, typed.get(k), read.get(k))), None)
            if part is not None:
                shown_key, typed, read = (
                    M_("fines: fine {number}: {part}", number=number, part=part),
                    typed.get(part),
                    read.get(part),
                )
    return M_(
        "{key}: the planilha cannot hold {typed} as typed (it would read back as {read})",
        key=shown_key,
        typed=quoted(typed),
        read=quoted(read),
    )
