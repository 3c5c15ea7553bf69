"""The tournament file: read (validated, with lines), started, and a drawn round appended.

    tournament: Final Nacional Interbancaria 2026
    rules: king
    players: [Ana, Bruno, Carla, Duarte, Eduardo, Filipa, Gil, Helena, Ines]
    rounds:
      - tables:
          - {table: 1, sheet: r1-mesa1.yaml}
          - {table: 2, players: [Eduardo, Filipa, Gil, Helena], absent: [Gil]}
        byes: [Ines]

A team game names `teams: {Nos: [Ana, Bruno], ...}` and `groups: {A: [Nos, Eles, ...]}`, and
its rounds are `{stage: group|semi|final|negra, matches: [{sheet: ...}]}`. A round may carry
`penalties: [{player: NAME, points: -2.5, article: Art 14}]` and the `seed` it was drawn with.
Sheet paths are relative to the file and stay inside its folder (a tournament file may come
from someone else, like a sheet's `rules:`).
"""
from __future__ import annotations

import os

from scorekeeper import rules as registry
from scorekeeper.errors import MAX_NAME, RulesError, SheetFormatError, quote
from scorekeeper.tournaments.model import Match, Penalty, Round, Table, Tournament
from scorekeeper.yaml_lines import header_text, load_file

TOP_KEYS = ("tournament", "rules", "players", "teams", "groups", "planned_rounds", "rounds", "notes")
ROUND_KEYS = ("stage", "seed", "tables", "matches", "byes", "penalties", "disqualified", "notes")
TABLE_KEYS = ("table", "players", "sheet", "absent", "notes")
MATCH_KEYS = ("group", "teams", "sheet", "notes")
PENALTY_KEYS = ("player", "points", "article")
STAGES = ("group", "semi", "final", "negra", "extra")  # extra: Quatrilho Art 23's round from the 41st on
MAX_PLAYERS = 2000  # a national championship has a few hundred players
MAX_ROUNDS = 200
MAX_TABLES = 1000


class TournamentFormatError(SheetFormatError):
    """A tournament file that cannot be used, at its line."""


def load(path: str) -> Tournament:
    """Read and validate a tournament file; TournamentFormatError at the line of what is wrong."""
    doc = load_file(path, TournamentFormatError)
    if not isinstance(doc, dict) or "tournament" not in doc:
        raise TournamentFormatError("not a tournament file: expected a mapping with 'tournament', 'rules' and "
                                    "'players' or 'teams'", path, getattr(doc, "line", 1))
    reader = _Reader(path, doc)
    return reader.tournament()


