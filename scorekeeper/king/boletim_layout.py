"""Where everything sits on a King boletim worksheet. Export writes by it; import finds the
same places by their labels, so a sheet that a person rearranged a little still reads."""
from __future__ import annotations

from scorekeeper.boletim.layout import FIRST_ROW, HEAD_ROW, INFO_LABELS, NAMES_ROW, NOTES_LABEL, col  # noqa: F401 - King's layout is the shared one plus its own columns

# The labels are Portuguese, as on the paper boletim; import looks for them.
TITLE = "Boletim de Pontuação"
META_HEADERS = ("Nº", "Mão", "Beneficiário", "Contrato", "Trunfo", "Ofertante", "Vazas oferecidas",
                "Penalidade", "Faltosos", "Valor", "Unidades")
PLAYER_HEADERS = ("Qtd", "Negativos", "Positivos")
TOTAL_HEADER, CONTROL_HEADER = "Total", "Controlo"
TOTALS_LABEL, SALDO_LABEL = "Totais", "Saldo"
PLACE_LABEL, POINTS_LABEL, PLACE_VALUES_LABEL = "Lugar", "Pontos (Art 15)", "Pontos por lugar"
SUM_LABEL, ZERO_LABEL = "Soma dos saldos", "Confere (0)"
RUNNING_LABEL = "Saldo acumulado"
REMARK_HEADER = "Observação"  # a hand's own `note:`, as typed (the Notas below hold the findings)

COL_NUMBER, COL_HAND, COL_BENEFICIARY, COL_CONTRACT, COL_TRUMP, COL_OFFER_BY, COL_OFFER_TRICKS, \
    COL_PENALTY, COL_OFFENDERS, COL_UNIT, COL_UNITS = range(1, 12)
FIRST_PLAYER_COL = 12
CLASS_FIRST_COL = 3
INFO_CELLS = {"event": (2, 2, 3), "table": (2, 6, 7), "round": (2, 8, 9), "date": (2, 10, 12),
              "rules": (3, 2, 3), "scorer": (3, 6, 8)}  # (row, label column, value column)


class Layout:
    """Rows and columns of one worksheet with `players` players and `hands` hand rows."""

    def __init__(self, players: int, hands: int):
        self.players, self.hands = players, hands
        self.total_col = FIRST_PLAYER_COL + 3 * players
        self.control_col = self.total_col + 1
        self.note_col = self.control_col + 1  # Observação: the hand's `note:`
        self.last_hand_row = FIRST_ROW + hands - 1
        self.totals_row = self.last_hand_row + 1
        self.saldo_row = self.totals_row + 1
        # The classification block: one contiguous column per player, from column C.
        self.class_head_row = self.saldo_row + 2
        self.class_saldo_row = self.class_head_row + 1
        self.place_row = self.class_head_row + 2
        self.points_row = self.class_head_row + 3
        self.place_values_row = self.class_head_row + 4
        self.sum_row = self.class_head_row + 5
        self.running_head_row = self.sum_row + 2
        self.running_first_row = self.running_head_row + 1
        self.notes_row = self.running_first_row + hands + 1

    def qty_col(self, player: int) -> int:
        return FIRST_PLAYER_COL + 3 * player

    def neg_col(self, player: int) -> int:
        return FIRST_PLAYER_COL + 3 * player + 1

    def pos_col(self, player: int) -> int:
        return FIRST_PLAYER_COL + 3 * player + 2

    def class_col(self, player: int) -> int:
        return CLASS_FIRST_COL + player

    def hand_rows(self) -> range:
        return range(FIRST_ROW, self.last_hand_row + 1)

    @property
    def last_col(self) -> int:
        return self.note_col
