"""The changes of a championship's day (TN1, TN6), each a plain function of the tournament file:
undo the last round, mark a player absent, a penalty, a substitute, a withdrawal, a late entry,
a new spelling of a name. Each reads the file under its writer lock, refuses what cannot apply
with one line (InputValueError naming the file), and applies the file and its sheets as one
change on the record (journal.transaction, issue 24): written to the folder's journal first,
then each file, then marked done. Stopped by a signal or an error, every file is put back; killed
outright, the next command completes it before anything else, and says so in one line. The
same change again right after it (a retry after a kill) is not applied twice unless `again`.
Nothing a person wrote is deleted: a sheet with entries that a change takes out of the file is
kept beside it under another name, and the change says which.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

import yaml

from scorekeeper import games
from scorekeeper.errors import MAX_NAME, InputValueError, ScorekeeperError, quoted
from scorekeeper.i18n import M_, Mn_, _
from scorekeeper.journal.transaction import Change, FileChange, Session, current
from scorekeeper.names import name_problem, text_problem
from scorekeeper.sheet.load import load_sheet, score
from scorekeeper.sheet.saving import writer_lock
from scorekeeper.sheet.yaml_edit import _comments_in, _compose, _node_end, flow, remove_entry
from scorekeeper.sheet.yaml_lines import MAX_FILE_BYTES
from scorekeeper.tournaments import drawn_sheets, member_check
from scorekeeper.tournaments.day_reports import (
    DayChange,
    Done,
    Entered,
    JournalNews,
    MarkedAbsent,
    Penalised,
    Renamed,
    RoundUndone,
    Substituted,
    Withdrawn,
)
from scorekeeper.tournaments.model import Round, Table, Tournament
from scorekeeper.tournaments.tournament_file import parse, read_tournament_text, sheet_path

MAX_PENALTY = 1000  # as the file's reader bounds a penalty's points


def journal_news(session: Session) -> JournalNews:
    return JournalNews(tuple(session.recovered), tuple(session.notices))


@dataclass
class _Plan:
    """A change worked out: the file's new text, the sheets to write (path, new text, the text
    it must still hold or None for a new one), the sheets to set aside (path, kept as), those to
    remove (still as the draw wrote them: left when someone wrote them meanwhile), and what it
    did; `told(skipped)`, when given, says it once the sheets left as they were are known (said as done)."""

    text: str
    writes: list[tuple[str, str, str | None]] = field(default_factory=list)
    aside: list[tuple[str, str]] = field(default_factory=list)
    remove: list[str] = field(default_factory=list)
    done: Done | None = None
    told: Callable[[list[str]], Done] | None = None
    detail: dict[str, object] = field(default_factory=dict)


def _changed(
    path: str,
    action: str,
    request: Callable[[Tournament], dict[str, object]],
    plan: Callable[[Tournament, str], _Plan],
    again: bool = False,
) -> DayChange:
    """Read the file under its writer lock (after the journal completed what a killed run left),
    work out the change (`plan(tournament, text)`), check that the new text reads back as a
    tournament file, and apply it on the record. `request(tournament)` is what was asked, as
    data: the journal's detail and, normalized, what makes a retry the same change."""

    with writer_lock(path) as target, Session(refuse_missing(target, path), {target}) as session:
        news = journal_news(session)
        try:
            text = read_tournament_text(target, path)
            tournament = parse(text, path)
            asked = request(tournament)
            key = repr((action, sorted(asked.items())))
            with open(target, "rb") as handle:
                now = handle.read()
            # A day command is never applied twice by mistake (issue 24): the same request right
            # after the same change (a retry after a kill) says so, unless `again`.
            probe = Change(action, path, [FileChange(path, now, None)], repeat_key=key, guard="always", again=again)
            earlier = session.repeat_of(probe)
            if earlier is not None:
                return DayChange(news, repeat=earlier)
            planned = plan(tournament, text)
            after = parse(planned.text, path)  # what every command reads next: never write a file they refuse
            member_check.refuse_brought_in(tournament, after)  # a player who may not play (Art 2, TN8, TN14)
            change = _change(tournament, action, path, now, planned, asked, key, again)
            applied = session.apply(change)
        except ScorekeeperError as exc:
            exc.journal_news = news  # the completed change is said even when this one is refused
            raise
    done = planned.told(applied.skipped) if planned.told is not None else planned.done
    return DayChange(news, done)


