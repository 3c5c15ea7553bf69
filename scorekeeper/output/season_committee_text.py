"""What `season agree` and `season decide` print: the unions' agreement recorded (Art 3, TN7), the
committee's decision recorded with the statuses it moved (Art 18, TN10), or a change id already
applied (nothing written). The core gives them as data (season/committee.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.errors import one_line
from scorekeeper.i18n import _, ngettext
from scorekeeper.output.journal_text import action_word, clock
from scorekeeper.output.season_text import STATUS_WORDS

if TYPE_CHECKING:
    from scorekeeper.journal.transaction import Applied
    from scorekeeper.season.committee import Agreed, Decided


def _repeat(applied: Applied) -> str | None:
    """A change id applied before: said once, with that change's time; nothing was written."""
    if applied.repeat_of is None:
        return None
    return one_line(
        _("already done at {when} as change {id}: the {action}; nothing changed").format(
            when=clock(applied.repeat_of.began), id=applied.change_id, action=action_word(applied.repeat_of.action)
        )
    )


def agreed_lines(agreed: Agreed) -> list[str]:
    """`Recorded the unions' agreement of 2026-04-15 in season.yaml: a final of 16 players, ...`."""
    repeat = _repeat(agreed.rewritten.applied)
    if repeat is not None:
        return [repeat]
    quotas = ", ".join(f"{union} {count}" for union, count in agreed.quotas.items())
    return [
        one_line(
            ngettext(
                "Recorded the unions' agreement of {date} in {path}: a final of {size} player ({quotas}) [{article}]",
                "Recorded the unions' agreement of {date} in {path}: a final of {size} players ({quotas}) [{article}]",
                agreed.size,
            ).format(
                date=agreed.date.isoformat(),
                path=agreed.path,
                size=agreed.size,
                quotas=quotas,
                article=agreed.article,
            )
        )
    ]


def decided_lines(decided: Decided) -> list[str]:
    """The decision recorded, then each member whose status it moved: `  C0204 Luís Correia:
    tied -> qualified [Art 18]`."""
    repeat = _repeat(decided.rewritten.applied)
    if repeat is not None:
        return [repeat]
    lines = [
        one_line(
            _(
                "Recorded the committee's decision of {date} in {path}: {union}'s seat to {id} {name} [{article}]"
            ).format(
                date=decided.date.isoformat(),
                path=decided.path,
                union=decided.union,
                id=decided.seat,
                name=decided.name,
                article=decided.article,
            )
        )
    ]
    for moved in decided.moved:
        status = f"{_(STATUS_WORDS[moved.before])} -> {_(STATUS_WORDS[moved.after])}"
        article = f" [{moved.article}]" if moved.article else ""
        lines.append(one_line(f"  {moved.id} {moved.name}: {status}{article}"))
    return lines
