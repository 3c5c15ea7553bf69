"""A Sueca deal from the command line (`record jogo.yaml 72 48`) or asked at the table."""
from __future__ import annotations

from scorekeeper.errors import InputValueError, quote
from scorekeeper.sueca.rules import PENALTIES
from scorekeeper.typed_input import team_name, until_valid, whole

HELP = ("Type each team's card points (they add up to 120), or a penalty: renuncia, ponto or castigo "
        "and the team at fault; q stops.")


def build_entry(sheet, hand: str, values: list[str], *, all_tricks: bool = False, **options) -> dict:
    """`72 48`, `120 0 --all-tricks`, `renuncia Eles`, `ponto Eles baralhar`, `castigo Nos`."""
    unused = [name for name, value in options.items() if value]
    if unused:
        raise InputValueError(f"--{unused[0].replace('_', '-')} is not used in Sueca")
    tokens = [hand, *values]
    penalty = PENALTIES.get(tokens[0])
    if penalty is not None:
        if len(tokens) < 2:
            raise InputValueError(f"name the team at fault: {penalty} {' | '.join(sheet.teams)}")
        entry = {"penalty": penalty, "team": team_name(sheet, tokens[1])}
        if penalty == "ponto":
            if len(tokens) < 3:
                raise InputValueError(f"name the reason: {', '.join(sheet.rules.ponto_reasons)}")
            entry["reason"] = tokens[2]
        return entry
    if len(tokens) != len(sheet.teams):
        raise InputValueError(f"give each team's card points ({' '.join(sheet.teams)}), e.g. 72 48")
    total = sheet.rules.total
    points = [whole(t, f"{team}'s card points", 0, total) for team, t in zip(sheet.teams, tokens)]
    entry = {"points": points}
    if all_tricks:
        entry["all_tricks"] = True
    return entry


def ask_entry(sheet, ask, say) -> dict:
    """Ask one deal: each team's card points (re-asked until they add up), or a penalty."""
    rules = sheet.rules
    teams = sheet.team_names
    number = len(sheet.entries) + 1

    def first(typed: str):
        word = PENALTIES.get(typed)
        if word is not None:
            return word
        return whole(typed, f"{teams[0]}'s card points", 0, rules.total)

    while True:
        answer = until_valid(ask, say, f"Deal {number}: {teams[0]}'s card points (or a penalty)", first)
        if isinstance(answer, str):
            team = until_valid(ask, say, "Team at fault", lambda t: team_name(sheet, t))
            entry = {"penalty": answer, "team": team}
            if answer == "ponto":
                entry["reason"] = until_valid(ask, say, f"Reason ({', '.join(rules.ponto_reasons)})",
                                              lambda t: _reason(rules, t))
            return entry
        second = until_valid(ask, say, f"Deal {number}: {teams[1]}'s card points",
                             lambda t: whole(t, f"{teams[1]}'s card points", 0, rules.total),
                             str(rules.total - answer))
        if answer + second != rules.total:
            say(f"  these add up to {answer + second}, not {rules.total}; ask again")
            continue
        if rules.total - 1 in (answer, second) or 1 in (answer, second):
            say("  no set of cards is worth 1; ask again")
            continue
        entry = {"points": [answer, second]}
        if rules.total in (answer, second):
            yes = until_valid(ask, say, "All ten tricks? [y/n]", _yes_no, "n")
            if yes:
                entry["all_tricks"] = True
        return entry


def _reason(rules, typed: str) -> str:
    if typed not in rules.ponto_reasons:
        raise InputValueError(f"{quote(typed)} is not a reason ({', '.join(rules.ponto_reasons)})")
    return typed


def _yes_no(typed: str) -> bool:
    answer = typed.strip().lower()
    if answer in ("y", "yes", "s", "sim"):
        return True
    if answer in ("n", "no", "nao", "não"):
        return False
    raise InputValueError("answer y or n")
