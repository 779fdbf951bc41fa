"""Research environment benchmark (not a test): random agents in every seat of the
PettingZoo environment (issue 34 item 4).

    python benchmarks/bench_env.py [--games 20] [--scenario standard] [--seed 0]
                                   [--json] [--save-baseline FILE] [--compare FILE]

Plays ``--games`` seeded games of :class:`agents.env.AndeanAbyssEnv`, each seat
an agent that picks uniformly among the actions its mask allows (every observation is
built, as an agent reading it would have it), and reports Event cards, decisions (a
seat's whole choice: one command) and actions (one answer to one question) a second, wall
and CPU (CPU moves less with other load on a shared machine). The issue's yardstick: at
least as many cards a second as the JavaScript engine of Rally the Troops plays random
games on the same machine (about 900). Timing and baselines: benchmarks/harness.py; the
figures measured: docs/performance.md. Needs the ``env`` extra.
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


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=20, help="random games (default 20)")
    parser.add_argument("--scenario", default="standard", help="scenario (default standard)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")


def main(argv: list[str] | None = None) -> None:
    harness.run("bench_env", __doc__ or "", configure, bench, argv)


if __name__ == "__main__":
    main()
