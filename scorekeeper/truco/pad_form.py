"""A Truco hand on the score pad's one screen (sheet.entry_form): who won (team buttons) and the
hand's value (buttons of the values Art 13 allows, opening on 1); a misdeal and each penalty a
button, the dealer who looked at the deck asking which team. When one team stands at 11, the
screen opens on the mão de onze, the decision it is (Art 17): played (then who won) or declined.
Its values make the entry `record` writes."""

from __future__ import annotations

from scorekeeper.i18n import _, pgettext
from scorekeeper.sheet.entry_form import CHOICE, Choice, EntryForm, Field, Reader
from scorekeeper.team import finding_codes as team_codes
from scorekeeper.team.sheet import TeamSheet, other_team
from scorekeeper.truco import finding_codes as codes
from scorekeeper.truco.rules import TrucoRules
from scorekeeper.truco.scoring import score_sheet

PLAYED = "played"  # a hand played to its end: a winner and a value
DECLINED = "declined"  # Art 17: the team at 11 does not play the hand
VOID = "void:"  # a void hand (Art 7), followed by the rule file's word for it: `void:misdeal`
LOOKED = "olhar-baralho"  # Art 6: the dealer looked at the deck
RAISED = "truco-na-mao-de-onze"  # Art 16: the team at 11 raised
# The regulation's words for what the sheet writes as keys (Art 6, 7, 16, 17).
VOID_WORDS = {"misdeal": "Baralho mal dado"}  # Art 7: the dealer did not give each player 3 cards
PENALTY_WORDS = {LOOKED: "Olhar o baralho", RAISED: "Truco na mão de onze"}
MAO_DE_ONZE = "Mão de onze"


def entry_words(rules: TrucoRules, kind: str) -> str:
    """A hand's kind (a HandResult's `hand`) in Truco's words: a hand (`Mão`), a void (`Baralho
    mal dado` when the rule file's only void is Art 7's misdeal), the mão de onze declined, a
    penalty as the regulation names it; a word the sheet holds that Truco does not know, as written."""
    if kind == "hand":
        return _("Hand")
    if kind == "void":
        return VOID_WORDS["misdeal"] if tuple(rules.voids) == ("misdeal",) else pgettext("truco", "Void hand")
    if kind == "mao de onze":
        return MAO_DE_ONZE
    return PENALTY_WORDS.get(kind, kind)


def _void_word(void: str) -> str:
    return VOID_WORDS.get(void, void)


def scores(sheet: TeamSheet) -> dict[str, int]:
    """Each team's points in the game being played (the sheet scored: the pad computes them)."""
    teams = score_sheet(sheet).extra["teams"]
    return {team: teams[team]["score"] for team in sheet.team_names}


def at_eleven(sheet: TeamSheet) -> list[str]:
    """The teams standing at 11 in the game being played (Art 16-18)."""
    rules: TrucoRules = sheet.rules
    return [team for team, points in scores(sheet).items() if points == rules.eleven]


def pad_form(sheet: TeamSheet) -> EntryForm:
    return _form(sheet, at_eleven(sheet))


