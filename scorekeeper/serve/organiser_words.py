"""What the organiser's pages (the tables, the standings, the draw, the printable links) say,
in the language in use: a table's state in the game's words (a match or a game, in play and how
far), a real error with its code and article, a tournament's finding as the table it is about,
the standings' deciding criterion in words (never its key), and what a draw says."""

from __future__ import annotations

from scorekeeper import games
from scorekeeper.i18n import N_, _, in_words, ngettext
from scorekeeper.output.sheet_text import counted
from scorekeeper.output.tournament_text import POINTS, decided_by_words

# A criterion `decided_by` keeps as the key its JSON writes, said in words on a page (the command
# line's table keeps the key, which its CSV and the docs show); a criterion of points of some
# kind (`<what>_points`) is said by output.tournament_text's POINTS, its game by the game's title.
_KEYED_CRITERIA = {"best_round": N_("best round")}


def is_match(game: games.Game) -> bool:
    """A table plays a match when its game is a race won by a count of games (Truco's games,
    T4; Sueca's mocas, Vencedor 1): the game counts a unit of its own (totals_word)."""
    return game.totals_word is not None


def in_play_words(game: games.Game, result, progress: tuple[int, int] | None, entries: int) -> str:
    """A table being played: how far ("hand 7 of 10"), or the score of a race ("2 mocas to 1"),
    or its entries."""
    if progress is not None:
        return _("in play: {progress}").format(progress=game.progress_words(*progress))
    totals = list(result.totals.values())
    if game.totals_word is not None and len(totals) == 2:
        first, second = totals
        score = _("{first} to {second}").format(first=counted(first, game.totals_word), second=second)
        return _("in play: {score}").format(score=score)
    return _("in play: {entries}").format(entries=counted(entries, game.entry_word))


def complete_words(game: games.Game, result) -> str:
    """A table whose sheet is whole and clean: its match won by a team, or its game over."""
    winner = result.extra.get("winner") if isinstance(result.extra, dict) else None
    if is_match(game):
        if winner:
            return _("match over, won by {winner}").format(winner=winner)
        return _("match over")
    return _("game over")


def not_started_words(game: games.Game) -> str:
    return _("match not started") if is_match(game) else _("game not started")


def error_words(finding) -> str:
    """A table's error (a finding of its sheet): its message, code and article."""
    return _("error: {message} ({code}, {rule})").format(
        message=in_words(finding.message), code=finding.code, rule=finding.rule
    )


def unusable_words(message: str) -> str:
    return _("the sheet cannot be read: {message}").format(message=message)


def pending_words(where: str, meaning: str, code: str, rule: str) -> str:
    """A tournament's finding the standings wait on: which table, what, its code and article."""
    return _("{where}: {meaning} ({code}, {rule})").format(where=where, meaning=meaning, code=code, rule=rule)


def table_words(number) -> str:
    return _("Table {number}").format(number=number)


def round_table_words(round_number, number) -> str:
    return _("Round {round}, table {number}").format(round=round_number, number=number)


def decided_words(value: str | None, game: games.Game) -> str:
    """A standings row's deciding criterion in words (a key the JSON keeps, said): the points
    named after a game by its title ("King points"), never `king_points`."""
    if value in _KEYED_CRITERIA:
        return _(_KEYED_CRITERIA[value])
    if value and value.endswith(POINTS) and " " not in value:
        what = value[: -len(POINTS)]
        return _("{what} points").format(what=game.title if what == game.name else what.replace("_", " "))
    return decided_by_words(value, game)


def provisional_words(count: int) -> str:
    return ngettext("provisional: {count} table in play", "provisional: {count} tables in play", count).format(
        count=count
    )


def playing_words(number) -> str:
    """The mark of a player (or team) whose table is in play: his place may still change."""
    return _("in play at table {number}").format(number=number)


def drawn_words(number: int, count: int) -> str:
    return ngettext("Round {number} drawn: {count} table.", "Round {number} drawn: {count} tables.", count).format(
        number=number, count=count
    )


def already_drawn_words(number: int) -> str:
    """The draw's form sent again (reloaded, or after Back): the round it drew, not a refusal."""
    return _("Round {number} was already drawn; nothing changed. Its tables and links:").format(number=number)


def round_tables_words(number: int) -> str:
    return _("Round {number}: its tables and links.").format(number=number)


def byes_words(names: list[str]) -> str:
    return ngettext("Bye: {names}", "Byes: {names}", len(names)).format(names=", ".join(names))


def draw_refused_words(tournament) -> str:
    """Why the next round cannot be drawn, in the pad's words (the command line's `--force`
    is not the pad's to offer: TN2 draws a round after a complete and clean one)."""
    planned = tournament.planned_rounds
    if planned is not None and len(tournament.rounds) >= planned:
        return _("Round {number} was the last planned round: the pad draws no other.").format(number=planned)
    return _(
        "Round {number} is not complete and clean yet: the next round is drawn when every table's sheet is."
    ).format(number=tournament.rounds[-1].number if tournament.rounds else 0)


def organiser_words() -> dict[str, str]:
    """The headings and labels of the organiser's pages."""
    return {
        "players": _("Players"),
        "number": _("Table"),
        "problems": _("To look at"),
        "provisional_note": _("The tables in play are not counted yet: the places of their players may still change."),
        "final": _("Every table of the round is counted."),
        "new_round": _("The new round's tables"),
        "print_links": _("Print these links"),
        "scan": _("Scan to score this table"),
    }
