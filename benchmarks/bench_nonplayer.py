"""Non-player turn timings (not a test): median and 99th percentile per turn.

    python benchmarks/bench_nonplayer.py [--games 10] [--json]

Plays solitaire games (random Government, section-8 Insurgents) and times every
Non-player decision including its execution through the engine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from core.game import Game
from nonplayer import turn
from nonplayer.solitaire import new_solitaire, random_chooser, random_player


def bench(games: int) -> dict:
    samples: list[float] = []
    game_times: list[float] = []
    for seed in range(games):
        game = new_solitaire("standard", seed)
        player = random_player(random.Random(seed))
        chooser = random_chooser(seed)
        start = time.perf_counter()
        while not game.is_terminal():
            faction = game.to_move()
            assert faction is not None
            if game.state.seats[faction] is None:
                t = time.perf_counter()
                turn.take_turn(game)
                samples.append(time.perf_counter() - t)
            else:
                Game.apply(game, player(game), chooser=chooser)
        game_times.append(time.perf_counter() - start)
    samples.sort()
    return {
        "nonplayer_turns": len(samples),
        "turn_median_ms": round(statistics.median(samples) * 1e3, 2),
        "turn_p99_ms": round(samples[int(0.99 * (len(samples) - 1))] * 1e3, 2),
        "turn_max_ms": round(samples[-1] * 1e3, 2),
        "game_median_s": round(statistics.median(game_times), 3),
        "games": games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = bench(args.games)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for k, v in result.items():
            print(f"{k:20} {v}")


if __name__ == "__main__":
    main()
