"""Truco's scoring model, as the rest of scorekeeper sees it (see rules.MODELS)."""
from scorekeeper.truco.entry_input import HELP as INTERACTIVE_HELP  # noqa: F401
from scorekeeper.truco.entry_input import ask_entry, build_entry  # noqa: F401
from scorekeeper.truco.rules import describe_rules, from_data  # noqa: F401
from scorekeeper.truco.scoring import LIST_KEY, parse_sheet, score_sheet  # noqa: F401

ENTRY_WORD = "hand"


def show_tables(result):
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
TOTALS_WORD = ("game", "games")  # a team's standing: 1 game, 2 games
TEAMS = True  # played by teams: `new -t`, a team ficha
