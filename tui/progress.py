"""Progress of a long run (``andean batch``, ``andean soak``) on stderr.

On a terminal: a live ``rich.progress`` bar (done/total, rate, time left, problems).
Otherwise (a log file, CI): a plain line at every 10% and at the end, so logs stay
readable.
"""

from __future__ import annotations

import time
from types import TracebackType
from typing import TextIO


class RunProgress:
    """``with RunProgress(stream, total, "games") as bar: bar.update(done, problems)``."""

    def __init__(self, stream: TextIO, total: int, unit: str = "games",
                 problems: str = "problems", already: int = 0) -> None:
        self.stream = stream
        self.total = total
        self.unit = unit
        self.problems_word = problems
        self.already = already  # done before this run (a resumed batch): not in the rate
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.start = time.perf_counter()
        self.last_decile = -1
        self._rich = None
        self._task = None

    def __enter__(self) -> RunProgress:
        if self.tty:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._rich = Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                TextColumn(f"{self.unit}"), TextColumn("{task.fields[rate]}"),
                TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                TextColumn("{task.fields[problems]}"),
                console=Console(file=self.stream), transient=False,
            )
            self._rich.start()
            self._task = self._rich.add_task("", total=self.total, completed=self.already,
                                             rate="", problems="")
        return self

    def update(self, done: int, problems: int = 0) -> None:
        rate = (done - self.already) / max(1e-9, time.perf_counter() - self.start)
        note = f"{problems} {self.problems_word}"
        if self._rich is not None:
            self._rich.update(self._task, completed=done, rate=f"{rate:.2f}/s",
                              problems=note)
            return
        decile = 10 * done // max(1, self.total)
        if decile != self.last_decile or done == self.total:
            self.last_decile = decile
            print(f"{done}/{self.total} {self.unit} ({100 * done // max(1, self.total)}%), "
                  f"{rate:.2f} {self.unit}/s, {note}", file=self.stream, flush=True)

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._rich is not None:
            self._rich.stop()
