"""The registry commands' work, as data: import a union's list of members into registry/U.yaml,
check registries, show one member. output/registry_text.py says what these return."""

from __future__ import annotations

import datetime
import os
from collections.abc import Sequence
from dataclasses import dataclass, field

from scorekeeper.errors import InputValueError, ScorekeeperError, quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_
from scorekeeper.journal.store import Notice
from scorekeeper.journal.transaction import Recovered, current, recover
from scorekeeper.members.eligibility import member_on
from scorekeeper.members.registry_check import check_registries as registry_findings
from scorekeeper.members.registry_file import RegistryFormatError, load_registry
from scorekeeper.members.registry_import import Merged, RegistryImportError, merge, read_rows, union_id_refusal
from scorekeeper.members.registry_model import Member, UnionRegistry
from scorekeeper.members.registry_write import refuse_link, registry_path, write_registry, written_registry
from scorekeeper.members.roster import Match, Person, Roster
from scorekeeper.names import text_refusal


def today() -> datetime.date:
    """The day the registry commands read as today (a period may not start after it)."""
    return datetime.date.today()


@dataclass(frozen=True)
class Imported:
    """What `registry import` did: the registry file, what the merge changed, whether the file
    was written (and the journal's change id), the findings of the registry as written, and what
    the journal completed first (a change a killed run left)."""

    path: str
    merged: Merged
    wrote: bool
    change_id: str | None
    findings: tuple[Finding, ...]
    recovered: tuple[Recovered, ...] = ()
    notices: tuple[Notice, ...] = ()

    @property
    def errors(self) -> int:
        return sum(1 for finding in self.findings if finding.is_error)


def import_registry(
    source: str,
    union: str,
    name: str | None = None,
    change_id: str | None = None,
    folder: str = os.curdir,
    on: datetime.date | None = None,
) -> Imported:
    """Read the list of members at `source` (CSV or XLSX), merge it into registry/UNION.yaml
    under `folder`, write that file on the record when it changes, and check it. Every row's
    problem refuses the import whole (RegistryImportError): nothing is written."""
    refusal = union_id_refusal(union)
    if refusal is not None:
        raise InputValueError(M_("--union: {problem}", problem=refusal))
    if name is not None:
        problem = text_refusal(name)
        if problem is not None or not name.strip():
            raise InputValueError(M_("--name: {problem}", problem=problem or M_("empty")))
    rows = read_rows(source)
    path = registry_path(union, folder)
    refuse_link(path)
    recovered: list[Recovered] = []
    notices: list[Notice] = []
    if os.path.isdir(os.path.dirname(path) or os.curdir) and os.path.lexists(path):
        recovered, notices = recover(path)  # a change a killed import left, completed before reading
    before = current(path)
    registry = load_registry(path) if before is not None else None
    if registry is not None and registry.union != union:
        raise RegistryFormatError(
            M_(
                "union: {found}, not {union}: another union's registry",
                found=quoted(registry.union),
                union=quoted(union),
            ),
            path,
        )
    merged = merge(registry, union, name, rows, source, path)
    text, written_back = written_registry(merged.registry, path)
    wrote, change = False, None
    if merged.changed or before is None:
        written = write_registry(path, text, before, _detail(source, union, merged), change_id)
        wrote, change = written.wrote, written.change_id
        recovered += written.recovered
        notices += written.notices
    findings = registry_findings([written_back], on or today())
    return Imported(path, merged, wrote, change, tuple(findings), tuple(recovered), tuple(notices))


def _detail(source: str, union: str, merged: Merged) -> dict[str, object]:
    """What the journal keeps of an import: the list it came from and what it changed."""
    return {
        "source": os.path.basename(source),
        "union": union,
        "added": [member.id for member in merged.added],
        "renamed": [{"id": r.id, "old": r.old, "new": r.new} for r in merged.renamed],
        "periods": [change.id for change in merged.periods],
        "unchanged": merged.unchanged,
        "absent": [member.id for member in merged.absent],
    }


@dataclass(frozen=True)
class Checked:
    """What `registry check` found: the findings of the registries read together, and the files
    that could not be read at all (each its one-line refusal)."""

    registries: tuple[UnionRegistry, ...]
    findings: tuple[Finding, ...]
    unusable: tuple[ScorekeeperError, ...] = ()

    @property
    def errors(self) -> int:
        return sum(1 for finding in self.findings if finding.is_error)

    @property
    def warnings(self) -> int:
        return len(self.findings) - self.errors


def check_registries(paths: Sequence[str], on: datetime.date | None = None) -> Checked:
    """Every finding of the registries at `paths` read together; a file that cannot be read is
    said and passed over, never hiding the others' findings."""
    registries: list[UnionRegistry] = []
    unusable: list[ScorekeeperError] = []
    for path in dict.fromkeys(paths):  # a file named twice is read once: its ids are not "given twice"
        try:
            registries.append(load_registry(path))
        except ScorekeeperError as exc:
            unusable.append(exc)
    return Checked(tuple(registries), tuple(registry_findings(registries, on or today())), tuple(unusable))


@dataclass(frozen=True)
class MemberCard:
    """One person as the registries know him: his members (one per union, `same_as` linked),
    how the name asked found him, his member on `day` (None: a member of no union then). The
    season adds his events, places and ratings beside it."""

    asked: str
    how: Match
    person: Person
    day: datetime.date
    member_today: Member | None
    unions: dict[str, str] = field(default_factory=dict)  # union id -> its registry's name


def show_member(asked: str, paths: Sequence[str], on: datetime.date | None = None) -> MemberCard:
    """The person an id (or a name, resolved as a tournament's sheet is) names in the
    registries at `paths`; refused (InputValueError) when none, or more than one, fits."""
    registries = [load_registry(path) for path in paths]
    roster = Roster(registries)
    found = roster.resolve(asked)
    if found.person is None or found.how is None:
        if found.ambiguous:
            names = ", ".join(f"{person.id} {person.name}" for person in found.candidates)
            raise InputValueError(M_("{asked} fits more than one member: {names}", asked=quoted(asked), names=names))
        raise InputValueError(M_("{asked}: no member of these registries", asked=quoted(asked)))
    day = on or today()
    return MemberCard(
        asked,
        found.how,
        found.person,
        day,
        member_on(found.person, day),
        {registry.union: registry.name for registry in registries},
    )


__all__ = [
    "Checked",
    "Imported",
    "MemberCard",
    "RegistryImportError",
    "check_registries",
    "import_registry",
    "show_member",
]
