"""What the journal did before a command's own change (issue 24), as data: the changes a killed
run left, completed (or in conflict), and the journals it could not use as they were. A front end
says it first (output.journal_text.journal_lines). Light: only the types are the journal's."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from scorekeeper.journal.store import Notice
    from scorekeeper.journal.transaction import Recovered


class JournalNews(NamedTuple):
    recovered: tuple[Recovered, ...] = ()
    notices: tuple[Notice, ...] = ()


NO_NEWS = JournalNews()  # the journal had nothing to complete