def refuse_missing(target: str, path: str) -> str:
    """`path`, once its file is known to be there: a mistyped name is refused before a journal
    is opened, and so never leaves one in a folder that holds no tournament."""
    if not os.path.lexists(target):
        read_tournament_text(target, path)  # raises: no such file, named as typed
    return path


def _named(tournament: Tournament, path: str) -> str:
    """A file as the journal's detail names it: relative to the tournament file's folder."""
    return os.path.relpath(path, os.path.dirname(tournament.source) or os.curdir)


def _change(tournament: Tournament, action: str, path: str, now: bytes, plan: _Plan, asked, key, again) -> Change:
    """The plan as one change of content before and after: each sheet written (it must still
    hold the text it was worked out from; a new one must not exist), each set aside (kept as
    created first, then the sheet removed: at no moment is it nowhere), each removed (optional:
    one written meanwhile is kept), then the tournament file."""
    files: list[FileChange] = []
    does: list[dict] = []
    for where, new_text, old_text in plan.writes:
        before = current(where)
        if old_text is None and before is not None:
            raise InputValueError(M_("{path}: already exists; a change of the day never replaces a sheet", path=where))
        if old_text is not None and (before is None or before.decode("utf-8", "replace") != old_text):
            raise InputValueError(M_("{path}: changed while this change was worked out; try again", path=where))
        files.append(FileChange(where, before, new_text.encode("utf-8")))
        does.append({"file": _named(tournament, where), "does": "created" if old_text is None else "rewritten"})
    for where, kept in plan.aside:
        if os.path.lexists(kept):
            raise InputValueError(
                M_("{path}: already exists; move it, and the sheet is kept under that name", path=kept)
            )
        content = current(where)
        if content is None:
            raise InputValueError(M_("{path}: changed while this change was worked out; try again", path=where))
        files += [FileChange(kept, None, content), FileChange(where, content, None)]
        does.append({"file": _named(tournament, where), "does": "set_aside", "kept_as": _named(tournament, kept)})
    for where in plan.remove:
        content = current(where)
        if content is None:
            continue
        files.append(FileChange(where, content, None, optional=True))
        does.append({"file": _named(tournament, where), "does": "removed_if_empty"})
    files.append(FileChange(path, now, plan.text.encode("utf-8")))
    does.append({"file": _named(tournament, path), "does": "rewritten"})
    detail = {**asked, **plan.detail, "files": does}
    return Change(action, path, files, detail, repeat_key=key, guard="always", again=again)


