"""The totals of a King sheet as the boletim shows them, written over their formulas: a hand's
total (`total:` on the hand) and the Totais and Saldo rows (`totals:`, each player's `negativos`,
`positivos` and `saldo`). All are optional. Each one written is checked against what the hands'
points add up to, under the King rules' "A contagem dos pontos" (two columns a player, their
difference the saldo), so that a total disputed on paper keeps its finding through `import`,
`check` and `export` (issue 16).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NoReturn

from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.findings import Finding, Severity
from scorekeeper.i18n import M_, Joined, Message
from scorekeeper.king import finding_codes as K
from scorekeeper.sheet.yaml_lines import unknown_key

# The value of a message whose only braces are written doubled ({{saldo: ...}}): in_words formats a
# message only when it has values, and formatting is what makes {{ one brace, as `_(...).format()` did.
BRACES = {"braces": "{}"}

# The rows of the boletim's totals, as the sheet names them: the paper's own words.
TOTALS_KEYS = ("negativos", "positivos", "saldo")


@dataclass
class WrittenTotals:
    """The `totals:` of a sheet: per key, {player: (value, line)}, and the findings read with it."""

    values: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def as_numbers(self, key: str) -> dict[str, int]:
        return {player: value for player, (value, _line) in self.values.get(key, {}).items()}


def _not_whole(value: object) -> Message | None:
    """Why `value` is not a total (a whole number), or None when it is one."""
    if isinstance(value, bool) or not isinstance(value, int):
        return M_("expected a whole number, got {value}", value=quoted(value))
    return None


def read_hand_total(item, fail_at) -> tuple[int | None, int | None]:
    """A hand's `total:` (its value and line), or (None, None); `fail_at(key, message)` refuses it."""
    if "total" not in item:
        return None, None
    value = item["total"]
    problem = _not_whole(value)
    if problem is not None:
        fail_at("total", problem)
    return value, item.line_of("total")


def read_totals(doc, players: list[str], source: str) -> WrittenTotals:
    """The sheet's `totals:`, each a mapping {player: whole number}; a name that is not a
    player at the table is a finding (as a hand's are), anything else unusable is refused."""
    written = WrittenTotals()
    totals = doc.get("totals")
    if totals is None:
        return written
    line = doc.line_of("totals")

    def fail(message: str | Message | Joined, at: int = line) -> NoReturn:
        raise SheetFormatError(M_("totals: {message}", message=message), source, at)

    if not isinstance(totals, dict):
        fail(M_("expected a mapping such as {{saldo: {{Ana: 275}}}}", **BRACES))
    for key, values in totals.items():
        if key not in TOTALS_KEYS:
            fail(unknown_key(key, TOTALS_KEYS))
        at = totals.line_of(key) if hasattr(totals, "line_of") else line
        if not isinstance(values, dict):
            fail(M_("{key}: expected a mapping {{player: value}}", key=key), at)
        read: dict[str, tuple[int, int]] = {}
        for name, value in values.items():
            where = values.line_of(name) if hasattr(values, "line_of") else at
            problem = _not_whole(value)
            if problem is not None:
                fail(Joined((key, problem), ": "), where)  # `saldo: expected a whole number, ...`
            if name not in players:
                written.findings.append(
                    Finding(
                        Severity.ERROR,
                        source,
                        where,
                        M_(
                            "{name} in the totals written ({key}) is not at this table ({players})",
                            key=key,
                            name=quoted(name),
                            players=", ".join(players),
                        ),
                        K.PLAYER_UNKNOWN.rule,
                        None,
                        str(name),
                        code=K.PLAYER_UNKNOWN.code,
                    )
                )
                continue
            read[name] = (value, where)
        written.values[key] = {p: read[p] for p in players if p in read}  # seat order
    return written
