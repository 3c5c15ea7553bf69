"""Sueca as the rest of scorekeeper sees it: the games.Game interface (registered in games.REGISTRY)."""
from scorekeeper.games import RecordOption
from scorekeeper.team_game import TeamGame


class Sueca(TeamGame):
    name, title = "sueca", "Sueca"
    list_key, entry_word = "deals", ("deal", "deals")
    totals_word = ("moca", "mocas")  # a team's standing: 1 moca, 2 mocas
    unfinished_rule = "Vencedor 1"  # the game is won by the first team to 3 mocas
    record_options = (RecordOption("all_tricks", ("--all-tricks",), "Sueca: the team with 120 made all ten tricks.",
                                   is_flag=True),)

    def rules_from_data(self, data, path):
        from scorekeeper.sueca.rules import from_data

        return from_data(data, path)

    def describe_rules(self, rules):
        from scorekeeper.sueca.rules import describe_rules

        return describe_rules(rules)

    def parse_sheet(self, doc, rules, path, ref):
        from scorekeeper.sueca.scoring import parse_sheet

        return parse_sheet(doc, rules, path, ref)

    def score_sheet(self, sheet):
        from scorekeeper.sueca.scoring import score_sheet

        return score_sheet(sheet)

    def build_entry(self, sheet, hand, values, **options):
        from scorekeeper.sueca.entry_input import build_entry

        return build_entry(sheet, hand, values, **options)

    def interactive_help(self):
        from scorekeeper.sueca.entry_input import HELP

        return HELP

    def ask_entry(self, sheet, ask, say):
        from scorekeeper.sueca.entry_input import ask_entry

        return ask_entry(sheet, ask, say)

    def show_tables(self, result):
        """`show`: each deal's card points and points, the moca standing, and mocas won."""
        from scorekeeper.report import Column  # report is imported by the table paths only

        teams = result.players
        headers = ["#", "deal", "detail", *(Column(f"{t} {word}", word, t) for word in ("pts", "+", "moca", "mocas")
                                            for t in teams)]
        rows = []
        for hand, state in zip(result.hands, result.extra["running"]):
            points = hand.points or {}
            rows.append([hand.index, hand.hand, hand.detail, *(points.get(t, "") for t in teams),
                         *(hand.awarded.get(t, 0) for t in teams), *(state["standing"][t] for t in teams),
                         *(state["mocas"][t] for t in teams)])
        return [("", headers, rows, 3)]

    def ficha_columns(self, teams):
        from scorekeeper.sueca.ficha import SuecaColumns

        return SuecaColumns(teams)


GAME = Sueca()
