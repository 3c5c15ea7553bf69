"""A Quatrilho entry from the command line (`record mesa7.yaml normal Bia Davi 22`) or asked at
the table, contract first and then only what that contract needs, by name.

Command-line forms (names as the sheet writes them; any case or accent is matched to it):

    normal Bia Davi 22                 caller, partner (the caller himself: a card he held), figuras
    normal Davi Zeca 35 tricks=10      tricks where all or none matter
    solo-natural Zeca 19 tricks=6      soloist, figuras
    solo-preto Ari Bia 12 tricks=4     soloist, giver of the card, figuras
    solo-branco Bia tricks=0           soloist (tricks: 0 wins)
    rolar Ari=6 Caio=6 Davi=6 Zeca=17  each player's figuras
    negar-carta Bia                    a fine that ended the deal (bater, sinal, fora-de-vez, negar-carta)
    late Eva Zeca | out Caio [Zeca] | rebuy Ari

and KEY=VALUE for every key: caller=, partner=, player=, giver=, figuras=, tricks=,
chips=Ari:-6,Bia:6,... , fine=olhar-vazas:Zeca (repeatable), coringa=, note=."""

from __future__ import annotations

from scorekeeper.errors import InputValueError, one_line, quoted
from scorekeeper.i18n import M_, N_, Message, _, pgettext
from scorekeeper.names import name_refusal
from scorekeeper.quatrilho.deal import MAX_FINES
from scorekeeper.quatrilho.rules import CONTRACTS, FINES, SOLOS
from scorekeeper.quatrilho.scoring import score_sheet
from scorekeeper.sheet.typed_input import until_valid, whole
from scorekeeper.sheet.vocabulary import normalize

HELP = N_(
    "Type the contract (normal, solo-natural, solo-preto, solo-branco, rolar) and its players and figuras\n"
    "are asked by name; or a fine that ended the deal (bater, sinal, fora-de-vez, negar-carta); or late,\n"
    "out or rebuy. A whole entry on one line works too: normal Bia Davi 22. q stops."
)
SLOTS = {
    "normal": ("caller", "partner", "figuras"),
    "solo-natural": ("player", "figuras"),
    "solo-preto": ("player", "giver", "figuras"),
    "solo-branco": ("player", "figuras"),
    "rolar": (),
}
ORDER = (
    "contract",
    "fine",
    "late",
    "out",
    "rebuy",
    "coringa",
    "caller",
    "partner",
    "player",
    "giver",
    "figuras",
    "tricks",
    "chips",
    "fines",
    "note",
)
NAME_KEYS = ("caller", "partner", "player", "giver")
NONE = ("", "none", "no", "nenhum", "nenhuma", "-")
# The words of an entry that is not a deal, in English and as the regulation says them (Art 12,
# 13, 15, 19): what the scorer types, as the sheet's key.
SEAT_WORDS = {
    "late": "late",
    "atrasado": "late",
    "out": "out",
    "saiu": "out",
    "rebuy": "rebuy",
    "talha": "rebuy",
    "reinscricao": "rebuy",
}
EXAMPLES = {
    "normal": "normal Bia Davi 22",
    "solo-natural": "solo-natural Zeca 19 tricks=6",
    "solo-preto": "solo-preto Ari Bia 12 tricks=4",
    "solo-branco": "solo-branco Bia tricks=0",
    "rolar": "rolar Ari=6 Caio=6 Davi=6 Zeca=17",
}
QUESTIONS = {
    "late": N_("late player ({players})"),
    "out": N_("player leaving the round ({players})"),
    "rebuy": N_("player buying a talha ({players})"),
}
MAX_CHIPS = 10000  # a deal moves a few hundred chips at most


def known_names(sheet) -> list[str]:
    """The registered players and every coringa the sheet names, as the sheet writes them."""
    names = list(sheet.players)
    for entry in sheet.entries:
        coringa = entry.item.get("coringa") if isinstance(entry.item, dict) else None
        if isinstance(coringa, str) and coringa not in names:
            names.append(coringa)
    return names


