"""Search Government decision timings (not a test): median and 90th percentile.

    python benchmarks/bench_search.py [--games 3] [--time-limit 1.5] [--seed 0] [--json]
                                      [--save-baseline FILE] [--compare FILE]
                                      [--think 0.5s|2s|10s] [--workers N]

Plays whole solitaire games (section-8 Insurgents, the search Government) and times
every Government decision on an Event card, from the call to
:func:`nonplayer.government.search.search_decide` to its return, at the given time limit (the
default is the bot's). Also reports the CP-SAT solver's share of that time, how many
solves ended with each status, how often the search had to stop early (``cut_short``,
the wall-clock safety net), and the games' solo scores (8.8).
Target (issue 5): median decision <= 2 s at the default time limit. Timing,
percentiles and baselines: benchmarks/harness.py.

``--think LEVEL`` times the campaign Government (``--govt search`` since issue 13,
:mod:`nonplayer.government.campaign`) at that level instead: decision times, the
rollouts per decision and **rollouts per second** (rollout time only, and whole
decisions), and the game time. ``--workers N`` runs each decision's determinizations in
N worker processes (issue 28; the games are the same for any N, only the time moves).
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
from nonplayer.government import GovtDecision
from nonplayer.government import search as govt_search
from runners.games import play


class TimedSearch:
    """The one-card search Government (``lookahead``), timing each decision it makes."""

    name = "lookahead"
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
        with harness.Stopwatch() as watch:
            decision: GovtDecision = govt_search.search_decide(
                game, time_limit=self.time_limit, seed=self.seed)
        self.kinds[decision.kind] += 1
        if decision.kind != "propaganda":
            self.card_times.append(watch.seconds)
            self.solver_times.append(decision.notes["solver_seconds"])
            self.statuses.update(decision.notes["solver_runs"])
            self.cut_short += bool(decision.notes["cut_short"])
        return decision

    def discord(self, state: Any, faction: Any) -> str:
        from nonplayer.government.heuristic import discord_choice

        return discord_choice(state, faction)[0]


class TimedCampaign:
    """The campaign Government, timing each decision and counting its rollouts."""

    name = "search"
    note = ""

    def __init__(self, think: str, seed: int, workers: int = 1) -> None:
        from nonplayer.government.campaign import CampaignGovernment

        self.bot = CampaignGovernment(seed, think=think, workers=workers)
        self.card_times: list[float] = []
        self.rollouts: list[int] = []
        self.rollout_seconds: list[float] = []
        self.cut_short = 0

    def decide(self, game: Game, dice: Any = None) -> GovtDecision:
        with harness.Stopwatch() as watch:
            decision = self.bot.decide(game, dice)
        if "rollouts" in decision.notes:
            self.card_times.append(watch.seconds)
            self.rollouts.append(decision.notes["rollouts"])
            self.rollout_seconds.append(decision.notes["rollout_seconds"])
            self.cut_short += bool(decision.notes["cut_short"])
        return decision

    def discord(self, state: Any, faction: Any) -> str:
        return self.bot.discord(state, faction)


def bench_campaign(args: argparse.Namespace) -> dict[str, Any]:
    bot = TimedCampaign(args.think, args.seed, args.workers)
    scores: list[int] = []
    game_times: list[float] = []
    start = time.perf_counter()
    for game_seed in range(args.seed, args.seed + args.games):
        with harness.Stopwatch(game_times):
            game, _ = play(game_seed, bot)
        scores.append(victory.solo_score(game.state))
    times = bot.card_times
    rollouts = sum(bot.rollouts)
    return {
        "games": args.games,
        "think": args.think,
        "workers": args.workers,
        "decisions": len(times),
        **harness.summarize("decision", times, "s", digits=3),
        "rollouts_per_decision": round(rollouts / max(1, len(times)), 1),
        "rollouts_per_second": round(rollouts / max(1e-9, sum(bot.rollout_seconds)), 1),
        "rollouts_per_second_whole_decision": round(rollouts / max(1e-9, sum(times)), 1),
        "cut_short": bot.cut_short,
        **harness.summarize("game", game_times, "s", digits=2),
        "solo_scores": scores,
        "total_s": round(time.perf_counter() - start, 1),
    }


def bench(args: argparse.Namespace) -> dict[str, Any]:
    if args.think:
        return bench_campaign(args)
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
    parser.add_argument("--think", default=None,
                        help="time the campaign Government (--govt search) at this level")
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes for the determinizations (with --think)")


def main(argv: list[str] | None = None) -> None:
    harness.run("bench_search", __doc__ or "", configure, bench, argv)


if __name__ == "__main__":
    main()
