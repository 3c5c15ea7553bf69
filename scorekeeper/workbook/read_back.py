"""What every worksheet read back into a sheet shares (a team ficha, a Quatrilho planilha): its
name, the warnings of the input cells that held formulas, the sheet loaded by the rules its
Regras cell names, and each refusal put back at its cell."""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from typing import Any

from scorekeeper import games
from scorekeeper.errors import SheetFormatError
from scorekeeper.findings import Finding, FindingKind
from scorekeeper.workbook import regras


class ReadBack(ABC):
    """A mixin for a read worksheet with `path` and `title` (the workbook and the worksheet),
    `grid` (the cells read, or None), `doc` (the sheet, each value's line coding its cell),
    `rules_cell`, `cell_formula` (the game's kind for an input cell read by its formula's saved
    value), and `_cell(line, who)`: the cell a coded line names."""

    path: str
    title: str
    grid: Any
    doc: dict
    rules_cell: str | None
    cell_formula: FindingKind

    @property
    def source(self) -> str:
        return f"{self.path}:{self.title}"

    def cell_findings(self, rules_path: str | None = None) -> list[Finding]:
        """What reading the worksheet found at its cells: each input cell read by the value saved
        with its formula (a warning)."""
        return self.grid.formula_findings(self.cell_formula) if self.grid is not None else []

    @abstractmethod
    def _cell(self, line: int, who: str | None) -> str:
        """The cell (e.g. "F7") that a value coded at `line` came from, in `who`'s column."""

    def _refused_who(self, line: int) -> str | None:
        """Whose cell a refusal at a coded line is in, where a row holds one per participant;
        None: the row's first."""
        return None

    def _load(self, rules_path):
        rules = regras.resolve(self.doc["rules"], rules_path, self.rules_cell or self.source)
        ref = rules_path if rules_path is not None else self.doc["rules"]
        with self._refusals_at_cells():
            return games.get(rules.game).parse_sheet(self.doc, rules, self.source, ref)

    @contextlib.contextmanager
    def _refusals_at_cells(self):
        """A value refused while reading or scoring the worksheet is refused at its cell."""
        try:
            yield
        except SheetFormatError as exc:
            if exc.source != self.source:  # already placed (the rules file, a cell of the grid)
                raise
            where = self._cell(exc.line, self._refused_who(exc.line)) if exc.line else self.source
            raise SheetFormatError(exc.message, where) from None