def name_of(sheet, typed: str, choices: list[str] | None = None) -> str:
    """The name a typed name means (`bia` is Bia), among `choices` (the known names by default)."""
    choices = known_names(sheet) if choices is None else choices
    key = normalize(str(typed))
    for name in choices:
        if normalize(name) == key:
            return name
    raise InputValueError(M_("{name} is not at this table ({names})", name=quoted(typed), names=", ".join(choices)))


def new_name(sheet, typed: str) -> str:
    """A coringa's name: a known one as the sheet writes it, or a new one as typed."""
    try:
        return name_of(sheet, typed)
    except InputValueError:
        pass
    name = str(typed).strip()
    problem = name_refusal(name)  # the one name rule (names.py): the sheet's loader applies it too
    if problem is not None:
        raise InputValueError(M_("coringa: {problem}", problem=problem))
    return name


def build_entry(sheet, hand: str, values: list[str], **options) -> dict:
    """The entry of `record FILE HAND VALUES...` (the forms in the module's docstring)."""
    unused = [name for name, value in options.items() if value]
    if unused:
        raise InputValueError(M_("{option} is not used in Quatrilho", option="--" + unused[0].replace("_", "-")))
    return _entry(sheet, [hand, *values])


def _entry(sheet, tokens: list[str]) -> dict:
    word = normalize(tokens[0])
    rest = tokens[1:]
    if word in SEAT_WORDS:
        return _seat_entry(sheet, SEAT_WORDS[word], rest)
    fine = FINES.get(tokens[0])
    if fine is not None:
        entry = {"fine": fine}
        _fill(
            sheet,
            entry,
            rest,
            ("player",),
            M_("{fine} takes the player fined, e.g. {example}", fine=fine, example=f"{fine} {sheet.players[1]}"),
        )
        return _ordered(entry)
    contract = CONTRACTS.get(tokens[0])
    if contract is None:
        raise _unknown_contract(tokens[0])
    entry = {"contract": contract}
    slots = SLOTS[contract]
    said = {"contract": contract, "keys": ", ".join(slots), "example": EXAMPLES[contract]}
    usage = (
        M_("{contract} takes {keys}, e.g. {example}", **said)
        if slots
        else M_("{contract} takes NAME=FIGURAS for each player, e.g. {example}", **said)
    )
    _fill(sheet, entry, rest, slots, usage)
    return _ordered(entry)


def _unknown_contract(typed: str) -> InputValueError:
    return InputValueError(
        M_(
            "unknown contract {contract}; expected one of {contracts}, a fine ({fines}), late, out or rebuy",
            contract=quoted(typed),
            contracts=", ".join(CONTRACTS.names),
            fines=", ".join(FINES.names),
        )
    )


def _seat_entry(sheet, kind: str, words: list[str]) -> dict:
    """`late P [Z]`, `out P [Z]`, `rebuy P`, and their KEY=VALUE forms."""
    entry: dict = {}
    slots = (kind, "coringa") if kind != "rebuy" else (kind,)
    example = f"{kind} {sheet.players[-1]}" + (" Zeca" if kind != "rebuy" else "")
    usage = (
        M_("{kind} takes the player and his coringa if one takes the seat, e.g. {example}", kind=kind, example=example)
        if kind != "rebuy"
        else M_("{kind} takes the player, e.g. {example}", kind=kind, example=example)
    )
    _fill(sheet, entry, words, slots, usage)
    if "player" in entry and kind not in entry:  # `rebuy player=Ari`
        entry[kind] = entry.pop("player")
    if kind not in entry or set(entry) - {kind, "coringa", "note"}:
        raise InputValueError(M_("name the player: {kind} {players}", kind=kind, players=" | ".join(sheet.players)))
    return _ordered(entry)


