"""YAML loading that remembers the line of every mapping and sequence, with bounded work.

Checks report `file:line`, so each mapping and list carries the line it starts on and
the line of each of its keys or items. libyaml (CSafeLoader) parses when it is present.

Sheets arrive from strangers, so the loader speaks YAML 1.2 core (no sexagesimal `1:3`,
no `0x3`, no `yes`/`on` booleans: those stay texts), refuses numbers longer than any score,
refuses more than a few aliases (a "billion laughs" is a few hundred bytes), and turns a
value a constructor cannot build (`2026-02-30`) into one line at its place.
"""
from __future__ import annotations

import datetime
import math
import os
import re

import yaml

from scorekeeper.errors import ScorekeeperError, SheetFormatError, quote
from scorekeeper.file_access import read_regular

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_FILE_BYTES = 1 << 20  # a score sheet or rule file is a few KiB; 1 MiB is plenty


class LineDict(dict):
    """A mapping from YAML, with `line` (its first line) and `key_lines` {key: line}."""

    __slots__ = ("line", "key_lines")

    def line_of(self, key) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list):
    """A list from YAML, with `line` (its first line) and `item_lines` [line, ...]."""

    __slots__ = ("line", "item_lines")

    def line_of(self, index: int) -> int:
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


MAX_ALIASES = 16  # a sheet needs none; a house rule file might reuse a block or two
MAX_DIGITS = 12  # the largest score or count is a few digits; Python's int has a digit limit of its own
_PROBLEM_LIMIT = 200  # PyYAML's own messages quote tags and anchors: keep them one short line


class _Unusable(Exception):
    """A value the loader refuses, with the mark of where it was written."""

    def __init__(self, message: str, mark):
        super().__init__(message)
        self.message, self.mark = message, mark


class _LineLoader(_BaseLoader):
    """A safe loader whose mappings and lists know their lines."""

    def construct_object(self, node, deep=False):
        # A constructor that cannot build a value (a date that does not exist, a number out of
        # range) raises ValueError or OverflowError: that is the input's fault, at its line.
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:
            what = quote(node.value) if isinstance(node, yaml.ScalarNode) else "this value"
            raise _Unusable(f"{what} cannot be read: {_bounded(str(exc))}", node.start_mark) from None


# YAML 1.2 core schema, with our narrower ints: only these plain scalars are not texts.
_BOOL = re.compile(r"(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])\Z")
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z")
_NULL = re.compile(r"(?:~|null|Null|NULL|)\Z")

_LineLoader.yaml_implicit_resolvers = {}
_LineLoader.add_implicit_resolver("tag:yaml.org,2002:bool", _BOOL, list("tTfF"))
_LineLoader.add_implicit_resolver("tag:yaml.org,2002:int", _INT, list("-+0123456789"))
_LineLoader.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT, list("-+0123456789."))
_LineLoader.add_implicit_resolver("tag:yaml.org,2002:null", _NULL, ["~", "n", "N", ""])
# Dates (`date: 2026-11-28`) are part of every sheet's header; merge keys stay for rule files.
for _first, _resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items():
    for _tag, _regexp in _resolvers:
        if _tag in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:merge"):
            _LineLoader.add_implicit_resolver(_tag, _regexp, [_first])


def _bounded(problem: str) -> str:
    if len(problem) <= _PROBLEM_LIMIT:
        return problem
    return problem[:_PROBLEM_LIMIT] + "..."


def _construct_bool(loader, node):
    text = loader.construct_scalar(node)
    if not _BOOL.match(text):
        raise _Unusable(f"{quote(text)} is not true or false", node.start_mark)
    return text.lower() == "true"


def _construct_int(loader, node):
    text = loader.construct_scalar(node)
    if not _INT.match(text):
        raise _Unusable(f"{quote(text)} is not a whole number", node.start_mark)
    digits = len(text.lstrip("+-"))
    if digits > MAX_DIGITS:
        raise _Unusable(f"a number of {digits} digits is not a score", node.start_mark)
    return int(text)


def _construct_float(loader, node):
    text = loader.construct_scalar(node)
    if not _FLOAT.match(text):
        raise _Unusable(f"{quote(text)} is not a number", node.start_mark)
    lowered = text.lower()
    if lowered.endswith(".inf"):
        return -math.inf if lowered.startswith("-") else math.inf
    if lowered == ".nan":
        return math.nan
    return float(text)


def _construct_timestamp(loader, node):
    text = loader.construct_scalar(node)
    if loader.timestamp_regexp.match(text):
        try:
            return loader.construct_yaml_timestamp(node)
        except (ValueError, OverflowError):  # `2026-02-30`: the shape of a date, but no such day
            pass
    shown = text if len(text) <= 40 and loader.timestamp_regexp.match(text) else quote(text)
    raise _Unusable(f"{shown} is not a date", node.start_mark)


def _expect(node, kind, what: str) -> None:
    """An explicit tag on the wrong kind of node (`!!map [1]`, `!!seq {a: 1}`) is malformed YAML."""
    if not isinstance(node, kind):
        raise yaml.constructor.ConstructorError(None, None, f"expected {what}, but found {node.id}", node.start_mark)


