"""Reading a registry file (`registry/UNION.yaml`), which arrives from strangers: bounded, every
key checked, the first unusable value refused at its line (RegistryFormatError)."""

from __future__ import annotations

import codecs
import datetime
import os

from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.i18n import M_, Grouped, Message
from scorekeeper.members.member_names import member_name_refusal
from scorekeeper.members.registry_model import Member, Period, UnionRegistry
from scorekeeper.names import text_refusal
from scorekeeper.sheet.file_access import read_regular
from scorekeeper.sheet.load import collector_held
from scorekeeper.sheet.yaml_lines import LineDict, LineList, loads, unknown_key

MAX_REGISTRY_BYTES = 32 << 20  # 100,000 members with a few periods each are some 15 MiB
MAX_MEMBERS = 100_000
MAX_PERIODS = 100  # one a year for a century
MAX_ALIASES = 20
MAX_ID = 40  # a member number, with a union's prefix

REGISTRY_KEYS = ("union", "name", "members")
MEMBER_KEYS = ("id", "name", "aliases", "same_as", "membership")
PERIOD_KEYS = ("from", "to")


class RegistryFormatError(SheetFormatError):
    """A registry file that cannot be read as one."""


def load_registry(path: str) -> UnionRegistry:
    """The registry in the file at `path`; RegistryFormatError naming `path:line` when it is not one."""
    with collector_held():  # 100,000 members are a million values built, no cycle among them
        return _load_registry(os.fspath(path))


def _load_registry(shown: str) -> UnionRegistry:
    raw = read_regular(shown, MAX_REGISTRY_BYTES, RegistryFormatError)
    if len(raw) > MAX_REGISTRY_BYTES:
        raise RegistryFormatError(
            M_("larger than {size} MiB: not a registry", size=Grouped(MAX_REGISTRY_BYTES >> 20)), shown
        )
    if b"\0" in raw:
        raise RegistryFormatError(M_("is a binary file, not YAML text"), shown)
    body = raw[len(codecs.BOM_UTF8) :] if raw.startswith(codecs.BOM_UTF8) else raw
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RegistryFormatError(M_("is not UTF-8 text"), shown, raw[: exc.start].count(b"\n") + 1) from None
    return parse_registry(loads(text, shown, RegistryFormatError), shown)


def parse_registry(doc: object, source: str) -> UnionRegistry:
    """The registry a loaded YAML document holds."""
    if not isinstance(doc, LineDict):
        raise RegistryFormatError(M_("a registry is a mapping of union, name and members"), source, 1)
    _only(doc, REGISTRY_KEYS, source)
    union = _id(doc, "union", source, required=True)
    name = _text(doc, "name", source)
    members = doc.get("members")
    if members is None:
        members = LineList()
        members.line, members.item_lines = doc.line, []
    if not isinstance(members, LineList):
        raise RegistryFormatError(M_("members: expected a list"), source, doc.line_of("members"))
    if len(members) > MAX_MEMBERS:
        raise RegistryFormatError(
            M_(
                "members: {count} members; a registry holds at most {most}",
                count=Grouped(len(members)),
                most=Grouped(MAX_MEMBERS),
            ),
            source,
            doc.line_of("members"),
        )
    read = tuple(_member(item, members.line_of(index), union, source) for index, item in enumerate(members))
    return UnionRegistry(union or "", name or union or "", read, source)


def _only(item: LineDict, allowed: tuple[str, ...], source: str) -> None:
    for key in item:
        if key not in allowed:
            raise RegistryFormatError(unknown_key(key, allowed), source, item.line_of(key))


def _member(item: object, line: int, union: str | None, source: str) -> Member:
    if not isinstance(item, LineDict):
        raise RegistryFormatError(
            M_("a member is a mapping of id, name, aliases, same_as and membership"), source, line
        )
    _only(item, MEMBER_KEYS, source)
    member_id = _id(item, "id", source, required=True)
    name = _name(item.get("name"), "name", source, item.line_of("name"))
    aliases = item.get("aliases", [])
    if not isinstance(aliases, list) or len(aliases) > MAX_ALIASES:
        raise RegistryFormatError(
            M_("aliases: expected a list of at most {most} names", most=MAX_ALIASES), source, item.line_of("aliases")
        )
    spellings = tuple(_name(alias, "aliases", source, item.line_of("aliases")) for alias in aliases)
    periods = item.get("membership")
    if periods is None:  # no key (or `membership:` empty): no period, a member of nothing yet
        periods = LineList()
        periods.line, periods.item_lines = item.line, []
    if not isinstance(periods, LineList) or len(periods) > MAX_PERIODS:
        raise RegistryFormatError(
            M_("membership: expected a list of at most {most} periods", most=MAX_PERIODS),
            source,
            item.line_of("membership"),
        )
    return Member(
        id=member_id or "",
        name=name,
        union=union or "",
        aliases=spellings,
        same_as=_id(item, "same_as", source),
        periods=tuple(_period(period, periods.line_of(index), source) for index, period in enumerate(periods)),
        source=source,
        line=item.line,
    )


def _period(item: object, line: int, source: str) -> Period:
    if not isinstance(item, LineDict):
        raise RegistryFormatError(M_("a period is a mapping of from and to (dates)"), source, line)
    _only(item, PERIOD_KEYS, source)
    start = _date(item, "from", source)
    if start is None:
        raise RegistryFormatError(M_("a period needs its first day: from"), source, item.line)
    return Period(start, _date(item, "to", source), item.line)


def _date(item: LineDict, key: str, source: str) -> datetime.date | None:
    value = item.get(key)
    if value is None:
        return None
    if isinstance(value, datetime.datetime) or not isinstance(value, datetime.date):
        raise RegistryFormatError(
            M_("{key}: expected a date (YYYY-MM-DD), got {value}", key=key, value=quoted(value)),
            source,
            item.line_of(key),
        )
    return value


def _id(item: LineDict, key: str, source: str, required: bool = False) -> str | None:
    value = item.get(key)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)) or not str(value).strip():
        raise RegistryFormatError(
            M_("{key}: expected a member number, got {value}", key=key, value=quoted(value)), source, item.line_of(key)
        )
    text = str(value).strip()
    problem = member_name_refusal(text)
    if problem is None and len(text) > MAX_ID:
        problem = M_("{name} is longer than a member number ({most} characters)", name=quoted(text), most=MAX_ID)
    if problem is not None:
        raise RegistryFormatError(M_("{key}: {problem}", key=key, problem=problem), source, item.line_of(key))
    return text


def _name(value: object, key: str, source: str, line: int) -> str:
    if not isinstance(value, str):
        raise RegistryFormatError(M_("{key}: expected a name, got {value}", key=key, value=quoted(value)), source, line)
    problem: Message | None = member_name_refusal(value)
    if problem is not None:
        raise RegistryFormatError(M_("{key}: {problem}", key=key, problem=problem), source, line)
    return value


def _text(item: LineDict, key: str, source: str) -> str | None:
    value = item.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RegistryFormatError(
            M_("{key}: expected a text, got {value}", key=key, value=quoted(value)), source, item.line_of(key)
        )
    problem = text_refusal(value)
    if problem is not None:
        raise RegistryFormatError(M_("{key}: {problem}", key=key, problem=problem), source, item.line_of(key))
    return value
