"""YAML loading that remembers the line of every mapping and sequence, with bounded work.

Checks report `file:line`, so each mapping and list carries the line it starts on and
the line of each of its keys or items. libyaml (CSafeLoader) parses when it is present.

Sheets arrive from strangers, so the loader speaks YAML 1.2 core (no sexagesimal `1:3`,
no `0x3`, no `yes`/`on` booleans: those stay texts), refuses numbers longer than any score,
refuses more than a few aliases (a "billion laughs" is a few hundred bytes), and turns a
value a constructor cannot build (`2026-02-30`) into one line at its place.
"""

from __future__ import annotations

import codecs
import datetime
import math
import operator
import os
import re
from collections import deque

import yaml

from scorekeeper.errors import RefusalWords, ScorekeeperError, SheetFormatError, quoted
from scorekeeper.i18n import M_, N_, Clipped, Grouped, Message, Mn_
from scorekeeper.names import text_refusal
from scorekeeper.sheet.file_access import read_regular

try:
    from yaml import CSafeLoader as _BaseLoader  # libyaml's parser, in C, when PyYAML was built with it
except ImportError:  # pragma: no cover - PyYAML without libyaml
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]  # the same loader, in Python

MAX_FILE_BYTES = 1 << 20  # a score sheet or rule file is a few KiB; 1 MiB is plenty


class LineDict(dict):
    """A mapping from YAML, with `line` (its first line) and `key_lines` {key: line}."""

    __slots__ = ("line", "key_lines")
    line: int
    key_lines: dict

    def line_of(self, key) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list):
    """A list from YAML, with `line` (its first line) and `item_lines` [line, ...]."""

    __slots__ = ("line", "item_lines")
    line: int
    item_lines: list[int]

    def line_of(self, index: int) -> int:
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


MAX_ALIASES = 16  # a sheet needs none; a house rule file might reuse a block or two
MAX_DIGITS = 12  # the largest score or count is a few digits; Python's int has a digit limit of its own
_PROBLEM_LIMIT = 200  # PyYAML's own messages quote tags and anchors: keep them one short line


class _Unusable(Exception):
    """A value the loader refuses, with the mark of where it was written."""

    def __init__(self, message: Message, mark):
        super().__init__(message)
        self.message, self.mark = message, mark


class _Malformed(yaml.constructor.ConstructorError):
    """A node our constructors refuse as malformed YAML (a duplicate key, a tag on the wrong kind
    of node), its problem a Message: `loads` says it as PyYAML's own problems are said."""

    def __init__(self, problem: Message, mark):
        super().__init__(None, None, None, mark)
        self.message, self.mark = problem, mark


