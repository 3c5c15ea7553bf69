"""Changing a sheet file: record, fix and undo hands, each under the writer lock and saved
atomically, and a change that brings an error anywhere in the sheet refused unless forced."""

from __future__ import annotations

from collections import Counter

from scorekeeper import games
from scorekeeper.errors import InputValueError, RefusedChange, ScorekeeperError, SheetFormatError, StaleSheet
from scorekeeper.findings import Finding
from scorekeeper.i18n import _, in_words
from scorekeeper.journal.transaction import Change, FileChange, Session
from scorekeeper.output.editing_text import removed_line, saved_lines, stopped_line
from scorekeeper.output.journal_text import journal_lines, repeat_line
from scorekeeper.sheet.load import load_sheet, score
from scorekeeper.sheet.saving import writer_lock
from scorekeeper.sheet.typed_input import Stop
from scorekeeper.sheet.yaml_edit import append_entry, remove_entry, replace_entry
from scorekeeper.sheet.yaml_lines import MAX_FILE_BYTES, loads, read_text


def _game(sheet) -> games.Game:
    return games.get(sheet.rules.game)


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
                _("{option} is not used in {game}").format(option="--" + name.replace("_", "-"), game=game.title),
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


def _said_journal(session: Session, say) -> None:
    for line in journal_lines(session.recovered, session.notices):
        say(line)