def _read(path: str) -> str | None:
    """A sheet's whole text (a sheet is at most MAX_FILE_BYTES: a rename rewrites all of it), or None."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError:
        return None
    if len(raw) > MAX_FILE_BYTES:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


# --- the file's text, edited where it says what changes --------------------------------------


def _root(text: str, source: str):

    return _compose(text, source)


def _value(node, key: str):
    """The value node of `key` in a mapping node, or None."""
    if isinstance(node, yaml.MappingNode):
        for key_node, value in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == key:
                return value
    return None


def _round_nodes(root) -> list:
    rounds = _value(root, "rounds")
    return list(rounds.value) if isinstance(rounds, yaml.SequenceNode) else []


def _flow(value) -> str:

    return flow(value)


def _end(text: str, node) -> int:

    return _node_end(text, node)


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    """The text with each (start, end, new) replaced, from the last one back."""
    for start, end, new in sorted(edits, key=lambda edit: (edit[0], edit[1]), reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _set_key(text: str, mapping, key: str, value_text: str, before: str | None = None) -> tuple[int, int, str]:
    """An edit that gives `key` the value `value_text` in a mapping node: its value replaced when
    it has the key; else a line of its own (before the key `before`, else after the mapping's
    last line), or `, key: value` at the end of a flow mapping."""
    value = _value(mapping, key)
    if value is not None:
        if value.end_mark.index == value.start_mark.index:  # `key:` with nothing after it
            return value.start_mark.index, value.start_mark.index, " " + value_text
        if isinstance(value, (yaml.SequenceNode, yaml.MappingNode)) and not value.flow_style:
            colon = text.index(":", _value_key(mapping, key).end_mark.index) + 1  # a block list: on the key's line
            return colon, _end(text, value), " " + value_text
        return value.start_mark.index, _end(text, value), value_text
    if mapping.flow_style:
        close = _end(text, mapping) - 1  # its `}`
        return close, close, f", {key}: {value_text}"
    indent = " " * mapping.value[0][0].start_mark.column
    later = _value_key(mapping, before)
    if later is not None:
        start = text.rfind("\n", 0, later.start_mark.index) + 1
        return start, start, f"{indent}{key}: {value_text}\n"
    end = text.find("\n", _end(text, mapping))
    end = len(text) if end == -1 else end
    return end, end, f"\n{indent}{key}: {value_text}"


def _value_key(mapping, key: str | None):
    for key_node, _value_node in mapping.value:
        if key is not None and isinstance(key_node, yaml.ScalarNode) and key_node.value == key:
            return key_node
    return None


def _replace_node(text: str, node, new: str, comment: str | None = None) -> tuple[int, int, str]:
    """An edit that writes `new` (one flow line) in place of a node, keeping the comments written
    inside it; `comment` is added after it when its line has none."""

    start, end = node.start_mark.index, _end(text, node)
    comments = _comments_in(text, start, end)
    line_end = text.find("\n", end)
    rest = text[end : len(text) if line_end == -1 else line_end]
    if comment is not None and "#" not in rest and not comments:
        comments = [f"# {comment}"]
    if comments:
        new += "  " + "  ".join(comments)
        if rest.strip() and not rest.strip().startswith("#"):
            new += "\n" + " " * node.start_mark.column
    return start, end, new


def _table_mapping(table: Table, players: list[str], absent: list[str], sheet: str | None) -> dict:
    item = {"table": table.table, "players": players}
    if sheet is not None:
        item["sheet"] = sheet
    if absent:
        item["absent"] = absent
    return item


# --- who the change is about -------------------------------------------------------------------


def _game(tournament: Tournament):
    return games.get(tournament.rules.game)


def _players_game(tournament: Tournament, command: str) -> None:
    """The changes of one player's standing refuse a team game: its standings are the teams'
    matches (TN3, TN4), and its round robin is fixed by its groups."""
    if _game(tournament).seating is games.Seating.TEAMS:
        raise InputValueError(
            M_(
                "{rules} is played by teams, whose standings are their matches': `tournament "
                "{command}` is for a players' game (a team's name: `tournament rename`)",
                rules=tournament.rules.name,
                command=command,
            ),
            tournament.source,
        )


def _round(tournament: Tournament, number: int | None) -> Round:
    """Round `number` (the last drawn when None); refused when not drawn."""
    if not tournament.rounds:
        raise InputValueError(M_("no round is drawn yet"), tournament.source)
    if number is None:
        return tournament.rounds[-1]
    if not 1 <= number <= len(tournament.rounds):
        raise _not_drawn(tournament, number)
    return tournament.rounds[number - 1]


def _not_drawn(tournament: Tournament, number: int) -> InputValueError:
    count = len(tournament.rounds)
    return InputValueError(
        Mn_(
            "round {number} is not drawn: the file holds {count} round",
            "round {number} is not drawn: the file holds {count} rounds",
            count,
            number=number,
            count=count,
        ),
        tournament.source,
    )


def _player(tournament: Tournament, name: str) -> None:
    if name not in tournament.players:
        raise InputValueError(M_("{name} is not one of the players", name=quoted(name)), tournament.source)


def _new_name(tournament: Tournament, name: str) -> None:
    """A name the file will hold: the name rule (names.name_problem), and no one's already."""
    problem = name_problem(name)
    if problem is not None:
        raise InputValueError(problem, tournament.source)
    taken = {*tournament.players, *tournament.teams, *(p for members in tournament.teams.values() for p in members)}
    if name in taken:
        raise InputValueError(M_("{name} is already in the tournament", name=quoted(name)), tournament.source)


