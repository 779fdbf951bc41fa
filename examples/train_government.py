#!/usr/bin/env python3
"""A small learner for the Government, start to finish (docs/agents.md, "For learners and
searchers"): train a masked policy on ``GovernmentEnv`` for a few minutes, then play it
against the random Government on held-out seeds, game by game on the same seeds, and
print the difference of their 8.8 scores with its 95% interval.

    python examples/train_government.py                     # 2,000 games, seed 0
    python examples/train_government.py --games 300 --seed 1 --eval 100
    python examples/train_government.py --seconds 240       # for a time instead

By default it trains on exactly 2,000 games (``--games``) with ``--seed 0``, so every
machine prints the same result; training for ``--seconds`` gives a result that depends
on the machine's speed (how many games fit). The scenario defaults to quick (the
environment's own default is standard).

What the default prints (quick scenario, 2,000 games, seed 0, 60 held-out seeds; about
three minutes of CPU in plain Python): learned -20.32, random -25.50, learned minus random
+5.18 (95% CI +1.67 to +8.70), better in 33 games, worse in 23.

Needs the ``env`` extra (``pip install -e '.[env]'``) and numpy only: no deep-learning
library.

**The policy.** Action *i* is "option *i* of the question asked now", so a policy must
say what each option *means*. Here it reads only the documented vectors
(docs/agents.md, "The research environment"): each allowed option's feature row
(``info["option_features"][i]``: its type, space, piece kinds, Faction, number, Event
side, name) and, for the question's context, the observation's ``question_id`` (a
category, so it is crossed with the row, never fed as a number) and ``question_kind``.
Each nonzero column of the row, with its value, and the whole row (the option itself: no
two options of a question share a row) are features, alone and crossed with the
question, hashed into a fixed vector of weights; an option's score is the sum of its
features' weights. The policy is the softmax of those scores over the actions the
mask allows (action ``DONE`` ends the picks of a question of several options: a feature
of its own). It is trained by REINFORCE: after each game every action taken is made
more likely in proportion to how much the 8.8 score (the environment's last reward)
gained from that action to the end of the game (the Government's margin minus the
highest Insurgent margin, read from the observation's ``margins``), less its running
mean.

**The comparison.** Both Governments play the same held-out seeds (never trained on):
the same deck and, until their choices differ, the same dice, so the paired difference
of the two scores has a far narrower interval than the two means apart. The random
Government draws uniformly among the allowed actions; each arm draws from a random
stream of its own, fixed by the held-out seed, so the random Government's games are the
same in every run whatever the policy drew.
"""

from __future__ import annotations

import argparse
import math
import time
import zlib
from collections.abc import Callable
from typing import Any

import numpy as np

from agents.env import DONE, FEATURES, GovernmentEnv

#: the hashed feature vector's size
DIM = 1 << 14
#: where the observation holds the question's id and kind (agents.env.FEATURES)
_AT = {f.name: f.offset for f in FEATURES}
_QUESTION_ID, _KIND = _AT["question_id"], _AT["question_kind"]


def _hash(*key: int) -> int:
    return zlib.crc32(repr(key).encode()) % DIM


def option_features(question: int, row: np.ndarray, done: bool = False) -> list[int]:
    """The hashed features of one option: each nonzero column of its feature ``row``
    with its value (a count or number as it is: a category of its own) and the whole row
    (the option itself: no two options of a question share a row), each alone and
    crossed with the ``question`` (the question's id and kind, :func:`question_of`)."""
    columns = np.flatnonzero(row)
    keys: list[tuple[int, ...]] = [(-1, int(done))]
    keys += [(int(c), int(row[c])) for c in columns]
    keys.append((-2, zlib.crc32(row.tobytes()), int(done)))
    return [_hash(*k) for k in keys] + [_hash(question, *k) for k in keys]


def question_of(obs: np.ndarray) -> int:
    """The question's context from the observation: its ``question_id`` and kind as
    one category (an id is a category, not a quantity: docs/agents.md)."""
    kind = int(np.argmax(obs[_KIND:_KIND + 4]))
    return int(obs[_QUESTION_ID]) * 4 + kind


def features(obs: np.ndarray, info: dict[str, Any]) -> dict[int, list[int]]:
    """The features of every allowed action of the question asked, from the documented
    vectors only: the observation and ``info``'s ``option_features`` and mask."""
    question = question_of(obs)
    rows = info["option_features"]
    return {int(a): option_features(question, rows[a], a == DONE)
            for a in np.flatnonzero(info["action_mask"])}


class Policy:
    """A linear softmax policy over the allowed actions (weights ``w``, one per hashed
    feature)."""

    def __init__(self) -> None:
        self.w = np.zeros(DIM)

    def probabilities(self, feats: dict[int, list[int]]) -> tuple[list[int], np.ndarray]:
        actions = list(feats)
        scores = np.array([self.w[feats[a]].sum() for a in actions])
        scores -= scores.max()
        p = np.exp(scores)
        return actions, p / p.sum()

    def act(self, obs: np.ndarray, info: dict[str, Any], rng: np.random.Generator
            ) -> tuple[int, dict[int, list[int]], np.ndarray]:
        feats = features(obs, info)
        actions, p = self.probabilities(feats)
        return actions[int(rng.choice(len(actions), p=p))], feats, p


#: where the observation holds the victory margins (agents.env.FEATURES)
_MARGINS = _AT["margins"]


def standing(obs: np.ndarray) -> float:
    """The Government's 8.8 subtraction now: its margin minus the highest Insurgent's."""
    margins = obs[_MARGINS:_MARGINS + 4]
    return float(margins[0] - margins[1:].max())


