"""Reading one deal entry (a contract or a fine that ends the deal) into its chips, with every
finding about it: the names (who plays this deal), figuras and tricks (Q2), the fines written
under a contract (Q9), and the chips the sheet wrote (compared with the computed ones)."""

from __future__ import annotations

from scorekeeper.errors import clip, quoted
from scorekeeper.findings import Severity
from scorekeeper.i18n import M_, Joined, Message, Mn_, Mp_, grouped
from scorekeeper.quatrilho import contracts
from scorekeeper.quatrilho import finding_codes as codes
from scorekeeper.quatrilho.rules import CONTRACT_ARTICLES, CONTRACTS, FINE_ARTICLES, FINES, QuatrilhoRules
from scorekeeper.sheet.results import Detail
from scorekeeper.sheet.yaml_lines import unknown_key

MAX_FINES = 12  # fines a deal went on after: a few at most (each of four players, each kind); more is no deal
CONTRACT_KEYS = ("contract", "caller", "partner", "player", "giver", "figuras", "tricks", "chips", "fines", "note")
FINE_KEYS = ("fine", "player", "chips", "note")
USES = {  # the keys each contract reads, besides contract, figuras, tricks, chips, fines and note
    "normal": ("caller", "partner"),
    "solo-natural": ("player",),
    "solo-preto": ("player", "giver"),
    "solo-branco": ("player",),
    "rolar": (),
}
COUNTING = "Art 20.11"  # figuras, points and tricks (Q2)


def field_word(role: str) -> str | Message:
    """How a finding names the field it is about (said in the caller's language): English says the
    sheet's key, Portuguese the regulation's word (Art 18: quem chama, quem da a carta pedida;
    Art 20: o solista, as vazas, as figuras, as fichas, as multas). `role` is the key, or
    `soloist` / `fined` for the two players a `player:` key can be."""
    words = {
        "caller": Mp_("quatrilho field", "caller"),
        "partner": Mp_("quatrilho field", "partner"),
        "soloist": Mp_("quatrilho soloist", "player"),
        "fined": Mp_("quatrilho fined", "player"),
        "giver": Mp_("quatrilho field", "giver"),
        "figuras": Mp_("quatrilho field", "figuras"),
        "tricks": Mp_("quatrilho field", "tricks"),
        "chips": Mp_("quatrilho field", "chips"),
        "fines": Mp_("quatrilho field", "fines"),
        "coringa": Mp_("quatrilho field", "coringa"),
    }
    return words.get(role, role)


class _Unscorable(Exception):
    """The deal cannot be scored (its finding is already written)."""


