"""Non-player turn timings (not a test): median, percentiles and maximum per turn.

    python benchmarks/bench_nonplayer.py [--games 10] [--warmup 1] [--json]
                                         [--save-baseline FILE] [--compare FILE]

Plays solitaire games (random Government, section-8 Insurgents) and times every
Non-player decision including its execution through the engine (``turn_median_ms``...),
in wall-clock time and in CPU time (``turn_cpu_median_ms``..., less moved by the load of
a shared machine).
First ``--warmup`` games (other seeds: 1,000,000 on) are played untimed, so the first
turn's one-off work (loading the flowcharts, first imports, caches) does not land in
the maximum and the p99: the figures are the steady state (``warmup_games`` in the
output says how many). Timing, percentiles and baselines: benchmarks/harness.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

import argparse
import random
import time
from typing import Any

from benchmarks import harness
from core.game import Game
from nonplayer import turn
from runners.solitaire import new_solitaire, random_chooser, random_player

#: Seeds of the untimed warm-up games (far from the timed games' 0, 1, 2...).
WARMUP_SEED = 1_000_000


def play(seed: int, samples: list[float], cpu: list[float] | None = None) -> None:
    """One solitaire game; each Non-player turn's time (seconds) appended to ``samples``
    and its CPU time (``time.process_time``) to ``cpu``."""
    game = new_solitaire("standard", seed)
    player = random_player(random.Random(seed))
    chooser = random_chooser(seed)
    while not game.is_terminal():
        faction = game.to_move()
        assert faction is not None
        if game.state.seats[faction] is None:
            c, t = time.process_time(), time.perf_counter()
            turn.take_turn(game)
            samples.append(time.perf_counter() - t)
            if cpu is not None:
                cpu.append(time.process_time() - c)
        else:
            Game.apply(game, player(game), chooser=chooser)


def bench(args: argparse.Namespace) -> dict[str, Any]:
    for i in range(args.warmup):
        play(WARMUP_SEED + i, [])
    samples: list[float] = []
    cpu: list[float] = []
    game_times: list[float] = []
    for seed in range(args.games):
        with harness.Stopwatch(game_times):
            play(seed, samples, cpu)
    out: dict[str, Any] = {"nonplayer_turns": len(samples)}
    out |= harness.summarize("turn", samples, "ms")
    # CPU time: what the turn computed, without the time the process waited for a core
    out |= harness.summarize("turn_cpu", cpu, "ms")
    out |= harness.summarize("game", game_times, "s", digits=3)
    out["games"] = args.games
    out["warmup_games"] = args.warmup
    return out


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=10, help="games (default 10)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="untimed warm-up games first (default 1; 0: none, as before)")


def main(argv: list[str] | None = None) -> None:
    harness.run("bench_nonplayer", __doc__ or "", configure, bench, argv)


if __name__ == "__main__":
    main()
