"""King's scoring model, as the rest of scorekeeper sees it (see rules.MODELS).

What only `record` needs (command-line values, the interactive prompts) is imported on
first use, so that `check` does not pay for it.
"""
import importlib

from scorekeeper.king.rules import from_data  # noqa: F401
from scorekeeper.king.scoring import score_sheet  # noqa: F401
from scorekeeper.king.sheet import parse_sheet  # noqa: F401

_LAZY = {
    "build_entry": ("scorekeeper.king.entry_input", "build_entry"),
    "next_hand": ("scorekeeper.king.entry_input", "next_hand"),
    "ask_entry": ("scorekeeper.king.interactive", "ask_entry"),
    "INTERACTIVE_HELP": ("scorekeeper.king.interactive", "HELP"),
}


def __getattr__(name):
    if name in _LAZY:
        module, attribute = _LAZY[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def describe_rules(rules):
    """The King numbers as (setting, value) rows for `rules show`."""
    rows = [["players", rules.players], ["tricks per hand", rules.tricks]]
    for position, hand in enumerate(rules.negative_hands, 1):
        rows.append([f"negative hand {position}: {hand.name} ({hand.label})",
                     f"{hand.unit} x {hand.units} = -{hand.total}"])
    rows += [
        ["negative phase total", rules.negative_phase_total],
        ["festas", f"{rules.festa_count} x +{rules.festa_total}"],
        ["positivos", f"{rules.positivos_per_trick} per trick"],
        ["nulos", f"{rules.nulos_bonus} - {rules.nulos_per_trick} per trick"],
        ["4-3-3-3", f"{rules.four_three_beneficiary_tricks} / {rules.four_three_other_tricks} tricks, "
                    f"offers up to {rules.four_three_max_offer}"],
        ["offer limits", f"positivos {rules.offer_limit_positivos}, nulos {rules.offer_limit_nulos}"],
        ["nulos equivalence", f"1 nulos trick = {rules.nulos_equivalence} positivos"],
        ["trumps", ", ".join(rules.trumps)],
        ["missing units (Art 6)", "charged to the responsible scorer" if rules.charge_missing_to_scorer
         else "an error"],
        ["renuncia, festa", f"{rules.renuncia_festa.offender} / +{rules.renuncia_festa.others}"],
        ["cartas passadas, festa, 1 offender",
         f"{rules.passed_cards_festa_one.offender} / +{rules.passed_cards_festa_one.others}"],
        ["cartas passadas, festa, 2 offenders",
         f"{rules.passed_cards_festa_two.offender} / +{rules.passed_cards_festa_two.others}"],
        ["game total", rules.game_total],
        ["table points by place", " / ".join(map(str, rules.places))],
        ["bye, absent, absent table bonus", f"{rules.bye:g}, {rules.absent:g}, {rules.absent_table_bonus:g}"],
    ]
    return rows


LIST_KEY = "hands"  # the sheet's list of entries
ENTRY_WORD = "hand"


def show_tables(result):
    """`show`: the hands with their totals and controls, then the running balance."""
    from scorekeeper import report

    tables = [("", *report.hand_rows(result), 3)]
    if result.hands:
        tables.append(("Running balance", *report.running_rows(result), 2))
    return tables
TEAMS = False  # played by players (not teams): `new -p`, the King boletim
