"""`season receive` when the list cannot be worked out after it (another union's event file gone):
the report holds the refusal itself (core.season_exchange.ReceiveReport.unranked), a tournament
file's refusal as data, and output/season_news_text says it in the caller's language, not in
the one spoken when the bundle was received (issue 26, point 1)."""

from __future__ import annotations

import shutil

from conftest import run
from season_maker import make_season

from scorekeeper import i18n
from scorekeeper.core import season_exchange
from scorekeeper.output.season_news_text import received_lines
from scorekeeper.tournaments.tournament_file import TournamentFormatError

UNIONS = {"norte": 12, "centro": 8, "sul-e-ilhas": 16}


def test_a_list_not_compared_says_the_tournament_files_refusal_in_the_callers_words(tmp_path):
    sender = make_season(tmp_path / "sender", UNIONS)
    receiver = make_season(tmp_path / "receiver", UNIONS)
    shutil.rmtree(receiver.parent / "norte")  # Norte's part has not arrived: its bundle brings it
    (receiver.parent / "registry/norte.yaml").unlink()
    event = receiver.parent / "sul-e-ilhas/e1/torneio.yaml"
    event.unlink()  # and Sul e Ilhas's event file is gone: the list cannot be worked out after
    assert run("season", "bundle", sender, "--union", "norte", "-o", tmp_path / "norte.zip").exit_code == 0
    with i18n.speaking("en"):
        report = season_exchange.receive(str(receiver), str(tmp_path / "norte.zip"))
    assert isinstance(report.unranked, TournamentFormatError) and report.unranked.source == str(event)
    said = {}
    for language in ("en", "pt_PT", "pt_BR"):
        with i18n.speaking(language):
            said[language] = received_lines(report)[1]
    assert said == {
        "en": f"The list could not be compared: {event}: no such file",
        "pt_PT": f"Não foi possível comparar a lista: {event}: o ficheiro não existe",
        "pt_BR": f"Não foi possível comparar a lista: {event}: o arquivo não existe",
    }
