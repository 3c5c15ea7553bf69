"""Truco's ficha: its columns, the formulas of a hand's row (Art 13-18), what a scorer typed,
and how a row and its findings are read back (team.workbook_write and team.workbook_read do the rest)."""

from __future__ import annotations

from scorekeeper.errors import quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_, _, pgettext
from scorekeeper.team import finding_codes as team_codes
from scorekeeper.team.workbook_columns import NUMBER_HEAD, WINNER_LABEL, CannotHold, FichaColumns, per_team, team_of
from scorekeeper.team.workbook_read import key_lines, new_entry, team_values
from scorekeeper.truco import finding_codes as C
from scorekeeper.truco.rules import PENALTIES
from scorekeeper.workbook.layout import FIRST_ROW as FIRST
from scorekeeper.workbook.layout import col
from scorekeeper.workbook.sheet_style import put

# The kinds of finding whose cell is not the row's own (the match over, a Placar written), and
# those about what a played hand is worth (its Valor).
MATCH_KINDS = {C.AFTER_MATCH.code, C.SCORE_OVER.code, C.SCORE_WRONG.code}
VALUE_KINDS = {C.VALUE.code, C.NO_WINNER.code, C.BOTH_AT_ELEVEN_VALUE.code, C.LOST_VALUE.code}


