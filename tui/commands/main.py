"""The ``andean`` command line.

::

    andean new --scenario standard --seed 7 --out game.json   # set up, reveal 1st card
    andean status game.json                                   # tracks, cards, board
    andean status game.json --json                            # the same as JSON
    andean verify game.json                                   # replay the log, compare

Each subcommand lives in the module named for its job (:mod:`tui.commands.saves`: new,
status, verify, np-turn, event; :mod:`tui.commands.reference`: cards, flowchart,
random-game; :mod:`tui.commands.bots`: demo, batch, soak; :mod:`tui.commands.play`:
play, assist; :mod:`tui.commands.pictures`: map, report), each with a ``SUBCOMMANDS``
list of its functions; this module builds the parser from them and runs one.

Exit codes: 0 success; 1 ``verify`` found the save inconsistent; 2 an error (bad
arguments, unreadable or foreign file), reported as one line on stderr, no traceback.
Set ``ANDEAN_DEBUG=1`` to see the traceback of an unexpected error.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any, NoReturn

from core.errors import AndeanError
from core.extras import MissingExtra
from tui.commands import bots, pictures, play, reference, saves
from tui.commands.base import (
    CliError,
    Interrupted,
    Terminated,
    stop_code,
)

PROG = "andean"


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become :class:`CliError` (one line, exit 2)."""

    def error(self, message: str) -> NoReturn:
        where = self.prog.removeprefix(PROG).strip()
        raise CliError(f"{where + ': ' if where else ''}{message} (see --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Andean Abyss (2nd edition) rules engine: set up, inspect and check games.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for cmd in (saves.SUBCOMMANDS + reference.SUBCOMMANDS + bots.SUBCOMMANDS
                + play.SUBCOMMANDS + pictures.SUBCOMMANDS):
        p = sub.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        cmd.configure(p)
        p.set_defaults(run=cmd.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 1 verify mismatch or problems
    found, 2 error, 130 Ctrl-C, 143 SIGTERM)."""
    parser = build_parser()
    previous = _catch_sigterm()
    try:
        args = parser.parse_args(argv)
        return int(args.run(args, sys.stdout))
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else 0
    except Interrupted as stop:
        print(f"{PROG}: {stop}", file=sys.stderr)
        return stop.code
    except KeyboardInterrupt as stop:
        print(f"{PROG}: stopped", file=sys.stderr)
        return stop_code(stop)
    except BrokenPipeError:  # output piped into head/less that closed early
        sys.stderr.close()
        return 0
    except (CliError, AndeanError, MissingExtra, ValueError, OSError) as err:
        return _fail(str(err))
    except Exception as err:
        if os.environ.get("ANDEAN_DEBUG"):
            raise
        return _fail(f"unexpected error: {type(err).__name__}: {err}")
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _catch_sigterm() -> Any:
    """SIGTERM raises :class:`Terminated` (a KeyboardInterrupt) so it stops a command
    as cleanly as Ctrl-C; returns the handler to restore (None off the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def stop(signum: int, frame: Any) -> None:
        raise Terminated()

    return signal.signal(signal.SIGTERM, stop)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("andean-abyss-engine")
    except PackageNotFoundError:
        return "0.1.0"


def _fail(message: str) -> int:
    line = " ".join(message.split())
    print(f"{PROG}: error: {line}", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
