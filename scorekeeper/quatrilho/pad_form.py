"""A Quatrilho entry on the score pad's one screen (sheet.entry_form): what happened (a deal, a
fine that ended it, a late arrival, a player leaving, a talha), the contract as buttons, every
player a button among the four who play the deal (the dealer of a table of five sits out, Art
14: the sheet knows who deals), figuras a number pad, tricks a row of tap targets, each fine the
deal went on after a button that asks who. Its values make the entry `record` writes."""

from __future__ import annotations

from scorekeeper.errors import InputValueError
from scorekeeper.i18n import M_, _, in_words, pgettext
from scorekeeper.quatrilho import finding_codes as codes
from scorekeeper.quatrilho.entry_input import MAX_CHIPS, known_names, new_name
from scorekeeper.quatrilho.rules import SOLOS
from scorekeeper.quatrilho.scoring import score_sheet
from scorekeeper.quatrilho.sheet import QuatrilhoSheet
from scorekeeper.sheet.entry_form import CHOICE, NUMBER, PLAYERS, TEXT, Choice, EntryForm, Field, Reader

# What happened: the values of the `entry` field (the sheet's keys, never shown).
DEAL, FINE, LATE, OUT, REBUY = "deal", "fine", "late", "out", "rebuy"
# The regulation's words (Art 17, 18, 20), in every language: the buttons say them, never the keys.
CONTRACT_WORDS = {
    "normal": "Jogo normal",
    "solo-natural": "Solo natural",
    "solo-preto": "Solo preto",
    "solo-branco": "Solo branco",
    "rolar": "Rolar",
}
FINE_WORDS = {
    "bater": "Bater",  # Art 20.5
    "sinal": "Sinal",  # Art 20.6
    "fora-de-vez": "Fora de vez",  # Art 20.8
    "negar-carta": "Negar carta",  # Art 20.10
    "olhar-vazas": "Olhar vazas",  # Art 20.15
}
ENDING = ("bater", "sinal", "fora-de-vez", "negar-carta")  # the fines that end the deal (Q9)
# The fines a deal goes on after (Q9): looking at the tricks in any contract (20.15); in a solo,
# a lead out of turn or a revoke the soloist plays on after (20.8, 20.12), or his own revoke.
WITHIN = {"olhar-vazas": tuple(CONTRACT_WORDS), "fora-de-vez": SOLOS, "negar-carta": SOLOS}
SIDE = ("normal", "solo-natural", "solo-preto")  # the contracts whose side's figuras are counted
WHO = {  # the players each contract names, the first the one its findings about a name go beside
    "normal": ("caller", "partner"),
    "solo-natural": ("player",),
    "solo-preto": ("player", "giver"),
    "solo-branco": ("player",),
}
KEY_ORDER = ("contract", "caller", "partner", "player", "giver", "figuras", "tricks", "chips", "fines")


def entry_words(rules, kind: str) -> str:
    """An entry's kind (a HandResult's `hand`) in the regulation's words: `Solo preto`,
    `Negar carta`, `Talha` (Art 19); a late arrival and a player leaving in the language in use."""
    if kind in CONTRACT_WORDS:
        return CONTRACT_WORDS[kind]
    if kind in FINE_WORDS:
        return FINE_WORDS[kind]
    if kind == LATE:
        return _("Late arrival")
    if kind == OUT:
        return _("Leaves the table")
    if kind == REBUY:
        return "Talha"
    return kind


def _opening(sheet: QuatrilhoSheet, result) -> tuple[str, str]:
    """What comes next: a player below zero in his own seat buys his talha, or leaves after it
    (Art 15, 19); otherwise a deal."""
    extra = result.extra
    chips = extra["running"][-1]["chips"] if extra["running"] else {}
    for seat in extra["seats"]:
        player = seat["player"]
        if seat["occupant"] == player and not seat["coringa"] and chips.get(player, 0) < 0:
            return (REBUY if extra["talhas"][player] < sheet.rules.talhas_per_round else OUT), player
    return DEAL, ""


