"""The classification of a Quatrilho championship (Art 21-24; Q10, Q11): the sum of each player's
round nets, Art 22's tie-breaks, the cut to the first 40 after the next-to-last round, Art 24's
prize of each place, and the winners of Art 23's extra round.

A pure function of the tournament and its checked sheets: a table whose sheet is not in, or not
complete, does not count yet (its players' round is pending: the standings are provisional).
A round written with `stage: extra` is Art 23's extra round: it starts from zero and never counts
in the classification."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from scorekeeper.errors import ScorekeeperError, quoted
from scorekeeper.i18n import M_, Mn_
from scorekeeper.quatrilho.rules import QuatrilhoRules
from scorekeeper.sheet.results import SheetResult
from scorekeeper.tournaments.model import Round, StandingRow, Tournament

EXTRA_STAGE = "extra"  # Art 23: the round the players from the 41st on may play apart, for its own prize


@dataclass
class PlayerTally:
    """One player's championship: his net of each round (None while his table's sheet is not in),
    and the penalties the tournament file gives him."""

    rounds: list[int | None] = field(default_factory=list)
    penalties: Fraction = Fraction(0)

    @property
    def net(self) -> int:
        """Art 21: pontos ganhos minus pontos perdidos, the sum of the round nets."""
        return sum(n for n in self.rounds if n is not None)

    @property
    def won(self) -> int:
        """Art 22 / Q11: pontos ganhos, the sum of the positive round nets."""
        return sum(n for n in self.rounds if n is not None and n > 0)

    @property
    def best_round(self) -> int:
        """Art 22 / Q11: the most pontos ganhos in any one round (0 when no round was won)."""
        return max((n for n in self.rounds if n is not None and n > 0), default=0)

    @property
    def points(self) -> Fraction:
        return self.net + self.penalties

    def rank_key(self) -> tuple:
        """Higher is better: points, then pontos ganhos, then the best round (Q11)."""
        return (self.points, self.won, self.best_round)


CRITERIA = ("points", "won", "best_round")


class ExtraWinners(NamedTuple):
    """Art 23: the best net at one table of the extra round, and each winner's share of the prize."""

    table: int | str
    players: list[str]
    net: int
    prize_each: float


def _rules(tournament: Tournament) -> QuatrilhoRules:
    """The championship's rules: a Quatrilho one's are Quatrilho's (the registry chose this game by them)."""
    rules = tournament.rules
    assert isinstance(rules, QuatrilhoRules), "a Quatrilho championship is played under Quatrilho rules"
    return rules


def main_rounds(tournament: Tournament) -> list[Round]:
    """The rounds that count in the classification: every round but Art 23's extra round."""
    return [round_ for round_ in tournament.rounds if round_.stage != EXTRA_STAGE]


def round_nets(round_: Round, results: dict[str, SheetResult], registered: list[str]) -> dict[str, int | None]:
    """Each player's net for one round: as his table's sheet gives it (Q10: a late player -200),
    None while that sheet is not in or not complete; 0 for a registered player seated at no
    table (None instead while a table of the round has neither its sheet nor its players)."""
    nets: dict[str, int | None] = {}
    unknown_table = False
    for table in round_.tables:
        result = results.get(table.sheet) if table.sheet is not None else None
        if result is not None and result.complete:
            totals = result.totals  # Q10: the registered players' nets, a coringa's chips for nobody
            for name in result.players:
                nets[name] = totals[name]
        else:
            for name in table.players:
                nets[name] = None
            unknown_table = unknown_table or not table.players
    for name in registered:
        if name not in nets:
            nets[name] = None if unknown_table else 0
    return nets


def round_complete(round_: Round, results: dict[str, SheetResult]) -> bool:
    """Every table of the round has its sheet in, complete."""
    return all(
        table.sheet is not None and table.sheet in results and results[table.sheet].complete for table in round_.tables
    )


def tally(tournament: Tournament, results: dict[str, SheetResult], rounds: list[Round]) -> dict[str, PlayerTally]:
    """Every player's tally over `rounds`: registered players first, in their order, then anyone
    else a sheet or a penalty names, in the order met."""
    players: dict[str, PlayerTally] = {name: PlayerTally() for name in tournament.players}
    for count, round_ in enumerate(rounds):
        for name, net in round_nets(round_, results, tournament.players).items():
            # A player first met in a later round scored 0 in the rounds before (not seated).
            players.setdefault(name, PlayerTally(rounds=[0] * count)).rounds.append(net)
        for penalty in round_.penalties:
            mine = players.setdefault(penalty.player, PlayerTally(rounds=[0] * (count + 1)))
            mine.penalties += Fraction(penalty.points).limit_denominator(10**4)
        for mine in players.values():
            if len(mine.rounds) == count:  # named only by a penalty of an earlier round
                mine.rounds.append(0)
    return players


def qualified_after_cut(
    tournament: Tournament, results: dict[str, SheetResult], rounds_total: int | None
) -> set[str] | None:
    """Art 22, paragrafo unico: the players within the first `cut` places once the next-to-last
    round is all in (ties at the cut all go through: they share a place within it); None while
    that is not known (no total of rounds, or the next-to-last round not complete)."""
    if rounds_total is None:
        return None
    rounds = main_rounds(tournament)
    if rounds_total < 1 or len(rounds) > rounds_total:
        raise ScorekeeperError(
            Mn_(
                "the championship has {count} round, but its total of rounds is {total}",
                "the championship has {count} rounds, but its total of rounds is {total}",
                len(rounds),
                count=len(rounds),
                total=quoted(rounds_total),
            )
        )
    before_last = rounds[: rounds_total - 1]
    if len(before_last) < rounds_total - 1 or not all(round_complete(r, results) for r in before_last):
        return None
    tallies = tally(tournament, results, before_last)
    keys = {name: mine.rank_key() for name, mine in tallies.items()}
    return {name for name, place in _places(keys).items() if place <= _rules(tournament).cut}


