"""A sheet's result in words and rows: the closing line of `check`, its totals, the rows
of `show`, a count of a game's units said whole in the language in use, and who plays a sheet."""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper import games
from scorekeeper.errors import one_line
from scorekeeper.i18n import _, ngettext
from scorekeeper.sheet.results import SheetResult
from scorekeeper.sheet.show_table import signed


def counted(count: int, unit: games.Unit) -> str:
    """`3 hands`, `1 moca`: a count of a game's entries or of its standing's unit
    (Game.entry_word, Game.totals_word), said whole in the language in use by the unit's own
    ngettext pair, never by a word put after the number (English in every language)."""
    return ngettext(*unit.count, count).format(count=count)


def who_words(who: list[str] | dict[str, list[str]]) -> str:
    """`Ana, Bruno, Carla, Duarte` or `Nos (Ana, Bruno) v Eles (Carla, Duarte)`: a sheet's
    players in seat order, or its teams (sheet.new.Who), as `new` says them."""
    if isinstance(who, dict):
        text = ""
        for name, members in who.items():
            team = f"{name} ({', '.join(members)})"
            text = _("{first} v {second}").format(first=text, second=team) if text else team
        return text
    return ", ".join(who)


def format_points(points: Mapping[str, float]) -> str:
    """`Ana -60, Bruno 0, Carla +125`."""
    return ", ".join(f"{name} {signed(value)}" for name, value in points.items())


def format_totals(result: SheetResult) -> str:
    """A sheet's standing: signed points, or what its game counts (`totals_word`: mocas, games)."""
    unit = games.get(result.game).totals_word  # (one, many): ("moca", "mocas")
    if unit is None:
        return format_points(result.totals)
    return ", ".join(f"{name} {counted(value, unit)}" for name, value in result.totals.items())


def summary(result: SheetResult) -> str:
    """The closing line of `check` for one sheet."""
    game = games.get(result.game)
    errors = sum(1 for f in result.findings if f.is_error)
    warnings = len(result.findings) - errors
    if result.extra.get("winner"):
        state = _("won by {winner}").format(winner=result.extra["winner"])
    elif result.complete:
        state = _("complete")
    else:
        state = _in_progress(len(result.hands), game.entry_word)
    totals = format_totals(result)

    if not result.findings:
        return one_line(
            _("{file}: clean ({rules}, {state}; {totals})").format(
                file=result.source, rules=result.rules, state=state, totals=totals
            )
        )
    counts = [ngettext("{count} error", "{count} errors", errors).format(count=errors)] if errors else []
    if warnings:
        counts.append(ngettext("{count} warning", "{count} warnings", warnings).format(count=warnings))
    return one_line(
        _("{file}: {findings} ({rules}, {state}; {totals})").format(
            file=result.source, findings=", ".join(counts), rules=result.rules, state=state, totals=totals
        )
    )


def _in_progress(count: int, unit: games.Unit) -> str:
    """`in progress, 3 hands recorded`: whole, as `recorded` agrees with the entry in Portuguese
    (a unit that gives no such pair: `in progress: 3 ...`, the count said whole)."""
    if unit.in_progress is None:
        return _("in progress: {entries}").format(entries=counted(count, unit))
    return ngettext(*unit.in_progress, count).format(count=count)
