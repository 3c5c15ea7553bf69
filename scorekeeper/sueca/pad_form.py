"""A Sueca deal on the score pad's one screen (sheet.entry_form): one team's card points on a number
pad, the other's derived (O jogo 4: they add up to 120), all ten tricks a button, and each
penalty a button that asks which team. Its values make the entry `record` writes."""

from __future__ import annotations

from scorekeeper.i18n import _, pgettext
from scorekeeper.sheet.entry_form import CHOICE, NUMBER, Choice, EntryForm, Field, Reader
from scorekeeper.sueca import finding_codes as codes
from scorekeeper.sueca.entry_input import TEAM_AT_FAULT
from scorekeeper.sueca.rules import SuecaRules
from scorekeeper.team import finding_codes as team_codes
from scorekeeper.team.sheet import TeamSheet

CARD_POINTS = "pontos"  # the usual deal: one team's card points typed
ALL_TRICKS = "todas-as-vazas"  # Pontuação 2: every trick, 4 points (all 120 card points, S2)
# Penalizações: the regulation's words, as the sheet writes each penalty (sueca.rules.PENALTIES).
PENALTY_WORDS = {"renuncia": "Renúncia", "castigo": "Castigo", "ponto": "Penalização de 1 ponto"}
# Penalizações, "perde 1 ponto se": the reasons the rule file lists, in the regulation's words.
REASON_WORDS = {
    "baralhar": "Baralhar",  # 1: looking at the cards while shuffling
    "ver-vazas": "Ver vazas",  # 2: looking at tricks played before the last
    "ma-distribuicao": "Má distribuição",  # 3: a misdeal found during the deal
    "sinais": "Sinais",  # 3: signs or talk during the game
}


def entry_words(rules: SuecaRules, kind: str) -> str:
    """A deal's kind (a HandResult's `hand`) in Sueca's words: a deal (`Partida`), a penalty as
    the Regulamento names it (`Renúncia`); a word the sheet holds that Sueca does not know, as written."""
    if kind == "deal":
        return pgettext("sueca", "Deal")
    return PENALTY_WORDS.get(kind, kind)


def pad_form(sheet: TeamSheet) -> EntryForm:
    rules: SuecaRules = sheet.rules
    teams = tuple(Choice(t, t) for t in sheet.team_names)
    penalties = tuple(PENALTY_WORDS)
    fields = (
        Field(
            "deal",
            CHOICE,
            pgettext("sueca", "Deal"),
            (
                Choice(CARD_POINTS, _("Card points")),
                Choice(ALL_TRICKS, "Todas as vazas"),
                *(Choice(k, w) for k, w in PENALTY_WORDS.items()),
            ),
            value=CARD_POINTS,
        ),
        Field(
            "team",
            CHOICE,
            pgettext("sueca", "Team"),
            teams,
            value=sheet.team_names[0],
            when=(("deal", (CARD_POINTS, ALL_TRICKS)),),
        ),
        Field(
            "points",
            NUMBER,
            _("Card points"),
            low=0,
            high=rules.total,
            when=(("deal", (CARD_POINTS,)),),
            hint=_("The other team has {total} minus these; {tie} is a {tie}-{tie} (O jogo 4, Pontuação 3).").format(
                total=rules.total, tie=rules.tie
            ),
        ),
        Field(
            "at-fault",
            CHOICE,
            _(TEAM_AT_FAULT),
            teams,
            when=(("deal", penalties),),
            hint=_(
                "The other team scores {renuncia} for a Renúncia, {ponto} for a Penalização de 1 ponto, and "
                "{castigo} for every {every} Castigos of a team (Penalizações)."
            ).format(
                renuncia=rules.renuncia_points,
                ponto=rules.ponto_points,
                castigo=rules.castigo_points,
                every=rules.castigo_every,
            ),
        ),
        Field(
            "reason",
            CHOICE,
            _("Reason"),
            tuple(Choice(r, REASON_WORDS.get(r, r)) for r in rules.ponto_reasons),
            when=(("deal", ("ponto",)),),
        ),
    )
    return EntryForm(pgettext("sueca", "Deal {number}").format(number=len(sheet.entries) + 1), fields)


def entry_from_pad(sheet: TeamSheet, values: dict) -> dict:
    """The entry the screen's values make, as `record` writes it (FormRefused naming each field):
    `{points: [72, 48]}` in team order, `{points: [120, 0], all_tricks: true}`, `{penalty: castigo,
    team: Eles}`, `{penalty: ponto, team: Eles, reason: baralhar}`."""
    rules: SuecaRules = sheet.rules
    read = Reader(pad_form(sheet), values)
    deal = read.text("deal")
    entry: dict = {}
    if deal in (CARD_POINTS, ALL_TRICKS):
        team = read.text("team")
        points = rules.total if deal == ALL_TRICKS else read.number("points")
        if team and points is not None:
            entry["points"] = [points if t == team else rules.total - points for t in sheet.team_names]
        if deal == ALL_TRICKS:
            entry["all_tricks"] = True
    elif deal:
        entry = {"penalty": deal, "team": read.text("at-fault")}
        if deal == "ponto":
            entry["reason"] = read.text("reason")
    read.done()
    return entry


# Where a finding is shown on the screen: beside the field it is about (the standing, which the
# pad computes and never asks, has none: its findings go above Record).
_PLACES = {
    codes.IMPOSSIBLE_POINTS.code: "points",
    codes.POINTS_OVER.code: "points",
    codes.CARD_TOTAL.code: "points",
    team_codes.VALUE_COUNT.code: "points",
    team_codes.VALUE_MISSING.code: "points",
    codes.NO_POINTS.code: "deal",
    codes.ALL_TRICKS.code: "deal",
    codes.AFTER_WIN.code: "deal",
    codes.UNKNOWN_PENALTY.code: "deal",
    codes.PENALTY_NO_TEAM.code: "at-fault",
    codes.NO_REASON.code: "reason",
    codes.UNKNOWN_REASON.code: "reason",
}


def finding_place(sheet: TeamSheet, code: str, values: dict) -> str | None:
    """The field a finding of the entry is shown beside (None: above Record)."""
    if code == team_codes.NOT_A_TEAM.code:
        deal = str(values.get("deal", CARD_POINTS)).strip()
        return "at-fault" if deal in PENALTY_WORDS else "team"
    return _PLACES.get(code)
