"""Progress of a long run (``andean batch``, ``andean soak``, ``benchmarks/strength.py``,
``benchmarks/soak.py``) on stderr, kept by ``rich.progress``.

rich keeps the run: done/total, the time so far, the rate and the time left. On a
terminal it draws a live bar (``━━━━━━━━━━━━━━━━━━━━ 30/100 games 2.41/s 0:00:29 left
0 problems``); otherwise (a log file, CI) it prints a plain line at every 10% and at the
end, so logs stay readable::

     30/100 games  30% 2.41 games/s 0:00:12 elapsed, 0:00:29 left, 0 problems
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import timedelta
from types import TracebackType
from typing import TextIO, cast

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text


def run_rate(task: Task) -> float | None:
    """Units per second since this run started, by rich's clock (a resumed batch's earlier
    games are not in it). Steadier than rich's own estimate over the last few updates,
    which swings when several workers end games at nearly the same moment."""
    done = task.completed - task.fields["already"]
    elapsed = task.elapsed
    return done / elapsed if done > 0 and elapsed else None


class RateColumn(ProgressColumn):
    """The run's rate, '?' until a unit has ended: ``2.41/s``, or ``2.41 games/s`` with
    ``unit=" games"``."""

    def __init__(self, unit: str = "") -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        rate = run_rate(task)
        return Text(f"{'?' if rate is None else f'{rate:.2f}'}{self.unit}/s",
                    style="progress.data.speed")


class LeftColumn(ProgressColumn):
    """Time left at the run's rate, written as rich writes times (``0:02:41``)."""

    max_refresh = 0.5  # as rich's own time-left column: no jitter on the live bar

    def render(self, task: Task) -> Text:
        rate = run_rate(task)
        if rate is None or task.total is None:
            return Text("-:--:--", style="progress.remaining")
        left = timedelta(seconds=math.ceil(max(0.0, task.total - task.completed) / rate))
        return Text(str(left), style="progress.remaining")


class RunProgress:
    """``with RunProgress(stream, total, "games") as bar: bar.update(done, problems)``.

    ``already``: units done before this run (a resumed batch), counted as done but not
    in the rate. ``label``: a name in front of the line (which bot a benchmark plays).
    ``clock``: rich's clock (default its monotonic one; tests give their own).
    """

    def __init__(self, stream: TextIO, total: int, unit: str = "games",
                 problems: str = "problems", already: int = 0, label: str = "",
                 clock: Callable[[], float] | None = None) -> None:
        self.console = Console(file=stream, highlight=False)
        self.live = self.console.is_terminal
        self.total = total
        self.last_decile = -1
        head: list[ProgressColumn] = [TextColumn(label)] if label else []
        tail: list[ProgressColumn] = [TextColumn(f"{{task.fields[problems]}} {problems}")]
        live = [BarColumn(bar_width=None), MofNCompleteColumn(), TextColumn(unit),
                RateColumn(""), LeftColumn(), TextColumn("left")]
        self.progress = Progress(*head, *live, *tail, console=self.console, expand=True,
                                 disable=not self.live, get_time=clock)
        #: the plain line: no bar, so the share done and the time so far in words
        self.columns: list[ProgressColumn] = [
            *head, MofNCompleteColumn(), TextColumn(unit), TaskProgressColumn(),
            RateColumn(f" {unit}"), TimeElapsedColumn(), TextColumn("elapsed,"),
            LeftColumn(), TextColumn("left,"), *tail]
        self.task = self.progress.add_task(label, total=total, completed=already,
                                           already=already, problems=0)

    def __enter__(self) -> RunProgress:
        self.progress.start()
        return self

    def update(self, done: int, problems: int = 0) -> None:
        self.progress.update(self.task, completed=done, problems=problems)
        if self.live:
            return
        decile = 10 * done // max(1, self.total)
        if decile != self.last_decile or done == self.total:
            self.last_decile = decile
            self.console.print(self.line(), soft_wrap=True)

    def line(self) -> Text:
        """The columns for the run so far as one plain line (no bar)."""
        task = self.progress.tasks[0]
        return Text(" ").join(cast(Text, column(task)) for column in self.columns)

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.progress.stop()