def _construct_mapping(loader, node):
    _expect(node, yaml.MappingNode, "a mapping")
    data = LineDict()
    data.line = node.start_mark.line + 1
    data.key_lines = {}
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=False)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark
            ) from None
        if key in data.key_lines:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {quote(key)}", key_node.start_mark
            )
        data.key_lines[key] = key_node.start_mark.line + 1
        data[key] = loader.construct_object(value_node, deep=False)


def _construct_sequence(loader, node):
    _expect(node, yaml.SequenceNode, "a sequence")
    data = LineList()
    data.line = node.start_mark.line + 1
    data.item_lines = [child.start_mark.line + 1 for child in node.value]
    yield data
    data.extend(loader.construct_object(child, deep=False) for child in node.value)


_LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)
_LineLoader.add_constructor("tag:yaml.org,2002:bool", _construct_bool)
_LineLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_LineLoader.add_constructor("tag:yaml.org,2002:float", _construct_float)
_LineLoader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)


def _refuse_tag(loader, node):
    """A YAML 1.1 type no sheet or rule file uses (bytes, sets, ordered pairs): refused at its
    line rather than read as something no check expects (`!!binary` became "b'hello'")."""
    raise yaml.constructor.ConstructorError(None, None, f"the {node.tag.rsplit(':', 1)[-1]} type is not used in a "
                                            "sheet or rule file", node.start_mark)


for _tag in ("binary", "set", "omap", "pairs"):
    _LineLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _refuse_tag)


def _limit_aliases(text: str) -> None:
    """Refuse a document with more than MAX_ALIASES aliases, at the first one too many.

    The loader shares an aliased value instead of copying it, but everything that walks the
    result (checks, messages) sees the expansion: nine nested aliases of nine make 387 million
    items out of 700 bytes. Only a text with a `*` can hold an alias, so only such a text pays
    for this pass of the same C parser over its events.
    """
    if "*" not in text:
        return
    count = 0
    for event in yaml.parse(text, Loader=_BaseLoader):
        if isinstance(event, yaml.AliasEvent):
            count += 1
            if count > MAX_ALIASES:
                raise _Unusable(f"more than {MAX_ALIASES} YAML aliases (*{_bounded(event.anchor or '')}); "
                                "a sheet or rule file needs a few at most", event.start_mark)


def optional_word(item: dict, key, fail) -> str | None:
    """`item[key]` when it is a text, None when absent; anything else goes to `fail(key, message)`."""
    value = item.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        fail(key, f"expected a word, got {quote(value)}")
    return value


def loads(text: str, source: str, error: type[ScorekeeperError] = ScorekeeperError):
    """Parse YAML text; any YAML problem becomes `error` naming `source:line`."""
    try:
        _limit_aliases(text)
        return yaml.load(text, Loader=_LineLoader)
    except _Unusable as exc:
        raise error(exc.message, source, exc.mark.line + 1) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "malformed YAML"
        raise error(f"malformed YAML: {_bounded(problem)}", source, line) from None
    except yaml.YAMLError as exc:
        raise error(f"malformed YAML: {_bounded((str(exc).splitlines() or ['unreadable'])[0])}", source) from None
    except RecursionError:
        raise error("malformed YAML: nested too deeply", source) from None


def read_text(path: str, error: type[ScorekeeperError] = ScorekeeperError) -> str:
    """Read a small UTF-8 text file, refusing directories, FIFOs, devices, binaries and huge files."""
    raw = read_regular(path, MAX_FILE_BYTES, error)
    if len(raw) > MAX_FILE_BYTES:
        raise error(f"larger than {MAX_FILE_BYTES // 1024} KiB: not a score sheet or rule file", path)
    if b"\0" in raw:
        raise error("is a binary file, not YAML text", path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise error("is not UTF-8 text", path, line) from None
    return text


def load_file(path: str, error: type[ScorekeeperError] = ScorekeeperError):
    """Read and parse a YAML file, every problem as `error`."""
    return loads(read_text(os.fspath(path), error), os.fspath(path), error)


def header_number(text: str):
    """A table or round as a person types it: `1` as a number; a longer run of digits than a
    score has (MAX_DIGITS) stays text, which a sheet reads back as it was written."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS else text


MAX_HEADER_TEXT = 200  # an event's name, a table, a round, a date: a line of a boletim's header


def header_text(doc, key: str, source: str) -> str | None:
    """A sheet header value (event, table, round, date) as text; None when absent. A list, a
    mapping, true/false or a text too long for a boletim's header is unusable (a workbook's
    Evento cell may hold 100,000 characters: the sheet imported from it must still be a sheet)."""
    value = doc.get(key)
    if value is None:
        return None
    if isinstance(value, (dict, list, bool)):
        raise SheetFormatError(f"{key}: expected a text, number or date", source, doc.line_of(key))
    text = value.isoformat() if isinstance(value, datetime.date) else str(value)
    if len(text) > MAX_HEADER_TEXT:
        raise SheetFormatError(f"{key}: {len(text):,} characters; a header holds at most {MAX_HEADER_TEXT}", source,
                               doc.line_of(key))
    return text
