"""Editing a sheet's YAML text in place: a hand appended, replaced or removed, and nothing
else of the scorer's layout and comments changed (only the edited hand's text)."""

from __future__ import annotations

import yaml

from scorekeeper.errors import SheetFormatError
from scorekeeper.i18n import M_, Message
from scorekeeper.sheet.entry_sentences import HAND_SENTENCES, fill
from scorekeeper.sheet.yaml_lines import TextDumper, malformed

# What an entry that is a YAML alias is refused with, unless its game's sentence is given (a
# tournament file's list of rounds has none).
_SHARED = HAND_SENTENCES.shared_text


def flow(value) -> str:
    """A value (a hand entry, a list, a name) as one line of YAML flow style, keys in order,
    that the sheet loader reads back as the same value (`1e5` quoted: YAML 1.2 reads a number)."""
    text = yaml.dump(
        value, Dumper=TextDumper, default_flow_style=True, sort_keys=False, width=10**6, allow_unicode=True
    )
    # Only YAML's own line ends and spaces: str.strip() would take a name's no-break spaces too.
    return text.removesuffix("\n").removesuffix("\n...").strip(" \n")


def _compose(text: str, source: str):
    """The YAML node tree of the sheet; a YAML problem is one line naming the sheet."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise SheetFormatError(
            malformed(exc.problem or exc.context), source, mark.line + 1 if mark is not None else None
        ) from None
    except (yaml.YAMLError, RecursionError):
        raise SheetFormatError(malformed(None), source) from None


def _hands_nodes(text: str, source: str, list_key: str = "hands"):
    _root, key, value = _root_and_hands(text, source, list_key)
    return key, value


def _root_and_hands(text: str, source: str, list_key: str):
    """The document's node tree, and the key and value nodes of its hands (or deals) list."""
    root = _compose(text, source)
    if not isinstance(root, yaml.MappingNode):
        raise SheetFormatError(M_("not a score sheet: expected a mapping"), source)
    for key, value in root.value:
        if isinstance(key, yaml.ScalarNode) and key.value == list_key:
            return root, key, value
    return root, None, None


def _uses(root) -> dict[int, int]:
    """How many times each node of the document is reached: more than once means it is an
    anchor's node that an alias names again (the alias has no text of its own in the tree)."""
    uses: dict[int, int] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        uses[id(node)] = uses.get(id(node), 0) + 1
        if uses[id(node)] > 1:
            continue
        if isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend(part for pair in node.value for part in pair)
    return uses


def _refuse_shared(root, source: str, node, position: int, shared: Message) -> None:
    """An entry that is an alias (`- *d`), or holds an anchor that an alias names, has no text
    of its own to edit: removing or replacing it by position would change another entry (the
    anchor's) and leave an alias to nothing. Refused with one line (`shared`, the game's sentence
    for it: EntrySentences.shared_text); the sheet is not touched."""
    uses = _uses(root)
    stack = [node]
    while stack:
        current = stack.pop()
        if uses.get(id(current), 0) > 1:
            raise SheetFormatError(fill(shared, number=position + 1), source, node.start_mark.line + 1)
        if isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)
        elif isinstance(current, yaml.MappingNode):
            stack.extend(part for pair in current.value for part in pair)


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _line_end(text: str, index: int) -> int:
    end = text.find("\n", index)
    return len(text) if end == -1 else end


def _block(items: list[str], indent: str) -> str:
    return "".join(f"\n{indent}- {item}" for item in items)


def _entry_text(entry, indent: str) -> str:
    """An entry as the text after its `- `: a mapping as one flow line, or lines of block YAML
    already written (a tournament's round), its later lines indented under the first."""
    if isinstance(entry, dict):
        return flow(entry)
    first, *rest = entry
    return first + "".join(f"\n{indent}  {line}" for line in rest)


def append_entry(text: str, entry, source: str, list_key: str = "hands") -> str:
    """The sheet text with `entry` added at the end of its hands (or deals) list: a mapping, on
    one line, or the lines of a block mapping (a tournament's round)."""
    key, value = _hands_nodes(text, source, list_key)
    if key is None:
        body = text if text.endswith("\n") or not text else text + "\n"
        return f"{body}{list_key}:\n  - {_entry_text(entry, '  ')}\n"
    if isinstance(value, yaml.SequenceNode) and value.value and not value.flow_style:
        last = value.value[-1]
        end = _line_end(text, _node_end(text, last))
        indent = " " * value.start_mark.column
        return text[:end] + f"\n{indent}- {_entry_text(entry, indent)}" + text[end:]
    line = _entry_text(entry, " " * (key.start_mark.column + 2))
    return _rewrite_list(text, key, value, [*_item_texts(text, value, source), line])


