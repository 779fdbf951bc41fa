"""How a command stops on a signal (issue 25 item 3): Ctrl-C, SIGTERM and SIGHUP.

Standard library only, so :mod:`tui.commands.main` installs the handlers before it imports
anything heavy: a Ctrl-C while the engine is still loading ends with one line too.

* SIGINT raises ``KeyboardInterrupt`` (Python's own handler), SIGTERM :class:`Terminated`
  and SIGHUP :class:`HungUp` (both KeyboardInterrupts, so the same clean-up runs: the game
  saved, soak's findings printed); the exit status is 128 + the signal number (130, 143,
  129), see :func:`stop_code`.
* Once a command is stopping (:func:`stopping`), further signals are ignored, so a second
  Ctrl-C cannot cut the save on stop short.
"""

from __future__ import annotations

import signal
import threading
from typing import Any


class Interrupted(Exception):
    """Ctrl-C, SIGTERM or SIGHUP stopped a command that has something to say about it
    (where the game was saved, how to resume): one line on stderr, exit ``code``."""

    def __init__(self, message: str, code: int = 130) -> None:
        super().__init__(message)
        self.code = code


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like a Ctrl-C so the same clean-up runs."""


class HungUp(KeyboardInterrupt):
    """SIGHUP (the terminal closed), raised in the main thread like a Ctrl-C."""


def stop_code(stop: KeyboardInterrupt) -> int:
    """The exit status of a stop: 128 + the signal number (130 Ctrl-C, 143 SIGTERM, 129
    SIGHUP)."""
    if isinstance(stop, Terminated):
        return 143
    if isinstance(stop, HungUp):
        return 129
    return 130


_state = {"stopping": False}


def stopping() -> None:
    """The command is stopping: ignore further signals from now on."""
    _state["stopping"] = True


def _raise(kind: type[KeyboardInterrupt]) -> Any:
    def handler(signum: int, frame: Any) -> None:
        if not _state["stopping"]:
            raise kind()

    return handler


def forget_uncaught_interrupt() -> None:
    """Keep the exit status we return after a caught Ctrl-C.

    CPython (3.11, 3.12) marks the interpreter to die by SIGINT at exit when a string
    ``exec``/``eval`` ends in ``KeyboardInterrupt``, even one a caller then catches; under
    ``python -m`` the mark wins over ``sys.exit(130)`` and the process dies with no status
    (-2). The Ctrl-C lands in such an ``exec`` whenever it comes while a dataclass or
    namedtuple is being built during the imports. Every string eval clears the mark first,
    so evaluating an empty one after the catch clears it for good.
    """
    exec("None")  # noqa: S102 - a constant string; see the docstring


def install() -> dict[int, Any]:
    """Install the handlers of SIGINT, SIGTERM and SIGHUP; the previous ones, to give to
    :func:`restore` (nothing off the main thread: handlers belong to it)."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    _state["stopping"] = False
    wanted = {signal.SIGINT: _raise(KeyboardInterrupt), signal.SIGTERM: _raise(Terminated)}
    if hasattr(signal, "SIGHUP"):
        wanted[signal.SIGHUP] = _raise(HungUp)
    return {number: signal.signal(number, handler) for number, handler in wanted.items()}


def restore(previous: dict[int, Any]) -> None:
    for number, handler in previous.items():
        if handler is not None:
            signal.signal(number, handler)
    _state["stopping"] = False