def _asked_round(tournament: Tournament, number: int | None) -> int:
    """The round a request names, as data: the last drawn when not given (never refused here:
    the change itself refuses a round not drawn)."""
    return number if number is not None else len(tournament.rounds)


def _named_sheets(round_: Round) -> list[str]:
    """The sheets a round's tables, then its matches, name (a table not handed in names none)."""
    sheets = [table.sheet for table in round_.tables if table.sheet is not None]
    return sheets + [match.sheet for match in round_.matches if match.sheet is not None]


def _table_of(round_: Round, name: str) -> int | None:
    return next((index for index, table in enumerate(round_.tables) if name in table.players), None)


def _played(tournament: Tournament, path: str) -> bool:
    """Whether a sheet on disk holds anything but what a draw writes (an entry, a changed header)."""
    return os.path.lexists(path) and not drawn_sheets.is_untouched(tournament, path)


def _kept_name(sheet_path_: str, why: str) -> str:
    """Where a sheet taken out of the file is kept: beside it, `r2-mesa1.yaml` as
    `r2-mesa1.absent.yaml` (never a name the draw gives, so never a leftover)."""
    stem, ext = os.path.splitext(sheet_path_)
    return f"{stem}.{why}{ext or '.yaml'}"


# --- the commands ------------------------------------------------------------------------------


def undo(path: str, force: bool = False, again: bool = False) -> DayChange:
    """`tournament undo`: the last round taken out of the file, with its still-empty sheets (an
    extra round of Art 23, drawn with it, goes too). A sheet with entries refuses it; with
    `force` the round goes and such a sheet is kept beside the file as `rN-mesaK.undone.yaml`."""

    def plan(tournament: Tournament, text: str) -> _Plan:

        if not tournament.rounds:
            raise InputValueError(M_("no round is drawn yet: nothing to undo"), tournament.source)
        rounds = tournament.rounds[-1:]
        if rounds[0].stage == "extra" and len(tournament.rounds) > 1:
            rounds = tournament.rounds[-2:]  # drawn together (Art 23): undone together
        plan, kept = _Plan(text), []
        for round_ in rounds:
            for sheet in _named_sheets(round_):
                where = sheet_path(tournament, sheet)
                if not os.path.lexists(where):
                    continue
                if not _played(tournament, where):
                    plan.remove.append(where)
                elif not force:
                    raise InputValueError(
                        M_(
                            "round {number}: {sheet} has entries already; `--force` undoes the round "
                            "and keeps the sheet as {kept}",
                            number=round_.number,
                            sheet=sheet,
                            kept=_kept_name(sheet, "undone"),
                        ),
                        tournament.source,
                    )
                else:
                    plan.aside.append((where, _kept_name(where, "undone")))
                    kept.append((sheet, _kept_name(sheet, "undone")))
        for round_ in reversed(rounds):
            plan.text = remove_entry(plan.text, round_.number - 1, tournament.source, "rounds")
        plan.detail = {"rounds": [r.number for r in rounds]}

        def told(skipped: list[str]) -> RoundUndone:
            # Said as done (issue 24): a sheet written meanwhile is kept, and not counted as removed.
            return RoundUndone(
                tuple(r.number for r in rounds),
                tournament.source,
                len(plan.remove) - len(skipped),
                tuple(kept),  # named as the file names its sheets: beside it
                tuple(os.path.basename(sheet) for sheet in skipped),
            )

        plan.told = told
        return plan

    return _changed(path, "tournament-undo", lambda _t: {"force": force}, plan, again)


