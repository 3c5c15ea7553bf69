"""Two tables served at the same moment, each in its own language (issue 26, point 1): the
language is the request's (i18n.speaking, a context variable), and no lock is shared by the
whole server, only each table's own (serve/per_request.locked). Two threads, each with its own
client of the real app, meet at a barrier inside the core call while each holds its table's
lock and speaks its language: a server-wide lock would keep the second out and break the
barrier; a process-wide language would put one page's words into the other."""

from __future__ import annotations

import re
import threading

import pytest
from conftest import king_final_for_four, king_sheet

from scorekeeper.core import pad_entry, pad_tables
from scorekeeper.core import tournament as core_tournament
from scorekeeper.serve import table_pages
from scorekeeper.serve.app import create_app

WAIT = 20  # seconds a thread waits at a barrier for the other: met at once, unless one is kept out


@pytest.fixture
def app(tmp_path):
    king_sheet(tmp_path, "mesa1.yaml")
    king_sheet(tmp_path, "mesa2.yaml", "[Eva, Filipe, Gil, Helena]")
    return create_app(str(tmp_path))


def _at_once(requests: dict) -> dict:
    """Each of `requests` (name -> a call taking a test client) in a thread of its own, all
    started together; the answers by name (an exception raised in a thread is raised here)."""
    answers: dict = {}
    start = threading.Barrier(len(requests), timeout=WAIT)

    def run(name, call, client):
        start.wait()
        try:
            answers[name] = call(client)
        except BaseException as exc:  # noqa: BLE001 - raised again in the test's thread below
            answers[name] = exc

    threads = [threading.Thread(target=run, args=(name, call, client)) for name, (call, client) in requests.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(3 * WAIT)
    for name, answer in answers.items():
        if isinstance(answer, BaseException):
            raise AssertionError(f"{name}: {answer!r}") from answer
    assert set(answers) == set(requests)
    return answers


def _meeting(monkeypatch, module, name: str, barrier: threading.Barrier) -> list[str]:
    """Make `module.name` wait for the other thread at `barrier` before it does its work; the
    tables that met there, in the order they came."""
    real = getattr(module, name)
    met: list[str] = []

    def waiting(table, *args, **kwargs):
        met.append(table.id)
        barrier.wait()  # BrokenBarrierError when the other request is kept out (a shared lock)
        return real(table, *args, **kwargs)

    monkeypatch.setattr(module, name, waiting)
    return met


def _record(table_id: str, lang: str, hand: str, counts: list[int]):
    def call(client):
        return client.post(
            f"/api/tables/{table_id}/entries?lang={lang}",
            json={"hand": hand, "counts": counts, "expected_entries": 0},
        )

    return call


def test_two_tables_record_at_the_same_moment_each_in_its_language(app, monkeypatch):
    met = _meeting(monkeypatch, pad_tables, "append", threading.Barrier(2, timeout=WAIT))
    answers = _at_once(
        {
            "pt_PT": (_record("mesa1", "pt_PT", "vazas", [3, 2, 1, 7]), app.test_client()),
            "pt_BR": (_record("mesa2", "pt_BR", "copas", [4, 3, 6, 0]), app.test_client()),
        }
    )
    assert sorted(met) == ["mesa1", "mesa2"]  # both inside the core's record at once
    assert [answers[lang].status_code for lang in ("pt_PT", "pt_BR")] == [201, 201]
    assert answers["pt_PT"].get_json()["said"] == ["Mão 1 (vazas): Ana -60, Bruno -40, Carla -20, Duarte -140"]
    assert answers["pt_BR"].get_json()["said"] == ["Mão 1 (copas): Eva -80, Filipe -60, Gil -120, Helena 0"]


# Words the two languages say differently on a table's page (the catalogs' pt_PT and pt_BR).
PT_PT = ("Registar", "Anular a última entrada…", "A folha inteira", "Descarregar a folha em Excel", "registada às")
PT_BR = ("Registrar", "Desfazer a última entrada…", "A súmula inteira", "Baixar a planilha em Excel", "registrada às")


def _page(table_id: str, lang: str):
    def call(client):
        return client.get(f"/t/{table_id}?lang={lang}")

    return call


def _steady(html: str) -> str:
    """A page without what each rendering makes anew: its CSRF tokens and its changes' ids."""
    return re.sub(r'(name="(?:csrf|change_id)" value=")[^"]*"', r'\1"', html)


def test_two_tables_pages_at_the_same_moment_are_each_wholly_in_its_language(app, monkeypatch):
    client = app.test_client()
    for table_id, lang, hand, counts in (
        ("mesa1", "pt_PT", "vazas", [3, 2, 1, 7]),
        ("mesa2", "pt_BR", "copas", [4, 3, 6, 0]),
    ):
        assert _record(table_id, lang, hand, counts)(client).status_code == 201
    alone = {
        lang: _steady(_page(t, lang)(client).get_data(as_text=True))
        for t, lang in (("mesa1", "pt_PT"), ("mesa2", "pt_BR"))
    }
    # Met twice: inside the core's read of the sheet (each holding its table's lock), and again
    # halfway through the page's words, so that each says the rest while the other speaks too.
    read = _meeting(monkeypatch, pad_entry, "screen", threading.Barrier(2, timeout=WAIT))
    worded = _meeting_words(monkeypatch, threading.Barrier(2, timeout=WAIT))
    answers = _at_once(
        {
            "pt_PT": (_page("mesa1", "pt_PT"), app.test_client()),
            "pt_BR": (_page("mesa2", "pt_BR"), app.test_client()),
        }
    )
    assert sorted(read) == ["mesa1", "mesa2"] and sorted(worded) == ["Ana", "Eva"]
    pages = {lang: answers[lang].get_data(as_text=True) for lang in answers}
    assert [answers[lang].status_code for lang in ("pt_PT", "pt_BR")] == [200, 200]
    assert '<html lang="pt-PT">' in pages["pt_PT"] and '<html lang="pt-BR">' in pages["pt_BR"]
    assert [word in pages["pt_PT"] for word in PT_PT + PT_BR] == [True] * 5 + [False] * 5
    assert [word in pages["pt_BR"] for word in PT_PT + PT_BR] == [False] * 5 + [True] * 5
    assert "Mão 1 · Vazas: Ana -60, Bruno -40, Carla -20, Duarte -140" in pages["pt_PT"]
    assert "Mão 1 · Copas: Eva -80, Filipe -60, Gil -120, Helena 0" in pages["pt_BR"]
    # every word as the page says it alone: nothing of the other language came in
    assert {lang: _steady(page) for lang, page in pages.items()} == alone


def _meeting_words(monkeypatch, barrier: threading.Barrier) -> list[str]:
    """Make the page's short list of totals (said halfway through its words) wait for the other
    page at `barrier`; the players of each page that went on past it."""
    real = table_pages.totals_of
    came: list[str] = []

    def waiting(result):
        barrier.wait()  # BrokenBarrierError when the other page is kept out
        came.append(next(iter(result.totals)))
        return real(result)

    monkeypatch.setattr(table_pages, "totals_of", waiting)
    return came


def _championship(lang: str):
    def call(client):
        return client.get(f"/championship.xlsx?lang={lang}")

    return call


def _provisional(data: bytes) -> list[str]:
    """The championship workbook's notes of the findings that keep its standings provisional."""
    import io

    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(data))
    return sorted(
        cell.value
        for sheet in book.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if isinstance(cell.value, str) and cell.value.startswith(("Provisional:", "Provisória:"))
    )


