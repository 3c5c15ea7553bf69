"""Where everything sits on a Quatrilho planilha worksheet: the rows, the row's own columns,
the per-person column groups, the header cells, the bottom and the words the formulas compare.
workbook_write.py writes by it; workbook_read.py finds the same places (and reads the labels in
any language)."""

from __future__ import annotations

import functools

from scorekeeper.i18n import LANGUAGES, N_, _, catalog, pgettext
from scorekeeper.quatrilho.rules import QuatrilhoRules
from scorekeeper.workbook import layout as L
from scorekeeper.workbook.layout import col

FIRST = L.FIRST_ROW
TITLE = N_("Chip Sheet")
GROUP_ROW = L.NAMES_ROW - 1  # the titles of the per-person column groups
# Header cells: key -> (row, label column, value column). A label is followed by its value and
# an empty cell, so that a missing value never lets header_info read the next label's value.
INFO_CELLS = {
    "event": (2, 2, 3),
    "table": (2, 6, 7),
    "round": (2, 9, 10),
    "date": (2, 12, 13),
    "rules": (3, 2, 3),
    "scorer": (3, 6, 7),
    "round_deals": (3, 9, 11),
}  # its label over I:J
# The planilha's own labels (the fiscal, not the "Scorer (Art 6)" of a boletim, and the round's
# length); the others are every boletim's (layout.INFO_LABELS).
OWN_LABELS = {"scorer": N_("Referee"), "round_deals": N_("Deals in the round")}
# The row's own columns, A to L: two fines written under a contract are live in the formulas
# (olhar-vazas and a solo's fora-de-vez or negar-carta); more go comma-separated in Multa 2.
NUMBER, DEALER, ENTRY, WHO, OTHER, FIGURAS, TRICKS, CORINGA, FINE, FINED, FINE2, FINED2 = range(1, 13)
FINE_PAIRS = ((FINE, FINED), (FINE2, FINED2))
META_HEADS = (
    N_("No."),
    N_("Dealer"),
    N_("Entry"),
    N_("Who"),
    N_("Partner / Giver"),
    N_("Figuras"),
    N_("Tricks"),
    N_("Coringa"),
    N_("Fine"),
    N_("Fined"),
    N_("Fine 2"),
    N_("Fined 2"),
)
META_WIDTHS = (4, 8, 12, 9, 9, 8, 6, 9, 11, 9, 11, 9)
FIRST_GROUP = 13
# The per-person groups, in order: (title on GROUP_ROW, head for a player, head for a coringa).
GROUPS = (
    (N_("Figuras (rolar)"), N_("Figuras"), N_("Figuras (coringa)")),
    (N_("Chips written"), N_("Written"), N_("Written (coringa)")),
    (N_("Chips of the row"), N_("Chips"), N_("Chips (coringa)")),
    (N_("Running chips"), N_("Balance"), N_("Balance (coringa)")),
)
FIG_GROUP, WRITTEN_GROUP, CHIPS_GROUP, RUNNING_GROUP = range(4)
ALL_GROUPS = (FIG_GROUP, WRITTEN_GROUP, CHIPS_GROUP, RUNNING_GROUP)
PLAYER_WIDTH, CORINGA_WIDTH = 8, 10  # "Escritas", and "(coringa)" on a line of its own
# The heads after the people's columns; the hidden ones past Observação.
CONTA_HEAD, SUM_HEAD, CONTROL_HEAD, NOTE_HEAD = N_("Counted"), N_("Sum"), N_("Check"), N_("Note")
DEAL_HEAD, DEALER_Q1_HEAD, CORINGA_1_HEAD = N_("Deal"), N_("Dealer (Q1)"), N_("1st coringa")
END_LABELS = (N_("Chips at the end"), N_("Talhas"), N_("Net for the round"))
CONFERE_LABEL = N_("Adds up")
NO_NOTES = N_("No findings: the planilha adds up.")
# What Controlo says of a deal whose chips do not add up to 0 (else OK, the same in every
# language), as the King boletim and the Resumo say it.
ERROR_WORD, OK_WORD = N_("ERROR"), "OK"

# What Entrada says of a row that is not a deal (the sheet's late, out, rebuy).
NON_DEAL_WORDS = {"late": "atraso", "out": "saída", "rebuy": "talha"}
SPARE_ROWS = 3  # empty rows after an exported round's last entry, for one written in by hand
BLANK_EXTRA_ROWS = 6  # a blank's rows: the whole round, and room for late, out and talha rows
REMARK_HEAD, REMARK_WIDTH = N_("Remark"), 16  # an entry's `note:` (Nota holds the findings' numbers)


def label(key: str) -> str:
    """The header label of `key` in the language in use."""
    return _(label_id(key))


def label_id(key: str) -> str:
    """The message id of `key`'s header label: the planilha's own, else every boletim's."""
    return OWN_LABELS.get(key) or L.INFO_LABELS[key]


def not_counted() -> str:
    """What Conta says of an entry the CLI could not score ("não"), in the language in use: a
    bare "no", told apart by its context from any other."""
    return pgettext("Conta column", "no")


@functools.cache
def not_counted_spellings() -> tuple[str, ...]:
    """Conta's "não" in every language: the formulas take any of them."""
    return tuple(sorted({catalog(language).pgettext("Conta column", "no") for language in LANGUAGES}))


class Layout:
    """Where everything of one planilha is: the per-person groups, the rows, the bottom."""

    def __init__(self, players: list[str], coringas: list[str], rows: int, groups=ALL_GROUPS):
        self.players, self.coringas = list(players), list(coringas)
        self.people = self.players + self.coringas
        self.size = len(self.people)
        self.groups = tuple(g for g in ALL_GROUPS if g in groups)
        self.last_row = FIRST + rows - 1
        self.conta_col = FIRST_GROUP + len(self.groups) * self.size
        self.sum_col = self.conta_col + 1
        self.control_col = self.sum_col + 1
        self.note_col = self.control_col + 1  # the numbers of the findings about the row
        self.remark_col = self.note_col + 1  # Observação: the entry's own `note:`, as typed
        # hidden, past the printed area: the deal's number, its dealer by Q1, the first coringa named
        self.deal_col = self.remark_col + 2
        self.dealer_col = self.deal_col + 1
        self.coringa_col = self.dealer_col + 1
        self.end_row = self.last_row + 2  # Fichas no fim
        self.talhas_row = self.end_row + 1
        self.net_row = self.end_row + 2
        self.notes_row = self.net_row + 2

    def column(self, group: int, person: int) -> int:
        return FIRST_GROUP + self.groups.index(group) * self.size + person

    def has(self, group: int) -> bool:
        return group in self.groups

    def span(self, group: int, r: int) -> str:
        """The group's cells on row r (every person's), as one range."""
        return f"${col(self.column(group, 0))}{r}:${col(self.column(group, self.size - 1))}{r}"

    def name(self, person: int) -> str:
        """The cell holding a person's name: the first group's, which the others repeat."""
        return f"{col(self.column(self.groups[0], person))}${L.NAMES_ROW}"

    def is_coringa(self, person: int) -> bool:
        return person >= len(self.players)


def blank_rows(rules: QuatrilhoRules, players: list[str]) -> int:
    """A whole round (six deals per seat, Q1) and room for late, out and talha rows."""
    return rules.deals_per_seat * len(players) + BLANK_EXTRA_ROWS
