"""Bot-vs-bot game timings (not a test): whole games, Non-player turns, Government decisions.

    python benchmarks/bench_games.py [--games 20] [--govt heuristic] [--scenario standard] [--json]

Plays seeded games (section-8 Insurgents against the chosen Government bot) in this
process and reports the median (and 90th percentile) of a whole game, the median (and
99th percentile) of a Non-player turn including its execution, and the median (and 90th
percentile) of a Government decision including its execution.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from nonplayer.games import record_of, step
from nonplayer.government import make_government
from nonplayer.solitaire import new_solitaire


def _pct(values: list[float], q: float) -> float:
    data = sorted(values)
    return data[min(len(data) - 1, int(q * (len(data) - 1) + 0.5))]


def bench(games: int, govt: str, scenario: str, first_seed: int = 0) -> dict:
    game_times: list[float] = []
    np_turns: list[float] = []
    govt_turns: list[float] = []
    scores: list[int] = []
    for seed in range(first_seed, first_seed + games):
        game = new_solitaire(scenario, seed)
        bot = make_government(govt, seed)
        start = time.perf_counter()
        while not game.is_terminal():
            nonplayer = game.state.seats[game.to_move()] is None
            t = time.perf_counter()
            step(game, bot)
            (np_turns if nonplayer else govt_turns).append(time.perf_counter() - t)
        game_times.append(time.perf_counter() - start)
        score = record_of(game, seed, bot.name).solo_score
        if score is not None:
            scores.append(score)
    return {
        "games": games,
        "govt": govt,
        "scenario": scenario,
        "game_median_s": round(statistics.median(game_times), 3),
        "game_p90_s": round(_pct(game_times, 0.9), 3),
        "nonplayer_turns": len(np_turns),
        "nonplayer_turn_median_ms": round(statistics.median(np_turns) * 1e3, 2),
        "nonplayer_turn_p99_ms": round(_pct(np_turns, 0.99) * 1e3, 2),
        "govt_decisions": len(govt_turns),
        "govt_decision_median_ms": round(statistics.median(govt_turns) * 1e3, 2),
        "govt_decision_p90_ms": round(_pct(govt_turns, 0.9) * 1e3, 2),
        "mean_solo_score": round(statistics.mean(scores), 2) if scores else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--govt", default="heuristic")
    parser.add_argument("--scenario", default="standard", choices=("standard", "quick"))
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = bench(args.games, args.govt, args.scenario, args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for k, v in result.items():
            print(f"{k:26} {v}")


if __name__ == "__main__":
    main()