class _Reader:
    def __init__(self, path: str, doc):
        self.path, self.doc = path, doc

    def fail(self, message: str, line) -> None:
        raise TournamentFormatError(message, self.path, line)

    def keys(self, item, allowed: tuple[str, ...], what: str) -> None:
        if not isinstance(item, dict):
            self.fail(f"{what}: expected a mapping, got {quote(item)}", getattr(item, "line", None))
        for key in item:
            if key not in allowed:
                self.fail(f"{what}: unknown key {quote(key)}; allowed: {', '.join(allowed)}", item.line_of(key))

    def names(self, value, what: str, line, limit: int = MAX_PLAYERS) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(n, str) and n.strip() for n in value):
            self.fail(f"{what}: expected a list of names, got {quote(value)}", line)
        if len(value) > limit:
            self.fail(f"{what}: {len(value):,} names; at most {limit:,}", line)
        for name in value:
            if len(name) > MAX_NAME:
                self.fail(f"{what}: {quote(name)} is longer than a name ({MAX_NAME} characters)", line)
        if len(set(value)) != len(value):
            twice = next(n for n in value if value.count(n) > 1)
            self.fail(f"{what}: {quote(twice)} is named twice", line)
        return list(value)

    def tournament(self) -> Tournament:
        doc, path = self.doc, self.path
        self.keys(doc, TOP_KEYS, "tournament file")
        name = header_text(doc, "tournament", path) or ""
        ref = doc.get("rules")
        if not isinstance(ref, str):
            self.fail(f"rules: which game's rules? (one of {', '.join(registry.rules_names())})",
                      doc.line_of("rules") if "rules" in doc else doc.line)
        try:
            rules = registry.find(ref, os.path.dirname(path))
        except RulesError as exc:
            if exc.source is None:
                self.fail(f"rules: {exc.message}", doc.line_of("rules"))
            raise
        from scorekeeper import games

        game = games.get(rules.game)
        tournament = Tournament(path, name, rules, ref)
        if game.seating is games.Seating.PLAYERS:
            if "players" not in doc or "teams" in doc or "groups" in doc:
                self.fail(f"{rules.name} is played by players: give 'players' (and no teams)", doc.line)
            tournament.players = self.names(doc["players"], "players", doc.line_of("players"))
        else:
            if "teams" not in doc or "players" in doc:
                self.fail(f"{rules.name} is played by teams: give 'teams' (and no players)", doc.line)
            tournament.teams = self.teams(doc["teams"], doc.line_of("teams"))
            tournament.groups = self.groups(doc.get("groups"), tournament.teams, doc.line_of("groups")
                                            if "groups" in doc else doc.line)
        planned = doc.get("planned_rounds")
        if planned is not None and (type(planned) is not int or not 1 <= planned <= MAX_ROUNDS):
            self.fail(f"planned_rounds: expected a whole number from 1 to {MAX_ROUNDS}, got {quote(planned)}",
                      doc.line_of("planned_rounds"))
        tournament.planned_rounds = planned
        rounds = doc.get("rounds") or []
        if not isinstance(rounds, list):
            self.fail(f"rounds: expected a list, got {quote(rounds)}", doc.line_of("rounds"))
        if len(rounds) > MAX_ROUNDS:
            self.fail(f"rounds: {len(rounds):,} rounds; at most {MAX_ROUNDS}", doc.line_of("rounds"))
        for number, item in enumerate(rounds, start=1):
            tournament.rounds.append(self.round(item, number, tournament))
        return tournament

    def teams(self, value, line) -> dict[str, list[str]]:
        if not isinstance(value, dict) or not value:
            self.fail(f"teams: expected a mapping of team to players, got {quote(value)}", line)
        teams = {}
        for team, members in value.items():
            if not isinstance(team, str):
                self.fail(f"teams: {quote(team)} is not a team name", value.line_of(team))
            teams[team] = self.names(members, f"team {team}", value.line_of(team), 10)
        self.names([*teams, *(p for members in teams.values() for p in members)], "teams", line)
        return teams

    def groups(self, value, teams: dict, line) -> dict[str, list[str]]:
        if value is None:
            return {"A": list(teams)}  # one group of every team
        if not isinstance(value, dict) or not value:
            self.fail(f"groups: expected a mapping of group to teams, got {quote(value)}", line)
        groups, seen = {}, set()
        for group, members in value.items():
            names = self.names(members, f"group {group}", value.line_of(group))
            for team in names:
                if team not in teams:
                    self.fail(f"group {group}: {quote(team)} is not one of the teams", value.line_of(group))
                if team in seen:
                    self.fail(f"group {group}: {quote(team)} is already in another group", value.line_of(group))
                seen.add(team)
            groups[str(group)] = names
        return groups

    def round(self, item, number: int, tournament: Tournament) -> Round:
        self.keys(item, ROUND_KEYS, f"round {number}")
        line = item.line
        stage = item.get("stage")
        if stage is not None and stage not in STAGES:
            self.fail(f"round {number}: stage: expected one of {', '.join(STAGES)}, got {quote(stage)}",
                      item.line_of("stage"))
        seed = item.get("seed")
        if seed is not None and type(seed) is not int:
            self.fail(f"round {number}: seed: expected a whole number, got {quote(seed)}", item.line_of("seed"))
        result = Round(number, stage=stage, seed=seed, line=line)
        everyone = set(tournament.players) or set(tournament.teams)
        for table in self.listed(item, "tables", number, MAX_TABLES):
            result.tables.append(self.table(table, number, everyone))
        for match in self.listed(item, "matches", number, MAX_TABLES):
            result.matches.append(self.match(match, number, tournament))
        if "byes" in item:
            result.byes = self.names(item["byes"] or [], f"round {number}: byes", item.line_of("byes"))
            self.known(result.byes, everyone, f"round {number}: byes", item.line_of("byes"))
        if "disqualified" in item:
            result.disqualified = self.names(item["disqualified"] or [], f"round {number}: disqualified",
                                             item.line_of("disqualified"))
            self.known(result.disqualified, everyone, f"round {number}: disqualified", item.line_of("disqualified"))
        for penalty in self.listed(item, "penalties", number, MAX_PLAYERS):
            result.penalties.append(self.penalty(penalty, number, everyone))
        return result

    def listed(self, item, key: str, number: int, limit: int) -> list:
        value = item.get(key) or []
        if not isinstance(value, list):
            self.fail(f"round {number}: {key}: expected a list, got {quote(value)}", item.line_of(key))
        if len(value) > limit:
            self.fail(f"round {number}: {key}: {len(value):,} items; at most {limit:,}", item.line_of(key))
        return value

    def known(self, names: list[str], everyone: set, what: str, line) -> None:
        for name in names:
            if name not in everyone:
                self.fail(f"{what}: {quote(name)} is not in the tournament", line)

    def sheet(self, item, what: str) -> str | None:
        sheet = item.get("sheet")
        if sheet is None:
            return None
        if not isinstance(sheet, str) or not sheet or "\0" in sheet or os.path.isabs(sheet) or \
                os.pardir in sheet.replace("\\", "/").split("/") or len(sheet) > 255:
            self.fail(f"{what}: sheet: expected a file name in the tournament's folder, got {quote(sheet)}",
                      item.line_of("sheet"))
        return sheet

    def table(self, item, number: int, everyone: set) -> Table:
        self.keys(item, TABLE_KEYS, f"round {number}: a table")
        label = item.get("table")
        if label is None or isinstance(label, (bool, float, list, dict)) or len(str(label)) > MAX_NAME:
            self.fail(f"round {number}: a table needs its number (table: N), got {quote(label)}", item.line)
        what = f"round {number}, table {label}"
        players = self.names(item["players"], f"{what}: players", item.line_of("players"), 10) \
            if "players" in item else []
        self.known(players, everyone, f"{what}: players", item.line_of("players") if players else item.line)
        absent = self.names(item["absent"], f"{what}: absent", item.line_of("absent"), 10) if "absent" in item else []
        for name in absent:
            if name not in players:
                self.fail(f"{what}: absent: {quote(name)} is not one of the table's players", item.line_of("absent"))
        sheet = self.sheet(item, what)
        if sheet is None and not players:
            self.fail(f"{what}: give its sheet, or its players", item.line)
        return Table(label, players, sheet, absent, item.line)

    def match(self, item, number: int, tournament: Tournament) -> Match:
        self.keys(item, MATCH_KEYS, f"round {number}: a match")
        what = f"round {number}: a match"
        teams = self.names(item["teams"], f"{what}: teams", item.line_of("teams"), 2) if "teams" in item else []
        self.known(teams, set(tournament.teams), f"{what}: teams", item.line_of("teams") if teams else item.line)
        group = item.get("group")
        if group is not None and str(group) not in tournament.groups:
            self.fail(f"{what}: group {quote(group)} is not one of {', '.join(tournament.groups)}",
                      item.line_of("group"))
        sheet = self.sheet(item, what)
        if sheet is None and len(teams) != 2:
            self.fail(f"{what}: give its sheet, or its two teams", item.line)
        return Match(teams, sheet, None if group is None else str(group), item.line)

    def penalty(self, item, number: int, everyone: set) -> Penalty:
        self.keys(item, PENALTY_KEYS, f"round {number}: a penalty")
        player, points, article = item.get("player"), item.get("points"), item.get("article")
        if player not in everyone:
            self.fail(f"round {number}: penalty: {quote(player)} is not in the tournament", item.line)
        if isinstance(points, bool) or not isinstance(points, (int, float)) or abs(points) > 1000:
            self.fail(f"round {number}: penalty: points: expected a number, got {quote(points)}",
                      item.line_of("points") if "points" in item else item.line)
        if not isinstance(article, str) or not article or len(article) > MAX_NAME:
            self.fail(f"round {number}: penalty: article: which article? (e.g. Art 14)", item.line)
        return Penalty(player, float(points), article, item.line)


def sheet_path(tournament: Tournament, sheet: str) -> str:
    """Where a sheet named in the tournament file is: beside the file."""
    return os.path.join(os.path.dirname(tournament.source), sheet)
