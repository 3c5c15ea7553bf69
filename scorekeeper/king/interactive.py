"""Asking a King hand at the table, player by player (Art 6: every player is asked by name).

`ask(prompt, default)` returns what was typed and `say(text)` prints; the CLI passes click's
prompt and echo, tests pass scripted ones. An impossible value is refused and asked again.
"""

from __future__ import annotations

from scorekeeper.errors import InputValueError, quote
from scorekeeper.i18n import N_, _
from scorekeeper.king.entry_input import hand_name, next_beneficiary, next_hand, parse_offer, player_name
from scorekeeper.king.rules import CONTRACTS, PENALTIES, TRUMPS
from scorekeeper.king.sheet import KingSheet
from scorekeeper.sheet.typed_input import STOP, Prompt, Stop, until_valid, whole, yes_no_choices

HELP = N_(
    "Type the hand (Enter takes the one in brackets); add renuncia or cartas-passadas\n"
    "after it for a penalty; q stops. Every player is asked by name (Art 6)."
)  # 80 columns


def _until_valid(ask, say, prompt: str, convert, default=None, choices=(), together=()):
    # Only the hand prompt stops on `q` (see which_hand); a `q` typed for a count is asked again.
    return until_valid(ask, say, prompt, convert, default, stops=False, choices=choices, together=together)


def ask_entry(sheet: KingSheet, ask, say) -> dict:
    """Ask the next hand, every value of it, and return the entry to record (raises Stop)."""
    rules = sheet.rules
    number = len(sheet.entries) + 1
    recorded = {e.hand for e in sheet.entries}
    hands = [h.name for h in rules.negative_hands if h.name not in recorded] + ["festa"]
    hand, penalty, offenders = _until_valid(
        ask, say, _("Hand {number}").format(number=number), _hand_reader(sheet), next_hand(sheet), choices=hands
    )
    entry: dict = {"hand": hand}
    if hand == "festa":
        entry["beneficiary"] = _until_valid(
            ask,
            say,
            _("Beneficiary (Dono da Festa)"),
            lambda t: player_name(sheet, t),
            next_beneficiary(sheet),
            choices=sheet.players,
        )
    if penalty:
        entry["penalty"] = penalty
        entry["players"] = offenders or _until_valid(
            ask,
            say,
            _("Players at fault ({penalty}), separated by commas").format(penalty=penalty),
            lambda t: _names(sheet, t),
        )
        return entry
    negative = rules.negative_hand(hand)
    if negative is not None:
        # The rule file's label names the hand ("Vazas", "Damas"), in the regulation's words.
        entry["counts"] = _ask_counts(
            sheet,
            ask,
            say,
            _("{hand} taken").format(hand=negative.label.lower()),
            negative.units,
            negative.units,
            short_ok=rules.charge_missing_to_scorer,
            unit=negative.unit,
        )
        return entry
    return _ask_festa(sheet, ask, say, entry)


def _hand_reader(sheet: KingSheet):
    """What the hand prompt makes of what was typed: (hand, penalty, players at fault)."""
    default = next_hand(sheet)

    def which_hand(typed: str):
        """`damas`; `damas renuncia` for a penalised hand (its players asked next), or all of it
        on one line, `ultimas renuncia Duarte`; just `renuncia` for the hand in brackets."""
        words = typed.split()
        if len(words) == 1 and words[0].lower() in STOP:
            raise Stop
        at = next((i for i, word in enumerate(words) if PENALTIES.get(word) is not None), None)
        if at is None:
            return hand_name(sheet, " ".join(words) if words else default), None, None
        hand = hand_name(sheet, " ".join(words[:at]) if at else default)
        return hand, PENALTIES.get(words[at]), (_names(sheet, " ".join(words[at + 1 :])) if words[at + 1 :] else None)

    return which_hand


def _ask_festa(sheet: KingSheet, ask, say, entry: dict) -> dict:
    """A festa's contract, its trump in positivos, an accepted offer and the tricks made (Art 9-13)."""
    rules = sheet.rules

    def which_contract(typed: str) -> str:
        contract = CONTRACTS.get(typed)
        if contract is None:
            raise InputValueError(
                _("{typed} is not a contract ({contracts})").format(
                    typed=quote(typed), contracts=", ".join(CONTRACTS.names)
                )
            )
        return contract

    contract = _until_valid(
        ask, say, _("Contract (positivos, nulos, 4-3-3-3)"), which_contract, choices=CONTRACTS.names
    )
    entry["contract"] = contract
    if contract == "positivos":

        def which_trump(typed: str) -> str:
            trump = TRUMPS.get(typed)
            if trump is None or trump not in rules.trumps:
                raise InputValueError(
                    _("{typed} is not a trump ({trumps})").format(typed=quote(typed), trumps=", ".join(rules.trumps))
                )
            return trump

        entry["trump"] = _until_valid(
            ask, say, _("Trump (copas, espadas, ouros, paus, sem-trunfo)"), which_trump, choices=rules.trumps
        )
    if contract == "4-3-3-3":
        return entry
    none = _("none")  # what the prompt shows for no offer; English "none" is taken in any language
    offer = _until_valid(
        ask,
        say,
        _("Accepted offer (NAME TRICKS, or none)"),
        lambda t: None if t.strip().lower() in ("", "none", "nenhuma", none.lower()) else parse_offer(sheet, t),
        none,
    )
    if offer:
        entry["offer"] = offer
    entry["tricks"] = _ask_counts(
        sheet, ask, say, _("tricks made"), rules.tricks, rules.tricks, short_ok=False, unit=None
    )
    return entry


def _names(sheet: KingSheet, typed: str) -> list[str]:
    names = [player_name(sheet, part) for part in typed.replace(",", " ").split()]
    if not names:
        raise InputValueError(_("name at least one player"))
    return names


def _count_reader(whose: str, high: int):
    """What a count prompt makes of what was typed: a whole number from 0 to `high`."""
    return lambda typed: whole(typed, whose, 0, high)


def _ask_counts(sheet: KingSheet, ask, say, what: str, high: int, expected: int, short_ok: bool, unit) -> list[int]:
    """Ask every player by name; a total above `expected` is asked again, a short one is charged
    to the responsible scorer only when the scorer confirms it (Art 6)."""
    while True:
        # `  Ana, vazas feitas`: the player, then what is asked of them (a whole phrase, translated).
        prompts = [f"  {player}, {what}" for player in sheet.players]  # independent: one screen (Prompt)
        values = [
            _until_valid(ask, say, prompt, _count_reader(f"{player}: {what}", high), together=prompts)
            for player, prompt in zip(sheet.players, prompts)  # noqa: B905 (py39: zip has no strict)
        ]
        total = sum(values)
        if total == expected:
            return values
        if total > expected:
            say(
                "  "
                + _("these add up to {total}, more than the {expected} there are; ask every player again").format(
                    total=total, expected=expected
                )
            )
            continue
        if short_ok:
            missing = expected - total
            answer = ask(
                Prompt(
                    "  "
                    + _(
                        "these add up to {total} of {expected}: charge the missing {missing} ({points}) "
                        "to {scorer}, the responsible scorer (Art 6)? [y/n]"
                    ).format(
                        total=total, expected=expected, missing=missing, points=-missing * unit, scorer=sheet.scorer
                    ),
                    yes_no_choices(),
                ),
                "n",
            )
            if answer.strip().lower() in ("y", "yes", "s", "sim"):
                return values
        else:
            say(
                "  "
                + _("these add up to {total}, not {expected}; ask every player again").format(
                    total=total, expected=expected
                )
            )