def _fill(sheet, entry: dict, words: list[str], slots: tuple[str, ...], usage: Message) -> None:
    """Positional words into `slots` in order; KEY=VALUE words into their keys (a player's name
    as the key: his figuras in a rolar)."""
    positional = [w for w in words if "=" not in w]
    if len(positional) > len(slots):
        raise InputValueError(M_("{usage}; not {typed}", usage=usage, typed=quoted(" ".join(words))))
    for slot, word in zip(slots, positional):
        _put(sheet, entry, slot, word)
    for word in words:
        if "=" not in word:
            continue
        key, _equals, value = word.partition("=")
        canonical = normalize(key).replace("-", "_")
        if canonical in ORDER and canonical not in ("contract", "fines"):
            _put(sheet, entry, canonical, value)
        elif entry.get("contract") == "rolar":
            name = name_of(sheet, key)
            entry.setdefault("figuras", {})
            if not isinstance(entry["figuras"], dict):
                raise InputValueError(M_("give a rolar's figuras as NAME=N for each player"))
            entry["figuras"][name] = whole(value, M_("figuras of {name}", name=name), 0, sheet.rules.figuras)
        else:
            raise InputValueError(
                M_("unknown key {key} in {typed}; {usage}", key=quoted(key), typed=quoted(word), usage=usage)
            )


def _put(sheet, entry: dict, key: str, value: str) -> None:
    """One KEY=VALUE into the entry; `chips=` and a rolar's `figuras=` may be split over several
    (their names join), any other key is given once."""
    merged = key in ("chips", "figuras") and isinstance(entry.get(key), dict) and ":" in value
    before = entry.pop(key) if merged else None
    if key in entry and key != "fine":
        raise InputValueError(M_("{key}= is given twice", key=key))
    _set(sheet, entry, key, value)
    if before is not None:  # merged
        twice = sorted(set(before) & set(entry[key]))
        if twice:
            raise InputValueError(M_("{key}: {name} is given twice", key=key, name=quoted(twice[0])))
        entry[key] = {**before, **entry[key]}


def _set(sheet, entry: dict, key: str, value: str) -> None:
    rules = sheet.rules
    if key in NAME_KEYS or key in ("late", "out", "rebuy"):
        entry[key] = name_of(sheet, value)
    elif key == "coringa":
        if normalize(value) not in NONE:
            entry[key] = new_name(sheet, value)
    elif key == "figuras":
        if ":" in value:  # figuras=Ari:6,Caio:6,... (a rolar)
            entry[key] = {
                name: whole(n, M_("figuras of {name}", name=name), 0, rules.figuras)
                for name, n in _pairs(sheet, value, "figuras")
            }
        else:
            entry[key] = whole(value, "figuras", 0, rules.figuras)
    elif key == "tricks":
        entry[key] = whole(value, "tricks", 0, rules.tricks)
    elif key == "chips":
        entry[key] = {
            name: whole(n, M_("chips of {name}", name=name), -MAX_CHIPS, MAX_CHIPS)
            for name, n in _pairs(sheet, value, "chips")
        }
    elif key == "fine":
        fine, _colon, who = value.partition(":")
        name = FINES.get(fine) if fine else None
        if name is None or not who:
            raise InputValueError(
                M_(
                    "fine={value}: expected FINE:NAME, e.g. fine=olhar-vazas:{player}",
                    value=quoted(value),
                    player=sheet.players[0],
                )
            )
        fines = entry.setdefault("fines", [])
        if len(fines) >= MAX_FINES:
            raise InputValueError(M_("fine=: a deal holds at most {most} fines", most=MAX_FINES))
        fines.append({"fine": name, "player": name_of(sheet, who)})
    elif key == "note":
        if one_line(value) != value or len(value) > 200:
            raise InputValueError(
                M_("note {value}: one line of at most {most} characters", value=quoted(value), most=200)
            )
        entry[key] = value
    else:
        raise InputValueError(M_("{key} is not a key of this entry", key=key))


def _pairs(sheet, value: str, what: str) -> list[tuple[str, str]]:
    """`Ari:-6,Bia:6` as [(Ari, -6), (Bia, 6)], each name as the sheet writes it."""
    pairs = []
    for part in value.split(","):
        name, sep, number = part.partition(":")
        if not sep:
            raise InputValueError(M_("{key}={value}: expected NAME:N,NAME:N,...", key=what, value=quoted(value)))
        pairs.append((name_of(sheet, name), number))
    return pairs


