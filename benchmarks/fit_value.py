"""Fit the Government's learned value of a position (issue 28 item 1) from self-play, and
write the fitted numbers to ``nonplayer/government/value.json``::

    PYTHONPATH=. python benchmarks/fit_value.py --games 2000 --seed 10000 --workers 2 --write

Self-play: the three section-8 Non-player Insurgents against the heuristic Government as
the campaign Government's rollouts play it (``event_budget`` 6, the tuned Civic Action
reserve), on *training* seeds (below 100000; the held-out measurement uses 100000 and
up). For variety of positions, a share of the Government's Event-card decisions is a
random legal command: none for seeds ``s % 4 == 0``, 10% for 1, 25% for 2, 50% for 3
(the random choices come from ``random.Random(seed)``, so a seed always gives the same
game). Every card's first decision point is a row: :func:`nonplayer.government.value.
features` of the position, and the game's final 8.8 solo score as the target.

Fit: ridge least squares on standardised features (``numpy.linalg.lstsq`` on the system
augmented with ``sqrt(ridge) * I``), seeds with ``s % 5 == 4`` held out to report the
fit's R^2 and mean absolute error. Everything is deterministic: the same command gives
the same file (``tests/test_value_model.py`` checks it on a small sample).

``--compare`` instead plays ``--games`` fresh training games and reports how well the
shipped model and the hand-weighted evaluation (:func:`nonplayer.government.
evaluation.evaluate` with the tuned weights, given the best linear scale and offset) predict each
game's final solo score, over all positions and by Propaganda Rounds played::

    PYTHONPATH=. python benchmarks/fit_value.py --compare --games 100 --seed 12000
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout first

import numpy as np  # noqa: E402

from core.game import Game  # noqa: E402
from core.pool import imap_jobs  # noqa: E402
from nonplayer.government.base import GovtDecision  # noqa: E402
from nonplayer.government.campaign import POLICY_EVENT_BUDGET, tuned_policy  # noqa: E402
from nonplayer.government.heuristic import HeuristicGovernment  # noqa: E402
from nonplayer.government.random_bot import RandomGovernment  # noqa: E402
from nonplayer.government.value import VALUE_FILE, ValueModel, features  # noqa: E402
from runners.games import Turn, play  # noqa: E402
from runners.solitaire import new_solitaire  # noqa: E402

#: Share of random Event-card decisions by ``seed % 4``.
EPSILON = (0.0, 0.1, 0.25, 0.5)
RIDGE = 1.0
HOLDOUT = 5  # seeds with seed % HOLDOUT == HOLDOUT - 1 are the fit's own check


class MixedGovernment(HeuristicGovernment):
    """The rollouts' heuristic, with a seeded share of random legal Event-card moves."""

    def __init__(self, seed: int, epsilon: float) -> None:
        super().__init__(event_budget=POLICY_EVENT_BUDGET,
                         civic_reserve=tuned_policy().get("civic_reserve"))
        self.epsilon = epsilon
        self.rng = random.Random(seed)
        self.other = RandomGovernment(seed + 1)

    def decide(self, game: Game, dice: Any = None) -> GovtDecision:
        if game.state.phase == "card" and self.rng.random() < self.epsilon:
            return self.other.decide(game, dice)
        return super().decide(game, dice)


def game_rows(seed: int) -> tuple[int, list[list[float]], int]:
    """(seed, the feature rows of one self-play game, its final solo score)."""
    bot = MixedGovernment(seed, EPSILON[seed % len(EPSILON)])
    rows: list[list[float]] = []
    last_card: list[int] = [-1]

    def record(game: Game, turn: Turn) -> None:
        before = turn.before
        assert before is not None  # runners.games.step gives every turn its board before
        if turn.phase != "card" or len(before.played) == last_card[0]:
            return
        last_card[0] = len(before.played)
        rows.append(list(features(before).values()))

    try:
        _, result = play(seed, bot, on_turn=record)
    except Exception:  # a game the engine cannot finish is left out, and counted
        return seed, [], -999
    return seed, rows, int(result.solo_score or 0)