def pad_form(sheet: QuatrilhoSheet) -> EntryForm:
    """The screen of the next entry: what happened, then the fields of each kind of entry, shown
    when it is chosen."""
    rules = sheet.rules
    result = score_sheet(sheet)
    upcoming = result.extra["next"]
    playing = upcoming["playing"] or list(sheet.players)
    seated = [p for p in upcoming["occupants"] if p in sheet.players] or list(sheet.players)
    players = tuple(Choice(p, p) for p in playing)
    registered = tuple(Choice(p, p) for p in seated)
    coringas = tuple(Choice(n, n) for n in known_names(sheet) if n not in sheet.players)
    opening, who = _opening(sheet, result)
    fields = [
        _what_happened(opening, _dealt(upcoming)),
        *_contract_fields(rules, players),
        *_rolar_fields(rules, playing),
        *_fines_within_fields(rules, players),
        *_fine_ending_fields(rules, players),
        *_seat_fields(rules, registered, coringas, opening, who),
    ]
    groups = {
        "rolar": _("Rolar: each player's figuras ({figuras} in all; the fewest win, Art 18.5)").format(
            figuras=rules.figuras
        ),
        "rolar-chips": _("Rolar: the chips, only when the second and third have as many figuras (Art 18.5)"),
        "fines": _("Fines the deal went on after (Art 20): who"),
    }
    return EntryForm(pgettext("quatrilho", "Deal {deal}").format(deal=upcoming["deal"]), tuple(fields), groups)


_DEAL = ("entry", (DEAL,))  # a field shown for a deal


def _dealt(upcoming: dict) -> str:
    """Who deals the deal, and whether he plays it (Art 14): the hint of What happened."""
    dealer = upcoming["dealer"]
    if dealer is None:
        return ""
    if len(upcoming["occupants"]) == 5:
        return _("{dealer} deals this deal and sits out: he is not offered (Art 14).").format(dealer=dealer)
    return _("{dealer} deals this deal and plays it (Art 14).").format(dealer=dealer)


def _what_happened(opening: str, dealt: str) -> Field:
    return Field(
        "entry",
        CHOICE,
        _("What happened"),
        (
            Choice(DEAL, pgettext("quatrilho pad", "A deal")),
            Choice(FINE, _("A fine that ended the deal")),
            Choice(LATE, _("Late arrival")),
            Choice(OUT, _("Leaves the table")),
            Choice(REBUY, "Talha"),
        ),
        value=opening,
        hint=dealt,
    )


def _contract_fields(rules, players: tuple[Choice, ...]) -> list[Field]:
    """A deal's contract (Art 17), who plays it (Art 18, 20.2, 20.3), and the side's figuras and
    tricks (Art 18, 20.11)."""
    return [
        Field(
            "contract",
            CHOICE,
            _("Contract"),
            tuple(Choice(k, w) for k, w in CONTRACT_WORDS.items()),
            value="normal",
            when=(_DEAL,),
        ),
        Field("caller", CHOICE, _("Caller"), players, when=(_DEAL, ("contract", ("normal",)))),
        Field(
            "partner",
            CHOICE,
            _("Partner: who held the called card"),
            players,
            when=(_DEAL, ("contract", ("normal",))),
            hint=_("The caller himself when he called a card he held: he plays alone against the three (Art 20.2)."),
        ),
        Field("player", CHOICE, _("Soloist"), players, when=(_DEAL, ("contract", SOLOS))),
        Field(
            "giver",
            CHOICE,
            _("Giver of the card asked for"),
            players,
            when=(_DEAL, ("contract", ("solo-preto",))),
            hint=_("The soloist himself when he asked for a card he held (Art 20.3)."),
        ),
        Field(
            "figuras",
            NUMBER,
            _("Figuras"),
            low=0,
            high=rules.figuras,
            required=False,  # a soloist who revoked loses whatever he counted (Art 20.12): read below
            when=(_DEAL, ("contract", SIDE)),
            hint=_(
                "Of the caller and his partner, or of the soloist: 0 to {figuras}; each {per} make a point (Art 20.11)."
            ).format(figuras=rules.figuras, per=rules.figuras_per_point),
        ),
        Field(
            "tricks",
            NUMBER,
            _("Tricks"),
            low=0,
            high=rules.tricks,
            required=False,
            when=(_DEAL, ("contract", (*SIDE, "solo-branco"))),
            hint=_(
                "Only when the side took all {tricks} tricks or none (Art 18); in a Solo branco the soloist's "
                "tricks, none wins (Art 18.4)."
            ).format(tricks=rules.tricks),
        ),
    ]


