"""The sheet file of a team game: teams instead of players, and a list of
deals or hands. Each game's model reads the entries; this module reads what they share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, NoReturn, TypeVar

from scorekeeper.errors import SheetFormatError, quoted
from scorekeeper.findings import Finding, FindingKind, Severity
from scorekeeper.i18n import M_, N_, Joined, Message, Mn_, Mp_
from scorekeeper.names import refuse_bad_names
from scorekeeper.sheet.yaml_lines import (
    LineDict,
    LineList,
    header_text,
    optional_word,
    refuse_unknown_header,
    unknown_key,
)
from scorekeeper.team import finding_codes as codes
from scorekeeper.team.rules import TeamRules

MAX_ENTRIES = 400  # a team game is some 15-60 deals or hands
# What the team games call one entry of their sheet ("deal 3: ...", "hand 3: ..."), as each game
# passes it as `word`; shown translated (pt_PT Sueca's "partida", Truco's "mão").
ENTRY_WORDS = {"deals": N_("deal"), "hands": N_("hand")}


R = TypeVar("R", bound=TeamRules)  # a team game's own rules (SuecaRules, TrucoRules)


@dataclass(eq=False, repr=False)
class TeamSheet(Generic[R]):
    """A team game's sheet: its teams in order, the header, and the raw entries; `rules` are its
    game's (TeamSheet[SuecaRules])."""

    source: str
    rules: R
    rules_ref: str
    teams: dict[str, list[str]]
    event: str | None
    table: str | None
    round: str | None
    date: str | None
    scorer: str | None
    entries: list[LineDict]
    list_line: int
    line: int

    @property
    def team_names(self) -> list[str]:
        return list(self.teams)

    @property
    def players(self) -> list[str]:
        """The team names: a team game's totals and tables are kept by team."""
        return list(self.teams)

    def team_of(self, name: str) -> str | None:
        """The team a sheet means by `name`: the team's own name or one of its players'."""
        for team, members in self.teams.items():
            if name == team or name in members:
                return team
        return None


def parse_team_sheet(doc, rules: R, source: str, rules_ref: str, list_key: str) -> TeamSheet[R]:
    """The header and raw entries of a team sheet (SheetFormatError when unusable)."""
    allowed = ("rules", "teams", "scorer", "event", "table", "round", "date", "notes", list_key)
    refuse_unknown_header(
        doc, allowed, source, M_("a sheet is a mapping with 'rules', 'teams' and '{key}'", key=list_key)
    )
    teams = _teams(doc, rules, source)
    scorer = doc.get("scorer")
    if scorer is not None and not any(scorer in m for m in teams.values()):
        raise SheetFormatError(
            M_("scorer: {name} is not one of the players", name=quoted(scorer)), source, doc.line_of("scorer")
        )
    entries = _entries(doc, list_key, source)
    return TeamSheet(
        source=source,
        rules=rules,
        rules_ref=rules_ref,
        teams=teams,
        event=header_text(doc, "event", source),
        table=header_text(doc, "table", source),
        round=header_text(doc, "round", source),
        date=header_text(doc, "date", source),
        scorer=scorer,
        entries=list(entries),
        list_line=entries.line,
        line=doc.line,
    )


def _teams(doc, rules: TeamRules, source: str) -> dict[str, list[str]]:
    """`teams:`, each team's name and its players in order: as many teams and players as the
    rule file says, every name one the sheets accept and none named twice."""
    teams = doc.get("teams")
    line = doc.line_of("teams") if "teams" in doc else doc.line
    if not isinstance(teams, dict) or len(teams) != rules.teams:
        raise SheetFormatError(
            Mn_(
                "teams: {rules} is played by {count} team, e.g. {{Nos: [Ana, Bruno], Eles: [Carla, Duarte]}}",
                "teams: {rules} is played by {count} teams, e.g. {{Nos: [Ana, Bruno], Eles: [Carla, Duarte]}}",
                rules.teams,
                rules=rules.name,
                count=rules.teams,
            ),
            source,
            line,
        )
    seen: set[str] = set()
    parsed: dict[str, list[str]] = {}
    for name, members in teams.items():
        if not isinstance(name, str) or not name.strip():
            raise SheetFormatError(M_("teams: {name} is not a team name", name=quoted(name)), source, line)
        if (
            not isinstance(members, list)
            or len(members) != rules.players_per_team
            or not all(isinstance(m, str) and m.strip() for m in members)
        ):
            raise SheetFormatError(
                Mn_(
                    "teams: {team} needs {count} player name",
                    "teams: {team} needs {count} player names",
                    rules.players_per_team,
                    team=name,
                    count=rules.players_per_team,
                ),
                source,
                line,
            )
        refuse_bad_names([name, *members], "teams", source, line)  # the one name rule (names.py), as `new` applies it
        for member in [name, *members]:
            if member in seen:
                raise SheetFormatError(M_("teams: {name} is named twice", name=quoted(member)), source, line)
            seen.add(member)
        parsed[name] = list(members)
    return parsed


