"""The count a long command shows on standard error: only on a terminal, after a second."""

import io

from scorekeeper.output import progress
from scorekeeper.output.progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_nothing_in_the_first_second_then_a_count_wiped_at_the_end(monkeypatch):
    clock = iter([0.0, 0.5, 1.5, 1.6, 2.0])
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))
    stream = Terminal()
    bar = Progress("reading sheets", 10000, stream)  # 0.0
    bar.tick(10)  # 0.5: too soon
    assert stream.getvalue() == ""
    bar.tick(2000)  # 1.5
    bar.tick(2100)  # 1.6: within 0.2 s of the last
    bar.tick(5000)  # 2.0
    bar.close()
    assert stream.getvalue() == (
        "\rreading sheets: 2,000 of 10,000\rreading sheets: 5,000 of 10,000\r                               \r"
    )


def test_never_on_a_pipe_or_a_file_or_when_turned_off(monkeypatch):
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "EVERY", 0.0)
    for stream, enabled in ((io.StringIO(), True), (Terminal(), False)):
        bar = Progress("checking sheets", 3, stream, enabled)
        for done in (1, 2, 3):
            bar.tick(done)
        bar.close()
        assert stream.getvalue() == ""
