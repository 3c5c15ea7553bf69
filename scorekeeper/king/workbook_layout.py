"""Where everything sits on a King boletim worksheet. Export writes by it; import finds the
same places by their labels, so a sheet that a person rearranged a little still reads."""

from __future__ import annotations

from scorekeeper.i18n import N_, pgettext
from scorekeeper.workbook.layout import FIRST_ROW, HEAD_ROW, INFO_LABELS, NAMES_ROW, NOTES_LABEL, col  # noqa: F401 - King's layout is the shared one plus its own columns

# The labels are English message ids, written in the workbook's language (Portuguese of
# Portugal by default, as on the paper boletim); import finds them in any language
# (workbook.layout.is_label). The hands' names in the Mão column (the rule file's labels and
# "Festa") are the game's own words, not labels: they are never translated.
META_HEADERS = (
    N_("No."),
    N_("Hand"),
    N_("Beneficiary"),
    N_("Contract"),
    N_("Trump"),
    N_("Offered by"),
    N_("Tricks offered"),
    N_("Penalty"),
    N_("Offenders"),
    N_("Value"),
    N_("Units"),
)
NUMBER_HEADER, HAND_HEADER, UNITS_HEADER = META_HEADERS[0], META_HEADERS[1], META_HEADERS[10]
PLAYER_HEADERS = (N_("Qty"), N_("Negatives"), N_("Positives"))
QTY_HEADER, NEGATIVES_HEADER, POSITIVES_HEADER = PLAYER_HEADERS
TOTAL_HEADER, CONTROL_HEADER = N_("Total"), N_("Control")
TOTALS_LABEL, SALDO_LABEL = N_("Totals"), N_("Balance")
PLAYER_LABEL = N_("Player")
PLACE_LABEL, POINTS_LABEL, PLACE_VALUES_LABEL = N_("Place"), N_("Points (Art 15)"), N_("Points per place")
SUM_LABEL, ZERO_LABEL = N_("Sum of balances"), N_("Check (0)")
RUNNING_LABEL = N_("Running balance")
REMARK_HEADER = N_("Remark")  # a hand's own `note:`, as typed (the Notas below hold the findings)
POINTS_AXIS = N_("Points")  # the running balance chart's vertical axis (its other is the Mão column's)
ALL_CLEAR = N_("No findings: the boletim adds up.")  # under Notas when a game has none
ERROR_WORD = N_("ERROR")  # what the zero check says when a whole game does not add up to 0 (OK when it does)
OK_WORD = "OK"  # the same word in every language scorekeeper speaks


def title() -> str:
    """The boletim's title in the language in use ("Boletim de Pontuação"); its own context, as
    other documents have titles of their own."""
    return pgettext("King boletim", "Score Sheet")


(
    COL_NUMBER,
    COL_HAND,
    COL_BENEFICIARY,
    COL_CONTRACT,
    COL_TRUMP,
    COL_OFFER_BY,
    COL_OFFER_TRICKS,
    COL_PENALTY,
    COL_OFFENDERS,
    COL_UNIT,
    COL_UNITS,
) = range(1, 12)
FIRST_PLAYER_COL = 12
CLASS_FIRST_COL = 3
INFO_CELLS = {
    "event": (2, 2, 3),
    "table": (2, 6, 7),
    "round": (2, 8, 9),
    "date": (2, 10, 12),
    "rules": (3, 2, 3),
    "scorer": (3, 6, 8),
}  # (row, label column, value column)


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


def offender_names(text: str, players: list[str]) -> list[str]:
    """The players at fault in a Faltosos cell, written `Ana, Bruno`: split at the commas, but
    a name that holds a comma itself (`Bruno, Jr`) is kept whole when it is one of the players."""
    pieces = text.split(",")
    longest = max(map(len, players), default=0) + 2  # a run longer than any player's name names none
    names, start = [], 0
    while start < len(pieces):
        end, length = start + 1, -1
        for stop in range(start + 1, len(pieces) + 1):  # the longest run of pieces that names a player
            length += len(pieces[stop - 1]) + 1
            if length > longest:
                break
            if ",".join(pieces[start:stop]).strip() in players:  # as written: 'Silva,Jr' or 'Silva, Jr'
                end = stop
        name = ",".join(pieces[start:end]).strip()
        if name:
            names.append(name)
        start = end
    return names
