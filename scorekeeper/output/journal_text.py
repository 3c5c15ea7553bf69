"""What the journal's own events say, a line each: a change a killed run left, completed (or in
conflict); a journal set aside or ignored; a change not applied again because it repeats one
already done. The journal returns them as data (journal.transaction.Recovered, store.Notice,
a Record); the words are made here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import one_line
from scorekeeper.i18n import _, decimal, ngettext
from scorekeeper.journal.change_words import action_word as action_word  # every history says its words (a workbook too)
from scorekeeper.journal.change_words import season_subject

if TYPE_CHECKING:  # `check` says a journal's lines without loading the journal's code
    from scorekeeper.journal.store import Notice, Record
    from scorekeeper.journal.transaction import Recovered


def clock(when: str) -> str:
    """`15:42:07` of a journal time (`2026-12-03T15:42:07+00:00`) in this machine's time zone; the
    date too when it is not today here."""
    import datetime  # lazy: only a line about the journal needs it

    from scorekeeper.journal.moments import here  # lazy: as datetime

    moment = here(when)
    if moment is None:
        return str(when)
    if moment.date() == datetime.datetime.now(moment.tzinfo).date():
        return moment.strftime("%H:%M:%S")
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _what(action: str, detail: object) -> str:
    """The change's subject, from its detail: `P40 to Q40`, `Duarte -2.5`, `hand 5`, a file."""
    if not isinstance(detail, dict):
        return ""
    if action == "rename" and "old" in detail and "new" in detail:
        return _("{old} to {new}").format(old=detail["old"], new=detail["new"])
    told = tournament_subject(action, detail)
    if told is not None:
        return told
    if "summary" in detail:
        return str(detail["summary"])
    if isinstance(detail.get("entry"), int):
        return _("entry {number}").format(number=detail["entry"])
    return str(detail.get("file", ""))


def tournament_subject(action: str, detail: Mapping[str, Any]) -> str | None:
    """A day command's or a draw's subject, from the request its detail holds (day_changes,
    core.tournament.draw): `Duarte -2.5, round 2`, `Zeca for Gil from round 3`, `round 4`; a
    season's agreement or decision (journal.change_words.season_subject)."""
    season = season_subject(action, detail)
    if season is not None:
        return season
    player, number = detail.get("player"), detail.get("round")
    try:
        if action == "penalty" and player is not None and isinstance(detail.get("points"), (int, float)):
            return _("{name} {points}, round {number}").format(
                name=player, points=decimal(f"{detail['points']:+g}"), number=number
            )
        if action == "absent" and player is not None:
            return _("{name}, round {number}").format(name=player, number=number)
        if action == "substitute" and "old" in detail and "new" in detail:
            return _("{new} for {old} from round {number}").format(new=detail["new"], old=detail["old"], number=number)
        if action in ("withdraw", "add") and player is not None:
            return str(player)
        if action == "tournament-undo" and isinstance(detail.get("rounds"), list):
            rounds = [int(n) for n in detail["rounds"]]
            return ngettext("round {numbers}", "rounds {numbers}", len(rounds)).format(
                numbers=" ".join(map(str, rounds))
            )
        if action == "draw" and isinstance(number, int):
            return _("round {number}").format(number=number)
    except (TypeError, ValueError):
        return None  # a journal written by hand: said without its subject
    return None


def recovered_line(recovered: Recovered) -> str:
    """`completed the interrupted rename of P40 to Q40, begun 15:42:07`."""
    what = _what(recovered.action, recovered.detail)
    action = action_word(recovered.action)
    if recovered.conflicts:
        message = _(
            "could not complete the interrupted {action} ({what}), begun {when}: {files} changed outside "
            "scorekeeper since; left as they are"
        ).format(action=action, what=what, when=clock(recovered.began), files=", ".join(recovered.conflicts))
    elif what:
        message = _("completed the interrupted {action} ({what}), begun {when}").format(
            action=action, what=what, when=clock(recovered.began)
        )
    else:
        message = _("completed the interrupted {action}, begun {when}").format(
            action=action, when=clock(recovered.began)
        )
    return one_line(message)


def notice_line(notice: Notice) -> str:
    """A journal that could not be used as it was, said in one line."""
    journal = f"{notice.folder}/.scorekeeper-journal.sqlite" if notice.folder not in ("", ".") else (
        ".scorekeeper-journal.sqlite"
    )  # fmt: skip
    if notice.code == "set_aside":
        message = _("{journal}: not a journal scorekeeper can use; set aside as {name}, a new one started").format(
            journal=journal, name=notice.detail
        )
    elif notice.code == "adopted":
        count = int(notice.detail or 0)
        message = ngettext(
            "{journal}: made in another folder; kept, and its {count} unfinished change is not applied here",
            "{journal}: made in another folder; kept, and its {count} unfinished changes are not applied here",
            count,
        ).format(journal=journal, count=count)
        if not count:
            return ""
    elif notice.code == "foreign_pending":
        count = int(notice.detail or 0)
        message = ngettext(
            "{journal}: made in another folder; its {count} unfinished change is not applied here",
            "{journal}: made in another folder; its {count} unfinished changes are not applied here",
            count,
        ).format(journal=journal, count=count)
    else:
        message = _("{journal}: not a journal scorekeeper can read; the files are read without it").format(
            journal=journal
        )
    return one_line(message)


def journal_lines(recovered: Iterable[Recovered], notices: Iterable[Notice]) -> list[str]:
    """Every line a command says about the journal before its own output."""
    lines = [notice_line(notice) for notice in notices]
    lines.extend(recovered_line(item) for item in recovered)
    return [line for line in lines if line]


def repeat_line(record: Record) -> str:
    """The change asked for was already made (a retry after a kill, a form sent twice)."""
    action = action_word(record.action)
    what = _what(record.action, record.detail)
    if what:
        message = _(
            "already done at {when}: the {action} ({what}); nothing changed (use --again to do it once more)"
        ).format(when=clock(record.began), action=action, what=what)
    else:
        message = _("already done at {when}: the {action}; nothing changed (use --again to do it once more)").format(
            when=clock(record.began), action=action
        )
    return one_line(message)


def outside_line(path: str, when: str) -> str:
    """Information, not a finding: the sheet no longer holds what its last recorded change left
    (someone edited it by hand, or another program wrote it)."""
    return one_line(
        _("{path}: changed outside scorekeeper since its last recorded change ({when})").format(
            path=path, when=clock(when)
        )
    )
