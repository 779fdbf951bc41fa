"""``andean serve``: the play or assist app in a browser on this machine (issue 26 item 5).

::

    andean serve play --as FARC               # http://127.0.0.1:8000, Ctrl-C stops
    andean serve --port 8080 play --seats 1,-,2,-
    andean serve --host 0.0.0.0 assist --bots FARC,Cartels   # a tablet on the network

``textual-serve`` (the ``serve`` extra) serves the same Textual app a terminal shows:
every browser tab that opens the page starts its own ``andean play`` (or ``assist``)
process on the same save file, so a tab closed or reloaded resumes the game where it
was. The game of ``play`` is therefore made here, once, before the server starts (the
seats asked for, refused in one line if they cannot be played), and each tab resumes
it. The server binds to 127.0.0.1 unless ``--host`` says otherwise, prints its address,
and stops cleanly on Ctrl-C (the game is saved after every change anyway).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import signal
import sys
from pathlib import Path
from typing import Any, TextIO

from core.extras import require_extra
from core.files import SaveLock, same_path, shown
from tui.commands.base import CliError, Interrupted, Subcommand, stop_code
from tui.commands.play import ASSIST_SAVE, check_save

#: the Textual driver of a tab's game, :class:`tui.commands.served.ServedDriver`, named here (and
#: imported by :mod:`tui.commands.served`) so that this module never imports the tab's module,
#: which runs ``andean`` itself: no import circle
SERVED_DRIVER = "tui.commands.served:ServedDriver"

def _configure(p: argparse.ArgumentParser) -> None:
    from tui.commands import play

    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; "
                   "0.0.0.0 lets other devices on the network in)")
    p.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    apps = p.add_subparsers(dest="app", metavar="{play,assist}", required=True)
    for cmd in play.SUBCOMMANDS:
        sub = apps.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        cmd.configure(sub)
        for action in sub._actions:  # the browser shows the app: no line mode to offer
            if "--plain" in action.option_strings:
                action.help = argparse.SUPPRESS


def _port(text: str) -> int:
    """A TCP port for argparse: 1-65535 (``--port 99999`` was 'unexpected error:
    OverflowError', after the save was written)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, not {shown(repr(text))}"
                                         ) from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not "
                                         f"{shown(value)}")
    return value


def check_address(host: str, port: int) -> None:
    """The server can listen on ``host``:``port``, checked before anything is written (a
    busy port or a host that is not this machine left a new save behind): each address
    the host names is bound once, as the server will, and let go. CliError otherwise."""
    import socket

    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        raise CliError(f"--host {shown(host)}: not an address to listen on ({reason})"
                       ) from None
    for family, kind, proto, _name, address in found:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp
            try:
                probe.bind(address)
            except OSError as err:
                raise CliError(f"cannot serve on {shown(host)}:{port}: "
                               f"{err.strerror or err}") from None


def app_command(args: argparse.Namespace, out: TextIO) -> tuple[str, Path]:
    """The command each browser tab runs, and the save file it plays on. ``play``: the
    game is made (or resumed, its seats checked) here first."""
    # (the shell textual-serve starts becomes the app: a stop reaches the app itself)
    base = [sys.executable, "-m", "tui.commands.served", args.app]
    if args.plain:
        raise CliError("--plain is the terminal's line mode; the browser shows the app")
    if args.app == "play":
        from tui.commands.play import PLAY_SAVE, play_controller

        # made under the save's lock, like play: a save another game holds is refused
        # (issue 32 item 2); each tab then takes the lock itself
        with SaveLock(check_save(args, PLAY_SAVE)) as args.save_lock:
            controller = play_controller(args, out)
        path = controller.session.path
        assert path is not None
        path = path.resolve()
        extra = ["--save", str(path)]
        if args.expert:
            extra.append("--expert")
        return _tab(base + extra), path
    if args.new:
        raise CliError("serve assist resumes its save in every tab: remove the save file "
                       "or give another --save instead of --new")
    with SaveLock(check_save(args, ASSIST_SAVE)):
        path = Path(args.save or args.load or ASSIST_SAVE).resolve()
        if args.load and not same_path(args.load, path):  # copied once: every tab
            _copy_save(args.load, path, verify=not args.no_verify)  # resumes the copy
    extra = ["--save", str(path), "--scenario", args.scenario]
    if args.dice is not None:  # else the save's (options.dice), or auto
        extra += ["--dice", args.dice]
    if args.seed is not None:
        extra += ["--seed", str(args.seed)]
    if args.short:
        extra.append("--short")
    if args.bots is not None:
        extra += ["--bots", ",".join(f.label for f in args.bots) or "none"]
    if args.no_verify:
        extra.append("--no-verify")
    return _tab(base + extra), path


