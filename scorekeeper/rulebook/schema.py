"""Validation of rule files against a declared shape.

A schema is a dict {key: spec}; a spec is a type (int, str, float, bool), a Whole number
within a range, a nested schema dict, a one-item list [spec] for a list of spec, or a Choice. Every problem names the
file, the line, the key path and what is allowed (the sqlfluff way), and stops the load.
"""

from __future__ import annotations

from typing import NamedTuple, NoReturn

from scorekeeper.errors import RulesError, quoted
from scorekeeper.i18n import M_, N_, Message, in_words
from scorekeeper.sheet.yaml_lines import LineDict, LineList


class Choice:
    """A string that must be one of `values`."""

    __slots__ = ("values",)

    def __init__(self, values: tuple[str, ...]):
        self.values = values


class Whole:
    """A whole number from `low` to `high`: a house rule file is input too, and the models loop,
    allocate and multiply by its numbers (players, tricks, festas, games to win)."""

    __slots__ = ("low", "high")

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high


class Optional:
    """A key that may be left out."""

    __slots__ = ("spec",)

    def __init__(self, spec):
        self.spec = spec


MAX_TEXT = 120  # a name, label or title; messages and boletins show them whole
MAX_NUMBER = 10**6  # a fractional setting (classification points); nan and inf are not numbers

_TYPE_NAMES = {int: N_("a whole number"), str: N_("a text"), float: N_("a number"), bool: N_("true or false")}
# What a list of each type holds, said whole (a language's plural is no English "s").
_LIST_NAMES = {
    int: N_("a list of whole number"),
    str: N_("a list of text"),
    float: N_("a list of number"),
    bool: N_("a list of true or false"),
}


def _describe(spec) -> str | Message:
    """What `spec` allows, in words: the message that names the key also names these."""
    if isinstance(spec, Choice):
        return M_("one of {values}", values=", ".join(spec.values))
    if isinstance(spec, dict):
        return M_("a mapping with keys {keys}", keys=", ".join(spec))
    if isinstance(spec, list):
        return _describe_list(spec[0])
    if isinstance(spec, Whole):
        if spec.low == spec.high:
            return f"{spec.low}"
        return M_("a whole number from {low} to {high}", low=spec.low, high=spec.high)
    return M_(_TYPE_NAMES[spec])


class _WithoutArticle(NamedTuple):
    """A list's items said as the list of one says them, less its article (`list of number`)."""

    described: Message

    def __str__(self) -> str:
        return in_words(self.described).removeprefix("a ")


def _describe_list(item) -> Message:
    """A list of `item`s, in words."""
    if isinstance(item, Choice):
        return M_("a list of one of {values}", values=", ".join(item.values))
    if isinstance(item, dict):
        return M_("a list of mapping with keys {keys}", keys=", ".join(item))
    if isinstance(item, Whole):
        if item.low == item.high:
            return M_("a list of {number}", number=item.low)
        return M_("a list of whole number from {low} to {high}", low=item.low, high=item.high)
    if isinstance(item, list):  # no rule file has a list of lists; said in the words of one
        return M_("a list of {items}", items=_WithoutArticle(_describe_list(item[0])))
    return M_(_LIST_NAMES[item])


def validate(data, schema: dict, source: str, path: str = "", line: int | None = None) -> None:
    """Raise RulesError at the first value of `data` that does not fit `schema`."""
    if not isinstance(data, dict):
        if path:
            message = M_(
                "{key}: expected {allowed}, got {value}", key=path, allowed=_describe(schema), value=_show(data)
            )
        else:
            message = M_("the rule file: expected {allowed}, got {value}", allowed=_describe(schema), value=_show(data))
        raise RulesError(message, source, line)
    line = getattr(data, "line", line)
    for key in data:
        if key not in schema:
            allowed = ", ".join(schema)
            raise RulesError(
                M_("unknown key {key}; allowed here: {allowed}", key=quoted(_join(path, key)), allowed=allowed),
                source,
                _line_of(data, key, line),
            )
    for key, spec in schema.items():
        optional = isinstance(spec, Optional)
        if optional:
            spec = spec.spec
        if key not in data:
            if optional:
                continue
            raise RulesError(
                M_("missing key {key} ({allowed})", key=quoted(_join(path, key)), allowed=_describe(spec)),
                source,
                line,
            )
        _check(data[key], spec, source, _join(path, key), _line_of(data, key, line))


def _check(value, spec, source: str, path: str, line: int | None) -> None:
    if isinstance(spec, dict):
        validate(value, spec, source, path, line)
    elif isinstance(spec, list):
        if not isinstance(value, list):
            _refuse(path, _describe(spec), _show(value), source, line)
        for index, item in enumerate(value):
            item_line = value.line_of(index) if isinstance(value, LineList) else line
            _check(item, spec[0], source, f"{path}[{index}]", item_line)
    elif isinstance(spec, Choice):
        if not isinstance(value, str) or value not in spec.values:
            _refuse(path, _describe(spec), _show(value), source, line)
    elif spec is float:
        if (
            isinstance(value, bool) or not isinstance(value, (int, float)) or not -MAX_NUMBER <= value <= MAX_NUMBER
        ):  # also refuses nan and inf
            raise RulesError(
                M_(
                    "{key}: expected a number from {low} to {high}, got {value}",
                    key=path,
                    low=-MAX_NUMBER,
                    high=MAX_NUMBER,
                    value=_show(value),
                ),
                source,
                line,
            )
    elif spec is int or isinstance(spec, Whole):
        if isinstance(value, bool) or not isinstance(value, int):
            _refuse(path, M_(_TYPE_NAMES[int]), _show(value), source, line)
        if isinstance(spec, Whole) and not spec.low <= value <= spec.high:
            _refuse(path, _describe(spec), str(value), source, line)
    elif not isinstance(value, spec) or (spec is not bool and isinstance(value, bool)):
        _refuse(path, _describe(spec), _show(value), source, line)
    elif spec is str and len(value) > MAX_TEXT:
        raise RulesError(
            M_("{key}: {value} is longer than {most} characters", key=path, value=_show(value), most=MAX_TEXT),
            source,
            line,
        )


def _refuse(path: str, allowed: str | Message, shown: str | Message, source: str, line: int | None) -> NoReturn:
    """`key: expected <what is allowed>, got <what is written>`: the file, the line, the key and
    the allowed values."""
    raise RulesError(M_("{key}: expected {allowed}, got {value}", key=path, allowed=allowed, value=shown), source, line)


def _line_of(data, key, default):
    return data.line_of(key) if isinstance(data, LineDict) else default


def _join(path: str, key) -> str:
    return f"{path}.{key}" if path else str(key)


def _show(value: object) -> str | Message:
    return M_("nothing") if value is None else quoted(value)
