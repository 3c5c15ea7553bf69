"""Validation of rule files against a declared shape.

A schema is a dict {key: spec}; a spec is a type (int, str, float, bool), a Whole number
within a range, a nested schema dict, a one-item list [spec] for a list of spec, or a Choice. Every problem names the
file, the line, the key path and what is allowed (the sqlfluff way), and stops the load.
"""
from __future__ import annotations

from scorekeeper.errors import RulesError, quote
from scorekeeper.yaml_lines import LineDict, LineList


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

_TYPE_NAMES = {int: "a whole number", str: "a text", float: "a number", bool: "true or false"}


def _describe(spec) -> str:
    if isinstance(spec, Choice):
        return "one of " + ", ".join(spec.values)
    if isinstance(spec, dict):
        return "a mapping with keys " + ", ".join(spec)
    if isinstance(spec, list):
        return "a list of " + _describe(spec[0]).removeprefix("a ")
    if isinstance(spec, Whole):
        if spec.low == spec.high:
            return f"{spec.low}"
        return f"a whole number from {spec.low} to {spec.high}"
    return _TYPE_NAMES[spec]


def validate(data, schema: dict, source: str, path: str = "", line: int | None = None) -> None:
    """Raise RulesError at the first value of `data` that does not fit `schema`."""
    if not isinstance(data, dict):
        raise RulesError(f"{path or 'the rule file'}: expected {_describe(schema)}, got {_show(data)}", source, line)
    line = getattr(data, "line", line)
    for key in data:
        if key not in schema:
            allowed = ", ".join(schema)
            raise RulesError(f"unknown key {quote(_join(path, key))}; allowed here: {allowed}", source, _line_of(data, key, line))
    for key, spec in schema.items():
        optional = isinstance(spec, Optional)
        if optional:
            spec = spec.spec
        if key not in data:
            if optional:
                continue
            raise RulesError(f"missing key {quote(_join(path, key))} ({_describe(spec)})", source, line)
        _check(data[key], spec, source, _join(path, key), _line_of(data, key, line))


def _check(value, spec, source: str, path: str, line: int | None) -> None:
    if isinstance(spec, dict):
        validate(value, spec, source, path, line)
    elif isinstance(spec, list):
        if not isinstance(value, list):
            raise RulesError(f"{path}: expected {_describe(spec)}, got {_show(value)}", source, line)
        for index, item in enumerate(value):
            item_line = value.line_of(index) if isinstance(value, LineList) else line
            _check(item, spec[0], source, f"{path}[{index}]", item_line)
    elif isinstance(spec, Choice):
        if not isinstance(value, str) or value not in spec.values:
            raise RulesError(f"{path}: expected {_describe(spec)}, got {_show(value)}", source, line)
    elif spec is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                not -MAX_NUMBER <= value <= MAX_NUMBER:  # also refuses nan and inf
            raise RulesError(f"{path}: expected a number from {-MAX_NUMBER} to {MAX_NUMBER}, got {_show(value)}",
                             source, line)
    elif spec is int or isinstance(spec, Whole):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"{path}: expected a whole number, got {_show(value)}", source, line)
        if isinstance(spec, Whole) and not spec.low <= value <= spec.high:
            raise RulesError(f"{path}: expected {_describe(spec)}, got {value}", source, line)
    elif not isinstance(value, spec) or (spec is not bool and isinstance(value, bool)):
        raise RulesError(f"{path}: expected {_describe(spec)}, got {_show(value)}", source, line)
    elif spec is str and len(value) > MAX_TEXT:
        raise RulesError(f"{path}: {_show(value)} is longer than {MAX_TEXT} characters", source, line)


def _line_of(data, key, default):
    return data.line_of(key) if isinstance(data, LineDict) else default


def _join(path: str, key) -> str:
    return f"{path}.{key}" if path else str(key)


def _show(value) -> str:
    return "nothing" if value is None else quote(value)