def penalty(
    path: str, name: str, points: float, article: str, number: int | None = None, again: bool = False
) -> DayChange:
    """`tournament penalty`: points taken from (or given to) a player in the general
    classification, on a round (the last drawn by default), citing its article (TN1: a
    spectator's denunciation, Art 14, -2.5)."""

    def plan(tournament: Tournament, text: str) -> _Plan:
        _players_game(tournament, "penalty")
        _player(tournament, name)
        round_ = _round(tournament, number)
        if not tournament.plays_in(name, round_.number):
            raise InputValueError(
                M_("{name} does not play in round {number}", name=quoted(name), number=round_.number),
                tournament.source,
            )
        if points != points or abs(points) > MAX_PENALTY or points == 0:
            raise InputValueError(
                M_(
                    "a penalty of {points} points: expected a number other than 0, at most {most} either way",
                    points=quoted(points),
                    most=MAX_PENALTY,
                ),
                tournament.source,
            )
        said = article.strip()
        if not said or len(said) > MAX_NAME:
            raise InputValueError(M_('--article: which article? (e.g. "Art 14")'), tournament.source)
        problem = text_problem(said)
        if problem is not None:
            raise InputValueError(M_("--article: {problem}", problem=problem), tournament.source)
        value = int(points) if float(points).is_integer() else float(points)
        item = {"player": name, "points": value, "article": said}
        node = _round_nodes(_root(text, tournament.source))[round_.number - 1]
        listed = _value(node, "penalties")
        if isinstance(listed, yaml.SequenceNode) and listed.value and not listed.flow_style:
            last = listed.value[-1]
            end = text.find("\n", _end(text, last))
            end = len(text) if end == -1 else end
            edit = (end, end, f"\n{' ' * listed.start_mark.column}- {_flow(item)}")
        else:
            before = [{"player": p.player, "points": _plain(p.points), "article": p.article} for p in round_.penalties]
            edit = _set_key(text, node, "penalties", _flow([*before, item]), before="search")
        plan = _Plan(_apply(text, [edit]))
        plan.done = Penalised(tournament.source, round_.number, name, value, said)
        return plan

    return _changed(
        path,
        "penalty",
        lambda t: {"player": name, "points": points, "article": article.strip(), "round": _asked_round(t, number)},
        plan,
        again,
    )


def _plain(points: float):
    return int(points) if float(points).is_integer() else points


def absent(path: str, name: str, number: int | None = None, again: bool = False) -> DayChange:
    """`tournament absent`: a player who did not turn up to a round's table (the last drawn by
    default): the table is not played (King Art 7, TN1: 0 to him, the bye's value to the three
    present). Its sheet leaves the file and is kept beside it as `rN-mesaK.absent.yaml`."""

    def plan(tournament: Tournament, text: str) -> _Plan:
        game = _game(tournament)
        _players_game(tournament, "absent")
        if game.absence_rule is None:
            raise InputValueError(
                M_(
                    "{rules}: an absence is written on the table's sheet, not in the tournament file "
                    "(a player late or out of the round)",
                    rules=tournament.rules.name,
                ),
                tournament.source,
            )
        _player(tournament, name)
        round_ = _round(tournament, number)
        index = _table_of(round_, name)
        if index is None:
            said = (
                M_("{name} has a bye in round {number}", name=quoted(name), number=round_.number)
                if name in round_.byes
                else M_("{name} has no table in round {number}", name=quoted(name), number=round_.number)
            )
            raise InputValueError(said, tournament.source)
        table = round_.tables[index]
        if name in table.absent:
            raise InputValueError(
                M_(
                    "round {number}, table {table}: {name} is marked absent already",
                    number=round_.number,
                    table=table.table,
                    name=quoted(name),
                ),
                tournament.source,
            )
        plan = _Plan(text)
        comment = _("not played ({article})").format(article=game.absence_rule)
        if table.sheet is not None:
            where = sheet_path(tournament, table.sheet)
            if os.path.lexists(where):
                kept = _kept_name(table.sheet, "absent")
                plan.aside.append((where, sheet_path(tournament, kept)))
                comment = _("not played ({article}): its sheet kept as {kept}").format(
                    article=game.absence_rule, kept=kept
                )
        node = _round_nodes(_root(text, tournament.source))[round_.number - 1]
        table_node = _value(node, "tables").value[index]
        mapping = _table_mapping(table, table.players, [*table.absent, name], None)
        plan.text = _apply(text, [_replace_node(text, table_node, _flow(mapping), comment)])
        kept_as = os.path.basename(plan.aside[0][1]) if plan.aside else None
        plan.done = MarkedAbsent(name, round_.number, table.table, game.absence_rule, table.sheet, kept_as)
        return plan

    return _changed(path, "absent", lambda t: {"player": name, "round": _asked_round(t, number)}, plan, again)


