"""An entry asked on one screen (the score pad): the fields a game declares for its next entry,
as data a front end lays out (buttons, a number pad, a row of tap targets), and the refusal of
what was filled in, field by field.

A game declares `Game.pad_form(sheet) -> EntryForm` and `Game.entry_from_pad(sheet, values)`,
which turns the values posted (field name -> text, as a browser's form sends them) into the
entry its sheet writes, or raises FormRefused naming each field that cannot be right. Only the
fields that apply (see `applies`) are read: a hidden festa field is ignored for a negative hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.errors import InputValueError, RefusalWords
from scorekeeper.i18n import M_, Joined, Message
from scorekeeper.sheet.typed_input import whole

# What a field asks for, as a front end lays it out.
CHOICE = "choice"  # one of `choices`: a row of buttons (radio buttons without JavaScript)
PLAYERS = "players"  # some of `choices` (players, teams): toggles; none chosen is "" when not required
NUMBER = "number"  # a whole number from `low` to `high`: tap targets when the range is short, else a number pad
TEXT = "text"  # a name no button can offer (a new coringa, Quatrilho Art 12, 15): a text box, `choices` suggested

TAP_MOST = 13  # a number field of at most this many values (0 to 13 tricks) is a row of tap targets


@dataclass(frozen=True)
class Choice:
    """One answer of a CHOICE or PLAYERS field: what it posts, and its words on the button."""

    value: str
    label: str


@dataclass(frozen=True)
class Field:
    """One question of the entry's screen.

    `name` is the key its answer is posted under (`hand`, `count-0` for the first seat, `offer-by`);
    `label` its words; `value` what it holds when the screen opens (the next hand, K1; the next
    beneficiary, K2; "" for none), changeable; `when` the condition under which it applies: each
    (other field, values) pair must hold (a festa's contract applies when `hand` is `festa`);
    `group` the heading it is laid out under with its siblings (the counts of a hand); `hint`
    a short note under it (the hand's total, an article)."""

    name: str
    kind: str
    label: str
    choices: tuple[Choice, ...] = ()
    low: int | None = None
    high: int | None = None
    value: str = ""
    required: bool = True
    when: tuple[tuple[str, tuple[str, ...]], ...] = ()
    group: str | None = None
    hint: str = ""

    @property
    def taps(self) -> bool:
        """A NUMBER field laid out as a row of tap targets (a short range), not a number pad."""
        return (
            self.kind == NUMBER
            and self.low is not None
            and self.high is not None
            and self.high - self.low + 1 <= TAP_MOST + 1
        )


@dataclass(frozen=True)
class EntryForm:
    """The next entry's screen: its fields in order, the groups' headings (group -> words), and
    the words of its Record button's entry (`Hand 7`, `Deal 12`)."""

    title: str
    fields: tuple[Field, ...]
    groups: dict[str, str] = field(default_factory=dict)

    def get(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


class FormRefused(InputValueError):
    """What was filled in makes no entry: the refusal of each field (name -> a Message, said by
    the front end), and of the entry as a whole under the name "" (counts that add up wrong).
    Its message is them all, joined with "; "."""

    def __init__(self, reasons: dict[str, RefusalWords]):
        super().__init__(Joined(tuple(reasons.values()), "; "))
        self.reasons = dict(reasons)


def applies(form: EntryForm, one: Field, values: dict[str, str]) -> bool:
    """Whether `one` applies given the values (its `when`, each field named there read with its
    opening value when none is posted, and itself applying)."""
    for name, wanted in one.when:
        other = form.get(name)
        if other is None or not applies(form, other, values):
            return False
        if value_of(other, values) not in wanted:
            return False
    return True


def value_of(one: Field, values: dict[str, str]) -> str:
    """The field's value as posted (trimmed), else its opening value."""
    given = values.get(one.name)
    return one.value if given is None else str(given).strip()


class Reader:
    """Reads a form's values field by field, collecting every refusal (the scorer sees them all
    at once, each beside its field) instead of stopping at the first."""

    def __init__(self, form: EntryForm, values: dict[str, str]):
        self.form, self.values = form, values
        self.refusals: dict[str, RefusalWords] = {}  # field -> its refusal, as data

    def applies(self, name: str) -> bool:
        one = self.form.get(name)
        return one is not None and applies(self.form, one, self.values)

    def text(self, name: str) -> str:
        """The field's value: one of its choices for a CHOICE field ("" when it applies not)."""
        one = self.form.get(name)
        if one is None or not applies(self.form, one, self.values):
            return ""
        typed = value_of(one, self.values)
        if not typed:
            if one.required:
                self.refuse(name, _required(one))
            return ""
        if one.kind == CHOICE and typed not in {c.value for c in one.choices}:
            self.refuse(name, _not_offered(one))
            return ""
        return typed

    def chosen(self, name: str) -> list[str]:
        """A PLAYERS field's values (posted as one text, comma-separated, or as repeated keys)."""
        one = self.form.get(name)
        if one is None or not applies(self.form, one, self.values):
            return []
        typed = value_of(one, self.values)
        picked = [part.strip() for part in typed.split(",") if part.strip()]
        offered = {c.value for c in one.choices}
        if any(p not in offered for p in picked) or len(set(picked)) != len(picked):
            self.refuse(name, _not_offered(one))
            return []
        if not picked and one.required:
            self.refuse(name, _required(one))
        return [c.value for c in one.choices if c.value in picked]  # in seat order

    def number(self, name: str) -> int | None:
        """A NUMBER field's whole number within its range (None when it applies not, or refused)."""
        one = self.form.get(name)
        if one is None or not applies(self.form, one, self.values):
            return None
        typed = value_of(one, self.values)
        if not typed:
            if one.required:
                self.refuse(name, _required(one))
            return None
        try:
            return whole(typed, one.label, one.low, one.high)
        except InputValueError as exc:
            self.refuse(name, exc.message)
            return None

    def refuse(self, name: str, message: RefusalWords) -> None:
        """`name`'s refusal (the first one only), kept as data: serve/ says it beside its field,
        in the language of the request that reads the screen."""
        self.refusals.setdefault(name, message)

    def done(self) -> None:
        """Raise FormRefused when anything was refused."""
        if self.refusals:
            raise FormRefused(self.refusals)


def _required(one: Field) -> Message:
    return M_("{field}: required", field=one.label)


def _not_offered(one: Field) -> Message:
    return M_("{field}: choose one of the buttons", field=one.label)
