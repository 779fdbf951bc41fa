"""Who sits where in ``andean play`` (and ``andean serve``): issue 26 item 1.

::

    andean play                         # you are the Government (the solitaire game, 8.0)
    andean play --as FARC               # you are FARC; the program's AI is the Government
    andean play --as Government,AUC     # two people at one screen (hot-seat)
    andean play --seats -,1,1,-         # one person holding FARC and AUC (1.5.1)
    andean play --as Cartels --govt heuristic
    andean play --as AUC --think 10s    # the campaign Government, hard

The Insurgents no person takes follow their section-8 flowcharts. A Government no
person takes is run by the program's Government AI (``--govt search``, the campaign
search, at ``--think 0.5s|2s|10s``, shown as easy / normal / hard; or ``--govt
heuristic``), called "Government (the program's AI)" everywhere: the printed 2nd
edition's Government flowchart is in none of our sources (docs/tui.md).
"""

from __future__ import annotations

import argparse

from core.pieces import Faction
from core.seating import seating_problem
from runners.seats import ai_spec
from tui.commands.base import CliError, add_government_ai_options, faction_argument
from tui.commands.saves import seats_argument


def factions_argument(text: str) -> list[Faction]:
    """``--as FARC`` or ``--as Government,AUC``: one person per Faction named, numbered
    in the order given."""
    out: list[Faction] = []
    for part in text.split(","):
        if not part.strip():
            continue
        f = faction_argument(part.strip())
        if f in out:
            raise argparse.ArgumentTypeError(f"{f.label} is named twice")
        out.append(f)
    if not out:
        raise argparse.ArgumentTypeError("name at least one Faction, e.g. --as FARC")
    return out


def add_seat_options(p: argparse.ArgumentParser) -> None:
    seats = p.add_mutually_exclusive_group()
    seats.add_argument("--as", dest="as_factions", type=factions_argument, default=None,
                       metavar="FACTION[,FACTION...]",
                       help="the Factions people play, one person each, taking turns at "
                       "the screen (default: Government); the other Insurgents follow "
                       "their section-8 flowcharts")
    seats.add_argument("--seats", type=seats_argument, default=None,
                       metavar="G,F,A,C",
                       help="explicit seats for Government,FARC,AUC,Cartels as in "
                       "'andean new', e.g. 1,-,2,- (- = not a person)")
    add_government_ai_options(p)


def seating_given(args: argparse.Namespace) -> bool:
    """Whether the command line chose seats (only a new game takes them)."""
    return any(getattr(args, name, None) is not None
               for name in ("as_factions", "seats", "govt", "think"))


def seating(args: argparse.Namespace) -> tuple[list[int | None], str | None]:
    """(seats, Government AI) of a new game from the command line; CliError (one line)
    for a seating that cannot be played (:func:`core.seating.seating_problem`)."""
    if args.seats is not None:
        seats: list[int | None] = list(args.seats)
    else:
        seats = [None] * 4
        for n, f in enumerate(args.as_factions or [Faction.GOVT], 1):
            seats[f] = n
    spec: str | None = None
    if seats[Faction.GOVT] is None:
        try:
            spec = ai_spec(args.govt or "search", args.think)
        except ValueError as err:
            raise CliError(str(err)) from None
    elif args.govt is not None or args.think is not None:
        raise CliError("a person takes the Government: --govt and --think choose the "
                       "program's AI for a Government no person takes")
    problem = seating_problem(seats, spec)
    if problem is not None:
        raise CliError(problem)
    return seats, spec


__all__ = ["add_seat_options", "factions_argument", "seating", "seating_given"]