class TrucoColumns(FichaColumns):
    """A Nº | B Vencedor | C Valor | D Pediu (the last raise) | E Ocorrência | F Dupla | Jogo |
    per team: Início, Ganhos, Placar, Jogos | Nota | Observação (the hand's `note:`).

    The heads are Truco's words in the ficha's language (pt_BR unless one is chosen), said with
    the context "truco" (a team is a dupla, a game's score the placar); what is typed in E is the
    game's own vocabulary (EVENTS), which the formulas compare: never translated."""

    list_key = "hands"
    first_team_col = 8
    WINNER, VALUE, RAISED, EVENT, TEAM, GAME = 2, 3, 4, 5, 6, 7
    EVENTS = ("recusada", "truco-na-mao-de-onze", "olhar-baralho", "anulada")
    meta_widths = (4, 10, 7, 8, 20, 8, 6)  # Ocorrência holds "truco-na-mao-de-onze"
    team_width = 7
    remark_width = 12.5  # Observação's head in bold DejaVu Sans (about 11 widths); a game's notes may widen it

    def __init__(self, teams: int):
        self.teams = teams
        self.last_col = self.first_team_col + 4 * teams - 1
        self.note_col = self.last_col + 1
        self.widths = [*self.meta_widths, *[self.team_width] * 4 * teams, 6, self.remark_width]

    def meta_heads(self) -> list[str]:
        return [
            _(NUMBER_HEAD),
            _(WINNER_LABEL),
            pgettext("truco", "Value"),
            pgettext("truco", "Raised"),
            pgettext("truco", "Incident"),
            pgettext("truco", "Team"),
            pgettext("truco", "Game"),
        ]

    def team_heads(self) -> list[str]:
        return [
            pgettext("truco", "Start"),
            pgettext("truco", "Gained"),
            pgettext("truco", "Score"),
            pgettext("truco", "Games"),
        ]

    def result_texts(self) -> tuple[str, str]:
        return pgettext("truco", "Game"), pgettext("truco", "Games")  # 1 Jogo, 2 Jogos

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

    keys = {"winner": 2, "value": 3, "raised_by": 4, "penalty": 5, "void": 5, "mao_de_onze": 5, "team": 6}

    def counter(self, t):
        return self.games(t)

    def team_value(self, t):
        return self.score(t)  # a team's finding points at its score

    def to_win(self, rules):
        return rules.games_to_win

    def team_slot_column(self, key, t):
        return {"score": self.score}[key](t)

    def write_row(self, writer, r: int, row: dict) -> None:
        """Art 13-18 as formulas: what each hand gives, the game to 12, games won."""
        ws, cols, rules = writer.ws, self, writer.rules
        for column, key in (
            (cols.WINNER, "winner"),
            (cols.VALUE, "value"),
            (cols.RAISED, "raised_by"),
            (cols.EVENT, "event"),
            (cols.TEAM, "team"),
        ):
            if row.get(key) is not None:
                put(ws, r, column, row[key])
        n = len(writer.names)
        first = r == FIRST
        above = r - 1
        target = rules.target
        computed = [f"MIN({target},{col(cols.start(t))}{above}+{col(cols.gained(t))}{above})" for t in range(n)]
        new_game = "TRUE" if first else f"MAX({','.join(computed)})>={target}"
        ws.cell(r, cols.GAME, writer.computed(r, "1" if first else f"G{above}+IF({new_game},1,0)"))
        over = (
            "FALSE"
            if first
            else f"MAX({','.join(f'{col(cols.games(t))}{above}' for t in range(n))})>={rules.games_to_win}"
        )
        for t in range(n):
            other = 1 - t
            ws.cell(r, cols.start(t), writer.computed(r, "0" if first else f"IF({new_game},0,{computed[t]})"))
            written = row.get("score") is not None and row["score"][t] is not None
            if written:
                put(ws, r, cols.score(t), row["score"][t])
            me, ot = writer.team_ref(t), writer.team_ref(other)
            s_me, s_ot = f"{col(cols.start(t))}{r}", f"{col(cols.start(other))}{r}"
            value = f'IF($C{r}="",1,$C{r})'
            eleven = rules.eleven
            # Art 13-18 (T1-T3): what this hand gives team t.
            gained = (
                f'IF({over},0,IF($E{r}="anulada",0,'
                f'IF(OR($E{r}="olhar-baralho",$E{r}="recusada"),'
                f'IF($F{r}={ot},IF($E{r}="recusada",{rules.declined},{rules.looked_at_deck}),0),'
                f'IF($E{r}="truco-na-mao-de-onze",IF($F{r}={ot},{rules.raise_penalty},0),'
                f"IF(AND({s_me}={eleven},{s_ot}={eleven}),IF($B{r}={me},{rules.both_at_eleven_value},0),"
                f"IF({s_ot}={eleven},IF(OR($D{r}={ot},$B{r}={me}),"
                f"IF($D{r}={ot},{rules.raise_penalty},{rules.lost}),0),"
                f"IF({s_me}={eleven},IF($D{r}={me},0,IF($B{r}={me},{value},0)),"
                f"IF($B{r}={me},{value},0))))))))"
            )
            ws.cell(r, cols.gained(t), writer.computed(r, gained))
            if not written:
                ws.cell(r, cols.score(t), writer.computed(r, f"MIN({target},{s_me}+{col(cols.gained(t))}{r})"))
            previous = "0" if first else f"{col(cols.games(t))}{above}"
            ws.cell(
                r,
                cols.games(t),
                writer.computed(r, f"{previous}+IF(AND(NOT({over}),{s_me}+{col(cols.gained(t))}{r}>={target}),1,0)"),
            )

    def validation(self, writer, lst) -> None:
        cols, rules, names = self, writer.rules, writer.names
        lst(cols.WINNER, names)
        lst(cols.RAISED, names)
        lst(cols.TEAM, names)
        lst(cols.EVENT, cols.EVENTS)
        lst(cols.VALUE, [str(v) for v in rules.values])

    def typed_row(self, sheet, item) -> dict:
        names = sheet.team_names
        row: dict = {}
        row["winner"] = team_of(sheet, item.get("winner"))
        row["raised_by"] = team_of(sheet, item.get("raised_by"))
        if isinstance(item.get("value"), int) and not isinstance(item.get("value"), bool):
            row["value"] = item["value"]  # as written, even 1: a lost mao de onze scored 1 is a finding
        # Ocorrência holds one event: anulada (the void), recusada (a declined mao de onze) or a
        # penalty; what it cannot say is refused at export
        events = [key for key in ("void", "mao_de_onze", "penalty") if item.get(key) is not None]
        if len(events) > 1:
            raise CannotHold(
                M_("{first} and {second}: a hand's row has one Ocorrência", first=events[0], second=events[1])
            )
        if events == ["void"]:
            if item["void"] != "misdeal":
                raise CannotHold(
                    M_(
                        "void: the ficha writes a void as anulada, which reads back as misdeal, not {value}",
                        value=quoted(item["void"]),
                    )
                )
            row["event"] = "anulada"
        elif events == ["mao_de_onze"]:
            if item["mao_de_onze"] != "declined":
                raise CannotHold(
                    M_(
                        "mao_de_onze: the ficha writes a declined mao de onze as recusada, which reads back "
                        "as declined, not {value}",
                        value=quoted(item["mao_de_onze"]),
                    )
                )
            row["event"] = "recusada"
        elif events == ["penalty"] and isinstance(item["penalty"], str):
            row["event"] = item["penalty"]
        row["team"] = team_of(sheet, item.get("team"))
        row["score"] = per_team(item.get("score"), names, "score")
        return row

    def read_entry(self, grid, r: int, names: list[str]):
        """Every cell a scorer types in on row r, each into its key (the check judges what goes
        with what): the winner, value and last raise of a played hand, the Ocorrência (anulada,
        recusada or a penalty) and its team, and a score typed over the Placar formula."""
        cols = self
        winner, event, team = grid.text(r, cols.WINNER), grid.text(r, cols.EVENT), grid.text(r, cols.TEAM)
        value, raised = grid.number(r, cols.VALUE), grid.text(r, cols.RAISED)
        # the Placar cells hold the ficha's formulas: a score typed over one is a claim, checked
        score = team_values(grid, r, [cols.score(t) for t in range(len(names))], names, typed_over=True)
        if all(v is None for v in (winner, event, team, value, raised, score)):
            return None
        entry = new_entry(r)
        if event == "anulada":
            entry["void"] = "misdeal"
        elif event == "recusada":
            entry["mao_de_onze"] = "declined"
        elif event is not None:
            entry["penalty"] = event
        if team is not None:
            entry["team"] = team
        for key, read in (("winner", winner), ("value", value), ("raised_by", raised), ("score", score)):
            if read is not None:
                entry[key] = read
        entry.key_lines = key_lines(entry, r, self.keys)
        return entry

    def computed_columns(self) -> list[int]:
        return [self.GAME, *(column(t) for t in range(self.teams) for column in (self.start, self.gained, self.games))]

    def finding_column(self, ficha, finding: Finding, entry) -> int | None:
        """The cell of a Truco row that holds the value a finding is about, by the finding's kind
        (its code: the message is in the language in use); None for the team's Placar (a finding
        naming a team) or the row's Vencedor cell (the hand as a whole)."""
        cols, code = self, finding.code
        if code in MATCH_KINDS or "void" in entry:  # the match was over, a Placar typed over its formula, a void
            return None
        if "winner" in entry:  # a played hand
            if code in VALUE_KINDS:
                # Art 13 a value not in the table; Art 18 both at eleven; Art 17 the mao de onze
                # lost: each says what the hand is worth instead of the Valor written.
                return cols.VALUE
            if code == C.RAISED_AT_ELEVEN.code:  # raised at eleven (Art 16): who raised is in Pediu
                return cols.RAISED
            if (
                code == team_codes.NOT_A_TEAM.code
                and ficha.team_of(entry["winner"]) is not None
                and "raised_by" in entry
            ):
                return cols.RAISED  # the name that is not a team is in Pediu, not Vencedor
            return None
        if set(entry) <= {"note", "score"}:  # a row with a note and no hand: its winner is missing, in Vencedor
            return cols.WINNER
        penalty = entry.get("penalty")
        if penalty is not None and penalty not in PENALTIES:
            return cols.EVENT  # an Ocorrência that is not a penalty
        return cols.TEAM  # the team at fault or at eleven (Dupla): missing, unknown or wrong
