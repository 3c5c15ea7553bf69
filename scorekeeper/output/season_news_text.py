"""What the season's exchanges print: the list published (`season qualify --publish`), what moved
in it since and which journalled change caused it (`season qualify`, `season standings`), a
union's bundle written (`season bundle`) and received (`season receive`), with what moved in the
list. The core gives them as data (core/season_exchange.py); the words are made here, a
change said as `history` says it (output/history_text.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.errors import one_line
from scorekeeper.i18n import _, decimal, ngettext, pgettext
from scorekeeper.journal.change_words import by_text
from scorekeeper.journal.history import Change
from scorekeeper.output.history_text import action_said, change_detail
from scorekeeper.output.journal_text import clock, journal_lines, notice_line
from scorekeeper.output.season_text import STATUS_WORDS
from scorekeeper.season.causes import Cause
from scorekeeper.season.published import Difference, Move, Published
from scorekeeper.season.qualification_model import RaceRow, Status

if TYPE_CHECKING:
    from scorekeeper.core.season_exchange import BundleMade, ReceiveReport, SeasonNews

MAX_FILES_SAID = 3  # files of one change named in its line
SHORT_ID = 12  # characters of a change id said (the JSON of `history` holds it whole)


def _points(value: float) -> str:
    return decimal(f"{round(value, 2):g}")


def _row(row: RaceRow | None) -> str:
    """`place 3, qualified, 10 points`: a member's row in a line."""
    if row is None:
        return pgettext("season news", "not in the list")
    return _("place {place}, {status}, {points} points").format(
        place=row.place, status=_(STATUS_WORDS[row.status]), points=_points(row.points)
    )


def move_word(move: Move) -> str:
    """How a member's row moved, in a word or two (said in the language of the call)."""
    words = {
        Move.IN: pgettext("season news", "in"),
        Move.OUT: pgettext("season news", "out"),
        Move.STATUS: pgettext("season news", "status changed"),
        Move.ADDED: pgettext("season news", "new in the list"),
        Move.REMOVED: pgettext("season news", "no longer in the list"),
        Move.PLACE: pgettext("season news", "place changed"),
        Move.POINTS: pgettext("season news", "points changed"),
    }
    return words[move]


def difference_line(difference: Difference) -> str:
    """`norte: N0004 Ana Magalhães in: place 5, reserve, 9 points -> place 3, qualified, 10 points`."""
    move = move_word(difference.move)
    return one_line(
        f"  {difference.union}: {difference.id} {difference.name} {move}: "
        f"{_row(difference.before)} -> {_row(difference.after)}"
    )


def change_line(change: Change, game: str | None) -> str:
    """One journalled change as a cause: its action and file, what it did (the entry before and
    after, in the game's words), who and when, and its id."""
    files = [change.file, *[path for path in change.files if path != change.file]]
    shown = ", ".join(files[:MAX_FILES_SAID])
    if len(files) > MAX_FILES_SAID:
        shown = _("{files} and {count} more").format(files=shown, count=len(files) - MAX_FILES_SAID)
    detail = change_detail(change, game if change.entry is not None else None)
    what = f"{action_said(change)} {shown}" + (f": {detail}" if detail else "")
    return one_line(
        _("{what}, by {who} at {when} (change {id})").format(
            what=what, who=by_text(change.by) or "?", when=clock(change.when), id=change.id[:SHORT_ID]
        )
    )


def cause_lines(cause: Cause, game: str | None) -> list[str]:
    if cause.change is None:
        return [
            one_line(
                "    "
                + _("{files}: changed outside scorekeeper since the publication (no recorded change says how)").format(
                    files=", ".join(cause.files)
                )
            )
        ]
    lines = ["    " + change_line(cause.change, game)]
    if cause.via is not None:
        lines.append(
            "      "
            + one_line(
                _("received here in {union}'s bundle at {when} (change {id})").format(
                    union=cause.via.detail.get("union", "?"), when=clock(cause.via.when), id=cause.via.id[:SHORT_ID]
                )
            )
        )
    return lines


def published_heading(published: Published) -> str:
    return one_line(
        _("Since the list was published at {when} by {who} (change {id}):").format(
            when=clock(published.when), who=by_text(dict(published.by)) or "?", id=published.change[:SHORT_ID]
        )
    )


def news_lines(news: SeasonNews | None) -> list[str]:
    """What moved since the publication (core.season_exchange.SeasonNews): nothing when the list
    is the same; else each member's difference, then the changes that caused them."""
    if news is None or not news.differences:
        return []
    lines = [notice_line(notice) for notice in news.notices]
    lines.append(published_heading(news.published))
    lines += [difference_line(difference) for difference in news.differences]
    if news.causes:
        lines.append("  " + ngettext("because of this change:", "because of these changes:", len(news.causes)))
        for cause in news.causes:
            lines += cause_lines(cause, news.game)
    return [line for line in lines if line]


def published_line(published: Published) -> str:
    """What `season qualify --publish` says."""
    rows = published.qualification.rows()
    qualified = sum(1 for row in rows if row.status is Status.QUALIFIED)
    return one_line(
        ngettext(
            "Published the list ({count} qualified) at {when} as change {id}: {path}",
            "Published the list ({count} qualified) at {when} as change {id}: {path}",
            qualified,
        ).format(count=qualified, when=clock(published.when), id=published.change[:SHORT_ID], path=published.source)
    )


def bundle_line(made: BundleMade) -> str:
    """What `season bundle` says (core.season_exchange.BundleMade)."""
    count = len(made.manifest.files)
    return one_line(
        ngettext(
            "Wrote {path}: {union}'s part of {season}, {count} file with its SHA-256 in the manifest ({size} bytes)",
            "Wrote {path}: {union}'s part of {season}, {count} files with their SHA-256 in the manifest ({size} bytes)",
            count,
        ).format(path=made.path, union=made.manifest.union, season=made.manifest.season, count=count, size=made.size)
    )


def received_lines(report: ReceiveReport) -> list[str]:
    """What `season receive` says (core.season_exchange.ReceiveReport): the journal's news, what
    was written, and what moved in the list."""
    lines = journal_lines(report.recovered, [])
    received, manifest = report.received, report.manifest
    made = _("made at {when} by {who}").format(when=clock(manifest.made), who=by_text(dict(manifest.by)) or "?")
    if received.change is None:
        lines.append(
            one_line(_("{union}'s part is already as the bundle holds it ({made}); nothing changed").format(
                union=received.union, made=made
            ))
        )  # fmt: skip
    else:
        lines.append(
            one_line(
                _(
                    "Received {union}'s part ({made}): {written} files written, {removed} removed, {same} the same "
                    "(change {id})"
                ).format(
                    union=received.union,
                    made=made,
                    written=len(received.written),
                    removed=len(received.removed),
                    same=received.same,
                    id=received.change[:SHORT_ID],
                )
            )
        )
    if report.unranked is not None:
        lines.append(one_line(_("The list could not be compared: {why}").format(why=report.unranked)))
    elif report.differences:
        lines.append(_("What moved in the list:"))
        lines += [difference_line(difference) for difference in report.differences]
    elif received.change is not None:
        lines.append(_("Nothing moved in the list."))
    return lines
