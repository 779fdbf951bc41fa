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


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_log_gets_a_plain_line_at_every_tenth_and_at_the_end() -> None:
    log = io.StringIO()
    clock = Clock()
    with RunProgress(log, 20, problems="errors", clock=clock) as bar:
        for done in range(1, 21):
            clock.now += 3 if done != 8 else 9  # 3 s a game, one slow game
            bar.update(done, problems=done // 10)
    lines = log.getvalue().splitlines()
    assert all(LINE.match(line) for line in lines), lines
    assert [int(LINE.match(line)[2]) for line in lines] == [1, 2, 4, 6, 8, 10, 12, 14, 16,
                                                            18, 20]
    assert lines[-1].startswith("20/20 games 100% ") and lines[-1].endswith(" 2 errors")
    assert "\x1b[" not in log.getvalue()  # no terminal codes in a log
    # the rate over the whole run so far, and the time left at that rate
    assert lines[0] == " 1/20 games   5% 0.33 games/s 0:00:03 elapsed, 0:00:57 left, 0 errors"
    assert lines[4] == " 8/20 games  40% 0.27 games/s 0:00:30 elapsed, 0:00:45 left, 0 errors"
    assert lines[-1] == "20/20 games 100% 0.30 games/s 0:01:06 elapsed, 0:00:00 left, 2 errors"


def test_no_rate_before_the_first_game_ends() -> None:
    log = io.StringIO()
    with RunProgress(log, 10, clock=Clock()) as bar:
        bar.update(0)
    assert log.getvalue() == (" 0/10 games   0% ? games/s 0:00:00 elapsed, -:--:-- left, "
                              "0 problems\n")


def test_a_resumed_run_counts_the_games_already_done() -> None:
    log = io.StringIO()
    clock = Clock()
    with RunProgress(log, 10, problems="errors", already=6, label="search",
                     clock=clock) as bar:
        clock.now += 4
        bar.update(7)
        clock.now += 4
        bar.update(8)
    assert log.getvalue().splitlines() == [  # 6 games before: not in the rate
        "search  7/10 games  70% 0.25 games/s 0:00:04 elapsed, 0:00:12 left, 0 errors",
        "search  8/10 games  80% 0.25 games/s 0:00:08 elapsed, 0:00:08 left, 0 errors"]


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
