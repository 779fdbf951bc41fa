"""How a command stops on a signal (issue 25 item 3): Ctrl-C, SIGTERM and SIGHUP.

Standard library only, so :mod:`tui.commands.main` installs the handlers before it imports
anything heavy: a Ctrl-C while the engine is still loading ends with one line too.

* SIGINT raises ``KeyboardInterrupt`` (Python's own handler), SIGTERM :class:`Terminated`
  and SIGHUP :class:`HungUp` (both KeyboardInterrupts, so the same clean-up runs: the game
  saved, soak's findings printed); the exit status is 128 + the signal number (130, 143,
  129), see :func:`stop_code`.
* Once a command is stopping (:func:`stopping`), further signals are ignored, so a second
  Ctrl-C cannot cut the save on stop short.
* A stop raised where CPython cannot raise (a weakref callback such as the import system's
  module-lock clean-up, a ``__del__``) reaches ``sys.unraisablehook`` instead of the
  command; :func:`install` puts a hook there that sends the same signal again a moment
  later, so it lands in ordinary code and the command stops as usual, with no traceback.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
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


_state = {"stopping": False, "in_hook": False}

#: how long after a swallowed stop the signal is sent again (seconds)
REDELIVERY_DELAY = 0.01


def stopping() -> None:
    """The command is stopping: ignore further signals from now on."""
    _state["stopping"] = True


def _raise(kind: type[KeyboardInterrupt]) -> Any:
    def handler(signum: int, frame: Any) -> None:
        if _state["stopping"]:
            return
        if _state["in_hook"]:  # raising here would be swallowed again: send it once more
            _send_again(signum)
            return
        raise kind()

    return handler


def _send_again(signum: int) -> None:
    """Send ``signum`` to this process from a helper thread a moment from now."""
    timer = threading.Timer(REDELIVERY_DELAY, os.kill, (os.getpid(), signum))
    timer.daemon = True
    timer.start()


def _unraisable_hook(previous: Any) -> Any:
    """A ``sys.unraisablehook`` that turns a swallowed stop into the same signal sent
    again, and gives everything else to ``previous``."""

    def hook(unraisable: Any) -> None:
        stop = unraisable.exc_value
        if not isinstance(stop, KeyboardInterrupt):
            previous(unraisable)
            return
        if _state["stopping"]:
            return
        _state["in_hook"] = True
        try:
            _send_again(stop_code(stop) - 128)
        finally:
            _state["in_hook"] = False

    return hook


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
    previous: dict[int, Any] = {
        number: signal.signal(number, handler) for number, handler in wanted.items()}
    _hooks.append(sys.unraisablehook)
    sys.unraisablehook = _unraisable_hook(sys.unraisablehook)
    return previous


_hooks: list[Any] = []


def restore(previous: dict[int, Any]) -> None:
    """Put back the handlers :func:`install` replaced (a caller that goes on running: the
    tests). A signal still pending when the command ended is dropped: the command's
    outcome stands (``signal.signal`` runs pending handlers, the one just put back
    included)."""
    _state["stopping"] = True
    for number, handler in previous.items():
        if handler is not None:
            with contextlib.suppress(KeyboardInterrupt):
                signal.signal(number, handler)
    if previous and _hooks:
        sys.unraisablehook = _hooks.pop()
    _state["stopping"] = False


def ignore_from_now() -> None:
    """The command is over and the process exits next: ignore SIGINT, SIGTERM and SIGHUP
    (the handlers stay ignored through the interpreter's clean-up; Python puts its default
    back only for handlers that are functions)."""
    if threading.current_thread() is not threading.main_thread():
        return
    _state["stopping"] = True
    for number in _numbers():
        signal.signal(number, signal.SIG_IGN)


def _numbers() -> list[int]:
    numbers: list[int] = [signal.SIGINT, signal.SIGTERM]
    if hasattr(signal, "SIGHUP"):
        numbers.append(signal.SIGHUP)
    return numbers
