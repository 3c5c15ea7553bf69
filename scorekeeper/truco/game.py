"""Truco as the rest of scorekeeper sees it: the games.Game interface (registered in games.REGISTRY)."""
from scorekeeper.team_game import TeamGame


class Truco(TeamGame):
    name, title = "truco", "Truco"
    list_key, entry_word = "hands", ("hand", "hands")
    totals_word = ("game", "games")  # a team's standing: 1 game, 2 games
    unfinished_rule = "Art 14"  # a match is won by games (T4)

    def rules_from_data(self, data, path):
        from scorekeeper.truco.rules import from_data

        return from_data(data, path)

    def describe_rules(self, rules):
        from scorekeeper.truco.rules import describe_rules

        return describe_rules(rules)

    def parse_sheet(self, doc, rules, path, ref):
        from scorekeeper.truco.scoring import parse_sheet

        return parse_sheet(doc, rules, path, ref)

    def score_sheet(self, sheet):
        from scorekeeper.truco.scoring import score_sheet

        return score_sheet(sheet)

    def build_entry(self, sheet, hand, values, **options):
        from scorekeeper.truco.entry_input import build_entry

        return build_entry(sheet, hand, values, **options)

    def interactive_help(self):
        from scorekeeper.truco.entry_input import HELP

        return HELP

    def ask_entry(self, sheet, ask, say):
        from scorekeeper.truco.entry_input import ask_entry

        return ask_entry(sheet, ask, say)

    def show_tables(self, result):
        """`show`: each hand, the points it gives, the running score of its game, and games won."""
        from scorekeeper.report import Column  # report is imported by the table paths only

        teams = result.players
        headers = ["#", "game", "hand", "detail", *(Column(f"{t} {word}", word, t) for word in ("+", "score", "games")
                                                    for t in teams)]
        rows = []
        for hand, state in zip(result.hands, result.extra["running"]):
            rows.append([hand.index, state["game"], hand.hand, hand.detail, *(hand.awarded.get(t, 0) for t in teams),
                         *(state["score"][t] for t in teams), *(state["games_won"][t] for t in teams)])
        return [("", headers, rows, 4)]

    def ficha_columns(self, teams):
        from scorekeeper.truco.ficha import TrucoColumns

        return TrucoColumns(teams)


GAME = Truco()
