"""The command line. Thin: it parses arguments, calls the core, prints, and maps domain
errors to one line and exit code 2 (sqlite-utils style)."""
from __future__ import annotations

import functools
import os
import sys

import click

from scorekeeper import exit_codes, i18n
from scorekeeper.cli.language import choose_language, localize
from scorekeeper.errors import ScorekeeperError, quote
from scorekeeper.i18n import N_, _

FORMAT_HELP = N_("Output format.")
i18n.route_click()  # click's own messages (usage errors, "Did you mean") follow --lang too


class UnusableInput(click.ClickException):
    """A domain error shown as `Error: file:line: message`, exit code 2."""

    exit_code = exit_codes.UNUSABLE


def domain_errors(func):
    """Turn ScorekeeperError (and an OSError, which names its file) into a one-line click error
    with exit code 2."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except ScorekeeperError as exc:
            raise UnusableInput(str(exc)) from None
        except BrokenPipeError:
            raise  # the reader went away (`| head`): main() ends quietly
        except OSError as exc:
            raise UnusableInput(os_error_line(exc)) from None
    return wrapper


# What the system says of a file, in English; these are the ones a scorer meets (a full disk, a
# folder they may not write), marked to be translated (anything else is shown as the system says).
OS_ERRORS = (N_("No such file or directory"), N_("Permission denied"), N_("Is a directory"),
             N_("Not a directory"), N_("No space left on device"), N_("File exists"), N_("Read-only file system"),
             N_("File name too long"), N_("Too many levels of symbolic links"), N_("Disk quota exceeded"))


def os_error_line(exc: OSError) -> str:
    """`file: reason` for an OSError that reached the CLI (a full disk, a folder we may not write)."""
    from scorekeeper.errors import one_line

    where = exc.filename if exc.filename is not None else "scorekeeper"
    return one_line(f"{where}: {_(exc.strerror) if exc.strerror else exc}")


def out(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Print text that may hold what a stranger wrote (names, events): control characters and
    terminal escape sequences are shown escaped, never sent to the terminal raw."""
    from scorekeeper.output.report import terminal_safe

    click.echo(terminal_safe(text), err=err, nl=nl)


def naming(path: str, func, *args):
    """`func(*args)`, its refusal naming `path` (the file the command writes or changes) when it
    names no file of its own: an unknown rule name typed for `new`, a hand number for `fix`."""
    try:
        return func(*args)
    except ScorekeeperError as exc:
        if exc.source is None:
            exc.source = path
        raise


def output_format(*choices: str, default: str):
    """The shared --format option."""
    return click.option("--format", "fmt", type=click.Choice(choices), default=default, show_default=True,
                        help=FORMAT_HELP)


def echo_json(data) -> None:
    """Print data as the JSON every `--format json` writes."""
    from scorekeeper.output.report import json_text

    click.echo(json_text(data))


def refuse_overwrite(path: str, force: bool) -> None:
    """Nothing already saved is lost: an existing file is replaced only with --force."""
    if os.path.exists(path) and not force:
        raise UnusableInput(_("{path}: already exists; use --force to overwrite it").format(path=path))


rules_option = click.option("--rules", "rules_path", metavar="NAME|PATH",
                            help="Use these rules instead of the sheet's own (a house variant file).")


