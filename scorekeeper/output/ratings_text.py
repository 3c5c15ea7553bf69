"""What `season ratings` prints: each person's rating as a table, or JSON or CSV for programs.

One word for one number everywhere (this table, `registry show --season`, the season's workbook,
docs/season-ratings.md): the **rating** is openskill's ordinal, mu - 3 sigma; mu is the
**skill** the games point to, sigma its **uncertainty**. JSON and CSV keep openskill's names
(`mu`, `sigma`, `ordinal`): programs read them."""

from __future__ import annotations

from scorekeeper import i18n
from scorekeeper.core.season_ratings import SeasonRatings
from scorekeeper.i18n import _, ngettext, pgettext
from scorekeeper.output.csv_text import csv_text
from scorekeeper.output.json_text import json_text
from scorekeeper.output.table_layout import table

RATING_KEYS = ("place", "id", "name", "mu", "sigma", "ordinal", "games")


def _rounded(value: float) -> float:
    return round(value, 3)


def rating_items(found: SeasonRatings) -> list[dict[str, object]]:
    return [
        {
            "place": row.place,
            "id": row.id,
            "name": row.name,
            "mu": _rounded(row.mu),
            "sigma": _rounded(row.sigma),
            "ordinal": _rounded(row.ordinal),
            "games": row.games,
        }
        for row in found.rows
    ]


def ratings_text(found: SeasonRatings, fmt: str) -> str:
    """The ratings as `season ratings --format FMT` prints them."""
    items = rating_items(found)
    if fmt == "json":
        return json_text(items) + "\n"
    if fmt == "csv":
        return csv_text(
            list(RATING_KEYS), [[item[key] for key in RATING_KEYS] for item in items], numbers=(0, 3, 4, 5, 6)
        )
    # The rating is openskill's ordinal, skill - 3 x uncertainty (docs/season-ratings.md): the
    # number the table ranks by, first after the name; the two it is made of follow it.
    headers = [
        pgettext("standings", "place"),
        _("member"),
        pgettext("standings", "name"),
        _("rating"),
        pgettext("ratings", "skill"),
        _("uncertainty"),
        _("games"),
    ]
    cells = [
        [
            row.place,
            row.id,
            row.name,
            i18n.decimal(f"{row.ordinal:.3f}"),
            i18n.decimal(f"{row.mu:.3f}"),
            i18n.decimal(f"{row.sigma:.3f}"),
            row.games,
        ]
        for row in found.rows
    ]
    said = ngettext("{count} game rated", "{count} games rated", found.games).format(count=found.games)
    if found.as_of is not None:
        said += " " + _("(as of {day})").format(day=found.as_of.isoformat())
    note = pgettext(
        "ratings",
        "rating = skill - 3 x uncertainty: a number the player very likely exceeds. A rating is no part of "
        "any regulation: it qualifies nobody unless a union's method says so.",
    )
    return table(headers, cells, numeric_from=3, tight=True) + "\n" + said + "\n" + note + "\n"
