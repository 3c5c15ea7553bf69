"""Export: sheets to an Excel boletim, or a blank one to fill in at the table, written in the
workbook's language (the one chosen, else its game's own) while refusals are said in the
terminal's."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from scorekeeper import games, i18n
from scorekeeper.core.history import corrections
from scorekeeper.errors import CommandUsageError, InputValueError, ScorekeeperError, naming
from scorekeeper.i18n import M_
from scorekeeper.rulebook import registry
from scorekeeper.sheet.load import load_sheet, score
from scorekeeper.sheet.new import check_header, seated
from scorekeeper.sheet.results import SheetResult
from scorekeeper.sheet.saving import refuse_existing
from scorekeeper.workbook import export as exporter

T = TypeVar("T")


class Exported(NamedTuple):
    """A workbook written: its path and its worksheets' titles."""

    path: str
    worksheets: list[str]


class BlankExported(NamedTuple):
    """An empty boletim written: its path, its rules' name, the game's word for a boletim (a
    message id: boletim, ficha, planilha) and who it is for."""

    path: str
    rules: str
    workbook_word: str
    names: str


def in_workbook_language(language: str, build: Callable[[], T]) -> T:
    """`build()` in the workbook's language; a refusal (a note no cell can hold) is said in the
    terminal's, by building once more there: refusals are the same in any language, and cost
    that second build only when they happen."""
    terminal = i18n.active()
    try:
        with i18n.speaking(language):
            return build()
    except ScorekeeperError:
        if language == terminal:
            raise
    return build()  # raises the same refusal, in the terminal's language


def refuse_output(output: str, force: bool) -> None:
    """A boletim is written only as a new .xlsx file (or over one, with `force`)."""
    if not output.lower().endswith(".xlsx"):  # an Excel file under another name opens nowhere
        raise InputValueError(M_("{path}: a boletim is an Excel workbook; name it with .xlsx", path=output))
    refuse_existing(output, force)


def export(
    paths: Sequence[str],
    output: str,
    *,
    blank: str | None = None,
    rules_path: str | None = None,
    players: tuple[str, ...] = (),
    teams: tuple[str, ...] = (),
    scorer: str | None = None,
    meta: Mapping[str, str | None] | None = None,
    force: bool = False,
) -> Exported | BlankExported:
    """Write the sheets at `paths` as one workbook at `output`, or with `blank` (rules to write
    an empty boletim for; `rules_path` alone too) the empty boletim for `players` or `teams`;
    `meta`: the blank header's event, table, round and date."""
    refuse_output(output, force)
    ref = rules_path or blank
    if ref and (blank or not paths):
        if paths:
            raise CommandUsageError(M_("--blank takes no SHEET arguments"))
        return _blank(ref, output, players, teams, scorer, dict(meta or {}), force)
    if not paths:
        raise CommandUsageError(M_("name the sheets to export, or use --blank RULES"))
    return _sheets(paths, output, rules_path, force)


def _blank(
    ref: str,
    output: str,
    players: tuple[str, ...],
    teams: tuple[str, ...],
    scorer: str | None,
    meta: dict[str, str | None],
    force: bool,
) -> BlankExported:
    rules = naming(output, registry.find, ref)
    game = games.get(rules.game)
    who = seated(game, rules, players, teams, output)
    check_header(game, who, scorer, meta.get("date"), output)
    meta = {**meta, "rules": ref}
    workbook = in_workbook_language(
        i18n.workbook_language(game.workbook_language), lambda: exporter.blank_workbook(game, rules, who, scorer, meta)
    )
    exporter.save(workbook, output, force)
    names = " v ".join(who) if isinstance(who, dict) else ", ".join(who)
    return BlankExported(output, rules.name, game.workbook_word, names)


def _sheets(paths: Sequence[str], output: str, rules_path: str | None, force: bool) -> Exported:
    scored: list[tuple[Any, SheetResult]] = []  # (a game's sheet model, its result)
    for path in paths:
        sheet = load_sheet(path, rules_path)  # a sheet that cannot be used is refused in the terminal's language
        scored.append((sheet, score(sheet)))
    language = i18n.workbook_language(games.get(scored[0][0].rules.game).workbook_language)
    if language != i18n.active():
        # Findings are written into the workbook as notes, in its language: a sheet that has any
        # is read again in that language (a clean one has nothing to say, and is read once).
        with i18n.speaking(language):
            for index, (path, (sheet, result)) in enumerate(zip(paths, scored)):
                if result.findings:
                    sheet = load_sheet(path, rules_path)
                    scored[index] = (sheet, score(sheet))
    histories = [corrections(path) for path in paths]  # each sheet's corrections on record: its history worksheet
    workbook = in_workbook_language(language, lambda: exporter.build_workbook(scored, histories))
    exporter.save(workbook, output, force)
    return Exported(output, [ws.title for ws in workbook.worksheets])