def substitute(path: str, old: str, new: str, number: int | None = None, again: bool = False) -> DayChange:
    """`tournament substitute`: from round `number` (the last drawn by default; the next one
    when none is) NEW takes OLD's seat, with a standing of his own (King Art 7: "passa a ter os
    mesmos direitos ... podendo sagrar-se campeao"); OLD keeps what he scored (TN6). The
    tables of that round on that are not played yet get NEW in OLD's place, their empty sheets
    written again for their players; a table OLD was absent from is played again, with an empty
    sheet. A sheet OLD has played refuses it (a substitute comes from that round on)."""

    def plan(tournament: Tournament, text: str) -> _Plan:
        _players_game(tournament, "substitute")
        _player(tournament, old)
        _new_name(tournament, new)
        first = number if number is not None else max(len(tournament.rounds), 1)
        if not 1 <= first <= len(tournament.rounds) + 1:
            raise _not_drawn(tournament, first)
        if not tournament.plays_in(old, first):
            raise InputValueError(
                M_("{name} does not play in round {number}", name=quoted(old), number=first), tournament.source
            )
        root = _root(text, tournament.source)
        nodes = _round_nodes(root)
        plan, edits, tables = _Plan(text), [], 0
        for round_ in tournament.rounds[first - 1 :]:
            node = nodes[round_.number - 1]
            if old in round_.byes:
                edits.append(_set_key(text, node, "byes", _flow([new if n == old else n for n in round_.byes])))
            index = _table_of(round_, old)
            if index is None:
                continue
            table = round_.tables[index]
            players = [new if n == old else n for n in table.players]
            absent_now = [n for n in table.absent if n != old]
            sheet = _seat_substitute(tournament, round_, table, old, players, plan) if not absent_now else table.sheet
            mapping = _table_mapping(table, players, absent_now, sheet)
            edits.append(_replace_node(text, _value(node, "tables").value[index], _flow(mapping)))
            tables += 1
        edits.append(_set_key(text, root, "players", _flow([*tournament.players, new])))
        entries = {n: {"for": o, "round": r} for n, (o, r) in tournament.substitutes.items()}
        entries[new] = {"for": old, "round": first}
        edits.append(_set_key(text, root, "substitutes", _flow(entries), before="rounds"))
        plan.text = _apply(text, edits)
        plan.done = Substituted(new, old, first, tournament.source, tables)
        return plan

    return _changed(
        path,
        "substitute",
        lambda t: {"old": old, "new": new, "round": number if number is not None else max(len(t.rounds), 1)},
        plan,
        again,
    )


def _seat_substitute(
    tournament: Tournament, round_: Round, table: Table, old: str, players: list[str], plan: _Plan
) -> str | None:
    """The substitute seated at a table where every player is present (King Art 7): its empty
    sheet written again for its players, or a new one when the table was not played (an absence)
    or has no sheet yet; refused when OLD has played its sheet. The sheet the file then names."""
    sheet = table.sheet
    where = sheet_path(tournament, sheet) if sheet is not None else None
    if where is not None and not table.absent and _played(tournament, where):
        raise InputValueError(
            M_(
                "round {number}, table {table}: {sheet} has entries, {name} played it: name "
                "the substitute from round {next} (--round {next})",
                number=round_.number,
                table=table.table,
                sheet=sheet,
                name=quoted(old),
                next=round_.number + 1,
            ),
            tournament.source,
        )
    fresh = drawn_sheets.new_sheet(tournament, _game(tournament), players, table.table, round_.number)
    if where is not None and not table.absent and os.path.lexists(where):
        plan.writes.append((where, fresh, _read(where)))  # untouched: written again for its players
        return sheet
    if sheet is None or table.absent:
        kept = where is not None and not os.path.lexists(where)  # the absent table's name is free again
        sheet = sheet if kept and sheet is not None else drawn_sheets.sheet_name(round_.number, table.table)
        plan.writes.append((sheet_path(tournament, sheet), fresh, None))
    return sheet