def collect(seeds: list[int], workers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Feature matrix, targets and each row's seed, in seed order (whatever the workers)."""
    done = sorted(imap_jobs(partial(game_rows), seeds, workers))
    xs, ys, ss = [], [], []
    for seed, rows, score in done:
        if score == -999:
            continue
        xs += rows
        ys += [score] * len(rows)
        ss += [seed] * len(rows)
    return np.array(xs, dtype=float), np.array(ys, dtype=float), np.array(ss)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE) -> tuple[np.ndarray, ...]:
    """Ridge least squares on standardised columns: (mean, scale, coef, intercept)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    intercept = y.mean()
    k = z.shape[1]
    a = np.vstack([z, np.sqrt(ridge) * np.eye(k)])
    b = np.concatenate([y - intercept, np.zeros(k)])
    coef = np.linalg.lstsq(a, b, rcond=None)[0]
    return mean, scale, coef, np.array(intercept)


def predict(params: tuple[np.ndarray, ...], x: np.ndarray) -> np.ndarray:
    mean, scale, coef, intercept = params
    return ((x - mean) / scale) @ coef + float(intercept)


def model_of(names: list[str], params: tuple[np.ndarray, ...]) -> ValueModel:
    mean, scale, coef, intercept = params
    r = partial(round, ndigits=8)
    return ValueModel(tuple(names), tuple(r(float(v)) for v in mean),
                      tuple(r(float(v)) for v in scale), tuple(r(float(v)) for v in coef),
                      r(float(intercept)))


def compare(seeds: list[int], workers: int) -> dict[str, Any]:
    """R^2 of the shipped model and of the (linearly calibrated) hand evaluation."""
    from nonplayer.government.campaign import tuned_weights
    from nonplayer.government.evaluation import evaluate
    from nonplayer.government.value import load_model

    model = load_model()
    assert model is not None
    weights = tuned_weights()
    rows: list[tuple[float, float, int, float]] = []  # model, hand, rounds, final
    for seed in seeds:
        bot = MixedGovernment(seed, 0.0)
        found: list[tuple[float, float, int]] = []
        seen: list[int] = [-1]

        def record(game: Game, turn: Turn, found: list = found, seen: list = seen) -> None:
            before = turn.before
            assert before is not None
            if turn.phase != "card" or len(before.played) == seen[0]:
                return
            seen[0] = len(before.played)
            found.append((model.predict(before), evaluate(before, weights),
                          before.propaganda_cards))

        _, result = play(seed, bot, on_turn=record)
        rows += [(m, h, r, float(result.solo_score or 0)) for m, h, r in found]
    data = np.array(rows)

    def r2(pred: np.ndarray, y: np.ndarray, calibrate: bool) -> float:
        if calibrate:
            a = np.vstack([pred, np.ones_like(pred)]).T
            pred = a @ np.linalg.lstsq(a, y, rcond=None)[0]
        return 1.0 - float(((y - pred) ** 2).sum() / ((y - y.mean()) ** 2).sum())

    out: dict[str, Any] = {"games": len(seeds), "positions": len(rows)}
    for label, mask in [("all", data[:, 2] >= 0)] + [
            (f"after {k} Rounds", data[:, 2] == k) for k in range(4)]:
        part = data[mask]
        if len(part) < 10:
            continue
        out[label] = {"positions": int(len(part)),
                      "model_r2": round(r2(part[:, 0], part[:, 3], False), 3),
                      "model_r2_calibrated": round(r2(part[:, 0], part[:, 3], True), 3),
                      "hand_r2_calibrated": round(r2(part[:, 1], part[:, 3], True), 3)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=10000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help=f"write {VALUE_FILE.name}")
    parser.add_argument("--out", default=str(VALUE_FILE))
    parser.add_argument("--compare", action="store_true",
                        help="compare the shipped model with the hand evaluation")
    args = parser.parse_args(argv)
    if args.seed + args.games > 100000:
        parser.error("training seeds only: seed + games must stay below 100000")
    if args.compare:
        print(json.dumps(compare(list(range(args.seed, args.seed + args.games)),
                                 args.workers), indent=1))
        return 0
    start = time.perf_counter()
    seeds = list(range(args.seed, args.seed + args.games))
    x, y, s = collect(seeds, args.workers)
    names = list(features(new_solitaire("standard", 0).state))
    check = s % HOLDOUT == HOLDOUT - 1
    params = fit(x[~check], y[~check])
    pred = predict(params, x[check])
    resid = y[check] - pred
    spread = float(((y[check] - y[check].mean()) ** 2).sum())
    r2 = 1.0 - float((resid ** 2).sum()) / spread if spread > 0 else float("nan")
    mae = float(np.abs(resid).mean()) if check.any() else float("nan")
    final = fit(x, y)  # the shipped fit uses every training game
    model = model_of(names, final)
    report = {
        "how": "ridge least squares (numpy) on standardised features of every card's first "
               "decision point of self-play games (section-8 Insurgents against the "
               "rollouts' heuristic Government with a seeded share of random moves); "
               "target: the game's final 8.8 solo score",
        "command": "PYTHONPATH=. python benchmarks/fit_value.py "
                   f"--games {args.games} --seed {args.seed} --workers {args.workers} --write",
        "training_seeds": [args.seed, args.seed + args.games - 1],
        "games": int(len(set(s.tolist()))),
        "positions": int(len(y)),
        "ridge": RIDGE,
        "check": {"seeds": f"seed % {HOLDOUT} == {HOLDOUT - 1} (fitted without them)",
                  "positions": int(check.sum()), "r2": round(r2, 4),
                  "mean_abs_error": round(mae, 3)},
        "mean_final_score": round(float(y.mean()), 3),
        "seconds": round(time.perf_counter() - start, 1),
        "model": model.to_json(),
    }
    text = json.dumps(report, indent=1) + "\n"
    if args.write:
        Path(args.out).write_text(text, encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k != "model"}, indent=1))
    top = sorted(zip(names, model.coef, strict=True), key=lambda t: -abs(t[1]))[:12]
    for name, w in top:
        print(f"  {w:+.3f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
