"""A journal time is said in the reader's time zone: a change made in Lisbon at 15:42 UTC is
12:42 in São Paulo (UTC-3 in December), in the terminal, the pad and the worksheets."""

from __future__ import annotations

import time

import pytest

from scorekeeper.journal.moments import here, printed
from scorekeeper.output.journal_text import clock


@pytest.fixture
def sao_paulo(monkeypatch):
    monkeypatch.setenv("TZ", "America/Sao_Paulo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_lisbon_change_is_read_on_the_brazilian_clock(sao_paulo):
    assert printed("2026-11-28T15:42:07+00:00") == "2026-11-28 12:42:07"
    assert clock("2026-11-28T15:42:07+00:00") == "2026-11-28 12:42:07"


def test_after_midnight_in_lisbon_is_the_evening_before_in_sao_paulo(sao_paulo):
    assert printed("2026-11-29T01:30:00+00:00") == "2026-11-28 22:30:00"


def test_a_change_made_here_reads_as_written(sao_paulo):
    assert printed("2026-11-28T12:42:07-03:00") == "2026-11-28 12:42:07"


def test_a_time_without_offset_is_kept_as_written(sao_paulo):
    assert printed("2026-11-28T15:42:07") == "2026-11-28 15:42:07"


def test_what_is_not_a_time_is_shown_as_it_is():
    assert here("yesterday") is None
    assert printed("yesterday") == "yesterday"
    assert clock("yesterday") == "yesterday"
