"""Research environment benchmark (not a test): random agents in every seat of the
PettingZoo environment (issue 34 item 4).

    python benchmarks/bench_env.py [--games 20] [--scenario standard] [--seed 0]
                                   [--json] [--save-baseline FILE] [--compare FILE]
                                   [--against CHECKOUT [--pairs 3]]

Plays ``--games`` seeded games of :class:`agents.env.AndeanAbyssEnv`, each seat
an agent that picks uniformly among the actions its mask allows (every observation is
built, as an agent reading it would have it), and reports Event cards, decisions (a
seat's whole choice: one command) and actions (one answer to one question) a second, wall
and CPU (CPU moves less with other load on a shared machine). The issue's yardstick: at
least as many cards a second as the JavaScript engine of Rally the Troops plays random
games on the same machine (about 900). Timing and baselines: benchmarks/harness.py; the
figures measured: docs/performance.md. Needs the ``env`` extra.

``--against CHECKOUT``: the same benchmark, run alternately in another checkout (its own
``benchmarks/bench_env.py``, e.g. a worktree of an older commit) and in this one,
``--pairs`` times each, the other first, each run a process of its own with this
Python; prints both checkouts' Event cards a CPU second and each pair's ratio (this
checkout's over the other's), which a loaded machine moves far less than the figures.
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


def play_random(env: Any, seed: int) -> tuple[int, int, int]:
    """One game with uniform random agents: (Event cards, decisions, actions)."""
    import numpy as np

    rng = random.Random(seed)  # the agent's own draw: a plain one, cheaper than numpy's
    env.reset(seed=seed)
    actions = 0
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
        actions += 1
    table = env.table
    cards = sum(1 for c in table.game.state.played if not CARDS[c].propaganda)
    return cards, table.decisions, actions


def bench(args: argparse.Namespace) -> dict[str, Any]:
    if args.against:
        return alternate("bench_env.py", args.against, args.pairs,
                         own_arguments(args, ("games", "scenario", "seed")),
                         "env_cards_per_cpu_second")
    from agents.env import AndeanAbyssEnv

    env = AndeanAbyssEnv(scenario=args.scenario)
    durations: list[float] = []
    cards = decisions = actions = 0
    cpu = 0.0
    for seed in range(args.seed, args.seed + args.games):
        start, start_cpu = time.perf_counter(), time.process_time()
        c, d, a = play_random(env, seed)
        durations.append(time.perf_counter() - start)
        cpu += time.process_time() - start_cpu
        cards, decisions, actions = cards + c, decisions + d, actions + a
    total = sum(durations)
    out: dict[str, Any] = {}
    out |= harness.summarize("env_game", durations, "ms", digits=1)
    out["env_games_per_second"] = round(1 / statistics.median(durations), 1)
    out["env_cards_per_second"] = round(cards / total, 1)
    out["env_decisions_per_second"] = round(decisions / total, 1)
    out["env_actions_per_second"] = round(actions / total, 1)
    out["env_cards_per_cpu_second"] = round(cards / cpu, 1)
    out["env_decisions_per_cpu_second"] = round(decisions / cpu, 1)
    out["cards"], out["decisions"], out["actions"] = cards, decisions, actions
    out["games"] = args.games
    return out


def alternate(script: str, against: str, pairs: int, argv: list[str],
              figure: str) -> dict[str, Any]:
    """Run ``benchmarks/SCRIPT`` with ``argv`` in the checkout ``against`` and in this
    one alternately, ``pairs`` times each (``against`` first), each a process of its own
    with this Python, and read ``figure`` from each run's JSON: both lists, each pair's
    ratio (this checkout's over ``against``'s) and their geometric mean."""
    import json
    import math
    import subprocess

    here = Path(__file__).resolve().parents[1]
    other = Path(against).resolve()
    if not (other / "benchmarks" / script).is_file():
        raise SystemExit(f"--against {against}: no benchmarks/{script} there")

    def once(checkout: Path) -> float:
        done = subprocess.run([sys.executable, str(checkout / "benchmarks" / script), *argv,
                               "--json"], capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(f"{checkout}: {script} failed: {done.stderr.strip()[-500:]}")
        return float(json.loads(done.stdout)[figure])

    base: list[float] = []
    this: list[float] = []
    for _ in range(pairs):
        base.append(once(other))
        this.append(once(here))
    ratios = [round(b / a, 3) for a, b in zip(base, this, strict=True)]
    return {f"{figure}_against": base, f"{figure}_here": this, "ratios": ratios,
            "ratio_geometric_mean": round(math.prod(ratios) ** (1 / len(ratios)), 3),
            "against": str(other), "pairs": pairs}


def own_arguments(args: argparse.Namespace, names: tuple[str, ...]) -> list[str]:
    """The command-line arguments ``names`` of ``args`` as given, for a run of the
    same benchmark elsewhere (:func:`alternate`)."""
    out: list[str] = []
    for name in names:
        out += [f"--{name}", str(getattr(args, name))]
    return out


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=20, help="random games (default 20)")
    parser.add_argument("--scenario", default="standard", help="scenario (default standard)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    add_against(parser)


def add_against(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--against", metavar="CHECKOUT",
                        help="alternate with the same benchmark of another checkout")
    parser.add_argument("--pairs", type=int, default=3,
                        help="runs of each checkout with --against (default 3)")


def main(argv: list[str] | None = None) -> None:
    harness.run("bench_env", __doc__ or "", configure, bench, argv)


if __name__ == "__main__":
    main()
