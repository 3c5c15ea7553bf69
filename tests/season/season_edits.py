"""Edits of the season maker's season that the season's tests share: a member added to a
registry, a name changed in a registry, a player replaced in an event by an Art 7 substitute,
a penalty, lines added to the season file."""

from __future__ import annotations

import pathlib

from season_maker import make_season

UNIONS = {"norte": 12, "centro": 8, "sul-e-ilhas": 16}
AGREED = "agreements:\n  - {date: 2027-04-01, size: 16, quotas: {norte: 6, centro: 4, sul-e-ilhas: 6}}\n"


def season(folder, **options) -> pathlib.Path:
    """The maker's season of Norte 12, Centro 8 and Sul e Ilhas 16 players, N0002 lapsed (TN8)."""
    options.setdefault("lapsed", ("N0002",))
    return make_season(pathlib.Path(folder), dict(UNIONS), **options)


def add_to_season(path: pathlib.Path, text: str) -> pathlib.Path:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
    return path


def add_member(path: pathlib.Path, union: str, line: str) -> None:
    """A member's flow line (`{id: ..., name: ..., membership: [...]}`) added to a registry."""
    registry = path.parent / "registry" / f"{union}.yaml"
    registry.write_text(registry.read_text(encoding="utf-8") + f"  - {line}\n", encoding="utf-8")


def edit_registry(path: pathlib.Path, union: str, old: str, new: str) -> None:
    registry = path.parent / "registry" / f"{union}.yaml"
    text = registry.read_text(encoding="utf-8")
    assert old in text
    registry.write_text(text.replace(old, new), encoding="utf-8")


def substitute_from_round_one(path: pathlib.Path, union: str, old: str, new: str) -> None:
    """King Art 7 (TN6): `new` takes `old`'s seat from the first game: every table and sheet of
    the event names `new` where it named `old`, and the file records the substitute."""
    folder = path.parent / union / "e1"
    for sheet in folder.glob("r*-mesa*.yaml"):
        sheet.write_text(sheet.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    event = folder / "torneio.yaml"
    players_line, rest = event.read_text(encoding="utf-8").split("\nrounds:\n", 1)
    players_line = players_line.replace("]", f", {new}]", 1) if players_line.endswith("]") else players_line
    text = players_line + f"\nsubstitutes: {{{new}: {{for: {old}, round: 1}}}}\nrounds:\n" + rest.replace(old, new)
    event.write_text(text, encoding="utf-8")


def penalise(path: pathlib.Path, union: str, player: str, points: float = -2.5) -> None:
    """TN1 (Art 14): a spectator's denunciation, written on the event's first round."""
    event = path.parent / union / "e1" / "torneio.yaml"
    text = event.read_text(encoding="utf-8")
    first_round_end = text.index("\n  - tables:", text.index("  - tables:") + 1)
    penalty = f"\n    penalties: [{{player: {player}, points: {points}, article: Art 14}}]"
    event.write_text(text[:first_round_end] + penalty + text[first_round_end:], encoding="utf-8")