def _rolar_fields(rules, playing: list[str]) -> list[Field]:
    """A rolar's figuras of each player, and the chips of a tie (Art 18.5)."""
    rolar = (_DEAL, ("contract", ("rolar",)))
    return [
        *(
            Field(f"figuras-{i}", NUMBER, p, low=0, high=rules.figuras, when=rolar, group="rolar")
            for i, p in enumerate(playing)
        ),
        *(
            Field(
                f"chips-{i}", NUMBER, p, low=-MAX_CHIPS, high=MAX_CHIPS, required=False, when=rolar, group="rolar-chips"
            )
            for i, p in enumerate(playing)
        ),
    ]


def _fines_within_fields(rules, players: tuple[Choice, ...]) -> list[Field]:
    """The fines a deal went on after (Q9), each a button that asks who."""
    within_hints = {
        "olhar-vazas": _("Looked at the tricks played: {chips} chips to each of the other three (Art 20.15).").format(
            chips=rules.fines["olhar-vazas"]
        ),
        "fora-de-vez": _("Led out of turn, and the soloist played on (Art 20.8)."),
        "negar-carta": _(
            "Revoked, and the soloist played on (Art 20.12); the soloist himself loses the solo at its lowest amount."
        ),
    }
    return [
        Field(
            f"fine-{name}",
            PLAYERS,
            FINE_WORDS[name],
            players,
            required=False,
            when=(_DEAL, ("contract", contracts)),
            group="fines",
            hint=within_hints[name],
        )
        for name, contracts in WITHIN.items()
    ]


def _fine_ending_fields(rules, players: tuple[Choice, ...]) -> list[Field]:
    """A fine that ended the deal (Art 20) and the player fined."""
    fine = ("entry", (FINE,))
    return [
        Field(
            "fine",
            CHOICE,
            _("Fine"),
            tuple(Choice(f, FINE_WORDS[f]) for f in ENDING),
            when=(fine,),
            hint=_(
                "The deal ends; the player fined pays {chips} chips to each of the other three, {revoke} for Negar carta (Art 20)."
            ).format(chips=rules.fines["bater"], revoke=rules.fines["negar-carta"]),
        ),
        Field("fined", CHOICE, _("Player fined"), players, when=(fine,)),
    ]


def _seat_fields(
    rules, registered: tuple[Choice, ...], coringas: tuple[Choice, ...], opening: str, who: str
) -> list[Field]:
    """A late arrival (Art 12), a player leaving (Art 13, 15, 16) or a talha (Art 15, 19), and the
    coringa who takes a seat."""
    return [
        Field(
            LATE,
            CHOICE,
            _("Late player"),
            registered,
            value=who if opening == LATE else "",
            when=(("entry", (LATE,)),),
            hint=_("He loses {chips} chips and does not play this round (Art 12).").format(chips=rules.late),
        ),
        Field(
            OUT,
            CHOICE,
            _("Player leaving the round"),
            registered,
            value=who if opening == OUT else "",
            when=(("entry", (OUT,)),),
            hint=_("His chips stay his (Art 13, 15, 16)."),
        ),
        Field(
            REBUY,
            CHOICE,
            _("Player buying the talha"),
            registered,
            value=who if opening == REBUY else "",
            when=(("entry", (REBUY,)),),
            hint=_("One talha of {chips} chips a round, bought below zero (Art 15, 19).").format(chips=rules.talha),
        ),
        Field(
            "coringa",
            TEXT,
            "Coringa",
            coringas,
            required=False,
            when=(("entry", (LATE, OUT)),),
            hint=_("Who takes the seat, if anyone: his chips count for nobody (Art 12, 15, 16)."),
        ),
    ]


def entry_from_pad(sheet: QuatrilhoSheet, values: dict) -> dict:
    """The entry the screen's values make, as `record` writes it (FormRefused naming each field)."""
    form = pad_form(sheet)
    read = Reader(form, values)
    kind = read.text("entry")
    if kind == DEAL:
        entry = _deal(form, read)
    elif kind == FINE:
        entry = {"fine": read.text("fine"), "player": read.text("fined")}
    elif kind in (LATE, OUT, REBUY):
        entry = {kind: read.text(kind)}
        typed = read.text("coringa")
        if typed:
            try:
                entry["coringa"] = new_name(sheet, typed)
            except InputValueError as exc:
                read.refuse("coringa", in_words(exc.message))
    else:
        entry = {}
    read.done()
    return entry


