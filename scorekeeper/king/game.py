"""King as the rest of scorekeeper sees it: the games.Game interface (registered in games.REGISTRY).

What only one command needs (command-line values, the prompts, the boletim) is imported inside
the method that uses it, so that `check` does not pay for it.
"""
from scorekeeper.games import Game, Outcome, RecordOption, Seating, lazy, lazy_text


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


class King(Game):
    name, title = "king", "King"
    seating = Seating.PLAYERS
    list_key, entry_word = "hands", ("hand", "hands")
    unfinished_rule = "Art 8"  # a game is the six negative hands and the four festas
    scorer_rule = "Art 6"  # the responsible scorer takes the units nobody declared
    record_options = (
        RecordOption("points", ("--points",), "King: VALUES are points (as on a paper sheet), not counts or tricks.",
                     is_flag=True),
        RecordOption("beneficiary", ("--beneficiary", "-b"), "King festa: the Dono da Festa (default: next in rotation)."),
        RecordOption("contract", ("--contract", "-c"), "King festa: positivos, nulos or 4-3-3-3."),
        RecordOption("trump", ("--trump", "-t"), "King festa in positivos: copas, espadas, ouros, paus or sem-trunfo."),
        RecordOption("offer", ("--offer",), "King festa sold: NAME:TRICKS of the accepted offer (e.g. Carla:2)."),
        RecordOption("penalty", ("--penalty",), "King: renuncia or cartas-passadas; VALUES are then the players at fault."),
    )

    rules_from_data = lazy("scorekeeper.king.rules", "from_data")
    parse_sheet = lazy("scorekeeper.king.sheet", "parse_sheet")
    score_sheet = lazy("scorekeeper.king.scoring", "score_sheet")
    build_entry = lazy("scorekeeper.king.entry_input", "build_entry")
    interactive_help = lazy_text("scorekeeper.king.interactive", "HELP")
    ask_entry = lazy("scorekeeper.king.interactive", "ask_entry")
    write_boletim = lazy("scorekeeper.king.boletim_export", "write_game")
    standings = lazy("scorekeeper.king.standings", "standings")

    def describe_rules(self, rules):
        return describe_rules(rules)

    def seats(self, rules):
        return (rules.players,)

    def show_tables(self, result):
        """`show`: the hands with their totals and controls, then the running balance."""
        from scorekeeper import report

        tables = [("", *report.hand_rows(result, places_rule="Art 15"), 3)]
        if result.hands:
            tables.append(("Running balance", *report.running_rows(result), 2))
        return tables

    def write_blank(self, ws, rules, who, scorer, styles, meta):
        from scorekeeper.king.boletim_export import write_blank

        write_blank(ws, rules, list(who), scorer or who[0], styles, meta)

    def read_boletim(self, grid, rules, ref, info, where, places):
        from scorekeeper.king.boletim_import import read_worksheet

        return read_worksheet(grid, info, where, places)

    def outcome(self, result):
        """King points (the saldo) and the table points of Art 15 (K5)."""
        return Outcome(tuple(result.players), dict(result.totals), result.places)


GAME = King()
