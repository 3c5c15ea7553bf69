"""The sheet file of a team game: teams instead of players, and a list of
deals or hands. Each game's model reads the entries; this module reads what they share."""
from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.errors import MAX_NAME, SheetFormatError, quote
from scorekeeper.findings import Finding, Severity
from scorekeeper.report import plural
from scorekeeper.yaml_lines import LineDict, LineList, header_text, optional_word

MAX_ENTRIES = 400  # a team game is some 15-60 deals or hands


@dataclass(eq=False, repr=False)
class TeamSheet:
    """A team game's sheet: its teams in order, the header, and the raw entries."""

    source: str
    rules: object
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


def parse_team_sheet(doc, rules, source: str, rules_ref: str, list_key: str) -> TeamSheet:
    """The header and raw entries of a team sheet (SheetFormatError when unusable)."""
    allowed = ("rules", "teams", "scorer", "event", "table", "round", "date", "notes", list_key)
    if not isinstance(doc, dict):
        raise SheetFormatError(f"a sheet is a mapping with 'rules', 'teams' and '{list_key}'", source,
                               getattr(doc, "line", 1))
    for key in doc:
        if key not in allowed:
            raise SheetFormatError(f"unknown key {quote(key)}; allowed: {', '.join(allowed)}", source, doc.line_of(key))
    teams = doc.get("teams")
    line = doc.line_of("teams") if "teams" in doc else doc.line
    if not isinstance(teams, dict) or len(teams) != rules.teams:
        raise SheetFormatError(f"teams: {rules.name} is played by {plural(rules.teams, 'team')}, e.g. "
                               "{Nos: [Ana, Bruno], Eles: [Carla, Duarte]}", source, line)
    seen: set[str] = set()
    parsed: dict[str, list[str]] = {}
    for name, members in teams.items():
        if not isinstance(name, str) or not name.strip():
            raise SheetFormatError(f"teams: {quote(name)} is not a team name", source, line)
        if not isinstance(members, list) or len(members) != rules.players_per_team or \
                not all(isinstance(m, str) and m.strip() for m in members):
            raise SheetFormatError(f"teams: {name} needs {plural(rules.players_per_team, 'player name')}", source, line)
        for member in [name, *members]:
            if len(member) > MAX_NAME:
                raise SheetFormatError(f"teams: {quote(member)} is longer than a name ({MAX_NAME} characters)",
                                       source, line)
            if member in seen:
                raise SheetFormatError(f"teams: {quote(member)} is named twice", source, line)
            seen.add(member)
        parsed[name] = list(members)
    scorer = doc.get("scorer")
    if scorer is not None and not any(scorer in m for m in parsed.values()):
        raise SheetFormatError(f"scorer: {quote(scorer)} is not one of the players", source, doc.line_of("scorer"))
    entries = doc.get(list_key)
    if entries is None:
        entries = LineList()
        entries.line, entries.item_lines = doc.line_of(list_key) if list_key in doc else doc.line, []
    if not isinstance(entries, list):
        raise SheetFormatError(f"{list_key}: expected a list", source, doc.line_of(list_key))
    if len(entries) > MAX_ENTRIES:
        raise SheetFormatError(f"{list_key}: {len(entries)} entries is more than a sheet holds ({MAX_ENTRIES})",
                               source, doc.line_of(list_key))
    for position, item in enumerate(entries):
        if not isinstance(item, dict):
            raise SheetFormatError(f"{list_key[:-1]} {position + 1}: expected a mapping", source,
                                   entries.line_of(position))
    return TeamSheet(source=source, rules=rules, rules_ref=rules_ref, teams=parsed,
                     event=header_text(doc, "event", source), table=header_text(doc, "table", source),
                     round=header_text(doc, "round", source), date=header_text(doc, "date", source), scorer=scorer,
                     entries=list(entries), list_line=entries.line, line=doc.line)


class EntryReader:
    """Reads one entry of a team sheet: format errors raise, game problems become findings."""

    def __init__(self, sheet: TeamSheet, item: LineDict, index: int, word: str, keys: tuple[str, ...]):
        self.sheet, self.item, self.index, self.word = sheet, item, index, word
        self.findings: list[Finding] = []
        for key in item:
            if key not in keys:
                self.fail(key, f"unknown key {quote(key)}; allowed: {', '.join(keys)}")

    @property
    def line(self) -> int:
        return self.item.line

    def fail(self, key, message: str):
        raise SheetFormatError(f"{self.word} {self.index}: {key}: {message}", self.sheet.source,
                               self.item.line_of(key))

    def finding(self, message: str, rule: str, team: str | None = None, severity=Severity.ERROR,
                key: str | None = None):
        """A finding about this entry; with `key`, at the line (or workbook cell) of that key's value."""
        line = self.item.line_of(key) if key is not None else self.line
        self.findings.append(Finding(severity, self.sheet.source, line, f"{self.word} {self.index}: {message}",
                                     rule, self.index, team))

    def word_value(self, key) -> str | None:
        return optional_word(self.item, key, self.fail)

    def team(self, key) -> str | None:
        """A team, by its name or one of its players' names; anything else is a finding."""
        value = self.item.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.fail(key, f"expected a team, got {quote(value)}")
        team = self.sheet.team_of(value)
        if team is None:
            self.finding(f"{quote(value)} is not a team at this table ({', '.join(self.sheet.teams)})", "teams",
                         key=key)
        return team

    def number(self, key, value, low: int | None = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, f"expected whole numbers, got {quote(value)}")
        if low is not None and value < low:
            self.fail(key, f"{value} is negative")
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
                self.finding(f"{key} has {plural(len(numbers), 'value')} for {plural(len(teams), 'team')}", "teams",
                             key=key)
                return None
            return dict(zip(teams, numbers))
        if isinstance(value, dict):
            result = {}
            for name, number in value.items():
                number = self.number(key, number, low)
                if name not in teams:
                    self.finding(f"{key}: {quote(name)} is not a team at this table ({', '.join(teams)})", "teams",
                                 key=key)
                    continue
                result[name] = number
            missing = [t for t in teams if t not in result]
            if partial:
                return {t: result[t] for t in teams if t in result}
            if missing:
                self.finding(f"{key}: no value for {', '.join(missing)}", "teams", key=key)
                return None
            return {t: result[t] for t in teams}
        self.fail(key, "expected a list in team order or a mapping {team: value}")


def check_written(read: EntryReader, key: str, shown: dict[str, int], cap: int, stops: str, stands: str,
                  rule: str, compare: bool = True) -> None:
    """Check a standing written on the sheet (`standing`, `score`) against the computed one:
    above `cap` is impossible, and (with `compare`) anything else must agree. One team's claim
    alone is enough."""
    written = read.per_team(key, partial=True)
    if not written:
        return
    for team, value in written.items():
        if value > cap:
            read.finding(f"the sheet shows {team} at {value}; {stops}", rule, team, key=key)
    if compare and any(written[t] != shown[t] for t in written) and all(v <= cap for v in written.values()):
        says = ", ".join(f"{t} {written[t]}" for t in written)
        should = ", ".join(f"{t} {shown[t]}" for t in written)
        wrong = [t for t in written if written[t] != shown[t]]
        read.finding(f"the sheet shows {says}; {stands} {should}", rule, wrong[0] if len(wrong) == 1 else None,
                     key=key)


def other_team(sheet: TeamSheet, team: str) -> str:
    return next(name for name in sheet.teams if name != team)
