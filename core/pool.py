"""Worker processes for many independent games (``andean batch``, ``andean soak``).

:func:`imap_jobs` yields each job's result as soon as it is done (in completion order),
from ``workers`` processes, or in this process when ``workers`` is 1. The workers
leave interruption to the parent: they ignore SIGINT and SIGHUP (a Ctrl-C or a hang-up
on the terminal reaches the whole process group; the parent decides, then terminates
the pool) and die quietly
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
from contextlib import contextmanager
from typing import TypeVar

J = TypeVar("J")
R = TypeVar("R")


def worker_signals() -> None:
    """A worker process leaves the stops to its parent, the one place that decides
    (``tui.commands.stops``, whose stop-and-save handlers a fork inherits): Ctrl-C and a
    hang-up, sent to the terminal's whole process group, are ignored here (a worker
    raising the parent's ``HungUp`` printed a traceback each: issue 32); SIGTERM, the
    parent's ``terminate()``, ends it quietly; so does a broken pipe (SIGPIPE). Every
    pool of the engine (games, rollouts) starts its workers with this."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)


@contextmanager
def children_leave_stops_to_us() -> Iterator[None]:
    """Processes started inside this block (a Dask cluster's nanny and workers, the
    resource tracker of :mod:`multiprocessing`, which start new interpreters that the
    :func:`worker_signals` initializer cannot reach) are started with Ctrl-C and hang-up
    blocked, so only this process decides on a stop and then shuts them down (a hang-up
    printed a traceback from each of them, and the stop exited 2: issue 32). A signal
    that comes meanwhile waits and is taken here at the end of the block."""
    if not hasattr(signal, "pthread_sigmask") or not hasattr(signal, "SIGHUP"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGHUP})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _quiet_worker() -> None:
    worker_signals()
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
