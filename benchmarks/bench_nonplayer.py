"""Non-player turn timings (not a test): median, percentiles and maximum per turn.

    python benchmarks/bench_nonplayer.py [--games 10] [--json]
                                         [--save-baseline FILE] [--compare FILE]

Plays solitaire games (random Government, section-8 Insurgents) and times every
Non-player decision including its execution through the engine (``turn_median_ms``...).
Timing, percentiles and baselines: benchmarks/harness.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

import argparse
import random
from typing import Any

from benchmarks import harness
from core.game import Game
from nonplayer import turn
from nonplayer.solitaire import new_solitaire, random_chooser, random_player


def bench(args: argparse.Namespace) -> dict[str, Any]:
    samples: list[float] = []
    game_times: list[float] = []
    for seed in range(args.games):
        game = new_solitaire("standard", seed)
        player = random_player(random.Random(seed))
        chooser = random_chooser(seed)
        with harness.Stopwatch(game_times):
            while not game.is_terminal():
                faction = game.to_move()
                assert faction is not None
                if game.state.seats[faction] is None:
                    with harness.Stopwatch(samples):
                        turn.take_turn(game)
                else:
                    Game.apply(game, player(game), chooser=chooser)
    out: dict[str, Any] = {"nonplayer_turns": len(samples)}
    out |= harness.summarize("turn", samples, "ms")
    out |= harness.summarize("game", game_times, "s", digits=3)
    out["games"] = args.games
    return out


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=10, help="games (default 10)")


def main(argv: list[str] | None = None) -> None:
    harness.run("bench_nonplayer", __doc__ or "", configure, bench, argv)


if __name__ == "__main__":
    main()
