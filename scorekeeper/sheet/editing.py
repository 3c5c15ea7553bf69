"""Changing a sheet file: record, fix and undo hands, each under the writer lock and saved
atomically, and a change that brings an error anywhere in the sheet refused unless forced."""

from __future__ import annotations

from collections import Counter

from scorekeeper import games
from scorekeeper.errors import InputValueError, RefusedChange, ScorekeeperError, SheetFormatError, StaleSheet
from scorekeeper.findings import Cited, Finding
from scorekeeper.i18n import M_, Joined, Message, in_words
from scorekeeper.journal.news import JournalNews
from scorekeeper.journal.transaction import Change, FileChange, Session
from scorekeeper.sheet.change_reports import Removed, Repeated, Saved, Say, Stopped, say_nothing
from scorekeeper.sheet.entry_sentences import EntrySentences, fill
from scorekeeper.sheet.load import load_sheet, score
from scorekeeper.sheet.results import SheetResult
from scorekeeper.sheet.saving import writer_lock
from scorekeeper.sheet.typed_input import Stop
from scorekeeper.sheet.yaml_edit import append_entry, remove_entry, replace_entry
from scorekeeper.sheet.yaml_lines import MAX_FILE_BYTES, loads, read_text


def _game(sheet) -> games.Game:
    return games.get(sheet.rules.game)


def _sentences(sheet) -> EntrySentences:
    """The sentences naming an entry of the sheet, in its game's word for one."""
    return _game(sheet).entry_sentences()


MAX_SAID = 3  # errors a refused change names on its one line; `check` lists them all


def _list_key(sheet) -> str:
    return _game(sheet).list_key


def _build(sheet, hand, values, options) -> dict:
    """The entry from command-line values; a bad value names the sheet it was meant for, and an
    option of another game (one the sheet's game does not declare) is refused before it reaches the builder."""
    game = _game(sheet)
    given = {name: value for name, value in options.items() if value}  # each game takes its own options
    taken = {option.name: option for option in game.record_options}
    for name in given:
        if name not in taken:
            raise InputValueError(
                M_("{option} is not used in {game}", option="--" + name.replace("_", "-"), game=game.title),
                sheet.source,
            )
    try:
        return game.build_entry(sheet, hand, values, **given)
    except InputValueError as exc:
        if exc.source is None:
            exc.source = sheet.source
        raise


class _Text:
    """The sheet's text with its newlines as "\\n" (what the edits expect), and the newline
    style it was written in ("\\r\\n", "\\r" or "\\n"), which the save gives back."""

    def __init__(self, raw: str):
        self.newline = "\r\n" if "\r\n" in raw else "\r" if "\r" in raw else "\n"
        self.text = raw.replace("\r\n", "\n").replace("\r", "\n") if self.newline != "\n" else raw

    def written(self, text: str) -> str:
        return text if self.newline == "\n" else text.replace("\n", self.newline)


def _open(path: str, target: str, rules_path):
    """Read the sheet at its real path `target` (resolved once, under the lock); messages name `path`."""
    try:
        raw = read_text(target, SheetFormatError)
    except ScorekeeperError as exc:
        if exc.source == target:
            exc.source = path
        raise
    text = _Text(raw)
    return text, load_sheet(path, rules_path, text.text)


def new_findings(before: list[Finding], after: list[Finding]) -> list[Finding]:
    """The findings of `after` that `before` did not have: compared by severity and message, not
    by line (an edit can shift the lines below it); a message there once before and twice after
    is new once."""
    seen = Counter((f.severity, in_words(f.message)) for f in before)  # a Message holds a dict: said, it is a key
    fresh = []
    for finding in after:
        key = (finding.severity, in_words(finding.message))
        if seen[key]:
            seen[key] -= 1
        else:
            fresh.append(finding)
    return fresh


def _caused(before, result, index: int) -> list[Finding]:
    """What a change must answer for, in the sheet's order: every finding on the hand it wrote
    (as before the change, when fixing a hand that was already wrong) and every finding it
    brought anywhere else (a second copas, a beneficiary twice: Art 8, Art 9)."""
    fresh = {id(f) for f in new_findings(before.findings, result.findings)}
    return [f for f in result.findings if f.hand == index or id(f) in fresh]


