"""Building a King hand entry from what a scorer types on the command line.

Names must be players at the table and values must be possible (0 to the hand's units);
anything else raises InputValueError quoting what was typed, and nothing is recorded.
"""

from __future__ import annotations

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_, Message, Mn_
from scorekeeper.king.rules import CONTRACTS, PENALTIES, TRUMPS, NegativeHand
from scorekeeper.king.sheet import TRUMP_RULE, KingSheet
from scorekeeper.sheet.typed_input import whole
from scorekeeper.sheet.vocabulary import normalize


def player_name(sheet: KingSheet, typed: str) -> str:
    """The player a typed name means: exact, then case- and accent-blind, then a unique prefix."""
    if typed in sheet.players:
        return typed
    key = normalize(typed)
    matches = [p for p in sheet.players if normalize(p) == key] or [
        p for p in sheet.players if key and normalize(p).startswith(key)
    ]
    if len(matches) == 1:
        return matches[0]
    raise InputValueError(
        M_("{name} is not a player at this table ({players})", name=quoted(typed), players=", ".join(sheet.players))
    )


def per_player_values(
    sheet: KingSheet, values: list[str], what: str | Message, low: int | None, high: int | None
) -> list[int]:
    """Values in seat order (`3 2 1 7`) or by name (`Ana=3 Bruno=2 ...`), one for every player;
    `what` is what they are, as the messages say it (a hand's name, or a translated word)."""
    players = sheet.players
    by_name: dict[str, int] = {}
    if values and all("=" in v for v in values):
        for item in values:
            name, _sign, number = item.partition("=")
            player = player_name(sheet, name)
            if player in by_name:
                raise InputValueError(M_("{player} is given twice in {typed}", player=player, typed=quoted(item)))
            by_name[player] = whole(number, _whose(player, what), low, high)
        missing = [p for p in players if p not in by_name]
        if missing:
            raise InputValueError(
                M_("no {what} for {players}: every player is asked (Art 6)", what=what, players=", ".join(missing))
            )
        return [by_name[p] for p in players]
    if any("=" in v for v in values):
        raise InputValueError(M_("give every value in seat order or every value as NAME=N, not a mix"))
    if len(values) != len(players):
        table = Mn_("{count} player", "{count} players", len(players), count=len(players))
        raise InputValueError(
            Mn_(
                "{count} value given for {players} ({names})",
                "{count} {what} given for {players} ({names})",
                len(values),
                count=len(values),
                what=what,
                players=table,
                names=", ".join(players),
            )
        )
    return [whole(v, _whose(p, what), low, high) for p, v in zip(players, values)]  # noqa: B905 (py39: zip has no strict)


def _whose(player: str, what: str | Message) -> Message:
    """`Ana's tricks`: one player's value, as an out-of-range message names it (said here:
    sheet.typed_input.whole takes the words it puts in its refusal)."""
    return M_("{player}'s {what}", player=player, what=what)


def hand_name(sheet: KingSheet, typed: str) -> str:
    canonical = sheet.rules.hand_names.get(typed)
    if canonical is None:
        known = ", ".join(h.name for h in sheet.rules.negative_hands) + ", festa"
        raise InputValueError(M_("unknown hand {name}; the hands are {hands}", name=quoted(typed), hands=known))
    return canonical


def parse_offer(sheet: KingSheet, typed: str) -> dict:
    """`Carla:2`, `Carla=2` or `Carla 2`, optionally followed by `:nulos` for a declined nulos offer."""
    parts = typed.replace("=", ":").replace(" ", ":").split(":")
    parts = [p for p in parts if p]
    if len(parts) not in (2, 3):
        raise InputValueError(
            M_("offer {typed}: expected NAME TRICKS or NAME:TRICKS, e.g. Carla 2", typed=quoted(typed))
        )
    offer = {"by": player_name(sheet, parts[0]), "tricks": whole(parts[1], M_("offered tricks"), 1, sheet.rules.tricks)}
    if len(parts) == 3:
        contract = CONTRACTS.get(parts[2])
        if contract not in ("positivos", "nulos"):
            raise InputValueError(M_("offer {typed}: an offer is for positivos or nulos", typed=quoted(typed)))
        offer["contract"] = contract
    return offer


def build_entry(
    sheet: KingSheet,
    hand: str,
    values: list[str],
    *,
    points: bool = False,
    beneficiary: str | None = None,
    contract: str | None = None,
    trump: str | None = None,
    offer: str | None = None,
    penalty: str | None = None,
) -> dict:
    """The entry dict to record, from `record FILE HAND VALUES... [options]`."""
    canonical = hand_name(sheet, hand)
    entry: dict = {"hand": canonical}
    if penalty is None and values and PENALTIES.get(values[0]) is not None:
        penalty, values = values[0], values[1:]  # `ultimas renuncia Duarte`, as the prompt takes it
    negative: NegativeHand | None = sheet.rules.negative_hand(canonical)
    if canonical == "festa":
        entry["beneficiary"] = player_name(sheet, beneficiary) if beneficiary else next_beneficiary(sheet)
    elif beneficiary or contract or trump or offer:
        raise InputValueError(
            M_("--beneficiary, --contract, --trump and --offer are for festas, not {hand}", hand=canonical)
        )
    if penalty:
        return _penalised(sheet, entry, penalty, values)
    if negative is not None:
        return _negative(sheet, entry, negative, values, points)
    return _festa(sheet, entry, values, points, contract, trump, offer)