def _form(sheet: TeamSheet, eleven: list[str]) -> EntryForm:
    """The screen for the sheet whose teams `eleven` stand at 11."""
    rules: TrucoRules = sheet.rules
    teams = tuple(Choice(t, t) for t in sheet.team_names)
    alone = eleven[0] if len(eleven) == 1 else None
    voids = tuple(Choice(VOID + v, _void_word(v)) for v in rules.voids)
    if alone is not None:
        other = other_team(sheet, alone)
        hand = Field(
            "hand",
            CHOICE,
            _("Mão de onze: {team} has {points}").format(team=alone, points=rules.eleven),
            (
                Choice(PLAYED, _("Played")),
                Choice(DECLINED, _("Declined")),
                *voids,
                Choice(LOOKED, PENALTY_WORDS[LOOKED]),
                Choice(RAISED, PENALTY_WORDS[RAISED]),
            ),
            hint=_(
                "{team} decides whether to play the hand: declined, {other} scores {declined}; played and lost, "
                "{other} scores {lost} (Art 17). {team} may not raise: if it does, {other} scores {raised} (Art 16)."
            ).format(team=alone, other=other, declined=rules.declined, lost=rules.lost, raised=rules.raise_penalty),
        )
    else:
        hand = Field(
            "hand",
            CHOICE,
            _("Hand"),
            (Choice(PLAYED, _("Played")), *voids, Choice(LOOKED, PENALTY_WORDS[LOOKED])),
            value=PLAYED,
        )
    played = (("hand", (PLAYED,)),)
    if len(eleven) == 2:
        winner_hint = _("Both teams at {eleven}: the hand is worth {worth}, played blind (Art 18).").format(
            eleven=rules.eleven, worth=rules.both_at_eleven_value
        )
    elif alone is not None:
        winner_hint = _("{team} wins the game with this hand; {other} scores {lost} if it wins (Art 17).").format(
            team=alone, other=other_team(sheet, alone), lost=rules.lost
        )
    else:
        winner_hint = ""
    fields = [hand, Field("winner", CHOICE, _("Winner"), teams, when=played, hint=winner_hint)]
    if not eleven:  # at 11 the value is the rules' (Art 17, 18), never the scorer's
        fields.append(
            Field(
                "value",
                CHOICE,
                pgettext("truco", "Value"),
                tuple(Choice(str(v), str(v)) for v in rules.values),
                value=str(rules.values[0]),
                when=played,
                hint=_("Raised by truco (Art 13)."),
            )
        )
    fields.append(Field("at-fault", CHOICE, pgettext("truco", "Team at fault"), teams, when=(("hand", (LOOKED,)),)))
    return EntryForm(_("Hand {number}").format(number=len(sheet.entries) + 1), tuple(fields))


def entry_from_pad(sheet: TeamSheet, values: dict) -> dict:
    """The entry the screen's values make, as `record` writes it (FormRefused naming each field):
    `{winner: Nos, value: 3}` (a hand of 1 without its value), `{void: misdeal}`, `{mao_de_onze:
    declined, team: Nos}`, `{penalty: olhar-baralho, team: Eles}`."""
    eleven = at_eleven(sheet)
    read = Reader(_form(sheet, eleven), values)
    hand = read.text("hand")
    entry: dict = {}
    if hand == PLAYED:
        entry["winner"] = read.text("winner")
        value = read.text("value")
        if value and value != "1":
            entry["value"] = int(value)
    elif hand.startswith(VOID):
        entry["void"] = hand[len(VOID) :]
    elif hand == LOOKED:
        entry = {"penalty": LOOKED, "team": read.text("at-fault")}
    elif hand in (DECLINED, RAISED):  # offered only when one team stands at 11: that team's
        (team,) = eleven
        entry = {"mao_de_onze": DECLINED, "team": team} if hand == DECLINED else {"penalty": RAISED, "team": team}
    read.done()
    return entry


# Where a finding is shown on the screen: beside the field it is about (the score, which the pad
# computes and never asks, has none: its findings go above Record).
_PLACES = {
    codes.AFTER_MATCH.code: "hand",
    codes.VOID_UNKNOWN.code: "hand",
    codes.PENALTY_UNKNOWN.code: "hand",
    codes.RAISE_NOT_AT_ELEVEN.code: "hand",
    codes.RAISED_AT_ELEVEN.code: "hand",
    codes.ELEVEN_WORD.code: "hand",
    codes.DECLINE_NO_TEAM.code: "hand",
    codes.DECLINE_NOT_AT_ELEVEN.code: "hand",
    codes.PENALTY_NO_TEAM.code: "at-fault",
    codes.NO_WINNER.code: "winner",
    codes.LOST_VALUE.code: "winner",  # at 11 the pad asks no value: the winner decides it
    codes.BOTH_AT_ELEVEN_VALUE.code: "winner",
    codes.VALUE.code: "value",
}


def finding_place(sheet: TeamSheet, code: str, values: dict) -> str | None:
    """The field a finding of the entry is shown beside (None: above Record)."""
    if code == team_codes.NOT_A_TEAM.code:
        return "at-fault" if str(values.get("hand", "")).strip() == LOOKED else "winner"
    return _PLACES.get(code)
