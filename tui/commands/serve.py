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
from typing import TextIO

from core.extras import require_extra
from core.files import SaveLock, same_path
from tui.commands.base import CliError, Interrupted, Subcommand, stop_code
from tui.commands.play import ASSIST_SAVE, check_save


def _configure(p: argparse.ArgumentParser) -> None:
    from tui.commands import play

    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; "
                   "0.0.0.0 lets other devices on the network in)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    apps = p.add_subparsers(dest="app", metavar="{play,assist}", required=True)
    for cmd in play.SUBCOMMANDS:
        sub = apps.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        cmd.configure(sub)


def app_command(args: argparse.Namespace, out: TextIO) -> tuple[str, Path]:
    """The command each browser tab runs, and the save file it plays on. ``play``: the
    game is made (or resumed, its seats checked) here first."""
    # (the shell textual-serve starts becomes the app: a stop reaches the app itself)
    base = [sys.executable, "-m", "tui.commands.main", args.app]
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
        return "exec " + shlex.join(base + extra), path
    if args.new:
        raise CliError("serve assist resumes its save in every tab: remove the save file "
                       "or give another --save instead of --new")
    with SaveLock(check_save(args, ASSIST_SAVE)):
        path = Path(args.save or args.load or ASSIST_SAVE).resolve()
        if args.load and not same_path(args.load, path):  # copied once: every tab
            _copy_save(args.load, path, verify=not args.no_verify)  # resumes the copy
    extra = ["--save", str(path), "--scenario", args.scenario, "--dice", args.dice]
    if args.seed is not None:
        extra += ["--seed", str(args.seed)]
    if args.short:
        extra.append("--short")
    if args.bots is not None:
        extra += ["--bots", ",".join(f.label for f in args.bots) or "none"]
    if args.no_verify:
        extra.append("--no-verify")
    return "exec " + shlex.join(base + extra), path


def _copy_save(source: str, target: Path, verify: bool) -> None:
    """``serve assist --load X --save Y``: X loaded (the strict loader) and saved to Y
    once, so a second tab resumes Y instead of starting again from X."""
    from core import serialize
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
    command, path = app_command(args, out)
    title = "Andean Abyss" + (" - tabletop assistant" if args.app == "assist" else "")
    server = server_module.Server(command, host=args.host, port=args.port, title=title)
    print(f"Serving {args.app} on http://{args.host}:{args.port} (open it in a browser; "
          f"the game is saved in {path}; Ctrl-C stops)", file=out, flush=True)
    try:
        server.serve()
    except KeyboardInterrupt as stop:
        raise Interrupted(f"stopped; the game is saved in {path}", stop_code(stop)) from None
    except OSError as err:
        raise CliError(f"cannot serve on {args.host}:{args.port}: {err.strerror or err}") \
            from None
    finally:
        _stop_apps()
    print(f"Stopped; the game is saved in {path}", file=out)
    return 0


SUBCOMMANDS: list[Subcommand] = [
    Subcommand("serve", "the play or assist app in a browser (textual-serve; the 'serve' "
               "extra)", _configure, _run),
]

