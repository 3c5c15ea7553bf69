"""What every game shares when a scorer types: whole numbers, the ask-again loop, stopping,
and (for the team games) team names."""

from __future__ import annotations

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_, Message, Mn_, _, in_words
from scorekeeper.sheet.vocabulary import normalize

STOP = ("q", "quit", "stop", "done", "sair")


class Stop(Exception):
    """The scorer asked to stop recording."""


class Prompt(str):
    """A question as `ask` receives it: its text (what the CLI prints), and for a front end that
    shows questions as fields, the answers to offer as buttons (`choices`: (answer, label)
    pairs) and the questions that may be asked on one screen with it (`together`: their texts,
    in order; none depends on another's answer)."""

    choices: tuple[tuple[str, str], ...] = ()
    together: tuple[str, ...] = ()

    def __new__(cls, text: str, choices=(), together=()):
        prompt = super().__new__(cls, text)
        prompt.choices = tuple((c, c) if isinstance(c, str) else tuple(c) for c in choices)
        prompt.together = tuple(together)
        return prompt


def yes_no_choices() -> tuple[tuple[str, str], ...]:
    """The answers of a [y/n] question, as buttons say them."""
    return (("y", _("yes")), ("n", _("no")))


def team_name(sheet, typed: str) -> str:
    """The team a typed name means: the team's name or one of its players', any case or accent."""
    key = normalize(typed)
    for name, members in sheet.teams.items():
        if key in {normalize(name), *map(normalize, members)}:
            return name
    raise InputValueError(
        M_("{name} is not a team at this table ({teams})", name=quoted(typed), teams=", ".join(sheet.teams))
    )


MAX_DIGITS = 12  # as in a sheet (yaml_lines.MAX_DIGITS): no score or count is longer


def whole(text: str, what: str | Message, low: int | None, high: int | None) -> int:
    """A typed whole number within [low, high] (None: unbounded), or InputValueError quoting it.

    The digits are counted before int() is asked: Python refuses (with an error of its own)
    to convert more than a few thousand, and no score needs more than a dozen.
    """
    typed = str(text).strip()
    digits = typed[1:] if typed[:1] in ("+", "-") else typed
    if not (digits.isascii() and digits.isdigit()):
        raise InputValueError(M_("{what}: {value} is not a whole number", what=what, value=quoted(text)))
    if len(digits) > MAX_DIGITS:
        raise InputValueError(
            Mn_(
                "{what}: a number of {count} digit is out of range ({allowed})",
                "{what}: a number of {count} digits is out of range ({allowed})",
                len(digits),
                what=what,
                count=len(digits),
                allowed=_range(low, high),
            )
        )
    value = int(typed)
    if low is not None and value < low or high is not None and value > high:
        raise InputValueError(
            M_("{what}: {value} is out of range ({allowed})", what=what, value=value, allowed=_range(low, high))
        )
    return value


def _range(low: int | None, high: int | None) -> Message:
    """`0 to 8`, `1 or more`, `at most 0`: the allowed range in words."""
    if low is not None and high is not None:
        return M_("{low} to {high}", low=low, high=high)
    if low is not None:
        return M_("{low} or more", low=low)
    return M_("at most {high}", high=high) if high is not None else M_("any whole number")


def until_valid(ask, say, prompt: str, convert, default=None, stops: bool = True, choices=(), together=()):
    """Ask until `convert` accepts the answer; with `stops`, `q` stops the session. `choices`
    and `together` go with the question (see Prompt)."""
    if choices or together:
        prompt = Prompt(prompt, choices, together)
    while True:
        typed = ask(prompt, default)
        if stops and str(typed).strip().lower() in STOP:
            raise Stop
        try:
            return convert(typed)
        except InputValueError as exc:
            say("  " + _("{message}; try again").format(message=in_words(exc.message)))  # the prompts: an edge