class LazyGroup(click.Group):
    """The top-level group: `record` and `fix` (whose options every registered game declares)
    and `tournament` are defined in cli_record.py and cli_tournament.py, imported only when they
    are asked for: `check` of one sheet loads no other game and defines none of them."""

    LAZY = {"tournament": ("scorekeeper.cli.commands.cmd_tournament", "tournament"),
            "record": ("scorekeeper.cli.commands.cmd_record", "record"), "fix": ("scorekeeper.cli.commands.cmd_record", "fix")}

    def list_commands(self, ctx):
        return sorted([*super().list_commands(ctx), *self.LAZY])

    def get_command(self, ctx, name):
        if name in self.LAZY:
            import importlib

            module, attribute = self.LAZY[name]
            command = getattr(importlib.import_module(module), attribute)
            localize(command)
            return command
        return super().get_command(ctx, name)

    def make_context(self, info_name, args, parent=None, **extra):
        if parent is None:  # the whole command line: its language first, so click speaks it too
            choose_language(args)
            localize(self)
        return super().make_context(info_name, args, parent, **extra)

    def main(self, *args, **kwargs):
        from scorekeeper.output import terminal

        terminal.forget_saved()  # what a run saved is its own (tests run many in one process)
        try:
            return super().main(*args, **kwargs)
        finally:
            i18n.use(i18n.SOURCE)  # a second run in the same process (a test) chooses afresh


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="scorekeeper")
def cli():
    """Score sheets for club card games, checked to the article (`scorekeeper rules list`).

    \b
    scorekeeper new king -p Ana -p Bruno -p Carla -p Duarte -o mesa1.yaml
    scorekeeper record mesa1.yaml vazas 3 2 1 7
    scorekeeper record mesa1.yaml   # asks the next hand, player by player
    scorekeeper fix mesa1.yaml 1 vazas 4 2 1 6
    scorekeeper show mesa1.yaml
    scorekeeper check mesa1.yaml
    scorekeeper export mesa1.yaml -o mesa1.xlsx
    scorekeeper import mesa1.xlsx -o copia.yaml
    scorekeeper new sueca -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o jogo.yaml
    scorekeeper record jogo.yaml 72 48
    scorekeeper new truco -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o truco.yaml
    scorekeeper record truco.yaml Nos 3
    scorekeeper new quatrilho -p Ari -p Bia -p Caio -p Davi -p Eva -o mesa7.yaml
    scorekeeper record mesa7.yaml normal Bia Davi 22
    """


# --- new -----------------------------------------------------------------------------

@cli.command(short_help="Start a sheet for a game.")
@click.argument("rules_ref", metavar="RULES", required=False)
@click.option("--rules", "rules_path", metavar="PATH", help="A rule file (house variant) instead of RULES.")
@click.option("-p", "--player", "players", multiple=True,
              help="A player, in seat order (the first deals first); repeat for each.")
@click.option("-t", "--team", "teams", multiple=True, metavar="NAME=A,B",
              help="Team games: a team and its players; repeat for each.")