def withdraw(path: str, name: str, again: bool = False) -> DayChange:
    """`tournament withdraw`: a player drawn no more from the next round on; he keeps what he
    scored (TN6)."""

    def plan(tournament: Tournament, text: str) -> _Plan:
        _players_game(tournament, "withdraw")
        _player(tournament, name)
        following = len(tournament.rounds) + 1
        if not tournament.plays_in(name, following):
            raise InputValueError(
                M_("{name} is not drawn in round {number} already", name=quoted(name), number=following),
                tournament.source,
            )
        root = _root(text, tournament.source)
        changed = {**tournament.withdrawn, name: following}
        plan = _Plan(_apply(text, [_set_key(text, root, "withdrawn", _flow(changed), before="rounds")]))
        plan.done = Withdrawn(name, tournament.source, following)
        return plan

    return _changed(path, "withdraw", lambda _t: {"player": name}, plan, again)


def add(path: str, name: str, again: bool = False) -> DayChange:
    """`tournament add`: a late entry, drawn from the next round, with no result for the rounds
    before (TN6). A game whose regulation closes late entries (Quatrilho Art 5: until the first
    round after lunch) refuses one past the file's `entries_until:`, and warns when the file does
    not say which round that is."""

    def plan(tournament: Tournament, text: str) -> _Plan:
        rule = _game(tournament).late_entry_rule
        _players_game(tournament, "add")
        _new_name(tournament, name)
        following = len(tournament.rounds) + 1
        until = tournament.entries_until
        if until is not None and following > until:
            raise InputValueError(
                M_(
                    "entries closed after round {until} (entries_until: {until}{article}): {name} "
                    "would be drawn from round {number}",
                    until=until,
                    article=f", {rule}" if rule else "",
                    name=quoted(name),
                    number=following,
                ),
                tournament.source,
            )
        root = _root(text, tournament.source)
        edits = [_set_key(text, root, "players", _flow([*tournament.players, name]))]
        if following > 1:
            changed = {**tournament.entered, name: following}
            edits.append(_set_key(text, root, "entered", _flow(changed), before="rounds"))
        plan = _Plan(_apply(text, edits))
        unbounded = rule if rule is not None and until is None and following > 1 else None
        plan.done = Entered(name, tournament.source, following, unbounded)
        return plan

    return _changed(path, "add", lambda _t: {"player": name}, plan, again)


def rename(path: str, old: str, new: str, again: bool = False) -> DayChange:
    """`tournament rename`: a player's (or a team's) new spelling, in the file and in every sheet
    that names him; no result changes (TN6). Each sheet is scored before and after: a sheet
    whose results would change otherwise than by the name refuses it."""

    def plan(tournament: Tournament, text: str) -> _Plan:
        members = {p for team in tournament.teams.values() for p in team}
        if old not in tournament.players and old not in tournament.teams and old not in members:
            raise InputValueError(M_("{name} is not in the tournament", name=quoted(old)), tournament.source)
        _new_name(tournament, new)
        root = _root(text, tournament.source)
        edits = [(node.start_mark.index, node.end_mark.index, _flow(new)) for node in _file_names(root, old)]
        plan = _Plan(_apply(text, edits))
        seen = set()
        for round_ in tournament.rounds:
            for sheet in _named_sheets(round_):
                if sheet in seen:
                    continue
                seen.add(sheet)
                where = sheet_path(tournament, sheet)
                renamed = _renamed_sheet(tournament, where, old, new)
                if renamed is not None:
                    plan.writes.append((where, renamed[1], renamed[0]))
        plan.done = Renamed(old, new, tournament.source, len(plan.writes))
        return plan

    return _changed(path, "rename", lambda _t: {"old": old, "new": new}, plan, again)


