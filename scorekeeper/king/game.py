"""King as the rest of scorekeeper sees it: the games.Game interface (registered in games.REGISTRY).

What only one command needs (command-line values, the prompts, the boletim) is imported inside
the method that uses it, so that `check` does not pay for it.
"""

from scorekeeper.games import Game, Outcome, RecordOption, Seating, lazy
from scorekeeper.i18n import _, decimal
from scorekeeper.king import finding_codes


def describe_rules(rules):
    """The King numbers as (setting, value) rows for `rules show`, in the language in use (the
    games' own words, positivos, nulos, renuncia, are the regulation's and stay)."""
    rows = [[_("players"), rules.players], [_("tricks per hand"), rules.tricks]]
    for position, hand in enumerate(rules.negative_hands, 1):
        rows.append(
            [
                _("negative hand {position}: {name} ({label})").format(
                    position=position, name=hand.name, label=hand.label
                ),
                f"{hand.unit} x {hand.units} = -{hand.total}",
            ]
        )
    rows += [
        [_("negative phase total"), rules.negative_phase_total],
        [_("festas"), f"{rules.festa_count} x +{rules.festa_total}"],
        [_("positivos"), _("{points} per trick").format(points=rules.positivos_per_trick)],
        [_("nulos"), _("{bonus} - {points} per trick").format(bonus=rules.nulos_bonus, points=rules.nulos_per_trick)],
        [
            "4-3-3-3",
            _("{beneficiary} / {others} tricks, offers up to {most}").format(
                beneficiary=rules.four_three_beneficiary_tricks,
                others=rules.four_three_other_tricks,
                most=rules.four_three_max_offer,
            ),
        ],
        [
            _("offer limits"),
            _("positivos {positivos}, nulos {nulos}").format(
                positivos=rules.offer_limit_positivos, nulos=rules.offer_limit_nulos
            ),
        ],
        [_("nulos equivalence"), _("1 nulos trick = {tricks} positivos").format(tricks=rules.nulos_equivalence)],
        [_("trumps"), ", ".join(rules.trumps)],
        [
            _("missing units (Art 6)"),
            _("charged to the responsible scorer") if rules.charge_missing_to_scorer else _("an error"),
        ],
        [_("renuncia, festa"), f"{rules.renuncia_festa.offender} / +{rules.renuncia_festa.others}"],
        [
            _("cartas passadas, festa, 1 offender"),
            f"{rules.passed_cards_festa_one.offender} / +{rules.passed_cards_festa_one.others}",
        ],
        [
            _("cartas passadas, festa, 2 offenders"),
            f"{rules.passed_cards_festa_two.offender} / +{rules.passed_cards_festa_two.others}",
        ],
        [_("game total"), rules.game_total],
        [_("table points by place"), " / ".join(map(str, rules.places))],
        [
            _("bye, absent, absent table bonus"),
            # TRANSLATORS: three numbers that may have a decimal comma: separate them with something else.
            _("{bye}, {absent}, {bonus}").format(
                bye=_decimal(rules.bye), absent=_decimal(rules.absent), bonus=_decimal(rules.absent_table_bonus)
            ),
        ],
    ]
    return rows


def _decimal(value: float) -> str:
    """2.5 as `rules show` prints it (2,5 in Portuguese), 5.0 as 5."""
    return decimal(f"{value:g}")


