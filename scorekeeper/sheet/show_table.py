"""What a game's `show` tables are made of, declared in each game's folder (`show.py`) and laid
out by output/table_layout.py: a grouped column header, the detail column, a signed number."""

from __future__ import annotations

from scorekeeper.i18n import N_


class Column(str):
    """A table header that is a `label` within a `group` (`Nos pts`: the pts of Nos). Its text is
    what CSV writes; a narrow terminal shows the group once above its columns, the label below."""

    group: str
    label: str

    def __new__(cls, text: str, group: str, label: str) -> Column:
        column = super().__new__(cls, text)
        column.group, column.label = group, label
        return column


DETAIL = N_("detail")  # the column a narrow table moves to a line of its own under each row


def signed(value: float | int | None) -> str:
    """A number of points as a table shows it: `+5`, `-3`, `0`, a fraction as written; nothing for None."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return f"{value:+d}" if value else "0"