@click.option("-o", "--output", "output", required=True, type=click.Path(dir_okay=False), help="The sheet file.")
@click.option("--scorer", help="The responsible scorer (Art 6); the first player by default.")
@click.option("--event", help="Event name.")
@click.option("--table", help="Table number.")
@click.option("--round", "round_", help="Round number.")
@click.option("--date", help="Date, YYYY-MM-DD.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@domain_errors
def new(rules_ref, rules_path, players, teams, output, scorer, event, table, round_, date, force):
    """Start a new sheet for RULES (a name such as king, or a rule file).

    \b
    scorekeeper new king -p Ana -p Bruno -p Carla -p Duarte -o mesa1.yaml --event "Final Nacional" --table 1 --round 1
    scorekeeper new sueca -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o jogo.yaml
    scorekeeper new truco -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o truco.yaml
    scorekeeper new quatrilho -p Ari -p Bia -p Caio -p Davi -p Eva -o mesa7.yaml --scorer "Fiscal Rui"
    """
    from scorekeeper import games
    from scorekeeper.rulebook import registry
    from scorekeeper.sheet.new import describe_who, new_sheet_text, seated
    from scorekeeper.sheet.saving import write_new

    ref = rules_path or rules_ref
    if not ref:
        raise click.UsageError(_("name the rules (`scorekeeper rules list` lists them) or give --rules PATH"))
    rules = naming(output, registry.find, ref)
    refuse_overwrite(output, force)  # before anything else is asked of the user; write_new checks again under the lock
    game = games.get(rules.game)
    who = seated(game, rules, players, teams, output)
    text = new_sheet_text(game, rules, ref, who, scorer=scorer, event=event, table=table, round_=round_, date=date,
                          source=output)
    who = describe_who(who)
    write_new(output, text, force)
    out(_("Created {path}: {rules}, {who}. Next: scorekeeper record {path}").format(path=output, rules=rules.name,
                                                                                 who=who))


# --- undo (record and fix: cli_record.py) -----------------------------------------------

@cli.command(short_help="Remove the last entry recorded.")
@click.argument("sheet_path", metavar="FILE", type=click.Path(dir_okay=True))
@rules_option
@domain_errors
def undo(sheet_path, rules_path):
    """Remove the last entry (hand or deal) recorded.

    \b
    scorekeeper undo mesa1.yaml
    scorekeeper undo jogo.yaml
    scorekeeper undo truco.yaml
    """
    from scorekeeper.sheet import editing

    editing.undo_hand(sheet_path, rules_path, say=out)


# --- show, check ------------------------------------------------------------------------

def _print_sheet(result, fmt: str = "table") -> None:
    from scorekeeper.output import report

    if fmt == "json":
        echo_json(report.sheet_report(result, running=True))
        return
    from scorekeeper import games

    if fmt == "csv":  # data for programs, as JSON is: English headings and words, whatever the language
        with i18n.speaking(i18n.SOURCE):
            _title, headers, rows, numeric_from = games.get(result.game).show_tables(result)[0]
        numbers = range(len(headers))[numeric_from:] if numeric_from is not None else ()  # a name is text
        out(report.csv_text(headers, rows, numbers), nl=False)
        return
    tables = games.get(result.game).show_tables(result)
    for title, headers, rows, numeric_from in tables:
        if title:
            out(f"\n{title}")
        out(report.table(headers, rows, numeric_from=numeric_from))
    for finding in result.findings:
        out(finding.format())


@cli.command(short_help="Show the hands, totals and running balance.")
@click.argument("sheet_path", metavar="FILE", type=click.Path(dir_okay=True))
@output_format("table", "json", "csv", default="table")
@rules_option
@domain_errors
def show(sheet_path, fmt, rules_path):
    """Show the sheet: each hand's points per player with its total and control, the saldo,
    and each player's running balance.

    \b
    scorekeeper show mesa1.yaml
    scorekeeper show mesa1.yaml --format json
    scorekeeper show jogo.yaml
    scorekeeper show truco.yaml --format csv
    """
    from scorekeeper.core.check import check_any

    results = check_any(sheet_path, rules_path)
    if fmt == "json" and len(results) > 1:  # a workbook of several boletins: one JSON array
        from scorekeeper.output import report

        echo_json([report.sheet_report(r, running=True) for r in results])
        return
    for result in results:
        _print_sheet(result, fmt)


@cli.command(short_help="Check sheets against every rule.")
@click.argument("paths", metavar="FILE...", nargs=-1, required=True, type=click.Path(dir_okay=True))
@output_format("text", "table", "json", "csv", default="text")
@rules_option
@click.option("--require-complete", is_flag=True, help="A game with hands still to play is an error.")
def check(paths, fmt, rules_path, require_complete):
    """Check sheets: every hand's total, the phase and game totals, and every rule of the regulation.

    Prints `file:line: severity [CODE]: message [article]` per finding (`file.xlsx:Sheet!D7: ...`
    for a boletim; `scorekeeper codes` lists the codes). Exit 0 when no finding is an error, 1
    when any is, 2 when a file cannot be used.

    \b
    scorekeeper check mesa1.yaml
    scorekeeper check --require-complete examples/king-final-nacional-mesa1.yaml
    scorekeeper check --format json mesa1.yaml jogo.yaml truco.yaml
    scorekeeper check final.xlsx
    """
    printer = CheckPrinter(fmt)
    unusable = errors = False
    # What check prints streams to standard output; a count is shown only while that goes elsewhere.
    with _progress(_("checking sheets"), enabled=len(paths) > 1 and not sys.stdout.isatty()) as tick:
        for done, path in enumerate(paths, start=1):
            tick(done, len(paths))
            try:
                results = _checked(path, rules_path, require_complete)
            except Exception as exc:  # noqa: BLE001 - one bad sheet never hides the report of the others
                unusable = True
                message = _failure_line(path, exc)
                out(_("Error: {message}").format(message=message), err=True)
                printer.failure(path, message)
                continue
            for result in results:
                errors = errors or not result.valid
                printer.sheet(result)
    printer.close()
    if unusable:
        sys.exit(exit_codes.UNUSABLE)
    sys.exit(exit_codes.SHEET_ERRORS if errors else exit_codes.CLEAN)


class _progress:
    """A Progress as a context: `tick(done, total)`, wiped at the end."""

    def __init__(self, what: str, enabled: bool | None = None):
        self.what, self.enabled, self.bar = what, enabled, None

    def __enter__(self):
        if self.enabled is False:  # nothing to show: not even the module is loaded (check of one sheet)
            return lambda done, total: None

        def tick(done: int, total: int) -> None:
            if self.bar is None:
                from scorekeeper.output.progress import Progress

                self.bar = Progress(self.what, total, enabled=self.enabled)
            self.bar.tick(done)
        return tick

    def __exit__(self, *_exc) -> None:
        if self.bar is not None:
            self.bar.close()


def _checked(path: str, rules_path, require_complete: bool) -> list:
    from scorekeeper.core.check import check_any

    return check_any(path, rules_path, require_complete)


def _failure_line(path: str, exc: Exception) -> str:
    """The one line `check` prints for a sheet it cannot use."""
    from scorekeeper.errors import one_line

    if isinstance(exc, ScorekeeperError):
        return str(exc)
    if isinstance(exc, OSError):
        return os_error_line(exc)
    if isinstance(exc, (MemoryError, RecursionError)):
        return one_line(_("{path}: too large or too deeply nested to check").format(path=path))
    if os.environ.get("SCOREKEEPER_DEBUG"):
        raise exc
    return one_line(_("{path}: internal error, please report it: {error}").format(
        path=path, error=f"{type(exc).__name__}: {exc}"))[:300]


TABLE_HEADERS = [N_("location"), N_("severity"), N_("code"), N_("hand"), N_("player"), N_("message"), N_("rule")]


class CheckPrinter:
    """Prints each sheet's report as soon as it is checked, so that checking 10,000 sheets holds
    one sheet in memory, not all of them (the JSON array is written element by element)."""

    HEADERS = ["location", "severity", "code", "hand", "player", "message", "rule"]

    def __init__(self, fmt: str):
        self.fmt = fmt
        self.count = 0

    def sheet(self, result) -> None:
        from scorekeeper.output import report

        if self.fmt == "json":
            self._json(report.sheet_report(result))
        elif self.fmt == "text":
            for finding in result.findings:
                out(finding.format())
            out(report.summary(result))
        else:
            table = self.fmt == "table"  # a table is read by a person; CSV is data, in English keys
            rows = [[f.location, f.severity.word if table else f.severity.value, f.code, f.hand or "",
                     f.player or "", f.message, f.rule] for f in result.findings]
            self._rows(rows)

    def failure(self, path: str, message: str) -> None:
        if self.fmt == "json":
            self._json({"file": path, "error": message})

    def _json(self, item) -> None:
        import textwrap

        from scorekeeper.output.report import json_text

        text = textwrap.indent(json_text(item), "  ")
        click.echo(("[\n" if self.count == 0 else ",\n") + text, nl=False)
        self.count += 1

    def _rows(self, rows: list[list]) -> None:
        from scorekeeper.output import report

        if self.fmt == "csv":
            text = report.csv_text(self.HEADERS if self.count == 0 else None, rows, numbers=())  # all text
            if text:
                out(text, nl=False)
            self.count += 1
        elif rows:  # table: one table per sheet with findings, so nothing waits for the whole batch
            if self.count:
                out()
            out(report.table([_(header) for header in TABLE_HEADERS], rows))
            self.count += 1

    def close(self) -> None:
        if self.fmt == "json":
            click.echo("[]" if self.count == 0 else "\n]")


# --- export, import ----------------------------------------------------------------------

def _in_workbook_language(language: str, build):
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

@cli.command(short_help="Export sheets to an Excel boletim, or a blank one.")
@click.argument("paths", metavar="SHEET...", nargs=-1)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="The .xlsx file to write.")
@click.option("--blank", "blank_rules", metavar="RULES", help="Write an empty boletim for these rules instead.")
@click.option("-p", "--player", "players", multiple=True, help="With --blank: a player, in seat order.")
@click.option("-t", "--team", "teams", multiple=True, metavar="NAME=A,B", help="With --blank: a team (team games).")
@click.option("--scorer", help="With --blank: the responsible scorer (Art 6).")
@click.option("--event", help="With --blank: event name.")
@click.option("--table", help="With --blank: table number.")
@click.option("--round", "round_", help="With --blank: round number.")
@click.option("--date", help="With --blank: date, YYYY-MM-DD.")
@click.option("--force", is_flag=True, help="Overwrite an existing workbook.")
@rules_option
@domain_errors
def export(paths, output, blank_rules, players, teams, scorer, event, table, round_, date, force, rules_path):
    """Export sheets to an Excel boletim with live formulas (one worksheet per sheet, and a
    summary when there are several), or an empty boletim with --blank.

    The output is named `.xlsx`.

    \b
    scorekeeper export mesa1.yaml -o mesa1.xlsx
    scorekeeper export mesa1.yaml jogo.yaml truco.yaml -o final.xlsx
    scorekeeper export --blank king -p Ana -p Bruno -p Carla -p Duarte -o boletim.xlsx
    scorekeeper export --blank sueca -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o ficha.xlsx
    scorekeeper export --blank truco -t Nos=Ana,Bruno -t Eles=Carla,Duarte -o truco.xlsx
    scorekeeper export --blank quatrilho -p Ari -p Bia -p Caio -p Davi -p Eva -o planilha.xlsx
    """
    from scorekeeper.workbook import export as exporter

    if not output.lower().endswith(".xlsx"):  # an Excel file under another name opens nowhere
        raise UnusableInput(_("{path}: a boletim is an Excel workbook; name it with .xlsx").format(path=output))
    refuse_overwrite(output, force)
    if blank_rules or (rules_path and not paths):
        from scorekeeper import games
        from scorekeeper.rulebook import registry
        from scorekeeper.sheet.new import check_header, seated

        if paths:
            raise click.UsageError(_("--blank takes no SHEET arguments"))
        rules = naming(output, registry.find, rules_path or blank_rules)
        game = games.get(rules.game)
        who = seated(game, rules, players, teams, output)
        check_header(game, who, scorer, date, output)
        meta = {"event": event, "table": table, "round": round_, "date": date, "rules": rules_path or blank_rules}
        workbook = _in_workbook_language(i18n.workbook_language(game.workbook_language),
                                         lambda: exporter.blank_workbook(game, rules, who, scorer, meta))
        exporter.save(workbook, output, force)
        names = " v ".join(who) if isinstance(who, dict) else ", ".join(who)
        out(_("Wrote {path}: an empty {rules} {workbook} for {names}").format(
            path=output, rules=rules.name, workbook=_(game.workbook_word), names=names))
        return
    if not paths:
        raise click.UsageError(_("name the sheets to export, or use --blank RULES"))
    from scorekeeper import games
    from scorekeeper.sheet.load import load_sheet, score

    scored = []
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
    workbook = _in_workbook_language(language, lambda: exporter.build_workbook(scored))
    exporter.save(workbook, output, force)
    titles = [ws.title for ws in workbook.worksheets]
    out(_("Wrote {path}: {worksheets}").format(path=output, worksheets=", ".join(titles)))