class _LineLoader(_BaseLoader):
    """A safe loader whose mappings and lists know their lines."""

    # Whether the document is a plain tree (no alias, so no node is shared): then
    # construct_document builds it in one pass of its own (`loads` sets it).
    tree = False
    # Whether a mapping may hold a merge key (`<<`) or an explicit `!!value` key, which PyYAML's
    # flatten_mapping rewrites: neither can be written without these characters (`loads` sets it).
    merging = True
    pending: deque  # the containers made and not yet filled, with their nodes

    def construct_object(self, node, deep=False):
        # A constructor that cannot build a value (a date that does not exist, a number out of
        # range) raises ValueError or OverflowError: that is the input's fault, at its line.
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:
            raise _unusable_value(node, exc) from None

    def resolve(self, kind, value, implicit):
        """PyYAML's implicit tag resolution (BaseResolver.resolve, called by the parser for every
        node) with the resolvers of each first character gathered once: a sheet has a few hundred
        scalars, and with no path resolvers the answer is the same. A plain scalar's tag depends
        on its text alone, and a season's sheets write the same few hundred texts (names, counts,
        hands) again and again: the answers are kept, for short texts, up to a bound."""
        if kind is yaml.ScalarNode and implicit[0]:
            tag = _RESOLVED.get(value)
            if tag is not None:
                return tag
            tag = _DEFAULT_TAGS[kind]
            for resolved, regexp in _FIRST_CHARACTER_RESOLVERS.get(value[:1], _WILDCARD_RESOLVERS):
                if regexp.match(value):
                    tag = resolved
                    break
            if len(value) <= _RESOLVED_LENGTH and len(_RESOLVED) < _RESOLVED_MOST:
                _RESOLVED[value] = tag
            return tag
        return _DEFAULT_TAGS[kind]

    # PyYAML's path resolvers: the composer calls these two for every node, and with none added
    # (this loader adds none: yaml_path_resolvers stays empty) PyYAML's own return at once. C
    # functions that do nothing with their arguments stand in for them, without a Python frame
    # for each of a season's 400,000 nodes twice. (Builtins do not bind as methods: `self` is
    # not passed.)
    descend_resolver = operator.is_  # type: ignore[assignment]  # (parent, index): compares them, nothing else
    ascend_resolver = tuple  # type: ignore[assignment]  # (): the empty tuple, nothing else

    def construct_document(self, node):
        """The document's value, built as PyYAML's construct_document builds it: every container
        made empty where it is met, then filled level by level (so that of two problems in a
        document the same one is found first), each tag's constructor as registered below.
        Without aliases a node is never met twice, so PyYAML's bookkeeping of shared and
        recursive nodes (a dictionary entry and a generator per node) is work for nothing."""
        if not self.tree:
            return super().construct_document(node)
        self.pending = deque()
        data = self._tree_value(node)
        while self.pending:
            container, container_node = self.pending.popleft()
            if isinstance(container, LineDict):
                _fill_mapping(self, container_node, container, self._tree_value)
            else:
                container.extend(map(self._tree_value, container_node.value))
        return data

    def _tree_value(self, node):
        """One node's value; a mapping or list comes back empty, to be filled from `pending`."""
        tag = node.tag
        if tag == _STR_TAG and isinstance(node, yaml.ScalarNode):
            return node.value
        container: LineDict | LineList
        if tag == _MAP_TAG:
            container = _start_mapping(node)
        elif tag == _SEQ_TAG:
            container = _start_sequence(node)
        else:
            scalar = _TREE_SCALARS.get(tag)
            if scalar is None or not isinstance(node, yaml.ScalarNode):
                return self.construct_object(node)  # any other tag: PyYAML's way, guarded as above
            try:
                return scalar(self, node)
            except (ValueError, OverflowError) as exc:
                raise _unusable_value(node, exc) from None
        self.pending.append((container, node))
        return container


def _unusable_value(node, exc: Exception) -> _Unusable:
    """A value a constructor could not build, said at its node."""
    problem = _bounded(str(exc))  # Python's own words (`day is out of range for month`)
    if isinstance(node, yaml.ScalarNode):
        message = M_("{value} cannot be read: {problem}", value=quoted(node.value), problem=problem)
    else:
        message = M_("this value cannot be read: {problem}", problem=problem)
    return _Unusable(message, node.start_mark)


# YAML 1.2 core schema, with our narrower ints: only these plain scalars are not texts.
_BOOL = re.compile(r"(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])\Z")
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(
    r"(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z"
)
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


class TextDumper(yaml.SafeDumper):
    """PyYAML's safe dumper (YAML 1.1), quoting as well every text that the loader above reads
    as something else: `1e5` is a text to YAML 1.1 but a number to YAML 1.2, and a name written
    plain would come back as 100000.0."""


for _first, _resolvers in list(_LineLoader.yaml_implicit_resolvers.items()):
    for _tag, _regexp in _resolvers:
        TextDumper.add_implicit_resolver(_tag, _regexp, [_first])


def _bounded(problem: str) -> str:
    if len(problem) <= _PROBLEM_LIMIT:
        return problem
    return problem[:_PROBLEM_LIMIT] + "..."


def _construct_bool(loader, node):
    text = loader.construct_scalar(node)
    if not _BOOL.match(text):
        raise _Unusable(M_("{value} is not true or false", value=quoted(text)), node.start_mark)
    return text.lower() == "true"


def _construct_int(loader, node):
    text = loader.construct_scalar(node)
    if not _INT.match(text):
        raise _Unusable(M_("{value} is not a whole number", value=quoted(text)), node.start_mark)
    digits = len(text.lstrip("+-"))
    if digits > MAX_DIGITS:
        raise _Unusable(
            Mn_(
                "a number of {count} digit is not a score",
                "a number of {count} digits is not a score",
                digits,
                count=digits,
            ),
            node.start_mark,
        )
    return int(text)


