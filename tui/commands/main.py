"""The ``andean`` command line.

::

    andean new --scenario standard --seed 7 --out game.json   # set up, reveal 1st card
    andean status game.json                                   # tracks, cards, board
    andean status game.json --json                            # the same as JSON
    andean verify game.json                                   # replay the log, compare

Each subcommand lives in the module named for its job (:mod:`tui.commands.saves`: new,
status, verify, np-turn, event; :mod:`tui.commands.reference`: cards, flowchart,
random-game; :mod:`tui.commands.bots`: demo, batch, soak; :mod:`tui.commands.play`:
play, assist; :mod:`tui.commands.serve`: serve; :mod:`tui.commands.pictures`: map,
report), each with a ``SUBCOMMANDS`` list of its functions; this module builds the parser
from them and runs one.

Exit codes: 0 success; 1 ``verify`` found the save inconsistent; 2 an error (bad
arguments, unreadable or foreign file), reported as one line on stderr, no traceback.
Set ``ANDEAN_DEBUG=1`` to see the traceback of an unexpected error.
"""

from __future__ import annotations

# Only the standard library and tui.commands.stops at the top: main() installs the signal
# handlers first, then imports the engine, so a Ctrl-C while it loads ends with one line.
import argparse
import contextlib
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from tui.commands import stops

PROG = "andean"


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become :class:`CliError` (one line, exit 2)."""

    def error(self, message: str) -> NoReturn:
        from tui.commands.base import CliError

        where = self.prog.removeprefix(PROG).strip()
        raise CliError(f"{where + ': ' if where else ''}{message} (see --help)")


def build_parser() -> argparse.ArgumentParser:
    from tui.commands import bots, pictures, play, reference, saves, serve

    parser = _Parser(
        prog=PROG,
        description="Andean Abyss (2nd edition) rules engine: set up, inspect and check games.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for cmd in (saves.SUBCOMMANDS + reference.SUBCOMMANDS + bots.SUBCOMMANDS
                + play.SUBCOMMANDS + serve.SUBCOMMANDS + pictures.SUBCOMMANDS):
        p = sub.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        cmd.configure(p)
        p.set_defaults(run=cmd.run)
    return parser


def main(argv: Sequence[str] | None = None, *, exiting: bool = False) -> int:
    """Run the command line; return the exit code (0 ok, 1 verify mismatch or problems
    found, 2 error, 130 Ctrl-C, 143 SIGTERM, 129 SIGHUP).

    The signal handlers come first (:mod:`tui.commands.stops`), before the engine is
    imported and the parser built: a signal at any moment ends with one line. Afterwards
    the previous handlers are back, or, when the process is ``exiting`` (the ``andean``
    command itself, :func:`entry_point`), signals are ignored until it has exited."""
    previous = stops.install()
    try:
        return _run(argv)
    except stops.Interrupted as stop:
        stops.stopping()
        stops.forget_uncaught_interrupt()
        _say(f"{PROG}: {stop}")
        return stop.code
    except KeyboardInterrupt as stop:  # also while the engine is being imported
        stops.stopping()
        stops.forget_uncaught_interrupt()
        _say(f"{PROG}: stopped")
        return stops.stop_code(stop)
    finally:
        if exiting:
            stops.ignore_from_now()
        else:
            stops.restore(previous)


def entry_point() -> NoReturn:
    """The ``andean`` command: :func:`main`, then exit with its code.

    Once the command is over, a Ctrl-C cannot change what it did: it is ignored while the
    interpreter cleans up (a few tenths of a second with the engine loaded), where Python's
    default handler would otherwise be back and kill the process by SIGINT after the output
    was complete."""
    sys.exit(main(exiting=True))


def _run(argv: Sequence[str] | None) -> int:
    from core.errors import AndeanError
    from core.extras import MissingExtra
    from core.words import plain_letters_where_needed
    from tui.commands.base import CliError

    plain_letters_where_needed(sys.stdout, sys.stderr)
    try:
        parser = build_parser()
        args = parser.parse_args(_joined(sys.argv[1:] if argv is None else list(argv)))
        return int(args.run(args, sys.stdout))
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else 0
    except stops.Interrupted:
        raise  # main() says it
    except BrokenPipeError:  # output piped into head/less that closed early
        sys.stderr.close()
        return 0
    except (CliError, AndeanError, MissingExtra, ValueError, OSError) as err:
        return _fail(str(err))
    except MemoryError:
        return _fail("out of memory: ask for less (fewer games, a smaller --scale)")
    except Exception as err:
        if os.environ.get("ANDEAN_DEBUG"):
            raise
        return _fail(f"unexpected error: {type(err).__name__}: {err}")


#: options whose value may start with "-" (``--seats -,1,-,-``): argparse would read
#: such a value as an option and say "expected one argument"
_DASH_VALUES = ("--seats",)


def _joined(argv: list[str]) -> list[str]:
    """``--seats -,1,-,-`` as ``--seats=-,1,-,-``, which argparse reads as meant."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] in _DASH_VALUES and i + 1 < len(argv) and argv[i + 1].startswith("-") \
                and "," in argv[i + 1]:
            out.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
            continue
        out.append(argv[i])
        i += 1
    return out


def _version() -> str:
    """The package's version and which engine runs: compiled with mypyc or plain Python,
    and why (core/engine.py; docs/performance.md, "The compiled engine")."""
    from importlib.metadata import PackageNotFoundError, version

    from core import engine

    try:
        number = version("andean-abyss-engine")
    except PackageNotFoundError:
        number = "0.1.0"
    return f"{number}, engine {engine.ENGINE}"


def _fail(message: str) -> int:
    """One line on stderr, exit 2. A word of the user's input longer than ~80 characters
    (a 10,000-character space name) is cut, and the line is at most ~400 characters."""
    from core.words import printable  # (standard library only)

    line = printable(" ".join(message.split()))
    line = re.sub(r"\S{81,}", lambda m: m[0][:77] + "...", line)
    if len(line) > 400:
        line = line[:397] + "..."
    _say(f"{PROG}: error: {line}")
    return 2


def _say(line: str) -> None:
    """A line on stderr; nothing if stderr is gone (SIGHUP: the terminal closed)."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)


if __name__ == "__main__":  # pragma: no cover
    entry_point()