def _entries(doc, list_key: str, source: str) -> LineList:
    """The list of entries (`deals:`, `hands:`; none written is an empty one): a list of at most
    MAX_ENTRIES mappings."""
    entries = doc.get(list_key)
    if entries is None:
        entries = LineList()
        entries.line, entries.item_lines = doc.line_of(list_key) if list_key in doc else doc.line, []
    if not isinstance(entries, LineList):  # a YAML list is read as a LineList (yaml_lines), a ficha's too
        raise SheetFormatError(M_("{key}: expected a list", key=list_key), source, doc.line_of(list_key))
    if len(entries) > MAX_ENTRIES:
        # Always many: more than MAX_ENTRIES.
        raise SheetFormatError(
            M_(
                "{key}: {count} entries is more than a sheet holds ({most})",
                key=list_key,
                count=len(entries),
                most=MAX_ENTRIES,
            ),
            source,
            doc.line_of(list_key),
        )
    word = Message(ENTRY_WORDS.get(list_key, list_key))  # deal, hand: said in the caller's language
    for position, item in enumerate(entries):
        if not isinstance(item, dict):
            raise SheetFormatError(
                M_("{entry} {number}: expected a mapping", entry=word, number=position + 1),
                source,
                entries.line_of(position),
            )
    return entries


class EntryReader:
    """Reads one entry of a team sheet: format errors raise, game problems become findings.

    `word` is what the game calls an entry, an English message id (`deal`, `hand`: see
    ENTRY_WORDS); messages start with it translated, "deal 3: ..." ("partida 3: ...")."""

    def __init__(self, sheet: TeamSheet, item: LineDict, index: int, word: str, keys: tuple[str, ...]):
        self.sheet, self.item, self.index, self.word = sheet, item, index, word
        self.findings: list[Finding] = []
        for key in item:
            if key not in keys:
                self.fail(key, unknown_key(key, keys))

    @property
    def line(self) -> int:
        return self.item.line

    @property
    def where(self) -> Joined:
        """`deal 3`, said in the caller's language: the place every message about this entry names first."""
        return Joined((Message(self.word), self.index), " ")

    def fail(self, key, message: str | Message) -> NoReturn:
        """Refuse the sheet: `key`'s value of this entry cannot be read (`deal 3: points: ...`)."""
        problem = M_("{key}: {problem}", key=key, problem=message)
        raise SheetFormatError(self.said_here(problem), self.sheet.source, self.item.line_of(key))

    def said_here(self, message: str | Message) -> Message:
        """`message` about this entry: its place (`deal 3`) and the message, said together at the edge."""
        return M_("{what}: {problem}", what=self.where, problem=message)  # PLACED

    def finding(
        self,
        message: str | Message,
        rule: str,
        team: str | None = None,
        severity=Severity.ERROR,
        key: str | None = None,
        code: str = "",
    ):
        """A finding about this entry; with `key`, at the line (or workbook cell) of that key's
        value. `code` is its kind's (a FindingKind's code)."""
        line = self.item.line_of(key) if key is not None else self.line
        self.findings.append(
            Finding(severity, self.sheet.source, line, self.said_here(message), rule, self.index, team, code=code)
        )

    def found(
        self,
        kind: FindingKind,
        message: str | Message,
        team: str | None = None,
        key: str | None = None,
        severity=Severity.ERROR,
    ):
        """A finding of `kind`, reported under its article."""
        self.finding(message, kind.rule, team, severity, key, code=kind.code)

    def unknown_penalty(self, kind: FindingKind, penalty: str, allowed: list[str]) -> None:
        """The entry's `penalty` is none of the game's (`allowed`): a finding of `kind` at that key."""
        message = M_(
            "unknown penalty {penalty}; allowed: {allowed}", penalty=quoted(penalty), allowed=", ".join(allowed)
        )
        self.found(kind, message, key="penalty")

    def word_value(self, key) -> str | None:
        return optional_word(self.item, key, self.fail)

    def team(self, key) -> str | None:
        """A team, by its name or one of its players' names; anything else is a finding."""
        value = self.item.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.fail(key, M_("expected a team, got {value}", value=quoted(value)))
        team = self.sheet.team_of(value)
        if team is None:
            self.found(
                codes.NOT_A_TEAM,
                M_(
                    "{name} is not a team at this table ({teams})",
                    name=quoted(value),
                    teams=", ".join(self.sheet.teams),
                ),
                key=key,
            )
        return team

    def number(self, key, value, low: int | None = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, M_("expected whole numbers, got {value}", value=quoted(value)))
        if low is not None and value < low:
            self.fail(key, M_("{value} is negative", value=value))
        return value

    def per_team(self, key, low: int | None = 0, partial: bool = False) -> dict[str, int] | None:
        """Values in team order (`[72, 48]`) or by team (`{Nos: 72, Eles: 48}`); with `partial`,
        a mapping may name only some teams (a claim written for one team only)."""
        value = self.item.get(key)
        if value is None:
            return None
        teams = self.sheet.team_names
        if isinstance(value, list):
            numbers = [self.number(key, v, low) for v in value]
            if len(numbers) != len(teams):
                # A team game has two teams or more: the count of teams is always a plural.
                self.found(
                    codes.VALUE_COUNT,
                    Mn_(
                        "{key} has {count} value for {teams} teams",
                        "{key} has {count} values for {teams} teams",
                        len(numbers),
                        key=field_word(key),
                        count=len(numbers),
                        teams=len(teams),
                    ),
                    key=key,
                )
                return None
            return dict(zip(teams, numbers))
        if isinstance(value, dict):
            result = {}
            for name, number in value.items():
                number = self.number(key, number, low)
                if name not in teams:
                    self.found(
                        codes.NOT_A_TEAM,
                        M_(
                            "{key}: {name} is not a team at this table ({teams})",
                            key=field_word(key),
                            name=quoted(name),
                            teams=", ".join(teams),
                        ),
                        key=key,
                    )
                    continue
                result[name] = number
            missing = [t for t in teams if t not in result]
            if partial:
                return {t: result[t] for t in teams if t in result}
            if missing:
                self.found(
                    codes.VALUE_MISSING,
                    M_("{key}: no value for {teams}", key=field_word(key), teams=", ".join(missing)),
                    key=key,
                )
                return None
            return {t: result[t] for t in teams}
        self.fail(key, M_("expected a list in team order or a mapping {{team: value}}"))