def _ordered(entry: dict) -> dict:
    return {key: entry[key] for key in ORDER if key in entry}


# --- at the table --------------------------------------------------------------------------
def ask_entry(sheet, ask, say) -> dict:
    """Ask the next entry: what it is (a contract, a fine that ended the deal, late, out,
    rebuy), then only what that needs, naming the players who can answer."""
    upcoming = score_sheet(sheet).extra["next"]
    playing = upcoming["playing"] or list(sheet.players)
    dealer = upcoming["dealer"]
    question = (
        _("Deal {deal} (dealer {dealer}): contract, fine, late, out or rebuy")
        if dealer
        else _("Deal {deal} (dealer nobody): contract, fine, late, out or rebuy")
    )
    first = until_valid(
        ask,
        say,
        question.format(deal=upcoming["deal"], dealer=dealer),
        _first(sheet),
        choices=[*CONTRACTS.names, *(f for f in FINES.names if f != "olhar-vazas"), "atrasado", "saiu", "talha"],
    )  # the regulation's words (SEAT_WORDS)
    if not isinstance(first, str):
        return first  # a whole entry typed on one line
    if first in ("late", "out", "rebuy"):
        seated = [p for p in upcoming["occupants"] if p in sheet.players] or list(sheet.players)
        who = _pick(ask, say, sheet, _(QUESTIONS[first]).format(players=", ".join(seated)), seated)
        entry = {first: who}
        if first != "rebuy":
            coringa = until_valid(
                ask,
                say,
                _("coringa taking {name}'s seat (a name, or none)").format(name=who),
                _coringa(sheet),
                pgettext("coringa", "none"),
            )
            if coringa is not None:
                entry["coringa"] = coringa
        return entry
    if first in FINES.names:
        return {
            "fine": first,
            "player": _pick(ask, say, sheet, _("player fined ({players})").format(players=", ".join(playing)), playing),
        }
    return _ask_contract(sheet, first, playing, ask, say)


def _first(sheet):
    def convert(typed: str):
        words = str(typed).split()
        if not words:
            raise InputValueError(
                M_("type a contract ({contracts}), a fine, late, out or rebuy", contracts=", ".join(CONTRACTS.names))
            )
        if len(words) > 1:
            return _entry(sheet, words)
        word = normalize(words[0])
        if word in SEAT_WORDS:
            return SEAT_WORDS[word]
        name = FINES.get(words[0]) or CONTRACTS.get(words[0])
        if name is None:
            raise _unknown_contract(words[0])
        if name == "olhar-vazas":
            raise InputValueError(
                M_("olhar-vazas does not end the deal: type the deal's contract, and the fine is asked with it")
            )
        return name

    return convert


def _pick(ask, say, sheet, prompt: str, choices: list[str], default=None) -> str:
    return until_valid(ask, say, prompt, lambda typed: name_of(sheet, typed, choices), default, choices=choices)


def _coringa(sheet):
    def convert(typed: str):
        return None if normalize(str(typed)) in NONE else new_name(sheet, typed)

    return convert