def _tab(argv: list[str]) -> str:
    """The shell line of a tab's game: ``tui.commands.served`` with its own Textual driver (the
    app ends when its tab goes; start-up errors shown in the tab)."""
    return f"TEXTUAL_DRIVER={shlex.quote(SERVED_DRIVER)} exec " + shlex.join(argv)


def _copy_save(source: str, target: Path, verify: bool) -> None:
    """``serve assist --load X --save Y``: X loaded (the strict loader) and saved to Y
    once, so a second tab resumes Y instead of starting again from X."""
    from core.game import serialize
    from tui.session import Session

    serialize.save(Session.load(source, verify=verify).game, target)


def _children() -> list[int]:
    """The processes this one started and that still run (Linux: read from /proc;
    elsewhere none are found)."""
    me = os.getpid()
    out = []
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == me:
            out.append(int(entry.parent.name))
    return out


def _stop_apps() -> None:
    """The app processes still running once the server stopped (a tab left open) are
    asked to stop (SIGTERM: each saves its game and ends)."""
    for pid in _children():
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)


def _run(args: argparse.Namespace, out: TextIO) -> int:
    server_module = require_extra("serve", "andean serve")
    check_address(args.host, args.port)  # before the game is made or resumed
    command, path = app_command(args, out)
    title = "Andean Abyss" + (" - tabletop assistant" if args.app == "assist" else "")
    server = server_module.Server(command, host=args.host, port=args.port, title=title)
    print(f"Serving {args.app} on http://{args.host}:{args.port} (open it in a browser; "
          f"the game is saved in {path}; Ctrl-C stops)", file=out, flush=True)
    try:
        stopped_by = _serve(server)
    except KeyboardInterrupt as stop:
        raise Interrupted(f"stopped; the game is saved in {path}", stop_code(stop)) from None
    except OSError as err:
        raise CliError(f"cannot serve on {args.host}:{args.port}: {err.strerror or err}") \
            from None
    finally:
        _stop_apps()
    if stopped_by is not None:  # Ctrl-C, SIGTERM, SIGHUP: 130, 143, 129 like any stop
        raise Interrupted(f"stopped; the game is saved in {path}", 128 + stopped_by)
    print(f"Stopped; the game is saved in {path}", file=out)
    return 0


def _serve(server: Any) -> int | None:
    """Run textual-serve's ``server`` until a stop; the signal that stopped it, or None.

    ``Server.serve`` takes SIGINT and SIGTERM into its event loop and returns as if
    nothing happened (``serve`` exited 0 on Ctrl-C, SIGTERM and SIGHUP: issue 32). Its
    loop is made here, with the loop's ``add_signal_handler`` noting which signal came
    before the server's graceful exit, and SIGHUP added to the two."""
    import asyncio

    numbers = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    ours = {number: signal.getsignal(number) for number in numbers}  # (stops.install's)
    stopped: list[int] = []
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    register = loop.add_signal_handler

    def noted(number: int, callback: Any, *args: Any) -> None:
        def stop() -> None:
            if not stopped:  # the first stop ends the server; a second changes nothing
                stopped.append(int(number))
                callback(*args)

        register(number, stop)

    # this one loop's method replaced (a plain assignment mypy refuses for a method)
    setattr(loop, "add_signal_handler", noted)  # noqa: B010
    try:
        noted(signal.SIGHUP, lambda: server.request_exit())  # (looked up when it comes)
        server.serve()
    finally:
        for number in numbers:  # the loop's handlers out, the command's back in
            with contextlib.suppress(Exception):
                loop.remove_signal_handler(number)
            signal.signal(number, ours[number])
    return stopped[0] if stopped else None


SUBCOMMANDS: list[Subcommand] = [
    Subcommand("serve", "the play or assist app in a browser (textual-serve; the 'serve' "
               "extra)", _configure, _run),
]

