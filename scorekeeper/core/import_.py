"""Import: a filled-in boletim read back into YAML sheets, written as typed even when it is
wrong, and each written sheet checked at its own lines."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import NamedTuple

from scorekeeper.errors import InputValueError, ScorekeeperError, quote, quoted
from scorekeeper.findings import Finding
from scorekeeper.i18n import M_
from scorekeeper.journal import transaction
from scorekeeper.rulebook.registry import looks_like_path
from scorekeeper.sheet.load import load_sheet, score
from scorekeeper.sheet.results import SheetResult
from scorekeeper.sheet.saving import refuse_existing
from scorekeeper.sheet.yaml_lines import MAX_FILE_BYTES
from scorekeeper.workbook.read import read_workbook


class Target(NamedTuple):
    """A sheet to write: where, its YAML, what its `rules:` names (None: the rules' name), and
    what the workbook's cells say that the sheet cannot (a count read from a formula)."""

    path: str
    text: str
    rules_ref: str | None
    cell_findings: list[Finding]


class Imported(NamedTuple):
    """A sheet written: where; whether its rules file lies outside its folder (so `check` needs
    `--rules`); the written sheet's result, or the refusal that reading it back met."""

    path: str
    rules_outside: bool
    result: SheetResult | None
    error: ScorekeeperError | None


class AsText(NamedTuple):
    """A boletim as YAML text, and how to check it (at the workbook's cells): the text is shown
    first, so that a boletim whose check is refused has still been read out."""

    text: str
    check: Callable[[], SheetResult]


def import_to_text(workbook_path: str, worksheet: str | None, rules_path: str | None) -> AsText:
    """One boletim (named, or the workbook's only one) as YAML text (`import -o -`: nothing is
    written but the text)."""
    chosen = [b for b in read_workbook(workbook_path) if worksheet is None or b.title == worksheet]
    if len(chosen) != 1:
        raise InputValueError(M_("{path}: -o - writes one boletim; name it with --sheet", path=workbook_path))
    boletim = chosen[0]
    return AsText(boletim.to_yaml(rules_path), lambda: boletim.check(rules_path))


def import_workbook(
    workbook_path: str, output: str, worksheet: str | None = None, rules_path: str | None = None, force: bool = False
) -> Iterator[Imported]:
    """Write the workbook's boletins (or the one named `worksheet`) as sheets: to `output`, or
    one a boletim into `output` when it is a folder. Every target is chosen and refused (an
    existing file, a sheet too large to read back) before any is written; then yields an
    Imported for each sheet as it is written and checked."""
    targets = import_targets(workbook_path, output, worksheet, rules_path, force)
    house_file = rules_path is not None and looks_like_path(rules_path)
    return _written(targets, rules_path, house_file, force)


def _written(targets: list[Target], rules_path: str | None, house_file: bool, force: bool) -> Iterator[Imported]:
    for target in targets:
        transaction.write_new(target.path, target.text, force, "import")  # on the record: the journal
        # A faithful copy of the paper is written even when the paper is wrong; what is wrong is
        # said at once, at the written sheet's lines (where `check` and `fix` will point).
        try:
            result = score(load_sheet(target.path, rules_path, target.text))
        except ScorekeeperError as exc:  # written as typed; each sheet after it is written and checked too
            yield Imported(target.path, target.rules_ref is None and house_file, None, exc)
            continue
        result.findings[:0] = target.cell_findings
        yield Imported(target.path, target.rules_ref is None and house_file, result, None)


def import_targets(
    workbook_path: str, output: str, worksheet: str | None, rules_path: str | None, force: bool
) -> list[Target]:
    """The sheets the workbook's boletins become, each refused before any is written."""
    boletins = read_workbook(workbook_path)
    if worksheet is not None:
        boletins = [b for b in boletins if b.title == worksheet]
        if not boletins:
            raise InputValueError(
                M_("{path}: no boletim worksheet named {name}", path=workbook_path, name=quoted(worksheet))
            )
    if len(boletins) > 1 and not os.path.isdir(output):
        titles = ", ".join(quote(b.title) for b in boletins[:10]) + (", ..." if len(boletins) > 10 else "")
        raise InputValueError(
            M_(
                "{path}: holds {count} boletins ({titles}); give --sheet NAME or an existing folder as -o",
                path=workbook_path,
                count=len(boletins),
                titles=titles,
            )
        )
    targets = []
    for boletim in boletins:
        target = output
        if os.path.isdir(output):
            target = os.path.join(output, f"{sheet_name(boletim.title)}.yaml")
        refuse_existing(target, force)  # all of them before any is written
        ref = sheet_rules_ref(rules_path, target)
        text = boletim.to_yaml(rules_path, ref)
        _refuse_unreadable(text, boletim.source)
        targets.append(Target(target, text, ref, boletim.cell_findings(rules_path)))
    return targets


def sheet_name(title: str) -> str:
    """A worksheet's title as a file name: letters, digits, - and _ kept, anything else a -."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in title)


def _refuse_unreadable(text: str, source: str) -> None:
    """A sheet larger than any command reads back is never written (yaml_lines' file limit)."""
    if len(text.encode("utf-8", "surrogateescape")) > MAX_FILE_BYTES:
        raise InputValueError(
            M_(
                "{source}: the sheet would be larger than {size} KiB; not imported",
                source=source,
                size=MAX_FILE_BYTES // 1024,
            )
        )


def sheet_rules_ref(rules_path: str | None, target: str) -> str | None:
    """What an imported sheet's `rules:` says when --rules named a house variant's file: the
    file relative to the sheet, where a sheet may name one (its own folder or below); None
    (the rules' name) otherwise."""
    if rules_path is None or not looks_like_path(rules_path):
        return None
    folder = os.path.dirname(os.path.realpath(target))
    relative = os.path.relpath(os.path.realpath(rules_path), folder)
    if relative.startswith(os.pardir):
        return None
    return relative.replace(os.sep, "/")
