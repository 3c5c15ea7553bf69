"""The score pad's entry on one screen: a table's next-entry form (its game's fields, see
sheet.entry_form), the check of what is filled in so far (the scoring `record` does, nothing
saved and no lock taken), and the entry recorded from the screen's values.

No web framework here: serve/ turns requests into these calls and their results into pages.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from scorekeeper import games
from scorekeeper.core import pad_tables
from scorekeeper.errors import InputValueError, RefusalWords, SheetFormatError
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_
from scorekeeper.sheet import editing
from scorekeeper.sheet.entry_form import EntryForm, FormRefused
from scorekeeper.sheet.results import SheetResult


@dataclass
class Screen:
    """A table's page as the pad opens it: its sheet and result, the entry count the screen is
    made for, and the next entry's form (None when the game is complete)."""

    sheet: Any  # its game's sheet model (games share none)
    result: SheetResult
    expected: int
    form: EntryForm | None


@dataclass
class Checked:
    """What the values filled in so far would do: the entry they make (None when a field is
    refused), each field's refusal as data (field name -> a Message; "" for the entry as a
    whole), and the findings recording it would bring, each with the field it is shown beside
    (None: above Record). `recordable` when nothing is refused and no finding is an error."""

    entry: dict[str, object] | None
    reasons: dict[str, RefusalWords] = field(default_factory=dict)  # said by the front end
    findings: list[tuple[str | None, Finding]] = field(default_factory=list)

    @property
    def recordable(self) -> bool:
        return self.entry is not None and not self.reasons and not any(f.is_error for _p, f in self.findings)


def screen(table: pad_tables.Table) -> Screen:
    sheet, result = pad_tables.load(table)
    form = None if result.complete else games.get(result.game).pad_form(sheet)
    return Screen(sheet, result, len(sheet.entries), form)


def values_of(given: object) -> dict[str, str]:
    """The screen's values as posted (a mapping of text to text), bounded like the prompts' answers."""
    if not isinstance(given, dict):
        raise InputValueError(M_("values: a mapping of field names to text"))
    return pad_tables.bounded_answers(given)


def entry_of(sheet: Any, values: dict[str, str]) -> dict[str, object]:
    """The entry the values make (FormRefused naming each field that cannot be right)."""
    return games.get(sheet.rules.game).entry_from_pad(sheet, values)


def places(sheet: Any, findings: Iterable[Finding], values: dict[str, str]) -> list[tuple[str | None, Finding]]:
    """Each finding with the field (or group) of the screen it is about."""
    game = games.get(sheet.rules.game)
    return [(game.pad_finding_place(sheet, f.code, values), f) for f in findings]


def check(table: pad_tables.Table, given: object) -> Checked:
    """What recording the values would do, nothing saved: the refusal of each field, else the
    findings the entry would bring (an error refuses it, a warning is recorded with it)."""
    values = values_of(given)
    pad_tables.refuse_link(table)
    preview = editing.Preview(table.path)  # read and scored once: the screen's sheet, and what the entry does to it
    sheet = preview.sheet
    try:
        entry = entry_of(sheet, values)
    except FormRefused as exc:
        return Checked(None, dict(exc.reasons))
    except InputValueError as exc:
        return Checked(None, {"": exc.message})
    try:
        _after, caused = preview.of(entry)
    except (InputValueError, SheetFormatError) as exc:
        return Checked(entry, {"": exc.message})
    return Checked(entry, {}, places(sheet, caused, values))


def record(
    table: pad_tables.Table, given: object, expected_entries: object, change_id: str | None = None
) -> pad_tables.Recorded:
    """Record the entry the values make (as pad_tables.record: stale, refused by a finding); FormRefused
    when a field cannot be right. Sent again with the id of an entry saved before (a retry after
    a lost reply, the form posted again after Back), it saves nothing and says which: answered
    before the values are read, as the sheet has moved on since and its form with it."""
    values = values_of(given)
    repeat = pad_tables.already_saved(table, change_id, "record")
    if repeat is not None:
        return pad_tables.repeated(table, repeat)
    sheet = pad_tables.sheet_of(table)  # not scored: record scores it, under the sheet's writer lock
    # Someone else's entry first: the values were chosen for the screen as it was (its hand,
    # its beneficiary), so read against the sheet as it is now they would be refused, or worse
    # make another entry than the one the scorer meant.
    expected = pad_tables.expected_count(expected_entries)
    editing.refuse_stale(sheet, expected, table.sheet)
    return pad_tables.append(table, entry_of(sheet, values), expected, change_id)  # its id looked up above