def test_two_championship_workbooks_at_the_same_moment_each_say_the_tournaments_findings_in_its_language(
    tmp_path, monkeypatch
):
    """A tournament's findings are data (tournaments/collect.py: each a Message whose table, `mesa
    1`, is a Message too), said where the workbook writes its notes, in the request's language: two
    downloads meet at a barrier once each has its findings and before either says one, so a
    finding worded where it was found, or in a process-wide language, would come out in the other's."""
    from scorekeeper.tournaments import workbook_write

    final = king_final_for_four(tmp_path)
    core_tournament.draw(str(final), seed=2029, seconds=None, steps=200)  # round 4: two tables, no hand played
    app = create_app(str(final))
    checked: list[int] = []
    real = workbook_write.check
    barrier = threading.Barrier(2, timeout=WAIT)

    def found_then_wait(tournament, *args, **kwargs):
        found = real(tournament, *args, **kwargs)
        checked.append(len(found.findings))
        barrier.wait()  # both hold their findings, not yet said
        return found

    monkeypatch.setattr(workbook_write, "check", found_then_wait)
    answers = _at_once(
        {
            "pt_PT": (_championship("pt_PT"), app.test_client()),
            "pt_BR": (_championship("pt_BR"), app.test_client()),
        }
    )
    assert checked == [2, 2]
    assert [answers[lang].status_code for lang in ("pt_PT", "pt_BR")] == [200, 200]
    assert _provisional(answers["pt_PT"].data) == [
        "Provisória: ronda 4, mesa 1: r4-mesa1.yaml não está completa",
        "Provisória: ronda 4, mesa 2: r4-mesa2.yaml não está completa",
    ]
    assert _provisional(answers["pt_BR"].data) == [
        "Provisória: rodada 4, mesa 1: r4-mesa1.yaml não está completa",
        "Provisória: rodada 4, mesa 2: r4-mesa2.yaml não está completa",
    ]