def _construct_float(loader, node):
    text = loader.construct_scalar(node)
    if not _FLOAT.match(text):
        raise _Unusable(M_("{value} is not a number", value=quoted(text)), node.start_mark)
    lowered = text.lower()
    if lowered.endswith(".inf"):
        return -math.inf if lowered.startswith("-") else math.inf
    if lowered == ".nan":
        return math.nan
    return float(text)


def _construct_timestamp(loader, node):
    text = loader.construct_scalar(node)
    if _PLAIN_DATE.match(text):
        # What construct_yaml_timestamp makes of a plain date, without its regex's groups and a
        # datetime made first: a registry of 100,000 members writes 200,000 of them.
        try:
            return datetime.date(int(text[:4]), int(text[5:7]), int(text[8:]))
        except ValueError:  # `2026-02-30`: said below, as before
            pass
    if loader.timestamp_regexp.match(text):
        try:
            return loader.construct_yaml_timestamp(node)
        except (ValueError, OverflowError):  # `2026-02-30`: the shape of a date, but no such day
            pass
    shown = text if len(text) <= 40 and loader.timestamp_regexp.match(text) else quoted(text)
    raise _Unusable(M_("{value} is not a date", value=shown), node.start_mark)


_PLAIN_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")


def _expect(node, kind, expected: str) -> None:
    """An explicit tag on the wrong kind of node (`!!map [1]`, `!!seq {a: 1}`) is malformed YAML;
    `expected` is a message with the node's kind (`scalar`, YAML's own word) as {found}."""
    if not isinstance(node, kind):
        raise _Malformed(M_(expected, found=node.id), node.start_mark)


def _start_mapping(node) -> LineDict:
    """An empty LineDict for a mapping node, knowing its lines (what its constructor yields first)."""
    _expect(node, yaml.MappingNode, N_("expected a mapping, but found {found}"))
    data = LineDict()
    data.line = node.start_mark.line + 1
    data.key_lines = {}
    return data


def _fill_mapping(loader, node, data: LineDict, construct) -> None:
    """Fill `data` from a mapping node, each key and value made by `construct(node)`."""
    if loader.merging:
        loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = construct(key_node)
        try:
            hash(key)
        except TypeError:
            raise _Malformed(M_("a mapping key must be a plain value"), key_node.start_mark) from None
        if key in data.key_lines:
            raise _Malformed(M_("duplicate key {key}", key=quoted(key)), key_node.start_mark)
        data.key_lines[key] = key_node.start_mark.line + 1
        data[key] = construct(value_node)


def _construct_mapping(loader, node):
    data = _start_mapping(node)
    yield data
    _fill_mapping(loader, node, data, loader.construct_object)


def _start_sequence(node) -> LineList:
    """An empty LineList for a sequence node, knowing its lines (what its constructor yields first)."""
    _expect(node, yaml.SequenceNode, N_("expected a sequence, but found {found}"))
    data = LineList()
    data.line = node.start_mark.line + 1
    data.item_lines = [child.start_mark.line + 1 for child in node.value]
    return data


def _construct_sequence(loader, node):
    data = _start_sequence(node)
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
    raise _Malformed(
        M_("the {tag} type is not used in a sheet or rule file", tag=node.tag.rsplit(":", 1)[-1]), node.start_mark
    )


for _tag in ("binary", "set", "omap", "pairs"):
    _LineLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _refuse_tag)

