"""Soak (not a test): many seeded bot games, every invariant checked after every command.

    python benchmarks/soak.py [--games 1000] [--govt heuristic,random] [--workers 2]
                              [--scenario standard|quick|both] [--seed 0]

Each game (section-8 Insurgents against a Government bot) is played to its end with
:meth:`core.state.GameState.check_invariants` after every command (so after every card),
and its log must replay to the same final state; any exception is a problem too. Games
alternate over the Government bots and scenarios given. Prints the problems and exits 1
if there is any, else 0. The test suite runs a 3-game sample (tests/test_games.py).
"""

from __future__ import annotations

import argparse
import sys
import time

from core.pool import imap_jobs
from runners.games import soak_game
from tui.progress import RunProgress


def _job(args: tuple[int, str, str]) -> tuple[int, list[str]]:
    seed, govt, scenario = args
    return seed, soak_game(seed, govt, scenario)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--govt", default="heuristic,random",
                        help="comma-separated Government bots, used in turn")
    parser.add_argument("--scenario", default="both", choices=("standard", "quick", "both"))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    govts = [g.strip() for g in args.govt.split(",") if g.strip()]
    scenarios = ["standard", "quick"] if args.scenario == "both" else [args.scenario]
    jobs = [(seed, govts[i % len(govts)], scenarios[(i // len(govts)) % len(scenarios)])
            for i, seed in enumerate(range(args.seed, args.seed + args.games))]
    start = time.perf_counter()
    problems: list[str] = []
    with RunProgress(sys.stderr, len(jobs)) as bar:
        for done, (_seed, found) in enumerate(imap_jobs(_job, jobs, args.workers), start=1):
            problems += found
            bar.update(done, len(problems))
    for line in problems:
        print(line)
    print(f"soak: {args.games} games ({', '.join(govts)}; {', '.join(scenarios)}), "
          f"{len(problems)} problems, {time.perf_counter() - start:.1f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
