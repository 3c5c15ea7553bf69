"""The columns of a team game's ficha, which its writer and its reader share: each game's
workbook_layout.py subclasses FichaColumns (which cells a row has, their formulas and heads)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from scorekeeper.errors import quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_, N_, Message, _, pgettext
from scorekeeper.workbook import layout as L

FIRST = L.FIRST_ROW
YES = "sim"  # a typed value (a drop-down's, compared by formulas), not a word of the ficha: never translated
# The ficha's own words (message ids, written in the workbook's language). Column A's head and
# Observação's are what import looks for, in any language (layout.is_label).
NUMBER_HEAD = N_("No.")  # column A: the entry's number
REMARK_HEAD = N_("Remark")  # an entry's own `note:`, as typed (Nota holds the findings' numbers)
NOTE_HEAD = N_("Note")  # the numbers of the findings about the row
WINNER_LABEL = N_("Winner")
PLAYERS_ROW = 3
# Header cells: (row, label column, value column); the teams' players sit in row 3 above each team.
TEAM_INFO_CELLS = {
    "event": (2, 2, 3),
    "table": (2, 6, 7),
    "round": (2, 8, 9),
    "date": (2, 10, 12),
    "rules": (3, 2, 3),
    "scorer": (3, 4, 5),
}


class FichaColumns(ABC):
    """The columns of one team game's ficha, and what only that game knows of them: how a row's
    formulas are written, what a scorer typed, how a row is read back, and which cell a finding
    is about. Each team game has a subclass in its own package (games.TeamGame.ficha_columns)."""

    list_key: str  # the sheet's list of entries
    meta: tuple[str, ...]  # the heads of the row's own columns, from A (message ids; A's is NUMBER_HEAD's)
    team_headers: tuple[str, ...]  # the heads of each team's block (message ids)
    result_words: tuple[str, str]  # the standing under Vencedor, one and many (message ids): ("Moca", "Mocas")
    keys: dict[str, int]  # an entry's key -> the column of the row that holds it
    widths: list[float]  # every column's, Observação's last (its narrowest: a game's notes may widen it)
    last_col: int
    note_col: int
    teams: int

    @property
    def title(self) -> str:
        """The ficha's title, in the language in use."""
        return pgettext("ficha", "Score sheet")

    def meta_heads(self) -> list[str]:
        """The heads of the row's own columns in the language in use; A's is always NUMBER_HEAD,
        the head import looks for. A game whose words need a context of their own overrides this."""
        return [_(NUMBER_HEAD), *(_(head) for head in self.meta[1:])]

    def team_heads(self) -> list[str]:
        """The heads of each team's block in the language in use."""
        return [_(head) for head in self.team_headers]

    def result_texts(self) -> tuple[str, str]:
        """The standing's word for one and for many (1 Moca, 2 Mocas) in the language in use."""
        one, many = self.result_words
        return _(one), _(many)

    @property
    def remark_col(self) -> int:
        """Observação, after Nota: the entry's own `note:`, as typed."""
        return self.note_col + 1

    @abstractmethod
    def inputs(self) -> list[tuple[int, int]]:
        """The ranges of columns (first, last) a person types in."""

    @abstractmethod
    def block(self, team: int) -> int:
        """The first column of team `team`'s block."""

    @abstractmethod
    def counter(self, team: int) -> int:
        """The column of what the game is won by (mocas, games)."""

    @abstractmethod
    def team_value(self, team: int) -> int:
        """The column a finding about a team points at."""

    @abstractmethod
    def to_win(self, rules) -> int:
        """How many mocas or games win."""

    @abstractmethod
    def team_slot_column(self, key: str, team: int) -> int:
        """The column of a per-team key (points, standing, score) for team `team`."""

    def extra_heads(self, writer) -> None:  # noqa: B027 (a hook: most fichas have no columns after the teams')
        """Heads of columns after the teams' blocks (Soma, Controlo), if any."""

    @abstractmethod
    def write_row(self, writer, r: int, row: dict) -> None:
        """Row r's typed values and formulas."""

    @abstractmethod
    def validation(self, writer, lst) -> None:
        """The row's drop-down lists (`lst(column, values)`) and any other validation."""

    @abstractmethod
    def typed_row(self, sheet, item) -> dict:
        """What a scorer would have typed in the row of entry `item`."""

    @abstractmethod
    def read_entry(self, grid, r: int, names: list[str]):
        """The entry typed in row r (a LineDict with coded lines), or None for an empty row."""

    @abstractmethod
    def computed_columns(self) -> list[int]:
        """The columns of a row that only hold the ficha's formulas (none is read): a value
        typed over one is refused, never skipped."""

    @abstractmethod
    def finding_column(self, ficha, finding: Finding, entry) -> int | None:
        """The column of the cell a finding about `entry` is about (None: the team's cell)."""


def team_of(sheet, value):
    """The team's name as the ficha writes it (a player's name becomes their team's)."""
    if not isinstance(value, str):
        return None
    return sheet.team_of(value) or value


class CannotHold(Exception):
    """What an entry writes that its ficha's row has no cell for: refused at export, naming the
    entry (typed_rows), never dropped (Safety, promise 4). `message` says why, as data."""

    def __init__(self, message: Message):
        super().__init__(message)
        self.message = message


def per_team(value, names, key: str = ""):
    """A value per team as the ficha's cells hold it, in team order: None for a team left out
    (the check's finding reads back as it is); a value for a name that is not a team, a list
    that is not one a team, or a value that is not a whole number has no cell."""
    if value is None:
        return None
    if isinstance(value, list) and len(value) == len(names):
        values = list(value)
    elif isinstance(value, dict) and all(name in names for name in value):
        values = [value.get(name) for name in names]
    elif isinstance(value, dict):
        unknown = next(name for name in value if name not in names)
        raise CannotHold(
            M_(
                "{key}: {name} is not a team at this table, and the ficha has a column for each team only",
                key=key,
                name=quoted(unknown),
            )
        )
    else:
        raise CannotHold(
            M_(
                "{key}: {count} values for {teams} teams: the ficha has one cell for each",
                key=key,
                count=len(value) if isinstance(value, list) else 1,
                teams=len(names),
            )
        )
    wrong = next((v for v in values if v is not None and (isinstance(v, bool) or not isinstance(v, int))), None)
    if wrong is not None:
        raise CannotHold(
            M_(
                "{key}: {value} is not a whole number, which is what the ficha's cell holds",
                key=key,
                value=quoted(wrong),
            )
        )
    return values