@cli.command("import", short_help="Read a filled-in boletim back into a sheet.")
@click.argument("workbook_path", metavar="IN.xlsx", type=click.Path(dir_okay=True))
@click.option("-o", "--output", required=True, type=click.Path(allow_dash=True),
              help="The YAML sheet to write (a folder when the workbook holds several boletins; - for stdout).")
@click.option("--sheet", "worksheet", help="The worksheet to import, when there are several.")
@click.option("--force", is_flag=True, help="Overwrite existing YAML sheets.")
@rules_option
@domain_errors
def import_(workbook_path, output, worksheet, force, rules_path):
    """Import a filled-in boletim back into a YAML sheet: what was typed in its visible cells.

    The sheet is written as typed, even when it is wrong; its findings are then printed as
    `check` prints them, at the lines of the written sheet (at the workbook's cells, on
    stderr, with `-o -`), and the exit code is 1 when any is an error.

    \b
    scorekeeper import mesa1.xlsx -o copia.yaml
    scorekeeper import final.xlsx --sheet "Mesa1 R1" -o mesa1-copia.yaml
    scorekeeper import final.xlsx -o sheets/             # an existing folder: one sheet per boletim
    scorekeeper import mesa1.xlsx -o -                   # the YAML on standard output
    """
    from scorekeeper.workbook.read import read_workbook
    from scorekeeper.sheet.saving import write_new

    boletins = read_workbook(workbook_path)
    if output == "-":  # to standard output: one boletim, named or alone
        chosen = [b for b in boletins if worksheet is None or b.title == worksheet]
        if len(chosen) != 1:
            raise UnusableInput(_("{path}: -o - writes one boletim; name it with --sheet").format(path=workbook_path))
        from scorekeeper.output.terminal import write_file_text

        write_file_text(chosen[0].to_yaml(rules_path))
        _exit_for(_report_findings(chosen[0].check(rules_path), err=True))  # stdout holds the YAML alone
        return
    if worksheet is not None:
        boletins = [b for b in boletins if b.title == worksheet]
        if not boletins:
            raise UnusableInput(_("{path}: no boletim worksheet named {name}").format(path=workbook_path,
                                                                                       name=quote(worksheet)))
    if len(boletins) > 1 and not os.path.isdir(output):
        titles = ", ".join(quote(b.title) for b in boletins[:10]) + (", ..." if len(boletins) > 10 else "")
        raise UnusableInput(_("{path}: holds {count} boletins ({titles}); give --sheet NAME or an existing "
                              "folder as -o").format(path=workbook_path, count=len(boletins), titles=titles))
    targets = []
    for boletim in boletins:
        target = output
        if os.path.isdir(output):
            safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in boletim.title)
            target = os.path.join(output, f"{safe}.yaml")
        refuse_overwrite(target, force)  # all of them before any is written
        ref = _sheet_rules_ref(rules_path, target)
        text = boletim.to_yaml(rules_path, ref)
        _refuse_unreadable(text, boletim.source)
        # what the workbook's cells say that the sheet cannot (a count read from a formula)
        targets.append((target, text, ref, boletim.cell_findings(rules_path)))
    from scorekeeper.rulebook.registry import looks_like_path
    from scorekeeper.sheet.load import load_sheet, score

    house_file = rules_path is not None and looks_like_path(rules_path)

    errors = unusable = False
    for target, text, ref, cell_findings in targets:
        write_new(target, text, force)
        if ref is None and house_file:
            out(_("Wrote {path}; its rules are outside its folder: check it with --rules {rules}").format(
                path=target, rules=rules_path))
        else:
            out(_("Wrote {path}").format(path=target))
        # A faithful copy of the paper is written even when the paper is wrong; what is wrong is said
        # at once, at the written sheet's lines (where `check` and `fix` will point), and exits 1.
        try:
            result = score(load_sheet(target, rules_path, text))
            result.findings[:0] = cell_findings
            errors = _report_findings(result) or errors
        except ScorekeeperError as exc:  # written as typed; each sheet after it is written and checked too
            out(_("Error: {message}").format(message=exc), err=True)
            unusable = True
    if unusable:
        sys.exit(exit_codes.UNUSABLE)
    _exit_for(errors)