def _save_checked(
    path: str,
    target: str,
    text: _Text,
    new_text: str,
    rules_path,
    index: int,
    force: bool,
    say,
    before,
    hint: bool = True,
    session: Session | None = None,
    journalled: Journalled | None = None,
):
    """Score the sheet as it would be; refuse it when the change brings an error, on hand
    `index` or anywhere else (unless forced), else save it to `target` in the sheet's own
    newline style, on the record (the journal), and print what it caused. `before` is the
    result of the sheet as it was. Returns the saved sheet's result."""
    if len(text.written(new_text).encode("utf-8", "surrogateescape")) > MAX_FILE_BYTES:
        # Saved, it could never be read again (yaml_lines refuses a larger file): not even by undo.
        raise InputValueError(
            _("not recorded: the sheet would be larger than {size} KiB").format(size=MAX_FILE_BYTES // 1024), path
        )
    result = score(load_sheet(path, rules_path, new_text))
    found = _caused(before, result, index)
    errors = [f for f in found if f.is_error]
    if errors and not force:
        detail = "; ".join(f"{in_words(f.message)} [{f.rule}]" for f in errors[:MAX_SAID])
        if len(errors) > MAX_SAID:
            more = len(errors) - MAX_SAID
            detail = _("{errors}; and {count} more").format(errors=detail, count=more)
        if hint:
            raise RefusedChange(
                _("not recorded: {errors} (use --force to record it as written)").format(errors=detail), path, errors
            )
        raise RefusedChange(_("not recorded: {errors}").format(errors=detail), path, errors)
    list_key = games.get(result.game).list_key
    detail = {
        "entry": index,
        "before": _entry_data(text.text, path, list_key, index - 1) if journalled.action == "fix" else None,
        "after": _entry_data(new_text, path, list_key, index - 1),
        "file": path,
    }
    earlier = _commit(session, path, target, text, new_text, journalled, detail)
    if earlier is not None:
        say(repeat_line(earlier))
        return score(load_sheet(path, rules_path, text.text))
    for line in saved_lines(result, index, found):
        say(line)
    return result


def record_hand(
    path: str, hand: str, values: list[str], *, rules_path=None, force=False, say=print, again=False, **options
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
            say(repeat_line(earlier))
            return
        if before.complete and not force:
            raise InputValueError(_complete_already(_game(sheet).entry_word[0]), path)
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
    path: str, number: int, hand: str, values: list[str], *, rules_path=None, force=False, say=print, **options
):
    """Replace hand `number` (1-based) with a new entry."""
    with writer_lock(path) as target, Session(path, {target}) as session:
        _said_journal(session, say)
        text, sheet = _open(path, target, rules_path)
        if not 1 <= number <= len(sheet.entries):
            raise InputValueError(_no_such_entry(_game(sheet).entry_word[0], number, len(sheet.entries)), path)
        entry = _build(sheet, hand, values, options)
        new_text = replace_entry(text.text, number - 1, entry, path, _list_key(sheet))
        _save_checked(
            path, target, text, new_text, rules_path, number, force, say, score(sheet),
            session=session, journalled=Journalled("fix"),
        )  # fmt: skip


def record_entry(
    path: str, entry: dict, *, expected: int | None = None, rules_path=None, say=print, change_id: str | None = None
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
                say(repeat_line(earlier))
                return score(_open(path, target, rules_path)[1])
        text, sheet = _open(path, target, rules_path)
        refuse_stale(sheet, expected, path)
        before = score(sheet)
        if before.complete:
            raise InputValueError(_("the game is complete"), path)
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
            raise InputValueError(_("the game is complete"), self.path)
        index = len(self.sheet.entries) + 1
        appended = append_entry(self.text, entry, self.path, _list_key(self.sheet))
        result = score(load_sheet(self.path, self.rules_path, appended))
        return result, _caused(self.before, result, index)


def refuse_stale(sheet, expected: int | None, path: str) -> None:
    """A change made for the sheet as it was (`expected` entries) is refused once someone else
    has recorded or removed an entry: it would record the hand twice, or in the wrong place."""
    now = len(sheet.entries)
    if expected is not None and expected != now:
        word = _game(sheet).entry_word[0]
        message = _recorded_meanwhile(word, now) if now > expected else _removed_meanwhile(word, expected)
        raise StaleSheet(message, path, expected, now)


def undo_hand(
    path: str,
    rules_path=None,
    say=print,
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
            say(repeat_line(earlier))
            return
        text, sheet = _open(path, target, rules_path)
        refuse_stale(sheet, expected, path)
        if not sheet.entries:
            raise InputValueError(_nothing_to_undo(_game(sheet).entry_word[0]), path)
        last = sheet.entries[-1]
        list_key = _list_key(sheet)
        index = len(sheet.entries)
        new_text = remove_entry(text.text, index - 1, path, list_key)
        detail = {
            "entry": index,
            "before": _entry_data(text.text, path, list_key, index - 1),
            "after": None,
            "file": path,
        }
        _commit(session, path, target, text, new_text, journalled, detail)
        game = _game(sheet)
        name = getattr(last, "name", None)
        say(removed_line(game.entry_word[0], index, None if name is None else game.entry_label(name), last.line))


def record_interactively(path: str, rules_path, ask, say, show) -> None:
    """Ask hand after hand until the game is complete or the scorer stops; each hand is saved
    (atomically) as soon as it is confirmed, so an interruption loses none of them."""
    with writer_lock(path) as target, Session(path, {target}) as session:
        _said_journal(session, say)
        first = True
        while True:
            text, sheet = _open(path, target, rules_path)
            result = score(sheet)
            if result.complete:
                say(_("The game is complete."))
                return
            game = _game(sheet)
            if first:
                say(game.interactive_help())
                first = False
            try:
                entry = game.ask_entry(sheet, ask, say)
            except (Stop, EOFError):
                say("\n" + stopped_line(game.entry_word[0]))
                return
            new_text = append_entry(text.text, entry, path, _list_key(sheet))
            try:
                saved = _save_checked(
                    path, target, text, new_text, rules_path, len(sheet.entries) + 1, False, say, result, hint=False,
                    session=session, journalled=Journalled("record"),
                )  # fmt: skip
            except InputValueError as exc:
                say(_("{message}; ask the hand again").format(message=in_words(exc.message)))
                continue
            show(saved)


# What `record`, `fix` and `undo` refuse, said of an entry whole for each game's word for it
# (Game.entry_word: a King or Truco hand, a Sueca deal, a Quatrilho entry), as the Portuguese
# words differ in gender and the sentence agrees with them.


def _complete_already(word: str) -> str:
    if word == "deal":
        return _("the game is complete; `fix` corrects a deal, `--force` adds one anyway")
    if word == "entry":
        return _("the game is complete; `fix` corrects an entry, `--force` adds one anyway")
    return _("the game is complete; `fix` corrects a hand, `--force` adds one anyway")


def _no_such_entry(word: str, number: int, count: int) -> str:
    if word == "deal":
        message = _("there is no deal {number}; the sheet has {count}")
    elif word == "entry":
        message = _("there is no entry {number}; the sheet has {count}")
    else:
        message = _("there is no hand {number}; the sheet has {count}")
    return message.format(number=number, count=count)


def _nothing_to_undo(word: str) -> str:
    if word == "deal":
        return _("there is no deal to undo")
    if word == "entry":
        return _("there is no entry to undo")
    return _("there is no hand to undo")


def _recorded_meanwhile(word: str, number: int) -> str:
    """`hand 5 was recorded meanwhile`: a form made for the sheet before entry `number`."""
    if word == "deal":
        return _("deal {number} was recorded meanwhile").format(number=number)
    if word == "entry":
        return _("entry {number} was recorded meanwhile").format(number=number)
    return _("hand {number} was recorded meanwhile").format(number=number)


def _removed_meanwhile(word: str, number: int) -> str:
    if word == "deal":
        return _("deal {number} was removed meanwhile").format(number=number)
    if word == "entry":
        return _("entry {number} was removed meanwhile").format(number=number)
    return _("hand {number} was removed meanwhile").format(number=number)
