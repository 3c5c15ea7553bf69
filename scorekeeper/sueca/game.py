"""Sueca as the rest of scorekeeper sees it: the games.Game interface (registered in games.REGISTRY)."""

from scorekeeper.games import RecordOption, Unit, lazy
from scorekeeper.i18n import N_, N_plural, _
from scorekeeper.sueca import finding_codes
from scorekeeper.team.game import TeamGame


class Sueca(TeamGame):
    name, title = "sueca", "Sueca"
    # A deal is the Regulamento's "partida" (O jogo: ten tricks); shown translated.
    list_key = "deals"
    entry_word = Unit(
        N_("deal"),
        N_("deals"),
        N_plural("{count} deal", "{count} deals"),
        N_plural("in progress, {count} deal recorded", "in progress, {count} deals recorded"),
    )
    sheet_word = "match"  # a sheet is a match (games.Game.sheet_word)
    totals_word = Unit(N_("moca"), N_("mocas"), N_plural("{count} moca", "{count} mocas"))  # 1 moca, 2 mocas
    unfinished = finding_codes.UNFINISHED  # Vencedor 1: the game is won by the first team to 3 mocas
    code_prefix = "S"  # S-JOGO4-CARD-TOTAL (sueca/finding_codes.py)
    entry_bare_keys = ("points",)  # `record jogo.yaml 72 48`
    knockout_seeding = ("mocas", "game_points")  # TN5: four groups' winners by points, then S5 (d), (e)
    workbook_language = "pt_PT"  # the Regulamento do Torneio is Portugal's: its ficha speaks Portugal's Portuguese
    record_options = (
        RecordOption("all_tricks", ("--all-tricks",), "Sueca: the team with 120 made all ten tricks.", is_flag=True),
    )

    rules_from_data = lazy("scorekeeper.sueca.rules", "from_data")
    describe_rules = lazy("scorekeeper.sueca.rules", "describe_rules")
    parse_sheet = lazy("scorekeeper.sueca.scoring", "parse_sheet")
    score_sheet = lazy("scorekeeper.sueca.scoring", "score_sheet")
    build_entry = lazy("scorekeeper.sueca.entry_input", "build_entry")
    ask_entry = lazy("scorekeeper.sueca.entry_input", "ask_entry")
    pad_form = lazy("scorekeeper.sueca.pad_form", "pad_form")
    entry_from_pad = lazy("scorekeeper.sueca.pad_form", "entry_from_pad")
    pad_finding_place = lazy("scorekeeper.sueca.pad_form", "finding_place")
    standings = lazy("scorekeeper.sueca.standings", "standings")
    entry_label = lazy("scorekeeper.sueca.show", "entry_label")
    show_tables = lazy("scorekeeper.sueca.show", "show_tables")

    def interactive_help(self):
        """What `record` prints before the first question, in the language in use."""
        from scorekeeper.sueca.entry_input import HELP  # lazy: check does not load the entry parser

        return _(HELP)

    def standings_note(self, rules):
        """S5 (Torneio 4), as the championship workbook tells the organiser."""
        return _(
            "A win is worth {points} points. Teams level on points (Torneio 4): a) the points in the games "
            "among them, b) the mocas in those games, c) the game points in those games, d) the mocas in the "
            "whole group phase, e) the game points in the whole group phase, f) a negra. With three or more "
            "level, once a criterion separates some, the next goes on with those still level."
        ).format(points=rules.group_win_points)

    def entry_words(self, rules, kind):
        """A deal as a page says it (`Partida`), a penalty in the Regulamento's words (`Renúncia`)."""
        from scorekeeper.sueca.pad_form import entry_words  # lazy: only pages say a deal so

        return entry_words(rules, kind)

    def in_play_words(self, result):
        """The points towards the moca being played (Pontuação 4), as the ficha's standing shows them."""
        running = result.extra.get("running") or []
        standing = running[-1].get("standing") if running else None
        if result.complete or not standing:
            return None
        return _("Towards this moca: {points}").format(points=", ".join(f"{t} {n}" for t, n in standing.items()))

    def ficha_columns(self, teams):
        from scorekeeper.sueca.workbook_layout import SuecaColumns  # lazy: openpyxl (test_lazy_imports)

        return SuecaColumns(teams)


GAME = Sueca()
