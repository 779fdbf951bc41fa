"""Engine benchmarks (not tests): clone(), one command, full random-legal games.

    python benchmarks/bench_engine.py [--games 40] [--json]

Prints medians (and the 90th percentile for games) measured on this machine. The
numbers go in the closing notes of the issues that change the engine's speed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from core.game import Game
from core.random_play import play_random_game, random_command


def _median_us(fn, repeat: int = 2000) -> float:
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples) * 1e6


def bench(games: int) -> dict:
    game = Game.new("standard", seed=1)
    state = game.state
    clone_us = _median_us(state.clone)
    margins_us = _median_us(state.victory_margins)
    rng = random.Random(1)
    cmds = [random_command(state, rng) for _ in range(50)]

    def apply_one() -> None:
        Game(state.clone()).apply(cmds[0])

    apply_us = _median_us(apply_one, 500)
    durations, commands = [], []
    for seed in range(games):
        t = time.perf_counter()
        g = play_random_game(Game.new("standard", seed=seed), random.Random(seed))
        durations.append(time.perf_counter() - t)
        commands.append(len(g.log))
    durations.sort()
    return {
        "clone_median_us": round(clone_us, 2),
        "victory_margins_median_us": round(margins_us, 2),
        "apply_command_median_us": round(apply_us, 1),
        "random_game_median_ms": round(statistics.median(durations) * 1e3, 1),
        "random_game_p90_ms": round(durations[int(0.9 * (len(durations) - 1))] * 1e3, 1),
        "random_games_per_second": round(1 / statistics.median(durations), 1),
        "commands_per_game_median": statistics.median(commands),
        "games": games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = bench(args.games)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for k, v in result.items():
            print(f"{k:28} {v}")


if __name__ == "__main__":
    main()
