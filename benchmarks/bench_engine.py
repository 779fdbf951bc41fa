"""Engine benchmarks (not tests): clone(), victory margins, one command, random-legal games.

    python benchmarks/bench_engine.py [--games 40] [--repeat 2000] [--json]
                                      [--save-baseline FILE] [--compare FILE]

Times ``GameState.clone``, ``victory_margins`` and applying one command (each call
repeated, after a warm-up), then plays ``--games`` seeded random-legal standard games
(:func:`core.game.random_play.play_random_game`) and reports their time, cards and commands
per second (and cards per CPU second, which moves less with other load). Timing,
percentiles and baselines: benchmarks/harness.py; how to compare: docs/performance.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

import argparse
import random
import statistics
import time
from typing import Any

from benchmarks import harness
from core.cards import CARDS
from core.game import Game
from core.game.random_play import play_random_game, random_command


def bench(args: argparse.Namespace) -> dict[str, Any]:
    repeat = args.repeat
    state = Game.new("standard", seed=1).state
    command = random_command(state, random.Random(1))

    def apply_one() -> None:
        Game(state.clone()).apply(command)

    out: dict[str, Any] = {}
    out |= harness.summarize("clone", harness.time_calls(state.clone, repeat, repeat // 10), "us")
    out |= harness.summarize("victory_margins", harness.time_calls(
        state.victory_margins, repeat, repeat // 10), "us")
    out |= harness.summarize("apply_command", harness.time_calls(
        apply_one, repeat // 4, repeat // 40), "us", digits=1)
    durations: list[float] = []
    commands = cards = 0
    cpu = 0.0
    for seed in range(args.games):
        start, start_cpu = time.perf_counter(), time.process_time()
        game = play_random_game(Game.new("standard", seed=seed), random.Random(seed))
        durations.append(time.perf_counter() - start)
        cpu += time.process_time() - start_cpu
        commands += len(game.log)
        cards += sum(1 for c in game.state.played if not CARDS[c].propaganda)
    total = sum(durations)
    out |= harness.summarize("random_game", durations, "ms", digits=1)
    out["random_games_per_second"] = round(1 / statistics.median(durations), 1)
    out["random_cards_per_second"] = round(cards / total, 1)
    out["random_commands_per_second"] = round(commands / total, 1)
    # CPU seconds, not wall: on a loaded machine this moves less with the other load
    out["random_cards_per_cpu_second"] = round(cards / cpu, 1)
    out["games"] = args.games
    return out


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=40, help="random games (default 40)")
    parser.add_argument("--repeat", type=int, default=2000,
                        help="timed calls of clone and victory_margins (default 2000)")


def main(argv: list[str] | None = None) -> None:
    harness.run("bench_engine", __doc__ or "", configure, bench, argv)


if __name__ == "__main__":
    main()