def _ask_contract(sheet, contract: str, playing: list[str], ask, say) -> dict:
    rules = sheet.rules
    names = ", ".join(playing)
    entry: dict = {"contract": contract}
    if contract == "rolar":
        each: dict[str, int] = {}
        for position, player in enumerate(playing):
            left = rules.figuras - sum(each.values())
            default = str(left) if position == len(playing) - 1 else None
            question = _("figuras of {player} (0-{most})").format(player=player, most=left)
            each[player] = until_valid(ask, say, question, _figuras_up_to(left), default)
        entry["figuras"] = each
        _ask_fines(sheet, entry, playing, ask, say)
        return entry
    if contract == "normal":
        caller = entry["caller"] = _pick(ask, say, sheet, _("caller ({names})").format(names=names), playing)
        entry["partner"] = _pick(
            ask,
            say,
            sheet,
            _("partner, who held the called card ({names}; {caller} if he held it)").format(names=names, caller=caller),
            playing,
        )
        # the side is the caller's and his partner's: its figuras and tricks, named by the caller
        figuras_of = _("figuras of {caller}'s side (0-{most})")
        tricks_of = _("tricks of {caller}'s side ({low}-{high})")
        side = {"caller": caller}
    else:
        soloist = entry["player"] = _pick(ask, say, sheet, _("soloist ({names})").format(names=names), playing)
        if contract == "solo-preto":
            entry["giver"] = _pick(
                ask,
                say,
                sheet,
                _("giver of the card asked for ({names}; {soloist} if he held it)").format(
                    names=names, soloist=soloist
                ),
                playing,
            )
        figuras_of = _("figuras of {soloist} (0-{most})")
        tricks_of = _("tricks of {soloist} ({low}-{high})")
        side = {"soloist": soloist}
    # Every contract asks its fines last, as the deal is played; a soloist's own revoke (Art
    # 20.12) then loses the solo at its lowest amount whatever figuras were typed.
    if contract == "solo-branco":
        entry["tricks"] = until_valid(
            ask,
            say,
            _("tricks of {soloist} (0-{most}; 0 wins)").format(most=rules.tricks, **side),
            lambda t: whole(t, M_("tricks"), 0, rules.tricks),
        )
        _ask_fines(sheet, entry, playing, ask, say)
        return _ordered(entry)
    figuras = entry["figuras"] = until_valid(
        ask, say, figuras_of.format(most=rules.figuras, **side), lambda t: whole(t, M_("figuras"), 0, rules.figuras)
    )
    if figuras in (0, rules.figuras):  # Q2: only then can the side have taken all tricks or none
        low, high = (0, 4) if figuras == 0 else (rules.tricks - 1, rules.tricks)
        entry["tricks"] = until_valid(
            ask, say, tricks_of.format(low=low, high=high, **side), lambda t: whole(t, M_("tricks"), low, high)
        )
    _ask_fines(sheet, entry, playing, ask, say)
    return _ordered(entry)


def _figuras_up_to(most: int):
    """A rolar player's figuras: at most what the players before him left (Art 18.5)."""
    return lambda typed: whole(typed, M_("figuras"), 0, most)


def _ask_fines(sheet, entry: dict, playing: list[str], ask, say) -> bool:
    """The fines the deal went on after (Q9), one a line until none; True when the soloist
    himself revoked."""
    solo = entry["contract"] in SOLOS
    question = (
        _("a fine the deal went on after (olhar-vazas, fora-de-vez or negar-carta NAME), or none")
        if solo
        else _("a fine the deal went on after (olhar-vazas NAME), or none")
    )
    while True:
        typed = until_valid(ask, say, question, _fine(sheet, playing, solo), pgettext("fine", "none"))
        if typed is None:
            break
        entry.setdefault("fines", []).append(typed)
        if len(entry["fines"]) >= MAX_FINES:
            say(_("a deal holds at most {most} fines").format(most=MAX_FINES))
            break
    soloist = entry.get("player")
    return solo and any(f == {"fine": "negar-carta", "player": soloist} for f in entry.get("fines", []))


def _fine(sheet, playing: list[str], solo: bool):
    def convert(typed: str):
        words = str(typed).split()
        if not words or normalize(words[0]) in NONE:
            return None
        name = FINES.get(words[0])
        if name is None or len(words) != 2:
            raise InputValueError(
                M_("type the fine and the player, e.g. olhar-vazas {player}, or none", player=playing[0])
            )
        if name != "olhar-vazas" and not (solo and name in ("fora-de-vez", "negar-carta")):
            raise InputValueError(M_("{fine} ends the deal: record it as an entry of its own ({fine} NAME)", fine=name))
        return {"fine": name, "player": name_of(sheet, words[1], playing)}

    return convert