def _entry_data(text: str, path: str, list_key: str, index: int):
    """Entry `index` (0-based) as the sheet's YAML holds it (for the journal), or None."""
    try:
        entries = loads(text, path).get(list_key)
        return entries[index] if isinstance(entries, list) and 0 <= index < len(entries) else None
    except (ScorekeeperError, AttributeError):
        return None


class Journalled:
    """How a change goes on the record: its action (record, fix, undo), the client's change id
    (the score pad's), and for the command line, whether the same change again is applied
    (`again`) when the last one was completed after an interruption (a retry)."""

    def __init__(self, action: str, change_id: str | None = None, again: bool = False, request=None):
        self.action = action
        self.change_id = change_id
        self.again = again
        self.request = request  # the command's values, for the retry guard (None: no guard)


def _commit(session: Session, path: str, target: str, text: _Text, new_text: str, journalled: Journalled, detail):
    """Write the change to the journal, then to the sheet (Session.apply); returns the
    earlier change it repeats (nothing written) or None."""
    with open(target, "rb") as handle:
        old = handle.read()
    change = Change(
        journalled.action,
        path,
        [FileChange(path, old, text.written(new_text).encode("utf-8"))],
        detail,
        change_id=journalled.change_id,
        repeat_key=None if journalled.request is None else repr((journalled.action, journalled.request)),
        guard="interrupted",
        again=journalled.again,
    )
    applied = session.apply(change)
    return applied.repeat_of


def _said_journal(session: Session, say: Say) -> None:
    """What the journal did first (a killed run's change completed), before anything else."""
    if session.recovered or session.notices:
        say(JournalNews(tuple(session.recovered), tuple(session.notices)))


def _refusal(errors: list[Finding], hint: bool) -> Message:
    """`not recorded: ERRORS`: the first MAX_SAID errors, each with its article, and how many
    more there are (`check` lists them all); `hint`: how to record it anyway (the command line's)."""
    cited: Message | Joined = Joined(tuple(Cited(finding) for finding in errors[:MAX_SAID]), "; ")
    if len(errors) > MAX_SAID:
        cited = M_("{errors}; and {count} more", errors=cited, count=len(errors) - MAX_SAID)
    if hint:
        return M_("not recorded: {errors} (use --force to record it as written)", errors=cited)
    return M_("not recorded: {errors}", errors=cited)


