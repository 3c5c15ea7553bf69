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
`penalties: [{player: NAME, points: -2.5, article: Art 14}]`, the `seed` it was drawn with and the
steps of its draw's `search`.
The changes of the day (TN6) of a players' game: `withdrawn: {Gil: 3}` (drawn no more from round
3), `entered: {Rui: 3}` (a late entry, drawn from round 3), `substitutes: {Zeca: {for: Gil,
round: 3}}` (King Art 7: Zeca takes Gil's seat from round 3, with a standing of his own) and
`entries_until: 4` (Quatrilho Art 5: no late entry drawn after round 4).
Sheet paths are relative to the file and stay inside its folder (a tournament file may come
from someone else, like a sheet's `rules:`).
"""

from __future__ import annotations

import datetime
import os
from typing import NoReturn

from scorekeeper import games
from scorekeeper.errors import MAX_NAME, RefusalWords, RulesError, SheetFormatError, quoted
from scorekeeper.i18n import M_, Grouped, Joined
from scorekeeper.names import name_refusal, text_refusal
from scorekeeper.rulebook import registry
from scorekeeper.sheet.file_access import read_regular
from scorekeeper.sheet.yaml_lines import MAX_FILE_BYTES, LineDict, header_text, loads
from scorekeeper.tournaments.model import Match, Penalty, Round, Table, Tournament

TOP_KEYS = (
    "tournament",
    "rules",
    "date",
    "starts",
    "registry",
    "players",
    "teams",
    "groups",
    "planned_rounds",
    "withdrawn",
    "entered",
    "substitutes",
    "entries_until",
    "rounds",
    "notes",
)
DAY_KEYS = ("withdrawn", "entered", "substitutes", "entries_until")  # TN6: a players' game's changes of the day
ROUND_KEYS = ("stage", "seed", "search", "tables", "matches", "byes", "without", "penalties", "disqualified", "notes")
TABLE_KEYS = ("table", "players", "sheet", "absent", "notes")
MATCH_KEYS = ("group", "teams", "sheet", "notes")
PENALTY_KEYS = ("player", "points", "article")
STAGES = ("group", "semi", "final", "negra", "extra")  # extra: Quatrilho Art 23's round from the 41st on
MAX_PLAYERS = 2000  # a national championship has a few hundred players
MAX_ROUNDS = 200
MAX_TABLES = 1000
MAX_SHEETS = 2500  # sheets a file names in all (each read by every command): 2,000 players over five rounds
MAX_TEAM = 10  # names at a table, or in a team: a table seats 4 or 5, a team 2
MAX_REGISTRIES = 10  # a registry per organising union: the King season has three (Art 1)


class TournamentFormatError(SheetFormatError):
    """A tournament file that cannot be used, at its line."""


def load(path: str) -> Tournament:
    """Read and validate a tournament file; TournamentFormatError at the line of what is wrong."""
    return parse(read_tournament_text(path), path)


def read_tournament_text(path: str, name: str | None = None) -> str:
    """The text of a tournament file: a regular file of at most MAX_FILE_BYTES (2,000 players
    over 34 rounds of tables fit in 1 MiB), UTF-8 with no NUL; refused naming the file as `name`
    (default: `path`; the draw reads the real path it locked, and names the file as typed)."""
    name = name or path
    try:
        raw = read_regular(path, MAX_FILE_BYTES, TournamentFormatError)
    except TournamentFormatError as exc:
        raise TournamentFormatError(exc.message, name, exc.line) from None
    if len(raw) > MAX_FILE_BYTES:
        raise TournamentFormatError(
            M_("larger than {size} KiB: too large for a tournament file", size=MAX_FILE_BYTES // 1024), name
        )
    if b"\0" in raw:
        raise TournamentFormatError(M_("is a binary file, not YAML text"), name)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TournamentFormatError(M_("is not UTF-8 text"), name, raw[: exc.start].count(b"\n") + 1) from None


def parse(text: str, path: str) -> Tournament:
    """A tournament file's text, validated as `load` does (`path` names it and its folder, where
    its rules and sheets are): what `tournament new` writes is read back with this first."""
    doc = loads(text, path, TournamentFormatError)
    if not isinstance(doc, LineDict) or "tournament" not in doc:
        raise TournamentFormatError(
            M_("not a tournament file: expected a mapping with 'tournament', 'rules' and 'players' or 'teams'"),
            path,
            getattr(doc, "line", 1),
        )
    reader = _Reader(path, doc)
    return reader.tournament()


class _Reader:
    def __init__(self, path: str, doc):
        self.path, self.doc = path, doc
        self.good: set[str] = set()  # names that passed the name rule

    def fail(self, message: RefusalWords, line) -> NoReturn:
        raise TournamentFormatError(message, self.path, line)

    def keys(self, item, allowed: tuple[str, ...], what: RefusalWords) -> None:
        if not isinstance(item, LineDict):
            self.fail(
                M_("{what}: expected a mapping, got {value}", what=what, value=quoted(item)),
                getattr(item, "line", None),
            )
        for key in item:
            if key not in allowed:
                self.fail(
                    M_(
                        "{what}: unknown key {key}; allowed: {allowed}",
                        what=what,
                        key=quoted(key),
                        allowed=", ".join(allowed),
                    ),
                    item.line_of(key),
                )

    def names(self, value, what: RefusalWords, line, limit: int = MAX_PLAYERS) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(n, str) and n.strip() for n in value):
            self.fail(M_("{what}: expected a list of names, got {value}", what=what, value=quoted(value)), line)
        if len(value) > limit:
            self.fail(
                M_("{what}: {count} names; at most {most}", what=what, count=Grouped(len(value)), most=Grouped(limit)),
                line,
            )
        for index, name in enumerate(value):
            if name in self.good:
                continue  # a name read already (each player is named at a table every round)
            problem = name_refusal(name)  # the one rule: what tournament new and every loader refuse
            if problem is None:
                self.good.add(name)
            else:
                self.fail(
                    M_("{what}: {problem}", what=what, problem=problem),
                    value.line_of(index) if hasattr(value, "line_of") else line,
                )
        if len(set(value)) != len(value):
            twice = next(n for n in value if value.count(n) > 1)
            self.fail(M_("{what}: {name} is named twice", what=what, name=quoted(twice)), line)
        return list(value)

    def tournament(self) -> Tournament:
        """The whole file, read in the order a reader meets it: its name, its rules, who plays,
        the changes of the day, the rounds planned and the rounds played."""
        doc, path = self.doc, self.path
        self.keys(doc, TOP_KEYS, M_("tournament file"))
        name = self.event_name()
        ref, rules = self.rules()
        tournament = Tournament(path, name, rules, ref)
        self.entrants(tournament)
        self.where_named(tournament)
        self.registration(tournament)
        tournament.planned_rounds = self.planned_rounds()
        self.rounds(tournament)
        return tournament

    def event_name(self) -> str:
        """The tournament's name: it heads every sheet the draw writes (event:) and the workbook's pages."""
        doc = self.doc
        name = header_text(doc, "tournament", self.path) or ""
        problem = text_refusal(name)
        if problem is not None:
            self.fail(M_("tournament: {problem}", problem=problem), doc.line_of("tournament"))
        return name

    def rules(self) -> tuple[str, games.Rules]:
        """The file's `rules:` as written, and the rules it names: shipped, or a house rule file
        in the tournament's own folder (a tournament command has no --rules)."""
        doc = self.doc
        ref = doc.get("rules")
        if not isinstance(ref, str):
            self.fail(
                M_("rules: which game's rules? (one of {names})", names=", ".join(registry.rules_names())),
                doc.line_of("rules") if "rules" in doc else doc.line,
            )
        try:
            return ref, registry.find(ref, os.path.dirname(self.path))
        except RulesError as exc:
            if exc.source is None and registry.looks_like_path(ref):
                self.fail(
                    M_(
                        "rules: a tournament file may only name a rule file in its own folder; put {ref} beside "
                        "it, or name shipped rules ({names})",
                        ref=quoted(ref),
                        names=", ".join(registry.rules_names()),
                    ),
                    doc.line_of("rules"),
                )
            if exc.source is None:
                self.fail(M_("rules: {problem}", problem=exc.message), doc.line_of("rules"))
            raise

    def entrants(self, tournament: Tournament) -> None:
        """Who plays, as the game seats them (players, or teams and their groups), and, for a
        players' game, the changes of the day (TN6), which a team game has none of."""
        doc, rules = self.doc, tournament.rules
        if games.get(rules.game).seating is games.Seating.PLAYERS:
            if "players" not in doc or "teams" in doc or "groups" in doc:
                self.fail(M_("{rules} is played by players: give 'players' (and no teams)", rules=rules.name), doc.line)
            tournament.players = self.names(doc["players"], "players", doc.line_of("players"))
        else:
            if "teams" not in doc or "players" in doc:
                self.fail(M_("{rules} is played by teams: give 'teams' (and no players)", rules=rules.name), doc.line)
            tournament.teams = self.teams(doc["teams"], doc.line_of("teams"))
            tournament.groups = self.groups(
                doc.get("groups"), tournament.teams, doc.line_of("groups") if "groups" in doc else doc.line
            )
        if tournament.players:
            self.day_changes(doc, tournament)
        elif any(key in doc for key in DAY_KEYS):
            key = next(key for key in DAY_KEYS if key in doc)
            self.fail(
                M_(
                    "{key}: a change of the day of a players' game; {rules} is played by teams",
                    key=key,
                    rules=rules.name,
                ),
                doc.line_of(key),
            )

    def where_named(self, tournament: Tournament) -> None:
        """The line where each entrant is first written: a player's in `players:` (a substitute
        or late entry is one of them), a team player's at his team's line."""
        doc, lines = self.doc, tournament.name_lines
        players, teams = doc.get("players"), doc.get("teams")
        for index, name in enumerate(tournament.players):
            lines.setdefault(name, players.line_of(index) if hasattr(players, "line_of") else doc.line)
        for team, members in tournament.teams.items():
            for name in members:
                lines.setdefault(name, teams.line_of(team) if hasattr(teams, "line_of") else doc.line)

    def registration(self, tournament: Tournament) -> None:
        """Who may play (King Art 2, Truco Art 1): the registries named (`registry:`, file names
        in the tournament's folder or below, as its sheets are: the file may come from someone
        else), the event's day (`date:`, required with a registry: eligibility is on a day) and
        the season's start (`starts:`, on or before it; RULINGS TN8)."""
        doc = self.doc
        tournament.date, tournament.date_line = self.day("date"), doc.line_of("date") if "date" in doc else None
        tournament.starts = self.day("starts")
        tournament.starts_line = doc.line_of("starts") if "starts" in doc else None
        if "registry" not in doc:
            if tournament.starts is not None:
                self.fail(
                    M_("starts: the season's start is read only with a registry (registry: [FILE])"),
                    doc.line_of("starts"),
                )
            return
        line = doc.line_of("registry")
        value = doc["registry"]
        files = [value] if isinstance(value, str) else value
        if not isinstance(files, list) or not files or len(files) > MAX_REGISTRIES:
            self.fail(
                M_(
                    "registry: expected a list of at most {most} registry files, got {value}",
                    most=MAX_REGISTRIES,
                    value=quoted(value),
                ),
                line,
            )
        for name in files:
            if not _folder_file(name):
                self.fail(
                    M_("registry: expected a file name in the tournament's folder, got {value}", value=quoted(name)),
                    line,
                )
        if len(set(files)) != len(files):
            self.fail(M_("registry: a file is named twice"), line)
        if tournament.date is None:
            self.fail(M_("date: a tournament that names a registry needs the event's day (date: YYYY-MM-DD)"), line)
        if tournament.starts is not None and tournament.starts > tournament.date:
            self.fail(
                M_(
                    "starts: the season's start {starts} is after the event's day {date}",
                    starts=tournament.starts.isoformat(),
                    date=tournament.date.isoformat(),
                ),
                tournament.starts_line,
            )
        tournament.registry, tournament.registry_line = list(files), line

    def day(self, key: str) -> datetime.date | None:
        """A date key (`date:`, `starts:`): a day as YAML writes one (a day that does not exist is
        refused by the reader)."""
        value = self.doc.get(key)
        if value is None:
            return None
        if isinstance(value, datetime.datetime) or not isinstance(value, datetime.date):
            self.fail(
                M_("{key}: expected a date (YYYY-MM-DD), got {value}", key=key, value=quoted(value)),
                self.doc.line_of(key),
            )
        return value

    def planned_rounds(self) -> int | None:
        """How many rounds the draws plan for (TN2), when the file says."""
        planned = self.doc.get("planned_rounds")
        if planned is not None and (type(planned) is not int or not 1 <= planned <= MAX_ROUNDS):
            self.fail(
                M_(
                    "planned_rounds: expected a whole number from 1 to {most}, got {value}",
                    most=MAX_ROUNDS,
                    value=quoted(planned),
                ),
                self.doc.line_of("planned_rounds"),
            )
        return planned

    def rounds(self, tournament: Tournament) -> None:
        """The rounds played, in order, and the sheets they name in all bounded (MAX_SHEETS)."""
        doc = self.doc
        rounds = doc.get("rounds") or []
        tournament.rounds_line = doc.line_of("rounds")
        if not isinstance(rounds, list):
            self.fail(M_("rounds: expected a list, got {value}", value=quoted(rounds)), doc.line_of("rounds"))
        if len(rounds) > MAX_ROUNDS:
            self.fail(
                M_("rounds: {count} rounds; at most {most}", count=Grouped(len(rounds)), most=MAX_ROUNDS),
                doc.line_of("rounds"),
            )
        named = 0
        for number, item in enumerate(rounds, start=1):
            round_ = self.round(item, number, tournament)
            tournament.rounds.append(round_)
            played_at: list[Table | Match] = [*round_.tables, *round_.matches]
            for played in played_at:
                named += played.sheet is not None
                if named > MAX_SHEETS:  # each is read by every command: the work is bounded here
                    self.fail(
                        M_(
                            "rounds: more than {most} sheets; a tournament file names at most {most}",
                            most=Grouped(MAX_SHEETS),
                        ),
                        played.line,
                    )

    def round_number(self, value, what: RefusalWords, line) -> int:
        if type(value) is not int or not 1 <= value <= MAX_ROUNDS:
            self.fail(
                M_(
                    "{what}: expected a round number from 1 to {most}, got {value}",
                    what=what,
                    most=MAX_ROUNDS,
                    value=quoted(value),
                ),
                line,
            )
        return value

    def day_changes(self, doc, tournament: Tournament) -> None:
        """TN6's keys: each name one of the players, each round a round number."""
        everyone = set(tournament.players)
        for key in ("withdrawn", "entered"):
            value = doc.get(key)
            if value is None:
                continue
            if not isinstance(value, LineDict):
                self.fail(
                    M_("{key}: expected a mapping of player to round, got {value}", key=key, value=quoted(value)),
                    doc.line_of(key),
                )
            names = self.names(list(value), key, doc.line_of(key))
            self.known(names, everyone, key, doc.line_of(key))
            getattr(tournament, key).update(
                {name: self.round_number(value[name], f"{key}: {name}", value.line_of(name)) for name in names}
            )
        value = doc.get("substitutes")
        if value is not None:
            if not isinstance(value, LineDict):
                self.fail(
                    M_(
                        "substitutes: expected a mapping of substitute to {{for: PLAYER, round: N}}, got {value}",
                        value=quoted(value),
                    ),
                    doc.line_of("substitutes"),
                )
            for new in self.names(list(value), "substitutes", doc.line_of("substitutes")):
                item, line = value[new], value.line_of(new)
                what = f"substitutes: {new}"
                self.keys(item, ("for", "round"), what)
                old = item.get("for")
                if old not in everyone or old == new or new in tournament.entered:
                    self.fail(
                        M_(
                            "{what}: for: whose seat? (another of the players, got {value})",
                            what=what,
                            value=quoted(old),
                        ),
                        line,
                    )
                tournament.substitutes[new] = (old, self.round_number(item.get("round"), what, line))
        if "entries_until" in doc:
            tournament.entries_until = self.round_number(
                doc["entries_until"], "entries_until", doc.line_of("entries_until")
            )

    def teams(self, value, line) -> dict[str, list[str]]:
        if not isinstance(value, LineDict) or not value:
            self.fail(M_("teams: expected a mapping of team to players, got {value}", value=quoted(value)), line)
        teams = {}
        for team, members in value.items():
            if not isinstance(team, str):
                self.fail(M_("teams: {team} is not a team name", team=quoted(team)), value.line_of(team))
            teams[team] = self.names(members, M_("team {team}", team=team), value.line_of(team), MAX_TEAM)
        self.names([*teams, *(p for members in teams.values() for p in members)], "teams", line)
        return teams

    def groups(self, value, teams: dict, line) -> dict[str, list[str]]:
        if value is None:
            return {"A": list(teams)}  # one group of every team
        if not isinstance(value, LineDict) or not value:
            self.fail(M_("groups: expected a mapping of group to teams, got {value}", value=quoted(value)), line)
        groups, seen = {}, set()
        for group, members in value.items():
            problem = name_refusal(str(group))  # a group is named in the draw's lines, as a team is
            if problem is not None:
                self.fail(M_("groups: {problem}", problem=problem), value.line_of(group))
            names = self.names(members, M_("group {group}", group=group), value.line_of(group))
            for team in names:
                if team not in teams:
                    self.fail(
                        M_("group {group}: {team} is not one of the teams", group=group, team=quoted(team)),
                        value.line_of(group),
                    )
                if team in seen:
                    self.fail(
                        M_("group {group}: {team} is already in another group", group=group, team=quoted(team)),
                        value.line_of(group),
                    )
                seen.add(team)
            groups[str(group)] = names
        return groups

    def round(self, item, number: int, tournament: Tournament) -> Round:
        round_what = M_("round {number}", number=number)
        self.keys(item, ROUND_KEYS, round_what)
        line = item.line
        stage = item.get("stage")
        if stage is not None and stage not in STAGES:
            self.fail(
                M_(
                    "round {number}: stage: expected one of {stages}, got {value}",
                    number=number,
                    stages=", ".join(STAGES),
                    value=quoted(stage),
                ),
                item.line_of("stage"),
            )
        seed = item.get("seed")
        if seed is not None and type(seed) is not int:
            self.fail(
                M_("round {number}: seed: expected a whole number, got {value}", number=number, value=quoted(seed)),
                item.line_of("seed"),
            )
        search = item.get("search")  # the steps the draw's search took (TN2: the round is drawn again from both)
        if search is not None and (type(search) is not int or search < 0):
            self.fail(
                M_(
                    "round {number}: search: expected a whole number of steps, got {value}",
                    number=number,
                    value=quoted(search),
                ),
                item.line_of("search"),
            )
        result = Round(number, stage=stage, seed=seed, search=search, line=line)
        everyone = set(tournament.players) or set(tournament.teams)
        for table in self.listed(item, "tables", number, MAX_TABLES):
            result.tables.append(self.table(table, number, everyone))
        for match in self.listed(item, "matches", number, MAX_TABLES):
            result.matches.append(self.match(match, number, tournament))
        if "byes" in item:  # a key of the file: the location says it as the file does
            result.byes = self.names(item["byes"] or [], _said(round_what, "byes"), item.line_of("byes"))
            self.known(result.byes, everyone, _said(round_what, "byes"), item.line_of("byes"))
        if "without" in item:  # an extra round (Art 23): those the cut left out who chose not to play it
            result.without = self.names(item["without"] or [], _said(round_what, "without"), item.line_of("without"))
            self.known(result.without, everyone, _said(round_what, "without"), item.line_of("without"))
        if "disqualified" in item:
            result.disqualified = self.names(
                item["disqualified"] or [], _said(round_what, "disqualified"), item.line_of("disqualified")
            )
            self.known(result.disqualified, everyone, _said(round_what, "disqualified"), item.line_of("disqualified"))
        for penalty in self.listed(item, "penalties", number, MAX_PLAYERS):
            result.penalties.append(self.penalty(penalty, number, everyone))
        return result

    def listed(self, item, key: str, number: int, limit: int) -> list:
        value = item.get(key) or []
        if not isinstance(value, list):
            self.fail(
                M_("round {number}: {key}: expected a list, got {value}", number=number, key=key, value=quoted(value)),
                item.line_of(key),
            )
        if len(value) > limit:
            self.fail(
                M_(
                    "round {number}: {key}: {count} items; at most {most}",
                    number=number,
                    key=key,
                    count=Grouped(len(value)),
                    most=Grouped(limit),
                ),
                item.line_of(key),
            )
        return value

    def known(self, names: list[str], everyone: set, what: RefusalWords, line) -> None:
        for name in names:
            if name not in everyone:
                self.fail(M_("{what}: {name} is not in the tournament", what=what, name=quoted(name)), line)

    def sheet(self, item, what: RefusalWords) -> str | None:
        sheet = item.get("sheet")
        if sheet is None:
            return None
        if not _folder_file(sheet):
            self.fail(
                M_(
                    "{what}: sheet: expected a file name in the tournament's folder, got {value}",
                    what=what,
                    value=quoted(sheet),
                ),
                item.line_of("sheet"),
            )
        return sheet

    def table(self, item, number: int, everyone: set) -> Table:
        self.keys(item, TABLE_KEYS, M_("round {number}: a table", number=number))
        label = item.get("table")
        if label is None or isinstance(label, (bool, float, list, dict)) or len(str(label)) > MAX_NAME:
            self.fail(
                M_(
                    "round {number}: a table needs its number (table: N), got {value}",
                    number=number,
                    value=quoted(label),
                ),
                item.line,
            )
        problem = text_refusal(str(label))
        if problem is not None:
            self.fail(M_("round {number}: table: {problem}", number=number, problem=problem), item.line_of("table"))
        what = M_("round {number}, table {table}", number=number, table=label)
        players = (
            self.names(item["players"], _said(what, "players"), item.line_of("players"), MAX_TEAM)
            if "players" in item
            else []
        )
        self.known(players, everyone, _said(what, "players"), item.line_of("players") if players else item.line)
        absent = (
            self.names(item["absent"], _said(what, "absent"), item.line_of("absent"), MAX_TEAM)
            if "absent" in item
            else []
        )
        for name in absent:
            if name not in players:
                self.fail(
                    M_("{what}: absent: {name} is not one of the table's players", what=what, name=quoted(name)),
                    item.line_of("absent"),
                )
        sheet = self.sheet(item, what)
        if sheet is None and not players:
            self.fail(M_("{what}: give its sheet, or its players", what=what), item.line)
        return Table(label, players, sheet, absent, item.line)

    def match(self, item, number: int, tournament: Tournament) -> Match:
        what = M_("round {number}: a match", number=number)
        self.keys(item, MATCH_KEYS, what)
        teams = self.names(item["teams"], _said(what, "teams"), item.line_of("teams"), 2) if "teams" in item else []
        self.known(teams, set(tournament.teams), _said(what, "teams"), item.line_of("teams") if teams else item.line)
        group = item.get("group")
        if group is not None and str(group) not in tournament.groups:
            self.fail(
                M_(
                    "{what}: group {group} is not one of {groups}",
                    what=what,
                    group=quoted(group),
                    groups=", ".join(tournament.groups),
                ),
                item.line_of("group"),
            )
        sheet = self.sheet(item, what)
        if sheet is None and len(teams) != 2:
            self.fail(M_("{what}: give its sheet, or its two teams", what=what), item.line)
        return Match(teams, sheet, None if group is None else str(group), item.line)

    def penalty(self, item, number: int, everyone: set) -> Penalty:
        self.keys(item, PENALTY_KEYS, M_("round {number}: a penalty", number=number))
        player, points, article = item.get("player"), item.get("points"), item.get("article")
        if player not in everyone:
            self.fail(
                M_("round {number}: penalty: {player} is not in the tournament", number=number, player=quoted(player)),
                item.line,
            )
        if isinstance(points, bool) or not isinstance(points, (int, float)) or abs(points) > 1000:
            self.fail(
                M_(
                    "round {number}: penalty: points: expected a number, got {value}",
                    number=number,
                    value=quoted(points),
                ),
                item.line_of("points") if "points" in item else item.line,
            )
        if not isinstance(article, str) or not article or len(article) > MAX_NAME:
            self.fail(M_("round {number}: penalty: article: which article? (e.g. Art 14)", number=number), item.line)
        problem = text_refusal(article)
        if problem is not None:
            self.fail(
                M_("round {number}: penalty: article: {problem}", number=number, problem=problem),
                item.line_of("article"),
            )
        return Penalty(player, float(points), article, item.line)


def _said(what: RefusalWords, key: str) -> Joined:
    """`what: key` (`round 2: byes`), the key as the file writes it, `what` said by the caller."""
    return Joined((what, key), ": ")


def _folder_file(name) -> bool:
    """Whether `name` is a file name inside the tournament's folder as written: relative, with no
    `..` (a sheet's, a registry's: a tournament file may come from someone else)."""
    return (
        isinstance(name, str)
        and bool(name)
        and "\0" not in name
        and not os.path.isabs(name)
        and os.pardir not in name.replace("\\", "/").split("/")
        and len(name) <= 255
    )


def sheet_path(tournament: Tournament, sheet: str) -> str:
    """Where a sheet named in the tournament file is: beside the file."""
    return os.path.join(os.path.dirname(tournament.source), sheet)