_MAP_TAG, _SEQ_TAG, _STR_TAG = (f"tag:yaml.org,2002:{kind}" for kind in ("map", "seq", "str"))
_DEFAULT_TAGS = {yaml.ScalarNode: _STR_TAG, yaml.SequenceNode: _SEQ_TAG, yaml.MappingNode: _MAP_TAG}
# The implicit resolvers by the first character of a plain scalar, in their order, those for any
# character (None) last: what BaseResolver.resolve tries, gathered once.
_WILDCARD_RESOLVERS = tuple(_LineLoader.yaml_implicit_resolvers.get(None, ()))
_FIRST_CHARACTER_RESOLVERS = {
    first: tuple(resolvers) + _WILDCARD_RESOLVERS
    for first, resolvers in _LineLoader.yaml_implicit_resolvers.items()
    if first is not None
}
# The tags of plain scalars resolved so far (resolve), by text: at most _RESOLVED_MOST texts of at
# most _RESOLVED_LENGTH characters (a stranger's file of long or ever-new texts is resolved each
# time, and holds no more than some megabytes here).
_RESOLVED: dict[str, str] = {}
_RESOLVED_MOST = 20_000
_RESOLVED_LENGTH = 40
# The scalar constructors a plain tree calls directly (construct_document), as registered above.
_TREE_SCALARS = {
    f"tag:yaml.org,2002:{kind}": _LineLoader.yaml_constructors[f"tag:yaml.org,2002:{kind}"]
    for kind in ("bool", "int", "float", "null", "timestamp")
}


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
                raise _Unusable(
                    M_(
                        "more than {most} YAML aliases (*{anchor}); a sheet or rule file needs a few at most",
                        most=MAX_ALIASES,
                        anchor=_bounded(event.anchor or ""),
                    ),
                    event.start_mark,
                )


# What libyaml says of malformed YAML (the problems a hand-written sheet runs into), in our
# catalogs; a problem not listed here is shown in YAML's own English words.
_YAML_PROBLEMS = frozenset(
    (
        N_("mapping values are not allowed in this context"),
        N_("mapping keys are not allowed in this context"),
        N_("block sequence entries are not allowed in this context"),
        N_("could not find expected ':'"),
        N_("did not find expected key"),
        N_("did not find expected node content"),
        N_("did not find expected '-' indicator"),
        N_("did not find expected ',' or ']'"),
        N_("did not find expected ',' or '}'"),
        N_("did not find expected <document start>"),
        N_("did not find expected comment or line break"),
        N_("did not find expected alphabetic or numeric character"),
        N_("did not find expected whitespace or line break"),
        N_("found character that cannot start any token"),
        N_("found a tab character that violates indentation"),
        N_("found a tab character where an indentation space is expected"),
        N_("found undefined alias"),
        N_("found undefined tag handle"),
        N_("found unexpected end of stream"),
        N_("found unexpected ':'"),
        N_("found unexpected document indicator"),
        N_("found unknown escape character"),
        N_("found invalid Unicode character escape code"),
        N_("but found another document"),  # a second `---` document in one file
        N_("second occurrence"),  # of an anchor defined twice
        N_("control characters are not allowed"),
        N_("invalid Unicode character"),
    )
)


def malformed(problem: str | None) -> Message:
    """`malformed YAML: <problem>`, the problem in our words when we know it (as data)."""
    if not problem:
        return M_("malformed YAML")
    shown = M_(problem) if problem in _YAML_PROBLEMS else _bounded(problem)
    return M_("malformed YAML: {problem}", problem=shown)


def _first_line(text: str) -> str | None:
    lines = text.splitlines()
    return lines[0] if lines else None


def _unacceptable(exc) -> Message:
    """A character YAML refuses (a control character in a name), as its reader says it."""
    if not isinstance(exc.character, int):  # undecodable bytes: a sheet is decoded before YAML sees it
        return malformed(_first_line(str(exc)))
    reason = M_(exc.reason) if exc.reason in _YAML_PROBLEMS else _bounded(str(exc.reason))
    return M_("malformed YAML: unacceptable character #x{code}: {reason}", code=f"{exc.character:04x}", reason=reason)


def optional_word(item: dict, key, fail) -> str | None:
    """`item[key]` when it is a text, None when absent; anything else goes to `fail(key, message)`
    (a Message, said where the refusal is)."""
    value = item.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        fail(key, M_("expected a word, got {value}", value=quoted(value)))
    return value


