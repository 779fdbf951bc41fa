"""Search Government decision timings (not a test): median and 90th percentile.

    python benchmarks/bench_search.py [--games 3] [--time-limit 1.5] [--seed 0] [--json]
                                      [--save-baseline FILE] [--compare FILE]

Plays whole solitaire games (section-8 Insurgents, the search Government) and times
every Government decision on an Event card, from the call to
:func:`nonplayer.government.search.search_decide` to its return, at the given time limit (the
default is the bot's). Also reports the CP-SAT solver's share of that time, how many
solves ended with each status, how often the search had to stop early (``cut_short``,
the wall-clock safety net), and the games' solo scores (8.8).
Target (issue 5): median decision <= 2 s at the default time limit. Timing,
percentiles and baselines: benchmarks/harness.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

import argparse
import time
from collections import Counter
from typing import Any

from benchmarks import harness
from core.game import Game
from core.rules import victory
from nonplayer.games import play
from nonplayer.government import GovtDecision
from nonplayer.government import search as govt_search


class TimedSearch:
    """The search Government, timing each decision it makes."""

    name = "search"
    note = ""

    def __init__(self, time_limit: float, seed: int) -> None:
        self.time_limit = time_limit
        self.seed = seed
        self.card_times: list[float] = []
        self.solver_times: list[float] = []
        self.statuses: Counter[str] = Counter()
        self.cut_short = 0
        self.kinds: Counter[str] = Counter()

    def decide(self, game: Game, dice: Any = None) -> GovtDecision:
        start = time.perf_counter()
        decision: GovtDecision = govt_search.search_decide(
            game, time_limit=self.time_limit, seed=self.seed)
        elapsed = time.perf_counter() - start
        self.kinds[decision.kind] += 1
        if decision.kind != "propaganda":
            self.card_times.append(elapsed)
            self.solver_times.append(decision.notes["solver_seconds"])
            self.statuses.update(decision.notes["solver_runs"])
            self.cut_short += bool(decision.notes["cut_short"])
        return decision

    def discord(self, state: Any, faction: Any) -> str:
        from nonplayer.government.heuristic import discord_choice

        return discord_choice(state, faction)[0]


def bench(args: argparse.Namespace) -> dict[str, Any]:
    games, time_limit, seed = args.games, args.time_limit, args.seed
    bot = TimedSearch(time_limit, seed)
    scores = []
    start = time.perf_counter()
    for game_seed in range(seed, seed + games):
        game, _ = play(game_seed, bot)
        scores.append(victory.solo_score(game.state))
    times = bot.card_times
    return {
        "games": games,
        "time_limit": time_limit,
        "decisions": len(times),
        **harness.summarize("decision", times, "s", digits=3),
        "over_limit": sum(1 for t in times if t > time_limit),
        "solver_share": round(sum(bot.solver_times) / sum(times), 2),
        "cut_short": bot.cut_short,
        "solver_statuses": dict(sorted(bot.statuses.items())),
        "decision_kinds": dict(sorted(bot.kinds.items())),
        "solo_scores": scores,
        "total_s": round(time.perf_counter() - start, 1),
    }


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=0)


def main(argv: list[str] | None = None) -> None:
    harness.run("bench_search", __doc__ or "", configure, bench, argv)


if __name__ == "__main__":
    main()