# Where the tournament file writes a name: (key path from the root, each step a key, "*" for
# every item of a list, "=" for every key of a mapping, "~" for every value of a mapping).
_NAME_PLACES = (
    ("players", "*"),
    ("teams", "="),
    ("teams", "~", "*"),
    ("groups", "~", "*"),
    ("withdrawn", "="),
    ("entered", "="),
    ("substitutes", "="),
    ("substitutes", "~", "for"),
    ("rounds", "*", "byes", "*"),
    ("rounds", "*", "disqualified", "*"),
    ("rounds", "*", "tables", "*", "players", "*"),
    ("rounds", "*", "tables", "*", "absent", "*"),
    ("rounds", "*", "matches", "*", "teams", "*"),
    ("rounds", "*", "penalties", "*", "player"),
)


def _file_names(root, name: str) -> list:
    """The scalar nodes of the tournament file that name `name`, each once."""
    found: dict[int, object] = {}
    for place in _NAME_PLACES:
        nodes = [root]
        for step in place:
            following = []
            for node in nodes:
                if step == "*" and isinstance(node, yaml.SequenceNode):
                    following += node.value
                elif step in "=~" and isinstance(node, yaml.MappingNode):
                    following += [pair[0 if step == "=" else 1] for pair in node.value]
                elif step not in "*=~":
                    value = _value(node, step)
                    if value is not None:
                        following.append(value)
            nodes = following
        for node in nodes:
            if isinstance(node, yaml.ScalarNode) and node.value == name:
                found[id(node)] = node
    return list(found.values())


def _renamed_sheet(tournament: Tournament, where: str, old: str, new: str) -> tuple[str, str] | None:
    """A sheet's text and its text with `old` renamed `new` (its players, scorer, and every name
    its entries give), or None when it does not name him or is not in (a missing or unreadable
    sheet is left as it is: check reports it). Refused when the renamed sheet would score
    otherwise than the old one with the name changed."""

    if not os.path.isfile(where) or os.path.islink(where):
        return None
    text = _read(where)
    if text is None or old not in text:
        return None
    try:
        root = _root(text, where)
    except ScorekeeperError:
        return None
    nodes = _sheet_names(root, old)
    if not nodes:
        return None
    renamed = _apply(text, [(node.start_mark.index, node.end_mark.index, _flow(new)) for node in nodes])
    try:
        before = score(load_sheet(where, text=text))
    except ScorekeeperError:
        return None  # a sheet that cannot be read is not changed: `tournament check` names it
    try:
        after = score(load_sheet(where, text=renamed))
    except ScorekeeperError as exc:
        raise InputValueError(
            M_("{sheet}: renamed, it would not read ({error}); rename it by hand", sheet=where, error=exc.message)
        ) from None
    spelled = {old: new}
    if [spelled.get(p, p) for p in before.players] != list(after.players) or {
        spelled.get(k, k): v for k, v in before.totals.items()
    } != dict(after.totals):
        raise InputValueError(M_("{sheet}: renamed, its results would change; rename it by hand", sheet=where))
    return text, renamed


SHEET_HEADER_NAMES = ("players", "scorer", "teams")  # a sheet's header keys whose values are names


def _sheet_names(root, name: str) -> list:
    """The scalar nodes of a sheet that name `name`: in its players (or teams), its scorer, and
    anywhere in its entries but their own keys (`hand:`, `counts:`: never a name); the result
    is checked by scoring (_renamed_sheet)."""
    if not isinstance(root, yaml.MappingNode):
        return []
    found: dict[int, object] = {}
    stack = []
    for key, value in root.value:
        if not isinstance(key, yaml.ScalarNode):
            continue
        if key.value in SHEET_HEADER_NAMES:
            stack.append((value, True))
        elif isinstance(value, yaml.SequenceNode):  # hands, deals
            stack += [(entry, False) for entry in value.value]
    while stack:
        node, keys_are_names = stack.pop()
        if isinstance(node, yaml.ScalarNode):
            if node.value == name:
                found[id(node)] = node
        elif isinstance(node, yaml.SequenceNode):
            stack += [(item, True) for item in node.value]
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if keys_are_names:
                    stack.append((key, True))
                stack.append((value, True))
    return list(found.values())
