"""A browser tab's game process under ``andean serve`` (textual-serve starts one per tab).

``python -m tui.commands.served play|assist ARGS`` runs ``andean play|assist ARGS`` with two
additions the terminal does not need (issue 32 item 5):

* **The tab's end is the game's end.** :class:`ServedDriver` is Textual's web driver
  that also stops the app when the server's pipe closes (the tab or the server gone:
  the stock driver's input thread just ended and the app ran on, holding the save's
  lock), on the server's "quit" (sent when the tab's websocket closed), and on SIGTERM
  and SIGHUP as on SIGINT (exit 143, 129, 130); and if the app has not ended
  :data:`GRACE` seconds after any of these (busy in a long computation, or blocked
  writing to a tab whose server no longer reads), the process exits anyway. Nothing is
  lost: the game is saved after every change, and the kernel drops the save's lock with
  the process.
* **Start-up errors in the browser.** A command refused before its app starts (the save
  in use by another process, a damaged save) printed its line where no one sees it and
  left the tab on the splash screen; the line is now shown in the tab by
  :class:`ErrorApp`, until a key is pressed.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import signal
import sys
import threading
import time
from typing import Any

from textual import messages
from textual.app import App, ComposeResult
from textual.drivers.web_driver import WebDriver
from textual.widgets import Static

from tui.commands.serve import SERVED_DRIVER

#: Seconds an app is given to end after its tab went or a stop came, before the process
#: exits without it.
GRACE = 10.0

#: What serve puts in the tab's environment so Textual uses this driver.
DRIVER = SERVED_DRIVER

#: The stops a tab's game takes (SIGHUP where there is one).
_STOPS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
               if hasattr(signal, name))

#: The exit code of the first stop that came (the tab gone: 0), once one came.
STOPPED: list[int] = []


def _exit_soon(code: int) -> None:
    """End the process in :data:`GRACE` seconds unless it ends first (a daemon thread)."""

    def later() -> None:
        time.sleep(GRACE)
        os._exit(code)

    threading.Thread(target=later, daemon=True).start()


class ServedDriver(WebDriver):
    """Textual's web driver, ending the app when its tab goes (see the module)."""

    def start_application_mode(self) -> None:
        super().start_application_mode()
        self._served_loop = asyncio.get_running_loop()
        # The stock driver's stops are the event loop's signal handlers: asyncio sets
        # SA_RESTART and runs them from the loop, so a game blocked writing to a tab no
        # one reads any more (textual-serve stops reading at the first write to a closed
        # websocket) never heard SIGTERM, SIGINT or SIGHUP (issue 43 item 1). Plain
        # handlers interrupt the write, run at once, and start the GRACE clock.
        for number in _STOPS:
            with contextlib.suppress(ValueError, RuntimeError):
                self._served_loop.remove_signal_handler(number)
            signal.signal(number, self._on_signal)

    def _on_signal(self, number: int, _frame: Any) -> None:
        self._stop(128 + int(number))

    def _stop(self, code: int) -> None:
        """Ask the app to end; the process ends anyway after :data:`GRACE` seconds
        (the first stop counts; its code is the process's)."""
        if STOPPED:
            return
        STOPPED.append(code)
        _exit_soon(code)
        loop = getattr(self, "_served_loop", None)
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(
                    self._app._post_message(messages.ExitApp()), loop=loop)

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "quit":  # textual-serve: the tab's websocket closed
            self._stop(0)  # (the stock driver only asked the app, which may be blocked)
            return
        super().on_meta(packet_type, payload)

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # the server's pipe closed: the tab is gone
            self._stop(0)


class ErrorApp(App[None]):
    """The line a tab's command was refused with, shown in the browser."""

    CSS = "Static { margin: 1 2; }"

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        yield Static(self.message + "\n\n(any key closes this tab's game; fix the cause "
                     "and reload the page)", markup=False)

    def on_key(self, _event: Any) -> None:
        self.exit()


def main(argv: list[str] | None = None) -> int:
    """``andean`` with ``argv``; a refusal before the app started is shown in the tab."""
    from tui.commands.main import main as andean

    caught = io.StringIO()
    err = sys.stderr

    class Both(io.TextIOBase):  # the line goes to the server's log and to the tab
        def write(self, text: str) -> int:
            caught.write(text)
            return err.write(text)

        def flush(self) -> None:
            err.flush()

    with contextlib.redirect_stderr(Both()):
        code = andean(sys.argv[1:] if argv is None else argv)
    # (the driver's module, which Textual imports by name: not __main__ under -m)
    from tui.commands.served import STOPPED as stopped

    if stopped and stopped[0]:  # a stop's 143, 130, 129 as in a terminal
        return stopped[0]
    said = caught.getvalue().strip()
    if code == 2 and said:
        ErrorApp(said).run()
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