def loads(text: str, source: str, error: type[ScorekeeperError] = ScorekeeperError):
    """Parse YAML text; any YAML problem becomes `error` naming `source:line`."""
    try:
        _limit_aliases(text)
        loader = _LineLoader(text)
        try:
            loader.tree = "*" not in text  # no alias can be written without one
            loader.merging = "<<" in text or "!" in text
            return loader.get_single_data()
        finally:
            loader.dispose()
    except _Unusable as exc:
        raise error(exc.message, source, exc.mark.line + 1) from None
    except _Malformed as exc:  # PyYAML's own problems are cut at _PROBLEM_LIMIT characters, and so are ours
        said: RefusalWords = Clipped(exc.message, _PROBLEM_LIMIT, "...")
        raise error(M_("malformed YAML: {problem}", problem=said), source, exc.mark.line + 1) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        raise error(malformed(exc.problem or exc.context), source, line) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (a control character)
        raise error(_unacceptable(exc), source) from None
    except yaml.YAMLError as exc:
        raise error(malformed(_first_line(str(exc))), source) from None
    except RecursionError:
        raise error(M_("malformed YAML: nested too deeply"), source) from None


def read_text(path: str, error: type[ScorekeeperError] = ScorekeeperError) -> str:
    """Read a small UTF-8 text file, refusing directories, FIFOs, devices, binaries and huge files."""
    raw = read_regular(path, MAX_FILE_BYTES, error)
    if len(raw) > MAX_FILE_BYTES:
        raise error(M_("larger than {size} KiB: not a score sheet or rule file", size=MAX_FILE_BYTES // 1024), path)
    if b"\0" in raw:
        raise error(M_("is a binary file, not YAML text"), path)
    # What decode("utf-8-sig") does (one byte-order mark dropped, then UTF-8), without loading
    # that codec's module for every sheet: the failing byte's place is counted in the text after
    # the mark, as that codec counts it.
    body = raw[len(codecs.BOM_UTF8) :] if raw.startswith(codecs.BOM_UTF8) else raw
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise error(M_("is not UTF-8 text"), path, line) from None
    return text


def load_file(path: str, error: type[ScorekeeperError] = ScorekeeperError):
    """Read and parse a YAML file, every problem as `error`."""
    return loads(read_text(os.fspath(path), error), os.fspath(path), error)


def header_number(text: str):
    """A table or round as a person types it: `1` as a number; a longer run of digits than a
    score has (MAX_DIGITS), or one with a leading zero (`07`, which would read back as 7), stays
    text, which a sheet reads back as it was written."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS and str(int(text)) == text:
        return int(text)
    return text


MAX_HEADER_TEXT = 200  # an event's name, a table, a round, a date: a line of a boletim's header


def header_text(doc, key: str, source: str) -> str | None:
    """A sheet header value (event, table, round, date) as text; None when absent. A list, a
    mapping, true/false or a text too long for a boletim's header is unusable (a workbook's
    Evento cell may hold 100,000 characters: the sheet imported from it must still be a sheet)."""
    value = doc.get(key)
    if value is None:
        return None
    if isinstance(value, (dict, list, bool)):
        raise SheetFormatError(M_("{key}: expected a text, number or date", key=key), source, doc.line_of(key))
    text = value.isoformat() if isinstance(value, datetime.date) else str(value)
    if len(text) > MAX_HEADER_TEXT:
        raise SheetFormatError(
            M_(
                "{key}: {count} characters; a header holds at most {most}",
                key=key,
                count=Grouped(len(text)),
                most=MAX_HEADER_TEXT,
            ),
            source,
            doc.line_of(key),
        )
    problem = text_refusal(text)  # WR3: shown, exported and named in worksheet titles as a name is
    if problem is not None:
        raise SheetFormatError(M_("{key}: {problem}", key=key, problem=problem), source, doc.line_of(key))
    return text


def unknown_key(key, allowed) -> Message:
    """What a mapping says of a key it does not take, naming the ones it does (as data)."""
    return M_("unknown key {key}; allowed: {allowed}", key=quoted(key), allowed=", ".join(allowed))


def refuse_unknown_header(doc, allowed, source: str, shape: Message) -> None:
    """A sheet is a mapping (else `shape`, which says what it holds) of the `allowed` keys only:
    the first other key is refused at its line."""
    if not isinstance(doc, LineDict):  # what `loads` makes of every mapping
        raise SheetFormatError(shape, source, getattr(doc, "line", 1))
    for key in doc:
        if key not in allowed:
            raise SheetFormatError(unknown_key(key, allowed), source, doc.line_of(key))
