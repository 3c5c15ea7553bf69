"""A registry as its file's text, and that file written: atomically, on the record (the journal of
its folder, journal.transaction), once per change.

The text is stable, so that two imports of one list write one file and a diff shows what an
import changed: the header, then the members in the registry's order (the file's order is kept,
a new member is appended), each with his keys in one order and his periods by start. Texts are
written double-quoted (YAML's escapes are JSON's), so that no name or id is read back as a
number, a date or a boolean (an id `0012` stays `0012`). Comments of a file written by hand are
not kept: the import rewrites the file whole.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from scorekeeper.errors import InputValueError
from scorekeeper.i18n import M_
from scorekeeper.journal.store import Notice
from scorekeeper.journal.transaction import Change, FileChange, Recovered, Session, current
from scorekeeper.members.registry_model import Member, Period, UnionRegistry
from scorekeeper.sheet.load import collector_held
from scorekeeper.sheet.saving import writer_lock

FOLDER = "registry"


def registry_path(union: str, folder: str = os.curdir) -> str:
    """`registry/UNION.yaml` under `folder` (the current folder)."""
    return (
        os.path.join(folder, FOLDER, f"{union}.yaml") if folder != os.curdir else os.path.join(FOLDER, f"{union}.yaml")
    )


def _quoted(text: str) -> str:
    """`text` double-quoted. A registry's texts hold no control character (its reader and the
    import refuse them), so only the quote and the backslash need YAML's escapes."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _period(period: Period) -> str:
    if period.end is None:
        return f"      - {{from: {period.start.isoformat()}}}"
    return f"      - {{from: {period.start.isoformat()}, to: {period.end.isoformat()}}}"


def _member(member: Member, lines: list[str], path: str) -> Member:
    """The member's lines appended to `lines`; the member as the written file places him."""
    at = len(lines) + 1
    lines += [f"  - id: {_quoted(member.id)}", f"    name: {_quoted(member.name)}"]
    if member.aliases:
        lines.append(f"    aliases: [{', '.join(_quoted(alias) for alias in member.aliases)}]")
    if member.same_as is not None:
        lines.append(f"    same_as: {_quoted(member.same_as)}")
    periods = sorted(member.periods, key=lambda p: (p.start, p.end or p.start))
    if not periods:
        lines.append("    membership: []")
        return _placed(member, (), path, at)
    lines.append("    membership:")
    placed = []
    for period in periods:
        lines.append(_period(period))
        placed.append(Period(period.start, period.end, len(lines)))
    return _placed(member, tuple(placed), path, at)


def _placed(member: Member, periods: tuple[Period, ...], path: str, line: int) -> Member:
    return Member(member.id, member.name, member.union, member.aliases, member.same_as, periods, path, line)


@collector_held()  # 100,000 members' values built at once, no cycle among them (sheet/load.py)
def written_registry(registry: UnionRegistry, path: str) -> tuple[str, UnionRegistry]:
    """The registry file's text (see the module's docstring), and the registry as that file,
    at `path`, reads back: each member and period at its line (what registry check cites)."""
    lines = [f"union: {_quoted(registry.union)}", f"name: {_quoted(registry.name)}"]
    if not registry.members:
        lines.append("members: []")
        return "\n".join(lines) + "\n", replace(registry, source=path)
    lines.append("members:")
    members = tuple(_member(member, lines, path) for member in registry.members)
    return "\n".join(lines) + "\n", UnionRegistry(registry.union, registry.name, members, path)


def registry_text(registry: UnionRegistry) -> str:
    """The registry file's text."""
    return written_registry(registry, registry.source)[0]


def refuse_link(path: str) -> None:
    """registry/UNION.yaml is never a symlink the import would write through: in a shared
    folder, a planted `registry/sul.yaml -> ~/.bashrc` would have the import replace that file."""
    if os.path.islink(path):
        raise InputValueError(
            M_("is a symbolic link: refused (the import writes registry files itself, never through a link)"), path
        )


@dataclass(frozen=True)
class Written:
    """What writing a registry did: the change's id (the journal's), whether anything was
    written (an import that changes nothing writes nothing), and what the journal completed
    first (a change a killed run left)."""

    path: str
    change_id: str
    wrote: bool
    recovered: tuple[Recovered, ...] = ()
    notices: tuple[Notice, ...] = ()


def write_registry(path: str, text: str, expected: bytes | None, detail: dict, change_id: str | None = None) -> Written:
    """Write `text` to the registry at `path` under its writer lock, as one change of its
    folder's journal. `expected`: what the file held when the import read it (None: no file);
    a file changed meanwhile refuses the write. The folder is created when it is missing."""
    folder = os.path.dirname(path) or os.curdir
    refuse_link(path)
    os.makedirs(folder, exist_ok=True)
    with writer_lock(path) as target, Session(path, {target}) as session:
        now = current(target)
        if now != expected:
            raise InputValueError(M_("changed while the import was worked out; try again"), path)
        change = Change("registry import", path, [FileChange(path, now, text.encode("utf-8"))], detail, change_id)
        applied = session.apply(change)
        wrote = applied.repeat_of is None and now != text.encode("utf-8")
        return Written(path, applied.change_id, wrote, tuple(session.recovered), tuple(session.notices))
