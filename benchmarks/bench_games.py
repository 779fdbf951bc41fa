"""Bot-vs-bot game timings (not a test): whole games, Non-player turns, Government decisions.

    python benchmarks/bench_games.py [--games 20] [--govt heuristic] [--scenario standard]
                                     [--seed 0] [--json] [--save-baseline FILE] [--compare FILE]

Plays seeded games (section-8 Insurgents against the chosen Government bot) in this
process and reports the median (and 90th percentile) of a whole game, the median (and
99th percentile) of a Non-player turn including its execution, and the median (and 90th
percentile) of a Government decision including its execution. Timing, percentiles and
baselines: benchmarks/harness.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

import argparse
import statistics
from typing import Any

from benchmarks import harness
from nonplayer.government import make_government
from runners.games import cards_played, record_of, step
from runners.solitaire import new_solitaire


def bench(args: argparse.Namespace) -> dict[str, Any]:
    games, govt, scenario, first_seed = args.games, args.govt, args.scenario, args.seed
    cards = 0
    game_times: list[float] = []
    np_turns: list[float] = []
    govt_turns: list[float] = []
    scores: list[int] = []
    for seed in range(first_seed, first_seed + games):
        game = new_solitaire(scenario, seed)
        bot = make_government(govt, seed)
        with harness.Stopwatch(game_times):
            while not game.is_terminal():
                mover = game.to_move()
                assert mover is not None  # the game is not over
                nonplayer = game.state.seats[mover] is None
                with harness.Stopwatch(np_turns if nonplayer else govt_turns):
                    step(game, bot)
        cards += cards_played(game)
        score = record_of(game, seed, bot.name).solo_score
        if score is not None:
            scores.append(score)
    out: dict[str, Any] = {"games": games, "govt": govt, "scenario": scenario}
    out |= harness.summarize("game", game_times, "s", digits=3)
    out["cards_per_second"] = round(cards / sum(game_times), 1)
    out["nonplayer_turns"] = len(np_turns)
    out |= harness.summarize("nonplayer_turn", np_turns, "ms")
    out["govt_decisions"] = len(govt_turns)
    out |= harness.summarize("govt_decision", govt_turns, "ms")
    out["mean_solo_score"] = round(statistics.mean(scores), 2) if scores else None
    return out


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--govt", default="heuristic")
    parser.add_argument("--scenario", default="standard", choices=("standard", "quick"))
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")


def main(argv: list[str] | None = None) -> None:
    harness.run("bench_games", __doc__ or "", configure, bench, argv)


if __name__ == "__main__":
    main()