def replace_entry(
    text: str, position: int, entry: dict, source: str, list_key: str = "hands", shared: Message = _SHARED
) -> str:
    """The sheet text with hand `position` (0-based) replaced by `entry`; the comments written
    inside the old entry (a multi-line one) follow the new one on its line."""
    root, _key, value = _root_and_hands(text, source, list_key)
    node = value.value[position]
    _refuse_shared(root, source, node, position, shared)
    start, end = node.start_mark.index, _node_end(text, node)
    new = flow(entry)
    comments = _comments_in(text, start, end)
    if comments:
        new += "  " + "  ".join(comments)
        rest = text[end : _line_end(text, end)].strip()
        if rest and not rest.startswith("#"):  # more of a flow list follows on this line
            new += "\n" + " " * node.start_mark.column
    return text[:start] + new + text[end:]


def _comments_in(text: str, start: int, end: int) -> list[str]:
    """The comments between text[start:end], found between YAML tokens (a `#` inside a quoted
    value is not a comment)."""
    gaps, previous = [], start
    for token in yaml.scan(text, Loader=yaml.SafeLoader):
        first, last = token.start_mark.index, token.end_mark.index
        if first >= end:
            break
        if last <= start:
            continue
        if first > previous:
            gaps.append((previous, first))
        previous = max(previous, last)
    if previous < end:
        gaps.append((previous, end))
    comments = []
    for gap_start, gap_end in gaps:
        index = text.find("#", gap_start, gap_end)
        while index != -1:
            line_end = min(_line_end(text, index), gap_end)
            comments.append(text[index:line_end].rstrip())
            index = text.find("#", line_end, gap_end)
    return comments


def remove_entry(text: str, position: int, source: str, list_key: str = "hands", shared: Message = _SHARED) -> str:
    """The sheet text without hand `position` (0-based)."""
    root, key, value = _root_and_hands(text, source, list_key)
    if value.flow_style or len(value.value) == 1:
        items = _item_texts(text, value, source)
        del items[position]
        return _rewrite_list(text, key, value, items)
    node = value.value[position]
    _refuse_shared(root, source, node, position, shared)
    start = _line_start(text, node.start_mark.index)
    end = _line_end(text, _node_end(text, node))
    if end < len(text):
        end += 1
    return text[:start] + text[end:]


def _last_content(text: str, start: int, end: int) -> int:
    """The index just after the node's last character that is not blank or a comment line."""
    chunk = text[start:end]
    lines = chunk.split("\n")
    while len(lines) > 1 and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
        lines.pop()
    return start + len("\n".join(lines).rstrip())


def _node_end(text: str, node) -> int:
    """Where a node's own text ends: a block mapping's end mark is the start of whatever follows
    it, so trailing blank and comment lines are not the node's."""
    return _last_content(text, node.start_mark.index, node.end_mark.index)


def _item_texts(text: str, value, source: str = "") -> list[str]:
    """Each entry of a list as one line of text: a one-line entry as written; a multi-line one
    (inside a flow list) re-emitted from its composed node, so an alias to an anchor written
    elsewhere in the sheet still has its value. When a re-emitted entry defines an anchor, every
    entry is re-emitted, so no alias is left pointing at an anchor that is gone."""
    if not isinstance(value, yaml.SequenceNode):
        return []
    chunks = [text[node.start_mark.index : _node_end(text, node)] for node in value.value]
    every = any("\n" in chunk and "&" in chunk for chunk in chunks)
    items = []
    for node, chunk in zip(value.value, chunks):
        if every or "\n" in chunk:
            try:
                chunk = flow(yaml.constructor.SafeConstructor().construct_document(node))
            except (yaml.YAMLError, RecursionError, TypeError, ValueError):
                raise SheetFormatError(
                    M_("an entry that cannot be rewritten on one line"), source, node.start_mark.line + 1
                ) from None
        items.append(chunk)
    return items


def _rewrite_list(text: str, key, value, items: list[str]) -> str:
    """Replace the whole `hands` value (empty, null, flow or block) with a block list of `items`,
    keeping a comment that followed the value on its line."""
    indent = " " * (key.start_mark.column + 2)
    colon = text.index(":", key.end_mark.index) + 1
    empty = value.start_mark.index == value.end_mark.index  # `hands:` with nothing after it
    value_end = colon if empty else _node_end(text, value)
    line_end = _line_end(text, value_end)
    rest = text[value_end:line_end]  # spaces and a comment, if any
    new = rest + _block(items, indent) if items else " []" + rest
    return text[:colon] + new + text[line_end:]
