"""Subcommands for pictures: ``andean map`` and ``andean report`` (issue 14).

::

    andean map game.json                       # board.svg: the position now
    andean map game.json --out board.png       # PNG (matplotlib: the plot extra)
    andean map game.json --card 18 --out after18.svg   # the board after card #18
    andean report game.json --out game.html    # the game card by card, one HTML file
"""

from __future__ import annotations

import argparse
from typing import TextIO

from core.cards import CARDS
from core.extras import require_extra
from core.files import check_output, shown
from core.game import Game, serialize
from tui.commands.base import CliError, Subcommand, require_suffix

#: the commands that write a save file, named in the SAVE argument's help
SAVE_HELP = ("a saved game, as written by andean new, play and assist (their autosave), "
             "demo, random-game, np-turn and event with --save")


def _load(path: str) -> Game:
    try:
        return serialize.load(path)
    except FileNotFoundError:
        raise CliError(f"no save file at {path}") from None


def _configure_map(p: argparse.ArgumentParser) -> None:
    p.add_argument("save", metavar="SAVE", help=SAVE_HELP)
    p.add_argument("--out", default="board.svg", metavar="FILE",
                   help="board.svg (default) or a .png file (needs the plot extra)")
    p.add_argument("--force", action="store_true", help="let --out replace an existing file")
    p.add_argument("--card", type=int, default=None, metavar="N",
                   help="draw the board right after card #N was played (replays the log)")
    p.add_argument("--scale", type=_scale, default=1.0,
                   help="PNG size factor, above 0 and at most 10 (default 1: about "
                   "1440 x 1420 pixels)")


def _scale(text: str) -> float:
    """``--scale``: checked before drawing (a scale of 1000 ran out of memory)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {shown(text)!r}") from None
    if not 0 < value <= 10:  # (also refuses nan)
        raise argparse.ArgumentTypeError(f"expected a number above 0 and at most 10, "
                                         f"not {shown(text)}")
    return value


def _run_map(args: argparse.Namespace, out: TextIO) -> int:
    from tui.history import from_game
    from tui.pictures.board import write_board
    from tui.table_deck import public_cards

    require_suffix(args.out, "--out", ".svg", ".png")
    if args.out.lower().endswith(".png"):
        require_extra("plot", "andean map --out FILE.png")
    check_output(args.out, "--out", force=args.force, inputs=[args.save])
    game = _load(args.save)
    state = game.state
    heading = ""
    if args.card is not None:
        if args.card not in CARDS:
            raise CliError(f"no card #{args.card} (cards are 1-72, Propaganda 73-76)")
        steps = [s for s in from_game(game, traces=False).steps if s.card == args.card]
        if not steps:
            raise CliError(f"card #{args.card} was not played in this game")
        state = steps[-1].state
        heading = f"After {steps[-1].heading}"
    # an assist save's deck is the table's: the picture names only a card it named
    path = write_board(state, args.out, heading=heading, scale=args.scale,
                       cards=public_cards(game, state))
    print(f"Wrote {path}", file=out)
    return 0


def _configure_report(p: argparse.ArgumentParser) -> None:
    p.add_argument("save", metavar="SAVE", help=SAVE_HELP)
    p.add_argument("--out", default="game.html", metavar="FILE.html",
                   help="the HTML file to write (default game.html)")
    p.add_argument("--force", action="store_true", help="let --out replace an existing file")


def _run_report(args: argparse.Namespace, out: TextIO) -> int:
    from tui.history import from_game
    from tui.pictures.report import game_report, write
    from tui.table_deck import public_cards

    require_suffix(args.out, "--out", ".html", ".htm")  # as map's SVG or PNG (issue 43)
    # never over the save it reads; another existing file only with --force
    check_output(args.out, "--out", force=args.force, inputs=[args.save])
    game = _load(args.save)
    history = from_game(game)
    subtitle = (f"{game.state.scenario.title()} scenario; rebuilt from {args.save} by "
                f"replaying its {len(game.log)} commands")
    # an assist save's deck is the table's: the final position names only its cards
    path = write(game_report(history, subtitle=subtitle, cards=public_cards(game)),
                 args.out)
    print(f"Wrote {path} ({len(history.steps)} cards)", file=out)
    return 0


SUBCOMMANDS: list[Subcommand] = [
    Subcommand("map", "draw a saved game's board as a map of Colombia (SVG or PNG)",
               _configure_map, _run_map),
    Subcommand("report", "write a saved game as one HTML page: every card, maps, charts",
               _configure_report, _run_report),
]
