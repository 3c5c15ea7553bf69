"""A Truco hand from the command line (`record truco.yaml Nos 3`) or asked at the table."""

from __future__ import annotations

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_, N_, _, pgettext
from scorekeeper.sheet.typed_input import team_name, until_valid, whole
from scorekeeper.sheet.vocabulary import normalize
from scorekeeper.truco.rules import PENALTIES

HELP = N_(
    "Type the winning team (or one of its players) and the hand's value: Nos 3\n"
    "(Nos alone is 1). Or: declined TEAM (a mao de onze declined), void (a misdeal),\n"
    "truco-na-mao-de-onze TEAM or olhar-baralho TEAM (the team at fault). q stops."
)
DECLINED = ("declined", "recusou", "recusada", "mao-de-onze")
VOID = ("void", "misdeal", "anulada", "ma-distribuicao")


def build_entry(sheet, hand: str, values: list[str], **options) -> dict:
    """`Nos`, `Nos 3`, `declined Nos`, `void`, `truco-na-mao-de-onze Eles`, `olhar-baralho Nos`."""
    unused = [name for name, value in options.items() if value]
    if unused:
        raise InputValueError(M_("{option} is not used in Truco", option=f"--{unused[0].replace('_', '-')}"))
    return _entry(sheet, [hand, *values])


def _entry(sheet, tokens: list[str]) -> dict:
    if len(tokens) == 1 and "=" in tokens[0]:  # `Nos=3`: TEAM=N, as King's NAME=N and Sueca's TEAM=N
        team, _equals, value = tokens[0].partition("=")
        tokens = [team, value]
    word = normalize(tokens[0])
    if word in VOID:
        if len(tokens) > 1:
            raise InputValueError(M_("void takes nothing after it, not {typed}", typed=quoted(" ".join(tokens[1:]))))
        return {"void": "misdeal"}
    penalty = PENALTIES.get(tokens[0])
    if word in DECLINED or penalty is not None:
        if len(tokens) != 2:
            raise InputValueError(M_("name the team: {word} {teams}", word=tokens[0], teams=" | ".join(sheet.teams)))
        team = team_name(sheet, tokens[1])
        return {"mao_de_onze": "declined", "team": team} if penalty is None else {"penalty": penalty, "team": team}
    if len(tokens) > 2:
        raise InputValueError(M_("give the winning team and the hand's value, e.g. Nos 3"))
    entry: dict[str, object] = {"winner": team_name(sheet, tokens[0])}
    if len(tokens) == 2:
        worth = _value(sheet, tokens[1])
        if worth != 1:
            entry["value"] = worth
    return entry


def ask_entry(sheet, ask, say) -> dict:
    """Ask one hand: any one-line entry the command line takes (`Nos 3`, `Nos` for 1,
    `declined Nos`, `void`, `olhar-baralho Eles`), or a word alone whose team is then asked."""
    number = len(sheet.entries) + 1
    first = until_valid(
        ask,
        say,
        _("Hand {number}: winner and value (e.g. {team} 3)").format(number=number, team=sheet.team_names[0]),
        _first_word(sheet),
        choices=[f"{team} {value}" for team in sheet.team_names for value in sheet.rules.values]
        + ["recusou", "anulada", *PENALTIES.names],
    )  # the words of the game, in every language
    if first == "declined":
        team = until_valid(
            ask, say, _("Team at eleven that declined"), lambda t: team_name(sheet, t), choices=sheet.team_names
        )
        return {"mao_de_onze": "declined", "team": team}
    if "penalty" in first and "team" not in first:
        first["team"] = until_valid(
            ask, say, pgettext("truco", "Team at fault"), lambda t: team_name(sheet, t), choices=sheet.team_names
        )
    return first


def _first_word(sheet):
    def convert(typed: str):
        words = str(typed).split()
        if not words:
            raise InputValueError(M_("type the winning team and the hand's value, e.g. Nos 3"))
        word = normalize(words[0])
        if len(words) == 1 and word in DECLINED:
            return "declined"
        penalty = PENALTIES.get(words[0])
        if len(words) == 1 and penalty is not None:
            return {"penalty": penalty}
        return _entry(sheet, words)

    return convert


def _value(sheet, typed: str) -> int:
    value = whole(typed, M_("the hand's value"), 1, sheet.rules.target)
    if value not in sheet.rules.values:
        raise InputValueError(
            M_("a hand is worth {values}, not {value}", values=", ".join(map(str, sheet.rules.values)), value=value)
        )
    return value
