"""The Truco rule file: its shape, its consistency checks, and the typed rules it loads into."""

from __future__ import annotations

import dataclasses

from scorekeeper.errors import RulesError
from scorekeeper.i18n import M_, Message, Mp_, in_words, pgettext
from scorekeeper.rulebook.schema import Choice, Optional, Whole, validate
from scorekeeper.sheet.vocabulary import Vocabulary
from scorekeeper.team import rules as team_rules
from scorekeeper.team.rules import TeamRules, team_fields

# Ranges of every number (a house rule file is input too); the teams as every team game's.
SMALL = Whole(0, 100)
# TN4: with no tie-break in the regulation, matches won, then games won, then tentos scored minus
# conceded; a rule file may give another order (`standings:`).
STANDINGS = ("matches", "games", "tentos")
SCHEMA = {
    **team_rules.SCHEMA,
    "game_target": Whole(1, 100),
    "values": [Whole(1, 100)],
    "best_of": Whole(1, 99),
    "mao_de_onze": {
        "at": SMALL,
        "raise_penalty": SMALL,
        "declined": SMALL,
        "lost": SMALL,
        "both_at_eleven_value": SMALL,
    },
    "penalties": {"olhar-baralho": SMALL},
    "voids": [str],
    "standings": Optional([Choice(STANDINGS)]),
}

PENALTIES = Vocabulary("penalty")
PENALTIES.add("truco-na-mao-de-onze", "raise-at-eleven", "trucou-na-mao-de-onze")
PENALTIES.add("olhar-baralho", "looked-at-deck", "dealer-looked")


@dataclasses.dataclass(frozen=True)
class TrucoRules(TeamRules):
    """Every number of a Truco rule file, validated."""

    target: int
    values: tuple[int, ...]
    best_of: int
    eleven: int
    raise_penalty: int
    declined: int
    lost: int
    both_at_eleven_value: int
    looked_at_deck: int
    voids: tuple[str, ...]
    standings: tuple[str, ...]  # the tournament criteria in order (TN4)

    @property
    def games_to_win(self) -> int:
        return self.best_of // 2 + 1


def from_data(data, source: str) -> TrucoRules:
    """Build TrucoRules from a parsed rule file, or raise RulesError naming file:line."""
    validate(data, SCHEMA, source)
    line = data.line_of
    values = data["values"]
    if not values or sorted(values) != values or values[0] < 1 or values[-1] > data["game_target"]:
        raise RulesError(
            M_(
                "values: expected increasing hand values from 1 to the game target ({target}), got {values}",
                target=data["game_target"],
                values=values,
            ),
            source,
            line("values"),
        )
    if data["best_of"] < 1 or data["best_of"] % 2 == 0:
        raise RulesError(
            M_("best_of: expected an odd number of games, got {best_of}", best_of=data["best_of"]),
            source,
            line("best_of"),
        )
    standings = tuple(data.get("standings", STANDINGS))
    if not standings or len(set(standings)) != len(standings):
        raise RulesError(
            M_(
                "standings: expected each of {criteria} at most once and at least one, got {got}",
                criteria=", ".join(STANDINGS),
                got=", ".join(standings) or M_("none"),
            ),
            source,
            line("standings"),
        )
    onze = data["mao_de_onze"]
    if onze["at"] != data["game_target"] - 1:
        raise RulesError(
            M_("mao_de_onze.at is {at}, but the game goes to {target}", at=onze["at"], target=data["game_target"]),
            source,
            line("mao_de_onze"),
        )
    return TrucoRules(
        **team_fields(data, source),
        target=data["game_target"],
        values=tuple(values),
        best_of=data["best_of"],
        eleven=onze["at"],
        raise_penalty=onze["raise_penalty"],
        declined=onze["declined"],
        lost=onze["lost"],
        both_at_eleven_value=onze["both_at_eleven_value"],
        looked_at_deck=data["penalties"]["olhar-baralho"],
        voids=tuple(data["voids"]),
        standings=standings,
    )


def describe_rules(rules: TrucoRules):
    """`rules show`: every number of the rule file, in words (the criteria and voids are the
    file's own words). Said in Truco's words (context "truco": a team is a dupla in Brazil)."""
    return [
        [
            pgettext("truco", "teams"),
            pgettext("truco", "{teams} of {players}").format(teams=rules.teams, players=rules.players_per_team),
        ],
        [
            pgettext("truco", "game"),
            pgettext("truco", "to {target}, best of {best_of}").format(target=rules.target, best_of=rules.best_of),
        ],
        [pgettext("truco", "hand values"), ", ".join(map(str, rules.values))],
        [
            pgettext("truco", "mao de onze"),
            pgettext(
                "truco",
                "at {eleven}: raising gives the others {raise_penalty}, declining {declined}, losing "
                "{lost}; both at {eleven}: worth {both}",
            ).format(
                eleven=rules.eleven,
                raise_penalty=rules.raise_penalty,
                declined=rules.declined,
                lost=rules.lost,
                both=rules.both_at_eleven_value,
            ),
        ],
        [
            pgettext("truco", "dealer looked at the deck"),
            pgettext("truco", "{points} to the other team").format(points=rules.looked_at_deck),
        ],
        [pgettext("truco", "void hands"), ", ".join(map(void_word, rules.voids))],
        # TRANSLATORS: between the standings' criteria (matches, games, tentos).
        [pgettext("truco", "standings"), pgettext("truco", ", then ").join(map(_criterion, rules.standings))],
    ]


def void_words(void: str) -> str | Message:
    """A void as a person says it: the one the rule file ships (Art 7's misdeal) in the
    regulation's words, said where it is shown; a house variant's own as its file writes it."""
    return Mp_("truco void", "misdeal") if void == "misdeal" else void


def void_word(void: str) -> str:
    """A void as a person says it, in the language in use."""
    return in_words(void_words(void))


def _criterion(criterion: str) -> str:
    """A standings criterion (TN4) in the language in use; the rule file's word is data."""
    words = {
        "matches": pgettext("truco standings", "matches"),
        "games": pgettext("truco standings", "games"),
        "tentos": pgettext("truco standings", "tentos"),
    }
    return words.get(criterion, criterion)
