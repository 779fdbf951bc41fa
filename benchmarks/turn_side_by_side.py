"""The section-8 turn, timed to the microsecond, side by side with another checkout
(issue 39 item 4; not a test).

    python benchmarks/turn_side_by_side.py --base ../main [--rounds 6] [--games 10]

bench_nonplayer.py prints a turn's median in milliseconds to two places, 0.20 ms,
which is too coarse to tell 48% of 0.41 ms from 52%; and compiled_side_by_side.py runs
it on 3 games. Here each round times every Non-player turn of ``--games`` solitaire
games (bench_nonplayer.py's: random Government, section-8 Insurgents, after one untimed
warm-up game) in a fresh process for each side: the ``--base`` checkout (plain Python),
this checkout with ``ANDEAN_PURE=1``, and this checkout compiled (it needs a compiled
build: ``ANDEAN_COMPILE=1 pip install --no-deps -e .``). The sides take turns, their
order rotated each round, so a drift of the machine's speed falls on all three. Each
side's figure is the median over the rounds of its round medians (CPU time a turn,
``time.process_time``), and each ratio the median over the rounds of that round's
ratio, with the smallest and largest. The games are the same on every side: the
engine's results do not depend on it being compiled (compiled_check.py) and the base
plays the same rules (the golden games). docs/performance.md, "The compiled engine".
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))  # this checkout first

from benchmarks.compiled_side_by_side import engine_of, side_env, sides_here  # noqa: E402

#: Run in the checkout measured, its directory first on sys.path: ``GAMES``. Plays with
#: that checkout's own bench_nonplayer.py (its warm-up game, then games 0..GAMES-1) and
#: prints the number of turns and the median CPU time a turn in microseconds, as JSON.
DRIVER = """
import json, os, statistics, sys
sys.path.insert(0, os.getcwd())
from benchmarks.bench_nonplayer import WARMUP_SEED, play

play(WARMUP_SEED, [])  # the warm-up game: flowcharts loaded, first imports done
cpu = []
for seed in range(int(sys.argv[1])):
    play(seed, [], cpu)
print(json.dumps({"turns": len(cpu), "median_us": statistics.median(cpu) * 1e6}))
"""


def time_side(checkout: Path, pure: bool, games: int) -> dict[str, float]:
    """One side's round: its turns and their median CPU time (µs)."""
    env = side_env(pure)
    done = subprocess.run([sys.executable, "-c", DRIVER, str(games)], cwd=checkout, env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"timing {checkout} failed:\n{done.stderr[-1500:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="checkout to compare with")
    parser.add_argument("--rounds", type=int, default=6, help="rounds (default 6)")
    parser.add_argument("--games", type=int, default=10,
                        help="solitaire games a side a round (default 10)")
    args = parser.parse_args(argv)
    sides, missing = sides_here(args.base, False)
    if missing:
        print(missing, file=sys.stderr)
        return 1
    for name, checkout, pure in sides:
        print(f"- {name}: {engine_of(checkout, pure)} ({checkout})")
    load_before = os.getloadavg()
    rounds: list[dict[str, float]] = []
    turns: dict[str, int] = {}
    for r in range(args.rounds):
        order = sides[r % len(sides):] + sides[:r % len(sides)]
        got: dict[str, float] = {}
        for name, checkout, pure in order:
            result = time_side(checkout, pure, args.games)
            got[name] = result["median_us"]
            turns[name] = int(result["turns"])
        rounds.append(got)
        print(f"round {r + 1}: " + ", ".join(f"{n} {got[n]:.1f} us" for n, _, _ in sides),
              flush=True)
    if len(set(turns.values())) != 1:
        print(f"note: the sides took different numbers of turns: {turns}", file=sys.stderr)
    load_after = os.getloadavg()
    print(f"\n{args.rounds} rounds of {args.games} games ({turns.get('base', 0)} turns a "
          f"side); load average (1, 5, 15 min) before "
          f"{', '.join(f'{x:.1f}' for x in load_before)}, after "
          f"{', '.join(f'{x:.1f}' for x in load_after)}; {os.cpu_count()} CPUs\n")
    print("| side | turn median CPU (µs), median of rounds | share of base's: median "
          "(min-max) of rounds |")
    print("|---|---:|---:|")
    for name, _, _ in sides:
        median = statistics.median(r[name] for r in rounds)
        shares = [r[name] / r["base"] for r in rounds]
        print(f"| {name} | {median:.1f} | {100 * statistics.median(shares):.1f}% "
              f"({100 * min(shares):.1f}-{100 * max(shares):.1f}%) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