def _penalised(sheet: KingSheet, entry: dict, penalty: str, values: list[str]) -> dict:
    """A hand ended by a penalty (Art 9, 14): the values are the players at fault."""
    kind = PENALTIES.get(penalty)
    if kind is None:
        raise InputValueError(
            M_("unknown penalty {name}; allowed: {allowed}", name=quoted(penalty), allowed=", ".join(PENALTIES.names))
        )
    if not values:
        raise InputValueError(M_("name the players at fault after the hand, e.g. `ultimas --penalty renuncia Duarte`"))
    entry["penalty"] = kind
    entry["players"] = [player_name(sheet, v) for v in values]
    return entry


def _negative(sheet: KingSheet, entry: dict, negative: NegativeHand, values: list[str], points: bool) -> dict:
    """A negative hand: each player's count (0 to the hand's units), or points with --points (Quadro 1)."""
    if not values:
        raise InputValueError(
            M_(
                "give each player's {hand} (e.g. {example})",
                hand=negative.name,
                example=" ".join(["0"] * len(sheet.players)),
            )
        )
    if points:
        entry["points"] = per_player_values(sheet, values, M_("points"), -negative.total, 0)
    else:
        entry["counts"] = per_player_values(sheet, values, negative.name, 0, negative.units)
    return entry


def _festa(
    sheet: KingSheet,
    entry: dict,
    values: list[str],
    points: bool,
    contract: str | None,
    trump: str | None,
    offer: str | None,
) -> dict:
    """A festa: its contract, the trump of positivos, an accepted offer, and the tricks made (Art 9-13)."""
    rules = sheet.rules
    contract_name = CONTRACTS.get(contract) if contract else None
    if contract and contract_name is None:
        raise InputValueError(
            M_("unknown contract {name}; allowed: {allowed}", name=quoted(contract), allowed=", ".join(CONTRACTS.names))
        )
    if contract_name is None and not points:
        raise InputValueError(M_("a festa needs --contract positivos, nulos or 4-3-3-3"))
    if contract_name:
        entry["contract"] = contract_name
    if contract_name == "positivos" and not trump:
        raise InputValueError(
            M_(
                "a positivos festa needs its trump, named by the Dono da Festa: give -t {trumps} [{rule}]",
                trumps=" | ".join(rules.trumps),
                rule=TRUMP_RULE,
            )
        )
    if trump:
        entry["trump"] = _trump(sheet, trump)
    if offer:
        entry["offer"] = parse_offer(sheet, offer)
    if contract_name == "4-3-3-3":
        if values:
            raise InputValueError(M_("the 4-3-3-3 is scored without playing: give no tricks"))
        return entry
    if not values:
        raise InputValueError(
            M_("give each player's tricks (e.g. {example})", example=" ".join(["3"] * (len(sheet.players) - 1) + ["4"]))
        )
    if points:
        entry["points"] = per_player_values(sheet, values, M_("points"), None, None)
    else:
        entry["tricks"] = per_player_values(sheet, values, M_("tricks"), 0, rules.tricks)
    return entry


def _trump(sheet: KingSheet, typed: str) -> str:
    """The trump a typed word names, one of the rule file's (Regras: Trunfo)."""
    trump_name = TRUMPS.get(typed)
    if trump_name is None or trump_name not in sheet.rules.trumps:
        raise InputValueError(
            M_("unknown trump {name}; allowed: {allowed}", name=quoted(typed), allowed=", ".join(sheet.rules.trumps))
        )
    return trump_name


def next_hand(sheet: KingSheet) -> str:
    """The hand the sheet expects next: the first negative hand not yet recorded, then festas."""
    recorded = {e.hand for e in sheet.entries}
    for hand in sheet.rules.negative_hands:
        if hand.name not in recorded:
            return hand.name
    return "festa"


def next_beneficiary(sheet: KingSheet) -> str:
    """The Dono da Festa in deal rotation: a penalised festa is replayed for the same player,
    otherwise the player after the last beneficiary, starting with the first player."""
    festas = [(owner, e.penalty) for e in sheet.entries if e.hand == "festa" and (owner := e.beneficiary)]
    if not festas:
        return sheet.players[0]
    last, penalty = festas[-1]
    if penalty:
        return last
    players = sheet.players
    return players[(players.index(last) + 1) % len(players)]
