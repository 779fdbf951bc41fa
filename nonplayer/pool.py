"""Worker processes for many independent games (``andean batch``, ``andean soak``).

:func:`imap_jobs` yields each job's result as soon as it is done (in completion order),
from ``workers`` processes, or in this process when ``workers`` is 1. The workers
leave interruption to the parent: they ignore SIGINT (a Ctrl-C on the terminal reaches
the whole process group; the parent decides, then terminates the pool) and die quietly
on a broken pipe (SIGPIPE's default action) instead of printing a BrokenPipeError
traceback when the parent is gone; orphaned by a ``kill -9`` of the parent, they exit.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

J = TypeVar("J")
R = TypeVar("R")


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    """A worker whose parent was killed (``kill -9``) would wait for work forever (its
    siblings keep the task pipe open): it exits as soon as it is orphaned."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def imap_jobs(fn: Callable[[J], R], jobs: Sequence[J], workers: int = 1) -> Iterator[R]:
    """``fn(job)`` for every job, yielded as each finishes. Closing the generator (or an
    exception in the caller, e.g. KeyboardInterrupt) terminates the workers."""
    if workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    if workers == 1 or len(jobs) <= 1:
        for job in jobs:
            yield fn(job)
        return
    import multiprocessing as mp

    ctx = mp.get_context("fork" if sys.platform == "linux" else "spawn")
    pool = ctx.Pool(min(workers, len(jobs)), initializer=_quiet_worker)
    try:
        yield from pool.imap_unordered(fn, jobs, chunksize=1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()
