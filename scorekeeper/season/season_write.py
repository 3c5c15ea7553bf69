"""Writing a season file: a change worked out on its text (its comments and layout kept, only
the edited entry's text new), read back as a season before it is written, and written under the
file's writer lock as one change on the journal: all or nothing, once per request (issue 24)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass

import yaml

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_
from scorekeeper.journal.change_words import ACTION_WORDS
from scorekeeper.journal.moments import printed
from scorekeeper.journal.news import JournalNews
from scorekeeper.journal.transaction import Applied, Change, FileChange, Session, valid_id, write_new
from scorekeeper.season.season_file import parse_season
from scorekeeper.season.season_model import Season
from scorekeeper.season.season_reading import SeasonFormatError
from scorekeeper.sheet.saving import writer_lock
from scorekeeper.sheet.yaml_edit import append_entry, flow
from scorekeeper.sheet.yaml_lines import read_text

Edit = Callable[[str, Season], str]  # the file's text and its season -> the new text


@dataclass(frozen=True)
class Rewritten:
    """A season file changed: the season as it now is, and what the journal did (its change's
    id; what it completed first)."""

    season: Season
    applied: Applied

    @property
    def news(self) -> JournalNews:
        return JournalNews(tuple(self.applied.recovered), tuple(self.applied.notices))


def rewrite(
    path: str, action: str, detail: dict, edit: Edit, again: bool = False, change_id: str | None = None
) -> Rewritten:
    """Read the season file under its writer lock, apply `edit`, read the new text back as a
    season (never write a file `season check` refuses) and write it on the record. A
    `change_id` already applied (a retry: `--id`) writes nothing and edits nothing: the
    Rewritten's applied.repeat_of is that change."""
    if change_id is not None and not valid_id(change_id):
        raise InputValueError(
            M_("--id: {value} is not a change id (8 to 80 letters, digits, - and _)", value=quoted(change_id)), path
        )
    if not os.path.lexists(path):
        read_text(path, SeasonFormatError)  # raises: no such file, named as typed
    with writer_lock(path) as target, Session(path, {target}) as session:
        text = read_text(target, SeasonFormatError)
        season = parse_season(text, path)
        if change_id is not None:
            earlier = session.repeat_of(Change(action, path, [], detail, change_id=change_id))
            if earlier is not None and not _same(earlier.action, earlier.detail, action, detail):
                # A retry sends the same change again; another change under a used id is a
                # mistake (a copied command line), and taking it as done would drop it unsaid.
                raise InputValueError(
                    M_(
                        "--id: {value} is the id of another change already made ({action} at {when}): "
                        "nothing changed; give this change its own id",
                        value=quoted(change_id),
                        action=ACTION_WORDS.get(earlier.action, earlier.action),
                        when=printed(earlier.began),
                    ),
                    path,
                )
            if earlier is not None:  # applied before under this id: the same change, not a new one
                applied = Applied(earlier.id, earlier.began, [], session.recovered, session.notices, repeat_of=earlier)
                return Rewritten(season, applied)
        new_text = edit(text, season)
        changed = parse_season(new_text, path)
        with open(target, "rb") as handle:
            now = handle.read()
        key = repr((action, sorted((k, repr(v)) for k, v in detail.items())))
        files = [FileChange(path, now, new_text.encode("utf-8"))]
        change = Change(action, path, files, detail, change_id=change_id, repeat_key=key, again=again)
        applied = session.apply(change)
    return Rewritten(changed, applied)


def _same(action: str, detail: object, again_action: str, again_detail: dict) -> bool:
    """Whether a change sent under a used id is the one made under it (as the journal keeps a
    detail: JSON, dates as text)."""
    return action == again_action and _as_kept(detail) == _as_kept(again_detail)


def _as_kept(detail: object) -> str:
    return json.dumps(detail, ensure_ascii=False, sort_keys=True, default=str)


def write_season(path: str, text: str, force: bool, detail: dict) -> Applied:
    """A new season file (`season new`), read back first, created on the record."""
    parse_season(text, path)
    return write_new(path, text, force, "season-new", detail)


def append(text: str, key: str, entry, source: str) -> str:
    """`entry` (a mapping, or a path) added at the end of the season file's list `key`."""
    if isinstance(entry, dict):
        return append_entry(text, entry, source, list_key=key)
    return append_entry(text, [flow(entry)], source, list_key=key)


def set_inscription(text: str, union: str, ids: list[str], source: str) -> str:
    """The season file with `inscriptions: {union: ids}` set: the union's list replaced where
    it is written (a comment after it kept), added to the mapping, or the mapping added."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    listed = flow(list(ids))
    mapping = _value(root, "inscriptions")
    if not isinstance(mapping, yaml.MappingNode):
        body = text if text.endswith("\n") or not text else text + "\n"
        if mapping is None or (isinstance(mapping, yaml.ScalarNode) and mapping.value in ("", "null", "~")):
            body = _without_key(body, root, "inscriptions")
            return f"{body}inscriptions:\n  {flow(union)}: {listed}\n"
        raise SeasonFormatError(
            M_("{key}: expected a mapping", key="inscriptions"), source, mapping.start_mark.line + 1
        )
    value = _value(mapping, union)
    if isinstance(value, yaml.SequenceNode) and not value.flow_style and value.value:
        key_node = next(k for k, v in mapping.value if v is value)
        colon = text.index(":", key_node.end_mark.index) + 1  # a block list: written on the key's line
        return text[:colon] + " " + listed + text[_content_end(text, value.value[-1]) :]
    if value is not None:
        start, end = value.start_mark.index, _content_end(text, value)
        if start == end:  # `union:` with nothing after it
            return text[:start] + " " + listed + text[end:]
        return text[:start] + listed + text[end:]
    if mapping.flow_style or not mapping.value:
        items = [f"{text[k.start_mark.index : _content_end(text, v)]}" for k, v in mapping.value]
        items.append(f"{flow(union)}: {listed}")
        start, end = mapping.start_mark.index, _content_end(text, mapping)
        return text[:start] + "{" + ", ".join(items) + "}" + text[end:]
    last = mapping.value[-1][1]
    end = text.find("\n", _content_end(text, last))
    end = len(text) if end == -1 else end
    indent = " " * mapping.value[0][0].start_mark.column
    return text[:end] + f"\n{indent}{flow(union)}: {listed}" + text[end:]


def _value(node, key: str):
    if isinstance(node, yaml.MappingNode):
        for key_node, value in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == key:
                return value
    return None


def _without_key(text: str, root, key: str) -> str:
    """The text without a top-level `key:` line that holds nothing (`inscriptions:` alone)."""
    if not isinstance(root, yaml.MappingNode):
        return text
    for key_node, _value_node in root.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.value == key:
            start = text.rfind("\n", 0, key_node.start_mark.index) + 1
            end = text.find("\n", key_node.start_mark.index)
            return text[:start] + (text[end + 1 :] if end != -1 else "")
    return text


def _content_end(text: str, node) -> int:
    """Where a node's own text ends (a block node's end mark is where the next begins)."""
    end = node.end_mark.index
    while end > node.start_mark.index and text[end - 1] in " \n\r\t":
        end -= 1
    return end
