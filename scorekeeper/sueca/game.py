"""Sueca's scoring model, as the rest of scorekeeper sees it (see rules.MODELS)."""
from scorekeeper.sueca.entry_input import HELP as INTERACTIVE_HELP  # noqa: F401
from scorekeeper.sueca.entry_input import ask_entry, build_entry  # noqa: F401
from scorekeeper.sueca.rules import describe_rules, from_data  # noqa: F401
from scorekeeper.sueca.scoring import LIST_KEY, parse_sheet, score_sheet  # noqa: F401

ENTRY_WORD = "deal"


def show_tables(result):
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
TOTALS_WORD = ("moca", "mocas")  # a team's standing: 1 moca, 2 mocas
TEAMS = True  # played by teams: `new -t`, a team ficha
