"""YAML loading that remembers the line of every mapping and sequence.

Checks report `file:line`, so each mapping and list carries the line it starts on and
the line of each of its keys or items. libyaml (CSafeLoader) parses when it is present.
"""
from __future__ import annotations

import os

import yaml

from scorekeeper.errors import ScorekeeperError
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


class _LineLoader(_BaseLoader):
    """A safe loader whose mappings and lists know their lines."""


def _construct_mapping(loader, node):
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
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        data.key_lines[key] = key_node.start_mark.line + 1
        data[key] = loader.construct_object(value_node, deep=False)


def _construct_sequence(loader, node):
    data = LineList()
    data.line = node.start_mark.line + 1
    data.item_lines = [child.start_mark.line + 1 for child in node.value]
    yield data
    data.extend(loader.construct_object(child, deep=False) for child in node.value)


_LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)


def optional_word(item: dict, key, fail) -> str | None:
    """`item[key]` when it is a text, None when absent; anything else goes to `fail(key, message)`."""
    value = item.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        fail(key, f"expected a word, got {value!r}")
    return value


def loads(text: str, source: str, error: type[ScorekeeperError] = ScorekeeperError):
    """Parse YAML text; any YAML problem becomes `error` naming `source:line`."""
    try:
        return yaml.load(text, Loader=_LineLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "malformed YAML"
        raise error(f"malformed YAML: {problem}", source, line) from None
    except yaml.YAMLError as exc:
        raise error(f"malformed YAML: {str(exc).splitlines()[0]}", source) from None
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