class DealReader:
    """One deal entry. `names` maps each name of the four players of the deal (as the sheet
    writes them) to the label their chips go by; `finding(kind, message, rule, key, player,
    severity)` records a finding of that kind (finding_codes) about this deal."""

    def __init__(
        self,
        rules: QuatrilhoRules,
        item,
        names: dict[str, str],
        dealer: str | None,
        gone: dict[str, str],
        registered: list[str],
        finding,
    ):
        self.rules, self.item, self.names, self.dealer = rules, item, names, dealer
        self.gone, self.registered, self.finding = gone, registered, finding
        self.players = list(names.values())

    def read(self) -> tuple[str, Detail, dict[str, int] | None]:
        """(the entry's kind, a short description, the chips per label or None)."""
        if "fine" in self.item:
            return self._fine_entry()
        return self._contract()

    # --- names, numbers ------------------------------------------------------------------
    def person(self, key: str, value=None, role: str | None = None) -> str:
        """The label of a player of this deal named at `key` (a `role`: field_word); anything
        else is a finding."""
        value = self.item.get(key) if value is None else value
        field = field_word(role or key)
        if not isinstance(value, str):
            self.finding(
                codes.NAME_EXPECTED,
                M_("{key}: expected a player's name, got {value}", key=field, value=quoted(value)),
                "Art 14",
                key,
            )
            raise _Unscorable
        if value in self.names:
            return self.names[value]
        if value == self.dealer:
            self.finding(
                codes.DEALER_PLAYS,
                M_("{key}: {name} deals this deal and sits out", key=field, name=value),
                "Art 14",
                key,
                value,
            )
        elif value in self.gone:
            late = self.gone[value] == "late"
            message = (
                M_("{key}: {name} is out of this round (late)", key=field, name=value)
                if late
                else M_("{key}: {name} is out of this round", key=field, name=value)
            )
            self.finding(codes.PLAYER_OUT, message, "Art 12" if late else "Art 15", key, value)
        else:
            self.finding(
                codes.NOT_AT_TABLE,
                M_(
                    "{key}: {name} is not playing this deal ({players})",
                    key=field,
                    name=quoted(value),
                    players=", ".join(self.names),
                ),
                "Art 14",
                key,
            )
        raise _Unscorable

    def whole(self, key: str, value, low: int, high: int, rule: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.finding(
                codes.NOT_WHOLE,
                M_("{key}: expected a whole number, got {value}", key=field_word(key), value=quoted(value)),
                rule,
                key,
            )
            raise _Unscorable
        if not low <= value <= high:
            self.finding(
                codes.OUT_OF_RANGE,
                M_("{key}: {value} is outside {low}-{high}", key=field_word(key), value=value, low=low, high=high),
                rule,
                key,
            )
            raise _Unscorable
        return value

    def required(self, key: str, what: Message, rule: str):
        """The value at `key`; a finding when the entry does not write it (`what`: what goes
        there)."""
        if key not in self.item:
            self.finding(codes.KEY_MISSING, M_("no {key} written ({what})", key=key, what=what), rule, key)
            raise _Unscorable
        return self.item[key]

    def unknown_key(self, key, allowed, rule: str) -> None:
        self.finding(codes.UNKNOWN_KEY, unknown_key(key, allowed), rule, key)

    # --- a fine that ends the deal ----------------------------------------------------------
    def _fine_entry(self):
        for key in self.item:
            if key not in FINE_KEYS:
                self.unknown_key(key, FINE_KEYS, "Art 20")
        written = self.item["fine"]
        name = FINES.get(written) if isinstance(written, str) else None
        kind = name or (clip(written) if isinstance(written, str) else "?")
        if name is None:
            self.finding(
                codes.FINE_UNKNOWN,
                M_("unknown fine {fine}; allowed: {allowed}", fine=quoted(written), allowed=", ".join(FINES.names)),
                "Art 20",
                "fine",
            )
            return kind, "", None
        if name == "olhar-vazas":
            self.finding(
                codes.LOOK_DOES_NOT_END,
                M_(
                    "olhar-vazas does not end the deal: write it under the deal's "
                    "fines: ({contract: ..., fines: [{fine: olhar-vazas, player: "
                    "NAME}]})"
                ),
                FINE_ARTICLES[name],
                "fine",
            )
            return kind, "", None
        try:
            player = self.person(
                "player", self.required("player", M_("the player fined"), FINE_ARTICLES[name]), role="fined"
            )
        except _Unscorable:
            return kind, "", None
        chips = contracts.fine(self.rules, self.players, name, player)
        return kind, player, self._written(chips, FINE_ARTICLES[name])

    # --- a contract ------------------------------------------------------------------------
    def _contract(self):
        written = self.item["contract"]
        contract = CONTRACTS.get(written) if isinstance(written, str) else None
        if contract is None:
            self.finding(
                codes.CONTRACT_UNKNOWN,
                M_(
                    "unknown contract {contract}; allowed: {allowed}",
                    contract=quoted(written),
                    allowed=", ".join(CONTRACTS.names),
                ),
                "Art 17",
                "contract",
            )
            return (clip(written) if isinstance(written, str) else "?"), "", None
        rule = CONTRACT_ARTICLES[contract]
        for key in self.item:
            if key not in CONTRACT_KEYS:
                self.unknown_key(key, CONTRACT_KEYS, rule)
            elif key in ("caller", "partner", "player", "giver") and key not in USES[contract]:
                self.not_used(key, contract, rule)
        try:
            chips, detail = getattr(self, "_" + contract.replace("-", "_"))(rule)
        except _Unscorable:
            return contract, "", None
        return contract, detail, chips

    def not_used(self, key: str, contract: str, rule: str) -> None:
        self.finding(codes.KEY_NOT_USED, M_("{key} is not used in {contract}", key=key, contract=contract), rule, key)

    def _fines(self, soloist: str | None) -> tuple[list[tuple[str, str]], bool]:
        """Q9: the fines written under a contract that the deal went on after: olhar-vazas
        (20.15) always; fora-de-vez and negar-carta by another player in a solo (20.8, 20.12).
        (fines, the soloist revoked): a soloist's own revoke loses the solo at its lowest
        amount with no fine on top (20.12). Anything else ended the deal: an error."""
        written = self._fines_list()
        fines: list[tuple[str, str]] = []
        revoked = False
        for item in written:
            name = self._fine_name(item)
            player = self.person("fines", item["player"])
            if self._soloist_revoked(name, player, soloist):
                revoked = True  # Art 20.12: "perde automaticamente o solo e pagara taxa minima de solo"
            else:
                self._refuse_fine_ending_deal(name, player, item["player"], soloist)
                fines.append((name, player))
        return fines, revoked

    def _fines_list(self) -> list:
        """`fines:` as written: a list of at most MAX_FINES (none: an empty one)."""
        written = self.item.get("fines")
        if written is None:
            return []
        if not isinstance(written, list):
            self.finding(
                codes.FINES_SHAPE,
                M_("fines: expected a list such as [{fine: olhar-vazas, player: NAME}]"),
                "Art 20",
                "fines",
            )
            raise _Unscorable
        if len(written) > MAX_FINES:
            self.finding(
                codes.FINES_MANY,
                Mn_(
                    "fines: {count} fine; a deal holds at most {most}",
                    "fines: {count} fines; a deal holds at most {most}",
                    len(written),
                    count=grouped(len(written)),
                    most=MAX_FINES,
                ),
                "Art 20",
                "fines",
            )
            raise _Unscorable
        return written

    def _fine_name(self, item) -> str:
        """The fine of one `{fine: NAME, player: NAME}` under a contract (Art 20), by its name."""
        if not isinstance(item, dict) or set(item) - {"fine", "player"} or not {"fine", "player"} <= set(item):
            self.finding(
                codes.FINES_SHAPE,
                M_("fines: expected {{fine: NAME, player: NAME}}, got {value}", value=quoted(item)),
                "Art 20",
                "fines",
            )
            raise _Unscorable
        name = FINES.get(item["fine"]) if isinstance(item["fine"], str) else None
        if name is None:
            self.finding(
                codes.FINE_UNKNOWN,
                M_(
                    "fines: unknown fine {fine}; allowed: {allowed}",
                    fine=quoted(item["fine"]),
                    allowed=", ".join(FINES.names),
                ),
                "Art 20",
                "fines",
            )
            raise _Unscorable
        return name

    @staticmethod
    def _soloist_revoked(name: str, player: str, soloist: str | None) -> bool:
        return soloist is not None and name == "negar-carta" and player == soloist

    def _refuse_fine_ending_deal(self, name: str, player: str, written: str, soloist: str | None) -> None:
        """A fine the deal cannot have gone on after is an error: only olhar-vazas (20.15), and
        in a solo a lead out of turn or a revoke by another player (20.8, 20.12), are written
        under a contract."""
        if name == "olhar-vazas":
            return
        if soloist is not None and name in ("fora-de-vez", "negar-carta") and player != soloist:
            return  # the soloist chose to play on (20.8, 20.12)
        article = FINE_ARTICLES[name]
        if soloist is not None and name == "fora-de-vez":
            self.finding(
                codes.SOLOIST_OUT_OF_TURN,
                M_("fines: a soloist who leads out of turn takes his card back and the mao leads; no fine"),
                article,
                "fines",
                player,
            )
            raise _Unscorable
        message = (
            M_(
                "fines: {fine} ends the deal unless a soloist plays on: write it as an entry of its own "
                "({{fine: {fine}, player: {player}}})",
                fine=name,
                player=written,
            )
            if name in ("fora-de-vez", "negar-carta")
            else M_(
                "fines: {fine} ends the deal: write it as an entry of its own ({{fine: {fine}, player: {player}}})",
                fine=name,
                player=written,
            )
        )
        self.finding(codes.FINE_ENDS_DEAL, message, article, "fines", player)
        raise _Unscorable

    def _with_fines(self, chips: dict[str, int], fines: list[tuple[str, str]]) -> dict[str, int]:
        for name, player in fines:
            for label, amount in contracts.fine(self.rules, self.players, name, player).items():
                chips[label] += amount
        return chips

    def _figuras_if_written(self, rule: str) -> int | None:
        """The side's figuras when the entry writes them (a solo branco's, a revoked solo's)."""
        return self._figuras(rule) if "figuras" in self.item else None

    def _figuras(self, rule: str) -> int:
        """The side's figuras, which the entry must write (Art 20.11)."""
        value = self.required("figuras", M_("the figuras of the side"), COUNTING)
        if isinstance(value, dict):
            self.finding(
                codes.FIGURAS_SHAPE,
                M_("figuras: expected the figuras of one side, not one per player (that is rolar)"),
                rule,
                "figuras",
            )
            raise _Unscorable
        return self.whole("figuras", value, 0, self.rules.figuras, COUNTING)

    def _tricks(self, figuras: int | None) -> int | None:
        """Q2: the side's tricks, where all or none matter; they must hold its figuras."""
        if "tricks" not in self.item:
            return None
        tricks = self.whole("tricks", self.item["tricks"], 0, self.rules.tricks, COUNTING)
        if figuras is not None and not contracts.tricks_hold(self.rules, tricks, figuras):
            self.finding(
                codes.TRICKS_FIGURAS,
                Mn_(
                    "tricks: {tricks} trick cannot hold {figuras} figuras",
                    "tricks: {tricks} tricks cannot hold {figuras} figuras",
                    tricks,
                    tricks=tricks,
                    figuras=figuras,
                ),
                COUNTING,
                "tricks",
            )
            raise _Unscorable
        return tricks

    def _described(self, figuras: int | None, tricks: int | None, fines, revoked: str | None = None) -> Joined:
        """A deal's figuras, tricks and fines, as data: said where the sheet is shown."""
        parts: list[str | Message] = []
        if figuras is not None:
            points = contracts.points_of(self.rules, figuras)
            parts.append(
                M_(
                    "{figuras} ({points})",
                    figuras=Mn_("{count} figura", "{count} figuras", figuras, count=figuras),
                    points=Mn_("{count} ponto", "{count} pontos", points, count=points),
                )
            )
        if tricks is not None:
            parts.append(Mn_("{count} vaza", "{count} vazas", tricks, count=tricks))
        if revoked:
            parts.append(f"negar-carta {revoked}")
        parts += [f"{name} {player}" for name, player in fines]
        return Joined(tuple(parts))

    def _normal(self, rule: str):
        caller = self.person("caller", self.required("caller", M_("the caller"), rule))
        partner = self.person(
            "partner",
            self.required(
                "partner", M_("the holder of the called card; the caller himself when he held it, Art 20.2"), rule
            ),
        )
        fines, _revoked = self._fines(None)
        figuras = self._figuras(rule)
        tricks = self._tricks(figuras)
        chips = contracts.normal(self.rules, self.players, caller, partner, figuras, tricks)
        who = M_("{caller} alone", caller=caller) if caller == partner else f"{caller} + {partner}"
        return self._written(self._with_fines(chips, fines), rule), Joined(
            (who, self._described(figuras, tricks, fines))
        )

    def _solo(self, rule: str, giver_needed: bool = False):
        soloist = self.person("player", self.required("player", M_("the soloist"), rule), role="soloist")
        giver = None
        if giver_needed:
            giver = self.person(
                "giver",
                self.required(
                    "giver", M_("the giver of the card asked for; the soloist himself when he held it, Art 20.3"), rule
                ),
            )
        fines, revoked = self._fines(soloist)
        figuras = self._figuras_if_written(rule) if revoked else self._figuras(rule)
        tricks = self._tricks(figuras)
        return soloist, giver, fines, revoked, figuras, tricks

    def _solo_natural(self, rule: str):
        soloist, _giver, fines, revoked, figuras, tricks = self._solo(rule)
        chips = contracts.solo_natural(self.rules, self.players, soloist, figuras, tricks, revoked)
        detail = self._described(
            None if revoked else figuras, None if revoked else tricks, fines, soloist if revoked else None
        )
        return self._written(self._with_fines(chips, fines), rule), Joined((soloist, detail))

    def _solo_preto(self, rule: str):
        soloist, giver, fines, revoked, figuras, tricks = self._solo(rule, giver_needed=True)
        chips = contracts.solo_preto(self.rules, self.players, soloist, giver, figuras, tricks, revoked)
        card = M_("his own card") if giver == soloist else M_("card from {giver}", giver=giver)
        detail = self._described(
            None if revoked else figuras, None if revoked else tricks, fines, soloist if revoked else None
        )
        return self._written(self._with_fines(chips, fines), rule), Joined((soloist, card, detail))

    def _solo_branco(self, rule: str):
        soloist = self.person("player", self.required("player", M_("the soloist"), rule), role="soloist")
        fines, revoked = self._fines(soloist)
        figuras = self._figuras_if_written(rule)
        tricks = self._tricks(figuras)
        if not revoked and tricks is None and not figuras:
            # Art 18.4: he wins only without a trick; figuras 0 can still be a trick (Q2)
            self.finding(
                codes.BRANCO_TRICKS,
                M_("a solo branco needs the soloist's tricks (tricks: 0 when he took none)"),
                rule,
                "tricks",
            )
            raise _Unscorable
        took = bool(tricks) or bool(figuras)
        chips = contracts.solo_branco(self.rules, self.players, soloist, took, revoked)
        detail = self._described(figuras, tricks, fines, soloist if revoked else None)
        return self._written(self._with_fines(chips, fines), rule), Joined((soloist, detail))

    def _rolar(self, rule: str):
        value = self.required("figuras", M_("each player's figuras, {NAME: N, ...}"), COUNTING)
        if not isinstance(value, dict):
            self.finding(
                codes.FIGURAS_SHAPE,
                M_("figuras: a rolar gives each player's figuras ({NAME: N, ...})"),
                rule,
                "figuras",
            )
            raise _Unscorable
        if "tricks" in self.item:
            self.not_used("tricks", "rolar", rule)
        figuras: dict[str, int] = {}
        for name, count in value.items():
            label = self.person("figuras", name)
            figuras[label] = self.whole("figuras", count, 0, self.rules.figuras, COUNTING)
        missing = [p for p in self.players if p not in figuras]
        if missing:
            self.finding(
                codes.FIGURAS_MISSING,
                M_("figuras: no figuras for {players}", players=", ".join(missing)),
                COUNTING,
                "figuras",
            )
            raise _Unscorable
        figuras = {p: figuras[p] for p in self.players}
        total = sum(figuras.values())
        if total != self.rules.figuras:
            self.finding(
                codes.FIGURAS_TOTAL,
                M_("figuras add up to {total}, not {figuras}", total=total, figuras=self.rules.figuras),
                COUNTING,
                "figuras",
            )
            raise _Unscorable
        fines, _revoked = self._fines(None)
        detail = ", ".join(f"{p} {n}" for p, n in figuras.items())
        if fines:
            detail += ", " + ", ".join(f"{name} {player}" for name, player in fines)
        chips = contracts.rolar(self.rules, figuras)
        if chips is None:
            tied = sorted(figuras.values(), reverse=True)[1]
            if "chips" not in self.item:
                self.finding(
                    codes.ROLAR_TIE,
                    Mn_(
                        "the second and third have {figuras} figura each: Art 18.5 does not say who pays; write the "
                        "chips (chips: {{NAME: N, ...}})",
                        "the second and third have {figuras} figuras each: Art 18.5 does not say who pays; write the "
                        "chips (chips: {{NAME: N, ...}})",
                        tied,
                        figuras=tied,
                    ),
                    rule,
                    "chips",
                )
                raise _Unscorable
            self.finding(
                codes.ROLAR_TIE_WRITTEN,
                Mn_(
                    "the second and third have {figuras} figura each: Art 18.5 does not say who pays; the chips written "
                    "are scored",
                    "the second and third have {figuras} figuras each: Art 18.5 does not say who pays; the chips written "
                    "are scored",
                    tied,
                    figuras=tied,
                ),
                rule,
                "chips",
                severity=Severity.WARNING,
            )
            written = self._chips(rule)
            if written is None or not self._zero_sum(written, rule):
                raise _Unscorable
            return self._with_fines(written, fines), detail
        return self._written(self._with_fines(chips, fines), rule), detail

    # --- the chips the sheet wrote ------------------------------------------------------------
    def _chips(self, rule: str) -> dict[str, int] | None:
        """The `chips:` written, by label (every player of the deal; 0 for one not named)."""
        value = self.item.get("chips")
        if not isinstance(value, dict):
            self.finding(
                codes.CHIPS_SHAPE,
                M_("chips: expected {{NAME: N, ...}} for the players of the deal, got {value}", value=quoted(value)),
                rule,
                "chips",
            )
            return None
        chips = dict.fromkeys(self.players, 0)
        for name, amount in value.items():
            if isinstance(amount, bool) or not isinstance(amount, int):
                self.finding(
                    codes.CHIPS_SHAPE,
                    M_(
                        "chips: expected a whole number for {name}, got {value}",
                        name=quoted(name),
                        value=quoted(amount),
                    ),
                    rule,
                    "chips",
                )
                return None
            if name not in self.names:
                self.finding(
                    codes.CHIPS_NAME,
                    M_(
                        "chips: {name} is not playing this deal ({players})",
                        name=quoted(name),
                        players=", ".join(self.names),
                    ),
                    rule,
                    "chips",
                )
                return None
            chips[self.names[name]] = amount
        return chips

    def _zero_sum(self, chips: dict[str, int], rule: str) -> bool:
        """Every deal's chips add up to 0 (Q3); the chips written too."""
        if sum(chips.values()) != 0:
            self.finding(
                codes.CHIPS_SUM,
                M_("chips: the chips written add up to {total}, not 0", total=f"{sum(chips.values()):+d}"),
                rule,
                "chips",
            )
            return False
        return True

    def _written(self, computed: dict[str, int], rule: str) -> dict[str, int]:
        """Compare the `chips:` written, if any, with the computed ones (every player who differs,
        in one finding); the computed are scored."""
        if "chips" not in self.item:
            return computed
        written = self._chips(rule)
        if written is not None:
            self._zero_sum(written, rule)
            wrong = [label for label in self.players if written[label] != computed[label]]
            if wrong:
                said = ", ".join(f"{label} {_signed(written[label])}" for label in wrong)
                right = ", ".join(f"{label} {_signed(computed[label])}" for label in wrong)
                message = M_(
                    "chips: the sheet gives {written}; the deal gives {computed}", written=said, computed=right
                )
                self.finding(codes.CHIPS_DIFFER, message, rule, "chips", wrong[0] if len(wrong) == 1 else None)
        return computed


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"
