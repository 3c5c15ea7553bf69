"""A Sueca deal from the command line (`record jogo.yaml 72 48`) or asked at the table.

Both take the same one-line entries: `72 48`, `Nos=72 Eles=48`, `renuncia Eles`, `castigo Nos`,
`ponto Eles baralhar`; the prompt also takes one team's card points alone and asks the rest."""

from __future__ import annotations

from scorekeeper.errors import InputValueError, quoted
from scorekeeper.i18n import M_, N_, Message, _
from scorekeeper.sheet.typed_input import team_name, until_valid, whole, yes_no_choices
from scorekeeper.sueca.rules import PENALTIES

HELP = N_(
    "Type each team's card points (they add up to 120): 72 48, Nos=72 Eles=48,\n"
    "or 72 alone and the other team's are asked; or a penalty and the team at fault:\n"
    "renuncia Eles, castigo Nos, ponto Eles baralhar. q stops."
)
TEAM_AT_FAULT = N_("Team at fault")  # the prompt; sueca.ficha heads its column with the same words


def _card_points(team: str) -> Message:
    return M_("card points of {team}", team=team)  # a team is not a person: no "Nos's"


def build_entry(sheet, hand: str, values: list[str], *, all_tricks: bool = False, **options) -> dict:
    """`72 48`, `Nos=72 Eles=48`, `120 0 --all-tricks`, `renuncia Eles`, `ponto Eles baralhar`, `castigo Nos`."""
    unused = [name for name, value in options.items() if value]
    if unused:
        raise InputValueError(M_("{option} is not used in Sueca", option=f"--{unused[0].replace('_', '-')}"))
    tokens = [hand, *values]
    penalty = PENALTIES.get(tokens[0])
    if penalty is not None:
        return _penalty(sheet, penalty, tokens[1:])
    entry: dict[str, object] = {"points": _points(sheet, tokens)}
    if all_tricks:
        entry["all_tricks"] = True
    return entry


def _penalty(sheet, penalty: str, words: list[str]) -> dict:
    """`renuncia TEAM`, `castigo TEAM`, `ponto TEAM REASON` (Penalizacoes)."""
    if not words:
        raise InputValueError(
            M_("name the team at fault: {penalty} {teams}", penalty=penalty, teams=" | ".join(sheet.teams))
        )
    takes = 2 if penalty == "ponto" else 1
    if len(words) > takes:
        typed = quoted(" ".join(words))
        if takes == 2:
            raise InputValueError(
                M_("{penalty} takes the team at fault and the reason, not {typed}", penalty=penalty, typed=typed)
            )
        raise InputValueError(M_("{penalty} takes the team at fault, not {typed}", penalty=penalty, typed=typed))
    entry = {"penalty": penalty, "team": team_name(sheet, words[0])}
    if penalty == "ponto":
        if len(words) < 2:
            raise InputValueError(M_("name the reason: {reasons}", reasons=", ".join(sheet.rules.ponto_reasons)))
        entry["reason"] = words[1]
    return entry


def _points(sheet, tokens: list[str]) -> list[int]:
    """Each team's card points in team order (`72 48`) or by team (`Nos=72 Eles=48`, a team
    by its name or one of its players', in any order), as King takes NAME=N."""
    teams = sheet.team_names
    total = sheet.rules.total
    if any("=" in t for t in tokens):
        if not all("=" in t for t in tokens):
            raise InputValueError(M_("give every team's card points in team order or every one as TEAM=N, not a mix"))
        by_team: dict[str, int] = {}
        for token in tokens:
            name, _equals, number = token.partition("=")
            team = team_name(sheet, name)
            if team in by_team:
                raise InputValueError(M_("{team} is given twice in {typed}", team=team, typed=quoted(token)))
            by_team[team] = whole(number, _card_points(team), 0, total)
        missing = [t for t in teams if t not in by_team]
        if missing:
            raise InputValueError(
                M_(
                    "no card points for {teams}: give every team's, e.g. {example}",
                    teams=", ".join(missing),
                    example=f"{teams[0]}=72 {teams[1]}=48",
                )
            )
        return [by_team[t] for t in teams]
    if len(tokens) != len(teams):
        raise InputValueError(M_("give each team's card points ({teams}), e.g. 72 48", teams=" ".join(teams)))
    return [whole(t, _card_points(team), 0, total) for team, t in zip(teams, tokens)]


