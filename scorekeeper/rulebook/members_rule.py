"""The `members:` key every game's rule file may hold: who must be a member of the organising
unions when a tournament names a registry (King Art 2: each player; Truco Art 1: at least one of
each pair), which article says so, and how RULINGS TN8 reads "sem interrupção". One reader for
every game: each game's rules.py spreads SCHEMA into its own and keeps `read`'s answer."""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.errors import RulesError
from scorekeeper.i18n import M_
from scorekeeper.names import text_refusal
from scorekeeper.rulebook.schema import Choice, Optional

EACH_PLAYER = "player"  # every player must be a member (King Art 2)
EACH_TEAM = "team"  # every team holds at least one member (Truco Art 1: "pelo menos um associado por dupla")
# TN8's two readings, as members.eligibility names them (this layer may not import it).
SINCE = ("season_start", "first_joined")

SCHEMA = {
    "members": Optional(
        {
            "each": Choice((EACH_PLAYER, EACH_TEAM)),
            "article": str,
            "since": Optional(Choice(SINCE)),
        }
    )
}


class MembersRule(NamedTuple):
    """Who must be a member (`each`: player, or team: at least one of its players), the article
    that says so, and TN8's reading of an uninterrupted membership (`since`)."""

    each: str
    article: str
    since: str = SINCE[0]

    @property
    def per_team(self) -> bool:
        return self.each == EACH_TEAM


def read(data, source: str) -> MembersRule | None:
    """The `members:` of a rule file's data that `schema.validate` passed (with SCHEMA in its
    own), or None when the game's regulation asks for no membership (a registry then only names
    the players). RulesError at its line when the article is no text."""
    value = data.get("members")
    if value is None:
        return None
    article = value["article"].strip()
    problem = text_refusal(article) if article else M_("which article? (e.g. Art 2)")
    if problem is not None:
        raise RulesError(M_("members.article: {problem}", problem=problem), source, value.line_of("article"))
    return MembersRule(value["each"], article, value.get("since", SINCE[0]))


def rule_of(rules) -> MembersRule | None:
    """The membership rule of any game's loaded rules (a game whose rules type predates the key,
    such as a test's toy game, has none)."""
    rule = getattr(rules, "members", None)
    return rule if isinstance(rule, MembersRule) else None
