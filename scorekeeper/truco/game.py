"""Truco as the rest of scorekeeper sees it: the games.Game interface (registered in games.REGISTRY)."""

from scorekeeper.games import Unit, lazy
from scorekeeper.i18n import N_, N_plural, _
from scorekeeper.team.game import TeamGame
from scorekeeper.truco import finding_codes


class Truco(TeamGame):
    name, title = "truco", "Truco"
    sheet_word = "match"  # a sheet is a match (games.Game.sheet_word)
    list_key = "hands"  # its entries are hands (games.HANDS, the default entry_word)
    totals_word = Unit(N_("game"), N_("games"), N_plural("{count} game", "{count} games"))  # 1 game, 2 games
    unfinished = finding_codes.UNFINISHED  # Art 14: a match is won by games (T4)
    code_prefix = "TR"  # TR-ART13-VALUE (truco/finding_codes.py)
    entry_bare_keys = ("winner", "value")  # `record truco.yaml Nos 3`
    knockout_seeding = ("games", "tentos")  # TN4's criteria after matches won, as TN5 seeds Sueca's
    workbook_language = "pt_BR"  # the FURB regulation is Brazilian: its ficha speaks Brazil's Portuguese

    rules_from_data = lazy("scorekeeper.truco.rules", "from_data")
    describe_rules = lazy("scorekeeper.truco.rules", "describe_rules")
    parse_sheet = lazy("scorekeeper.truco.scoring", "parse_sheet")
    score_sheet = lazy("scorekeeper.truco.scoring", "score_sheet")
    build_entry = lazy("scorekeeper.truco.entry_input", "build_entry")
    ask_entry = lazy("scorekeeper.truco.entry_input", "ask_entry")
    pad_form = lazy("scorekeeper.truco.pad_form", "pad_form")
    entry_from_pad = lazy("scorekeeper.truco.pad_form", "entry_from_pad")
    pad_finding_place = lazy("scorekeeper.truco.pad_form", "finding_place")
    standings = lazy("scorekeeper.truco.standings", "standings")
    entry_label = lazy("scorekeeper.truco.show", "entry_label")
    show_tables = lazy("scorekeeper.truco.show", "show_tables")

    def interactive_help(self):
        """What `record` prints before the first question, in the language in use."""
        from scorekeeper.truco.entry_input import HELP  # lazy: check does not load the entry parser

        return _(HELP)

    def standings_note(self, rules):
        """TN4 in the rule file's order, as the championship workbook tells the organiser."""
        words = {"matches": _("matches won"), "games": _("games won"), "tentos": _("tentos scored minus conceded")}
        return _(
            "Teams are placed by {criteria}, in that order; a team disqualified (Art 8) loses every point it "
            "had and is placed last."
        ).format(criteria=", ".join(words[c] for c in rules.standings))

    def in_play_words(self, result):
        """The tentos of the game being played (Art 13: a game is 12), as the súmula's score shows them."""
        running = result.extra.get("running") or []
        score = running[-1].get("score") if running else None
        if result.complete or not score:
            return None
        return _("This game: {points}").format(points=", ".join(f"{t} {n}" for t, n in score.items()))

    def entry_words(self, rules, kind):
        """A hand as a page says it (`Mão`), a void, a mão de onze and a penalty in the
        regulation's words (`Baralho mal dado`, `Mão de onze`, `Olhar o baralho`)."""
        from scorekeeper.truco.pad_form import entry_words  # lazy: only pages say a hand so

        return entry_words(rules, kind)

    def ficha_columns(self, teams):
        from scorekeeper.truco.workbook_layout import TrucoColumns  # lazy: openpyxl (test_lazy_imports)

        return TrucoColumns(teams)


GAME = Truco()