def play(env: GovernmentEnv, seed: int,
         choose: Callable[[np.ndarray, dict[str, Any]], int]) -> float:
    """One game on ``seed``, the Government's actions chosen by ``choose(obs, info)``;
    its 8.8 score (the last reward)."""
    obs, info = env.reset(seed=seed)
    while True:
        obs, reward, terminated, truncated, info = env.step(choose(obs, info))
        if terminated or truncated:
            return float(reward)


def train(seconds: float, episodes: int | None = None, seed: int = 0,
          lr: float = 0.05, scenario: str = "quick",
          say: Callable[[str], None] = print) -> Policy:
    """REINFORCE for ``seconds`` (or ``episodes`` games), training seeds from 10**6 up."""
    env = GovernmentEnv(scenario=scenario)
    policy = Policy()
    rng = np.random.default_rng(seed)
    baseline, spread, done = 0.0, 1.0, 0
    recent: list[float] = []
    start = time.perf_counter()
    while (episodes is None and time.perf_counter() - start < seconds) or \
            (episodes is not None and done < episodes):
        steps: list[tuple[int, dict[int, list[int]], np.ndarray, float]] = []

        def choose(obs: np.ndarray, info: dict[str, Any], steps: list[Any] = steps) -> int:
            action, feats, p = policy.act(obs, info, rng)
            steps.append((action, feats, p, standing(obs)))
            return action

        score = play(env, 10**6 + seed * 10**4 + done, choose)
        recent.append(score)
        grad = np.zeros(DIM)
        gains = [score - before for *_, before in steps]  # what followed each action
        for (action, feats, p, _), gain in zip(steps, gains):
            advantage = (gain - baseline) / spread
            # d log pi(a) = phi(a) - E_pi[phi], weighted by how the game went on
            np.add.at(grad, feats[action], advantage)
            for prob, a in zip(p, feats):
                np.add.at(grad, feats[a], -prob * advantage)
        if gains:
            baseline += 0.05 * (float(np.mean(gains)) - baseline)
            spread += 0.05 * (float(np.std(gains)) + 1.0 - spread)
        policy.w += lr * grad / max(1, len(steps)) ** 0.5
        done += 1
        if done % 50 == 0:
            say(f"  {done} games, {time.perf_counter() - start:.0f} s, mean 8.8 score of "
                f"the last 50 {np.mean(recent[-50:]):+.1f}")
    say(f"trained on {done} games in {time.perf_counter() - start:.0f} s")
    return policy


#: Student's t 0.975 quantiles by degrees of freedom (numpy has none); 1.96 beyond
_T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
         9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042,
         40: 2.021, 60: 2.000, 120: 1.980}


def t975(df: int) -> float:
    """Student's t 0.975 quantile for ``df`` degrees of freedom (the nearest tabled df
    at or below it: a slightly wider interval)."""
    below = [d for d in _T975 if d <= df]
    return _T975[max(below)] if below else float("nan")


def paired(learned: list[float], random_scores: list[float]) -> dict[str, float]:
    """The learned minus the random Government's scores, seed by seed: mean and its
    Student-t 95% interval."""
    d = np.asarray(learned) - np.asarray(random_scores)
    n = len(d)
    mean = float(d.mean())
    half = t975(n - 1) * float(d.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
    return {"n": n, "mean": mean, "low": mean - half, "high": mean + half,
            "learned": float(np.mean(learned)), "random": float(np.mean(random_scores)),
            "better": int((d > 0).sum()), "worse": int((d < 0).sum())}


def evaluate(policy: Policy, games: int, first_seed: int = 0, scenario: str = "quick",
             ) -> dict[str, float]:
    """The trained policy and the random Government on the same ``games`` held-out
    seeds. The policy plays as trained, drawing its action from its probabilities (its
    most likely action alone could be an answer the rules refuse, asked again)."""
    env = GovernmentEnv(scenario=scenario)
    seeds = range(first_seed, first_seed + games)
    learned, random_scores = [], []
    for s in seeds:
        # each arm draws from a stream of its own, fixed by the seed: the random
        # Government's games are the same whatever the policy did (it drew from the
        # policy's stream, so its baseline moved from run to run)
        mine, other = np.random.default_rng([s, 1]), np.random.default_rng([s, 2])
        learned.append(play(env, s, lambda obs, info, r=mine: policy.act(obs, info, r)[0]))
        random_scores.append(play(env, s, lambda obs, info, r=other: int(r.choice(
            np.flatnonzero(info["action_mask"])))))
    return paired(learned, random_scores)


def report(result: dict[str, float]) -> str:
    return (f"on {result['n']} held-out seeds: learned {result['learned']:+.2f}, random "
            f"{result['random']:+.2f}; learned minus random {result['mean']:+.2f} "
            f"(95% CI {result['low']:+.2f} to {result['high']:+.2f}), better in "
            f"{result['better']}, worse in {result['worse']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None,
                        help="train on exactly this many games (default 2000; with "
                        "--seed the whole result is reproducible)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="train for this many seconds instead of --games (the result "
                        "then depends on the machine's speed)")
    parser.add_argument("--eval", type=int, default=60,
                        help="held-out seeds to compare on (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="training seed (default 0)")
    parser.add_argument("--scenario", choices=("quick", "standard"), default="quick",
                        help="scenario (default quick, the short game; GovernmentEnv's "
                        "own default is standard)")
    args = parser.parse_args()
    if args.games is not None and args.games < 1:
        parser.error(f"--games {args.games}: at least 1")
    if args.games is not None and args.seconds is not None:
        parser.error("give --games or --seconds, not both")
    if args.games is None and args.seconds is None:
        args.games = 2000
    policy = train(args.seconds or 0.0, episodes=args.games, seed=args.seed,
                   scenario=args.scenario)
    print("8.8 score " + report(evaluate(policy, args.eval, scenario=args.scenario)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