class King(Game):
    name, title = "king", "King"
    seating = Seating.PLAYERS
    list_key = "hands"  # its entries are hands (games.HANDS, the default entry_word)
    unfinished = finding_codes.UNFINISHED  # Art 8: a game is the six negative hands and the four festas
    scorer_rule = "Art 6"  # the responsible scorer takes the units nobody declared
    absence_rule = "Art 7"  # a table with a player absent is not played: 0 to him, the bye's value to the others
    code_prefix = "K"  # K-Q1-COUNT-OVER ... (king.finding_codes)
    entry_kind_key, entry_bare_keys = (
        "hand",
        ("counts", "tricks", "players"),
    )  # `record mesa1.yaml damas 1 1 2 0`, a festa's tricks, a penalty's players at fault
    workbook_language = "pt_PT"  # the regulations are Portugal's: the boletim is printed in their words
    record_options = (
        RecordOption(
            "points",
            ("--points",),
            "King: VALUES are points (as on a paper sheet), not counts or tricks.",
            is_flag=True,
        ),
        RecordOption(
            "beneficiary", ("--beneficiary", "-b"), "King festa: the Dono da Festa (default: next in rotation)."
        ),
        RecordOption("contract", ("--contract", "-c"), "King festa: positivos, nulos or 4-3-3-3."),
        RecordOption("trump", ("--trump", "-t"), "King festa in positivos: copas, espadas, ouros, paus or sem-trunfo."),
        RecordOption("offer", ("--offer",), "King festa sold: NAME:TRICKS of the accepted offer (e.g. Carla:2)."),
        RecordOption(
            "penalty", ("--penalty",), "King: renuncia or cartas-passadas; VALUES are then the players at fault."
        ),
    )

    rules_from_data = lazy("scorekeeper.king.rules", "from_data")
    parse_sheet = lazy("scorekeeper.king.sheet", "parse_sheet")
    score_sheet = lazy("scorekeeper.king.scoring", "score_sheet")
    build_entry = lazy("scorekeeper.king.entry_input", "build_entry")
    ask_entry = lazy("scorekeeper.king.interactive", "ask_entry")
    pad_form = lazy("scorekeeper.king.pad_form", "pad_form")
    entry_from_pad = lazy("scorekeeper.king.pad_form", "entry_from_pad")
    pad_finding_place = lazy("scorekeeper.king.pad_form", "finding_place")
    write_boletim = lazy("scorekeeper.king.workbook_write", "write_game")
    standings = lazy("scorekeeper.king.standings", "standings")
    show_tables = lazy("scorekeeper.king.show", "show_tables")  # the hands, then the running balance

    def entry_label(self, kind: str) -> str:
        """A hand written by one of its aliases (`queens`, its English name) said by its name in
        Quadro 1 (`damas`): a correction's before and after then name one hand alike."""
        from scorekeeper.errors import ScorekeeperError  # lazy: only history and news say a kind
        from scorekeeper.rulebook import registry  # lazy: as above

        try:
            canonical = registry.find(self.name).hand_names.get(kind)
        except ScorekeeperError:  # shipped rules a user broke: the kind as written
            return kind
        return canonical or kind

    def describe_rules(self, rules):
        return describe_rules(rules)

    def interactive_help(self):
        """The prompts' help, in the language in use (said when `record` starts asking)."""
        from scorekeeper.king.interactive import HELP  # lazy: only the prompts load the prompting module

        return _(HELP)

    def seats(self, rules):
        return (rules.players,)

    def entry_detail_words(self, rules, entry):
        """A festa's or a penalty's detail as a page says it (`Ana · Positivos · Copas`)."""
        from scorekeeper.king.pad_form import detail_words  # lazy: only pages say a hand so

        return detail_words(entry)

    def entry_words(self, rules, kind):
        """A hand as the rule file's label names it (`2 Últimas Vazas`), a festa as `Festa`."""
        from scorekeeper.king.pad_form import hand_words  # lazy: only pages say a hand so

        return hand_words(rules, kind)

    def write_blank(self, ws, rules, who, scorer, styles, meta):
        from scorekeeper.king.workbook_write import write_blank  # lazy: openpyxl (test_lazy_imports)

        write_blank(ws, rules, list(who), scorer or who[0], styles, meta)

    def read_boletim(self, grid, rules, ref, info, where, places):
        from scorekeeper.king.workbook_read import read_worksheet  # lazy: openpyxl (test_lazy_imports)

        return read_worksheet(grid, {"rules": ref, **info}, where, places)  # the Regras cell as read

    def standings_note(self, rules):
        """K5 (Art 15, 16), as the championship workbook tells the organiser."""
        return _(
            "Players level on points are placed by their King points, then by their best game, then by their "
            "second best, and so on (Art 15, 16); still level, they share the place. A bye is worth 2.5; an "
            "absent player scores 0 and each of the three present at his table 2.5 (Art 7)."
        )

    def progress(self, sheet, result):
        """Hands played of the game's: the rule file's negative hands and festas (Quadro 1, Art 10);
        a festa lost to a penalty is played again (Art 9.2, 14), so it is not a hand further on."""
        whole = len(sheet.rules.negative_hands) + sheet.rules.festa_count
        replayed = sum(1 for entry in sheet.entries if entry.hand == "festa" and entry.penalty)
        return min(len(sheet.entries) - replayed, whole), whole

    def progress_words(self, done, whole):
        return _("hand {done} of {whole}").format(done=done, whole=whole)

    def outcome(self, result):
        """King points (the saldo) and the table points of Art 15 (K5)."""
        return Outcome(tuple(result.players), dict(result.totals), result.places)


GAME = King()