PLACED = "{what}: {problem}"  # the msgid of a message about one entry (EntryReader.said_here)
FIELD_WORDS = {
    "points": Mp_("team field", "points"),
    "standing": Mp_("team field", "standing"),
    "score": Mp_("team field", "score"),
}


def field_word(key: str) -> str | Message:
    """How a finding names the values per team it is about, said at the edge: English says the
    sheet's key, Portuguese the ficha's word (os pontos das cartas, a moca, o placar)."""
    return FIELD_WORDS.get(key, key)


def names_field(message: str | Message, key: str) -> bool:
    """Whether a finding's message (its problem, without the entry it is about) is about the
    values per team of `key` (`points: 'Voces' is not a team ...`): per_team names them so."""
    return isinstance(message, Message) and message.values.get("key") == field_word(key)


def entry_problem(message: str | Message) -> str | Message:
    """What an EntryReader's finding says without the entry it is about (`deal 3`): the message
    the game gave."""
    problem = message.values.get("problem") if isinstance(message, Message) and message.msgid == PLACED else None
    return problem if isinstance(problem, (str, Message)) else message


def check_written(
    read: EntryReader,
    key: str,
    shown: dict[str, int],
    cap: int,
    stops: Message,
    stands: Message,
    rule: str,
    compare: bool = True,
    *,
    kinds: tuple[FindingKind, FindingKind] | None = None,
) -> None:
    """Check a standing written on the sheet (`standing`, `score`) against the computed one:
    above `cap` is impossible, and (with `compare`) anything else must agree. One team's claim
    alone is enough.

    `stops` is the whole reason a value above `cap` is impossible ("a moca stops at 4 ..."),
    `stands` what the standing should be, a message whose `{standing}` this fills ("the moca
    stands at {standing}"). `kinds` are the game's kinds of the two findings
    (above the cap, different), whose codes they carry; their own `rule` is `rule`."""
    written = read.per_team(key, partial=True)
    if not written:
        return
    over, differs = kinds if kinds is not None else (None, None)
    for team, value in written.items():
        if value > cap:
            read.finding(
                M_("the sheet shows {team} at {value}; {why}", team=team, value=value, why=stops),
                rule,
                team,
                key=key,
                code=over.code if over else "",
            )
    if compare and any(written[t] != shown[t] for t in written) and all(v <= cap for v in written.values()):
        says = ", ".join(f"{t} {written[t]}" for t in written)
        should = ", ".join(f"{t} {shown[t]}" for t in written)
        wrong = [t for t in written if written[t] != shown[t]]
        right = stands._replace(values={**stands.values, "standing": should})
        read.finding(
            M_("the sheet shows {written}; {right}", written=says, right=right),
            rule,
            wrong[0] if len(wrong) == 1 else None,
            key=key,
            code=differs.code if differs else "",
        )


def other_team(sheet: TeamSheet, team: str) -> str:
    return next(name for name in sheet.teams if name != team)