def _deal(form: EntryForm, read: Reader) -> dict:
    contract = read.text("contract")
    entry: dict = {"contract": contract}
    for key in WHO.get(contract, ()):
        entry[key] = read.text(key)
    fines = [
        {"fine": name, "player": player}
        for name in WITHIN
        if read.applies(f"fine-{name}")
        for player in read.chosen(f"fine-{name}")
    ]
    soloist = entry.get("player")
    revoked = contract in SOLOS and {"fine": "negar-carta", "player": soloist} in fines  # Art 20.12
    if contract == "rolar":
        seats = [f for f in form.fields if f.group == "rolar"]
        entry["figuras"] = {f.label: read.number(f.name) for f in seats}
        chips = {f.label: read.number(f.name) for f in form.fields if f.group == "rolar-chips"}
        if any(n is not None for n in chips.values()):  # a tie's chips (Art 18.5): 0 for one left empty
            entry["chips"] = {name: n or 0 for name, n in chips.items()}
    elif contract in SIDE:
        figuras = read.number("figuras")
        if figuras is not None:
            entry["figuras"] = figuras
        elif not revoked and "figuras" not in read.refusals:
            read.refuse("figuras", M_("{field}: required", field=_label(form, "figuras")))
    if contract in (*SIDE, "solo-branco"):
        tricks = read.number("tricks")
        if tricks is not None:
            entry["tricks"] = tricks
        elif contract == "solo-branco" and not revoked and "tricks" not in read.refusals:
            read.refuse("tricks", M_("{field}: required", field=_label(form, "tricks")))
    if fines:
        entry["fines"] = fines
    return {key: entry[key] for key in KEY_ORDER if key in entry}


def _label(form: EntryForm, name: str) -> str:
    """The label of a field the form always has (pad_form makes it)."""
    field = form.get(name)
    assert field is not None, f"the Quatrilho form has a {name} field"
    return field.label


# Where a finding is shown on the screen: beside the field (or group of fields) it is about.
_PLACES = {
    kind.code: place
    for place, kinds in {
        "entry": (codes.DEAL_BEYOND_ROUND, codes.LATE_AFTER_DEAL, codes.BELOW_ZERO, codes.BELOW_ZERO_AFTER_TALHA),
        "contract": (codes.CONTRACT_UNKNOWN,),
        "coringa": (codes.CORINGA_NAME, codes.CORINGA_SEATED, codes.CORINGA_NEEDED),
        REBUY: (codes.SECOND_TALHA, codes.TALHA_NOT_NEEDED),
        "figuras": (codes.NOT_WHOLE, codes.OUT_OF_RANGE, codes.FIGURAS_SHAPE),
        "tricks": (codes.TRICKS_FIGURAS, codes.BRANCO_TRICKS),
        "fine": (codes.FINE_UNKNOWN, codes.LOOK_DOES_NOT_END),
        "fines": (codes.FINES_SHAPE, codes.FINES_MANY, codes.FINE_ENDS_DEAL),
        "fine-fora-de-vez": (codes.SOLOIST_OUT_OF_TURN,),
        "rolar-chips": (
            codes.ROLAR_TIE,
            codes.ROLAR_TIE_WRITTEN,
            codes.CHIPS_SHAPE,
            codes.CHIPS_NAME,
            codes.CHIPS_SUM,
            codes.CHIPS_DIFFER,
        ),
        "rolar": (codes.FIGURAS_MISSING, codes.FIGURAS_TOTAL),
    }.items()
    for kind in kinds
}
# A name that cannot play the deal: beside the entry's first player (the caller, the soloist,
# the player fined, the late one ...).
_NAMED = {
    kind.code for kind in (codes.NOT_AT_TABLE, codes.NAME_EXPECTED, codes.DEALER_PLAYS, codes.PLAYER_OUT, codes.NO_SEAT)
}


def finding_place(sheet: QuatrilhoSheet, code: str, values: dict) -> str | None:
    """The field or group a finding of the entry is shown beside (None: above Record)."""
    if code in _PLACES:
        return _PLACES[code]
    if code in _NAMED:
        kind = str(values.get("entry") or DEAL)
        if kind == DEAL:
            return WHO.get(str(values.get("contract") or "normal"), (None,))[0]
        return "fined" if kind == FINE else kind if kind in (LATE, OUT, REBUY) else None
    return None