def _refuse_unreadable(text: str, source: str) -> None:
    """A sheet larger than any command reads back is never written (yaml_lines' file limit)."""
    from scorekeeper.sheet.yaml_lines import MAX_FILE_BYTES

    if len(text.encode("utf-8", "surrogateescape")) > MAX_FILE_BYTES:
        raise UnusableInput(_("{source}: the sheet would be larger than {size} KiB; not imported").format(
            source=source, size=MAX_FILE_BYTES // 1024))


def _report_findings(result, err: bool = False) -> bool:
    """Print a sheet's findings and its summary as `check` does (nothing when it is clean);
    True when any finding is an error."""
    from scorekeeper.output import report

    if not result.findings:
        return False
    for finding in result.findings:
        out(finding.format(), err=err)
    out(report.summary(result), err=err)
    return not result.valid


def _exit_for(errors: bool) -> None:
    if errors:
        sys.exit(exit_codes.SHEET_ERRORS)


def _sheet_rules_ref(rules_path: str | None, target: str) -> str | None:
    """What an imported sheet's `rules:` says when --rules named a house variant's file: the
    file relative to the sheet, where a sheet may name one (its own folder or below); None
    (the rules' name) otherwise."""
    from scorekeeper.rulebook.registry import looks_like_path

    if rules_path is None or not looks_like_path(rules_path):
        return None
    folder = os.path.dirname(os.path.realpath(target))
    relative = os.path.relpath(os.path.realpath(rules_path), folder)
    if relative.startswith(os.pardir):
        return None
    return relative.replace(os.sep, "/")


# --- codes ----------------------------------------------------------------------------

CODE_HEADERS = [N_("code"), N_("rule"), N_("meaning")]


@cli.command(short_help="List the finding codes, with their articles.")
@output_format("table", "json", "csv", "markdown", default="table")
@domain_errors
def codes(fmt):
    """List every kind of finding scorekeeper reports: its code (the same in every language, never
    reused), the article it is found under and what it means.

    \b
    scorekeeper codes
    scorekeeper codes --format json
    """
    from scorekeeper.output import report
    from scorekeeper.finding_codes import all_kinds

    rows = [[kind.code, kind.rule, _(kind.meaning)] for kind in all_kinds()]
    if fmt == "markdown":
        out(_markdown_table([_(header) for header in CODE_HEADERS], rows))
        return
    _print_rows(CODE_HEADERS, rows, fmt, report, numbers=())


# --- rules ----------------------------------------------------------------------------

@cli.group(short_help="List, show or check rule files.")
def rules():
    """The rule files: list them, show one, check a house variant.

    \b
    scorekeeper rules list
    scorekeeper rules show king
    scorekeeper rules check my-club-king.yaml
    """


@rules.command("list")
@output_format("table", "json", "csv", default="table")
@domain_errors
def rules_list(fmt):
    """List the shipped rule files with their aliases.

    \b
    scorekeeper rules list
    """
    from scorekeeper.output import report
    from scorekeeper.rulebook.registry import all_shipped

    headers = [N_("name"), N_("aliases"), N_("game"), N_("title"), N_("file")]  # English: JSON and CSV keys
    rows = [[r.name, ", ".join(r.aliases), r.game, r.title, r.source] for r in all_shipped()]
    _print_rows(headers, rows, fmt, report, numbers=())


@rules.command("show")
@click.argument("ref", metavar="NAME|PATH")
@output_format("table", "json", "csv", default="table")
@domain_errors
def rules_show(ref, fmt):
    """Show every number of a rule file.

    \b
    scorekeeper rules show king
    scorekeeper rules show rei --format json
    """
    from scorekeeper.output import report
    from scorekeeper.rulebook.registry import describe, find

    headers, rows = describe(find(ref))
    _print_rows(headers, rows, fmt, report, numbers=(1,))  # setting, value


@rules.command("check")
@click.argument("paths", metavar="PATH...", nargs=-1, required=True)
@domain_errors
def rules_check(paths):
    """Validate rule files (a house variant before the tournament).

    \b
    scorekeeper rules check my-club-king.yaml
    """
    from scorekeeper.rulebook.registry import load_path

    for path in paths:
        rules = load_path(path)
        out(_("{path}: ok ({game}, {title})").format(path=path, game=rules.game, title=rules.title))


def _markdown_table(headers, rows) -> str:
    """A Markdown table (the README's list of codes is this output)."""
    def line(cells):
        return "| " + " | ".join(str(cell).replace("|", "\\|") for cell in cells) + " |"
    return "\n".join([line(headers), line("---" for header in headers), *(line(row) for row in rows)])


def _print_rows(headers, rows, fmt, report, numbers=None) -> None:
    if fmt == "json":
        echo_json([dict(zip(headers, row)) for row in rows])
    elif fmt == "csv":
        out(report.csv_text(headers, rows, numbers), nl=False)
    else:
        out(report.table([_(header) for header in headers], rows))


def main() -> None:
    """The console script: click, plus a last line of defence against tracebacks."""
    from scorekeeper.output.terminal import OutputError, guard_streams, say_lost_output

    guard_streams()
    try:
        cli.main(prog_name="scorekeeper")
    except OutputError as exc:  # what the command had to say could not be written: it did not do its work
        try:
            out(_("Error: {message}").format(message=os_error_line(exc)), err=True)
        except OSError:
            pass  # standard error itself: nothing more can be said
        sys.exit(exit_codes.UNUSABLE)
    except KeyboardInterrupt:
        out("\n" + _("Interrupted; every hand saved before this one is kept."), err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(exit_codes.CLEAN)
    except Exception as exc:  # a bug: one line for the user, the traceback only on request
        if os.environ.get("SCOREKEEPER_DEBUG"):
            raise
        out(_("Error: internal error, please report it: {error}").format(error=f"{type(exc).__name__}: {exc}"),
            err=True)
        sys.exit(exit_codes.UNUSABLE)
    finally:
        say_lost_output()  # a saved file's report that could not be written: said, not a failure


if __name__ == "__main__":
    main()
