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

**Fixed decision positions** (issue 40 item 5, issue 39 item 4)::

    python benchmarks/bench_search.py --positions 12 [--think 2s] [--json]
    python benchmarks/bench_search.py --positions 12 --side-by-side ../main-frozen \
        [--pairs 3]

``--positions N`` times the campaign Government's whole decision at N fixed positions:
the Government's decisions on Event cards of heuristic-Government games on the
training seeds from ``--seed`` (default 0; every third decision, from the second),
one process, serial rollouts, the wall-clock safety net off (so the work is the
budget's, whatever the load). It reports CPU seconds a decision, **rollouts a CPU
second** (the rollouts the decisions judge, over the CPU time after the candidates are
prepared, and over whole decisions), and a **digest** of every decision: the command
chosen and every rollout's score, margins and replies, so two checkouts that print the
same digest decided the same. ``--checkout DIR`` runs another checkout's code
(``DIR`` first on the import path); ``--side-by-side DIR`` runs ``DIR`` and this
checkout in alternated pairs of fresh processes (``--pairs``, base first then this one,
then this one first), so both see the same load, and reports each pair's ratios and
whether the digests agree.
"""

from __future__ import annotations

import sys
from pathlib import Path


def _checkout() -> str:
    """The checkout whose code runs: ``--checkout DIR``, else this one."""
    if "--checkout" in sys.argv[1:-1]:
        return str(Path(sys.argv[sys.argv.index("--checkout") + 1]).resolve())
    return str(Path(__file__).resolve().parents[1])


sys.path.insert(0, _checkout())  # this checkout (or --checkout's) first

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


def fixed_positions(n: int, seed: int) -> list[Any]:
    """``n`` boards where the Government decides on an Event card: every third such
    decision (from the second) of heuristic-Government games on seeds ``seed``, ``seed +
    1``, ... (training seeds: the bench never reads held-out games)."""
    from nonplayer.government.heuristic import HeuristicGovernment

    class Recording(HeuristicGovernment):
        def __init__(self) -> None:
            super().__init__()
            self.boards: list[Any] = []

        def decide(self, game: Game, dice: Any = None) -> GovtDecision:
            if game.state.phase == "card":
                self.boards.append(game.state.clone())
            return super().decide(game, dice)

    out: list[Any] = []
    game_seed = seed
    while len(out) < n:
        bot = Recording()
        play(game_seed, bot)
        out += bot.boards[1::3][: n - len(out)]
        game_seed += 1
    return out


def bench_positions(args: argparse.Namespace) -> dict[str, Any]:
    """The campaign Government's decisions at fixed positions (module docstring)."""
    import hashlib
    import json
    from dataclasses import replace

    from core.dice import SeededDice
    from nonplayer.government import campaign

    boards = fixed_positions(args.positions, args.seed)
    budget = replace(campaign.budget_for(args.think or "2s"), safety=1e9)
    prepare = campaign.prepare
    prepare_cpu: list[float] = []

    def timed_prepare(*a: Any, **k: Any) -> Any:
        start = time.process_time()
        try:
            return prepare(*a, **k)
        finally:
            prepare_cpu.append(time.process_time() - start)

    campaign.prepare = timed_prepare
    cpu: list[float] = []
    rollouts = 0
    digest = hashlib.sha256()
    chosen = []
    for board in boards:
        game = Game(board.clone(), SeededDice(), [], board)
        start = time.process_time()
        result = campaign.campaign_search(game, budget, 0, workers=1)
        cpu.append(time.process_time() - start)
        rollouts += result.rollouts
        chosen.append(result.best.cand.label)
        record = [result.best.cand.label, [
            [j.cand.label, [[o.score, sorted((int(f), m) for f, m in o.margins.items()),
                             o.reached_round, o.over, o.winner, o.cards]
                            for o in j.outcomes], j.replies] for j in result.judged]]
        digest.update(json.dumps(record, sort_keys=True).encode())
    campaign.prepare = prepare
    rollout_cpu = sum(cpu) - sum(prepare_cpu)
    return {
        "checkout": str(Path(campaign.__file__).resolve().parents[2]),
        "positions": len(boards),
        "think": budget.name,
        "cpu_s_per_decision": round(sum(cpu) / len(cpu), 3),
        "prepare_cpu_s_per_decision": round(sum(prepare_cpu) / len(cpu), 3),
        "rollouts_per_decision": round(rollouts / len(cpu), 1),
        "rollouts_per_cpu_second": round(rollouts / max(1e-9, rollout_cpu), 1),
        "rollouts_per_cpu_second_whole_decision": round(rollouts / max(1e-9, sum(cpu)), 1),
        "chosen": chosen,
        "digest": digest.hexdigest()[:16],
    }


def side_by_side(args: argparse.Namespace) -> dict[str, Any]:
    """``--side-by-side``: the base checkout and this one in alternated pairs of fresh
    processes, each timing the same fixed positions; the ratios of each pair."""
    import json
    import statistics
    import subprocess

    here = str(Path(__file__).resolve().parents[1])
    base = str(Path(args.side_by_side).resolve())
    command = [sys.executable, str(Path(__file__).resolve()), "--positions",
               str(args.positions), "--seed", str(args.seed), "--json"]
    if args.think:
        command += ["--think", args.think]

    def one(checkout: str) -> dict[str, Any]:
        done = subprocess.run(command + ["--checkout", checkout], check=True,
                              capture_output=True, text=True)
        return dict(json.loads(done.stdout))

    pairs = []
    for k in range(args.pairs):
        order = (base, here) if k % 2 == 0 else (here, base)
        runs = {checkout: one(checkout) for checkout in order}
        b, h = runs[base], runs[here]
        pairs.append({
            "first": "base" if order[0] == base else "this",
            "base_cpu_s_per_decision": b["cpu_s_per_decision"],
            "this_cpu_s_per_decision": h["cpu_s_per_decision"],
            "base_rollouts_per_cpu_second": b["rollouts_per_cpu_second"],
            "this_rollouts_per_cpu_second": h["rollouts_per_cpu_second"],
            "rollouts_per_second_ratio": round(
                h["rollouts_per_cpu_second"] / b["rollouts_per_cpu_second"], 2),
            "seconds_per_decision_ratio": round(
                b["cpu_s_per_decision"] / h["cpu_s_per_decision"], 2),
            "same_decisions": b["digest"] == h["digest"] and b["chosen"] == h["chosen"],
            "base_digest": b["digest"],
            "this_digest": h["digest"],
        })
    return {
        "base": base,
        "this": here,
        "positions": args.positions,
        "rollouts_per_decision": b["rollouts_per_decision"],
        "median_rollouts_per_second_ratio": statistics.median(
            p["rollouts_per_second_ratio"] for p in pairs),
        "median_seconds_per_decision_ratio": statistics.median(
            p["seconds_per_decision_ratio"] for p in pairs),
        "same_decisions_every_pair": all(p["same_decisions"] for p in pairs),
        "pairs": pairs,
    }


def bench(args: argparse.Namespace) -> dict[str, Any]:
    if args.side_by_side:
        return side_by_side(args)
    if args.positions:
        return bench_positions(args)
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
    parser.add_argument("--positions", type=int, default=0,
                        help="time the campaign Government's decisions at this many fixed "
                        "positions (games from --seed, default level 2s)")
    parser.add_argument("--checkout", default=None,
                        help="run this checkout's code (its folder first on the path)")
    parser.add_argument("--side-by-side", metavar="DIR", default=None,
                        help="with --positions: DIR's code and this checkout's in "
                        "alternated pairs of processes")
    parser.add_argument("--pairs", type=int, default=3,
                        help="pairs of processes of --side-by-side")


def main(argv: list[str] | None = None) -> None:
    harness.run("bench_search", __doc__ or "", configure, bench, argv)


if __name__ == "__main__":
    main()