def ask_entry(sheet, ask, say) -> dict:
    """Ask one deal: a whole entry on one line, or the first team's card points (the second
    team's are then asked, re-asked until they add up), or a penalty word (then its team)."""
    rules = sheet.rules
    teams = sheet.team_names
    number = len(sheet.entries) + 1
    while True:
        answer = until_valid(
            ask,
            say,
            _("Deal {number}: card points of {team} (or a penalty)").format(number=number, team=teams[0]),
            lambda typed: _first_answer(sheet, typed),
            choices=PENALTIES.names,
        )
        if isinstance(answer, str):
            return _ask_penalty(sheet, ask, say, answer)
        if isinstance(answer, dict):
            if "penalty" in answer:
                return answer
            points = answer["points"]
        else:
            second = until_valid(
                ask,
                say,
                _("Deal {number}: card points of {team}").format(number=number, team=teams[1]),
                lambda t: whole(t, _card_points(teams[1]), 0, rules.total),
                str(rules.total - answer),
            )
            points = [answer, second]
        entry = _deal_asked(rules, points, ask, say)
        if entry is not None:
            return entry


def _first_answer(sheet, typed: str):
    """The first answer of a deal: a penalty word alone (its team is asked next), a whole entry
    on one line, or the first team's card points alone (a number)."""
    words = str(typed).split()
    if not words:
        raise InputValueError(M_("type the card points or a penalty"))
    penalty = PENALTIES.get(words[0])
    if penalty is not None:
        if len(words) == 1:
            return penalty
        entry = _penalty(sheet, penalty, words[1:])
        if penalty == "ponto":
            _reason(sheet.rules, entry["reason"])
        return entry
    if len(words) == 1 and "=" not in words[0]:
        return whole(words[0], _card_points(sheet.team_names[0]), 0, sheet.rules.total)
    return {"points": _points(sheet, words)}


def _ask_penalty(sheet, ask, say, penalty: str) -> dict:
    """A penalty typed alone: the team at fault is asked, and a one-point penalty's reason."""
    rules = sheet.rules
    team = until_valid(ask, say, _(TEAM_AT_FAULT), lambda t: team_name(sheet, t), choices=sheet.team_names)
    entry = {"penalty": penalty, "team": team}
    if penalty == "ponto":
        entry["reason"] = until_valid(
            ask,
            say,
            _("Reason ({reasons})").format(reasons=", ".join(rules.ponto_reasons)),
            lambda t: _reason(rules, t),
            choices=rules.ponto_reasons,
        )
    return entry


def _deal_asked(rules, points: list[int], ask, say) -> dict | None:
    """The deal of these card points, or None (said why) when no deal has them: they add up to
    the deck's total (O jogo 4), and no set of cards is worth 1. All of them asks for all tricks."""
    if sum(points) != rules.total:
        say("  " + _("these add up to {sum}, not {total}; ask again").format(sum=sum(points), total=rules.total))
        return None
    if rules.total - 1 in points or 1 in points:
        say("  " + _("no set of cards is worth 1; ask again"))
        return None
    entry: dict[str, object] = {"points": points}
    if rules.total in points:
        yes = until_valid(ask, say, _("All ten tricks? [y/n]"), _yes_no, "n", choices=yes_no_choices())
        if yes:
            entry["all_tricks"] = True
    return entry


def _reason(rules, typed: str) -> str:
    if typed not in rules.ponto_reasons:
        raise InputValueError(
            M_("{typed} is not a reason ({reasons})", typed=quoted(typed), reasons=", ".join(rules.ponto_reasons))
        )
    return typed


def _yes_no(typed: str) -> bool:
    answer = typed.strip().lower()
    if answer in ("y", "yes", "s", "sim"):
        return True
    if answer in ("n", "no", "nao", "não"):
        return False
    raise InputValueError(M_("answer y or n"))
