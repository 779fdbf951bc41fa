"""Episodes of the research environment that must never break (issue 41 item 3; not a
test, not a timing): both views (``government``: the Gymnasium Government against the
section-8 Non-players; ``all``: the PettingZoo game, an agent in every seat), each with
agents that take a random action the mask allows (``random``, numpy's
``default_rng(seed)``) or always the first one (``first``).

    python benchmarks/env_episodes.py [--episodes 1000] [--seed 0] [--scenario quick]
                                      [--views government all] [--policies random first]

Reports, per view and agent, the episodes played, those that broke (an exception, a
question asked again and again without the game moving on, an episode that did not
end), the masked actions the form refused when tried (documented as rare: "An action
the mask forbids..." in docs/agents.md) and the actions played. Exit status 1 if any
episode broke. tests/test_env_never_breaks.py plays a few hundred of these;
docs/agents.md quotes the last run.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

import argparse
import time
from dataclasses import dataclass, field
from typing import Any

#: actions in a row with no command applied after which an episode is said to loop (a
#: decision asks a few tens of questions at most)
STUCK = 2000


@dataclass
class Episode:
    """One episode's outcome: ``error`` None unless it broke."""

    over: bool = False
    actions: int = 0
    refused: int = 0
    error: str | None = None
    prompts: list[str] = field(default_factory=list)
    #: each refusal: the question's prompt and why
    refusals: list[tuple[str, str]] = field(default_factory=list)


def episode(view: str, policy: str, seed: int, scenario: str = "quick") -> Episode:
    """Play one episode of ``view`` ("government" or "all") with ``policy`` ("random"
    or "first") from ``reset(seed=seed)``; never raises (a break is ``error``)."""
    import numpy as np

    from agents.env import AndeanAbyssEnv, GovernmentEnv

    out = Episode()
    rng = np.random.default_rng(seed)

    def choose(mask: Any) -> int:
        legal = np.flatnonzero(mask)
        if not len(legal):
            raise AssertionError("a live agent was given an all-zero mask")
        return int(legal[0] if policy == "first" else rng.choice(legal))

    try:
        if view == "government":
            env: Any = GovernmentEnv(scenario=scenario)
            _, info = env.reset(seed=seed)
            terminated = False
            while not terminated:
                _note(out, env.table)
                _, _, terminated, _, info = env.step(choose(info["action_mask"]))
                _count(out, info, env.table)
        else:
            env = AndeanAbyssEnv(scenario=scenario)
            env.reset(seed=seed)
            for _ in env.agent_iter():
                obs, _, terminated, truncated, info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                _note(out, env.table)
                env.step(choose(obs["action_mask"]))
                _count(out, env.infos.get(env.agent_selection, {}), env.table)
        out.over = env.table.over
        if not out.over:
            out.error = "the episode stopped before the game ended"
    except Exception as err:  # a break, reported, not raised
        out.error = f"{type(err).__name__}: {err}"
    return out


def _note(out: Episode, table: Any) -> None:
    """Count an action about to be played; a loop (STUCK actions, no command) raises."""
    out.actions += 1
    if table.question is not None and (not out.prompts or out.prompts[-1] !=
                                       table.question.prompt):
        out.prompts.append(table.question.prompt)
    version = getattr(table, "_episode_version", None)
    if version != table.version:
        table._episode_version, table._episode_stuck = table.version, 0
    else:
        table._episode_stuck += 1
        if table._episode_stuck > STUCK:
            raise RuntimeError(f"looping at {table.question.prompt!r}")


def _count(out: Episode, info: dict[str, Any], table: Any) -> None:
    if "refused" in info:
        out.refused += 1
        out.refusals.append((out.prompts[-1], str(info["refused"])))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--episodes", type=int, default=1000,
                        help="episodes per view and agent (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--scenario", default="quick", help="scenario (default quick)")
    parser.add_argument("--views", nargs="+", default=["government", "all"],
                        choices=["government", "all"])
    parser.add_argument("--policies", nargs="+", default=["random", "first"],
                        choices=["random", "first"])
    parser.add_argument("--refusals", action="store_true",
                        help="list each question whose masked answer was refused, and why")
    args = parser.parse_args(argv)
    broke = 0
    for view in args.views:
        for policy in args.policies:
            start = time.perf_counter()
            played = refused = actions = failed = 0
            for seed in range(args.seed, args.seed + args.episodes):
                result = episode(view, policy, seed, args.scenario)
                played += 1
                refused += result.refused
                actions += result.actions
                if args.refusals:
                    for prompt, why in result.refusals:
                        print(f"  refused at {prompt!r}: {why}", flush=True)
                if result.error is not None:
                    failed += 1
                    print(f"  {view} {policy} seed {seed}: {result.error}", flush=True)
            broke += failed
            print(f"{view:10} {policy:6} {args.scenario}: {played} episodes, {failed} broke, "
                  f"{actions} actions, {refused} refused when tried, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    return 1 if broke else 0


if __name__ == "__main__":
    sys.exit(main())