def _save_checked(
    path: str,
    target: str,
    text: _Text,
    new_text: str,
    rules_path,
    index: int,
    force: bool,
    say: Say,
    before: SheetResult,
    hint: bool = True,
    *,
    session: Session,
    journalled: Journalled,
) -> SheetResult:
    """Score the sheet as it would be; refuse it when the change brings an error, on hand
    `index` or anywhere else (unless forced), else save it to `target` in the sheet's own
    newline style, on the record (the journal), and tell `say` what it caused (Saved). `before` is the
    result of the sheet as it was. Returns the saved sheet's result."""
    if len(text.written(new_text).encode("utf-8", "surrogateescape")) > MAX_FILE_BYTES:
        # Saved, it could never be read again (yaml_lines refuses a larger file): not even by undo.
        raise InputValueError(
            M_("not recorded: the sheet would be larger than {size} KiB", size=MAX_FILE_BYTES // 1024), path
        )
    result = score(load_sheet(path, rules_path, new_text))
    found = _caused(before, result, index)
    errors = [f for f in found if f.is_error]
    if errors and not force:
        raise RefusedChange(_refusal(errors, hint), path, errors)
    list_key = games.get(result.game).list_key
    detail = {
        "entry": index,
        "before": _entry_data(text.text, path, list_key, index - 1) if journalled.action == "fix" else None,
        "after": _entry_data(new_text, path, list_key, index - 1),
        "file": path,
    }
    earlier = _commit(session, path, target, text, new_text, journalled, detail)
    if earlier is not None:
        say(Repeated(earlier))
        return score(load_sheet(path, rules_path, text.text))
    say(Saved(result, index, tuple(found)))
    return result


def record_hand(
    path: str,
    hand: str,
    values: list[str],
    *,
    rules_path=None,
    force=False,
    say: Say = say_nothing,
    again=False,
    **options,
):
    """Append one hand given as command-line values. The same hand given again right after a
    run that was killed (and whose hand the journal completed) is not recorded twice, unless `again`."""
    with writer_lock(path) as target, Session(path, {target}) as session:
        _said_journal(session, say)
        text, sheet = _open(path, target, rules_path)
        before = score(sheet)
        request = (hand, tuple(values), tuple(sorted((k, repr(v)) for k, v in options.items() if v)))
        journalled = Journalled("record", again=again, request=request)
        earlier = session.repeat_of(_probe(path, journalled))
        if earlier is not None:  # the retry of a hand that a killed run saved (the journal completed it)
            say(Repeated(earlier))
            return
        if before.complete and not force:
            raise InputValueError(_sentences(sheet).complete_already, path)
        entry = _build(sheet, hand, values, options)
        new_text = append_entry(text.text, entry, path, _list_key(sheet))
        _save_checked(
            path, target, text, new_text, rules_path, len(sheet.entries) + 1, force, say, before,
            session=session, journalled=journalled,
        )  # fmt: skip


def _probe(path: str, journalled: Journalled) -> Change:
    """A change with no files, to ask the journal whether it repeats the last one."""
    with open(path, "rb") as handle:
        now = handle.read()
    return Change(
        journalled.action,
        path,
        [FileChange(path, now, None)],
        change_id=journalled.change_id,
        repeat_key=None if journalled.request is None else repr((journalled.action, journalled.request)),
        guard="interrupted",
        again=journalled.again,
    )


def fix_hand(
    path: str,
    number: int,
    hand: str,
    values: list[str],
    *,
    rules_path=None,
    force=False,
    say: Say = say_nothing,
    **options,
):
    """Replace hand `number` (1-based) with a new entry."""
    with writer_lock(path) as target, Session(path, {target}) as session:
        _said_journal(session, say)
        text, sheet = _open(path, target, rules_path)
        if not 1 <= number <= len(sheet.entries):
            message = fill(_sentences(sheet).no_such_entry, number=number, count=len(sheet.entries))
            raise InputValueError(message, path)
        entry = _build(sheet, hand, values, options)
        new_text = replace_entry(text.text, number - 1, entry, path, _list_key(sheet), _sentences(sheet).shared_text)
        _save_checked(
            path, target, text, new_text, rules_path, number, force, say, score(sheet),
            session=session, journalled=Journalled("fix"),
        )  # fmt: skip


def record_entry(
    path: str,
    entry: dict,
    *,
    expected: int | None = None,
    rules_path=None,
    say: Say = say_nothing,
    change_id: str | None = None,
):
    """Append one entry as the sheet's YAML writes it (the score pad and its API give it so),
    refused when the sheet no longer has `expected` entries (see refuse_stale) or the game is
    complete, or when it brings an error. Returns the saved sheet's result. An entry sent again
    with the `change_id` of one already saved (a retry after a lost reply) is not recorded
    again: `say` is told so, and the sheet's result as it is comes back."""
    with writer_lock(path) as target, Session(path, {target}) as session:
        _said_journal(session, say)
        journalled = Journalled("record", change_id=change_id)
        if change_id is not None:
            earlier = session.repeat_of(_probe(path, journalled))
            if earlier is not None:
                say(Repeated(earlier))
                return score(_open(path, target, rules_path)[1])
        text, sheet = _open(path, target, rules_path)
        refuse_stale(sheet, expected, path)
        before = score(sheet)
        if before.complete:
            raise InputValueError(M_("the game is complete"), path)
        new_text = append_entry(text.text, entry, path, _list_key(sheet))
        return _save_checked(
            path, target, text, new_text, rules_path, len(sheet.entries) + 1, False, say, before, hint=False,
            session=session, journalled=journalled,
        )  # fmt: skip


class Preview:
    """A sheet read once for the score pad's check as the scorer types (saving nothing, taking no
    lock): its text, the sheet and its result as they are, and `of(entry)`, what recording an
    entry would do, weighed as record_entry weighs it."""

    def __init__(self, path: str, rules_path=None):
        self.path, self.rules_path = path, rules_path
        self.text = _Text(read_text(path, SheetFormatError)).text
        self.sheet = load_sheet(path, rules_path, self.text)
        self.before = score(self.sheet)

    def of(self, entry: dict):
        """(The sheet's result with `entry`, the findings it must answer for): InputValueError
        when the game is complete, SheetFormatError when the entry is no entry of its game."""
        if self.before.complete:
            raise InputValueError(M_("the game is complete"), self.path)
        index = len(self.sheet.entries) + 1
        appended = append_entry(self.text, entry, self.path, _list_key(self.sheet))
        result = score(load_sheet(self.path, self.rules_path, appended))
        return result, _caused(self.before, result, index)


def refuse_stale(sheet, expected: int | None, path: str) -> None:
    """A change made for the sheet as it was (`expected` entries) is refused once someone else
    has recorded or removed an entry: it would record the hand twice, or in the wrong place."""
    now = len(sheet.entries)
    if expected is not None and expected != now:
        sentences = _sentences(sheet)
        if now > expected:
            message = fill(sentences.recorded_meanwhile, number=now)
        else:
            message = fill(sentences.removed_meanwhile, number=expected)
        raise StaleSheet(message, path, expected, now)


def undo_hand(
    path: str,
    rules_path=None,
    say: Say = say_nothing,
    expected: int | None = None,
    change_id: str | None = None,
    again: bool = False,
) -> None:
    """Remove the last hand entry (when the sheet still has `expected` entries, if given). The
    entry removed stays readable in the journal. An undo sent again with the id of one already
    made, or (on the command line) run again right after an undo that a killed run left and
    the journal completed, removes nothing more, unless `again`."""
    with writer_lock(path) as target, Session(path, {target}) as session:
        _said_journal(session, say)
        journalled = Journalled("undo", change_id=change_id, again=again, request=() if change_id is None else None)
        earlier = session.repeat_of(_probe(path, journalled))
        if earlier is not None:
            say(Repeated(earlier))
            return
        text, sheet = _open(path, target, rules_path)
        refuse_stale(sheet, expected, path)
        if not sheet.entries:
            raise InputValueError(_sentences(sheet).nothing_to_undo, path)
        last = sheet.entries[-1]
        list_key = _list_key(sheet)
        index = len(sheet.entries)
        new_text = remove_entry(text.text, index - 1, path, list_key, _sentences(sheet).shared_text)
        detail = {
            "entry": index,
            "before": _entry_data(text.text, path, list_key, index - 1),
            "after": None,
            "file": path,
        }
        _commit(session, path, target, text, new_text, journalled, detail)
        say(Removed(sheet.rules.game, index, getattr(last, "name", None), last.line))


def record_interactively(path: str, rules_path, ask, say: Say, show) -> None:
    """Ask hand after hand until the game is complete or the scorer stops; each hand is saved
    (atomically) as soon as it is confirmed, so an interruption loses none of them."""
    with writer_lock(path) as target, Session(path, {target}) as session:
        _said_journal(session, say)
        first = True
        while True:
            text, sheet = _open(path, target, rules_path)
            result = score(sheet)
            if result.complete:
                say(M_("The game is complete."))
                return
            game = _game(sheet)
            if first:
                say(game.interactive_help())
                first = False
            try:
                entry = game.ask_entry(sheet, ask, say)
            except (Stop, EOFError):
                say(Stopped(game.name))
                return
            new_text = append_entry(text.text, entry, path, _list_key(sheet))
            try:
                saved = _save_checked(
                    path, target, text, new_text, rules_path, len(sheet.entries) + 1, False, say, result, hint=False,
                    session=session, journalled=Journalled("record"),
                )  # fmt: skip
            except InputValueError as exc:
                say(M_("{message}; ask the hand again", message=exc.message))
                continue
            show(saved)
