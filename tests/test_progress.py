"""Progress of long runs (issue 19 item 3): ``rich.progress`` keeps done/total, the rate and
the time left; a terminal gets a live bar, a log file plain lines at every 10%."""

from __future__ import annotations

import io
import re

from tui.progress import RunProgress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


LINE = re.compile(r"^(\w+ )? *(\d+)/(\d+) games +\d+% (\?|\d+\.\d\d) games/s "
                  r"\d+:\d\d:\d\d elapsed, (-:--:--|\d+:\d\d:\d\d) left, (\d+) errors$")


def test_a_log_gets_a_plain_line_at_every_tenth_and_at_the_end() -> None:
    log = io.StringIO()
    with RunProgress(log, 20, problems="errors") as bar:
        for done in range(1, 21):
            bar.update(done, problems=done // 10)
    lines = log.getvalue().splitlines()
    assert all(LINE.match(line) for line in lines), lines
    assert [int(LINE.match(line)[2]) for line in lines] == [1, 2, 4, 6, 8, 10, 12, 14, 16,
                                                            18, 20]
    assert lines[-1].startswith("20/20 games 100% ") and lines[-1].endswith(" 2 errors")
    assert "\x1b[" not in log.getvalue()  # no terminal codes in a log
    assert "? games/s" in lines[0]  # one game ended: no rate yet
    assert all(re.search(r"\d\.\d\d games/s", line) for line in lines[1:])


def test_a_resumed_run_counts_the_games_already_done() -> None:
    log = io.StringIO()
    with RunProgress(log, 10, problems="errors", already=6, label="search") as bar:
        bar.update(7)
        bar.update(8)
    lines = log.getvalue().splitlines()
    assert [line.split()[:2] for line in lines] == [["search", "7/10"], ["search", "8/10"]]


def test_a_terminal_gets_a_live_bar() -> None:
    screen = Terminal()
    with RunProgress(screen, 4) as bar:
        for done in range(1, 5):
            bar.update(done)
    shown = screen.getvalue()
    assert "4/4" in shown and "/s" in shown and "left" in shown
    assert "\x1b[" in shown  # drawn in place
    assert "━" in shown  # the bar
    assert shown.count("\n") <= 1  # redrawn in place, not a line per game