def standings(
    tournament: Tournament, results: dict[str, SheetResult], rounds_total: int | None = None
) -> list[StandingRow]:
    """The classification (Art 21, 22; Q11), best first; tied rows share the first place of their
    group and the next row skips (1, 2, 2, 4). With `rounds_total` (Art 10: the committee fixes
    it at the start) the players who made the cut rank above those who did not, and each row
    says whether it did (tiebreaks["qualified"]: None until the next-to-last round is all in)."""
    rules = _rules(tournament)
    tallies = tally(tournament, results, main_rounds(tournament))
    qualified = qualified_after_cut(tournament, results, rounds_total)

    # Those who made the cut rank above those who did not, whatever the last round did (Art 22).
    keys = {name: (qualified is None or name in qualified, *mine.rank_key()) for name, mine in tallies.items()}
    places = _places(keys)
    order = list(places)
    sharing = Counter(places.values())
    extra = _extra_prizes(tournament, results)
    extra_nets = extra_round_nets(tournament, results)
    rows = []
    for position, name in enumerate(order):
        mine = tallies[name]
        below = order[position + 1] if position + 1 < len(order) else None
        rows.append(
            StandingRow(
                place=places[name],
                name=name,
                points=float(mine.points),
                tiebreaks={
                    "net": mine.net,
                    "won": mine.won,
                    "best_round": mine.best_round,
                    "rounds": list(mine.rounds),
                    "penalties": float(mine.penalties),
                    "qualified": None if qualified is None else name in qualified,
                    "prize": _prize(rules.prizes, places[name], sharing[places[name]]),
                    "extra_prize": extra.get(name, 0.0),
                    # Art 23, TN6: the extra round's net, shown apart and never added (None: not played)
                    **({"extra_round": extra_nets.get(name)} if extra_nets is not None else {}),
                },
                decided_by=None if below is None else _separated_by(keys[name], keys[below]),
            )
        )
    return rows


def extra_round_winners(round_: Round, results: dict[str, SheetResult], rules) -> list[ExtraWinners]:
    """Art 23: at each table of the extra round whose sheet is in and complete, the best net wins
    the extra prize (rules.extra_prize), shared equally on a tie."""
    if round_.stage != EXTRA_STAGE:
        raise ScorekeeperError(
            M_("round {number} is not an extra round (stage: {stage})", number=round_.number, stage=EXTRA_STAGE)
        )
    winners = []
    for table in round_.tables:
        result = results.get(table.sheet) if table.sheet is not None else None
        if result is None or not result.complete or not result.players:
            continue
        nets = result.totals  # the registered players only: a coringa wins nothing (Art 16)
        best = max(nets[name] for name in result.players)
        names = [name for name in result.players if nets[name] == best]
        winners.append(ExtraWinners(table.table, names, best, rules.extra_prize / len(names)))
    return winners


def extra_round_nets(tournament: Tournament, results: dict[str, SheetResult]) -> dict[str, int] | None:
    """Each player's net in Art 23's extra round, once his table's sheet is in and complete
    (the sum over extra rounds, should a file hold more than one); None when the championship
    has no extra round."""
    extra_rounds = [round_ for round_ in tournament.rounds if round_.stage == EXTRA_STAGE]
    if not extra_rounds:
        return None
    nets: dict[str, int] = {}
    for round_ in extra_rounds:
        for table in round_.tables:
            result = results.get(table.sheet) if table.sheet is not None else None
            if result is None or not result.complete:
                continue
            for name in result.players:  # the registered players only: a coringa's chips count for nobody
                nets[name] = nets.get(name, 0) + result.totals[name]
    return nets


def _extra_prizes(tournament: Tournament, results: dict[str, SheetResult]) -> dict[str, float]:
    """Each player's winnings in Art 23's extra rounds."""
    won: dict[str, float] = {}
    for round_ in tournament.rounds:
        if round_.stage == EXTRA_STAGE:
            for table in extra_round_winners(round_, results, tournament.rules):
                for name in table.players:
                    won[name] = won.get(name, 0.0) + table.prize_each
    return won


def _places(keys: dict[str, tuple]) -> dict[str, int]:
    """Each player's place, best first (higher keys first; sorted() is stable, so players equal on
    everything stay in registration order): equal keys share the first place of their group."""
    order = sorted(keys, key=keys.__getitem__, reverse=True)
    places: dict[str, int] = {}
    for position, name in enumerate(order):
        same = position > 0 and keys[order[position - 1]] == keys[name]
        places[name] = places[order[position - 1]] if same else position + 1
    return places


def _prize(prizes: tuple[int, ...], place: int, sharing: int) -> float:
    """Art 24's prize of a place; players sharing a place share the prizes of the places they
    fill (two tied for 5th: (150 + 100) / 2 each), as K5 shares a table's points."""
    filled = prizes[place - 1 : place - 1 + sharing]
    return float(Fraction(sum(filled), sharing))


def _separated_by(upper: tuple, lower: tuple) -> str:
    """The first criterion on which two rows differ: "cut" (one made Art 22's cut, the other not),
    then Q11's "points", "won", "best_round"; "tied" when none does."""
    for name, a, b in zip(("cut", *CRITERIA), upper, lower):
        if a != b:
            return name
    return "tied"
