"""Quatrilho as the rest of scorekeeper sees it: the games.Game interface (registered in
games.REGISTRY). Each method imports what it needs on first use, so that `check` of another
game's sheet loads nothing of Quatrilho's."""

from scorekeeper.games import ENTRIES, Game, Outcome, Seating, lazy
from scorekeeper.i18n import N_, _, pgettext
from scorekeeper.quatrilho import finding_codes


class Quatrilho(Game):
    name, title = "quatrilho", "Quatrilho"
    sheet_word = "round"  # a sheet is a table's round of deals (Art 10; games.Game.sheet_word)
    seating = Seating.PLAYERS
    list_key = "deals"
    entry_word = ENTRIES  # late, out and rebuy are entries of `deals` but not deals
    totals_word = None  # a round's net: signed chips
    workbook_word = N_("planilha")
    unfinished = finding_codes.UNFINISHED  # Art 10: a round is six deals per seat (Q1)
    scorer_rule = None  # the fiscal (scorer:) is any name, usually not a player
    late_entry_rule = "Art 5"  # "ate a primeira rodada prevista para depois do almoco"
    control_cards = True  # Art 6: "um cracha/cartao de controle onde sera anotado ... o resultado de cada rodada"
    code_prefix = "Q"  # Q-ART11-ROUND-LENGTH (quatrilho/finding_codes.py)
    entry_kind_key = "contract"  # `record mesa7.yaml normal Bia Davi 22`
    entry_bare_keys = ("caller", "partner", "player", "figuras")
    workbook_language = "pt_BR"  # the CBQI is Brazilian: its planilha speaks Brazil's Portuguese

    rules_from_data = lazy("scorekeeper.quatrilho.rules", "from_data")
    describe_rules = lazy("scorekeeper.quatrilho.rules", "describe_rules")
    parse_sheet = lazy("scorekeeper.quatrilho.sheet", "parse_sheet")
    score_sheet = lazy("scorekeeper.quatrilho.scoring", "score_sheet")
    build_entry = lazy("scorekeeper.quatrilho.entry_input", "build_entry")
    ask_entry = lazy("scorekeeper.quatrilho.entry_input", "ask_entry")
    pad_form = lazy("scorekeeper.quatrilho.pad_form", "pad_form")
    entry_from_pad = lazy("scorekeeper.quatrilho.pad_form", "entry_from_pad")
    pad_finding_place = lazy("scorekeeper.quatrilho.pad_form", "finding_place")
    entry_words = lazy("scorekeeper.quatrilho.pad_form", "entry_words")
    entry_label = lazy("scorekeeper.quatrilho.sheet", "entry_label")
    show_tables = lazy("scorekeeper.quatrilho.show", "show_tables")
    write_boletim = lazy("scorekeeper.quatrilho.workbook_write", "write_game")
    write_blank = lazy("scorekeeper.quatrilho.workbook_write", "write_blank")
    read_boletim = lazy("scorekeeper.quatrilho.workbook_read", "read_worksheet")

    def interactive_help(self):
        """What `record` prints before the first question, in the language in use."""
        from scorekeeper.quatrilho.entry_input import HELP  # lazy: only the prompts need it

        return _(HELP)

    def seats(self, rules):
        return tuple(rules.table_sizes)

    def standings(self, tournament, results):
        """Q11 over the rounds the committee fixed (Art 10): the cut after the next-to-last."""
        from scorekeeper.quatrilho.standings import standings  # lazy: decimal, fractions

        return standings(tournament, results, tournament.planned_rounds)

    def standings_note(self, rules):
        """Art 21, 22 (Q11), as the championship workbook tells the organiser."""
        return _(
            "Points are the sum of each round's net, pontos ganhos minus pontos perdidos (Art 21). Level on "
            "points: the more pontos ganhos (the rounds won), then the most pontos ganhos in one round; still "
            "level, the players share the place (Art 22). After the next-to-last round the first {cut} play on "
            "for the prizes (Art 22)."
        ).format(cut=rules.cut)

    def progress(self, sheet, result):
        """Deals played of the round's (Art 10: twenty-four carteadas; RULINGS Q1): late, out and
        rebuy are entries, not deals."""
        whole = result.extra.get("round_deals")
        return (result.extra.get("deals_played", 0), whole) if whole else None

    def progress_words(self, done, whole):
        return pgettext("quatrilho", "deal {done} of {whole}").format(done=done, whole=whole)

    def outcome(self, result):
        """Each registered player's net for the round (Q10, Q11)."""
        return Outcome(tuple(result.players), dict(result.totals))


GAME = Quatrilho()
