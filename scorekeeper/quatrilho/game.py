"""Quatrilho as the rest of scorekeeper sees it: the games.Game interface (registered in
games.REGISTRY). Each method imports what it needs on first use, so that `check` of another
game's sheet loads nothing of Quatrilho's."""
from scorekeeper.games import Game, Outcome, Seating


class Quatrilho(Game):
    name, title = "quatrilho", "Quatrilho"
    seating = Seating.PLAYERS
    list_key = "deals"
    entry_word = ("entry", "entries")  # late, out and rebuy are entries of `deals` but not deals
    totals_word = None  # a round's net: signed chips
    unfinished_rule = "Art 10"  # a round is six deals per seat (Q1)
    scorer_rule = None  # the fiscal (scorer:) is any name, usually not a player

    def rules_from_data(self, data, path):
        from scorekeeper.quatrilho.rules import from_data

        return from_data(data, path)

    def describe_rules(self, rules):
        from scorekeeper.quatrilho.rules import describe_rules

        return describe_rules(rules)

    def seats(self, rules):
        return tuple(rules.table_sizes)

    def parse_sheet(self, doc, rules, path, ref):
        from scorekeeper.quatrilho.sheet import parse_sheet

        return parse_sheet(doc, rules, path, ref)

    def score_sheet(self, sheet):
        from scorekeeper.quatrilho.round import score_sheet

        return score_sheet(sheet)

    def build_entry(self, sheet, hand, values, **options):
        from scorekeeper.quatrilho.entry_input import build_entry

        return build_entry(sheet, hand, values, **options)

    def interactive_help(self):
        from scorekeeper.quatrilho.entry_input import HELP

        return HELP

    def ask_entry(self, sheet, ask, say):
        from scorekeeper.quatrilho.entry_input import ask_entry

        return ask_entry(sheet, ask, say)

    def show_tables(self, result):
        from scorekeeper.quatrilho.show import show_tables

        return show_tables(result)

    # The Quatrilho planilha (Excel) is the second phase of issue 9, after each game's workbook
    # layout moves into its package; until then export and import say so in one line.
    def write_boletim(self, ws, sheet, result, styles, meta):
        from scorekeeper.errors import InputValueError

        raise InputValueError("the Quatrilho planilha is not written yet")

    def write_blank(self, ws, rules, who, scorer, styles, meta):
        from scorekeeper.errors import InputValueError

        raise InputValueError("the Quatrilho planilha is not written yet")

    def read_boletim(self, grid, rules, ref, info, where, places):
        from scorekeeper.errors import InputValueError

        raise InputValueError("the Quatrilho planilha is not written yet")

    def outcome(self, result):
        """Each registered player's net for the round (Q10, Q11)."""
        return Outcome(tuple(result.players), dict(result.totals))


GAME = Quatrilho()
