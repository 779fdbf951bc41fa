"""Shared pieces of the command line: the Subcommand record, the user-error type and the
argument parsers and options more than one subcommand takes.

Each subcommand module of :mod:`tui.commands` keeps a ``SUBCOMMANDS`` list;
:mod:`tui.commands.main` builds the parser from all of them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from core.files import shown
from core.pieces import Faction

# how a command stops on a signal: defined beside the handlers (standard library only)
from tui.commands.stops import HungUp as HungUp
from tui.commands.stops import Interrupted as Interrupted
from tui.commands.stops import Terminated as Terminated
from tui.commands.stops import stop_code as stop_code

# the user-error type, below every interface (tui/errors.py); re-exported for the commands
from tui.errors import CliError as CliError


@dataclass(frozen=True)
class Subcommand:
    """A subcommand: its name, one-line help, argument declarations and handler."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO], int]


def require_suffix(path: str, flag: str, *suffixes: str) -> None:
    """One line (CliError) unless ``path`` ends in one of ``suffixes`` (the file kinds the
    command writes: ``map`` SVG or PNG, ``report`` HTML), any case."""
    if not path.lower().endswith(suffixes):
        kinds = " or ".join(suffixes)
        raise CliError(f"{flag} must end in {kinds}, not {shown(path)!r}")


def faction_argument(text: str, govt_refusal: str | None = None) -> Faction:
    """``text`` as a Faction for argparse (its error when ``text`` names none); with
    ``govt_refusal``, naming the Government is an error with that message."""
    try:
        f = Faction.parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    if f is Faction.GOVT and govt_refusal is not None:
        raise argparse.ArgumentTypeError(govt_refusal)
    return f


def seed_argument(text: str, most: int | None = None) -> int:
    """``text`` as a seed for argparse: a whole number from 0 to ``most`` (default the
    largest seed, :data:`core.dice.MAX_SEED`), so a bad seed is refused when the command
    starts, never later (``assist --seed -9`` was refused at every card: issue 32)."""
    from core.dice import MAX_SEED
    from core.files import shown

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {shown(repr(text))}"
                                         ) from None
    most = MAX_SEED if most is None else most
    if not 0 <= value <= most:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {most}, not "
                                         f"{shown(value)}")
    return value


def add_no_verify(p: argparse.ArgumentParser) -> None:
    """The ``--no-verify`` option of the commands that load a save."""
    p.add_argument("--no-verify", action="store_true",
                   help="skip replaying the save's log on loading (faster; see andean verify)")


def add_government_ai_options(p: argparse.ArgumentParser) -> None:
    """``--govt heuristic|search`` and ``--think``: the program's AI for a Government no
    person takes (``andean new``, ``play``, ``serve``; :func:`runners.seats.ai_spec`)."""
    from runners.seats import LEVELS

    p.add_argument("--govt", choices=("heuristic", "search"), default=None,
                   help="the program's AI for a Government no person takes (default: "
                   "search, the campaign search)")
    p.add_argument("--think", choices=tuple(LEVELS), default=None,
                   help="thinking budget of --govt search per decision: " + ", ".join(
                       f"{k} {v}" for k, v in LEVELS.items()) + " (default: 2s)")


def insurgent_argument(text: str) -> str:
    """``text`` as the label of a Non-player Insurgent (FARC, AUC, Cartels) for argparse."""
    return faction_argument(
        text,
        "the Government is no section-8 Non-player (8.0): give FARC, AUC or Cartels, "
        "or let a Government bot play (andean demo --govt heuristic|search|random)",
    ).label
